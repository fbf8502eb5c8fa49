// generate_series(START, STOP, STEP): the table-valued function the sqlite3
// shell has, as an eponymous virtual table. Its rows are the integers from
// START to STOP (default 4294967295) by STEP (default 1; 0 counts as 1); a
// negative STEP gives the same integers in descending order. The hidden
// columns start, stop and step hold the arguments (step as its size).
#include <sqlite3.h>
#include <string.h>
#include "CSQLiteSupport.h"

enum { SERIES_VALUE, SERIES_START, SERIES_STOP, SERIES_STEP };

typedef struct {
    sqlite3_vtab_cursor base;
    sqlite3_int64 start, stop, step;   // the arguments, as given
    sqlite3_int64 first, last;         // the first and last values produced
    sqlite3_uint64 lastIndex, index;   // the index of the last value, and of the current
    int isEmpty;
} SeriesCursor;

static int series_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                          sqlite3_vtab **table, char **error) {
    (void)aux; (void)argc; (void)argv; (void)error;
    int code = sqlite3_declare_vtab(db, "CREATE TABLE x(value, start HIDDEN, stop HIDDEN, step HIDDEN)");
    if (code != SQLITE_OK) return code;
    sqlite3_vtab *created = sqlite3_malloc(sizeof(sqlite3_vtab));
    if (!created) return SQLITE_NOMEM;
    memset(created, 0, sizeof(*created));
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    *table = created;
    return SQLITE_OK;
}

static int series_disconnect(sqlite3_vtab *table) {
    sqlite3_free(table);
    return SQLITE_OK;
}

// idxNum: bit 1 start, bit 2 stop, bit 4 step are given, in that argv order.
static int series_best_index(sqlite3_vtab *table, sqlite3_index_info *info) {
    int use[3] = {-1, -1, -1};
    int unusable = 0;
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *constraint = &info->aConstraint[i];
        if (constraint->iColumn < SERIES_START || constraint->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
        if (!constraint->usable) {
            if (constraint->iColumn == SERIES_START) unusable = 1;
            continue;
        }
        use[constraint->iColumn - SERIES_START] = i;
    }
    if (use[0] < 0) {
        if (unusable) return SQLITE_CONSTRAINT;  // another plan gives START a value
        sqlite3_free(table->zErrMsg);
        table->zErrMsg = sqlite3_mprintf("first argument to \"generate_series()\" missing or unusable");
        return SQLITE_ERROR;
    }
    int next = 1, mask = 0;
    for (int column = 0; column < 3; column++) {
        if (use[column] < 0) continue;
        info->aConstraintUsage[use[column]].argvIndex = next++;
        info->aConstraintUsage[use[column]].omit = 1;
        mask |= 1 << column;
    }
    info->idxNum = mask;
    info->estimatedCost = (mask & 2) ? 1000.0 : 2147483647.0;
    info->estimatedRows = (mask & 2) ? 1000 : 2147483647;
    return SQLITE_OK;
}

static int series_open(sqlite3_vtab *table, sqlite3_vtab_cursor **cursor) {
    (void)table;
    SeriesCursor *opened = sqlite3_malloc(sizeof(SeriesCursor));
    if (!opened) return SQLITE_NOMEM;
    memset(opened, 0, sizeof(*opened));
    *cursor = &opened->base;
    return SQLITE_OK;
}

static int series_close(sqlite3_vtab_cursor *cursor) {
    sqlite3_free(cursor);
    return SQLITE_OK;
}

