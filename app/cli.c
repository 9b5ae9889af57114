/*
 * cli.c -- helpers shared by the subcommands.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "grundy: %s%s", cmd ? cmd : "", cmd ? ": " : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'grundy %s%s--help'.\n", cmd ? cmd : "",
            cmd ? " " : "");
    return CLI_EXIT_USAGE;
}

int cli_error(const char *context, grundy_status s,
              const grundy_parse_error *where)
{
    if (where && where->msg[0])
        fprintf(stderr, "grundy: %s: %s\n", context, where->msg);
    else
        fprintf(stderr, "grundy: %s: %s\n", context, grundy_strerror(s));
    return CLI_EXIT_DATA;
}

int cli_input_error(grundy_status s, const grundy_parse_error *where)
{
    fprintf(stderr, "grundy: input:%lu:%lu: %s\n", where->line, where->col,
            where->msg[0] ? where->msg : grundy_strerror(s));
    return CLI_EXIT_DATA;
}

int cli_parse_u64(const char *cmd, const char *opt, const char *text,
                  uint64_t lo, uint64_t hi, uint64_t *out)
{
    grundy_parse_error where;
    if (!text)
        return cli_usage_error(cmd, "option '%s' needs a value", opt);
    if (grundy_u64_parse(out, text, strlen(text), lo, hi, &where) !=
        GRUNDY_OK)
        return cli_usage_error(cmd, "%s: %s", opt, where.msg);
    return 0;
}

int cli_parse_choice(const char *cmd, const char *opt, const char *val,
                     const char *const names[], int *out)
{
    char list[256];
    size_t len = 0, i, n = 0;
    while (names[n])
        n++;
    for (i = 0; val && i < n; i++)
        if (strcmp(val, names[i]) == 0) {
            *out = (int)i;
            return 0;
        }
    list[0] = 0;
    for (i = 0; i < n && len < sizeof list; i++) {
        int k = snprintf(list + len, sizeof list - len, "%s%s",
                         i == 0 ? "" : i + 1 == n ? " or " : ", ", names[i]);
        if (k < 0)
            break;
        len += (size_t)k;
    }
    return cli_usage_error(cmd, "%s takes %s", opt, list);
}

int cli_parse_bytes(const char *cmd, const char *opt, const char *text,
                    size_t *out)
{
    char num[32];
    size_t len;
    unsigned shift = 0;
    uint64_t v;
    if (!text)
        return cli_usage_error(cmd, "option '%s' needs a value", opt);
    len = strlen(text);
    if (len && strchr("KkMmGgTt", text[len - 1])) {
        static const char sfx[] = "KMGT";
        char c = text[len - 1];
        shift = 10u * (unsigned)(strchr(sfx, c >= 'a' ? c - 32 : c) - sfx + 1);
        len--;
    }
    if (len >= sizeof num)
        return cli_usage_error(cmd, "%s: '%s' is too long", opt, text);
    memcpy(num, text, len);
    num[len] = 0;
    if (cli_parse_u64(cmd, opt, num, 1, UINT64_MAX >> shift, &v))
        return CLI_EXIT_USAGE;
    *out = (size_t)(v << shift);
    return 0;
}

static struct timespec progress_last;
static int progress_shown;

int cli_progress(void *ctx, const grundy_progress *p)
{
    uint64_t done = p->done, total = p->total;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (progress_shown &&
        (now.tv_sec - progress_last.tv_sec) * 1000000000L +
                (now.tv_nsec - progress_last.tv_nsec) <
            200000000L)
        return 0;
    progress_last = now;
    progress_shown = 1;
    if (total)
        fprintf(stderr, "\r%s: %llu / %llu (%.1f%%)", (const char *)ctx,
                (unsigned long long)done, (unsigned long long)total,
                100.0 * (double)done / (double)total);
    else
        fprintf(stderr, "\r%s: %llu", (const char *)ctx,
                (unsigned long long)done);
    return 0;
}

void cli_progress_done(void)
{
    if (progress_shown)
        fprintf(stderr, "\r\033[K");
    progress_shown = 0;
}

void cli_progress_attach(grundy_limits *opts, const char *label)
{
    if (isatty(2)) {
        opts->progress = cli_progress;
        opts->progress_ctx = (void *)(uintptr_t)label;
    }
}

int cli_opt_value(int argc, char **argv, int *i, const char *name,
                  const char **val)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *val = a + n + 1;
        return 1;
    }
    if (a[n] != 0)
        return 0;
    *val = *i + 1 < argc ? argv[++*i] : NULL;
    return 1;
}

void cli_json_str(grundy_writer *w, const char *s)
{
    grundy_writer_char(w, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            grundy_writer_char(w, '\\');
            grundy_writer_char(w, (char)c);
        } else if (c < 0x20) {
            static const char hex[] = "0123456789abcdef";
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            grundy_writer_bytes(w, esc, 6);
        } else {
            grundy_writer_char(w, (char)c);
        }
    }
    grundy_writer_char(w, '"');
}
