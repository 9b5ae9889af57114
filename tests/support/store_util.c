/*
 * store_util.c -- helpers of the store's tests.
 */
#define _DEFAULT_SOURCE /* mkdtemp, DT_DIR */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_util.h"

void su_tmpdir(char *buf, size_t cap)
{
    const char *t = getenv("TMPDIR");
    snprintf(buf, cap, "%s/grundy-store-test-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(buf))
        fail_msg("mkdtemp %s failed", buf);
}

void su_cat(char *buf, size_t cap, const char *a, const char *b)
{
    int n = snprintf(buf, cap, "%s%s", a, b);
    if (n < 0 || (size_t)n >= cap)
        fail_msg("path too long: %s%s", a, b);
}

void su_rmtree(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    char sub[4096];
    if (!d) {
        unlink(path);
        return;
    }
    while ((e = readdir(d)) != NULL) {
        struct stat st;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
            chmod(sub, 0700);
            su_rmtree(sub);
        } else {
            unlink(sub);
        }
    }
    closedir(d);
    rmdir(path);
}

void su_warn(void *ctx, const char *path, const char *what)
{
    su_warnings *w = ctx;
    w->count++;
    snprintf(w->path, sizeof w->path, "%s", path ? path : "");
    snprintf(w->what, sizeof w->what, "%s", what);
}

grundy_store *su_open(const char *dir, su_warnings *w,
                      const grundy_limits *limits)
{
    grundy_store_opts o;
    grundy_store *s = NULL;
    grundy_store_opts_init(&o);
    o.dir = dir;
    if (w) {
        memset(w, 0, sizeof *w);
        o.warn = su_warn;
        o.warn_ctx = w;
    }
    o.limits = limits;
    if (grundy_store_open(&s, &o) != GRUNDY_OK || !s)
        fail_msg("grundy_store_open(%s) failed", dir);
    return s;
}

void su_table(grundy_store_table *t, const char *spec, uint64_t size,
              unsigned width, uint64_t vmax, test_rng *rng)
{
    uint64_t i;
    unsigned char *d = malloc(size * width + 1);
    assert_non_null(d);
    memset(t, 0, sizeof *t);
    snprintf(t->spec, sizeof t->spec, "%s", spec);
    t->size = size;
    t->width = width;
    for (i = 0; i < size; i++) {
        uint64_t v = test_rng_below(rng, vmax + 1);
        if (width == 1)
            d[i] = (unsigned char)v;
        else if (width == 2)
            ((uint16_t *)(void *)d)[i] = (uint16_t)v;
        else
            ((uint32_t *)(void *)d)[i] = (uint32_t)v;
        if (v > t->max || i == 0) {
            t->max = v;
            t->max_at = i;
        }
    }
    t->data = d;
}

unsigned char *su_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n)
        fail_msg("short read of %s", path);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

void su_write(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        fail_msg("cannot write %s", path);
    if (len && fwrite(data, 1, len, f) != len)
        fail_msg("short write of %s", path);
    if (fclose(f) != 0)
        fail_msg("cannot close %s", path);
}

int su_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

int su_count_names(const char *dir, const char *part)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    if (!d)
        return 0;
    while ((e = readdir(d)) != NULL)
        n += strstr(e->d_name, part) != NULL;
    closedir(d);
    return n;
}

/* A failure names the seed: the tables come from the seeded RNG. */
#define LOADED_CHECK(cond, ...)                                               \
    do {                                                                      \
        if (!(cond)) {                                                        \
            char msg_[512];                                                   \
            snprintf(msg_, sizeof msg_, __VA_ARGS__);                         \
            fail_msg("seed=%llu: table '%s': %s",                             \
                     (unsigned long long)test_seed(), t->spec, msg_);         \
        }                                                                     \
    } while (0)

void su_assert_loaded(grundy_store *s, const grundy_store_table *t)
{
    grundy_store_mapping *m = NULL;
    const grundy_store_table *l;
    LOADED_CHECK(grundy_store_load(&m, s, t->spec) == GRUNDY_OK && m,
                 "not loaded");
    l = grundy_store_mapping_table(m);
    LOADED_CHECK(strcmp(l->spec, t->spec) == 0, "spec '%s'", l->spec);
    LOADED_CHECK(l->size == t->size, "%llu entries, not %llu",
                 (unsigned long long)l->size, (unsigned long long)t->size);
    LOADED_CHECK(l->width == t->width, "width %u", l->width);
    LOADED_CHECK(l->max == t->max && l->max_at == t->max_at,
                 "max %llu at %llu", (unsigned long long)l->max,
                 (unsigned long long)l->max_at);
    LOADED_CHECK(l->complete == (t->complete != 0), "complete %d",
                 l->complete);
    LOADED_CHECK(l->period.found == (t->period.found != 0) &&
                     l->period.proven == (t->period.proven != 0),
                 "period found %d proven %d", l->period.found,
                 l->period.proven);
    if (t->period.found)
        LOADED_CHECK(l->period.preperiod == t->period.preperiod &&
                         l->period.period == t->period.period &&
                         l->period.saltus == t->period.saltus &&
                         l->period.checked_upto == t->period.checked_upto,
                     "period fields differ");
    LOADED_CHECK(l->version[0] != 0, "no version");
    LOADED_CHECK(t->size == 0 || memcmp(l->data, t->data,
                                        (size_t)(t->size * t->width)) == 0,
                 "values differ");
    grundy_store_mapping_free(m);
}
