#!/usr/bin/python3
"""Collects the type corpus into files/NNNN/NAME and writes sources.tsv (where each file came from).

Run once with /usr/bin/python3 (python3-gi) on a Debian machine; the files are committed,
so the tests never depend on this machine. Two sources:
  1. Files Debian's packages installed under /usr/share, /usr/lib, /usr/include, /usr/bin
     and /etc (owned by a package in dpkg's lists, 24 B to 1 MiB): grouped by GLib's type
     for the file (name and data); of each type, up to PER_TYPE of its smallest size class
     (64 KiB, 256 KiB; one file of a type with only larger ones), from different packages
     and extensions first; plus one file for each type GLib gives from the data alone that
     no group has yet.
  2. Files written by hand in written/ (kept there, part of the corpus as they are), and
     files real tools write (ImageMagick, ffmpeg, sox, LibreOffice, openssl, genisoimage,
     qemu-img, archivers, ...) for formats no installed package ships: GENERATED below,
     each with the format it asked the tool for, which is its label.
Then run scripts/record-type-corpus.py to write corpus.tsv.
"""
import collections
import os
import shutil
import subprocess
import sys
import tempfile

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = os.path.join(HERE, "files")
ROOTS = ["/usr/share", "/usr/lib", "/usr/include", "/usr/bin", "/etc"]
PER_TYPE = 3
SMALL, LARGE, LARGEST = 64 << 10, 256 << 10, 1 << 20
# GLib's generic answers say nothing of what a file is: no group is made of them.
GENERIC = {"application/octet-stream", "text/plain"}
# Files of no format the MIME database or libmagic names (GLib's type for them comes from
# a glob that means something else): nothing to measure a detector against.
LEFT_OUT = {
    "/usr/share/vim/vim90/spell/en.ascii.spl",  # vim's spell file; *.spl is Flash
    "/usr/share/vim/vim90/spell/en.latin1.spl",
    "/usr/share/vim/vim90/spell/en.utf-8.spl",
}


def owners():
    """Every path dpkg's lists name, with its package (/lib paths under merged /usr too)."""
    owner = {}
    info = "/var/lib/dpkg/info"
    for name in os.listdir(info):
        if name.endswith(".list"):
            package = name[:-5].split(":")[0]
            with open(os.path.join(info, name), errors="replace") as f:
                for line in f:
                    path = line.rstrip("\n")
                    owner[path] = package
                    if path.startswith(("/lib/", "/bin/", "/sbin/")):
                        owner["/usr" + path] = package
    return owner


def installed_files(owner):
    for root in ROOTS:
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                path = os.path.join(folder, name)
                if os.path.islink(path) or path not in owner or path in LEFT_OUT:
                    continue
                try:
                    if not 24 <= os.path.getsize(path) <= LARGEST:
                        continue
                    with open(path, "rb") as f:
                        data = f.read()
                except OSError:
                    continue
                yield path, data


def extension(path):
    name = os.path.basename(path)
    return name[name.find("."):] if "." in name[1:] else ""


def size_class(size):
    return 0 if size <= SMALL else 1 if size <= LARGE else 2


def pick_installed(owner):
    groups = collections.defaultdict(list)
    by_data = collections.defaultdict(list)
    for path, data in installed_files(owner):
        entry = (size_class(len(data)), owner[path], extension(path), path)
        groups[Gio.content_type_guess(path, data)[0]].append(entry)
        by_data[Gio.content_type_guess(None, data)[0]].append(entry)
    chosen = []
    for guess, entries in sorted(groups.items()):
        if guess in GENERIC:
            continue
        # Only the smallest size class a type has; of those, a package and an extension
        # not taken yet first, then any. One file of a type that has only large ones.
        smallest = min(entry[0] for entry in entries)
        entries = sorted(entry for entry in entries if entry[0] == smallest)
        wanted = PER_TYPE if smallest < 2 else 1
        packages, extensions, picked = set(), set(), []
        for strict in (True, False):
            for _, package, ext, path in entries:
                if len(picked) == wanted or path in picked:
                    continue
                if strict and (package in packages or ext in extensions):
                    continue
                picked.append(path)
                packages.add(package)
                extensions.add(ext)
        chosen += picked
    covered = set(chosen)
    for guess, entries in sorted(by_data.items()):
        if guess not in GENERIC and not covered.intersection(e[3] for e in entries):
            chosen.append(min(entries)[3])
    return sorted(set(chosen))


