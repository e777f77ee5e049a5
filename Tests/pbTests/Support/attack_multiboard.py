#!/usr/bin/env python3
"""Several boards cutting, undoing and redoing the same files at once, with random kills.
usage: multi.py PB WORK SEED ROUNDS"""
import hashlib, os, random, re, shutil, subprocess, sys, time

PB, WORK, SEED, ROUNDS = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(SEED)
HIDDEN = re.compile(r"^\.(.*\.)?pb-[0-9a-f]{16}$")
ALLOWED = {0, 1, 66, 73, 75}
base = os.path.join(WORK, f"m{SEED}")
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base + "/u/d1")
os.makedirs(base + "/u/d2")
env = dict(os.environ, PB_DIR=base + "/store", PB_LOCK_TIMEOUT="30")
ledger = {}
problems = []
boards = ["A", "B", "C"]
for b in boards:
    subprocess.run([PB, "copy", "-p", b], input=b"seed\n", env=env)
    subprocess.run([PB, "history", "--levels", "0", "-p", b], env=env)


def make(n):
    for i in range(n):
        rel = rng.choice(["d1", "d2"]) + f"/f{len(ledger)}"
        data = f"{rel} {SEED} {rng.getrandbits(64)}\n".encode() * rng.randrange(1, 500)
        with open(base + "/u/" + rel, "wb") as f:
            f.write(data)
        ledger[hashlib.sha256(data).hexdigest()] = rel


def files(root):
    out = []
    for d, _, names in os.walk(root):
        out += [os.path.join(d, n) for n in names]
    return out


make(20)
for r in range(ROUNDS):
    procs = []
    visible = [os.path.relpath(p, base + "/u") for p in files(base + "/u") if not HIDDEN.match(os.path.basename(p))]
    if len(visible) < 5:
        make(10)
        visible = [os.path.relpath(p, base + "/u") for p in files(base + "/u") if not HIDDEN.match(os.path.basename(p))]
    for b in boards:
        op = rng.choice(["cut", "cut", "undo", "redo", "undo", "redo", "undo2", "copy"])
        if op == "cut":
            args = ["cut", "-q", "-p", b] + rng.sample(visible, min(len(visible), rng.randrange(1, 6)))
        elif op == "undo2":
            args = ["undo", "2", "-p", b]
        elif op == "copy":
            args = ["copy", "-p", b]
        else:
            args = [op, "-p", b]
        p = subprocess.Popen([PB] + args, env=env, cwd=base + "/u", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        try:
            p.stdin.write(b"x\n")
            p.stdin.close()
        except BrokenPipeError:
            pass
        procs.append((p, args, rng.random() < 0.3, rng.uniform(0, 0.08)))
    start = time.monotonic()
    for p, args, kill, when in procs:
        if kill:
            delay = when - (time.monotonic() - start)
            if delay > 0:
                time.sleep(delay)
            p.kill()
    for p, args, kill, when in procs:
        p.wait()
        err = p.stderr.read().decode(errors="replace").strip()
        if p.returncode not in ALLOWED and not (kill and p.returncode == -9):
            problems.append(f"round {r}: pb {' '.join(args)} -> {p.returncode}: {err}")
    # user meddles now and then
    if rng.random() < 0.2 and visible:
        v = base + "/u/" + rng.choice(visible)
        if os.path.exists(v):
            os.rename(v, v + ".moved")
    # check
    for b in boards:
        s = subprocess.run([PB, "copy", "-p", b], input=b"after\n", env=env, capture_output=True)
        if s.returncode != 0:
            problems.append(f"round {r}: recovery copy -p {b} -> {s.returncode}: {s.stderr.decode(errors='replace').strip()}")
    present = set()
    user = files(base + "/u")
    for p in user:
        if HIDDEN.match(os.path.basename(p)):
            problems.append(f"round {r}: hidden left {p}")
    for p in user + files(base + "/store/boards"):
        try:
            present.add(hashlib.sha256(open(p, "rb").read()).hexdigest())
        except OSError:
            pass
    for dg, rel in ledger.items():
        if dg not in present:
            problems.append(f"round {r}: LOST {rel}")
            present.add(dg)
    for b in boards:
        for args in (["paste", "-i", "all", "-p", b], ["history", "-p", b]):
            s = subprocess.run([PB] + args, env=env, capture_output=True)
            if s.returncode != 0:
                problems.append(f"round {r}: pb {' '.join(args)} -> {s.returncode}: {s.stderr.decode(errors='replace').strip()}")
    if len(problems) > 30:
        break
print(f"seed {SEED}: {r + 1} rounds, {len(ledger)} files, {len(problems)} problems")
for p in problems[:30]:
    print("FAIL", p)
