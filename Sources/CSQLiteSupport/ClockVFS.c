#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "CSQLiteSupport.h"

/// A copy of the default VFS whose clock asks rql. The copy keeps the
/// default's pAppData and methods, so files open and lock as usual; only
/// xCurrentTime and xCurrentTimeInt64 change. SQLite reads the time of a
/// connection from its VFS, so `'now'` in every date function follows it.
struct rql_clock_vfs {
    sqlite3_vfs base;
    rql_clock_now now;
    void *context;
    char name[64];
};

/// Milliseconds from the Julian day epoch to the Unix epoch.
static const sqlite3_int64 rql_unix_epoch_julian_ms = 210866760000000LL;

static int rql_clock_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *julian_ms) {
    struct rql_clock_vfs *clock = (struct rql_clock_vfs *)vfs;
    *julian_ms = clock->now(clock->context) + rql_unix_epoch_julian_ms;
    return SQLITE_OK;
}

static int rql_clock_time(sqlite3_vfs *vfs, double *julian_days) {
    sqlite3_int64 julian_ms = 0;
    rql_clock_time_int64(vfs, &julian_ms);
    *julian_days = (double)julian_ms / 86400000.0;
    return SQLITE_OK;
}

int rql_clock_vfs_register(const char *name, rql_clock_now now, void *context) {
    sqlite3_vfs *fallback = sqlite3_vfs_find(NULL);
    if (fallback == NULL || strlen(name) >= sizeof(((struct rql_clock_vfs *)0)->name)) return SQLITE_ERROR;
    struct rql_clock_vfs *clock = calloc(1, sizeof(struct rql_clock_vfs));
    if (clock == NULL) return SQLITE_NOMEM;
    clock->base = *fallback;
    clock->base.pNext = NULL;
    strcpy(clock->name, name);
    clock->base.zName = clock->name;
    clock->base.xCurrentTime = rql_clock_time;
    if (clock->base.iVersion >= 2) clock->base.xCurrentTimeInt64 = rql_clock_time_int64;
    clock->now = now;
    clock->context = context;
    int code = sqlite3_vfs_register(&clock->base, 0);
    if (code != SQLITE_OK) free(clock);
    return code;
}
