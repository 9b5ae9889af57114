/*
 * registry.c -- the one list of rule families, aliases, and grundy_game.
 *
 * Families are found by the text before the first ':' of a spec, built-in
 * ones first, then those a program registered; a family may also claim a
 * spec by its shape (octal codes start with a digit).  Adding a built-in
 * family means one line in grundy_rules_builtin[] below.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "grundy/rect.h"
#include "grundy/rules.h"
#include "grundy/takebreak.h"
#include "grundy/twoheap.h"
#include "rules/rules_internal.h"

const grundy_rules *const grundy_rules_builtin[] = {
    &grundy_rules_nim,
    &grundy_rules_subtract,
    &grundy_rules_allbut,
    &grundy_rules_digits,
    &grundy_rules_half,
    &grundy_rules_take,
    &grundy_rules_wythoff,
    &grundy_rules_twoheap,
    &grundy_rules_rect,
    &grundy_rules_cram,
    &grundy_rules_node_kayles,
    &grundy_rules_chomp,
    &grundy_rules_divisors,
    &grundy_rules_octal,
    &grundy_rules_grundy_game,
    &grundy_rules_addsub, /* games with cycles (GRUNDY_RULES_LOOPY) */
    &grundy_rules_graph,
    NULL,
};

static const struct {
    const char *name, *spec;
} aliases[] = {
    {"kayles", "0.77"},
    {"dawsons-kayles", "0.07"},
    {"dawsons-chess", "0.137"},
    {"lasker", "4.3..."}, /* Lasker's Nim: take any number, or split */
};

#define MAX_USER_RULES 64
static const grundy_rules *user_rules[MAX_USER_RULES];
static size_t n_user_rules;

const char *grundy_rules_alias(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(aliases[i].name, name) == 0)
            return aliases[i].spec;
    return NULL;
}

static const grundy_rules *find_name(const char *name, size_t len)
{
    size_t i;
    for (i = 0; grundy_rules_builtin[i]; i++)
        if (strlen(grundy_rules_builtin[i]->name) == len &&
            memcmp(grundy_rules_builtin[i]->name, name, len) == 0)
            return grundy_rules_builtin[i];
    for (i = 0; i < n_user_rules; i++)
        if (strlen(user_rules[i]->name) == len &&
            memcmp(user_rules[i]->name, name, len) == 0)
            return user_rules[i];
    return NULL;
}

static const grundy_rules *find_claim(const char *spec)
{
    size_t i;
    for (i = 0; grundy_rules_builtin[i]; i++)
        if (grundy_rules_builtin[i]->claims &&
            grundy_rules_builtin[i]->claims(spec))
            return grundy_rules_builtin[i];
    for (i = 0; i < n_user_rules; i++)
        if (user_rules[i]->claims && user_rules[i]->claims(spec))
            return user_rules[i];
    return NULL;
}

const grundy_rules *grundy_rules_find(const char *spec)
{
    const char *colon;
    const grundy_rules *r;
    if (!spec || !spec[0])
        return NULL;
    colon = strchr(spec, ':');
    r = find_name(spec, colon ? (size_t)(colon - spec) : strlen(spec));
    return r ? r : find_claim(spec);
}

grundy_status grundy_rules_register(const grundy_rules *r)
{
    GRUNDY_RETURN_IF(!r || !r->name || !r->name[0] || !r->moves ||
                         !r->max_moves || !r->parse,
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(find_name(r->name, strlen(r->name)), GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(n_user_rules == MAX_USER_RULES, GRUNDY_ERR_LIMIT);
    user_rules[n_user_rules++] = r;
    return GRUNDY_OK;
}

static grundy_status game_make(grundy_game **out, const grundy_rules *rules,
                               const char *args, const char *spec,
                               size_t args_off, grundy_parse_error *where)
{
    grundy_game *g;
    grundy_status s;
    *out = NULL;
    GRUNDY_TRY(GRUNDY_NEW(g));
    g->rules = rules;
    g->spec = malloc(strlen(spec) + 1);
    if (!g->spec) {
        free(g);
        return GRUNDY_ERR_NOMEM;
    }
    strcpy(g->spec, spec);
    if (where)
        where->msg[0] = 0;
    s = rules->parse(&g->params, args, where);
    if (s != GRUNDY_OK) {
        if (where) {
            where->line = 1;
            where->col += args_off;
        }
        grundy_game_free(g);
        return s;
    }
    *out = g;
    return GRUNDY_OK;
}

/* The edit distance (insertions, deletions, substitutions, adjacent
 * swaps) between a[0..n) and b, or a large number past 8. */
static size_t edit_distance(const char *a, size_t n, const char *b)
{
    size_t m = strlen(b), i, j, d[3][41];
    if (n > 40 || m > 40)
        return 99;
    for (j = 0; j <= m; j++)
        d[0][j] = j;
    for (i = 1; i <= n; i++) {
        size_t *cur = d[i % 3], *prev = d[(i + 2) % 3], *pp = d[(i + 1) % 3];
        cur[0] = i;
        for (j = 1; j <= m; j++) {
            size_t c = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < c)
                c = prev[j] + 1;
            if (cur[j - 1] + 1 < c)
                c = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
                a[i - 2] == b[j - 1] && pp[j - 2] + 1 < c)
                c = pp[j - 2] + 1;
            cur[j] = c;
        }
    }
    return d[n % 3][m];
}

