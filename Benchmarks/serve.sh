#!/usr/bin/env bash
# rql serve's figures: in headless Chromium (Tests/serve/browser.py --bench),
# the load of a 50-cell notebook and a 1,000-row cell from Ctrl-Enter to its
# rows on the page; over HTTP, a 100,000-row cell (the page gets its first
# rows, the server holds the rest) and the server's memory with five
# notebooks open, each having run a cell. Usage: Benchmarks/serve.sh PATH/TO/rql [RUNS]
set -euo pipefail
rql=$(realpath "${1:?usage: Benchmarks/serve.sh PATH/TO/rql [RUNS]}")
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$scratch"' EXIT

mkdir "$scratch/notes"
for i in 1 2 3 4 5; do cp "$here/../Samples/notebooks/tour.rql" "$scratch/notes/tour$i.rql"; done
"$rql" serve "$scratch/notes" >"$scratch/out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q http "$scratch/out" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$scratch/out")
port=${url#http://127.0.0.1:}
port=${port%%/*}
cookie="Cookie: rql-token-$port=${url##*token=}"
api() { curl -s -H "$cookie" -H 'Content-Type: application/json' "$@"; }

echo "rql serve:"
# A 100,000-row result: the time to answer, and what the page receives.
body='{"path":"tour1.rql","segment":1,"segments":[{"kind":"text","lines":["-- @sample reminders"]},{"kind":"cell","output":null,"source":"SELECT value, '"'"'日本 👩‍👩‍👧 '"'"' || value AS label, NULL AS empty FROM generate_series(1, 100000);"}]}'
times=()
for _ in $(seq "$runs"); do
  times+=("$(api -o "$scratch/run.json" -w '%{time_total}' -d "$body" "http://127.0.0.1:$port/api/run")")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
printf '  100,000-row cell answered in %.1f ms (median of %d); the page receives %s KB (its first 200 rows), the rest paged\n' \
  "$(awk -v s="$median" 'BEGIN { print s * 1000 }')" "$runs" "$(( $(stat -c %s "$scratch/run.json") / 1024 ))"

# Five notebooks open, each having run its first query.
for i in 1 2 3 4 5; do
  api -o /dev/null "http://127.0.0.1:$port/api/notebook?path=tour$i.rql"
  api -o /dev/null -d '{"path":"tour'$i'.rql","segment":3,"segments":[{"kind":"text","lines":["-- @sample reminders"]},{"kind":"text","lines":[]},{"kind":"text","lines":[]},{"kind":"cell","output":null,"source":"reminders | select title, notes"}]}' \
    "http://127.0.0.1:$port/api/run"
done
printf '  memory with 5 notebooks open (one holding a 100,000-row result): %s MiB resident, %s MiB peak\n' \
  "$(( $(awk '/VmRSS/ {print $2}' /proc/$server/status) / 1024 ))" "$(( $(awk '/VmHWM/ {print $2}' /proc/$server/status) / 1024 ))"
kill -INT "$server"
wait "$server" || true
server=""

if python3 -c 'import selenium' 2>/dev/null && [ -x /usr/bin/chromedriver ]; then
  # A failed browser session costs its figures, not the rest of make bench.
  "$here/../Tests/serve/run.sh" "$rql" "$scratch/page.png" --bench >"$scratch/browser.log" 2>&1 \
    || echo "  the browser session failed: $(grep -m1 '^FAIL' "$scratch/browser.log")"
  grep '^bench:' "$scratch/browser.log" | sed 's/^bench: /  /' || true
else
  echo "  browser figures skipped: no selenium or chromium-driver (make test-setup installs them)"
fi
