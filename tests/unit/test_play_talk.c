/*
 * test_play_talk.c -- the conversation of grundy/play.h and the reader of
 * a whole sum: games of random moves against the computer, whose every
 * reply from a won position must leave a lost one, and whose winner must
 * be the one a direct game-tree search of the real heaps names
 * (oracle_wins(), no Grundy values); the words of each kind of line
 * (blank, hint, undo, quit, a refused move, the input ended); undo of a
 * turn; a move typed and played; and grundy_play_read(): its components,
 * its hook, and each place a sum can be refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
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

/* What w holds, as a string, and w emptied. */
static char *taken(grundy_writer *w, char *buf, size_t cap)
{
    size_t n = w->len < cap - 1 ? w->len : cap - 1;
    memcpy(buf, w->buf, n);
    buf[n] = 0;
    w->len = 0;
    return buf;
}

static size_t count_of(const char *hay, const char *needle)
{
    size_t n = 0;
    for (; (hay = strstr(hay, needle)) != NULL; hay++)
        n++;
    return n;
}

/* The heaps of the position before move i (i = ply: now). */
static size_t heaps_at(const grundy_play *p, size_t i, uint64_t *h)
{
    size_t n, j;
    const grundy_sum_component *c = grundy_play_position(p, i, &n);
    for (j = 0; j < n; j++)
        h[j] = c[j].pos;
    return n;
}

typedef struct family {
    const char *spec;
    oracle_heap_moves_fn moves;
    const void *ctx;
} family;

static void test_talk_games_match_search(void **state)
{
    test_rng *rng = *state;
    static const unsigned char sub_set[64] = {0, 1, 0, 1, 1};
    static const oracle_set sub = {sub_set, 64};
    static const family fams[] = {
        {"nim", oracle_moves_nim, NULL},
        {"subtract:1,3,4", oracle_moves_subtract, &sub},
    };
    grundy_session *s = session();
    long it;
    for (it = 0; it < 60 * test_multiplier(); it++) {
        const family *f = &fams[it % 2];
        unsigned user = (unsigned)test_rng_below(rng, 2);
        size_t n = (size_t)test_rng_range(rng, 1, 3), i, moves = 0;
        const char *texts[3];
        char text[3][32], out[1 << 16];
        grundy_play *p;
        grundy_play_read_fault fault;
        grundy_play_talk t;
        grundy_writer w;
        uint64_t h[4];
        int computer_won_once = 0;
        for (i = 0; i < n; i++) {
            snprintf(text[i], sizeof text[i], "%s:%u", f->spec,
                     (unsigned)test_rng_below(rng, 11));
            texts[i] = text[i];
        }
        assert_int_equal(grundy_play_new(&p, s, NULL), GRUNDY_OK);
        assert_int_equal(grundy_play_read(p, NULL, texts, n, NULL, NULL,
                                          &fault),
                         GRUNDY_OK);
        assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
        assert_int_equal(grundy_play_talk_start(&t, p, user, &w), GRUNDY_OK);
        for (;;) {
            size_t ply = grundy_play_ply(p), k, nlegal;
            grundy_sum_move *legal;
            char typed[64];
            /* every move of the computer so far, from a position the
             * search calls won, leaves one it calls lost */
            for (k = moves; k < ply; k++) {
                size_t nh = heaps_at(p, k, h);
                int won = oracle_wins(h, nh, 10, f->moves, f->ctx);
                if (k % 2 == user)
                    continue;
                computer_won_once |= won;
                nh = heaps_at(p, k + 1, h);
                if (won && oracle_wins(h, nh, 10, f->moves, f->ctx))
                    fail_msg("seed=%llu it=%ld %s: the computer's move %zu "
                             "leaves a won position",
                             (unsigned long long)test_seed(), it, f->spec,
                             k + 1);
            }
            moves = ply;
            if (t.over)
                break;
            assert_int_equal(grundy_play_turn(p), user);
            grundy_play_talk_prompt(&t, &w);
            assert_int_equal(grundy_play_legal(p, &legal, &nlegal),
                             GRUNDY_OK);
            assert_true(nlegal > 0);
            k = (size_t)test_rng_below(rng, nlegal);
            grundy_play_move_text(p, &legal[k], 1, typed, sizeof typed);
            free(legal);
            assert_int_equal(
                grundy_play_talk_line(&t, &w, typed, strlen(typed)),
                GRUNDY_OK);
            /* the user's move, and the computer's answer unless the
             * user's move ended the game */
            if (grundy_play_ply(p) != ply + 2 &&
                !(grundy_play_ply(p) == ply + 1 && t.over))
                fail_msg("seed=%llu it=%ld: %zu moves after the user's",
                         (unsigned long long)test_seed(), it,
                         grundy_play_ply(p) - ply);
        }
        taken(&w, out, sizeof out);
        /* the game ended with no move for the player to move, who lost
         * it; a computer that once stood on a won position wins */
        assert_string_equal(t.end, "no move");
        assert_int_equal(grundy_play_over(p, NULL), GRUNDY_PLAY_NO_MOVE);
        assert_string_equal(t.winner, grundy_play_turn(p) == user
                                          ? "computer"
                                          : "user");
        if (computer_won_once && strcmp(t.winner, "computer") != 0)
            fail_msg("seed=%llu it=%ld %s: the computer lost from a won "
                     "position",
                     (unsigned long long)test_seed(), it, f->spec);
        assert_non_null(strstr(out, grundy_play_turn(p) == user
                                        ? "You have no move: I win.\n"
                                        : "I have no move: you win.\n"));
        /* one "I move" per move of the computer */
        assert_int_equal(count_of(out, "I move: "),
                         (grundy_play_ply(p) + user) / 2);
        assert_int_equal(grundy_writer_clear(&w), GRUNDY_OK);
        grundy_play_free(p);
    }
    grundy_session_free(s);
}

