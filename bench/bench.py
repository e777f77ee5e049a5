#!/usr/bin/env python3
"""Times pb copy and pb paste against cat, measured in the same run, and peak memory.

Usage: bench/run.sh (builds a release pb first), or bench/bench.py PATH_TO_PB.
Each figure is the best of several runs, in seconds, with its ratio to cat's.
With PB_BASELINE=PATH_TO_AN_OLDER_PB, the commands of the types section are timed for
both binaries, interleaved, with the ratio between them; PB_BENCH=types runs only that.
PB_BENCH=peers runs only the table against xsel and xclip (on a private Xvfb; hyperfine,
xsel, xclip, xvfb and valgrind are installed from Debian's packages when missing); with
PB_BASELINE, that binary's copies are timed in the same rounds.
pb (and PB_BASELINE) run from copies installed in the run's folder as install.sh installs
them (install -m 755): the page cache then holds pb as it holds an installed pb, not as the
linker's mapped writes left it (in 4 KiB pages: a small command's start-up takes ~15%
longer). The peers table also times pb read back from the disk, as after a reboot.
PB_BENCH=desktop runs only pb publish and a 100 MiB read through pb's owner against
xclip's (with PB_BASELINE, the start-up of pb paste against that binary too).
PB_BENCH=derived runs only the first image/png read of a 12-megapixel JPEG through pb's
owner (which converts it on request), and pb paste -t png of the same item (converted
as it is pasted), against xclip serving a PNG of the same image;
then hostile images claiming 10000x10000 pixels (the time to the owner's answer and its
peak memory), and how fast TARGETS is answered while the JPEG is converted.
PB_BENCH=cut runs only pb cut, undo and redo of 2000 files against mv and cp.
PB_BENCH=sizes runs only the table of 1 MiB, 100 MiB and 1 GiB copies and pastes against
cat, and PB_BENCH=small only the small paste against /bin/true and cat of a small file:
the figures to compare between two builds (bench/bench.py OLDER_PB runs them for it).
PB_BENCH=startup runs only the start-up of the two commands a speed trick must pay its way
in: pb paste and sniffed pb copy of a 19-byte value, with no desktop, by valgrind's
instruction count and by median times in interleaved rounds; for pb, pb with libmagic's
index off (MAGIC naming the database libmagic loads anyway) and, with PB_BASELINE, that
binary: the before and after of a trick from one run.
PB_BENCH=many runs only a board of 10,000 small items: pb copy of 10,000 files, and
pb paste -i all and pb items against cat of the same files.
PB_BENCH=corpus runs only the type corpus's rates (Tests/TypeCorpus): how often pb's type,
GLib's and libmagic's is exact and keeps the kind, by file and by data alone.
PB_BENCH=realfiles runs only the real files' rates by family: a stand-in for the suite of
real files kept outside the repository. Files are gathered from this machine (/usr/share,
/usr/lib, /usr/include, /usr/bin, /etc; man pages and a few of Debian's compressed ones
unpacked) and from the Debian packages of REAL_PACKAGES, fetched once with apt-get
download into PB_REAL_CACHE (~/.cache/pb-realfiles by default) and unpacked there with
dpkg-deb -x. Every regular file of 1 byte to 8 MiB is sorted into a format by GLib's
type for its name and first 4 KiB; per format, up to 30 files are taken, spread evenly
over the format's files sorted by path (deterministic: the same machine and packages give
the same files); GLib's octet-stream and zero-size are left out. The choice is kept in the
cache (realfiles.json; delete it to choose again), so two builds are measured on the same
files. Each file is labelled with GLib's type by file (name and whole data): the true type
by data; where libmagic agrees with it (either is a kind of the other), the more specific
of the two is the true type by file. Scoring is scripts/typecorpus.py's. Printed per
family (fonts, audio, executables, certificates, text, the rest) and in all: exact and
kind kept, by data for pb, GLib and libmagic, and by file (on the agreed files) for pb and GLib.
PB_BENCH=qt runs only pb import of a photo a Qt application holds (PyQt5, from Debian's
python3-pyqt5) against xclip -o -t image/png reading the same clipboard, and once what
reading every type Qt offers costs.
PB_BENCH=silent runs only pb import of an owner listing 5,000 types that never answers (its
whole time limit, 10 s by default; with PB_BASELINE, that binary's, cut at 60 s), and the time
pb bridge takes to put a pb copy on the desktop while it reads such an owner, on a private Xvfb.
PB_BENCH=hostile runs only pb import --archive of hostile archives
(Tests/pbTests/Support/hostile_archive.py): 200,000 undo entries into --levels 0, and
80 MiB manifests of each shape, with the time, the status and the peak memory against
the manifest's size.
PB_BENCH=picker runs only pb history --list (plain, -0 and --json) and --show on a board of
1,000 states (texts of 40 B to 4 KiB, some of many lines, every tenth copied twice), medians
against /bin/true: what a picker over the clipboard history waits for; then the three lists
of a board of 10 clips of 17 MB text, their time and peak memory against the data's size.
PB_BENCH=remote runs only remote boards against ssh itself, on a private sshd on loopback
that it starts (Debian's openssh-server; the pb under test first on the remote PATH):
1 GiB pb paste -p HOST: against ssh HOST cat FILE and pb copy -p HOST: against
ssh HOST 'cat > FILE' (throughput and its ratio, rounds interleaved, medians, with the
CPU time of each side: on a busy machine the steadier figure), the peak
memory of the local pb, of pb serve and of the pb it runs, and a small remote paste
against ssh HOST true over the same shared connection (the user's ControlMaster, and
pb's own socket under XDG_RUNTIME_DIR), and the time a change takes to cross pb bridge
--remote each way; with PB_BASELINE, that binary's paste and copy (on both sides, a
server of its own) in the same rounds.
PB_BENCH=smi runs only shared-mime-info's own detection tests (its tests/mime-detection
files and their list), scored as the type corpus is (scripts/typecorpus.py) for pb, GLib
(Gio.content_type_guess: by file, name and data; by data, data alone) and libmagic (file
--brief --mime-type, data alone): exact by file, exact by data, kind kept by file and kind
kept by data, each as N of M. The tests are those of the installed database's version, from
Debian's source package: `apt-get source --download-only shared-mime-info=VERSION` into
$XDG_CACHE_HOME/pb-bench/shared-mime-info (~/.cache when unset) when the tarball is not there
yet; where apt has no deb-src entry, one for Debian's archive and this release's codename is
added (/etc/apt/sources.list.d/debian-src.sources, then apt-get update). The method:
- every file of the list whose expected type the installed database declares (its types
  file, case aside, after its aliases file) is scored by file; its expected-failure flags are
  not read, as they are xdgmime's, not the other detectors';
- by data only the files whose type the database can tell from data: a magic rule or an XML
  root element of the type's own in its packages/*.xml;
- exact: the answer is the expected type or a subtype of it (the database's sub-class-of and
  aliases, through GLib; pb's by its own conformance); kind kept: exact or the same kind,
  counted only for files whose type's media type names their kind: image/*, audio/*,
  video/*, and text/* without a NUL byte (application/xml is text, but not by its name);
- PB_BENCH_MISSES=1 lists each of pb's misses with GLib's and libmagic's answers;
- PB_SMI_TESTS=FOLDER scores another version's tests/mime-detection (2.4's, from
  Debian's pool: shared-mime-info_2.4.orig.tar.bz2) against the installed database.
"""
import getpass
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time


def absolute(program):
    """A path made absolute (the cut and many benches run pb from their files' folder);
    a bare name is left for PATH."""
    return os.path.abspath(program) if program and os.sep in program else program


PB = absolute(sys.argv[1] if len(sys.argv) > 1 else "pb")
BASELINE = absolute(os.environ.get("PB_BASELINE"))
SIZES = [("1 MiB", 1 << 20, 9), ("100 MiB", 100 << 20, 5), ("1 GiB", 1 << 30, 5)]
# The table against the peers: rounds of hyperfine runs of every command.
ROUNDS, RUNS_PER_ROUND = 9, 30


def best_time(runs, command, stdin=None, stdout=None, env=None, setup=None):
    best = float("inf")
    for _ in range(runs):
        if setup:
            setup()
        fin = open(stdin, "rb") if stdin else subprocess.DEVNULL
        fout = open(stdout, "wb") if stdout else subprocess.DEVNULL
        start = time.perf_counter()
        subprocess.run(command, stdin=fin, stdout=fout, env=env, check=True)
        best = min(best, time.perf_counter() - start)
        for f in (fin, fout):
            if f is not subprocess.DEVNULL:
                f.close()
    return best


def median_time(runs, command, env):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=True)
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2]


def peak_kib(command, stdin=None, stdout=None, env=None):
    fin = open(stdin, "rb") if stdin else subprocess.DEVNULL
    fout = open(stdout, "wb") if stdout else subprocess.DEVNULL
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdin=fin, stdout=fout,
                            stderr=subprocess.PIPE, env=env, check=True, text=True)
    return int(result.stderr.strip().splitlines()[-1])


def process_ticks(pid):
    """User and system CPU time of a process so far, in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def types_bench(work):
    """Small commands on common types (the built-in registry) and on one only the system's
    MIME database knows (read on that miss only), for this pb and, if given, a baseline."""
    binaries = [("pb", PB)] + ([("baseline", BASELINE)] if BASELINE else [])
    for label, path in binaries:
        print(f"\n{label}: {path}, {os.path.getsize(path):,} bytes")
    text = os.path.join(work, "small.txt")
    with open(text, "wb") as f:
        f.write(b"a few words of text\n")
    # A 1x1 PNG: libmagic names it at once, the registry maps it.
    png = os.path.join(work, "dot.png")
    with open(png, "wb") as f:
        f.write(bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                              "1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082"))
    commands = [
        ("copy (sniffed text)", lambda pb: [pb, "copy", text]),
        ("copy (sniffed png)", lambda pb: [pb, "copy", png]),
        ("paste", lambda pb: [pb, "paste"]),
        ("types", lambda pb: [pb, "types"]),
        ("type png", lambda pb: [pb, "type", "png"]),
        ("type mkv (MIME db)", lambda pb: [pb, "type", "mkv"]),
    ]
    envs = {label: dict(os.environ, PB_DIR=os.path.join(work, "types-" + label)) for label, _ in binaries}
    for label, path in binaries:
        subprocess.run([path, "copy", text], env=envs[label], check=True)
    runs = 60
    times = {(name, label): [] for name, _ in commands for label, _ in binaries}
    for _ in range(runs):
        for name, make in commands:
            for label, path in binaries:
                start = time.perf_counter()
                subprocess.run(make(path), stdout=subprocess.DEVNULL, env=envs[label], check=True)
                times[(name, label)].append(time.perf_counter() - start)
    print(f"small commands, {runs} runs interleaved, medians:")
    for name, _ in commands:
        medians = {label: sorted(times[(name, label)])[runs // 2] for label, _ in binaries}
        line = f"  {name:<20} {medians['pb'] * 1000:6.2f} ms"
        if BASELINE:
            line += f"   baseline {medians['baseline'] * 1000:6.2f} ms   ({medians['pb'] / medians['baseline']:.2f}x)"
        print(line)


def install_missing(tools):
    """Installs from Debian's packages the commands of `tools` (command: package) that are missing."""
    missing = [package for command, package in tools.items() if not shutil.which(command)]
    if missing:
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        print(f"installing from Debian's packages: {' '.join(missing)}", file=sys.stderr)
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq"] + missing, check=True, stdout=subprocess.DEVNULL)


