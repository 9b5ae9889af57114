/*
 * opt.c -- options as data (opt.h): the parser and the help printer of
 * option tables, the table of the common options, usage errors, the
 * numbers options take, and the spec opener.
 *
 * Parsing is one loop for every subcommand: an argument that starts with
 * "--" (or "-" where the set says so, or one of the table's short names)
 * is looked up in the subcommand's rows, then in the common rows; its
 * value, "--name VALUE" or "--name=VALUE", is checked by the row's type
 * (a number against its range, a choice against its names) before any
 * work, so a value out of range is a usage error (exit 2) everywhere.
 * Other arguments fill the ARG rows in order.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt.h"

const char *cli_program = "grundy";
int cli_silent;
int cli_progress_mode;

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    if (cli_silent)
        return CLI_EXIT_USAGE;
    fprintf(stderr, "%s: %s%s", cli_program, cmd ? cmd : "",
            cmd ? ": " : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s %s%s--help'.\n", cli_program,
            cmd ? cmd : "", cmd ? " " : "");
    return CLI_EXIT_USAGE;
}

/* Numbers ******************************************************************/

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

/* A number with a suffix: its digits in num[] (NUL-terminated) and the
 * suffix's place in sfx (-1: none).  0, or a usage error. */
static int split_suffix(const char *cmd, const char *opt, const char *text,
                        const char *sfx, char num[32], long *at)
{
    size_t len;
    const char *p;
    *at = -1;
    if (!text)
        return cli_usage_error(cmd, "option '%s' needs a value", opt);
    len = strlen(text);
    if (len) {
        char c = text[len - 1];
        p = strchr(sfx, c >= 'a' && c <= 'z' ? c - 32 : c);
        if (p && *p) {
            *at = p - sfx;
            len--;
        }
    }
    if (len >= 32)
        return cli_usage_error(cmd, "%s: '%s' is too long", opt, text);
    memcpy(num, text, len);
    num[len] = 0;
    return 0;
}

static int parse_bytes(const char *cmd, const char *opt, const char *text,
                       size_t *out)
{
    char num[32];
    long at;
    unsigned shift;
    uint64_t v;
    if (split_suffix(cmd, opt, text, "KMGT", num, &at))
        return CLI_EXIT_USAGE;
    shift = at < 0 ? 0 : 10u * (unsigned)(at + 1);
    if (cli_parse_u64(cmd, opt, num, 1, UINT64_MAX >> shift, &v))
        return CLI_EXIT_USAGE;
    *out = (size_t)(v << shift);
    return 0;
}

static int parse_count(const char *cmd, const char *opt, const char *text,
                       uint64_t *out)
{
    char num[32];
    long at, k;
    uint64_t mult = 1, v;
    if (split_suffix(cmd, opt, text, "KMGTP", num, &at))
        return CLI_EXIT_USAGE;
    for (k = 0; k <= at; k++)
        mult *= 1000;
    if (cli_parse_u64(cmd, opt, num, 1, UINT64_MAX / mult, &v))
        return CLI_EXIT_USAGE;
    *out = v * mult;
    return 0;
}

static int parse_store_limit(const char *cmd, const char *opt,
                             const char *text, uint64_t *out)
{
    if (!text)
        return cli_usage_error(cmd, "option '%s' needs a value", opt);
    if (grundy_store_parse_limit(text, out) != GRUNDY_OK)
        return cli_usage_error(cmd, "%s: '%s' is not a size (a number of "
                               "bytes with K, M, G or T, or 'none')",
                               opt, text);
    return 0;
}

/* The spec opener **********************************************************/

/* "PROGRAM: CMD: WHAT 'TEXT' at column C: WHY" */
static void place_error(const char *cmd, const char *what, const char *text,
                        const grundy_parse_error *where, grundy_status s)
{
    if (cli_silent)
        return;
    fprintf(stderr, "%s: %s%s%s '%s' at column %lu: %s\n", cli_program,
            cmd ? cmd : "", cmd ? ": " : "", what, text,
            where->col ? where->col : 1,
            where->msg[0] ? where->msg : grundy_strerror(s));
}

int cli_open_game(grundy_game **out, const char *cmd, const char *spec)
{
    grundy_parse_error where;
    grundy_status s;
    memset(&where, 0, sizeof where);
    *out = NULL;
    s = grundy_game_new(out, spec, &where);
    if (s == GRUNDY_OK)
        return 0;
    place_error(cmd, "rules", spec, &where, s);
    return CLI_EXIT_DATA;
}

