#!/usr/bin/env bash
# The interactive REPL in a real terminal: rql runs inside tmux, keys are
# sent with send-keys and the screen is read back with capture-pane.
# Usage: Tests/repl/run.sh PATH/TO/rql
set -u
rql=$(realpath "${1:?usage: Tests/repl/run.sh PATH/TO/rql}")
command -v tmux >/dev/null || { echo "repl: tmux is missing (make setup installs it)"; exit 1; }
scratch=$(mktemp -d)
socket="rql-repl-test-$$"
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'tmux_ kill-server 2>/dev/null; rm -rf "$scratch"' EXIT
export HOME="$scratch/home" XDG_STATE_HOME="$scratch/state"
mkdir -p "$HOME"
history_file="$XDG_STATE_HOME/rql/history"
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() {
  failed=$((failed + 1))
  echo "FAIL: $1"
  echo "--- screen:"
  tmux_ capture-pane -p -t repl | sed '/^$/d' | tail -25
  echo "---"
}

# start [ARGS...]: rql in a fresh terminal, 100x40 (or $window_width columns); its exit status lands in $scratch/status.
# $environment, when set, holds env(1) arguments for rql (variables to unset or set).
# Results taller than the window go through cat, so they land on the screen
# as they would without a pager; the pager's own tests set another.
environment=""
start() {
  tmux_ kill-server 2>/dev/null
  # A server still shutting down would take the new session with it.
  while tmux_ list-sessions >/dev/null 2>&1; do sleep 0.05; done
  rm -f "$scratch/status"
  local pager="PAGER=cat"
  [[ $environment == *PAGER* ]] && pager=""
  tmux_ new-session -d -s repl -x "${window_width:-100}" -y 40 \
    "cd '$scratch' && env -u RQL_PAGER $environment $pager '$rql' $* ; echo \$? > '$scratch/status'; sleep 60"
}

# type TEXT: the text as keys, then Enter. A final ; is escaped, since
# tmux would read it as a command separator.
type_line() {
  local text=$1
  if [[ $text == *";" ]]; then text="${text%;}\\;"; fi
  tmux_ send-keys -t repl -l "$text"
  tmux_ send-keys -t repl Enter
}
keys() { tmux_ send-keys -t repl "$@"; }
# The screen as text, keeping trailing spaces (a prompt ends with one).
screen() { tmux_ capture-pane -p -N -t repl "$@"; }
clear_screen() { keys C-l; tmux_ clear-history -t repl; }
# tab TEXT NAME PATTERN: types TEXT as it is, presses Tab, and waits for
# the screen to match PATTERN.
tab() { tmux_ send-keys -t repl -l "$1"; keys Tab; expect_screen "$2" "$3"; }

# expect NAME PATTERN [SECONDS]: waits until the screen matches the
# extended regular expression PATTERN.
expect_screen() {
  local name=$1 pattern=$2 seconds=${3:-5} waited=0
  while ! screen | grep -Eq -- "$pattern"; do
    sleep 0.1
    waited=$((waited + 1))
    if [ $waited -ge $((seconds * 10)) ]; then fail "$name (waited for /$pattern/)"; return 1; fi
  done
  pass
}

# The last line of the screen that is not blank.
start
expect_screen "the welcome line names the sample and points at .help and .tour" \
  "^rql: a private copy of the reminders sample\. \.help lists the commands, \.tour walks you through it\.$"
expect_screen "the prompt names the database" "^rql reminders> $"

type_line "CREATE TRIGGER tags_shout AFTER INSERT ON tags BEGIN"
expect_screen "a trigger body continues with ...>" '^\.\.\.> $'
type_line "  UPDATE tags SET title = upper(new.title) WHERE title = new.title;"
type_line "  SELECT 1;"
type_line "END;"
expect_screen "the trigger is created and the prompt comes back" "^\.\.\.> END;$"
type_line "INSERT INTO tags VALUES ('loud'); SELECT title FROM tags WHERE title = 'LOUD';"
expect_screen "the trigger body ran whole" "│ LOUD  │"

clear_screen
keys Up Up
expect_screen "the up arrow brings the whole trigger back" "^rql reminders> CREATE TRIGGER tags_shout AFTER INSERT ON tags BEGIN *$"
if screen | grep -q "^  SELECT 1; *$" && screen | grep -q "^END; *$"; then pass; else fail "the recalled trigger has all its lines"; fi
keys C-c
expect_screen "Ctrl-C clears the line" "^rql reminders> $"

clear_screen
tab ".trig" "Tab completes .trig to .triggers" "^rql reminders> \.triggers $"
tab "ta" "Tab completes a table name" "^rql reminders> \.triggers tags $"
keys Enter
expect_screen ".triggers tags lists the new trigger" "tags_shout"

clear_screen
tab "SELECT * FROM reminders WHERE isF" "Tab completes a column name" "WHERE isFlagged $"
keys C-c

