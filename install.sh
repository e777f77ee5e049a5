#!/bin/sh
# Builds a release pb and installs it with its man page, its bash, zsh and fish completions,
# pbcopy and pbpaste (links to pb that behave as macOS's commands of those names), its
# docs (share/doc/pb: the README and docs/*.md, which the man page points to), and
# `pb bridge` as a service: a systemd user unit (pb-bridge.service, started by
# `systemctl --user enable --now pb-bridge`) and an XDG autostart entry for sessions
# that systemd does not start (pb-bridge.desktop; systemd's own sessions skip it, so the
# bridge never runs twice).
#
#   ./install.sh                      installs under /usr/local
#   PREFIX=$HOME/.local ./install.sh  installs under ~/.local
#   DESTDIR=/tmp/stage ./install.sh   stages the files for a package
#   ./install.sh --uninstall          removes what it installed (same PREFIX and DESTDIR)
#   AUTOSTART_DIR=... ./install.sh    the autostart entry's folder (default: the user's,
#                                     ~/.config/autostart, for a PREFIX in $HOME, else
#                                     /etc/xdg/autostart)
#
# What building and running pb needs from Debian (libmagic-dev and the other static
# archives it links, shared-mime-info) is installed first when missing; what only the
# tests need is scripts/test's: see scripts/install-dependencies.sh.
# PB_BUILD_PATH names another build folder than .build (the tests use their own).
set -eu

PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
build_path=${PB_BUILD_PATH:-.build}
case "$PREFIX" in
"${HOME:-/nonexistent}"/*) autostart_default=${XDG_CONFIG_HOME:-$HOME/.config}/autostart ;;
*) autostart_default=/etc/xdg/autostart ;;
esac
AUTOSTART_DIR=${AUTOSTART_DIR:-$autostart_default}
# The service files name pb by its installed path, which must not depend on where
# install.sh runs from (it changes to its own folder below).
case "$PREFIX" in
/*) ;;
*)
  echo "install.sh: PREFIX must be an absolute path, not '$PREFIX'; for example PREFIX=\$HOME/.local" >&2
  exit 64
  ;;
esac
case "$PREFIX" in
*[\"\'\\]* | *"
"*)
  echo "install.sh: PREFIX has a quote, a backslash or a line break, which systemd does not allow in the path of the command a unit runs; choose another" >&2
  exit 64
  ;;
esac
cd "$(dirname "$0")"

# The files it installs, relative to $DESTDIR$PREFIX; --uninstall removes exactly these.
# share/systemd/user is where systemd looks for user units under /usr, /usr/local and
# ~/.local alike.
unit=share/systemd/user/pb-bridge.service
files="bin/pb share/man/man1/pb.1 share/bash-completion/completions/pb share/zsh/site-functions/_pb $unit"
# fish's folder for completions that other packages install (fish finds it under /usr,
# ~/.local, and /usr/local when XDG_DATA_DIRS names /usr/local/share, as sessions do).
fish_dir=share/fish/vendor_completions.d
files="$files $fish_dir/pb.fish"
documents="README.md $(cd docs && echo *.md)"
for document in $documents; do files="$files share/doc/pb/$document"; done
autostart="$DESTDIR$AUTOSTART_DIR/pb-bridge.desktop"
# Links to pb (bash-completion and fish find a command's completion by its name); a
# pbcopy or pbpaste of another program is neither replaced nor removed.
links="bin/pbcopy bin/pbpaste share/bash-completion/completions/pbcopy share/bash-completion/completions/pbpaste"
fish_links="$fish_dir/pbcopy.fish $fish_dir/pbpaste.fish"
link_target() { case "$1" in *.fish) echo pb.fish ;; *) echo pb ;; esac; }
is_our_link() { [ -L "$1" ] && [ "$(readlink "$1")" = "$(link_target "$1")" ]; }

case "${1-}" in
"") ;;
--uninstall)
  removed=0
  for file in $files; do
    path="$DESTDIR$PREFIX/$file"
    if [ -e "$path" ] || [ -L "$path" ]; then
      rm -f "$path"
      echo "removed $path"
      removed=$((removed + 1))
    fi
  done
  if [ -e "$autostart" ]; then
    rm -f "$autostart"
    echo "removed $autostart"
    removed=$((removed + 1))
  fi
  for link in $links $fish_links; do
    path="$DESTDIR$PREFIX/$link"
    if is_our_link "$path"; then
      rm -f "$path"
      echo "removed $path"
      removed=$((removed + 1))
    fi
  done
  # The docs' folder is pb's alone; anything left in it stays, with the folder.
  rmdir "$DESTDIR$PREFIX/share/doc/pb" 2> /dev/null || true
  [ "$removed" -gt 0 ] || echo "nothing of pb is installed under $DESTDIR$PREFIX"
  exit 0
  ;;
*)
  echo "install.sh: unknown argument '$1'; use no argument to install, or --uninstall" >&2
  exit 64
  ;;
esac

scripts/install-dependencies.sh

# A fully static executable: start-up is most of a small paste (see the script).
pb=$(scripts/build-release.sh "$build_path")

install -d "$DESTDIR$PREFIX/bin" "$DESTDIR$PREFIX/share/man/man1" \
  "$DESTDIR$PREFIX/share/bash-completion/completions" "$DESTDIR$PREFIX/share/zsh/site-functions" \
  "$DESTDIR$PREFIX/$fish_dir"
install -m 755 "$pb" "$DESTDIR$PREFIX/bin/pb"
install -m 644 man/pb.1 "$DESTDIR$PREFIX/share/man/man1/pb.1"
# A pbcopy or pbpaste of another program keeps its own completion: the installed
# completions do not name it (zsh's #compdef line, bash's complete line, fish's complete
# lines), and no completion link is made for it below.
foreign=""
omit_foreign=""
for name in pbcopy pbpaste; do
  path="$DESTDIR$PREFIX/bin/$name"
  if { [ -e "$path" ] || [ -L "$path" ]; } && ! is_our_link "$path"; then
    foreign="$foreign $name"
    omit_foreign="$omit_foreign
s/^\(#compdef\|complete -F _pb_macos\)\(.*\) $name\b/\1\2/
/^complete .*-c $name\( \|\$\)/d"
  fi
done
install_completion() { sed -e "$omit_foreign" -e '/^complete -F _pb_macos$/d' "$1" > "$2" && chmod 644 "$2"; }
install_completion completions/pb.bash "$DESTDIR$PREFIX/share/bash-completion/completions/pb"
install_completion completions/_pb "$DESTDIR$PREFIX/share/zsh/site-functions/_pb"
install_completion completions/pb.fish "$DESTDIR$PREFIX/$fish_dir/pb.fish"
install -d "$DESTDIR$PREFIX/share/doc/pb"
install -m 644 README.md docs/*.md "$DESTDIR$PREFIX/share/doc/pb"
for link in $links $fish_links; do
  path="$DESTDIR$PREFIX/$link"
  target=$(link_target "$link")
  if is_our_link "$path"; then continue; fi
  case "$link" in
  bin/*) ;;
  *) case " $foreign " in *" $(basename "$link" .fish) "*) continue ;; esac ;;
  esac
  if [ -e "$path" ] || [ -L "$path" ]; then
    case "$link" in
    bin/*) echo "kept $path, which is not pb's, and its completions; to use pb's, replace it (ln -sf $target $path) and install again" >&2 ;;
    *) echo "kept $path, which is not pb's; to use pb's, replace it: ln -sf $target $path" >&2 ;;
    esac
    continue
  fi
  ln -s "$target" "$path"
done

# pb bridge as a service. The unit runs with the graphical session (its environment has
# DISPLAY or WAYLAND_DISPLAY) and comes back if it fails; the board is chosen with
# PB_PASTEBOARD in a drop-in (systemctl --user edit pb-bridge), as the man page shows.
install -d "$DESTDIR$PREFIX/share/systemd/user" "$DESTDIR$AUTOSTART_DIR"
# The installed pb's path as one word of the unit's command line and one argument of the
# autostart entry's Exec key: a path of other characters than these is quoted (a PREFIX
# with a space was two words, and systemd ran "/opt/my"). systemd expands % (a
# specifier) there, not $; the Desktop Entry Specification's Exec key wants $ and `
# escaped in the quotes, and that backslash escaped again (the value is a string).
unit_pb=$PREFIX/bin/pb
entry_pb=$PREFIX/bin/pb
if printf '%s' "$PREFIX" | grep -q '[^A-Za-z0-9_./+,:@=-]'; then
  unit_pb=\"$(printf '%s' "$unit_pb" | sed -e 's/%/%%/g')\"
  entry_pb=\"$(printf '%s' "$entry_pb" | sed -e 's/[`$]/\\\\&/g' -e 's/%/%%/g')\"
fi
cat > "$DESTDIR$PREFIX/$unit" <<UNIT
[Unit]
Description=pb bridge: the desktop clipboard and pb's board in step, copies kept after their application exits
Documentation=man:pb(1)
PartOf=graphical-session.target
After=graphical-session.target

[Service]
ExecStart=$unit_pb bridge
Restart=on-failure
RestartSec=3
# The board to bridge (default general): systemctl --user edit pb-bridge, then
#   [Service]
#   Environment=PB_PASTEBOARD=desktop

[Install]
WantedBy=graphical-session.target
UNIT
chmod 644 "$DESTDIR$PREFIX/$unit"
# For sessions that read autostart entries themselves, where graphical-session.target
# (and so the unit) never starts; systemd's generator skips it (X-systemd-skip), as
# there the unit runs the bridge: never both.
# TryExec: an entry left behind by a package removed but not purged (it is a conffile)
# starts nothing.
cat > "$autostart" <<ENTRY
[Desktop Entry]
Type=Application
Name=pb bridge
Comment=Keeps the desktop clipboard and pb's board in step, and copies alive after their application exits
Exec=$entry_pb bridge
TryExec=$PREFIX/bin/pb
Terminal=false
NoDisplay=true
X-systemd-skip=true
ENTRY
chmod 644 "$autostart"
echo "installed pb under $DESTDIR$PREFIX"
echo "pb bridge as a service: systemctl --user enable --now pb-bridge (in sessions without systemd, $AUTOSTART_DIR/pb-bridge.desktop starts it at login)"