static grundy_play *nim_345(grundy_session *s, const grundy_play_opts *o)
{
    static const char *const pos[] = {"3", "4", "5"};
    grundy_play *p;
    grundy_play_read_fault f;
    assert_int_equal(grundy_play_new(&p, s, o), GRUNDY_OK);
    assert_int_equal(grundy_play_read(p, "nim", pos, 3, NULL, NULL, &f),
                     GRUNDY_OK);
    return p;
}

static void say(grundy_play_talk *t, grundy_writer *w, const char *line)
{
    assert_int_equal(grundy_play_talk_line(t, w, line, strlen(line)),
                     GRUNDY_OK);
}

static void test_talk_words(void **st)
{
    grundy_session *s = session();
    grundy_play *p = nim_345(s, NULL);
    grundy_play_talk t;
    grundy_writer w;
    char out[4096];
    (void)st;
    assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
    assert_int_equal(grundy_play_talk_start(&t, p, 0, &w), GRUNDY_OK);
    taken(&w, out, sizeof out);
    assert_non_null(strstr(out, "Type a move as COMPONENT POSITION"));
    assert_null(strstr(out, "Misere"));
    assert_non_null(strstr(out, "position: [1] 3  [2] 4  [3] 5\n"));
    /* the position was just written: the prompt alone */
    grundy_play_talk_prompt(&t, &w);
    assert_string_equal(taken(&w, out, sizeof out), "your move> ");
    /* a blank line: nothing said, the position again before the prompt */
    say(&t, &w, " \t ");
    assert_string_equal(taken(&w, out, sizeof out), "");
    grundy_play_talk_prompt(&t, &w);
    assert_string_equal(taken(&w, out, sizeof out),
                        "position: [1] 3  [2] 4  [3] 5\nyour move> ");
    /* 3 ^ 4 ^ 5 = 2: a winning move exists (1 1, 2 6? no: 1 1) */
    say(&t, &w, "hint");
    assert_string_equal(taken(&w, out, sizeof out),
                        "hint: a winning move is 1 1 (component 1: 3 -> 1)\n");
    say(&t, &w, "undo");
    assert_string_equal(taken(&w, out, sizeof out),
                        "nothing to undo\nposition: [1] 3  [2] 4  [3] 5\n");
    /* refused moves: why, then the legal moves; nothing played */
    say(&t, &w, "1 7");
    taken(&w, out, sizeof out);
    assert_int_equal(strncmp(out, "illegal move: ", 14), 0);
    assert_null(strstr(out, "or hint, undo, quit"));
    /* 3 + 4 + 5 moves, all listed */
    assert_non_null(strstr(out, "\nlegal moves: "));
    assert_int_equal(count_of(strstr(out, "\nlegal moves: "), ", "), 11);
    assert_null(strstr(out, " (and "));
    say(&t, &w, "1 2 3");
    taken(&w, out, sizeof out);
    assert_non_null(strstr(out, ", or hint, undo, quit\nlegal moves: "));
    assert_int_equal(grundy_play_ply(p), 0);
    assert_false(t.over);
    /* a move: played, and the computer answers (3 ^ 4 ^ 4 = 3: it wins
     * by leaving 0 ^ 4 ^ 4) */
    say(&t, &w, " 3 4 ");
    assert_string_equal(taken(&w, out, sizeof out),
                        "I move: 1 0 (component 1: 3 -> 0)\n");
    assert_int_equal(grundy_play_ply(p), 2);
    say(&t, &w, "undo");
    assert_string_equal(taken(&w, out, sizeof out),
                        "undone: your last move and my answer\n"
                        "position: [1] 3  [2] 4  [3] 5\n");
    assert_int_equal(grundy_play_ply(p), 0);
    say(&t, &w, "q");
    assert_string_equal(taken(&w, out, sizeof out), "bye\n");
    assert_true(t.over);
    assert_string_equal(t.end, "quit");
    assert_null(t.winner);
    /* the input ended */
    assert_int_equal(grundy_play_talk_start(&t, p, 0, &w), GRUNDY_OK);
    taken(&w, out, sizeof out);
    assert_int_equal(grundy_play_talk_line(&t, &w, NULL, 0), GRUNDY_OK);
    assert_string_equal(taken(&w, out, sizeof out),
                        "input ended: game abandoned\n");
    assert_true(t.over);
    assert_string_equal(t.end, "input ended");
    assert_int_equal(grundy_writer_clear(&w), GRUNDY_OK);
    grundy_play_free(p);
    grundy_session_free(s);
}

