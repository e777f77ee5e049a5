"""A GTK 3 application holding a photo on the clipboard, for the import tests:
gtk_clipboard_set_image of WIDTHxHEIGHT pixels of random noise, so that GTK offers
image/png and the image types gdk-pixbuf makes on request (BMP, ICO, TIFF, JPEG...).
Prints "owned" once it holds the clipboard (set_image takes it at once), and serves
until it is ended.

  gtk_photo.py [WIDTHxHEIGHT]      (default 1920x1080)

Needs Debian's python3-gi and gir1.2-gtk-3.0, with DISPLAY set.
"""
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GdkPixbuf, GLib, Gtk  # noqa: E402


def main():
    width, height = (int(n) for n in (sys.argv[1] if len(sys.argv) > 1 else "1920x1080").split("x"))
    pixels = GLib.Bytes.new(os.urandom(width * height * 3))
    pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(pixels, GdkPixbuf.Colorspace.RGB, False, 8, width, height, width * 3)
    clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
    clipboard.set_image(pixbuf)
    print("owned", flush=True)
    Gtk.main()


main()
