#!/usr/bin/env python3
"""Fault injection for pb's history, in the spirit of SQLite's crash tests.

    fault_injection.py PB ROOT MODE KILLS SEED

MODE is `disk` (the store and the user's folders on the machine's disk), `tmpfs` (both on
a small tmpfs, refilled every round so that it fills up during cuts, undos and redos;
needs root to mount it) or `concurrent` (a cut of 1000 files undone and redone while
other processes copy, undo, redo and read).

Every file the test makes holds bytes no other file holds (the ledger). In each round a
fresh board gets one `pb cut` of some of the files, then undos, redos, `history --clear`,
level trims and budget trims (`--max-bytes 1`: every unpinned state goes that can), each killed with SIGKILL at a random moment (or failing on a full disk);
then one `pb copy` to the board, which must finish or roll back whatever was interrupted.
After it: every byte of the ledger is in a user's folder or in the store, nothing hidden
is left in the user's folders, no data file of the store shares an inode with a user's
file, no journal is left, and the board reads cleanly. One board per cut, so that no
command of the test discards a file on purpose: a cut's bytes are then always somewhere.

Prints `N passed, 0 failed` and exits 0, or prints each broken promise and exits 1.
"""
import hashlib
import os
import random
import re
import subprocess
import sys
import time

HIDDEN = re.compile(r"^\.(.*\.)?pb-[0-9a-f]{16}$")
# Statuses an interrupted or refused command may end with; 70 (damage) and traps never.
ALLOWED = {0, 1, 73, 74, 75}


