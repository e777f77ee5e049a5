"""Types a command line and a Tab in a real interactive fish, and prints the line the
Tab left, as "<LINE>line".

  complete_fish.py COMPLETIONS_DIR 'pb paste -p thr' [AFTER]

fish runs in a pseudo-terminal with COMPLETIONS_DIR first on its fish_complete_path, no
prompt and no autosuggestion; AFTER, when given, is typed after the Tab, as a user goes
on typing (git com<Tab>xyz). A key bound to print the line ends it. Each step waits for
a marker the previous one prints, with a deadline.
"""
import os
import pty
import re
import sys
import time

directory, line = sys.argv[1], sys.argv[2]
after = sys.argv[3] if len(sys.argv) > 3 else ""
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.execvp("fish", ["fish", "-i"])

output = b""


def await_marker(marker):
    global output
    deadline = time.monotonic() + 15
    while marker not in output:
        if time.monotonic() > deadline:
            sys.stderr.write("complete_fish.py: fish never printed %r; it printed %r\n" % (marker, output))
            sys.exit(3)
        try:
            output += os.read(fd, 65536)
        except OSError:
            break


def quoted(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


setup = [
    "function fish_prompt; end; function fish_right_prompt; end; function fish_title; end",
    "set -g fish_greeting ''; set -g fish_autosuggestion_enabled 0",
    "set -p fish_complete_path %s" % quoted(directory),
    "bind \\cx\\cl 'echo \"<LINE>\"(commandline)\"</LINE>\"'",
    "echo READY-(math 6 \\* 7)",
]
# fish reads what is typed before its line editor starts: the marker's echo differs from
# what it prints, so only a finished command matches.
os.write(fd, ("; ".join(setup) + "\n").encode())
await_marker(b"READY-42")
output = b""
os.write(fd, line.encode() + b"\t" + after.encode() + b"\x18\x0c")
await_marker(b"</LINE>")
os.write(fd, b"\x15exit\n")
text = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\r", b"", output).decode("utf-8", "replace")
sys.stdout.write("<LINE>%s\n" % re.search(r"<LINE>(.*?)</LINE>", text, re.S).group(1))
