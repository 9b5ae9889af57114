/*
 * grundy/loopy.h -- games with cycles: the generalized Sprague-Grundy
 * function of a finite directed graph, its sums, and draws.
 *
 * A loopy game is a token on a finite directed graph: a move follows an
 * edge, the player who cannot move loses, and a play may go on forever
 * (a draw).  Every vertex u has a generalized Sprague-Grundy value
 * (C. A. B. Smith 1966; Fraenkel and Yesha 1986), either
 *
 *   - a finite value n: the mex of the finite values of u's options, every
 *     option of larger (or infinite) value having an option of value n
 *     itself ("it reverses out"), or
 *   - the value inf(K), where K is the set of finite values among u's
 *     options.
 *
 * The value gives the outcome, for the player to move: 0 loses (second
 * player wins), n > 0 wins, inf(K) wins when 0 is in K and is a draw
 * otherwise.  It also adds: in a sum of games (a move is made in exactly
 * one component) finite values add by XOR, a finite a plus inf(K) is
 * inf(K xor a) (every element XOR a), and two or more infinite
 * components make inf() -- a draw.
 *
 * The values are computed level by level (0, 1, 2, ...) by the
 * counter-based algorithm of Fraenkel and Yesha, O(|V| + |E|) work per
 * level; a straightforward method that repeats passes until nothing
 * changes is kept beside it as the baseline and a cross-check.  Each
 * finite vertex also receives its counter: the order in which it was
 * labelled: a raise from it can be reversed to its value with a smaller
 * counter, which is what lets grundy_loopy_sum_best() win in finitely many
 * moves instead of cycling.
 *
 * Graphs are stored in CSR form (successors and predecessors), with 4-byte
 * vertex ids: at most GRUNDY_LOOPY_MAX_VERTICES vertices.  Self-loops and
 * repeated edges are allowed (a repeated edge is one move, listed twice).
 * Every allocation that grows with the graph is estimated first and
 * checked against the memory limit of the grundy_limits passed last
 * (NULL: the defaults); long work reports progress through it and stops
 * with GRUNDY_ERR_CANCELLED when the callback asks.  The computation
 * runs on one thread.
 *
 * Ownership: graphs, solutions and games are opaque handles (_new / _free,
 * _free(NULL) is a no-op); values are caller-allocated (_init / _clear).
 * A solution points to its graph, which must outlive it.  No output
 * aliases an input unless a function says so.
 */
#ifndef GRUNDY_LOOPY_H
#define GRUNDY_LOOPY_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/io.h"
#include "grundy/rules.h"
#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A vertex id: 0 .. num_vertices - 1. */
typedef uint32_t grundy_loopy_vertex;

/* The most vertices a graph may have (ids fit 4 bytes, two are kept as
 * markers). */
#define GRUNDY_LOOPY_MAX_VERTICES ((uint64_t)UINT32_MAX - 1)

/* The raw value of an infinite vertex (finite values are below it). */
#define GRUNDY_LOOPY_INF UINT32_MAX

/* Outcomes, for the player to move. */
typedef enum grundy_loopy_outcome {
    GRUNDY_LOOPY_SECOND = 0, /* the player to move loses (a P-position) */
    GRUNDY_LOOPY_FIRST = 1,  /* the player to move wins (an N-position) */
    GRUNDY_LOOPY_DRAW = 2    /* neither can force a win */
} grundy_loopy_outcome;

/* "first", "second", "draw". */
GRUNDY_API const char *grundy_loopy_outcome_name(grundy_loopy_outcome o);

/* Values *******************************************************************/

/* A generalized value: finite n, or inf(K) with K sorted increasing and
 * without repeats.  Caller-allocated; k is owned by the value. */
typedef struct grundy_loopy_value {
    int infinite;    /* 0: the value is `finite`; 1: inf(k[0..nk)) */
    uint32_t finite; /* meaningful when !infinite */
    uint32_t *k;     /* the set K, owned */
    size_t nk, kcap;
} grundy_loopy_value;

