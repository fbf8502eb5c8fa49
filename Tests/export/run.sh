#!/usr/bin/env bash
# Exported HTML in a real browser: every sample notebook is exported from
# its recorded outputs and rendered by headless Chromium, which must produce
# a screenshot; the page must fetch nothing and run nothing. Each is also
# exported from a fresh run (--execute), which must succeed. Usage: Tests/export/run.sh PATH/TO/rql
set -u
rql=$(realpath "${1:?usage: Tests/export/run.sh PATH/TO/rql}")
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

browser=$(command -v chromium || command -v chromium-browser || true)
for notebook in Samples/notebooks/*.rql; do
  name=$(basename "$notebook" .rql)
  html="$scratch/$name.html"
  if ! "$rql" export "$notebook" --to html -o "$html"; then fail "$name: export"; continue; fi
  if "$rql" export "$notebook" --to html --execute -o "$scratch/$name-live.html"; then passed=$((passed + 1)); else fail "$name: export --execute"; fi
  if grep -qiE '<script|<link|<img|src=|@import|url\(' "$html"; then fail "$name: the page loads or runs something"; else passed=$((passed + 1)); fi
  if [ -z "$browser" ]; then
    echo "skipped: no chromium to render $name.html"
    continue
  fi
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$scratch/profile" --window-size=1000,1400 --screenshot="$scratch/$name.png" \
    "file://$html" >"$scratch/browser.log" 2>&1
  # A PNG file starts with \x89PNG; a blank page would be a few kilobytes.
  if [ "$(head -c 4 "$scratch/$name.png" 2>/dev/null | tail -c 3)" = "PNG" ] && [ "$(stat -c %s "$scratch/$name.png")" -gt 20000 ]; then
    passed=$((passed + 1))
  else
    fail "$name: no screenshot ($(tail -1 "$scratch/browser.log"))"
  fi
done

# pictures.rql from a fresh run: its diagram and charts are inline SVG, and the page renders.
"$rql" export Samples/notebooks/pictures.rql --to html --execute -o "$scratch/pictures-live.html"
if [ "$(grep -c '<svg class="chart"' "$scratch/pictures-live.html")" -ge 4 ]; then passed=$((passed + 1)); else fail "pictures: the charts are not drawn as SVG"; fi
if grep -qiE '<script|<link|<img|src=|@import|url\(' "$scratch/pictures-live.html"; then fail "pictures: the live page loads or runs something"; else passed=$((passed + 1)); fi
if [ -n "$browser" ]; then
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$scratch/profile" --window-size=1000,3000 --screenshot="$scratch/pictures-live.png" \
    "file://$scratch/pictures-live.html" >"$scratch/browser.log" 2>&1
  if [ "$(stat -c %s "$scratch/pictures-live.png" 2>/dev/null || echo 0)" -gt 50000 ]; then passed=$((passed + 1)); else fail "pictures: no screenshot of the live page"; fi
fi

echo "export: $passed passed, $failed failed"
[ "$failed" = 0 ]
