/*
 * grundy/range.h -- a sequence of components under point updates, with
 * range questions: nim-sum and winner, the number of winning subsets
 * modulo a prime, and a winning move.
 *
 * The engine stores each component as its Grundy value (0 .. 65535); the
 * caller turns positions into values (grundy/table.h).  Indices are
 * 0-based and ranges are inclusive: [lo, hi] with lo <= hi < n.
 *
 * What a range needs to answer the questions:
 *   - the nim-sum is the XOR of the values; the first player wins the sum
 *     iff it is non-zero (Sprague-Grundy);
 *   - a subset of the positions is a first-player win iff its values XOR
 *     to non-zero.  If the values in the range span a GF(2) space of
 *     dimension rank, exactly 2^(len - rank) of the 2^len subsets (the
 *     empty one included) XOR to zero, so 2^len - 2^(len - rank) are wins;
 *   - a winning move exists iff the nim-sum X is non-zero: any component
 *     whose value v has the highest bit of X set can move to v ^ X < v.
 *
 * Representations (chosen from the values, behind one API):
 *   GRUNDY_RANGE_PRESENCE  every value < 16.  The rank depends only on
 *       which values occur, so each node of a tree over blocks of 32
 *       values (16 children per node above) holds a 16-bit presence mask
 *       and the XOR of its values; the rank of a mask comes from a
 *       2^16-entry table.  A query reads two blocks of values and two
 *       precomputed group folds per level; about 0.4 bytes of summary
 *       per value besides the 2-byte values.
 *   GRUNDY_RANGE_BASIS  values up to 16 bits: a segment tree over blocks
 *       of 32 values whose nodes hold a GF(2) linear basis (echelon form,
 *       16 vectors of 16 bits), the XOR and the OR of their values.
 *   GRUNDY_RANGE_BITS  values up to 16 bits, no counting: the tree of
 *       PRESENCE with the OR of the values in place of the mask.  The
 *       cheapest choice when only nim-sums, winners and moves are asked.
 *   GRUNDY_RANGE_XOR  values < 256, nim-sums and winners only: per level
 *       of groups of 64 byte lanes, the XOR of each lane's group up to
 *       it, so that a query reads one byte per level at each end (4
 *       levels for 10^6 values, 1 byte per value) and an update XORs the
 *       difference into a word run per level.  A move is found by a scan
 *       of the range (O(hi - lo)); no rank or count.
 * With GRUNDY_RANGE_AUTO the engine starts with PRESENCE (XOR when
 * neither counts nor moves are wanted, BITS when only counting is not)
 * and moves once: PRESENCE to BASIS the first time a value of 16 or more
 * arrives, XOR to BITS the first time one of 256 or more does.
 *
 * Thread safety: the const queries may run concurrently; updates need
 * exclusive access.  Nothing here prints or exits.
 */
#ifndef GRUNDY_RANGE_H
#define GRUNDY_RANGE_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/io.h"
#include "grundy/rules.h"
#include "grundy/status.h"
#include "grundy/values.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest value a component may have. */
#define GRUNDY_RANGE_VALUE_MAX 65535u

/* The default modulus for subset counts. */
#define GRUNDY_RANGE_DEFAULT_MODULUS 1000000007u

/* Options ******************************************************************/

typedef enum grundy_range_repr {
    GRUNDY_RANGE_AUTO = 0,     /* choose from the values (see above) */
    GRUNDY_RANGE_PRESENCE = 1, /* values < 16; all questions */
    GRUNDY_RANGE_BASIS = 2,    /* values < 2^16; all questions */
    GRUNDY_RANGE_BITS = 3,     /* values < 2^16; no rank / count */
    GRUNDY_RANGE_XOR = 4       /* values < 256; nim-sums, winners */
} grundy_range_repr;

/* Flags of grundy_range_opts. */
#define GRUNDY_RANGE_COUNT 1u /* grundy_range_rank() and _count() are
                                 wanted (default on) */
#define GRUNDY_RANGE_NO_MOVES 2u /* grundy_range_move() is not wanted
                                    (it still works, by a scan) */

typedef struct grundy_range_opts {
    unsigned flags;          /* GRUNDY_RANGE_COUNT, _NO_MOVES or 0 */
    grundy_range_repr repr;  /* GRUNDY_RANGE_AUTO unless testing */
    uint64_t modulus;        /* a prime 2 <= p < 2^62; 0 = 1 000 000 007 */
    size_t mem_limit;        /* bytes; 0 = the machine's physical memory */
} grundy_range_opts;

/* grundy_range_opts_init() :
 * Defaults: counting wanted, AUTO, modulus 1 000 000 007, no limit beyond
 * physical memory. */
GRUNDY_API void grundy_range_opts_init(grundy_range_opts *o);

/* grundy_range_modulus_check() :
 * GRUNDY_OK when p is a prime with 2 <= p < 2^62, GRUNDY_ERR_RANGE when p
 * is out of those bounds, GRUNDY_ERR_ARG when it is composite. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_range_modulus_check(uint64_t p);

/* Memory management ********************************************************/

