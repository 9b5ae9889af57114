/*
 * grundy/sum.h -- sums of games: the value of a sum, who wins, every
 * winning move; Moore's Nim_k; misere play.
 *
 * A sum is a list of components, each a game (grundy_game) and a position
 * of it.  Components may belong to different families.  In the ordinary
 * (disjunctive) sum a move is made in exactly one component; the player
 * who cannot move loses (normal play).  By Sprague-Grundy the sum is won
 * by the player to move iff the XOR of the components' values (the
 * nim-sum) is non-zero, and a move is winning iff it takes one component
 * to a position whose value is that component's value XOR the nim-sum.
 * Such a move may also RAISE a component's value (a reversible move), so
 * every component's moves are examined, not only those of components
 * whose value exceeds its target.
 *
 * Two variants have no such value theory in general:
 *
 *  - Moore's Nim_k: a move changes 1..k components at once.  For Nim
 *    heaps, Moore's theorem decides it: the player to move loses iff, for
 *    every binary digit, the number of heaps with a 1 there is divisible
 *    by k + 1 (grundy_sum_moore_nim()).
 *  - Misere play: the player who cannot move WINS.  For Nim heaps the
 *    rule is known (grundy_sum_misere_nim()): when every heap is 0 or 1
 *    the player to move wins iff the number of 1-heaps is even, otherwise
 *    iff the nim-sum is non-zero.
 *
 * For any other family both are decided by grundy_sum_search(), an exact
 * search of the whole sum that refuses (GRUNDY_ERR_LIMIT) once it meets
 * more distinct positions than a limit, and (GRUNDY_ERR_WORK) past the
 * work limit.
 *
 * Games with cycles (families with GRUNDY_RULES_LOOPY, grundy/loopy.h)
 * have generalized values, finite or inf(K), and a sum of them may be a
 * draw; grundy_sum_analyze() decides their sums, finite games mixed in,
 * by Smith's rule, and a retrograde analysis of the sum's positions gives
 * the remoteness of its moves.
 *
 * Values of single components come from each component's grundy_values
 * object (grundy/values.h), prepared once per call for the largest
 * position of its game: the family's closed form when it has one, one
 * dense table per heap game (shared by every component of that game)
 * while it fits the memory limit, one table of all positions for boards
 * of at most 2^22 positions, and single values otherwise.
 *
 * Aliasing: outputs never alias inputs.  Components are read only; the
 * values objects they point to gain what they compute (tables, periods)
 * and must outlive the call.
 */
#ifndef GRUNDY_SUM_H
#define GRUNDY_SUM_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/rules.h"
#include "grundy/status.h"
#include "grundy/values.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sums and moves ***********************************************************/

/* A component: a position of a game, with the object its values come
 * from (grundy/values.h).  Components of one game should share one values
 * object, so that they share its table. */
typedef struct grundy_sum_component {
    grundy_values *values;
    grundy_pos pos;
} grundy_sum_component;

/* One move in one component of a sum: component `component` goes from
 * `from` to the parts in `to` (a take-and-break move can leave several
 * heaps; a move can also leave none).  `value` is the XOR of the parts'
 * values, i.e. the component's value after the move.  Within one list
 * the parts of a move are sorted in increasing order and no move of a
 * component appears twice. */
typedef struct grundy_sum_move {
    size_t component; /* 0-based index into the sum */
    grundy_pos from;
    grundy_move to;
    grundy_value value;
} grundy_sum_move;

/* The most moves one component may have for grundy_sum_winning_moves()
 * and grundy_sum_search() to list them (Nim heaps are exempt: their
 * winning move is computed, not searched for). */
#define GRUNDY_SUM_MAX_MOVES ((size_t)1 << 24)

/* Values and winning moves (normal play) ***********************************/

/* grundy_sum_values() :
 * values[i] = the Grundy value of component i, for i < n.  Each values
 * object is first prepared for the largest position of its components
 * (grundy_values_prepare(): one table per heap game while it fits the
 * memory limit).
 * Errors: those of grundy_values_get(); GRUNDY_ERR_RANGE for a position
 * outside a finite family.  O(n) plus the cost of the tables. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_sum_values(
    grundy_value *values, const grundy_sum_component *sum, size_t n);

/* grundy_sum_nim_sum() :
 * XOR of values[0..n).  0 when n == 0.  The sum is a first-player win
 * under normal play iff the result is non-zero. */