/* grundy_loopy_value_init() : the finite value 0, owning nothing. */
GRUNDY_API void grundy_loopy_value_init(grundy_loopy_value *v);
/* grundy_loopy_value_clear() : frees K; v may be initialised again. */
GRUNDY_API void grundy_loopy_value_clear(grundy_loopy_value *v);

/* grundy_loopy_value_set_finite() : v = n (n < GRUNDY_LOOPY_INF). */
GRUNDY_API void grundy_loopy_value_set_finite(grundy_loopy_value *v,
                                              uint32_t n);

/* grundy_loopy_value_set_inf() :
 * v = inf(K) for K = the elements of k[0..nk), in any order, repeats
 * allowed (they are sorted and merged).  k may point into v->k.
 * @return GRUNDY_ERR_NOMEM.  O(nk log nk). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_value_set_inf(grundy_loopy_value *v, const uint32_t *k, size_t nk);

/* grundy_loopy_value_copy() : out = a (out == a is allowed). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_value_copy(grundy_loopy_value *out, const grundy_loopy_value *a);

/* grundy_loopy_value_sum() :
 * The value of the sum of two games of values a and b: a xor b when both
 * are finite; inf(K xor a) for a finite a and b = inf(K) (and the other
 * way round); inf() when both are infinite.  out may alias a or b.
 * O(|K| log |K|). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_value_sum(grundy_loopy_value *out, const grundy_loopy_value *a,
                       const grundy_loopy_value *b);

/* grundy_loopy_value_outcome() : SECOND for 0, FIRST for a finite n > 0
 * or inf(K) with 0 in K, DRAW for inf(K) without 0. */
GRUNDY_API grundy_loopy_outcome
grundy_loopy_value_outcome(const grundy_loopy_value *v);

/* grundy_loopy_value_equal() : non-zero when a and b are the same
 * value. */
GRUNDY_API int grundy_loopy_value_equal(const grundy_loopy_value *a,
                                        const grundy_loopy_value *b);

/* grundy_loopy_value_format() :
 * "3", "inf(1,3)", "inf()" into buf; snprintf semantics (writes at most
 * cap bytes with the NUL, returns the length the full text needs). */
GRUNDY_API size_t grundy_loopy_value_format(const grundy_loopy_value *v,
                                            char *buf, size_t cap);

/* grundy_loopy_value_parse() :
 * The inverse of grundy_loopy_value_format() on text[0..len): a decimal
 * below GRUNDY_LOOPY_INF, or "inf(" a comma-separated list ")"; spaces
 * after commas are allowed.  where->col points into text on error.
 * @return GRUNDY_ERR_PARSE, GRUNDY_ERR_RANGE, GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_value_parse(grundy_loopy_value *v, const char *text, size_t len,
                         grundy_parse_error *where);

/* Graphs *******************************************************************/

typedef struct grundy_loopy_graph grundy_loopy_graph; /* opaque */

/* grundy_loopy_estimate() :
 * The bytes that a graph of n vertices and m edges needs at the peak of
 * building it and computing its values (CSR both ways, 4-byte ids, the
 * solution and the work arrays; vertex names not included).
 * @return GRUNDY_ERR_OVERFLOW when the count does not fit a size_t. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_estimate(size_t *bytes,
                                                                uint64_t n,
                                                                uint64_t m);

/* grundy_loopy_graph_from_edges() :
 * The graph on vertices 0..n-1 with the m edges src[i] -> dst[i].
 * Errors: GRUNDY_ERR_RANGE for an id >= n; GRUNDY_ERR_LIMIT when n is
 * above GRUNDY_LOOPY_MAX_VERTICES or grundy_loopy_estimate() is over the
 * memory limit; GRUNDY_ERR_NOMEM.  O(n + m).  Free with
 * grundy_loopy_graph_free(); src and dst are not kept. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_graph_from_edges(
    grundy_loopy_graph **out, uint64_t n, const grundy_loopy_vertex *src,
    const grundy_loopy_vertex *dst, size_t m, const grundy_limits *lim);

/* The options (successors) of position p of a bounded position space
 * 0..n-1, written to out[0..cap); returns how many there are.  When the
 * return exceeds cap, only the first cap were written and the function
 * is called again with a larger buffer.  Repeats and p itself are
 * allowed. */
