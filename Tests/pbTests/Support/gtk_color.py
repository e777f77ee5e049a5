"""A GTK 3 application and the clipboard's application/x-color, the color GTK's color
widgets exchange: four 16-bit values, red, green, blue and alpha, in the host's order.

  gtk_color.py read                 reads application/x-color from the clipboard with
                                    gtk_clipboard_wait_for_contents; prints the values
                                    as RRRR GGGG BBBB AAAA (hex), or "none"
  gtk_color.py own R G B A          owns the clipboard offering these 16-bit values as
                                    application/x-color (format 16, as GTK's color
                                    button drags them); prints "owned" and serves until ended

Needs Debian's python3-gi and gir1.2-gtk-3.0, with DISPLAY set.
"""
import struct
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

COLOR = Gdk.Atom.intern("application/x-color", False)


def read():
    data = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD).wait_for_contents(COLOR)
    raw = data.get_data() if data is not None else None
    if not raw or len(raw) != 8:
        print("none" if not raw else "length %d" % len(raw))
        return
    print(" ".join("%04x" % value for value in struct.unpack("=4H", raw)))


def own(values):
    # GTK's own selection calls, as its widgets use them: the invisible window holds
    # the clipboard and answers each request for the target.
    holder = Gtk.Invisible()
    Gtk.selection_add_target(holder, Gdk.SELECTION_CLIPBOARD, COLOR, 0)
    payload = struct.pack("=4H", *values)

    def answer(_widget, selection, _info, _time):
        selection.set(COLOR, 16, payload)

    holder.connect("selection-get", answer)
    holder.connect("selection-clear-event", lambda *_: Gtk.main_quit())
    holder.realize()
    if not Gtk.selection_owner_set(holder, Gdk.SELECTION_CLIPBOARD, Gdk.CURRENT_TIME):
        sys.exit("could not own the clipboard")
    print("owned", flush=True)
    Gtk.main()


if sys.argv[1:2] == ["read"]:
    read()
elif sys.argv[1:2] == ["own"] and len(sys.argv) == 6:
    own([int(value, 0) for value in sys.argv[2:6]])
else:
    sys.exit(__doc__)