clear_screen
type_line "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;"
sleep 1
keys C-c
expect_screen "Ctrl-C interrupts a running query" "^error: interrupted$" 3
type_line "SELECT 40 + 2 AS answer;"
expect_screen "the session answers the next query" "│     42 │"

clear_screen
printf 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\nCREATE TABLE afterSlow(x);\n' > "$scratch/slow.sql"
type_line ".read slow.sql"
sleep 1
keys C-c
expect_screen "Ctrl-C during .read stops the whole script" "slow.sql:1: note: Ctrl-C stops the script here; the rest of it does not run" 3
type_line "SELECT count(*) AS later FROM sqlite_schema WHERE name = 'afterSlow';"
expect_screen "the script's later commands did not run" "│     0 │"

clear_screen
type_line "SELECT nope FROM tags;"
expect_screen "an error names the problem" "^error: no such column: nope$"
expect_screen "the caret points at it" "^       \^$"
if screen -e | grep -q $'\e\\[31merror:'; then pass; else fail "errors are red on a terminal"; fi

clear_screen
type_line "reminders |"
expect_screen "an open DSL pipeline continues with ..|" '^\.\.\| $'
type_line "  where isFlagged | count"
expect_screen "the pipeline runs when complete" "│     2 │"

clear_screen
tmux_ resize-window -t repl -x 60
type_line "SELECT * FROM reminders LIMIT 2;"
expect_screen "the table is drawn" "^└"
if [ "$(screen | sed 's/ *$//' | LC_ALL=C.UTF-8 wc -L)" -le 60 ]; then pass
else fail "a box table fits a narrowed terminal"; fi
tmux_ resize-window -t repl -x 100

keys C-d
waited=0
while [ ! -f "$scratch/status" ] && [ $waited -lt 50 ]; do sleep 0.1; waited=$((waited + 1)); done
if [ "$(cat "$scratch/status" 2>/dev/null)" = 0 ]; then pass; else fail "Ctrl-D exits with status 0"; fi

trigger_entry='CREATE TRIGGER tags_shout AFTER INSERT ON tags BEGIN\n  UPDATE tags SET title = upper(new.title) WHERE title = new.title;\n  SELECT 1;\nEND;'
if grep -qxF -- "$trigger_entry" "$history_file"; then pass
else failed=$((failed + 1)); echo "FAIL: the history file holds the trigger as one entry"; cat "$history_file"; fi
if [ "$(grep -c . "$history_file")" = 10 ]; then pass
else failed=$((failed + 1)); echo "FAIL: the history holds one entry per command"; cat "$history_file"; fi

start --no-init
expect_screen "a new session starts" "^rql reminders> $"
keys Up
expect_screen "the history comes back in the next session" "^rql reminders> SELECT \* FROM reminders LIMIT 2;$"
keys C-c C-d

printf '.mode line\n' > "$HOME/.rqlrc"
start
expect_screen "a new session starts with ~/.rqlrc" "^rql reminders> $"
type_line "SELECT 7 AS seven;"
expect_screen "~/.rqlrc ran before the first prompt" "^seven = 7$"
keys C-d

# Leaving the prompt closes the database: SQLite checkpoints a WAL database
# and removes its -wal and -shm files.
sqlite3 "$scratch/wal.sqlite" "PRAGMA journal_mode = wal; CREATE TABLE t(x);" >/dev/null
start --no-init wal.sqlite
expect_screen "the prompt opens a WAL database" "^rql .*wal\.sqlite> $"
type_line "INSERT INTO t VALUES (1); SELECT 'inserted' AS done;"
expect_screen "the row is written" "│ inserted │"
keys C-d
waited=0
while [ ! -f "$scratch/status" ] && [ $waited -lt 50 ]; do sleep 0.1; waited=$((waited + 1)); done
if [ -z "$(find "$scratch" -maxdepth 1 -name 'wal.sqlite-*')" ] && [ "$(sqlite3 "$scratch/wal.sqlite" 'SELECT count(*) FROM t')" = 1 ]; then pass
else fail "leaving the prompt leaves no -wal or -shm file"; fi

