#!/usr/bin/env python3
"""Kills pb at every mutating system call of a scenario (strace syscall injection), then
lets `pb copy` recover, and checks that every byte is in a user's folder or the store.
    attack_crashpoints.py PB WORK SCENARIO
SCENARIO: cut undo undo2 redo undo_taken undo_collide clear_after_undo.
Environment: NESTED=1 also kills the recovery at several points; MEDDLE=newcomer|move|both
has the user create files at the cut paths / move them between the kill and the
recovery; USERTMPFS=4m puts the user's folder on its own tmpfs (undo copies, redo
removes); FILL=1 fills it. MEDDLE=newcomer on `redo` reproduces the loss of
attack_findings.sh finding 0."""
import hashlib, os, re, shutil, subprocess, sys

PB, WORK, SCEN = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
SYSCALLS = ["linkat", "renameat2", "renameat", "unlinkat", "write", "fsync", "fchmod", "utimensat", "openat2",
            "copy_file_range", "sendfile", "ftruncate", "fdatasync", "syncfs", "mkdirat", "fchmodat"]
HIDDEN = re.compile(r"^\.(.*\.)?pb-[0-9a-f]{16}$")
ALLOWED = {0, 1, 73, 74, 75}
problems = []
NESTED = os.environ.get("NESTED") == "1"
RSYS = ["linkat", "renameat2", "unlinkat", "write", "fsync", "utimensat", "openat2", "fchmod"]


