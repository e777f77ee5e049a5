#!/usr/bin/python3
"""Image helpers for the derived-representation tests, run by Debian's /usr/bin/python3
(its python3-gi; a python3 elsewhere on PATH may lack it):
  make-jpeg OUT WIDTH HEIGHT   writes a photo-like JPEG (GdkPixbuf)
  make-png JPEG OUT            writes the same image as a PNG (for bench/bench.py)
  check-png FILE               prints WIDTHxHEIGHT when FILE is a whole PNG whose
                               pixel data inflates to exactly its rows, else why not
  same-pixels PNG IMAGE        prints "same" when GdkPixbuf decodes both files to the
                               same pixels, else how many bytes differ
  same-as-gtk PNG IMAGE        the same, IMAGE decoded as GTK decodes a pasted image
                               (a PixbufLoader whose error at the end is ignored)
  damage JPEG OUT              writes JPEG with a second SOF marker 60% into it: libjpeg
                               decodes the rows before it, and fails at the marker
  gtk-png                      a GTK 3 client reading the clipboard's image/png, decoded
                               by GdkPixbuf: prints WIDTHxHEIGHT, or "none"
  make-bomb KIND OUT           writes a small image whose headers claim 10000x10000
                               pixels: jpeg-progressive (490 empty scans, EXIF
                               orientation 6), jpeg-baseline, gif, tiff, webp (lossless)
                               or bmp; or tiff-planar (4700x4700, 16-bit RGBA in
                               planes: more of libtiff's buffers than of its pixels);
                               or webp-groups (1024x1024, 65,536 Huffman groups)
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


def bomb(kind, side=10000):
    """A few kilobytes claiming side x side pixels, written by hand: the decoders must
    refuse it from its headers, before they allocate or decode."""
    if kind.startswith("jpeg"):
        def segment(marker, body):
            return struct.pack(">BBH", 0xFF, marker, len(body) + 2) + body
        exif = b"Exif\0\0MM\0\x2a" + struct.pack(">IH", 8, 1) + struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + b"\0\0\0\0"
        out = b"\xff\xd8" + segment(0xE1, exif) + segment(0xDB, b"\0" + bytes([1] * 64))
        components = b"".join(bytes([i, 0x11, 0]) for i in (1, 2, 3))
        out += segment(0xC2 if kind == "jpeg-progressive" else 0xC0, struct.pack(">BHHB", 8, side, side, 3) + components)
        # One code of one bit in each table: DC difference 0, and end of block.
        one_code = bytes([1] + [0] * 15) + b"\0"
        out += segment(0xC4, b"\x00" + one_code + b"\x10" + one_code)
        if kind == "jpeg-progressive":
            out += segment(0xDA, b"\x03" + b"".join(bytes([i, 0]) for i in (1, 2, 3)) + b"\x00\x00\x00")
            for scan in range(489):
                out += segment(0xDA, bytes([1, 1 + scan % 3, 0, 1, 63, 0]))
        else:
            out += segment(0xDA, b"\x03" + b"".join(bytes([i, 0]) for i in (1, 2, 3)) + b"\x00\x3f\x00") + bytes(2000)
        return out + b"\xff\xd9"
    if kind == "gif":
        screen = b"GIF89a" + struct.pack("<HHBBB", side, side, 0x80, 0, 0) + bytes(6)
        frame = b"\x2c" + struct.pack("<HHHHB", 0, 0, side, side, 0) + b"\x02"
        return screen + frame + b"\x02\x44\x01\x00" * 8 + b"\x00\x3b"
    if kind == "tiff":
        entries = [(256, 4, 1, side), (257, 4, 1, side), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 2),
                   (273, 4, 1, 8), (277, 3, 1, 3), (278, 4, 1, side), (279, 4, 1, side * side * 3)]
        ifd = struct.pack("<H", len(entries)) + b"".join(
            struct.pack("<HHII", tag, kind_, count, value) if kind_ == 4 else struct.pack("<HHIHH", tag, kind_, count, value, 0)
            for tag, kind_, count, value in entries) + b"\0\0\0\0"
        return b"II*\0" + struct.pack("<I", 8) + ifd + bytes(2000)
    if kind == "tiff-planar":
        # Not a claim of 10000x10000 but 4700x4700 at 16 bits, RGBA in planes of one
        # strip each, deflated (170 KB): libtiff reads a plane's strip into a buffer of
        # four, so beside the pixels (84 MiB) it holds four strips (168 MiB), not two.
        side = 4700
        plane = zlib.compress(bytes(side * side * 2), 9)
        arrays = 8 + 4 * len(plane)
        entries = [(256, 4, 1, side), (257, 4, 1, side), (258, 3, 4, arrays), (259, 3, 1, 8), (262, 3, 1, 2),
                   (273, 4, 4, arrays + 8), (277, 3, 1, 4), (278, 4, 1, side), (279, 4, 4, arrays + 24),
                   (284, 3, 1, 2), (338, 3, 1, 2)]
        ifd = struct.pack("<H", len(entries)) + b"".join(
            struct.pack("<HHII", tag, kind_, count, value) if kind_ == 4 or count > 1
            else struct.pack("<HHIHH", tag, kind_, count, value, 0)
            for tag, kind_, count, value in entries) + b"\0\0\0\0"
        tables = struct.pack("<4H", 16, 16, 16, 16) + struct.pack("<4I", *[8 + i * len(plane) for i in range(4)])
        tables += struct.pack("<4I", *[len(plane)] * 4)
        return b"II*\0" + struct.pack("<I", arrays + len(tables)) + plane * 4 + tables + ifd
    if kind == "webp-groups":
        return webp_groups()
    if kind == "webp":
        bits = (side - 1) | (side - 1) << 14 | 1 << 28
        vp8l = b"\x2f" + struct.pack("<I", bits) + bytes(2000)
        chunk = b"VP8L" + struct.pack("<I", len(vp8l)) + vp8l
        return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk
    if kind == "bmp":
        header = struct.pack("<IiiHHIIiiII", 40, side, side, 1, 24, 0, side * side * 3, 2835, 2835, 0, 0)
        return b"BM" + struct.pack("<IHHI", 14 + len(header) + 2000, 0, 0, 14 + len(header)) + header + bytes(2000)
    sys.exit("no such bomb: " + kind)


def webp_groups():
    """A lossless WebP of 1024x1024 (295 KB) whose entropy image names 65,536 groups of
    Huffman codes, each a code of one symbol (no bits a pixel), with a colour cache of
    2,048: libwebp allocates the tables of every group, about 5 KiB each touched."""
    bits = []

    def put(value, count):  # least significant bit first, as VP8L reads
        bits.extend((value >> i) & 1 for i in range(count))

    def code(value, count):  # a Huffman code, its first bit first
        bits.extend((value >> i) & 1 for i in reversed(range(count)))

    def simple():  # one symbol, 0
        put(1, 1), put(0, 1), put(0, 1), put(0, 1)

    def eight_bits(alphabet):  # the first 256 symbols of length 8, the rest 0
        put(0, 1), put(12 - 4, 4)
        for symbol in [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8]:
            put(1 if symbol in (0, 8) else 0, 3)  # code lengths 0 and 8, a bit each
        put(0, 1)
        for symbol in range(alphabet):
            code(1 if symbol < 256 else 0, 1)

    side = 1024
    put(0x2F, 8), put(side - 1, 14), put(side - 1, 14), put(0, 1), put(0, 3)
    put(0, 1)  # no transform
    put(1, 1), put(11, 4)  # colour cache of 2^11
    put(1, 1), put(0, 3)  # groups of 4x4 pixels: an entropy image of 256x256
    put(0, 1)  # the entropy image: no colour cache; green and red of 8 bits
    eight_bits(256 + 24), eight_bits(256), simple(), simple(), simple()
    for group in range(256 * 256):
        code(group & 255, 8), code(group >> 8, 8)
    for group in range(256 * 256):
        for _ in range(5):
            simple()
    put(0, 64)
    data = bytearray((len(bits) + 7) // 8)
    for i, bit in enumerate(bits):
        data[i >> 3] |= bit << (i & 7)
    data += b"\0" * (len(data) % 2)
    chunk = b"VP8L" + struct.pack("<I", len(data)) + bytes(data)
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


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


def gtk_view(path):
    """The image as gtk_selection_data_get_pixbuf gives it: whatever a PixbufLoader
    made of the bytes, its errors ignored."""
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf, GLib
    loader = GdkPixbuf.PixbufLoader()
    try:
        loader.write(open(path, "rb").read())
        loader.close()
    except GLib.Error:
        pass
    return loader.get_pixbuf()


def same_pixels(png, image, as_gtk=False):
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf
    first = GdkPixbuf.Pixbuf.new_from_file(png)
    second = gtk_view(image) if as_gtk else GdkPixbuf.Pixbuf.new_from_file(image)
    if (first.get_width(), first.get_height(), first.get_n_channels()) != \
            (second.get_width(), second.get_height(), second.get_n_channels()):
        return "different sizes"
    a, b = first.get_pixels(), second.get_pixels()
    differ = sum(x != y for x, y in zip(a, b)) + abs(len(a) - len(b))
    return "same" if differ == 0 else "%d bytes differ" % differ


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
    elif command == "make-bomb":
        open(sys.argv[3], "wb").write(bomb(sys.argv[2]))
    elif command == "check-png":
        print(check_png(sys.argv[2]))
    elif command == "same-pixels":
        print(same_pixels(sys.argv[2], sys.argv[3]))
    elif command == "same-as-gtk":
        print(same_pixels(sys.argv[2], sys.argv[3], as_gtk=True))
    elif command == "damage":
        data = open(sys.argv[2], "rb").read()
        at = len(data) * 6 // 10
        open(sys.argv[3], "wb").write(data[:at] + b"\xff\xc0\x00\x11" + data[at + 4:])
    elif command == "gtk-png":
        print(gtk_png())
