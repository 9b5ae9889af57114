/*
 * test_writers.c -- the library's writers of what the front ends print:
 * the play engine's (the answer of grundy analyze as text and JSON,
 * serve's /api/moves and /api/play, the transcript of grundy play
 * --json), misere quotients and genera (grundy misere), and solutions of
 * games with cycles (grundy loopy).  Each writes into a file in memory
 * here, and is compared byte for byte with what the program printed for
 * the same question before these writers were the library's (the
 * expected strings below are that output); and seeded random sums are
 * written as JSON and read back by a JSON reader written here, which
 * checks that the text is well-formed and that its arrays hold as many
 * components and moves as the analysis has.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grundy/loopy.h"
#include "grundy/misere.h"
#include "grundy/play.h"
#include "test_support.h"

/* Output in memory *********************************************************/

typedef struct sink {
    FILE *f;
    grundy_writer w;
} sink;

static void sink_open(sink *s)
{
    s->f = tmpfile();
    assert_non_null(s->f);
    assert_int_equal(grundy_writer_init(&s->w, fileno(s->f)), GRUNDY_OK);
}

/* What was written, NUL-terminated (free() it). */
static char *sink_take(sink *s)
{
    long n;
    char *buf;
    assert_int_equal(grundy_writer_clear(&s->w), GRUNDY_OK);
    assert_int_equal(fseek(s->f, 0, SEEK_END), 0);
    n = ftell(s->f);
    assert_true(n >= 0);
    rewind(s->f);
    buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, s->f), (size_t)n);
    buf[n] = 0;
    fclose(s->f);
    return buf;
}

static void expect_text(char *got, const char *want)
{
    if (strcmp(got, want) != 0)
        fail_msg("wrote:\n%s\nexpected:\n%s", got, want);
    free(got);
}

/* States *******************************************************************/

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

/* The state of n components "SPEC:POS" (split at the last ':'), under
 * the convention and Moore's k given, bounds heap_max; prepared. */
static grundy_play *state(grundy_session *s, int misere, unsigned moore,
                          uint64_t heap_max, const char *const *comp,
                          size_t n)
{
    grundy_play_opts o;
    grundy_play *p;
    grundy_play_arg arg;
    grundy_parse_error where;
    size_t i;
    grundy_play_opts_init(&o);
    o.convention = misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
    o.moore_k = moore;
    o.heap_max = heap_max;
    assert_int_equal(grundy_play_new(&p, s, &o), GRUNDY_OK);
    for (i = 0; i < n; i++)
        assert_int_equal(grundy_play_add_arg(p, NULL, comp[i], &arg),
                         GRUNDY_OK);
    assert_int_equal(grundy_play_prepare(p, NULL, &where), GRUNDY_OK);
    return p;
}

/* The analysis of p written as text or JSON. */
static char *analysis(grundy_play *p, int json)
{
    grundy_play_analysis an;
    sink k;
    assert_int_equal(grundy_play_analyze(&an, p,
                                         json ? GRUNDY_PLAY_WANT_JSON
                                              : GRUNDY_PLAY_WANT_TEXT),
                     GRUNDY_OK);
    sink_open(&k);
    grundy_play_analysis_write(&k.w, p, &an, json);
    grundy_play_analysis_clear(&an);
    return sink_take(&k);
}