def run(env, cwd, args, stdin=b"", inject=None):
    cmd = [PB] + args
    if inject:
        name, k = inject
        cmd = ["strace", "-f", "-qq", "-o", "/dev/null", "-e", f"trace={name}", "-e", f"inject={name}:signal=KILL:when={k}"] + cmd
    p = subprocess.run(cmd, env=env, cwd=cwd, input=stdin, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def count_calls(env, cwd, args, stdin=b""):
    out = subprocess.run(["strace", "-f", "-c", "-U", "name,calls", "-o", os.path.join(WORK, ".cnt"), PB] + args,
                         env=env, cwd=cwd, input=stdin, capture_output=True)
    counts = {}
    for line in open(os.path.join(WORK, ".cnt")):
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            counts[parts[0]] = int(parts[1])
    return counts


def setup(base):
    if os.path.exists(base):
        subprocess.run(["umount", "-l", base + "/u"], stderr=subprocess.DEVNULL)
        subprocess.run(["chmod", "-R", "u+rwx", base])
        shutil.rmtree(base)
    os.makedirs(base + "/u")
    if os.environ.get("USERTMPFS"):
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=" + os.environ["USERTMPFS"], "tmpfs", base + "/u"], check=True)
    os.makedirs(base + "/u/a")
    os.makedirs(base + "/u/b c")
    env = dict(os.environ, PB_DIR=base + "/store", PB_LOCK_TIMEOUT="5")
    ledger = {}
    for i, rel in enumerate(["a/f1", "a/f2", "b c/g", "a/h"]):
        data = (f"precious {rel} {i}\n" * (1 + i * 300)).encode()
        with open(base + "/u/" + rel, "wb") as f:
            f.write(data)
        ledger[hashlib.sha256(data).hexdigest()] = rel
    run(env, base + "/u", ["copy"], b"seed\n")
    if os.environ.get("FILL"):
        try:
            with open(base + "/u/filler", "wb") as f:
                f.write(b"\0" * (64 << 20))
        except OSError:
            pass
    return env, ledger


def files_under(root):
    out = []
    for d, _, names in os.walk(root):
        out += [os.path.join(d, n) for n in names]
    return out


def check(base, env, ledger, label):
    user = files_under(base + "/u")
    store = files_under(base + "/store/boards")
    bad = []
    for p in user:
        if HIDDEN.match(os.path.basename(p)):
            bad.append(f"hidden left {p}")
    uin = {(os.lstat(p).st_dev, os.lstat(p).st_ino) for p in user}
    present = set()
    for p in store:
        if "/data/" in p and (os.lstat(p).st_dev, os.lstat(p).st_ino) in uin:
            bad.append(f"data shares inode {p}")
        if os.path.basename(p) == "journal":
            bad.append("journal left")
    for p in user + store:
        try:
            present.add(hashlib.sha256(open(p, "rb").read()).hexdigest())
        except OSError as e:
            bad.append(f"unreadable {p}: {e}")
    for dg, rel in ledger.items():
        if dg not in present:
            bad.append(f"LOST bytes of {rel}")
    for args in (["paste", "-i", "all"], ["items"], ["history"]):
        s, _, err = run(env, base + "/u", args)
        if s != 0:
            bad.append(f"pb {' '.join(args)} -> {s}: {err.decode(errors='replace').strip()}")
    for b in bad:
        problems.append(f"{label}: {b}")


SCENARIOS = {
    # (preparation commands, command under test)
    "cut": ([], ["cut", "a/f1", "a/f2", "b c/g"]),
    "undo": ([["cut", "a/f1", "a/f2", "b c/g"]], ["undo"]),
    "undo2": ([["cut", "a/f1", "a/f2"], ["cut", "b c/g"]], ["undo", "2"]),
    "redo": ([["cut", "a/f1", "a/f2", "b c/g"], ["undo"]], ["redo"]),
    "undo_taken": ([["cut", "a/f1", "a/f2", "b c/g"], ["undo"], ["redo"]], ["undo"]),
    "undo_collide": ([["cut", "a/f1", "a/f2"], ["!touch", "a/f1"]], ["undo"]),
    "clear_after_undo": ([["cut", "a/f1", "a/f2"], ["undo"]], ["history", "--clear"]),
}


def prepare(base, env, prep):
    for c in prep:
        if c[0].startswith("!"):
            subprocess.run([c[0][1:]] + c[1:], cwd=base + "/u")
        else:
            s, _, e = run(env, base + "/u", c)
            if s != 0:
                problems.append(f"prep {c} -> {s} {e}")


MEDDLE = os.environ.get("MEDDLE", "")


def meddle(base):
    for rel in ["a/f1", "a/f2", "b c/g", "a/h"]:
        p = base + "/u/" + rel
        if MEDDLE == "newcomer" and not os.path.exists(p):
            open(p, "w").write("a newcomer\n")
        elif MEDDLE == "move" and os.path.exists(p):
            os.rename(p, p + ".moved")
        elif MEDDLE == "both":
            if os.path.exists(p):
                os.rename(p, p + ".moved")
            open(p, "w").write("a newcomer\n")


def main():
    prep, cmd = SCENARIOS[SCEN]
    base = os.path.join(WORK, SCEN)
    env, ledger = setup(base)
    prepare(base, env, prep)
    counts = count_calls(env, base + "/u", cmd)
    points = [(n, k) for n in SYSCALLS for k in range(1, counts.get(n, 0) + 1)]
    recover = ["copy"]
    rpoints = None
    total = 0
    for point in points:
        env, ledger = setup(base)
        prepare(base, env, prep)
        s, _, err = run(env, base + "/u", cmd, inject=point)
        meddle(base)
        if s not in ALLOWED and s != -9 and s != 137:
            problems.append(f"{SCEN} {point}: exit {s} {err.decode(errors='replace').strip()}")
        if NESTED and os.path.exists(base + "/store/boards/general/journal"):
            rc = None
            for rk in range(1, 40):
                env, ledger = setup(base)
                prepare(base, env, prep)
                run(env, base + "/u", cmd, inject=point)
                for name in ("write", "linkat", "renameat2", "unlinkat", "fsync"):
                    pass
                rname = RSYS[rk % len(RSYS)]
                s, _, err = run(env, base + "/u", recover, b"after\n", inject=(rname, 1 + rk // len(RSYS)))
                if s not in ALLOWED and s not in (-9, 137):
                    problems.append(f"{SCEN} {point} recovery killed at {rname}#{1 + rk // len(RSYS)}: exit {s} {err.decode(errors='replace').strip()}")
                s, _, err = run(env, base + "/u", recover, b"after2\n")
                if s != 0:
                    problems.append(f"{SCEN} {point} rk={rk}: second recovery exit {s} {err.decode(errors='replace').strip()}")
                check(base, env, ledger, f"{SCEN} {point} recovery killed {rname}#{1 + rk // len(RSYS)}")
        s, _, err = run(env, base + "/u", recover, b"after\n")
        if s != 0:
            problems.append(f"{SCEN} {point}: recovery copy exit {s} {err.decode(errors='replace').strip()}")
        check(base, env, ledger, f"{SCEN} {point}")
        total += 1
    print(f"{SCEN}: {total} crash points, {len(problems)} problems")
    for p in problems[:50]:
        print("FAIL", p)


main()
