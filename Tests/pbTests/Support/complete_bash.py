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
import re
import sys

from pty_shell import Shell

script, line = sys.argv[1], sys.argv[2]
after = sys.argv[3] if len(sys.argv) > 3 else ""
bash = Shell(["bash", "--norc", "--noprofile", "-i"], {"TERM": "dumb", "INPUTRC": "/dev/null"})

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
text = bash.tab("\n".join(setup), line, after).decode("utf-8", "replace").replace("\r", "")
replies = re.findall(r"<M>([^\n]*)", text)
sys.stdout.write("".join("<M>%s\n" % reply for reply in dict.fromkeys(replies)))
sys.stdout.write("<LINE>%s\n" % re.search(r"<LINE>(.*?)</LINE>", text, re.S).group(1))
