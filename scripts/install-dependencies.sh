#!/bin/sh
# Installs, from Debian's packages, what the machine lacks of what pb needs: to build and
# run it (install.sh), or with --tests also what its tests drive (scripts/test). The
# lists live here only. --list prints the packages of the chosen set, one a line,
# without checking or installing anything.
#
#   scripts/install-dependencies.sh [--tests] [--list]
#
# Building and running pb:
#   libmagic-dev       libmagic's headers and static archive: every build links libmagic.a
#                      (so that its regexes go through CMagic's shortcut), and the
#   liblzma-dev ...    compression libraries it reads its database with: liblzma-dev,
#                      libbz2-dev, zlib1g-dev (libmagic-dev does not depend on them)
#   libxcb1-dev        libxcb's headers and static archives (with libXau, libXdmcp, and
#   libxcb-xfixes0-dev its XFixes extension): the X11 backend of pb publish, import, bridge
#   shared-mime-info   the system's MIME database pb reads for types Apple does not declare
#   libjpeg62-turbo-dev the decoders and encoder (static archives) of the image/png pb
#   libgif-dev ...     publish derives from a JPEG, GIF, BMP, WebP or TIFF item:
#                      libjpeg-turbo, giflib, libwebp, libtiff (with the codecs its archive
#                      needs: Lerc, JBIG, zstd, libdeflate, which also compresses the PNG),
#                      and stb_image's header (libstb-dev) for BMP
#   libpng-dev         libpng, which decodes a PNG for a picture on the terminal
#   libchafa-dev       libchafa, which draws that picture (kitty, sixel, iTerm2, blocks),
#   libglib2.0-dev     with the GLib and PCRE2 it needs (headers and static archives)
# The tests, in addition:
#   mandoc, man-db     the tests lint the man page and read the installed one with man -l
#   zsh, dash          the tests complete and run command lines in a real zsh, and make
#                      temporary boards from bash, zsh and dash
#   bash-completion    the tests complete command lines in a real bash too, with the
#                      _command_offset pb.bash calls after --
#   fish, git          and in a real fish; git's bash and fish completions are the
#                      command's own completion the tests reach after pb's --
#   python3, strace    the tests give pb a terminal with python's pty module, and trace
#                      its system calls when attacking the history
#   shared-mime-info's PDF specification is one of the tests' sample files
#   xvfb, xclip, xsel  the desktop tests run a private X server, with xclip and xsel as the
#                      other side; python-xlib asks what they cannot (MULTIPLE): Debian's
#                      python3-xlib for Debian's python3, else from PyPI into the python3
#                      on PATH
#   python3-pyqt5,     a Qt 5 and a GTK 3 application holding a photo (Support/
#   python3-gi,        qt_clipboard.py, gtk_photo.py), for the import of what toolkits
#   gir1.2-gtk-3.0     make on request; a GTK 3 client that reads the image/png pb derives
#                      from a JPEG, and one that hands its copy to the clipboard manager;
#                      Debian's python3 only
#   tar, time          the archive tests list and extract what pb export writes with GNU
#                      tar, and measure pb import's peak memory with /usr/bin/time
#   sway, wl-clipboard and a private headless sway, with wl-copy and wl-paste; pb speaks
#   libwayland-dev     Wayland's wire protocol itself (no libwayland is linked or loaded),
#                      and the tests check its tables against this package's wayland.xml
#   xterm, tmux        a picture shown in a real xterm with sixel under Xvfb (screenshot
#                      through python-xlib), and in tmux as blocks
#   kitty              and in a real kitty with its graphics protocol (Mesa's llvmpipe
#                      gives it the OpenGL 3.3 it needs under Xvfb)
#   openssh-server     the remote-board tests start a private sshd on 127.0.0.1 (Support/
#                      PrivateSSHD.swift) and reach it with ssh, ssh-keygen (openssh-client)
#   lintian            the package test builds the .deb (scripts/package-deb), checks it
#                      with lintian and installs it with apt-get
#   jq                 the README's tour pipes pb info --json into jq (ReadmeTests)
#   libjpeg-turbo-progs jpegtran makes the progressive photo of the damaged-JPEG tests
set -eu