# Notebooks at the prompt: .tour, .record, .clock and .read.
repo=$(cd "$(dirname "$0")/../.." && pwd)
start --no-init
expect_screen "a session for the notebook commands starts" "^rql reminders> $"
type_line ".tour"
expect_screen ".tour says the first step's narration" "^  # A tour of the Reminders database$"
expect_screen ".tour shows the command Enter will run" "^next> \.tables$"
expect_screen "the prompt says which step is next" "^rql reminders \(tour 1/[0-9]+\)> $"
keys Enter
expect_screen "Enter runs the step" "^reminderTexts +remindersListAssets +remindersTags$"
expect_screen "then the prompt moves to the next step" "^rql reminders \(tour 2/[0-9]+\)> $"
type_line "SELECT 40 + 2 AS between_steps;"
expect_screen "a command typed during the tour runs as usual" "│            42 │"
keys Enter
expect_screen "Enter after it runs the step after" "│ 00000000-0000-4000-8000-00000000a001 │ Personal │"
clear_screen
keys Enter
expect_screen "the third step runs" "^rql reminders \(tour 4/[0-9]+\)> $"
# Each line the notebook recorded for the third step is on the screen.
recorded=$(awk '/^ORDER BY r.title;/ { block = 1; next } block && /^--> / { print substr($0, 5); next } block { exit }' "$repo/Samples/notebooks/tour.rql")
missing=0
while IFS= read -r line; do screen | grep -Fxq -- "$line" || missing=$((missing + 1)); done <<< "$recorded"
if [ -n "$recorded" ] && [ "$missing" = 0 ]; then pass; else fail "the tour's third step prints what tour.rql recorded ($missing lines missing)"; screen; fi
type_line "BEGIN; INSERT INTO tags VALUES ('mine');"
type_line ".tour off"
expect_screen ".tour off ends the tour and says where it returns" "^the tour of tour\.rql ended before step 4 of [0-9]+; back to reminders$"
expect_screen "and the prompt is plain again" "^rql reminders> $"
type_line "SELECT count(*) AS tags FROM tags;"
expect_screen "the tour's changes stayed in the tour" "│    7 │"

clear_screen
type_line ".record typed.rql"
expect_screen ".record says where it records" "^recording to typed\.rql: each command and its output becomes a cell; \.record off stops$"
type_line "UPDATE reminders SET status = 2 WHERE title = 'Haircut';"
type_line ".clock advance 5s"
expect_screen ".clock advance runs the deferred callback" "^deferred: handleReminderStatusUpdate completed 1 reminder$"
type_line ".record off"
expect_screen ".record off says how many cells" "^recorded 2 cells to typed\.rql$"
if grep -qx -- "--> deferred: handleReminderStatusUpdate completed 1 reminder" "$scratch/typed.rql" \
  && grep -qx -- "--> ok, 1 row changed" "$scratch/typed.rql" && head -1 "$scratch/typed.rql" | grep -qx -- "-- @sample reminders"
then pass; else fail "the recorded notebook holds the commands and their outputs"; cat "$scratch/typed.rql"; fi

clear_screen
type_line ".read $repo/Samples/notebooks/tour.rql"
expect_screen ".read of a notebook runs its cells" "^    1\. SELECT handleReminderStatusUpdate\(\);$"
keys C-d

# Control characters in a value show as symbols, in list mode too, and cannot color the terminal.
start --no-init
expect_screen "a session for control characters starts" "^rql reminders> $"
type_line ".mode list"
type_line "SELECT 'a' || char(27) || '[31mRED' || char(13) || 'b' AS v;"
expect_screen "list mode shows ESC and CR as symbols" "^a␛\[31mRED␍b$"
if screen -e | grep -q $'\e\\[31m'; then fail "a value cannot turn the terminal red"; else pass; fi
keys C-d

# Names from the database reach the terminal as symbols too: .tables, .schema
# and the list of Tab's choices cannot clear the screen or color it.
esc=$'\e'
sqlite3 "$scratch/names.sqlite" "CREATE TABLE \"t$esc[2J\" (\"c$esc[31m\"); CREATE TABLE t2 (x);"
start --no-init names.sqlite
expect_screen "a database with control characters in its names opens" "^rql names\.sqlite> $"
type_line ".tables"
expect_screen ".tables shows ESC as a symbol" "^t␛\[2J +t2 *$"
type_line ".schema"
expect_screen ".schema shows ESC as a symbol" '^CREATE TABLE "t␛\[2J" \("c␛\[31m"\);$'
tab "SELECT * FROM t" "Tab lists table names with symbols" "^t␛\[2J +t2 *$"
if screen | grep -q "^rql names\.sqlite> \.tables"; then pass; else fail "no name cleared the screen"; fi
if screen -e | grep -q "$esc\\[31m"; then fail "no name colors the terminal"; else pass; fi
keys C-c C-d

# rql run and rql check print a notebook's outputs and their diff with symbols.
printf -- '.print %s[2Jnew\n--> %s[2Jold\n' "$esc" "$esc" > "$scratch/controls.rql"
start check controls.rql
expect_screen "rql check shows the recorded ESC as a symbol" "^---> ␛\[2Jold$"
expect_screen "and the fresh one" "^\+--> ␛\[2Jnew$"
start run controls.rql
expect_screen "rql run shows a notebook's output with symbols" "^␛\[2Jnew$"