static void test_talk_misere_computer_first(void **st)
{
    grundy_session *s = session();
    grundy_play_opts o;
    grundy_play *p;
    grundy_play_talk t;
    grundy_writer w;
    char out[4096];
    static const char *const one[] = {"1"};
    grundy_play_read_fault f;
    (void)st;
    grundy_play_opts_init(&o);
    o.convention = GRUNDY_PLAY_MISERE;
    assert_int_equal(grundy_play_new(&p, s, &o), GRUNDY_OK);
    assert_int_equal(grundy_play_read(p, "nim", one, 1, NULL, NULL, &f),
                     GRUNDY_OK);
    assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
    /* misere nim 1, the computer first: it must take the last heap, and
     * the user, with no move, wins */
    assert_int_equal(grundy_play_talk_start(&t, p, 1, &w), GRUNDY_OK);
    taken(&w, out, sizeof out);
    assert_non_null(
        strstr(out, "Misere play: the player who cannot move wins.\n"));
    assert_non_null(strstr(out, "I move: "));
    assert_non_null(strstr(out, "You have no move: you win.\n"));
    assert_true(t.over);
    assert_string_equal(t.end, "no move");
    assert_string_equal(t.winner, "user");
    assert_int_equal(grundy_writer_clear(&w), GRUNDY_OK);
    grundy_play_free(p);
    grundy_session_free(s);
}

static void test_talk_repetition(void **st)
{
    grundy_session *s = session();
    grundy_play_opts o;
    grundy_play *p;
    grundy_play_talk t;
    grundy_writer w;
    char out[8192];
    static const char *const two[] = {"addsub:1:1:20:2"};
    grundy_play_read_fault f;
    int i;
    (void)st;
    grundy_play_opts_init(&o);
    o.repeat = 2;
    assert_int_equal(grundy_play_new(&p, s, &o), GRUNDY_OK);
    assert_int_equal(grundy_play_read(p, NULL, two, 1, NULL, NULL, &f),
                     GRUNDY_OK);
    assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
    assert_int_equal(grundy_play_talk_start(&t, p, 0, &w), GRUNDY_OK);
    taken(&w, out, sizeof out);
    assert_non_null(strstr(out, "position that comes back 2 times"));
    /* the user goes up and down; the game ends in a draw, or the
     * computer wins (a draw is kept, never given away) */
    for (i = 0; i < 40 && !t.over; i++) {
        char typed[16];
        size_t n;
        grundy_sum_move *legal;
        assert_int_equal(grundy_play_legal(p, &legal, &n), GRUNDY_OK);
        assert_true(n > 0);
        grundy_play_move_text(p, &legal[0], 1, typed, sizeof typed);
        free(legal);
        say(&t, &w, typed);
        /* games with cycles show the position after every move */
        if (!t.over)
            assert_true(t.shown);
    }
    taken(&w, out, sizeof out);
    assert_true(t.over);
    if (strcmp(t.end, "draw declared") == 0)
        assert_non_null(strstr(out, "times with the same player to move: "
                                    "the game is declared a draw.\n"));
    else
        assert_string_equal(t.winner, "computer");
    assert_int_equal(grundy_writer_clear(&w), GRUNDY_OK);
    grundy_play_free(p);
    grundy_session_free(s);
}

