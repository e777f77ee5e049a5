#!/usr/bin/python3
"""Records Tests/TypeCorpus/corpus.tsv: for every file of Tests/TypeCorpus/files (NNNN/NAME)
and written/, the format it is and what GLib and libmagic say of it. Run with /usr/bin/python3
(python3-gi).

Method. Each file's true MIME type (the "mime" column) is, in this order:
  1. Tests/TypeCorpus/labels.tsv, by the file's origin (its installed path, or
     written/NAME), where a file's label was checked by hand and GLib's answer for the
     file is wrong (its "comment" column says why: the file's content, what wrote it);
  2. for a file a tool wrote (Tests/TypeCorpus/sources.tsv, by collect.py), the format
     the tool was asked to write;
  3. otherwise GLib's type by file (name and data), which this script prints next to
     GLib's type by data and libmagic's where they disagree, to be checked by hand.
Then, per file:
  glib_file  Gio.content_type_guess(filename, data): the name and the whole file;
  glib_data  Gio.content_type_guess(None, data): the data alone;
  libmagic   `file --brief --mime-type -` with the file on stdin: the data alone;
  kind       image, audio, video, text (a subtype of text/plain, without NUL bytes) or
             other, of the true type;
each with its verdict against the true type (exact, kind, miss: scripts/typecorpus.py).
package names the Debian package the file came from (dpkg's lists, as dpkg -S reads
them, at collection), or the package of the tool that wrote it; written/ has none.
Recorded once and committed: the tests read corpus.tsv, never GLib.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import typecorpus  # noqa: E402


def read_tsv(name):
    path = os.path.join(typecorpus.CORPUS, name)
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    return {row[0]: dict(zip(lines[0], row)) for row in lines[1:]}


def main():
    sources = read_tsv("sources.tsv")
    labels = read_tsv("labels.tsv")
    files = os.path.join(typecorpus.CORPUS, "files")
    paths = [f"files/{number}/{name}" for number in sorted(os.listdir(files))
             for name in os.listdir(os.path.join(files, number))]
    paths += [f"written/{name}" for name in sorted(os.listdir(os.path.join(typecorpus.CORPUS, "written")))]
    rows = []
    for path in paths:
        source = sources.get(path[len("files/"):], {}) if path.startswith("files/") else {"origin": path}
        label = labels.get(source.get("origin")) or (source if source.get("mime") else None)
        by_file, _ = typecorpus.glib_guesses(os.path.join(typecorpus.CORPUS, path))
        mime = label["mime"] if label else by_file
        with open(os.path.join(typecorpus.CORPUS, path), "rb") as f:
            kind = typecorpus.kind(mime, f.read())
        rows.append({"path": path, "mime": mime, "kind": kind,
                     "package": source.get("package", ""), "comment": label["comment"] if label else ""})
    for row, judged in zip(rows, typecorpus.judge_live(rows)):
        row.update(judged)
        answers = {row["glib_file"], row["glib_data"], row["libmagic"]}
        if not row["comment"] and answers != {row["mime"]}:
            print(f"check {row['path']}: labelled {row['mime']}; GLib by data {row['glib_data']}, "
                  f"libmagic {row['libmagic']}", file=sys.stderr)
    unknown = set(labels) - {source["origin"] for source in sources.values()} - set(paths)
    if unknown:
        sys.exit(f"labels.tsv names files that are not in the corpus: {sorted(unknown)}")
    with open(typecorpus.TSV, "w", encoding="utf-8") as f:
        f.write("# Written by scripts/record-type-corpus.py; see Tests/TypeCorpus/README.md.\n")
        f.write("\t".join(typecorpus.COLUMNS) + "\n")
        for row in rows:
            f.write("\t".join(row[column] for column in typecorpus.COLUMNS) + "\n")
    formats = len({row["mime"] for row in rows})
    print(f"{len(rows)} files, {formats} distinct MIME types", file=sys.stderr)


if __name__ == "__main__":
    main()
