/*
 * grundy/misere.h -- misere play of take-and-break games: misere quotients
 * (Plambeck and Siegel) and Conway's genus.
 *
 * Under misere play the player who makes the last move loses, and the
 * Sprague-Grundy theory of sums fails.  What replaces it, for the sums of
 * heaps of one take-and-break game restricted to heaps 1..N, is the misere
 * quotient: two sums G and H are equivalent when G + X and H + X have the
 * same misere outcome for every sum X of such heaps.  The classes form a
 * finite commutative monoid Q (for many games; for some it grows without
 * bound as N grows), with a set P of classes whose sums are lost for the
 * player to move; every heap size has an element of Q, and
 *
 *     a sum of heaps is lost for the player to move  <=>
 *     the product of its heaps' elements lies in P.
 *
 * So once Q is known, the misere outcome of a sum of any number of heaps
 * is a few table lookups, and a winning move is a move in one heap that
 * takes the product into P.
 *
 * The quotient is grown heap by heap (grundy_misere_grow()).  A heap whose
 * sums behave like those of some element already in Q only adds an entry
 * to the heap -> element map; otherwise candidates for the new quotient
 * are built and each is checked by a proof that covers every sum of heaps
 * (see src/misere/quotient.c): what the library reports has been verified,
 * never guessed.
 *
 * Elements of Q are numbered 0..order-1; 0 is the identity (the empty
 * sum, and every heap without a move).  The numbering follows the
 * colex-least sums that reach the elements and may change when a heap is
 * added; the presentation (grundy_misere_pres) names them in terms of
 * generators, as the literature does.
 *
 * Genus.  Conway's genus of a game G is g^{g0 g1 g2 ...}: g is the
 * normal-play Grundy value and gk the misere Grundy value of G plus k
 * nim-heaps of size 2.  The exponents end by alternating between two
 * values and are written up to the start of that alternation (Kayles'
 * heap 1 is 1^031: 0, 3, 1, 3, 1, ...).  grundy_misere_genus() computes
 * them by a memoised search of the positions involved.
 *
 * The games: every game for which grundy_takebreak_get() is not NULL
 * (octal and hexadecimal codes, Grundy's game); their families carry the
 * flag GRUNDY_RULES_MISERE, which is what grundy_sum_analyze() asks.
 *
 * Aliasing: outputs never alias inputs.  A grundy_misere may be read from
 * several threads at once, but not while it grows.
 */
#ifndef GRUNDY_MISERE_H
#define GRUNDY_MISERE_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/io.h"
#include "grundy/rules.h"
#include "grundy/status.h"
#include "grundy/sum.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The quotient **************************************************************/

/* An element of a quotient: 0 is the identity. */
typedef uint32_t grundy_misere_elem;

typedef struct grundy_misere grundy_misere; /* opaque */

/* The largest heap a quotient may grow to. */
#define GRUNDY_MISERE_MAX_HEAP ((grundy_pos)1000000)

/* The order at which grundy_misere_grow() stops by default. */
#define GRUNDY_MISERE_DEFAULT_MAX_ORDER 4096

/* grundy_misere_new() :
 * The quotient of g restricted to no heap at all (order 1), ready to
 * grow.  g must outlive *out.
 * Errors: GRUNDY_ERR_ARG when g is not a take-and-break game
 * (grundy_takebreak_get() is NULL) or when no heap of g has a move (a code
 * such as 0.0); GRUNDY_ERR_NOMEM.  Free with grundy_misere_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_misere_new(
    grundy_misere **out, const grundy_game *g, const grundy_limits *lim);

/* grundy_misere_free() : accepts NULL. */
GRUNDY_API void grundy_misere_free(grundy_misere *q);

