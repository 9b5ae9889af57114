/*
 * test_play.c -- the game state of grundy/play.h: games opened from
 * specs (a bound for a family with cycles), typed moves parsed and
 * refused with their column, the legal moves, apply, undo and redo, the
 * end of a game (no move, a repeated position), the history, the text
 * form and its replay, and the two bugs of the older players (a move
 * along a self-loop recorded in another component; the canonical spec of
 * a game with cycles written as the spec typed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_support.h"

static grundy_session *session(void)
{
    grundy_session_opts so;
    grundy_session *s;
    grundy_session_opts_init(&so);
    so.no_store = 1;
    so.read_env = 0;
    assert_int_equal(grundy_session_new(&s, &so), GRUNDY_OK);
    return s;
}

/* A state of specs[i] at pos[i]. */
static grundy_play *state(grundy_session *s, const grundy_play_opts *o,
                          const char *const *specs, const char *const *pos,
                          size_t n)
{
    grundy_play *p;
    size_t i;
    assert_int_equal(grundy_play_new(&p, s, o), GRUNDY_OK);
    for (i = 0; i < n; i++) {
        const grundy_game *g;
        grundy_parse_error where;
        assert_int_equal(grundy_play_game(&g, s, specs[i], 20, &where),
                         GRUNDY_OK);
        assert_int_equal(grundy_play_add(p, g, specs[i], pos[i], &where),
                         GRUNDY_OK);
    }
    return p;
}