# Text beyond ASCII, typed, pasted and recalled, whether the environment
# names a UTF-8 locale or none at all.
for locale in "LANG=C.UTF-8" ""; do
  label=${locale:-no LANG}
  state="$scratch/state-${locale:-none}"
  environment="-u LC_ALL -u LC_CTYPE -u LANG $locale XDG_STATE_HOME=$state"
  start --no-init
  expect_screen "$label: a session starts" "^rql reminders> $"
  type_line "SELECT 'Holý' AS name, length('é 東京 🎉') AS n;"
  expect_screen "$label: typed Latin, CJK and emoji are echoed whole" "^rql reminders> SELECT 'Holý' AS name, length\('é 東京 🎉'\) AS n;$"
  expect_screen "$label: and reach the query whole" "^│ Holý │ 6 │$"
  type_line "CREATE TABLE crème_brûlée (x); CREATE TABLE crème_fraîche (y);"
  clear_screen
  tab "SELECT * FROM crème_b" "$label: Tab completes a name with accents in place" "^rql reminders> SELECT \* FROM crème_brûlée $"
  keys C-c
  type_line 'CREATE TABLE "東京 店" (名前 TEXT); INSERT INTO "東京 店" VALUES ('"'"'Zoë'"'"');'
  clear_screen
  tab "SELECT * FROM 東" "$label: Tab quotes a name with a blank" '^rql reminders> SELECT \* FROM "東京 店" $'
  tmux_ send-keys -t repl -l "\\;"
  keys Enter
  expect_screen "$label: and the query runs" "^│ Zoë  │$"
  clear_screen
  tab '`東京' "$label: in the DSL, in backticks, the opening one typed" '^rql reminders> `東京 店` $'
  keys C-c
  type_line "INSERT INTO tags (title) VALUES ('Hol' || char(253) || ' ' || char(0x6771, 0x4EAC));"
  type_line "tags | where title == 'Holý 東京' | count"
  expect_screen "$label: a DSL comparison with typed non-ASCII text finds its row" "^│     1 │$"
  tmux_ set-buffer -b pasted "SELECT '東京タワー 🗼' AS pasted\\;"
  tmux_ paste-buffer -b pasted -t repl
  keys Enter
  expect_screen "$label: pasted text runs whole" "^│ 東京タワー 🗼 │$"
  clear_screen
  keys Up
  expect_screen "$label: the up arrow recalls pasted text intact" "^rql reminders> SELECT '東京タワー 🗼' AS pasted;$"
  keys Up
  expect_screen "$label: and typed text" "^rql reminders> tags \| where title == 'Holý 東京' \| count$"
  keys Enter
  expect_screen "$label: the recalled line runs as typed" "^│     1 │$"
  keys C-d
  waited=0
  while [ ! -f "$scratch/status" ] && [ $waited -lt 50 ]; do sleep 0.1; waited=$((waited + 1)); done
  for entry in "SELECT 'Holý' AS name, length('é 東京 🎉') AS n;" "SELECT '東京タワー 🗼' AS pasted;"; do
    if grep -qxF -- "$entry" "$state/rql/history"; then pass
    else failed=$((failed + 1)); echo "FAIL: $label: the history file holds $entry"; cat "$state/rql/history"; fi
  done
  start --no-init
  expect_screen "$label: a later session starts" "^rql reminders> $"
  keys Up Up
  expect_screen "$label: and recalls the saved text intact" "^rql reminders> SELECT '東京タワー 🗼' AS pasted; *$"
  keys C-c C-d
done
environment=""

# Words a newcomer types, and the prompt's mark for an open transaction.
start --no-init
expect_screen "a session for newcomer words" "^rql reminders> $"
type_line "help"
expect_screen "help lists the dot-commands" "^Anything else is SQL"
clear_screen
type_line "BEGIN;"
expect_screen "an open transaction marks the prompt" "^rql reminders\*> $"
type_line "COMMIT;"
expect_screen "the mark goes with the transaction" "^rql reminders> $"
type_line ".sandbox on"
expect_screen "the prompt shows the sandbox" "^rql reminders \(sandbox 0\)> $"
type_line "DELETE FROM remindersLists WHERE title = 'Family';"
expect_screen "and how many commands it can undo" "^rql reminders \(sandbox 1\)> $"
type_line ".undo"
expect_screen ".undo says what it took back" "^undone: DELETE FROM remindersLists WHERE title = 'Family';$"
expect_screen "the prompt counts one fewer" "^rql reminders \(sandbox 0\)> $"
type_line ".sandbox off"
expect_screen "the sandbox is gone from the prompt" "^rql reminders> $"
type_line "quit;"
waited=0
while [ ! -f "$scratch/status" ] && [ $waited -lt 50 ]; do sleep 0.1; waited=$((waited + 1)); done
if [ "$(cat "$scratch/status" 2>/dev/null)" = 0 ]; then pass; else fail "quit; leaves rql with status 0"; fi

# libedit's configuration: EDITRC (else ~/.editrc) with `bind -v` gives vi
# keys; rql's own Tab and Ctrl-C still work.
printf 'bind -v\n' > "$scratch/vi.editrc"
environment="EDITRC=$scratch/vi.editrc"
start --no-init
expect_screen "a session with vi keys" "^rql reminders> $"
# A key right after Escape would be read with it as one sequence.
tmux_ send-keys -t repl -l "42 AS answer"
keys Escape; sleep 0.5
tmux_ send-keys -t repl -l "0i"
tmux_ send-keys -t repl -l "SELECT "
keys Escape; sleep 0.5
tmux_ send-keys -t repl -l "A"
type_line ";"
expect_screen "vi's command mode edited the line" "^rql reminders> SELECT 42 AS answer; *$"
expect_screen "and it ran" "│     42 │"
tab "SELECT count(*) FROM tag" "Tab completes in vi mode" "FROM tags *$"
keys C-c
expect_screen "Ctrl-C clears the line in vi mode" "^rql reminders> $"
keys C-d
environment=""