def start_private_x():
    """An Xvfb of the bench's own: -displayfd makes it pick a free display and say which;
    only it is stopped (server.terminate())."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-nolisten", "tcp"], pass_fds=[write_end],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as displays:
        return server, ":" + displays.readline().strip()


def callgrind_instructions(program, env, work):
    """Instructions valgrind counts for one run of `program` (a list). pb runs from a copy
    without its DWARF, which valgrind cannot read in the static binary: the same code."""
    out = os.path.join(work, "callgrind.out")
    if program[0] in (PB, BASELINE):
        stripped = os.path.join(work, "stripped-" + ("pb" if program[0] == PB else "baseline"))
        if not os.path.exists(stripped):
            subprocess.run(["strip", "--strip-debug", "-o", stripped, program[0]], check=True)
        program = [stripped] + program[1:]
    result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + program, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    counts = [line.split("Collected :")[1] for line in result.stderr.splitlines() if "Collected :" in line]
    return int(counts[-1]) if counts else None


def median(values):
    return sorted(values)[len(values) // 2]


def hyperfine_rounds(commands, env, work, warmups):
    """ROUNDS short hyperfine rounds of every command, each a dict of command: median
    time. The machine's speed drifts, and a command timed only while it was slow would
    carry that into its ratios: callers take each ratio within a round. `warmups` is the
    first round's warm-up runs and the others'."""
    export = os.path.join(work, "hyperfine.json")
    rounds = []
    for round_number in range(ROUNDS):
        subprocess.run(["hyperfine", "--style", "none", "--warmup", str(warmups[1] if round_number else warmups[0]),
                        "--runs", str(RUNS_PER_ROUND), "--export-json", export] + commands, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # its warnings that a command is fast: all are
        with open(export) as f:
            rounds.append({r["command"]: r["median"] for r in json.load(f)["results"]})
    return rounds


def desktop_bench(work):
    """pb publish to ownership confirmed, and 100 MiB read through xclip -o from pb's owner
    and from xclip's own, in the same run on a private Xvfb; and the start-up of pb paste
    (with PB_BASELINE, against a pb built before the desktop code was linked)."""
    install_missing({"hyperfine": "hyperfine", "xclip": "xclip", "Xvfb": "xvfb", "valgrind": "valgrind"})
    os.sync()
    server, display = start_private_x()
    try:
        env = dict(os.environ, DISPLAY=display, PB_DIR=os.path.join(work, "desktop"))
        value = os.path.join(work, "value.txt")
        with open(value, "wb") as f:
            f.write(b"a 19-byte value ok\n")
        subprocess.run([PB, "copy", value], env=env, check=True)
        # xclip -i returns once its background process holds the selection, as pb publish
        # does once its owner does; each run takes the selection from the one before.
        commands = [f"{PB} publish", f"xclip -selection clipboard -i {value}"]
        rounds = hyperfine_rounds(commands, env, work, warmups=(3, 3))
        print(f"\ndesktop (X11 on a private Xvfb, {display}); hyperfine medians over {ROUNDS} rounds of {RUNS_PER_ROUND} runs:")
        print(f"  pb publish, to its owner holding the selection: {median([r[commands[0]] for r in rounds]) * 1000:.2f} ms; "
              f"xclip -i {median([r[commands[1]] for r in rounds]) * 1000:.2f} ms; "
              f"{median([r[commands[0]] / r[commands[1]] for r in rounds]):.2f}x")

        big, out = os.path.join(work, "big.bin"), os.path.join(work, "big.out")
        make_file(big, 100 << 20)
        def from_pb():
            subprocess.run([PB, "copy", "-t", "application/octet-stream", big], env=env, check=True)
            subprocess.run([PB, "publish"], env=env, check=True)
        def from_xclip():
            subprocess.run(["xclip", "-selection", "clipboard", "-t", "application/octet-stream", "-i", big], env=env,
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        read = ["xclip", "-selection", "clipboard", "-o", "-t", "application/octet-stream"]
        best = {"pb": float("inf"), "xclip": float("inf")}
        for _ in range(5):
            for name, setup in (("pb", from_pb), ("xclip", from_xclip)):
                best[name] = min(best[name], best_time(1, read, stdout=out, env=env, setup=setup))
                if os.path.getsize(out) != 100 << 20:
                    raise SystemExit(f"xclip -o read {os.path.getsize(out)} bytes from {name}'s owner, not 100 MiB")
        print(f"  100 MiB read with xclip -o (INCR): from pb's owner {best['pb']:.3f}s, from xclip's own "
              f"{best['xclip']:.3f}s, {best['pb'] / best['xclip']:.2f}x (best of 5, alternating)")

        now = callgrind_instructions([PB, "paste"], env, work)
        line = f"  pb paste start-up with the desktop code linked: {now / 1e6:.3f} M instructions"
        if BASELINE:
            before = callgrind_instructions([BASELINE, "paste"], env, work)
            line += f"; without ({BASELINE}): {before / 1e6:.3f} M, {now / before:.3f}x"
        print(line + f"; binary {os.path.getsize(PB):,} bytes")
    finally:
        server.terminate()
        server.wait()


def qt_import_bench(work, rounds=7):
    """pb import of a photo a Qt 5 application holds (1920x1080 noise, set with
    QClipboard.setImage: Qt offers image/png and a dozen image types it makes on request),
    against xclip -o -t image/png reading the same clipboard, alternating, on a private
    Xvfb; and, once, what reading every type costs (pb import --all-types)."""
    install_missing({"xclip": "xclip", "Xvfb": "xvfb"})
    if subprocess.run(["/usr/bin/python3", "-c", "import PyQt5.QtGui"], stderr=subprocess.DEVNULL).returncode != 0:
        print("installing from Debian's packages: python3-pyqt5", file=sys.stderr)
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "python3-pyqt5"], check=True, stdout=subprocess.DEVNULL)
    client = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "pbTests", "Support", "qt_clipboard.py")
    server, display = start_private_x()
    qt = None
    try:
        env = dict(os.environ, DISPLAY=display, PB_DIR=os.path.join(work, "qt"), QT_QPA_PLATFORM="xcb",
                   XDG_RUNTIME_DIR=work)
        qt = subprocess.Popen(["/usr/bin/python3", client, "1920x1080"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
        if qt.stdout.readline().strip() != "owned":
            raise SystemExit("the Qt client did not take the clipboard")
        out = os.path.join(work, "qt.png")
        served = os.path.join(work, "served.png")
        times = {"pb": [], "xclip": []}
        for _ in range(rounds):
            times["xclip"].append(best_time(1, ["xclip", "-selection", "clipboard", "-o", "-t", "image/png"],
                                            stdout=served, env=env))
            times["pb"].append(best_time(1, [PB, "import"], env=env))
        with open(out, "wb") as f:
            subprocess.run([PB, "paste", "--force"], env=env, stdout=f, check=True)
        if open(out, "rb").read() != open(served, "rb").read():
            raise SystemExit("pb import did not keep the PNG Qt serves")
        types = subprocess.run([PB, "types"], env=env, capture_output=True, text=True, check=True).stdout.split()
        ratios = [p / x for p, x in zip(times["pb"], times["xclip"])]
        print(f"\nQt photo import (1920x1080 noise, PNG {os.path.getsize(out) / 2**20:.1f} MiB; X11 on a private Xvfb, {display}); "
              f"median of {rounds}, alternating:")
        print(f"  pb import {median(times['pb']):.3f}s (kept {', '.join(types)}), xclip -o -t image/png "
              f"{median(times['xclip']):.3f}s, {median(ratios):.2f}x")
        start = time.perf_counter()
        every = subprocess.run([PB, "import", "--all-types", "--timeout", "120s"], env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        listing = subprocess.run([PB, "items"], env=env, capture_output=True, text=True).stdout.strip()
        count = len(subprocess.run([PB, "types"], env=env, capture_output=True, text=True).stdout.split())
        print(f"  every type instead (pb import --all-types, once): {seconds:.2f}s for {count} types"
              f"{' (' + every.stderr.strip() + ')' if every.stderr.strip() else ''}, of "
              f"{', '.join(re.findall(r'[(]([0-9.]+ [KMG]?i?B)[)]', listing))}")
    finally:
        if qt:
            qt.terminate()
            qt.wait()
IMAGE_HELPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "pbTests", "Support",
                            "image_client.py")


LATE_CLIENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "pbTests", "Support",
                           "x11_late_client.py")


def silent_owner(env, count=5000):
    """x11_late_client.py owning the clipboard with `count` types it never answers."""
    owner = subprocess.Popen(["python3", LATE_CLIENT, "offer"] + [f"application/x-silent-{i}=never" for i in range(count)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if owner.stdout.readline().strip() != "owned":
        raise SystemExit("the silent owner did not take the clipboard")
    return owner


def silent_bench(work, rounds=5):
    """An owner that lists 5,000 types and answers none: what pb import costs (and the
    baseline's, cut at 60 s), and how long a pb copy takes to reach the desktop through
    pb bridge while the bridge reads that owner (from the copy to xclip -o reading it)."""
    install_missing({"xclip": "xclip", "Xvfb": "xvfb"})
    server, display = start_private_x()
    bridge = None
    try:
        env = dict(os.environ, DISPLAY=display, PB_DIR=os.path.join(work, "silent"))
        print(f"\nan owner of 5,000 types that never answers (X11 on a private Xvfb, {display}):")
        for label, path in [("pb", PB)] + ([("baseline", BASELINE)] if BASELINE else []):
            owner = silent_owner(env)
            start = time.perf_counter()
            try:
                result = subprocess.run([path, "import"], env=env, capture_output=True, text=True, timeout=60)
                said = f"exit {result.returncode}: {result.stderr.strip()[:100]}"
            except subprocess.TimeoutExpired:
                said = "still running, killed"
            print(f"  {label} import: {time.perf_counter() - start:.2f}s ({said})")
            owner.terminate()
            owner.wait()
        bridge = subprocess.Popen([PB, "bridge"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Watching once it holds an inotify descriptor.
        while not any(os.readlink(f"/proc/{bridge.pid}/fd/{fd}") == "anon_inode:inotify"
                      for fd in os.listdir(f"/proc/{bridge.pid}/fd")):
            time.sleep(0.01)
        delays = []
        for round in range(rounds):
            owner = silent_owner(env)
            while owner.stdout.readline().strip() != "asked application/x-silent-0":
                pass
            text = f"mine {round}"
            start = time.perf_counter()
            subprocess.run([PB, "copy"], input=text.encode(), env=env, check=True)
            while subprocess.run(["xclip", "-selection", "clipboard", "-o"], env=env, capture_output=True,
                                 timeout=30).stdout.decode() != text:
                time.sleep(0.005)
            delays.append(time.perf_counter() - start)
            owner.wait()
        print(f"  pb copy on the desktop through pb bridge while it reads that owner: median {median(delays):.3f}s, "
              f"longest {max(delays):.3f}s of {rounds} (from the copy's start to xclip -o reading it)")
    finally:
        if bridge:
            bridge.terminate()
            bridge.wait()
        server.terminate()
        server.wait()


def derived_bench(work, rounds=9):
    """The image/png pb derives from a 12-megapixel JPEG (decoded by libjpeg-turbo, then
    compressed by CImage's Encode.c): xclip -o of it from a fresh owner, which makes it
    when first asked for, and again from the same owner (served from the memory file the
    first read made), and pb paste -t png into a file, against xclip -o from xclip
    serving a PNG of the same image; rounds alternate, and each ratio is taken within a
    round, its median reported: on a loaded machine one round's ratio swings 2x-4x. With
    PB_BASELINE, that binary's first read is timed in the same rounds. The owner's CPU
    time for the first read (/proc's utime and stime) is what load does not change.
    The images are made with GdkPixbuf (python3-gi)."""
    install_missing({"xclip": "xclip", "Xvfb": "xvfb"})
    if not os.path.isdir("/usr/lib/python3/dist-packages/gi"):
        install_missing({"python3-gi (module)": "python3-gi", "gir1.2-gtk-3.0 (typelib)": "gir1.2-gtk-3.0"})
    jpeg, png, out = (os.path.join(work, name) for name in ("photo.jpg", "photo.png", "read.png"))
    subprocess.run(["/usr/bin/python3", IMAGE_HELPER, "make-jpeg", jpeg, "4000", "3000"], check=True)
    subprocess.run(["/usr/bin/python3", IMAGE_HELPER, "make-png", jpeg, png], check=True)
    server, display = start_private_x()
    try:
        env = dict(os.environ, DISPLAY=display, PB_DIR=os.path.join(work, "derived"))
        subprocess.run([PB, "copy", jpeg], env=env, check=True)
        read = ["xclip", "-selection", "clipboard", "-o", "-t", "image/png"]
        def timed_read(command=read):
            taken = best_time(1, command, stdout=out, env=env)
            check = subprocess.run(["/usr/bin/python3", IMAGE_HELPER, "check-png", out], capture_output=True, text=True)
            if check.stdout.strip() != "4000x3000":
                raise SystemExit(f"{' '.join(command[:3])} did not give a whole 4000x3000 PNG: {check.stdout.strip()}")
            return taken, os.path.getsize(out)
        def owner_cpu():
            # The newest owner on this display: the one the publish just started.
            with open(f"/proc/{newest_owner(env)}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        results, baseline_firsts, cpu = [], [], []
        for _ in range(rounds):
            if BASELINE:
                subprocess.run([BASELINE, "publish"], env=env, check=True)
                baseline_firsts.append(timed_read()[0])
            subprocess.run([PB, "publish"], env=env, check=True)
            before = owner_cpu()
            first, derived_size = timed_read()
            cpu.append(owner_cpu() - before)
            second, _ = timed_read()
            pasted, _ = timed_read([PB, "paste", "-t", "png"])
            subprocess.run(["xclip", "-selection", "clipboard", "-t", "image/png", "-i", png], env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            peer, peer_size = timed_read()
            results.append((first, second, peer, pasted))
        print(f"\nderived image/png of a 12-megapixel JPEG ({os.path.getsize(jpeg) / 1e6:.1f} MB) on a private Xvfb "
              f"({display}); medians of {rounds} alternating rounds, ratios within each round:")
        print(f"  first read from pb's owner (decode + PNG encode): {median([r[0] for r in results]):.3f}s, "
              f"{median([r[0] / r[2] for r in results]):.2f}x xclip serving the PNG ({median([r[2] for r in results]):.3f}s)")
        print(f"  the owner's CPU time for that first read: median {median(cpu):.3f}s, least {min(cpu):.3f}s")
        if BASELINE:
            print(f"  PB_BASELINE's first read in the same rounds: {median(baseline_firsts):.3f}s, "
                  f"{median([b / r[2] for b, r in zip(baseline_firsts, results)]):.2f}x xclip")
        print(f"  second read from the same owner (kept in memory): {median([r[1] for r in results]):.3f}s, "
              f"{median([r[1] / r[2] for r in results]):.2f}x")
        print(f"  pb paste -t png into a file (decode + PNG encode + write): {median([r[3] for r in results]):.3f}s, "
              f"{median([r[3] / r[2] for r in results]):.2f}x xclip serving the PNG")
        print(f"  PNG sizes: pb's {derived_size / 1e6:.1f} MB (Huffman codes alone), GdkPixbuf's {peer_size / 1e6:.1f} MB (zlib level 6)")
        hostile_derived(work, env, jpeg)
    finally:
        server.terminate()
        server.wait()


X11_CLIENT = os.path.join(os.path.dirname(IMAGE_HELPER), "x11_client.py")


def newest_owner(env):
    """The pid of pb's newest desktop owner on env's display: the owner the last publish
    replaced may not have ended yet."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"__desktop-owner" not in f.read():
                    continue
            with open(f"/proc/{pid}/environ", "rb") as f:
                if ("DISPLAY=" + env["DISPLAY"]).encode() not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if fields[0] != "Z":
                found.append((int(fields[19]), pid))
        except OSError:
            pass
    if not found:
        raise SystemExit("no owner process")
    return max(found)[1]


def hostile_derived(work, env, jpeg):
    """Images whose headers claim 10000x10000 pixels (image_client.py make-bomb: a 5 KB
    progressive JPEG of 490 empty scans turned by EXIF, and a baseline JPEG, GIF, TIFF,
    WebP and BMP of a few KB), each asked for as image/png from a fresh owner: how long
    the answer took, and the owner's peak memory (VmHWM); and, during the 12-megapixel
    JPEG's conversion, how many TARGETS requests (one after another) were answered and
    the slowest (x11_client.py during)."""
    def owner():
        return newest_owner(env)
    def peak(pid):
        # An owner that has ended but is not yet reaped has no VmHWM line.
        try:
            with open(f"/proc/{pid}/status") as f:
                return next((line.split()[1] + " KiB" for line in f if line.startswith("VmHWM:")), "gone (the owner ended)")
        except OSError:
            return "gone (the owner ended)"
    def during():
        out = subprocess.run(["python3", X11_CLIENT, "during", "image/png"], env=env, capture_output=True, text=True,
                             check=True).stdout.split()
        return int(out[0]), float(out[1]), float(out[2]), out[3]
    print("  hostile images claiming 10000x10000 pixels (image/png from a fresh owner each):")
    for kind, uti in [("jpeg-progressive", "public.jpeg"), ("jpeg-baseline", "public.jpeg"), ("gif", "com.compuserve.gif"),
                      ("tiff", "public.tiff"), ("webp", "org.webmproject.webp"), ("bmp", "com.microsoft.bmp")]:
        path = os.path.join(work, "bomb-" + kind)
        subprocess.run(["/usr/bin/python3", IMAGE_HELPER, "make-bomb", kind, path], check=True)
        subprocess.run([PB, "copy", "-t", uti, path], env=env, check=True)
        subprocess.run([PB, "publish"], env=env, check=True)
        pid = owner()
        answers, slowest, taken, answer = during()
        print(f"    {kind} ({os.path.getsize(path) / 1e3:.1f} KB): {answer} after {taken:.0f} ms, owner peak "
              f"{peak(pid)}; {answers} TARGETS answered meanwhile (slowest {slowest:.1f} ms)")
    subprocess.run([PB, "copy", jpeg], env=env, check=True)
    subprocess.run([PB, "publish"], env=env, check=True)
    pid = owner()
    answers, slowest, taken, answer = during()
    print(f"  TARGETS during the 12-megapixel JPEG's conversion ({taken:.0f} ms to its {answer} answer): {answers} "
          f"answered, the slowest in {slowest:.1f} ms; owner peak {peak(pid)}")


def peers_bench(work):
    """Small values against the X11 clipboard tools, on a private Xvfb: pb paste and copy
    beside xsel and xclip, cat and /bin/true, timed by hyperfine in one run, with the
    instructions valgrind counts for each reader."""
    # The gigabytes the large transfers wrote may still be going to the disk; small copies
    # (which create and remove files) should not be timed against that writeback.
    os.sync()
    install_missing({"hyperfine": "hyperfine", "xsel": "xsel", "xclip": "xclip", "Xvfb": "xvfb", "valgrind": "valgrind"})
    server, display = start_private_x()
    try:
        env = dict(os.environ, DISPLAY=display, PB_DIR=os.path.join(work, "peers"))
        value = os.path.join(work, "value.txt")
        with open(value, "wb") as f:
            f.write(b"a 19-byte value ok\n")
        subprocess.run([PB, "copy", value], env=env, check=True)
        subprocess.run(f"xsel -b -i < {value}", shell=True, env=env, check=True)
        rows = [
            ("pb paste", f"{PB} paste"), ("xsel -b -o", "xsel -b -o"), ("xclip -selection clipboard -o", "xclip -selection clipboard -o"),
            ("cat of the file", f"cat {value}"), ("/bin/true", "/bin/true"),
            ("pb copy (sniffed)", f"{PB} copy {value}"), ("pb copy -t public.utf8-plain-text", f"{PB} copy -t public.utf8-plain-text {value}"),
            ("xsel -b -i", f"xsel -b -i < {value}"),
            ("pb count", f"{PB} count"), ("pb contains text", f"{PB} contains text"), ("pb types", f"{PB} types"),
        ]
        if os.sep in PB:
            # The same pb after a reboot: read back from the disk on its first run.
            reread = installed_copy(PB, work, "pb-read-from-disk")
            read_from_disk(reread)
            rows.append(("pb copy (sniffed), pb read from disk", f"{reread} copy {value}"))
        if BASELINE:
            # The older binary's copies in the same rounds, on the same board: a before and
            # after from one run.
            rows += [("PB_BASELINE copy (sniffed)", f"{BASELINE} copy {value}"),
                     ("PB_BASELINE copy -t public.utf8-plain-text", f"{BASELINE} copy -t public.utf8-plain-text {value}")]
        # Each ratio is taken within a round, and the median over the rounds is reported.
        rounds = hyperfine_rounds([command for _, command in rows], env, work, warmups=(20, 5))
        medians = {command: median([r[command] for r in rounds]) for _, command in rows}
        def ratio(command, other):
            # On a busy machine hyperfine's subtraction of the shell's start-up can leave
            # cat's or true's median at zero: such a round says nothing of that ratio.
            ratios = [r[command] / r[other] for r in rounds if r[other] > 0]
            return median(ratios) if ratios else float("nan")
        # The readers, and pb's copies (on the board the rounds filled: a full history).
        counted = {label: callgrind_instructions(command.split(), env, work)
                   for label, command in rows[:5] + [row for row in rows if " copy" in row[1]]
                   if not command.startswith("cat ") and "from disk" not in label}
        cat = rows[3][1]
        xsel_out, xsel_in = "xsel -b -o", f"xsel -b -i < {value}"
        print(f"\nsmall values (19 bytes), hyperfine medians (shell start-up subtracted) over {ROUNDS} rounds of "
              f"{RUNS_PER_ROUND} runs, ratios within each round; X11 tools on a private Xvfb ({display}):")
        print("| command | time | vs cat | vs xsel | instructions (valgrind) |")
        print("| --- | --- | --- | --- | --- |")
        for label, command in rows:
            time_ms = medians[command] * 1000
            peer = xsel_in if "copy" in label or label == "xsel -b -i" else xsel_out
            count = counted.get(label)
            print(f"| `{label}` | {time_ms:.2f} ms | {ratio(command, cat):.2f}x | {ratio(command, peer):.2f}x | "
                  f"{f'{count / 1e6:.2f} M' if count else ''} |")
    finally:
        server.terminate()
        server.wait()


def boards_bench(work):
    """Change notification latency, an idle watcher's CPU, and what reaping costs a paste."""
    env = dict(os.environ, PB_DIR=os.path.join(work, "boards-store"))
    subprocess.run([PB, "copy"], input=b"x", env=env, check=True)
    latencies = []
    for _ in range(200):
        count = int(subprocess.run([PB, "count"], env=env, capture_output=True, check=True).stdout)
        waiter = subprocess.Popen([PB, "wait", "--since", str(count), "--timeout", "10s"], env=env, stdout=subprocess.DEVNULL)
        time.sleep(0.03)  # let it set its watch and block
        subprocess.run([PB, "copy"], input=b"change", env=env, check=True)
        copied = time.perf_counter()
        waiter.wait()
        latencies.append(time.perf_counter() - copied)
    latencies.sort()
    median, p99 = latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99) - 1]
    print(f"\npb copy returning to pb wait returning, 200 changes: median {median * 1000:.2f} ms, "
          f"99th percentile {p99 * 1000:.2f} ms")

    watcher = subprocess.Popen([PB, "watch"], env=env, stdout=subprocess.DEVNULL)
    time.sleep(1)
    before = process_ticks(watcher.pid)
    time.sleep(10)
    idle = process_ticks(watcher.pid) - before
    watcher.terminate()
    watcher.wait()
    print(f"idle pb watch over 10 s: {idle} clock ticks of CPU ({idle / os.sysconf('SC_CLK_TCK') * 1000:.0f} ms)")

    # Three stores, measured in turn so that they share the machine's moods: no other
    # board, 100 persistent boards, 100 temporary boards of a live owner (this process).
    stores = {}
    for kind in ("none", "persistent", "temporary"):
        store_env = dict(os.environ, PB_DIR=os.path.join(work, f"reap-{kind}"))
        subprocess.run([PB, "copy"], input=b"small item\n", env=store_env, check=True)
        for number in range(100 if kind != "none" else 0):
            owner = ["--persistent"] if kind == "persistent" else ["--owner", str(os.getpid())]
            subprocess.run([PB, "create", *owner, f"board{number}"], env=store_env, check=True)
        stores[kind] = (store_env, [])
    for _ in range(300):
        for store_env, times in stores.values():
            start = time.perf_counter()
            subprocess.run([PB, "paste"], stdout=subprocess.DEVNULL, env=store_env, check=True)
            times.append(time.perf_counter() - start)
    medians = {kind: sorted(times)[len(times) // 2] for kind, (_, times) in stores.items()}
    plain = medians["none"]
    print(f"small paste, runs interleaved: {plain * 1000:.2f} ms with no other board, "
          f"{medians['persistent'] * 1000:.2f} ms with 100 persistent boards ({medians['persistent'] / plain:.2f}x), "
          f"{medians['temporary'] * 1000:.2f} ms with 100 temporary boards of a live owner "
          f"({medians['temporary'] / plain:.2f}x)")


def progress_bench(work):
    """A 1 GiB copy and paste with standard error on a terminal, progress line on and off, and without."""
    print()
    env = dict(os.environ, PB_DIR=os.path.join(work, "progress-store"))
    source, out = os.path.join(work, "progress-in"), os.path.join(work, "progress-out")
    make_file(source, 1 << 30)

    def forget():
        subprocess.run([PB, "clear", "--no-undo"], env=env, check=True)
        subprocess.run([PB, "history", "--clear"], env=env, check=True)
        os.sync()

    def on_terminal(command, progress):
        return ["script", "-qec", f"PB_PROGRESS={progress} {command}", "/dev/null"]

    # Runs interleaved, best of 5 each, so that drift in the machine hits all alike:
    # stderr not a terminal, and on a terminal (script) with the progress line off and on.
    figures = {}
    for _ in range(5):
        for way in ("none", "0", "1"):
            for action, command, setup in (("copy", f"{PB} copy {source}", forget), ("paste", f"{PB} paste > {out}", os.sync)):
                argv = ["sh", "-c", command] if way == "none" else on_terminal(command, way)
                elapsed = best_time(1, argv, env=env, setup=setup)
                figures[action, way] = min(figures.get((action, way), elapsed), elapsed)
    for action in ("copy", "paste"):
        plain, off, on = (figures[action, way] for way in ("none", "0", "1"))
        print(f"1 GiB {action}: stderr not a terminal {plain:.4f}s; on a terminal, progress off {off:.4f}s, "
              f"progress on {on:.4f}s ({on / off:.2f}x off, {on / plain:.2f}x no terminal)")
    os.unlink(source)
    os.unlink(out)


def history_bench(work):
    """Undo after copying 1 byte and 1 GiB, runs interleaved, and what history holds on disk."""
    small_env = dict(os.environ, PB_DIR=os.path.join(work, "undo-small"))
    large_env = dict(os.environ, PB_DIR=os.path.join(work, "undo-large"))
    large = os.path.join(work, "large")
    make_file(large, 1 << 30)
    for env, data in ((small_env, None), (large_env, large)):
        subprocess.run([PB, "copy"], input=b"before", env=env, check=True)
        if data:
            subprocess.run([PB, "copy", data], env=env, check=True)
        else:
            subprocess.run([PB, "copy"], input=b"x", env=env, check=True)
    os.unlink(large)
    times = {"small": [], "large": []}
    for _ in range(40):
        for label, env in (("small", small_env), ("large", large_env)):
            start = time.perf_counter()
            subprocess.run([PB, "undo"], env=env, stdout=subprocess.DEVNULL, check=True)
            times[label].append(time.perf_counter() - start)
            subprocess.run([PB, "redo"], env=env, stdout=subprocess.DEVNULL, check=True)
    true = median_time(40, ["/bin/true"], small_env)
    small, large_undo = (sorted(times[k])[len(times[k]) // 2] for k in ("small", "large"))
    print(f"\npb undo, 40 runs interleaved: after copying 1 byte {small * 1000:.2f} ms median, after copying 1 GiB "
          f"{large_undo * 1000:.2f} ms ({large_undo / small:.2f}x); /bin/true {true * 1000:.2f} ms")

    env = dict(os.environ, PB_DIR=os.path.join(work, "history-disk"))
    ten = os.path.join(work, "ten")
    make_file(ten, 10 << 20)
    subprocess.run([PB, "history", "--levels", "0"], env=env, check=True)
    appended = 0
    for index in range(50):
        subprocess.run([PB, "copy", ten], env=env, check=True)
        note = f"note {index}\n".encode()
        subprocess.run([PB, "copy", "-a"], input=note, env=env, check=True)
        appended += len(note)
    os.unlink(ten)

    def disk_kib():
        return int(subprocess.run(["du", "-sk", env["PB_DIR"]], capture_output=True, text=True, check=True).stdout.split()[0])

    held = disk_kib()
    floor = 50 * 10 * 1024 + appended / 1024
    print(f"store after 50 copies of a 10 MiB file, each followed by an append, all 100 entries kept: "
          f"{held / 1024:.1f} MiB on disk; 50 x 10 MiB + {appended} appended bytes is {floor / 1024:.1f} MiB "
          f"({held / floor:.3f}x)")
    subprocess.run([PB, "history", "--levels", "50"], env=env, check=True)
    # What the trim dropped is freed in the background: measure once it is gone.
    trash = os.path.join(env["PB_DIR"], "boards", "general", "trash")
    for _ in range(200):
        if not os.listdir(trash):
            break
        time.sleep(0.05)
    print(f"the same with the default 50 levels (the newest 25 copies and 25 appends): {disk_kib() / 1024:.1f} MiB")


def picker_bench(work, states=1000, runs=21):
    """pb history --list and --show on a board of 1,000 states, as fzf and its preview run them."""
    env = dict(os.environ, PB_DIR=os.path.join(work, "picker"))
    subprocess.run([PB, "history", "--levels", "0"], env=env, check=True)
    for index in range(states):
        lines = 1 + index % 7
        text = "\n".join(f"clip {index} line {line}: " + "word " * (index % 150) for line in range(lines)) + "\n"
        subprocess.run([PB, "copy"], input=text.encode(), env=env, check=True)
        if index % 10 == 0:
            subprocess.run([PB, "copy"], input=text.encode(), env=env, check=True)
    listed = subprocess.run([PB, "history", "--list"], env=env, capture_output=True, check=True).stdout.count(b"\n")
    true = median_time(runs, ["/bin/true"], env)
    print(f"\nA board of {states} states ({listed} listed), medians of {runs} runs; /bin/true {true * 1000:.2f} ms")
    for words in (["--list"], ["--list", "-0"], ["--list", "--json"], ["--show", "0"], ["--show", str(states // 2)]):
        took = median_time(runs, [PB, "history"] + words, env)
        print(f"  pb history {' '.join(words):<14} {took * 1000:7.2f} ms")
    picker_large_bench(work)


def picker_large_bench(work, states=10, size=17 << 20, runs=3):
    """pb history --list of a board of 10 clips of 17 MB text (each state read, written and
    let go in turn): best time and peak memory, against the data size and one clip."""
    env = dict(os.environ, PB_DIR=os.path.join(work, "picker-large"))
    for index in range(states):
        line = f"clip {index} word ".encode()
        subprocess.run([PB, "copy"], input=(line * (size // len(line) + 1))[:size], env=env, check=True)
    total = states * size
    print(f"A board of {states} clips of {size / 1e6:.0f} MB text ({total / 1e6:.0f} MB), best of {runs} runs:")
    for words in (["--list"], ["--list", "-0"], ["--list", "--json"]):
        command = [PB, "history"] + words
        took = best_time(runs, command, env=env)
        kib = peak_kib(command, env=env)
        print(f"  pb history {' '.join(words):<14} {took:6.2f} s, peak {kib / 1024:6.1f} MiB "
              f"({kib * 1024 / total:.2f}x the data, {kib * 1024 / size:.2f}x one clip)")


def cut_bench(work, count=2000, rounds=5):
    """pb cut of 2000 small files, and its undo and redo, against moving the same files
    with mv and copying them with cp, measured in the same run."""
    env = dict(os.environ, PB_DIR=os.path.join(work, "cut-store"))
    folder, aside = os.path.join(work, "cut-files"), os.path.join(work, "cut-aside")
    os.makedirs(folder)
    os.makedirs(aside)
    for number in range(count):
        with open(os.path.join(folder, f"{number}.txt"), "wb") as f:
            f.write(f"file {number}\n".encode() * (1 + number % 64))
    names = sorted(os.listdir(folder))
    subprocess.run([PB, "history", "--levels", "0"], env=env, check=True)
    times = {"cut": [], "undo": [], "redo": [], "mv": [], "cp": []}

    def timed(label, command, cwd):
        start = time.perf_counter()
        subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, check=True)
        times[label].append(time.perf_counter() - start)

    for _ in range(rounds):
        os.sync()
        timed("mv", ["sh", "-c", f"mv -- * {aside}/"], folder)
        timed("mv", ["sh", "-c", f"mv -- * {folder}/"], aside)
        timed("cp", ["sh", "-c", f"cp -p -- * {aside}/"], folder)
        subprocess.run(["sh", "-c", "rm -f -- *"], cwd=aside, check=True)
        os.sync()
        timed("cut", [PB, "cut", "-q"] + names, folder)
        if os.listdir(folder):
            sys.exit("pb cut left files behind")
        timed("undo", [PB, "undo"], folder)
        timed("redo", [PB, "redo"], folder)
        timed("undo", [PB, "undo"], folder)
        if sorted(os.listdir(folder)) != names:
            sys.exit("pb undo did not put every file back")
    med = {label: sorted(values)[len(values) // 2] for label, values in times.items()}
    print(f"\n{count} files (13 B to 832 B), median of {rounds} rounds: mv of them {med['mv'] * 1000:.1f} ms, "
          f"cp -p {med['cp'] * 1000:.1f} ms")
    print(f"pb cut {med['cut'] * 1000:.1f} ms ({med['cut'] / med['cp']:.2f}x cp -p), pb undo {med['undo'] * 1000:.1f} ms "
          f"({med['undo'] / med['mv']:.2f}x mv), pb redo {med['redo'] * 1000:.1f} ms ({med['redo'] / med['mv']:.2f}x mv)")


def many_bench(work, count=10000, rounds=9):
    """A board of 10,000 small items: pb copy of 10,000 files (sniffed, and with -t), then
    pb paste -i all and pb items against cat of the same files, measured in the same run."""
    env = dict(os.environ, PB_DIR=os.path.join(work, "many-store"))
    folder = os.path.join(work, "many-files")
    os.makedirs(folder)
    for number in range(count):
        with open(os.path.join(folder, f"{number}.txt"), "wb") as f:
            f.write(f"file {number}\n".encode() * (1 + number % 64))
    # The names as arguments, as a glob in the folder gives them to cat and pb copy alike.
    names = sorted(os.listdir(folder))
    contents = []
    for name in names:
        with open(os.path.join(folder, name), "rb") as f:
            contents.append(f.read())
    sizes = [len(data) for data in contents]
    # Reads and copies are timed from no shell: cat and pb each get the names in one exec.
    cat = ["cat", "--"] + names

    def once(command):
        forget(env)
        # What the clear dropped is freed now, or by a detached process: not during the copy.
        trash = os.path.join(env["PB_DIR"], "boards", "general", "trash")
        for _ in range(200):
            if not os.path.isdir(trash) or not os.listdir(trash):
                break
            time.sleep(0.05)
        start = time.perf_counter()
        subprocess.run(command, env=env, cwd=folder, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start

    # Each copy starts from an empty board and history, as in the size table.
    copy_sniffed = once([PB, "copy", "-q", "--"] + names)
    copy_typed = once([PB, "copy", "-q", "-t", "public.utf8-plain-text", "--"] + names)
    listed = subprocess.run([PB, "items"], env=env, capture_output=True, check=True).stdout.splitlines()
    if len(listed) != count:
        sys.exit(f"pb items listed {len(listed)} items, not {count}")
    # The items in the files' order, separated by pb paste's default delimiter, a newline.
    pasted = subprocess.run([PB, "paste", "-i", "all"], env=env, capture_output=True, check=True).stdout
    if pasted != b"\n".join(contents):
        sys.exit(f"pb paste -i all wrote {len(pasted)} bytes, not the {sum(sizes)} of the files and {count - 1} newlines")
    os.sync()

    reads = {"cat": cat, "paste": [PB, "paste", "-i", "all"], "items": [PB, "items"]}
    times = {label: [] for label in reads}
    for round_number in range(rounds + 1):  # the first round warms up, and is not counted
        for label, command in reads.items():
            start = time.perf_counter()
            subprocess.run(command, env=env, cwd=folder, stdout=subprocess.DEVNULL, check=True)
            if round_number:
                times[label].append(time.perf_counter() - start)
    med = {label: sorted(values)[len(values) // 2] for label, values in times.items()}
    print(f"\n{count:,} items (files of {min(sizes)} B to {max(sizes)} B, {sum(sizes) / (1 << 20):.1f} MiB in all), "
          f"median of {rounds} rounds interleaved: cat of the files > /dev/null {med['cat'] * 1000:.1f} ms")
    print(f"pb paste -i all > /dev/null {med['paste'] * 1000:.1f} ms ({med['paste'] / med['cat']:.2f}x cat), "
          f"pb items > /dev/null {med['items'] * 1000:.1f} ms ({med['items'] / med['cat']:.2f}x cat)")
    print(f"pb copy of the {count:,} files, one run each: sniffed {copy_sniffed:.3f}s ({copy_sniffed / med['cat']:.1f}x cat), "
          f"-t public.utf8-plain-text {copy_typed:.3f}s ({copy_typed / med['cat']:.1f}x cat)")


SSHD = "/usr/sbin/sshd"


class PrivateSSHD:
    """An sshd of the bench's own on 127.0.0.1 (Debian's openssh-server), with its own host
    key, authorized key and port, whose sessions get `bin` first on PATH and their own
    PB_DIR; `config` is the ssh configuration that reaches it as HOST. Only this sshd is
    stopped (stop())."""
    HOST = "pb-bench"
    # The same server through the user's own ControlMaster, as a configuration may name it.
    SHARED_HOST = "pb-bench-shared"

    def __init__(self, work, name, program):
        if not os.path.exists(SSHD):
            install_missing({SSHD: "openssh-server"})
        self.folder = os.path.join(work, name)
        self.bin = os.path.join(self.folder, "bin")
        self.store = os.path.join(self.folder, "remote-store")
        for folder in (self.bin, self.store):
            os.makedirs(folder)
        os.symlink(program, os.path.join(self.bin, "pb"))
        keys = {name: os.path.join(self.folder, name) for name in ("hostkey", "clientkey")}
        for key in keys.values():
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        shutil.copy(keys["clientkey"] + ".pub", os.path.join(self.folder, "authorized_keys"))
        with socket.socket() as probe:  # a free port, taken by sshd at once
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.log = os.path.join(self.folder, "log")
        server_config = os.path.join(self.folder, "sshd_config")
        with open(server_config, "w") as f:
            f.write(f"Port {port}\nListenAddress 127.0.0.1\nHostKey {keys['hostkey']}\n"
                    f"AuthorizedKeysFile {self.folder}/authorized_keys\nPasswordAuthentication no\n"
                    "KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\nStrictModes no\nUsePAM no\n"
                    f"PidFile none\nSetEnv PB_DIR={self.store} PATH={self.bin}:/usr/bin:/bin\n")
        self.config = os.path.join(self.folder, "ssh_config")
        common = (f"  HostName 127.0.0.1\n  Port {port}\n  User {getpass.getuser()}\n  IdentityFile {keys['clientkey']}\n"
                  f"  IdentitiesOnly yes\n  UserKnownHostsFile {self.folder}/known_hosts\n"
                  "  StrictHostKeyChecking accept-new\n  BatchMode yes\n  LogLevel ERROR\n")
        self.master_socket = os.path.join(self.folder, "master")
        with open(self.config, "w") as f:
            f.write(f"Host {self.HOST}\n{common}Host {self.SHARED_HOST}\n{common}  ControlMaster auto\n"
                    f"  ControlPath {self.master_socket}\n  ControlPersist 120\n")
        self.server = subprocess.Popen([SSHD, "-D", "-f", server_config, "-E", self.log])
        for _ in range(200):
            if subprocess.run(self.ssh(self.HOST, "true"), stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
                return
            time.sleep(0.05)
        self.stop()
        raise SystemExit(f"the private sshd did not answer on port {port}: see {self.log}")

    def ssh(self, host, *command):
        return ["ssh", "-F", self.config, host, *command]

    def logins(self):
        """How many logins sshd has accepted: a command over a shared connection adds none."""
        with open(self.log) as f:
            return sum("Accepted publickey" in line for line in f)

    def sessions_cpu(self):
        """The CPU time (user and system, seconds) of every session sshd has ended: each
        session's sshd, and the commands it ran. Waits until the sessions have ended."""
        for _ in range(400):
            with open(f"/proc/{self.server.pid}/task/{self.server.pid}/children") as f:
                if not f.read().strip():
                    break
            time.sleep(0.005)
        with open(f"/proc/{self.server.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.server.terminate()
        self.server.wait()


def run_with_cpu(command, stdin=None, stdout=None, env=None):
    """Runs a command to its end: its time, and the CPU time (user and system) of it and
    of the children it waited for (for pb, its ssh)."""
    fin = open(stdin, "rb") if stdin else subprocess.DEVNULL
    fout = open(stdout, "wb") if stdout else subprocess.DEVNULL
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=fin, stdout=fout, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    for f in (fin, fout):
        if f is not subprocess.DEVNULL:
            f.close()
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} ended with status {process.returncode}")
    return elapsed, usage.ru_utime + usage.ru_stime


class PeakSampler(threading.Thread):
    """The peak resident memory (VmHWM) of every process running the binary `program`,
    read from /proc every few milliseconds, by its command line (argv[0] and the
    subcommand): sshd starts `pb serve` and it starts the command as `pb ...`."""

    def __init__(self, program):
        super().__init__(daemon=True)
        self.program = os.path.realpath(program)
        self.peaks = {}
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            for pid in os.listdir("/proc"):
                if not pid.isdigit():
                    continue
                try:
                    if os.readlink(f"/proc/{pid}/exe") != self.program:
                        continue
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        argv = f.read().split(b"\0")
                    with open(f"/proc/{pid}/status") as f:
                        peak = int(next(line for line in f if line.startswith("VmHWM:")).split()[1])
                except (OSError, StopIteration):
                    continue  # gone meanwhile, or not ours to read
                key = (argv[0].decode(), argv[1].decode() if len(argv) > 1 else "")
                self.peaks[key] = max(self.peaks.get(key, 0), peak)
            time.sleep(0.005)

    def stop(self):
        self.stopping.set()
        self.join()


def remote_bench(work, rounds=5, small_runs=100, size=1 << 30):
    """Remote boards against ssh itself, on a private sshd on loopback started here (the pb
    under test first on its PATH): 1 GiB pb paste -p HOST: > FILE against ssh HOST cat FILE
    > FILE, and pb copy -p HOST: < FILE against ssh HOST 'cat > FILE' < FILE, rounds
    interleaved, throughput from the median time and the ratio within each round; the peak
    memory of the local pb (/usr/bin/time) and of pb serve and the pb it runs (sampled from
    /proc) in runs of their own; and a small remote paste against ssh HOST true over the
    same shared connection, both the user's ControlMaster and pb's own socket, with a check
    in sshd's log that no run logged in again; and how long a change takes to cross pb bridge
    --remote, each way."""
    server = PrivateSSHD(work, "sshd", PB)
    # With PB_BASELINE, that binary on both sides of a server of its own, in the same rounds.
    baseline = PrivateSSHD(work, "sshd-baseline", BASELINE) if BASELINE else None
    masters = []
    try:
        runtime = os.path.join(work, "runtime")
        os.makedirs(runtime, mode=0o700)
        # pb reaches the server as the user would: ssh with this configuration.
        def client_env(server):
            return dict(os.environ, PB_SSH_COMMAND=f"ssh -F {server.config}", XDG_RUNTIME_DIR=runtime, PB_SSH_CONTROL="no")
        env = client_env(server)
        source, out, landed = (os.path.join(work, name) for name in ("remote-in", "remote-out", "remote-landed"))
        make_file(source, size)
        host = PrivateSSHD.HOST + ":"

        def forget_remote(server, program):
            def setup():
                remote_env = dict(os.environ, PB_DIR=server.store)
                subprocess.run([program, "clear", "--no-undo"], env=remote_env, check=True)
                subprocess.run([program, "history", "--clear"], env=remote_env, check=True)
                os.sync()
            return setup

        def fresh(path):
            def setup():
                if os.path.exists(path):
                    os.unlink(path)
                os.sync()
            return setup

        # Each round copies the GiB to the board, then the round's pastes read it there.
        # A row: label, command, its input and output, what precedes it, its environment and server.
        runs = [
            ("pb copy -p HOST: < FILE", [PB, "copy", "-p", host], source, None, forget_remote(server, PB), env, server),
            ("ssh HOST 'cat > FILE' < FILE", server.ssh(PrivateSSHD.HOST, f"cat > {landed}"), source, None, fresh(landed), env,
             server),
            ("pb paste -p HOST: > FILE", [PB, "paste", "-p", host], None, out, fresh(out), env, server),
            ("ssh HOST cat FILE > FILE", server.ssh(PrivateSSHD.HOST, f"cat {source}"), None, out, fresh(out), env, server),
        ]
        if baseline:
            runs[1:1] = [("PB_BASELINE copy", [BASELINE, "copy", "-p", host], source, None, forget_remote(baseline, BASELINE),
                          client_env(baseline), baseline)]
            runs[4:4] = [("PB_BASELINE paste", [BASELINE, "paste", "-p", host], None, out, fresh(out), client_env(baseline),
                          baseline)]
        figures = {run[0]: [] for run in runs}  # per round: (time, CPU here, CPU there)
        for round_number in range(rounds):
            for label, command, stdin, stdout, setup, run_env, run_server in runs:
                setup()
                before = run_server.sessions_cpu()
                elapsed, here = run_with_cpu(command, stdin=stdin, stdout=stdout, env=run_env)
                figures[label].append((elapsed, here, run_server.sessions_cpu() - before))
                # pb copy's bytes are checked by the paste that reads them back.
                written = landed if "cat >" in label else stdout
                if round_number == 0 and written and subprocess.run(["cmp", "-s", source, written]).returncode != 0:
                    sys.exit(f"{label} did not move the {size} bytes of {source} whole")
        version = subprocess.run(["ssh", "-V"], capture_output=True, text=True).stderr.strip()
        print(f"\nremote boards over ssh on loopback (a private sshd, {version}); {size / 2**30:g} GiB, medians of {rounds} "
              f"rounds interleaved; throughput against ssh's taken within each round (goal >= 0.9x); CPU is user + system "
              f"time here (the command and its ssh) and there (sshd's session and what it ran):")
        print("| command | time | throughput | vs ssh | CPU here | CPU there |")
        print("| --- | --- | --- | --- | --- | --- |")
        for label, *_ in runs:
            ssh_label = "ssh HOST 'cat > FILE' < FILE" if "copy" in label or "cat >" in label else "ssh HOST cat FILE > FILE"
            rows = figures[label]
            against = median([theirs[0] / ours[0] for ours, theirs in zip(rows, figures[ssh_label])])
            seconds = median([row[0] for row in rows])
            print(f"| `{label}` | {seconds:.3f} s | {size / seconds / 1e6:.0f} MB/s | {against:.2f}x | "
                  f"{median([row[1] for row in rows]):.2f} s | {median([row[2] for row in rows]):.2f} s |")

        # Peak memory, in runs of their own (sampling /proc costs CPU the timed runs must not share).
        peaks = {}
        for label, command, stdin, stdout, setup, run_env, _ in [run for run in runs if run[1][0] == PB]:
            setup()
            sampler = PeakSampler(PB)
            sampler.start()
            local = peak_kib(command, stdin=stdin, stdout=stdout, env=run_env)
            sampler.stop()
            action = command[1]
            serve = sampler.peaks.get(("pb", "serve"))
            command_peak = sampler.peaks.get(("pb", action))
            if serve is None or command_peak is None:
                sys.exit(f"the sampler saw no remote pb serve or pb {action}: {sampler.peaks}")
            peaks[action] = (local, serve, command_peak)
        print("  peak memory (RSS; goal < 32 MiB each): " + "; ".join(
            f"{action}: local pb {local / 1024:.1f} MiB, remote pb serve {serve / 1024:.1f} MiB, "
            f"the pb {action} it runs {command_peak / 1024:.1f} MiB" for action, (local, serve, command_peak) in peaks.items()))
        for path in (source, out, landed):
            if os.path.exists(path):
                os.unlink(path)
        forget_remote(server, PB)()

        # A small paste over a shared connection, against ssh HOST true over the same one.
        subprocess.run([PB, "copy", "-p", host], input=b"small item\n", env=env, check=True)
        shared_env = dict(env, PB_SSH_CONTROL="yes")
        # The user's master, left running by ControlPersist (its output away from ours).
        subprocess.run(server.ssh(PrivateSSHD.SHARED_HOST, "true"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=True)
        masters.append((PrivateSSHD.SHARED_HOST, server.master_socket))
        subprocess.run([PB, "paste", "-p", PrivateSSHD.HOST + ":"], env=shared_env, stdout=subprocess.DEVNULL, check=True)
        sockets = os.listdir(os.path.join(runtime, "pb", "ssh"))
        if len(sockets) != 1:
            sys.exit(f"pb made {len(sockets)} control sockets in {runtime}/pb/ssh, not one")
        own_socket = os.path.join(runtime, "pb", "ssh", sockets[0])
        masters.append((PrivateSSHD.HOST, own_socket))
        cases = [
            ("the user's ControlMaster", [PB, "paste", "-p", PrivateSSHD.SHARED_HOST + ":"],
             server.ssh(PrivateSSHD.SHARED_HOST, "true")),
            ("pb's own socket (XDG_RUNTIME_DIR)", [PB, "paste", "-p", PrivateSSHD.HOST + ":"],
             ["ssh", "-F", server.config, "-o", f"ControlPath={own_socket}", PrivateSSHD.HOST, "true"]),
        ]
        logins = server.logins()
        small = {(name, side): [] for name, *_ in cases for side in ("pb", "ssh")}
        for _ in range(small_runs):
            for name, paste, true in cases:
                for side, command in (("pb", paste), ("ssh", true)):
                    start = time.perf_counter()
                    result = subprocess.run(command, env=shared_env, stdout=subprocess.PIPE, check=True)
                    small[name, side].append(time.perf_counter() - start)
                    if side == "pb" and result.stdout != b"small item\n":
                        sys.exit(f"pb paste over {name} wrote {result.stdout!r}")
        if server.logins() != logins:
            sys.exit(f"{server.logins() - logins} of the small runs logged in anew instead of sharing a connection")
        print(f"  small paste over a shared connection (no run logged in again), median of {small_runs} interleaved "
              f"(goal within 1.5x):")
        for name, *_ in cases:
            pb_time, ssh_time = median(small[name, "pb"]), median(small[name, "ssh"])
            print(f"    {name}: pb paste -p HOST: {pb_time * 1000:.2f} ms, ssh HOST true {ssh_time * 1000:.2f} ms, "
                  f"{pb_time / ssh_time:.2f}x")

        # pb bridge --remote: a copy on one side, until the other side's change count moves
        # (read from its state folder, so no pb start-up is counted), both ways in turn.
        local_store = os.path.join(work, "bridge-local")
        bridge_env = dict(env, PB_DIR=local_store)
        remote_env = dict(os.environ, PB_DIR=server.store)
        subprocess.run([PB, "copy", "-p", "bridged"], input=b"start", env=bridge_env, check=True)
        bridge = subprocess.Popen([PB, "bridge", "--remote", host + "bridged", "-p", "bridged"], env=bridge_env)
        try:
            def count(store):
                folder = os.path.join(store, "boards", "bridged", "state")
                names = [int(name[:-5]) for name in os.listdir(folder) if name.endswith(".json") and name[:-5].isdigit()] \
                    if os.path.isdir(folder) else []
                return max(names, default=-1)
            deadline = time.monotonic() + 20
            while count(server.store) < 1 and time.monotonic() < deadline:
                time.sleep(0.01)
            latencies = {"here to there": [], "there to here": []}
            for index in range(small_runs):
                for direction, (writer, written, watched) in (("here to there", (bridge_env, local_store, server.store)),
                                                              ("there to here", (remote_env, server.store, local_store))):
                    before, written_before = count(watched), count(written)
                    writing = subprocess.Popen([PB, "copy", "-p", "bridged"], stdin=subprocess.PIPE, env=writer)
                    writing.stdin.write(f"change {index} {direction}".encode())  # unlike what the board holds
                    writing.stdin.close()
                    # From the moment the copy's state is there (not from its exit, which
                    # comes later than the bridge may already be done).
                    deadline = time.monotonic() + 10
                    while count(written) == written_before and time.monotonic() < deadline:
                        time.sleep(0.0002)
                    committed = time.perf_counter()
                    while count(watched) == before and time.monotonic() < deadline:
                        time.sleep(0.0002)
                    if count(watched) == before:
                        sys.exit(f"pb bridge --remote did not carry a change {direction} within 10 s")
                    latencies[direction].append(time.perf_counter() - committed)
                    writing.wait()
        finally:
            bridge.terminate()
            bridge.wait()
        print(f"  pb bridge --remote: a change reaches the other side (from the copy's new state to the other side's new "
              f"state), median of {small_runs} (goal 50 ms): " + "; ".join(
                  f"{direction} {median(values) * 1000:.1f} ms" for direction, values in latencies.items()))
    finally:
        for host, path in masters:
            subprocess.run(["ssh", "-F", server.config, "-o", f"ControlPath={path}", "-O", "exit", host],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        server.stop()
        if baseline:
            baseline.stop()


def make_file(path, size):
    block = os.urandom(1 << 20)
    with open(path, "wb") as f:
        for _ in range(size >> 20):
            f.write(block)
    subprocess.run(["cat", path], stdout=subprocess.DEVNULL, check=True)  # into the page cache
    # Written out now, so that flushing it does not slow whatever is timed next.
    os.sync()


def hostile_bench(work):
    maker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "pbTests", "Support", "hostile_archive.py")
    archive = os.path.join(work, "hostile.tar")
    cases = [("history", "200000")] + [(shape, str(80 << 20)) for shape in
                                       ["numbers", "deep", "keys", "strings", "long", "items", "types", "entries", "empty"]]
    print("pb import --archive of hostile archives: seconds, status, peak KiB (and per manifest byte)")
    for shape, size in cases:
        env = dict(os.environ, PB_DIR=os.path.join(work, "store-" + shape))
        subprocess.run(["python3", maker, shape, archive, size], check=True)
        if shape == "history":
            subprocess.run([PB, "history", "--levels", "0"], env=env, check=True)
        start = time.monotonic()
        result = subprocess.run(["/usr/bin/time", "-f", "%M", PB, "import", "--archive", archive], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        seconds = time.monotonic() - start
        lines = result.stderr.strip().splitlines()
        peak = int(lines[-1])
        status = result.returncode if result.returncode >= 0 else -result.returncode
        manifest = os.path.getsize(archive)
        print("  %-8s %6.2f s  status %-3s %8d KiB  %.2fx  %s" % (
            shape, seconds, status, peak, peak * 1024 / manifest, lines[-2][:100] if len(lines) > 1 else ""))
        subprocess.run(["rm", "-rf", env["PB_DIR"], archive])


def store_env(work):
    return dict(os.environ, PB_DIR=os.path.join(work, "store"))


def forget(env):
    """An empty board and history: history keeps what a copy replaces, and then the
    kernel must write it to disk; that is measured on its own."""
    subprocess.run([PB, "clear", "--no-undo"], env=env, check=True)
    subprocess.run([PB, "history", "--clear"], env=env, check=True)
    os.sync()


def sizes_bench(work):
    """pb copy and pb paste of 1 MiB, 100 MiB and 1 GiB against cat, with peak memory."""
    env = store_env(work)
    source, out = os.path.join(work, "in"), os.path.join(work, "out")
    print(f"pb: {PB}")
    print(f"{'size':>8}  {'cat':>9}  {'pb copy':>9} {'ratio':>6}  {'pb paste':>9} {'ratio':>6}  {'copy peak':>10}  {'paste peak':>10}")

    # Each write of the output starts from no output file and a synced disk: on a
    # filesystem mounted with discard, the blocks of the output a run replaces are
    # discarded at the next journal commit, which then stalls whichever run follows
    # (a 1 GiB paste measured 0.24 s and 1.46 s in consecutive runs without this).
    def fresh_output():
        if os.path.exists(out):
            os.unlink(out)
        os.sync()

    for label, size, runs in SIZES:
        make_file(source, size)
        cat = best_time(runs, ["cat", source], stdout=out, setup=fresh_output)
        copy = best_time(runs, [PB, "copy"], stdin=source, env=env, setup=lambda: forget(env))
        paste = best_time(runs, [PB, "paste"], stdout=out, env=env, setup=fresh_output)
        if os.path.getsize(out) != size:
            sys.exit(f"pb paste wrote {os.path.getsize(out)} bytes, not {size}")
        forget(env)
        copy_peak = peak_kib([PB, "copy"], stdin=source, env=env)
        paste_peak = peak_kib([PB, "paste"], stdout=out, env=env)
        print(f"{label:>8}  {cat:8.4f}s  {copy:8.4f}s {copy / cat:5.2f}x  {paste:8.4f}s {paste / cat:5.2f}x"
              f"  {copy_peak / 1024:7.1f} MiB  {paste_peak / 1024:7.1f} MiB")
        if size == 1 << 30:
            # With history on, each replaced GiB stays and must reach the disk.
            kept = best_time(runs, [PB, "copy"], stdin=source, env=env)
            print(f"{'':>8}  1 GiB copy while history keeps the replaced ones: {kept:.4f}s ({kept / cat:.2f}x cat; "
                  f"bound by writing them to disk)")
            forget(env)
        os.unlink(source)
        os.unlink(out)


def default_magic():
    """The compiled database libmagic loads when nothing says otherwise, as `file -v` names it."""
    try:
        version = subprocess.run(["file", "-v"], capture_output=True, text=True).stdout
        return re.search(r"magic file from (\S+)", version).group(1)
    except (OSError, AttributeError):
        return "/usr/share/misc/magic"


def startup_bench(work, rounds=15, runs=40):
    """pb paste and sniffed pb copy of a small value: instructions, page faults and times, for
    pb, pb with its libmagic index off, and PB_BASELINE."""
    value = os.path.join(work, "value.txt")
    with open(value, "wb") as f:
        f.write(b"a 19-byte value ok\n")
    base = {key: item for key, item in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY", "MAGIC")}
    base["XDG_CACHE_HOME"] = os.path.join(work, "cache")
    binaries = [("pb", PB, {}), ("pb, libmagic index off", PB, {"MAGIC": default_magic()})]
    if BASELINE:
        binaries.append(("PB_BASELINE", BASELINE, {}))
    envs = {label: dict(base, PB_DIR=os.path.join(work, "startup-" + str(place)), **extra)
            for place, (label, _, extra) in enumerate(binaries)}
    commands = [("pb paste", lambda pb: [pb, "paste"]), ("pb copy (sniffed)", lambda pb: [pb, "copy", value])]
    for label, program, _ in binaries:
        # The board to paste, and the index in the cache folder.
        subprocess.run([program, "copy", value], env=envs[label], check=True)

    def once(command, env):
        """Wall time, CPU time (user and system) and minor page faults of one run."""
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        if status != 0:
            sys.exit(f"{command} failed ({status})")
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_minflt

    # Runs interleaved one by one (a loaded machine drifts within seconds); each round's
    # medians, and each ratio to pb taken within its round.
    figures = {(name, label): [] for name, _ in commands for label, _, _ in binaries}
    for _ in range(rounds):
        samples = {key: [] for key in figures}
        for _ in range(runs):
            for name, make in commands:
                for label, program, _ in binaries:
                    samples[(name, label)].append(once(make(program), envs[label]))
        for key, values in samples.items():
            figures[key].append(tuple(median([v[field] for v in values]) for field in range(3)))
    print(f"\nstart-up, no desktop: medians of {rounds} rounds of {runs} runs each, run by run interleaved; "
          "ratios to pb within each round")
    print("| command | binary | wall time | vs pb | CPU time | vs pb | minor faults | instructions (valgrind) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, make in commands:
        for label, program, _ in binaries:
            rows, own = figures[(name, label)], figures[(name, "pb")]
            ratio = [median([r[field] / p[field] for r, p in zip(rows, own) if p[field] > 0] or [float("nan")]) for field in range(2)]
            count = callgrind_instructions(make(program), envs[label], work)
            print(f"| `{name}` | {label} | {median([r[0] for r in rows]) * 1000:.3f} ms | {ratio[0]:.3f}x | "
                  f"{median([r[1] for r in rows]) * 1000:.3f} ms | {ratio[1]:.3f}x | {median([r[2] for r in rows]):.0f} | "
                  f"{f'{count:,}' if count else ''} |")


def small_paste_bench(work):
    """Start-up: a small paste against /bin/true and cat of a small file."""
    env = store_env(work)
    subprocess.run([PB, "copy"], input=b"small item\n", env=env, check=True)
    # A file of its own: /etc/hostname is missing in some containers.
    small_file = os.path.join(work, "small")
    with open(small_file, "wb") as file:
        file.write(b"small item\n")
    true = median_time(300, ["/bin/true"], env)
    small_cat = median_time(300, ["cat", small_file], env)
    small_paste = median_time(300, [PB, "paste"], env)
    print(f"\nsmall paste: {small_paste * 1000:.2f} ms median; /bin/true {true * 1000:.2f} ms "
          f"({small_paste / true:.1f}x); cat of a small file {small_cat * 1000:.2f} ms ({small_paste / small_cat:.1f}x)")
    if BASELINE:
        baseline = median_time(300, [BASELINE, "paste"], env)
        print(f"small paste of PB_BASELINE: {baseline * 1000:.2f} ms ({small_paste / baseline:.2f}x of it)")


def corpus_bench(work):
    """How often pb's type is exact, and keeps the kind, on the type corpus (Tests/TypeCorpus)
    by file and by data, against GLib and libmagic on the same files: all computed now."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
    import typecorpus
    rows = typecorpus.read_corpus()
    pb = typecorpus.pb_verdicts(PB, rows, store_env(work))
    others = typecorpus.judge_live(rows)
    kinded = sum(row["kind"] in typecorpus.PB_KINDS for row in rows)
    print(f"\ntype corpus: {len(rows)} files, {len({row['mime'] for row in rows})} formats, {kinded} of them "
          "image, audio, video or text; exact (kind kept)")
    print(f"{'detector':<34} {'by file (name and data)':>24} {'by data alone (a pipe)':>24}")
    for label, verdicts, by_file, by_data in [("pb", pb, "pb_file_verdict", "pb_data_verdict"),
                                              ("GLib / shared-mime-info", others, "glib_file_verdict", "glib_data_verdict"),
                                              ("libmagic (file --mime-type)", others, None, "libmagic_verdict")]:
        cells = []
        for column in (by_file, by_data):
            if column is None:
                cells.append("")
                continue
            exact, kept = typecorpus.rates(rows, verdicts, column)
            cells.append(f"{exact:.1%} ({kept:.1%})")
        print(f"{label:<34} {cells[0]:>24} {cells[1]:>24}")


# Debian packages for the real files: fonts (TrueType, OpenType, WOFF, PCF, Type 1 as .pfb
# and .t1, AFM metrics), audio (Python's test data has AIFC, AU, WAV and more), PE executables
# (EFI binaries, NSIS's stubs and plug-ins), certificates and revocation lists, and text
# formats (m4, TeX, troff, Fortran, JavaScript, gettext).
# The second list widens the formats the suite kept outside the repository has and the first
# lacks or has few files of: Type 1 .pfa, BDF, PSF, TrueType collections, WOFF/WOFF2/EOT;
# tracker modules (.xm, .it, .s3m), AIFF, FLAC, Opus, MIDI, .au; EFI, DOS .com, SYSLINUX
# and GRUB images and modules, wasm, Java classes, ARM ELF; DER and PEM certificates, CRLs,
# SSH and PGP keys; .po/.pot, LaTeX .sty/.cls, Emacs Lisp, Lua, Tcl, Ruby, KDE .rc GUI files;
# GIMP brushes, gradients and patterns, XBM, X cursors, gdk-pixbuf's test images; DjVu, EPUB,
# PDF, ODF templates; cpio, .deb and the many formats of a MIME detector's test data.
REAL_PACKAGES = [
    "fonts-urw-base35", "lmodern", "fonts-dejavu-core", "fonts-liberation2", "fonts-font-awesome",
    "fonts-freefont-otf", "xfonts-base", "fonts-cantarell", "sound-theme-freedesktop", "libpython3.11-testsuite",
    "shim-unsigned", "grub-efi-amd64-signed", "nsis-common", "ca-certificates", "ssl-cert", "gnulib", "autoconf",
    "autoconf-archive", "libtool", "tex-common", "preview-latex-style", "groff-base", "groff", "python3-numpy",
    "libjs-jquery", "libjs-underscore", "libjs-sphinxdoc", "gettext", "po-debconf", "man-db", "vim-runtime",
] + [
    "htmldoc-common", "culmus", "emacs-intl-fonts", "console-cyrillic", "fonts-wqy-microhei", "fonts-roboto-fontface",
    "heroes-sound-tracks", "biniax2-data", "gl-117-data", "rockdodger", "hydrogen-data", "gourmand",
    "openttd-openmsx", "saytime", "ipxe", "syslinux-common", "ethflop", "grub-pc-bin", "libjs-olm",
    "tomcat10-examples", "libc6-armhf-cross", "glib-networking-tests", "golang-github-cloudflare-cfssl-dev",
    "openssh-tests", "debian-archive-keyring", "ruby-gettext", "texlive-latex-base", "auctex", "luarocks", "tcllib",
    "ktorrent-data", "create-resources", "openbox", "dmz-cursor-theme", "gdk-pixbuf-tests", "libdjvulibre-dev",
    "live-manual-epub", "live-manual-pdf", "python3-relatorio", "golang-github-gabriel-vasile-mimetype-dev",
    "cdebootstrap-static",
]
REAL_ROOTS = ["/usr/share", "/usr/lib", "/usr/include", "/usr/bin", "/etc"]
REAL_PER_FORMAT, REAL_MAX_SIZE = 30, 8 << 20


def real_files_unpacked(cache):
    """REAL_PACKAGES unpacked in the cache, fetched the first time; and the first 200 man
    pages of this machine (by path) uncompressed, as troff source."""
    debs, unpacked = os.path.join(cache, "debs"), os.path.join(cache, "unpacked")
    os.makedirs(debs, exist_ok=True)
    os.makedirs(unpacked, exist_ok=True)
    for package in REAL_PACKAGES:
        target = os.path.join(unpacked, package)
        if os.path.isdir(target):
            continue
        subprocess.run(["apt-get", "download", package], cwd=debs, check=True, capture_output=True)
        deb = sorted(name for name in os.listdir(debs) if name.startswith(package + "_"))[-1]
        subprocess.run(["dpkg-deb", "-x", os.path.join(debs, deb), target + ".part"], check=True)
        os.rename(target + ".part", target)
    man = os.path.join(unpacked, "man-pages")
    if not os.path.isdir(man):
        import gzip
        pages = sorted(os.path.join(folder, name) for folder, _, names in os.walk("/usr/share/man/man1")
                       for name in names if name.endswith(".gz"))[:200]
        os.makedirs(man + ".part")
        for page in pages:
            try:
                with gzip.open(page) as f:
                    data = f.read()
            except (OSError, EOFError):
                continue
            with open(os.path.join(man + ".part", os.path.basename(page)[:-3]), "wb") as f:
                f.write(data)
        os.rename(man + ".part", man)
    return unpacked


def real_files(cache):
    """The chosen files (see PB_BENCH=realfiles above), chosen once and kept in the cache."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
    import typecorpus
    chosen = os.path.join(cache, "realfiles.json")
    if os.path.exists(chosen):
        with open(chosen) as f:
            return json.load(f)
    roots = REAL_ROOTS + [real_files_unpacked(cache)]
    paths = []
    for root in roots:
        for folder, folders, names in os.walk(root):
            folders.sort()
            if folder.startswith(cache) and root != roots[-1]:
                folders.clear()
                continue
            for name in sorted(names):
                path = os.path.join(folder, name)
                if os.path.islink(path) or not os.path.isfile(path):
                    continue
                if 0 < os.path.getsize(path) <= REAL_MAX_SIZE and os.access(path, os.R_OK):
                    paths.append(path)
    formats = {}
    for path, mime in zip(paths, typecorpus.guess_by_head(paths)):
        if mime and mime not in ("application/octet-stream", "application/x-zerosize"):
            formats.setdefault(mime, []).append(path)
    picked = []
    for mime, members in sorted(formats.items()):
        members.sort()
        step = max(1, len(members) / REAL_PER_FORMAT)
        picked += [members[int(index * step)] for index in range(min(REAL_PER_FORMAT, len(members)))]
    rows = typecorpus.label_live(picked)
    with open(chosen, "w") as f:
        json.dump(rows, f)
    return rows


REAL_EXECUTABLES = ["application/x-executable", "application/x-sharedlib", "application/x-pie-executable",
                    "application/x-object", "application/x-ms-dos-executable", "application/x-msdownload",
                    "application/vnd.microsoft.portable-executable", "application/x-java", "application/x-core",
                    "application/x-ms-ne-executable", "application/x-msi", "application/x-ms-wim",
                    "application/x-executable-script", "application/x-mach-binary", "application/x-elf"]


def real_family(mime):
    if "font" in mime:
        return "fonts"
    if mime.startswith("audio/"):
        return "audio"
    if mime in REAL_EXECUTABLES:
        return "executables"
    if any(word in mime for word in ("x509", "pkix", "pkcs", "pgp", "pem-", "x-ssh-key", "-cert")):
        return "certificates"
    return None


def realfiles_bench(work):
    """The real files' rates by family (see PB_BENCH=realfiles above), all computed now."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
    import typecorpus
    cache = os.environ.get("PB_REAL_CACHE") or os.path.expanduser("~/.cache/pb-realfiles")
    rows = real_files(cache)
    pb = typecorpus.pb_verdicts(PB, rows, store_env(work))
    others = typecorpus.judge_live(rows)
    agreed = [index for index, row in enumerate(rows) if row["file_mime"]]
    print(f"\nreal files: {len(rows)} files, {len({row['mime'] for row in rows})} formats, "
          f"{len(agreed)} where GLib and libmagic agree; exact (kind kept)")
    families = {}
    for index, row in enumerate(rows):
        family = real_family(row["mime"]) or ("text" if row["kind"] == "text" else "rest")
        families.setdefault(family, []).append(index)
    families["all"] = list(range(len(rows)))

    def cell(indices, verdicts, column, by_file=False):
        if by_file:
            indices = [index for index in indices if rows[index]["file_mime"]]
        if not indices:
            return "-"
        exact, kept = typecorpus.rates([rows[i] for i in indices], [verdicts[i] for i in indices], column,
                                       (lambda row: row["file_kind"]) if by_file else (lambda row: row["kind"]))
        return f"{exact:.1%}" + (f" ({kept:.1%})" if kept is not None else "")

    print(f"{'family':<13} {'files':>5} {'pb by data':>16} {'GLib by data':>16} {'libmagic':>16} "
          f"{'pb by file':>16} {'GLib by file':>16}")
    for family in ["fonts", "audio", "executables", "certificates", "text", "rest", "all"]:
        indices = families.get(family, [])
        print(f"{family:<13} {len(indices):>5} {cell(indices, pb, 'pb_data_verdict'):>16} "
              f"{cell(indices, others, 'glib_data_verdict'):>16} {cell(indices, others, 'libmagic_verdict'):>16} "
              f"{cell(indices, pb, 'pb_file_verdict', True):>16} {cell(indices, others, 'glib_file_verdict', True):>16}")
    if os.environ.get("PB_REAL_MISSES"):
        for row, mine, theirs in zip(rows, pb, others):
            if not mine["pb_data_verdict"].startswith("exact") and (theirs["glib_data_verdict"] == "exact"
                                                                   or theirs["libmagic_verdict"] == "exact"):
                print(f"  miss by data: {row['path']}  true {row['mime']}  pb {mine['pb_data']}  "
                      f"GLib {theirs['glib_data']}  libmagic {theirs['libmagic']}")
            if row.get("file_mime") and not mine["pb_file_verdict"].startswith("exact") \
                    and theirs["glib_file_verdict"] == "exact":
                print(f"  miss by file: {row['path']}  true {row['file_mime']}  pb {mine['pb_file']}  "
                      f"GLib {theirs['glib_file']}")


SMI_PACKAGE = "shared-mime-info"


def smi_tests(cache):
    """shared-mime-info's detection tests (tests/mime-detection) of the installed database's
    version, from Debian's source package, fetched into `cache` when missing."""
    version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", SMI_PACKAGE], capture_output=True, text=True,
                             check=True).stdout.strip()
    upstream = version.split(":")[-1].rsplit("-", 1)[0]
    folder = os.path.join(cache, f"{SMI_PACKAGE}-{upstream}", "tests", "mime-detection")
    if os.path.exists(os.path.join(folder, "list")):
        return folder
    os.makedirs(cache, exist_ok=True)
    tarballs = [name for name in os.listdir(cache) if name.startswith(f"{SMI_PACKAGE}_{upstream}.orig.tar")]
    if not tarballs:
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        if not has_deb_src():
            add_deb_src(sudo)
        subprocess.run(["apt-get", "source", "--download-only", f"{SMI_PACKAGE}={version}"], cwd=cache, check=True,
                       stdout=subprocess.DEVNULL)
        tarballs = [name for name in os.listdir(cache) if name.startswith(f"{SMI_PACKAGE}_{upstream}.orig.tar")]
    import tarfile
    with tarfile.open(os.path.join(cache, tarballs[0])) as tarball:
        # The whole tree: the list names a few files of the source's own (../../data/...).
        members = [member for member in tarball.getmembers() if member.isfile() or member.isdir()]
        # Only files and folders are taken; the filter (where Python has it) says so too.
        tarball.extractall(cache, members=members, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    return folder


APT_SOURCES = "/etc/apt/sources.list.d"


def has_deb_src():
    """Whether apt has a deb-src entry (one-line or deb822)."""
    paths = ["/etc/apt/sources.list"] + [os.path.join(APT_SOURCES, name) for name in sorted(os.listdir(APT_SOURCES))]
    for path in paths:
        if os.path.isfile(path):
            with open(path, errors="replace") as f:
                if re.search(r"^\s*(deb-src\s|Types:.*\bdeb-src\b)", f.read(), re.MULTILINE):
                    return True
    return False


def add_deb_src(sudo):
    """A deb-src entry beside the system's deb entry for Debian, then apt's lists again."""
    with open("/etc/os-release") as f:
        codename = re.search(r"^VERSION_CODENAME=(\S+)", f.read(), re.MULTILINE).group(1)
    entry = ("Types: deb-src\nURIs: http://deb.debian.org/debian\n"
             f"Suites: {codename}\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n")
    print(f"adding {APT_SOURCES}/debian-src.sources (deb-src for {codename})", file=sys.stderr)
    subprocess.run(sudo + ["tee", os.path.join(APT_SOURCES, "debian-src.sources")], input=entry, text=True,
                   stdout=subprocess.DEVNULL, check=True)
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)


def smi_database(root="/usr/share/mime"):
    """The installed database's declared types (lower case to their spelling), its aliases,
    and the types whose files it can tell from data: a magic rule or an XML root element of
    their own, in its source XML (packages/*.xml)."""
    import xml.etree.ElementTree as ElementTree
    with open(os.path.join(root, "types")) as f:
        declared = {line.strip().lower(): line.strip() for line in f if line.strip()}
    with open(os.path.join(root, "aliases")) as f:
        aliases = {alias.lower(): canonical for alias, canonical in (line.split() for line in f if line.strip())}
    namespace = "{http://www.freedesktop.org/standards/shared-mime-info}"
    by_data = set()
    packages = os.path.join(root, "packages")
    for name in sorted(os.listdir(packages)):
        if name.endswith(".xml"):
            for element in ElementTree.parse(os.path.join(packages, name)).getroot().iter(namespace + "mime-type"):
                if element.find(namespace + "magic") is not None or element.find(namespace + "root-XML") is not None:
                    by_data.add(element.get("type").lower())
    return declared, aliases, by_data


def smi_bench(work):
    """shared-mime-info's own detection tests scored for pb, GLib and libmagic, as the type
    corpus is (scripts/typecorpus.py): exact and kind kept, by file and by data."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
    import typecorpus
    install_missing({"file": "file"})
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "pb-bench", SMI_PACKAGE)
    folder = os.environ.get("PB_SMI_TESTS") or smi_tests(cache)
    declared, aliases, by_data_types = smi_database()
    rows, left_out = [], []
    with open(os.path.join(folder, "list")) as f:
        for line in f:
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            mime = aliases.get(fields[1].lower(), fields[1]).lower()
            if mime not in declared:
                left_out.append(f"{fields[0]} ({fields[1]})")
                continue
            rows.append({"path": os.path.join(folder, fields[0]), "mime": declared[mime]})
    for row, judged in zip(rows, typecorpus.judge_live(rows)):
        row.update(judged)
    pb = typecorpus.pb_verdicts(PB, rows, store_env(work))
    by_data = [row["mime"].lower() in by_data_types for row in rows]

    def named_kind(row):
        """A file's kind counts where its type's own media type names it (image/png, text/x-c;
        not application/xml, which is text too)."""
        return row["kind"] in typecorpus.PB_KINDS and row["mime"].split("/")[0] == row["kind"]
    print(f"\nshared-mime-info's detection tests ({folder}): {len(rows)} files of types the installed database "
          f"declares ({len(left_out)} left out: {', '.join(left_out)}); by data: the {sum(by_data)} of types it has "
          "magic or an XML root for; kind: those of an image/, audio/, video/ or text/ type of that kind")
    print(f"{'detector':<28} {'exact by file':>14} {'exact by data':>14} {'kind by file':>14} {'kind by data':>14}")
    for label, verdicts, by_file_column, by_data_column in [
            ("pb", pb, "pb_file_verdict", "pb_data_verdict"),
            ("GLib / shared-mime-info", rows, "glib_file_verdict", "glib_data_verdict"),
            ("libmagic (file --mime-type)", rows, None, "libmagic_verdict")]:
        cells = []
        for exact in (True, False):
            for column, selected in ((by_file_column, [True] * len(rows)), (by_data_column, by_data)):
                if column is None:
                    cells.append("")
                    continue
                chosen = [(row, v[column]) for row, v, keep in zip(rows, verdicts, selected)
                          if keep and (exact or named_kind(row))]
                good = sum(v.startswith("exact") if exact else v in ("exact", "kind") for _, v in chosen)
                cells.append(f"{good} of {len(chosen)}")
        print(f"{label:<28} {cells[0]:>14} {cells[1]:>14} {cells[2]:>14} {cells[3]:>14}")
    if os.environ.get("PB_BENCH_MISSES"):
        for row, v, data in zip(rows, pb, by_data):
            for column, answer, scored in (("pb_file_verdict", "pb_file", True), ("pb_data_verdict", "pb_data", data)):
                if scored and not v[column].startswith("exact"):
                    glib = row["glib_file" if answer == "pb_file" else "glib_data"]
                    print(f"miss {answer[3:]:<4} {os.path.basename(row['path'])}\t{row['mime']}\tpb {v[answer]}"
                          f"\tGLib {glib} ({row['glib_file_verdict' if answer == 'pb_file' else 'glib_data_verdict']})"
                          f"\tlibmagic {row['libmagic']} ({row['libmagic_verdict']})")


def installed_copy(program, work, name):
    """`program` installed in the run's folder as install.sh installs it; a bare name (a pb
    on PATH, installed already) is left as it is."""
    if not program or os.sep not in program:
        return program
    copy = os.path.join(work, "bin", name)
    subprocess.run(["install", "-D", "-m", "755", program, copy], check=True)
    return copy


def read_from_disk(path):
    """Drops `path` from the page cache, so that its next run reads it from the disk (in the
    pieces the kernel's read-ahead chooses), as the first run after a reboot does."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def main():
    global PB, BASELINE
    work = tempfile.mkdtemp(prefix="pb-bench-")
    env = store_env(work)
    PB, BASELINE = installed_copy(PB, work, "pb"), installed_copy(BASELINE, work, "baseline")
    only = {"types": types_bench, "peers": peers_bench, "desktop": desktop_bench, "cut": cut_bench,
            "sizes": sizes_bench, "small": small_paste_bench, "startup": startup_bench, "many": many_bench,
            "corpus": corpus_bench, "realfiles": realfiles_bench, "qt": qt_import_bench,
            "derived": derived_bench, "remote": remote_bench, "silent": silent_bench,
            "hostile": hostile_bench, "picker": picker_bench, "smi": smi_bench}.get(os.environ.get("PB_BENCH", ""))
    if only:
        try:
            only(work)
        finally:
            subprocess.run(["rm", "-rf", work])
        return
    source, out = os.path.join(work, "in"), os.path.join(work, "out")
    try:
        sizes_bench(work)

        # Piped input and output: splice from a pipe, sendfile into one.
        make_file(source, 100 << 20)
        cat_pipe = best_time(5, ["sh", "-c", f"cat {source} | cat > {out}"])
        copy_pipe = best_time(5, ["sh", "-c", f"cat {source} | {PB} copy"], env=env, setup=lambda: forget(env))
        paste_pipe = best_time(5, ["sh", "-c", f"{PB} paste | cat > {out}"], env=env)
        print(f"\n100 MiB through a pipe: cat|cat {cat_pipe:.4f}s, cat|pb copy {copy_pipe:.4f}s "
              f"({copy_pipe / cat_pipe:.2f}x), pb paste|cat {paste_pipe:.4f}s ({paste_pipe / cat_pipe:.2f}x)")
        os.unlink(source)

        # paste --json streams its base64: peak memory does not grow with the item.
        make_file(source, 200 << 20)
        subprocess.run([PB, "copy", "-t", "public.data", source], env=env, check=True)
        plain_peak = peak_kib([PB, "paste"], stdout=out, env=env)
        json_peak = peak_kib([PB, "paste", "--json"], stdout=out, env=env)
        json_time = best_time(3, [PB, "paste", "--json"], stdout=out, env=env)
        print(f"\n200 MiB item: paste peak {plain_peak / 1024:.1f} MiB, paste --json peak {json_peak / 1024:.1f} MiB "
              f"({json_peak / plain_peak:.2f}x), paste --json {json_time:.3f}s")
        os.unlink(source)
        os.unlink(out)

        # Sniffing reads a bounded head: a 1 GiB stream costs what its first MiB costs.
        line = b"The quick brown fox jumps over the lazy dog; 0123456789 and so on.\n"
        head = os.path.join(work, "head.txt")
        with open(head, "wb") as f:
            f.write((line * ((1 << 20) // len(line) + 1))[: 1 << 20])
        with open(source, "wb") as f:
            block = line * ((1 << 20) // len(line))
            for _ in range(1024):
                f.write(block)
        sniff_head = best_time(9, [PB, "type", "--sniff", "-"], stdin=head, env=env)
        sniff_big = best_time(9, [PB, "type", "--sniff", "-"], stdin=source, env=env)
        sniff_pipe = best_time(5, ["sh", "-c", f"cat {source} | {PB} type --sniff - >/dev/null"], env=env)
        print(f"\nsniffing text: first MiB {sniff_head * 1000:.2f} ms, whole 1 GiB file {sniff_big * 1000:.2f} ms "
              f"({sniff_big / sniff_head:.2f}x), 1 GiB through a pipe {sniff_pipe * 1000:.2f} ms")
        os.unlink(source)

        small_paste_bench(work)
        types_bench(work)
        corpus_bench(work)
        peers_bench(work)
        desktop_bench(work)
        qt_import_bench(work)
        derived_bench(work)
        boards_bench(work)
        history_bench(work)
        cut_bench(work)
        many_bench(work)
        progress_bench(work)
    finally:
        subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
