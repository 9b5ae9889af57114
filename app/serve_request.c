/*
 * serve_request.c -- the request parser of grundy serve.
 *
 * A request target is a path and an optional query ("/api/analyze?rules=
 * nim&position=3&position=4").  The path is matched exactly against the
 * routes and the files built into the program, never decoded and never
 * joined to a folder, so no request reaches the disk.  The query is split
 * at '&' into NAME=VALUE pairs; '+' and %XX escapes are decoded into the
 * request's own buffer (at most the length of the target), and every
 * parameter keeps where its raw value starts, so that an error found
 * later in a decoded value (by the library's parsers, which report a
 * column) is reported at its column in the target as the client sent it.
 *
 * Everything is checked here that needs no game: the names a route
 * takes, which are needed, which may repeat (position), and the bytes
 * (no NUL, no control character).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "serve.h"

#define P_NEEDED 1u /* the route needs it */
#define P_MANY 2u   /* it may be given more than once */

typedef struct param_spec {
    const char *name;
    unsigned flags;
} param_spec;

typedef struct route_spec {
    const char *path;
    serve_route route;
    const param_spec *params;
} route_spec;

static const param_spec values_params[] = {
    {"rules", P_NEEDED}, {"upto", 0}, {"all", 0}, {NULL, 0}};
static const param_spec analyze_params[] = {
    {"rules", 0}, {"position", P_NEEDED | P_MANY}, {"misere", 0},
    {"moore", 0}, {"heap-max", 0}, {NULL, 0}};
static const param_spec plot_params[] = {
    {"rules", P_NEEDED}, {"upto", 0}, {"position", 0}, {NULL, 0}};
static const param_spec survey_params[] = {
    {"spec", P_NEEDED}, {"upto", P_NEEDED}, {NULL, 0}};
static const param_spec play_params[] = {
    {"rules", 0}, {"position", P_NEEDED | P_MANY}, {"misere", 0},
    {"moore", 0}, {"heap-max", 0}, {"move", 0}, {NULL, 0}};

static const route_spec routes[] = {
    {"/api/values", SERVE_ROUTE_VALUES, values_params},
    {"/api/analyze", SERVE_ROUTE_ANALYZE, analyze_params},
    {"/api/moves", SERVE_ROUTE_MOVES, analyze_params},
    {"/api/plot", SERVE_ROUTE_PLOT, plot_params},
    {"/api/survey", SERVE_ROUTE_SURVEY, survey_params},
    {"/api/play", SERVE_ROUTE_PLAY, play_params},
};

__attribute__((format(printf, 6, 0))) static int
error_fill(serve_error *err, int status, const char *limit,
           const char *param, size_t col, const char *fmt, va_list ap)
{
    err->status = status;
    err->col = col;
    err->limit = limit;
    snprintf(err->param, sizeof err->param, "%s", param ? param : "");
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    return status;
}

int serve_error_set(serve_error *err, int status, const char *param,
                    size_t col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    status = error_fill(err, status, NULL, param, col, fmt, ap);
    va_end(ap);
    return status;
}

int serve_error_limit(serve_error *err, int status, const char *limit,
                      const char *param, size_t col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    status = error_fill(err, status, limit, param, col, fmt, ap);
    va_end(ap);
    return status;
}


/* Decode raw[0..n) into out (NUL-terminated); *len its length.  On error
 * the column (from 1, in raw) of the bad byte and its message. */
static size_t decode(const char *raw, size_t n, char *out, size_t *len,
                     const char **why)
{
    size_t i = 0, k = 0, at;
    while (i < n) {
        unsigned char c = (unsigned char)raw[i];
        at = i;
        if (c == '%') {
            int hi = i + 1 < n ? grundy_format_hex_digit(raw[i + 1]) : -1;
            int lo = i + 2 < n ? grundy_format_hex_digit(raw[i + 2]) : -1;
            if (hi < 0 || lo < 0) {
                *why = "'%' must be followed by two hexadecimal digits";
                return i + 1;
            }
            c = (unsigned char)(hi * 16 + lo);
            i += 3;
        } else {
            if (c == '+')
                c = ' ';
            i++;
        }
        if (c < 0x20 || c == 0x7f) {
            *why = c == 0 ? "a NUL byte" : "a control character";
            return at + 1;
        }
        out[k++] = (char)c;
    }
    out[k] = 0;
    *len = k;
    return 0;
}

