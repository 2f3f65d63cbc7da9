#!/bin/sh
# Packs a release folder (see `make stage`) as a Debian package, DIR/syncups_VERSION_ARCH.deb:
# the binary in /usr/bin, the man page, the completions where Debian's bash-completion, zsh and
# fish look, the copyright and changelog Debian asks for, and Depends: worked out from the
# libraries the binary links (dpkg-shlibdeps, from dpkg-dev).
#
#   packaging/deb.sh RELEASE_FOLDER DIR
#
# DEB_MAINTAINER sets the Maintainer field (whoever publishes the package gives a real address);
# SOURCE_DATE_EPOCH, the date of the changelog's unreleased entry (else the last commit's, else
# now).
set -eu

[ $# -eq 2 ] || { echo "usage: packaging/deb.sh RELEASE_FOLDER DIR" >&2; exit 64; }
release=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null ||
    { echo "deb.sh: $tool is missing (apt-get install dpkg-dev)" >&2; exit 1; }
done

version=$("$release/bin/syncups" --version | cut -d' ' -f2)
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-the syncups authors <syncups@example.org>}
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$(dirname "$0")" log -1 --format=%ct 2>/dev/null || date +%s)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root

# The release's own install, under /usr; then Debian's places where they differ.
DESTDIR=$root "$release/install.sh" --prefix /usr >/dev/null
mkdir -p "$root/usr/share/zsh/vendor-completions"
mv "$root/usr/share/zsh/site-functions/_syncups" "$root/usr/share/zsh/vendor-completions/"
rmdir "$root/usr/share/zsh/site-functions"
gzip -9n "$root/usr/share/man/man1/syncups.1"

doc=$root/usr/share/doc/syncups
mkdir -p "$doc"
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: syncups"
  echo
  echo "Files: *"
  sed -n 's/^Copyright (c) /Copyright: /p' "$release/LICENSE"
  echo "License: Expat"
  # The license text after its copyright line, as a Debian field: each line indented, and
  # empty lines as ' .'.
  sed '1,/^Copyright/d' "$release/LICENSE" | sed '1{/^$/d}' | sed 's/^$/./; s/^/ /'
} >"$doc/copyright"
# Debian's changelog from the release's CHANGELOG.md: an entry per `## VERSION (DATE)` section,
# its `- ` lines as `  * ` items wrapped at 78 columns, dated at midnight UTC of DATE, or at
# SOURCE_DATE_EPOCH when it says "unreleased". Its first section is the binary's version.
newest=$(sed -n 's/^## \([^ ]*\) .*/\1/p' "$release/CHANGELOG.md" | head -n 1)
[ "$newest" = "$version" ] || {
  echo "deb.sh: CHANGELOG.md's newest section is '$newest', the binary is $version" >&2
  exit 1
}
awk -v maintainer="$maintainer" -v unreleased="$(date -R -u -d "@$SOURCE_DATE_EPOCH")" '
  function wrap(text,    words, count, line, i) {
    count = split(text, words, " ")
    line = "  *"
    for (i = 1; i <= count; i++) {
      if (length(line) + 1 + length(words[i]) > 78) { print line; line = "   " }
      line = line " " words[i]
    }
    print line
  }
  function flush() { if (item != "") wrap(item); item = "" }
  function close_entry() {
    flush()
    if (entry) { print ""; print " -- " maintainer "  " date }
  }
  /^## / {
    close_entry()
    if (entry) print ""
    entry = 1
    day = $3; gsub(/[()]/, "", day)
    if (day == "unreleased") date = unreleased
    else { command = "date -R -u -d " day; command | getline date; close(command) }
    print "syncups (" $2 ") unstable; urgency=medium"
    print ""
    next
  }
  !entry { next }
  /^- / { flush(); item = substr($0, 3); next }
  /^  / && item != "" { sub(/^ +/, ""); item = item " " $0; next }
  { flush() }
  END { close_entry() }
' "$release/CHANGELOG.md" | gzip -9n >"$doc/changelog.gz"

# The summary and description are the man page's: its one-line description (less its article)
# and its first paragraph.
man=$release/man/syncups.1
summary=$(sed -n 's/^\.Nd "*\([^"]*\)"*$/\1/p' "$man" | sed 's/^an* //; s/^the //')
description=$(sed -n '/^\.Sh DESCRIPTION/,/^\.Pp/p' "$man" | sed '1d; $d; s/^/ /')

# Depends: from the binary's libraries; dpkg-shlibdeps wants a debian/control to stand in.
mkdir -p "$work/debian"
printf 'Source: syncups\n\nPackage: syncups\nArchitecture: any\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O "$root/usr/bin/syncups" 2>/dev/null |
  sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] ||
  { echo "deb.sh: dpkg-shlibdeps could not tell the binary's libraries" >&2; exit 1; }

find "$root" -type d -exec chmod 755 {} +
mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
cat >"$root/DEBIAN/control" <<EOF
Package: syncups
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: $summary
$description
EOF
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

deb=$out/syncups_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