# .edit and Ctrl-X Ctrl-E: the person's editor ($VISUAL, else $EDITOR) on a
# private temporary file; what it saves runs as if typed and enters the
# history whole. These editors are scripts: one keeps what it was given,
# the file's mode and name, and appends to the text; one writes a two-line
# query; one fails; one empties the file.
mkdir -p "$scratch/tmp"
cat > "$scratch/appending-editor" <<EDITOR
#!/bin/sh
cp "\$1" "$scratch/given"; stat -c %a "\$1" > "$scratch/mode"; echo "\$1" > "$scratch/edited-path"
printf '%s AS answer;\n' "\$(cat "\$1")" > "\$1"
EDITOR
printf '#!/bin/sh\nprintf "SELECT '"'"'two'"'"' AS first,\\n  '"'"'lines'"'"' AS second;\\n" > "$1"\n' > "$scratch/query-editor"
printf '#!/bin/sh\n: > "$1"\n' > "$scratch/emptying-editor"
chmod +x "$scratch/appending-editor" "$scratch/query-editor" "$scratch/emptying-editor"
environment="-u VISUAL TMPDIR=$scratch/tmp EDITOR=$scratch/query-editor"
start --no-init
expect_screen "a session for .edit" "^rql reminders> $"
type_line ".edit"
expect_screen ".edit runs the query the editor saved" "│ two   │ lines  │"
keys Up
expect_screen "Up brings the edited query back whole" "^ +'lines' AS second;"
keys C-c
keys C-d
environment="-u EDITOR TMPDIR=$scratch/tmp VISUAL=$scratch/appending-editor"
start --no-init
expect_screen "a session for Ctrl-X Ctrl-E" "^rql reminders> $"
tmux_ send-keys -t repl -l "SELECT 6 * 7"
keys C-x C-e
expect_screen "Ctrl-X Ctrl-E edits the line being typed in \$VISUAL, and runs it" "│     42 │"
if grep -qx "SELECT 6 \* 7" "$scratch/given"; then pass; else fail "the editor was given the line being typed"; fi
if [ "$(cat "$scratch/mode")" = 600 ]; then pass; else fail "the file to edit is private (0600)"; fi
if grep -q "^$scratch/tmp/rql-edit-.*\.sql$" "$scratch/edited-path" && [ -z "$(ls -A "$scratch/tmp")" ]; then pass
else fail "the file to edit is made in \$TMPDIR, named .sql, and removed"; fi
type_line "SELECT 1"
type_line "  + 1"
keys C-x C-e
expect_screen "Ctrl-X Ctrl-E on a continued command edits all of it" "answer *│"
if [ "$(cat "$scratch/given")" = "$(printf 'SELECT 1\n  + 1')" ]; then pass; else fail "the editor was given the whole command"; fi
keys C-d
environment="-u VISUAL TMPDIR=$scratch/tmp EDITOR=false"
start --no-init
expect_screen "a session with a failing editor" "^rql reminders> $"
type_line "SELECT 1;"
type_line ".edit"
expect_screen "an editor that fails runs nothing, and says so" "^error: the editor false exited with status 1: nothing was run$"
keys C-d
environment="-u VISUAL TMPDIR=$scratch/tmp EDITOR=no-such-editor-here"
start --no-init
expect_screen "a session with an editor that is not installed" "^rql reminders> $"
keys C-x C-e
expect_screen "an editor that is not installed is named with its variable" \
  "^error: cannot start the editor: \\\$EDITOR says no-such-editor-here, which is not installed"
keys C-d
environment="-u VISUAL TMPDIR=$scratch/tmp EDITOR=$scratch/emptying-editor"
start --no-init
expect_screen "a session with an editor that empties the file" "^rql reminders> $"
type_line ".edit"
expect_screen "an emptied file runs nothing, and says so" "^error: the edited text is empty: nothing was run$"
keys C-d
environment=""

