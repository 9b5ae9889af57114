/*
 * fuzz_serve.c -- the request parser of grundy serve
 * (serve_request_parse(), app/serve_request.c) on any bytes as a request
 * target.  What must hold for any input:
 *   - the answer is 0 or a refusal of 400, 404 or 414, with a message,
 *     and a column in 1 .. length + 1 (414: just past the limit) or 0;
 *   - a parsed request names a route; every parameter is one the route
 *     takes, its raw value lies inside the target, its decoded value is
 *     NUL-terminated, no longer than the raw one and free of control
 *     bytes, and the column of every decoded byte lies inside its raw
 *     value (serve_param_col());
 *   - parsing is a function of the bytes: a second parse of the same
 *     target gives the same route and the same values.
 */
#include <stdlib.h>
#include <string.h>

#include "serve.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static serve_request a, b;
    serve_error err, err2;
    const char *t = (const char *)data;
    size_t i, k;
    int rc, rc2;

    memset(&err, 0, sizeof err);
    rc = serve_request_parse(&a, t, size, &err);
    if (rc != 0) {
        if (rc != 400 && rc != 404 && rc != 414)
            abort();
        if (!err.msg[0] || rc != err.status)
            abort();
        if (rc == 414 ? err.col != SERVE_MAX_TARGET + 1 : err.col > size + 1)
            abort();
        return 0;
    }
    if (a.route == SERVE_ROUTE_FILE && !a.file)
        abort();
    for (i = 0; i < a.nparams; i++) {
        const serve_param *p = &a.params[i];
        if (!p->name || p->raw < t || p->raw + p->raw_len > t + size)
            abort();
        if (p->col != (size_t)(p->raw - t) + 1)
            abort();
        if (p->value[p->len] != 0 || p->len > p->raw_len ||
            strlen(p->value) != p->len)
            abort();
        for (k = 0; k < p->len; k++)
            if ((unsigned char)p->value[k] < 0x20 ||
                (unsigned char)p->value[k] == 0x7f)
                abort();
        for (k = 0; k <= p->len; k++) {
            size_t c = serve_param_col(p, k);
            if (c < p->col || c > p->col + p->raw_len)
                abort();
        }
        if (serve_param_get(&a, p->name, NULL) > p)
            abort();
    }
    memset(&err2, 0, sizeof err2);
    rc2 = serve_request_parse(&b, t, size, &err2);
    if (rc2 != 0 || b.route != a.route || b.nparams != a.nparams)
        abort();
    for (i = 0; i < a.nparams; i++)
        if (strcmp(a.params[i].value, b.params[i].value) != 0 ||
            strcmp(a.params[i].name, b.params[i].name) != 0)
            abort();
    return 0;
}
