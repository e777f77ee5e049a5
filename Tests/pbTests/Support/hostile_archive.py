"""Writes a pb archive of one hostile shape, for the bounds tests and bench/bench.py.

  hostile_archive.py SHAPE OUT [SIZE]

`history`: SIZE undo entries (default 200,000), each one item of one representation,
all naming one data file. The manifest shapes fill a manifest of SIZE bytes (default
80 MiB, the most an archive's manifest may be) with one thing:
  numbers  an ignored field holding an array of numbers
  deep     an ignored field holding arrays nested 60 deep, one after another
  keys     an ignored field holding an object of that many keys
  longkeys the same of keys of 26 bytes, too long for a String to hold inline
  utf8     an ignored field holding an array of strings of 8 e-acutes (16 bytes of UTF-8)
  strings  an ignored field holding an array of short strings with escapes
  long     an ignored field holding one long string of escapes
  items    that many items, each of one representation
  types    one item of that many representations, each of its own type
  entries  that many history entries
  empty    the items array holding that many empty arrays
The manifest is written compactly (no spaces), as a hostile writer would.
"""
import io
import json
import sys
import tarfile

shape, out = sys.argv[1], sys.argv[2]
FILE = "0123456789abcdef.txt"
REPRESENTATION = '{"type":"public.utf8-plain-text","file":"%s","size":1,"typeSource":"given"}' % FILE
ITEM = '{"representations":[%s]}' % REPRESENTATION
ENTRY = '{"actionName":"Copy","date":"2024-01-02T03:04:05.678Z","items":[%s]}' % ITEM


def head(items):
    """The manifest's opening, up to where the filling goes."""
    return '{"format":"pb-archive","version":1,"board":"b","files":[{"name":"%s","size":1}],"items":[%s]' % (FILE, items)


def repeated(unit, total, separator=","):
    """`unit` as many times as fit in `total` bytes, joined by `separator`."""
    count = max(1, total // (len(unit) + len(separator)))
    return separator.join([unit] * count)


if shape == "history":
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 200_000
    manifest = head(ITEM) + ',"history":{"undo":[' + ",".join([ENTRY] * count) + '],"redo":[]}}'
else:
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 80 << 20
    room = size - 400
    if shape == "numbers":
        manifest = head(ITEM) + ',"ignored":[' + repeated("1", room) + "]}"
    elif shape == "deep":
        manifest = head(ITEM) + ',"ignored":[' + repeated("[" * 60 + "]" * 60, room) + "]}"
    elif shape == "keys":
        # As many as fit: the keys' lengths grow with their numbers.
        keys, used, index = [], 0, 0
        while used + len('"k%d":0,' % index) <= room:
            keys.append('"k%d":0' % index)
            used += len(keys[-1]) + 1
            index += 1
        manifest = head(ITEM) + ',"ignored":{' + ",".join(keys) + "}}"
    elif shape == "longkeys":
        # Keys longer than a String holds inline, plain ASCII.
        count = room // 32
        manifest = head(ITEM) + ',"ignored":{' + ",".join('"kkkkkkkkkkkkkkkkkk%08d":0' % index for index in range(count)) + "}}"
    elif shape == "utf8":
        # Strings of 16 bytes beyond ASCII (8 e-acutes): each once decoded into a String.
        unit = '"' + "\u00e9" * 8 + '"'
        manifest = head(ITEM) + ',"ignored":[' + ",".join([unit] * (room // (len(unit.encode()) + 1))) + "]}"
    elif shape == "strings":
        manifest = head(ITEM) + ',"ignored":[' + repeated('"\\u00e9"', room) + "]}"
    elif shape == "long":
        manifest = head(ITEM) + ',"ignored":"' + "\\n" * (room // 2) + '"}'
    elif shape == "items":
        manifest = head(repeated(ITEM, room)) + "}"
    elif shape == "types":
        count = room // (len(REPRESENTATION) + 2)
        representations = ",".join(REPRESENTATION.replace("public.utf8-plain-text", "t.t%d" % index) for index in range(count))
        manifest = head('{"representations":[%s]}' % representations) + "}"
    elif shape == "entries":
        manifest = head(ITEM) + ',"history":{"undo":[' + repeated(ENTRY, room) + '],"redo":[]}}'
    elif shape == "empty":
        manifest = head(repeated("[]", room)) + "}"
    else:
        sys.exit("unknown shape " + shape)

with tarfile.open(out, "w", format=tarfile.PAX_FORMAT) as archive:
    for name, body in [("pb-archive.json", manifest.encode()), ("data/" + FILE, b"x")]:
        info = tarfile.TarInfo(name)
        info.size = len(body)
        archive.addfile(info, io.BytesIO(body))
