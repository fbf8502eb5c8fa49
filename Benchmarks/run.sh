#!/usr/bin/env bash
# make bench: rql beside the sqlite3 shell on the same data, as medians of
# alternating runs, with time ratios and peak memory (max RSS).
# Usage: Benchmarks/run.sh PATH/TO/rql [RUNS]
set -euo pipefail
rql=$(realpath "${1:?usage: Benchmarks/run.sh PATH/TO/rql [RUNS]}")
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../.build/bench"
db="$data/reminders-1m.sqlite"
text="$data/text-1m.sqlite"
mkdir -p "$data"

for tool in sqlite3 /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench needs $tool (make setup installs it)" >&2; exit 2; }
done

# generate NAME: builds .build/bench/NAME.sqlite from Benchmarks/NAME.sql once.
generate() {
  local file="$data/$1.sqlite"
  [ -f "$file" ] && return
  echo "generating $file (deterministic)…" >&2
  rm -f "$file.tmp"
  sqlite3 "$file.tmp" < "$here/$1.sql" >/dev/null
  mv "$file.tmp" "$file"
}
generate reminders-1m
generate text-1m
generate emoji-300k
emoji="$data/emoji-300k.sqlite"

# A schema of 4,000 tables, each with a foreign key to the one before: the
# first DSL command reads the whole catalog.
wide="$data/tables-4000.sqlite"
if [ ! -f "$wide" ]; then
  rm -f "$wide.tmp"
  {
    echo "BEGIN;"
    for ((i = 0; i < 4000; i++)); do
      echo "CREATE TABLE t$i (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value REAL$( ((i > 0)) && echo ", parent INTEGER REFERENCES t$((i - 1)) (id)"));"
    done
    echo "COMMIT;"
  } | sqlite3 "$wide.tmp"
  mv "$wide.tmp" "$wide"
fi

# measure REPEAT COMMAND: prints "microseconds peak-KiB" for one run of
# COMMAND, output discarded. With REPEAT above 1, COMMAND runs that many
# times in one shell and the time is their mean: a process that lives a few
# milliseconds would otherwise be timed with the shell and time(1) around it.
measure() {
  local repeat=$1 command=$2 start end
  start=$(date +%s%N)
  /usr/bin/time -f '%M' -o "$data/rss" bash -c "for ((n = 0; n < $repeat; n++)); do $command; done" \
    >/dev/null 2>"$data/stderr" || { cat "$data/stderr" >&2; exit 1; }
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000 / repeat )) $(tail -n 1 "$data/rss")"
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# compare LABEL "RQL COMMAND" "SQLITE3 COMMAND" [REPEAT]: runs both
# alternately (each REPEAT times a run, see measure), prints one row.
compare() {
  local label=$1 ours=$2 theirs=$3 repeat=${4:-1} i
  : >"$data/ours" ; : >"$data/theirs"
  for ((i = 0; i < runs; i++)); do
    measure "$repeat" "$ours" >>"$data/ours"
    measure "$repeat" "$theirs" >>"$data/theirs"
  done
  local ours_us theirs_us ours_kb theirs_kb
  ours_us=$(cut -d' ' -f1 "$data/ours" | median)
  theirs_us=$(cut -d' ' -f1 "$data/theirs" | median)
  ours_kb=$(cut -d' ' -f2 "$data/ours" | median)
  theirs_kb=$(cut -d' ' -f2 "$data/theirs" | median)
  awk -v l="$label" -v a="$ours_us" -v b="$theirs_us" -v c="$ours_kb" -v d="$theirs_kb" 'BEGIN {
    printf "%-34s %10.1f %10.1f %7.2fx %9.1f %9.1f %7.2fx\n", l, a / 1000, b / 1000, a / b, c / 1024, d / 1024, c / d }'
}

printf '%-34s %10s %10s %8s %9s %9s %8s\n' "benchmark ($runs runs, medians)" "rql ms" "sqlite3 ms" "time" "rql MiB" "sqlite3" "memory"
compare "start-up: -c 'select 1' on a file" "'$rql' '$db' -c 'select 1'" "sqlite3 '$db' 'select 1'" 20
compare "start-up: Reminders sample" "'$rql' -c 'select 1'" "sqlite3 :memory: 'select 1'" 20
# Every mode on text like users' (30% of the titles not ASCII, NULLs), all rows.
for mode in csv json list line html box table markdown; do
  compare "$mode, 1M rows, 30% non-ASCII" "'$rql' --mode $mode '$text' -c '.maxrows 0' -c 'select * from reminders'" \
    "sqlite3 -$mode '$text' 'select * from reminders'"
