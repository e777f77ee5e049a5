#!/usr/bin/env python3
"""Writes the order scripts/build-release.sh has the linker lay out pb's functions and
variables in, from the very binary it then links again in that order.

A small command runs code from all over pb's ~15 MiB of text and touches variables all
over its 600 KiB of zero-filled data, and each piece costs a page fault (~2 us here): the
kernel maps the text 64 KiB at a time, and gives each page of variables its own zeroed
page, twice when it is read before it is written. Next to each other, what the everyday
commands use fits in far fewer. This runs those commands once each under valgrind on a
scratch board (callgrind lists the functions that ran, lackey every memory access) and
lists what they used: first what every command uses (start-up), then what fewer share,
grouped by which commands use it.

It takes about two minutes, and needs Debian's valgrind. Usage:
scripts/make-link-order.py PB ORDER_FILE, where PB is a release pb linked in no order.
"""
import bisect
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile


# What a user types most, each with the board it expects: copies (sniffed from a file and
# from a pipe, and with a type), pastes, the readers, undo and redo.
COMMANDS = [
    (["copy", "{text}"], None),
    (["copy", "-t", "public.utf8-plain-text", "{text}"], None),
    (["copy"], b"a line from a pipe\n"),
    (["copy", "{png}"], None),
    (["copy"], "{png}"),
    (["paste"], None),
    (["paste", "-t", "image"], None),
    (["count"], None),
    (["types"], None),
    (["contains", "text"], None),
    (["items"], None),
    (["info"], None),
    (["type", "--sniff", "{text}"], None),
    (["undo"], None),
    (["redo"], None),
    (["history"], None),
    (["list"], None),
]

STRING_FUNCTION = r"(__(?:mem|str|stp|rawmem|wmem|wcs)[a-z]*)"

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082")


def functions_run(program, arguments, stdin, env, work):
    """The names (mangled) of the functions one run executed (callgrind marks a
    recursive call's name with 'N: the name is the same function's)."""
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                    "--dump-instr=no", "--dump-line=no", f"--callgrind-out-file={out}", program] + arguments,
                   input=stdin, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    names = set()
    with open(out, encoding="utf-8", errors="replace") as dump:
        for line in dump:
            if line.startswith("fn="):
                names.add(re.sub(r"'[0-9]+$", "", line[3:].strip()))
    return names


def symbol_table(program):
    """Every name the program defines (a name defined twice, twice), and its variables
    (writable data and zero-filled) as sorted (start, end, name)."""
    listing = subprocess.run(["nm", "--defined-only", "--print-size", program], check=True,
                             capture_output=True, text=True).stdout
    names, variables = [], []
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        names.append(fields[-1])
        if len(fields) == 4 and fields[2] in "dDbB" and int(fields[1], 16):
            start = int(fields[0], 16)
            variables.append((start, start + int(fields[1], 16), fields[3]))
    variables.sort()
    return names, variables


def variables_used(program, arguments, stdin, env, work, symbols):
    """The names of the variables one run read or wrote (valgrind's lackey lists every access)."""
    trace = os.path.join(work, "lackey.out")
    subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={trace}", program] + arguments,
                   input=stdin, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    low, high = symbols[0][0], symbols[-1][1]
    addresses = set()
    with open(trace, encoding="ascii", errors="replace") as accesses:
        for line in accesses:
            # " L 0401f2e8,8", " S ...", " M ..." (instructions are "I  ...").
            if line[:2] in (" L", " S", " M"):
                address = int(line[3:line.index(",")], 16)
                if low <= address < high:
                    addresses.add(address)
    starts = [start for start, _, _ in symbols]
    names = set()
    for address in addresses:
        index = bisect.bisect_right(starts, address) - 1
        if index >= 0 and address < symbols[index][1]:
            names.add(symbols[index][2])
    return names


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: make-link-order.py PB ORDER_FILE")
    if shutil.which("valgrind") is None:
        sys.exit("make-link-order.py: valgrind is missing; install it (apt-get install valgrind) and run this again")
    pb, order_file = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as work:
        # valgrind cannot read the DWARF of the static binary; the symbol table is enough.
        stripped = os.path.join(work, "pb")
        subprocess.run(["strip", "--strip-debug", "-o", stripped, pb], check=True)
        env = dict(os.environ, PB_DIR=os.path.join(work, "store"), XDG_CACHE_HOME=os.path.join(work, "cache"))
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        files = {"text": os.path.join(work, "value.txt"), "png": os.path.join(work, "dot.png")}
        with open(files["text"], "wb") as f:
            f.write(b"a 19-byte value ok\n")
        with open(files["png"], "wb") as f:
            f.write(PNG)
        # A board with a history, and the type caches built, as on a machine in use.
        for _ in range(3):
            for arguments, _ in COMMANDS[:4]:
                subprocess.run([pb] + [a.format(**files) for a in arguments], input=b"x", env=env,
                               stdout=subprocess.DEVNULL, check=True)
        users = {}
        symbols, variables = symbol_table(stripped)
        for number, (arguments, stdin) in enumerate(COMMANDS):
            if isinstance(stdin, str):
                with open(stdin.format(**files), "rb") as f:
                    stdin = f.read()
            line = [a.format(**files) for a in arguments]
            for name in functions_run(stripped, line, stdin, env, work) | variables_used(stripped, line, stdin, env, work, variables):
                users.setdefault(name, set()).add(number)
    # glibc picks its string functions for the processor when pb starts, and valgrind's
    # processor is not this one: where a run used one variant, every variant is listed.
    variant = r"_(?:sse|ssse|avx|evex|erms)"
    families = {match.group(1) for name in users if (match := re.match(STRING_FUNCTION + variant, name))}
    for name in symbols:
        match = re.match(STRING_FUNCTION + variant, name)
        if match and match.group(1) in families and name not in users:
            users[name] = set(range(len(COMMANDS)))
    # A name defined more than once (a local helper each object has its own copy of) would
    # move every copy, and with it the whole text of each library object compiled without
    # a section per function: 2 MiB of the standard library's, for one small helper.
    # (The linker moves a variable with the rest of its object's data the same way.)
    defined = collections.Counter(symbols)
    # Every command's functions, those shared by more commands first; functions run by the
    # same commands stay together, in name order so that the file changes only with the
    # code. The entry point runs before valgrind names anything.
    order = ["_start"] + sorted((name for name in users if defined.get(name, 0) == 1),
                                key=lambda name: (-len(users[name]), sorted(users[name]), name))
    # Written whole or not at all: build-release.sh takes an order that is there as finished.
    with open(order_file + ".new", "w", encoding="utf-8") as f:
        f.write("".join(name + "\n" for name in order))
    os.replace(order_file + ".new", order_file)
    print(f"{order_file}: {len(order)} functions and variables from {len(COMMANDS)} commands", file=sys.stderr)


if __name__ == "__main__":
    main()
