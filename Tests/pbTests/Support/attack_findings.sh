#!/usr/bin/env bash
# Reproductions of findings from a hostile test of pb cut / undo / redo / history and
# recovery. One function per finding; each prints PASS (pb kept its promise) or FAIL
# (the finding reproduces) with what was lost or touched. Run as root (some use strace
# syscall injection to kill pb at an exact moment, and setpriv to run as nobody).
#
#   Tests/pbTests/Support/attack_findings.sh [PB] [finding ...]
#
# PB defaults to .build/debug/pb of this checkout.
set -u

HERE=$(cd "$(dirname "$0")/../../.." && pwd)
PB=${1:-$HERE/.build/debug/pb}
shift || true
PB=$(readlink -f "$PB")
ROOT=$(mktemp -d /tmp/pb-attack.XXXXXX)
chmod 755 "$ROOT"
trap 'chmod -R u+rwx "$ROOT" 2>/dev/null; rm -rf "$ROOT"' EXIT

pass() { echo "PASS $FUNCNAME_: $*"; }
fail() { echo "FAIL $FUNCNAME_: $*"; }

# Python: held_at_unlinkat(tracer) waits (10 s at most) until strace, process TRACER,
# holds its child pb at the entry of an unlinkat (the delay it injects): the moment
# between pb's commit and its removal of the file, where the reproductions write.
HELD_AT_UNLINKAT='
import os, time
def held_at_unlinkat(tracer):
    number = {"x86_64": "263", "aarch64": "35"}[os.uname().machine]
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            children = open(f"/proc/{tracer}/task/{tracer}/children").read().split()
            if children and open(f"/proc/{children[0]}/syscall").read().split()[0] == number:
                return True
        except OSError:
            pass
        time.sleep(0.02)
    return False
'

# A fresh store and user folder; the shell is left in the user folder.
fresh() {
  T=$(mktemp -d "$ROOT/t.XXXXXX")
  chmod 755 "$T"
  export PB_DIR=$T/store
  mkdir -p "$T/u"
  cd "$T/u" || exit 1
}

# Runs pb and kills it (SIGKILL) on entry to the Nth call of a system call.
pb_killed_at() {
  local call=$1 nth=$2
  shift 2
  # (in a shell of its own, which reports the kill to /dev/null)
  bash -c 'strace -f -qq -o /dev/null "$@"; exit 0' strace -e trace="$call" -e inject="$call":signal=KILL:when="$nth" \
    "$PB" "$@" >/dev/null 2>&1
}

# Whether the bytes are anywhere in the store or under the user folder.
bytes_exist() { grep -rqF -- "$1" "$PB_DIR" "$T/u" 2>/dev/null; }

# ---------------------------------------------------------------------------------------
# 0. Data loss, no planted file: a redo killed after it renamed the put-back file into
#    data/ (before its commit), then a file appears at that path (the user writes a new f,
#    or anything else makes one). The next writer's recovery rolls the redo back, finds the
#    name taken, silently gives up (giveBackTakenFiles skips it) and removes the journal; its
#    own commit then clears the redo stack, whose cut file has `restored` set, so it is not
#    carried over, and garbage collection deletes the data file: the original bytes are
#    gone. (Same if the folder is removed meanwhile.)
finding_redo_rollback_with_name_taken_loses_file() {
  FUNCNAME_=redo_rollback_name_taken
  fresh
  echo "precious-redo" >f
  "$PB" cut f
  "$PB" undo >/dev/null
  pb_killed_at fsync 3 redo # after renameat2(f -> data/…), before the history is written
  echo "a new f" >f
  echo x | "$PB" copy
  local rc=$?
  if bytes_exist "precious-redo"; then
    pass "kept (copy exit $rc)"
  else
    fail "pb copy exited $rc, said nothing, and the cut file's bytes are neither in $T/u nor in the store"
  fi
}

