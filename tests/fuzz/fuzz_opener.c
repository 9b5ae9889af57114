/*
 * fuzz_opener.c -- the spec opener of the front ends (grundy_play_game()
 * and the program's cli_open_game()) and the play state built on it.
 *
 * Input, one item per line:
 *   line 1   options, words: "misere", "moore K" (Moore's Nim_k), "max H"
 *            (the heap bound of families with cycles, at most 4096),
 *            "best" (ask for the best move at the end, when the
 *            position has at most 4096 moves);
 *   line 2   the spec of the game;
 *   then     a position of that game (a component), or "+SPEC:POS" (a
 *            component of another game, split at the last ':'), or
 *            "> MOVE" (a move typed as a player types it).
 * What must hold for any input:
 *   - a refused spec names a place inside it (column 1 .. length + 1)
 *     with a message, the same refusal every time; the program's opener
 *     refuses the same specs as the library's grundy_session_game() and
 *     leaves nothing allocated (LeakSanitizer checks every input);
 *   - an accepted spec gives the same game when opened again, and its
 *     canonical spec opens to a game with the same canonical spec;
 *   - a refused position or move names a column inside its text;
 *   - the state's text form (grundy_play_format()) parses back to a state
 *     with the same positions, turn and text form, history included (it
 *     names games by canonical spec: read again, it shows the same);
 *   - each legal move (up to 16 of a small position) is typed back by its
 *     text to the same move; applying it and undoing it shows the
 *     position as before, redoing it shows it as after;
 *   - all within the memory limit, 2^20 steps of work and 4096 states of
 *     search, so that no input runs long.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/grundy.h"
#include "grundy/play.h"
#include "grundy/session.h"
#include "fuzz_common.h"
#include "opt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_COMPONENTS 8
#define MAX_LISTED 4096 /* moves of a position whose legal moves are listed */
#define MAX_TRIED 16    /* legal moves applied and undone */

static void check_col(const grundy_parse_error *w, size_t len,
                      const char *what, const char *text)
{
    if (w->col < 1 || w->col > len + 1)
        fuzz_fail("%s '%s': error column %lu outside 1..%zu (%s)", what, text,
                  w->col, len + 1, w->msg);
}

/* What fn (grundy_play_show() or grundy_play_format()) writes, in a new
 * string. */
static char *text_of(size_t (*fn)(const grundy_play *, char *, size_t),
                     const grundy_play *p)
{
    size_t n = fn(p, NULL, 0);
    char *s = malloc(n + 1);
    if (!s)
        abort();
    if (fn(p, s, n + 1) != n)
        fuzz_fail("a text of the state: two lengths");
    return s;
}

static char *show(const grundy_play *p)
{
    return text_of(grundy_play_show, p);
}

static char *format(const grundy_play *p)
{
    return text_of(grundy_play_format, p);
}

/* Open spec through grundy_play_game() and check what must hold; the game
 * or NULL. */
