#include <sqlite3.h>
#include <string.h>
#include "CSQLiteSupport.h"

int rql_format_real(double value, int digits, char *buffer, int capacity) {
    if (capacity <= 0) return 0;
    sqlite3_snprintf(capacity, buffer, "%!.*g", digits, value);
    return (int)strlen(buffer);
}