int cli_open_position(grundy_pos *out, const char *cmd, const char *what,
                      const grundy_game *g, const char *text)
{
    grundy_parse_error where;
    grundy_status s;
    memset(&where, 0, sizeof where);
    s = grundy_game_pos_parse(g, text, strlen(text), out, &where);
    if (s == GRUNDY_OK)
        return 0;
    place_error(cmd, what, text, &where, s);
    return CLI_EXIT_DATA;
}

/* The common options *******************************************************/

static int set_mem(const char *cmd, void *args, const cli_opt *o,
                   const char *v)
{
    cli_engine *e = args;
    return parse_bytes(cmd, o->name, v, &e->limits.mem_limit);
}

static int set_work(const char *cmd, void *args, const cli_opt *o,
                    const char *v)
{
    cli_engine *e = args;
    return parse_count(cmd, o->name, v, &e->limits.work_limit);
}

static int set_threads(const char *cmd, void *args, const cli_opt *o,
                       const char *v)
{
    cli_engine *e = args;
    uint64_t nt;
    if (cli_parse_u64(cmd, o->name, v, 0, 256, &nt))
        return CLI_EXIT_USAGE;
    e->limits.threads = (unsigned)nt;
    return 0;
}

static int set_store(const char *cmd, void *args, const cli_opt *o,
                     const char *v)
{
    cli_engine *e = args;
    if (!v || !*v)
        return cli_usage_error(cmd, "'%s' needs a folder", o->name);
    e->so.store_dir = v;
    e->so.no_store = 0;
    return 0;
}

static int set_progress(const char *cmd, void *args, const cli_opt *o,
                        const char *v)
{
    (void)cmd;
    (void)args;
    (void)v;
    cli_progress_mode = strcmp(o->name, "--quiet") == 0 ? -1 : 1;
    return 0;
}

static int set_store_limit(const char *cmd, void *args, const cli_opt *o,
                           const char *v)
{
    cli_engine *e = args;
    return parse_store_limit(cmd, o->name, v, &e->so.store_limit);
}

static int set_enddb(const char *cmd, void *args, const cli_opt *o,
                     const char *v)
{
    cli_engine *e = args;
    uint64_t k;
    if (v && strcmp(v, "auto") == 0) {
        e->so.enddb = -1;
        return 0;
    }
    if (cli_parse_u64(cmd, o->name, v, 0, 40, &k))
        return CLI_EXIT_USAGE;
    e->so.enddb = (int)k;
    return 0;
}

/* The help says what each does in a line or two; grundy(1) says the
 * rest (COMMON OPTIONS). */
static const cli_opt common_opts[] = {
    {.type = CLI_OPT_CALL, .name = "--mem-limit", .meta = "B",
     .call = set_mem, .flags = CLI_OPT_VALUE,
     .help = "refuse work above B bytes (suffix K, M, G, T),\n"
             "estimated before anything is allocated; default:\n"
             "7/8 of physical memory"},
    {.type = CLI_OPT_CALL, .name = "--work-limit", .meta = "N",
     .call = set_work, .flags = CLI_OPT_VALUE,
     .help = "refuse a computation estimated at more than N steps\n"
             "(suffix K, M, G, T; default 2^40)"},
    {.type = CLI_OPT_CALL, .name = "--threads", .meta = "N",
     .call = set_threads, .flags = CLI_OPT_VALUE,
     .help = "threads for board tables and take-and-break tables\n"
             "(0 = one per CPU, the default; 1 = one)"},
    {.type = CLI_OPT_CALL, .name = "--store", .meta = "DIR",
     .call = set_store, .flags = CLI_OPT_VALUE,
     .help = "keep computed tables in DIR (default: the store in\n"
             "$XDG_CACHE_HOME/grundy or ~/.cache/grundy)"},
    {.type = CLI_OPT_FLAG, .name = "--no-store",
     .field = offsetof(cli_engine, so.no_store),
     .help = "neither read nor write the store"},
    {.type = CLI_OPT_CALL, .name = "--store-limit", .meta = "B",
     .call = set_store_limit, .flags = CLI_OPT_VALUE,
     .help = "the store keeps at most B bytes (suffix K, M, G, T;\n"
             "'none'; default 4G, or GRUNDY_STORE_LIMIT)"},
    {.type = CLI_OPT_FLAG, .name = "--keep-table",
     .field = offsetof(cli_engine, so.keep_single),
     .help = "keep in the store a table computed only to answer\n"
             "single values (--at, --position) too"},
    {.type = CLI_OPT_FLAG, .name = "--out-of-core",
     .field = offsetof(cli_engine, so.out_of_core),
     .help = "grow take-and-break tables in their file in the\n"
             "store, not in memory"},
    {.type = CLI_OPT_CALL, .name = "--enddb", .meta = "K",
     .call = set_enddb, .flags = CLI_OPT_VALUE,
     .help = "board searches read parts of up to K cells from an\n"
             "endgame database (0: none, the default; 'auto')"},
    {.type = CLI_OPT_CALL, .name = "--progress", .call = set_progress,
     .help = "show progress on stderr even when it is not a\n"
             "terminal (for logs: a line every 10 s)"},
    {.type = CLI_OPT_CALL, .name = "--quiet", .call = set_progress,
     .help = "never show progress"},
    {.type = CLI_OPT_END},
};

