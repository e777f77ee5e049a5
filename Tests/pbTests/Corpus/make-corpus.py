#!/usr/bin/env python3
"""Writes the sniffing corpus: crafted samples plus copies of small real files.

Run from this folder; the samples and expected.tsv are committed, so the tests never
depend on this machine's files. expected.tsv: FILE, the type through stdin (the content
decides), the type through the file (the extension decides), and whether it is text.
"""
import bz2
import gzip
import io
import lzma
import os
import random
import shutil
import struct
import sys
import sysconfig
import tarfile
import zipfile

OUT = "samples"
rows = []


def sample(name, data, stdin_type, file_type, text):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)
    rows.append((name, stdin_type, file_type, "text" if text else "binary"))


def text(name, content, stdin_type, file_type=None):
    sample(name, content, stdin_type, file_type or stdin_type, True)


def binary(name, data, stdin_type, file_type=None):
    sample(name, data, stdin_type, file_type or stdin_type, False)


def copied(name, source, stdin_type, file_type=None):
    with open(source, "rb") as f:
        binary(name, f.read(), stdin_type, file_type)


U8 = "public.utf8-plain-text"
# No system type declares these; shared-mime-info's globs name their MIME types, and pb
# gives those the dynamic identifiers macOS mints for them (pb type application/toml).
TOML = "dyn.ah62d4rv4gq80c6durvy0g2pyrf106p5yr7002"
SQL = "dyn.ah62d4rv4gq80c6durvy0g2pyrf106p5xsf0a"
GO = "dyn.ah62d4rv4gq81k3p2su11upphr6"
RUST = "dyn.ah62d4rv4gq81k3p2su11e7pxsu"
TEX = "dyn.ah62d4rv4gq81k3p2su11uppyqz6a"


