#include <sqlite3.h>
#include "CSQLiteSupport.h"

int rql_set_config_flag(void *connection, int option, int on) {
    return sqlite3_db_config((sqlite3 *)connection, option, on, (int *)0);
}

int rql_config_flag(void *connection, int option) {
    int value = -1;
    if (sqlite3_db_config((sqlite3 *)connection, option, -1, &value) != SQLITE_OK) return -1;
    return value;
}

int rql_allocate_pages_as_needed(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
