# rql: `make run` sets up and starts rql on the Reminders sample; `make test`
# sets up and runs every test; `make bench` compares rql with the sqlite3 shell;
# `make fuzz` runs each fuzz target for FUZZ_SECONDS (default 60).

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

PREFIX ?= /usr/local
ARGS ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# libsqlite3-dev and libedit-dev to build; less, the pager rql uses unless
# PAGER names another; sqlite3 (the shell) for the tests that compare output
# with it; tmux for the terminal tests; time for peak memory; graphviz (dot)
# for .erd --svg.
SYSTEM_PACKAGES := libsqlite3-dev libedit-dev less sqlite3 tmux time graphviz
# chromium renders exported HTML in the tests (headless, a screenshot);
# chromium-driver and Python's selenium drive rql serve's page in a real browser.
TEST_PACKAGES := chromium chromium-driver python3 python3-pip
# strace times Enter to prompt in the benchmark.
BENCH_PACKAGES := strace

.PHONY: setup test-setup install-packages build build-tests run test goldens install-files bench startup-order fuzz fuzz-build fuzz-smoke install uninstall clean

setup:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(SYSTEM_PACKAGES)"

test-setup: setup
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(TEST_PACKAGES)"
	@python3 -c 'import selenium' 2>/dev/null || python3 -m pip install -q selenium >&2 \
	  || python3 -m pip install -q --break-system-packages selenium >&2

install-packages:
	@missing=""; \
	for package in $(PACKAGES); do \
	  dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing" >&2; \
	  $(SUDO) apt-get update -q >&2 && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing >&2; \
	fi

# The release binary links the Swift runtime and Foundation statically and is
# not position-independent: no dynamic symbol lookup across a dozen Swift
# libraries and no relocation of tens of thousands of pointers at each
# start, which together take start-up from about 13.6 to 8.6 ms of CPU here.
# (The price: the executable itself loads at a fixed address, not a random one.)
# The C libraries are linked in too, from their archives: SQLite, libedit
# and what libedit needs (the terminal database, libbsd, libmd), and the C++
# library the Swift runtime needs. The linker finds each archive first, in a
# folder that holds only links to them (the folder comes before the system's
# on the command line; libedit is named without pkg-config, whose -L would
# come first): loading six shared libraries and binding their 3,200 symbols
# was a fifth of the instructions and page faults of start-up.
# Without the local rpath, the loader does not look for every library in
# rql's own folder first. Swift code is compiled a section per function, and
# the functions rql runs as it starts are placed together
# (Scripts/startup-order.txt, which `make startup-order` writes): starting
# touched 60 fewer pages and 4 MiB less of the binary. (-function-sections
# goes to the compiler through -Xfrontend: given to SwiftPM's swift-driver
# as it is, the next incremental build stopped on it as an unknown flag.)
STATIC_LIBS := .build/static-libs
STATIC_ARCHIVES := stdc++ sqlite3 edit tinfo bsd md
RELEASE_BUILD := swift build -c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -no-pie \
	--disable-local-rpath -Xlinker -L$(STATIC_LIBS) -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd \
	-Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker --section-ordering-file=$(CURDIR)/Scripts/startup-order.txt
# SwiftPM compiles differently when it runs at a terminal, and a changed
# compiler command rebuilds everything: `make run` in a terminal, then
# `make install` from a script, took 4-7 minutes for nothing. Every swift
# command runs with no terminal on its input or output, so the commands are
# the same wherever make runs; builds write to standard error, which is
# where `make run` keeps them apart from rql's output.
THROUGH_PIPE := </dev/null 2>&1 | cat; exit $${PIPESTATUS[0]}
BUILD_THROUGH_PIPE := </dev/null 2>&1 | cat >&2; exit $${PIPESTATUS[0]}

build: setup $(STATIC_LIBS)/made $(STATIC_LIBS)/libcurl.a
	@$(RELEASE_BUILD) --product rql $(BUILD_THROUGH_PIPE)

