#!/usr/bin/env python3
"""Model-based test of pb's undo history.

    history_model.py PB ROOT STEPS SEED

Runs STEPS random steps (copy, append, clear, undo N, redo N, levels, history --clear,
--no-undo and --concealed writes, groups) through one long-lived bash, so that a group
belongs to a process that stays, and after every step compares pb, byte for byte, with
a plain model of the board and the stacks written from the documented rules (man page,
UNDO AND REDO; docs/store-format.md, History):

- a recorded change pushes an entry holding the board before it (for a board holding
  secrets, the state before them, dropping the entries made since), clears redo, and
  the undo stack keeps at most `levels` entries (0: no limit);
- undo N moves up to N entries to the redo stack, each holding the state it left; from
  a board holding secrets, the first step gives the state before them, named after the
  oldest change since (or the one that brought them), and puts nothing on redo;
- redo N is the mirror; a --no-undo write is not recorded and leaves redo alone;
- changes inside an open group grow its one entry, named by the outermost group's name
  or its first action; an undo or redo inside the group starts a new entry.

Prints `N passed, M failed` and exits 1 on the first disagreement, with the steps.
"""
import json
import os
import random
import subprocess
import sys


class Entry:
    def __init__(self, name, items, count):
        self.name, self.items, self.count = name, items, count


class Model:
    def __init__(self):
        self.items = []  # (value, recordable)
        self.count = 0
        self.undo, self.redo = [], []
        self.levels = 50
        self.saved = None  # (values, count, action) before secrets
        self.group = None  # {"name", "depth", "has_entry"}

    @staticmethod
    def recordable(items):
        return all(rec for _, rec in items)

    def recordable_state(self, items):
        if self.recordable(items):
            return [v for v, _ in items]
        if self.saved:
            return list(self.saved[0])
        return [v for v, rec in items if rec]

    def drop_since_secrets(self, items):
        dropped = []
        if self.saved and not self.recordable(items):
            while self.undo and self.undo[-1].count > self.saved[1]:
                dropped.append(self.undo.pop())
        return dropped

    def note(self, before, after, name, previous):
        if self.recordable(after):
            self.saved = None
        elif self.recordable(before):
            self.saved = ([v for v, _ in before], previous, name)

    def trim(self):
        if self.levels > 0:
            self.undo = self.undo[-self.levels:]
            self.redo = self.redo[-self.levels:]

    def change(self, new_items, name, records):
        before, previous = self.items, self.count
        if records:
            self.redo = []
            if self.group and self.group["has_entry"] and self.undo:
                pass  # the group's entry grows, keeping the count its first change made
            else:
                state = self.recordable_state(before)
                self.drop_since_secrets(before)
                self.undo.append(Entry((self.group or {}).get("name") or name, state, previous + 1))
                if self.group:
                    self.group["has_entry"] = True
                self.trim()
        self.note(before, new_items, name, previous)
        self.items = new_items
        self.count += 1

    def undo_n(self, n):
        names, current = [], self.items
        values = [v for v, rec in current if rec]
        if self.saved and not self.recordable(current):
            dropped = self.drop_since_secrets(current)
            names.append(dropped[-1].name if dropped else self.saved[2])
            values = list(self.saved[0])
            self.saved = None
            if self.group:
                self.group["has_entry"] = False
        while len(names) < n and self.undo:
            entry = self.undo.pop()
            self.redo.append(Entry(entry.name, values, self.count + 1))
            values = entry.items
            names.append(entry.name)
        if not names:
            return names
        if self.group:
            self.group["has_entry"] = False
        self.items = [(v, True) for v in values]
        self.saved = None
        self.count += 1
        self.trim()
        return names

    def redo_n(self, n):
        if not self.redo:
            return []
        values = self.recordable_state(self.items)
        self.drop_since_secrets(self.items)
        names = []
        while len(names) < n and self.redo:
            entry = self.redo.pop()
            self.undo.append(Entry(entry.name, values, self.count + 1))
            values = entry.items
            names.append(entry.name)
        if self.group:
            self.group["has_entry"] = False
        self.items = [(v, True) for v in values]
        self.saved = None
        self.count += 1
        self.trim()
        return names