# rql run --step at an exercise: the question without the reference, the
# learner's answers read at `your answer> ` and graded; a right one shows the
# reference and goes on.
cp "$repo/Tests/fixtures/open-per-list.rql" "$scratch/exercise.rql"
"$rql" update "$scratch/exercise.rql" >/dev/null
tmux_ kill-server 2>/dev/null
while tmux_ list-sessions >/dev/null 2>&1; do sleep 0.05; done
tmux_ new-session -d -s repl -x 100 -y 40 "cd '$scratch' && '$rql' run --step exercise.rql; sleep 60"
expect_screen "an exercise shows its question" "even one with none open\.$"
expect_screen "and asks for an answer, not showing the reference" "^your answer> $"
if screen | grep -q "LEFT JOIN"; then fail "the reference is hidden"; else pass; fi
tab "SELECT * FROM remindersListA" "Tab completes at your answer> from the notebook's database" "remindersListAssets *$"
keys C-c
expect_screen "Ctrl-C abandons the answer being typed" "^your answer> $"
tmux_ send-keys -t repl -l "SELECT l.title, count(*) FROM remindersLists l JOIN reminders r ON r.remindersListID = l.id"
keys Enter
expect_screen "an SQL answer continues to its ;" "^ +\.\.\.> $"
type_line "WHERE r.status = 0 GROUP BY l.id;"
expect_screen "a wrong answer gets its counterexample" "^a counterexample with 1 row in all$" 10
expect_screen "and the prompt again" "^your answer> $"
type_line "SELECT title, (SELECT count(*) FROM reminders WHERE remindersListID = remindersLists.id AND status = 0) FROM remindersLists;"
expect_screen "a right answer is right" "^right on every database tried" 10
expect_screen "then the reference shows and runs" "│ Personal │    4 │"

# .tour stops at a lesson's exercise: the question, `your answer> `, a wrong
# answer's counterexample, and `s` for the reference, which then runs.
start --no-init
expect_screen "a session for the tour's exercise" "^rql reminders> $"
type_line ".tour tour"
for _ in $(seq 1 60); do
  screen | grep -q "^exercise open-per-list: " && break
  keys Enter
  sleep 0.2
done
expect_screen "the tour stops at its exercise" "^exercise open-per-list: write your answer, SQL or the DSL \(s shows the reference, n skips\)$"
expect_screen "and the prompt asks for an answer" "^your answer> $"
type_line "remindersLists | select title, count(reminders)"
expect_screen "a wrong answer gets its counterexample" "^a counterexample with 2 rows in all$" 10
type_line "s"
expect_screen "s shows the reference as it runs" "^next> SELECT l.title, count\(r.id\) AS open$"
expect_screen "and the tour ends after it" "^That was the last step of tour.rql"
keys C-d

# A data file opened as a database: its name, ESC and all, is shown with the
# control character as a symbol in the welcome line and the prompt.
printf 'name,city\nZoë,東京\n' > "$scratch/"$'esc\e[31mape.csv'
start --no-init "'$scratch/'"$'esc\e[31mape.csv'
expect_screen "the welcome line shows a file name's ESC as a symbol" "holding .*esc␛\[31mape\.csv\."
expect_screen "and so does the prompt" "^rql esc␛\[31mape\.csv> $"
keys C-d
rm -f "$scratch/"$'esc\e[31mape.csv'

# .prompt replaces the prompt and the continuation prompt.
start --no-init
expect_screen "a session for .prompt" "^rql reminders> $"
type_line ".prompt 'sqlite> ' '   ...> '"
expect_screen ".prompt sets the prompt" "^sqlite> $"
type_line "SELECT"
expect_screen ".prompt sets the continuation prompt" "^   \.\.\.> $"
type_line "42;"
expect_screen "the statement runs" "│ 42 │"
keys C-d

# .last shows the last result again: in another mode, or whole.
start --no-init
expect_screen "a session for .last" "^rql reminders> $"
type_line "SELECT 'Zoë' AS name, printf('%.300c', 'x') AS long;"
expect_screen "a long cell is cut to the screen" "x…"
clear_screen
type_line ".last json"
expect_screen ".last json shows the rows as JSON" '^\[\{"name":"Zoë","long":"x+'
clear_screen
type_line ".last line --full"
expect_screen ".last --full shows the whole cell" "^long = x{90}"
keys C-d

# -cmd runs its command, then the prompt comes as without it.
start --no-init -cmd "'.mode csv'" -cmd "'.headers on'"
expect_screen "-cmd then the prompt" "^rql reminders> $"
type_line "SELECT 6 * 7 AS answer;"
expect_screen "the prompt's results follow -cmd's settings" "^answer$"
keys C-d

# .import at a terminal: a file that takes more than half a second shows a
# progress line, which is cleared at the end; Ctrl-C cancels and leaves no table.
awk 'BEGIN { print "n,title,note"; for (i = 1; i <= 400000; i++) printf "%d,Café %d 東京,\"a, b\"\n", i, i }' > "$scratch/big.csv"
start --no-init
expect_screen "a session for .import" "^rql reminders> $"
type_line ".import big.csv big"
expect_screen "a long import shows its progress" "^(reading|importing) big\.csv: [0-9.]+ MB of [0-9.]+ MB \([0-9]+%\), [0-9]+ records, [0-9]+ records/s" 10
expect_screen "the import ends with its summary" "^imported 400000 records into a new table big \(n INTEGER, title TEXT, note TEXT\)$" 60
if screen | grep -Eq "(reading|importing) big\.csv"; then fail "the progress line is cleared"; else pass; fi
clear_screen
type_line ".import big.csv big2"
expect_screen "a second import shows its progress" "^(reading|importing) big\.csv" 10
keys C-c
expect_screen "Ctrl-C cancels the import" "^error: interrupted; nothing was imported$" 10
type_line "SELECT count(*) AS tables FROM sqlite_schema WHERE name = 'big2';"
expect_screen "the cancelled import left no table" "│      0 │"
keys C-d