size_t serve_param_col(const serve_param *p, size_t k)
{
    size_t i = 0, d = 0;
    while (i < p->raw_len && d < k) {
        i += p->raw[i] == '%' ? 3 : 1;
        d++;
    }
    return p->col + (i < p->raw_len ? i : p->raw_len);
}

const serve_param *serve_param_get(const serve_request *r, const char *name,
                                   const serve_param *after)
{
    size_t i = after ? (size_t)(after - r->params) + 1 : 0;
    for (; i < r->nparams; i++)
        if (strcmp(r->params[i].name, name) == 0)
            return &r->params[i];
    return NULL;
}

static int route_of(serve_request *r, const char *path, size_t n,
                    const param_spec **ps)
{
    size_t i;
    if (n == 1 && path[0] == '/') {
        path = "/index.html";
        n = strlen(path);
    }
    for (i = 0; serve_files[i].path; i++)
        if (strlen(serve_files[i].path) == n &&
            memcmp(serve_files[i].path, path, n) == 0) {
            r->route = SERVE_ROUTE_FILE;
            r->file = &serve_files[i];
            *ps = NULL;
            return 1;
        }
    for (i = 0; i < sizeof routes / sizeof routes[0]; i++)
        if (strlen(routes[i].path) == n &&
            memcmp(routes[i].path, path, n) == 0) {
            r->route = routes[i].route;
            *ps = routes[i].params;
            return 1;
        }
    return 0;
}

int serve_request_parse(serve_request *r, const char *t, size_t len,
                        serve_error *err)
{
    const param_spec *ps = NULL;
    size_t plen, i, used = 0, k;
    const char *q;
    memset(r, 0, offsetof(serve_request, buf));
    r->target_len = len;
    if (len > SERVE_MAX_TARGET)
        return serve_error_limit(err, 414, "request-line", NULL,
                                 SERVE_MAX_TARGET + 1,
                                 "the request target is %zu bytes, past "
                                 "the limit of %d",
                                 len, SERVE_MAX_TARGET);
    q = memchr(t, '?', len);
    plen = q ? (size_t)(q - t) : len;
    if (!route_of(r, t, plen, &ps))
        return serve_error_set(err, 404, NULL, 0,
                               "no such page or API path: '%.*s' (the API: "
                               "/api/values, /api/analyze, /api/moves, "
                               "/api/plot, /api/survey, /api/play)",
                               (int)(plen > 200 ? 200 : plen), t);
    /* a page ignores its query, which holds the page's own state */
    i = !q || r->route == SERVE_ROUTE_FILE ? len : plen + 1;
    while (i < len) {
        size_t start = i, end, eq, nl;
        const param_spec *s;
        serve_param *p;
        const char *why = NULL;
        size_t bad;
        while (i < len && t[i] != '&')
            i++;
        end = i++;
        if (end == start)
            continue; /* "a&&b", a trailing '&' */
        for (eq = start; eq < end && t[eq] != '='; eq++)
            ;
        nl = eq - start;
        for (s = ps; s && s->name; s++)
            if (strlen(s->name) == nl && memcmp(s->name, t + start, nl) == 0)
                break;
        if (!s || !s->name)
            return serve_error_set(err, 400, NULL, start + 1,
                                   "unknown parameter '%.*s'",
                                   (int)(nl > 40 ? 40 : nl), t + start);
        if (!(s->flags & P_MANY) && serve_param_get(r, s->name, NULL))
            return serve_error_set(err, 400, s->name, start + 1,
                                   "parameter '%s' given twice", s->name);
        if (r->nparams == SERVE_MAX_PARAMS)
            return serve_error_set(err, 400, s->name, start + 1,
                                   "more than %d parameters",
                                   SERVE_MAX_PARAMS);
        p = &r->params[r->nparams];
        p->name = s->name;
        p->raw = eq < end ? t + eq + 1 : t + end;
        p->raw_len = eq < end ? end - eq - 1 : 0;
        p->col = (size_t)(p->raw - t) + 1;
        bad = decode(p->raw, p->raw_len, r->buf + used, &p->len, &why);
        if (bad)
            return serve_error_set(err, 400, s->name, p->col + bad - 1,
                                   "parameter '%s': %s", s->name, why);
        p->value = r->buf + used;
        used += p->len + 1;
        r->nparams++;
    }
    for (k = 0; ps && ps[k].name; k++)
        if ((ps[k].flags & P_NEEDED) && !serve_param_get(r, ps[k].name, NULL))
            return serve_error_set(err, 400, ps[k].name, len + 1,
                                   "missing parameter '%s'", ps[k].name);
    return 0;
}
