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

# check_no_stderr NAME: the last command wrote nothing to stderr.
check_no_stderr() {
  if [ ! -s "$scratch/stderr" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $1: stderr is not empty"
    echo "  stderr: $(cat "$scratch/stderr")"
  fi
}

check "-c runs a statement without ;" 0 "11" "$rql" -c 'select count(*) from reminders'
check "-c deletes every row without asking" 0 "0" "$rql" -c 'DELETE FROM tags' -c 'tags | count'
check_no_stderr "-c asks nothing"
check "-c commands run in order in one session" 0 $'a,b\n1,2' "$rql" -c '.mode csv' -c '.headers on' -c 'select 1 as a, 2 as b'
check "-c stops at the first failure" 1 "1" "$rql" -c 'select 1' -c 'select nope' -c 'select 2'
check_stderr "-c failure message" "error: no such column: nope"
# A CSV, TSV, JSON or NDJSON file opened as a database: an in-memory one
# holding it as a table named after it, imported as .import does; the file is
# only read. A SQLite database is opened as one whatever its name.
data=$(mktemp -d)
printf 'name,city,age\nZoë,東京,31\nJosé,São Paulo,\n"Smith, Jr.",New York,45\n' > "$data/people.csv"
printf '{"city":"東京","pop":37.4}\n{"city":"São Paulo","pop":22.4}\n' > "$data/cities.ndjson"
printf 'a,b\n1,"x"y\n' > "$data/bad.csv"
before=$(md5sum "$data/people.csv")
check "a CSV opens as a table named after it, non-ASCII text kept" 0 $'Zoë|東京|31\nJosé|São Paulo|\nSmith, Jr.|New York|45' \
  "$rql" --no-init "$data/people.csv" -c 'SELECT * FROM people'
check "its columns' types are inferred" 0 'CREATE TABLE "people" ("name" TEXT, "city" TEXT, "age" INTEGER);' \
  "$rql" --no-init "$data/people.csv" -c '.schema people'
check "several files give several tables, then commands" 0 $'Zoë|37.4\nJosé|22.4' \
  "$rql" --no-init "$data/people.csv" "$data/cities.ndjson" 'SELECT p.name, c.pop FROM people p JOIN cities c USING (city)'
if [ "$(md5sum "$data/people.csv")" = "$before" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: the CSV is not written"; fi
check "a CSV that is not valid opens nothing" 2 "" "$rql" --no-init "$data/bad.csv" -c 'SELECT 1'
check_stderr "and says the import's error with line and column" "rql: $data/bad.csv:2:6: a quoted field goes on after its closing quote"
check "a missing CSV is not made a database" 2 "" "$rql" --no-init "$data/missing.csv" -c 'SELECT 1'
check_stderr "it says so" "rql: cannot read $data/missing.csv: no such file"
[ ! -e "$data/missing.csv" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: missing.csv was created"; }
check ".save keeps the imported database" 0 "saved main to $data/saved.db" "$rql" --no-init "$data/people.csv" -c ".save '$data/saved.db'"
cp "$data/saved.db" "$data/really-a-database.csv"
check "a SQLite database named .csv opens as a database" 0 "people" "$rql" --no-init "$data/really-a-database.csv" -c '.tables'
check ".open FILE.csv opens it as a table, and a bad one leaves the database open" 1 $'people\n3' \
  bash -c "printf '%s\n' \".open '$data/people.csv'\" .tables \".open '$data/bad.csv'\" 'SELECT count(*) FROM people;' | '$rql' --no-init"
check_stderr ".open of a bad CSV says why" "$data/bad.csv:2:6: error: a quoted field goes on after its closing quote"
rm -rf "$data"
# rql grade: an exercise of a notebook, answers right and wrong, a JUnit report.
exercises=$(mktemp -d)
cp "$(dirname "$0")/../fixtures/open-per-list.rql" "$exercises/lists.rql"
printf -- '-- @exercise open-per-list\nSELECT title, (SELECT count(*) FROM reminders WHERE remindersListID = remindersLists.id AND status = 0) FROM remindersLists;\n' > "$exercises/right.rql"
check "a right answer is right on every database tried" 0 "open-per-list: right on every database tried (20 variants)" \
  "$rql" grade "$exercises/lists.rql" --answers "$exercises/right.rql" --tries 20
check "a wrong answer exits 1 with its counterexample" 1 "a counterexample with 1 row in all" \
  bash -c "'$rql' grade '$exercises/lists.rql' --exercise open-per-list --junit '$exercises/report.xml' --answer 'SELECT l.title, count(*) FROM remindersLists l JOIN reminders r ON r.remindersListID = l.id WHERE r.status = 0 GROUP BY l.id' | tail -n 1; exit \${PIPESTATUS[0]}"
if grep -q '<testsuites name="rql grade" tests="1" failures="1"' "$exercises/report.xml" && grep -q '<testcase name="open-per-list"' "$exercises/report.xml"; then
  passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: grade --junit writes a testcase per exercise"; fi
check "grade needs an exercise and an answer" 2 "" "$rql" grade "$exercises/lists.rql" --answer 'SELECT 1'
check_stderr "it says what to give" "give --exercise NAME with --answer QUERY, or --answers FILE.rql"
check "grade of an exercise the notebook lacks" 2 "" "$rql" grade "$exercises/lists.rql" --exercise nope --answer 'SELECT 1'
check_stderr "it names the exercises there are" "the notebook has no exercise nope"
printf -- "-- @param list = 'Family'\n-- @exercise titles\nSELECT r.title FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID WHERE l.title = :list;\n" > "$exercises/param.rql"
check "grade takes -p for the notebook's parameters, as run does" 0 "titles: right on every database tried (5 variants)" \
  "$rql" grade "$exercises/param.rql" -p list=Business --tries 5 --exercise titles \
  --answer "SELECT title FROM reminders WHERE remindersListID IN (SELECT id FROM remindersLists WHERE title = 'Business')"
rm -rf "$exercises"
# rql serve: what it refuses before it listens (the server itself: RQLServeTests and Tests/serve).
check "serve takes a notebook or a folder" 2 "" "$rql" serve /nonexistent/x.rql
check_stderr "it says what it was given" "/nonexistent/x.rql is neither a .rql notebook nor a folder"
check "serve takes a sample or a database, not both" 2 "" "$rql" serve --sample reminders --db x.sqlite
check_stderr "it says so" "give either --sample or --db, not both"
check "serve of a database that cannot be read" 2 "" "$rql" serve --db /nonexistent.sqlite
check_stderr "it names the file" "--db /nonexistent.sqlite: no database file can be read there"
check "serve of an unknown sample" 2 "" "$rql" serve --sample nope
check_stderr "it lists the samples" "no sample named 'nope'"
check "serve --help explains" 0 "" bash -c "'$rql' serve --help | grep -q 'behind a random token'"
check ".edit in -c opens no editor" 1 "" env EDITOR=false "$rql" -c '.edit'
check_stderr ".edit outside the prompt says where it works" "error: .edit opens an editor at the interactive prompt; here there is none"
check "--sample opens another sample" 0 "12" "$rql" --sample employees -c 'select count(*) from employees'
check "--mode sets the mode" 0 $'[{"n":1}]' "$rql" --mode json -c 'select 1 as n'
check "list into a pipe keeps control characters, as sqlite3 does" 0 $'a\x1b[31mb' "$rql" -c "select 'a' || char(27) || '[31mb'"
check "html shows control characters as symbols, even into a pipe" 0 $'<table>\n<tr><td>a␛[31mb</td></tr>\n</table>' \
  "$rql" --mode html -c "select 'a' || char(27) || '[31mb'"
check "stdin script" 0 $'11\n3' bash -c "printf 'SELECT count(*) FROM reminders;\nSELECT count(*)\n  FROM remindersLists;\n' | '$rql'"
check "stdin script goes on after a failure and exits 1" 1 $'1\n2' bash -c "printf 'SELECT 1;\nSELECT nope;\nSELECT 2;\n' | '$rql'"
check_stderr "stdin errors name the line" "stdin:2: error: no such column: nope"
check "stdin .bail on stops" 1 "1" bash -c "printf '.bail on\nSELECT 1;\nSELECT nope;\nSELECT 2;\n' | '$rql'"
check "a NUL byte fails its statement; the script goes on" 1 $'1\n3' bash -c "printf 'select 1;\\nselect 2\\0;\\nselect 3;\\n' | '$rql'"
check_stderr "NUL message names the line" "stdin:2: error: the command holds a NUL byte; SQLite would read only the text before it"
check "a NUL byte with .bail on stops" 1 "1" bash -c "printf '.bail on\\nselect 1;\\nselect 2\\0;\\nselect 3;\\n' | '$rql'"
check "end of input completes a statement" 0 "7" bash -c "printf 'SELECT 7' | '$rql'"
check "samples list" 0 "$(printf '%s\n' 'reminders    the Reminders app: lists, reminders, tags, FTS5 search, triggers' 'employees    employees and their managers: self-joins and recursive CTEs' 'attachments  single-table inheritance and a reused column group')" "$rql" samples list
check "samples write" 0 "" "$rql" samples write reminders "$scratch/reminders.sqlite"
check "the written sample opens in sqlite3" 0 "11" sqlite3 "$scratch/reminders.sqlite" 'select count(*) from reminders'

# A script's bytes that are not UTF-8 (Latin-1 text in a dump) are stored
# as they are, as sqlite3 stores them: piped, and through .read.
check "a piped script keeps Latin-1 bytes in a literal" 0 "5AFC72696368" bash -c "printf \"select hex('Z\\xfcrich');\" | '$rql'"
mkdir "$scratch/bytes"
sqlite3 "$scratch/bytes/latin1.sqlite" "CREATE TABLE t (x TEXT); INSERT INTO t VALUES (CAST(x'5AFC72696368' AS TEXT)), (CAST(x'E9' AS TEXT) || 'x''y');"
sqlite3 "$scratch/bytes/latin1.sqlite" .dump > "$scratch/bytes/latin1.sql"
check "sqlite3's dump of Latin-1 text loads whole" 0 "5AFC72696368,E9782779" bash -c "'$rql' '$scratch/bytes/latin1-copy.sqlite' < '$scratch/bytes/latin1.sql' && sqlite3 '$scratch/bytes/latin1-copy.sqlite' 'SELECT group_concat(hex(x)) FROM t'"
printf ".read %s\n" "$scratch/bytes/latin1.sql" > "$scratch/bytes/read-latin1.sql"
check ".read keeps them too" 0 "5AFC72696368,E9782779" bash -c "'$rql' '$scratch/bytes/latin1-read.sqlite' < '$scratch/bytes/read-latin1.sql' && sqlite3 '$scratch/bytes/latin1-read.sqlite' 'SELECT group_concat(hex(x)) FROM t'"
check "samples write refuses to overwrite" 2 "" "$rql" samples write reminders "$scratch/reminders.sqlite"
check_stderr "overwrite message" "already exists; rql does not overwrite it"
check "a database file" 0 "3" "$rql" "$scratch/reminders.sqlite" -c 'select count(*) from remindersLists'
# Writes tried on a file: a preview and a sandbox leave it as it was, as
# sqlite3 reads it; .sandbox keep writes.
cp "$scratch/reminders.sqlite" "$scratch/tried.sqlite"
before=$(sqlite3 "$scratch/tried.sqlite" .dump | md5sum)
check ".preview names the cascades" 0 "$(printf '%s\n' 'would change:' \
  '  remindersLists        1 deleted       by the statement' \
  '  reminders             5 deleted       by ON DELETE CASCADE from remindersLists' \
  '  remindersTags         11 deleted      by ON DELETE CASCADE from reminders')" \
  bash -c "'$rql' '$scratch/tried.sqlite' -c \".preview DELETE FROM remindersLists WHERE title = 'Personal'\" | head -4"
check "a sandbox not kept" 0 "" "$rql" "$scratch/tried.sqlite" -c '.output /dev/null' -c '.sandbox on' \
  -c "DELETE FROM remindersLists WHERE title = 'Personal'" -c 'ALTER TABLE tags ADD COLUMN rank INTEGER'
check_stderr "says what it discarded" "sandbox off: discarded the changes of 2 commands"
check "the file is as it was, for sqlite3" 0 "$before" bash -c "sqlite3 '$scratch/tried.sqlite' .dump | md5sum"
check ".sandbox keep writes" 0 "8" bash -c "'$rql' '$scratch/tried.sqlite' -c '.sandbox on' -c \"DELETE FROM remindersLists WHERE title = 'Business'\" -c '.sandbox keep' >/dev/null && sqlite3 '$scratch/tried.sqlite' 'select count(*) from reminders'"
check "--readonly refuses writes" 1 "" "$rql" --readonly "$scratch/reminders.sqlite" -c 'delete from tags'
check_stderr "readonly message" "attempt to write a readonly database"
check "--readonly missing file" 2 "" "$rql" --readonly "$scratch/missing.sqlite" -c 'select 1'
check_stderr "missing file message" "cannot open $scratch/missing.sqlite: no such file"
printf 'not a database at all' > "$scratch/text.txt"
check "a non-database file" 2 "" "$rql" "$scratch/text.txt" -c 'select 1'
check_stderr "non-database message" "file is not a database"

# A database file another program holds locked: rql opens it at once, what
# does not read it runs, and what reads it waits as long as a .timeout given
# before says (the first wait included), then says the file is locked.
if command -v python3 >/dev/null; then
  mkdir "$scratch/lock"
  locked="$scratch/lock/locked.sqlite"
  sqlite3 "$locked" "CREATE TABLE t (x); INSERT INTO t VALUES (1);"
  mkfifo "$scratch/lock/holding"
  python3 -c 'import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(60)' "$locked" > "$scratch/lock/holding" &
  holder=$!
  read -r _ < "$scratch/lock/holding"
  check ".print runs on a locked file" 0 "open" "$rql" "$locked" -c '.print open'
  check "-cmd .timeout governs the first wait" 1 "" "$rql" -cmd '.timeout 200' "$locked" 'SELECT x FROM t'
  check_stderr "the read says the file is locked" "error: cannot open $locked: database is locked"
  check_stderr "it names the holder" "note: process $holder holds an exclusive lock on it (it is writing)"
  check_stderr "it says how long rql waited" "note: rql waited 200 ms for it (.timeout MS waits longer)"
  printf '.timeout 200\n' > "$HOME/.rqlrc"
  check "a script goes on past the locked file" 1 $'a\nb' bash -c "printf '.print a\nSELECT x FROM t;\n.print b\n' | '$rql' '$locked'"
  check_stderr "~/.rqlrc's .timeout governs the wait" "stdin:2: error: cannot open $locked: database is locked"
  rm "$HOME/.rqlrc"
  kill "$holder"
  wait "$holder" 2>/dev/null
  check "once the lock is gone, the file reads" 0 "1" "$rql" "$locked" -c 'SELECT x FROM t'
  rm -r "$scratch/lock"
else
  echo "skipped: a database another program holds locked, as python3 is absent"
fi
check "unknown mode is a usage error" 2 "" "$rql" --mode fancy -c 'select 1'
check_stderr "unknown mode message" "unknown mode 'fancy'"
# Each usage message, as the command line words it.
check "a database and --sample exclude each other" 2 "" "$rql" "$scratch/x.sqlite" --sample employees -c 'select 1'
check_stderr "it says to give one" "give either a DATABASE or --sample, not both"
check "--batch and --interactive exclude each other" 2 "" "$rql" --batch --interactive -c 'select 1'
check_stderr "it says to give one" "give either --batch or --interactive, not both"
check "--readonly needs a database file" 2 "" "$rql" --readonly -c 'select 1'
check_stderr "it says why" "--readonly applies to a DATABASE file; samples are private copies already"
check "an unknown sample is a usage error" 2 "" "$rql" --sample nosuch -c 'select 1'
check_stderr "it lists the samples" "no sample named 'nosuch'; samples: reminders employees attachments"
check "rql compile takes --db or --sample" 2 "" "$rql" compile --db "$scratch/x.sqlite" --sample employees 'employees | count'
check_stderr "it says to give one" "give either --db or --sample, not both"
check "rql compile refuses a dot-command" 2 "" "$rql" compile '.tables'
check_stderr "it says how to run one" "rql compile takes a DSL query, not a dot-command: rql -c '.tables'"
check "rql check needs a notebook" 2 "" "$rql" check
check_stderr "the argument parser says so" "Missing expected argument '<file> ...'"
check "unknown sample is a usage error" 2 "" "$rql" --sample nope
check "DB and --sample together" 2 "" "$rql" "$scratch/reminders.sqlite" --sample employees
check "--help exits 0" 0 "$("$rql" --help 2>/dev/null)" "$rql" --help
check "no writes reach the disk for a sample" 0 "" bash -c "cd '$scratch' && '$rql' -c 'create table t(x)' && ls -A | grep -v -e reminders.sqlite -e tried.sqlite -e text.txt -e stderr -e home -e bytes || true"
check "output to a pipe is never cut" 0 "500" bash -c "'$rql' -c 'with recursive c(x) as (select 1 union all select x+1 from c limit 500) select x from c' | wc -l | tr -d ' '"

# Output that does not arrive (a full disk: /dev/full) is an error and status 1;
# a reader that closes its pipe early is not.
check "-c output to a full disk exits 1" 1 "" bash -c "'$rql' -c 'select 1' > /dev/full"
check_stderr "the full disk is named" "error: cannot write standard output: No space left on device"
check "a result larger than the buffer to a full disk exits 1" 1 "" \
  bash -c "'$rql' -c 'with recursive c(x) as (select 1 union all select x+1 from c limit 100000) select x from c' > /dev/full"
check "a stdin script to a full disk exits 1" 1 "" bash -c "printf 'select 1;\nselect 2;\n' | '$rql' > /dev/full"
check_stderr "each lost output names its line" "stdin:2: error: cannot write standard output: No space left on device"
check ".output FILE on a full disk fails the command that writes" 1 "" "$rql" -c '.output /dev/full' -c 'select 1'
check_stderr ".output names the file" "error: cannot write /dev/full: No space left on device"
check "a closed pipe stays quiet (SIGPIPE ignored)" 0 "1" \
  bash -c "trap '' PIPE; '$rql' -c 'with recursive c(x) as (select 1 union all select x+1 from c limit 100000) select x from c' | head -1"
check_no_stderr "nothing is said about the closed pipe"
check "rql samples list to a full disk exits 1" 1 "" bash -c "'$rql' samples list > /dev/full"
check_stderr "the subcommand says so" "rql: cannot write standard output: No space left on device"
check "a usage error with standard error full still exits 2" 2 "" bash -c "'$rql' --mode fancy 2> /dev/full"

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
reminders | where title == #t | count
INSERT INTO tags (title) VALUES ('errand');
.mode csv
SELECT count(*) FROM tags WHERE title = 'errand';
SCRIPT
check "a DSL line the lexer cannot read ends there; the lines after it run" 1 "1" bash -c "'$rql' < '$scratch/lexer-error.rql'"
check_stderr "the lexer error names its line" "stdin:1: error: unexpected character \`#\`"
check ".bail on stops at the line the lexer cannot read" 1 "" bash -c "(echo '.bail on'; cat '$scratch/lexer-error.rql') | '$rql'"
check_stderr "the stopping error names its line" "stdin:2: error: unexpected character \`#\`"
printf 'def reminders.listTitle = remindersList.title\n' > "$HOME/.rqlrc"
check "a helper in ~/.rqlrc that follows a relationship" 0 "Family" \
  "$rql" -c "reminders | where listTitle == 'Family' | select listTitle | distinct"
rm "$HOME/.rqlrc"

# rql closes the database as it ends: SQLite checkpoints a WAL database and
# removes its -wal and -shm files, as the sqlite3 shell leaves it.
sqlite3 "$scratch/ends.sqlite" "PRAGMA journal_mode = wal; CREATE TABLE t(x);" >/dev/null
check "a write to a WAL database, then rql ends" 0 "1" "$rql" "$scratch/ends.sqlite" -c 'INSERT INTO t VALUES (1)' -c 'SELECT count(*) FROM t'
check "rql leaves no -wal or -shm file behind" 0 "" find "$scratch" -maxdepth 1 -name 'ends.sqlite-*'
check "the row is in the database file" 0 "1" sqlite3 "$scratch/ends.sqlite" "SELECT count(*) FROM t"

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
check ".tour starts the step-by-step tour" 0 "tour.rql, step by step: 16 steps on a fresh copy of the reminders sample, on the notebook's clock." \
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
# A runaway cell under --timeout: interrupted at the limit, recorded so, and the run goes on.
printf -- '-- @mode list\nWITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n;\nSELECT 42;\n' > "$scratch/runaway.rql"
check "update --timeout interrupts a runaway cell and goes on (1)" 1 "$scratch/runaway.rql: updated 2 cells" "$rql" update --timeout 1s "$scratch/runaway.rql"
check "the interrupted cell is recorded with its limit" 0 "$(printf -- '-- @mode list\nWITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n;\n--> error: interrupted after 1s\nSELECT 42;\n--> 42')" cat "$scratch/runaway.rql"
check "a time limit that does not read is a usage error (2)" 2 "" "$rql" check --timeout soon "$scratch/runaway.rql"
check_stderr "it says how to write one" "a time limit is a number and a unit: 500ms, 30s, 2m, 1h (at most a week)"
# --only and --from: the cells before the chosen ones run, only the chosen ones are compared and written.
printf -- '-- @mode list\nINSERT INTO tags (title) VALUES (\x27früh\x27);\n--> stale\n-- @name count\nSELECT count(*) FROM tags;\n--> stale\n' > "$scratch/named.rql"
check "update --only records the named cell after running the ones before it" 0 "$scratch/named.rql: updated 1 cell" "$rql" update --only count "$scratch/named.rql"
check "the cell before it keeps its output" 0 "$(printf -- '-- @mode list\nINSERT INTO tags (title) VALUES (\x27früh\x27);\n--> stale\n-- @name count\nSELECT count(*) FROM tags;\n--> 8')" cat "$scratch/named.rql"
check "check --from compares from the named cell on (0)" 0 "" "$rql" check --from count "$scratch/named.rql"
check "--only and --from together are a usage error (2)" 2 "" "$rql" check --only count --from count "$scratch/named.rql"
check_stderr "it says to give one" "--only and --from choose cells two ways: give one of them"
check "--only with an empty name is a usage error (2)" 2 "" "$rql" check --only count, "$scratch/named.rql"
check_stderr "it says how to write names" "--only takes cell names separated by commas, as in --only totals,by-list"
check "--only with a name no cell has (2)" 2 "" "$rql" check --only cont "$scratch/named.rql"
check_stderr "it names the name and suggests one" "$(printf '%s: error: no cell named cont\nhelp: did you mean count?' "$scratch/named.rql")"
# -p gives a notebook's -- @param a value; SQL and the DSL read it as :NAME.
printf -- '-- @param list = \x27Family\x27\n-- @mode list\nreminders | where list.title == :list | count\n--> 3\n' > "$scratch/param.rql"
check "a parameter's default" 0 "" "$rql" check "$scratch/param.rql"
check "-p overrides it (the output drifts from the recorded one: 1)" 1 "$(printf 'rql reminders> reminders | where list.title == :list | count\n5')" "$rql" run -p list=Zoë "$scratch/param.rql" -p list=Personal
check "-p for a parameter the notebook does not declare (2)" 2 "" "$rql" check -p lst=Business "$scratch/param.rql"
check_stderr "it names what the notebook declares" "help: it declares list"
check "-p without = is a usage error (2)" 2 "" "$rql" check -p Business "$scratch/param.rql"
check_stderr "it says how to write one" "-p takes NAME=VALUE, as in -p list=Business or -p limit=5"
check "export -p without --execute is a usage error (2)" 2 "" "$rql" export "$scratch/param.rql" --to md -p list=Business
check_stderr "it says -p goes with --execute" "-p goes with --execute: without it nothing runs"
# .record from a pipe (list mode, every row): the notebook replays clean.
check ".record from a pipe" 0 "" bash -c "cd '$scratch' && printf '.record piped.rql\nSELECT value, \x27Zoë 東京 🎉\x27 FROM generate_series(1, 50);\nSELECT nope;\n.mode box\nSELECT 1 AS one;\n.record off\n' | '$rql' >/dev/null 2>&1; test -f piped.rql"
check "rql check finds it clean" 0 "" "$rql" check "$scratch/piped.rql"
check "its header says the mode it was recorded in" 0 "-- @mode list" sed -n 2p "$scratch/piped.rql"
# .erd --svg needs Graphviz's dot, and says how to get it.
check ".erd --svg with no dot on the PATH (1)" 1 "" env PATH=/nonexistent "$rql" -c ".erd --svg $scratch/erd.svg"
check_stderr "it says how to get dot" "help: apt-get install graphviz (make run and make test install it); .erd --dot writes its input"
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
# -j, --fail-fast and --junit: the same report side by side as one by one; a JUnit file CI can read.
printf -- '-- @mode list\n-- @name tags\nSELECT count(*) FROM tags;\n--> 7\n-- @skip\nSELECT 1;\n' > "$scratch/clean.rql"
printf -- '-- @mode list\nSELECT count(*) FROM tags;\n--> 8\nSELECT \x27<&"Zoë 東京 🎉">\x27;\n--> old\n' > "$scratch/drift2.rql"
one=$("$rql" check -j 1 "$scratch/drift.rql" "$scratch/clean.rql" "$scratch/drift2.rql" "$scratch/nowhere.rql" 2>&1; echo "status $?")
check "check -j 4 reports as -j 1 does, in the order given" 0 "$one" bash -c "\"\$0\" check -j 4 \"\$1\" \"\$2\" \"\$3\" \"\$4\" 2>&1; echo \"status \$?\"" "$rql" "$scratch/drift.rql" "$scratch/clean.rql" "$scratch/drift2.rql" "$scratch/nowhere.rql"
check "--fail-fast stops after the first notebook that fails (1)" 1 "0" bash -c "\"\$0\" check --fail-fast \"\$1\" \"\$2\" >/dev/null 2>\"\$3\"; status=\$?; grep -c clean.rql \"\$3\"; exit \$status" "$rql" "$scratch/drift2.rql" "$scratch/clean.rql" "$scratch/failfast.err"
check "-j 0 is a usage error (2)" 2 "" "$rql" check -j 0 "$scratch/clean.rql"
check_stderr "it says what -j takes" "-j takes a number of notebooks from 1 to 64"
check "--junit writes the report and keeps the status (2)" 2 "" bash -c "\"\$0\" check --junit \"\$1\" \"\$2\" \"\$3\" \"\$4\" >/dev/null 2>&1" "$rql" "$scratch/report.xml" "$scratch/clean.rql" "$scratch/drift2.rql" "$scratch/nowhere.rql"
if command -v python3 >/dev/null; then
  check "the JUnit report parses, with a suite per notebook and the counts" 0 "$(printf 'rql check 5 2 1 1\n%s 2 0 0 1 tags (line 3)\n%s 2 2 0 0\n%s 1 0 1 0 the notebook\ndrifted: 1 lines, <&"Zoë' "$scratch/clean.rql" "$scratch/drift2.rql" "$scratch/nowhere.rql")" python3 -c '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
a = root.attrib
print(root.get("name"), a["tests"], a["failures"], a["errors"], a["skipped"])
for suite in root:
    s = suite.attrib
    first = suite[0].get("name")
    print(" ".join([s["name"], s["tests"], s["failures"], s["errors"], s["skipped"]] + ([first] if first in ("tags (line 3)", "the notebook") else [])))
failure = root[1][1].find("failure")
print("drifted: %d lines, %s" % (failure.text.count("\n+--> "), failure.text.split("\n")[-2][5:11]))
' "$scratch/report.xml"
else
  echo "skipped: the JUnit report is not parsed, as python3 is absent"
fi
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
check "the refusal is recorded" 0 "--> error: refused by safe mode: ATTACH is off, as it can reach files outside the private database" sed -n 3p "$scratch/attach.rql"
check "--unsafe lets ATTACH run" 0 "$scratch/attach.rql: updated 1 cell" "$rql" update --unsafe "$scratch/attach.rql"
# The two-argument fts3_tokenizer() sets a pointer SQLite then calls: safe
# mode refuses it, in the shell and in a notebook, and nothing crashes.
check "--safe refuses fts3_tokenizer()" 1 "" "$rql" --safe -c "select fts3_tokenizer('simple', x'4141414141414141')" \
  -c "create virtual table t using fts4(x, tokenize=simple)" -c "insert into t values('boom')"
check_stderr "the refusal says why" "error: refused by safe mode: fts3_tokenizer() reads and sets pointers inside SQLite"
printf -- "-- @mode list\nSELECT fts3_tokenizer('simple', x'4141414141414141');\n\nCREATE VIRTUAL TABLE t USING fts4(x, tokenize=simple);\n\nINSERT INTO t VALUES ('boom');\n" > "$scratch/tokenizer.rql"
check "a notebook cannot set a tokenizer pointer" 1 "$scratch/tokenizer.rql: updated 3 cells" "$rql" update "$scratch/tokenizer.rql"
check "the notebook's refusal is recorded" 0 "--> error: refused by safe mode: fts3_tokenizer() reads and sets pointers inside SQLite" sed -n 3p "$scratch/tokenizer.rql"
check "and the rows go in without a crash" 0 "--> ok, 1 row changed" tail -n 1 "$scratch/tokenizer.rql"
check "run --step waits for Enter, ignores other keys, and q quits (1: unrecorded)" 1 "$(printf 'rql reminders> SELECT count(*) FROM tags;\n[Enter runs it, q quits] \n7\n\n  Count the tags.\nrql reminders> SELECT count(*) FROM tags;\n[Enter runs it, q quits] ')" \
  bash -c "printf -- '-- @mode list\nSELECT count(*) FROM tags;\n-- Count the tags.\nSELECT count(*) FROM tags;\n' > '$scratch/step.rql'; printf 'xy\nzq' | '$rql' run --step '$scratch/step.rql'"

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
check "export to a full standard output exits 2" 2 "" bash -c "'$rql' export '$scratch/values.rql' --to md > /dev/full"
check_stderr "export says so" "rql: cannot write standard output: No space left on device"
cp "$scratch/values.rql" "$scratch/kept.rql"
ln -sf kept.rql "$scratch/kept-link.rql"
check "a --junit report that cannot be written exits 2" 2 "" "$rql" check --junit "$scratch/missing/report.xml" "$scratch/clean.rql"
check_stderr "and says why" "rql: cannot write the JUnit report: cannot write $scratch/missing/report.xml: No such file or directory"
check "--junit onto the notebook checked is a usage error" 2 "" "$rql" check "$scratch/kept.rql" --junit "$scratch/kept-link.rql"
check_stderr "the --junit error says what it would overwrite" "--junit $scratch/kept-link.rql would overwrite the notebook $scratch/kept.rql: write the report elsewhere"
check "-o onto the notebook exported is a usage error" 2 "" "$rql" export "$scratch/kept.rql" --to md -o "$scratch/./kept.rql"
check_stderr "the -o error says what it would overwrite" "-o $scratch/./kept.rql would overwrite the notebook $scratch/kept.rql: write the export elsewhere"
check "the notebook is untouched" 0 "" cmp "$scratch/values.rql" "$scratch/kept.rql"
check "--unsafe without --execute is a usage error" 2 "" "$rql" export "$scratch/values.rql" --to md --unsafe
check_stderr "the usage error says why" "--unsafe goes with --execute: without it nothing runs"
check "--timeout without --execute is a usage error, the default's value too" 2 "" "$rql" export "$scratch/values.rql" --to md --timeout 30s
check_stderr "it says --timeout goes with --execute" "--timeout goes with --execute: without it nothing runs"

# Ctrl-C (SIGINT) stops a script, nested .read scripts included: later commands do not run.
printf 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\nCREATE TABLE afterSlow(x);\n' > "$scratch/slow.sql"
# interrupted_status NAME SCRIPT: runs SCRIPT on stdin against a new database and sends
# SIGINT after 0.5 s; rql must exit 1 having created no table.
interrupted_status() {
  rm -f "$scratch/interrupt.sqlite"
  printf '%s' "$2" | "$rql" "$scratch/interrupt.sqlite" >/dev/null 2>"$scratch/stderr" &
  local pid=$!
  sleep 0.5
  kill -INT "$pid"
  wait "$pid"
  local code=$?
  local tables
  tables=$(sqlite3 "$scratch/interrupt.sqlite" .tables)
  if [ "$code" = 1 ] && [ -z "$tables" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $1: status $code (expected 1), tables '$tables' (expected none)"
  fi
}
interrupted_status "Ctrl-C stops a stdin script" "$(cat "$scratch/slow.sql")"$'\nCREATE TABLE afterScript(x);\n'
check_stderr "the interrupted statement says so" "stdin:1: error: interrupted"
check_stderr "the script says it stops" "stdin:1: note: Ctrl-C stops the script here; the rest of it does not run"
interrupted_status "Ctrl-C stops a .read script and the script that read it" $'.read '"$scratch/slow.sql"$'\nCREATE TABLE afterRead(x);\n'
check_stderr "the innermost script says it stops" "$scratch/slow.sql:1: note: Ctrl-C stops the script here; the rest of it does not run"
if [ "$(grep -c 'Ctrl-C stops' "$scratch/stderr")" = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: nested scripts say they stop more than once"; fi

# Safe mode keeps @db below the notebook's folder, and never changes the database it copies.
mkdir -p "$scratch/nb/inner"
sqlite3 "$scratch/nb/secret.sqlite" "CREATE TABLE t(x); INSERT INTO t VALUES (42);"
ln -s ../secret.sqlite "$scratch/nb/inner/link.sqlite"
printf -- '-- @db ../secret.sqlite\n-- @mode list\nSELECT x FROM t;\n--> 42\n' > "$scratch/nb/inner/up.rql"
printf -- '-- @db link.sqlite\n-- @mode list\nSELECT x FROM t;\n--> 42\n' > "$scratch/nb/inner/link.rql"
check "safe mode refuses @db above the notebook" 2 "" "$rql" check "$scratch/nb/inner/up.rql"
check_stderr "the @db refusal names the line and the way out" "$scratch/nb/inner/up.rql:1: error: refused by safe mode: @db reads only databases in $scratch/nb/inner or below it"
check "safe mode refuses @db through a link that leads out" 2 "" "$rql" check "$scratch/nb/inner/link.rql"
check "--unsafe lets @db read above the notebook" 0 "" "$rql" check --unsafe "$scratch/nb/inner/up.rql"
sqlite3 "$scratch/nb/inner/wal.sqlite" "PRAGMA journal_mode = wal; CREATE TABLE t(x); INSERT INTO t VALUES (42);" >/dev/null
printf -- '-- @db wal.sqlite\n-- @mode list\nSELECT x FROM t;\n--> 42\n' > "$scratch/nb/inner/wal.rql"
check "check reads a WAL database" 0 "" "$rql" check "$scratch/nb/inner/wal.rql"
# Read as SQLite reads a WAL database (sqlite3 -readonly too gives it -wal
# and -shm files): nothing is written into it.
check "check writes nothing into the WAL database" 0 "0" stat -c %s "$scratch/nb/inner/wal.sqlite-wal"
check "its rows are as they were" 0 "42" sqlite3 "$scratch/nb/inner/wal.sqlite" "SELECT x FROM t"

# .read takes what a FIFO or /dev/stdin holds.
mkfifo "$scratch/script.fifo"
(printf "SELECT 'from a fifo';\n" > "$scratch/script.fifo" &)
check ".read a FIFO" 0 "from a fifo" "$rql" -c ".read $scratch/script.fifo"
check ".read /dev/stdin" 0 "from stdin" bash -c "printf \"SELECT 'from stdin';\" | '$rql' -c '.read /dev/stdin'"
# Files: rql writes through links to their targets and keeps owner and mode,
# refuses a read-only notebook, and writes devices, FIFOs and standard output
# in place. Writing to devices runs as a user who cannot replace them (nobody,
# when the tests run as root), so no test can harm /dev.
chmod 755 "$scratch"
if [ "$(id -u)" != 0 ]; then
  as_user=" "
elif command -v setpriv >/dev/null; then
  as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups --"
else
  as_user=""
  echo "skipped: writing devices and unwritable folders (root without setpriv)"
fi
printf -- '-- @mode list\nSELECT 3;\n' > "$scratch/real.rql"
chmod 640 "$scratch/real.rql"
ln -s real.rql "$scratch/link.rql"
check "update through a link" 0 "$scratch/link.rql: updated 1 cell" "$rql" update "$scratch/link.rql"
check "the link stays a link" 0 "real.rql" readlink "$scratch/link.rql"
check "its target has the output and keeps its mode" 0 $'640\n--> 3' bash -c "stat -c %a '$scratch/real.rql' && tail -1 '$scratch/real.rql'"
if [ "$(id -u)" = 0 ]; then
  printf -- '-- @mode list\nSELECT 4;\n' > "$scratch/theirs.rql"
  chown nobody:nogroup "$scratch/theirs.rql"
  check "update keeps another user's notebook theirs" 0 "nobody:nogroup" \
    bash -c "'$rql' update '$scratch/theirs.rql' > /dev/null && stat -c %U:%G '$scratch/theirs.rql'"
fi
printf -- '-- @mode list\nSELECT 5;\n' > "$scratch/readonly.rql"
chmod 444 "$scratch/readonly.rql"
check "update refuses a read-only notebook (2)" 2 "" "$rql" update "$scratch/readonly.rql"
check_stderr "the refusal says why" "$scratch/readonly.rql: error: cannot write the notebook: the file is read-only"
check "the read-only notebook is unchanged" 0 $'-- @mode list\nSELECT 5;' cat "$scratch/readonly.rql"
printf -- '-- @mode list\nSELECT 6;\n' > "$scratch/stale.rql"
touch -d '2 minutes ago' "$scratch/.stale.rql.rql-tmp-Killed"
touch "$scratch/.stale.rql.rql-tmp-Recent"
check "a write removes a stale temporary file and keeps a recent one" 0 ".stale.rql.rql-tmp-Recent" \
  bash -c "'$rql' update '$scratch/stale.rql' > /dev/null && ls -A '$scratch' | grep rql-tmp"
ln -s page.md "$scratch/page-link.md"
check "export -o through a link writes its target" 0 $'page.md\n# Values' \
  bash -c "'$rql' export '$scratch/values.rql' --to md -o '$scratch/page-link.md' && readlink '$scratch/page-link.md' && head -1 '$scratch/page.md'"
mkfifo "$scratch/fifo"
check "export -o FIFO writes into it, and it stays a FIFO" 0 "# Values" \
  bash -c "timeout 10 cat '$scratch/fifo' > '$scratch/from-fifo' & '$rql' export '$scratch/values.rql' --to md -o '$scratch/fifo'; wait; test -p '$scratch/fifo' && head -1 '$scratch/from-fifo'"
if [ -n "$as_user" ]; then
  mkdir "$scratch/locked"
  printf -- '-- @mode list\nSELECT 7;\n' > "$scratch/locked/nb.rql"
  [ "$(id -u)" = 0 ] && chown nobody:nogroup "$scratch/locked/nb.rql"
  chmod 555 "$scratch/locked"
  check "update writes in place in a folder that takes no new file" 0 "$scratch/locked/nb.rql: updated 1 cell" \
    $as_user "$rql" update "$scratch/locked/nb.rql"
  check "the notebook in that folder has its output" 0 $'-- @mode list\nSELECT 7;\n--> 7' cat "$scratch/locked/nb.rql"
  chmod 755 "$scratch/locked"
  check "export -o /dev/stdout into a pipe" 0 "# Values" \
    bash -c "$as_user '$rql' export '$scratch/values.rql' --to md -o /dev/stdout | head -1"
  check "export -o /dev/stdout into a file" 0 "# Values" \
    bash -c "$as_user '$rql' export '$scratch/values.rql' --to md -o /dev/stdout > '$scratch/stdout.md' && head -1 '$scratch/stdout.md'"
  check "export -o /dev/null, which stays a device" 0 "" \
    bash -c "$as_user '$rql' export '$scratch/values.rql' --to md -o /dev/null && test -c /dev/null"
fi

# The sqlite3 shell's command line: its options as it spells them, and
# commands after the database. The data formats match sqlite3 byte for byte.
habits="$scratch/habits.sqlite"
sqlite3 "$habits" "CREATE TABLE t (id INTEGER, name TEXT, note TEXT);
  INSERT INTO t VALUES (1, 'Zoë', NULL), (2, 'a,b \"q\"', 'x'), (3, '東京 🎉', '');"
for flags in "-csv" "-csv -header" "-json" "-list" "-list -header -separator ;" "-list -nullvalue NIL -separator |" \
             "-csv -noheader -newline |"; do
  # shellcheck disable=SC2086
  check "rql $flags prints what sqlite3 $flags prints" 0 "$(sqlite3 $flags "$habits" 'SELECT * FROM t')" \
    "$rql" $flags "$habits" 'SELECT * FROM t'
done
for mode in box table markdown line html; do
  check "-$mode chooses $mode mode" 0 "$("$rql" --mode $mode "$habits" -c 'SELECT id FROM t WHERE id = 1')" \
    "$rql" -$mode "$habits" 'SELECT id FROM t WHERE id = 1'
done
check "commands after the database run in order" 0 $'t\n3' "$rql" "$habits" .tables "SELECT count(*) FROM t"
check "-cmd runs first" 0 "id,name" "$rql" -cmd ".mode csv" -cmd ".headers on" "$habits" "SELECT id, name FROM t LIMIT 0"
check "-version names rql and SQLite" 0 "rql $("$rql" --version | cut -d' ' -f2-)" "$rql" -version
check "--version mentions the SQLite version" 0 "1" bash -c "'$rql' --version | grep -c \"SQLite $(sqlite3 --version | cut -d' ' -f1)\""
check "-header is not -h" 0 $'n\n1' "$rql" -header -list -c "SELECT 1 AS n"
check "an unknown option is a usage error" 2 "" "$rql" -headr "$habits"
check_stderr "with a suggestion" "unknown option '-headr'; did you mean -header or --header?"
check "-batch reads a script even with -cmd" 0 "2" bash -c "echo 'SELECT 2;' | '$rql' -batch -cmd '.mode list'"
check "-bail stops a script at its first error" 1 "" bash -c "printf 'SELECT nope;\nSELECT 2;\n' | '$rql' -bail 2>/dev/null"

# sqlite3 habits: .exit CODE is the exit status; .cd moves where relative paths start.
check ".exit 3 ends rql with status 3" 3 "" "$rql" -c ".exit 3" -c "select 'not run'"
check ".exit 0 after a failure in a script" 0 "" bash -c "printf 'select nope;\n.exit 0\n' | '$rql' 2>/dev/null"
mkdir -p "$scratch/elsewhere"
printf 'a\n1\n' > "$scratch/elsewhere/here.csv"
check ".cd then a relative path" 0 "imported 1 record into a new table h (a INTEGER)" \
  "$rql" -c ".cd '$scratch/elsewhere'" -c ".import here.csv h"

check "rql compile of SQL is a usage error" 2 "" "$rql" compile "SELECT 1"
check_stderr "that says SQL runs as it is" "rql compile takes a DSL query; SQL runs as it is: rql -c 'SELECT 1'"

# .output and .once into a command, as sqlite3 takes them.
check ".output |wc -l counts the rows" 0 $'3\n9' "$rql" -c '.output |wc -l' -c 'SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3' -c '.output' -c 'SELECT 9'
check ".once |COMMAND takes the next command's output" 0 $'ZOË\nafter' "$rql" -c ".once |sed 's/zoë/ZOË/'" -c "SELECT 'zoë'" -c "SELECT 'after'"
check "a command that stops reading does not end rql" 0 $'1\nstill here' "$rql" -c '.output |head -1' \
  -c 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT x FROM c' -c '.output' -c "SELECT 'still here'"

# generate_series, as the sqlite3 shell has it, gives its rows.
for arguments in "1, 10, 3" "1, 10, -3" "10, 1" "1, 3, 0" "-2, 2" "'a', 3" "1.7, 4" "1, NULL" "5, 20, 7"; do
  query="SELECT value, start, stop, step FROM generate_series($arguments) LIMIT 20"
  check "generate_series($arguments) as sqlite3 gives it" 0 "$(sqlite3 :memory: "$query")" "$rql" -list -c "$query"
done
check "generate_series(5) counts on from 5" 0 $'5\n6\n7' "$rql" -list -c "SELECT value FROM generate_series(5) LIMIT 3"
check "generate_series without a start is an error" 1 "" "$rql" -c "SELECT * FROM generate_series"
check_stderr "which says so" 'first argument to "generate_series()" missing or unusable'

# What make install writes: shell completions and the manual page.
check "bash completion from the argument parser" 0 "complete -o filenames -F _rql rql" \
  bash -c "source <('$rql' --generate-completion-script bash) && complete -p rql"
check "the manual page has its sections" 0 $'.TH RQL 1\n.SH NAME\n.SH SYNOPSIS\n.SH DESCRIPTION\n.SH "RQL IMPORT"' \
  bash -c "'$(dirname "$0")/../../Scripts/man-page.sh' '$rql' | grep -oE '^(\.TH RQL 1|\.SH (NAME|SYNOPSIS|DESCRIPTION|\"RQL IMPORT\"))'"
check "the manual page and --help tell of rql serve" 0 $'rql serve [FILE | FOLDER] (the notebooks as a local web page)\n.SH "RQL SERVE"' \
  bash -c "'$(dirname "$0")/../../Scripts/man-page.sh' '$rql' | grep -oE '^\.SH \"RQL SERVE\"|rql serve \[FILE \| FOLDER\] \(the notebooks as a local web page\)'"

# rql import: .import from the command line, with its exit statuses.
printf 'id,name\n1,Zoë\n2,東京\n' > "$scratch/people.csv"
check "rql import creates a typed table" 0 "imported 2 records into a new table people (id INTEGER, name TEXT)" \
  "$rql" import "$scratch/people.csv" people --db "$scratch/imported-cli.sqlite"
check "rql import's rows are there" 0 "2|東京" "$rql" "$scratch/imported-cli.sqlite" -c "select * from people where id = 2"
printf 'id,name\n3\n' > "$scratch/short.csv"
check "a malformed file is exit 1" 1 "" "$rql" import "$scratch/short.csv" people --db "$scratch/imported-cli.sqlite"
check_stderr "a malformed file says where" "short.csv:2: error: 1 field where the header names 2"
acute=$'\xcc\x81'  # U+0301, a combining mark: after a quote, one Character in Swift
printf 'id,name\n1,Zoë\n' > "$scratch/it'${acute}s 東京.csv"
check "a file name with a quote before a combining mark is one word" 0 "imported 1 record into a new table marks (id INTEGER, name TEXT)" \
  "$rql" import "$scratch/it'${acute}s 東京.csv" marks --db "$scratch/imported-cli.sqlite"
check "words .import would refuse are a usage error" 2 "" "$rql" import "$scratch/people.txt" people --db "$scratch/imported-cli.sqlite"
check_stderr "the usage error says why" "cannot tell the format of $scratch/people.txt from its name"

# In a notebook (with --unsafe), .import reads a relative path from the notebook's folder.
mkdir -p "$scratch/nbimport"
printf 'a,b\n1,Zoë\n' > "$scratch/nbimport/data.csv"
printf -- '-- @sample reminders\n-- @mode list\n.import data.csv t\n\nSELECT b FROM t;\n' > "$scratch/nbimport/nb.rql"
check "a notebook imports a file beside it, wherever rql runs" 0 "$scratch/nbimport/nb.rql: updated 2 cells" \
  bash -c "cd / && '$rql' update --unsafe '$scratch/nbimport/nb.rql'"
check "and records what it imported" 0 $'-- @sample reminders\n-- @mode list\n.import data.csv t\n--> imported 1 record into a new table t (a INTEGER, b TEXT)\n\nSELECT b FROM t;\n--> Zoë' \
  cat "$scratch/nbimport/nb.rql"

# .import on a database nobody here made: each Chinook table out through
# sqlite3's CSV and back through rql gives the same rows (EXCEPT both ways,
# NULL and '' alike, as CSV writes both empty), with columns typed by their
# values.
chinook="$(dirname "$0")/../../../shared/data/chinook.sqlite"
if [ -f "$chinook" ] && command -v sqlite3 >/dev/null; then
  rm -f "$scratch/imported.sqlite"
  for table in $(sqlite3 "$chinook" "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"); do
    sqlite3 -csv -header "$chinook" "SELECT * FROM \"$table\"" > "$scratch/$table.csv"
    "$rql" "$scratch/imported.sqlite" -c ".import '$scratch/$table.csv' $table" >/dev/null 2>"$scratch/stderr" \
      || echo "import of $table failed: $(cat "$scratch/stderr")"
    columns=$(sqlite3 "$chinook" "SELECT group_concat('ifnull(\"' || name || '\", '''')', ', ') FROM pragma_table_info('$table')")
    differ=$(sqlite3 "$scratch/imported.sqlite" "ATTACH '$chinook' AS original;
      SELECT (SELECT count(*) FROM (SELECT $columns FROM main.\"$table\" EXCEPT SELECT $columns FROM original.\"$table\"))
           + (SELECT count(*) FROM (SELECT $columns FROM original.\"$table\" EXCEPT SELECT $columns FROM main.\"$table\"))")
    check "Chinook's $table comes back from CSV with the same rows" 0 "0" echo "$differ"
  done
  check "imported CSV columns are typed by their values" 0 "integer|real|text|integer" \
    sqlite3 "$scratch/imported.sqlite" "SELECT DISTINCT typeof(Milliseconds), typeof(UnitPrice), typeof(Name), typeof(Bytes) FROM Track"
  check "an empty field of a text column stays ''" 0 "977" \
    sqlite3 "$scratch/imported.sqlite" "SELECT count(*) FROM Track WHERE Composer = ''"
  # .dump of Chinook, read by sqlite3 into a new file: the same rows and schema.
  cp "$chinook" "$scratch/chinook.sqlite" && chmod u+w "$scratch/chinook.sqlite"
  "$rql" "$scratch/chinook.sqlite" -c .dump > "$scratch/chinook.sql"
  rm -f "$scratch/rebuilt.sqlite"
  sqlite3 "$scratch/rebuilt.sqlite" < "$scratch/chinook.sql"
  check "Chinook dumped and rebuilt by sqlite3 has the same schema" 0 "$(sqlite3 "$chinook" .schema)" \
    sqlite3 "$scratch/rebuilt.sqlite" .schema
  for table in $(sqlite3 "$chinook" "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"); do
    check "Chinook's $table dumped and rebuilt has the same rows" 0 "0" sqlite3 "$scratch/rebuilt.sqlite" "ATTACH '$chinook' AS original;
      SELECT (SELECT count(*) FROM (SELECT * FROM main.\"$table\" EXCEPT SELECT * FROM original.\"$table\"))
           + (SELECT count(*) FROM (SELECT * FROM original.\"$table\" EXCEPT SELECT * FROM main.\"$table\"))"
  done
  # .erd --dot of a database nobody here made: Graphviz reads it.
  if command -v dot >/dev/null; then
    check "dot draws Chinook's .erd --dot" 0 "" bash -c "'$rql' '$chinook' -c '.erd --dot' | dot -Tsvg >/dev/null"
  else
    echo "skipped: dot on Chinook's .erd --dot, as Graphviz is not installed"
  fi
else
  echo "skipped: the Chinook import and dump round trips (no ../shared/data/chinook.sqlite or no sqlite3)"
fi

echo "cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
