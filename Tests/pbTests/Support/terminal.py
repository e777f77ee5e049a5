"""Runs a command on a pseudo-terminal, its controlling terminal, and prints everything
it wrote there; exits with the command's status.

  terminal.py [--type TEXT]... [--answer SEEN REPLY] [--size COLUMNSxROWS] -- COMMAND [ARG...]

Each --type is typed at the terminal in turn once the command has written something
there, as a user types after a prompt (Python escapes: \\n is Enter, \\x04 Ctrl-D);
the terminal keeps what is typed until the command reads it. With --answer, once the
command has written SEEN the terminal answers REPLY, as a terminal answers a query
(Python escapes too). --size gives the terminal a size (cells; pixels at 10x20 a cell).
"""
import codecs
import fcntl
import os
import pty
import signal
import struct
import sys
import termios

signal.alarm(20)
arguments = sys.argv[1:]
typed = []
answer = None
size = None
while arguments[0] != "--":
    if arguments[0] == "--type":
        typed.append(codecs.decode(arguments[1], "unicode_escape").encode("latin-1"))
        arguments = arguments[2:]
    elif arguments[0] == "--answer":
        answer = tuple(codecs.decode(text, "unicode_escape").encode("latin-1") for text in arguments[1:3])
        arguments = arguments[3:]
    elif arguments[0] == "--size":
        size = tuple(int(number) for number in arguments[1].split("x"))
        arguments = arguments[2:]
    else:
        sys.exit("unknown option " + arguments[0])
command = arguments[1:]  # after "--"
pid, fd = pty.fork()
if pid == 0:
    if size:  # set before the command runs, which may ask at once
        columns, rows = size
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, columns * 10, rows * 20))
    os.execvp(command[0], command)
seen = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
    for text in typed:
        os.write(fd, text)
    typed = []
    if answer and answer[0] in seen:
        os.write(fd, answer[1])
        answer = None
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(seen)
sys.exit(os.waitstatus_to_exitcode(status))
