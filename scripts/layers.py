#!/usr/bin/env python3
"""The folder graph of a Swift target: which folder's code names a type or function
declared in another folder, and whether that graph loops.

    scripts/layers.py [TARGET]            prints each folder and the folders it uses
    scripts/layers.py --check DOC         exits 1 when the graph loops or differs from
                                          the block between `<!-- layers:TARGET -->`
                                          markers in DOC (docs/architecture.md)

A folder depends on another when one of its files names a top-level declaration made
there (type, protocol, function, constant) outside comments and string literals; the
files directly in the target's folder form the folder `(top)`. Names are Swift's, so
this is a close reading, not a compiler's: a name declared in two folders counts for
both, which can only add edges, never hide a loop.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TOP = "(top)"

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|fileprivate|private|final|nonisolated|indirect)\s+)*"
    r"(?:struct|enum|class|protocol|typealias|actor|func|let|var)\s+`?([A-Za-z_]\w*)",
    re.M,
)
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def strip(source):
    """Source without comments and string literals (their words name nothing)."""
    source = re.sub(r'"""[\s\S]*?"""', '""', source)
    source = re.sub(r"/\*[\s\S]*?\*/", " ", source)
    source = re.sub(r"//[^\n]*", " ", source)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', source)


def folders(target):
    base = os.path.join(ROOT, "Sources", target)
    found = {}
    for directory, _, names in os.walk(base):
        relative = os.path.relpath(directory, base)
        folder = TOP if relative == "." else relative.split(os.sep)[0]
        for name in sorted(names):
            if name.endswith(".swift"):
                with open(os.path.join(directory, name), encoding="utf-8") as file:
                    found.setdefault(folder, []).append(strip(file.read()))
    return found


def graph(target):
    sources = folders(target)
    declared = {}
    for folder, texts in sources.items():
        for text in texts:
            for name in DECLARATION.findall(text):
                declared.setdefault(name, set()).add(folder)
    edges = {folder: set() for folder in sources}
    for folder, texts in sources.items():
        for text in texts:
            for word in set(IDENTIFIER.findall(text)):
                for other in declared.get(word, ()):
                    if other != folder:
                        edges[folder].add(other)
    return edges


def loop(edges):
    """One cycle as a list of folders, or None."""
    state, path = {}, []

    def visit(node):
        state[node] = "open"
        path.append(node)
        for next_node in sorted(edges[node]):
            if state.get(next_node) == "open":
                return path[path.index(next_node):] + [next_node]
            if next_node not in state:
                found = visit(next_node)
                if found:
                    return found
        path.pop()
        state[node] = "done"
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def lines(edges):
    return [f"{folder} -> {', '.join(sorted(edges[folder])) or '(nothing)'}" for folder in sorted(edges)]


def main(arguments):
    if arguments[:1] == ["--check"]:
        document = open(arguments[1], encoding="utf-8").read()
        blocks = re.findall(r"<!-- layers:(\w+) -->\n```\n([\s\S]*?)```", document)
        if not blocks:
            print(f"{arguments[1]} shows no folder graph (a <!-- layers:TARGET --> block)")
            return 1
        failed = False
        for target, block in blocks:
            edges = graph(target)
            cycle = loop(edges)
            if cycle:
                print(f"{target}: the folders loop: {' -> '.join(cycle)}")
                failed = True
            if block.strip().splitlines() != lines(edges):
                print(f"{target}: {arguments[1]} shows another graph; it is now:\n" + "\n".join(lines(edges)))
                failed = True
        return 1 if failed else 0
    target = arguments[0] if arguments else "PasteboardKit"
    edges = graph(target)
    print("\n".join(lines(edges)))
    cycle = loop(edges)
    print(f"loop: {' -> '.join(cycle)}" if cycle else "no loop")
    return 1 if cycle else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
