#!/usr/bin/env bash
# rql serve in a real browser (Tests/serve/browser.py): a copy of the tour
# and pictures notebooks in a git repository, served; the browser edits,
# runs and saves one cell; then rql check must pass on the saved file and
# git diff must show that cell's lines only. Then the server must stop
# cleanly on Ctrl-C. Usage: Tests/serve/run.sh PATH/TO/rql [SCREENSHOT.png] [--bench]
set -u
rql=$(realpath "${1:?usage: Tests/serve/run.sh PATH/TO/rql [SCREENSHOT.png] [--bench]}")
cd "$(dirname "$0")/../.."
root=$(pwd)
scratch=$(mktemp -d)
screenshot=${2:-$scratch/page.png}
bench=${3:-}
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$scratch"' EXIT
passed=0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }
pass() { passed=$((passed + 1)); }

if ! python3 -c 'import selenium' 2>/dev/null || [ ! -x /usr/bin/chromedriver ]; then
  echo "serve: skipped: no selenium or chromium-driver (make test-setup installs them)"
  exit 0
fi

mkdir "$scratch/notes"
cp Samples/notebooks/tour.rql Samples/notebooks/pictures.rql "$scratch/notes/"
# Fifty cells, for the page-load figure.
for i in $(seq 50); do printf -- '-- Cell %d, with *prose*.\n\nSELECT %d AS n, '"'"'ß%d'"'"' AS label;\n\n' "$i" "$i" "$i"; done > "$scratch/notes/fifty.rql"
printf -- "-- Another editor writes this file while the page has it open.\n\nSELECT 'mine';\n" > "$scratch/notes/changed.rql"
git -C "$scratch/notes" init -q && git -C "$scratch/notes" add . && git -C "$scratch/notes" -c user.name=t -c user.email=t@t commit -qm start

# serve_from FOLDER OUT [ARGUMENTS]: starts rql serve in FOLDER, its output
# in OUT (errors in OUT.err), and sets server and url once it printed its address.
serve_from() {
  local folder=$1 out=$2
  shift 2
  (cd "$folder" && exec "$rql" serve "$@" >"$out" 2>"$out.err") &
  server=$!
  for _ in $(seq 100); do grep -q http "$out" && break; sleep 0.1; done
  url=$(grep -o 'http://[^ ]*' "$out")
  if [ -z "$url" ]; then fail "rql serve printed no address: $(cat "$out.err")"; echo "serve: $passed passed, $failed failed"; exit 1; fi
}

serve_from "$scratch/notes" "$scratch/out" .
case "$url" in http://127.0.0.1:*/\?token=*) pass ;; *) fail "the address: $url" ;; esac
# The folder mode opens the first notebook; the test asks for the tour.
if timeout 300 python3 Tests/serve/browser.py "${url%%\?*}?nb=tour.rql&token=${url##*token=}" "$screenshot" "$scratch/notes/changed.rql" $bench; then pass; else fail "the browser session"; fi

# rql check passes on the saved file, and git diff shows the one cell.
if (cd "$scratch/notes" && "$rql" check tour.rql >/dev/null); then pass; else fail "rql check on the saved notebook"; fi
changed=$(git -C "$scratch/notes" diff --numstat -- tour.rql)
if [ "$changed" = "$(printf '6\t8\ttour.rql')" ]; then pass; else fail "git diff shows more than the one cell: $changed"; fi
if git -C "$scratch/notes" diff -- tour.rql | grep -q "^+SELECT 'héllo 日本' AS greeting, 'Ünïcödé' AS word;$"; then pass; else fail "the edited cell"; fi
if [ -z "$(git -C "$scratch/notes" status --porcelain -- pictures.rql fifty.rql)" ]; then pass; else fail "a notebook only run was written"; fi
if [ "$(cat "$scratch/notes/changed.rql")" = "SELECT 'theirs';" ]; then pass; else fail "the notebook changed on disk was saved over"; fi

# Ctrl-C stops the server, saving nothing.
kill -INT "$server"
for _ in $(seq 50); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$server" 2>/dev/null; then fail "the server did not stop on Ctrl-C"; else pass; fi
wait "$server"; status=$?
server=""
if [ "$status" = 0 ] && grep -q "rql serve: stopped" "$scratch/out.err"; then pass; else fail "the stop: status $status, $(cat "$scratch/out.err")"; fi

# No notebook: the new one, saved under the name typed.
mkdir "$scratch/empty"
serve_from "$scratch/empty" "$scratch/out2"
if timeout 120 python3 Tests/serve/browser.py "$url" --new; then pass; else fail "the new notebook in the browser"; fi
if (cd "$scratch/empty" && [ -f first.rql ] && "$rql" check first.rql >/dev/null); then pass; else fail "the new notebook saved and checked"; fi
kill -INT "$server"; wait "$server"; server=""

echo "serve: $passed passed, $failed failed"
[ "$failed" = 0 ]
