/*
 * grundy/rules.h -- rule families: what a move is, and nothing else.
 *
 * A rule family is a const table of function pointers (grundy_rules).  The
 * built-in families are listed in one NULL-terminated registry; a program
 * adds its own family by filling a grundy_rules of its own and either
 * passing it to grundy_game_new_rules() directly or registering it by name
 * with grundy_rules_register().  See examples/custom_rules.c.
 *
 * A game (grundy_game) is one family plus its parsed parameters, created
 * from a spec string such as "subtract:1,3,4", "digits:base=16", "half".
 *
 * Positions are 64-bit integers whose meaning the family defines: a heap
 * size for heap games, a bitmask for boards.  A move leads to a list of at
 * most GRUNDY_MAX_PARTS independent components (a take-and-break move may
 * split a heap into several); the value of the move is the XOR of the
 * values of its parts, and a move with no parts leads to the empty game.
 */
#ifndef GRUNDY_RULES_H
#define GRUNDY_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t grundy_pos;   /* a position of one component */
typedef uint64_t grundy_value; /* a Grundy value (nimber) */

/* The most images of a position under a family's symmetries
 * (grundy_rules.orbit). */
#define GRUNDY_MAX_ORBIT 64

/* The most components a single move can leave (hexadecimal codes: 3). */
#define GRUNDY_MAX_PARTS 3

typedef struct grundy_move {
    grundy_pos part[GRUNDY_MAX_PARTS];
    unsigned nparts; /* 0 .. GRUNDY_MAX_PARTS */
} grundy_move;

/* Family flags. */
#define GRUNDY_RULES_HEAP 1u  /* positions are heap sizes 0,1,2,...; every
                                 part of every move from h is < h, so a
                                 dense table fills in increasing order */
#define GRUNDY_RULES_BOARD 2u /* finitely many positions 0..num_positions-1;
                                 every move goes to a single position of
                                 smaller popcount (tier tabulation) */
#define GRUNDY_RULES_NIM 4u   /* every position is a Nim heap of its value:
                                 its options are worth exactly 0 .. g - 1
                                 and are such positions again, so the rules
                                 of Moore's Nim_k and of misere Nim decide
                                 sums of them */
#define GRUNDY_RULES_SUBSETS 8u /* boards: every child of p is a subset of
                                   p's 1 bits, so g(p) needs only the
                                   2^popcount(p) subsets of p */
#define GRUNDY_RULES_SALTUS 16u /* values may grow periodically
                                   (g(n + p) = g(n) + s): the period search
                                   looks for that too */
#define GRUNDY_RULES_PAIRS 32u /* positions are pairs (a, b) of heaps
                                  numbered by Szudzik's pairing
                                  (grundy/twoheap.h): the positions with
                                  a, b < m are 0 .. m^2 - 1, every move
                                  leads to a smaller number, and tables
                                  are shown as squares */
#define GRUNDY_RULES_MISERE 64u /* heap games whose sums of heaps have a
                                   misere quotient (grundy/misere.h:
                                   grundy_misere_new() accepts the game);
                                   grundy_sum_analyze() asks this flag */
/* Heap games whose values split into few rare and many common ones
 * (take-and-break games, the sparse space method): front ends show the
 * split grundy_table_rare() finds (grundy/takebreak.h). */
#define GRUNDY_RULES_RARE 128u
/* Games with cycles: positions 0 .. num_positions - 1, and every move
 * leads to one position (nparts == 1) that may be larger, smaller or the
 * same (a play may go on forever).  Their values are generalized ones
 * (grundy/loopy.h: finite, or inf(K)), never a table of mex: the whole
 * graph of positions is solved at once (grundy_loopy_game_from_rules()),
 * and grundy/play.h plays and analyzes their sums, mixed with finite
 * games too.  A family whose positions have no bound unless one is given
 * (addsub:S:A) leaves num_positions 0 and takes the bound as a last
 * field ":H" of its spec (positions 0 .. H); front ends fill it from
 * their --heap-max (grundy_play_game()). */
#define GRUNDY_RULES_LOOPY 256u
/* All-but games: heap families with an interval() hook whose options of
 * n are every heap 0 .. n - 1 but n - x for x in one finite set X (the
 * x <= n of it), whatever n; interval() at a large n lists all of X.  An
 * arithmetic period that the table shows is then proven by a check of
 * the table (src/table/period.c: what the values below the window can
 * reach repeats, shifted by the saltus), not only seen. */
