/*
 * cmd_store.c -- grundy store list|verify|remove|clear|path: the tables
 * kept on disk (grundy/store.h), and the journals in which board searches
 * keep what they found (grundy/experimental.h).
 *
 * A SPEC on the command line is a rule spec as the user writes it
 * ("kayles"); the store keys tables by the canonical spec ("0.77"), which
 * grundy_game_canonical_spec() gives.  The store's warnings go to stderr
 * as "grundy: store: PATH: WHAT".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "grundy/experimental.h"

enum { ACT_LIST, ACT_VERIFY, ACT_REMOVE, ACT_PATH, ACT_CLEAR };

typedef struct store_args {
    int action, have_action;
    const char *spec;
    int json;
    cli_engine eng; /* --store and --store-limit */
} store_args;
#define AT(m) offsetof(store_args, m)

static int set_action(const char *cmd, void *args, const cli_opt *o,
                      const char *val)
{
    static const char *const actions[] = {"list", "verify", "remove", "path",
                                          "clear", NULL};
    store_args *a = args;
    (void)o;
    for (a->action = 0; actions[a->action]; a->action++)
        if (strcmp(val, actions[a->action]) == 0)
            break;
    if (!actions[a->action])
        return cli_usage_error(cmd, "unknown action '%s': list, verify, "
                                    "remove, clear or path",
                               val);
    return 0;
}

/* What each action takes. */
static int check_action(const char *cmd, void *args)
{
    const store_args *a = args;
    if (a->action == ACT_LIST && a->spec)
        return cli_usage_error(cmd, "list takes no RULES");
    if (a->action == ACT_CLEAR && a->spec)
        return cli_usage_error(cmd, "clear takes no RULES (remove PATTERN "
                                    "removes some)");
    if (a->action == ACT_REMOVE && !a->spec)
        return cli_usage_error(cmd, "remove needs RULES or a PATTERN");
    if (a->json && a->action != ACT_LIST)
        return cli_usage_error(cmd, "--json goes with list");
    return 0;
}

static const cli_opt store_opts[] = {
    {.type = CLI_OPT_ARG, .name = "ACTION", .call = set_action,
     .seen = CLI_AT(store_args, have_action)},
    {.type = CLI_OPT_ARG, .name = "RULES", .field = AT(spec)},
    {.type = CLI_OPT_SECTION, .name = "Actions:"},
    {.type = CLI_OPT_NOTE, .label = "list",
     .help = "every table: rules, entries, bytes per value, largest\n"
             "value, complete or a checkpoint, period, slices, size;\n"
             "each board search kept (its facts, so that a stopped\n"
             "run goes on); then the total size and the limit"},
    {.type = CLI_OPT_NOTE, .label = "verify [RULES]",
     .help = "verify every checksum of RULES's table and board\n"
             "searches, or of all; each file that fails is named\n"
             "(exit status 1)"},
    {.type = CLI_OPT_NOTE, .label = "remove RULES",
     .help = "remove RULES's table (with its .bad, .lock,\n"
             "temporary and split files) and board searches"},
    {.type = CLI_OPT_NOTE, .label = "remove PATTERN",
     .help = "remove every table and board search whose canonical\n"
             "spec matches the shell pattern ('cram:*', '0.?7')"},
    {.type = CLI_OPT_NOTE, .label = "clear",
     .help = "remove every table (but one being computed), every\n"
             "board search kept (but one running) and every file\n"
             "set aside"},
    {.type = CLI_OPT_NOTE, .label = "path [RULES]",
     .help = "the folder, or the file of RULES's table"},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_COMMON, .name = "--store",
     .help = "the store's folder"},
    {.type = CLI_OPT_COMMON, .name = "--store-limit",
     .help = "the limit list shows (default 4G, or\n"
             "GRUNDY_STORE_LIMIT)"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "list as one JSON object (doc/JSON.md)"},
    {.type = CLI_OPT_END},
};
#undef AT

