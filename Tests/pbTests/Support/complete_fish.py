"""Types a command line and a Tab in a real interactive fish, and prints the line the
Tab left, as "<LINE>line".

  complete_fish.py COMPLETIONS_DIR 'pb paste -p thr' [AFTER]

fish runs in a pseudo-terminal with COMPLETIONS_DIR first on its fish_complete_path, no
prompt and no autosuggestion; AFTER, when given, is typed after the Tab, as a user goes
on typing (git com<Tab>xyz). A key bound to print the line ends it. Each step waits for
a marker the previous one prints, with a deadline.
"""
import re
import sys

from pty_shell import Shell

directory, line = sys.argv[1], sys.argv[2]
after = sys.argv[3] if len(sys.argv) > 3 else ""
fish = Shell(["fish", "-i"], {"TERM": "xterm"})


def quoted(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


setup = [
    "function fish_prompt; end; function fish_right_prompt; end; function fish_title; end",
    "set -g fish_greeting ''; set -g fish_autosuggestion_enabled 0",
    "set -p fish_complete_path %s" % quoted(directory),
    "bind \\cx\\cl 'echo \"<LINE>\"(commandline)\"</LINE>\"'",
    "echo READY-(math 6 \\* 7)",
]
text = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\r", b"", fish.tab("; ".join(setup), line, after)).decode("utf-8", "replace")
sys.stdout.write("<LINE>%s\n" % re.search(r"<LINE>(.*?)</LINE>", text, re.S).group(1))
