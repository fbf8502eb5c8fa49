#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include "CSQLiteSupport.h"

// Read by the signal handler: plain statics it can reach without locks.
static void *volatile interrupted_connection = 0;
static volatile sig_atomic_t interrupt_count = 0;
static volatile sig_atomic_t ends_on_second = 0;

static void on_interrupt(int signal_number) {
    (void)signal_number;
    interrupt_count += 1;
    if (ends_on_second && interrupt_count >= 2) _exit(130);
    void *connection = interrupted_connection;
    if (connection) sqlite3_interrupt((sqlite3 *)connection);
}

void rql_interrupt_on_sigint(int ends_process_on_second) {
    ends_on_second = ends_process_on_second;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, 0);
}

void rql_interrupt_connection(void *connection) {
    interrupted_connection = connection;
}

long rql_interrupt_count(void) {
    return interrupt_count;
}