class Run:
    def __init__(self, pb, root, mode, seed):
        self.pb = pb
        self.root = root
        self.mode = mode
        self.rng = random.Random(seed)
        self.seed = seed
        self.base = os.path.join(root, "t") if mode == "tmpfs" else root
        self.store = os.path.join(self.base, "store")
        self.user = os.path.join(self.base, "user")
        self.env = dict(os.environ, PB_DIR=self.store, PB_LOCK_TIMEOUT="30")
        for key in [k for k in self.env if k.startswith("PB_") and k not in ("PB_DIR", "PB_LOCK_TIMEOUT")]:
            del self.env[key]
        self.ledger = {}  # digest -> the name it was made under
        self.kills = 0
        self.problems = []
        self.durations = {}
        self.checks = 0
        self.statuses = {}
        self.written = set()

    # The files.

    def make_files(self, count, largest):
        for folder in ("a", "b", "c d"):
            os.makedirs(os.path.join(self.user, folder), exist_ok=True)
        for number in range(count):
            folder = self.rng.choice(("a", "b", "c d"))
            head = f"file {number} of seed {self.seed} {self.rng.getrandbits(64):016x}\n".encode()
            body = head * max(1, self.rng.randrange(largest) // len(head))
            path = os.path.join(self.user, folder, f"f{number}.txt")
            with open(path, "wb") as file:
                file.write(body)
            os.chmod(path, self.rng.choice((0o644, 0o600, 0o640)))
            self.ledger[hashlib.sha256(body).hexdigest()] = path

    def user_files(self):
        found = []
        for folder, _, names in os.walk(self.user):
            found += [os.path.join(folder, name) for name in names]
        return found

    # Running pb.

    def pb_run(self, arguments, stdin=b"", kill=False, label=None):
        """Runs pb; with `kill`, sends SIGKILL at a random moment of its run."""
        label = label or arguments[0]
        started = time.monotonic()
        process = subprocess.Popen(
            [self.pb] + arguments, env=self.env, cwd=self.user, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        if kill:
            if stdin:
                process.stdin.write(stdin)
            process.stdin.close()
            expected = self.durations.get(label, 0.05)
            time.sleep(self.rng.uniform(0, expected * 1.3))
            if process.poll() is None:
                process.kill()
                self.kills += 1
            out, err = process.stdout.read(), process.stderr.read()
            process.wait()
        else:
            out, err = process.communicate(stdin)
            elapsed = time.monotonic() - started
            self.durations[label] = 0.7 * self.durations.get(label, elapsed) + 0.3 * elapsed
        status = process.returncode
        self.statuses[status] = self.statuses.get(status, 0) + 1
        board = arguments[arguments.index("-p") + 1] if "-p" in arguments else "general"
        if status == 0 and arguments[0] in ("copy", "cut"):
            self.written.add(board)
        # A write refused (the disk full) or killed leaves no board made for it: until one
        # has written to it, a board may not exist. One that has, must.
        never_made = status == 66 and board not in self.written and b"no pasteboard named" in err
        if status not in ALLOWED and not (kill and status == -9) and not never_made:
            self.problems.append(f"pb {' '.join(arguments)} exited {status}: {err.decode(errors='replace').strip()}")
        return status, out, err

    # One round.

    def round(self, number):
        board = f"r{number}"
        if self.mode == "tmpfs":
            self.refill()
        self.pb_run(["copy", "-p", board], stdin=f"seed of round {number}\n".encode())
        on_disk = [path for path in self.user_files() if not HIDDEN.match(os.path.basename(path))]
        if not on_disk:
            return False
        chosen = self.rng.sample(on_disk, min(len(on_disk), self.rng.randrange(1, 60)))
        relative = [os.path.relpath(path, self.user) for path in chosen]
        self.pb_run(["cut", "-q", "-p", board] + relative, kill=self.rng.random() < 0.6, label="cut")
        operations = [["undo"], ["redo"], ["undo", "2"], ["redo", "2"], ["history", "--clear"], ["history", "--levels", "1"],
                      ["history", "--levels", "0"], ["undo"], ["redo"], ["history", "--max-bytes", "1"],
                      ["history", "--max-bytes", "0"], ["copy", "-a"]]
        for _ in range(self.rng.randrange(4, 9)):
            operation = self.rng.choice(operations)
            # An append under a budget of 1 byte drops the states before it, the cut's among them.
            stdin = b"appended\n" if operation[0] == "copy" else b""
            self.pb_run(operation + ["-p", board], stdin=stdin, kill=self.rng.random() < 0.7, label=operation[0])
        if self.mode == "tmpfs":
            self.drain()
        status, _, err = self.pb_run(["copy", "-p", board], stdin=b"after the round\n")
        if status != 0:
            self.problems.append(f"round {number}: the pb copy after it exited {status}: {err.decode(errors='replace').strip()}")
        self.check(board)
        return True

    def check(self, board):
        self.checks += 1
        user_files = self.user_files()
        for path in user_files:
            if HIDDEN.match(os.path.basename(path)):
                self.problems.append(f"a hidden file is left in the user's folder: {path}")
        data_files = []
        boards = os.path.join(self.store, "boards")
        for name in os.listdir(boards):
            data = os.path.join(boards, name, "data")
            if os.path.isdir(data):
                data_files += [os.path.join(data, file) for file in os.listdir(data)]
            if os.path.exists(os.path.join(boards, name, "journal")):
                self.problems.append(f"board {name} still has a journal after a pb copy")
        user_inodes = {(os.lstat(p).st_dev, os.lstat(p).st_ino): p for p in user_files}
        for path in data_files:
            status = os.lstat(path)
            if (status.st_dev, status.st_ino) in user_inodes:
                self.problems.append(f"{path} shares its inode with {user_inodes[(status.st_dev, status.st_ino)]}")
        present = set()
        for path in user_files + data_files:
            with open(path, "rb") as file:
                present.add(hashlib.sha256(file.read()).hexdigest())
        for digest, path in self.ledger.items():
            if digest not in present:
                self.problems.append(f"the bytes of {path} are gone: neither in a user's folder nor in the store")
        for arguments in (["paste", "-i", "all", "-p", board], ["items", "-p", board], ["history", "-p", board]):
            status, _, err = self.pb_run(arguments)
            if status != 0:
                self.problems.append(f"pb {' '.join(arguments)} exited {status}: {err.decode(errors='replace').strip()}")

    # A small filesystem that fills up.

    def mount(self):
        os.makedirs(self.base, exist_ok=True)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=6m,mode=0755", "tmpfs", self.base], check=True)

    def unmount(self):
        subprocess.run(["umount", "-l", self.base], check=False)

    def refill(self):
        """Leaves a random, small amount of room: some cuts, undos and redos find the disk full."""
        self.drain()
        free = os.statvfs(self.base).f_bavail * os.statvfs(self.base).f_frsize
        leave = self.rng.choice((0, 4096, 16384, 65536, 262144))
        if free > leave:
            with open(os.path.join(self.base, "filler"), "wb") as file:
                try:
                    file.write(b"\0" * (free - leave))
                except OSError:
                    pass

    def drain(self):
        try:
            os.remove(os.path.join(self.base, "filler"))
        except FileNotFoundError:
            pass

    # A cut undone and redone among other writers.

    def concurrent(self, seconds, rounds=3):
        board = "busy"
        self.pb_run(["copy", "-p", board], stdin=b"seed\n")
        self.pb_run(["history", "--levels", "0", "-p", board])
        undone = redone = 0
        for _ in range(rounds):
            on_disk = [os.path.relpath(p, self.user) for p in self.user_files()]
            # A round can end with the last cut redone and its redo then cleared by a copy:
            # every file is in the store, and a cut of none is a usage error. The round's
            # writers still undo and redo that cut.
            status, _, err = self.pb_run(["cut", "-q", "-p", board] + on_disk) if on_disk else (0, b"", b"")
            if status != 0:
                self.problems.append(f"the cut of {len(on_disk)} files exited {status}: {err.decode(errors='replace').strip()}")
            script = f"""
            set -u
            RANDOM={self.rng.getrandbits(15)}
            end=$((SECONDS + {max(1, seconds // rounds)}))
            copier() {{ while [ $SECONDS -lt $end ]; do echo "copy $1 $RANDOM" | "$PB" copy -p busy || echo "copy failed $?" >&2; sleep 0.$((RANDOM % 3)); done; }}
            mover() {{ while [ $SECONDS -lt $end ]; do "$PB" $1 -p busy 2> /dev/null; s=$?; [ $s -le 1 ] || [ $s -eq 73 ] || echo "$1 failed $s" >&2; done; }}
            reader() {{ while [ $SECONDS -lt $end ]; do "$PB" paste -i all -p busy > /dev/null 2>&1; s=$?; [ $s -le 1 ] || echo "paste failed $s" >&2; done; }}
            # Undoing back past the cut and redoing it again, while others write.
            swinger() {{ while [ $SECONDS -lt $end ]; do "$PB" undo 50 -p busy 2> /dev/null; "$PB" redo 50 -p busy 2> /dev/null; done; }}
            copier 1 & copier 2 & mover undo & mover redo & swinger & reader &
            wait
            """
            result = subprocess.run(["bash", "-c", script], env=dict(self.env, PB=self.pb), cwd=self.user,
                                    capture_output=True, timeout=seconds + 120)
            for line in result.stderr.decode(errors="replace").splitlines():
                self.problems.append(line)
            moves = result.stdout.decode(errors="replace").splitlines()
            undone += moves.count("Undo Cut")
            redone += moves.count("Redo Cut")
            status, _, err = self.pb_run(["copy", "-p", board], stdin=b"after\n")
            if status != 0:
                self.problems.append(f"the pb copy after exited {status}: {err.decode(errors='replace').strip()}")
            self.check(board)
        print(f"cuts of up to {len(self.ledger)} files were undone {undone} and redone {redone} times while others wrote")
        if undone == 0:
            self.problems.append("no cut was undone while others wrote: the test tested nothing")


def main():
    pb, root, mode, kills, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    run = Run(pb, root, mode, seed)
    try:
        if mode == "tmpfs":
            run.mount()
        if mode == "concurrent":
            run.make_files(1000, 4096)
            run.concurrent(kills)
        else:
            run.make_files(400 if mode == "disk" else 120, 262144 if mode == "disk" else 16384)
            number = 0
            while run.kills < kills and number < 10 * kills:
                if not run.round(number):
                    run.make_files(60, 16384)
                number += 1
            print(f"{number} rounds, {run.kills} kills, {len(run.ledger)} files (seed {seed})")
        print("exit statuses: " + ", ".join(f"{status}: {count}" for status, count in sorted(run.statuses.items())))
    finally:
        if mode == "tmpfs":
            run.unmount()
    for problem in run.problems[:40]:
        print("FAILED: " + problem)
    print(f"{run.checks} passed, {len(run.problems)} failed")
    sys.exit(1 if run.problems else 0)


if __name__ == "__main__":
    main()
