#!/usr/bin/env bash
# Enter to prompt: how long rql takes, at a real terminal, from reading the
# Enter that ends a command to writing the next prompt, with a full history
# file (2,499 entries: the second command trims it to 2,000, the others
# append).
# rql runs in tmux under strace; the times are those of the read(2) that
# returns the Enter and the write(2) of the prompt, so they include the
# command, saving the history and strace's own cost for each system call.
# Usage: Benchmarks/enter-to-prompt.sh PATH/TO/rql [COMMANDS]
set -euo pipefail
rql=$(realpath "${1:?usage: Benchmarks/enter-to-prompt.sh PATH/TO/rql [COMMANDS]}")
commands=${2:-21}
for tool in tmux strace; do
  command -v "$tool" >/dev/null || { echo "enter-to-prompt needs $tool (make bench installs it)" >&2; exit 2; }
done
scratch=$(mktemp -d)
socket="rql-bench-$$"
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'tmux_ kill-server 2>/dev/null; rm -rf "$scratch"' EXIT
export HOME="$scratch/home" XDG_STATE_HOME="$scratch/state"
mkdir -p "$HOME" "$XDG_STATE_HOME/rql"

# Entries like users' own: SQL and DSL with accents, CJK and emoji, some of
# several lines (kept as one line each, with \n inside).
for ((i = 0; i < 2499; i++)); do
  case $((i % 4)) in
    0) echo "SELECT title, notes FROM reminders WHERE title LIKE '%Café $i%' ORDER BY dueDate;" ;;
    1) echo "reminders | where title == '東京 $i 🎉' | select title, remindersList.title | limit 5" ;;
    2) echo "SELECT count(*)\\n  FROM reminders\\n  WHERE notes = 'naïve résumé $i';" ;;
    3) echo ".describe reminders" ;;
  esac
done >"$XDG_STATE_HOME/rql/history"

tmux_ new-session -d -s bench -x 120 -y 40 \
  "strace -tt -e trace=read,write -s 64 -o '$scratch/trace' '$rql'; sleep 60"
# wait_for TEXT: until the screen shows TEXT (at most 10 s).
wait_for() {
  local waited=0
  until tmux_ capture-pane -p -t bench | grep -qF -- "$1"; do
    sleep 0.05
    waited=$((waited + 1))
    ((waited < 200)) || { echo "enter-to-prompt: rql did not show '$1'" >&2; exit 1; }
  done
}
wait_for "rql reminders>"
for ((i = 1; i <= commands; i++)); do
  tmux_ send-keys -t bench -l "select 'é $i 東京'"
  tmux_ send-keys -t bench '\;' Enter
  wait_for "é $i 東京 "
  sleep 0.1
done
tmux_ send-keys -t bench C-d
sleep 0.3

# Pairs each read of the Enter ("\n" once the terminal has translated it)
# with the next write of the prompt; prints the median and the slowest.
awk '
  function seconds(stamp,  parts) { split(stamp, parts, ":"); return parts[1] * 3600 + parts[2] * 60 + parts[3] }
  $2 ~ /^read\(0,/ && $2 $3 ~ /"\\n"/ { enter = seconds($1); next }
  $2 ~ /^write\(/ && /rql reminders> / && enter { print (seconds($1) - enter) * 1000; enter = 0 }
' "$scratch/trace" | sort -n >"$scratch/times"
count=$(wc -l <"$scratch/times")
((count > 0)) || { echo "enter-to-prompt: no Enter was paired with a prompt" >&2; exit 1; }
awk -v n="$count" '{ v[NR] = $1 } END {
  printf "%-34s %10.2f ms median, %.2f ms slowest, %d commands\n", "Enter to prompt, full history", v[int((n + 1) / 2)], v[n], n }' "$scratch/times"
echo "target: Enter to prompt < 10 ms with a full history."