GRUNDY_API grundy_value grundy_sum_nim_sum(const grundy_value *values,
                                           size_t n);

/* grundy_sum_value() :
 * The value of the whole sum: grundy_sum_values() then the nim-sum. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_sum_value(
    grundy_value *out, const grundy_sum_component *sum, size_t n);

/* grundy_sum_winning_moves() :
 * Every winning move of the sum under normal play, in order of component
 * and then of the family's move order, as a new array *moves of *count
 * entries (NULL and 0 when the sum is a loss for the player to move);
 * free it with free().  values may be NULL, or the components' values
 * (as from grundy_sum_values()) to save computing them again.
 * For families whose positions are Nim heaps (GRUNDY_RULES_NIM) the one
 * candidate move (to value XOR nim-sum) is built directly
 * (grundy_values_move_to()); any other component has every move
 * examined.
 * Errors: GRUNDY_ERR_LIMIT when a component that must be examined has
 * more than GRUNDY_SUM_MAX_MOVES moves; GRUNDY_ERR_WORK before listing
 * when the moves of the components examined so far exceed the work limit
 * of the component's values object (grundy_values_limits(): one step per
 * move); GRUNDY_ERR_NOMEM; those of grundy_sum_values().  After an error
 * *moves is NULL.
 * O(total moves of all components) value lookups. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_sum_winning_moves(
    grundy_sum_move **moves, size_t *count, const grundy_sum_component *sum,
    size_t n, const grundy_value *values);

/* Moore's Nim_k and misere Nim *********************************************/

/* grundy_sum_is_nim() :
 * Non-zero when every component is a Nim heap of its value (its family
 * has GRUNDY_RULES_NIM: nim, divisors:H), so that the rules below apply
 * to the components' values. */
GRUNDY_API int grundy_sum_is_nim(const grundy_sum_component *sum, size_t n);

/* grundy_sum_moore_nim() :
 * Moore's Nim_k on the heaps h[0..n), k >= 1: *first_wins is set to 1 when
 * the player to move wins.  When he does, set[0..*nset) receives one
 * winning move set: *nset (1..k) distinct heap indices in increasing order
 * and their new sizes to[] (each smaller than the heap's size); the caller
 * passes room for min(n, k) entries in set and to.  *nset = 0 on a loss.
 * The winning set is built from the top binary digit down: heaps already
 * lowered are free below, and a digit whose count is not 0 mod k+1 either
 * sets enough free heaps' digit or lowers more heaps there (Moore 1910).
 * @return GRUNDY_ERR_ARG when k == 0.  O(64 n). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_sum_moore_nim(
    int *first_wins, size_t *set, grundy_pos *to, size_t *nset,
    const grundy_pos *h, size_t n, unsigned k);

/* grundy_sum_misere_nim() :
 * Misere Nim on the heaps h[0..n): *first_wins = 1 when the player to move
 * wins (the player who cannot move wins).  Every winning move, as for
 * grundy_sum_winning_moves() (component, from, one part or none; value =
 * the new heap size), in a new array *moves of *count entries, free with
 * free(); NULL and 0 when there are none (also when the player to move
 * wins by having no move: all heaps 0).  O(n). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_sum_misere_nim(
    int *first_wins, grundy_sum_move **moves, size_t *count,
    const grundy_pos *h, size_t n);

/* Exact search *************************************************************/

typedef enum grundy_play_convention {
    GRUNDY_PLAY_NORMAL = 0, /* the player who cannot move loses */
    GRUNDY_PLAY_MISERE = 1  /* the player who cannot move wins */
} grundy_play_convention;