# 1. Data loss: pb cut under umask 0777 (a normal user) exits 0 and removes the file,
#    but writes the manifest, history and data file with mode 0000: from then on every
#    command on the board (undo, paste, copy) fails with 74 "Permission denied", no fix
#    given; the cut file can be had back only by chmod-ing store files by hand.
#    (umask 0377 on a fresh store makes the store folder itself 0400: every command 74.)
finding_umask_0777_cut_makes_store_unreadable() {
  FUNCNAME_=umask_0777_cut
  local dir
  dir=$(mktemp -d /tmp/pb-attack-nobody.XXXXXX)
  chmod 1777 "$dir"
  cp "$PB" "$dir/pb"
  chmod 755 "$dir/pb"
  cat >"$dir/run.sh" <<'EOF'
set -u
D=$(dirname "$0"); export PB_DIR=$D/store; mkdir -p "$D/u"; cd "$D/u"
echo one | "$D/pb" copy
echo "my thesis" > thesis.txt
(umask 0777; "$D/pb" cut thesis.txt; echo "cut=$?")
[ -e thesis.txt ] && echo "file=present" || echo "file=gone"
"$D/pb" undo >/dev/null 2>"$D/undo.err"; echo "undo=$?"
"$D/pb" paste >/dev/null 2>&1; echo "paste=$?"
EOF
  chmod 755 "$dir/run.sh"
  local out
  out=$(setpriv --reuid=nobody --regid=nogroup --clear-groups env -i PATH="$PATH" HOME="$dir" bash "$dir/run.sh" 2>&1)
  if grep -q "cut=0" <<<"$out" && grep -q "file=gone" <<<"$out" && ! grep -q "undo=0" <<<"$out"; then
    fail "cut exited 0 and removed thesis.txt, then: $(tr '\n' ' ' <<<"$out")- undo says: $(cat "$dir/undo.err")"
  else
    pass "$(tr '\n' ' ' <<<"$out")"
  fi
  rm -rf "$dir"
}

# 2. Data loss: an undo killed after its commit (before renaming the hidden file into
#    place), then the user removes the folder (which shows only a hidden .f.pb-… file).
#    The next command says "could not put back …: its folder is gone (its bytes stay in
#    history: pb redo, then pb paste)" - and that very command, `pb history --levels 1`
#    (or `--clear`), drops the redo entry and deletes the bytes. Nothing else held them.
finding_levels_drops_bytes_pb_said_stay_in_history() {
  FUNCNAME_=levels_drops_unrestored_cut
  fresh
  mkdir d
  echo "precious-levels" >d/f
  echo x | "$PB" copy
  "$PB" cut d/f
  pb_killed_at renameat2 1 undo 2 # undoes the cut and the copy; killed after the commit
  rm -rf d
  local msg
  msg=$("$PB" history --levels 1 2>&1)
  local rc=$?
  if bytes_exist "precious-levels"; then
    pass "bytes kept (history --levels 1 exit $rc)"
  else
    fail "history --levels 1 exited $rc, said '$msg', and the cut file's bytes are gone from the store"
  fi
}

# Same with --clear.
finding_clear_drops_bytes_pb_said_stay_in_history() {
  FUNCNAME_=clear_drops_unrestored_cut
  fresh
  mkdir d
  echo "precious-clear" >d/f
  "$PB" cut d/f
  pb_killed_at renameat2 1 undo
  rm -rf d
  local msg
  msg=$("$PB" history --clear 2>&1)
  local rc=$?
  if bytes_exist "precious-clear"; then
    pass "bytes kept"
  else
    fail "history --clear exited $rc, said '$msg', and the cut file's bytes are gone"
  fi
}

