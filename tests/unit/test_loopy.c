/*
 * test_loopy.c -- known values and edges of the loopy module: the
 * textbook example, hand-checked small graphs, the value type and Smith's
 * sum rule, the edge-list and DOT parsers with their errors (LINE:COL),
 * graphs from callbacks, families and the registry, the memory limit and
 * cancellation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static grundy_loopy_graph *parse(const char *text, grundy_loopy_format f)
{
    grundy_loopy_graph *g = NULL;
    grundy_parse_error where;
    grundy_status st =
        grundy_loopy_graph_parse(&g, text, strlen(text), f, &where, NULL);
    if (st != GRUNDY_OK)
        fail_msg("parse '%s': %s at %lu:%lu: %s", text, grundy_strerror(st),
                 where.line, where.col, where.msg);
    return g;
}

/* The values of every vertex as "name=value ..." */
static void values_text(char *out, size_t cap, const grundy_loopy_graph *g,
                        const grundy_loopy_solution *s)
{
    grundy_loopy_value v;
    size_t len = 0;
    uint64_t i;
    char name[64], val[64];
    grundy_loopy_value_init(&v);
    out[0] = 0;
    for (i = 0; i < grundy_loopy_graph_num_vertices(g); i++) {
        assert_int_equal(grundy_loopy_solution_value(&v, s, (uint32_t)i),
                         GRUNDY_OK);
        grundy_loopy_graph_vertex_format(g, (uint32_t)i, name, sizeof name);
        grundy_loopy_value_format(&v, val, sizeof val);
        len += (size_t)snprintf(out + len, cap - len, "%s%s=%s", i ? " " : "",
                                name, val);
    }
    grundy_loopy_value_clear(&v);
}

