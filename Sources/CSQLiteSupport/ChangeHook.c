#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <stddef.h>
#include <stdlib.h>
#include <sqlite3.h>
#include "CSQLiteSupport.h"

struct rql_change_hook {
    rql_change_callback callback;
    void *context;
};

static void rql_preupdate(void *hook_pointer, sqlite3 *db, int op, const char *schema, const char *table,
                          sqlite3_int64 old_key, sqlite3_int64 new_key) {
    (void)old_key;
    (void)new_key;
    struct rql_change_hook *hook = hook_pointer;
    rql_change_kind kind = op == SQLITE_INSERT ? rql_change_insert
        : op == SQLITE_DELETE ? rql_change_delete : rql_change_update;
    hook->callback(hook->context, schema, table, kind, sqlite3_preupdate_depth(db));
}

/// Each connection has a hook of its own (sessions may run at once, as tests
/// do): allocated here, given to SQLite, and freed when it is replaced or removed.
void rql_set_change_hook(void *connection, rql_change_callback callback, void *context) {
    struct rql_change_hook *hook = NULL;
    if (callback != NULL) {
        hook = malloc(sizeof *hook);
        if (hook == NULL) return;
        hook->callback = callback;
        hook->context = context;
    }
    void *previous = sqlite3_preupdate_hook((sqlite3 *)connection, hook ? rql_preupdate : NULL, hook);
    free(previous);
}
