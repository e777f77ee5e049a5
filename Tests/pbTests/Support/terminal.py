"""Runs a command on a pseudo-terminal, its controlling terminal, and prints everything
it wrote there; exits with the command's status.

  terminal.py [--type TEXT]... [--answer SEEN REPLY] -- COMMAND [ARG...]

Each --type is typed at the terminal in turn once the command has written something
there, as a user types after a prompt (Python escapes: \\n is Enter, \\x04 Ctrl-D);
the terminal keeps what is typed until the command reads it. With --answer, once the
command has written SEEN the terminal answers REPLY, as a terminal answers a query
(Python escapes too).
"""
import codecs
import os
import pty
import signal
import sys

signal.alarm(20)
arguments = sys.argv[1:]
typed = []
answer = None
while arguments[0] != "--":
    if arguments[0] == "--type":
        typed.append(codecs.decode(arguments[1], "unicode_escape").encode("latin-1"))
        arguments = arguments[2:]
    elif arguments[0] == "--answer":
        answer = tuple(codecs.decode(text, "unicode_escape").encode("latin-1") for text in arguments[1:3])
        arguments = arguments[3:]
    else:
        sys.exit("unknown option " + arguments[0])
command = arguments[1:]  # after "--"
pid, fd = pty.fork()
if pid == 0:
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