typedef struct grundy_range grundy_range; /* opaque */

/* grundy_range_new() :
 * A sequence of n components, all of value 0 (n may be 0).  Errors:
 * GRUNDY_ERR_RANGE / GRUNDY_ERR_ARG for a bad modulus (see
 * grundy_range_modulus_check()), GRUNDY_ERR_ARG when BITS or XOR is
 * forced together with GRUNDY_RANGE_COUNT; GRUNDY_ERR_LIMIT
 * before allocating when the memory needed exceeds the limit;
 * GRUNDY_ERR_NOMEM.  O(n).  Free with grundy_range_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_range_new(grundy_range **out,
                                                size_t n,
                                                const grundy_range_opts *opts);

/* grundy_range_free() : accepts NULL. */
GRUNDY_API void grundy_range_free(grundy_range *r);

/* Updates ******************************************************************/

/* grundy_range_assign() :
 * Set components first .. first+count-1 to values[0 .. count), then bring
 * the summaries up to date once: O(count + touched nodes), the way to
 * load a sequence (in chunks of any size).  Errors: GRUNDY_ERR_RANGE when
 * the span leaves [0, n), a value exceeds GRUNDY_RANGE_VALUE_MAX, or a
 * value is 16 or more while PRESENCE was forced, or 256 or more while
 * XOR was (then nothing is changed); GRUNDY_ERR_NOMEM or GRUNDY_ERR_LIMIT
 * when the move to BASIS or BITS fails (the engine is then unchanged).  values may not alias the engine. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_range_assign(grundy_range *r,
                                                   size_t first,
                                                   const grundy_value *values,
                                                   size_t count);

/* grundy_range_set() :
 * Set component i to value v.  O(log n): PRESENCE / BITS rescan a block
 * of 32 values and one group of 16 per level (6 levels for n = 10^7);
 * BASIS rebuilds one leaf and log2(n/32) basis merges.
 * Setting a component to its current value is allowed.  Errors as for
 * grundy_range_assign(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_range_set(grundy_range *r, size_t i,
                                                grundy_value v);

/* Queries ******************************************************************/

/* The number of components. */
GRUNDY_API size_t grundy_range_size(const grundy_range *r);

/* The representation in use (never GRUNDY_RANGE_AUTO). */
GRUNDY_API grundy_range_repr grundy_range_get_repr(const grundy_range *r);

/* The modulus of grundy_range_count(). */
GRUNDY_API uint64_t grundy_range_modulus(const grundy_range *r);

/* grundy_range_get() : the value of component i.  @pre i < n.  O(1). */
GRUNDY_API grundy_value grundy_range_get(const grundy_range *r, size_t i);

/* grundy_range_xor() :
 * The nim-sum of components lo..hi.  @pre lo <= hi < n. */
GRUNDY_API grundy_value grundy_range_xor(const grundy_range *r, size_t lo, size_t hi);

/* grundy_range_winner() :
 * 1 when the first player wins the sum of components lo..hi, else 0.
 * @pre lo <= hi < n. */
GRUNDY_API int grundy_range_winner(const grundy_range *r, size_t lo, size_t hi);

/* grundy_range_rank() :
 * The dimension of the GF(2) span of the values of components lo..hi
 * (0 .. 16).  @pre lo <= hi < n and the engine counts (not BITS or
 * XOR). */
GRUNDY_API unsigned grundy_range_rank(const grundy_range *r, size_t lo, size_t hi);

/* grundy_range_count() :
 * The number of subsets of the positions lo..hi (the empty one included)
 * whose sum the first player wins, modulo the engine's prime p:
 * 2^len - 2^(len - rank) with len = hi - lo + 1.  Powers of two come from
 * small tables (two products per query).
 * @pre as for grundy_range_rank(). */
GRUNDY_API uint64_t grundy_range_count(const grundy_range *r, size_t lo, size_t hi);

/* grundy_range_move() :
 * A winning move in the sum of components lo..hi: when the nim-sum X is
 * non-zero, stores in *index the leftmost i in [lo, hi] whose value v has
 * the highest bit of X set, in *to the value v ^ X (< v) to move it to,
 * and returns 1.  Returns 0 (and leaves the outputs alone) when the sum
 * is a second-player win.  Turning the value into a position is the
 * caller's: by the mex rule some move of component i reaches it.
 * @pre lo <= hi < n.  index and to may not alias. */
GRUNDY_API int grundy_range_move(const grundy_range *r, size_t lo, size_t hi,
                      size_t *index, grundy_value *to);

/* grundy_range_prefetch() :
 * A hint that an operation on components lo..hi comes soon (a query, or
 * with lo == hi an update): starts loading the memory it will read, so
 * that its cache misses overlap with other work -- parsing the current
 * query, answering it.  On large sequences the engine's time is mostly
 * such misses.  Never changes a result.  @pre lo <= hi < n.  O(1). */
GRUNDY_API void grundy_range_prefetch(const grundy_range *r, size_t lo, size_t hi);