done
# Every title text-heavy: ZWJ sequences, flags, skin tones, Devanagari.
for mode in box table markdown; do
  compare "$mode, 300k rows, all emoji/CJK" "'$rql' --mode $mode '$emoji' -c '.maxrows 0' -c 'select * from items'" \
    "sqlite3 -$mode '$emoji' 'select * from items'"
done
compare "CSV, 1M rows, ASCII" "'$rql' --mode csv '$db' -c 'select * from reminders'" "sqlite3 -csv '$db' 'select * from reminders'"
compare "box, 1M rows, ASCII" "'$rql' --mode box '$db' -c '.maxrows 0' -c 'select * from reminders'" "sqlite3 -box '$db' 'select * from reminders'"
compare "first DSL command, 4,000 tables" "'$rql' '$wide' -c 't0 | count'" "sqlite3 '$wide' 'select count(*) from t0'"
# Data in: a 1,000,000-record CSV of 6 columns (non-ASCII titles, notes
# with NULLs and newlines, a REAL score) into a new table; sqlite3 infers
# no types, rql parses every number.
csv="$data/import-1m-real.csv"
if [ ! -f "$csv" ]; then
  sqlite3 -csv -header "$text" "SELECT position AS n, title, priority, dueDate, notes, round(position / 3.0, 2) AS score FROM reminders" >"$csv.tmp"
  mv "$csv.tmp" "$csv"
fi
compare ".import, 1M-row CSV, new table" "rm -f '$data/imported.sqlite' && '$rql' '$data/imported.sqlite' -c \".import '$csv' t\"" \
  "rm -f '$data/imported.sqlite' && sqlite3 '$data/imported.sqlite' -cmd \".import --csv '$csv' t\" .exit"
compare ".dump of that table" "'$rql' '$data/imported.sqlite' -c .dump" "sqlite3 '$data/imported.sqlite' .dump"
# REAL-heavy: 200,000 records of four REAL columns (fifteen digits, two,
# three, and whole ones written with .0) and a non-ASCII title.
reals="$data/import-200k-reals.csv"
if [ ! -f "$reals" ]; then
  sqlite3 -csv -header "$emoji" "SELECT id / 7.0 AS ratio, round(amount * 1.37, 2) AS price,
    (id * 2654435761 % 1000000) / 1000.0 AS measure, CAST(id % 5000 AS REAL) AS whole, title
    FROM items WHERE id <= 200000" >"$reals.tmp"
  mv "$reals.tmp" "$reals"
fi
compare ".import, 200k-row CSV, four REAL columns" "rm -f '$data/imported.sqlite' && '$rql' '$data/imported.sqlite' -c \".import '$reals' t\"" \
  "rm -f '$data/imported.sqlite' && sqlite3 '$data/imported.sqlite' -cmd \".import --csv '$reals' t\" .exit"
compare "box, default .maxrows (40)" "'$rql' --mode box '$db' -c '.maxrows 40' -c 'select * from reminders'" "sqlite3 -box '$db' 'select * from reminders'"
echo
echo "time and memory columns are rql / sqlite3; below 1.00x rql is faster or smaller."
echo "targets: start-up < 10 ms (file), < 20 ms (sample); every mode <= 1.0x time;"
echo "box (all rows) <= 0.5x memory; box with .maxrows: constant memory; first DSL command at"
echo "4,000 tables < 150 ms; .import <= 1.0x time, < 64 MiB; .dump <= 1.2x time."

# The profiler's cost: a 100,000-row insert into the Reminders sample that
# fires its triggers (position numbering, FTS5 sync) on every row, with
# .profile on and .trace on, and with neither.
base="$data/reminders-sample.sqlite"
rm -f "$base"
"$rql" samples write reminders "$base"
insert="WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
  INSERT INTO reminders (title, remindersListID) SELECT 'reminder ' || i, '00000000-0000-4000-8000-00000000a001' FROM n"
echo
printf '%-34s %10s %10s %8s %9s %9s %8s\n' "profiler ($runs runs, medians)" "on ms" "off ms" "time" "on MiB" "off MiB" "memory"
for tracer in profile trace; do
  compare "100,000-row insert, .$tracer on" \
    "cp '$base' '$data/run.sqlite' && '$rql' '$data/run.sqlite' -c '.$tracer on' -c \"$insert\"" \
    "cp '$base' '$data/run.sqlite' && '$rql' '$data/run.sqlite' -c \"$insert\""
done
echo "targets: .profile on costs at most 20% (time 1.20x), .trace on at most 30%."

# Trying a write: deleting the list that holds those 100,000 reminders (its
# reminders, their tags and their FTS rows go with it, by cascades and
# triggers), with .preview, and in a sandbox that rql discards as it ends,
# against the same DELETE in a transaction rolled back.
big="$data/reminders-100k.sqlite"
if [ ! -f "$big" ]; then
  cp "$base" "$big.tmp" && "$rql" "$big.tmp" -c "$insert" && mv "$big.tmp" "$big"
