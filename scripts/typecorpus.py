"""The type corpus's yardstick, shared by scripts/record-type-corpus.py and bench/bench.py.

A detector's answer for a file is judged against the corpus's true MIME type:
  exact: the answer is the true type or a subtype of it;
  kind:  not exact, but it keeps the true type's kind (image, audio, video, text);
  miss:  neither.
pb's exact answer can still lose the kind ("exact, kind lost"): its identifier for the
true type does not conform to public.image (audio, movie, text), so a reader asking for
the kind misses it.
A MIME answer (GLib's, libmagic's) is judged by the system's MIME database through GLib
(g_content_type_is_a: aliases, sub-class-of, text/* < text/plain); pb's answer, a type
identifier, by pb's own conformance (`pb type --json`). GLib needs /usr/bin/python3 with
python3-gi: run elsewhere, this module calls itself there (python3 typecorpus.py --judge).
"""
import json
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CORPUS = os.path.join(ROOT, "Tests", "TypeCorpus")
TSV = os.path.join(CORPUS, "corpus.tsv")
COLUMNS = ["path", "mime", "kind", "glib_file", "glib_file_verdict", "glib_data", "glib_data_verdict",
           "libmagic", "libmagic_verdict", "package", "comment"]
# The kinds a reader asks for by name, as MIME supertypes and as pb's identifiers.
MIME_KINDS = {"image": "image/*", "audio": "audio/*", "video": "video/*", "text": "text/plain"}
PB_KINDS = {"image": "public.image", "audio": "public.audio", "video": "public.movie", "text": "public.text"}
SYSTEM_PYTHON = "/usr/bin/python3"


def read_corpus():
    with open(TSV, encoding="utf-8") as f:
        lines = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
    header, rows = lines[0], lines[1:]
    assert header == COLUMNS, f"unexpected columns in {TSV}: {header}"
    return [dict(zip(header, row)) for row in rows]


def _gio():
    import gi
    gi.require_version("Gio", "2.0")
    from gi.repository import Gio
    return Gio


def kind(mime, data):
    """The kind of a file of a MIME type, by the database's hierarchy: image, audio, video,
    text or other; text only for data with no NUL byte (the database makes binary formats
    such as PFB fonts and DER signatures subtypes of text, through PostScript or PEM)."""
    Gio = _gio()
    for name, supertype in MIME_KINDS.items():
        if Gio.content_type_is_a(mime, supertype):
            return "other" if name == "text" and b"\0" in data else name
    return "other"


def mime_verdict(answer, mime, kind):
    Gio = _gio()
    if answer and Gio.content_type_is_a(answer, mime):
        return "exact"
    if answer and kind in MIME_KINDS and Gio.content_type_is_a(answer, MIME_KINDS[kind]):
        return "kind"
    return "miss"


def glib_guesses(path):
    """GLib's guess by file (name and data) and by data alone."""
    Gio = _gio()
    with open(path, "rb") as f:
        data = f.read()
    return Gio.content_type_guess(path, data)[0], Gio.content_type_guess(None, data)[0]


def libmagic(path):
    """libmagic's MIME type from the data alone: the file comes through stdin, nameless."""
    with open(path, "rb") as f:
        return subprocess.run(["file", "--brief", "--mime-type", "-"], stdin=f, capture_output=True,
                              text=True, check=True).stdout.strip()


def file_truth(row):
    """The true type and kind by file: a row may carry its own for the by-file verdicts
    (the real files' answer that GLib and libmagic agree on), else the row's."""
    return row.get("file_mime") or row["mime"], row.get("file_kind") or row["kind"]