# A change to every row of a table asks first; no (or Ctrl-C) keeps the rows.
start --no-init
expect_screen "a session for the every-row question" "^rql reminders> $"
type_line "DELETE FROM tags;"
expect_screen "DELETE without WHERE asks first" "^delete all [0-9]+ rows of tags\? \[y/N/p\] $"
type_line "n"
expect_screen "no keeps the rows" "^cancelled: no row changed \(\.confirm off stops asking\)$"
type_line "tags | update title = 'x'"
expect_screen "a DSL update without where asks too" "^update all [0-9]+ rows of tags\? \[y/N/p\] $"
keys C-c
expect_screen "Ctrl-C at the question is no" "^rql reminders> $"
type_line "tags | delete"
expect_screen "asked again" "^delete all [0-9]+ rows of tags\? \[y/N/p\] $"
type_line "p"
expect_screen "p previews what it would change" "^  remindersTags +12 deleted +by ON DELETE CASCADE from tags$"
expect_screen "and asks again" "^nothing was written: the preview rolled back$"
expect_screen "the question comes back" "^delete all [0-9]+ rows of tags\? \[y/N/p\] $"
type_line "y"
type_line "SELECT count(*) AS left FROM tags;"
expect_screen "yes runs it" "^│    0 │$"
keys C-d

# The pager: a result taller than the window goes through it whole (the
# 40-row cut lifted, no width cut); a short one prints in place.
cat > "$scratch/record-pager" <<'SCRIPT'
#!/bin/sh
cat > paged.txt
echo "[paged $(wc -l < paged.txt) lines]"
SCRIPT
chmod +x "$scratch/record-pager"
environment="PAGER=./record-pager"
start --no-init
expect_screen "a session with a recording pager" "^rql reminders> $"
type_line "SELECT value, printf('%.*c', 150, 'x') AS wide FROM generate_series(1, 100);"
expect_screen "a tall result goes through the pager" "^\[paged 104 lines\]$"
if grep -q "^│   100 │ x\{150\} │$" "$scratch/paged.txt" && grep -q "^│    50 │" "$scratch/paged.txt"; then
  pass
else
  fail "the pager gets every row at full width"
fi
clear_screen
rm -f "$scratch/paged.txt"
type_line "SELECT value FROM generate_series(1, 3);"
expect_screen "a short result prints in place" "^│     3 │$"
if [ -e "$scratch/paged.txt" ]; then fail "a short result does not start the pager"; else pass; fi
type_line "SELECT printf('%.*c', 300, 'y') AS long;"
expect_screen "a long cell is cut on the screen" "^│ y+… │$"
type_line ".last --full"
expect_screen ".last --full goes through the pager" "^\[paged 5 lines\]$"
if grep -q "^│ y\{300\} │$" "$scratch/paged.txt"; then pass; else fail ".last --full gives the pager the whole cell"; fi
type_line ".pager off"
clear_screen
type_line "SELECT value FROM generate_series(1, 100);"
expect_screen ".pager off prints in place with the 40-row cut" "^… 100 rows, 40 shown$"
keys C-d
# A pager that is not installed: said once, and results print in place.
environment="PAGER=no-such-pager"
start --no-init
expect_screen "a session with a missing pager" "^rql reminders> $"
type_line "SELECT value FROM generate_series(1, 100);"
expect_screen "a missing pager is named" "^note: the pager no-such-pager is not installed; set RQL_PAGER or PAGER, or \.pager off$"
expect_screen "and the result prints in place" "^… 100 rows, 40 shown$"
keys C-d
# The default pager, less: Ctrl-C in it comes back to the prompt.
environment="-u PAGER"
start --no-init
expect_screen "a session with less as its pager" "^rql reminders> $"
type_line "SELECT value FROM generate_series(1, 1000);"
expect_screen "less shows the first screen" "^:$"
keys C-c
expect_screen "Ctrl-C in less comes back to the prompt" "^rql reminders> $"
type_line "SELECT 6 * 7 AS after;"
expect_screen "the next command runs" "^│    42 │$"
keys C-d
environment=""

# A chart fits a narrow terminal: each bar and its value on one line of 60 columns.
window_width=60
start --no-init
expect_screen "a session in a 60-column window" "^rql reminders> $"
type_line "reminders | group by list.title | select list.title, count() as n | order list.title | chart bar"
expect_screen "the longest bar ends with its value within the width" "^Personal █+ 5$"
type_line ".erd tags"
expect_screen ".erd fits its boxes side by side in 60 columns" "^┌─ remindersTags ────┐  ┌─ tags ────────┐$"
keys C-d
window_width=100