# 3. Data loss (design): a cut's files are dropped with its undo entry when it falls past
#    levelsOfUndo (51 later changes at the default 50), silently. pb refuses to cut into an
#    expiring or temporary board because "its items are the only copy of the files" -
#    history trimming takes them away just the same.
finding_cut_bytes_dropped_by_levels_of_undo() {
  FUNCNAME_=cut_trimmed_by_levels
  fresh
  echo "precious-trim" >f
  "$PB" cut f
  local i
  for i in $(seq 51); do echo "$i" | "$PB" copy; done
  if bytes_exist "precious-trim"; then
    pass "kept"
  else
    fail "after 51 copies (default levels 50) the cut file is neither in its folder nor in the store; pb said nothing"
  fi
}

# 4. Data loss: "a file with the same identity is the same file, unchanged" is false: a
#    write through a shared mapping whose page is already dirty changes neither mtime nor
#    ctime (tmpfs and ext4 alike). pb cut removes the file after its commit on identity
#    alone, so bytes written after its copy (before its removal) are lost.
#    (strace only delays pb's first unlinkat by 1.5 s, to make the window wide.)
finding_mmap_write_after_copy_is_lost() {
  FUNCNAME_=mmap_write_lost
  fresh
  local out
  out=$(python3 -c "$HELD_AT_UNLINKAT$(cat <<'EOF'
import mmap, subprocess, sys
pb = sys.argv[1]
p = "doc.db"
with open(p, "wb") as f: f.write(b"version 1 " + b"." * 4086)
fd = os.open(p, os.O_RDWR)
m = mmap.mmap(fd, 4096)
m[0:10] = b"version 2 "
time.sleep(0.05)
proc = subprocess.Popen(["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=unlinkat",
                         "-e", "inject=unlinkat:delay_enter=1500000:when=1", pb, "cut", p])
held = held_at_unlinkat(proc.pid)
m[0:10] = b"version 3 "
rc = proc.wait()
store = subprocess.run([pb, "paste"], capture_output=True).stdout[:10]
gone = not os.path.exists(p)
print(f"cut={rc} held={held} removed={gone} store={store!r} latest={m[0:10]!r}")
EOF
)" "$PB")
  if grep -q "removed=True" <<<"$out" && ! grep -q "store=b'version 3 '" <<<"$out"; then
    fail "$out: 'version 3' exists only in the dying mapping"
  else
    pass "$out"
  fi
}

# 4b. The same on a filesystem whose times are whole seconds (ext2/ext3 with 128-byte
#    inodes; vfat has 2 s and no ctime; many FUSE and NFS setups): an in-place save of the
#    same size within the second of pb's copy leaves the identity as recorded, and the cut
#    removes the file; only the earlier version is in the store. (strace delays pb's first
#    unlinkat by 0.4 s to place the save reliably; without it the window is the commit's
#    fsyncs, or as long as another pb holds the lock.)
finding_coarse_times_save_after_copy_is_lost() {
  FUNCNAME_=coarse_times_save_lost
  fresh
  truncate -s 64M "$T/ext2.img"
  mke2fs -q -t ext2 -I 128 "$T/ext2.img" >/dev/null 2>&1
  mkdir -p "$T/e2"
  if ! mount -o loop "$T/ext2.img" "$T/e2" 2>/dev/null; then
    echo "SKIP $FUNCNAME_: cannot mount an ext2 image"
    return
  fi
  mkdir "$T/e2/u"
  local out
  out=$(cd "$T/e2/u" && python3 -c "$HELD_AT_UNLINKAT$(cat <<'EOF'
import subprocess, sys
pb = sys.argv[1]
t = time.time(); time.sleep(1 - (t % 1) + 0.02)
with open("report.txt", "w") as f: f.write("draft v1 ")
p = subprocess.Popen(["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=unlinkat",
                      "-e", "inject=unlinkat:delay_enter=400000:when=1", pb, "cut", "report.txt"])
held = held_at_unlinkat(p.pid)
with open("report.txt", "r+") as f: f.write("draft v2 ")
p.wait()
store = subprocess.run([pb, "paste"], capture_output=True).stdout
print(f"cut={p.returncode} held={held} removed={not os.path.exists('report.txt')} store={store!r}")
EOF
)" "$PB")
  umount "$T/e2"
  if grep -q "removed=True" <<<"$out" && ! grep -q "v2" <<<"$out"; then
    fail "$out: the saved 'draft v2' is nowhere"
  else
    pass "$out"
  fi
}