static const cli_rule store_rules[] = {
    {CLI_RULE_ANY, {"ACTION"}, NULL,
     "say what to do: list, verify, remove, clear or path"},
    {CLI_RULE_CHECK, {NULL}, check_action, NULL},
    {.type = CLI_RULE_END},
};

CLI_SUBCOMMAND_OPTS(store, store_args, 0, store_rules);

/* "grundy: store: DIR: WHY" for a failure over the whole store. */
static int store_error(grundy_store *s, grundy_status st)
{
    fprintf(stderr, "grundy: store: %s: %s\n", grundy_store_dir(s),
            grundy_strerror(st));
    return CLI_EXIT_DATA;
}

static void warn_stderr(void *ctx, const char *path, const char *what)
{
    (void)ctx;
    fprintf(stderr, "grundy: store: %s: %s\n", path, what);
}

/* The canonical spec of the user's RULES; non-zero (an exit code) after
 * an error message. */
static int canonical(char *out, size_t cap, const char *spec)
{
    grundy_game *g = NULL;
    size_t n;
    if (cli_open_game(&g, "store", spec))
        return CLI_EXIT_DATA;
    n = grundy_game_canonical_spec(g, out, cap);
    grundy_game_free(g);
    if (n >= cap || n > GRUNDY_STORE_SPEC_MAX) {
        fprintf(stderr, "grundy: store: rules '%s': a spec of %zu bytes is "
                "not kept (at most %d)\n",
                spec, n, GRUNDY_STORE_SPEC_MAX);
        return CLI_EXIT_DATA;
    }
    return 0;
}

static int do_list(const store_args *a, grundy_store *s, grundy_writer *w)
{
    grundy_store_info *info;
    grundy_store_journal_info *jn = NULL;
    size_t n, nj = 0;
    uint64_t bytes = 0;
    grundy_status st = grundy_store_list(&info, &n, s);
    if (st == GRUNDY_OK &&
        (st = grundy_store_journals(&jn, &nj, s)) != GRUNDY_OK)
        free(info);
    if (st == GRUNDY_OK && (st = grundy_store_usage(&bytes, s)) != GRUNDY_OK) {
        free(info);
        free(jn);
    }
    if (st != GRUNDY_OK)
        return store_error(s, st);
    grundy_format_store_listing(w, s, info, n, jn, nj, bytes, a->json);
    free(info);
    free(jn);
    return CLI_EXIT_OK;
}

/* Verify one file; 0 when sound (and "SPEC: ok" is printed), -1 when
 * spec has no table (nothing printed). */
static int verify_one(grundy_store *s, grundy_writer *w, const char *path,
                      const char *spec)
{
    char why[512];
    int ok = 0;
    grundy_status st = spec ? grundy_store_verify_entry(&ok, why, sizeof why,
                                                        s, spec)
                            : grundy_store_verify_file(&ok, why, sizeof why,
                                                       s, path);
    if (st == GRUNDY_ERR_RANGE && spec)
        return -1;
    if (st != GRUNDY_OK) {
        fprintf(stderr, "grundy: store: %s: %s\n", path, grundy_strerror(st));
        return CLI_EXIT_DATA;
    }
    if (!ok) {
        (void)grundy_writer_flush(w); /* stdout, then stderr */
        fprintf(stderr, "grundy: store: %s: %s\n", path, why);
        return CLI_EXIT_DATA;
    }
    return 0;
}

/* Verify the journals of board searches (of spec, or all when NULL):
 * "SPEC (board search): ok" each; *seen counts those of spec.  0, or an
 * exit code when one failed. */