#define GRUNDY_RULES_ALLBUT 512u

/* The parameters of a take-and-break game (grundy/takebreak.h). */
struct grundy_takebreak_params;

/* Family kernels ***********************************************************/

/* The engine's side of a table being filled (grundy/table.h:
 * grundy_fill_tick(), grundy_fill_limits()). */
typedef struct grundy_fill grundy_fill;
/* A period of a family's values (defined in grundy/table.h). */
typedef struct grundy_period grundy_period;

/* A family's own table kernel.  fill() computes g(from .. n-1) into
 * values, an array of n entries of width(params) bytes each (uint8_t,
 * uint16_t or uint32_t), whose first `from` entries already hold
 * g(0 .. from-1) (in a sliding window, see lookback below, the array
 * starts at an offset).  It must call grundy_fill_tick(f, done) now and then
 * (every few thousand positions at least) once values[0 .. done) are
 * final, and return at once with what that call returns when it is not
 * GRUNDY_OK (cancellation).  A value that does not fit the width is
 * GRUNDY_ERR_OVERFLOW; the engine then uses the generic method.  For
 * board families from is 0 and n the number of positions. */
typedef struct GRUNDY_DESIGNATED_INIT grundy_kernel {
    const char *name; /* reported by grundy_values_source() */
    /* NULL: the kernel applies to every game of the family. */
    int (*applies)(const void *params);
    /* Bytes per value the kernel writes: 1, 2 or 4.  NULL: the width of
     * the family's value bound for the table (1 without a bound). */
    unsigned (*width)(const void *params);
    grundy_status (*fill)(const void *params, void *values, grundy_pos from,
                          grundy_pos n, grundy_fill *f);
    /* Working memory beyond the table for n positions; NULL: none. */
    size_t (*work_bytes)(const void *params, grundy_pos n);
    /* Optional: L > 0 when g(x) depends only on g(x - L .. x - 1).  Then a
     * single value far out is computed in a sliding window: fill() is
     * called on a buffer whose values[i] holds g(grundy_fill_offset(f) +
     * i), holding at least L finished values before `from`.  A kernel
     * with this hook must index its values relative to that offset.
     * NULL: 0 (only whole tables, offset 0). */
    grundy_pos (*lookback)(const void *params);
} grundy_kernel;

/* How a plot marks a move on a board (grundy_board_geometry.mark). */
typedef enum grundy_board_mark {
    GRUNDY_BOARD_MARK_THUMB = 0, /* a small board per move */
    GRUNDY_BOARD_MARK_DOMINO,    /* a move takes two cells: a label on the
                                    edge between them (Cram) */
    GRUNDY_BOARD_MARK_VERTEX,    /* a move takes a vertex and its
                                    neighbours: a label on that vertex
                                    (Node-Kayles) */
    GRUNDY_BOARD_MARK_CORNER     /* a label on the lowest cell a move takes
                                    (Chomp) */
} grundy_board_mark;

/* How a board position is drawn (grundy_board_geometry_get()): where
 * each cell or vertex is, which of them the position holds, and which
 * are joined.  Coordinates are in units of one cell, x to the right and
 * y downwards (row 0 of a grid is its top row). */
/* Boards of more than GRUNDY_BOARD_DRAW_MAX_CELLS cells are not drawn
 * (grundy_board_geometry_get() is GRUNDY_ERR_RANGE for them). */
#define GRUNDY_BOARD_DRAW_MAX_CELLS 64

typedef struct grundy_board_geometry {
    unsigned ncells;     /* cells or vertices: bit i of a position is
                            cell i, i < ncells <= 64 */
    int grid;            /* 1: cells are unit squares centred at (x, y)
                            of a rows x cols grid; 0: vertices of a graph,
                            drawn as dots joined by adj */
    unsigned rows, cols; /* grids: the board's size; graphs: 0 */
    uint64_t cells;      /* the cells the position holds: empty cells
                            (cram), 1s (rect), vertices left
                            (node-kayles), squares left (chomp) */
    uint64_t marked;     /* cells drawn apart (chomp's poisoned square) */
    double x[64], y[64]; /* the centre of cell i */
    uint64_t adj[64];    /* graphs: the neighbours of vertex i */
    grundy_board_mark mark; /* how a move is marked; 0: a small board
                               per move */
    const char *taken;      /* a static text naming a cell the position
                               does not hold, for a plot's key ("a covered
                               cell"); NULL: "a vertex taken" */
} grundy_board_geometry;

