#!/usr/bin/env bash
# The DSL beside hand-written SQL: each line of dsl-suite.tsv (label, DSL
# query, the SQL a careful engineer would write for the same rows, written to
# the definition: a relationship's rows are rows of the far table that exist,
# so the far table is joined, and a path keeps every row) runs both
# ways through the same rql binary, alternately, and prints the medians and
# their ratio. A ratio above 1.20 means the SQL the DSL compiles to makes
# SQLite do more work than it needs; the rows must be the same either way.
# Meant for Chinook enlarged by chinook-x100.sql, where plans, not start-up,
# decide the times.
# Usage: Benchmarks/dsl-suite.sh PATH/TO/rql DB [RUNS]
set -euo pipefail
usage="usage: Benchmarks/dsl-suite.sh PATH/TO/rql DB [RUNS]"
rql=$(realpath "${1:?$usage}")
db=$(realpath "${2:?$usage}")
runs=${3:-5}
here=$(cd "$(dirname "$0")" && pwd)
suite="$here/dsl-suite.tsv"
limit=1.20
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run OUT ARGS...: one rql process on the database in CSV mode, its rows to
# OUT; prints its wall time in microseconds (start-up included, the same on
# both sides). A failing query stops the suite: its timing would mean nothing.
run() {
  local out=$1 start end
  shift
  start=$(date +%s%N)
  "$rql" "$db" --mode csv "$@" >"$out" 2>"$work/stderr" </dev/null || {
    echo "$label: rql failed on: $*" >&2; cat "$work/stderr" >&2; exit 1; }
  end=$(date +%s%N)
  echo $(( (end - start) / 1000 ))
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-30s %10s %10s %8s\n' "query ($runs runs, medians)" "DSL ms" "SQL ms" "ratio"
total=0
slow=0
differ=0
# The suite is read on descriptor 3 so that nothing a query runs reads it.
while IFS=$'\t' read -r label dsl sql <&3; do
  [[ -z $label || $label == \#* ]] && continue
  # A DSL field may hold several commands separated by ' ;; ' (a `let`, then
  # the query that uses it): each becomes its own -c, as typed at the prompt.
  dslArgs=()
  rest=$dsl
  while [[ $rest == *' ;; '* ]]; do
    dslArgs+=(-c "${rest%% ;; *}")
    rest=${rest#* ;; }
  done
  dslArgs+=(-c "$rest")

  : >"$work/dsl.us"; : >"$work/sql.us"
  for ((i = 0; i < runs; i++)); do
    run "$work/dsl.out" "${dslArgs[@]}" >>"$work/dsl.us"
    run "$work/sql.out" -c "$sql" >>"$work/sql.us"
    # Rows are compared on the first run; later outputs are overwritten.
    if ((i == 0)); then
      # Order matters only where the DSL asks for one (an `order` stage);
      # elsewhere SQLite may return the same rows in another order.
      if grep -Eq '\|[[:space:]]*order([[:space:]]|$)' <<<"$dsl"; then
        cmp -s "$work/dsl.out" "$work/sql.out" && same=1 || same=0
      else
        cmp -s <(LC_ALL=C sort "$work/dsl.out") <(LC_ALL=C sort "$work/sql.out") && same=1 || same=0
      fi
    fi
  done
  dslUs=$(median <"$work/dsl.us")
  sqlUs=$(median <"$work/sql.us")
  flag=$(awk -v a="$dslUs" -v b="$sqlUs" -v l="$limit" -v s="$same" 'BEGIN {
    f = ""; if (a / b > l) f = "!"; if (!s) f = "! rows differ"; print f }')
  awk -v l="$label" -v a="$dslUs" -v b="$sqlUs" -v f="$flag" 'BEGIN {
    printf "%-30s %10.1f %10.1f %7.2fx%s\n", l, a / 1000, b / 1000, a / b, (f == "" ? "" : " " f) }'
  total=$((total + 1))
  awk -v a="$dslUs" -v b="$sqlUs" -v l="$limit" 'BEGIN { exit !(a / b > l) }' && slow=$((slow + 1))
  ((same)) || differ=$((differ + 1))
done 3<"$suite"
echo
echo "$slow of $total queries above ${limit}x (DSL / hand-written SQL); $differ with rows that differ."