typedef size_t (*grundy_loopy_moves_fn)(const void *ctx, uint64_t p,
                                        uint64_t *out, size_t cap);

/* grundy_loopy_graph_from_fn() :
 * The graph of the positions 0..n-1 whose moves fn lists (one call per
 * position, in order, more when a position has many options).  The
 * edge arrays grow by doubling, each step checked against the memory
 * limit.  Errors: GRUNDY_ERR_RANGE when fn lists a position >= n;
 * GRUNDY_ERR_LIMIT; GRUNDY_ERR_NOMEM; GRUNDY_ERR_CANCELLED.
 * O(n + m) plus the calls. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_graph_from_fn(
    grundy_loopy_graph **out, uint64_t n, grundy_loopy_moves_fn fn,
    const void *ctx, const grundy_limits *lim);

/* Text formats of grundy_loopy_graph_parse(). */
typedef enum grundy_loopy_format {
    GRUNDY_LOOPY_FORMAT_AUTO = 0,   /* DOT if it looks like DOT, else
                                       an edge list, with or without a
                                       header */
    GRUNDY_LOOPY_FORMAT_EDGES = 1,  /* "u v" per line, no header */
    GRUNDY_LOOPY_FORMAT_HEADER = 2, /* "n m", then m lines "u v" */
    GRUNDY_LOOPY_FORMAT_DOT = 3     /* digraph { a -> b; ... } */
} grundy_loopy_format;

/* grundy_loopy_graph_parse() :
 * A graph from text[0..len) (not NUL-terminated; any bytes).
 *  - Edge list: one edge "u v" per line, vertex ids decimal from 0;
 *    '#' starts a comment; blank lines are skipped.  Without a header
 *    the vertices are 0..(largest id).  With a header line "n m" the
 *    vertices are 0..n-1 and m edge lines follow.  In AUTO the first line
 *    is taken as a header exactly when it is a consistent one: m edge
 *    lines follow it and all their ids are below n (so "0 1 / 1 2" is
 *    two edges); HEADER and EDGES decide it instead, and only HEADER
 *    reports an id >= n as an error.  In AUTO a first line "n m" whose n
 *    bounds every id after it but whose m is not the number of lines
 *    after it is refused (GRUNDY_ERR_PARSE at its m): it is a header with
 *    a wrong count or an edge no one can tell from one; EDGES reads it as
 *    an edge.
 *  - DOT (a subset): [strict] digraph [NAME] { ... } or the statements
 *    alone; edges "a -> b -> c;", "a -> {b c};", node statements "a;",
 *    attributes ([...], x = y, graph/node/edge [...]) are skipped;
 *    names are identifiers, numerals or "quoted strings"; comments
 *    //, / * * / and '#' lines.  Vertices are numbered in order of first
 *    appearance and keep their names.  Undirected graphs and "--" are
 *    refused.  AUTO takes DOT when the text starts with [strict]
 *    [di]graph or contains "->".
 * Errors, with where->line / where->col (1-based, bytes) and a message:
 * GRUNDY_ERR_PARSE (malformed line), GRUNDY_ERR_RANGE (an id >= n with a
 * header, or an id above GRUNDY_LOOPY_MAX_VERTICES - 1), GRUNDY_ERR_LIMIT
 * (over the memory limit: where->msg gives the graph's size and the
 * estimate), GRUNDY_ERR_NOMEM.  An edge list is read twice (count, then
 * fill), so that the arrays are allocated once at their size. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_graph_parse(grundy_loopy_graph **out, const char *text, size_t len,
                         grundy_loopy_format format, grundy_parse_error *where,
                         const grundy_limits *lim);

/* grundy_loopy_graph_load() :
 * grundy_loopy_graph_parse() on the contents of the file at path (mapped
 * when it is a regular file).  GRUNDY_ERR_IO when it cannot be read
 * (where->msg says why). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_graph_load(
    grundy_loopy_graph **out, const char *path, grundy_loopy_format format,
    grundy_parse_error *where, const grundy_limits *lim);

/* grundy_loopy_graph_read_fd() :
 * The same on what the open descriptor fd holds (standard input is 0):
 * mapped when it is a regular file, read to its end otherwise; fd is not
 * closed.  label names it in where->msg on a read error. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_graph_read_fd(grundy_loopy_graph **out, int fd, const char *label,
                           grundy_loopy_format format,
                           grundy_parse_error *where, const grundy_limits *lim);

/* grundy_loopy_graph_free() : accepts NULL. */
GRUNDY_API void grundy_loopy_graph_free(grundy_loopy_graph *g);