/* Boards past 64 cells ******************************************************/

/* The board search works on sets of cells of 1, 2 or 4 64-bit words (64,
 * 128 or 256 cells; cell i is bit i % 64 of word i / 64), the least width
 * that holds the board.  A board of at most 64 cells numbers its
 * positions by their set (the grundy_pos is the set), as every board
 * family always did.  A larger board's sets do not fit a grundy_pos: its
 * game names each position it is asked about (parsed, listed as a move,
 * the start) by a handle, a small number that stands for that set in that
 * game only, and the board search reads the set back through the cells
 * hook.  Such a game has no tables (its positions are not numbered), so
 * its values come from the board search alone.
 *
 * The hooks of one width: positions are arrays of `words` words.  A
 * family may offer them at a width above its board's least one too (a
 * board of 40 cells searched on 128-bit sets): the tests compare the
 * widths on boards that several hold. */
typedef struct grundy_board_wide {
    unsigned words; /* 2 or 4 */
    /* An upper bound on the number of children of p. */
    size_t (*max_moves)(const void *params, const uint64_t *p);
    /* The children of p (one move each, each a position of `words`
     * words) into out[0 .. cap * words); returns their number (when it
     * exceeds cap only the first cap were written). */
    size_t (*children)(const void *params, const uint64_t *p, uint64_t *out,
                       size_t cap);
    /* As grundy_rules.components, on sets of `words` words. */
    size_t (*components)(const void *params, const uint64_t *p,
                         uint64_t *out, size_t cap);
    /* As grundy_rules.key: key[0 .. words) and a tag 0..255 in *tag;
     * parts with equal keys and tags have equal values. */
    void (*key)(const void *params, const uint64_t *p, uint64_t *key,
                unsigned *tag);
} grundy_board_wide;

/* The rule-family interface ************************************************
 *
 * A program fills a grundy_rules (and a grundy_kernel) with designated
 * initialisers only ({.name = "squares", .parse = ..., .moves = ...}),
 * which GRUNDY_DESIGNATED_INIT makes the compiler enforce: new optional
 * hooks are added at the end of the struct, and a table that names its
 * fields stays right (the hooks it does not name are NULL).  The library
 * reads the whole struct, so a program built against an older header is
 * rebuilt against the new one (doc/ARCHITECTURE.md: why this and not a
 * size field or a builder). */

