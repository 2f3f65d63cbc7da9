#!/bin/sh
# Installs syncups from the release folder this script is in (or, for `make install`, a folder
# laid out the same way): the binary, the man page and the bash, zsh and fish completions.
#
#   ./install.sh                         # into ~/.local
#   ./install.sh --prefix /usr/local     # for every user (as root)
#   ./install.sh --uninstall             # removes what an install with the same prefix put there
#                                        # (and the *.new copies an interrupted one left)
#
# DESTDIR, as for make, goes before the prefix: the files land in $DESTDIR$PREFIX, for a staging
# folder that is packed elsewhere. Exit status: 0 done, 1 a file could not be copied or removed,
# 64 a bad command line.
set -eu

usage() {
  echo "usage: install.sh [--prefix DIR] [--uninstall]"
  echo "  --prefix DIR   install under DIR/bin, DIR/share (default: ~/.local)"
  echo "  --uninstall    remove the files instead, and the folders they leave empty"
}

prefix=
uninstall=false
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || { usage >&2; exit 64; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
  esac
done
if [ -z "$prefix" ]; then
  [ -n "${HOME:-}" ] || { echo "install.sh: HOME is not set; give --prefix" >&2; exit 64; }
  prefix=$HOME/.local
fi
# A relative prefix is from the current folder (DESTDIR goes before a whole path), except a
# '~' the shell did not expand, as in --prefix=~/x: that would make a folder named '~'.
case $prefix in
  /*) ;;
  "~" | "~/"*)
    echo "install.sh: '$prefix': write --prefix ~/... (with a space) or \$HOME/..." >&2
    exit 64
    ;;
  *) prefix=$(pwd)/$prefix ;;
esac
root=${DESTDIR:-}$prefix
here=$(cd "$(dirname "$0")" && pwd)

# Each file: where it is in the release folder, where it goes under the prefix, its mode. The
# completions go where bash-completion, zsh (a site-functions folder of $fpath) and fish look.
files='bin/syncups bin/syncups 755
man/syncups.1 share/man/man1/syncups.1 644
completions/syncups.bash share/bash-completion/completions/syncups 644
completions/_syncups share/zsh/site-functions/_syncups 644
completions/syncups.fish share/fish/vendor_completions.d/syncups.fish 644'

if $uninstall; then
  while read -r source target mode; do
    # The .new copy too: an install interrupted before its rename leaves one (see below).
    rm -f "$root/$target" "$root/$target.new"
    # The folders it leaves empty, up to the prefix itself.
    folder=$(dirname "$target")
    while [ "$folder" != . ] && rmdir "$root/$folder" 2>/dev/null; do
      folder=$(dirname "$folder")
    done
  done <<EOF
$files
EOF
  echo "removed syncups from $root"
  exit 0
fi

while read -r source target mode; do
  [ -f "$here/$source" ] || { echo "install.sh: $here/$source is missing" >&2; exit 1; }
done <<EOF
$files
EOF
while read -r source target mode; do
  mkdir -p "$root/$(dirname "$target")"
  # Copied beside the old file and renamed over it: a running syncups keeps its binary, and
  # an interrupted install never leaves half a file.
  cp "$here/$source" "$root/$target.new"
  chmod "$mode" "$root/$target.new"
  mv -f "$root/$target.new" "$root/$target"
done <<EOF
$files
EOF
echo "installed syncups in $root"
case ":${PATH:-}:" in
  *":$prefix/bin:"*) ;;
  *) echo "add $prefix/bin to PATH to run it as 'syncups'" ;;
esac
