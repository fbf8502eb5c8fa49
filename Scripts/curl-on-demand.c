/*
 * libcurl, loaded on demand, for the release build of rql.
 *
 * rql serve's HTTP library (FlyingFox) has a proxy handler that uses
 * URLSession, so linking it brings in Foundation's networking, which calls
 * libcurl. rql makes no HTTP request, but linked as it is, libcurl and the
 * 30 libraries it needs (TLS, HTTP/2, Kerberos, LDAP, ...) would load at
 * every start: 4.5 ms to start became 10 ms here. The release build links
 * this archive as libcurl instead: each function below loads the real
 * libcurl.so.4 the first time one is called (never, today) and calls it.
 *
 * Built by the Makefile into .build/static-libs/libcurl.a; only the 23
 * functions Foundation's networking calls are here (`make build` fails
 * to link, naming the missing one, if a later Swift calls another).
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>

static void *curl_symbol(const char *name) {
    static void *library;
    if (!library) library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_GLOBAL);
    return library ? dlsym(library, name) : NULL;
}

/* CURLE_FAILED_INIT, CURLM_INTERNAL_ERROR, CURLUE_OUT_OF_MEMORY: what each family returns when libcurl is missing. */
enum { EASY_FAILED = 2, MULTI_FAILED = 4, URL_FAILED = 7 };

#define FORWARD(result, name, failed, parameters, arguments) \
    result name parameters { \
        static result (*function) parameters; \
        if (!function) function = (result (*) parameters)curl_symbol(#name); \
        return function ? function arguments : failed; \
    }
#define FORWARD_VOID(name, parameters, arguments) \
    void name parameters { \
        static void (*function) parameters; \
        if (!function) function = (void (*) parameters)curl_symbol(#name); \
        if (function) function arguments; \
    }

FORWARD(int, curl_global_init, EASY_FAILED, (long flags), (flags))
FORWARD(void *, curl_easy_init, NULL, (void), ())
FORWARD_VOID(curl_easy_cleanup, (void *handle), (handle))
FORWARD(int, curl_easy_pause, EASY_FAILED, (void *handle, int bitmask), (handle, bitmask))
FORWARD(const char *, curl_easy_strerror, "libcurl is not installed", (int code), (code))
FORWARD_VOID(curl_free, (void *pointer), (pointer))
FORWARD(int, curl_multi_add_handle, MULTI_FAILED, (void *multi, void *handle), (multi, handle))
FORWARD(int, curl_multi_assign, MULTI_FAILED, (void *multi, int socket, void *pointer), (multi, socket, pointer))
FORWARD(int, curl_multi_cleanup, MULTI_FAILED, (void *multi), (multi))
FORWARD(void *, curl_multi_info_read, NULL, (void *multi, int *queued), (multi, queued))
FORWARD(void *, curl_multi_init, NULL, (void), ())
FORWARD(int, curl_multi_remove_handle, MULTI_FAILED, (void *multi, void *handle), (multi, handle))
FORWARD(int, curl_multi_socket_action, MULTI_FAILED, (void *multi, int socket, int mask, int *running),
        (multi, socket, mask, running))
FORWARD(void *, curl_slist_append, NULL, (void *list, const char *text), (list, text))
FORWARD_VOID(curl_slist_free_all, (void *list), (list))
FORWARD(void *, curl_url, NULL, (void), ())
FORWARD(int, curl_url_get, URL_FAILED, (const void *url, int part, char **text, unsigned flags), (url, part, text, flags))
FORWARD(int, curl_url_set, URL_FAILED, (void *url, int part, const char *text, unsigned flags), (url, part, text, flags))
FORWARD(char *, curl_version, NULL, (void), ())
FORWARD(void *, curl_version_info, NULL, (int age), (age))

/*
 * The variadic three take one argument after the option, whose type the
 * option's number says (curl.h's CURLOPTTYPE_*): below 10000 a long, from
 * 30000 to 39999 a curl_off_t, otherwise a pointer (object, function or blob).
 */
#define FORWARD_OPTION(name, failed) \
    int name(void *handle, int option, ...) { \
        static int (*function)(void *, int, ...); \
        if (!function) function = (int (*)(void *, int, ...))curl_symbol(#name); \
        if (!function) return failed; \
        va_list arguments; \
        va_start(arguments, option); \
        int result; \
        if (option < 10000) result = function(handle, option, va_arg(arguments, long)); \
        else if (option >= 30000 && option < 40000) result = function(handle, option, va_arg(arguments, long long)); \
        else result = function(handle, option, va_arg(arguments, void *)); \
        va_end(arguments); \
        return result; \
    }

FORWARD_OPTION(curl_easy_setopt, EASY_FAILED)
FORWARD_OPTION(curl_multi_setopt, MULTI_FAILED)

/* Every CURLINFO takes a pointer to where the answer goes. */
int curl_easy_getinfo(void *handle, int info, ...) {
    static int (*function)(void *, int, ...);
    if (!function) function = (int (*)(void *, int, ...))curl_symbol("curl_easy_getinfo");
    if (!function) return EASY_FAILED;
    va_list arguments;
    va_start(arguments, info);
    int result = function(handle, info, va_arg(arguments, void *));
    va_end(arguments);
    return result;
}