static void test_play_game_bound(void **st)
{
    grundy_session *s = session();
    const grundy_game *g, *g2;
    grundy_parse_error where;
    char buf[64];
    (void)st;
    /* no bound: refused, the column at the family's arguments */
    assert_int_equal(grundy_play_game(&g, s, "addsub:4,5:2", 0, &where),
                     GRUNDY_ERR_ARG);
    assert_int_equal(where.col, 8);
    assert_non_null(strstr(where.msg, "needs a bound"));
    /* the bound from heap_max, or in the spec: one game, one canonical
     * spec naming the bound, amounts sorted without repeats */
    assert_int_equal(grundy_play_game(&g, s, "addsub:5,4,4:2", 20, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_game_num_positions(g), 21);
    grundy_game_canonical_spec(g, buf, sizeof buf);
    assert_string_equal(buf, "addsub:4,5:2:20");
    assert_string_equal(grundy_play_label(g, "addsub:5,4,4:2"),
                        "addsub:5,4,4:2");
    assert_int_equal(grundy_play_game(&g2, s, "addsub:4,5:2:20", 7, &where),
                     GRUNDY_OK);
    grundy_game_canonical_spec(g2, buf, sizeof buf);
    assert_string_equal(buf, "addsub:4,5:2:20");
    assert_true(grundy_game_rules(g2)->flags & GRUNDY_RULES_LOOPY);
    /* finite families are untouched; an alias shows its game */
    assert_int_equal(grundy_play_game(&g, s, "kayles", 20, &where),
                     GRUNDY_OK);
    assert_string_equal(grundy_play_label(g, "kayles"), "0.77");
    /* spec errors keep their columns */
    assert_int_equal(grundy_play_game(&g, s, "addsub:1,,2:1", 20, &where),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(where.col, 10);
    assert_int_equal(grundy_play_game(&g, s, "addsub:1:1:x", 0, &where),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(where.col, 12);
    assert_int_equal(grundy_play_game(&g, s, "graph:/no/such/file", 0,
                                      &where),
                     GRUNDY_ERR_IO);
    grundy_session_free(s);
}

static void test_play_parse_move_errors(void **st)
{
    grundy_session *s = session();
    static const char *const specs[] = {"nim", "nim", "0.77"};
    static const char *const pos[] = {"3", "4", "5"};
    grundy_play *p = state(s, NULL, specs, pos, 3);
    grundy_sum_move m[4];
    grundy_parse_error where;
    size_t n;
    (void)st;
#define BAD(text, status, column, piece)                                     \
    do {                                                                     \
        assert_int_equal(grundy_play_parse_move(p, text, strlen(text), m, 4, \
                                                &n, &where),                 \
                         status);                                            \
        assert_int_equal(where.col, column);                                 \
        assert_non_null(strstr(where.msg, piece));                           \
    } while (0)
    BAD("foo bar baz", GRUNDY_ERR_PARSE, 1, "COMPONENT POSITION");
    BAD("3", GRUNDY_ERR_PARSE, 1, "COMPONENT POSITION");
    BAD("9 1", GRUNDY_ERR_RANGE, 1, "'9' is not a component");
    BAD("  2 x", GRUNDY_ERR_ARG, 5, "'x' is not a position of nim");
    BAD("1 7", GRUNDY_ERR_ARG, 3, "cannot go from 3 to 7");
    BAD("3 1+1+1+1", GRUNDY_ERR_ARG, 9, "at most 3 parts");
    BAD("3 2+x", GRUNDY_ERR_ARG, 5, "'x' is not a position of 0.77");
#undef BAD
    /* legal ones, whatever the order of parts and empty heaps */
    assert_int_equal(grundy_play_parse_move(p, "3 2+1", 5, m, 4, &n, &where),
                     GRUNDY_OK);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].component, 2);
    assert_int_equal(m[0].from, 5);
    assert_int_equal(m[0].to.nparts, 2);
    assert_int_equal(m[0].to.part[0], 1);
    assert_int_equal(m[0].to.part[1], 2);
    assert_int_equal(grundy_play_parse_move(p, "1 -", 3, m, 4, &n, &where),
                     GRUNDY_OK);
    assert_int_equal(m[0].component, 0);
    /* one component of the ordinary sum per move */
    assert_int_equal(grundy_play_parse_move(p, "1 0, 2 0", 8, m, 4, &n,
                                            &where),
                     GRUNDY_ERR_PARSE);
    grundy_play_free(p);
    grundy_session_free(s);
}

static void test_play_apply_undo_redo(void **st)
{
    grundy_session *s = session();
    static const char *const specs[] = {"nim", "0.77"};
    static const char *const pos[] = {"2", "4"};
    grundy_play *p = state(s, NULL, specs, pos, 2);
    grundy_sum_move m[4], *legal;
    grundy_parse_error where;
    const grundy_sum_component *c;
    const grundy_sum_move *set;
    size_t n, count;
    char buf[256];
    (void)st;
    assert_int_equal(grundy_play_legal(p, &legal, &count), GRUNDY_OK);
    /* nim 2: 0, 1; 0.77 4: 3, 2, 1+2, 1+1 (each once) */
    assert_int_equal(count, 6);
    free(legal);
    grundy_play_show(p, buf, sizeof buf);
    assert_string_equal(buf, "[1] nim 2  [2] 0.77 4");
    assert_int_equal(grundy_play_parse_move(p, "2 1+2", 5, m, 4, &n, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_OK);
    /* the split takes the component's place */
    c = grundy_play_components(p, &count);
    assert_int_equal(count, 3);
    assert_int_equal(c[1].pos, 1);
    assert_int_equal(c[2].pos, 2);
    assert_int_equal(grundy_play_turn(p), 1);
    assert_int_equal(grundy_play_history(p, 0, &set), 1);
    assert_int_equal(set[0].component, 1);
    /* a stale move is refused */
    assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_play_parse_move(p, "1 0", 3, m, 4, &n, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_OK);
    assert_int_equal(grundy_play_ply(p), 2);
    assert_int_equal(grundy_play_undo(p), 1);
    assert_int_equal(grundy_play_undo(p), 1);
    assert_int_equal(grundy_play_undo(p), 0);
    c = grundy_play_components(p, &count);
    assert_int_equal(count, 2);
    assert_int_equal(c[1].pos, 4);
    assert_int_equal(grundy_play_redo(p), 1);
    assert_int_equal(grundy_play_redo(p), 1);
    assert_int_equal(grundy_play_redo(p), 0);
    c = grundy_play_components(p, &count);
    assert_int_equal(count, 3);
    assert_int_equal(c[0].pos, 0);
    /* a new move forgets what was undone */
    assert_int_equal(grundy_play_undo(p), 1);
    assert_int_equal(grundy_play_parse_move(p, "3 1", 3, m, 4, &n, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_OK);
    assert_int_equal(grundy_play_redo(p), 0);
    grundy_play_free(p);
    grundy_session_free(s);
}

/* A move along a self-loop is recorded in its own component (the older
 * player compared positions and named component 1). */
static void test_play_self_loop_history(void **st)
{
    grundy_session *s = session();
    char path[] = "/tmp/grundy-play-loopXXXXXX", spec[64], text[1024];
    static const char *pos[] = {"1", "1"};
    const char *specs[2];
    grundy_play *p, *q;
    grundy_sum_move m[2];
    const grundy_sum_move *set;
    grundy_parse_error where;
    size_t n;
    int fd = mkstemp(path);
    (void)st;
    assert_true(fd >= 0);
    /* 0 -> 0 is no move of the sum's first component: it has none */
    assert_int_equal(write(fd, "2 2\n1 1\n1 0\n", 12), 12);
    close(fd);
    snprintf(spec, sizeof spec, "graph:%s", path);
    specs[0] = "nim";
    specs[1] = spec;
    p = state(s, NULL, specs, pos, 2);
    assert_int_equal(grundy_play_parse_move(p, "2 1", 3, m, 2, &n, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_OK);
    assert_int_equal(grundy_play_history(p, 0, &set), 1);
    assert_int_equal(set[0].component, 1);
    assert_int_equal(set[0].from, 1);
    assert_int_equal(set[0].to.part[0], 1);
    assert_int_equal(grundy_play_over(p, NULL), GRUNDY_PLAY_ON);
    /* the text form replays it to the same move */
    assert_true(grundy_play_format(p, text, sizeof text) < sizeof text);
    assert_non_null(strstr(text, "move 2 1\n"));
    assert_int_equal(grundy_play_parse(&q, s, text, strlen(text), NULL,
                                       &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_history(q, 0, &set), 1);
    assert_int_equal(set[0].component, 1);
    grundy_play_free(q);
    grundy_play_free(p);
    unlink(path);
    grundy_session_free(s);
}

static void test_play_repetition_and_end(void **st)
{
    grundy_session *s = session();
    static const char *const specs[] = {"addsub:1:1"};
    static const char *const pos[] = {"2"};
    grundy_play_opts o;
    grundy_play *p;
    grundy_sum_move m[2];
    grundy_parse_error where;
    uint64_t reps;
    size_t n, i;
    static const char *const line[] = {"3", "2"};
    (void)st;
    grundy_play_opts_init(&o);
    o.repeat = 2;
    p = state(s, &o, specs, pos, 1);
    assert_int_equal(grundy_play_over(p, &reps), GRUNDY_PLAY_ON);
    assert_int_equal(reps, 1);
    for (i = 0; i < 2; i++) {
        assert_int_equal(grundy_play_parse_move(p, line[i], 1, m, 2, &n,
                                                &where),
                         GRUNDY_OK);
        assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_OK);
    }
    /* 2 with player 0 to move, for the second time */
    assert_int_equal(grundy_play_over(p, &reps), GRUNDY_PLAY_REPEATED);
    assert_int_equal(reps, 2);
    assert_int_equal(grundy_play_parse_move(p, "1", 1, m, 2, &n, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_OK);
    assert_int_equal(grundy_play_parse_move(p, "0", 1, m, 2, &n, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_OK);
    assert_int_equal(grundy_play_over(p, NULL), GRUNDY_PLAY_NO_MOVE);
    grundy_play_free(p);
    grundy_session_free(s);
}

static void test_play_text_round_trip(void **st)
{
    grundy_session *s = session();
    static const char *const specs[] = {"kayles", "addsub:4,5:2",
                                        "rect:2x2"};
    static const char *const pos[] = {"6", "12", "11/01"};
    grundy_play_opts o;
    grundy_play *p, *q;
    grundy_sum_move m[2];
    grundy_parse_error where;
    char a[1024], b[1024];
    size_t n, na, nb, i;
    const grundy_sum_component *ca, *cb;
    static const char *const moves[] = {"1 3+2", "4 00/01", "3 14"};
    (void)st;
    grundy_play_opts_init(&o);
    o.heap_max = 20;
    p = state(s, &o, specs, pos, 3);
    for (i = 0; i < 3; i++) {
        assert_int_equal(grundy_play_parse_move(p, moves[i],
                                                strlen(moves[i]), m, 2, &n,
                                                &where),
                         GRUNDY_OK);
        assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_OK);
    }
    grundy_play_format(p, a, sizeof a);
    assert_string_equal(a, "play normal\n0.77:6\naddsub:4,5:2:20:12\n"
                           "rect:2x2:11/01\nmove 1 2+3\nmove 4 00/01\n"
                           "move 3 14\n");
    assert_int_equal(grundy_play_parse(&q, s, a, strlen(a), NULL, &where),
                     GRUNDY_OK);
    grundy_play_format(q, b, sizeof b);
    assert_string_equal(a, b);
    ca = grundy_play_components(p, &na);
    cb = grundy_play_components(q, &nb);
    assert_int_equal(na, nb);
    for (i = 0; i < na; i++)
        assert_int_equal(ca[i].pos, cb[i].pos);
    assert_int_equal(grundy_play_turn(q), 1);
    grundy_play_free(q);
    /* errors name the line and the column */
    assert_int_equal(grundy_play_parse(&q, s, "play normal\nnim:3\nmove 1 5\n",
                                       26, NULL, &where),
                     GRUNDY_ERR_ARG);
    assert_int_equal(where.line, 3);
    assert_int_equal(where.col, 8);
    assert_int_equal(grundy_play_parse(&q, s, "nim:3\nplay misere\n", 18,
                                       NULL, &where),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(where.line, 2);
    assert_int_equal(grundy_play_parse(&q, s, "play sideways\n", 14, NULL,
                                       &where),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(grundy_play_parse(&q, s, "nim:x\n", 6, NULL, &where),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(where.col, 5);
    assert_null(q);
    /* misere and Moore's Nim_k come back */
    {
        static const char moore[] = "play normal moore 2\nnim:3\nnim:4\n"
                                    "move 1 1, 2 1\n";
        assert_int_equal(grundy_play_parse(&q, s, moore, strlen(moore), NULL,
                                           &where),
                         GRUNDY_OK);
    }
    assert_int_equal(grundy_play_options(q)->moore_k, 2);
    assert_int_equal(grundy_play_ply(q), 1);
    grundy_play_free(q);
    grundy_play_free(p);
    grundy_session_free(s);
}

/* Misere play under Moore's Nim_k: its text form ("play misere moore K",
 * as grundy_play_format() writes it) parses back to the same state (the
 * header was read for normal play only); an empty state lists no
 * component (found by the fuzz target opener). */
static void test_play_text_misere_moore(void **st)
{
    grundy_session *s = session();
    static const char *const specs[] = {"nim", "nim", "0.07"};
    static const char *const pos[] = {"3", "5", "6"};
    grundy_play_opts o;
    grundy_play *p, *q;
    grundy_sum_move m[3];
    grundy_parse_error where;
    char a[512], b[512];
    size_t n;
    (void)st;
    grundy_play_opts_init(&o);
    o.convention = GRUNDY_PLAY_MISERE;
    o.moore_k = 2;
    p = state(s, &o, specs, pos, 3);
    assert_int_equal(grundy_play_parse_move(p, "1 1, 2 4", 8, m, 3, &n,
                                            &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_apply(p, m, n), GRUNDY_OK);
    assert_true(grundy_play_format(p, a, sizeof a) < sizeof a);
    assert_string_equal(a, "play misere moore 2\nnim:3\nnim:5\n0.07:6\n"
                           "move 1 1, 2 4\n");
    memset(&where, 0, sizeof where);
    assert_int_equal(grundy_play_parse(&q, s, a, strlen(a), NULL, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_options(q)->convention, GRUNDY_PLAY_MISERE);
    assert_int_equal(grundy_play_options(q)->moore_k, 2);
    assert_true(grundy_play_format(q, b, sizeof b) < sizeof b);
    assert_string_equal(a, b);
    grundy_play_free(q);
    /* a header of other words is refused at its line */
    assert_int_equal(grundy_play_parse(&q, s, "play misere moore 0\nnim:3\n",
                                       26, NULL, &where),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(where.line, 1);
    assert_int_equal(grundy_play_parse(&q, s, "play misere moore 2 x\n", 22,
                                       NULL, &where),
                     GRUNDY_ERR_PARSE);
    grundy_play_free(p);
    /* no component: none listed, from no array */
    assert_int_equal(grundy_play_new(&p, s, NULL), GRUNDY_OK);
    assert_null(grundy_play_components(p, &n));
    assert_int_equal(n, 0);
    assert_null(grundy_play_position(p, 0, &n));
    assert_int_equal(n, 0);
    grundy_play_free(p);
    grundy_session_free(s);
}

/* The analysis: values generalized, the best move, the empty sum. */
static void test_play_analyze_values(void **st)
{
    grundy_session *s = session();
    static const char *const specs[] = {"addsub:4,5:2", "nim"};
    static const char *const pos[] = {"12", "3"};
    grundy_play *p = state(s, NULL, specs, pos, 2);
    grundy_play_analysis a;
    grundy_sum_move m[4];
    char buf[64];
    size_t n;
    int wins, draw;
    (void)st;
    assert_int_equal(grundy_play_prepare(p, NULL, NULL), GRUNDY_OK);
    assert_int_equal(grundy_play_analyze(&a, p, GRUNDY_SUM_MOVES |
                                                    GRUNDY_PLAY_VALUES),
                     GRUNDY_OK);
    assert_int_equal(a.sum.method, GRUNDY_SUM_BY_LOOPY);
    grundy_play_value_format(&a.component[0], buf, sizeof buf);
    assert_string_equal(buf, "inf(1,2)");
    grundy_play_value_format(&a.component[1], buf, sizeof buf);
    assert_string_equal(buf, "3");
    /* inf(1,2) + 3 = inf(2,1), sorted */
    grundy_play_value_format(&a.value, buf, sizeof buf);
    assert_string_equal(buf, "inf(1,2)");
    assert_int_equal(a.sum.draw, 1);
    grundy_play_analysis_clear(&a);
    assert_int_equal(grundy_play_best(p, m, &n, &wins, &draw), GRUNDY_OK);
    assert_int_equal(n, 1);
    assert_int_equal(draw, 1);
    grundy_play_free(p);
    /* no component: nothing to move, lost */
    assert_int_equal(grundy_play_new(&p, s, NULL), GRUNDY_OK);
    assert_int_equal(grundy_play_over(p, NULL), GRUNDY_PLAY_NO_MOVE);
    grundy_play_show(p, buf, sizeof buf);
    assert_string_equal(buf, "(empty)");
    assert_int_equal(grundy_play_best(p, m, &n, &wins, &draw), GRUNDY_OK);
    assert_int_equal(n, 0);
    assert_int_equal(wins, 0);
    grundy_play_free(p);
    grundy_session_free(s);
}

/* What failed, as grundy_play_analyze() says it after an error: the
 * components' values (sum.values_failed), whatever the method would have
 * been, or the method (sum.method) with the values computed; nothing
 * after success.  Under a work limit of 20000 steps a digits heap of
 * 10^18 is past reach, a subtraction game's search of 30+30+30 past a
 * limit of 100 positions, and a half heap of 2^40 has more moves than
 * are listed. */
/* One failed analysis of specs at pos under o: a status of the failure
 * (any when want_status is GRUNDY_OK), the method (-1: any) and what
 * values_failed says. */
static void failed_step(grundy_session *s, const grundy_play_opts *o,
                        const char *const *specs, const char *const *pos,
                        size_t n, grundy_status want_status, int method,
                        int values_failed)
{
    grundy_play *p = state(s, o, specs, pos, n);
    grundy_play_analysis a;
    grundy_status r =
        grundy_play_analyze(&a, p, GRUNDY_SUM_MOVES | GRUNDY_PLAY_VALUES);
    assert_int_not_equal(r, GRUNDY_OK);
    if (want_status != GRUNDY_OK)
        assert_int_equal(r, want_status);
    if (method >= 0)
        assert_int_equal(a.sum.method, method);
    assert_int_equal(a.sum.values_failed, values_failed);
    grundy_play_analysis_clear(&a);
    grundy_play_free(p);
}

static void test_play_analyze_failed_step(void **st)
{
    grundy_session_opts so;
    grundy_session *s;
    static const char *const far[] = {"digits", "nim"};
    static const char *const far_pos[] = {"1000000000000000000", "5"};
    static const char *const mix[] = {"addsub:4,5:2:20", "digits"};
    static const char *const mix_pos[] = {"5", "1000000000000000000"};
    static const char *const sub[] = {"subtract:1,2", "subtract:1,2",
                                      "subtract:1,2"};
    static const char *const sub_pos[] = {"30", "30", "30"};
    static const char *const wide[] = {"half", "nim"};
    static const char *const wide_pos[] = {"1099511627776", "1"};
    grundy_play_opts misere, small;
    grundy_play *p;
    grundy_play_analysis a;
    (void)st;
    grundy_session_opts_init(&so);
    so.no_store = 1;
    so.read_env = 0;
    so.limits.work_limit = 20000;
    assert_int_equal(grundy_session_new(&s, &so), GRUNDY_OK);
    grundy_play_opts_init(&misere);
    misere.convention = GRUNDY_PLAY_MISERE;
    small = misere;
    small.max_states = 100;
    /* normal play: the values, read first */
    failed_step(s, NULL, far, far_pos, 2, GRUNDY_ERR_WORK, -1, 1);
    /* misere play: the search, which needs no values, fails first */
    failed_step(s, &misere, far, far_pos, 2, GRUNDY_OK,
                GRUNDY_SUM_BY_SEARCH, 0);
    /* a sum with cycles: its finite component's value */
    failed_step(s, NULL, mix, mix_pos, 2, GRUNDY_OK, -1, 1);
    /* the method, with every value within reach */
    failed_step(s, &small, sub, sub_pos, 3, GRUNDY_ERR_LIMIT,
                GRUNDY_SUM_BY_SEARCH, 0);
    failed_step(s, NULL, wide, wide_pos, 2, GRUNDY_ERR_LIMIT,
                GRUNDY_SUM_BY_VALUES, 0);
    /* the best move alone: the values past reach are no error (the move
     * that takes least), and nothing is said to have failed */
    p = state(s, NULL, far, far_pos, 2);
    assert_int_equal(grundy_play_analyze(&a, p, GRUNDY_SUM_BEST), GRUNDY_OK);
    assert_int_equal(a.sum.values_failed, 0);
    grundy_play_analysis_clear(&a);
    grundy_play_free(p);
    grundy_session_free(s);
}

/* The options a sum with cycles refuses, named for every front end: a
 * sum of finite games takes them all; with a game with cycles in it,
 * Moore's k (named first) and misere play are refused, normal play not. */
static void test_play_refused_option(void **st)
{
    grundy_session *s = session();
    static const char *const specs[] = {"nim", "addsub:4,5:2"};
    static const char *const pos[] = {"3", "5"};
    static const char *const want[2][4] = {{NULL, NULL, NULL, NULL},
                                           {NULL, "misere", "moore",
                                            "moore"}};
    unsigned k, c;
    (void)st;
    for (k = 1; k <= 2; k++)
        for (c = 0; c < 4; c++) {
            grundy_play_opts o;
            grundy_play *p;
            const char *got;
            grundy_play_opts_init(&o);
            if (c & 1)
                o.convention = GRUNDY_PLAY_MISERE;
            if (c & 2)
                o.moore_k = 2;
            p = state(s, &o, specs, pos, k);
            got = grundy_play_refused_option(p);
            if (!want[k - 1][c] != !got ||
                (got && strcmp(got, want[k - 1][c]) != 0))
                fail_msg("%u components, options %u: refused %s, expected "
                         "%s",
                         k, c, got ? got : "none",
                         want[k - 1][c] ? want[k - 1][c] : "none");
            grundy_play_free(p);
        }
    grundy_session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_game_bound),
        cmocka_unit_test(test_play_parse_move_errors),
        cmocka_unit_test(test_play_apply_undo_redo),
        cmocka_unit_test(test_play_self_loop_history),
        cmocka_unit_test(test_play_repetition_and_end),
        cmocka_unit_test(test_play_text_round_trip),
        cmocka_unit_test(test_play_text_misere_moore),
        cmocka_unit_test(test_play_analyze_values),
        cmocka_unit_test(test_play_refused_option),
        cmocka_unit_test(test_play_analyze_failed_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
