#!/usr/bin/env bash
# The build is the same at a terminal and in a script: after make has built
# the tests without a terminal, building them again from a terminal (as
# `script` gives one) compiles nothing. SwiftPM changes its compiler
# commands at a terminal, which once made `make run` then `make install`
# rebuild everything.
set -u
cd "$(dirname "$0")/../.."
if ! command -v script >/dev/null; then
  echo "build: skipped, as script(1) is missing"
  exit 0
fi
output=$(script -qec "make --no-print-directory build-tests" /dev/null 2>&1)
status=$?
if [ "$status" != 0 ]; then
  echo "$output"
  echo "build: FAIL: make build-tests at a terminal ended with status $status"
  exit 1
fi
if grep -v "Compiling plugin" <<<"$output" | grep -q "Compiling"; then
  grep "Compiling" <<<"$output" | grep -v "Compiling plugin" | head -5
  echo "build: FAIL: a build at a terminal compiled again what a build without one had compiled"
  exit 1
fi
echo "build: a second build at a terminal compiles nothing"