# A database file another program holds locked: the prompt comes at once, a
# command that reads the file says it is locked, and rql goes on.
if command -v python3 >/dev/null; then
  sqlite3 "$scratch/locked.sqlite" "CREATE TABLE t (x); INSERT INTO t VALUES (1);"
  mkfifo "$scratch/holding"
  python3 -c 'import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(60)' "$scratch/locked.sqlite" > "$scratch/holding" &
  holder=$!
  read -r _ < "$scratch/holding"
  start --no-init locked.sqlite
  expect_screen "a locked file gives the prompt" "^rql locked\.sqlite> $"
  type_line ".timeout 200"
  type_line "SELECT x FROM t;"
  expect_screen "a read says the file is locked" "^error: cannot open locked\.sqlite: database is locked$"
  expect_screen "and who holds the lock" "^note: process $holder holds an exclusive lock on it \(it is writing\)$"
  type_line ".print still here"
  expect_screen "rql goes on" "^still here$"
  kill "$holder"
  wait "$holder" 2>/dev/null
  type_line "SELECT x FROM t;"
  expect_screen "once the lock is gone, the file reads" "^│ 1 │$"
  keys C-d
else
  echo "skipped: a database another program holds locked, as python3 is absent"
fi

# rql run --step reads one key at a time: no Enter needed for q, other keys ignored.
printf -- '-- @mode list\nSELECT 1 + 1;\n--> 2\n-- Then the next.\nSELECT 2 + 2;\n--> 4\n' > "$scratch/step.rql"
start run --step step.rql
expect_screen "--step waits before the first command" "^\[Enter runs it, q quits\] $"
keys x
sleep 0.3
if screen | grep -q "^2$"; then fail "--step ignores a key that is neither Enter nor q"; else pass; fi
keys Enter
expect_screen "--step runs the command on Enter" "^2$"
expect_screen "then narrates the next one" "^  Then the next\.$"
keys q
expect_screen "q quits at once, with no Enter" "^\[Enter runs it, q quits\] $"
sleep 0.3
if [ "$(cat "$scratch/status" 2>/dev/null)" = 0 ] && ! screen | grep -q "^4$"; then pass; else fail "--step ended after q without running the next command (status $(cat "$scratch/status" 2>/dev/null))"; fi

# Display widths as tmux draws them. For each cluster: the columns rql gives
# it (its box's top border, less the frame's two), and the columns tmux's
# cursor moves when a shell prints it. rql measures a grapheme cluster as
# terminals that draw whole clusters do; tmux 3.3 draws some clusters a
# scalar at a time (a skin tone, U+FE0F after a text-style emoji, an Indic
# conjunct, a halfwidth voicing mark), and there a box drawn by rql is off
# by the difference in tmux. Both figures are pinned, so that a change in
# either shows here.
tmux_ kill-server 2>/dev/null
while tmux_ list-sessions >/dev/null 2>&1; do sleep 0.05; done
tmux_ new-session -d -s widths -x 100 -y 10 "env LANG=C.UTF-8 bash --norc --noprofile"
tmux_version=$(tmux -V)
# width TEXT RQL TMUX
width() {
  local text=$1 ours theirs waited=0
  ours=$(( $("$rql" --no-init :memory: -c '.mode box' -c "SELECT '$text' AS v" | head -1 | grep -o '─' | wc -l) - 2 ))
  if [ "$ours" = "$2" ]; then pass; else fail "rql gives '$text' $ours columns, not $2"; fi
  [ "$tmux_version" = "tmux 3.3a" ] || return
  tmux_ send-keys -t widths -l "clear; printf '%s' '$text'; read"
  tmux_ send-keys -t widths Enter
  until [ "$(tmux_ capture-pane -p -t widths | head -1)" = "$text" ] && [ "$(tmux_ display -p -t widths '#{cursor_y}')" = 0 ]; do
    sleep 0.05
    waited=$((waited + 1))
    [ $waited -lt 100 ] || break
  done
  theirs=$(tmux_ display -p -t widths '#{cursor_x}')
  tmux_ send-keys -t widths Enter
  if [ "$theirs" = "$3" ]; then pass; else fail "tmux draws '$text' in $theirs columns, not $3"; fi
}
# The same in both.
width 'family 👨‍👩‍👧' 9 9
width '🇫🇷 🇯🇵' 5 5
width '👩‍🚀' 2 2
width '🏴‍☠️' 2 2
width '☕️ coffee' 9 9
width '😀' 2 2
width '東京 北京市' 11 11
width '한국어' 6 6
width $'e\u0301' 1 1
width $'\u1100\u1161\u11A8' 2 2
# Clusters tmux 3.3 draws a scalar at a time.
width '👍🏽' 2 4
width '🧑🏿‍💻' 2 4
width '❤️' 2 1
width '1️⃣' 2 1
width '🏳️‍🌈' 2 1
width 'क्षत्रिय' 3 6
width 'हिन्दी' 2 5
width 'ｶﾞ' 1 2
[ "$tmux_version" = "tmux 3.3a" ] || echo "skipped: tmux's own widths, pinned for tmux 3.3a ($tmux_version here)"

echo "repl: $passed passed, $failed failed"
[ "$failed" = 0 ]
