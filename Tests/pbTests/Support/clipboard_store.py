"""Clients for the clipboard manager tests, each an application that copies and exits:

  gtk-text TEXT        a GTK 3 application: copies TEXT, hands it to the clipboard
                       manager (gtk_clipboard_store) and exits; prints
                       "persistence=True|False" (gdk_display_supports_clipboard_persistence)
                       first, then "stored in N s" (how long the manager took to answer)
  gtk-image FILE.png   the same with an image (GTK then offers image/png and the other
                       formats gdk-pixbuf writes, made on request)
  clear TEXT FILE      python-xlib: owns CLIPBOARD with TEXT (UTF8_STRING), prints
                       "owned", and once FILE exists sets the owner to None (an
                       application clearing the clipboard on purpose), prints
                       "cleared" and stays alive 30 s more
  manager              python-xlib: owns CLIPBOARD_MANAGER, as another clipboard
                       manager would, prints "owned", and waits until killed
"""
import os
import select
import sys
import time


def gtk(mode, value):
    import gi

    gi.require_version("Gtk", "3.0")
    gi.require_version("Gdk", "3.0")
    from gi.repository import Gdk, GdkPixbuf, GLib, Gtk

    display = Gdk.Display.get_default()
    clipboard = Gtk.Clipboard.get_for_display(display, Gdk.SELECTION_CLIPBOARD)
    if mode == "gtk-text":
        clipboard.set_text(value, -1)
    else:
        clipboard.set_image(GdkPixbuf.Pixbuf.new_from_file(value))
    # Serve requests a while, as an application does between copying and quitting.
    GLib.timeout_add(1000, Gtk.main_quit)
    Gtk.main()
    print("persistence=%s" % display.supports_clipboard_persistence(), flush=True)
    started = time.time()
    clipboard.store()  # returns once the manager answers, or after GTK's 10 s
    print("stored in %.1f s" % (time.time() - started), flush=True)


def clear(text, signal_file):
    from Xlib import X, Xatom, display
    from Xlib.protocol import event, request

    d = display.Display()
    window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
    clipboard = d.intern_atom("CLIPBOARD")
    targets, utf8 = d.intern_atom("TARGETS"), d.intern_atom("UTF8_STRING")
    window.set_selection_owner(clipboard, X.CurrentTime)
    d.flush()
    if d.get_selection_owner(clipboard) != window:
        sys.exit("could not take the clipboard")
    print("owned", flush=True)
    cleared_at = None
    while cleared_at is None or time.time() < cleared_at + 30:
        while d.pending_events():
            e = d.next_event()
            if e.type != X.SelectionRequest:
                continue
            prop = e.property or e.target
            if e.target == targets:
                e.requestor.change_property(prop, Xatom.ATOM, 32, [targets, utf8])
            elif e.target == utf8:
                e.requestor.change_property(prop, utf8, 8, text.encode())
            else:
                prop = X.NONE
            reply = event.SelectionNotify(
                time=e.time, requestor=e.requestor, selection=e.selection, target=e.target, property=prop)
            e.requestor.send_event(reply)
            d.flush()
        if cleared_at is None and os.path.exists(signal_file):
            request.SetSelectionOwner(display=d.display, window=X.NONE, selection=clipboard, time=X.CurrentTime)
            clipboard_owner = d.get_selection_owner(clipboard)
            d.flush()
            cleared_at = time.time()
            print("cleared" if clipboard_owner == X.NONE else "not cleared", flush=True)
        # The signal file is looked for at each event, and at least every 10 ms.
        select.select([d], [], [], 0.01)


def manager():
    from Xlib import X, display

    d = display.Display()
    window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    selection = d.intern_atom("CLIPBOARD_MANAGER")
    window.set_selection_owner(selection, X.CurrentTime)
    d.flush()
    if d.get_selection_owner(selection) != window:
        sys.exit("could not take CLIPBOARD_MANAGER")
    print("owned", flush=True)
    while True:
        while d.pending_events():
            d.next_event()  # requests go unanswered: these tests make none
        select.select([d], [], [])


def main():
    mode = sys.argv[1]
    if mode in ("gtk-text", "gtk-image"):
        gtk(mode, sys.argv[2])
    elif mode == "manager":
        manager()
    elif mode == "clear":
        clear(sys.argv[2], sys.argv[3])
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
