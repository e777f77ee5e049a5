"""A Wayland clipboard owner for the import tests whose types answer in their own time
(wl-copy answers every type at once): it speaks the wire protocol itself (no library),
takes the selection through data control (wlroots' or ext's), and serves each request
on a thread of its own, as toolkits serve several side by side.

  offer SPEC...   sets the selection, prints "owned", and serves until another client
                  takes it. Each SPEC is a MIME type and how it answers:
                    NAME=FILE               the file's bytes at once
                    NAME=never              nothing, the pipe held open
                    NAME=late:SECONDS:FILE  the file's bytes after SECONDS
                    NAME=refuse             the pipe closed at once, nothing sent
                  @FILE reads SPECs from FILE, one a line (for offers of more types
                  than a command line holds).

Each request is logged ("asked NAME"), and each answer says how it went: "answered
NAME", or "closed NAME" when the reader had closed its pipe (EPIPE).
"""
import array
import os
import socket
import struct
import sys
import threading
import time


class Wayland:
    def __init__(self):
        name = os.environ["WAYLAND_DISPLAY"]
        path = name if name.startswith("/") else os.path.join(os.environ["XDG_RUNTIME_DIR"], name)
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.last_id = 1
        self.buffer = b""
        self.fds = []

    def new_id(self):
        self.last_id += 1
        return self.last_id

    def send(self, object_id, opcode, payload=b""):
        self.socket.sendall(struct.pack("<II", object_id, (8 + len(payload)) << 16 | opcode) + payload)

    def events(self):
        """Yields (object, opcode, payload) as they come."""
        while True:
            while len(self.buffer) >= 8:
                object_id, word = struct.unpack_from("<II", self.buffer)
                size = word >> 16
                if len(self.buffer) < size:
                    break
                payload, self.buffer = self.buffer[8:size], self.buffer[size:]
                yield object_id, word & 0xFFFF, payload
            data, ancillary, _, _ = self.socket.recvmsg(65536, socket.CMSG_SPACE(16 * 4))
            if not data:
                sys.exit("the compositor closed the connection")
            for level, kind, fds in ancillary:
                if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                    received = array.array("i")
                    received.frombytes(fds[: len(fds) - len(fds) % 4])
                    self.fds += list(received)
            self.buffer += data

    def roundtrip(self, handle):
        callback = self.new_id()
        self.send(1, 0, uint(callback))  # wl_display.sync
        for object_id, opcode, payload in self.events():
            if object_id == callback:
                return
            handle(object_id, opcode, payload)


def uint(value):
    return struct.pack("<I", value)


def string(text):
    data = text.encode() + b"\0"
    return uint(len(data)) + data + b"\0" * (-len(data) % 4)


def read_string(payload, offset=0):
    (length,) = struct.unpack_from("<I", payload, offset)
    return payload[offset + 4: offset + 4 + length - 1].decode(), offset + 4 + length + (-length % 4)


def serve(fd, name, how, held):
    kind, delay, data = how
    if kind == "never":
        held.append(fd)  # open, silent
        return
    time.sleep(delay)
    try:
        with os.fdopen(fd, "wb") as pipe:
            pipe.write(data)
        print("answered", name, flush=True)
    except BrokenPipeError:
        print("closed", name, flush=True)


def main():
    specs = {}
    # Each @FILE stands for the lines of FILE.
    given = [line for arg in sys.argv[2:] for line in (open(arg[1:]).read().splitlines() if arg[0] == "@" else [arg])]
    for spec in given:
        name, how = spec.split("=", 1)
        if how in ("never", "refuse"):
            specs[name] = (how, 0, b"")
            continue
        parts = how.split(":")
        kind, delay, path = ("now", 0.0, how) if len(parts) == 1 else (parts[0], float(parts[1]), parts[2])
        with open(path, "rb") as f:
            specs[name] = (kind, delay, f.read())

    wayland = Wayland()
    registry = wayland.new_id()
    wayland.send(1, 1, uint(registry))  # wl_display.get_registry
    globals_ = {}

    def note_global(object_id, opcode, payload):
        if object_id == registry and opcode == 0:
            (number,) = struct.unpack_from("<I", payload)
            interface, offset = read_string(payload, 4)
            (version,) = struct.unpack_from("<I", payload, offset)
            globals_[interface] = (number, version)
        elif object_id == 1 and opcode == 0:
            sys.exit("protocol error: %r" % payload)

    wayland.roundtrip(note_global)
    interface = next((i for i in ("ext_data_control_manager_v1", "zwlr_data_control_manager_v1") if i in globals_), None)
    if interface is None or "wl_seat" not in globals_:
        sys.exit("the compositor offers no data control")

    def bind(interface, version):
        object_id = wayland.new_id()
        wayland.send(registry, 0, uint(globals_[interface][0]) + string(interface) + uint(version) + uint(object_id))
        return object_id

    manager = bind(interface, 1)
    seat = bind("wl_seat", 1)
    device = wayland.new_id()
    wayland.send(manager, 1, uint(device) + uint(seat))  # get_data_device
    source = wayland.new_id()
    wayland.send(manager, 0, uint(source))  # create_data_source
    for name in specs:
        wayland.send(source, 0, string(name))  # offer
    wayland.send(device, 0, uint(source))  # set_selection
    wayland.roundtrip(lambda *event: None)
    print("owned", flush=True)

    held = []
    for object_id, opcode, payload in wayland.events():
        if object_id == 1 and opcode == 0:
            sys.exit("protocol error: %r" % payload)
        if object_id != source:
            continue
        if opcode == 1:  # cancelled: another client has the selection
            return
        if opcode == 0:  # send(mime_type, fd)
            name, _ = read_string(payload)
            fd = wayland.fds.pop(0)
            print("asked", name, flush=True)
            if name not in specs or specs[name][0] == "refuse":
                os.close(fd)
                continue
            threading.Thread(target=serve, args=(fd, name, specs[name], held), daemon=True).start()


main()