static const grundy_game *open_spec(grundy_session *s, const char *spec,
                                    uint64_t heap_max)
{
    grundy_parse_error where, again;
    const grundy_game *g = NULL, *g2 = NULL, *plain = NULL;
    grundy_game *app = NULL;
    grundy_status st, st2, st_plain;
    char canon[1024], canon2[1024];
    int rc;

    memset(&where, 0, sizeof where);
    st = grundy_play_game(&g, s, spec, heap_max, &where);
    memset(&again, 0, sizeof again);
    st2 = grundy_play_game(&g2, s, spec, heap_max, &again);
    if (st2 != st || g2 != g)
        fuzz_fail("'%s': opened twice, two answers", spec);
    /* the program's opener against the library's parser */
    st_plain = grundy_session_game(&plain, s, spec, NULL);
    cli_silent = 1;
    rc = cli_open_game(&app, "fuzz", spec);
    if ((rc == 0) != (st_plain == GRUNDY_OK) || (rc != 0 && app != NULL))
        fuzz_fail("'%s': cli_open_game gives %d, the library %s", spec, rc,
                  grundy_strerror(st_plain));
    grundy_game_free(app);
    if (st != GRUNDY_OK) {
        if (g != NULL)
            fuzz_fail("'%s': refused, yet a game", spec);
        if (st == GRUNDY_ERR_NOMEM)
            return NULL;
        check_col(&where, strlen(spec), "spec", spec);
        if (!where.msg[0])
            fuzz_fail("spec '%s': refused (%s) without a message", spec,
                      grundy_strerror(st));
        if (again.col != where.col || strcmp(again.msg, where.msg) != 0)
            fuzz_fail("spec '%s': refused at %lu, then at %lu", spec,
                      where.col, again.col);
        return NULL;
    }
    if (!g)
        fuzz_fail("'%s': accepted, yet no game", spec);
    if (!grundy_play_label(g, spec))
        fuzz_fail("'%s': no label", spec);
    if (grundy_game_canonical_spec(g, canon, sizeof canon) < sizeof canon) {
        memset(&where, 0, sizeof where);
        if (grundy_play_game(&g2, s, canon, 0, &where) != GRUNDY_OK)
            fuzz_fail("canonical spec '%s' of '%s' is refused: %s", canon,
                      spec, where.msg);
        if (grundy_game_canonical_spec(g2, canon2, sizeof canon2) >=
                sizeof canon2 ||
            strcmp(canon, canon2) != 0)
            fuzz_fail("canonical spec '%s' of '%s' gives '%s'", canon, spec,
                      canon2);
    }
    return g;
}

static int same_move(const grundy_sum_move *a, const grundy_sum_move *b)
{
    unsigned k;
    if (a->component != b->component || a->from != b->from ||
        a->to.nparts != b->to.nparts)
        return 0;
    for (k = 0; k < a->to.nparts; k++)
        if (a->to.part[k] != b->to.part[k])
            return 0;
    return 1;
}

/* The moves of the components, when few enough to list. */
static size_t moves_bound(const grundy_play *p)
{
    size_t n, i, total = 0;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_play_game_of(p, i);
        const grundy_rules *r = grundy_game_rules(g);
        size_t m = r->max_moves(grundy_game_params(g), c[i].pos);
        if (m > MAX_LISTED || total + m > MAX_LISTED)
            return MAX_LISTED + 1;
        total += m;
    }
    return total;
}

/* Each of a few legal moves: its text parses back to it; applied, undone
 * and redone, the shown position follows. */
static void check_legal(grundy_play *p)
{
    grundy_sum_move *mv = NULL, set[GRUNDY_PLAY_MAX_SET];
    size_t n = 0, i, step, k;
    char *before, *after, *now, text[1024];
    size_t ply = grundy_play_ply(p);
    grundy_parse_error where;
    if (moves_bound(p) > MAX_LISTED)
        return;
    if (grundy_play_legal(p, &mv, &n) != GRUNDY_OK)
        return;
    before = show(p);
    step = n > MAX_TRIED ? n / MAX_TRIED : 1;
    for (i = 0; i < n; i += step) {
        size_t tl = grundy_play_move_text(p, &mv[i], 1, text, sizeof text);
        if (tl < sizeof text) {
            memset(&where, 0, sizeof where);
            if (grundy_play_parse_move(p, text, tl, set, GRUNDY_PLAY_MAX_SET,
                                       &k, &where) != GRUNDY_OK ||
                k != 1 || !same_move(&set[0], &mv[i]))
                fuzz_fail("'%s': the legal move '%s' is read back as "
                          "another (%s)",
                          before, text, where.msg);
        }
        if (grundy_play_apply(p, &mv[i], 1) != GRUNDY_OK)
            continue;
        if (grundy_play_ply(p) != ply + 1)
            fuzz_fail("'%s': a move played, ply %zu", before,
                      grundy_play_ply(p));
        after = show(p);
        if (grundy_play_undo(p) != 1)
            fuzz_fail("'%s': a move played cannot be undone", before);
        now = show(p);
        if (strcmp(now, before) != 0 || grundy_play_ply(p) != ply)
            fuzz_fail("'%s' then '%s' and undone: '%s'", before, text, now);
        free(now);
        if (grundy_play_redo(p) != 1)
            fuzz_fail("'%s': a move undone cannot be redone", before);
        now = show(p);
        if (strcmp(now, after) != 0)
            fuzz_fail("'%s' then '%s' redone: '%s', was '%s'", before, text,
                      now, after);
        free(now);
        free(after);
        if (grundy_play_undo(p) != 1)
            fuzz_fail("'%s': undo after redo", before);
    }
    free(before);
    free(mv);
}

