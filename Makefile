# Build, install and package syncups. `make install PREFIX=~/.local` installs for one user;
# `make dist` and `make deb` make the release file and the Debian package in dist/.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT_BUILD_FLAGS ?=
RELIABILITY_FLAGS ?=

# What ships: a release binary with the Swift runtime linked in, so that it needs only the C
# library's own libraries and runs where no toolchain is installed. SwiftPM already drops
# unused sections (--gc-sections). It is built in a folder of its own because linking the
# runtime in recompiles everything, which would otherwise undo `swift build -c release` in
# .build each time. The build keeps its symbols (for checks that read them); the staged copy,
# which is what installs and ships, is stripped: half the size.
SCRATCH = .build-dist
BINARY = $(SCRATCH)/release/syncups
# The version the binary prints (`syncups 0.4.0`), read once it is built.
VERSION = $(shell $(BINARY) --version | cut -d' ' -f2)
RELEASE = syncups-$(VERSION)-linux-$(shell uname -m)
# The release folder, laid out as its install.sh expects; packed by `dist`, installed by
# `install`, repacked by `deb`.
STAGE = $(SCRATCH)/$(RELEASE)

.PHONY: build stage dist deb install uninstall test generate reliability benchmark interop

# Only the shipped executable and what it needs: not the test targets' helpers.
build:
	swift build -c release --product syncups --static-swift-stdlib --scratch-path $(SCRATCH) \
	  $(SWIFT_BUILD_FLAGS)

stage: build
	rm -rf $(SCRATCH)/syncups-*-linux-*/
	mkdir -p $(STAGE)/bin $(STAGE)/man $(STAGE)/completions $(STAGE)/doc
	strip --strip-all -o $(STAGE)/bin/syncups $(BINARY)
	cp man/syncups.1 $(STAGE)/man/
	cp completions/syncups.bash completions/_syncups completions/syncups.fish $(STAGE)/completions/
	cp packaging/install.sh README.md LICENSE CHANGELOG.md $(STAGE)/
	cp doc/*.md doc/*.png $(STAGE)/doc/

# dist/syncups-VERSION-linux-ARCH.tar.gz: one folder holding the binary, the man page, the
# completions, README and the guides it links to, CHANGELOG, LICENSE and install.sh.
dist: stage
	mkdir -p dist
	tar -C $(SCRATCH) --owner=0 --group=0 --numeric-owner --mode=go-w --sort=name \
	  -czf dist/$(RELEASE).tar.gz $(RELEASE)
	@echo dist/$(RELEASE).tar.gz

# dist/syncups_VERSION_ARCH.deb (needs dpkg-dev).
deb: stage
	packaging/deb.sh $(STAGE) dist

install: stage
	DESTDIR="$(DESTDIR)" $(STAGE)/install.sh --prefix "$(PREFIX)"

uninstall:
	DESTDIR="$(DESTDIR)" packaging/install.sh --uninstall --prefix "$(PREFIX)"

test:
	swift test

# The reliability suite, a package of its own (Tests/ReliabilitySuite), run against the shipped
# binary, with the releases an older teammate runs in its sync cases built from this
# repository's history (Tests/Interop/build-release; a second build is quick); e.g.
# `make reliability RELIABILITY_FLAGS="--seed 7 --filter lock"`.
OLDER_RELEASES ?= 0.3.0 0.2.0
reliability: build
	swift build -c release --package-path Tests/ReliabilitySuite $(SWIFT_BUILD_FLAGS)
	Tests/ReliabilitySuite/.build/release/ReliabilitySuite \
	  --binary "$(CURDIR)/$(BINARY)" \
	  $(foreach version,$(OLDER_RELEASES),--older $(version)=$$(Tests/Interop/build-release $(version))) \
	  $(RELIABILITY_FLAGS)

# The previous release (packaging/releases) and the one before, built from their commits in
# .build-interop/, and this build sharing a team's data file through real git, each direction
# (Tests/Interop/run).
interop:
	Tests/Interop/run

# Every benchmark in one table. Benchmarks/ is a package of its own; it builds its own release
# syncups, linked to the toolchain's runtime, next to the benchmarks, which run that one and
# compare its start-up with the shipped binary's.
benchmark: stage
	swift build -c release --package-path Benchmarks $(SWIFT_BUILD_FLAGS)
	SYNCUPS_SHIPPED_BINARY="$(CURDIR)/$(STAGE)/bin/syncups" Benchmarks/.build/release/BenchmarkReport

# Rewrites the man page and completion scripts from the command table.
generate:
	SYNCUPS_UPDATE_GENERATED=1 swift test --filter GeneratedFilesTests