/* Parsing ******************************************************************/

static const cli_opt *common_row(const char *name)
{
    const cli_opt *o;
    for (o = common_opts; o->type != CLI_OPT_END; o++)
        if (strcmp(o->name, name) == 0)
            return o;
    return NULL;
}

static int takes_value(const cli_opt *o)
{
    switch (o->type) {
    case CLI_OPT_U64:
    case CLI_OPT_TEXT:
    case CLI_OPT_CHOICE:
        return 1;
    case CLI_OPT_CALL:
        return (o->flags & CLI_OPT_VALUE) != 0;
    case CLI_OPT_COMMON:
        return common_row(o->name) && takes_value(common_row(o->name));
    case CLI_OPT_RENAMED:
        return 1;
    default:
        return 0;
    }
}

/* Whether s names o ("--name", or "--name=VALUE" when o takes a value):
 * *val is the text after '=' or NULL. */
static int names_row(const cli_opt *o, const char *s, const char **val)
{
    const char *const nm[2] = {o->name, o->alias};
    int k;
    for (k = 0; k < 2; k++) {
        size_t n;
        if (!nm[k] || nm[k][0] != '-')
            continue;
        n = strlen(nm[k]);
        if (strncmp(s, nm[k], n) != 0)
            continue;
        if (s[n] == 0) {
            *val = NULL;
            return 1;
        }
        if (s[n] == '=' && takes_value(o)) {
            *val = s + n + 1;
            return 1;
        }
    }
    return 0;
}

static const cli_opt *find_row(const cli_opt *opts, const char *s,
                               const char **val)
{
    const cli_opt *o;
    for (o = opts; o && o->type != CLI_OPT_END; o++)
        if (o->type > CLI_OPT_SECTION && o->type < CLI_OPT_ARG && /* options */
            names_row(o, s, val))
            return o;
    return NULL;
}

/* Whether s is written as an option of set. */
static int is_option(const cli_optset *set, const char *s)
{
    const char *v;
    if (s[0] != '-' || s[1] == 0)
        return 0; /* "-" is standard input */
    if (s[1] == '-' || set->dash)
        return 1;
    return find_row(set->opts, s, &v) != NULL;
}

static void *member(void *args, size_t off)
{
    return (char *)args + off;
}

/* Apply row o, typed as `typed`, with value val, to args. */
static int apply(const cli_optset *set, const cli_opt *o, void *args,
                 const char *typed, const char *val)
{
    const char *cmd = set->cmd;
    int rc = 0;
    switch (o->type) {
    case CLI_OPT_FLAG:
        *(int *)member(args, o->field) = 1;
        break;
    case CLI_OPT_U64:
        rc = cli_parse_u64(cmd, typed, val, o->lo, o->hi,
                           (uint64_t *)member(args, o->field));
        break;
    case CLI_OPT_TEXT:
        if (!val || (!*val && !(o->flags & CLI_OPT_EMPTY)))
            return o->need
                       ? cli_usage_error(cmd, "'%s' needs %s", typed, o->need)
                       : cli_usage_error(cmd, "option '%s' needs a value",
                                         typed);
        *(const char **)member(args, o->field) = val;
        break;
    case CLI_OPT_CHOICE:
        rc = cli_parse_choice(cmd, typed, val, o->choices,
                              (int *)member(args, o->field));
        break;
    case CLI_OPT_CALL:
    case CLI_OPT_ARG:
        if (o->call) {
            rc = o->call(cmd, args, o, val);
        } else if (o->flags & CLI_OPT_MANY) {
            cli_list *l = member(args, o->field);
            l->v[l->n++] = (char *)val;
        } else {
            *(const char **)member(args, o->field) = val;
        }
        break;
    case CLI_OPT_COMMON: {
        const cli_opt *c = common_row(o->name);
        if (!c || !set->engine)
            return cli_usage_error(cmd, "unknown option '%s'", typed);
        return apply(set, c, member(args, set->engine - 1), typed, val);
    }
    case CLI_OPT_RENAMED:
        return cli_usage_error(cmd, "'%s' is now '%s' (%s)", typed, o->meta,
                               o->need);
    default:
        break;
    }
    if (rc == 0 && o->seen)
        *(int *)member(args, o->seen - 1) = 1;
    return rc;
}