GRUNDY_API uint64_t
grundy_loopy_graph_num_vertices(const grundy_loopy_graph *g);
/* Edges with repeats counted. */
GRUNDY_API uint64_t grundy_loopy_graph_num_edges(const grundy_loopy_graph *g);
/* Bytes the graph holds (arrays and names). */
GRUNDY_API size_t grundy_loopy_graph_bytes(const grundy_loopy_graph *g);

/* grundy_loopy_graph_successors() / _predecessors() :
 * The options of v (the positions it can move to), or the positions that
 * can move to v, as *count ids owned by the graph, in input order
 * (successors) or in increasing order (predecessors).  @pre v <
 * num_vertices.  O(1). */
GRUNDY_API const grundy_loopy_vertex *
grundy_loopy_graph_successors(const grundy_loopy_graph *g,
                              grundy_loopy_vertex v, size_t *count);
GRUNDY_API const grundy_loopy_vertex *
grundy_loopy_graph_predecessors(const grundy_loopy_graph *g,
                                grundy_loopy_vertex v, size_t *count);

/* grundy_loopy_graph_vertex_name() : the name of v from a DOT file, or
 * NULL when the vertices are numbers. */
GRUNDY_API const char *
grundy_loopy_graph_vertex_name(const grundy_loopy_graph *g,
                               grundy_loopy_vertex v);

/* grundy_loopy_graph_vertex_format() : v's name, or its number;
 * snprintf semantics. */
GRUNDY_API size_t grundy_loopy_graph_vertex_format(const grundy_loopy_graph *g,
                                                   grundy_loopy_vertex v,
                                                   char *buf, size_t cap);

/* grundy_loopy_graph_vertex_parse() :
 * The vertex named text[0..len) (DOT), or numbered so (otherwise).
 * @return GRUNDY_ERR_ARG for an unknown name, GRUNDY_ERR_PARSE /
 * GRUNDY_ERR_RANGE for a bad number; where->msg says which. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_graph_vertex_parse(
    const grundy_loopy_graph *g, const char *text, size_t len,
    grundy_loopy_vertex *out, grundy_parse_error *where);

/* Solutions: the values of every vertex ************************************/

typedef struct grundy_loopy_solution grundy_loopy_solution; /* opaque */

typedef enum grundy_loopy_method {
    GRUNDY_LOOPY_METHOD_AUTO = 0,   /* the counter method */
    GRUNDY_LOOPY_METHOD_NAIVE = 1,  /* passes until nothing changes */
    GRUNDY_LOOPY_METHOD_COUNTER = 2 /* Fraenkel-Yesha counters */
} grundy_loopy_method;

