// libedit's native API (libedit-dev) for the LineEditor target. el_set,
// el_get and history take variable arguments, which Swift cannot pass, so
// each use rql makes has a fixed-argument wrapper here.
#ifndef RQL_CLIBEDIT_SHIM_H
#define RQL_CLIBEDIT_SHIM_H

#include <histedit.h>

typedef char *(*rql_prompt_function)(EditLine *);
typedef unsigned char (*rql_key_function)(EditLine *, int);

#include <stdio.h>

/// An editor on standard input that writes to standard output, or to
/// standard error when `to_stderr` is set.
static inline EditLine *rql_el_init(const char *program, int to_stderr) {
    return el_init(program, stdin, to_stderr ? stderr : stdout, stderr);
}

static inline FILE *rql_el_output_file(int to_stderr) {
    return to_stderr ? stderr : stdout;
}

static inline void rql_el_set_prompt(EditLine *el, rql_prompt_function prompt) {
    el_set(el, EL_PROMPT, prompt);
}

static inline void rql_el_set_editor(EditLine *el, const char *mode) {
    el_set(el, EL_EDITOR, mode);
}

static inline void rql_el_set_signal(EditLine *el, int handles) {
    el_set(el, EL_SIGNAL, handles);
}

static inline void rql_el_set_history(EditLine *el, History *list) {
    el_set(el, EL_HIST, history, list);
}

static inline void rql_el_set_client_data(EditLine *el, void *data) {
    el_set(el, EL_CLIENTDATA, data);
}

static inline void *rql_el_get_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/// Turns off the terminal's signal characters while editing, so Ctrl-C
/// reaches the editor as a key instead of raising SIGINT.
static inline void rql_el_keep_interrupt_key(EditLine *el) {
    el_set(el, EL_SETTY, "-d", "-isig", (const char *)NULL);
}

static inline void rql_el_add_function(EditLine *el, const char *name, const char *help, rql_key_function function) {
    el_set(el, EL_ADDFN, name, help, function);
}

static inline void rql_el_bind(EditLine *el, const char *key, const char *name) {
    el_set(el, EL_BIND, key, name, (const char *)NULL);
}

/// Whether the editor uses vi's keys (`bind -v` in an editrc).
static inline int rql_el_uses_vi(EditLine *el) {
    const char *editor = NULL;
    el_get(el, EL_EDITOR, &editor);
    return editor != NULL && editor[0] == 'v';
}

/// Binds in vi's command mode (the alternate keymap), which `bind -v` in
/// an editrc turns on.
static inline void rql_el_bind_command_mode(EditLine *el, const char *key, const char *name) {
    el_set(el, EL_BIND, "-a", key, name, (const char *)NULL);
}

static inline void rql_history_set_size(History *list, int size) {
    HistEvent event;
    history(list, &event, H_SETSIZE, size);
}

static inline void rql_history_set_unique(History *list, int unique) {
    HistEvent event;
    history(list, &event, H_SETUNIQUE, unique);
}

static inline void rql_history_enter(History *list, const char *entry) {
    HistEvent event;
    history(list, &event, H_ENTER, entry);
}

#endif