/* The text form parses back to the same state. */
static void check_text(grundy_play *p, grundy_session *s,
                       const grundy_play_opts *o)
{
    char *f = format(p), *f2, *f3, *s1, *s2;
    grundy_play *q = NULL, *r = NULL;
    const grundy_sum_component *ca, *cb;
    size_t na, nb, i;
    grundy_parse_error where;
    grundy_status st;
    memset(&where, 0, sizeof where);
    st = grundy_play_parse(&q, s, f, strlen(f), o, &where);
    if (st == GRUNDY_ERR_LIMIT || st == GRUNDY_ERR_WORK ||
        st == GRUNDY_ERR_NOMEM) {
        free(f);
        grundy_play_free(q);
        return;
    }
    if (st != GRUNDY_OK)
        fuzz_fail("the text form '%s' is refused at %lu:%lu: %s", f,
                  where.line, where.col, where.msg);
    f2 = format(q);
    if (strcmp(f, f2) != 0)
        fuzz_fail("the text form '%s' reads back as '%s'", f, f2);
    ca = grundy_play_components(p, &na);
    cb = grundy_play_components(q, &nb);
    if (na != nb || grundy_play_turn(p) != grundy_play_turn(q) ||
        grundy_play_ply(p) != grundy_play_ply(q))
        fuzz_fail("the text form '%s' reads back as another state", f);
    for (i = 0; i < na; i++)
        if (ca[i].pos != cb[i].pos)
            fuzz_fail("the text form '%s': component %zu reads back as "
                      "another position",
                      f, i + 1);
    /* the state shows the specs as written, the text form canonical
     * ones: shown from the text form, it shows the same again */
    s1 = show(q);
    f3 = format(q);
    if (grundy_play_parse(&r, s, f3, strlen(f3), o, &where) != GRUNDY_OK)
        fuzz_fail("the text form '%s' is refused the second time", f3);
    s2 = show(r);
    if (strcmp(s1, s2) != 0)
        fuzz_fail("the text form '%s' shows as '%s', then as '%s'", f, s1,
                  s2);
    grundy_play_free(r);
    free(f);
    free(f2);
    free(f3);
    free(s1);
    free(s2);
    grundy_play_free(q);
}

/* "word N" in the options line: N (0 when absent or not a number). */
static uint64_t option_number(const char *opts, const char *word,
                              uint64_t hi)
{
    const char *at = strstr(opts, word);
    uint64_t v;
    size_t len;
    grundy_parse_error w;
    if (!at)
        return 0;
    at += strlen(word);
    while (*at == ' ')
        at++;
    len = strspn(at, "0123456789");
    if (grundy_u64_parse(&v, at, len, 0, hi, &w) != GRUNDY_OK)
        return 0;
    return v;
}

/* The next line of data[*off..size) as a new string; NULL at the end. */
static char *next_line(const uint8_t *data, size_t size, size_t *off)
{
    const uint8_t *e;
    size_t len;
    char *s;
    if (*off >= size)
        return NULL;
    e = memchr(data + *off, '\n', size - *off);
    len = e ? (size_t)(e - (data + *off)) : size - *off;
    s = fuzz_strdup(data + *off, len);
    *off += len + 1;
    return s;
}

static void add_component(grundy_play *p, grundy_session *s, const char *line,
                          const grundy_game *first, const char *spec,
                          uint64_t heap_max)
{
    const grundy_game *g = first;
    const char *pos = line;
    char *other = NULL;
    grundy_parse_error where;
    grundy_status st;
    if (line[0] == '+') {
        const char *colon = strrchr(line, ':');
        if (!colon || colon == line + 1)
            return;
        other = fuzz_strdup((const uint8_t *)line + 1,
                            (size_t)(colon - line - 1));
        g = open_spec(s, other, heap_max);
        spec = other;
        pos = colon + 1;
    }
    if (g) {
        memset(&where, 0, sizeof where);
        st = grundy_play_add(p, g, spec, pos, &where);
        if (st != GRUNDY_OK && st != GRUNDY_ERR_NOMEM)
            check_col(&where, strlen(pos), "position", pos);
    }
    free(other);
}