/* grundy_loopy_solve_counter() :
 * The generalized values of every vertex of g.  Level m = 0, 1, ...:
 * a vertex still unlabelled gets m when none of its options has m and
 * every option that is unlabelled or infinite has an option of value m;
 * each vertex counts its options of that kind still missing one, so a
 * label costs one look at each predecessor, and one at each predecessor
 * of a vertex that gains an option of value m.  Then every unlabelled vertex
 * without an option of value m is infinite.  O(|V| + |E|) per level,
 * levels <= (largest finite value) + 2.  Memory: grundy_loopy_estimate().
 * Errors: GRUNDY_ERR_LIMIT, GRUNDY_ERR_NOMEM, GRUNDY_ERR_CANCELLED.
 * Free with grundy_loopy_solution_free(); g must outlive the solution. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_solve_counter(
    grundy_loopy_solution **out, const grundy_loopy_graph *g,
    const grundy_limits *lim);

/* grundy_loopy_solve_naive() :
 * The same values by passes over every vertex and its options, repeated
 * within a level until no label changes: O(|V| + |E|) per pass, up to
 * |V| passes per level.  The baseline of bench/bench_loopy.c and a
 * cross-check; counters are pass numbers. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_solve_naive(grundy_loopy_solution **out,
                         const grundy_loopy_graph *g, const grundy_limits *lim);

/* grundy_loopy_solve() : the dispatcher (the counter method). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_solve(grundy_loopy_solution **out, const grundy_loopy_graph *g,
                   const grundy_limits *lim);

/* grundy_loopy_solve_method() : by method. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_solve_method(
    grundy_loopy_solution **out, const grundy_loopy_graph *g,
    grundy_loopy_method method, const grundy_limits *lim);

/* grundy_loopy_solution_free() : accepts NULL. */
GRUNDY_API void grundy_loopy_solution_free(grundy_loopy_solution *s);

GRUNDY_API const grundy_loopy_graph *
grundy_loopy_solution_graph(const grundy_loopy_solution *s);

/* grundy_loopy_solution_raw() : the finite value of v, or
 * GRUNDY_LOOPY_INF.  O(1). */
GRUNDY_API uint32_t grundy_loopy_solution_raw(const grundy_loopy_solution *s,
                                              grundy_loopy_vertex v);
/* All raw values, num_vertices of them, owned by the solution. */
GRUNDY_API const uint32_t *
grundy_loopy_solution_data(const grundy_loopy_solution *s);

/* grundy_loopy_solution_counter() :
 * When v's value n is finite: the step at which v was labelled.  Every
 * option w of v with a larger or infinite value has an option x of value
 * n with counter(x) < counter(v).  GRUNDY_LOOPY_INF for infinite v. */
GRUNDY_API uint32_t grundy_loopy_solution_counter(
    const grundy_loopy_solution *s, grundy_loopy_vertex v);

/* Bytes the solution holds (8 per vertex: values and counters). */
GRUNDY_API size_t grundy_loopy_solution_bytes(const grundy_loopy_solution *s);

/* Levels the method ran (largest finite value + 1 or + 2). */
GRUNDY_API uint32_t
grundy_loopy_solution_levels(const grundy_loopy_solution *s);

/* grundy_loopy_solution_value() :
 * The full value of v into *out (K from v's options).  O(deg log deg). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_solution_value(
    grundy_loopy_value *out, const grundy_loopy_solution *s,
    grundy_loopy_vertex v);

/* grundy_loopy_solution_has_option() :
 * Non-zero when some option of v has the finite value x (x is in K for
 * infinite v).  O(deg). */
GRUNDY_API int grundy_loopy_solution_has_option(const grundy_loopy_solution *s,
                                                grundy_loopy_vertex v,
                                                uint32_t x);

/* grundy_loopy_solution_outcome() : the outcome of v alone.  O(deg). */
GRUNDY_API grundy_loopy_outcome grundy_loopy_solution_outcome(
    const grundy_loopy_solution *s, grundy_loopy_vertex v);

/* Counts over all vertices. */
typedef struct grundy_loopy_stats {
    uint64_t vertices, edges;
    uint64_t *counts;  /* counts[n]: vertices of finite value n (owned) */
    size_t ncounts;    /* largest finite value + 1 (0: none finite) */
    uint64_t infinite; /* vertices of value inf(K) */
    uint64_t first, second, draw; /* outcomes for the player to move */
    uint32_t levels;
} grundy_loopy_stats;