fi
delete="DELETE FROM remindersLists WHERE title = 'Personal'"
echo
printf '%-34s %10s %10s %8s %9s %9s %8s\n' "writes tried ($runs runs, medians)" "tried ms" "plain ms" "time" "tried MiB" "plain MiB" "memory"
compare ".preview of a 100k-row cascade" "'$rql' '$big' -c \".preview $delete\"" \
  "'$rql' '$big' -c BEGIN -c \"$delete\" -c ROLLBACK"
compare "the same DELETE in a sandbox" "'$rql' '$big' -c '.sandbox on' -c \"$delete\"" \
  "'$rql' '$big' -c BEGIN -c \"$delete\" -c ROLLBACK"
echo "targets: .preview costs what .profile on costs (it profiles the command); a sandbox"
echo "costs nothing more than the transaction it holds."

# Grading an answer to an exercise on the Reminders sample: a wrong one (the
# inner join that drops a list with no open reminder) found and shrunk to its
# counterexample, and a right one tried on 300 variant databases, beside
# running the reference once.
exercise="$data/exercise.rql"
reference="SELECT l.title, count(r.id) AS open FROM remindersLists AS l LEFT JOIN reminders AS r ON r.remindersListID = l.id AND r.status = 0 GROUP BY l.id"
printf -- '-- @sample reminders\n-- @exercise open-per-list\n%s;\n' "$reference" > "$exercise"
inner="SELECT l.title, count(*) FROM remindersLists l JOIN reminders r ON r.remindersListID = l.id WHERE r.status = 0 GROUP BY l.id"
right="SELECT title, (SELECT count(*) FROM reminders WHERE remindersListID = remindersLists.id AND status = 0) FROM remindersLists"
echo
printf '%-34s %10s %10s %8s %9s %9s %8s\n' "exercises graded ($runs runs, medians)" "grade ms" "query ms" "time" "grade MiB" "query MiB" "memory"
compare "wrong answer, its counterexample" "'$rql' grade '$exercise' --exercise open-per-list --answer '$inner' || true" "'$rql' -c '$reference'"
compare "right answer, 300 variants" "'$rql' grade '$exercise' --exercise open-per-list --answer '$right'" "'$rql' -c '$reference'"
# (rql grade exits 1 for the wrong answer it explains.)
{ "$rql" grade "$exercise" --exercise open-per-list --answer "$inner" || true; } | tail -n 1
echo
"$here/enter-to-prompt.sh" "$rql"
echo
"$(dirname "$rql")/rql-compile-bench"

echo
"$here/serve.sh" "$rql" "$runs"

# The DSL beside hand-written SQL on Chinook enlarged 100 times (built once
# from ../shared/data/chinook.sqlite, a database nobody here made).
chinook="$here/../../shared/data/chinook.sqlite"
if [ -f "$chinook" ]; then
  big="$data/chinook-x100.sqlite"
  if [ ! -f "$big" ]; then
    echo "generating $big (Chinook, 100 times its rows)…" >&2
    rm -f "$big.tmp"
    cp "$chinook" "$big.tmp"
    chmod u+w "$big.tmp"
    sqlite3 "$big.tmp" < "$here/chinook-x100.sql" >/dev/null
    mv "$big.tmp" "$big"
  fi
  echo
  # .summarize reads every row once: beside sqlite3 counting the rows and
  # then reading (and printing) them, its time should stay within 2x.
  compare ".summarize, Chinook x100 InvoiceLine" "'$rql' '$big' -c '.summarize InvoiceLine'" \
    "sqlite3 '$big' 'SELECT count(*) FROM InvoiceLine' 'SELECT * FROM InvoiceLine'"
  echo
  # Many of the queries take 15-20 ms: more runs keep a median steady.
  "$here/dsl-suite.sh" "$rql" "$big" $((runs * 2 + 1))
  # The same with rows whose parent is gone, as databases that never turned
  # foreign keys on hold them: the DSL's rows are still the definition's.
  orphans="$data/chinook-x100-orphans.sqlite"
  if [ ! -f "$orphans" ]; then
    rm -f "$orphans.tmp"
    cp "$big" "$orphans.tmp"
    chmod u+w "$orphans.tmp"  # a copy of a read-only file is read-only
    sqlite3 "$orphans.tmp" < "$here/chinook-orphans.sql" >/dev/null
    mv "$orphans.tmp" "$orphans"
  fi
  echo
  echo "The DSL suite again, on Chinook x100 with orphans:"
  "$here/dsl-suite.sh" "$rql" "$orphans" $((runs * 2 + 1))
else
  echo
  echo "DSL suite skipped: $chinook is absent."
fi
