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
cat > "$scratch/lexer-error.rql" <<'SCRIPT'
reminders | where title == :t | count
INSERT INTO tags (title) VALUES ('errand');
.mode csv
SELECT count(*) FROM tags WHERE title = 'errand';
SCRIPT
check "a DSL line the lexer cannot read ends there; the lines after it run" 1 "1" bash -c "'$rql' < '$scratch/lexer-error.rql'"
check_stderr "the lexer error names its line" "stdin:1: error: unexpected character \`:\`"
check ".bail on stops at the line the lexer cannot read" 1 "" bash -c "(echo '.bail on'; cat '$scratch/lexer-error.rql') | '$rql'"
check_stderr "the stopping error names its line" "stdin:2: error: unexpected character \`:\`"
printf 'def reminders.listTitle = remindersList.title\n' > "$HOME/.rqlrc"
check "a helper in ~/.rqlrc that follows a relationship" 0 "Family" \
  "$rql" -c "reminders | where listTitle == 'Family' | select listTitle | distinct"
rm "$HOME/.rqlrc"

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
check ".tour starts the step-by-step tour" 0 "tour.rql, step by step: 15 steps on a fresh copy of the reminders sample." \
  bash -c "'$rql' -c .tour | head -1"

# Notebooks: run, check, update and their exit statuses.
notebook="$scratch/nb.rql"
printf -- '-- @mode list\n-- Count the tags.\nSELECT count(*) FROM tags;\n' > "$notebook"
check "check: a command never recorded is drift (1)" 1 "$(printf -- '--- %s\t(recorded)\n+++ %s\t(fresh)\n%s:3: never recorded\n@@ -3,1 +3,2 @@\n SELECT count(*) FROM tags;\n+--> 7' "$notebook" "$notebook" "$notebook")" "$rql" check "$notebook"
check_stderr "check: the summary line" "$notebook: 1 cell, 1 drifted, 0 errors"
check "update records the outputs" 0 "$notebook: updated 1 cell" "$rql" update "$notebook"
check "the recorded notebook" 0 "$(printf -- '-- @mode list\n-- Count the tags.\nSELECT count(*) FROM tags;\n--> 7')" cat "$notebook"
check "check passes on a recorded notebook (0)" 0 "" "$rql" check "$notebook"
check_stderr "check: the clean summary" "$notebook: 1 cell, 0 drifted, 0 errors"
check "update leaves an up-to-date notebook alone" 0 "$notebook: up to date" "$rql" update "$notebook"
check "run prints each command and its output" 0 "$(printf 'rql reminders> SELECT count(*) FROM tags;\n7')" "$rql" run "$notebook"
printf 'SELECT count(*) FROM tags;\n--> 8\nSELECT 2;\n' > "$scratch/drift.rql"
drift=$(cat <<EOF
--- $scratch/drift.rql\t(recorded)
+++ $scratch/drift.rql\t(fresh)
$scratch/drift.rql:1: output drifted
@@ -1,2 +1,6 @@
 SELECT count(*) FROM tags;
---> 8
+--> ┌──────────┐
+--> │ count(*) │
+--> ├──────────┤
+--> │        7 │
+--> └──────────┘
$scratch/drift.rql:3: never recorded
@@ -3,1 +7,6 @@
 SELECT 2;
+--> ┌───┐
+--> │ 2 │
+--> ├───┤
+--> │ 2 │
+--> └───┘
EOF
)
check "check shows the drift with FILE:LINE" 1 "$(printf '%b' "$drift")" "$rql" check "$scratch/drift.rql"
printf -- '-- @mode list\nSELECT nope;\n' > "$scratch/failing.rql"
check "update records an unexpected error and exits 1" 1 "$scratch/failing.rql: updated 1 cell" "$rql" update "$scratch/failing.rql"
check_stderr "the unexpected error is named with FILE:LINE" "$scratch/failing.rql:2: unexpected error"
printf -- '-- @mode list\n-- @expect error\nSELECT 1;\n--> 1\n' > "$scratch/expecting.rql"
check "a cell that should fail and does not exits 1" 1 "" "$rql" check "$scratch/expecting.rql"
check_stderr "expected an error, with FILE:LINE" "$scratch/expecting.rql:3: expected an error"
printf 'SELECT 1;\r\n' > "$scratch/crlf.rql"
check "a notebook that does not parse exits 2" 2 "" "$rql" check "$scratch/crlf.rql"
check_stderr "the parse error names the line" "$scratch/crlf.rql:1: error: the notebook has CRLF (Windows) line endings; rql notebooks use LF"
check "a missing notebook exits 2" 2 "" "$rql" check "$scratch/none.rql"
check_stderr "the missing notebook is named" "$scratch/none.rql: error: cannot open the notebook: no such file"
printf -- "-- @mode list\nATTACH '%s/x.db' AS x;\n" "$scratch" > "$scratch/attach.rql"
check "notebooks run in safe mode" 1 "$scratch/attach.rql: updated 1 cell" "$rql" update "$scratch/attach.rql"
check "the refusal is recorded" 0 "--> error: refused by safe mode: ATTACH would reach a file outside the private database" sed -n 3p "$scratch/attach.rql"
check "--unsafe lets ATTACH run" 0 "$scratch/attach.rql: updated 1 cell" "$rql" update --unsafe "$scratch/attach.rql"
check "run --step waits for Enter and q quits (1: unrecorded)" 1 "$(printf 'rql reminders> SELECT count(*) FROM tags;\n[Enter runs it, q quits] 7\n\n  Count the tags.\nrql reminders> SELECT count(*) FROM tags;\n[Enter runs it, q quits] ')" \
  bash -c "printf -- '-- @mode list\nSELECT count(*) FROM tags;\n-- Count the tags.\nSELECT count(*) FROM tags;\n' > '$scratch/step.rql'; printf '\nq\n' | '$rql' run --step '$scratch/step.rql'"

# Export: from the recorded outputs, or (--execute) from a fresh run.
printf -- '-- # Values\nSELECT NULL AS a, '"'"'NULL'"'"' AS b;\n--> stale\n' > "$scratch/values.rql"
check "export without --execute shows the recorded output" 0 "$(printf '# Values\n\n```sql\nSELECT NULL AS a, '"'"'NULL'"'"' AS b;\n```\n\n```text\nstale\n```')" \
  "$rql" export "$scratch/values.rql" --to md
check "export --execute shows fresh values, NULL apart from 'NULL'" 0 '<tr><td class="null">NULL</td><td>NULL</td></tr>' \
  bash -c "'$rql' export '$scratch/values.rql' --to html --execute | grep '^<tr><td'"
printf -- 'SELECT nope;\n' > "$scratch/broken.rql"
check "export --execute writes the page but exits 1 for an unexpected error" 1 "" \
  "$rql" export "$scratch/broken.rql" --to html --execute -o "$scratch/broken.html"
check_stderr "the unexpected error is named with its line" "$scratch/broken.rql:1: unexpected error"
if [ -s "$scratch/broken.html" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: export --execute wrote no page"; fi
check "--unsafe without --execute is a usage error" 2 "" "$rql" export "$scratch/values.rql" --to md --unsafe
check_stderr "the usage error says why" "--unsafe goes with --execute: without it nothing runs"

echo "cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