/* Query streams ************************************************************/

/* A sequence of positions of a game and a stream of queries, read from a
 * scanner; each answer is written before the next query is awaited (the
 * writer is flushed before every blocking read).  The usual layout is
 * that of 'grundy range': n, then n positions, then q, then q queries
 * (1-based indices):
 *   1 L R     winning subsets of L..R modulo the prime
 *   2 i POS   set component i to POS
 *   3 L R     the winner of L..R and the nim-sum: "first X" / "second 0"
 *   4 L R     a winning move: "i POS" (component i moves to POS; parts of
 *             a split joined by '+', '-' for nothing left), or "none"
 * With json, each answer is one JSON object (JSON Lines, doc/JSON.md).
 * Other workloads with the same kind of queries set their layout: a
 * number of tests first, "n q" before the positions, other query
 * numbers, other answer words, positions written as rows of cells. */

/* What a query type asks. */
typedef enum grundy_range_op {
    GRUNDY_RANGE_OP_COUNT = 1,  /* winning subsets of L..R */
    GRUNDY_RANGE_OP_SET = 2,    /* component i becomes POS */
    GRUNDY_RANGE_OP_WINNER = 3, /* the winner of L..R */
    GRUNDY_RANGE_OP_MOVE = 4    /* a winning move in L..R */
} grundy_range_op;

/* Layouts other than the usual one (all zero: the usual one). */
typedef struct grundy_range_layout {
    int tests;        /* the input starts with a number of tests */
    int counts_first; /* "n q" come before the positions */
    /* ops[t]: the grundy_range_op that type t asks; all zero: type t
     * asks op t. */
    unsigned char ops[5];
    /* A winner query's answer: NULL: "first X" / "second 0"; else the
     * words for a first-player and a second-player win. */
    const char *winner_words[2];
    /* rows > 0: a position is rows tokens of cols cells '0' or '1', row
     * r column c at bit r * cols + c (the order of the rect boards); an
     * error names the cell.  0: the family's text form, one token. */
    unsigned rows, cols;
} grundy_range_layout;

typedef struct grundy_range_stream_opts {
    const grundy_game *game;
    grundy_values *values;       /* of game: where the values come from */
    const grundy_limits *limits; /* its memory limit; NULL: none */
    grundy_pos pos_max;          /* the largest position accepted */
    unsigned max_type;           /* query types 1 .. max_type (<= 4) */
    uint64_t modulus;            /* of query 1; 0: 1 000 000 007 */
    int json;                    /* one JSON object per answer */
    grundy_range_layout layout;
    /* Called after each computation of values (which may have shown
     * progress through the values' limits); NULL: none. */
    void (*computed)(void *ctx);
    void *computed_ctx;
} grundy_range_stream_opts;

/* What a failure of grundy_range_stream_run() was. */
typedef enum grundy_range_fault {
    GRUNDY_RANGE_FAULT_NONE = 0,
    GRUNDY_RANGE_FAULT_INPUT = 1,  /* where: the place in the input (line,
                                      column) and the message */
    GRUNDY_RANGE_FAULT_VALUES = 2, /* tabulating the values: a limit, or
                                      cancelled through the progress */
    GRUNDY_RANGE_FAULT_OTHER = 3   /* the status says it (memory) */
} grundy_range_fault;

typedef struct grundy_range_failure {
    grundy_range_fault fault;
    grundy_parse_error where;
} grundy_range_failure;

/* grundy_range_stream_opts_init() :
 * The usual layout, all four query types, every position up to
 * UINT64_MAX - 1, no values (set game and values). */
GRUNDY_API void grundy_range_stream_opts_init(grundy_range_stream_opts *o);

/* grundy_range_stream_run() :
 * Read the input from in and answer its queries to out, as described
 * above, until the last query (with layout.tests: the last test, then
 * only whitespace).  The answers written before a failure stay written
 * (and flushed for an input fault).  A finite family's positions are
 * converted through its whole table; a heap game's values are prepared
 * once for the largest starting position, and again (growing the table
 * by at least half) for an update beyond it.  The scanner's before-read
 * hook is the stream's during the call and restored after it.
 * Errors: as *why says (GRUNDY_ERR_PARSE, _RANGE, _LIMIT at a place of
 * the input; the values' errors; GRUNDY_ERR_NOMEM; GRUNDY_ERR_ARG for
 * options out of their bounds).  Write errors stay in out. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_range_stream_run(grundy_writer *out, grundy_range_failure *why,
                        grundy_scanner *in,
                        const grundy_range_stream_opts *o);

/* Counting helpers *********************************************************/

/* grundy_range_count_subsets() :
 * 2^len - 2^(len - rank) modulo the prime p (2 <= p < 2^62), by
 * square-and-multiply with 128-bit products.  @pre rank <= len.
 * O(log len).  The reference for grundy_range_count(). */
GRUNDY_API uint64_t grundy_range_count_subsets(uint64_t len, unsigned rank, uint64_t p);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_RANGE_H */