# 5. Outside the store, on a store file's word - a user's file deleted: a planted history
#    (a redo entry naming the victim's path, levelsOfUndo 1) and journal (an undo "placed"
#    at that path with "prepared": its inode) make recovery record the victim file's full
#    identity itself (no need to know its ctime); `pb redo` then takes the file into the
#    store, and the next `pb copy` trims the entry and deletes it. Only the victim's path
#    and inode number (ls -i) are needed. As root this works on any root file with one
#    link on the store's filesystem (/etc/shadow...).
finding_planted_journal_then_redo_copy_deletes_user_file() {
  FUNCNAME_=planted_take_and_delete
  fresh
  echo seed | "$PB" copy
  local B=$PB_DIR/boards/general N V INO F=0123456789abcdef.txt
  N=$("$PB" count)
  mkdir -p "$T/victim"
  echo "PRIVATE KEY of victim" >"$T/victim/id_rsa"
  V=$T/victim/id_rsa
  INO=$(stat -c %i "$V")
  cat >"$B/history/$N.json" <<EOF
{"changeCount":$N,"format":4,"levelsOfUndo":1,"undo":[],"redo":[{"actionName":"Copy","changeCount":$N,"date":"2026-11-22T10:52:00.120Z","items":[],"cutFiles":[{"file":"$F","mode":384,"modified":0,"path":"$V"}]}]}
EOF
  printf '{"format":4,"operation":"undo","from":%d,"to":%d,"steps":[{"path":"%s","file":"%s","method":"copy","temporary":".id_rsa.pb-0123456789abcdef","mode":384,"modified":0}]}\n{"step":0,"prepared":%d}\n{"step":0,"placed":"%s"}\n' \
    $((N - 1)) "$N" "$V" "$F" "$INO" "$V" >"$B/journal"
  local r1 r2
  "$PB" redo >/dev/null 2>&1
  r1=$?
  echo more | "$PB" copy
  r2=$?
  if [ -e "$V" ] || bytes_exist "PRIVATE KEY of victim"; then
    pass "victim file kept (redo $r1, copy $r2)"
  else
    fail "redo exited $r1, copy exited $r2: $V is deleted, its bytes nowhere"
  fi
}

# 6. Outside the store, on a store file's word - a setuid, world-writable file of another
#    owner: a planted redo journal "take" step (at the board's count, so rolled back) and
#    a history naming the path make recovery rename a data file out of the store as it
#    is: mode 06777, owner nobody, into the user's folder. Store-format.md: "undo only
#    ever makes a regular file there ... with at most the permission bits 0777 & ~umask",
#    and anything owned by another user is refused (77).
finding_planted_redo_rollback_places_setuid_foreign_file() {
  FUNCNAME_=planted_rollback_setuid
  fresh
  echo seed | "$PB" copy
  local B=$PB_DIR/boards/general N P F=0123456789abcdef.sh DEV INO
  N=$("$PB" count)
  mkdir -p "$T/victim"
  printf '#!/bin/sh\necho pwned\n' >"$B/data/$F"
  chown nobody "$B/data/$F"
  chmod 06777 "$B/data/$F"
  DEV=$(stat -c %d "$B/data/$F")
  INO=$(stat -c %i "$B/data/$F")
  P=$T/victim/run.sh
  cat >"$B/history/$N.json" <<EOF
{"changeCount":$N,"format":4,"levelsOfUndo":50,"undo":[{"actionName":"Cut","changeCount":$N,"date":"2026-11-22T10:52:00.120Z","items":[],"cutFiles":[{"file":"$F","mode":420,"modified":0,"path":"$P"}]}],"redo":[]}
EOF
  printf '{"format":4,"operation":"redo","from":%d,"to":%d,"steps":[{"path":"%s","file":"%s","method":"take","identity":{"device":%d,"inode":%d,"size":1,"modified":0,"changed":0}}]}\n' \
    "$N" $((N + 1)) "$P" "$F" "$DEV" "$INO" >"$B/journal"
  echo x | "$PB" copy
  local rc=$?
  if [ -e "$P" ]; then
    fail "pb copy exited $rc and made $(stat -c '%A %U' "$P") $P (umask $(umask))"
  else
    pass "nothing made (copy exit $rc)"
  fi
}

