/*
 * text.c -- games opened from specs, and a whole state as text and back
 * (grundy_play_format() / grundy_play_parse()), so that a request can
 * carry a game and a program can replay it.
 *
 * The text names each game by its canonical spec, which holds all that
 * makes the game (a family with cycles writes its bound there), and
 * gives the moves as a player types them: replaying them checks each one
 * against the rules, so a text that was edited by hand cannot smuggle in
 * an illegal move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse_error.h"
#include "grundy/io.h"
#include "play/play_internal.h"

grundy_status grundy_play_game(const grundy_game **out, grundy_session *s,
                               const char *spec, uint64_t heap_max,
                               grundy_parse_error *where)
{
    const grundy_game *g;
    const grundy_rules *r;
    char *bounded;
    size_t len;
    grundy_status st;
    *out = NULL;
    GRUNDY_TRY(grundy_session_game(&g, s, spec, where));
    r = grundy_game_rules(g);
    if (!(r->flags & GRUNDY_RULES_LOOPY) || grundy_game_num_positions(g)) {
        *out = g;
        return GRUNDY_OK;
    }
    len = strlen(spec);
    if (!heap_max) {
        const char *colon = strchr(spec, ':');
        grundy_parse_error_set(where, 1,
                               colon ? (size_t)(colon - spec) + 2 : len + 1,
                               "%s needs a bound on its positions (the last "
                               "field :H of the spec, or --heap-max H)",
                               r->name);
        return GRUNDY_ERR_ARG;
    }
    bounded = malloc(len + 24);
    GRUNDY_RETURN_IF(!bounded, GRUNDY_ERR_NOMEM);
    snprintf(bounded, len + 24, "%s:%llu", spec,
             (unsigned long long)heap_max);
    st = grundy_session_game(&g, s, bounded, where);
    free(bounded);
    GRUNDY_TRY(st);
    *out = g;
    return GRUNDY_OK;
}

/* grundy_play_add_arg() with the hook of grundy_play_read() around the
 * opening of its game. */
static grundy_status add_arg(grundy_play *p, const char *rules,
                             const char *text, grundy_play_arg *a,
                             grundy_play_read_hook hook, void *ctx, size_t i)
{
    const char *colon = rules ? NULL : strrchr(text, ':');
    grundy_status st;
    memset(a, 0, sizeof *a);
    a->pos = text;
    if (!rules) {
        a->fault = GRUNDY_PLAY_ARG_FORM;
        GRUNDY_RETURN_IF(!colon || colon == text, GRUNDY_ERR_PARSE);
        a->fault = GRUNDY_PLAY_ARG_LONG;
        GRUNDY_RETURN_IF((size_t)(colon - text) >= sizeof a->spec,
                         GRUNDY_ERR_PARSE);
        memcpy(a->spec, text, (size_t)(colon - text));
        a->pos = colon + 1;
    } else {
        snprintf(a->spec, sizeof a->spec, "%s", rules);
    }
    a->fault = GRUNDY_PLAY_ARG_OK;
    if (hook)
        GRUNDY_TRY(hook(ctx, i, a));
    a->fault = GRUNDY_PLAY_ARG_RULES;
    GRUNDY_TRY(grundy_play_game(&a->game, p->s, rules ? rules : a->spec,
                                p->o.heap_max, &a->where));
    a->fault = GRUNDY_PLAY_ARG_OK;
    if (hook)
        GRUNDY_TRY(hook(ctx, i, a));
    a->fault = GRUNDY_PLAY_ARG_POSITION;
    st = grundy_play_add(p, a->game, rules ? rules : a->spec, a->pos,
                         &a->where);
    if (st == GRUNDY_OK)
        a->fault = GRUNDY_PLAY_ARG_OK;
    return st;
}

grundy_status grundy_play_add_arg(grundy_play *p, const char *rules,
                                  const char *text, grundy_play_arg *a)
{
    return add_arg(p, rules, text, a, NULL, NULL, 0);
}

