# Build, install and maintain syncups. `make install PREFIX=~/.local` installs for one user.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
SWIFT_BUILD_FLAGS ?=
RELIABILITY_FLAGS ?=

.PHONY: build install uninstall test generate reliability benchmark

# Only the shipped executable and what it needs: not the test targets' helpers.
build:
	swift build -c release --product syncups $(SWIFT_BUILD_FLAGS)

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

# The reliability suite, a package of its own (Tests/ReliabilitySuite), run against the release
# binary; e.g. `make reliability RELIABILITY_FLAGS="--seed 7 --filter lock"`.
reliability: build
	swift build -c release --package-path Tests/ReliabilitySuite $(SWIFT_BUILD_FLAGS)
	Tests/ReliabilitySuite/.build/release/ReliabilitySuite \
	  --binary "$(CURDIR)/.build/release/syncups" $(RELIABILITY_FLAGS)

# Every benchmark in one table. Benchmarks/ is a package of its own; it builds its own release
# syncups next to the benchmarks, which run that one.
benchmark:
	swift build -c release --package-path Benchmarks $(SWIFT_BUILD_FLAGS)
	Benchmarks/.build/release/BenchmarkReport

# Rewrites the man page and completion scripts from the command table.
generate:
	SYNCUPS_UPDATE_GENERATED=1 swift test --filter GeneratedFilesTests