/* grundy_misere_grow() :
 * Extend q heap by heap until it is the quotient of heaps 1..upto (nothing
 * to do when it is already that far).  Stops when the quotient, or a
 * candidate for it, would have more than max_order elements (0: the
 * default GRUNDY_MISERE_DEFAULT_MAX_ORDER).
 * On any error q stays the verified quotient of the heaps it had reached
 * (grundy_misere_heaps()), and grundy_misere_get_info() says where and why
 * it stopped.
 * Errors: GRUNDY_ERR_RANGE for upto > GRUNDY_MISERE_MAX_HEAP;
 * GRUNDY_ERR_LIMIT when max_order or the memory limit of lim is reached;
 * GRUNDY_ERR_WORK past the work limit of lim (a step is an option of a
 * heap, a product looked up or a word of a set of elements searched,
 * counted over the call);
 * GRUNDY_ERR_CANCELLED through lim's progress callback (phase "misere",
 * done and total in heaps); GRUNDY_ERR_NOMEM.
 * Time: a lookup per move of each new heap while the quotient stays the
 * same; a search over the quotient's states when it changes. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_misere_grow(
    grundy_misere *q, grundy_pos upto, size_t max_order,
    const grundy_limits *lim);

/* What a quotient is and how it got there. */
typedef struct grundy_misere_info {
    grundy_pos heaps;       /* the quotient is that of heaps 1..heaps */
    size_t order;           /* |Q| */
    size_t p_count;         /* |P| */
    grundy_pos last_change; /* the last heap at which |Q| grew (0: none) */
    /* The heap -> element map, as seen on heaps 1..heaps: e(h + period)
     * == e(h) for preperiod <= h <= heaps - period, with at least two full
     * periods seen; period 0 when no such repetition is seen.  Seen, not
     * proven. */
    grundy_pos period, preperiod;
    /* Where growth stopped on a limit: the heap that could not be added
     * (0 when none), and a lower bound above max_order on the order of
     * the candidate that was too large (0 for other reasons: memory,
     * cancel). */
    grundy_pos stopped_at;
    size_t stopped_order;
    int stopped_candidate; /* 1: growth stopped on max_order */
    /* Work done: heaps that changed the quotient, candidates built, and
     * the largest candidate built for the last heap tried. */
    size_t expansions, candidates, largest_candidate;
} grundy_misere_info;

/* grundy_misere_get_info() : fills *out.  O(heaps) for the period. */
GRUNDY_API void grundy_misere_get_info(grundy_misere_info *out,
                                       const grundy_misere *q);

/* The game the quotient belongs to. */
GRUNDY_API const grundy_game *grundy_misere_game(const grundy_misere *q);

/* grundy_misere_heaps() : the largest heap covered (0 for a new q). */
GRUNDY_API grundy_pos grundy_misere_heaps(const grundy_misere *q);

/* grundy_misere_order() : |Q|, at least 1. */
GRUNDY_API size_t grundy_misere_order(const grundy_misere *q);

/* grundy_misere_heap() : the element of heap h, h <= grundy_misere_heaps()
 * (0 for h == 0 and for heaps without a move).  @pre h is covered. */
GRUNDY_API grundy_misere_elem grundy_misere_heap(const grundy_misere *q,
                                                 grundy_pos h);

/* grundy_misere_mul() : x * y.  @pre x, y < order.  O(length of the
 * colex-least sum of heaps that reaches y): a table lookup per heap. */
GRUNDY_API grundy_misere_elem grundy_misere_mul(const grundy_misere *q,
                                                grundy_misere_elem x,
                                                grundy_misere_elem y);

/* grundy_misere_is_p() : non-zero when x is in P (a sum whose product is x
 * is lost for the player to move).  @pre x < order. */
GRUNDY_API int grundy_misere_is_p(const grundy_misere *q,
                                  grundy_misere_elem x);

