"""An X11 selection client for the desktop tests, doing what xclip and xsel cannot:

  multiple TARGET...   asks for several targets in one MULTIPLE request; prints each
                       target, its answer's type and its length, or "refused"
  stall TARGET [FILE GO] starts reading TARGET, takes the first piece of an INCR transfer
                       and then stops reading, as a requestor that hangs mid-transfer
                       (prints "stalled" once it has, then waits until killed); with FILE
                       and GO (a FIFO), reads on once GO is written and closed, writes
                       what it got to FILE and prints "resumed" and its size
  pieces TARGET FILE   reads TARGET through INCR into FILE: prints "first" once the
                       first piece is in, then the size the INCR announcement claims (a
                       lower bound), the first piece's size and the total; or "not INCR"
  during TARGET        asks for TARGET, and for TARGETS again and again until TARGET's
                       answer comes: prints how many TARGETS answers came first, the
                       slowest of them and the time TARGET's took (ms), and TARGET's
                       answer ("refused", or its type); it ends only once the TARGETS
                       request still out is answered too (see below)
  offer TARGET=FILE... owns CLIPBOARD with these targets (and TARGETS), prints "owned"
                       and its window's id, and answers requests until another client
                       takes it, printing "asked TARGET" as each comes; TARGET= is
                       listed but refused
  owners               prints "watching" once it hears of every new owner of CLIPBOARD
                       (XFixes), then "owner" and the owner's window id as each takes it
  midway TARGET        owns CLIPBOARD offering TARGET (prints "owned"), answers a request
                       for it with INCR, sends one piece of 64 KiB and kills itself: an
                       owner killed mid-transfer

python-xlib, from PyPI, speaks the protocol.
"""
import os
import select
import signal
import sys
import time

from Xlib import X, Xatom, display
from Xlib.ext import xfixes
from Xlib.protocol import event


def incr_pieces(d, window, property, arrived=False, on_first=None):
    """The pieces of an INCR transfer whose announcement was deleted, in order, up to the
    empty last one (each deleted once read, which asks for the next); `arrived`: the first
    piece's notification was taken already."""
    pieces = []
    while True:
        if not arrived:
            wait_for(d, lambda e: e.type == X.PropertyNotify and e.atom == property and e.state == X.PropertyNewValue)
        arrived = False
        piece = bytes(window.get_full_property(property, X.AnyPropertyType, sizehint=1 << 22).value)
        window.delete_property(property)
        d.flush()
        if not piece:
            return pieces
        pieces.append(piece)
        if len(pieces) == 1 and on_first:
            on_first()


def wait_for(d, predicate, seconds=10):
    """The first event that `predicate` accepts, waiting on the connection between them."""
    deadline = time.monotonic() + seconds
    while True:
        while d.pending_events():
            e = d.next_event()
            if predicate(e):
                return e
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([d], [], [], left)[0]:
            sys.exit("timed out")


