#!/usr/bin/env python3
"""Model-based test of pb's undo history.

    history_model.py PB ROOT STEPS SEED

Runs STEPS random steps (copy, append, clear, cut, undo N, redo N, levels, history
--clear, --no-undo and --concealed writes, clear --no-undo, nested groups, history
--restore N) through one long-lived bash,
so that a group belongs to a process that stays, and after every step compares pb with
a plain model of the board, the stacks and the files cuts removed, written from the
documented rules (man page, UNDO AND REDO; docs/store-format.md, History):

- a recorded change pushes an entry holding the board before it and clears redo; both
  stacks keep at most `levels` entries (0: no limit), after a change, an undo or a redo;
- undo N takes up to N steps, putting on the redo stack, for each, the state it left;
  redo N is the mirror. Undoing a cut puts its files back, redoing it takes them again;
- while the board holds secrets (--concealed or --no-undo items) that came over a state
  P, undo's next step gives exactly P, named after the oldest entry made since the
  secrets came (or after the write that brought them), with the cut files of those
  entries, and puts nothing on redo. A recorded change, or a redo, from such a board
  records P as the state before it, in place of the entries made since (their cut files
  go with it). A --no-undo write is not recorded and leaves redo alone (a redo then goes
  over it, as an undo does, NSUndoManager's rule for a change not registered), and never
  changes undo's steps: one that takes the secrets away leaves the step back to P;
- changes inside an open group grow its one entry (made by the group's first change),
  named by the outermost group's name or that first action; an undo or redo inside the
  group starts a new entry;
- `history --restore N` is a recorded change (named Restore) to the state undo N would
  give; 0 (the present) changes nothing; a number that is no such state is refused (64)
  and changes nothing.
  `history --list` lists the present as 0, then those states from 1, newest first, each
  with its first value as preview (and how many more items; `<concealed>` for a secret),
  leaving out an empty board and a state with the same values as the one listed before
  it (unless they are secrets), whose number is skipped;
- `history --clear` forgets every entry and P; undo then has nothing to take until a
  new change (secrets written over secrets then give back the board less them);
- no secret ever comes back: not on the board, and not in a data file once replaced.

What pb says is checked after every step: the board byte for byte, `pb history --json`
(each step of both stacks: name, items, bytes, cut files; the group), `pb history --list`
(number and preview of each past state), `pb info --json`
(canUndo, undoActionName, canRedo, redoActionName, historyBytes) and the files in the
cut folder.
At the end every step is undone, checking each state.

Prints `N passed, M failed` and exits 1 on the first disagreement, with the steps.
"""
import base64
import collections
import json
import os
import random
import subprocess
import sys


class Entry:
    def __init__(self, name, values, cuts=(), since=False):
        # values: the board undoing (or redoing) it gives back; cuts: (name, bytes) of the
        # files a cut removed; since: made while secrets were on the board (or by the
        # write that brought them).
        self.name, self.values, self.cuts, self.since = name, list(values), list(cuts), since


PRELUDE = ["copy", "copy", "undo", "no-undo", "redo"]