typedef struct grundy_sum_search_opts {
    grundy_play_convention convention;
    unsigned moore_k;  /* a move changes 1..moore_k components; 0 or 1:
                          the ordinary sum */
    size_t max_states; /* refuse above this many distinct positions of
                          the sum; 0: GRUNDY_SUM_SEARCH_DEFAULT_STATES */
    const grundy_limits *limits; /* its memory limit and its work limit
                                    (NULL: the defaults): the search's
                                    tables are checked against the first
                                    before they grow, and every child
                                    position it generates is a step of
                                    the second (one Nim heap of 10^5 has
                                    few positions but 5*10^9 moves);
                                    progress and cancellation */
    int estimate;      /* 1 (the default): a sum whose state count is
                          estimated past max_states (the product of each
                          component's own count over sqrt(n!)), or whose
                          steps (states times moves) are past the work
                          limit, is refused at once, before searching */
} grundy_sum_search_opts;

#define GRUNDY_SUM_SEARCH_DEFAULT_STATES ((size_t)1 << 20)

/* Defaults: normal play, ordinary sum, the default limit. */
GRUNDY_API void grundy_sum_search_opts_init(grundy_sum_search_opts *o);

typedef struct grundy_sum_search_result {
    int first_wins;      /* the player to move wins */
    uint64_t remoteness; /* under normal play: the number of moves left
                            when the winner hurries and the loser delays
                            (odd iff first_wins; 0 for a finished game).
                            Under misere play: the same count plus 1 when
                            the game is won by having no move. */
    size_t states;       /* distinct positions of the sum searched */
    /* The best move set: fastest win, or, on a loss, the longest
     * resistance.  nbest components (1..k; 0 when there is no move). */
    grundy_sum_move *best;
    size_t nbest;
    /* Ordinary sums only (moore_k <= 1): every winning move, as for
     * grundy_sum_winning_moves() (value fields are 0: the search uses no
     * Grundy values).  NULL / 0 otherwise. */
    grundy_sum_move *winning;
    size_t nwinning;
} grundy_sum_search_result;

/* grundy_sum_search() :
 * Decide the sum by a direct search of its game tree: positions of the
 * sum are multisets of component positions (a component with no move is
 * dropped, equal components are interchangeable), each solved once with
 * its remoteness.  Uses no Grundy values, so it also decides misere play
 * and Nim_k for any family.  Memory and time grow with the number of
 * distinct positions reachable, which is refused above o->max_states
 * or past the memory limit of o->limits, and with the child positions
 * generated, refused past its work limit.  Games with cycles are not
 * searched here (GRUNDY_ERR_ARG): grundy_sum_analyze() solves them.
 * Errors: GRUNDY_ERR_LIMIT above max_states or the memory limit (or for a
 * component with more than GRUNDY_SUM_MAX_MOVES moves); GRUNDY_ERR_WORK
 * past the work limit; GRUNDY_ERR_CANCELLED; GRUNDY_ERR_NOMEM.
 * Free the result with grundy_sum_search_result_clear(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_sum_search(
    grundy_sum_search_result *out, const grundy_sum_component *sum,
    size_t n, const grundy_sum_search_opts *o);

/* Frees best and winning; accepts a zeroed or already cleared result. */
GRUNDY_API void grundy_sum_search_result_clear(grundy_sum_search_result *r);

/* One call for any sum *****************************************************/

/* How a sum was decided, or its move chosen.  The numbers are fixed and
 * never reused (front ends and stored results may keep them). */
typedef enum grundy_sum_method {
    GRUNDY_SUM_BY_VALUES = 0,     /* normal play: the nim-sum of the
                                     components' Grundy values */
    GRUNDY_SUM_BY_RULE = 1,       /* Moore's rule for Nim heaps (Nim_k) */
    GRUNDY_SUM_BY_QUOTIENT = 2,   /* misere: the game's misere quotient */
    GRUNDY_SUM_BY_MISERE_NIM = 3, /* misere: the rule of misere Nim */
    GRUNDY_SUM_BY_SEARCH = 4,     /* the exact search of the sum */
    GRUNDY_SUM_BY_LOOPY = 5,      /* sums with games with cycles (and
                                     finite games mixed in): Smith's rule
                                     on their generalized values
                                     (grundy/loopy.h) */
    GRUNDY_SUM_BY_NONE = 6        /* undecided within the limits: the best
                                     move is the one that takes least */
} grundy_sum_method;

/* grundy_sum_method_name() :
 * "values", "rule", "quotient", "misere nim", "search", "loopy", "none";
 * "unknown" for any other number.  Static strings. */