static void test_undo_turn_and_apply_text(void **st)
{
    grundy_session *s = session();
    grundy_play *p = nim_345(s, NULL);
    grundy_parse_error where;
    size_t n;
    (void)st;
    assert_int_equal(grundy_play_undo_turn(p, 0), 0);
    assert_int_equal(grundy_play_undo_turn(p, 1), 0);
    /* refused: the state unchanged, the column named */
    memset(&where, 0, sizeof where);
    assert_int_equal(grundy_play_apply_text(p, "2 9", 3, &where),
                     GRUNDY_ERR_ARG);
    assert_true(where.col > 0);
    assert_int_equal(grundy_play_ply(p), 0);
    assert_int_equal(grundy_play_apply_text(p, "2 1", 3, &where), GRUNDY_OK);
    assert_int_equal(grundy_play_components(p, &n)[1].pos, 1);
    assert_int_equal(grundy_play_undo_turn(p, 1), 0); /* player 1 not yet */
    assert_int_equal(grundy_play_apply_text(p, "1 2", 3, &where), GRUNDY_OK);
    assert_int_equal(grundy_play_apply_text(p, "3 4", 3, &where), GRUNDY_OK);
    /* player 0's last move (the third) and nothing after it */
    assert_int_equal(grundy_play_undo_turn(p, 0), 1);
    assert_int_equal(grundy_play_ply(p), 2);
    /* player 1's move, and player 0's after it */
    assert_int_equal(grundy_play_apply_text(p, "3 3", 3, &where), GRUNDY_OK);
    assert_int_equal(grundy_play_undo_turn(p, 1), 1);
    assert_int_equal(grundy_play_ply(p), 1);
    assert_int_equal(grundy_play_turn(p), 1);
    grundy_play_free(p);
    grundy_session_free(s);
}

/* The hook's record: each call (i, opened) in order; refuses call
 * `refuse` (counting from 1) with GRUNDY_ERR_ARG. */
typedef struct calls {
    size_t n, refuse;
    size_t i[16];
    int opened[16];
    char spec[16][32];
} calls;

static grundy_status hook(void *ctx, size_t i, const grundy_play_arg *a)
{
    calls *c = ctx;
    c->i[c->n] = i;
    c->opened[c->n] = a->game != NULL;
    snprintf(c->spec[c->n], sizeof c->spec[0], "%.31s", a->spec);
    return ++c->n == c->refuse ? GRUNDY_ERR_ARG : GRUNDY_OK;
}

/* grundy_play_read() of texts on a new state; the state freed. */
static grundy_status read_sum(grundy_session *s, const grundy_play_opts *o,
                              const char *rules, const char *const *texts,
                              size_t n, calls *c, grundy_play_read_fault *f,
                              size_t *count)
{
    grundy_play *p;
    grundy_status st;
    assert_int_equal(grundy_play_new(&p, s, o), GRUNDY_OK);
    st = grundy_play_read(p, rules, texts, n, c ? hook : NULL, c, f);
    grundy_play_components(p, count);
    grundy_play_free(p);
    return st;
}

