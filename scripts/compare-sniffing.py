#!/usr/bin/env python3
"""Holds two pb binaries' type detection to the same answers, file by file.

Usage: scripts/compare-sniffing.py OLD_PB NEW_PB [COUNT]

Runs `pb type --sniff --json` of both binaries over COUNT (default 400) files picked
from /usr/share and /usr/lib (a few of each filename extension, so that many formats
are seen, walked in sorted order so that a run on the same machine picks the same
files), once by file (name and data) and once by standard input (data alone), plus a
few edge cases (empty, one byte, UTF-16 text), and prints every report that differs:
type, how it was chosen, and what libmagic said. Exits 1 if any differs.

For changes that must not change what is detected (how libmagic is loaded and called,
the copy path's speed); a change meant to change answers shows them here too.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOTS = ["/usr/share", "/usr/lib"]
PER_EXTENSION = 3


def pick_files(count):
    """Up to PER_EXTENSION regular, readable, non-empty files of each extension (and of
    none), in sorted walk order, until `count`."""
    seen, picked = {}, []
    for root in ROOTS:
        for folder, subfolders, names in os.walk(root):
            subfolders.sort()
            for name in sorted(names):
                path = os.path.join(folder, name)
                if not os.path.isfile(path) or os.path.islink(path) or not os.access(path, os.R_OK):
                    continue
                if os.path.getsize(path) == 0:
                    continue
                extension = os.path.splitext(name)[1].lower()
                if seen.get(extension, 0) >= PER_EXTENSION:
                    continue
                seen[extension] = seen.get(extension, 0) + 1
                picked.append(path)
                if len(picked) >= count:
                    return picked
    return picked


def edge_cases(folder):
    cases = {"empty": b"", "one-byte": b"x", "value.txt": b"a 19-byte value ok\n",
             "utf16.txt": "text in UTF-16\n".encode("utf-16"), "binary.bin": bytes(range(256))}
    paths = []
    for name, data in cases.items():
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        paths.append(path)
    return paths


def by_file(pb, paths, env):
    """Reports by file, from one process per 50 files (one detector sniffs many)."""
    reports = []
    for start in range(0, len(paths), 50):
        batch = paths[start:start + 50]
        result = subprocess.run([pb, "type", "--sniff", "--json", "--"] + batch, env=env, capture_output=True, check=True)
        reports += json.loads(result.stdout)
    return reports


def by_input(pb, paths, env):
    reports = []
    for path in paths:
        with open(path, "rb") as data:
            result = subprocess.run([pb, "type", "--sniff", "--json", "-"], stdin=data, env=env, capture_output=True, check=True)
        report = json.loads(result.stdout)[0]
        report["input"] = path
        reports.append(report)
    return reports


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    old, new = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 400
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, PB_DIR=os.path.join(work, "store"))
        paths = pick_files(count) + edge_cases(work)
        differences = 0
        for road, run in (("file", by_file), ("stdin", by_input)):
            before, after = run(old, paths, env), run(new, paths, env)
            for one, other in zip(before, after):
                if one != other:
                    differences += 1
                    print(f"{road}: {one['input']}\n  old {json.dumps(one)}\n  new {json.dumps(other)}")
        print(f"{len(paths)} files, by file and by standard input: {differences} reports differ")
        sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
