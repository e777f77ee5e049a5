#!/usr/bin/env python3
"""Runs the built pb with random arguments given as raw bytes (huge, with control
characters, not UTF-8) in the places users type words: index sets, types, -r specs,
board names. Each run must end (no hang), by exit and not by a signal or a Swift trap,
with at most one line on stderr holding no control character, and leave the general
board as it was.

Usage: fuzz_arguments.py PB STORE RUNS SEED. Prints 'N passed, N failed'; exit 1 on a failure.
"""
import os
import random
import subprocess
import sys

pb, store, runs, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
env = {k: v for k, v in os.environ.items() if not k.startswith("PB_")}
env["PB_DIR"] = store

ALPHABETS = [
    b"0123456789,-all ",
    b"abcdefghijklmnopqrstuvwxyzABCZ0123456789.-_+/=;*",
    b"public.png,image/png;charset=utf-8 dyn.a.",
    bytes(range(1, 0x20)) + b"\x7f",
    bytes(range(0x80, 0x100)),
    "é日🙂\u202e\u2028".encode(),
]


def word():
    roll = rng.randrange(100)
    length = rng.randint(5000, 40000) if roll < 3 else rng.randint(0, 24)
    alphabet = rng.choice(ALPHABETS)
    out = bytearray()
    for _ in range(length):
        if rng.randrange(8) == 0:
            alphabet = rng.choice(ALPHABETS)
        out.append(rng.choice(alphabet))
    return bytes(out)


def command():
    value = word()
    return rng.choice([
        [b"paste", b"-i", value],
        [b"types", b"-i", value],
        [b"paste", b"-t", value],
        [b"contains", value],
        [b"types", b"--conforming-to", value],
        [b"type", value],
        [b"paste", b"-p", value],
        [b"info", b"-p", value],
        [b"clear", b"-p", value, b"--bogus"],
        [b"copy", b"-p", b"fuzz", b"-r", value],
        [b"copy", b"-p", b"fuzz", b"-t", value],
        [b"paste", b"--" + value[:40]],
        [value[:40]],
    ])


def general():
    paste = subprocess.run([pb, "paste"], env=env, capture_output=True, timeout=20)
    info = subprocess.run([pb, "info", "--json"], env=env, capture_output=True, timeout=20)
    return paste.stdout, info.stdout


before = general()
passed = failed = 0
for number in range(runs):
    arguments = command()
    problem = None
    try:
        result = subprocess.run([pb.encode()] + arguments, env=env, stdin=subprocess.DEVNULL,
                                capture_output=True, timeout=20)
        lines = result.stderr.split(b"\n")
        if result.returncode < 0 or result.returncode in (132, 133, 134, 139):
            problem = f"ended by a signal or trap ({result.returncode})"
        elif len(lines) > 2 or (len(lines) == 2 and lines[1] != b""):
            problem = "more than one line on stderr"
        elif any(b < 0x20 or b == 0x7f for b in lines[0]):
            problem = "a control character on stderr"
        elif len(result.stderr) > 600:
            problem = f"a {len(result.stderr)}-byte message"
        elif result.returncode not in (0, 1, 64, 65, 66):
            problem = f"exit {result.returncode}"
    except subprocess.TimeoutExpired:
        problem = "it hung"
    if problem is None and number % 50 == 49 and general() != before:
        problem = "the general board changed"
    if problem:
        failed += 1
        shown = b" ".join(a[:120] for a in arguments)
        print(f"run {number} (seed {seed}): {problem}: pb {shown!r}", file=sys.stderr)
        if problem not in ("it hung", "the general board changed"):
            print(f"  stderr: {result.stderr[:300]!r}", file=sys.stderr)
    else:
        passed += 1
if general() != before:
    failed += 1
    print("the general board changed", file=sys.stderr)
boards = sorted(os.listdir(os.path.join(store, "boards")))
if not set(boards) <= {"general", "fuzz"}:
    failed += 1
    print(f"boards were created: {boards}", file=sys.stderr)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