typedef struct GRUNDY_DESIGNATED_INIT grundy_rules {
    /* Registry key: the part of a spec before the first ':'. */
    const char *name;
    /* One help line: spec syntax, then what a move is. */
    const char *synopsis;
    unsigned flags;

    /* Optional.  Non-zero when the family accepts this whole spec although
     * it does not start with name (octal codes "0.137").  The whole spec
     * is then passed to parse(). */
    int (*claims)(const char *spec);

    /* Parse the family's parameters.  args is the text after "name:" (or
     * the whole spec for a claimed spec), or NULL when there is none.
     * *params may be left NULL by parameterless families.  On error, set
     * where->col to the 1-based offset in args of the offending character
     * (grundy_game_new() shifts it to the offset in the whole spec). */
    grundy_status (*parse)(void **params, const char *args,
                           grundy_parse_error *where);
    /* Free what parse() allocated; called with NULL too. */
    void (*free_params)(void *params);

    /* Optional.  Number of positions for finite families (boards); 0 or
     * NULL for unbounded heap families.  UINT64_MAX stands for 2^64 (a
     * board of 64 cells, every 64-bit value a position). */
    grundy_pos (*num_positions)(const void *params);

    /* Optional.  Parse / format a position.  NULL: plain decimal. */
    grundy_status (*pos_parse)(const void *params, const char *text,
                               size_t len, grundy_pos *out,
                               grundy_parse_error *where);
    /* Writes at most cap bytes including the NUL; returns the length the
     * full text needs (snprintf semantics). */
    size_t (*pos_format)(const void *params, grundy_pos p, char *buf,
                         size_t cap);

    /* An upper bound on the number of moves from p. */
    size_t (*max_moves)(const void *params, grundy_pos p);
    /* List the moves from p into out[0..cap); returns their number.  When
     * the return exceeds cap only the first cap were written. */
    size_t (*moves)(const void *params, grundy_pos p, grundy_move *out,
                    size_t cap);

    /* Optional.  The largest number of tokens a move removes from a heap
     * (a move from h leaves parts summing to >= h - max_take), or 0 when
     * unbounded.  Lets values be computed in a sliding window and bounds
     * periodicity proofs. */
    grundy_pos (*max_take)(const void *params);

    /* Optional.  A closed form: store g(p) in *out and return 1, or return
     * 0 when none is known for this p. */
    int (*value)(const void *params, grundy_pos p, grundy_value *out);

    /* Optional hooks.  The engine calls each one when it is present and
     * uses its generic method otherwise; the built-in families go through
     * the same hooks as a family of a program's own. */

    /* The canonical spec of the game, snprintf semantics: one text for
     * every spelling of the same game ("kayles", "0.770" and "octal:0.77"
     * all give "0.77").  It names the game's tables in a store.  NULL: the
     * spec as written. */
    size_t (*spec_format)(const void *params, char *buf, size_t cap);

    /* An upper bound on g(p) over p < n (sizes tables before they are
     * filled).  NULL: unknown (tables start one byte wide and widen). */
    grundy_value (*value_bound)(const void *params, grundy_pos n);

    /* The family's own table kernel, or NULL. */
    const grundy_kernel *kernel;

    /* A period criterion: how long a run of g(n + p) = g(n), n >= q, the
     * table must show for the period p from the preperiod q to hold for
     * every n (for subtraction games max(S)), or 0 when no theorem
     * applies.  NULL: periods are only ever seen, never proven. */
    grundy_pos (*period_run)(const void *params, grundy_pos q, grundy_pos p);

    /* Boards: the positions one move from p (a move leaves one
     * component), at most max_moves(p) of them, into out[0 .. cap);
     * returns their number.  NULL: from moves(). */
    size_t (*children)(const void *params, grundy_pos p, grundy_pos *out,
                       size_t cap);

    /* Boards: the images of p under the board's symmetries other than the
     * identity (rotations, reflections; all have p's value and p's number
     * of 1s), at most GRUNDY_MAX_ORBIT of them, into out[0 .. cap);
     * returns their number.  The listing may stop early once an image
     * smaller than p is listed (p is then not the least of its orbit).
     * Tier tabulation computes only the least position of each orbit.
     * NULL: no symmetry is used. */
    size_t (*orbit)(const void *params, grundy_pos p, grundy_pos *out,
                    size_t cap);

    /* A move from p to a position of value v built directly (Nim: the heap
     * v).  Returns 1 with *out set, 0 when p has no move to value v, -1
     * when the family cannot tell (the engine then lists the moves).
     * NULL: always -1. */
    int (*move_to_value)(const void *params, grundy_pos p, grundy_value v,
                         grundy_move *out);

    /* Heap families whose moves reach an interval of heap sizes: the
     * options of p are exactly the single heaps lo .. hi (none when lo >
     * hi) other than the excluded ones.  Stores lo and hi, writes the
     * excluded heaps (distinct, within lo .. hi, any order) to excl[0 ..
     * cap) and returns their number (when it exceeds cap, the engine
     * calls again with room for all of them).  lo and hi must not
     * decrease as p grows.  A family with this hook and no kernel of its
     * own is tabulated by the range-mex kernel (the mex of a sliding
     * window of values, O(log) per position plus the exclusions) instead
     * of listing its moves.  NULL: the moves are listed. */
    size_t (*interval)(const void *params, grundy_pos p, grundy_pos *lo,
                       grundy_pos *hi, grundy_pos *excl, size_t cap);

    /* Boards searched one position at a time (grundy/board.h).  The
     * board search engine takes values of single positions far beyond
     * what a table holds by splitting positions into independent parts
     * (their values XOR), and by keeping the values of parts under keys
     * shared by every part of the same shape. */

    /* The position the game starts from (the empty Cram board, the whole
     * graph, the full Chomp rectangle); grundy_game_pos_parse() reads the
     * text "start" as this position.  NULL: the game has none. */
    grundy_pos (*start)(const void *params);

    /* Boards: split p into independent parts, positions of the same game
     * whose sum is p or a position of p's value (so g(p) is the XOR of
     * their values), none of which splits further; parts with no move may
     * be left out, so a position with no move has no part, and so may
     * cells that cannot change the value (Cram drops the extra leaves of
     * a star).  Writes at most cap parts into out[0 ..
     * cap) and returns their number (when it exceeds cap only the first
     * cap were written).  NULL: a position never splits. */
    size_t (*components)(const void *params, grundy_pos p, grundy_pos *out,
                         size_t cap);

    /* Boards: a key of p for a table of values, key[0] and key[1] <
     * 2^32: positions with equal keys must have equal values (p moved to
     * a corner of the board and taken as the least of its images under
     * the board's symmetries; an encoding of the graph p induces).  Called
     * on any position, most often on one part of components().  NULL: the
     * key is p, the least of its orbit when the family has an orbit hook. */
    void (*key)(const void *params, grundy_pos p, uint64_t key[2]);

    /* Boards: how p is drawn.  out is zeroed before the call, and p is a
     * position of the game.  NULL: the family cannot be drawn
     * (grundy_board_geometry_get() is GRUNDY_ERR_ARG). */
    grundy_status (*geometry)(const void *params, grundy_pos p,
                              grundy_board_geometry *out);

    /* Take-and-break games: the game's code (grundy/takebreak.h), whose
     * moves must be the family's moves; what grundy_takebreak_get()
     * returns and what misere quotients and the sparse space method read.
     * NULL: the game is not a take-and-break game. */
    const struct grundy_takebreak_params *(*takebreak)(const void *params);

    /* Boards past 64 cells (see grundy_board_wide above).  All three or
     * none. */
    /* The least number of words a position of this game takes: 1 when
     * its board has at most 64 cells (a grundy_pos is the set of cells),
     * 2 or 4 when a grundy_pos is a handle. */
    unsigned (*words)(const void *params);
    /* The hooks for sets of `words` words (2 or 4, at least words()), or
     * NULL when the family has none at that width. */
    const grundy_board_wide *(*wide)(const void *params, unsigned words);
    /* The set of cells of position p into out[0 .. words) (words at least
     * words()): 1, or 0 when p names no position of the game. */
    int (*cells)(const void *params, grundy_pos p, uint64_t *out,
                 unsigned words);

    /* Boards: a window for an endgame database (grundy/board.h).  The
     * spec of a game of this family on a smaller board, of at most
     * `cells` cells, whose positions, each placed on this game's board by
     * window_place(), are the small parts the search meets most (cram and
     * node-kayles grids: every row of the board and as many columns as
     * fit).  snprintf semantics; 0 when the family has no window for this
     * budget. */
    size_t (*window)(const void *params, unsigned cells, char *buf,
                     size_t cap);
    /* Position q of the window game (wparams: its parameters) placed at
     * the corner of this game's board, into out[0 .. words) (words at
     * least words()): 1, or 0 when q may be passed over because another
     * position of the window that is kept has the same parts up to the
     * family's keys (the search keeps only the least position of each
     * orbit of the window game's orbit hook besides). */
    int (*window_place)(const void *params, const void *wparams,
                        grundy_pos q, uint64_t *out, unsigned words);

    /* Optional.  The moves of p with a status, for a family whose moves
     * come from code that can fail (a callback in another language, a
     * file read on demand): writes them into out[0 .. cap) and their
     * number into *count (when it exceeds cap only the first cap were
     * written, and grundy_game_moves() calls again with room for all).
     * A status other than GRUNDY_OK (GRUNDY_ERR_FAMILY for a failure of
     * the family's own) stops the computation that asked for the moves,
     * which returns it.  When present, grundy_game_moves() (through which
     * the table engine, the values and the searches list moves) calls it
     * instead of moves().  max_moves() and moves() are still required: a
     * bound for estimates made before any listing, and a listing where no
     * status can be returned; after a failure they may answer 0.  NULL:
     * moves() cannot fail. */
    grundy_status (*list_moves)(const void *params, grundy_pos p,
                                grundy_move *out, size_t cap,
                                size_t *count);
    /* What the family's closed form says of its period, for every n: 1
     * with *why a static text of the closed form ("g(n) = n") and *out a
     * period, found and proven (saltus > 0 for an arithmetic one: Nim's is
     * period 1, saltus 1), or all zero when the closed form proves there
     * is none at all, ordinary or arithmetic; 0 when it says nothing.
     * NULL: says nothing.  grundy_period_find() reports it whatever the
     * table. */
    int (*period_known)(const void *params, grundy_period *out,
                        const char **why);
} grundy_rules;