tests=false
list=false
for argument in "$@"; do
  case "$argument" in
  --tests) tests=true ;;
  --list) list=true ;;
  *)
    echo "install-dependencies.sh: unknown argument '$argument'; give --tests, --list or none" >&2
    exit 64
    ;;
  esac
done

has_library() {
  for directory in /usr/lib/*/ /usr/lib/; do [ -f "$directory$1" ] && return 0; done
  return 1
}

# One package a line: the package, then the shell test that says it is installed.
build_packages='
libmagic-dev       [ -f /usr/include/magic.h ]
liblzma-dev        has_library liblzma.a
libbz2-dev         has_library libbz2.a
zlib1g-dev         has_library libz.a
libxcb1-dev        has_library libxcb.a
libxcb-xfixes0-dev has_library libxcb-xfixes.a
shared-mime-info   [ -f /usr/share/mime/mime.cache ]
libjpeg62-turbo-dev has_library libjpeg.a
libgif-dev         has_library libgif.a
libwebp-dev        has_library libwebp.a
libtiff-dev        has_library libtiff.a
liblerc-dev        has_library libLerc.a
libjbig-dev        has_library libjbig.a
libzstd-dev        has_library libzstd.a
libdeflate-dev     has_library libdeflate.a
libstb-dev         [ -f /usr/include/stb/stb_image.h ]
libpng-dev         has_library libpng16.a
libchafa-dev       has_library libchafa.a
libglib2.0-dev     has_library libglib-2.0.a
'
test_packages='
mandoc             command -v mandoc
man-db             command -v man
zsh                command -v zsh
bash-completion    [ -f /usr/share/bash-completion/bash_completion ]
fish               command -v fish
git                [ -f /usr/share/bash-completion/completions/git ]
dash               command -v dash
python3            command -v python3
strace             command -v strace
shared-mime-info   [ -f /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf ]
xvfb               command -v Xvfb
xclip              command -v xclip
xsel               command -v xsel
python3-pyqt5      /usr/bin/python3 -c "import PyQt5.QtGui"
python3-gi         [ -f /usr/lib/python3/dist-packages/gi/__init__.py ]
gir1.2-gtk-3.0     ls /usr/lib/*/girepository-1.0/Gtk-3.0.typelib
sway               command -v sway
wl-clipboard       command -v wl-copy
copyq              command -v copyq
libwayland-dev     [ -f /usr/share/wayland/wayland.xml ]
tar                command -v tar
time               [ -x /usr/bin/time ]
fzf                command -v fzf
openssh-server     [ -x /usr/sbin/sshd ]
xterm              command -v xterm
kitty              command -v kitty
tmux               command -v tmux
lintian            command -v lintian
jq                 command -v jq
libjpeg-turbo-progs command -v jpegtran
'
packages=$build_packages
if $tests; then packages="$packages$test_packages"; fi

if $list; then
  echo "$packages" | awk 'NF { print $1 }' | sort -u
  exit 0
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "install-dependencies.sh: no swift on PATH; install Swift 6 from https://www.swift.org/install/linux/ first" >&2
  exit 69
fi

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
# On a fresh machine an automatic upgrade often holds apt's locks for minutes: wait for
# them (apt says it is waiting) rather than fail.
wait_for_lock="-o DPkg::Lock::Timeout=1200"
missing=""
while read -r package check; do
  [ -n "$package" ] || continue
  case " $missing " in *" $package "*) continue ;; esac
  eval "$check" >/dev/null 2>&1 || missing="$missing $package"
done <<EOF
$packages
EOF

if [ -n "$missing" ]; then
  echo "installing from Debian's packages:$missing" >&2
  # shellcheck disable=SC2086 # one word per option and package
  $sudo apt-get $wait_for_lock update -qq
  # shellcheck disable=SC2086
  $sudo apt-get $wait_for_lock install -y -qq $missing
fi
if $tests && ! python3 -c 'import Xlib' 2>/dev/null; then
  if [ "$(command -v python3)" = /usr/bin/python3 ]; then
    # Debian's python3 takes its modules from Debian (pip refuses to write there).
    # shellcheck disable=SC2086
    $sudo apt-get $wait_for_lock install -y -qq python3-xlib
  else
    python3 -m pip install -q --root-user-action=ignore python-xlib
  fi
fi
