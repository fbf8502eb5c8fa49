#!/usr/bin/env bash
# Prints how many coverage counters a libFuzzer executable loads: a few dozen
# means its libraries were built without coverage, and fuzzing would be blind.
# Usage: Fuzz/counters.sh PATH/TO/fuzz-TARGET
set -u
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
counters=$(ASAN_OPTIONS=detect_leaks=0 "${1:?usage: Fuzz/counters.sh PATH/TO/fuzz-TARGET}" -runs=0 "$empty" 2>&1 \
  | sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' | head -n 1)
echo "${counters:-0}"
