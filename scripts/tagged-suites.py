#!/usr/bin/env python3
"""Prints a `swift test --filter`/`--skip` regular expression naming the test suites that
carry any of the given tags (a comma-separated list: unit, endToEnd, desktop, remote,
long), read from the @Suite attributes under Tests/. This toolchain's swift test selects
by name only, so scripts/test --tags and --skip-tags go through here."""
import glob, os, re, sys

KNOWN = {"unit", "endToEnd", "desktop", "remote", "long"}


def suites(root):
    """(test target, type name, tags) of every @Suite under root/Tests."""
    for path in sorted(glob.glob(os.path.join(root, "Tests", "*", "**", "*.swift"), recursive=True)):
        target = os.path.relpath(path, os.path.join(root, "Tests")).split(os.sep)[0]
        text = open(path, encoding="utf-8").read()
        # The attribute runs to the type it marks; its traits may span lines.
        for match in re.finditer(r"^@Suite\b(.*?)\b(?:struct|final class|class|enum|actor) (\w+)", text, re.S | re.M):
            traits = re.search(r"\.tags\(([^)]*)\)", match.group(1))
            tags = set(re.findall(r"\.(\w+)", traits.group(1))) if traits else set()
            yield target, match.group(2), tags


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if sys.argv[1:] == ["--untagged"]:
        # A suite without a tag would be left out of every tagged run.
        untagged = [f"{target}.{name}" for target, name, tags in suites(root) if not tags & KNOWN]
        if untagged:
            print("\n".join(untagged))
        sys.exit(1 if untagged else 0)
    if len(sys.argv) != 2 or not sys.argv[1]:
        sys.exit("usage: tagged-suites.py TAG[,TAG...] | --untagged")
    wanted = set(sys.argv[1].split(","))
    unknown = wanted - KNOWN
    if unknown:
        sys.exit(f"scripts/test: no tag {', '.join(sorted(unknown))}; the tags are {', '.join(sorted(KNOWN))}")
    names = sorted(f"{target}.{name}" for target, name, tags in suites(root) if tags & wanted)
    # A test's ID is Target.Suite/test(): the suite's name, then a slash, never a prefix.
    if not names:
        sys.exit(f"scripts/test: no suite is tagged {sys.argv[1]}")
    print("^(" + "|".join(re.escape(name) for name in names) + ")/")


main()