/* Registry *****************************************************************/

/* The built-in families, NULL-terminated, in help order. */
GRUNDY_API extern const grundy_rules *const grundy_rules_builtin[];

/* grundy_rules_find() :
 * The family a spec belongs to: a name match of the text before ':'
 * (built-in first, then registered ones), then a family whose claims()
 * accepts the spec.  @return NULL when none does, and for a NULL or
 * empty spec. */
GRUNDY_API const grundy_rules *grundy_rules_find(const char *spec);

/* grundy_rules_register() :
 * Make a user family findable by name.  Not thread-safe: call it before
 * starting threads.  The pointer must outlive every lookup.
 * @return GRUNDY_ERR_ARG if the name is taken or missing, GRUNDY_ERR_LIMIT
 * when 64 families are registered already. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_rules_register(const grundy_rules *r);

/* grundy_rules_alias() :
 * The spec a named alias stands for ("kayles" -> "0.77"), or NULL (also
 * for a NULL name). */
GRUNDY_API const char *grundy_rules_alias(const char *name);

/* Games: a family with its parameters **************************************/

typedef struct grundy_game grundy_game; /* opaque */

/* grundy_game_new() :
 * Parse spec ("name", "name:args", an alias, or a claimed spec) into a new
 * game.  Errors: GRUNDY_ERR_ARG for an unknown family (where->msg names
 * it), for a NULL or empty spec (at 1:1) and for out == NULL,
 * GRUNDY_ERR_PARSE / GRUNDY_ERR_RANGE with where->col pointing into
 * spec.  Free with grundy_game_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_game_new(grundy_game **out,
                                               const char *spec,
                                               grundy_parse_error *where);

/* grundy_game_new_rules() :
 * As grundy_game_new() with the family given directly; args as for
 * grundy_rules.parse. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_game_new_rules(
    grundy_game **out, const grundy_rules *rules, const char *args,
    grundy_parse_error *where);

/* grundy_game_free() : accepts NULL. */
GRUNDY_API void grundy_game_free(grundy_game *g);

