#!/usr/bin/env python3
"""Holds two pb binaries to the same stdout, stderr and exit status, line by line.

Usage: scripts/differential-run.py OLD_PB NEW_PB [--count N] [--seed S] [--jobs J]
                                   [--show N] [--keep] [--list] [--only REGEX]

Runs at least N (default 2,000) pb command lines with each binary and compares what
each printed on stdout and stderr, and its exit status, byte for byte (after the
normalizations below). Prints each line that differs (the command, its set-up,
standard input and environment, which stream, a short diff) and closes with
`N passed, N failed`; exits 1 if any failed.

The lines are a fixed part (help and usage of every command, the ArgumentParser
extras, pbcopy and pbpaste under their names, the hidden subcommands) and a part
generated from the seed (default 37, so two runs give the same lines): every
subcommand with its options, good values and bad ones, in every spelling (long,
--opt=value, short, joined short options, a value missing at the end, `--`), unknown
options, bad index sets, counts, durations and types, remote boards (HOST:BOARD), with
standard input of text, binary, a PNG, nothing or an archive, and a few environment
variables (PB_PASTEBOARD, PB_DESKTOP, PB_LOCK_TIMEOUT...). A line that changes a board
is followed by a probe (pb list and pb items -i all of the board) so that what it
wrote is compared too.

Each line runs in a fresh case folder holding PB_DIR, HOME, XDG_* and TMPDIR, made by
a fixed set-up run with the SAME binary (boards with several items and
representations, history to undo and redo, a redo stack, concealed items, a
temporary board, a unique board, an open undo group, a cut file, an archive to
import). The set-up is run once per binary and worker into the very folder the lines
then run in, and copied back there before each line, so the paths a binary prints
are the same for both. The environment is cleared of DISPLAY, WAYLAND_DISPLAY and
SSH_*: no desktop or remote is touched; PATH leads to an `ssh` that fails at once.

First prove the run is deterministic: `OLD_PB OLD_PB` must give 0 failed.
"""
import argparse
import difflib
import os
import random
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

# ---------------------------------------------------------------------------------
# Normalizations: only what legitimately differs between two runs of one binary.

NORMALIZATIONS = [
    # Times: the set-ups of the two binaries run at different moments, so every stored
    # modification date, history entry time and expiry differs (ISO 8601, with or
    # without fractions; JSON and text).
    (re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)"), b"<TIME>"),
    # A unique board's name ends in 16 random hex digits (pb create --unique); the
    # set-up makes one, so each binary's template holds a different one.
    (re.compile(rb"(?<![0-9a-f])([A-Za-z0-9_-]+)\.[0-9a-f]{16}(?![0-9a-f])"), rb"\1.<UNIQUE>"),
    # A data file of the store is named by 16 random hex digits (and its extension, if
    # its type has one); an archive (pb export) names them, so each binary's set-up
    # gives other names.
    (re.compile(rb"(?<![0-9A-Za-z_.-])[0-9a-f]{16}(?![0-9A-Za-z])"), b"<DATAFILE>"),
]

TAR_BLOCK = 512


def normalize_tar(data):
    """An archive's member headers carry the time it was written (mtime, in seconds)
    and a checksum over it: both are blanked in each header of a ustar stream at the
    start of `data` (pb export); the members' contents are left to the patterns."""
    if len(data) < TAR_BLOCK or data[257:262] != b"ustar":
        return data
    data = bytearray(data)
    offset = 0
    while offset + TAR_BLOCK <= len(data) and data[offset + 257:offset + 262] == b"ustar":
        data[offset + 136:offset + 148] = b"<MTIME>".ljust(12, b" ")
        data[offset + 148:offset + 156] = b"<CKSUM>".ljust(8, b" ")
        try:
            size = int(bytes(data[offset + 124:offset + 136]).strip(b" \0") or b"0", 8)
        except ValueError:
            break
        offset += TAR_BLOCK + (size + TAR_BLOCK - 1) // TAR_BLOCK * TAR_BLOCK
    return bytes(data)


def normalize(data):
    data = normalize_tar(data)
    for pattern, replacement in NORMALIZATIONS:
        data = pattern.sub(replacement, data)
    return data


# ---------------------------------------------------------------------------------
# Inputs.