/* The known family or alias nearest to name[0..len) (within a third of
 * its length, at least 1 and at most 3 edits), or NULL. */
static const char *nearest_name(const char *name, size_t len)
{
    const char *best = NULL;
    size_t bd = len / 3 < 1 ? 1 : len / 3 > 3 ? 3 : len / 3, i, d;
    for (i = 0; grundy_rules_builtin[i]; i++)
        if ((d = edit_distance(name, len, grundy_rules_builtin[i]->name)) <=
                bd &&
            (!best || d < bd)) {
            best = grundy_rules_builtin[i]->name;
            bd = d;
        }
    for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if ((d = edit_distance(name, len, aliases[i].name)) <= bd &&
            (!best || d < bd)) {
            best = aliases[i].name;
            bd = d;
        }
    for (i = 0; i < n_user_rules; i++)
        if ((d = edit_distance(name, len, user_rules[i]->name)) <= bd &&
            (!best || d < bd)) {
            best = user_rules[i]->name;
            bd = d;
        }
    return best;
}

grundy_status grundy_game_new(grundy_game **out, const char *spec,
                              grundy_parse_error *where)
{
    const char *colon, *alias;
    const grundy_rules *r;
    size_t name_len;

    GRUNDY_RETURN_IF(!out, GRUNDY_ERR_ARG);
    *out = NULL;
    if (!spec || !spec[0]) {
        grundy_parse_error_set(where, 1, 1,
                               "%s: name a rule family ('nim', "
                               "'subtract:1,2,3', 'kayles', ...)",
                               spec ? "an empty spec" : "no spec");
        return GRUNDY_ERR_ARG;
    }
    alias = grundy_rules_alias(spec);
    if (alias)
        return grundy_game_new(out, alias, where);
    colon = strchr(spec, ':');
    name_len = colon ? (size_t)(colon - spec) : strlen(spec);
    r = find_name(spec, name_len);
    if (r)
        return game_make(out, r, colon ? colon + 1 : NULL, spec,
                         colon ? name_len + 1 : name_len, where);
    r = find_claim(spec);
    if (r)
        return game_make(out, r, spec, spec, 0, where);
    {
        const char *near = nearest_name(spec, name_len);
        if (near)
            grundy_parse_error_set(where, 1, 1,
                                   "unknown rule family '%.*s' (did you "
                                   "mean '%s'?)",
                                   (int)(name_len > 40 ? 40 : name_len), spec,
                                   near);
        else
            grundy_parse_error_set(where, 1, 1, "unknown rule family '%.*s'",
                                   (int)(name_len > 40 ? 40 : name_len),
                                   spec);
    }
    return GRUNDY_ERR_ARG;
}

grundy_status grundy_game_new_rules(grundy_game **out,
                                    const grundy_rules *rules,
                                    const char *args,
                                    grundy_parse_error *where)
{
    GRUNDY_RETURN_IF(!out, GRUNDY_ERR_ARG);
    *out = NULL;
    GRUNDY_RETURN_IF(!rules || !rules->parse || !rules->moves ||
                         !rules->max_moves,
                     GRUNDY_ERR_ARG);
    return game_make(out, rules, args, args ? args : rules->name, 0, where);
}