GRUNDY_API const char *grundy_sum_method_name(grundy_sum_method m);

/* What grundy_sum_analyze() is asked for (grundy_sum_opts.want). */
#define GRUNDY_SUM_MOVES 1u /* the outcome and every winning move (with
                               moore_k >= 1: one winning move set) */
#define GRUNDY_SUM_BEST 2u  /* a best move to play */
#define GRUNDY_SUM_REMOTENESS 4u /* the remoteness of the sum, of every
                                    move listed and of the best move */
#define GRUNDY_SUM_EVERY 8u /* moves lists every legal move (a move of one
                               component; under Moore's Nim_k too), not
                               only the winning ones, each with the
                               outcome after it in move_outcome[] */

/* What follows a move (grundy_sum_result.move_outcome), for the player
 * then to move. */
#define GRUNDY_SUM_AFTER_LOSS 0    /* loses: the move wins */
#define GRUNDY_SUM_AFTER_WIN 1     /* wins: the move loses */
#define GRUNDY_SUM_AFTER_DRAW 2    /* a draw (sums with cycles) */
#define GRUNDY_SUM_AFTER_UNKNOWN 3 /* past the limits */

/* Remoteness.  The remoteness of a position is the number of moves still
 * to be played when both players play perfectly: the player who can win
 * wins as fast as possible, the other lasts as long as possible
 * (Steinhaus).  A position with no move has remoteness 0 (under misere
 * play its player to move has won).  Under normal play and Moore's Nim_k
 * a position is won iff its remoteness is odd; under misere play iff it
 * is even.  The remoteness of a move counts the move: 1 + the remoteness
 * of the position it leads to.  In a sum with cycles a position neither
 * player can force to an end is a draw: GRUNDY_REMOTENESS_DRAW.  It is
 * computed by a search of the sum (grundy_sum_search() for finite sums,
 * a retrograde analysis of the positions reached for sums with cycles),
 * within max_states, the work limit and the memory limit; past them it is
 * GRUNDY_REMOTENESS_UNKNOWN, and the rest of the answer stands.  A move's
 * search is not begun when a guess that needs no search puts it past
 * max_states: heaps of a game whose moves split heaps (Kayles) count as
 * the multisets of heaps of their tokens in all, so the moves of Kayles
 * 1000 are answered at once, their remoteness unknown. */
#define GRUNDY_REMOTENESS_UNKNOWN UINT64_MAX
#define GRUNDY_REMOTENESS_DRAW (UINT64_MAX - 1)

/* The value field of a move in a sum with cycles whose component's value
 * after the move is infinite (inf(K): grundy/loopy.h). */
#define GRUNDY_SUM_INFINITE UINT64_MAX

/* The misere quotients grundy_sum_analyze() uses by default: at most this
 * order, heaps up to this size; beyond, it searches the sum. */
#define GRUNDY_SUM_QUOTIENT_MAX_ORDER 1024
#define GRUNDY_SUM_QUOTIENT_MAX_HEAP ((grundy_pos)20000)

typedef struct grundy_sum_opts {
    grundy_play_convention convention;
    unsigned moore_k;  /* 0: the ordinary sum; k >= 1: Moore's Nim_k (a move
                          changes 1..k components) */
    unsigned want;     /* GRUNDY_SUM_MOVES and/or GRUNDY_SUM_BEST; 0 is
                          taken as GRUNDY_SUM_MOVES */
    size_t max_states; /* the exact search's limit (0: the default
                          GRUNDY_SUM_SEARCH_DEFAULT_STATES) */
    const grundy_limits *limits; /* the search's and the quotient's limits
                                    (memory, progress, cancel); NULL: the
                                    first component's values object's */
    size_t quotient_max_order;    /* 0: GRUNDY_SUM_QUOTIENT_MAX_ORDER */
    grundy_pos quotient_max_heap; /* 0: GRUNDY_SUM_QUOTIENT_MAX_HEAP */
    /* The positions solved by earlier calls (grundy_sum_memo_new()), read
     * and grown by this one; NULL: none.  Only remoteness searches of
     * finite sums under normal play use it (see grundy_sum_memo_new()). */
    struct grundy_sum_memo *memo;
} grundy_sum_opts;