grundy_status grundy_play_read(grundy_play *p, const char *rules,
                               const char *const *texts, size_t n,
                               grundy_play_read_hook hook, void *ctx,
                               grundy_play_read_fault *f)
{
    grundy_status st = GRUNDY_OK;
    memset(f, 0, sizeof *f);
    /* the family's error comes first: component 1 opens it */
    for (f->at = 0; f->at < n && st == GRUNDY_OK; f->at++)
        st = add_arg(p, rules, texts[f->at], &f->arg, hook, ctx, f->at);
    if (st != GRUNDY_OK) {
        f->at--;
        f->stage = f->arg.fault == GRUNDY_PLAY_ARG_OK ? GRUNDY_PLAY_READ_HOOK
                                                      : GRUNDY_PLAY_READ_ARG;
        return st;
    }
    f->at = 0;
    memset(&f->arg, 0, sizeof f->arg);
    f->option = grundy_play_refused_option(p);
    if (f->option) {
        f->stage = GRUNDY_PLAY_READ_OPTION;
        return GRUNDY_ERR_ARG;
    }
    st = grundy_play_prepare(p, &f->at, &f->arg.where);
    if (st != GRUNDY_OK)
        f->stage = GRUNDY_PLAY_READ_PREPARE;
    return st;
}

/* Text form ****************************************************************/

/* Append s (n bytes) to buf[*len], snprintf-style. */
static void put(char *buf, size_t cap, size_t *len, const char *s, size_t n)
{
    if (*len < cap) {
        size_t k = n < cap - *len - 1 ? n : cap - *len - 1;
        memcpy(buf + *len, s, k);
        buf[*len + k] = 0;
    }
    *len += n;
}

static void puts_(char *buf, size_t cap, size_t *len, const char *s)
{
    put(buf, cap, len, s, strlen(s));
}

size_t grundy_play_format(const grundy_play *p, char *buf, size_t cap)
{
    char t[640];
    size_t len = 0, n, i, k;
    const grundy_sum_component *c = grundy_play_start(p, &n);
    if (cap)
        buf[0] = 0;
    puts_(buf, cap, &len,
          p->o.convention == GRUNDY_PLAY_MISERE ? "play misere"
                                                : "play normal");
    if (p->o.moore_k) {
        snprintf(t, sizeof t, " moore %u", p->o.moore_k);
        puts_(buf, cap, &len, t);
    }
    puts_(buf, cap, &len, "\n");
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_values_game(c[i].values);
        size_t sl = grundy_game_canonical_spec(g, t, sizeof t);
        puts_(buf, cap, &len, sl < sizeof t ? t : grundy_game_spec(g));
        puts_(buf, cap, &len, ":");
        grundy_game_pos_format(g, c[i].pos, t, sizeof t);
        puts_(buf, cap, &len, t);
        puts_(buf, cap, &len, "\n");
    }
    for (k = 0; k < p->ply; k++) {
        const grundy_sum_component *at = p->pos + p->off[k];
        const grundy_sum_move *set;
        size_t m = grundy_play_history(p, k, &set);
        puts_(buf, cap, &len, "move ");
        for (i = 0; i < m; i++) {
            snprintf(t, sizeof t, "%s%zu ", i ? ", " : "",
                     set[i].component + 1);
            puts_(buf, cap, &len, t);
            grundy_play_parts_text(
                grundy_values_game(at[set[i].component].values),
                &set[i].to, t, sizeof t);
            puts_(buf, cap, &len, t);
        }
        puts_(buf, cap, &len, "\n");
    }
    return len;
}

/* "play normal|misere [moore K]" into o (the form grundy_play_format()
 * writes, for either convention). */
static grundy_status header(grundy_play_opts *o, const char *line,
                            size_t len, grundy_parse_error *where)
{
    char w[4][16];
    size_t nw = 0, i = 0;
    uint64_t k = 0;
    while (i < len && nw < 4) {
        size_t s;
        while (i < len && line[i] == ' ')
            i++;
        s = i;
        while (i < len && line[i] != ' ')
            i++;
        if (i - s >= sizeof w[0])
            break;
        if (i > s) {
            memcpy(w[nw], line + s, i - s);
            w[nw++][i - s] = 0;
        }
    }
    while (i < len && line[i] == ' ')
        i++;
    if (i == len && (nw == 2 || nw == 4) && !strcmp(w[0], "play") &&
        (!strcmp(w[1], "normal") || !strcmp(w[1], "misere")) &&
        (nw == 2 ||
         (!strcmp(w[2], "moore") &&
          grundy_u64_parse(&k, w[3], strlen(w[3]), 1, GRUNDY_MOORE_KMAX,
                           NULL) == GRUNDY_OK))) {
        o->convention =
            w[1][0] == 'm' ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
        if (nw == 4)
            o->moore_k = (unsigned)k;
        return GRUNDY_OK;
    }
    grundy_parse_error_set(where, 1, 1,
                           "expected 'play normal', 'play misere' or 'play "
                           "normal|misere moore K'");
    return GRUNDY_ERR_PARSE;
}

