#!/usr/bin/env python3
"""Mutates one field of history/<N>.json or the journal and runs undo/redo/history/copy.
Reports traps (132/134/139, negative signals other than our kills) and 'internal error'."""
import json, os, random, shutil, subprocess, sys

PB, WORK, SEED, N = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(SEED)
EXTREMES = [0, -1, 1, 2**63 - 1, -2**63, 2**64 - 1, 2**64, 10**30, 1.5, -0.0, "x", "", None, [], {}, True,
            "/", "/etc/passwd", "/tmp/../etc", "a/b", ".x", "0123456789abcdef.txt", "\u0000", "/\udcff" if False else "/x\u0001y",
            "/" + "a" * 5000, 4095, 4096, 0o7777, 0o17777, 9223372036854775806, 9223372036854775807]
problems = []


def setup(base, kind):
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base + "/u/d")
    env = dict(os.environ, PB_DIR=base + "/store", PB_LOCK_TIMEOUT="3")
    for i in range(3):
        open(f"{base}/u/d/f{i}", "w").write(f"content {i}\n")
    run = lambda *a: subprocess.run([PB] + list(a), env=env, cwd=base + "/u", capture_output=True, input=b"x\n")
    run("copy")
    run("cut", "d/f0", "d/f1")
    if kind >= 1:
        run("undo")
    if kind >= 2:
        run("redo")
    return env, run


def paths(value, prefix=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))
    yield prefix


def set_at(value, path, new):
    for p in path[:-1]:
        value = value[p]
    if isinstance(value, dict) and rng.random() < 0.1:
        del value[path[-1]]
    else:
        value[path[-1]] = new


for n in range(N):
    base = os.path.join(WORK, f"z{SEED}")
    kind = rng.randrange(3)
    env, run = setup(base, kind)
    board = base + "/store/boards/general"
    count = int(run("count").stdout or 0)
    target = rng.choice(["history", "journal"])
    if target == "history":
        name = f"{board}/history/{count}.json"
        if not os.path.exists(name):
            continue
        doc = json.load(open(name))
        lines = None
    else:
        # make a journal like pb's for the current history
        hist = json.load(open(f"{board}/history/{count}.json"))
        cuts = [c for e in hist["undo"] + hist["redo"] for c in e.get("cutFiles", [])]
        if not cuts:
            continue
        c = rng.choice(cuts)
        op = rng.choice(["cut", "undo", "redo"])
        frm = rng.choice([count, count - 1])
        if op == "undo":
            step = {"path": c["path"], "file": c["file"], "method": rng.choice(["link", "copy"]),
                    "temporary": "." + c["path"].rsplit("/", 1)[1] + ".pb-0123456789abcdef", "mode": 420, "modified": c["modified"]}
        else:
            st = os.stat(c.get("restored", {}).get("path", c["path"])) if os.path.exists(c.get("restored", {}).get("path", c["path"])) else None
            ident = {"device": st.st_dev if st else 1, "inode": st.st_ino if st else 1, "size": st.st_size if st else 1,
                     "modified": st.st_mtime_ns if st else 0, "changed": st.st_ctime_ns if st else 0}
            step = {"path": c.get("restored", {}).get("path", c["path"]), "file": c["file"],
                    "method": "remove" if op == "cut" else rng.choice(["take", "remove"]), "identity": ident}
        doc = {"format": 4, "operation": op, "from": frm, "to": frm + 1, "steps": [step]}
        lines = [{"step": 0, "prepared": st.st_ino if op != "undo" and st else 12345},
                 {"step": 0, "placed": step["path"]}, {"step": 0, "done": True}, {"step": 0, "failed": "x"}]
        lines = rng.sample(lines, rng.randrange(0, 3))
        name = f"{board}/journal"
    for _ in range(rng.randrange(1, 3)):
        all_paths = [p for p in paths(doc) if p]
        if not all_paths:
            break
        set_at(doc, rng.choice(all_paths), rng.choice(EXTREMES))
    text = json.dumps(doc)
    if lines is not None:
        text += "\n" + "".join(json.dumps(l) + "\n" for l in lines)
        if rng.random() < 0.2:
            text = text[: rng.randrange(len(text))]
    open(name, "w").write(text)
    for cmd in rng.sample([["undo"], ["redo"], ["history"], ["copy"], ["undo", "2"], ["history", "--clear"], ["paste"], ["items"]], 3):
        r = run(*cmd)
        err = r.stderr.decode(errors="replace")
        if r.returncode in (132, 133, 134, 139) or r.returncode < 0 or "internal error" in err or "Fatal error" in err:
            problems.append(f"{target} {text[:300]!r} / pb {' '.join(cmd)} -> {r.returncode}: {err.strip()[:300]}")
print(f"seed {SEED}: {N} cases, {len(problems)} problems")
for p in problems[:20]:
    print("FAIL", p)