def texts():
    # Text that libmagic or xdg-mime take for something else.
    text("mm.txt", "MM this line starts like a TIFF header\n", U8)
    text("pa279cv.txt", "PA279CV is a monitor, not an HP-GL plot\n", U8)
    text("gif-words.txt", "GIF89a is the name of an image format\n", U8)
    text("pdf-words.txt", "%PDF-1.7 is where a PDF file begins\n", U8)
    text("mz.txt", "MZ is how Windows executables start\n", U8)
    text("fLaC.txt", "fLaC is the FLAC magic number\n", U8)
    text("bzh.txt", "BZh9 starts a bzip2 stream\n", U8)
    # Scripts and markup that say what they are.
    text("hello.sh", "#!/bin/sh\necho hello\n", "public.shell-script")
    text("deploy.bash", "#!/bin/bash\nset -eu\necho deploying\n", "public.shell-script", "public.bash-script")
    text("hello.php", "<?php\necho 'hello';\n?>\n", "public.php-script")
    text("tool.py", "#!/usr/bin/env python3\nimport sys\n\ndef main():\n    print(sys.argv)\n\nmain()\n", "public.python-script")
    text("module.py", "import os\nimport sys\n\n\ndef walk(path):\n    for root, dirs, files in os.walk(path):\n        print(root)\n", "public.python-script")
    text("tool.rb", "#!/usr/bin/env ruby\nputs 'hello'\n", "public.ruby-script")
    text("tool.pl", "#!/usr/bin/perl\nuse strict;\nprint \"hello\\n\";\n", "public.perl-script")
    text("change.diff", "--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@\n int a;\n-int b;\n+int c;\n int d;\n", "public.patch-file")
    text("page.html", "<!DOCTYPE html>\n<html><head><title>t</title></head><body><p>x</p></body></html>\n", "public.html")
    text("doc.xml", '<?xml version="1.0" encoding="UTF-8"?>\n<notes><note id="1">x</note></notes>\n', "public.xml")
    text("logo.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n', "public.svg-image")
    text("object.json", '{"name": "pb", "tags": ["a", "b"], "count": 3}\n', "public.json")
    text("array.json", '[1, 2, {"three": 3}]\n', "public.json")
    text("lines.ndjson", '{"a": 1}\n{"a": 2}\n{"a": 3}\n', "public.ndjson")
    text("table.csv", "name,age,city\nann,31,oslo\nbob,42,rome\ncid,27,lima\n", "public.comma-separated-values-text")
    text("card.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:Ann Example\nEMAIL:ann@example.com\nEND:VCARD\n", "public.vcard")
    text("event.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//pb//corpus//EN\nBEGIN:VEVENT\nUID:1@example.com\nDTSTART:20261121T100000Z\nSUMMARY:Tea\nEND:VEVENT\nEND:VCALENDAR\n", "com.apple.ical.ics")
    text("letter.rtf", "{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\\f0 Hello}\n", "public.rtf")
    # Text whose kind only its extension tells.
    text("config.toml", '[package]\nname = "pb"\nversion = "0.1.0"\n', U8, TOML)
    text("config.yaml", "name: pb\nversion: 0.1\ntags:\n  - a\n  - b\n", U8, "public.yaml")
    text("compose.yml", "services:\n  web:\n    image: nginx\n", U8, "public.yaml")
    text("readme.md", "# pb\n\nA *pasteboard* for the shell.\n\n- copy\n- paste\n", U8, "net.daringfireball.markdown")
    text("short.csv", "a,b\n1,2\n", U8, "public.comma-separated-values-text")
    text("table.tsv", "name\tage\nann\t31\nbob\t42\n", U8, "public.tab-separated-values-text")
    text("scalar.json", "42\n", U8, "public.json")
    text("fragment.html", "<b>bold</b> and <i>italic</i>\n", U8, "public.html")
    text("div.htm", "<div class=\"note\">x</div>\n", U8, "public.html")
    text("style.css", "body { margin: 0; color: #333; }\n", U8, "public.css")
    text("query.sql", "SELECT name FROM users WHERE age > 30 ORDER BY name;\n", U8, SQL)
    text("notes.log", "2026-11-21 10:00:01 started\n2026-11-21 10:00:02 ready\n", U8, "com.apple.log")
    text("paper.tex", "\\documentclass{article}\n\\begin{document}\nHello.\n\\end{document}\n", TEX, TEX)
    text("rules.mk", "all: pb\n\npb: main.o\n\tcc -o pb main.o\n", "public.make-source")
    # Source code: libmagic's C rule fires on many languages, so only the extension tells;
    # but a preprocessor directive is C's own, and its Java rule needs Java's own words.
    text("main.c", "#include <stdio.h>\n\nint main(void) {\n  printf(\"hi\\n\");\n  return 0;\n}\n", "public.c-source", "public.c-source")
    text("list.h", "#ifndef LIST_H\n#define LIST_H\nstruct list { struct list *next; };\n#endif\n", "public.c-source", "public.c-header")
    text("shape.cpp", "#include <iostream>\nclass Shape {\npublic:\n  virtual ~Shape() {}\n};\nint main() { std::cout << 1; }\n", "public.c-source", "public.c-plus-plus-source")
    text("main.swift", "import Foundation\n\nstruct Point { var x: Int; var y: Int }\nprint(Point(x: 1, y: 2))\n", U8, "public.swift-source")
    text("main.go", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n", U8, GO)
    text("main.rs", "fn main() {\n    let v: Vec<i32> = vec![1, 2];\n    println!(\"{:?}\", v);\n}\n", U8, RUST)
    text("Main.java", "public class Main {\n  public static void main(String[] args) {\n    System.out.println(\"hi\");\n  }\n}\n", "com.sun.java-source")
    text("app.js", "const items = [1, 2, 3];\nconsole.log(items.map((n) => n * 2));\n", U8, "com.netscape.javascript-source")
    # libmagic's JavaScript rule stands from a pipe (TypeScript is a superset); a name it
    # does not agree with (`.ts` is an MPEG transport stream to the database) leaves text.
    text("index.ts", "let count: number = 1;\nexport function add(a: number, b: number): number { return a + b; }\n",
         "com.netscape.javascript-source", U8)
    text("View.m", "#import <Foundation/Foundation.h>\n@interface View : NSObject\n@end\n@implementation View\n@end\n", "public.objective-c-source", "public.objective-c-source")
    # Encodings.
    text("utf8.txt", "héllo wörld ✓ 日本語\n", U8)
    text("utf8-bom.txt", "\ufeffwith a byte-order mark\n", U8)
    sample("utf16le.txt", "\ufeffUTF-16 little-endian\n".encode("utf-16-le"), "public.utf16-external-plain-text", "public.utf16-external-plain-text", True)
    sample("utf16be.txt", "\ufeffUTF-16 big-endian\n".encode("utf-16-be"), "public.utf16-external-plain-text", "public.utf16-external-plain-text", True)
    text("url.txt", "https://example.com/path?q=1\n", U8)
    text("empty.txt", "", U8)


def pdf():
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n%s\nendobj\n" % (number, body))
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


def truetype():
    header = struct.pack(">IHHHH", 0x00010000, 1, 16, 0, 0)
    record = b"head" + struct.pack(">III", 0, 28, 54)
    head = struct.pack(">IIIIHH", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0, 1000) + bytes(36)
    return header + record + head


def binaries(stdlib):
    images = os.path.join(stdlib, "test", "imghdrdata")
    copied("python.png", os.path.join(images, "python.png"), "public.png")
    copied("python.jpg", os.path.join(images, "python.jpg"), "public.jpeg")
    copied("python.gif", os.path.join(images, "python.gif"), "com.compuserve.gif")
    copied("python.tiff", os.path.join(images, "python.tiff"), "public.tiff")
    copied("python.webp", os.path.join(images, "python.webp"), "org.webmproject.webp")
    copied("python.bmp", os.path.join(images, "python.bmp"), "com.microsoft.bmp")
    copied("idle.ico", os.path.join(stdlib, "idlelib", "Icons", "idle.ico"), "com.microsoft.ico")
    copied("pluck.wav", os.path.join(stdlib, "test", "audiodata", "pluck-pcm8.wav"), "com.microsoft.waveform-audio")
    copied("pluck.aiff", os.path.join(stdlib, "test", "audiodata", "pluck-pcm8.aiff"), "public.aiff-audio")
    copied("tone.mp3", "/usr/lib/google-cloud-sdk/platform/gsutil/gslib/tests/test_data/test.mp3", "public.mp3")
    binary("minimal.pdf", pdf(), "com.adobe.pdf")
    binary("font.ttf", truetype(), "public.truetype-ttf-font")
    members = io.BytesIO()
    with zipfile.ZipFile(members, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("a.txt", "alpha\n" * 50)
        archive.writestr("b.txt", "beta\n" * 50)
    binary("archive.zip", members.getvalue(), "public.zip-archive")
    binary("notes.gz", gzip.compress(b"some notes\n" * 100, mtime=0), "org.gnu.gnu-zip-archive")
    tarball = io.BytesIO()
    with tarfile.open(fileobj=tarball, mode="w", format=tarfile.GNU_FORMAT) as archive:
        info = tarfile.TarInfo("hello.txt")
        payload = b"hello\n"
        info.size = len(payload)
        info.mtime = 0
        archive.addfile(info, io.BytesIO(payload))
    binary("archive.tar", tarball.getvalue(), "public.tar-archive")
    binary("archive.tgz", gzip.compress(tarball.getvalue(), mtime=0), "org.gnu.gnu-zip-tar-archive", "org.gnu.gnu-zip-tar-archive")
    binary("notes.bz2", bz2.compress(b"some notes\n" * 100), "public.bzip2-archive")
    binary("notes.xz", lzma.compress(b"some notes\n" * 100), "org.tukaani.xz-archive")
    generator = random.Random(1)
    binary("random.bin", bytes(generator.getrandbits(8) for _ in range(2048)), "public.data")
    binary("zeros.dat", bytes(512), "public.data")
    binary("nul-in-text.txt", b"text with a NUL\x00 byte inside\n", "public.data")


def main():
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    texts()
    binaries(sysconfig.get_paths()["stdlib"])
    with open("expected.tsv", "w") as f:
        f.write("# file\tthrough stdin\tthrough the file\tkind\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    print(f"{len(rows)} samples", file=sys.stderr)


if __name__ == "__main__":
    main()