def png_bytes():
    """A valid 2x2 RGB PNG, made here so the script needs no file."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + bytes([255, 0, 0, 0, 255, 0]) for _ in range(2))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


PNG = png_bytes()
BINARY = bytes(random.Random(5).randrange(256) for _ in range(300)) + b"\x00\xff\xfe"

# Standard inputs a line can be given. None: /dev/null. ("file", NAME): that file of
# the case folder (the archive the set-up exported, which differs per binary only in
# its times).
STDINS = {
    "none": None,
    "empty": b"",
    "text": b"hello from the differential run\n",
    "text-no-newline": b"just words",
    "multiline": b"line one\nline two\n\nline four\n",
    "utf8": "na\u00efve caf\u00e9 \u2014 \U0001F600\n".encode(),
    "html": b"<html><body><b>bold</b> text</body></html>\n",
    "json": b'{"a": [1, 2, 3], "b": "x"}\n',
    "binary": BINARY,
    "png": PNG,
    "crlf": b"dos\r\nline\r\n",
    "archive": ("file", "files/work.pbar"),
    "archive-history": ("file", "files/history.pbar"),
    "garbage-archive": b"not an archive at all" * 30,
}

# Files each case folder holds (cwd is files/).
FILES = {
    "notes.txt": b"notes: the first line\nand a second\n",
    "page.html": b"<!doctype html><html><body><p>Hello <b>there</b></p></body></html>\n",
    "photo.png": PNG,
    "data.bin": BINARY,
    "empty.txt": b"",
    "eq=name.txt": b"a file whose name has an equals sign\n",
    "doc.json": b'{"key": "value"}\n',
    "script.sh": b"#!/bin/sh\necho hi\n",
    "cutme.txt": b"cut me and undo\n",
    "victim.txt": b"a file a line may cut\n",
    "other.md": b"# Title\n\nSome *markdown*.\n",
    "sub/inner.txt": b"inside a folder\n",
}

SSH_STUB = b"#!/bin/sh\necho 'ssh: stub of the differential run: no network here' >&2\nexit 255\n"

# ---------------------------------------------------------------------------------
# Set-ups, run with the binary under test in a fresh case folder.

SETUPS = {
    "empty": [],
    "full": [
        (["pb", "copy", "notes.txt"], None),
        (["pb", "copy", "-a", "-r", "html=page.html", "-r", "txt=notes.txt"], None),
        (["pb", "copy", "-a", "photo.png"], None),
        (["pb", "copy", "-a", "-"], BINARY),
        (["pb", "copy", "-a", "--action", "Add JSON", "doc.json"], None),
        (["pb", "copy", "-a", "-"], "multi\nline\ntext\n".encode()),
        (["pb", "undo"], None),  # a redo stack on general
        (["pb", "create", "work", "--persistent"], None),
        (["pb", "copy", "-p", "work", "notes.txt", "photo.png", "page.html", "other.md"], None),
        (["pb", "copy", "-p", "work", "-a", "-t", "public.json", "-"], b'{"x":1}'),
        (["pb", "clear", "-p", "work"], None),
        (["pb", "undo", "-p", "work"], None),
        (["pb", "history", "-p", "work", "--levels", "20"], None),
        (["pb", "copy", "-p", "secrets", "--concealed", "-"], b"hunter2\n"),
        (["pb", "copy", "-p", "secrets", "-a", "-"], b"not secret\n"),
        (["pb", "create", "tempboard", "--owner", "1"], None),
        (["pb", "copy", "-p", "tempboard", "-"], b"temporary\n"),
        (["pb", "create", "timed", "--persistent", "--expire", "1h"], None),
        (["pb", "create", "--unique", "--prefix", "uniq", "--persistent"], None),
        (["pb", "create", "grouped", "--persistent"], None),
        (["pb", "group", "begin", "-p", "grouped", "Batch"], None),
        (["pb", "copy", "-p", "grouped", "notes.txt"], None),
        (["pb", "copy", "-p", "grouped", "-a", "page.html"], None),
        (["pb", "cut", "-p", "cutboard", "cutme.txt"], None),
        (["pb", "copy", "-p", "find", "-"], b"search words"),
        (["pb", "export", "-p", "work"], ">files/work.pbar"),
        (["pb", "export", "-p", "general", "--history", "--concealed"], ">files/history.pbar"),
    ],
}

# ---------------------------------------------------------------------------------
# The lines.

BOARDS_GOOD = ["general", "work", "find", "secrets", "grouped", "tempboard", "timed", "cutboard", "newboard"]
BOARDS_BAD = ["", "bad name", "a/b", "..", ".hidden", "-x", "x" * 300, "host:board", "host:", ":board",
              "h:o:st", "user@host:work", "\u00e9", "ssh://host/board"]
TYPE_GOOD = ["public.plain-text", "txt", "text/html", "public.png", "image/png", "png", "public.image",
             "public.utf8-plain-text", "com.adobe.postscript", "public.json", "html", "public.data",
             "public.text", "md", "dyn.ah62d4rv4ge80c5pe"]
TYPE_BAD = ["", "nonsense/", "public.", "/", "text/", "x..y", "type with space", ".", "dyn.", "\u00e9\u00e9"]
TYPES_GOOD = ["public.html,public.plain-text", "txt,png", "public.image", "png", "public.json,public.text",
              "public.utf8-plain-text"]
TYPES_BAD = [",", "txt,", ",txt", "txt,,png", "", "bogus/,txt"]
SETS_GOOD = ["0", "1", "1,3", "2-4", "all", "-1", "-2", "0-1", "0,2", "3", "1-2,4", "-3--1"]
SETS_BAD = ["", "a", "1-", "-", "3-1", "0,,2", "99", "-99", "2147483648", "99999999999999999999",
            " 1", "all,0", "1.5", "--1", "0x1", "+1", "1 2"]
COUNTS_GOOD = ["0", "1", "2", "3", "5", "7"]
COUNTS_BAD = ["-1", "abc", "", "99999999999999999999", "1.0", "0x2", " 3"]
N_GOOD = ["1", "2", "3", "5", "0"]
N_BAD = ["-1", "x", "", "100000000000000000000", "1e3"]
DURATION_GOOD = ["500ms", "30s", "10m", "2h", "1d", "1s", "100ms"]
DURATION_BAD = ["0", "-5s", "1y", "", "abc", "1.5s", "9999999999999d", "10", "s", "2030-01-01T00:00:00Z"]
WHEN_GOOD = DURATION_GOOD + ["2099-01-01T00:00:00Z", "2099-06-01T12:00:00+02:00"]
WHEN_BAD = DURATION_BAD[:-1] + ["2000-01-01T00:00:00Z", "2099-13-01T00:00:00Z", "tomorrow"]
NAMES = ["Paste", "My action", "", "\u00dcn\u00efcode", "x" * 200, "tab\there", "--looks-like-option"]
FILES_GOOD = ["notes.txt", "photo.png", "page.html", "data.bin", "empty.txt", "doc.json", "other.md",
              "eq=name.txt", "-", "script.sh", "victim.txt"]
FILES_BAD = ["missing.txt", "sub", "", "sub/missing", "/nonexistent/x", "files"]
REPS_GOOD = ["html=page.html", "txt=notes.txt", "page.html", "=eq=name.txt", "png=photo.png", "-", "txt=-",
             "public.png=photo.png", "json=doc.json"]
REPS_BAD = ["=", "txt=", "txt=missing", "bogus/type=notes.txt", "sub", "png=notes.txt", "=", "html=sub"]
DELIMS = [",", "\\n", "\\t", "\\0", "\\\\", "", "ab", "\\x", "\n", " -- "]
SELECTIONS_GOOD = ["clipboard", "primary"]
SELECTIONS_BAD = ["bogus", "", "CLIPBOARD"]
BACKENDS_GOOD = ["wayland", "x11", "osc52"]
BACKENDS_BAD = ["bogus", "", "X11"]
PIDS_GOOD = ["1"]
PIDS_BAD = ["0", "-1", "abc", "99999999", ""]
SIZES_GOOD = ["1KiB", "256MiB", "10", "1MiB", "0"]
SIZES_BAD = ["abc", "1GB", "-1", "", "1.5KiB"]
PREFIXES = ["pb", "tmp", "x", "", "bad name", "a/b"]
REMOTES = ["host", "host:work", "host:", "user@host:board", ":x", "host:bad name"]
OUTDIRS = ["out", "sub", "notes.txt", "", "missing/deeper"]

BOOL, VALUE = "flag", "value"


def option(names, kind=BOOL, good=(), bad=()):
    return {"names": names, "kind": kind, "good": list(good), "bad": list(bad)}


BOARD = option(["-p", "--pasteboard"], VALUE, BOARDS_GOOD, BOARDS_BAD)
BOARD_LONG = option(["--pasteboard"], VALUE, BOARDS_GOOD, BOARDS_BAD)
ITEMS = option(["-i", "--items"], VALUE, SETS_GOOD, SETS_BAD)
JSON = option(["--json"])
IF_COUNT = option(["--if-count"], VALUE, COUNTS_GOOD, COUNTS_BAD)
ACTION = option(["--action"], VALUE, NAMES, [])
NO_UNDO = option(["--no-undo"])
QUIET = option(["-q", "--quiet"])
SELECTION = option(["--selection"], VALUE, SELECTIONS_GOOD, SELECTIONS_BAD)
BACKEND = option(["--backend"], VALUE, BACKENDS_GOOD, BACKENDS_BAD)
IF_AVAILABLE = option(["--if-available"])
TIMEOUT = option(["--timeout"], VALUE, DURATION_GOOD, DURATION_BAD)

# Each command: its words, options, positionals (pools of good and bad) and how many,
# and whether it changes a board (then the probe follows).
COMMANDS = {
    "copy": dict(options=[BOARD, option(["-t", "--type"], VALUE, TYPE_GOOD, TYPE_BAD),
                          option(["-r", "--representation"], VALUE, REPS_GOOD, REPS_BAD),
                          option(["-a", "--append"]), option(["--expire"], VALUE, WHEN_GOOD, WHEN_BAD),
                          option(["--concealed"]), option(["--force-type"]), option(["-n", "--trim-newline"]),
                          IF_COUNT, ACTION, NO_UNDO, QUIET,
                          option(["--from"], VALUE, BOARDS_GOOD, BOARDS_BAD)],
                 positional=(FILES_GOOD, FILES_BAD), arity=(0, 3), changes=True),
    "paste": dict(options=[BOARD, ITEMS, option(["-t", "--type"], VALUE, TYPES_GOOD, TYPES_BAD),
                           option(["-d", "--delimiter"], VALUE, DELIMS, []), option(["-0", "--null"]),
                           option(["-o", "--output"], VALUE, OUTDIRS, []), option(["-n", "--no-clobber"]),
                           JSON, option(["--force"]), QUIET],
                  positional=([], ["extra", "0"]), arity=(0, 0), changes=False),
    "cut": dict(options=[BOARD, IF_COUNT, ACTION, QUIET],
                positional=(["victim.txt", "notes.txt", "photo.png"], FILES_BAD), arity=(0, 2), changes=True),
    "clear": dict(options=[BOARD, IF_COUNT, ACTION, NO_UNDO], positional=([], ["x"]), arity=(0, 0), changes=True),
    "items": dict(options=[BOARD, ITEMS, JSON], positional=([], ["x"]), arity=(0, 0), changes=False),
    "types": dict(options=[BOARD, ITEMS, option(["--conforming-to"], VALUE, TYPE_GOOD, TYPE_BAD),
                           option(["--desktop"]), JSON],
                  positional=([], ["x"]), arity=(0, 0), changes=False),
    "contains": dict(options=[BOARD, ITEMS, option(["--all"])],
                     positional=(TYPE_GOOD, TYPE_BAD), arity=(0, 3), changes=False),
    "info": dict(options=[BOARD, JSON], positional=([], ["x"]), arity=(0, 0), changes=False),
    "type": dict(options=[option(["--sniff"]), JSON],
                 positional=(TYPE_GOOD + FILES_GOOD, TYPE_BAD + FILES_BAD), arity=(0, 3), changes=False),
    "undo": dict(options=[BOARD], positional=(N_GOOD, N_BAD), arity=(0, 1), changes=True),
    "redo": dict(options=[BOARD], positional=(N_GOOD, N_BAD), arity=(0, 1), changes=True),
    "history": dict(options=[BOARD, JSON, option(["--list"]), option(["--restore"], VALUE, N_GOOD, N_BAD),
                             IF_COUNT, option(["--levels"], VALUE, N_GOOD + ["50"], N_BAD), option(["--clear"])],
                    positional=([], ["x"]), arity=(0, 0), changes=True),
    "group begin": dict(options=[BOARD], positional=(["Name", "Two words"], [""]), arity=(0, 1), changes=True),
    "group end": dict(options=[BOARD], positional=([], ["x"]), arity=(0, 0), changes=True),
    "group run": dict(options=[BOARD, option(["--name"], VALUE, NAMES, [])],
                      positional=(["--", "true", "false", "sh", "-c", "exit 3", "pb", "copy", "notes.txt"],
                                  ["/nonexistent/cmd"]),
                      arity=(0, 4), changes=True),
    "group": dict(options=[], positional=(["begin", "end", "run"], ["bogus", ""]), arity=(0, 1), changes=False),
    "list": dict(options=[JSON], positional=([], REMOTES + ["x"]), arity=(0, 1), changes=False),
    "create": dict(options=[option(["--unique"]), option(["--prefix"], VALUE, PREFIXES, []),
                            option(["--persistent"]), option(["--owner"], VALUE, PIDS_GOOD, PIDS_BAD),
                            option(["--expire"], VALUE, DURATION_GOOD, DURATION_BAD), option(["--exist-ok"])],
                   positional=(["newboard", "work", "general", "other"], BOARDS_BAD), arity=(0, 1), changes=True),
    "delete": dict(options=[IF_COUNT, ACTION, NO_UNDO],
                   positional=(["work", "general", "find", "secrets", "tempboard", "grouped", "nosuch"], BOARDS_BAD),
                   arity=(0, 2), changes=True),
    "export": dict(options=[BOARD, option(["--history"]), option(["--concealed"])],
                   positional=([], ["x"]), arity=(0, 0), changes=False),
    "serve": dict(options=[], positional=([], ["x"]), arity=(0, 0), changes=False),
    "count": dict(options=[BOARD], positional=([], ["x"]), arity=(0, 0), changes=False),
    "wait": dict(options=[BOARD, option(["--since"], VALUE, ["0", "1", "3"], COUNTS_BAD),
                          option(["--timeout"], VALUE, ["100ms", "200ms", "1ms"], DURATION_BAD)],
                 positional=([], ["x"]), arity=(0, 0), changes=False),
    "watch": dict(options=[BOARD, JSON, option(["-t", "--type"], VALUE, TYPES_GOOD, TYPES_BAD), option(["--exec"])],
                  positional=(["--", "cat", "true"], ["x"]), arity=(0, 2), changes=False),
    "publish": dict(options=[BOARD, option(["-i", "--items"], VALUE, ["0", "-1", "1"], SETS_BAD + ["1,2", "all"]),
                             option(["--osc52"]), SELECTION, BACKEND, IF_AVAILABLE],
                    positional=([], ["x"]), arity=(0, 0), changes=False),
    "import": dict(options=[BOARD, option(["-a", "--append"]), TIMEOUT,
                            option(["--expire"], VALUE, WHEN_GOOD, WHEN_BAD),
                            option(["--max-size"], VALUE, SIZES_GOOD, SIZES_BAD), option(["--all-types"]),
                            option(["--archive"], VALUE, ["files/work.pbar", "-", "files/history.pbar"],
                                   ["missing.pbar", "", "notes.txt", "sub"]),
                            SELECTION, BACKEND, IF_AVAILABLE],
                   positional=([], ["x"]), arity=(0, 0), changes=True),
    "bridge": dict(options=[BOARD, option(["--to-desktop"]), option(["--from-desktop"]), TIMEOUT, SELECTION,
                            BACKEND, IF_AVAILABLE, option(["--remote"], VALUE, REMOTES, ["", "bad host:x"]),
                            option(["--concealed"])],
                   positional=([], ["x"]), arity=(0, 0), changes=False),
}

# Lines that would wait for a change or a desktop forever are stopped after this long;
# "stopped" is then part of what is compared.
BLOCKING_SECONDS = 1.5
LINE_SECONDS = 60

UNKNOWN_OPTIONS = ["--bogus", "-z", "--pasteboar", "---x", "--json=1", "-", "--=x", "-\u00e9", "--help=1",
                   "--no-such-option=value"]
ENVIRONMENTS = [
    {}, {}, {}, {}, {}, {}, {}, {},
    {"PB_PASTEBOARD": "work"}, {"PB_PASTEBOARD": "bad name"}, {"PB_PASTEBOARD": "host:work"},
    {"PB_DESKTOP": "x11"}, {"PB_DESKTOP": "osc52"}, {"PB_DESKTOP": "bogus"},
    {"PB_LOCK_TIMEOUT": "1s"}, {"PB_LOCK_TIMEOUT": "bogus"}, {"PB_REMOTE_TIMEOUT": "bogus"},
    {"PB_PROGRESS": "0"}, {"PB_SSH_COMMAND": "ssh -p 2222"}, {"PB_SSH_COMMAND": "/nonexistent/ssh"},
    {"MAGIC": "/nonexistent/magic.mgc"}, {"XDG_DATA_HOME": "xdgdata", "PB_DIR": None},
]


def spell(rng, opt, value):
    """An option with its value, in one of the spellings a user may type."""
    name = rng.choice(opt["names"])
    if opt["kind"] == BOOL:
        return [name]
    short = len(name) == 2
    form = rng.randrange(4)
    if form == 0 or (form == 1 and short):
        return [name, value]
    if form == 1:
        return [f"{name}={value}"]
    if form == 2 and short and value and not value.startswith("-"):
        return [name + value]  # -pwork
    if form == 2 and not short:
        return [name, value]
    return [name, value]


def joined_short_flags(rng, options):
    """-aq, -aqn, or flags ending in one that takes a value: -ap work."""
    flags = [o["names"][0] for o in options if o["kind"] == BOOL and len(o["names"][0]) == 2]
    valued = [o for o in options if o["kind"] == VALUE and len(o["names"][0]) == 2]
    if not flags:
        return None
    chosen = rng.sample(flags, min(len(flags), rng.randint(1, 3)))
    word = "-" + "".join(f[1] for f in chosen)
    if valued and rng.random() < 0.5:
        opt = rng.choice(valued)
        word += opt["names"][0][1]
        pool = opt["good"] or opt["bad"]
        return [word, rng.choice(pool)] if rng.random() < 0.8 else [word]
    return [word]


def generated_line(rng):
    words = rng.choice(sorted(COMMANDS))
    spec = COMMANDS[words]
    args = []
    options = spec["options"]
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4])):
        if not options:
            break
        opt = rng.choice(options)
        pool = opt["good"] if (not opt["bad"] or rng.random() < 0.8) else opt["bad"]
        args += spell(rng, opt, rng.choice(pool) if pool else "")
    if rng.random() < 0.12:
        joined = joined_short_flags(rng, options)
        if joined:
            args += joined
    good, bad = spec["positional"]
    low, high = spec["arity"]
    positionals = []
    for _ in range(rng.randint(low, high)):
        pool = good if (good and rng.random() < 0.85) else (bad or good)
        if pool:
            positionals.append(rng.choice(pool))
    if positionals and rng.random() < 0.2:
        positionals.insert(0, "--")  # everything after is a positional, even -x
    roll = rng.random()
    if roll < 0.08:
        args.insert(rng.randint(0, len(args)), rng.choice(UNKNOWN_OPTIONS))
    elif roll < 0.12 and options:
        valued = [o for o in options if o["kind"] == VALUE]
        if valued:
            positionals.append(rng.choice(rng.choice(valued)["names"]))  # value missing at the end
    elif roll < 0.15:
        other = COMMANDS[rng.choice(sorted(COMMANDS))]["options"]
        if other:
            args += spell(rng, rng.choice(other), "work")  # an option of another command
    elif roll < 0.17:
        args.append(rng.choice(["-h", "--help"]))
    argv = ["pb"] + words.split() + args + positionals
    stdin = rng.choice(sorted(STDINS))
    setup = "empty" if rng.random() < 0.15 else "full"
    env = rng.choice(ENVIRONMENTS)
    return make_case(argv, stdin, setup, env, changes=spec["changes"])


def make_case(argv, stdin="none", setup="full", env=None, changes=False):
    blocking = argv[1:2] in (["watch"], ["bridge"], ["serve"]) or (argv[1:2] == ["wait"] and "--timeout" not in " ".join(argv))
    return {"argv": argv, "stdin": stdin, "setup": setup, "env": env or {}, "probe": changes,
            "seconds": BLOCKING_SECONDS if blocking else LINE_SECONDS}


def fixed_lines():
    """Help and usage of every command, the ArgumentParser extras, argv[0] names, hidden
    subcommands, and a few lines each that the generator might miss."""
    cases = []
    add = lambda argv, **kw: cases.append(make_case(argv, **kw))
    commands = [c for c in COMMANDS]
    for stdin in ["none", "text"]:
        add(["pb"], stdin=stdin)
    for words in [["--help"], ["-h"], ["help"], ["--version"], ["help", "help"], ["help", "bogus"],
                  ["help", "group", "bogus"], ["bogus"], ["-x"], ["--"], ["", ""], ["help", "--help"],
                  ["--generate-completion-script", "bash"], ["--generate-completion-script", "zsh"],
                  ["--generate-completion-script", "fish"], ["--generate-completion-script"],
                  ["--experimental-dump-help"], ["copy", "--experimental-dump-help"], ["--version", "copy"],
                  ["help", "copy", "extra"], ["HELP"], ["Copy"], ["cop"]]:
        add(["pb"] + words)
    for words in commands:
        w = words.split()
        for extra in [["--help"], ["-h"], ["--version"], ["--help", "--bogus"], ["--bogus"], ["-h", "x"]]:
            add(["pb"] + w + extra)
        add(["pb", "help"] + w)
        add(["pb"] + w, stdin="text")
        add(["pb"] + w, setup="empty")
        for opt in COMMANDS[words]["options"]:
            for name in opt["names"]:
                if opt["kind"] == VALUE:
                    add(["pb"] + w + [name])  # the value missing
                    for value in (opt["good"][:2] + opt["bad"][:2]):
                        add(["pb"] + w + [name, value], changes=COMMANDS[words]["changes"])
                    if opt["good"]:
                        add(["pb"] + w + [f"{name}={opt['good'][0]}"], changes=COMMANDS[words]["changes"])
                else:
                    add(["pb"] + w + [name], changes=COMMANDS[words]["changes"])
                    add(["pb"] + w + [f"{name}=x"])
    # pbcopy and pbpaste, by argv[0].
    for name in ["pbcopy", "pbpaste"]:
        for words in [[], ["-help"], ["-h"], ["--help"], ["-pboard", "work"], ["-pboard"], ["-pboard", "bad name"],
                      ["-pboard", "find"], ["-pboard", "host:work"], ["-pboard=work"], ["--pboard", "work"],
                      ["-bogus"], ["extra"], ["-Prefer", "rtf"], ["-Prefer", "ps"], ["-Prefer", "txt"],
                      ["-Prefer", "bogus"], ["-Prefer"], ["-pboard", "secrets"], ["-pboard", "empty"], ["--version"]]:
            for stdin in ["text", "png", "empty"]:
                add([name] + words, stdin=stdin, changes=name == "pbcopy")
    # Hidden subcommands with no or bad words: refused without reaching a desktop.
    for words in [["__desktop-owner"], ["__secret-watch"], ["__bridge-end"], ["__desktop-owner", "x"],
                  ["__bridge-end", "--pasteboard", "work"], ["__secret-watch", "--help"]]:
        add(["pb"] + words)
    # Remote boards: parse errors and the ssh stub's refusal.
    for words in [["count", "-p", "host:board"], ["paste", "-p", "host:"], ["copy", "-p", "host:work"],
                  ["list", "host:"], ["list", "host"], ["items", "-p", ":x"], ["bridge", "--remote", "host:work"],
                  ["copy", "--from", "host:work"], ["info", "-p", "user@host:b"], ["history", "-p", "h:w", "--list"]]:
        add(["pb"] + words, stdin="text")
    # Index sets on a board of six items.
    for items in SETS_GOOD + SETS_BAD:
        for command in ["paste", "items", "types"]:
            add(["pb", command, "-i", items])
    # Undo and redo depth.
    for n in N_GOOD + N_BAD + ["10", "50"]:
        for board in ["general", "work", "grouped", "cutboard"]:
            add(["pb", "undo", "-p", board, n], changes=True)
            add(["pb", "redo", "-p", board, n], changes=True)
    return cases


def all_cases(count, seed):
    rng = random.Random(seed)
    cases, seen = [], set()
    def key(case):
        return (tuple(case["argv"]), case["stdin"], case["setup"], tuple(sorted(case["env"].items(), key=str)))
    for case in fixed_lines():
        if key(case) not in seen:
            seen.add(key(case)); cases.append(case)
    attempts = 0
    while len(cases) < count and attempts < count * 50:
        attempts += 1
        case = generated_line(rng)
        if key(case) not in seen:
            seen.add(key(case)); cases.append(case)
    return cases


# ---------------------------------------------------------------------------------
# Running.


class Binary:
    """One pb under test: its templates (case folders after the set-up), one per setup
    and worker slot, each made in the slot's own folder."""

    def __init__(self, label, path, root):
        self.label, self.path, self.root = label, os.path.realpath(path), root


