#!/usr/bin/env bash
# Writes rql.1, the manual page, from rql --help and the help of each
# subcommand, so the page says what the binary says.
# Usage: Scripts/man-page.sh PATH/TO/rql > rql.1
set -euo pipefail
rql=${1:?usage: Scripts/man-page.sh PATH/TO/rql}
# roff: a line starting with . or ' is a request, and \ is an escape.
escape() { sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"; }
version=$("$rql" --version | cut -d' ' -f2)
cat <<HEAD
.TH RQL 1 "" "rql $version" "User Commands"
.SH NAME
rql \- an interactive SQLite explorer: SQL, a pipelined query DSL, dot-commands and sample databases
.SH SYNOPSIS
.B rql
[\fIoptions\fR] [\fIdatabase\fR] [\fIcommand\fR ...]
.br
.B rql
\fIsubcommand\fR [\fIoptions\fR]
.SH DESCRIPTION
.nf
HEAD
"$rql" --help | escape
for subcommand in run check update export grade serve compile import samples; do
  printf '.fi\n.SH "RQL %s"\n.nf\n' "$(tr '[:lower:]' '[:upper:]' <<<"$subcommand")"
  "$rql" "$subcommand" --help | escape
done
printf '.fi\n.SH "SEE ALSO"\nsqlite3(1)\n'