/* grundy_misere_sum() :
 * *out = the product of the elements of heaps h[0..n) (0 when n == 0).
 * @return GRUNDY_ERR_RANGE when some heap is above grundy_misere_heaps().
 * O(n). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_misere_sum(
    grundy_misere_elem *out, const grundy_misere *q, const grundy_pos *h,
    size_t n);

/* grundy_misere_winning_moves() :
 * The misere outcome of the sum (every component a heap of the quotient's
 * game: grundy_values_game() of its values object) and every winning
 * move: *first_wins = 1 when the player to move wins.  The winning moves (a move in one component whose sum's product
 * lies in P), in order of component and then of the family's move order,
 * as for grundy_sum_winning_moves() with value fields 0, in a new array
 * *moves of *count entries; free it with free().  NULL and 0 when there
 * are none (also when the player to move wins by having no move).
 * Errors: GRUNDY_ERR_ARG when a component is of another game;
 * GRUNDY_ERR_RANGE when a heap is above grundy_misere_heaps();
 * GRUNDY_ERR_NOMEM.  O(n + the moves of every component). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_misere_winning_moves(
    int *first_wins, grundy_sum_move **moves, size_t *count,
    const grundy_misere *q, const grundy_sum_component *sum, size_t n);

/* Presentation *************************************************************/

/* A presentation of a quotient by generators and relations, and the
 * normal form of every element.
 *
 * Generators are taken heap by heap: heap h gets a new generator when its
 * element is not a product of the generators of smaller heaps.  Words are
 * exponent vectors over the generators; the normal form of an element is
 * the least word that reaches it, least when compared from the last
 * generator down (the colex order).  The relations are lhs = rhs with lhs
 * the minimal words that are not normal forms and rhs their normal forms:
 * they define the monoid, and rewriting with them turns any word into its
 * normal form.  The P-portion is the normal forms of the elements of P. */
typedef struct grundy_misere_pres {
    size_t ngens;
    grundy_pos *gen_heap; /* gen_heap[i]: the heap that defines generator i */
    size_t nrels;
    uint32_t *rel; /* relation r: lhs = rel + 2 r ngens, rhs = lhs + ngens */
    size_t order;
    uint32_t *normal; /* element x: normal + x ngens */
} grundy_misere_pres;

/* grundy_misere_pres_init() :
 * The presentation of q.  O(order * ngens^2) words examined.
 * Errors: GRUNDY_ERR_LIMIT over the memory limit of lim; GRUNDY_ERR_NOMEM.
 * Free with grundy_misere_pres_clear() (also after an error). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_misere_pres_init(
    grundy_misere_pres *p, const grundy_misere *q, const grundy_limits *lim);

/* grundy_misere_pres_clear() : frees p's arrays; accepts a zeroed p. */
GRUNDY_API void grundy_misere_pres_clear(grundy_misere_pres *p);

/* grundy_misere_pres_name() :
 * The name of generator i: a..z, then A..Z, then g53, g54, ...
 * snprintf semantics. */
GRUNDY_API size_t grundy_misere_pres_name(const grundy_misere_pres *p,
                                          size_t i, char *buf, size_t cap);

/* grundy_misere_pres_format() :
 * A word as text: "1" for the empty word, else its generators in order
 * with exponents above 1 written ^k ("ab^2c"); when some name is longer
 * than one character the factors are separated by '.'.  snprintf
 * semantics. */
GRUNDY_API size_t grundy_misere_pres_format(const grundy_misere_pres *p,
                                            const uint32_t *word, char *buf,
                                            size_t cap);

/* grundy_misere_format_miseresolver() :
 * The quotient as A. N. Siegel's MisereSolver prints its presentation,
 * so that results can be compared with it line by line:
 *
 *     Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}
 *
 *     |Q| = 8; |P| = 2
 *
 *     Phi = 1 a b a b c b c b ab2 b ab2 b
 *
 * Its generators are MisereSolver's: those of grundy_misere_pres_init(),
 * less each one that the others generate (first to last), so they may be
 * fewer; words are the colex-least ones over them, exponents written
 * after the letter; relations and P in colex order; Phi the element of
 * every heap from 0.  A quotient MisereSolver calls tame (order 1 or 2,
 * or |P| = 2 and the order 2 more than a power of 2) is written as it
 * writes it, "(Q,P) = Tk".  Past 52 generators its letters run out and
 * grundy_misere_pres_format()'s names are written.
 * Into a new NUL-terminated string *out of *len characters: free it with
 * free().  Errors: GRUNDY_ERR_LIMIT over the memory limit of lim;
 * GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_misere_format_miseresolver(
    char **out, size_t *len, const grundy_misere *q, const grundy_limits *lim);

/* Genus ********************************************************************/