static int verify_journals(grundy_store *s, grundy_writer *w,
                           const char *spec, size_t *seen)
{
    grundy_store_journal_info *jn;
    size_t nj, i;
    int rc = 0;
    grundy_status st = grundy_store_journals(&jn, &nj, s);
    *seen = 0;
    if (st != GRUNDY_OK)
        return store_error(s, st);
    for (i = 0; i < nj; i++) {
        char why[512], label[GRUNDY_STORE_SPEC_MAX + 32];
        int ok = 0;
        if (spec && (!jn[i].readable || strcmp(jn[i].spec, spec) != 0))
            continue;
        ++*seen;
        st = grundy_store_journal_verify(&ok, NULL, why, sizeof why, s,
                                         jn[i].path);
        if (st != GRUNDY_OK || !ok) {
            (void)grundy_writer_flush(w);
            fprintf(stderr, "grundy: store: %s: %s\n", jn[i].path,
                    st != GRUNDY_OK ? grundy_strerror(st) : why);
            rc = CLI_EXIT_DATA;
            continue;
        }
        snprintf(label, sizeof label, "%s (board search)", jn[i].spec);
        grundy_format_store_verified(w, label, 0);
    }
    free(jn);
    return rc;
}

static int do_verify(const store_args *a, grundy_store *s, grundy_writer *w)
{
    grundy_store_info *info;
    size_t n, i, seen = 0;
    grundy_status st;
    int rc = CLI_EXIT_OK, rj;
    if (a->spec) {
        char spec[GRUNDY_STORE_SPEC_MAX + 1], path[4096];
        if ((rc = canonical(spec, sizeof spec, a->spec)) != 0)
            return rc;
        size_t len = grundy_store_entry_path(s, spec, path, sizeof path);
        /* a split table alone: name its manifest, SLUG-HASH.gsplit */
        if (access(path, F_OK) != 0 && len > 5 && len + 3 < sizeof path)
            strcpy(path + len - 5, ".gsplit");
        rc = verify_one(s, w, path, spec);
        if (rc == 0)
            grundy_format_store_verified(w, spec, 0);
        rj = verify_journals(s, w, spec, &seen);
        if (rc < 0 && !seen) {
            fprintf(stderr, "grundy: store: no table of '%s' in %s\n", spec,
                    grundy_store_dir(s));
            return CLI_EXIT_DATA;
        }
        return rc > 0 ? rc : rj;
    }
    st = grundy_store_list(&info, &n, s);
    if (st != GRUNDY_OK)
        return store_error(s, st);
    for (i = 0; i < n; i++) {
        if (verify_one(s, w, info[i].path, NULL) != 0) {
            rc = CLI_EXIT_DATA;
            continue;
        }
        grundy_format_store_verified(w, info[i].spec, info[i].split);
    }
    free(info);
    rj = verify_journals(s, w, NULL, &seen);
    return rc ? rc : rj;
}

/* The journals of board searches of spec (exact) or matching the
 * pattern spec go too; a line on stderr for those a search holds.  The
 * number removed, or -1 after an error message. */
static long remove_journals(grundy_store *s, const char *spec, int exact)
{
    size_t removed = 0, busy = 0;
    grundy_status st = grundy_store_remove_journals(s, spec, exact, &removed,
                                                    &busy);
    if (busy)
        fprintf(stderr, "grundy: store: %zu board %s of '%s' in use (a "
                "search is running) %s\n",
                busy, busy == 1 ? "search" : "searches", spec,
                busy == 1 ? "stays" : "stay");
    if (st != GRUNDY_OK && st != GRUNDY_ERR_IO)
        store_error(s, st);
    return st != GRUNDY_OK || busy ? -1 : (long)removed;
}

/* Remove every entry whose canonical spec matches the pattern (a
 * wildcard of fnmatch()), and the journals of board searches that do;
 * each table removed is named on stdout, then "removed N board
 * searches". */
static int remove_matching(const char *pattern, grundy_store *s,
                           grundy_writer *w)
{
    grundy_store_info *gone;
    size_t n, matched;
    long searches;
    grundy_status st = grundy_store_remove_matching(&gone, &n, &matched, s,
                                                    pattern);
    if (st != GRUNDY_OK && !matched) {
        free(gone);
        return store_error(s, st);
    }
    searches = remove_journals(s, pattern, 0);
    if (!matched && searches == 0)
        fprintf(stderr, "grundy: store: no table matches '%s' in %s\n",
                pattern, grundy_store_dir(s));
    grundy_format_store_removed(w, gone, n);
    free(gone);
    if (searches > 0)
        grundy_format_store_removed_searches(w, (size_t)searches);
    return st != GRUNDY_OK || searches < 0 || (!matched && searches == 0)
               ? CLI_EXIT_DATA
               : CLI_EXIT_OK;
}