/* Defaults: normal play, the ordinary sum, GRUNDY_SUM_MOVES. */
GRUNDY_API void grundy_sum_opts_init(grundy_sum_opts *o);

typedef struct grundy_sum_result {
    /* The player to move wins (1) or loses (0); -1 only when the best
     * move alone was asked for and the limits left the sum undecided.  0
     * also for a drawn sum with cycles (draw below). */
    int first_wins;
    grundy_sum_method method; /* how first_wins (and moves) were decided */
    grundy_value value;       /* GRUNDY_SUM_BY_VALUES: the nim-sum; else 0 */
    size_t states;            /* a search ran: the sum's positions searched */
    size_t quotient_order;    /* GRUNDY_SUM_BY_QUOTIENT: the order of the
                                 quotient used (that of the heaps it had
                                 been grown to, at least the largest heap) */
    /* GRUNDY_SUM_MOVES: every winning move, in order of component and then
     * of the family's move order (value fields as the method gives them:
     * the new value of the component by the values, the heap's new size
     * by the rules, 0 otherwise).  With moore_k >= 1: one winning move set
     * (1..k moves, distinct components), none on a loss. */
    grundy_sum_move *moves;
    size_t nmoves;
    /* GRUNDY_SUM_BEST: the move to play, nbest 0 when no component can
     * move.  The fastest win when the sum is won (a winning move of the
     * quotient under misere play), the longest resistance when it is lost,
     * and, when neither the search nor the values can decide within the
     * limits, the move that takes least (a Nim heap one smaller; the
     * fewest tokens or cells taken among at most 2^16 moves of a
     * component).  With moore_k >= 1 a set of 1..k moves. */
    grundy_sum_move *best;
    size_t nbest;
    grundy_sum_method best_method; /* how best was chosen */
    /* GRUNDY_SUM_BY_LOOPY: 1 when neither player can force a win; moves
     * then lists every move that keeps the draw (the opponent cannot win
     * after it), and best is one of them. */
    int draw;
    /* GRUNDY_SUM_REMOTENESS: the sum's remoteness, that of moves[i] in
     * move_remoteness[i] (a Moore set's on each of its moves), that of
     * best in best_remoteness. */
    uint64_t remoteness;
    uint64_t *move_remoteness;
    uint64_t best_remoteness;
    /* GRUNDY_SUM_EVERY: what follows moves[i] (GRUNDY_SUM_AFTER_*). */
    unsigned char *move_outcome;
    /* After an error: 1 when it came from the components' Grundy values
     * at their positions (grundy_sum_values(); a finite component of a
     * sum with cycles), so that a limit passed is theirs, whatever the
     * method; 0 when it came from the method, or after success. */
    int values_failed;
} grundy_sum_result;

