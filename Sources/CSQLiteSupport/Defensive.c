#include <sqlite3.h>
#include "CSQLiteSupport.h"

int rql_set_defensive(void *connection, int on) {
    return sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_DEFENSIVE, on, (int *)0);
}