/* The next ARG row at or after o, or NULL. */
static const cli_opt *next_arg(const cli_opt *o)
{
    for (; o && o->type != CLI_OPT_END; o++)
        if (o->type == CLI_OPT_ARG)
            return o;
    return NULL;
}

/* The option at argv[*i], from set's rows, more's rows or the common
 * ones (*found = 0: none of them): 0, an exit code, or -1 (stop). */
static int take_option(const cli_optset *set, void *args,
                       const cli_optset *more, void *more_args, int argc,
                       char **argv, int *i, int *found)
{
    const char *s = argv[*i], *val = NULL;
    const cli_optset *in = set;
    void *target = args;
    const cli_opt *o = find_row(set->opts, s, &val);
    char typed[64];
    size_t n = strcspn(s, "=");
    if (!o && more && (o = find_row(more->opts, s, &val)) != NULL) {
        in = more;
        target = more_args;
    }
    if (!o && set->common && set->engine &&
        (o = find_row(common_opts, s, &val)) != NULL)
        target = member(args, set->engine - 1);
    *found = o != NULL;
    if (!o)
        return 0;
    if (!val && takes_value(o) && *i + 1 < argc)
        val = argv[++*i];
    /* messages name the option as typed, without its value */
    snprintf(typed, sizeof typed, "%.*s", (int)(n < 63 ? n : 63), s);
    return apply(in, o, target, typed, val);
}

/* Rules *******************************************************************/

/* The U64 rows' values when not given. */
static void defaults(const cli_optset *set, void *args)
{
    const cli_opt *o;
    for (o = set ? set->opts : NULL; o && o->type != CLI_OPT_END; o++)
        if (o->type == CLI_OPT_U64 && o->def)
            *(uint64_t *)member(args, o->field) = o->def;
}

/* Whether the option or argument called name was given (opt.h). */
static int given(const cli_optset *set, void *args, const char *name)
{
    const cli_opt *o;
    for (o = set->opts; o->type != CLI_OPT_END; o++)
        if (o->type != CLI_OPT_SECTION && o->name &&
            strcmp(o->name, name) == 0)
            break;
    assert(o->type != CLI_OPT_END && (o->seen || !o->call));
    if (o->seen)
        return *(const int *)member(args, o->seen - 1);
    if (o->type == CLI_OPT_FLAG)
        return *(const int *)member(args, o->field);
    return *(const char *const *)member(args, o->field) != NULL;
}

int cli_opts_check(const cli_optset *set, const cli_rule *rules, void *args)
{
    const cli_rule *r;
    for (r = rules; r->type != CLI_RULE_END; r++) {
        size_t k, on = 0;
        int first = r->names[0] ? given(set, args, r->names[0]) : 1, ok;
        for (k = 0; k < 5 && r->names[k]; k++)
            on += (size_t)given(set, args, r->names[k]);
        switch (r->type) {
        case CLI_RULE_ONE:
            ok = on <= 1;
            break;
        case CLI_RULE_ANY:
            ok = on >= 1;
            break;
        case CLI_RULE_BOTH:
            ok = on == 0 || on == k;
            break;
        case CLI_RULE_NEEDS:
            ok = !first || on > 1;
            break;
        case CLI_RULE_NOT:
            ok = !first || on == 1;
            break;
        default: {
            int rc = first ? r->check(set->cmd, args) : 0;
            if (rc)
                return rc;
            continue;
        }
        }
        if (!ok)
            return cli_usage_error(set->cmd, "%s", r->msg);
    }
    return 0;
}

