# Texts in many encodings, with BOMs, NULs, control characters, odd lengths.
import os, random, codecs
random.seed(33)
out = "texts"; os.makedirs(out, exist_ok=True)
samples = [
  "Hello, world!\n", "#!/bin/sh\necho hi\n", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n",
  "<svg width='1'/>", "<!DOCTYPE html><html><body>héllo</body></html>", "{\"a\": [1,2,3]}\n", "a,b,c\n1,2,3\n4,5,6\n",
  "From: a@b.c\nSubject: hi\n\nbody\n", "%PDF-1.4\n", "\\documentclass{article}\n\\begin{document}x\\end{document}\n",
  "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n", "package main\nfunc main() {}\n",
  "#include <stdio.h>\nint main(void){return 0;}\n", "import os\ndef f():\n    return 1\n", "Ünïcödé ţëxţ — “quotes” …\n",
  "日本語のテキスト\n", "Привет мир\n", "Ελληνικά\n", "emoji 😀🎉\n", "BEGIN:VCARD\nVERSION:3.0\nEND:VCARD\n",
  "-----BEGIN PGP MESSAGE-----\n", "<?php echo 1; ?>\n", "MZ this is text", "PK\x03\x04 text", "GIF89a text",
  "\x7fELF text", "begin 644 x\n", "[Desktop Entry]\nName=x\n", "<svg", "svg", "<?xml", "  <svg  ", "\t<svg\n",
]
encs = ["utf-8", "utf-8-sig", "latin-1", "utf-16-le", "utf-16-be", "utf-16", "utf-32-le", "utf-32-be", "utf-32", "cp500", "cp037", "cp1252", "koi8-r", "shift_jis", "euc-jp", "gb18030", "iso2022_jp", "utf-7"]
n = 0
def w(b):
  global n
  with open(f"{out}/t{n:06d}", "wb") as f: f.write(b)
  n += 1
for s in samples:
  for e in encs:
    try: b = s.encode(e, errors="replace")
    except Exception: continue
    w(b)
    w(b * 50)
    w(b[:1]); w(b[:2]); w(b[:3]); w(b[:5]); w(b[:8])
    # BOMs added by hand, NULs, controls
    for pre in [b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff", b"\x00", b"\x1b", b"\x0c", b"\x7f", b"\xc0\xaf"]:
      w(pre + b)
    for k in range(6):
      bb = bytearray(b)
      for _ in range(random.randint(1, 3)):
        if bb: bb[random.randrange(len(bb))] = random.choice([0, 1, 7, 8, 0x1b, 0x7f, 0x80, 0xa0, 0xc3, 0xff, 0x0d])
      w(bytes(bb))
# Exactly 64 KiB heads of text with tails of interest, and 64 KiB + a bit.
for s in samples[:12]:
  for e in ["utf-8", "utf-16-le", "latin-1"]:
    b = s.encode(e, errors="replace")
    body = (b * (65536 // max(1, len(b)) + 2))
    w(body[:65536]); w(body[:65535]); w(body[:65537]); w(body[:65536 - 1] + b"\xc3"); w(body[:65534] + "é".encode("utf-8"))
# Random printable-ish text with SVG near the 64 KiB cut
for k in range(50):
  filler = bytes(random.choice(b"abc \n\t") for _ in range(65536))
  at = random.choice([0, 10, 4090, 4096, 8192, 65530, 65525, 65536 - 13, 65536 - 4])
  b = filler[:at] + b"<svg" + filler[at:]
  w(b[:65536 + 10])
print(n)
