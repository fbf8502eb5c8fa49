#ifndef RQL_CSQLITESUPPORT_H
#define RQL_CSQLITESUPPORT_H

/// Formats `value` as the sqlite3 shell does, through SQLite's own
/// `sqlite3_snprintf` with the `%!.<digits>g` conversion, into `buffer`
/// (NUL-terminated). Returns the number of bytes written, without the NUL.
int rql_format_real(double value, int digits, char *buffer, int capacity);

/// What a row change is, as the pre-update hook reports it.
typedef enum {
    rql_change_insert = 1,
    rql_change_update = 2,
    rql_change_delete = 3,
} rql_change_kind;

/// Called before each row change of a rowid or WITHOUT ROWID table (never
/// for a virtual table): the schema and table names, the kind, and the
/// depth (`sqlite3_preupdate_depth`): 0 for the statement's own change, 1
/// for one a trigger or foreign-key action it caused made, and so on.
typedef void (*rql_change_callback)(void *context, const char *schema, const char *table, rql_change_kind kind,
                                    int depth);

/// Installs (or, with a NULL callback, removes) `sqlite3_preupdate_hook` on
/// `connection` (an `sqlite3 *`). sqlite3.h declares the hook only when
/// SQLITE_ENABLE_PREUPDATE_HOOK is defined, which this C file does; the
/// system library is built with it.
void rql_set_change_hook(void *connection, rql_change_callback callback, void *context);

/// Turns one of `sqlite3_db_config`'s on/off options (`SQLITE_DBCONFIG_DEFENSIVE`,
/// `SQLITE_DBCONFIG_TRUSTED_SCHEMA`, …) on or off for `connection` (an
/// `sqlite3 *`). `sqlite3_db_config` is variadic, which Swift cannot call.
/// Returns an SQLite result code.
int rql_set_config_flag(void *connection, int option, int on);

/// The current value (0 or 1) of one of those options, or -1 when SQLite
/// does not know it.
int rql_config_flag(void *connection, int option);

/// Has each page cache allocate its pages as it needs them, instead of
/// twenty at once as it starts (SQLITE_CONFIG_PAGECACHE with no memory and
/// no pages): SQLite writes a header into each of the twenty, which touched
/// 22 pages of memory per cache as rql started. Only before SQLite is
/// initialized (the first connection, the first VFS registered); returns
/// an SQLite result code.
int rql_allocate_pages_as_needed(void);

/// The time a clock VFS reports: milliseconds since the Unix epoch.
typedef long long (*rql_clock_now)(void *context);

/// Registers, under `name` (copied; under 64 bytes), a VFS that behaves as
/// the default one except that its current time is `now(context)`. A
/// connection opened with `vfs=name` in a URI file name then sees that time
/// in `date('now')` and every date function. The VFS stays registered for
/// the life of the process. Returns an SQLite result code.
int rql_clock_vfs_register(const char *name, rql_clock_now now, void *context);

/// Makes SIGINT (Ctrl-C) count itself and interrupt, with
/// `sqlite3_interrupt`, the connection given to `rql_interrupt_connection`,
/// instead of ending the process. With `ends_process_on_second`, a second
/// SIGINT ends the process at once with status 130 (a script that does not
/// stop for the first).
void rql_interrupt_on_sigint(int ends_process_on_second);

/// The connection (an `sqlite3 *`, or NULL) that SIGINT interrupts.
void rql_interrupt_connection(void *connection);

/// How many SIGINTs have arrived.
long rql_interrupt_count(void);

/// Registers the `generate_series(START, STOP, STEP)` table-valued function
/// that the sqlite3 shell has, on `connection` (an `sqlite3 *`). Returns an
/// SQLite result code.
int rql_register_generate_series(void *connection);

#endif