/* Room for the arguments of the MANY rows that have none yet. */
static int lists(const cli_optset *set, void *args, int argc)
{
    const cli_opt *o;
    for (o = next_arg(set->opts); o; o = next_arg(o + 1)) {
        cli_list *l = member(args, o->field);
        if (!(o->flags & CLI_OPT_MANY) || o->call || l->v)
            continue;
        l->v = calloc((size_t)argc + 1, sizeof *l->v);
        if (!l->v) {
            fprintf(stderr, "%s: %s: %s\n", cli_program,
                    set->cmd ? set->cmd : "", grundy_strerror(GRUNDY_ERR_NOMEM));
            return CLI_EXIT_DATA;
        }
    }
    return 0;
}

int cli_opts_parse_more(const cli_optset *set, void *args,
                        const cli_optset *more, void *more_args, int argc,
                        char **argv)
{
    const cli_opt *arg = next_arg(set->opts), *o;
    int i, only_args = 0, filled = 0;
    defaults(set, args);
    defaults(more, more_args);
    if (lists(set, args, argc))
        return CLI_EXIT_DATA;
    for (i = 1; i < argc; i++) {
        const char *s = argv[i];
        int rc, found;
        if (!only_args && strcmp(s, "--") == 0) {
            only_args = 1;
            continue;
        }
        if (!only_args && is_option(set, s)) {
            rc = take_option(set, args, more, more_args, argc, argv, &i,
                             &found);
            if (!found)
                return cli_usage_error(set->cmd, "unknown option '%s'", s);
            if (rc)
                return rc;
            continue;
        }
        if (!arg)
            return cli_usage_error(set->cmd, "unexpected argument '%s'", s);
        rc = apply(set, arg, args, arg->name, s);
        if (rc)
            return rc;
        filled = 1;
        if (!(arg->flags & CLI_OPT_MANY)) {
            arg = next_arg(arg + 1);
            filled = 0;
        }
    }
    /* the arguments before arg were given; arg (unless a MANY row that
     * took some) and those after it were not */
    for (o = arg; o; o = next_arg(o + 1))
        if (o->need && !(o == arg && filled))
            return cli_usage_error(set->cmd, "missing %s", o->need);
    return set->rules ? cli_opts_check(set, set->rules, args) : 0;
}

int cli_opts_parse(const cli_optset *set, void *args, int argc, char **argv)
{
    return cli_opts_parse_more(set, args, NULL, NULL, argc, argv);
}

/* Help *********************************************************************/

#define HELP_COLUMN 19

void cli_help_row(FILE *out, const char *label, const char *help)
{
    size_t n = strlen(label);
    const char *line = help, *nl;
    fprintf(out, "  %s", label);
    if (n + 2 < HELP_COLUMN - 1)
        fprintf(out, "%*s", (int)(HELP_COLUMN - 2 - n), "");
    else
        fputs(n + 2 == HELP_COLUMN - 1 ? " " : "  ", out);
    for (;;) {
        nl = strchr(line, '\n');
        fprintf(out, "%.*s\n", (int)(nl ? nl - line : (long)strlen(line)),
                line);
        if (!nl)
            break;
        line = nl + 1;
        fprintf(out, "%*s", HELP_COLUMN, "");
    }
}

static void help_rows(FILE *out, const cli_opt *opts)
{
    const cli_opt *o;
    int printed = 0;
    for (o = opts; o->type != CLI_OPT_END; o++) {
        const cli_opt *shown = o;
        char label[96];
        const char *help = o->help;
        if (o->type == CLI_OPT_SECTION) {
            fprintf(out, "%s%s\n", printed ? "\n" : "", o->name);
            printed = 1;
            continue;
        }
        if (o->type == CLI_OPT_COMMON && common_row(o->name)) {
            shown = common_row(o->name);
            if (!help)
                help = shown->help;
        }
        if (!help)
            continue;
        if (o->label)
            snprintf(label, sizeof label, "%s", o->label);
        else
            snprintf(label, sizeof label, "%s%s%s%s%s",
                     o->alias ? o->alias : "", o->alias ? ", " : "",
                     shown->name, shown->meta ? " " : "",
                     shown->meta ? shown->meta : "");
        cli_help_row(out, label, help);
        printed = 1;
    }
}

void cli_opts_help(FILE *out, const cli_optset *set)
{
    help_rows(out, set->opts);
}

void cli_opts_help_common(FILE *out)
{
    help_rows(out, common_opts);
}
