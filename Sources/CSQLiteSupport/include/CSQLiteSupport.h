#ifndef RQL_CSQLITESUPPORT_H
#define RQL_CSQLITESUPPORT_H

/// Formats `value` as the sqlite3 shell does, through SQLite's own
/// `sqlite3_snprintf` with the `%!.<digits>g` conversion, into `buffer`
/// (NUL-terminated). Returns the number of bytes written, without the NUL.
int rql_format_real(double value, int digits, char *buffer, int capacity);

#endif