def case_environment(folder, extra):
    env = {
        "PATH": f"{folder}/bin:/usr/local/bin:/usr/bin:/bin",
        "HOME": f"{folder}/home",
        "XDG_STATE_HOME": f"{folder}/state",
        "XDG_CONFIG_HOME": f"{folder}/config",
        "XDG_CACHE_HOME": f"{folder}/cache",
        "XDG_RUNTIME_DIR": f"{folder}/run",
        "TMPDIR": f"{folder}/tmp",
        "PB_DIR": f"{folder}/pb",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
    }
    for name, value in extra.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def prepare_folder(folder, binary_path):
    if os.path.exists(folder):
        shutil.rmtree(folder)
    for sub in ["bin", "home", "state", "config", "cache", "run", "tmp", "pb", "files/out", "files/xdgdata"]:
        os.makedirs(f"{folder}/{sub}")
    os.chmod(f"{folder}/run", 0o700)
    for name in ["pb", "pbcopy", "pbpaste"]:
        os.symlink(binary_path, f"{folder}/bin/{name}")
    with open(f"{folder}/bin/ssh", "wb") as f:
        f.write(SSH_STUB)
    os.chmod(f"{folder}/bin/ssh", 0o755)
    for name, data in FILES.items():
        path = f"{folder}/files/{name}"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)