def in_system_python(mode, values):
    """This script's `mode` run on `values` by Debian's python3, which has python3-gi: for a
    caller in another Python (pyenv's), where GLib cannot be imported."""
    result = subprocess.run([SYSTEM_PYTHON, os.path.abspath(__file__), mode], input=json.dumps(values),
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def label_live(paths):
    """For files gathered from the system: GLib's type by file (name and data) as the true
    type by data, its kind, and where libmagic agrees with it (either is a kind of the
    other) the more specific of the two as the true type by file (`file_mime`, None where
    they disagree)."""
    try:
        Gio = _gio()
    except ImportError:
        return in_system_python("--label", paths)
    labels = []
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        mime, magic = Gio.content_type_guess(path, data)[0], libmagic(path)
        agreed = magic if Gio.content_type_is_a(magic, mime) else mime if Gio.content_type_is_a(mime, magic) else None
        labels.append({"path": path, "mime": mime, "kind": kind(mime, data), "file_mime": agreed,
                       "file_kind": kind(agreed, data) if agreed else None})
    return labels


def guess_by_head(paths, size=4096):
    """GLib's type for each file by its name and first `size` bytes, as a file manager
    sniffs it: cheap enough to sort a whole system's files into formats."""
    try:
        Gio = _gio()
    except ImportError:
        return in_system_python("--guess", paths)
    guesses = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                guesses.append(Gio.content_type_guess(path, f.read(size))[0])
        except OSError:
            guesses.append(None)
    return guesses


def judge_live(rows):
    """GLib's two guesses and libmagic's, each with its verdict, for every row, computed now;
    and the row's kind, computed from its file where the row has none."""
    def judge(row):
        path = os.path.join(CORPUS, row["path"])
        by_file, by_data = glib_guesses(path)
        magic = libmagic(path)
        if "kind" in row:
            row_kind = row["kind"]
        else:
            with open(path, "rb") as f:
                row_kind = kind(row["mime"], f.read())
        file_mime, file_kind = file_truth({**row, "kind": row_kind})
        return {"kind": row_kind,
                "glib_file": by_file, "glib_file_verdict": mime_verdict(by_file, file_mime, file_kind),
                "glib_data": by_data, "glib_data_verdict": mime_verdict(by_data, row["mime"], row_kind),
                "libmagic": magic, "libmagic_verdict": mime_verdict(magic, row["mime"], row_kind)}
    try:
        _gio()
    except ImportError:
        return in_system_python("--judge", rows)
    return [judge(row) for row in rows]


def pb_verdicts(pb, rows, env):
    """pb's type for every row by file (one `pb type --sniff` for all) and by data (each
    file through a pipe), with verdicts by pb's conformance."""
    paths = [os.path.join(CORPUS, row["path"]) for row in rows]

    def run(arguments, data=None):
        result = subprocess.run([pb] + arguments, input=data, capture_output=True, env=env, check=True)
        return json.loads(result.stdout)

    by_file = [report["type"] for report in run(["type", "--sniff", "--json"] + paths)]
    by_data = []
    for path in paths:
        with open(path, "rb") as f:
            by_data.append(run(["type", "--sniff", "--json", "-"], f.read())[0]["type"])
    mimes = sorted({row["mime"] for row in rows} | {file_truth(row)[0] for row in rows})
    truth = dict(zip(mimes, (report["identifier"] for report in run(["type", "--json"] + mimes))))
    answers = sorted(set(by_file) | set(by_data))
    conformance = {answer: {answer, report["identifier"], *report.get("conformance", [])}
                   for answer, report in zip(answers, run(["type", "--json"] + answers))}

    def verdict(answer, mime, kind):
        conforms = conformance.get(answer, {answer})
        kept = kind not in PB_KINDS or PB_KINDS[kind] in conforms
        if truth[mime] in conforms:
            return "exact" if kept else "exact, kind lost"
        return "kind" if kept and kind in PB_KINDS else "miss"

    return [{"pb_file": f, "pb_file_verdict": verdict(f, *file_truth(row)), "pb_data": d,
             "pb_data_verdict": verdict(d, row["mime"], row["kind"])}
            for f, d, row in zip(by_file, by_data, rows)]


def rates(rows, verdicts, column, kind_of=lambda row: row["kind"]):
    """The exact rate over all rows and the kind-kept rate over rows of the four kinds
    (None where there are none)."""
    exact = sum(v[column].startswith("exact") for v in verdicts) / len(rows)
    kinded = [v[column] for row, v in zip(rows, verdicts) if kind_of(row) in PB_KINDS]
    kept = sum(v in ("exact", "kind") for v in kinded) / len(kinded) if kinded else None
    return exact, kept


if __name__ == "__main__":
    modes = {"--judge": judge_live, "--label": label_live, "--guess": guess_by_head}
    json.dump(modes[sys.argv[1]](json.load(sys.stdin)), sys.stdout)