static void typed_move(grundy_play *p, const char *text)
{
    grundy_sum_move set[GRUNDY_PLAY_MAX_SET];
    grundy_parse_error where;
    size_t n = 0, len = strlen(text);
    grundy_status st;
    memset(&where, 0, sizeof where);
    st = grundy_play_parse_move(p, text, len, set, GRUNDY_PLAY_MAX_SET, &n,
                                &where);
    if (st != GRUNDY_OK) {
        check_col(&where, len, "move", text);
        return;
    }
    if (n == 0)
        fuzz_fail("move '%s': accepted, no move", text);
    (void)grundy_play_apply(p, set, n);
}

/* A board's positions cost far more than a table's entries under the
 * fuzzer's instrumentation: a board gets a smaller bound of work, so that
 * every input stays within the fuzzer's time-out (as in fuzz_spec.c). */
static int board_spec(const char *spec)
{
    grundy_game *g;
    int board;
    if (grundy_game_new(&g, spec, NULL) != GRUNDY_OK)
        return 0;
    board = grundy_board_applies(g);
    grundy_game_free(g);
    return board;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t off = 0, ncomp = 0;
    char *opts = next_line(data, size, &off), *spec, *line;
    grundy_session_opts so;
    grundy_session *s;
    grundy_play_opts po;
    grundy_play *p = NULL;
    const grundy_game *g;
    int prepared = 0;

    if (!opts)
        return 0;
    spec = next_line(data, size, &off);
    if (!spec) {
        free(opts);
        return 0;
    }
    grundy_session_opts_init(&so);
    so.no_store = 1;
    so.read_env = 0;
    so.limits.mem_limit = (size_t)64 << 20;
    so.limits.work_limit = board_spec(spec) ? (uint64_t)1 << 13
                                            : (uint64_t)1 << 20;
    so.limits.threads = 1;
    if (grundy_session_new(&s, &so) != GRUNDY_OK)
        abort();
    grundy_play_opts_init(&po);
    if (strstr(opts, "misere"))
        po.convention = GRUNDY_PLAY_MISERE;
    po.moore_k = (unsigned)option_number(opts, "moore", 70);
    po.heap_max = option_number(opts, "max", 4096);
    po.max_states = 4096;
    g = open_spec(s, spec, po.heap_max);
    if (grundy_play_new(&p, s, &po) != GRUNDY_OK) {
        if (po.moore_k <= GRUNDY_MOORE_KMAX)
            fuzz_fail("moore %u refused", po.moore_k);
        goto done;
    }
    while ((line = next_line(data, size, &off)) != NULL) {
        if (line[0] == '>') {
            if (!prepared) {
                size_t at;
                grundy_parse_error where;
                if (grundy_play_prepare(p, &at, &where) != GRUNDY_OK) {
                    free(line);
                    goto done;
                }
                prepared = 1;
                check_legal(p);
                check_text(p, s, &po);
            }
            typed_move(p, line[1] == ' ' ? line + 2 : line + 1);
        } else if (!prepared && ncomp < MAX_COMPONENTS) {
            add_component(p, s, line, g, spec, po.heap_max);
            ncomp++;
        }
        free(line);
    }
    if (!prepared) {
        size_t at;
        grundy_parse_error where;
        if (grundy_play_prepare(p, &at, &where) != GRUNDY_OK)
            goto done;
        check_legal(p);
    }
    check_text(p, s, &po);
    /* the search lists every move of each position it expands, and counts
     * positions, not moves, against its bound: a position with millions of
     * moves (a Kayles heap of 4 x 10^6) takes minutes; best on small ones */
    if (strstr(opts, "best") && moves_bound(p) <= MAX_LISTED) {
        grundy_sum_move set[GRUNDY_PLAY_MAX_SET];
        size_t n;
        int first_wins, draw;
        (void)grundy_play_best(p, set, &n, &first_wins, &draw);
    }
done:
    grundy_play_free(p);
    grundy_session_free(s);
    free(spec);
    free(opts);
    return 0;
}
