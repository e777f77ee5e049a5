"""Types a command line and a Tab in a real interactive bash, and prints what completion
offered and the line the Tab left.

  complete_bash.py COMPLETION_SCRIPT 'pb paste --pasteboard=' [AFTER]

AFTER, when given, is typed after the Tab, as a user goes on typing (git com<Tab>xyz).

bash runs in a pseudo-terminal with bash-completion (when installed) and the script
loaded; the completion function is wrapped to print each reply as "<M>reply", and a key
bound with `bind -x` prints the line as "<LINE>line</LINE>". So what readline does with
the replies (quoting, the word it replaces at '=') is what is printed. Each step waits
for a marker the previous one prints, with a deadline.
"""
import os
import pty
import re
import sys
import time

script, line = sys.argv[1], sys.argv[2]
after = sys.argv[3] if len(sys.argv) > 3 else ""
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "dumb"
    os.environ["INPUTRC"] = "/dev/null"
    os.execvp("bash", ["bash", "--norc", "--noprofile", "-i"])

output = b""


def await_marker(marker):
    global output
    deadline = time.monotonic() + 15
    while marker not in output:
        if time.monotonic() > deadline:
            sys.stderr.write("complete_bash.py: bash never printed %r; it printed %r\n" % (marker, output))
            sys.exit(3)
        try:
            output += os.read(fd, 65536)
        except OSError:
            break


setup = [
    "PS1=''; PS2=''",
    "[[ -f /usr/share/bash-completion/bash_completion ]] && source /usr/share/bash-completion/bash_completion",
    "source '%s'" % script.replace("'", "'\\''"),
    # The function complete -p names for pb, wrapped, with the script's own options kept.
    "eval \"_pb_traced() { $(complete -p pb | sed 's/.*-F \\([^ ]*\\) .*/\\1/') \\\"\\$@\\\"; "
    "local r; for r in \\\"\\${COMPREPLY[@]}\\\"; do printf '<M>%s\\n' \\\"\\$r\\\"; done; }\"",
    "eval \"$(complete -p pb | sed 's/-F [^ ]* /-F _pb_traced /')\"",
    "bind -x '\"\\C-x\\C-l\": printf \"<LINE>%s</LINE>\\n\" \"$READLINE_LINE\"'",
    "echo READY-$((6 * 7))",
]
os.write(fd, ("\n".join(setup) + "\n").encode())
await_marker(b"READY-42")
output = b""
# A Tab, what follows it, then the key that prints the line; readline takes them in order.
os.write(fd, line.encode() + b"\t" + after.encode() + b"\x18\x0c")
await_marker(b"</LINE>")
os.write(fd, b"\x15exit\n")
text = output.decode("utf-8", "replace").replace("\r", "")
replies = re.findall(r"<M>([^\n]*)", text)
sys.stdout.write("".join("<M>%s\n" % reply for reply in dict.fromkeys(replies)))
sys.stdout.write("<LINE>%s\n" % re.search(r"<LINE>(.*?)</LINE>", text, re.S).group(1))
