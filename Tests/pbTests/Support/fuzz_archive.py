"""Feeds pb import --archive mutations of a good archive: bytes flipped, the stream cut,
header fields (name, size, checksum, type, magic, prefix) overwritten, the manifest's
JSON edited. Each run must end with a status pb gives (0 when the mutation left the
archive valid, as in a modification time; 65 refused), never a signal, with at most one
line on stderr; a refused run must leave its board as it was. Prints a summary line;
a failure prints its seed and run to replay.

  fuzz_archive.py PB GOOD_ARCHIVE RUNS SEED
"""
import random
import subprocess
import sys

pb, archive, runs, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
good = open(archive, "rb").read()
random.seed(seed)
manifest_end = good.index(b"\0", 512)
statuses = {}
failures = 0


def count(board):
    result = subprocess.run([pb, "count", "-p", board], capture_output=True, timeout=20)
    return result.stdout


for run in range(runs):
    data = bytearray(good)
    kind = random.randrange(4)
    if kind == 0:
        for _ in range(random.randrange(1, 8)):
            data[random.randrange(len(data))] = random.randrange(256)
    elif kind == 1:
        data = data[: random.randrange(len(data))]
    elif kind == 2:
        block = random.randrange(len(data) // 512) * 512
        offset = random.choice([0, 124, 148, 156, 257, 345])
        for index in range(random.randrange(1, 12)):
            if block + offset + index < len(data):
                data[block + offset + index] = random.choice([0, 0x20, 0x30, 0x37, 0x39, 0xFF, ord("x"), ord("-"), ord("2")])
    else:
        position = random.randrange(512, manifest_end)
        data[position : position + 1] = random.choice(
            [b"", b"9", b'"', b"-", b"{", b"]", b"\xc3", b"1e9999", b"99999999999999999999", b"../"])
    board = "fuzz%d" % (run % 3)
    before = count(board)
    result = subprocess.run([pb, "import", "--archive", "-", "-p", board], input=bytes(data), capture_output=True, timeout=60)
    statuses[result.returncode] = statuses.get(result.returncode, 0) + 1
    lines = result.stderr.decode(errors="replace").splitlines()
    problem = None
    if result.returncode not in (0, 65):
        problem = "status %d" % result.returncode
    elif len(lines) > 1:
        problem = "%d lines" % len(lines)
    elif result.returncode == 65 and count(board) != before:
        problem = "a refused archive changed the board"
    if problem:
        failures += 1
        print("seed %d run %d (kind %d): %s: %s" % (seed, run, kind, problem, lines[:3]))
print("statuses %s" % sorted(statuses.items()))
sys.exit(1 if failures else 0)