# 6b. Outside the store, on a store file's word - chmod and touch of a user's file: a data
#    file planted as a hard link of a user's file (a restored backup keeps hard links)
#    and a history entry naming it make `pb undo` link it into place and set the mode and
#    time from the history on the shared inode: the user's 0600 secret becomes 0644 with
#    mtime 1970, and gets a second name in another (public) folder. Data files with more
#    than one link are not refused.
finding_planted_hardlinked_data_file_chmods_user_file() {
  FUNCNAME_=planted_hardlink_chmod
  fresh
  echo seed | "$PB" copy
  local B=$PB_DIR/boards/general N P F=0123456789abcdef.txt before
  N=$("$PB" count)
  mkdir -p "$T/victim" "$T/pub"
  echo "root secret" >"$T/victim/secret"
  chmod 600 "$T/victim/secret"
  touch -d 2001-01-01 "$T/victim/secret"
  before=$(stat -c '%A %y' "$T/victim/secret")
  ln "$T/victim/secret" "$B/data/$F"
  P=$T/pub/notes
  cat >"$B/history/$N.json" <<EOF
{"changeCount":$N,"format":4,"levelsOfUndo":50,"undo":[{"actionName":"Copy","changeCount":$N,"date":"2026-11-22T10:52:00.120Z","items":[],"cutFiles":[{"file":"$F","mode":438,"modified":0,"path":"$P"}]}],"redo":[]}
EOF
  local rc after
  "$PB" undo >/dev/null 2>&1
  rc=$?
  after=$(stat -c '%A %y' "$T/victim/secret")
  if [ "$before" != "$after" ]; then
    fail "pb undo exited $rc; victim/secret went from '$before' to '$after', and is also $P ($(stat -c %h "$T/victim/secret") links)"
  else
    pass "victim untouched (undo exit $rc)"
  fi
}

# 7. Outside the store, on a store file's word - a file of chosen bytes anywhere: a
#    planted history entry's cutFiles make `pb undo` create any absent file (say
#    ~/.ssh/authorized_keys, ~/.bashrc) with the bytes of a planted data file, mode up to
#    0777 & ~umask. store-format.md's Trust opens with "must not be able to make pb read or
#    write outside it", then lists this as an accepted worst case.
finding_planted_history_undo_creates_file_anywhere() {
  FUNCNAME_=planted_undo_creates
  fresh
  echo seed | "$PB" copy
  local B=$PB_DIR/boards/general N P F=0123456789abcdef.txt
  N=$("$PB" count)
  mkdir -p "$T/victim/.ssh"
  printf 'ssh-ed25519 AAAA attacker\n' >"$B/data/$F"
  P=$T/victim/.ssh/authorized_keys
  cat >"$B/history/$N.json" <<EOF
{"changeCount":$N,"format":4,"levelsOfUndo":50,"undo":[{"actionName":"Copy","changeCount":$N,"date":"2026-11-22T10:52:00.120Z","items":[],"cutFiles":[{"file":"$F","mode":511,"modified":0,"path":"$P"}]}],"redo":[]}
EOF
  local out rc
  out=$("$PB" undo 2>&1)
  rc=$?
  if [ -e "$P" ]; then
    fail "pb undo exited $rc ('$out') and wrote $P ($(stat -c %A "$P")): $(cat "$P")"
  else
    pass "nothing made"
  fi
}