/* grundy_loopy_solution_stats() : fill *st; free with
 * grundy_loopy_stats_clear().  O(|V| + |E|). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_solution_stats(
    grundy_loopy_stats *st, const grundy_loopy_solution *s);
GRUNDY_API void grundy_loopy_stats_clear(grundy_loopy_stats *st);

/* Sums *********************************************************************/

/* One component of a sum: a vertex of a solved graph. */
typedef struct grundy_loopy_component {
    const grundy_loopy_solution *sol;
    grundy_loopy_vertex vertex;
} grundy_loopy_component;

/* A move of a sum: component `component` goes from `from` to `to`; after
 * it, the sum's outcome for the player then to move is `after` (SECOND:
 * the move wins; DRAW: it keeps the draw). */
typedef struct grundy_loopy_move {
    size_t component;
    grundy_loopy_vertex from, to;
    grundy_loopy_outcome after;
} grundy_loopy_move;

/* grundy_loopy_sum_value() :
 * The value of the sum of c[0..n) (n == 0: the value 0).
 * O(n + |K|) with K from the infinite component, if one. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_sum_value(
    grundy_loopy_value *out, const grundy_loopy_component *c, size_t n);

/* grundy_loopy_sum_moves() :
 * The outcome of the sum for the player to move, and its good moves in
 * a new array (free with free()): every winning move when the outcome is
 * FIRST, every move that keeps the draw when it is DRAW, none (NULL, 0)
 * when it is SECOND.  Moves are listed by component, then in the order
 * of the component's options.  O(sum of the degrees of the components
 * and of their options). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_sum_moves(
    grundy_loopy_move **moves, size_t *count, grundy_loopy_outcome *outcome,
    const grundy_loopy_component *c, size_t n);

/* grundy_loopy_sum_best() :
 * The move to play, *found = 0 when no component can move.  When the
 * sum is won it is the winning move after which (sum of the finite
 * values, sum of their counters) is least: against any reply the
 * next such move lowers that pair, so the win comes in finitely many
 * moves.  When the sum is drawn, the first move that keeps the draw.
 * When it is lost, the move after which (sum of values, sum of
 * counters) is greatest, infinite components counting as largest. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_sum_best(grundy_loopy_move *best, int *found,
                      const grundy_loopy_component *c, size_t n);

/* Families: loopy games given as rules *************************************/

/* The older interface for a family with cycles, kept for programs written
 * against it: a family here is known to grundy_loopy_game_new() alone.
 * A family of the one registry (grundy/rules.h) with the flag
 * GRUNDY_RULES_LOOPY is known everywhere (specs, sums mixed with finite
 * games, grundy/play.h); the built-in addsub and graph are both.
 *
 * A family of loopy games over a bounded position space 0..N-1 (N from
 * the parameters), like grundy_rules but without the well-founded
 * order: moves may go up as well as down, and back. */
typedef struct grundy_loopy_rules {
    /* The part of a spec before the first ':'. */
    const char *name;
    /* One help line: spec syntax, then what a move is. */
    const char *synopsis;
    /* Parse the text after "name:" (NULL when there is none), with the
     * bound max given to the program (--max; 0 when none was given).
     * On error set where->col to the 1-based offset in args. */
    grundy_status (*parse)(void **params, const char *args, uint64_t max,
                           grundy_parse_error *where);
    /* Free what parse() allocated; called with NULL too. */
    void (*free_params)(void *params);
    /* N: positions are 0..N-1 (at most GRUNDY_LOOPY_MAX_VERTICES). */
    uint64_t (*num_positions)(const void *params);
    /* The options of p, as grundy_loopy_moves_fn (ctx = params). */
    size_t (*moves)(const void *params, uint64_t p, uint64_t *out, size_t cap);
} grundy_loopy_rules;