class Model:
    def __init__(self):
        self.items = []  # (value, recordable)
        self.undo, self.redo = [], []  # oldest first
        self.levels = 50
        self.saved = None  # {"values", "name"}: the state the secrets came over
        self.group = None  # {"name", "depth", "has_entry"}
        self.disk = {}  # name -> bytes: the cut folder as it should be
        self.seen = collections.Counter()  # the cases the run reached, printed at the end
        self.unrecorded_on_top = False  # the board is a --no-undo write's, redo would go over it

    @staticmethod
    def public(items):
        return [v for v, rec in items if rec]

    def holds_secrets(self):
        return not all(rec for _, rec in self.items)

    def steps(self):
        """The undo stack as `pb undo` takes it, oldest first."""
        if not self.saved:
            return list(self.undo)
        since = [e for e in self.undo if e.since]
        rest = [e for e in self.undo if not e.since]
        name = since[0].name if since else self.saved["name"]
        return rest + [Entry(name, self.saved["values"], [c for e in since for c in e.cuts])]

    def forget_since(self):
        """Takes the entries made since the secrets came off the stack; their cut files."""
        cuts = [c for e in self.undo if e.since for c in e.cuts]
        self.undo = [e for e in self.undo if not e.since]
        return cuts

    def trim(self):
        if self.levels > 0:
            self.undo = self.undo[-self.levels:]
            self.redo = self.redo[-self.levels:]

    def after_secrets_left(self):
        self.saved = None
        for e in self.undo:
            e.since = False

    def change(self, new_items, name, records, cuts=()):
        before = self.items
        made = None
        if records:
            self.redo = []
            if self.group and self.group["has_entry"]:
                self.undo[-1].cuts += list(cuts)
                if not self.undo[-1].since and not all(rec for _, rec in new_items) and all(rec for _, rec in before):
                    self.seen["secret inside a group's entry made before it"] += 1
                    self.seen["... whose entry holds cut files"] += bool(self.undo[-1].cuts)
            else:
                values = self.saved["values"] if self.saved else self.public(before)
                carried = self.forget_since() if self.saved else []
                made = Entry((self.group or {}).get("name") or name, values, carried + list(cuts))
                self.undo.append(made)
                if self.group:
                    self.group["has_entry"] = True
                self.trim()
        self.items = new_items
        self.unrecorded_on_top = not records
        if not self.holds_secrets():
            if not records and self.saved and not any(e.since for e in self.undo):
                # Not recorded, it leaves undo's steps as they were: the step back to the
                # state before the secrets becomes an entry.
                self.seen["step kept past a change not recorded"] += 1
                self.undo.append(Entry(self.saved["name"], self.saved["values"]))
                if self.group:
                    self.group["has_entry"] = False
                self.trim()
            self.after_secrets_left()
        elif self.saved is None:
            held = [v for v, rec in before if not rec]
            if any(not rec and v not in held for v, rec in new_items):
                self.seen["secret over secrets history forgot"] += bool(held)
                # Secrets came over `before`: undoing them gives it back (less the secrets
                # it already held, which history had forgotten).
                self.saved = {"values": self.public(before), "name": name}
        if made and self.saved:
            made.since = True
        for file, _ in cuts:
            del self.disk[file]

    def undo_n(self, n):
        names, values = [], self.public(self.items)
        if self.saved:
            step = self.steps()[-1]
            self.forget_since()
            self.seen["undo over secrets"] += 1
            self.seen["... onto an entry with cut files"] += bool(self.undo and self.undo[-1].cuts)
            names.append(step.name)
            values = step.values
            self.disk.update(step.cuts)
            self.after_secrets_left()
        while len(names) < n and self.undo:
            entry = self.undo.pop()
            self.redo.append(Entry(entry.name, values, entry.cuts))
            self.disk.update(entry.cuts)
            values = entry.values
            names.append(entry.name)
        if names:
            self.finish_move(values)
        return names

    def redo_n(self, n):
        if not self.redo:
            return []
        values = self.saved["values"] if self.saved else self.public(self.items)
        carried = self.forget_since() if self.saved else []
        self.seen["redo over secrets"] += bool(self.saved)
        self.seen["redo over a --no-undo write"] += self.unrecorded_on_top
        names = []
        while len(names) < n and self.redo:
            entry = self.redo.pop()
            self.undo.append(Entry(entry.name, values, (carried if not names else []) + entry.cuts))
            for file, _ in entry.cuts:
                del self.disk[file]
            values = entry.values
            names.append(entry.name)
        self.after_secrets_left()
        self.finish_move(values)
        return names

    def finish_move(self, values):
        self.unrecorded_on_top = False
        if self.group:
            self.group["has_entry"] = False
        self.items = [(v, True) for v in values]
        self.seen["undo or redo past the levels"] += bool(self.levels and max(len(self.undo), len(self.redo)) > self.levels)
        self.trim()

    def clear_history(self):
        self.undo, self.redo = [], []
        self.after_secrets_left()
        if self.group:
            self.group["has_entry"] = False


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
        return int(status_line.split()[1]), base64.b64decode(data)


def preview(values, concealed):
    """What `pb history --list` previews of a state of text values."""
    more = len(values) - 1
    first = "<concealed>" if values[0] in concealed else values[0]
    return first + (f" (and {more} more item{'s' if more > 1 else ''})" if more else "")