/* grundy_sum_analyze() :
 * Decide the sum sum[0..n) under o (NULL: the defaults), choosing the
 * method from what the components' families declare:
 *  - normal play, ordinary sum: the values (GRUNDY_SUM_BY_VALUES);
 *  - Moore's Nim_k under normal play, every family GRUNDY_RULES_NIM:
 *    Moore's rule on the heaps of the components' values;
 *  - misere play, ordinary sum: the misere quotient when every component
 *    is a heap of one game whose family has GRUNDY_RULES_MISERE and the
 *    quotient of heaps up to the largest one is within quotient_max_order
 *    and quotient_max_heap; else misere Nim's rule when every family has
 *    GRUNDY_RULES_NIM;
 *  - otherwise the exact search (grundy_sum_search());
 *  - a sum with a component of a family with cycles (GRUNDY_RULES_LOOPY;
 *    the others finite games of any family, normal play, ordinary sum):
 *    Smith's rule on the components' generalized values
 *    (GRUNDY_SUM_BY_LOOPY), the graph of each game with cycles solved
 *    once and kept with its values object; the outcome may be a draw.
 * The quotient is computed once per game and kept with the first
 * component's values object (freed with it), grown as later calls need.
 * For the best move (GRUNDY_SUM_BEST), in a won sum the winning move of
 * least remoteness among those the method finds (each searched from the
 * position it leads to, within the limits; the first winning move when
 * none can be); in a lost sum the move of greatest remoteness (a search
 * of the sum); when the method decides nothing, a search of the sum; and
 * past the limits the move that takes least.  In a sum with cycles the
 * fastest win, the longest loss or a move that keeps the draw by the
 * retrograde analysis, and past its limits the winning move that lowers
 * (sum of values, sum of counters) most (it wins in finitely many
 * moves), the first move that keeps the draw, or in a lost sum the move
 * that leaves the largest values: a drawn sum's best move never gives
 * the draw away.
 * values may be NULL, or the components' values (grundy_sum_values()) to
 * save computing them again.
 * Errors: GRUNDY_ERR_LIMIT when the search is refused (the sum past
 * max_states or the memory limit) or, under normal play, a component has
 * more than GRUNDY_SUM_MAX_MOVES moves to list; GRUNDY_ERR_WORK past the
 * work limit; GRUNDY_ERR_ARG for moore_k above GRUNDY_MOORE_KMAX, and for
 * misere play or Moore's Nim_k in a sum with cycles; those of
 * grundy_sum_values() and of grundy_sum_search(); for a game with cycles
 * those of grundy_loopy_game_from_rules(); GRUNDY_ERR_NOMEM.  After an
 * error out->values_failed says whether the components' values failed
 * (else the method named by out->method did).  With GRUNDY_SUM_BEST alone the
 * limits of the search and of the values are not errors but
 * first_wins = -1.  Free the result with grundy_sum_result_clear() (also
 * after an error). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_sum_analyze(
    grundy_sum_result *out, const grundy_sum_component *sum, size_t n,
    const grundy_value *values, const grundy_sum_opts *o);

/* Frees moves, best, move_remoteness and move_outcome; accepts a zeroed
 * or already cleared result. */
GRUNDY_API void grundy_sum_result_clear(grundy_sum_result *r);

/* The memo of solved positions *********************************************/

/* What grundy_sum_analyze() searches for the remoteness of moves (the
 * positions of finite sums under normal play, each a multiset of (game,
 * position) items, with its remoteness) kept from one call to the next,
 * so that a position asked again, or one whose moves lead where an
 * earlier question went, costs look-ups instead of a search.  A session
 * (grundy/session.h) keeps one for its games.
 *
 * The answers are those of a call without the memo: a remoteness is a
 * fact of its position, and every position solved in the memo has all it
 * reaches there too, so a call whose look-ups and new positions together
 * stay within its limits (max_states, the work limit, the memory limit)
 * is one whose search from nothing would have stayed within them.  A
 * call that passes a limit in the memo empties it and is answered again
 * from nothing, as without the memo.  The decision searches (misere play,
 * Moore's Nim_k), whose answer counts the positions searched, never use
 * it.
 *
 * Bound: after each call the memo holds at most max_bytes (what it held
 * past that is dropped whole: its positions depend on one another); during
 * a call it grows within the call's memory limit, as a call's own search
 * does.  Thread-safe: a call takes the memo for its duration, and a call
 * made while another holds it searches without it.  The games of the
 * positions must outlive the memo. */
typedef struct grundy_sum_memo grundy_sum_memo;

/* A memo of at most max_bytes between calls (0: GRUNDY_SUM_MEMO_DEFAULT).
 * GRUNDY_ERR_NOMEM.  Free with grundy_sum_memo_free(). */
#define GRUNDY_SUM_MEMO_DEFAULT ((size_t)256 << 20)
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_sum_memo_new(grundy_sum_memo **out, size_t max_bytes);

/* Frees the memo; accepts NULL.  No call may be using it. */
GRUNDY_API void grundy_sum_memo_free(grundy_sum_memo *m);

/* What the memo holds now: bytes (at most its max_bytes between calls),
 * positions, and how often it was emptied (past its bound, or by a call
 * that passed a limit or failed in it). */
typedef struct grundy_sum_memo_stats {
    size_t bytes, max_bytes;
    size_t positions;
    uint64_t emptied;
    uint64_t calls, calls_without; /* calls that used it; calls made while
                                      another held it */
} grundy_sum_memo_stats;
GRUNDY_API void grundy_sum_memo_stats_get(grundy_sum_memo_stats *out,
                                          grundy_sum_memo *m);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_SUM_H */