/* "addsub:S:A": remove s in S or add a in A stones (positive numbers,
 * comma-separated, either list may be empty), heaps 0..max.  An empty
 * heap is final: the player who takes the last stone wins (were stones
 * added to an empty heap, no position would end and all would be
 * drawn). */
GRUNDY_API extern const grundy_loopy_rules grundy_loopy_rules_addsub;

/* grundy_loopy_rules_register() :
 * Make a user family usable by name in grundy_loopy_game_new().  Not
 * thread-safe.  @return GRUNDY_ERR_ARG when the name is missing, taken
 * or "graph"; GRUNDY_ERR_LIMIT after 64 families. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_rules_register(const grundy_loopy_rules *r);

/* grundy_loopy_rules_find() : the family named by spec's text before ':'
 * (built-in, then registered), or NULL.  "graph:" is not a family of
 * rules and gives NULL. */
GRUNDY_API const grundy_loopy_rules *grundy_loopy_rules_find(const char *spec);

/* grundy_loopy_spec_claims() : non-zero when spec names a loopy game
 * ("graph:PATH", "addsub:...", a registered family), so that a program
 * can send it here rather than to grundy_game_new(). */
GRUNDY_API int grundy_loopy_spec_claims(const char *spec);

/* Games: a family (or a graph file) with its values ************************/

typedef struct grundy_loopy_game grundy_loopy_game; /* opaque */

/* grundy_loopy_game_new() :
 * Parse spec, build the graph of its positions and compute every value
 * (grundy_loopy_solve()).  spec is "graph:PATH" (a file read by
 * grundy_loopy_graph_load(), format AUTO; positions are vertices) or
 * "name:args" of a family (max is handed to its parse()).  Errors: those
 * of the family's parse (where->col into spec), of the file (where->line
 * >= 1 and where->col into the file), of building and solving.  Free with
 * grundy_loopy_game_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_game_new(grundy_loopy_game **out, const char *spec, uint64_t max,
                      grundy_parse_error *where, const grundy_limits *lim);

/* grundy_loopy_game_new_method() : the same, solved by `method`. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_game_new_method(
    grundy_loopy_game **out, const char *spec, uint64_t max,
    grundy_loopy_method method, grundy_parse_error *where,
    const grundy_limits *lim);

/* grundy_loopy_game_new_rules() : the same with the family given. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_game_new_rules(
    grundy_loopy_game **out, const grundy_loopy_rules *rules, const char *args,
    uint64_t max, grundy_parse_error *where, const grundy_limits *lim);

/* grundy_loopy_game_new_graph() :
 * A game on a graph already built; takes ownership of *graph (set to
 * NULL), also on failure.  spec names the game in output. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_game_new_graph(grundy_loopy_game **out, grundy_loopy_graph **graph,
                            const char *spec, const grundy_limits *lim);

/* grundy_loopy_game_from_rules() :
 * The graph of every position 0 .. N-1 of a game of a family with cycles
 * (GRUNDY_RULES_LOOPY: rules and params as grundy_game_rules() and
 * grundy_game_params() give them; N = rules->num_positions(params)),
 * built through the family's moves and solved by method.  spec names the
 * game (grundy_loopy_game_spec()).  Errors: GRUNDY_ERR_ARG when the
 * family is not one with cycles or its positions have no bound yet
 * (where->msg says so: addsub:S:A without H); GRUNDY_ERR_RANGE when a
 * move leaves 0 .. N-1; GRUNDY_ERR_LIMIT past the memory limit (where->msg
 * gives the size); GRUNDY_ERR_CANCELLED.  This is how grundy/play.h gets
 * the values of a registry family with cycles, built-in or a program's
 * own.  O(N + moves). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_game_from_rules(
    grundy_loopy_game **out, const grundy_rules *rules, const void *params,
    const char *spec, grundy_loopy_method method, grundy_parse_error *where,
    const grundy_limits *lim);

/* grundy_loopy_game_free() : accepts NULL. */
GRUNDY_API void grundy_loopy_game_free(grundy_loopy_game *g);

