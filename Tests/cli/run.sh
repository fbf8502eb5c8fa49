#!/usr/bin/env bash
# Command-line behaviour of the rql binary: exit statuses, -c, stdin scripts,
# samples, usage errors. Usage: Tests/cli/run.sh PATH/TO/rql
set -u
rql=$(realpath "${1:?usage: Tests/cli/run.sh PATH/TO/rql}")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# A home of its own, so no ~/.rqlrc or history of the machine's user applies.
export HOME="$scratch/home"
unset XDG_STATE_HOME
mkdir -p "$HOME"
passed=0
failed=0

# check NAME EXPECTED_STATUS EXPECTED_STDOUT COMMAND...
check() {
  local name=$1 status=$2 expected=$3
  shift 3
  local actual code
  actual=$("$@" 2>"$scratch/stderr" </dev/null)
  code=$?
  if [ "$code" = "$status" ] && [ "$actual" = "$expected" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    echo "  status $code (expected $status)"
    echo "  stdout: $actual"
    echo "  expected: $expected"
    echo "  stderr: $(cat "$scratch/stderr")"
  fi
}

# check_stderr NAME EXPECTED_STDERR_SUBSTRING
check_stderr() {
  if grep -qF -- "$2" "$scratch/stderr"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $1: stderr lacks '$2'"
    echo "  stderr: $(cat "$scratch/stderr")"
  fi
}

check "-c runs a statement without ;" 0 "11" "$rql" -c 'select count(*) from reminders'
check "-c commands run in order in one session" 0 $'a,b\n1,2' "$rql" -c '.mode csv' -c '.headers on' -c 'select 1 as a, 2 as b'
check "-c stops at the first failure" 1 "1" "$rql" -c 'select 1' -c 'select nope' -c 'select 2'
check_stderr "-c failure message" "error: no such column: nope"
check "--sample opens another sample" 0 "12" "$rql" --sample employees -c 'select count(*) from employees'
check "--mode sets the mode" 0 $'[{"n":1}]' "$rql" --mode json -c 'select 1 as n'
check "stdin script" 0 $'11\n3' bash -c "printf 'SELECT count(*) FROM reminders;\nSELECT count(*)\n  FROM remindersLists;\n' | '$rql'"
check "stdin script goes on after a failure and exits 1" 1 $'1\n2' bash -c "printf 'SELECT 1;\nSELECT nope;\nSELECT 2;\n' | '$rql'"
check_stderr "stdin errors name the line" "stdin:2: error: no such column: nope"
check "stdin .bail on stops" 1 "1" bash -c "printf '.bail on\nSELECT 1;\nSELECT nope;\nSELECT 2;\n' | '$rql'"
check "end of input completes a statement" 0 "7" bash -c "printf 'SELECT 7' | '$rql'"
check "samples list" 0 "$(printf '%s\n' 'reminders    the Reminders app: lists, reminders, tags, FTS5 search, triggers' 'employees    employees and their managers: self-joins and recursive CTEs' 'attachments  single-table inheritance and a reused column group')" "$rql" samples list
check "samples write" 0 "" "$rql" samples write reminders "$scratch/reminders.sqlite"
check "the written sample opens in sqlite3" 0 "11" sqlite3 "$scratch/reminders.sqlite" 'select count(*) from reminders'
check "samples write refuses to overwrite" 2 "" "$rql" samples write reminders "$scratch/reminders.sqlite"
check_stderr "overwrite message" "already exists; rql does not overwrite it"
check "a database file" 0 "3" "$rql" "$scratch/reminders.sqlite" -c 'select count(*) from remindersLists'
check "--readonly refuses writes" 1 "" "$rql" --readonly "$scratch/reminders.sqlite" -c 'delete from tags'
check_stderr "readonly message" "attempt to write a readonly database"
check "--readonly missing file" 2 "" "$rql" --readonly "$scratch/missing.sqlite" -c 'select 1'
check_stderr "missing file message" "cannot open $scratch/missing.sqlite: no such file"
printf 'not a database at all' > "$scratch/text.txt"
check "a non-database file" 2 "" "$rql" "$scratch/text.txt" -c 'select 1'
check_stderr "non-database message" "file is not a database"
check "unknown mode is a usage error" 2 "" "$rql" --mode fancy -c 'select 1'
check_stderr "unknown mode message" "unknown mode 'fancy'"
check "unknown sample is a usage error" 2 "" "$rql" --sample nope
check "DB and --sample together" 2 "" "$rql" "$scratch/reminders.sqlite" --sample employees
check "--help exits 0" 0 "$("$rql" --help 2>/dev/null)" "$rql" --help
check "no writes reach the disk for a sample" 0 "" bash -c "cd '$scratch' && '$rql' -c 'create table t(x)' && ls -A | grep -v -e reminders.sqlite -e text.txt -e stderr -e home || true"
check "output to a pipe is never cut" 0 "500" bash -c "'$rql' -c 'with recursive c(x) as (select 1 union all select x+1 from c limit 500) select x from c' | wc -l | tr -d ' '"

# The DSL from the command line.
check "a DSL query in -c" 0 "2" "$rql" -c "reminders | where isFlagged | count"
check "rql compile prints the SQL" 0 'SELECT count(*) AS "count" FROM "reminders" WHERE "reminders"."isFlagged";' \
  "$rql" compile "reminders | where isFlagged | count"
check "rql compile of a wrong query exits 1" 1 "" "$rql" compile "reminders | where titel"
check_stderr "rql compile points at the name" "help: did you mean \`title\`?"
check "rql compile takes a database" 0 'SELECT count(*) AS "count" FROM "t";' bash -c "'$rql' '$scratch/dsl.sqlite' -c 'create table t(x)' && '$rql' compile 't | count' --db '$scratch/dsl.sqlite'"
check "rql compile --help" 0 "$("$rql" compile --help 2>/dev/null)" "$rql" compile --help
check "a script continues a query on lines starting with |" 0 "3" \
  bash -c "printf 'reminders\n  | where priority == high\n  | where not isCompleted\n  | count\n' | '$rql'"
check "a line ending with | continues in -c" 0 "11" "$rql" -c "$(printf 'reminders |\ncount')"
check "a DSL error in a script names its line" 1 "" bash -c "printf 'select 1 where 0;\nreminders | where nope\n' | '$rql'"
check_stderr "the DSL error has its line" "stdin:2: error: unknown name \`nope\`"
check "definitions print nothing" 0 "1" "$rql" -c "def reminders.late = isPastDue" -c "reminders | where late | count"

printf '.mode csv\n.headers on\n' > "$HOME/.rqlrc"
check "~/.rqlrc runs first" 0 $'n\n1' "$rql" -c 'select 1 as n'
check "--no-init skips ~/.rqlrc" 0 "1" "$rql" --no-init -c 'select 1 as n'
rm "$HOME/.rqlrc"
printf 'SELECT nope;\n.mode json\n' > "$scratch/init.rql"
check "--init FILE runs; its failures are reported and do not stop rql" 0 '[{"n":1}]' "$rql" --init "$scratch/init.rql" -c 'select 1 as n'
check_stderr "a start-up file error names the file and line" "$scratch/init.rql:1: error: no such column: nope"
check "--init of a missing file exits 2" 2 "" "$rql" --init "$scratch/none.rql" -c 'select 1'
check_stderr "the missing start-up file is named" "rql: cannot read the start-up file $scratch/none.rql"
check "--init and --no-init together exit 2" 2 "" "$rql" --init "$scratch/init.rql" --no-init -c 'select 1'
check_stderr "the conflict is explained" "give either --init FILE or --no-init, not both"
check ".tour says what to try" 0 "$(printf '%s\n' 'A first walk through rql on the Reminders sample (.sample reminders opens a fresh copy).')" \
  bash -c "'$rql' -c .tour | head -1"

echo "cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