GRUNDY_API const grundy_rules *grundy_game_rules(const grundy_game *g);
GRUNDY_API const void *grundy_game_params(const grundy_game *g);
/* The spec the game was created from (owned by the game). */
GRUNDY_API const char *grundy_game_spec(const grundy_game *g);
/* 0 for unbounded heap games. */
GRUNDY_API grundy_pos grundy_game_num_positions(const grundy_game *g);

/* grundy_game_canonical_spec() :
 * The canonical spec of g (see grundy_rules.spec_format): one text for
 * every spelling of the same game ("kayles" gives "0.77"), snprintf
 * semantics. */
GRUNDY_API size_t grundy_game_canonical_spec(const grundy_game *g,
                                             char *buf, size_t cap);

/* grundy_game_pos_parse() :
 * Parse one position of this game from text[0..len).  Checks that the
 * position is in range for finite families.  where->col is 1-based
 * within text.  text may be NULL when len is 0 (an empty text);
 * GRUNDY_ERR_ARG for a NULL g or out, or a NULL text with len > 0. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_game_pos_parse(
    const grundy_game *g, const char *text, size_t len, grundy_pos *out,
    grundy_parse_error *where);

/* grundy_game_pos_format() : snprintf semantics. */
GRUNDY_API size_t grundy_game_pos_format(const grundy_game *g, grundy_pos p, char *buf,
                              size_t cap);

/* grundy_game_board_words() :
 * The 64-bit words a position of g takes in the board search (1, 2 or
 * 4; grundy_rules.words): 0 for a family without the hook.  Above 1 the
 * game's positions are handles (grundy_board_wide). */
GRUNDY_API unsigned grundy_game_board_words(const grundy_game *g);