def list_lines(model, concealed):
    """The (number, preview) lines of `pb history --list`: values are unique to the step
    that wrote them, so the same values are the same bytes."""
    states = [(0, [v for v, _ in model.items])] + [(n, e.values) for n, e in enumerate(reversed(model.steps()), start=1)]
    lines, last = [], None
    for number, values in states:
        if not values or (values == last and not any(v in concealed for v in values)):
            continue
        lines.append((str(number), preview(values, concealed)))
        last = values
    return lines


def main():
    pb, root, steps, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    model, shell = Model(), Shell(pb, root)
    cut_folder = os.path.join(root, "files")
    os.makedirs(cut_folder)
    data_folder = os.path.join(root, "store", "boards", "general", "data")
    secrets = set()  # every secret value written
    concealed = set()  # those written with --concealed
    done, log = 0, []

    def fail(reason):
        print("FAILED: " + reason)
        print(f"seed {seed}, steps:\n  " + "\n  ".join(log[-30:]))
        print(f"{done} passed, 1 failed")
        sys.exit(1)

    def check_board(after):
        status, out = shell.run("pb paste -i all -0")
        expected = "\0".join(v for v, _ in model.items).encode()
        if (status, out) != ((0, expected) if model.items else (1, b"")):
            fail(f"{after} the board is {out!r} (exit {status}), the model says {expected!r}")
        # The cut folder: every file a cut removed and undo put back, and nothing else.
        found = {}
        for name in os.listdir(cut_folder):
            with open(os.path.join(cut_folder, name), "rb") as file:
                found[name] = file.read()
        if found != model.disk:
            fail(f"{after} the cut folder holds {sorted(found)}, the model says {sorted(model.disk)}")
        # A secret that left the board left the store.
        on_board = {v for v, _ in model.items}
        for name in os.listdir(data_folder) if os.path.isdir(data_folder) else []:
            with open(os.path.join(data_folder, name), "rb") as file:
                value = file.read().decode(errors="replace")
            if value in secrets and value not in on_board:
                fail(f"{after} the store still holds the secret {value!r} ({name})")

    def check_history(after):
        status, out = shell.run("pb history --json")
        listed = json.loads(out)
        for stack, entries in (("undo", model.steps()), ("redo", model.redo)):
            got = [(e["actionName"], e["numberOfItems"], e["bytes"], sorted(os.path.basename(p) for p in e["cutFiles"]))
                   for e in listed[stack]]
            want = [(e.name, len(e.values), sum(len(v) for v in e.values), sorted(f for f, _ in e.cuts))
                    for e in reversed(entries)]
            if got != want:
                fail(f"{after} the {stack} steps are {got}, the model says {want}")
        status, out = shell.run("pb history --list")
        got = [tuple(line.split("\t")[i] for i in (0, 4)) for line in out.decode().splitlines()]
        want = list_lines(model, concealed)
        if status != 0 or got != want:
            fail(f"{after} history --list (exit {status}) gives {got}, the model says {want}")
        group = listed.get("group") or {}
        want_group = (model.group["depth"], model.group["has_entry"]) if model.group else (0, False)
        if (group.get("depth", 0), group.get("hasEntry", False)) != want_group:
            fail(f"{after} the group (depth, hasEntry) is {(group.get('depth', 0), group.get('hasEntry', False))}, "
                 f"the model says {want_group}")
        status, out = shell.run("pb info --json")
        info = json.loads(out)
        steps_left = model.steps()
        got = (info["canUndo"], info.get("undoActionName"), info["canRedo"], info.get("redoActionName"), info["levelsOfUndo"],
               info["historyBytes"])
        # Each value was written once, so it is one data file: history holds those of its
        # states that the board does not.
        held = {v for e in model.undo + model.redo for v in e.values} | set((model.saved or {}).get("values", []))
        want = (bool(steps_left), steps_left[-1].name if steps_left else None, bool(model.redo),
                model.redo[-1].name if model.redo else None, model.levels,
                sum(len(v) for v in held - {v for v, _ in model.items}))
        if got != want:
            fail(f"{after} info says (canUndo, undoActionName, canRedo, redoActionName, levelsOfUndo, historyBytes) {got}, "
                 f"the model says {want}")

    for step in range(steps):
        value = f"v{step}"
        choice = rng.choices(
            ["copy", "append", "clear", "cut", "undo", "redo", "levels", "clear-history", "no-undo", "concealed", "begin", "end",
             "restore"],
            weights=[14, 10, 4, 4, 14, 10, 5, 2, 5, 5, 3, 3, 8])[0]
        # Undo, a --no-undo write, then redo is rare by chance (a group open refuses undo):
        # every run begins with it.
        if step < len(PRELUDE):
            choice = PRELUDE[step]
        expect_lines, expect_status = None, 0
        if choice in ("copy", "append", "no-undo", "concealed"):
            append = choice == "append" or (choice in ("no-undo", "concealed") and rng.random() < 0.5)
            flags = (" -a" if append else "") + {"no-undo": " --no-undo", "concealed": " --concealed"}.get(choice, "")
            command = f"printf {value} | pb copy{flags}"
            secret = choice in ("no-undo", "concealed")
            if secret:
                secrets.add(value)
            if choice == "concealed":
                concealed.add(value)
            new = (model.items if append else []) + [(value, not secret)]
            model.change(new, "Append" if append else "Copy", records=choice != "no-undo")
        elif choice == "clear":
            records = rng.random() < (0.3 if model.holds_secrets() else 0.8)
            command = "pb clear" + ("" if records else " --no-undo")
            model.change([], "Clear", records=records)
        elif choice == "cut":
            name = f"f{step}"
            command = f"printf {value} > files/{name} && pb cut files/{name}"
            model.disk[name] = value.encode()
            model.change([(value, True)], "Cut", records=True, cuts=[(name, value.encode())])
        elif choice == "undo" and model.group:
            # As NSUndoManager: refused while a group is open, changing nothing.
            command = f"pb undo {rng.choice((1, 2))}"
            model.seen["undo refused in a group"] += 1
            expect_status, expect_lines = 73, []
        elif choice in ("undo", "redo"):
            n = rng.choice((1, 1, 2, 3, 5))
            command = f"pb {choice} {n}"
            names = model.undo_n(n) if choice == "undo" else model.redo_n(n)
            expect_status = 0 if names else 1
            expect_lines = [f"{choice.capitalize()} {name}" for name in names]
        elif choice == "levels":
            levels, then = rng.choice((0, 1, 2, 3, 4, 50)), None
            if model.redo and rng.random() < 0.8:
                # As many as the undo stack holds, then a redo: it passes the levels.
                levels, then = max(1, len(model.undo)), rng.choice((1, 2, 3))
            command = f"pb history --levels {levels}"
            model.levels = levels
            model.trim()
            if then:
                command += f" && pb redo {then}"
                expect_lines = [f"Redo {name}" for name in model.redo_n(then)]
        elif choice == "restore":
            states = model.steps()
            number = rng.choice((0, 1, 1, 2, 3, len(states), len(states) + 1))
            command = f"pb history --restore {number}"
            if number == 0:
                # The present: nothing changes, nothing is recorded.
                model.seen["restore of the present"] += 1
            elif number <= len(states):
                model.seen["restore"] += 1
                model.change([(v, True) for v in states[-number].values], "Restore", records=True)
            else:
                model.seen["restore refused"] += 1
                expect_status = 64
        elif choice == "clear-history":
            command = "pb history --clear"
            model.clear_history()
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
        check_board(f"after `{command}`")
        check_history(f"after `{command}`")
        done += 1
    # Every step gives back exactly its state: undo to the bottom, checking each (the
    # group closed first: undo waits for it).
    while model.group:
        shell.run("pb group end")
        model.group["depth"] -= 1
        if model.group["depth"] == 0:
            model.group = None
    while model.steps():
        names = model.undo_n(1)
        status, out = shell.run("pb undo")
        log.append("pb undo (unwinding)")
        if out.decode().splitlines() != [f"Undo {name}" for name in names]:
            fail(f"unwinding printed {out.decode().splitlines()}, the model says {names}")
        check_board("unwinding,")
        done += 1
    status, _ = shell.run("pb undo")
    if status != 1:
        fail(f"with nothing left to undo, pb undo exited {status}")
    print("reached: " + ", ".join(f"{case} {n}" for case, n in model.seen.items()))
    print(f"{done} passed, 0 failed (seed {seed}, {steps} steps)")


if __name__ == "__main__":
    main()