class Shell:
    """One bash for the whole run: the parent of every pb, so groups stay open."""

    def __init__(self, pb, root):
        env = dict(os.environ, PB_DIR=os.path.join(root, "store"), PATH=os.path.dirname(pb) + ":" + os.environ["PATH"])
        env = {k: v for k, v in env.items() if not k.startswith("PB_") or k == "PB_DIR"}
        self.process = subprocess.Popen(["bash"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        cwd=root, env=env)
        self.number = 0

    def run(self, command):
        self.number += 1
        marker = f"__END_{self.number}__"
        self.process.stdin.write(f"{command} > out 2> err; echo \"{marker} $?\"; base64 -w0 out; echo\n".encode())
        self.process.stdin.flush()
        status_line = self.process.stdout.readline().decode()
        data = self.process.stdout.readline().decode().strip()
        assert status_line.startswith(marker), status_line
        import base64
        return int(status_line.split()[1]), base64.b64decode(data)


def main():
    pb, root, steps, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    model, shell = Model(), Shell(pb, root)
    done, log = 0, []

    def fail(reason):
        print("FAILED: " + reason)
        print(f"seed {seed}, steps:\n  " + "\n  ".join(log[-25:]))
        print(f"{done} passed, 1 failed")
        sys.exit(1)

    for step in range(steps):
        value = f"v{step}"
        choice = rng.choices(
            ["copy", "append", "clear", "undo", "redo", "levels", "clear-history", "no-undo", "concealed", "begin", "end"],
            weights=[14, 10, 4, 14, 10, 3, 2, 5, 5, 3, 3])[0]
        expect_lines, expect_status = None, 0
        if choice in ("copy", "append", "no-undo", "concealed"):
            append = choice == "append" or (choice in ("no-undo", "concealed") and rng.random() < 0.5)
            flags = (" -a" if append else "") + {"no-undo": " --no-undo", "concealed": " --concealed"}.get(choice, "")
            command = f"printf {value} | pb copy{flags}"
            secret = choice in ("no-undo", "concealed")
            new = (model.items if append else []) + [(value, not secret)]
            model.change(new, "Append" if append else "Copy", records=choice != "no-undo")
        elif choice == "clear":
            command = "pb clear"
            model.change([], "Clear", records=True)
        elif choice in ("undo", "redo"):
            n = rng.choice((1, 1, 2, 3))
            command = f"pb {choice} {n}"
            names = model.undo_n(n) if choice == "undo" else model.redo_n(n)
            expect_status = 0 if names else 1
            expect_lines = [f"{choice.capitalize()} {name}" for name in names]
        elif choice == "levels":
            levels = rng.choice((0, 1, 2, 3, 4, 50))
            command = f"pb history --levels {levels}"
            model.levels = levels
            model.trim()
        elif choice == "clear-history":
            command = "pb history --clear"
            model.undo, model.redo, model.saved = [], [], None
            if model.group:
                model.group["has_entry"] = False
        elif choice == "begin":
            if model.group and model.group["depth"] >= 2:
                continue
            name = rng.choice((None, f"G{step}"))
            command = "pb group begin" + (f" {name}" if name else "")
            if model.group:
                model.group["depth"] += 1
            else:
                model.group = {"name": name, "depth": 1, "has_entry": False}
        else:
            command = "pb group end"
            if model.group:
                model.group["depth"] -= 1
                if model.group["depth"] == 0:
                    model.group = None
            else:
                expect_status = 1
        log.append(command)
        status, out = shell.run(command)
        if status != expect_status:
            fail(f"`{command}` exited {status}, the model says {expect_status}")
        if expect_lines is not None and out.decode().splitlines() != expect_lines:
            fail(f"`{command}` printed {out.decode().splitlines()}, the model says {expect_lines}")
        # The board, byte for byte.
        status, out = shell.run("pb paste -i all -0")
        expected = "\0".join(v for v, _ in model.items).encode()
        if (status, out) != ((0, expected) if model.items else (1, b"")):
            fail(f"after `{command}` the board is {out!r} (exit {status}), the model says {expected!r}")
        # Both stacks: names and what undoing or redoing each gives back.
        status, out = shell.run("pb history --json")
        listed = json.loads(out)
        for stack, entries in (("undo", model.undo), ("redo", model.redo)):
            got = [(e["actionName"], e["numberOfItems"]) for e in listed[stack]]
            want = [(e.name, len(e.items)) for e in reversed(entries)]
            if got != want:
                fail(f"after `{command}` the {stack} stack is {got}, the model says {want}")
        depth = (listed.get("group") or {}).get("depth", 0)
        if depth != (model.group or {}).get("depth", 0):
            fail(f"after `{command}` the group depth is {depth}, the model says {(model.group or {}).get('depth', 0)}")
        done += 1
    # Every entry gives back exactly its state: undo to the bottom, checking each.
    while model.undo or (model.saved and not model.recordable(model.items)):
        names = model.undo_n(1)
        status, out = shell.run("pb undo")
        log.append("pb undo (unwinding)")
        if out.decode().splitlines() != [f"Undo {name}" for name in names]:
            fail(f"unwinding printed {out.decode().splitlines()}, the model says {names}")
        status, out = shell.run("pb paste -i all -0")
        expected = "\0".join(v for v, _ in model.items).encode()
        if (status, out) != ((0, expected) if model.items else (1, b"")):
            fail(f"unwinding, the board is {out!r}, the model says {expected!r}")
        done += 1
    print(f"{done} passed, 0 failed (seed {seed}, {steps} steps)")


if __name__ == "__main__":
    main()
