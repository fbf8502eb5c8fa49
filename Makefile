# rql: `make run` sets up and starts rql on the Reminders sample; `make test`
# sets up and runs every test; `make bench` compares rql with the sqlite3 shell.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

PREFIX ?= /usr/local
ARGS ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# libsqlite3-dev and libedit-dev to build; sqlite3 (the shell) for the tests that
# compare output with it; tmux for the terminal tests; time for peak memory.
SYSTEM_PACKAGES := libsqlite3-dev libedit-dev sqlite3 tmux time
# chromium renders exported HTML in the tests (headless, a screenshot).
TEST_PACKAGES := chromium

.PHONY: setup test-setup install-packages build run test bench install clean

setup:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(SYSTEM_PACKAGES)"

test-setup: setup
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(TEST_PACKAGES)"

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

build: setup
	@swift build -c release --product rql >&2

run: build
	@.build/release/rql $(ARGS)

test: test-setup
	swift test
	Tests/cli/run.sh .build/debug/rql
	Tests/repl/run.sh .build/debug/rql
	.build/debug/rql check Samples/notebooks/*.rql
	Tests/export/run.sh .build/debug/rql

bench: build
	@swift build -c release --product rql-compile-bench >&2
	Benchmarks/run.sh .build/release/rql

install: build
	install -d $(PREFIX)/bin
	install .build/release/rql $(PREFIX)/bin/rql

clean:
	rm -rf .build