def run_line(folder, argv, stdin, env_extra, seconds):
    """Runs one line in `folder` (already prepared); returns (stdout, stderr, status)."""
    env = case_environment(folder, env_extra)
    if env_extra.get("XDG_DATA_HOME"):
        env["XDG_DATA_HOME"] = f"{folder}/files/{env_extra['XDG_DATA_HOME']}"
    program = f"{folder}/bin/{argv[0]}"
    stdin_file = subprocess.DEVNULL
    data = None
    if isinstance(stdin, tuple) and not os.path.exists(f"{folder}/{stdin[1]}"):
        stdin_file, data = subprocess.PIPE, b""  # the empty set-up exports no archive
        stdin = b""
    elif isinstance(stdin, tuple):
        stdin_file = open(f"{folder}/{stdin[1]}", "rb")
    elif stdin is not None:
        stdin_file, data = subprocess.PIPE, stdin
    try:
        process = subprocess.Popen([program] + argv[1:], executable=program, stdin=stdin_file,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=f"{folder}/files",
                                   env=env, start_new_session=True)
        try:
            out, err = process.communicate(data, timeout=seconds)
            status = str(process.returncode).encode()
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            out, err = process.communicate()
            status = f"stopped after {seconds}s".encode()
        except BrokenPipeError:
            out, err = process.communicate()
            status = str(process.returncode).encode()
    finally:
        if isinstance(stdin, tuple):
            stdin_file.close()
    return out, err, status


