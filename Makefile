# Build, install and maintain syncups. `make install PREFIX=~/.local` installs for one user.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
SWIFT_BUILD_FLAGS ?=

.PHONY: build install uninstall test generate

build:
	swift build -c release $(SWIFT_BUILD_FLAGS)

install: build
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 .build/release/syncups $(BINDIR)/syncups
	install -m 644 man/syncups.1 $(MANDIR)/syncups.1
	install -m 644 completions/syncups.bash $(BASHDIR)/syncups
	install -m 644 completions/_syncups $(ZSHDIR)/_syncups
	install -m 644 completions/syncups.fish $(FISHDIR)/syncups.fish

uninstall:
	rm -f $(BINDIR)/syncups $(MANDIR)/syncups.1 $(BASHDIR)/syncups $(ZSHDIR)/_syncups \
	  $(FISHDIR)/syncups.fish

test:
	swift test

# Rewrites the man page and completion scripts from the command table.
generate:
	SYNCUPS_UPDATE_GENERATED=1 swift test --filter GeneratedFilesTests