static void check_values(const char *text, grundy_loopy_format f,
                         const char *want)
{
    grundy_loopy_graph *g = parse(text, f);
    grundy_loopy_solution *s, *sn;
    char got[1024], got_naive[1024];
    assert_int_equal(grundy_loopy_solve(&s, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_loopy_solve_naive(&sn, g, NULL), GRUNDY_OK);
    values_text(got, sizeof got, g, s);
    values_text(got_naive, sizeof got_naive, g, sn);
    assert_string_equal(got, want);
    assert_string_equal(got_naive, want);
    grundy_loopy_solution_free(s);
    grundy_loopy_solution_free(sn);
    grundy_loopy_graph_free(g);
}

static void test_loopy_textbook_example(void **state)
{
    (void)state;
    /* a -> b -> c -> a, c -> d -> e: e = 0, d = 1, c = inf(1), a = b =
     * inf(). */
    check_values("digraph { a -> b; b -> c; c -> a; c -> d; d -> e; }",
                 GRUNDY_LOOPY_FORMAT_AUTO, "a=inf() b=inf() c=inf(1) d=1 e=0");
    /* The same as an edge list (a..e = 0..4), with and without a
     * header. */
    check_values("0 1\n1 2\n2 0\n2 3\n3 4\n", GRUNDY_LOOPY_FORMAT_AUTO,
                 "0=inf() 1=inf() 2=inf(1) 3=1 4=0");
    check_values("5 5\n0 1\n1 2\n2 0\n2 3\n3 4\n", GRUNDY_LOOPY_FORMAT_AUTO,
                 "0=inf() 1=inf() 2=inf(1) 3=1 4=0");
}

static void test_loopy_known_small_graphs(void **state)
{
    (void)state;
    /* A two-cycle with an exit: a <-> b, b -> c.  c = 0, a = 0 (its one
     * move goes to b, which moves to c), b = 1. */
    check_values("a -> b; b -> a; b -> c;", GRUNDY_LOOPY_FORMAT_AUTO,
                 "a=0 b=1 c=0");
    /* A self-loop alone is a draw; with an exit to a terminal it wins. */
    check_values("a -> a; b -> b; b -> c;", GRUNDY_LOOPY_FORMAT_AUTO,
                 "a=inf() b=inf(0) c=0");
    /* Repeated edges change nothing. */
    check_values("a -> b; a -> b; b -> a; b -> c; b -> c;",
                 GRUNDY_LOOPY_FORMAT_AUTO, "a=0 b=1 c=0");
    /* Nim heaps 0..3 as a DAG. */
    check_values("1 0\n2 0\n2 1\n3 0\n3 1\n3 2\n", GRUNDY_LOOPY_FORMAT_EDGES,
                 "0=0 1=1 2=2 3=3");
    /* A vertex with options of values 0 and 2 but none of 1 ... and a
     * 4-cycle: all draws. */
    check_values("0 1\n1 2\n2 3\n3 0\n", GRUNDY_LOOPY_FORMAT_EDGES,
                 "0=inf() 1=inf() 2=inf() 3=inf()");
    /* An isolated vertex from a header. */
    check_values("3 1\n0 1\n", GRUNDY_LOOPY_FORMAT_HEADER, "0=1 1=0 2=0");
    /* A reversible move: x has options 0-valued t and y; y's only option
     * is back to ... y -> t gives y = 1, x = mex{0,1} = 2. */
    check_values("x -> t; x -> y; y -> t;", GRUNDY_LOOPY_FORMAT_DOT,
                 "x=2 t=0 y=1");
    /* Empty input: no vertices. */
    check_values("", GRUNDY_LOOPY_FORMAT_AUTO, "");
    check_values("# nothing\n\n", GRUNDY_LOOPY_FORMAT_AUTO, "");
}

static void test_loopy_counters(void **state)
{
    grundy_loopy_graph *g =
        parse("a -> b; b -> a; b -> c;", GRUNDY_LOOPY_FORMAT_AUTO);
    grundy_loopy_solution *s;
    (void)state;
    assert_int_equal(grundy_loopy_solve(&s, g, NULL), GRUNDY_OK);
    /* c is labelled first, a reverses through b to c. */
    assert_true(grundy_loopy_solution_counter(s, 2) <
                grundy_loopy_solution_counter(s, 0));
    assert_int_equal(grundy_loopy_solution_levels(s), 2);
    assert_int_equal(grundy_loopy_solution_bytes(s), 3 * 8);
    grundy_loopy_solution_free(s);
    grundy_loopy_graph_free(g);
    g = parse("a -> a;", GRUNDY_LOOPY_FORMAT_AUTO);
    assert_int_equal(grundy_loopy_solve(&s, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_loopy_solution_counter(s, 0), GRUNDY_LOOPY_INF);
    assert_int_equal(grundy_loopy_solution_raw(s, 0), GRUNDY_LOOPY_INF);
    grundy_loopy_solution_free(s);
    grundy_loopy_graph_free(g);
}

/* Values *******************************************************************/

static void value_of(grundy_loopy_value *v, const char *text)
{
    grundy_parse_error where;
    grundy_status st = grundy_loopy_value_parse(v, text, strlen(text), &where);
    if (st != GRUNDY_OK)
        fail_msg("value '%s': %s", text, where.msg);
}

static void check_sum(const char *a, const char *b, const char *want)
{
    grundy_loopy_value x, y, z;
    char buf[128];
    grundy_loopy_value_init(&x);
    grundy_loopy_value_init(&y);
    grundy_loopy_value_init(&z);
    value_of(&x, a);
    value_of(&y, b);
    assert_int_equal(grundy_loopy_value_sum(&z, &x, &y), GRUNDY_OK);
    grundy_loopy_value_format(&z, buf, sizeof buf);
    assert_string_equal(buf, want);
    /* Aliasing: out == a, out == b. */
    assert_int_equal(grundy_loopy_value_sum(&x, &x, &y), GRUNDY_OK);
    assert_true(grundy_loopy_value_equal(&x, &z));
    value_of(&x, a);
    assert_int_equal(grundy_loopy_value_sum(&y, &x, &y), GRUNDY_OK);
    assert_true(grundy_loopy_value_equal(&y, &z));
    grundy_loopy_value_clear(&x);
    grundy_loopy_value_clear(&y);
    grundy_loopy_value_clear(&z);
}

static void test_loopy_value_sum_rule(void **state)
{
    (void)state;
    check_sum("3", "5", "6");
    check_sum("0", "0", "0");
    check_sum("2", "inf(0,1,3)", "inf(1,2,3)");
    check_sum("inf(0,1,3)", "2", "inf(1,2,3)");
    check_sum("1", "inf()", "inf()");
    check_sum("inf(0)", "inf(0)", "inf()");
    check_sum("inf(5)", "inf()", "inf()");
    check_sum("6", "inf(6,7)", "inf(0,1)");
}

static void test_loopy_value_text_and_outcome(void **state)
{
    grundy_loopy_value v;
    grundy_parse_error where;
    char buf[64];
    size_t need;
    (void)state;
    grundy_loopy_value_init(&v);
    value_of(&v, "inf( 3, 1 ,1)");
    grundy_loopy_value_format(&v, buf, sizeof buf);
    assert_string_equal(buf, "inf(1,3)");
    assert_int_equal(grundy_loopy_value_outcome(&v), GRUNDY_LOOPY_DRAW);
    value_of(&v, "inf(0,2)");
    assert_int_equal(grundy_loopy_value_outcome(&v), GRUNDY_LOOPY_FIRST);
    value_of(&v, "inf()");
    assert_int_equal(v.nk, 0);
    assert_int_equal(grundy_loopy_value_outcome(&v), GRUNDY_LOOPY_DRAW);
    value_of(&v, "0");
    assert_int_equal(grundy_loopy_value_outcome(&v), GRUNDY_LOOPY_SECOND);
    value_of(&v, "7");
    assert_int_equal(grundy_loopy_value_outcome(&v), GRUNDY_LOOPY_FIRST);
    assert_string_equal(grundy_loopy_outcome_name(GRUNDY_LOOPY_DRAW), "draw");
    /* snprintf semantics. */
    value_of(&v, "inf(10,20,30)");
    need = grundy_loopy_value_format(&v, buf, 6);
    assert_int_equal(need, strlen("inf(10,20,30)"));
    assert_string_equal(buf, "inf(1");
    /* Errors. */
    assert_int_equal(grundy_loopy_value_parse(&v, "inf(1,", 6, &where),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(where.col, 7);
    assert_int_equal(grundy_loopy_value_parse(&v, "x", 1, &where),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(grundy_loopy_value_parse(&v, "4294967295", 10, &where),
                     GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_loopy_value_parse(&v, "inf(1)x", 7, &where),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(where.col, 7);
    /* Copy and equality. */
    {
        grundy_loopy_value w;
        grundy_loopy_value_init(&w);
        value_of(&v, "inf(2,4)");
        assert_int_equal(grundy_loopy_value_copy(&w, &v), GRUNDY_OK);
        assert_true(grundy_loopy_value_equal(&w, &v));
        value_of(&w, "inf(2)");
        assert_false(grundy_loopy_value_equal(&w, &v));
        grundy_loopy_value_clear(&w);
    }
    grundy_loopy_value_clear(&v);
}

/* Parsers ******************************************************************/

static void check_error(const char *text, grundy_loopy_format f,
                        grundy_status want, unsigned long line,
                        unsigned long col, const char *msg_part)
{
    grundy_loopy_graph *g = NULL;
    grundy_parse_error where;
    grundy_status st =
        grundy_loopy_graph_parse(&g, text, strlen(text), f, &where, NULL);
    if (st != want || where.line != line || where.col != col ||
        !strstr(where.msg, msg_part))
        fail_msg("'%s': got %s at %lu:%lu '%s', expected %s at %lu:%lu "
                 "'%s'",
                 text, grundy_strerror(st), where.line, where.col, where.msg,
                 grundy_strerror(want), line, col, msg_part);
    assert_null(g);
}

static void test_loopy_parse_edge_list(void **state)
{
    grundy_loopy_graph *g;
    const grundy_loopy_vertex *o;
    size_t d;
    (void)state;
    /* Comments, tabs, CRLF, blank lines. */
    g = parse("# a graph\n0\t1  # first\r\n\n  1 2\n2 2\n",
              GRUNDY_LOOPY_FORMAT_AUTO);
    assert_int_equal(grundy_loopy_graph_num_vertices(g), 3);
    assert_int_equal(grundy_loopy_graph_num_edges(g), 3);
    o = grundy_loopy_graph_successors(g, 2, &d);
    assert_int_equal(d, 1);
    assert_int_equal(o[0], 2);
    o = grundy_loopy_graph_predecessors(g, 2, &d);
    assert_int_equal(d, 2);
    assert_int_equal(o[0], 1);
    assert_int_equal(o[1], 2);
    assert_null(grundy_loopy_graph_vertex_name(g, 0));
    grundy_loopy_graph_free(g);
    /* "0 1 / 1 2": the first line cannot be a header (id 2 >= 0). */
    g = parse("0 1\n1 2\n", GRUNDY_LOOPY_FORMAT_AUTO);
    assert_int_equal(grundy_loopy_graph_num_vertices(g), 3);
    assert_int_equal(grundy_loopy_graph_num_edges(g), 2);
    grundy_loopy_graph_free(g);
    /* "3 2 / 0 1 / 1 2" is a header; forced as edges it is not. */
    g = parse("3 2\n0 1\n1 2\n", GRUNDY_LOOPY_FORMAT_AUTO);
    assert_int_equal(grundy_loopy_graph_num_edges(g), 2);
    grundy_loopy_graph_free(g);
    g = parse("3 2\n0 1\n1 2\n", GRUNDY_LOOPY_FORMAT_EDGES);
    assert_int_equal(grundy_loopy_graph_num_vertices(g), 4);
    assert_int_equal(grundy_loopy_graph_num_edges(g), 3);
    grundy_loopy_graph_free(g);
    /* Edge lists whose first edge "u v" has v lines after it, but whose
     * ids are mostly not below u, stay edge lists: a 2-cycle, a triangle. */
    g = parse("0 1\n1 0\n", GRUNDY_LOOPY_FORMAT_AUTO);
    assert_int_equal(grundy_loopy_graph_num_vertices(g), 2);
    assert_int_equal(grundy_loopy_graph_num_edges(g), 2);
    grundy_loopy_graph_free(g);
    g = parse("1 2\n2 3\n3 1\n", GRUNDY_LOOPY_FORMAT_AUTO);
    assert_int_equal(grundy_loopy_graph_num_vertices(g), 4);
    assert_int_equal(grundy_loopy_graph_num_edges(g), 3);
    grundy_loopy_graph_free(g);
}

static void test_loopy_parse_edge_list_errors(void **state)
{
    grundy_loopy_graph *g = NULL;
    grundy_parse_error where;
    (void)state;
    /* NULL arguments: a NULL text of length 0 is the empty text. */
    assert_int_equal(grundy_loopy_graph_parse(&g, NULL, 0,
                                              GRUNDY_LOOPY_FORMAT_AUTO, &where,
                                              NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_loopy_graph_num_vertices(g), 0);
    grundy_loopy_graph_free(g);
    assert_int_equal(grundy_loopy_graph_parse(&g, NULL, 3,
                                              GRUNDY_LOOPY_FORMAT_AUTO, &where,
                                              NULL),
                     GRUNDY_ERR_ARG);
    assert_null(g);
    assert_int_equal(grundy_loopy_graph_parse(NULL, "0 1", 3,
                                              GRUNDY_LOOPY_FORMAT_AUTO, NULL,
                                              NULL),
                     GRUNDY_ERR_ARG);
    check_error("0 1\n1 x\n", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_PARSE, 2, 3,
                "expected a vertex id");
    check_error("0 1 2\n", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_PARSE, 1, 5,
                "expected the end of the line");
    check_error("0 1\n7\n", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_PARSE, 2, 2,
                "expected two vertex ids");
    check_error("0 1\n-1 2\n", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_PARSE, 2, 1,
                "expected a vertex id (a number from 0), got a negative "
                "number");
    check_error("0 1x\n", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_PARSE, 1, 4,
                "got 'x'");
    check_error("0 4294967294\n", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_RANGE, 1,
                3, "out of range");
    check_error("1 2\n0 99999999999999999999999\n", GRUNDY_LOOPY_FORMAT_AUTO,
                GRUNDY_ERR_RANGE, 2, 3, "too large");
    check_error("3 2\n0 1\n1 5\n", GRUNDY_LOOPY_FORMAT_HEADER, GRUNDY_ERR_RANGE,
                3, 3, "the header declares 3 vertices");
    /* Without --format, a first line whose edge count matches is a header
     * too, and an id past it is an error, not a sign of an edge list. */
    check_error("3 2\n0 1\n1 5\n", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_RANGE,
                3, 3,
                "vertex id 5 out of range: line 1 reads as a header of 3 "
                "vertices (--format edges reads it as an edge)");
    check_error("3 3\n0 1\n1 2\n", GRUNDY_LOOPY_FORMAT_HEADER, GRUNDY_ERR_PARSE,
                1, 3, "announces 3 edges but 2 follow");
    check_error("# empty\n", GRUNDY_LOOPY_FORMAT_HEADER, GRUNDY_ERR_PARSE, 1, 1,
                "missing the header");
    check_error("4294967295 0\n", GRUNDY_LOOPY_FORMAT_HEADER, GRUNDY_ERR_LIMIT,
                1, 1, "more than");
}

static void test_loopy_parse_dot(void **state)
{
    grundy_loopy_graph *g;
    grundy_loopy_vertex v;
    grundy_parse_error where;
    size_t d;
    const grundy_loopy_vertex *o;
    (void)state;
    g = parse("/* c */ strict digraph \"G\" {\n"
              "  graph [rankdir=LR]; node [shape=box]\n"
              "  rankdir = LR\n"
              "  // a comment\n"
              "# a line for the preprocessor\n"
              "  a -> b -> c [label=\"x\", color=red];\n"
              "  c -> {d e}\n"
              "  \"quoted \\\" name\" -> a:port:n\n"
              "  lonely;\n"
              "  subgraph cluster { d -> e }\n"
              "  x [label=<<b>bold</b>>]\n"
              "}\n",
              GRUNDY_LOOPY_FORMAT_AUTO);
    assert_int_equal(grundy_loopy_graph_num_vertices(g), 8);
    /* a b c d e, quoted, lonely, x: 2 + 2 + 1 + 1 edges. */
    assert_int_equal(grundy_loopy_graph_num_edges(g), 6);
    assert_string_equal(grundy_loopy_graph_vertex_name(g, 5), "quoted \" name");
    assert_int_equal(
        grundy_loopy_graph_vertex_parse(g, "lonely", 6, &v, &where), GRUNDY_OK);
    assert_int_equal(v, 6);
    o = grundy_loopy_graph_successors(g, v, &d);
    (void)o;
    assert_int_equal(d, 0);
    assert_int_equal(grundy_loopy_graph_vertex_parse(g, "zz", 2, &v, &where),
                     GRUNDY_ERR_ARG);
    assert_non_null(strstr(where.msg, "no vertex named 'zz'"));
    o = grundy_loopy_graph_successors(g, 2, &d); /* c -> d, e */
    assert_int_equal(d, 2);
    assert_int_equal(o[0], 3);
    assert_int_equal(o[1], 4);
    grundy_loopy_graph_free(g);
    /* An edge to an empty subgraph is no edge; "" is a name. */
    g = parse("a -> {}; \"\" -> a", GRUNDY_LOOPY_FORMAT_AUTO);
    assert_int_equal(grundy_loopy_graph_num_vertices(g), 2);
    assert_int_equal(grundy_loopy_graph_num_edges(g), 1);
    assert_string_equal(grundy_loopy_graph_vertex_name(g, 1), "");
    grundy_loopy_graph_free(g);
    /* Numerals are names too; an edge to a subgraph of chains. */
    g = parse("digraph{1->2; 2->{3->4}}", GRUNDY_LOOPY_FORMAT_AUTO);
    assert_int_equal(grundy_loopy_graph_num_vertices(g), 4);
    assert_int_equal(grundy_loopy_graph_num_edges(g), 4);
    assert_string_equal(grundy_loopy_graph_vertex_name(g, 0), "1");
    grundy_loopy_graph_free(g);
}

static void test_loopy_parse_dot_errors(void **state)
{
    (void)state;
    check_error("graph { a -- b }", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_PARSE,
                1, 1, "undirected graph");
    check_error("digraph {\n  a -- b\n}", GRUNDY_LOOPY_FORMAT_AUTO,
                GRUNDY_ERR_PARSE, 2, 5, "undirected edge");
    check_error("digraph { a -> ; }", GRUNDY_LOOPY_FORMAT_AUTO,
                GRUNDY_ERR_PARSE, 1, 16, "expected a vertex");
    check_error("digraph {\n a -> b\n", GRUNDY_LOOPY_FORMAT_AUTO,
                GRUNDY_ERR_PARSE, 1, 9, "missing '}'");
    check_error("a -> \"b\n", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_PARSE, 1, 6,
                "unterminated string");
    check_error("a -> b @", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_PARSE, 1, 8,
                "unexpected character '@'");
    check_error("a -> b /* x", GRUNDY_LOOPY_FORMAT_AUTO, GRUNDY_ERR_PARSE, 1, 8,
                "unterminated comment");
    check_error("digraph { a -> b } c", GRUNDY_LOOPY_FORMAT_AUTO,
                GRUNDY_ERR_PARSE, 1, 20, "end of the input");
    check_error("a -> b [label=x", GRUNDY_LOOPY_FORMAT_DOT, GRUNDY_ERR_PARSE, 1,
                8, "unterminated attribute list");
    /* Words are not a graph: bare statements need an edge. */
    check_error("hello world\n", GRUNDY_LOOPY_FORMAT_DOT, GRUNDY_ERR_PARSE, 1,
                1, "not a DOT graph");
    check_error("\n  a; b [shape=box]", GRUNDY_LOOPY_FORMAT_DOT,
                GRUNDY_ERR_PARSE, 2, 3, "not a DOT graph");
}

static void test_loopy_memory_limit(void **state)
{
    grundy_loopy_graph *g = NULL;
    grundy_loopy_solution *s = NULL;
    grundy_parse_error where;
    grundy_limits lim;
    size_t bytes;
    char text[4096];
    size_t len = 0, i;
    (void)state;
    for (i = 0; i < 300; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%zu %zu\n", i,
                                (i * 7 + 1) % 300);
    grundy_limits_init(&lim);
    lim.mem_limit = 4096;
    assert_int_equal(grundy_loopy_graph_parse(
                         &g, text, len, GRUNDY_LOOPY_FORMAT_AUTO, &where, &lim),
                     GRUNDY_ERR_LIMIT);
    assert_null(g);
    assert_non_null(strstr(where.msg, "300 vertices, 300 edges"));
    assert_non_null(strstr(where.msg, "over the memory limit"));
    /* The estimate is what the check uses. */
    assert_int_equal(grundy_loopy_estimate(&bytes, 300, 300), GRUNDY_OK);
    assert_true(bytes > 4096);
    lim.mem_limit = bytes;
    assert_int_equal(grundy_loopy_graph_parse(
                         &g, text, len, GRUNDY_LOOPY_FORMAT_AUTO, &where, &lim),
                     GRUNDY_OK);
    assert_int_equal(grundy_loopy_solve(&s, g, &lim), GRUNDY_OK);
    grundy_loopy_solution_free(s);
    lim.mem_limit = 1000;
    assert_int_equal(grundy_loopy_solve(&s, g, &lim), GRUNDY_ERR_LIMIT);
    assert_int_equal(grundy_loopy_solve_naive(&s, g, &lim), GRUNDY_ERR_LIMIT);
    grundy_loopy_graph_free(g);
    assert_int_equal(grundy_loopy_estimate(&bytes, (uint64_t)1 << 60, 1),
                     GRUNDY_ERR_OVERFLOW);
    assert_int_equal(grundy_loopy_graph_from_edges(&g, (uint64_t)1 << 33, NULL,
                                                   NULL, 0, NULL),
                     GRUNDY_ERR_LIMIT);
}

/* Callbacks, families, registry ********************************************/

/* p -> p + 1 (mod n) twice over and p -> p; 0 is final. */
static size_t ring_moves(const void *ctx, uint64_t p, uint64_t *out, size_t cap)
{
    uint64_t n = *(const uint64_t *)ctx;
    uint64_t to[3];
    size_t k = 0, i;
    if (p == 0)
        return 0;
    to[k++] = (p + 1) % n;
    to[k++] = (p + 1) % n;
    to[k++] = p;
    for (i = 0; i < k && i < cap; i++)
        out[i] = to[i];
    return k;
}

static size_t bad_moves(const void *ctx, uint64_t p, uint64_t *out, size_t cap)
{
    (void)ctx;
    if (cap)
        out[0] = p + 100;
    return 1;
}

/* Many options: more than the first buffer. */
static size_t wide_moves(const void *ctx, uint64_t p, uint64_t *out, size_t cap)
{
    size_t i;
    (void)ctx;
    if (p != 0)
        return 0;
    for (i = 0; i < 500 && i < cap; i++)
        out[i] = 1 + i % 3;
    return 500;
}

static void test_loopy_graph_from_fn(void **state)
{
    grundy_loopy_graph *g;
    grundy_loopy_solution *s;
    uint64_t n = 4;
    size_t d;
    (void)state;
    assert_int_equal(grundy_loopy_graph_from_fn(&g, n, ring_moves, &n, NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_loopy_graph_num_edges(g), 9);
    assert_int_equal(grundy_loopy_solve(&s, g, NULL), GRUNDY_OK);
    /* 3 -> 0 wins; 1 and 2 have self-loops and no winning move. */
    assert_int_equal(grundy_loopy_solution_raw(s, 0), 0);
    assert_int_equal(grundy_loopy_solution_raw(s, 3), GRUNDY_LOOPY_INF);
    assert_int_equal(grundy_loopy_solution_outcome(s, 3), GRUNDY_LOOPY_FIRST);
    assert_int_equal(grundy_loopy_solution_outcome(s, 2), GRUNDY_LOOPY_DRAW);
    assert_true(grundy_loopy_solution_has_option(s, 3, 0));
    grundy_loopy_solution_free(s);
    grundy_loopy_graph_free(g);
    assert_int_equal(grundy_loopy_graph_from_fn(&g, 3, bad_moves, NULL, NULL),
                     GRUNDY_ERR_RANGE);
    assert_null(g);
    assert_int_equal(grundy_loopy_graph_from_fn(&g, 4, wide_moves, NULL, NULL),
                     GRUNDY_OK);
    (void)grundy_loopy_graph_successors(g, 0, &d);
    assert_int_equal(d, 500);
    grundy_loopy_graph_free(g);
    {
        uint32_t src[1] = {0}, dst[1] = {5};
        assert_int_equal(
            grundy_loopy_graph_from_edges(&g, 3, src, dst, 1, NULL),
            GRUNDY_ERR_RANGE);
    }
}

static grundy_status ring_parse(void **params, const char *args, uint64_t max,
                                grundy_parse_error *where)
{
    uint64_t *n;
    (void)args;
    if (max < 2) {
        grundy_parse_error_set(where, 1, 1, "ring needs --max >= 2");
        return GRUNDY_ERR_ARG;
    }
    n = malloc(sizeof *n);
    if (!n)
        return GRUNDY_ERR_NOMEM;
    *n = max;
    *params = n;
    return GRUNDY_OK;
}

static uint64_t ring_positions(const void *params)
{
    return *(const uint64_t *)params;
}

static const grundy_loopy_rules ring_rules = {
    .name = "ring",
    .synopsis = "ring",
    .parse = ring_parse,
    .free_params = free,
    .num_positions = ring_positions,
    .moves = ring_moves,
};

static void test_loopy_families(void **state)
{
    grundy_loopy_game *g = NULL;
    grundy_parse_error where;
    grundy_loopy_vertex v;
    char buf[32];
    (void)state;
    /* addsub: an empty heap is final. */
    assert_int_equal(grundy_loopy_game_new(&g, "addsub:1,2:1", 6, &where, NULL),
                     GRUNDY_OK);
    assert_string_equal(grundy_loopy_game_spec(g), "addsub:1,2:1");
    assert_int_equal(
        grundy_loopy_solution_raw(grundy_loopy_game_solution(g), 0), 0);
    assert_int_equal(
        grundy_loopy_solution_outcome(grundy_loopy_game_solution(g), 2),
        GRUNDY_LOOPY_FIRST);
    assert_int_equal(
        grundy_loopy_solution_outcome(grundy_loopy_game_solution(g), 5),
        GRUNDY_LOOPY_DRAW);
    assert_int_equal(grundy_loopy_game_pos_parse(g, "6", 1, &v, &where),
                     GRUNDY_OK);
    assert_int_equal(grundy_loopy_game_pos_parse(g, "7", 1, &v, &where),
                     GRUNDY_ERR_RANGE);
    grundy_loopy_game_pos_format(g, 6, buf, sizeof buf);
    assert_string_equal(buf, "6");
    grundy_loopy_game_free(g);
    /* Spec errors, columns in the whole spec. */
    assert_int_equal(
        grundy_loopy_game_new(&g, "addsub:1,,2:1", 6, &where, NULL),
        GRUNDY_ERR_PARSE);
    assert_int_equal(where.col, 10);
    assert_int_equal(grundy_loopy_game_new(&g, "addsub:1,0:1", 6, &where, NULL),
                     GRUNDY_ERR_RANGE);
    assert_int_equal(where.col, 10);
    assert_int_equal(grundy_loopy_game_new(&g, "addsub:1,2", 6, &where, NULL),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(grundy_loopy_game_new(&g, "addsub:1:2:3", 6, &where, NULL),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(grundy_loopy_game_new(&g, "addsub:1:1", 0, &where, NULL),
                     GRUNDY_ERR_ARG);
    assert_non_null(strstr(where.msg, "--max"));
    assert_int_equal(grundy_loopy_game_new(&g, "nope:1", 6, &where, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_loopy_game_new(&g, "graph:", 6, &where, NULL),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(
        grundy_loopy_game_new(&g, "graph:/no/such/file", 0, &where, NULL),
        GRUNDY_ERR_IO);
    assert_non_null(strstr(where.msg, "cannot read '/no/such/file'"));
    assert_null(g);
    /* Claims. */
    assert_true(grundy_loopy_spec_claims("addsub:1:1"));
    assert_true(grundy_loopy_spec_claims("graph:x.dot"));
    assert_false(grundy_loopy_spec_claims("subtract:1,2"));
    assert_false(grundy_loopy_spec_claims("addsubtract:1"));
    assert_false(grundy_loopy_spec_claims("ring:1"));
    /* A user family, found by name once registered. */
    assert_int_equal(grundy_loopy_rules_register(&ring_rules), GRUNDY_OK);
    assert_int_equal(grundy_loopy_rules_register(&ring_rules), GRUNDY_ERR_ARG);
    assert_true(grundy_loopy_spec_claims("ring"));
    assert_ptr_equal(grundy_loopy_rules_find("ring:x"), &ring_rules);
    assert_null(grundy_loopy_rules_find("graph:x"));
    assert_int_equal(grundy_loopy_game_new(&g, "ring", 4, &where, NULL),
                     GRUNDY_OK);
    assert_int_equal(
        grundy_loopy_solution_outcome(grundy_loopy_game_solution(g), 3),
        GRUNDY_LOOPY_FIRST);
    grundy_loopy_game_free(g);
    assert_int_equal(
        grundy_loopy_game_new_rules(&g, &ring_rules, NULL, 1, &where, NULL),
        GRUNDY_ERR_ARG);
    assert_int_equal(grundy_loopy_game_new_rules(&g, &grundy_loopy_rules_addsub,
                                                 "2:1", 5, &where, NULL),
                     GRUNDY_OK);
    assert_string_equal(grundy_loopy_game_spec(g), "addsub:2:1");
    grundy_loopy_game_free(g);
}

/* Sums and the strategy on the textbook graph ******************************/

static void test_loopy_sum_textbook(void **state)
{
    grundy_loopy_graph *g =
        parse("digraph { a -> b; b -> c; c -> a; c -> d; d -> e; }",
              GRUNDY_LOOPY_FORMAT_AUTO);
    grundy_loopy_solution *s;
    grundy_loopy_component c[2];
    grundy_loopy_move *m = NULL, best;
    grundy_loopy_outcome o;
    grundy_loopy_value v;
    size_t n;
    int found;
    char buf[64];
    (void)state;
    grundy_loopy_value_init(&v);
    assert_int_equal(grundy_loopy_solve(&s, g, NULL), GRUNDY_OK);
    c[0].sol = c[1].sol = s;
    /* c alone: a draw, kept by c -> a (c -> d would give d = 1). */
    c[0].vertex = 2;
    assert_int_equal(grundy_loopy_sum_moves(&m, &n, &o, c, 1), GRUNDY_OK);
    assert_int_equal(o, GRUNDY_LOOPY_DRAW);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].to, 0);
    free(m);
    /* c + d: inf(1) + 1 = inf(0), won by c -> d. */
    c[1].vertex = 3;
    assert_int_equal(grundy_loopy_sum_value(&v, c, 2), GRUNDY_OK);
    grundy_loopy_value_format(&v, buf, sizeof buf);
    assert_string_equal(buf, "inf(0)");
    assert_int_equal(grundy_loopy_sum_moves(&m, &n, &o, c, 2), GRUNDY_OK);
    assert_int_equal(o, GRUNDY_LOOPY_FIRST);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].component, 0);
    assert_int_equal(m[0].to, 3);
    assert_int_equal(m[0].after, GRUNDY_LOOPY_SECOND);
    free(m);
    assert_int_equal(grundy_loopy_sum_best(&best, &found, c, 2), GRUNDY_OK);
    assert_true(found);
    assert_int_equal(best.to, 3);
    /* d + d: second player wins, no good move; e + e: no move at all. */
    c[0].vertex = 3;
    assert_int_equal(grundy_loopy_sum_moves(&m, &n, &o, c, 2), GRUNDY_OK);
    assert_int_equal(o, GRUNDY_LOOPY_SECOND);
    assert_int_equal(n, 0);
    assert_null(m);
    c[0].vertex = c[1].vertex = 4;
    assert_int_equal(grundy_loopy_sum_best(&best, &found, c, 2), GRUNDY_OK);
    assert_false(found);
    /* The empty sum is 0. */
    assert_int_equal(grundy_loopy_sum_value(&v, c, 0), GRUNDY_OK);
    assert_false(v.infinite);
    assert_int_equal(v.finite, 0);
    /* A vertex outside the graph. */
    c[0].vertex = 9;
    assert_int_equal(grundy_loopy_sum_value(&v, c, 1), GRUNDY_ERR_RANGE);
    grundy_loopy_value_clear(&v);
    grundy_loopy_solution_free(s);
    grundy_loopy_graph_free(g);
}

/* Progress and cancellation ************************************************/

typedef struct calls {
    int n, finals, cancel;
} calls;

static int on_progress(void *ctx, const grundy_progress *p)
{
    calls *c = ctx;
    c->n++;
    c->finals += p->final;
    return c->cancel;
}

static void test_loopy_progress_and_cancel(void **state)
{
    grundy_loopy_graph *g =
        parse("a -> b; b -> a; b -> c;", GRUNDY_LOOPY_FORMAT_AUTO);
    grundy_loopy_solution *s = NULL;
    grundy_limits lim;
    calls c = {0, 0, 0};
    (void)state;
    grundy_limits_init(&lim);
    lim.progress = on_progress;
    lim.progress_ctx = &c;
    assert_int_equal(grundy_loopy_solve(&s, g, &lim), GRUNDY_OK);
    assert_int_equal(c.finals, 1);
    grundy_loopy_solution_free(s);
    c.cancel = 1;
    assert_int_equal(grundy_loopy_solve(&s, g, &lim), GRUNDY_ERR_CANCELLED);
    assert_null(s);
    assert_int_equal(grundy_loopy_solve_naive(&s, g, &lim),
                     GRUNDY_ERR_CANCELLED);
    assert_null(s);
    grundy_loopy_graph_free(g);
    /* Reading an edge list reports (and can be stopped) too. */
    {
        grundy_parse_error where;
        const char *text = "0 1\n1 2\n";
        assert_int_equal(grundy_loopy_graph_parse(&g, text, strlen(text),
                                                  GRUNDY_LOOPY_FORMAT_AUTO,
                                                  &where, &lim),
                         GRUNDY_ERR_CANCELLED);
        assert_null(g);
        c.cancel = 0;
        assert_int_equal(grundy_loopy_graph_parse(&g, text, strlen(text),
                                                  GRUNDY_LOOPY_FORMAT_AUTO,
                                                  &where, &lim),
                         GRUNDY_OK);
        grundy_loopy_graph_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loopy_textbook_example),
        cmocka_unit_test(test_loopy_known_small_graphs),
        cmocka_unit_test(test_loopy_counters),
        cmocka_unit_test(test_loopy_value_sum_rule),
        cmocka_unit_test(test_loopy_value_text_and_outcome),
        cmocka_unit_test(test_loopy_parse_edge_list),
        cmocka_unit_test(test_loopy_parse_edge_list_errors),
        cmocka_unit_test(test_loopy_parse_dot),
        cmocka_unit_test(test_loopy_parse_dot_errors),
        cmocka_unit_test(test_loopy_memory_limit),
        cmocka_unit_test(test_loopy_graph_from_fn),
        cmocka_unit_test(test_loopy_families),
        cmocka_unit_test(test_loopy_sum_textbook),
        cmocka_unit_test(test_loopy_progress_and_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