# 8. Store data still referenced deleted: pb cut takes files inside its own store. Cutting
#    another board's data file leaves that board damaged (paste, undo: 70) until general's
#    cut is undone; cutting boards/<b>/lock removes the lock file writers flock.
finding_cut_takes_store_files() {
  FUNCNAME_=cut_store_files
  fresh
  echo "board B text" | "$PB" copy -p B
  local D rc1 rc2
  D=$(ls "$PB_DIR/boards/B/data")
  "$PB" cut "$PB_DIR/boards/B/data/$D" 2>/dev/null
  rc1=$?
  "$PB" paste -p B >/dev/null 2>&1
  rc2=$?
  "$PB" cut "$PB_DIR/boards/B/lock" 2>/dev/null
  local rc3=$?
  if [ "$rc1" = 0 ] && [ "$rc2" != 0 ]; then
    fail "pb cut of B's data file exited $rc1; pb paste -p B now exits $rc2; pb cut of B's lock exited $rc3 (lock file $( [ -e "$PB_DIR/boards/B/lock" ] && echo present || echo removed))"
  else
    pass "cut of a store file refused ($rc1)"
  fi
}

# 9. Wrong exit/message, stuck board: an undo killed just before removing the data file's
#    own name (the file already renamed into place and recorded), then the user moves the
#    put-back file (mv f g). Recovery removes the store's link (it has one, shared with g),
#    records no `restored`; the cut file then rides into the next change's undo entry,
#    whose undo fails forever with 70 "store file data/<X> is damaged (the data of the cut
#    file … is missing); remove it to start that pasteboard afresh" - naming a file that
#    does not exist. (The bytes are safe in g.)
finding_moved_putback_then_undo_stuck_70() {
  FUNCNAME_=moved_putback_stuck
  fresh
  mkdir d
  echo precious-moved >d/f
  echo x | "$PB" copy
  "$PB" cut d/f
  pb_killed_at unlinkat 1 undo
  mv d/f d/g
  echo y | "$PB" copy
  echo z | "$PB" copy
  "$PB" undo >/dev/null 2>&1
  local out rc
  out=$("$PB" undo 2>&1)
  rc=$?
  if [ "$rc" = 70 ]; then
    fail "second pb undo exited 70: $out"
  else
    pass "undo exited $rc"
  fi
}

# Each of these is fixed: the suite (HistoryAttackTests) runs them and wants PASS.
all=(
  finding_redo_rollback_with_name_taken_loses_file
  finding_umask_0777_cut_makes_store_unreadable
  finding_levels_drops_bytes_pb_said_stay_in_history
  finding_clear_drops_bytes_pb_said_stay_in_history
  finding_planted_journal_then_redo_copy_deletes_user_file
  finding_planted_redo_rollback_places_setuid_foreign_file
  finding_planted_hardlinked_data_file_chmods_user_file
  finding_cut_takes_store_files
  finding_moved_putback_then_undo_stuck_70
)
# Limits the documentation states, run only when named: a cut's files go with its
# entry when history drops it (levels, the 64 MiB cap); a cut compares a file's bytes
# with the store's just before removing it, but a write in the instant between (made
# wide here by strace) is lost, as with mv across filesystems; a planted history can
# make undo create a file (never over one) of store bytes, within the umask.
limits=(
  finding_cut_bytes_dropped_by_levels_of_undo
  finding_mmap_write_after_copy_is_lost
  finding_coarse_times_save_after_copy_is_lost
  finding_planted_history_undo_creates_file_anywhere
)
if [ $# -gt 0 ]; then all=("$@"); fi
for f in "${all[@]}"; do (umask 022; "$f"); done