GRUNDY_API const char *grundy_loopy_game_spec(const grundy_loopy_game *g);
GRUNDY_API const grundy_loopy_graph *
grundy_loopy_game_graph(const grundy_loopy_game *g);
GRUNDY_API const grundy_loopy_solution *
grundy_loopy_game_solution(const grundy_loopy_game *g);

/* Positions are vertices: numbers, or names for DOT graphs. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_loopy_game_pos_parse(
    const grundy_loopy_game *g, const char *text, size_t len,
    grundy_loopy_vertex *out, grundy_parse_error *where);
GRUNDY_API size_t grundy_loopy_game_pos_format(const grundy_loopy_game *g,
                                               grundy_loopy_vertex v, char *buf,
                                               size_t cap);

/* Writers ******************************************************************/
/* What `grundy loopy` prints, as text or JSON (doc/JSON.md), to a
 * caller's writer; `grundy serve`, `grundy values` on a game with cycles
 * and the play engine's writers (grundy/play.h) write values through
 * them.  They only write: a write error stays in the writer
 * (grundy_writer_clear() returns it). */

/* grundy_loopy_value_write() :
 * A value as text ("3", "inf(1,3)", "inf()") or, json != 0, as JSON (3,
 * {"inf": [1, 3]}). */
GRUNDY_API void grundy_loopy_value_write(grundy_writer *w,
                                         const grundy_loopy_value *v,
                                         int json);

/* grundy_loopy_value_winner_write() :
 * ', "value": V, "winner": "first|second|draw"': v's fields after a
 * first one. */
GRUNDY_API void grundy_loopy_value_winner_write(grundy_writer *w,
                                                const grundy_loopy_value *v);

/* grundy_loopy_stats_write() :
 * Statistics as lines ("vertices N", "edges M", "value count" and a line
 * per value present, "inf N" when some value is infinite, "winner count"
 * and the three outcomes, "levels L") or, json != 0, as the object
 * {vertices, edges, counts, infinite, first, second, draw, levels}. */
GRUNDY_API void grundy_loopy_stats_write(grundy_writer *w,
                                         const grundy_loopy_stats *st,
                                         int json);

/* grundy_loopy_vertex_write() :
 * The value of vertex v of s's graph and a newline: as text, or (json)
 * the object {"vertex": NAME, "value": V, "winner": W}, NAME the
 * vertex's name as a string (its number when it has none).  Errors: those
 * of grundy_loopy_solution_value(), with nothing written. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_vertex_write(grundy_writer *w, const grundy_loopy_solution *s,
                          grundy_loopy_vertex v, int json);

/* What grundy_loopy_solution_write() writes. */
#define GRUNDY_LOOPY_WRITE_LIST 1u  /* every vertex's value */
#define GRUNDY_LOOPY_WRITE_STATS 2u /* the statistics */

/* grundy_loopy_solution_write() :
 * The answer of `grundy loopy` for s: as text, a line "NAME VALUE" per
 * vertex (GRUNDY_LOOPY_WRITE_LIST), then the statistics
 * (GRUNDY_LOOPY_WRITE_STATS); as JSON (json != 0) the object and its
 * newline {"vertices": N, "edges": M, "values": [{vertex, value,
 * winner}...] (with LIST), "stats": {...}} (always).  Errors: those of
 * grundy_loopy_solution_value() and _stats(); GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_loopy_solution_write(grundy_writer *w, const grundy_loopy_solution *s,
                            unsigned what, int json);

/* grundy_loopy_cost_write() :
 * The lines `grundy loopy --stats` ends with: "memory graph G bytes,
 * values S bytes" (and " (B bytes per edge)" when there is an edge),
 * then "time read R s, values V s", R and V the seconds the caller
 * measured to read the graph and to solve it (three decimals). */
GRUNDY_API void grundy_loopy_cost_write(grundy_writer *w,
                                        const grundy_loopy_solution *s,
                                        double t_read, double t_solve);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_LOOPY_H */