static int do_clear(grundy_store *s, grundy_writer *w)
{
    size_t removed = 0, busy = 0;
    grundy_status st = grundy_store_clear(s, &removed, &busy);
    if (st != GRUNDY_OK)
        return store_error(s, st);
    grundy_format_store_cleared(w, removed, busy);
    return CLI_EXIT_OK;
}

static int do_remove(const store_args *a, grundy_store *s, grundy_writer *w)
{
    char spec[GRUNDY_STORE_SPEC_MAX + 1];
    grundy_status st;
    long searches;
    int rc;
    if (strpbrk(a->spec, "*?["))
        return remove_matching(a->spec, s, w);
    rc = canonical(spec, sizeof spec, a->spec);
    if (rc)
        return rc;
    st = grundy_store_remove(s, spec);
    searches = remove_journals(s, spec, 1);
    if (st == GRUNDY_ERR_RANGE && searches == 0) {
        fprintf(stderr, "grundy: store: no table of '%s' in %s\n", spec,
                grundy_store_dir(s));
        return CLI_EXIT_DATA;
    }
    if ((st != GRUNDY_OK && st != GRUNDY_ERR_RANGE) || searches < 0)
        return CLI_EXIT_DATA; /* the warning named the file */
    return CLI_EXIT_OK;
}

static int do_path(const store_args *a, grundy_store *s, grundy_writer *w)
{
    char spec[GRUNDY_STORE_SPEC_MAX + 1], path[4096];
    int rc;
    if (!a->spec) {
        grundy_writer_str(w, grundy_store_dir(s));
        grundy_writer_char(w, '\n');
        return CLI_EXIT_OK;
    }
    if ((rc = canonical(spec, sizeof spec, a->spec)) != 0)
        return rc;
    grundy_store_entry_path(s, spec, path, sizeof path);
    grundy_writer_str(w, path);
    grundy_writer_char(w, '\n');
    return CLI_EXIT_OK;
}

int cmd_store(int argc, char **argv)
{
    store_args a;
    grundy_store_opts o;
    grundy_limits lim;
    grundy_store *s;
    grundy_writer w;
    grundy_status st;
    int rc = cli_opts_start(&cli_store_opts, &a, sizeof a, argc, argv);
    if (rc)
        return rc;
    grundy_limits_init(&lim);
    cli_progress_attach(&lim, "store");
    grundy_store_opts_init(&o);
    o.dir = a.eng.so.store_dir;
    o.warn = warn_stderr;
    o.limits = &lim;
    o.size_limit = a.eng.so.store_limit ? a.eng.so.store_limit
                                        : cli_env_store_limit("store");
    st = grundy_store_open(&s, &o);
    if (st != GRUNDY_OK) {
        if (st == GRUNDY_ERR_ARG && o.dir)
            fprintf(stderr, "grundy: store: --store '%s': the folder's "
                    "name is too long\n", o.dir);
        else if (st == GRUNDY_ERR_ARG)
            fprintf(stderr, "grundy: store: no folder: set HOME or "
                    "XDG_CACHE_HOME, or give --store DIR\n");
        else
            fprintf(stderr, "grundy: store: %s\n", grundy_strerror(st));
        return CLI_EXIT_DATA;
    }
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        grundy_store_close(s);
        return cli_error("store", GRUNDY_ERR_NOMEM, NULL);
    }
    switch (a.action) {
    case ACT_LIST:
        rc = do_list(&a, s, &w);
        break;
    case ACT_VERIFY:
        rc = do_verify(&a, s, &w);
        break;
    case ACT_REMOVE:
        rc = do_remove(&a, s, &w);
        break;
    case ACT_CLEAR:
        rc = do_clear(s, &w);
        break;
    default:
        rc = do_path(&a, s, &w);
        break;
    }
    cli_progress_done();
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("store", &w);
    grundy_store_close(s);
    return rc;
}
