"""An X11 selection owner for the import tests whose types answer in their own time,
serving several requests side by side as toolkits do (x11_client.py answers each at
once, in turn):

  offer SPEC...   owns CLIPBOARD, prints "owned", and serves until another client takes
                  it. Each SPEC is a target and how it answers:
                    NAME=FILE             the file's bytes at once (INCR above 128 KiB)
                    NAME=never            no answer at all
                    NAME=refuse           a refusal
                    NAME=late:SECONDS:FILE  the file's bytes after SECONDS
                    NAME=slow:SECONDS:FILE  an INCR transfer of 64 KiB pieces, each
                                          SECONDS after the requestor took the last
                    NAME=endless:SECONDS  an INCR transfer of 1 KiB pieces that never
                                          ends, each SECONDS after the requestor took
                                          the last
                    NAME=flood:KIB        an INCR transfer of KIB KiB pieces that never
                                          ends, each as soon as the requestor took the
                                          last; "took N" is logged every 16 MiB
                  @FILE reads SPECs from FILE, one a line (for offers of more types
                  than a command line holds).

Every request and answer is logged on stdout ("asked NAME", "answered NAME"), so a test
can tell that a late answer was sent. Errors from writing to a requestor's window that
has gone (a reader that gave up) are ignored, as toolkits ignore them.
"""
import select
import sys
import time

from Xlib import X, Xatom, display
from Xlib.protocol import event

BIG = 128 * 1024
PIECE = 64 * 1024


def main():
    d = display.Display()
    d.set_error_handler(lambda *args: None)
    window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
    clipboard = d.intern_atom("CLIPBOARD")
    targets, incr = d.intern_atom("TARGETS"), d.intern_atom("INCR")
    specs = {}
    # Each @FILE stands for the lines of FILE.
    given = [line for arg in sys.argv[2:] for line in (open(arg[1:]).read().splitlines() if arg[0] == "@" else [arg])]
    for spec in given:
        name, how = spec.split("=", 1)
        if how in ("never", "refuse"):
            specs[d.intern_atom(name)] = (name, how, 0, b"")
            continue
        if how.startswith("endless:"):
            specs[d.intern_atom(name)] = (name, "endless", float(how.split(":")[1]), b"x" * 1024)
            continue
        if how.startswith("flood:"):
            specs[d.intern_atom(name)] = (name, "flood", 0, b"x" * (int(how.split(":")[1]) * 1024))
            continue
        parts = how.split(":")
        kind, delay, path = ("now", 0.0, how) if len(parts) == 1 else (parts[0], float(parts[1]), parts[2])
        with open(path, "rb") as f:
            specs[d.intern_atom(name)] = (name, kind, delay, f.read())
    window.set_selection_owner(clipboard, X.CurrentTime)
    d.flush()
    if d.get_selection_owner(clipboard) != window:
        sys.exit("could not take the clipboard")
    print("owned", flush=True)

    timers = []  # (due, action)
    taken = [0]  # bytes of endless and flood pieces sent
    transfers = {}  # (requestor id, property) -> [requestor, target, data, offset, delay]

    def notify(e, property):
        e.requestor.send_event(event.SelectionNotify(
            time=e.time, requestor=e.requestor, selection=e.selection, target=e.target, property=property))
        d.flush()

    def answer(e, property, name, data, delay):
        if len(data) > BIG or delay and specs[e.target][1] in ("slow", "endless") or specs[e.target][1] == "flood":
            e.requestor.change_attributes(event_mask=X.PropertyChangeMask)
            e.requestor.change_property(property, incr, 32, [len(data)])
            transfers[(e.requestor.id, property)] = [e.requestor, e.target, data, 0, delay]
        else:
            e.requestor.change_property(property, e.target, 8, data)
        notify(e, property)
        print("answered", name, flush=True)

    def next_piece(key):
        requestor, target, data, offset, delay = transfers[key]
        if specs[target][1] in ("endless", "flood"):
            requestor.change_property(key[1], target, 8, specs[target][3])
            d.flush()
            taken[0] += len(specs[target][3])
            if specs[target][1] == "flood" and taken[0] // (16 << 20) != (taken[0] - len(specs[target][3])) // (16 << 20):
                print("took", taken[0], flush=True)
            return
        size = PIECE if delay else BIG
        requestor.change_property(key[1], target, 8, data[offset:offset + size])
        d.flush()
        if offset >= len(data):
            del transfers[key]
        else:
            transfers[key][3] = offset + size

    while True:
        now = time.time()
        for due, action in [t for t in timers if t[0] <= now]:
            timers.remove((due, action))
            action()
        while d.pending_events():
            e = d.next_event()
            if e.type == X.SelectionClear:
                return
            if e.type == X.PropertyNotify and e.state == X.PropertyDelete and (e.window.id, e.atom) in transfers:
                key = (e.window.id, e.atom)
                delay = transfers[key][4]
                if delay:
                    timers.append((time.time() + delay, lambda key=key: key in transfers and next_piece(key)))
                else:
                    next_piece(key)
                continue
            if e.type != X.SelectionRequest:
                continue
            property = e.property or e.target
            if e.target == targets:
                e.requestor.change_property(property, Xatom.ATOM, 32, [targets] + list(specs))
                notify(e, property)
                continue
            if e.target not in specs:
                notify(e, X.NONE)
                continue
            name, kind, delay, data = specs[e.target]
            print("asked", name, flush=True)
            if kind == "never":
                continue
            if kind == "refuse":
                notify(e, X.NONE)
            elif kind == "late":
                timers.append((time.time() + delay, lambda e=e, p=property, n=name, b=data: answer(e, p, n, b, 0)))
            else:
                answer(e, property, name, data, delay if kind in ("slow", "endless") else 0)
        # Until the next event, or the next timer's time.
        wait = max(0, min(due for due, _ in timers) - time.time()) if timers else None
        select.select([d], [], [], wait)


main()
