import subprocess, sys
items = open(sys.argv[1]).read().split()
last = items[-1]; items = items[:-1]
def bad(xs):
    out = subprocess.run(["./seq"], input="\n".join(xs + [last]) + "\n", capture_output=True, text=True).stdout
    return "x-luatex" not in out
assert bad(items)
n = 2
while len(items) >= 1:
    chunk = max(1, len(items) // n); removed = False
    for i in range(0, len(items), chunk):
        trial = items[:i] + items[i + chunk:]
        if bad(trial):
            items = trial; removed = True; break
    if removed: n = max(n - 1, 2)
    elif chunk == 1: break
    else: n = min(len(items), n * 2)
print("\n".join(items + [last]))
