#!/usr/bin/env bash
# Writes the linker's section ordering file for the release build: the
# functions rql runs as it starts on a file, on the sample and for a first
# DSL query, in the order callgrind first meets them. The release build
# places them together, so that starting touches fewer pages of the binary.
# Names that a later change removed are passed over by the linker; `make
# startup-order` writes the file again.
# Usage: Scripts/startup-order.sh PATH/TO/rql > Scripts/startup-order.txt
set -euo pipefail
rql=$(realpath "${1:?usage: Scripts/startup-order.sh PATH/TO/rql}")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# A home of its own: rql looks for ~/.rqlrc, as it starts, and finds none.
export HOME=$scratch
# valgrind reads the symbol table; it gives up on Swift's DWARF 5.
strip --strip-debug -o "$scratch/rql" "$rql"
"$scratch/rql" samples write reminders "$scratch/reminders.sqlite"
run() {
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$scratch/$1.out" "$scratch/rql" "${@:2}" >/dev/null 2>&1
}
run file "$scratch/reminders.sqlite" -c 'select 1'
run sample -c 'select 1'
run dsl -c 'reminders | where isFlagged | count'
# A callgrind file names each object (ob=, cob=) and function (fn=, cfn=)
# once, then by number; an fn= line starts the costs of a function of the
# object the last ob= line named. A name ending in 'N is a recursion depth.
python3 - "$scratch/rql" "$scratch"/file.out "$scratch"/sample.out "$scratch"/dsl.out <<'PYTHON'
import re, sys
binary, seen = sys.argv[1], set()
for path in sys.argv[2:]:
    objects, functions, current = {}, {}, None
    for line in open(path):
        match = re.match(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not match:
            continue
        kind, number, name = match.groups()
        names = objects if kind.endswith("ob") else functions
        if name:
            names[number] = name
        if kind == "ob":
            current = objects[number]
        elif kind == "fn" and current == binary:
            function = re.sub(r"'\d+$", "", functions[number])
            if function not in seen and not function.startswith("0x"):
                seen.add(function)
                print(".text." + function)
PYTHON