/* The most exponents a genus may have. */
#define GRUNDY_MISERE_GENUS_MAX 16

typedef struct grundy_misere_genus {
    grundy_value normal; /* g: the normal-play Grundy value */
    unsigned nexp;       /* exponents written, 2..GRUNDY_MISERE_GENUS_MAX */
    /* exp[k]: the misere Grundy value of the heap plus k heaps *2; from
     * exp[nexp-2] on the values alternate: exp[nexp-2], exp[nexp-1],
     * exp[nexp-2], ... */
    grundy_value exp[GRUNDY_MISERE_GENUS_MAX];
} grundy_misere_genus;

/* The default limit on the positions the genus search may store. */
#define GRUNDY_MISERE_GENUS_DEFAULT_STATES ((size_t)1 << 21)

/* grundy_misere_genus_table() :
 * out[h] = the genus of heap h of g, for 0 <= h <= upto.  The misere
 * values of the heap plus k copies of *2 are found by a memoised search
 * of sums of heaps and nim-heaps *1, *2, for k = 0, 1, ... until they
 * have alternated over four values (a, b, a, b).  The values end by
 * alternating (Conway); that they do from that point on is assumed, not
 * proven (the tests check three more against a search).
 * Errors: GRUNDY_ERR_ARG when g is not a take-and-break game;
 * GRUNDY_ERR_RANGE for upto > GRUNDY_MISERE_MAX_HEAP; GRUNDY_ERR_LIMIT
 * when the search needs more than max_states positions (0: the default
 * GRUNDY_MISERE_GENUS_DEFAULT_STATES) or more memory than lim allows, or
 * when the exponents do not settle within GRUNDY_MISERE_GENUS_MAX; then
 * out[0..*done) holds the heaps finished.  GRUNDY_ERR_CANCELLED through
 * lim (phase "genus"); GRUNDY_ERR_NOMEM.  done may be NULL. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_misere_genus_table(
    grundy_misere_genus *out, grundy_pos *done, const grundy_game *g,
    grundy_pos upto, size_t max_states, const grundy_limits *lim);

/* grundy_misere_genus_format() :
 * "g^e0e1..." as in the literature ("4^146"); exponents above 9 are
 * written in brackets ("12^[12]0").  snprintf semantics. */
GRUNDY_API size_t grundy_misere_genus_format(const grundy_misere_genus *ge,
                                             char *buf, size_t cap);

/* Writers ******************************************************************/
/* What `grundy misere` prints, as text or JSON (doc/JSON.md), to a
 * caller's writer; a write error stays in the writer
 * (grundy_writer_clear() returns it). */

/* grundy_misere_quotient_write() :
 * The quotient q of the game written as `written` (NULL: the game's own
 * spec) with its presentation p: rules, heaps, order, p_count, the
 * generators (name = heap), the relations, the P-portion, the last
 * change, the period seen (not proven) and, when the growth stopped at
 * max_order, where; then the element of every heap 1..heaps.  As lines
 * "NAME: ..." or (json) one object and its newline. */
GRUNDY_API void grundy_misere_quotient_write(grundy_writer *w,
                                             const char *written,
                                             const grundy_misere *q,
                                             const grundy_misere_pres *p,
                                             size_t max_order, int json);

/* grundy_misere_genus_write() :
 * The genus ge[h] of heaps h = 0..n-1 of g (as from
 * grundy_misere_genus_table(), n its *done): lines "H GENUS", or (json)
 * the object {rules, canonical, genus: [{heap, genus, normal, misere}]},
 * closed with its newline only when complete is non-zero (a table cut
 * short by an error leaves it open, for the caller's error to follow). */
GRUNDY_API void grundy_misere_genus_write(grundy_writer *w,
                                          const char *written,
                                          const grundy_game *g,
                                          const grundy_misere_genus *ge,
                                          grundy_pos n, int complete,
                                          int json);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_MISERE_H */