static int series_filter(sqlite3_vtab_cursor *base, int mask, const char *name, int argc, sqlite3_value **argv) {
    (void)name;
    SeriesCursor *cursor = (SeriesCursor *)base;
    int argument = 0;
    int hasNull = 0;
    sqlite3_value *values[3] = {0, 0, 0};
    for (int column = 0; column < 3; column++) {
        if ((mask & (1 << column)) && argument < argc) values[column] = argv[argument++];
    }
    for (int column = 0; column < 3; column++) {
        if (values[column] && sqlite3_value_type(values[column]) == SQLITE_NULL) hasNull = 1;
    }
    cursor->start = values[0] ? sqlite3_value_int64(values[0]) : 0;
    cursor->stop = values[1] ? sqlite3_value_int64(values[1]) : 4294967295LL;
    cursor->step = values[2] ? sqlite3_value_int64(values[2]) : 1;
    cursor->index = 0;
    cursor->lastIndex = 0;
    cursor->isEmpty = hasNull || cursor->start > cursor->stop;
    if (cursor->isEmpty) return SQLITE_OK;
    // |step| as an unsigned number, so that the smallest int64 has one too.
    sqlite3_uint64 stride = cursor->step == 0 ? 1
        : cursor->step < 0 ? (sqlite3_uint64)0 - (sqlite3_uint64)cursor->step : (sqlite3_uint64)cursor->step;
    sqlite3_uint64 span = (sqlite3_uint64)cursor->stop - (sqlite3_uint64)cursor->start;
    cursor->lastIndex = span / stride;
    sqlite3_uint64 lastOffset = cursor->lastIndex * stride;
    cursor->first = cursor->start;
    cursor->last = (sqlite3_int64)((sqlite3_uint64)cursor->start + lastOffset);
    if (cursor->step < 0) {
        sqlite3_int64 swap = cursor->first;
        cursor->first = cursor->last;
        cursor->last = swap;
    }
    return SQLITE_OK;
}

static int series_next(sqlite3_vtab_cursor *base) {
    ((SeriesCursor *)base)->index++;
    return SQLITE_OK;
}

static int series_eof(sqlite3_vtab_cursor *base) {
    SeriesCursor *cursor = (SeriesCursor *)base;
    // After the last value, index wraps to 0 only for a full 2^64 range: never reached.
    return cursor->isEmpty || cursor->index > cursor->lastIndex;
}

static sqlite3_int64 series_value(SeriesCursor *cursor) {
    sqlite3_uint64 stride = cursor->step == 0 ? 1
        : cursor->step < 0 ? (sqlite3_uint64)0 - (sqlite3_uint64)cursor->step : (sqlite3_uint64)cursor->step;
    sqlite3_uint64 offset = cursor->index * stride;
    return cursor->step < 0 ? (sqlite3_int64)((sqlite3_uint64)cursor->first - offset)
                            : (sqlite3_int64)((sqlite3_uint64)cursor->first + offset);
}

static int series_column(sqlite3_vtab_cursor *base, sqlite3_context *context, int column) {
    SeriesCursor *cursor = (SeriesCursor *)base;
    switch (column) {
        case SERIES_VALUE: sqlite3_result_int64(context, series_value(cursor)); break;
        case SERIES_START: sqlite3_result_int64(context, cursor->start); break;
        case SERIES_STOP: sqlite3_result_int64(context, cursor->stop); break;
        // As the sqlite3 shell shows it: the size of a step, 0 as 1.
        default: sqlite3_result_int64(context, cursor->step == 0 ? 1
            : cursor->step < 0 ? (sqlite3_int64)((sqlite3_uint64)0 - (sqlite3_uint64)cursor->step) : cursor->step); break;
    }
    return SQLITE_OK;
}

static int series_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid) {
    *rowid = (sqlite3_int64)((SeriesCursor *)base)->index + 1;
    return SQLITE_OK;
}

static sqlite3_module series_module = {
    .iVersion = 0,
    .xCreate = 0,  // eponymous only: no CREATE VIRTUAL TABLE
    .xConnect = series_connect,
    .xBestIndex = series_best_index,
    .xDisconnect = series_disconnect,
    .xDestroy = 0,
    .xOpen = series_open,
    .xClose = series_close,
    .xFilter = series_filter,
    .xNext = series_next,
    .xEof = series_eof,
    .xColumn = series_column,
    .xRowid = series_rowid,
};

int rql_register_generate_series(void *connection) {
    return sqlite3_create_module((sqlite3 *)connection, "generate_series", &series_module, 0);
}