def make_template(binary, setup, slot_folder, template_folder):
    prepare_folder(slot_folder, binary.path)
    problems = []
    for argv, stdin in SETUPS[setup]:
        target = None
        if isinstance(stdin, str) and stdin.startswith(">"):
            target, stdin = stdin[1:], None
        out, err, status = run_line(slot_folder, argv, stdin, {}, LINE_SECONDS)
        if target:
            with open(f"{slot_folder}/{target}", "wb") as f:
                f.write(out)
        if status != b"0":
            problems.append(f"{shlex.join(argv)}: exit {status.decode()}: {err.decode(errors='replace').strip()}")
    shutil.move(slot_folder, template_folder)
    return problems


def restore(template_folder, slot_folder):
    if os.path.exists(slot_folder):
        shutil.rmtree(slot_folder)
    shutil.copytree(template_folder, slot_folder, symlinks=True)


def run_case(binary, case, slot):
    folder = f"{binary.root}/slot{slot}"
    restore(f"{binary.root}/templates/{binary.label}/{case['setup']}/{slot}", folder)
    stdin = STDINS[case["stdin"]]
    results = [run_line(folder, case["argv"], stdin, case["env"], case["seconds"])]
    if case["probe"]:
        board = probe_board(case)
        results.append(run_line(folder, ["pb", "list"], None, {}, LINE_SECONDS))
        results.append(run_line(folder, ["pb", "items", "-i", "all", "-p", board], None, {}, LINE_SECONDS))
    return [tuple(normalize(part) for part in result) for result in results]


