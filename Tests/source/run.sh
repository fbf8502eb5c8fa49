#!/usr/bin/env bash
# Rules the sources keep, checked by text: what input can reach must not
# trap (`try!`, `fatalError`), and names and text are quoted by rql's own
# functions. GRDB's `quotedDatabaseIdentifier` leaves a quote inside a name
# undoubled; `replacingOccurrences` and Character loops pass over a quote
# followed by a combining mark (SQLText.identifier, SQLText.stringLiteral and
# String.replacingASCII work on bytes).
set -u
cd "$(dirname "$0")/../.."
passed=0
failed=0

rule() {
  local name=$1 pattern=$2 found
  found=$(grep -rnE --include='*.swift' -- "$pattern" Sources | grep -vE '^[^:]+:[0-9]+:\s*//')
  if [ -n "$found" ]; then
    failed=$((failed + 1))
    echo "FAIL: $name"
    echo "$found" | head -5
  else
    passed=$((passed + 1))
  fi
}

rule "no try! in the sources" 'try!'
rule "no fatalError in the sources" 'fatalError\('
rule "names are quoted by SQLText.identifier, not GRDB's quotedDatabaseIdentifier" '\.quotedDatabaseIdentifier'
rule "quotes, | and < are replaced by bytes, not replacingOccurrences" \
  'replacingOccurrences\(of: "(\\"|'"'"'|\||<|>|&|`)"'

echo "source: $passed passed, $failed failed"
[ "$failed" = 0 ]
