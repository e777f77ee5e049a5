"""Helpers of the tests of pictures on the terminal.

  terminal_picture.py png PATH WIDTH HEIGHT R G B   writes a PNG of one colour
  terminal_picture.py count DISPLAY R G B           prints how many pixels of the X
                                                    screen are that colour (within 24 a
                                                    channel), through python-xlib
"""
import struct
import sys
import zlib


def png(path, width, height, red, green, blue):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    row = b"\0" + bytes((red, green, blue)) * width
    data = zlib.compress(row * height)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def count(display_name, red, green, blue):
    from Xlib import X, display

    screen = display.Display(display_name).screen()
    width, height = screen.width_in_pixels, screen.height_in_pixels
    image = screen.root.get_image(0, 0, width, height, X.ZPixmap, 0xFFFFFFFF)
    pixels = image.data
    found = 0
    # 24-bit screens: each pixel four bytes, blue, green, red, unused.
    for at in range(0, len(pixels) - 3, 4):
        if abs(pixels[at + 2] - red) <= 24 and abs(pixels[at + 1] - green) <= 24 and abs(pixels[at] - blue) <= 24:
            found += 1
    print(found)


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "png":
        png(arguments[0], *(int(value) for value in arguments[1:]))
    elif command == "count":
        count(arguments[0], *(int(value) for value in arguments[1:]))
    else:
        sys.exit("unknown command " + command)