def probe_board(case):
    """The board a line names (else PB_PASTEBOARD, else general): what the probe lists."""
    argv = case["argv"]
    board = case["env"].get("PB_PASTEBOARD") or "general"
    for i, word in enumerate(argv[1:], 1):
        if word == "--":
            break
        if word in ("-p", "--pasteboard", "-pboard") and i + 1 < len(argv):
            board = argv[i + 1]
        elif word.startswith("--pasteboard="):
            board = word[len("--pasteboard="):]
        elif argv[0] == "pb" and word.startswith("-p") and len(word) > 2 and not word.startswith("--"):
            board = word[2:]
    return board


STREAMS = ["stdout", "stderr", "exit status"]
PROBES = ["", " (probe: pb list)", " (probe: pb items -i all)"]


def describe(case):
    env = " ".join(f"{k}={shlex.quote(v)}" if v is not None else f"-u {k}" for k, v in case["env"].items())
    return f"{(env + ' ') if env else ''}{shlex.join(case['argv'])}  [set-up {case['setup']}, stdin {case['stdin']}]"


def short_diff(old, new, old_label, new_label, lines=12):
    a = old.decode(errors="backslashreplace").splitlines(keepends=True)
    b = new.decode(errors="backslashreplace").splitlines(keepends=True)
    diff = list(difflib.unified_diff(a, b, old_label, new_label, n=1))
    shown = "".join(line if line.endswith("\n") else line + "\n" for line in diff[:lines])
    if len(diff) > lines:
        shown += f"  ... {len(diff) - lines} more lines of diff\n"
    return shown


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--count", type=int, default=2000, help="how many lines at least (default 2000)")
    parser.add_argument("--seed", type=int, default=37, help="the generator's seed (default 37)")
    parser.add_argument("--jobs", type=int, default=3, help="lines run at once (default 3)")
    parser.add_argument("--show", type=int, default=50, help="differing lines to print in full (default 50)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--list", action="store_true", help="print the lines and run nothing")
    parser.add_argument("--only", metavar="REGEX", help="run only the lines whose description matches (to rerun a few)")
    arguments = parser.parse_args()

    cases = all_cases(arguments.count, arguments.seed)
    if arguments.only:
        cases = [case for case in cases if re.search(arguments.only, describe(case))]
    if arguments.list:
        for case in cases:
            print(describe(case))
        print(f"{len(cases)} lines")
        return 0
    for path in (arguments.old, arguments.new):
        if not os.access(path, os.X_OK):
            sys.exit(f"differential-run: {path} is not an executable")

    started = time.monotonic()
    for name in ["DISPLAY", "WAYLAND_DISPLAY", "SSH_TTY", "SSH_CONNECTION", "SSH_CLIENT", "SSH_AUTH_SOCK"]:
        os.environ.pop(name, None)
    root = tempfile.mkdtemp(prefix="pb-differential-")
    old = Binary("old", arguments.old, root)
    new = Binary("new", arguments.new, root)
    jobs = max(1, arguments.jobs)
    for binary in (old, new):
        for setup in SETUPS:
            for slot in range(jobs):
                template = f"{root}/templates/{binary.label}/{setup}/{slot}"
                os.makedirs(os.path.dirname(template), exist_ok=True)
                problems = make_template(binary, setup, f"{root}/slot{slot}", template)
                if problems and slot == 0:
                    print(f"set-up {setup} with {binary.label} ({binary.path}):", file=sys.stderr)
                    for problem in problems:
                        print(f"  {problem}", file=sys.stderr)

    lock = threading.Lock()
    failures = []
    free_slots = list(range(jobs))
    done = [0]

    def check(index_case):
        index, case = index_case
        with lock:
            slot = free_slots.pop()
        try:
            old_results = run_case(old, case, slot)
            new_results = run_case(new, case, slot)
        except Exception as error:  # the harness's own failure fails the line, not the run
            old_results = new_results = []
            report_error = f"  the harness failed: {error!r}\n"
        else:
            report_error = None
        finally:
            with lock:
                free_slots.append(slot)
        report = [report_error] if report_error else []
        for probe, (a, b) in enumerate(zip(old_results, new_results)):
            for stream, x, y in zip(STREAMS, a, b):
                if x != y:
                    report.append(f"  {stream}{PROBES[probe]} differs:\n"
                                  + short_diff(x, y, f"old {stream}", f"new {stream}"))
        with lock:
            if report:
                failures.append((index, case, report))
            done[0] += 1
            if done[0] % 250 == 0:
                print(f"  {done[0]} of {len(cases)} lines, {len(failures)} differ", file=sys.stderr, flush=True)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(check, enumerate(cases)))

    failures.sort(key=lambda failure: failure[0])
    for index, case, report in failures[:arguments.show]:
        print(f"FAIL {index}: {describe(case)}")
        print("".join(report), end="")
    if len(failures) > arguments.show:
        print(f"... and {len(failures) - arguments.show} more differing lines")
    if arguments.keep:
        print(f"case folders kept in {root}", file=sys.stderr)
    else:
        shutil.rmtree(root, ignore_errors=True)
    elapsed = time.monotonic() - started
    print(f"{len(cases) - len(failures)} passed, {len(failures)} failed ({len(cases)} lines, {elapsed:.0f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