/* grundy_game_moves() :
 * All moves from p in a buffer that grows as needed: *buf (capacity *cap,
 * both may start NULL / 0) is reallocated with realloc().  The caller
 * frees *buf with free().  @return GRUNDY_ERR_NOMEM on failure, or the
 * status of the family's list_moves hook (GRUNDY_ERR_FAMILY). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_game_moves(const grundy_game *g,
                                                 grundy_pos p,
                                                 grundy_move **buf,
                                                 size_t *cap, size_t *count);

/* Built-in families (to pass to grundy_game_new_rules()) *******************/

GRUNDY_API extern const grundy_rules grundy_rules_nim;      /* "nim" */
GRUNDY_API extern const grundy_rules grundy_rules_subtract; /* "subtract:1,3,4" */
GRUNDY_API extern const grundy_rules grundy_rules_allbut;   /* "allbut:1,2" */
GRUNDY_API extern const grundy_rules grundy_rules_digits;   /* "digits[:base=B]" */
GRUNDY_API extern const grundy_rules grundy_rules_half;     /* "half" */
GRUNDY_API extern const grundy_rules grundy_rules_divisors; /* "divisors:H" */
GRUNDY_API extern const grundy_rules grundy_rules_take;     /* "take:1..h/2" */

/* Board families.  A position is a set of cells or vertices, one bit
 * each, and a board has at most GRUNDY_BOARD_MAX_CELLS of them (a larger
 * board is refused, before any work, with a message naming the limit);
 * their values of single positions come from the board search
 * (grundy/board.h).  A board of more than 64 cells names its positions
 * by handles (grundy_board_wide above); cram and node-kayles search such
 * boards on 128- or 256-bit sets, chomp numbers its diagrams as always:
 *
 *   cram:RxC          dominoes: a move fills two orthogonally adjacent
 *                     empty cells of an R x C board.  A position is the
 *                     set of empty cells, bit r*C + c for row r (0 =
 *                     top) and column c, written as rows of 0/1 (1 =
 *                     empty) separated by '/', top row first.  Start: the
 *                     empty board; "cram:RxC:ROWS" starts from ROWS.
 *   node-kayles:GRAPH a move removes a vertex and its neighbours.  GRAPH
 *                     is path:N, cycle:N, grid:RxC, complete:N, petersen
 *                     or file:PATH (an edge list: "u v" per line, or "v"
 *                     for a vertex alone, vertices 0..63, '#' comments).
 *                     A position is the set of vertices left, written one
 *                     0/1 per vertex (grids as rows, like cram).  Start:
 *                     the whole graph.
 *   chomp:RxC         a move eats a square and every square above it and
 *                     to its right; the bottom-left square is poisoned
 *                     (whoever must take it has lost).  A position is
 *                     written as its row lengths from the bottom up
 *                     ("7,4,2"); it is numbered by rank among the C(R+C,
 *                     R) - 1 diagrams (fewer squares first).  Start: the
 *                     full bar; "chomp:RxC:ROWS" starts from ROWS.
 *
 * "start" is a position of each of them (grundy_game_pos_parse()). */
#define GRUNDY_BOARD_MAX_CELLS 256

GRUNDY_API extern const grundy_rules grundy_rules_cram;        /* "cram:5x5" */
GRUNDY_API extern const grundy_rules grundy_rules_node_kayles; /* "node-kayles:path:9" */
GRUNDY_API extern const grundy_rules grundy_rules_chomp;       /* "chomp:3x7" */

/* Games with cycles (GRUNDY_RULES_LOOPY, grundy/loopy.h):
 *
 *   addsub:S:A[:H]    remove s in S or add a in A stones (positive
 *                     numbers, comma-separated, either list may be
 *                     empty), heaps 0..H; an empty heap is final.
 *   graph:PATH        a token on the directed graph in the file PATH (an
 *                     edge list or DOT, grundy_loopy_graph_load()); a
 *                     position is a vertex, by number or by its DOT name.
 */
GRUNDY_API extern const grundy_rules grundy_rules_addsub; /* "addsub:1,2:1:20" */
GRUNDY_API extern const grundy_rules grundy_rules_graph;  /* "graph:g.dot" */

/* Parameters of the built-in heap families, for kernels that specialise. */
typedef struct grundy_subtract_params {
    size_t n;            /* number of distinct amounts */
    grundy_pos *amounts; /* strictly increasing, all >= 1 */
} grundy_subtract_params;

typedef struct grundy_digits_params {
    unsigned base; /* 2..36 */
} grundy_digits_params;

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_RULES_H */
