# Hostile index contents in the user's own cache folder: a good index with bytes changed
# past its header (records, rules), run by pb over sample files. Reports crashes and hangs.
import os, random, shutil, subprocess, sys
pb, good, samples, rounds = sys.argv[1], sys.argv[2], open(sys.argv[3]).read().split(), int(sys.argv[4])
random.seed(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
data = open(good, "rb").read()
header = 88
groups = int.from_bytes(data[16:20], "little")
table_end = header + groups * 24
cache = "/tmp/a33/hz/cache"
os.makedirs(cache + "/pb", mode=0o700, exist_ok=True)
outcomes = {}
for r in range(rounds):
    b = bytearray(data)
    kind = random.choice(["records", "entries", "both"])
    for _ in range(random.choice([1, 4, 32, 256])):
        if kind == "records" or (kind == "both" and random.random() < 0.5):
            at = random.randrange(header, table_end)
        else:
            at = random.randrange(table_end, len(b))
        b[at] = random.choice([0, 0xFF, 0x7F, 0x80, random.randrange(256)])
    path = cache + "/pb/libmagic-index"
    with open(path + ".new", "wb") as f: f.write(b)
    os.chmod(path + ".new", 0o600); os.replace(path + ".new", path)
    try:
        p = subprocess.run([pb, "type", "--sniff"] + samples, env={"XDG_CACHE_HOME": cache, "PATH": "/usr/bin:/bin", "HOME": "/tmp/a33/hz"},
                           capture_output=True, timeout=30)
        code = p.returncode
        err = p.stderr.decode(errors="replace").strip().splitlines()[-1:] if code else []
    except subprocess.TimeoutExpired:
        code, err = "timeout", []
    key = (code, tuple(e[:120] for e in err))
    if key not in outcomes:
        outcomes[key] = 0
        if code != 0:
            shutil.copy(path, f"/tmp/a33/hz/index-{r}-{code}")
            print(r, kind, code, err, flush=True)
    outcomes[key] += 1
for k, v in sorted(outcomes.items(), key=lambda x: -x[1]): print(v, k)