/* "SPEC:POS": a component of the start. */
static grundy_status component(grundy_play *p, const char *line,
                               size_t len, grundy_parse_error *where)
{
    char *spec = malloc(len + 1);
    const char *colon;
    const grundy_game *g;
    grundy_status s;
    GRUNDY_RETURN_IF(!spec, GRUNDY_ERR_NOMEM);
    memcpy(spec, line, len);
    spec[len] = 0;
    colon = strrchr(spec, ':');
    if (!colon || colon == spec) {
        free(spec);
        grundy_parse_error_set(where, 1, 1,
                               "expected SPEC:POS (as in nim:5 or "
                               "addsub:1,2:1:20:7) or 'move C TO'");
        return GRUNDY_ERR_PARSE;
    }
    spec[colon - spec] = 0;
    s = grundy_play_game(&g, p->s, spec, p->o.heap_max, where);
    if (s == GRUNDY_OK) {
        s = grundy_play_add(p, g, spec, colon + 1, where);
        if (s != GRUNDY_OK && where)
            where->col += (unsigned long)(colon + 1 - spec);
    }
    free(spec);
    return s;
}

/* "move C TO": a move replayed. */
static grundy_status move(grundy_play *p, const char *line, size_t len,
                          grundy_parse_error *where)
{
    grundy_sum_move set[GRUNDY_PLAY_MAX_SET];
    size_t n;
    grundy_status s =
        grundy_play_parse_move(p, line + 5, len - 5, set, GRUNDY_PLAY_MAX_SET,
                               &n, where);
    if (s != GRUNDY_OK) {
        if (where)
            where->col += 5;
        return s;
    }
    return grundy_play_apply(p, set, n);
}

grundy_status grundy_play_parse(grundy_play **out, grundy_session *s,
                                const char *text, size_t len,
                                const grundy_play_opts *opts,
                                grundy_parse_error *where)
{
    grundy_play_opts o;
    grundy_play *p = NULL;
    size_t at = 0, lineno = 0;
    int first = 1, moves = 0;
    grundy_status st = GRUNDY_OK;
    *out = NULL;
    grundy_parse_error_clear(where);
    if (opts)
        o = *opts;
    else
        grundy_play_opts_init(&o);
    while (at < len && st == GRUNDY_OK) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - text) : len, ll = end - at;
        const char *line = text + at;
        lineno++;
        at = end + 1;
        if (ll && line[ll - 1] == '\r')
            ll--;
        if (!ll || line[0] == '#')
            continue;
        if (first) {
            int head = ll >= 5 && !memcmp(line, "play ", 5);
            first = 0;
            if (head)
                st = header(&o, line, ll, where);
            if (st == GRUNDY_OK)
                st = grundy_play_new(&p, s, &o);
            if (head || st != GRUNDY_OK)
                continue;
        }
        if (ll >= 5 && !memcmp(line, "move ", 5)) {
            moves = 1;
            st = move(p, line, ll, where);
        } else if (moves) {
            grundy_parse_error_set(where, 1, 1,
                                   "expected 'move C TO': the components "
                                   "come before the moves");
            st = GRUNDY_ERR_PARSE;
        } else {
            st = component(p, line, ll, where);
        }
    }
    if (st == GRUNDY_OK && !p)
        st = grundy_play_new(&p, s, &o);
    if (st != GRUNDY_OK) {
        if (where)
            where->line = lineno;
        grundy_play_free(p);
        return st;
    }
    *out = p;
    return GRUNDY_OK;
}