def main():
    d = display.Display()
    window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
    clipboard = d.intern_atom("CLIPBOARD")
    mode, names = sys.argv[1], sys.argv[2:]
    if mode == "multiple":
        pairs = []
        for index, name in enumerate(names):
            pairs += [d.intern_atom(name), d.intern_atom("PB_TEST_%d" % index)]
        multiple = d.intern_atom("MULTIPLE")
        window.change_property(multiple, d.intern_atom("ATOM_PAIR"), 32, pairs)
        window.convert_selection(clipboard, multiple, multiple, X.CurrentTime)
        d.flush()
        notify = wait_for(d, lambda e: e.type == X.SelectionNotify)
        if notify.property == X.NONE:
            print("MULTIPLE refused")
            return
        answered = window.get_full_property(multiple, X.AnyPropertyType).value
        for index, name in enumerate(names):
            if answered[2 * index + 1] == X.NONE:
                print(name, "refused")
                continue
            value = window.get_full_property(d.intern_atom("PB_TEST_%d" % index), X.AnyPropertyType)
            print(name, d.get_atom_name(value.property_type), len(value.value))
    elif mode == "stall":
        target, property = d.intern_atom(names[0]), d.intern_atom("PB_TEST")
        window.convert_selection(clipboard, target, property, X.CurrentTime)
        d.flush()
        wait_for(d, lambda e: e.type == X.SelectionNotify)
        first = window.get_full_property(property, X.AnyPropertyType)
        if d.get_atom_name(first.property_type) != "INCR":
            sys.exit("not an INCR transfer")
        window.delete_property(property)  # asks for the first piece
        d.flush()
        wait_for(d, lambda e: e.type == X.PropertyNotify and e.atom == property and e.state == X.PropertyNewValue)
        print("stalled", flush=True)
        if len(names) < 3:
            signal.pause()
        # stall TARGET FILE GO: once the test writes to the FIFO GO and closes it, reads the
        # rest into FILE (the first piece too) and prints "resumed" and the total, as a
        # paused reader that reads on.
        with open(names[2], "rb") as go:
            go.read()
        pieces = incr_pieces(d, window, property, arrived=True)
        with open(names[1], "wb") as f:
            f.write(b"".join(pieces))
        print("resumed", sum(map(len, pieces)), flush=True)
    elif mode == "pieces":
        target, property = d.intern_atom(names[0]), d.intern_atom("PB_TEST")
        window.convert_selection(clipboard, target, property, X.CurrentTime)
        d.flush()
        if wait_for(d, lambda e: e.type == X.SelectionNotify).property == X.NONE:
            sys.exit("refused")
        first = window.get_full_property(property, X.AnyPropertyType)
        if d.get_atom_name(first.property_type) != "INCR":
            print("not INCR")
            return
        announced = first.value[0]
        window.delete_property(property)
        d.flush()
        pieces = incr_pieces(d, window, property, on_first=lambda: print("first", flush=True))
        with open(names[1], "wb") as f:
            f.write(b"".join(pieces))
        print(announced, len(pieces[0]) if pieces else 0, sum(map(len, pieces)))
    elif mode == "during":
        slow, targets = d.intern_atom(names[0]), d.intern_atom("TARGETS")
        # TARGETS is answered to a window of its own, so that the answers are told apart.
        other = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
        started = time.monotonic()
        window.convert_selection(clipboard, slow, d.intern_atom("PB_SLOW"), X.CurrentTime)
        asked = time.monotonic()
        other.convert_selection(clipboard, targets, d.intern_atom("PB_TARGETS"), X.CurrentTime)
        d.flush()
        latencies = []
        result = None
        # One TARGETS request is always out. Its answer is waited for even once TARGET's
        # has come: the X server gives a client that connects after this one ends the
        # same window ids, so an answer the owner sent after this client had gone would
        # reach that client's window (xclip's, which takes any SelectionNotify for its
        # own and then prints an empty property, exiting 0).
        while True:
            e = d.next_event()  # blocks: the answers are the only events
            if e.type != X.SelectionNotify:
                continue
            now = time.monotonic()
            if e.requestor.id == other.id:
                if e.property == X.NONE:
                    sys.exit("TARGETS refused")
                if result is not None:
                    print(*result)
                    return
                latencies.append(now - asked)
                asked = time.monotonic()
                other.convert_selection(clipboard, targets, d.intern_atom("PB_TARGETS"), X.CurrentTime)
                d.flush()
            elif e.requestor.id == window.id:
                answer = "refused" if e.property == X.NONE else d.get_atom_name(
                    window.get_full_property(e.property, X.AnyPropertyType).property_type)
                result = (len(latencies), round(max(latencies, default=0) * 1000, 1), round((now - started) * 1000, 1), answer)
    elif mode == "offer":
        data = {}
        for spec in names:
            name, path = spec.rsplit("=", 1)  # a name may hold "=" (charset=utf-16)
            if not path:  # listed, but refused when asked for
                data[d.intern_atom(name)] = None
                continue
            with open(path, "rb") as f:
                data[d.intern_atom(name)] = f.read()
        targets = d.intern_atom("TARGETS")
        window.set_selection_owner(clipboard, X.CurrentTime)
        d.flush()
        if d.get_selection_owner(clipboard) != window:
            sys.exit("could not take the clipboard")
        print("owned", hex(window.id), flush=True)
        while True:
            e = d.next_event()
            if e.type == X.SelectionClear:
                return
            if e.type != X.SelectionRequest:
                continue
            property = e.property or e.target
            print("asked", d.get_atom_name(e.target), flush=True)
            if e.target == targets:
                e.requestor.change_property(property, Xatom.ATOM, 32, [targets] + list(data))
            elif data.get(e.target) is not None:
                e.requestor.change_property(property, e.target, 8, data[e.target])
            else:
                property = X.NONE
            e.requestor.send_event(event.SelectionNotify(
                time=e.time, requestor=e.requestor, selection=e.selection, target=e.target, property=property))
            d.flush()
    elif mode == "owners":
        d.xfixes_query_version()
        d.xfixes_select_selection_input(window, clipboard, xfixes.XFixesSetSelectionOwnerNotifyMask)
        d.sync()
        print("watching", flush=True)
        while True:
            e = d.next_event()
            if (e.type, getattr(e, "sub_code", None)) == d.extension_event.SetSelectionOwnerNotify:
                print("owner", hex(getattr(e.owner, "id", e.owner)), flush=True)
    elif mode == "midway":
        target, targets = d.intern_atom(names[0]), d.intern_atom("TARGETS")
        window.set_selection_owner(clipboard, X.CurrentTime)
        d.flush()
        if d.get_selection_owner(clipboard) != window:
            sys.exit("could not take the clipboard")
        print("owned", flush=True)
        while True:
            e = d.next_event()
            if e.type != X.SelectionRequest:
                continue
            property = e.property or e.target
            if e.target == targets:
                e.requestor.change_property(property, Xatom.ATOM, 32, [targets, target])
            elif e.target == target:
                e.requestor.change_attributes(event_mask=X.PropertyChangeMask)
                e.requestor.change_property(property, d.intern_atom("INCR"), 32, [1 << 20])
            else:
                property = X.NONE
            e.requestor.send_event(event.SelectionNotify(
                time=e.time, requestor=e.requestor, selection=e.selection, target=e.target, property=property))
            d.flush()
            if e.target == target:
                break
        wait_for(d, lambda e: e.type == X.PropertyNotify and e.atom == property and e.state == X.PropertyDelete)
        e.requestor.change_property(property, target, 8, bytes(range(256)) * 256)
        d.sync()
        os.kill(os.getpid(), signal.SIGKILL)


main()
