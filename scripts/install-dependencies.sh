#!/bin/sh
# Installs, from Debian's packages, what building pb and running its tests need and the
# machine lacks. install.sh and .ci/run both call it, so the list lives here only.
#
#   libmagic-dev       libmagic's headers and static archive: every build links libmagic.a
#                      (so that its regexes go through CMagic's shortcut), and the
#   liblzma-dev ...    compression libraries it reads its database with: liblzma-dev,
#                      libbz2-dev, zlib1g-dev (libmagic-dev does not depend on them)
#   mandoc             the tests lint the man page with it
#   zsh                the tests complete command lines in a real zsh
#   bash-completion    and in a real bash, with the _command_offset pb.bash calls after --
#   man-db             the tests read the installed man page with man -l
#   shared-mime-info   the system's MIME database pb reads for types Apple does not declare
#                      (and its PDF specification is one of the tests' sample files)
#   python3            the tests give pb a terminal with python's pty module
#   libxcb1-dev        libxcb's headers and static archives (with libXau, libXdmcp, and
#   libxcb-xfixes0-dev its XFixes extension): the X11 backend of pb publish, import, bridge
#   xvfb, xclip, xsel  the desktop tests run a private X server, with xclip and xsel as the
#                      other side; python-xlib (from PyPI) asks what they cannot (MULTIPLE)
#   sway, wl-clipboard and a private headless sway, with wl-copy and wl-paste; pb speaks
#   libwayland-dev     Wayland's wire protocol itself (no libwayland is linked or loaded),
#                      and the tests check its tables against this package's wayland.xml
set -eu

missing=""
[ -f /usr/include/magic.h ] || missing="$missing libmagic-dev"
has_library() {
  for directory in /usr/lib/*/ /usr/lib/; do [ -f "$directory$1" ] && return 0; done
  return 1
}
has_library liblzma.a || missing="$missing liblzma-dev"
has_library libbz2.a || missing="$missing libbz2-dev"
has_library libz.a || missing="$missing zlib1g-dev"
command -v mandoc >/dev/null 2>&1 || missing="$missing mandoc"
command -v zsh >/dev/null 2>&1 || missing="$missing zsh"
[ -f /usr/share/bash-completion/bash_completion ] || missing="$missing bash-completion"
command -v man >/dev/null 2>&1 || missing="$missing man-db"
{ [ -f /usr/share/mime/mime.cache ] && [ -f /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf ]; } ||
  missing="$missing shared-mime-info"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
command -v strace >/dev/null 2>&1 || missing="$missing strace"
has_library libxcb.a || missing="$missing libxcb1-dev"
has_library libxcb-xfixes.a || missing="$missing libxcb-xfixes0-dev"
command -v Xvfb >/dev/null 2>&1 || missing="$missing xvfb"
command -v xclip >/dev/null 2>&1 || missing="$missing xclip"
command -v xsel >/dev/null 2>&1 || missing="$missing xsel"
command -v sway >/dev/null 2>&1 || missing="$missing sway"
command -v wl-copy >/dev/null 2>&1 || missing="$missing wl-clipboard"
[ -f /usr/share/wayland/wayland.xml ] || missing="$missing libwayland-dev"
if [ -n "$missing" ]; then
  echo "installing from Debian's packages:$missing" >&2
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  $sudo apt-get install -y -qq $missing
fi
python3 -c 'import Xlib' 2>/dev/null || python3 -m pip install -q --root-user-action=ignore python-xlib