# name, label (the MIME type of the format asked for), shell command writing $OUT in $DIR
# from $SRC (written/ and Debian's logo, logo.png) or from files made before it in $DIR
# (cert.pem and key.pem, letter.odt, graph.ps, clip.pot, fr.po).
GENERATED = [
    ("logo.ras", "image/x-sun-raster", "/usr/bin/convert $SRC/logo.png sun:$OUT"),
    ("logo.pcx", "image/vnd.zbrush.pcx", "/usr/bin/convert $SRC/logo.png pcx:$OUT"),
    ("logo.tga", "image/x-tga", "/usr/bin/convert $SRC/logo.png tga:$OUT"),
    ("logo.bmp", "image/bmp", "/usr/bin/convert $SRC/logo.png bmp:$OUT"),
    ("logo.tiff", "image/tiff", "/usr/bin/convert $SRC/logo.png tiff:$OUT"),
    ("logo.webp", "image/webp", "/usr/bin/convert $SRC/logo.png webp:$OUT"),
    ("logo.pgm", "image/x-portable-graymap", "/usr/bin/convert $SRC/logo.png pgm:$OUT"),
    ("logo.ppm", "image/x-portable-pixmap", "/usr/bin/convert $SRC/logo.png ppm:$OUT"),
    ("logo.pbm", "image/x-portable-bitmap", "/usr/bin/convert $SRC/logo.png pbm:$OUT"),
    ("logo.pam", "image/x-portable-arbitrarymap", "/usr/bin/convert $SRC/logo.png pam:$OUT"),
    ("logo.sgi", "image/x-sgi", "/usr/bin/convert $SRC/logo.png sgi:$OUT"),
    ("logo.psd", "image/vnd.adobe.photoshop", "/usr/bin/convert $SRC/logo.png psd:$OUT"),
    ("logo.xpm", "image/x-xpixmap", "/usr/bin/convert $SRC/logo.png xpm:$OUT"),
    ("logo.xbm", "image/x-xbitmap", "/usr/bin/convert $SRC/logo.png xbm:$OUT"),
    ("logo.xwd", "image/x-xwindowdump", "/usr/bin/convert $SRC/logo.png xwd:$OUT"),
    ("logo.ico", "image/vnd.microsoft.icon", "/usr/bin/convert $SRC/logo.png -resize 32x32 ico:$OUT"),
    ("logo.jpg", "image/jpeg", "/usr/bin/convert $SRC/logo.png jpeg:$OUT"),
    ("logo.gif", "image/gif", "/usr/bin/convert $SRC/logo.png gif:$OUT"),
    ("logo.jp2", "image/jp2", "/usr/bin/convert $SRC/logo.png jp2:$OUT"),
    ("logo.fits", "image/fits", "/usr/bin/convert $SRC/logo.png fits:$OUT"),
    ("logo.dds", "image/x-dds", "/usr/bin/convert $SRC/logo.png dds:$OUT"),
    ("logo.miff", "image/x-miff", "/usr/bin/convert $SRC/logo.png miff:$OUT"),
    ("logo.eps", "image/x-eps", "/usr/bin/convert $SRC/logo.png eps2:$OUT"),
    ("logo.avif", "image/avif", "/usr/bin/convert $SRC/logo.png avif:$OUT"),
    ("logo.heic", "image/heif", "/usr/bin/convert $SRC/logo.png heic:$OUT"),
    ("logo.wbmp", "image/vnd.wap.wbmp", "/usr/bin/convert $SRC/logo.png wbmp:$OUT"),
        ("graph.svg", "image/svg+xml", "dot -Tsvg $SRC/graph.dot -o $OUT"),
    ("graph.gif", "image/gif", "dot -Tgif $SRC/graph.dot -o $OUT"),
    ("graph.fig", "image/x-xfig", "dot -Tfig $SRC/graph.dot -o $OUT"),
    ("graph.vml", "text/html", "dot -Tvml $SRC/graph.dot -o $OUT"),
    ("graph.ps", "application/postscript", "dot -Tps $SRC/graph.dot -o $OUT"),
    ("graph.json", "application/json", "dot -Tjson $SRC/graph.dot -o $OUT"),
    ("graph.pdf", "application/pdf", "gs -q -dNOPAUSE -dBATCH -sDEVICE=pdfwrite -sOutputFile=$OUT $DIR/graph.ps"),
    ("tone.wav", "audio/x-wav", "sox -n -r 8000 -c 1 $OUT synth 0.3 sine 440"),
    ("tone.aiff", "audio/x-aiff", "sox -n -r 8000 -c 1 $OUT synth 0.3 sine 440"),
    ("tone.au", "audio/basic", "sox -n -r 8000 -c 1 $OUT synth 0.3 sine 440"),
    ("tone.voc", "audio/x-voc", "sox -n -r 8000 -c 1 $OUT synth 0.3 sine 440"),
    ("tone.flac", "audio/flac", "sox -n -r 8000 -c 1 $OUT synth 0.3 sine 440"),
    ("tone.ogg", "audio/x-vorbis+ogg", "sox -n -r 8000 -c 1 $OUT synth 0.3 sine 440"),
    ("tone.mp3", "audio/mpeg", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3:r=8000 $OUT"),
    ("tone.opus", "audio/x-opus+ogg", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3 $OUT"),
    ("tone.spx", "audio/x-speex+ogg", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3:r=8000 -c:a libspeex $OUT"),
    ("tone.m4a", "audio/mp4", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3:r=8000 $OUT"),
    ("tone.mka", "audio/x-matroska", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3:r=8000 $OUT"),
    ("tone.wma", "audio/x-ms-wma", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3:r=8000 $OUT"),
    ("tone.ac3", "audio/ac3", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3 $OUT"),
    ("tone.aac", "audio/aac", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3:r=8000 -f adts $OUT"),
    ("tone.mp2", "audio/mp2", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3 $OUT"),
    ("tone.wv", "audio/x-wavpack", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3:r=8000 $OUT"),
    ("tone.tta", "audio/x-tta", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3:r=8000 $OUT"),
    ("clip.mp4", "video/mp4", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 -pix_fmt yuv420p $OUT"),
    ("clip.mkv", "video/x-matroska", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 $OUT"),
    ("clip.webm", "video/webm", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 $OUT"),
    ("clip.avi", "video/x-msvideo", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 $OUT"),
    ("clip.mov", "video/quicktime", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 $OUT"),
    ("clip.flv", "video/x-flv", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 $OUT"),
    ("clip.mpg", "video/mpeg", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=25 $OUT"),
    ("clip.ts", "video/mp2t", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=25 $OUT"),
    ("clip.3gp", "video/3gpp", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=176x144:r=5 $OUT"),
    ("clip.ogv", "video/x-theora+ogg", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 -c:v libtheora $OUT"),
    ("clip.wmv", "video/x-ms-wmv", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 $OUT"),
    ("clip.asf", "application/vnd.ms-asf", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 -f asf $OUT"),
    ("clip.swf", "application/vnd.adobe.flash.movie", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 $OUT"),
    ("clip.mjpeg", "video/x-mjpeg", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=5 -f mjpeg $OUT"),
    ("clip.gif", "image/gif", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.4:s=32x24:r=5 $OUT"),
    ("clip.apng", "image/png", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.4:s=32x24:r=5 -plays 0 -f apng $OUT"),
    ("letter.odt", "application/vnd.oasis.opendocument.text", "soffice --headless --convert-to odt --infilter='HTML (StarWriter)' --outdir $DIR $SRC/letter.html"),
    ("letter.ott", "application/vnd.oasis.opendocument.text-template", "soffice --headless --convert-to ott --outdir $DIR $DIR/letter.odt"),
    ("letter.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "soffice --headless --convert-to 'docx:MS Word 2007 XML' --infilter='HTML (StarWriter)' --outdir $DIR $SRC/letter.html"),
    ("letter.doc", "application/msword", "soffice --headless --convert-to 'doc:MS Word 97' --infilter='HTML (StarWriter)' --outdir $DIR $SRC/letter.html"),
    ("letter.rtf", "application/rtf", "soffice --headless --convert-to 'rtf:Rich Text Format' --infilter='HTML (StarWriter)' --outdir $DIR $SRC/letter.html"),
    ("letter.fodt", "application/vnd.oasis.opendocument.text-flat-xml", "soffice --headless --convert-to 'fodt:OpenDocument Text Flat XML' --outdir $DIR $DIR/letter.odt"),
    ("letter.epub", "application/epub+zip", "soffice --headless --convert-to 'epub:EPUB' --outdir $DIR $DIR/letter.odt"),
    ("sheet.ods", "application/vnd.oasis.opendocument.spreadsheet", "soffice --headless --convert-to ods --outdir $DIR $SRC/sheet.csv"),
    ("sheet.ots", "application/vnd.oasis.opendocument.spreadsheet-template", "soffice --headless --convert-to ots --outdir $DIR $SRC/sheet.csv"),
    ("sheet.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "soffice --headless --convert-to xlsx --outdir $DIR $SRC/sheet.csv"),
    ("sheet.xls", "application/vnd.ms-excel", "soffice --headless --convert-to 'xls:MS Excel 97' --outdir $DIR $SRC/sheet.csv"),
    ("sheet.fods", "application/vnd.oasis.opendocument.spreadsheet-flat-xml", "soffice --headless --convert-to 'fods:OpenDocument Spreadsheet Flat XML' --outdir $DIR $SRC/sheet.csv"),
    ("archive.zip", "application/zip", "cd $SRC && zip -q -X $OUT letter.html graph.dot"),
    ("archive.7z", "application/x-7z-compressed", "cd $SRC && 7z a -bd $OUT letter.html graph.dot >/dev/null"),
    ("archive.tar", "application/x-tar", "tar -C $SRC -cf $OUT letter.html graph.dot"),
    ("archive.tar.gz", "application/x-compressed-tar", "tar -C $SRC -czf $OUT letter.html graph.dot"),
    ("archive.tar.bz2", "application/x-bzip-compressed-tar", "tar -C $SRC -cjf $OUT letter.html graph.dot"),
    ("archive.tar.xz", "application/x-xz-compressed-tar", "tar -C $SRC -cJf $OUT letter.html graph.dot"),
    ("archive.tar.zst", "application/x-zstd-compressed-tar", "tar -C $SRC --zstd -cf $OUT letter.html graph.dot"),
    ("archive.tar.lz", "application/x-lzip-compressed-tar", "tar -C $SRC --lzip -cf $OUT letter.html graph.dot"),
    ("archive.tar.lzo", "application/x-tzo", "tar -C $SRC --lzop -cf $OUT letter.html graph.dot"),
    ("archive.tar.lz4", "application/x-lz4-compressed-tar", "tar -C $SRC -cf - letter.html graph.dot | lz4 -q > $OUT"),
    ("letter.html.bz2", "application/x-bzip", "bzip2 -c $SRC/letter.html > $OUT"),
    ("letter.html.xz", "application/x-xz", "xz -c $SRC/letter.html > $OUT"),
    ("letter.html.zst", "application/zstd", "zstd -q -c $SRC/letter.html > $OUT"),
    ("letter.html.lz", "application/x-lzip", "lzip -c $SRC/letter.html > $OUT"),
    ("letter.html.lzo", "application/x-lzop", "lzop -c $SRC/letter.html > $OUT"),
    ("letter.html.lz4", "application/x-lz4", "lz4 -q -c $SRC/letter.html > $OUT"),
    ("letter.html.lzma", "application/x-lzma", "xz --format=lzma -c $SRC/letter.html > $OUT"),
    ("letter.cpio", "application/x-cpio", "cd $SRC && echo letter.html | cpio -o --quiet -H newc > $OUT"),
    ("letter.a", "application/x-archive", "cd $SRC && ar rc $OUT letter.html"),
    ("letter.iso", "application/x-cd-image", "genisoimage -quiet -o $OUT $SRC/letter.html"),
    ("disk.qcow2", "application/x-qemu-disk", "qemu-img create -q -f qcow2 $OUT 1M"),
    ("disk.vdi", "application/x-virtualbox-vdi", "qemu-img create -q -f vdi $OUT 1M"),
    ("disk.vmdk", "application/x-vmdk-disk", "qemu-img create -q -f vmdk $OUT 1M"),
    ("disk.vhd", "application/x-virtualbox-vhd", "qemu-img create -q -f vpc $OUT 1M"),
    ("floppy.img", "application/x-raw-disk-image", "mkfs.fat -C $OUT 64 >/dev/null && mcopy -i $OUT $SRC/letter.html ::"),
    ("letter.squashfs", "application/vnd.squashfs", "mksquashfs $SRC/letter.html $OUT -quiet -noappend -no-progress >/dev/null"),
    ("cert.pem", "application/x-x509-ca-cert", "openssl req -x509 -newkey rsa:2048 -nodes -keyout $DIR/key.pem -subj /CN=corpus -days 1 -out $OUT 2>/dev/null"),
    ("cert.der", "application/x-x509-ca-cert", "openssl x509 -in $DIR/cert.pem -outform DER -out $OUT"),
    ("request.csr", "application/pkcs10", "openssl req -new -key $DIR/key.pem -subj /CN=corpus -out $OUT"),
    ("store.p12", "application/pkcs12", "openssl pkcs12 -export -in $DIR/cert.pem -inkey $DIR/key.pem -passout pass:corpus -out $OUT"),
    ("message.p7s", "application/pkcs7-signature", "openssl smime -sign -in $SRC/letter.html -signer $DIR/cert.pem -inkey $DIR/key.pem -outform DER -out $OUT"),
    ("tone.gsm", "audio/x-gsm", "sox -n -r 8000 -c 1 $OUT synth 0.3 sine 440"),
    ("tone.oga", "audio/x-flac+ogg", "ffmpeg -loglevel error -f lavfi -i sine=d=0.3:r=8000 -c:a flac $OUT"),
    ("clip.dv", "video/dv", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.04:s=720x576:r=25 -pix_fmt yuv420p $OUT"),
    ("clip.rm", "application/vnd.rn-realmedia", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x32:r=5 -c:v rv10 $OUT"),
    ("clip.mxf", "application/mxf", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.08:s=720x576:r=25 -c:v mpeg2video -pix_fmt yuv422p $OUT"),
    ("clip.m2ts", "video/mp2t", "ffmpeg -loglevel error -f lavfi -i testsrc=d=0.2:s=32x24:r=25 -f mpegts -mpegts_m2ts_mode 1 $OUT"),
    ("stream.m3u8", "application/vnd.apple.mpegurl", "cd $DIR && ffmpeg -loglevel error -f lavfi -i sine=d=0.5 -f hls -hls_time 1 $OUT"),
    ("movie.ass", "text/x-ssa", "ffmpeg -loglevel error -i $SRC/movie.srt $OUT"),
    ("movie.vtt", "text/vtt", "ffmpeg -loglevel error -i $SRC/movie.srt $OUT"),
    ("tic.dvi", "application/x-dvi", "zcat /usr/share/man/man1/tic.1.gz | groff -man -Tdvi > $OUT"),
    ("tic.ps", "application/postscript", "zcat /usr/share/man/man1/tic.1.gz | groff -man -Tps > $OUT"),
    ("clip.pot", "text/x-gettext-translation-template", "cd $SRC && xgettext --keyword=_ -o $OUT clip.c"),
    ("fr.po", "text/x-gettext-translation", "msginit --no-translator -l fr_FR.UTF-8 -i $DIR/clip.pot -o $OUT 2>/dev/null"),
    ("fr.mo", "application/x-gettext-translation", "msgfmt -o $OUT $DIR/fr.po"),
    ("items.sqlite", "application/vnd.sqlite3", "/usr/bin/python3 -c \"import sqlite3; c = sqlite3.connect('$OUT'); c.execute('create table items(type text, size integer)'); c.execute(\\\"insert into items values ('public.png', 1678)\\\"); c.commit()\""),
    ("comic.cbz", "application/vnd.comicbook+zip", "cd $DIR && zip -q -X $OUT logo.jpg logo.gif"),
    ("hello.deb", "application/vnd.debian.binary-package", "mkdir -p $DIR/pkg/DEBIAN $DIR/pkg/usr/share/doc/hello-corpus && cp $SRC/letter.html $DIR/pkg/usr/share/doc/hello-corpus/ && printf 'Package: hello-corpus\\nVersion: 1.0\\nArchitecture: all\\nMaintainer: pb team <pb@example.org>\\nDescription: a package for the type corpus\\n' > $DIR/pkg/DEBIAN/control && dpkg-deb -Zxz --build $DIR/pkg $OUT >/dev/null"),
    ("list.crl", "application/pkix-crl", "cd $DIR && printf '[ca]\\ndefault_ca = c\\n[c]\\ndatabase = index.txt\\ndefault_md = sha256\\ndefault_crl_days = 30\\n' > ca.cnf && touch index.txt && openssl ca -batch -gencrl -config ca.cnf -keyfile key.pem -cert cert.pem -out $OUT 2>/dev/null"),
    ("clip.o", "application/x-object", "gcc -c -o $OUT $SRC/clip.c"),
    ("clip", "application/x-executable", "gcc -Os -s -no-pie -o $OUT $SRC/clip.c"),
    ("clip.pyc", "application/x-python-bytecode", "/usr/bin/python3 -c \"import py_compile; py_compile.compile('$SRC/clip.py', cfile='$OUT')\""),
    ("clip.html", "text/html", "zcat /usr/share/man/man1/tic.1.gz | groff -man -Thtml > $OUT"),
]


LOGO = "/usr/share/pixmaps/debian-logo.png"


def generate(first):
    """GENERATED, made in a temporary folder from the files of written/ (texts written by
    hand in their formats' usual shape, part of the corpus as they are) and Debian's logo."""
    rows = []
    written = os.path.join(HERE, "written")
    work = tempfile.mkdtemp(prefix="type-corpus-")
    source, made = os.path.join(work, "src"), os.path.join(work, "out")
    shutil.copytree(written, source)
    shutil.copyfile(LOGO, os.path.join(source, "logo.png"))
    os.mkdir(made)
    for name, mime, command in GENERATED:
        out = os.path.join(made, name)
        env = dict(os.environ, SRC=source, DIR=made, OUT=out, HOME=work)
        result = subprocess.run(["sh", "-c", command], env=env, capture_output=True, text=True)
        if result.returncode != 0 or not os.path.isfile(out) or not 0 < os.path.getsize(out) <= (1 << 20):
            print(f"skipped {name}: {command}: {result.stderr.strip()[:200]}", file=sys.stderr)
            continue
        tool = next(word for word in command.split() if word not in SHELL and shutil.which(word))
        rows.append((name, f"written by {tool}: {command}", package_of(tool), mime, f"the format {tool} was asked to write"))
    numbered = []
    for number, (name, origin, package, mime, comment) in enumerate(rows, first):
        target = f"{number:04d}/{name}"
        os.makedirs(os.path.join(FILES, str(number).zfill(4)))
        shutil.copyfile(os.path.join(made, name), os.path.join(FILES, target))
        numbered.append((target, origin, package, mime, comment))
    shutil.rmtree(work)
    return numbered


# Commands around the tool that writes a file, in GENERATED.
SHELL = {"cd", "{", "printf", "mkdir", "cp", "touch", "zcat"}


def package_of(tool):
    path = shutil.which(tool)
    result = subprocess.run(["dpkg", "-S", os.path.realpath(path)], capture_output=True, text=True)
    return result.stdout.split(":")[0] if result.returncode == 0 else ""


def main():
    os.makedirs(FILES, exist_ok=True)
    owner = owners()
    rows = []
    for number, path in enumerate(pick_installed(owner), 1):
        # A folder per file keeps its whole name: GLib's globs include literal names
        # (Makefile, README, AUTHORS) that a prefix would hide.
        name = f"{number:04d}/{os.path.basename(path)}"
        os.makedirs(os.path.join(FILES, str(number).zfill(4)))
        shutil.copyfile(path, os.path.join(FILES, name))
        rows.append((name, path, owner[path], "", ""))
    print(f"{len(rows)} installed files", file=sys.stderr)
    rows += generate(len(rows) + 1)
    with open(os.path.join(HERE, "sources.tsv"), "w") as f:
        f.write("path\torigin\tpackage\tmime\tcomment\n")
        for row in rows:
            f.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