# A missing archive leaves that library shared, as a plain build links it.
$(STATIC_LIBS)/made:
	@mkdir -p $(STATIC_LIBS)
	@for name in $(STATIC_ARCHIVES); do \
	  archive=$$(clang -print-file-name=lib$$name.a); [ ! -f "$$archive" ] || ln -sf "$$archive" $(STATIC_LIBS)/; \
	done
	@touch $@

# libcurl, loaded only if a URL is ever fetched (Scripts/curl-on-demand.c
# says why): Foundation's networking, which rql serve's HTTP library links,
# would otherwise load it and 30 more libraries at every start.
$(STATIC_LIBS)/libcurl.a: Scripts/curl-on-demand.c
	@mkdir -p $(STATIC_LIBS)
	@clang -c -O2 -o $(STATIC_LIBS)/curl-on-demand.o Scripts/curl-on-demand.c
	@rm -f $@ && ar rcs $@ $(STATIC_LIBS)/curl-on-demand.o

run: build
	@.build/release/rql $(ARGS)

test: test-setup
	@$(MAKE) --no-print-directory build-tests
	swift test --skip-build $(THROUGH_PIPE)
	Tests/source/run.sh
	Tests/build/run.sh
	Tests/cli/run.sh .build/debug/rql
	Tests/repl/run.sh .build/debug/rql
	.build/debug/rql check Samples/notebooks/*.rql
	Tests/export/run.sh .build/debug/rql
	Tests/serve/run.sh .build/debug/rql
	@$(MAKE) --no-print-directory fuzz-smoke

build-tests: setup
	swift build --build-tests $(THROUGH_PIPE)

# Rewrites Tests/GoldenSQL/*.golden from the compiler as it is: the SQL each
# DSL query compiles to. A change in them is a change in the SQL rql writes.
goldens: build-tests
	RQL_UPDATE_GOLDENS=1 swift test --skip-build --filter GoldenSQLTests $(THROUGH_PIPE)

bench: build
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(BENCH_PACKAGES)"
	@$(RELEASE_BUILD) --product rql-compile-bench $(BUILD_THROUGH_PIPE)
	Benchmarks/run.sh .build/release/rql

# Writes Scripts/startup-order.txt from the release build as it is, with
# valgrind (callgrind), and links rql again in that order (SwiftPM does not
# see the file change).
startup-order: build
	@$(MAKE) --no-print-directory install-packages PACKAGES=valgrind
	Scripts/startup-order.sh .build/release/rql > Scripts/startup-order.txt
	@rm -f .build/release/rql
	@$(MAKE) --no-print-directory build

# Fuzzing: libFuzzer executables with the address sanitizer, in a build
# folder of their own. Inputs that grow the coverage go to .build-fuzz/corpus
# (not committed); a crash input goes to Fuzz/TARGET/crashes/.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := DSLCompiler DSLDifferential CommandReader Notebook Renderer Import Dump Chart Inspectors Serve
# --sanitize fuzzer makes SwiftPM leave the targets' entry points to libFuzzer;
# the -sanitize= after it names both sanitizers, because the Swift driver keeps
# only the last -sanitize= it is given (with SwiftPM's one --sanitize per
# sanitizer, in no fixed order, builds came out with coverage or with ASan).
FUZZ_BUILD := RQL_FUZZ=1 swift build -c release --scratch-path .build-fuzz --sanitize fuzzer \
	-Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address -Xswiftc -parse-as-library
export ASAN_OPTIONS := detect_leaks=0
# libFuzzer, not the Swift runtime, reports a crash and keeps its input.
export SWIFT_BACKTRACE := enable=no

# A fuzz executable with a few dozen coverage counters would fuzz blind: its
# libraries were built without coverage. The build stops on one.
FUZZ_MIN_COUNTERS := 10000

fuzz-build: setup
	@for target in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product fuzz-$$target </dev/null 2>&1 | cat >&2; \
	  [ "$${PIPESTATUS[0]}" = 0 ] || exit 1; done
	@for target in $(FUZZ_TARGETS); do \
	  counters=$$(Fuzz/counters.sh .build-fuzz/release/fuzz-$$target); \
	  if [ "$$counters" -lt $(FUZZ_MIN_COUNTERS) ]; then \
	    echo "fuzz-$$target loads $$counters coverage counters: its libraries were built without coverage" >&2; exit 1; \
	  fi; \
	done

fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
	  echo "fuzzing $$target for $(FUZZ_SECONDS)s" >&2; \
	  mkdir -p .build-fuzz/corpus/$$target Fuzz/$$target/crashes; \
	  .build-fuzz/release/fuzz-$$target -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 \
	    -artifact_prefix=Fuzz/$$target/crashes/ .build-fuzz/corpus/$$target Fuzz/$$target/corpus || exit 1; \
	done

# make test runs each fuzz target a fixed number of times from its seeds,
# with a fixed seed, so the run is short and the same each time; what it
# finds goes to a scratch folder, a crash to Fuzz/TARGET/crashes/.
# The differential tester runs eight queries on a database an input, each
# several times: fewer inputs make as many pairs as swift test's slice. The
# dump round trip makes, dumps and reads two databases an input; the
# inspector check makes one and runs SQLite's aggregates on every column;
# the serve check may run cells and grade exercises.
FUZZ_SMOKE_RUNS ?= 3000
FUZZ_SMOKE_RUNS_DIFFERENTIAL ?= 250
FUZZ_SMOKE_RUNS_DUMP ?= 400
FUZZ_SMOKE_RUNS_SERVE ?= 400
fuzz-smoke: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
	  scratch=$$(mktemp -d); \
	  mkdir -p Fuzz/$$target/crashes; \
	  runs=$(FUZZ_SMOKE_RUNS); [ $$target = DSLDifferential ] && runs=$(FUZZ_SMOKE_RUNS_DIFFERENTIAL); \
	  [ $$target = Dump ] && runs=$(FUZZ_SMOKE_RUNS_DUMP); \
	  [ $$target = Inspectors ] && runs=$(FUZZ_SMOKE_RUNS_DUMP); \
	  [ $$target = Serve ] && runs=$(FUZZ_SMOKE_RUNS_SERVE); \
	  if .build-fuzz/release/fuzz-$$target -runs=$$runs -seed=1 -timeout=10 \
	      -artifact_prefix=Fuzz/$$target/crashes/ $$scratch Fuzz/$$target/corpus >$$scratch.log 2>&1; then \
	    echo "fuzz $$target: $$runs runs, no crash"; rm -rf $$scratch $$scratch.log; \
	  else \
	    cat $$scratch.log >&2; rm -rf $$scratch $$scratch.log; exit 1; \
	  fi; \
	done

# The binary, shell completions where bash, zsh and fish look for them, and
# the manual page, all under $(PREFIX). The binary is installed without its
# symbol table and debug information (strip, from binutils, which the Swift
# toolchain needs too): 64 MB instead of 99.
install: build
	@$(MAKE) --no-print-directory install-files

# What install writes, from BINARY (the release build unless given).
BINARY ?= .build/release/rql
install-files:
	install -d $(PREFIX)/bin $(PREFIX)/share/bash-completion/completions $(PREFIX)/share/zsh/site-functions \
	  $(PREFIX)/share/fish/vendor_completions.d $(PREFIX)/share/man/man1
	install -s $(BINARY) $(PREFIX)/bin/rql
	$(BINARY) --generate-completion-script bash > $(PREFIX)/share/bash-completion/completions/rql
	$(BINARY) --generate-completion-script zsh > $(PREFIX)/share/zsh/site-functions/_rql
	$(BINARY) --generate-completion-script fish > $(PREFIX)/share/fish/vendor_completions.d/rql.fish
	Scripts/man-page.sh $(BINARY) > $(PREFIX)/share/man/man1/rql.1

uninstall:
	rm -f $(PREFIX)/bin/rql $(PREFIX)/share/bash-completion/completions/rql $(PREFIX)/share/zsh/site-functions/_rql \
	  $(PREFIX)/share/fish/vendor_completions.d/rql.fish $(PREFIX)/share/man/man1/rql.1

clean:
	rm -rf .build