static void test_read_sum(void **st)
{
    grundy_session *s = session();
    static const char *const mixed[] = {"nim:3", "subtract:1,3,4:5",
                                        "half:7"};
    static const char *const form[] = {"nim:3", "nim5"};
    static const char *const rules[] = {"nim:3", "nosuch:4"};
    static const char *const pos[] = {"nim:x"};
    static const char *const loopy[] = {"nim:2", "addsub:4,5:2:20:5"};
    static const char *const heaps[] = {"3", "x"};
    grundy_play_read_fault f;
    grundy_play_opts o;
    grundy_play *p;
    calls c;
    size_t n, i;
    (void)st;
    /* a mixed sum: each component's game, its position, the hook twice
     * per component, before and after the game is opened */
    memset(&c, 0, sizeof c);
    assert_int_equal(grundy_play_new(&p, s, NULL), GRUNDY_OK);
    assert_int_equal(grundy_play_read(p, NULL, mixed, 3, hook, &c, &f),
                     GRUNDY_OK);
    assert_int_equal(f.stage, GRUNDY_PLAY_READ_OK);
    assert_int_equal(c.n, 6);
    for (i = 0; i < 6; i++) {
        char want[32];
        snprintf(want, sizeof want, "%.*s",
                 (int)(strrchr(mixed[i / 2], ':') - mixed[i / 2]),
                 mixed[i / 2]);
        assert_int_equal(c.i[i], i / 2);
        assert_int_equal(c.opened[i], (int)(i % 2));
        assert_string_equal(c.spec[i], want);
    }
    assert_int_equal(grundy_play_components(p, &n)[2].pos, 7);
    assert_int_equal(n, 3);
    assert_string_equal(grundy_play_written(p, 1), "subtract:1,3,4");
    assert_true(grundy_play_mixed(p));
    grundy_play_free(p);
    /* each kind of fault, at its component */
    assert_int_equal(read_sum(s, NULL, NULL, form, 2, NULL, &f, &n),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(f.stage, GRUNDY_PLAY_READ_ARG);
    assert_int_equal(f.at, 1);
    assert_int_equal(f.arg.fault, GRUNDY_PLAY_ARG_FORM);
    assert_int_not_equal(read_sum(s, NULL, NULL, rules, 2, NULL, &f, &n),
                         GRUNDY_OK);
    assert_int_equal(f.stage, GRUNDY_PLAY_READ_ARG);
    assert_int_equal(f.at, 1);
    assert_int_equal(f.arg.fault, GRUNDY_PLAY_ARG_RULES);
    assert_string_equal(f.arg.spec, "nosuch");
    assert_int_equal(n, 1);
    assert_int_not_equal(read_sum(s, NULL, NULL, pos, 1, NULL, &f, &n),
                         GRUNDY_OK);
    assert_int_equal(f.stage, GRUNDY_PLAY_READ_ARG);
    assert_int_equal(f.at, 0);
    assert_int_equal(f.arg.fault, GRUNDY_PLAY_ARG_POSITION);
    assert_string_equal(f.arg.pos, "x");
    assert_int_not_equal(read_sum(s, NULL, "nim", heaps, 2, NULL, &f, &n),
                         GRUNDY_OK);
    assert_int_equal(f.at, 1);
    assert_int_equal(f.arg.fault, GRUNDY_PLAY_ARG_POSITION);
    /* the hook refuses the second component before its game opens */
    memset(&c, 0, sizeof c);
    c.refuse = 3;
    assert_int_equal(read_sum(s, NULL, NULL, mixed, 3, &c, &f, &n),
                     GRUNDY_ERR_ARG);
    assert_int_equal(f.stage, GRUNDY_PLAY_READ_HOOK);
    assert_int_equal(f.at, 1);
    assert_null(f.arg.game);
    assert_int_equal(n, 1);
    /* misere play of a sum with cycles: the option named */
    grundy_play_opts_init(&o);
    o.convention = GRUNDY_PLAY_MISERE;
    assert_int_equal(read_sum(s, &o, NULL, loopy, 2, NULL, &f, &n),
                     GRUNDY_ERR_ARG);
    assert_int_equal(f.stage, GRUNDY_PLAY_READ_OPTION);
    assert_string_equal(f.option, "misere");
    assert_int_equal(read_sum(s, NULL, NULL, loopy, 2, NULL, &f, &n),
                     GRUNDY_OK);
    assert_int_equal(n, 2);
    grundy_session_free(s);
}

static void test_read_prepare_limit(void **st)
{
    grundy_session *s = session();
    static const char *const big[] = {"nim:1", "addsub:4,5:2:2000000:5"};
    grundy_play_read_fault f;
    size_t n;
    (void)st;
    grundy_session_limits(s)->mem_limit = 1 << 20;
    assert_int_equal(read_sum(s, NULL, NULL, big, 2, NULL, &f, &n),
                     GRUNDY_ERR_LIMIT);
    assert_int_equal(f.stage, GRUNDY_PLAY_READ_PREPARE);
    assert_int_equal(f.at, 1);
    assert_true(f.arg.where.msg[0] != 0);
    grundy_session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_talk_games_match_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_talk_words),
        cmocka_unit_test(test_talk_misere_computer_first),
        cmocka_unit_test(test_talk_repetition),
        cmocka_unit_test(test_undo_turn_and_apply_text),
        cmocka_unit_test(test_read_sum),
        cmocka_unit_test(test_read_prepare_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
