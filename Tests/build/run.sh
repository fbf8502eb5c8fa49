#!/usr/bin/env bash
# The build and the install. The build is the same at a terminal and in a
# script: after make has built the tests without a terminal, building them
# again from a terminal (as `script` gives one) compiles nothing (SwiftPM
# changes its compiler commands at a terminal, which once made `make run`
# then `make install` rebuild everything). `make install` writes the binary,
# the completions where bash, zsh and fish look and the manual page under
# PREFIX, and `make uninstall` removes them.
set -u
cd "$(dirname "$0")/../.."
passed=0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

if ! command -v script >/dev/null; then
  echo "build: the terminal build skipped, as script(1) is missing"
else
  output=$(script -qec "make --no-print-directory build-tests" /dev/null 2>&1)
  status=$?
  if [ "$status" != 0 ]; then
    echo "$output"
    fail "make build-tests at a terminal ended with status $status"
  elif grep -v "Compiling plugin" <<<"$output" | grep -q "Compiling"; then
    grep "Compiling" <<<"$output" | grep -v "Compiling plugin" | head -5
    fail "a build at a terminal compiled again what a build without one had compiled"
  else
    passed=$((passed + 1))
  fi
fi

prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
installed=(bin/rql share/bash-completion/completions/rql share/zsh/site-functions/_rql
  share/fish/vendor_completions.d/rql.fish share/man/man1/rql.1)
if make --no-print-directory install-files PREFIX="$prefix" BINARY=.build/debug/rql >/dev/null 2>&1; then
  for file in "${installed[@]}"; do
    if [ -s "$prefix/$file" ]; then passed=$((passed + 1)); else fail "make install writes $file"; fi
  done
  if bash -c "source '$prefix/share/bash-completion/completions/rql' && complete -p rql" | grep -q "rql$"; then
    passed=$((passed + 1))
  else
    fail "the installed bash completion registers rql"
  fi
  if grep -q '^\.TH RQL 1' "$prefix/share/man/man1/rql.1"; then passed=$((passed + 1)); else fail "the manual page has its title"; fi
  if ! readelf -S "$prefix/bin/rql" | grep -q '\.symtab' && "$prefix/bin/rql" -c 'select 41 + 1' | grep -qx 42; then
    passed=$((passed + 1))
  else
    fail "the installed binary is stripped and runs"
  fi
  make --no-print-directory uninstall PREFIX="$prefix" >/dev/null 2>&1
  left=$(cd "$prefix" && find . -type f | wc -l)
  if [ "$left" = 0 ]; then passed=$((passed + 1)); else fail "make uninstall removes every file ($left left)"; fi
else
  fail "make install-files PREFIX=$prefix"
fi

echo "build: $passed passed, $failed failed"
[ "$failed" = 0 ]
