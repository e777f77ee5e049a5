#!/usr/bin/python3
"""Image helpers for the derived-representation tests, run by Debian's /usr/bin/python3
(its python3-gi; a python3 elsewhere on PATH may lack it):
  make-jpeg OUT WIDTH HEIGHT   writes a photo-like JPEG (GdkPixbuf)
  make-png JPEG OUT            writes the same image as a PNG (for bench/bench.py)
  check-png FILE               prints WIDTHxHEIGHT when FILE is a whole PNG whose
                               pixel data inflates to exactly its rows, else why not
  gtk-png                      a GTK 3 client reading the clipboard's image/png, decoded
                               by GdkPixbuf: prints WIDTHxHEIGHT, or "none"
"""
import struct
import sys
import zlib


def photo(width, height):
    """A photo-like image: a smooth noisy gradient drawn at a tenth of the size and
    scaled up, with fine grain added, so that it compresses as a photo does (a
    12-megapixel one in a few seconds: the grain is one XOR of big integers)."""
    import random
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf, GLib
    small_width, small_height = max(2, width // 10), max(2, height // 10)
    generator = random.Random(12345)
    pixels = bytearray(small_width * small_height * 3)
    for y in range(small_height):
        for x in range(small_width):
            noise = generator.randrange(48)
            at = (y * small_width + x) * 3
            pixels[at] = (x * 255 // small_width + noise) & 255
            pixels[at + 1] = (y * 255 // small_height + noise) & 255
            pixels[at + 2] = ((x + y) * 128 // (small_width + small_height) + noise) & 255
    small = GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(bytes(pixels)), GdkPixbuf.Colorspace.RGB, False, 8,
                                            small_width, small_height, small_width * 3)
    big = small.scale_simple(width, height, GdkPixbuf.InterpType.BILINEAR)
    data = big.get_pixels()
    grain = generator.randbytes(big.get_rowstride() * 7 + 13)
    grain = (grain * (len(data) // len(grain) + 1))[:len(data)].translate(bytes(b & 15 for b in range(256)))
    mixed = (int.from_bytes(data, "little") ^ int.from_bytes(grain, "little")).to_bytes(len(data), "little")
    return GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(mixed), GdkPixbuf.Colorspace.RGB, big.get_has_alpha(), 8,
                                           width, height, big.get_rowstride())


def make_jpeg(out, width, height):
    photo(width, height).savev(out, "jpeg", ["quality"], ["90"])


def make_png(jpeg, out):
    """The same image as a PNG, decoded from the JPEG by GdkPixbuf (libjpeg)."""
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf
    GdkPixbuf.Pixbuf.new_from_file(jpeg).savev(out, "png", [], [])


def check_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return "not a PNG"
    at, idat, header = 8, b"", None
    while at + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0]:
            return "bad CRC in " + kind.decode("latin-1")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        at += 12 + length
    if header is None:
        return "no IHDR"
    width, height, depth, colour = header[:4]
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    rows = zlib.decompress(idat)
    if len(rows) != height * (1 + width * channels * depth // 8):
        return "pixel data of %d bytes for %dx%d" % (len(rows), width, height)
    return "%dx%d" % (width, height)


def gtk_png():
    import gi
    gi.require_version("Gtk", "3.0")
    gi.require_version("Gdk", "3.0")
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import Gdk, GdkPixbuf, Gtk
    clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
    contents = clipboard.wait_for_contents(Gdk.Atom.intern("image/png", False))
    if contents is None or contents.get_length() <= 0:
        return "none"
    loader = GdkPixbuf.PixbufLoader.new_with_mime_type("image/png")
    loader.write(contents.get_data())
    loader.close()
    pixbuf = loader.get_pixbuf()
    return "%dx%d" % (pixbuf.get_width(), pixbuf.get_height())


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "make-jpeg":
        make_jpeg(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif command == "make-png":
        make_png(sys.argv[2], sys.argv[3])
    elif command == "check-png":
        print(check_png(sys.argv[2]))
    elif command == "gtk-png":
        print(gtk_png())