/* Play the move typed as text. */
static void move(grundy_play *p, const char *text)
{
    grundy_sum_move set[GRUNDY_PLAY_MAX_SET];
    grundy_parse_error where;
    size_t n;
    assert_int_equal(grundy_play_parse_move(p, text, strlen(text), set,
                                            GRUNDY_PLAY_MAX_SET, &n, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_apply(p, set, n), GRUNDY_OK);
}

/* The best move played; its remoteness in *rem. */
static void reply(grundy_play *p, uint64_t *rem)
{
    grundy_play_analysis an;
    assert_int_equal(grundy_play_analyze(&an, p,
                                         GRUNDY_SUM_BEST |
                                             GRUNDY_SUM_REMOTENESS),
                     GRUNDY_OK);
    assert_true(an.sum.nbest > 0);
    *rem = an.sum.best_remoteness;
    assert_int_equal(grundy_play_apply(p, an.sum.best, an.sum.nbest),
                     GRUNDY_OK);
    grundy_play_analysis_clear(&an);
}

/* The answers of grundy analyze ********************************************/

static void test_play_analysis_write_known(void **st)
{
    grundy_session *s = session();
    static const char *const nim[] = {"nim:3", "nim:4", "nim:5"};
    static const char *const mis[] = {"0.07:3", "0.07:5"};
    static const char *const moore[] = {"nim:1", "nim:2", "nim:3"};
    static const char *const loopy[] = {"addsub:4,5:2:5", "addsub:4,5:2:12"};
    grundy_play *p;
    (void)st;
    p = state(s, 0, 0, 0, nim, 3);
    expect_text(analysis(p, 0), "component 1: nim 3, value 3\n"
                                "component 2: nim 4, value 4\n"
                                "component 3: nim 5, value 5\n"
                                "nim-sum: 2\n"
                                "winner: first\n"
                                "winning moves: 1\n"
                                "  component 1: 3 -> 1, value 1\n");
    grundy_play_free(p);
    p = state(s, 1, 0, 0, mis, 2);
    expect_text(analysis(p, 1),
                "{\"components\": [{\"rules\": \"0.07\", \"canonical\": "
                "\"0.07\", \"position\": \"3\", \"value\": 1}, {\"rules\": "
                "\"0.07\", \"canonical\": \"0.07\", \"position\": \"5\", "
                "\"value\": 0}], \"play\": \"misere\", \"method\": "
                "\"quotient\", \"quotient_order\": 6, \"winner\": "
                "\"second\", \"winning_moves\": []}\n");
    grundy_play_free(p);
    p = state(s, 0, 2, 0, moore, 3);
    expect_text(analysis(p, 0), "component 1: nim 1, value 1\n"
                                "component 2: nim 2, value 2\n"
                                "component 3: nim 3, value 3\n"
                                "moore k: 2\n"
                                "method: Moore's rule for Nim heaps\n"
                                "winner: first\n"
                                "winning move set: 2 components\n"
                                "  component 2: 2 -> 1\n"
                                "  component 3: 3 -> 1\n");
    grundy_play_free(p);
    p = state(s, 0, 0, 20, loopy, 2);
    expect_text(analysis(p, 0), "component 1: addsub:4,5:2 5, value 2\n"
                                "component 2: addsub:4,5:2 12, value "
                                "inf(1,2)\n"
                                "value: inf(0,3)\n"
                                "winner: first\n"
                                "winning moves: 1\n"
                                "  component 2: 12 -> 8, value 2\n");
    grundy_play_free(p);
    grundy_session_free(s);
}

/* Serve's /api/moves and /api/play, and the transcript *********************/

static char *moves_answer(grundy_play *p)
{
    grundy_play_analysis an, ev;
    sink k;
    assert_int_equal(grundy_play_analyze(&an, p, GRUNDY_PLAY_WANT_JSON),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_analyze(&ev, p,
                                         GRUNDY_PLAY_WANT_JSON |
                                             GRUNDY_SUM_EVERY),
                     GRUNDY_OK);
    sink_open(&k);
    assert_int_equal(grundy_play_moves_write(&k.w, p, &an, &ev), GRUNDY_OK);
    grundy_play_analysis_clear(&an);
    grundy_play_analysis_clear(&ev);
    return sink_take(&k);
}

static void test_play_moves_write_known(void **st)
{
    grundy_session *s = session();
    static const char *const nim[] = {"nim:2", "nim:3"};
    static const char *const cram[] = {"cram:2x3:start"};
    static const char *const mis[] = {"0.77:5"};
    grundy_play *p;
    (void)st;
    p = state(s, 0, 0, 0, nim, 2);
    expect_text(
        moves_answer(p),
        "{\"analysis\": {\"components\": [{\"rules\": \"nim\", "
        "\"canonical\": \"nim\", \"position\": \"2\", \"value\": 2}, "
        "{\"rules\": \"nim\", \"canonical\": \"nim\", \"position\": \"3\", "
        "\"value\": 3}], \"value\": 1, \"winner\": \"first\", "
        "\"winning_moves\": [{\"component\": 2, \"from\": \"3\", \"to\": "
        "[\"2\"], \"value\": 2, \"remoteness\": 5}]}, \"moves\": "
        "[{\"component\": 1, \"from\": \"2\", \"to\": [], \"value\": 0, "
        "\"outcome\": \"lose\", \"wins\": false, \"remoteness\": 2}, "
        "{\"component\": 1, \"from\": \"2\", \"to\": [\"1\"], \"value\": "
        "1, \"outcome\": \"lose\", \"wins\": false, \"remoteness\": 4}, "
        "{\"component\": 2, \"from\": \"3\", \"to\": [], \"value\": 0, "
        "\"outcome\": \"lose\", \"wins\": false, \"remoteness\": 2}, "
        "{\"component\": 2, \"from\": \"3\", \"to\": [\"1\"], \"value\": "
        "1, \"outcome\": \"lose\", \"wins\": false, \"remoteness\": 4}, "
        "{\"component\": 2, \"from\": \"3\", \"to\": [\"2\"], \"value\": "
        "2, \"outcome\": \"win\", \"wins\": true, \"remoteness\": 5}], "
        "\"boards\": []}\n");
    grundy_play_free(p);
    p = state(s, 0, 0, 0, cram, 1);
    expect_text(
        moves_answer(p),
        "{\"analysis\": {\"components\": [{\"rules\": \"cram:2x3\", "
        "\"canonical\": \"cram:2x3\", \"position\": \"111/111\", "
        "\"value\": 1}], \"value\": 1, \"winner\": \"first\", "
        "\"winning_moves\": [{\"component\": 1, \"from\": \"111/111\", "
        "\"to\": [\"011/011\"], \"value\": 0, \"remoteness\": 3}, "
        "{\"component\": 1, \"from\": \"111/111\", \"to\": [\"101/101\"], "
        "\"value\": 0, \"remoteness\": 3}, {\"component\": 1, \"from\": "
        "\"111/111\", \"to\": [\"110/110\"], \"value\": 0, \"remoteness\": "
        "3}]}, \"moves\": [{\"component\": 1, \"from\": \"111/111\", "
        "\"to\": [\"001/111\"], \"value\": 2, \"outcome\": \"lose\", "
        "\"wins\": false, \"remoteness\": 2, \"cells\": [0, 1]}, "
        "{\"component\": 1, \"from\": \"111/111\", \"to\": [\"100/111\"], "
        "\"value\": 2, \"outcome\": \"lose\", \"wins\": false, "
        "\"remoteness\": 2, \"cells\": [1, 2]}, {\"component\": 1, "
        "\"from\": \"111/111\", \"to\": [\"111/001\"], \"value\": 2, "
        "\"outcome\": \"lose\", \"wins\": false, \"remoteness\": 2, "
        "\"cells\": [3, 4]}, {\"component\": 1, \"from\": \"111/111\", "
        "\"to\": [\"111/100\"], \"value\": 2, \"outcome\": \"lose\", "
        "\"wins\": false, \"remoteness\": 2, \"cells\": [4, 5]}, "
        "{\"component\": 1, \"from\": \"111/111\", \"to\": [\"011/011\"], "
        "\"value\": 0, \"outcome\": \"win\", \"wins\": true, "
        "\"remoteness\": 3, \"cells\": [0, 3]}, {\"component\": 1, "
        "\"from\": \"111/111\", \"to\": [\"101/101\"], \"value\": 0, "
        "\"outcome\": \"win\", \"wins\": true, \"remoteness\": 3, "
        "\"cells\": [1, 4]}, {\"component\": 1, \"from\": \"111/111\", "
        "\"to\": [\"110/110\"], \"value\": 0, \"outcome\": \"win\", "
        "\"wins\": true, \"remoteness\": 3, \"cells\": [2, 5]}], "
        "\"boards\": [{\"component\": 1, \"grid\": true, \"rows\": 2, "
        "\"cols\": 3, \"ncells\": 6, \"cells\": [0, 1, 2, 3, 4, 5], "
        "\"marked\": [], \"mark\": \"domino\", \"xy\": [[0, 0], [1, 0], "
        "[2, 0], [0, 1], [1, 1], [2, 1]], \"adj\": [[], [], [], [], [], "
        "[]]}]}\n");
    grundy_play_free(p);
    /* misere play: each move's value is its parts' under normal play */
    p = state(s, 1, 0, 0, mis, 1);
    expect_text(
        moves_answer(p),
        "{\"analysis\": {\"components\": [{\"rules\": \"0.77\", "
        "\"canonical\": \"0.77\", \"position\": \"5\", \"value\": 4}], "
        "\"play\": \"misere\", \"method\": \"quotient\", "
        "\"quotient_order\": 12, \"winner\": \"first\", "
        "\"winning_moves\": [{\"component\": 1, \"from\": \"5\", \"to\": "
        "[\"4\"], \"remoteness\": 4}, {\"component\": 1, \"from\": \"5\", "
        "\"to\": [\"2\", \"2\"], \"remoteness\": 4}]}, \"moves\": "
        "[{\"component\": 1, \"from\": \"5\", \"to\": [\"4\"], \"value\": "
        "1, \"outcome\": \"win\", \"wins\": true, \"remoteness\": 4}, "
        "{\"component\": 1, \"from\": \"5\", \"to\": [\"1\", \"3\"], "
        "\"value\": 2, \"outcome\": \"lose\", \"wins\": false, "
        "\"remoteness\": 5}, {\"component\": 1, \"from\": \"5\", \"to\": "
        "[\"2\", \"2\"], \"value\": 0, \"outcome\": \"win\", \"wins\": "
        "true, \"remoteness\": 4}, {\"component\": 1, \"from\": \"5\", "
        "\"to\": [\"3\"], \"value\": 3, \"outcome\": \"lose\", \"wins\": "
        "false, \"remoteness\": 3}, {\"component\": 1, \"from\": \"5\", "
        "\"to\": [\"1\", \"2\"], \"value\": 3, \"outcome\": \"lose\", "
        "\"wins\": false, \"remoteness\": 3}], \"boards\": []}\n");
    grundy_play_free(p);
    grundy_session_free(s);
}

static void test_play_step_transcript_write_known(void **st)
{
    grundy_session *s = session();
    static const char *const two[] = {"nim:2", "nim:3"};
    static const char *const three[] = {"nim:3", "nim:4", "nim:5"};
    static const char *const one[] = {"nim:1"};
    grundy_play_outcome o = {0, "input ended", NULL};
    grundy_play *p;
    uint64_t rem;
    sink k;
    (void)st;
    /* /api/play?rules=nim&position=2&position=3&move=1%201 */
    p = state(s, 0, 0, 0, two, 2);
    move(p, "1 1");
    reply(p, &rem);
    sink_open(&k);
    grundy_play_step_write(&k.w, p, 1, 1, rem);
    expect_text(sink_take(&k),
                "{\"components\": [{\"rules\": \"nim\", \"canonical\": "
                "\"nim\", \"position\": \"1\"}, {\"rules\": \"nim\", "
                "\"canonical\": \"nim\", \"position\": \"1\"}], \"play\": "
                "\"normal\", \"moves\": [{\"player\": \"user\", "
                "\"component\": 1, \"from\": \"2\", \"to\": [\"1\"]}, "
                "{\"player\": \"computer\", \"component\": 2, \"from\": "
                "\"3\", \"to\": [\"1\"], \"remoteness\": 3}], \"end\": null, "
                "\"winner\": null}\n");
    grundy_play_free(p);
    /* /api/play?rules=nim&position=1&move=1%200: the user took the last */
    p = state(s, 0, 0, 0, one, 1);
    move(p, "1 0");
    sink_open(&k);
    grundy_play_step_write(&k.w, p, 1, 0, GRUNDY_REMOTENESS_UNKNOWN);
    expect_text(sink_take(&k),
                "{\"components\": [{\"rules\": \"nim\", \"canonical\": "
                "\"nim\", \"position\": \"0\"}], \"play\": \"normal\", "
                "\"moves\": [{\"player\": \"user\", \"component\": 1, "
                "\"from\": \"1\", \"to\": []}], \"end\": \"no move\", "
                "\"winner\": \"user\"}\n");
    grundy_play_free(p);
    /* printf '1 2\n' | grundy play nim 3 4 5 --json */
    p = state(s, 0, 0, 0, three, 3);
    move(p, "1 2");
    reply(p, &rem);
    sink_open(&k);
    grundy_play_transcript_write(&k.w, p, &o);
    expect_text(sink_take(&k),
                "{\"components\": [{\"rules\": \"nim\", \"canonical\": "
                "\"nim\", \"position\": \"3\"}, {\"rules\": \"nim\", "
                "\"canonical\": \"nim\", \"position\": \"4\"}, {\"rules\": "
                "\"nim\", \"canonical\": \"nim\", \"position\": \"5\"}], "
                "\"play\": \"normal\", \"first\": \"user\", \"moves\": "
                "[{\"player\": \"user\", \"component\": 1, \"from\": \"3\", "
                "\"to\": [\"2\"]}, {\"player\": \"computer\", \"component\": "
                "1, \"from\": \"2\", \"to\": [\"1\"]}], \"end\": \"input "
                "ended\", \"winner\": null}\n");
    /* the computer's move as grundy play says it */
    {
        const grundy_sum_move *set;
        grundy_play_history(p, 1, &set);
        assert_int_equal(grundy_play_undo(p), 1);
        sink_open(&k);
        grundy_play_move_write(&k.w, p, &set[0], 1);
        expect_text(sink_take(&k), "1 1 (component 1: 2 -> 1)");
    }
    grundy_play_free(p);
    grundy_session_free(s);
}

/* grundy misere ************************************************************/

static char *quotient(const grundy_game *g, int json)
{
    grundy_misere *q;
    grundy_misere_pres pr;
    sink k;
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_grow(q, 6, GRUNDY_MISERE_DEFAULT_MAX_ORDER,
                                        NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_misere_pres_init(&pr, q, NULL), GRUNDY_OK);
    sink_open(&k);
    grundy_misere_quotient_write(&k.w, "0.75", q, &pr,
                                 GRUNDY_MISERE_DEFAULT_MAX_ORDER, json);
    grundy_misere_pres_clear(&pr);
    grundy_misere_free(q);
    return sink_take(&k);
}

static void test_misere_write_known(void **st)
{
    grundy_game *g = test_game("0.75"), *kayles = test_game("kayles");
    grundy_misere_genus ge[5];
    grundy_pos done = 0;
    sink k;
    (void)st;
    /* grundy misere 0.75 --upto 6 [--json] */
    expect_text(quotient(g, 0), "rules: 0.75\n"
                                "heaps: 1..6\n"
                                "order: 8\n"
                                "p_count: 2\n"
                                "generators: a = heap 1, b = heap 2, c = "
                                "heap 5\n"
                                "relations: a^2 = 1, b^3 = b, bc = ab, c^2 "
                                "= b^2\n"
                                "p_portion: a, b^2\n"
                                "last_change: 5\n"
                                "periodic: no\n"
                                "heap_elements:\n"
                                "1 a\n2 b\n3 a\n4 b\n5 c\n6 b\n");
    expect_text(
        quotient(g, 1),
        "{\"rules\": \"0.75\", \"canonical\": \"0.75\", \"heaps\": 6, "
        "\"order\": 8, \"p_count\": 2, \"generators\": [{\"name\": \"a\", "
        "\"heap\": \"1\"}, {\"name\": \"b\", \"heap\": \"2\"}, {\"name\": "
        "\"c\", \"heap\": \"5\"}], \"relations\": [{\"lhs\": \"a^2\", "
        "\"rhs\": \"1\"}, {\"lhs\": \"b^3\", \"rhs\": \"b\"}, {\"lhs\": "
        "\"bc\", \"rhs\": \"ab\"}, {\"lhs\": \"c^2\", \"rhs\": \"b^2\"}], "
        "\"p_portion\": [\"a\", \"b^2\"], \"last_change\": \"5\", "
        "\"period\": null, \"stopped\": null, \"heap_elements\": [\"a\", "
        "\"b\", \"a\", \"b\", \"c\", \"b\"]}\n");
    /* grundy misere kayles --genus --upto 4 [--json] */
    assert_int_equal(grundy_misere_genus_table(
                         ge, &done, kayles, 4,
                         GRUNDY_MISERE_GENUS_DEFAULT_STATES, NULL),
                     GRUNDY_OK);
    assert_int_equal(done, 5);
    sink_open(&k);
    grundy_misere_genus_write(&k.w, NULL, kayles, ge, done, 1, 0);
    expect_text(sink_take(&k),
                "0 0^120\n1 1^031\n2 2^20\n3 3^31\n4 1^031\n");
    sink_open(&k);
    grundy_misere_genus_write(&k.w, "kayles", kayles, ge, done, 1, 1);
    expect_text(
        sink_take(&k),
        "{\"rules\": \"kayles\", \"canonical\": \"0.77\", \"genus\": "
        "[{\"heap\": \"0\", \"genus\": \"0^120\", \"normal\": 0, "
        "\"misere\": [1, 2, 0]}, {\"heap\": \"1\", \"genus\": \"1^031\", "
        "\"normal\": 1, \"misere\": [0, 3, 1]}, {\"heap\": \"2\", "
        "\"genus\": \"2^20\", \"normal\": 2, \"misere\": [2, 0]}, "
        "{\"heap\": \"3\", \"genus\": \"3^31\", \"normal\": 3, \"misere\": "
        "[3, 1]}, {\"heap\": \"4\", \"genus\": \"1^031\", \"normal\": 1, "
        "\"misere\": [0, 3, 1]}]}\n");
    /* cut short: left open for the error that follows */
    sink_open(&k);
    grundy_misere_genus_write(&k.w, "kayles", kayles, ge, 1, 0, 1);
    expect_text(sink_take(&k),
                "{\"rules\": \"kayles\", \"canonical\": \"0.77\", "
                "\"genus\": [{\"heap\": \"0\", \"genus\": \"0^120\", "
                "\"normal\": 0, \"misere\": [1, 2, 0]}");
    test_game_free(g);
    test_game_free(kayles);
}

/* grundy loopy *************************************************************/

static void test_loopy_write_known(void **st)
{
    static const char dot[] = "digraph textbook {\n"
                              "    a -> b -> c -> a;\n"
                              "    c -> d -> e;\n"
                              "}\n";
    grundy_loopy_graph *g;
    grundy_loopy_solution *s;
    grundy_parse_error where;
    sink k;
    (void)st;
    assert_int_equal(grundy_loopy_graph_parse(&g, dot, sizeof dot - 1,
                                              GRUNDY_LOOPY_FORMAT_AUTO,
                                              &where, NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_loopy_solve(&s, g, NULL), GRUNDY_OK);
    /* grundy loopy examples/loopy-textbook.dot --json */
    sink_open(&k);
    assert_int_equal(grundy_loopy_solution_write(
                         &k.w, s, GRUNDY_LOOPY_WRITE_LIST, 1),
                     GRUNDY_OK);
    expect_text(
        sink_take(&k),
        "{\"vertices\": 5, \"edges\": 5, \"values\": [{\"vertex\": \"a\", "
        "\"value\": {\"inf\": []}, \"winner\": \"draw\"}, {\"vertex\": "
        "\"b\", \"value\": {\"inf\": []}, \"winner\": \"draw\"}, "
        "{\"vertex\": \"c\", \"value\": {\"inf\": [1]}, \"winner\": "
        "\"draw\"}, {\"vertex\": \"d\", \"value\": 1, \"winner\": "
        "\"first\"}, {\"vertex\": \"e\", \"value\": 0, \"winner\": "
        "\"second\"}], \"stats\": {\"vertices\": 5, \"edges\": 5, "
        "\"counts\": [1, 1], \"infinite\": 3, \"first\": 1, \"second\": 1, "
        "\"draw\": 3, \"levels\": 2}}\n");
    /* ... --list --stats, less the lines of memory and time */
    sink_open(&k);
    assert_int_equal(grundy_loopy_solution_write(
                         &k.w, s,
                         GRUNDY_LOOPY_WRITE_LIST | GRUNDY_LOOPY_WRITE_STATS,
                         0),
                     GRUNDY_OK);
    expect_text(sink_take(&k), "a inf()\nb inf()\nc inf(1)\nd 1\ne 0\n"
                               "vertices 5\nedges 5\nvalue count\n0 1\n1 1\n"
                               "inf 3\nwinner count\nfirst 1\nsecond 1\n"
                               "draw 3\nlevels 2\n");
    /* ... --at c [--json] */
    sink_open(&k);
    assert_int_equal(grundy_loopy_vertex_write(&k.w, s, 2, 1), GRUNDY_OK);
    assert_int_equal(grundy_loopy_vertex_write(&k.w, s, 2, 0), GRUNDY_OK);
    expect_text(sink_take(&k), "{\"vertex\": \"c\", \"value\": {\"inf\": "
                               "[1]}, \"winner\": \"draw\"}\ninf(1)\n");
    grundy_loopy_solution_free(s);
    grundy_loopy_graph_free(g);
}

/* grundy loopy --stats: its last lines, from the graph's and the
 * solution's sizes as the program computed them. */
static void test_loopy_cost_write_known(void **st)
{
    static const char edges[] = "0 1\n1 2\n2 0\n2 3\n";
    grundy_loopy_graph *g;
    grundy_loopy_solution *s;
    grundy_parse_error where;
    char want[256];
    size_t gb, sb;
    sink k;
    (void)st;
    assert_int_equal(grundy_loopy_graph_parse(&g, edges, sizeof edges - 1,
                                              GRUNDY_LOOPY_FORMAT_EDGES,
                                              &where, NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_loopy_solve(&s, g, NULL), GRUNDY_OK);
    gb = grundy_loopy_graph_bytes(g);
    sb = grundy_loopy_solution_bytes(s);
    assert_true(gb > 0 && sb > 0);
    snprintf(want, sizeof want,
             "memory graph %zu bytes, values %zu bytes (%.2f bytes per "
             "edge)\ntime read 0.250 s, values 1.500 s\n",
             gb, sb, (double)(gb + sb) / 4.0);
    sink_open(&k);
    grundy_loopy_cost_write(&k.w, s, 0.25, 1.5);
    expect_text(sink_take(&k), want);
    grundy_loopy_solution_free(s);
    grundy_loopy_graph_free(g);
}

/* grundy values on a family with cycles: what the program printed
 * (grundy values addsub:2:1 --heap-max 6 ...). */
static void test_play_loopy_values_write_known(void **st)
{
    grundy_session *s = session();
    const grundy_game *g;
    grundy_loopy_game *lg;
    grundy_parse_error where;
    grundy_pos at = 3;
    char spec[64];
    sink k;
    (void)st;
    assert_int_equal(grundy_play_game(&g, s, "addsub:2:1", 6, &where),
                     GRUNDY_OK);
    assert_true(grundy_game_canonical_spec(g, spec, sizeof spec) <
                sizeof spec);
    assert_string_equal(spec, "addsub:2:1:6");
    assert_int_equal(grundy_loopy_game_from_rules(
                         &lg, grundy_game_rules(g), grundy_game_params(g),
                         spec, GRUNDY_LOOPY_METHOD_AUTO, &where, NULL),
                     GRUNDY_OK);
    /* --json */
    sink_open(&k);
    assert_int_equal(grundy_play_loopy_values_write(&k.w, "addsub:2:1", g,
                                                    lg, NULL, 7,
                                                    GRUNDY_LOOPY_WRITE_LIST,
                                                    1),
                     GRUNDY_OK);
    expect_text(sink_take(&k),
                "{\"rules\": \"addsub:2:1\", \"canonical\": \"addsub:2:1:6\", "
                "\"positions\": 7, \"values\": [0, 0, {\"inf\": [0]}, "
                "{\"inf\": [0]}, {\"inf\": []}, {\"inf\": []}, {\"inf\": "
                "[]}], \"stats\": {\"vertices\": 7, \"edges\": 10, "
                "\"counts\": [2], \"infinite\": 5, \"first\": 2, \"second\": "
                "2, \"draw\": 3, \"levels\": 2}}\n");
    /* --at 3 --json, then --at 3 */
    sink_open(&k);
    assert_int_equal(grundy_play_loopy_values_write(&k.w, "addsub:2:1", g,
                                                    lg, &at, 0, 0, 1),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_loopy_values_write(&k.w, "addsub:2:1", g,
                                                    lg, &at, 0, 0, 0),
                     GRUNDY_OK);
    expect_text(sink_take(&k),
                "{\"rules\": \"addsub:2:1\", \"canonical\": \"addsub:2:1:6\", "
                "\"position\": \"3\", \"value\": {\"inf\": [0]}, "
                "\"winner\": \"first\"}\ninf(0)\n");
    /* --upto 3, then --stats --list (an end past the positions is cut) */
    sink_open(&k);
    assert_int_equal(grundy_play_loopy_values_write(&k.w, "addsub:2:1", g,
                                                    lg, NULL, 4,
                                                    GRUNDY_LOOPY_WRITE_LIST,
                                                    0),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_loopy_values_write(
                         &k.w, "addsub:2:1", g, lg, NULL, 99,
                         GRUNDY_LOOPY_WRITE_LIST | GRUNDY_LOOPY_WRITE_STATS,
                         0),
                     GRUNDY_OK);
    expect_text(sink_take(&k),
                "0 0\n1 0\n2 inf(0)\n3 inf(0)\n"
                "0 0\n1 0\n2 inf(0)\n3 inf(0)\n4 inf()\n5 inf()\n6 inf()\n"
                "vertices 7\nedges 10\nvalue count\n0 2\ninf 5\n"
                "winner count\nfirst 2\nsecond 2\ndraw 3\nlevels 2\n");
    grundy_loopy_game_free(lg);
    grundy_session_free(s);
}

/* The legal moves as grundy play lists them after a refused move (what
 * the program printed for nim 30 40 and nim 2 3), and on seeded random
 * sums against grundy_play_legal() itself: the first `most` moves as
 * typed, then the count of the rest. */
static void test_play_legal_write(void **st)
{
    static const char *const big[] = {"nim:30", "nim:40"};
    static const char *const small[] = {"nim:2", "nim:3"};
    test_rng *r = *st;
    grundy_session *s = session();
    grundy_play *p;
    sink k;
    int round;
    p = state(s, 0, 0, 0, big, 2);
    sink_open(&k);
    assert_int_equal(grundy_play_legal_write(&k.w, p, 20), GRUNDY_OK);
    expect_text(sink_take(&k),
                "legal moves: 1 0, 1 1, 1 2, 1 3, 1 4, 1 5, 1 6, 1 7, 1 8, "
                "1 9, 1 10, 1 11, 1 12, 1 13, 1 14, 1 15, 1 16, 1 17, 1 18, "
                "1 19 (and 50 more)\n");
    grundy_play_free(p);
    p = state(s, 0, 0, 0, small, 2);
    sink_open(&k);
    assert_int_equal(grundy_play_legal_write(&k.w, p, 20), GRUNDY_OK);
    expect_text(sink_take(&k), "legal moves: 1 0, 1 1, 2 0, 2 1, 2 2\n");
    grundy_play_free(p);
    for (round = 0; round < 40; round++) {
        static const char *const fam[] = {"nim", "0.77", "subtract:1,3",
                                          "grundy-game"};
        char comp[3][32], want[4096], buf[256];
        const char *cv[3];
        size_t nc = 1 + test_rng_below(r, 3), i, n, most, len = 0;
        grundy_sum_move *m;
        char *got;
        for (i = 0; i < nc; i++) {
            snprintf(comp[i], sizeof comp[i], "%s:%u",
                     fam[test_rng_below(r, 4)],
                     (unsigned)test_rng_below(r, 12));
            cv[i] = comp[i];
        }
        most = test_rng_below(r, 25);
        p = state(s, 0, 0, 0, cv, nc);
        assert_int_equal(grundy_play_legal(p, &m, &n), GRUNDY_OK);
        len = (size_t)snprintf(want, sizeof want, "legal moves: ");
        for (i = 0; i < n && i < most; i++) {
            grundy_play_move_text(p, &m[i], 1, buf, sizeof buf);
            len += (size_t)snprintf(want + len, sizeof want - len, "%s%s",
                                    i ? ", " : "", buf);
        }
        if (n > most)
            len += (size_t)snprintf(want + len, sizeof want - len,
                                    " (and %zu more)", n - most);
        snprintf(want + len, sizeof want - len, "\n");
        free(m);
        sink_open(&k);
        assert_int_equal(grundy_play_legal_write(&k.w, p, most), GRUNDY_OK);
        got = sink_take(&k);
        if (strcmp(got, want) != 0)
            fail_msg("seed %llu round %d: wrote %s expected %s",
                     (unsigned long long)test_seed(), round, got, want);
        free(got);
        grundy_play_free(p);
    }
    grundy_session_free(s);
}

/* The reply of /api/play on seeded random sums (normal and misere
 * play): the move played is the analysis's best, with its remoteness,
 * and a game over is left alone. */
static void test_play_reply(void **st)
{
    test_rng *r = *st;
    grundy_session *s = session();
    int round;
    for (round = 0; round < 40; round++) {
        static const char *const fam[] = {"nim", "0.77", "subtract:1,3",
                                          "0.07"};
        char comp[3][32];
        const char *cv[3];
        size_t nc = 1 + test_rng_below(r, 3), i, n, nbest, ply;
        int misere = (int)test_rng_below(r, 2);
        uint64_t rem, want_rem;
        grundy_sum_move best[GRUNDY_PLAY_MAX_SET];
        const grundy_sum_move *played;
        grundy_play_analysis an;
        grundy_play *p;
        for (i = 0; i < nc; i++) {
            snprintf(comp[i], sizeof comp[i], "%s:%u",
                     fam[test_rng_below(r, 4)],
                     (unsigned)test_rng_below(r, 9));
            cv[i] = comp[i];
        }
        p = state(s, misere, 0, 0, cv, nc);
        assert_int_equal(grundy_play_analyze(&an, p,
                                             GRUNDY_SUM_BEST |
                                                 GRUNDY_SUM_REMOTENESS),
                         GRUNDY_OK);
        nbest = an.sum.nbest;
        if (nbest)
            memcpy(best, an.sum.best, nbest * sizeof *best);
        want_rem = an.sum.best_remoteness;
        grundy_play_analysis_clear(&an);
        ply = grundy_play_ply(p);
        assert_int_equal(grundy_play_reply(p, &n, &rem), GRUNDY_OK);
        if (n != nbest || grundy_play_ply(p) != ply + (nbest != 0))
            fail_msg("seed %llu round %d: played %zu moves, best has %zu",
                     (unsigned long long)test_seed(), round, n, nbest);
        if (nbest) {
            assert_int_equal(grundy_play_history(p, ply, &played), n);
            for (i = 0; i < n; i++)
                if (played[i].component != best[i].component ||
                    played[i].from != best[i].from ||
                    played[i].to.nparts != best[i].to.nparts)
                    fail_msg("seed %llu round %d: not the best move",
                             (unsigned long long)test_seed(), round);
            assert_int_equal(rem, want_rem);
        }
        grundy_play_free(p);
    }
    grundy_session_free(s);
}

/* A component as the front ends read it: each fault where it is, and
 * the state it builds the one grundy_play_game() and grundy_play_add()
 * build (compared by the text form of the two states). */
static void test_play_add_arg(void **st)
{
    grundy_session *s = session();
    grundy_play *p, *q;
    grundy_play_arg a;
    grundy_parse_error where;
    const grundy_game *g;
    char long_spec[300], t1[512], t2[512];
    (void)st;
    assert_int_equal(grundy_play_new(&p, s, NULL), GRUNDY_OK);
    assert_int_equal(grundy_play_add_arg(p, NULL, "nim5", &a),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(a.fault, GRUNDY_PLAY_ARG_FORM);
    assert_int_equal(grundy_play_add_arg(p, NULL, ":5", &a),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(a.fault, GRUNDY_PLAY_ARG_FORM);
    memset(long_spec, 'x', sizeof long_spec);
    snprintf(long_spec + 280, 20, ":5");
    assert_int_equal(grundy_play_add_arg(p, NULL, long_spec, &a),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(a.fault, GRUNDY_PLAY_ARG_LONG);
    assert_int_not_equal(grundy_play_add_arg(p, NULL, "nim:2,x:5", &a),
                         GRUNDY_OK);
    assert_int_equal(a.fault, GRUNDY_PLAY_ARG_RULES);
    assert_string_equal(a.spec, "nim:2,x");
    assert_true(a.where.col >= 1 && a.where.msg[0]);
    assert_int_not_equal(grundy_play_add_arg(p, NULL, "0.77:1x", &a),
                         GRUNDY_OK);
    assert_int_equal(a.fault, GRUNDY_PLAY_ARG_POSITION);
    assert_string_equal(a.pos, "1x");
    assert_non_null(a.game);
    assert_true(a.where.col >= 1 && a.where.msg[0]);
    /* the rules of the family given: the text is the position */
    assert_int_not_equal(grundy_play_add_arg(p, "kayles", "q", &a),
                         GRUNDY_OK);
    assert_int_equal(a.fault, GRUNDY_PLAY_ARG_POSITION);
    assert_string_equal(a.pos, "q");
    assert_int_equal(grundy_play_add_arg(p, "kayles", "7", &a), GRUNDY_OK);
    assert_int_equal(a.fault, GRUNDY_PLAY_ARG_OK);
    assert_int_equal(grundy_play_add_arg(p, NULL, "rect:2x2:11/01", &a),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_add_arg(p, NULL, "0.77:5", &a), GRUNDY_OK);
    assert_int_equal(grundy_play_new(&q, s, NULL), GRUNDY_OK);
    assert_int_equal(grundy_play_game(&g, s, "kayles", 0, &where), GRUNDY_OK);
    assert_int_equal(grundy_play_add(q, g, "kayles", "7", &where), GRUNDY_OK);
    assert_int_equal(grundy_play_game(&g, s, "rect:2x2", 0, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_add(q, g, "rect:2x2", "11/01", &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_play_game(&g, s, "0.77", 0, &where), GRUNDY_OK);
    assert_int_equal(grundy_play_add(q, g, "0.77", "5", &where), GRUNDY_OK);
    assert_true(grundy_play_format(p, t1, sizeof t1) < sizeof t1);
    assert_true(grundy_play_format(q, t2, sizeof t2) < sizeof t2);
    assert_string_equal(t1, t2);
    assert_true(grundy_play_show(p, t1, sizeof t1) < sizeof t1);
    assert_true(grundy_play_show(q, t2, sizeof t2) < sizeof t2);
    assert_string_equal(t1, t2);
    grundy_play_free(q);
    grundy_play_free(p);
    grundy_session_free(s);
}

/* Seeded random sums: well-formed JSON, as many entries as the analysis ***/

/* A JSON reader (RFC 8259, no extensions) that checks a text and counts
 * the elements of the arrays that are values of the top-level object:
 * keys[i] holds counts[i] elements (-1: not an array). */
typedef struct jr {
    const char *s;
    int depth;
    char keys[16][32];
    long counts[16];
    int nkeys;
} jr;

static void jr_ws(jr *r)
{
    while (*r->s == ' ' || *r->s == '\n' || *r->s == '\t' || *r->s == '\r')
        r->s++;
}

static int jr_value(jr *r, long *elems);

static int jr_string(jr *r, char *out, size_t cap)
{
    size_t n = 0;
    if (*r->s++ != '"')
        return 0;
    for (; *r->s != '"'; r->s++) {
        unsigned char c = (unsigned char)*r->s;
        if (c < 0x20)
            return 0;
        if (c == '\\') {
            r->s++;
            if (*r->s == 'u') {
                int k;
                for (k = 1; k <= 4; k++)
                    if (!strchr("0123456789abcdefABCDEF", r->s[k]) ||
                        !r->s[k])
                        return 0;
                r->s += 4;
            } else if (!*r->s || !strchr("\"\\/bfnrt", *r->s)) {
                return 0;
            }
        }
        if (out && n + 1 < cap)
            out[n++] = (char)c;
    }
    if (out)
        out[n] = 0;
    r->s++;
    return 1;
}

static int jr_number(jr *r)
{
    const char *start = r->s;
    if (*r->s == '-')
        r->s++;
    if (*r->s == '0')
        r->s++;
    else if (*r->s >= '1' && *r->s <= '9')
        while (*r->s >= '0' && *r->s <= '9')
            r->s++;
    else
        return 0;
    if (*r->s == '.') {
        r->s++;
        if (!(*r->s >= '0' && *r->s <= '9'))
            return 0;
        while (*r->s >= '0' && *r->s <= '9')
            r->s++;
    }
    return r->s > start;
}

static int jr_value(jr *r, long *elems)
{
    jr_ws(r);
    *elems = -1;
    if (*r->s == '{') {
        int top = r->depth++ == 0;
        r->s++;
        jr_ws(r);
        if (*r->s == '}') {
            r->s++;
            r->depth--;
            return 1;
        }
        for (;;) {
            char key[32];
            long n;
            jr_ws(r);
            if (!jr_string(r, key, sizeof key))
                return 0;
            jr_ws(r);
            if (*r->s++ != ':' || !jr_value(r, &n))
                return 0;
            if (top && r->nkeys < 16) {
                strcpy(r->keys[r->nkeys], key);
                r->counts[r->nkeys++] = n;
            }
            jr_ws(r);
            if (*r->s == '}')
                break;
            if (*r->s++ != ',')
                return 0;
        }
        r->s++;
        r->depth--;
        return 1;
    }
    if (*r->s == '[') {
        long n = 0, sub;
        r->s++;
        r->depth++;
        jr_ws(r);
        if (*r->s != ']')
            for (;;) {
                if (!jr_value(r, &sub))
                    return 0;
                n++;
                jr_ws(r);
                if (*r->s == ']')
                    break;
                if (*r->s++ != ',')
                    return 0;
            }
        r->s++;
        r->depth--;
        *elems = n;
        return 1;
    }
    if (*r->s == '"')
        return jr_string(r, NULL, 0);
    if (!strncmp(r->s, "true", 4) || !strncmp(r->s, "null", 4)) {
        r->s += 4;
        return 1;
    }
    if (!strncmp(r->s, "false", 5)) {
        r->s += 5;
        return 1;
    }
    return jr_number(r);
}

/* text as one JSON object and a newline; the elements of key (-1: no
 * such array). */
static long jr_check(const char *text, const char *key, uint64_t seed,
                     long it)
{
    jr r;
    long n;
    int i;
    memset(&r, 0, sizeof r);
    r.s = text;
    if (*text != '{' || !jr_value(&r, &n) || strcmp(r.s, "\n") != 0)
        fail_msg("seed=%llu it=%ld: not one JSON object and a newline at "
                 "byte %zu of:\n%s",
                 (unsigned long long)seed, it, (size_t)(r.s - text), text);
    for (i = 0; i < r.nkeys; i++)
        if (!strcmp(r.keys[i], key))
            return r.counts[i];
    return -1;
}

/* Counts the lines of text that start with prefix. */
static size_t lines_with(const char *text, const char *prefix)
{
    size_t n = 0, len = strlen(prefix);
    const char *l;
    for (l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
        if (!strncmp(l, prefix, len))
            n++;
    return n;
}

static void test_play_write_random_json(void **st)
{
    static const char *const specs[] = {"nim", "0.77", "0.137", "4.07",
                                        "subtract:1,3,4", "cram:2x3",
                                        "addsub:1,2:1"};
    test_rng *rng = *st;
    grundy_session *s = session();
    long it, iters = test_iters(60);
    for (it = 0; it < iters; it++) {
        size_t n = 1 + (size_t)test_rng_below(rng, 3), i, ncomp;
        int misere = test_rng_below(rng, 3) == 0, cycles = 0;
        unsigned moore = !misere && test_rng_below(rng, 4) == 0 ? 2 : 0;
        char comp[3][64];
        const char *cp[3];
        grundy_play *p;
        grundy_play_analysis an;
        char *json, *text;
        long nmoves;
        for (i = 0; i < n; i++) {
            size_t f = (size_t)test_rng_below(rng, 7);
            if (f == 6)
                cycles = 1;
            if (f == 5)
                snprintf(comp[i], sizeof comp[i], "cram:2x3:%s",
                         test_rng_below(rng, 2) ? "start" : "011/111");
            else
                snprintf(comp[i], sizeof comp[i], "%s:%llu", specs[f],
                         (unsigned long long)test_rng_below(rng, 9));
            cp[i] = comp[i];
        }
        if (cycles) /* a sum with cycles is played under normal play */
            misere = 0, moore = 0;
        p = state(s, misere, moore, 8, cp, n);
        grundy_play_components(p, &ncomp);
        assert_int_equal(grundy_play_analyze(&an, p, GRUNDY_PLAY_WANT_JSON),
                         GRUNDY_OK);
        json = analysis(p, 1);
        if (jr_check(json, "components", test_seed(), it) != (long)ncomp)
            fail_msg("seed=%llu it=%ld: components in %s",
                     (unsigned long long)test_seed(), it, json);
        nmoves = jr_check(json, moore ? "winning_move_set" : "winning_moves",
                          test_seed(), it);
        if (!(an.sum.draw && an.sum.method == GRUNDY_SUM_BY_LOOPY) &&
            nmoves != (long)an.sum.nmoves)
            fail_msg("seed=%llu it=%ld: %ld moves written, %zu analysed: "
                     "%s",
                     (unsigned long long)test_seed(), it, nmoves,
                     an.sum.nmoves, json);
        text = analysis(p, 0);
        if (lines_with(text, "component ") != ncomp ||
            lines_with(text, "  component ") != an.sum.nmoves)
            fail_msg("seed=%llu it=%ld: text\n%s", (unsigned long long)test_seed(),
                     it, text);
        free(text);
        free(json);
        if (!moore) {
            grundy_play_analysis ev;
            json = moves_answer(p);
            assert_int_equal(grundy_play_analyze(&ev, p,
                                                 GRUNDY_PLAY_WANT_JSON |
                                                     GRUNDY_SUM_EVERY),
                             GRUNDY_OK);
            if (jr_check(json, "moves", test_seed(), it) !=
                (long)ev.sum.nmoves)
                fail_msg("seed=%llu it=%ld: moves in %s",
                         (unsigned long long)test_seed(), it, json);
            grundy_play_analysis_clear(&ev);
            free(json);
        }
        grundy_play_analysis_clear(&an);
        grundy_play_free(p);
    }
    grundy_session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_analysis_write_known),
        cmocka_unit_test(test_play_moves_write_known),
        cmocka_unit_test(test_play_step_transcript_write_known),
        cmocka_unit_test(test_misere_write_known),
        cmocka_unit_test(test_loopy_write_known),
        cmocka_unit_test(test_loopy_cost_write_known),
        cmocka_unit_test(test_play_loopy_values_write_known),
        cmocka_unit_test_setup_teardown(test_play_legal_write,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_play_add_arg),
        cmocka_unit_test_setup_teardown(test_play_reply, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_play_write_random_json,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
