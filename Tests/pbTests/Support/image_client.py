#!/usr/bin/python3
"""Image helpers for the derived-representation tests, run by Debian's /usr/bin/python3
(its python3-gi; a python3 elsewhere on PATH may lack it):
  make-jpeg OUT WIDTH HEIGHT   writes a noisy photo-like JPEG (GdkPixbuf)
  check-png FILE               prints WIDTHxHEIGHT when FILE is a whole PNG whose
                               pixel data inflates to exactly its rows, else why not
  gtk-png                      a GTK 3 client reading the clipboard's image/png, decoded
                               by GdkPixbuf: prints WIDTHxHEIGHT, or "none"
"""
import struct
import sys
import zlib


def make_jpeg(out, width, height):
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf, GLib
    state = 12345
    pixels = bytearray(width * height * 3)
    for y in range(height):
        for x in range(width):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            noise = state >> 26
            at = (y * width + x) * 3
            pixels[at] = (x * 255 // width + noise) & 255
            pixels[at + 1] = (y * 255 // height + noise) & 255
            pixels[at + 2] = ((x + y) * 128 // (width + height) + noise) & 255
    pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(bytes(pixels)), GdkPixbuf.Colorspace.RGB, False, 8,
                                             width, height, width * 3)
    pixbuf.savev(out, "jpeg", ["quality"], ["90"])


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
    elif command == "check-png":
        print(check_png(sys.argv[2]))
    elif command == "gtk-png":
        print(gtk_png())
