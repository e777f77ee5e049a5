"""An interactive shell on a pseudo-terminal, for the completion drivers (complete_bash.py,
complete_fish.py): start it, type at it, and wait for a marker it prints, with a deadline."""
import os
import pty
import sys
import time


class Shell:
    def __init__(self, argv, environment):
        self.name = argv[0]
        self.output = b""
        pid, self.fd = pty.fork()
        if pid == 0:
            os.environ.update(environment)
            os.execvp(argv[0], argv)

    def type(self, text):
        os.write(self.fd, text.encode() if isinstance(text, str) else text)

    def await_marker(self, marker):
        """Reads what the shell prints until it holds marker; exits 3 after 15 seconds."""
        deadline = time.monotonic() + 15
        while marker not in self.output:
            if time.monotonic() > deadline:
                sys.stderr.write("%s never printed %r; it printed %r\n" % (self.name, marker, self.output))
                sys.exit(3)
            try:
                self.output += os.read(self.fd, 65536)
            except OSError:
                break

    def tab(self, setup, line, after):
        """Runs setup, which ends by printing READY-42 and binds Ctrl-X Ctrl-L to print the
        line as <LINE>line</LINE>; then types line, a Tab, after and that key, and
        returns what the shell printed from the line on."""
        self.type(setup + "\n")
        self.await_marker(b"READY-42")
        self.output = b""
        # The line editor takes the keys in order: the Tab completes before the key prints.
        self.type(line + "\t" + after + "\x18\x0c")
        self.await_marker(b"</LINE>")
        self.type("\x15exit\n")
        return self.output
