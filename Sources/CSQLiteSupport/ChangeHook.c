#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <stddef.h>
#include <sqlite3.h>
#include "CSQLiteSupport.h"

struct rql_change_hook {
    rql_change_callback callback;
    void *context;
};

static void rql_preupdate(void *hook_pointer, sqlite3 *db, int op, const char *schema, const char *table,
                          sqlite3_int64 old_key, sqlite3_int64 new_key) {
    (void)db;
    (void)old_key;
    (void)new_key;
    struct rql_change_hook *hook = hook_pointer;
    rql_change_kind kind = op == SQLITE_INSERT ? rql_change_insert
        : op == SQLITE_DELETE ? rql_change_delete : rql_change_update;
    hook->callback(hook->context, schema, table, kind);
}

/// One hook per process is enough: rql watches one connection at a time.
static struct rql_change_hook installed;

void rql_set_change_hook(void *connection, rql_change_callback callback, void *context) {
    if (callback == NULL) {
        sqlite3_preupdate_hook((sqlite3 *)connection, NULL, NULL);
        return;
    }
    installed.callback = callback;
    installed.context = context;
    sqlite3_preupdate_hook((sqlite3 *)connection, rql_preupdate, &installed);
}
