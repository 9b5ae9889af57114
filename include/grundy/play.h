/*
 * grundy/play.h -- one play engine for every kind of sum: finite games,
 * boards, misere play, Moore's Nim_k, games with cycles, and sums that mix
 * them.
 *
 * A game state (grundy_play) is a sum of components, each a position of a
 * game with its values object, the play convention, whose turn it is, and
 * the moves played so far.  Every front end (the grundy program's `play`
 * and `analyze`, the Python module, a web server) builds its state here
 * and asks it everything: the position as text, a typed move parsed and
 * checked, the legal moves, applying, undoing and redoing a move, the
 * best move, every move with its value, its outcome and its remoteness,
 * and a text form of the whole state (its start and its moves) that
 * rebuilds it, so that a stateless request can carry a game.
 *
 * Order of use: grundy_play_opts_init() and set fields; grundy_play_new()
 * on a session (grundy/session.h: the games, their values objects, the
 * limits and the store); grundy_play_add() once per component (with the
 * game from grundy_play_game(), the one spec opener of the front ends) or
 * grundy_play_parse() on a text form; then, as often as wanted:
 * grundy_play_show(), grundy_play_parse_move(), grundy_play_legal(),
 * grundy_play_analyze(), grundy_play_apply(), grundy_play_undo(),
 * grundy_play_redo(), grundy_play_over(), grundy_play_format(); and the
 * writers (grundy_play_analysis_write() and its siblings) for what a
 * front end prints of it.
 *
 * The decisions are grundy_sum_analyze()'s (grundy/sum.h): which theory
 * decides the sum, the outcome, the winning moves, the best move (in a
 * sum with cycles it never gives a draw away) and the remoteness (there
 * defined).  The engine adds the state and its history, the text of
 * positions and moves, and the generalized values of sums with cycles.
 *
 * Players: the player who moves first is player 0, the other player 1;
 * a front end says which is the user.  Numbering: components count from
 * 1 in text (as typed and shown) and from 0 in the API.  A move that
 * splits a heap puts its parts in the component's place (component i
 * becomes parts i, i+1, ...); a move that leaves nothing removes it.
 *
 * Not thread-safe: a state belongs to its session's thread.  The session
 * must outlive its states.
 */
#ifndef GRUNDY_PLAY_H
#define GRUNDY_PLAY_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/io.h"
#include "grundy/loopy.h"
#include "grundy/rules.h"
#include "grundy/session.h"
#include "grundy/status.h"
#include "grundy/sum.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Games ********************************************************************/

/* grundy_play_game() :
 * The game of spec in session s (kept by the session: the same spec gives
 * the same game).  A family with cycles whose positions have no bound in
 * the spec (addsub:S:A) takes heap_max as its bound, the spec then read as
 * spec + ":" + heap_max (the game's canonical spec names the bound);
 * without one it is refused (GRUNDY_ERR_ARG, "... needs a bound ...").
 * Errors as grundy_session_game(), where->col into spec.  The front ends'
 * one spec opener: grundy analyze, play and values go through it. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_game(const grundy_game **out, grundy_session *s, const char *spec,
                 uint64_t heap_max, grundy_parse_error *where);

/* States *******************************************************************/

typedef struct grundy_play grundy_play; /* opaque */

typedef struct grundy_play_opts {
    grundy_play_convention convention; /* normal or misere play */
    unsigned moore_k;  /* 0: the ordinary sum; k >= 1: Moore's Nim_k (a
                          move changes 1..k components) */
    uint64_t heap_max; /* grundy_play_game()'s bound for families with
                          cycles whose specs give none (0: none) */
    size_t max_states; /* the searches' bound on positions (0: the
                          default of grundy/sum.h) */
    unsigned repeat;   /* a play that comes back to a position this many
                          times with the same player to move ends in a
                          draw (games with cycles); 0: 3 */
} grundy_play_opts;

/* Defaults: normal play, the ordinary sum, no bound, repeat 3. */
GRUNDY_API void grundy_play_opts_init(grundy_play_opts *o);

/* grundy_play_new() :
 * An empty state (no component: the player to move has no move) on
 * session s, with options o (NULL: the defaults; copied).  Its limits are
 * the session's (grundy_session_limits(), read at each call).  Errors:
 * GRUNDY_ERR_ARG for moore_k above GRUNDY_MOORE_KMAX; GRUNDY_ERR_NOMEM.
 * Free with grundy_play_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_new(grundy_play **out, grundy_session *s,
                const grundy_play_opts *o);

/* grundy_play_free() : accepts NULL. */
GRUNDY_API void grundy_play_free(grundy_play *p);

/* grundy_play_add() :
 * Append a component: game g (of the state's session) at the position
 * written pos (grundy_game_pos_parse(): "start" for the start of a
 * board).  written is the spec as the user wrote it (NULL: the game's),
 * shown in text and kept in transcripts.  Only before the first move
 * (GRUNDY_ERR_ARG after).  Errors: the position's parse error, where->col
 * into pos; GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_add(grundy_play *p, const grundy_game *g, const char *written,
                const char *pos, grundy_parse_error *where);

/* What grundy_play_add_arg() found wrong. */
typedef enum grundy_play_arg_fault {
    GRUNDY_PLAY_ARG_OK = 0,
    GRUNDY_PLAY_ARG_FORM,    /* no rules, and the text is not SPEC:POS (no
                                ':' after its first byte) */
    GRUNDY_PLAY_ARG_LONG,    /* SPEC of 256 bytes or more */
    GRUNDY_PLAY_ARG_RULES,   /* the spec: where.col into spec */
    GRUNDY_PLAY_ARG_POSITION /* the position: where.col into pos */
} grundy_play_arg_fault;

/* A component as a front end reads it, and what went wrong. */
typedef struct grundy_play_arg {
    grundy_play_arg_fault fault;
    char spec[256];          /* the spec as written */
    const char *pos;         /* the position's text (into the text) */
    const grundy_game *game; /* its game, once opened */
    grundy_parse_error where;
} grundy_play_arg;

/* grundy_play_add_arg() :
 * Add a component written as the front ends read one: text is a position
 * of the family rules, or, rules NULL, "SPEC:POS" split at its last ':'
 * (nim:5, rect:2x2:11/01, addsub:4,5:2:7).  The game comes from
 * grundy_play_game() on p's session with p's heap_max, and goes to
 * grundy_play_add() with the spec as written.  *a says what was read and,
 * on error, what was wrong (a->fault) and where.  Errors:
 * GRUNDY_ERR_PARSE for GRUNDY_PLAY_ARG_FORM and _LONG; those of
 * grundy_play_game() (_RULES) and grundy_play_add() (_POSITION). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_add_arg(grundy_play *p, const char *rules, const char *text,
                    grundy_play_arg *a);

/* grundy_play_read() :
 * Add the components a front end was given, texts[0..n), each as
 * grundy_play_add_arg() reads one (rules: the family of every one, or
 * NULL for SPEC:POS each), then refuse an option the sum cannot take
 * (grundy_play_refused_option()) and prepare the games
 * (grundy_play_prepare()): the one reader of a whole sum that `grundy
 * analyze`, `grundy play` and `grundy serve` share.  hook (may be NULL)
 * is called for component i once its spec is known (a->spec, a->game
 * NULL), before the game is opened, and again with the game open
 * (a->game), before its position is read; a status other than
 * GRUNDY_OK from it stops the reading and is returned.  On error *f says
 * where (f->stage): the component f->at and f->arg as
 * grundy_play_add_arg() leaves it (_ARG, _HOOK), the option's name
 * f->option (_OPTION, GRUNDY_ERR_ARG), or the component f->at whose game
 * failed to prepare and f->arg.where.msg why (_PREPARE).  The state
 * keeps the components added; the caller frees it. */
typedef grundy_status (*grundy_play_read_hook)(void *ctx, size_t i,
                                               const grundy_play_arg *a);

typedef enum grundy_play_read_stage {
    GRUNDY_PLAY_READ_OK = 0,
    GRUNDY_PLAY_READ_ARG,     /* a component's text (f->arg.fault) */
    GRUNDY_PLAY_READ_HOOK,    /* the hook refused a component */
    GRUNDY_PLAY_READ_OPTION,  /* an option the sum cannot take */
    GRUNDY_PLAY_READ_PREPARE  /* a game's preparation */
} grundy_play_read_stage;

typedef struct grundy_play_read_fault {
    grundy_play_read_stage stage;
    size_t at;          /* the component, from 0 */
    grundy_play_arg arg;
    const char *option; /* "moore" or "misere" */
} grundy_play_read_fault;

GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_read(grundy_play *p, const char *rules, const char *const *texts,
                 size_t n, grundy_play_read_hook hook, void *ctx,
                 grundy_play_read_fault *f);

/* grundy_play_prepare() :
 * Make ready what the components' games need before the first question:
 * the graph of each game with cycles, built through its moves and solved
 * (once per game, kept with its values object for every later question
 * of the session).  On failure *at (may be NULL) is the first component
 * of the game that failed and where->msg says why (the memory limit and
 * the graph's size, ...).  Errors: those of
 * grundy_loopy_game_from_rules(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_prepare(grundy_play *p, size_t *at, grundy_parse_error *where);

/* The options the state was made with. */
GRUNDY_API const grundy_play_opts *grundy_play_options(const grundy_play *p);

/* The components now: *count of them (pointers valid until the next
 * apply, undo, redo or add). */
GRUNDY_API const grundy_sum_component *
grundy_play_components(const grundy_play *p, size_t *count);

/* The game of component i, and its spec as written. */
GRUNDY_API const grundy_game *grundy_play_game_of(const grundy_play *p,
                                                  size_t i);
GRUNDY_API const char *grundy_play_written(const grundy_play *p, size_t i);

/* grundy_play_label() :
 * The spec that text shows for game g written as `written`: the game's
 * own spec (an alias resolved: "kayles" shows as "0.77"), less a bound
 * grundy_play_game() added (addsub:4,5:2 with heap_max 20 shows as
 * written).  Owned by g or by the caller's written. */
GRUNDY_API const char *grundy_play_label(const grundy_game *g,
                                         const char *written);

/* Non-zero when the components are of more than one game (text then
 * names each one's game), and when some game has cycles. */
GRUNDY_API int grundy_play_mixed(const grundy_play *p);
GRUNDY_API int grundy_play_has_cycles(const grundy_play *p);

/* grundy_play_refused_option() :
 * The option of p's grundy_play_opts that its sum cannot take, as a
 * front end names it ("moore" or "misere"), or NULL: a sum with cycles
 * is played under normal play, one component a move (Smith's rule). */
GRUNDY_API const char *grundy_play_refused_option(const grundy_play *p);

/* The player to move: 0 (the one who moved first) or 1. */
GRUNDY_API unsigned grundy_play_turn(const grundy_play *p);

/* Text *********************************************************************/

/* grundy_play_show() :
 * The position as text: "[1] 3  [2] 4  [3] 5", with each game's spec
 * before its position when the state is mixed ("[1] nim 2  [2] half 5"),
 * "(empty)" for no component.  snprintf semantics. */
GRUNDY_API size_t grundy_play_show(const grundy_play *p, char *buf,
                                   size_t cap);

/* grundy_play_parts_text() :
 * What a move of game g leaves, as typed: "3", "1+2", or "-" for
 * nothing.  snprintf semantics. */
GRUNDY_API size_t grundy_play_parts_text(const grundy_game *g,
                                         const grundy_move *m, char *buf,
                                         size_t cap);

/* grundy_play_move_text() :
 * A move set as typed: "C TO" per move ("2 1+1"), joined by ", " under
 * Moore's Nim_k.  snprintf semantics. */
GRUNDY_API size_t grundy_play_move_text(const grundy_play *p,
                                        const grundy_sum_move *set, size_t n,
                                        char *buf, size_t cap);

/* Moves ********************************************************************/

/* The most moves in one set (Moore's Nim_k). */
#define GRUNDY_PLAY_MAX_SET GRUNDY_MOORE_KMAX

/* grundy_play_parse_move() :
 * A move typed as "C TO": the component's number and the position it
 * leaves (parts of a split joined by '+', '-' for nothing; C may be left
 * out when there is one component); under Moore's Nim_k up to k of them
 * joined by ','.  The move is checked against the family's moves (a
 * typed move equal to a legal one up to the order of its parts, empty
 * heaps and the family's own spelling of a position is that move).  Into
 * set[0..*n) (room for cap: GRUNDY_PLAY_MAX_SET is always enough).
 * Errors, each with where->col (1-based in text) and where->msg, the
 * state unchanged: GRUNDY_ERR_PARSE, not of that form ("type COMPONENT
 * POSITION (as in '1 3')"); GRUNDY_ERR_RANGE, no such component ("'9' is
 * not a component: components are 1 to 3"); GRUNDY_ERR_ARG, not a
 * position of the game ("'x' is not a position of nim: ..."), more parts
 * than a move leaves, the same component twice, or not a move of the
 * game ("component 1 cannot go from 0 to 7 in one move"). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_play_parse_move(
    const grundy_play *p, const char *text, size_t len, grundy_sum_move *set,
    size_t cap, size_t *n, grundy_parse_error *where);

/* grundy_play_legal() :
 * Every legal move of one component, in order of component and then of
 * the family's move order, parts sorted, no move twice, as a new array
 * *moves of *count (free() it; NULL for none).  Under Moore's Nim_k a set
 * of such moves in distinct components is legal too.  Errors:
 * GRUNDY_ERR_LIMIT for a component with more than GRUNDY_SUM_MAX_MOVES
 * moves; GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_legal(const grundy_play *p, grundy_sum_move **moves,
                  size_t *count);

/* grundy_play_apply() :
 * Play the move set set[0..n) (from grundy_play_parse_move(),
 * grundy_play_legal() or an analysis of this state) for the player to
 * move.  A move undone and not redone is forgotten.  Errors:
 * GRUNDY_ERR_ARG when a move is not of the state as it is (its component
 * or its from), or n is 0 or above moore_k (1 for the ordinary sum);
 * GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_apply(grundy_play *p, const grundy_sum_move *set, size_t n);

/* grundy_play_apply_text() :
 * A move typed as text (grundy_play_parse_move()) played
 * (grundy_play_apply()): the user's move of a front end.  Errors: those
 * of both, where as grundy_play_parse_move() sets it, the state then
 * unchanged. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_apply_text(grundy_play *p, const char *text, size_t len,
                       grundy_parse_error *where);

/* grundy_play_undo() / grundy_play_redo() :
 * Take back the last move played, or play again the last one taken
 * back.  Return 1 when done, 0 when there is nothing to undo or redo. */
GRUNDY_API int grundy_play_undo(grundy_play *p);
GRUNDY_API int grundy_play_redo(grundy_play *p);

/* grundy_play_undo_turn() :
 * Take back the last move of player `player` and the moves played after
 * it, so that it is that player's turn again.  Returns 1 when done, 0
 * when the player has not moved (the state unchanged). */
GRUNDY_API int grundy_play_undo_turn(grundy_play *p, unsigned player);

/* The moves played so far (undone ones not counted). */
GRUNDY_API size_t grundy_play_ply(const grundy_play *p);

/* grundy_play_history() :
 * Move number i (0 .. grundy_play_ply() - 1) of the game, made by player
 * i % 2: its set in *set (owned by the state; components numbered as the
 * position was then), its size returned. */
GRUNDY_API size_t grundy_play_history(const grundy_play *p, size_t i,
                                      const grundy_sum_move **set);

/* The components of the position before move i (i = grundy_play_ply():
 * the position now), *count of them. */
GRUNDY_API const grundy_sum_component *
grundy_play_position(const grundy_play *p, size_t i, size_t *count);

/* The spec as written of the game of a component (v: its values
 * object). */
GRUNDY_API const char *grundy_play_spec_of(const grundy_play *p,
                                           const grundy_values *v);

/* The components the game started from (*count of them). */
GRUNDY_API const grundy_sum_component *
grundy_play_start(const grundy_play *p, size_t *count);

/* How a game stands. */
typedef enum grundy_play_end {
    GRUNDY_PLAY_ON = 0,      /* the player to move has a move */
    GRUNDY_PLAY_NO_MOVE = 1, /* the player to move has none: lost under
                                normal play and Moore's Nim_k, won under
                                misere play */
    GRUNDY_PLAY_REPEATED = 2 /* the position has come back opts.repeat
                                times with the same player to move: a
                                draw */
} grundy_play_end;

/* grundy_play_over() :
 * How the game stands; *repeats (may be NULL) is how often the current
 * position has occurred with the same player to move, this time
 * included.  O(ply * components) for the repetition. */
GRUNDY_API grundy_play_end grundy_play_over(const grundy_play *p,
                                            uint64_t *repeats);

/* Analysis *****************************************************************/

/* A value: a Grundy value, or the generalized value inf(K) of a game
 * with cycles (grundy/loopy.h) with K sorted, owned by the analysis. */
typedef struct grundy_play_value {
    int infinite;
    grundy_value value; /* when finite */
    const grundy_value *k;
    size_t nk;
} grundy_play_value;

/* grundy_play_value_format() : "3", "inf(1,3)", "inf()"; snprintf
 * semantics. */
GRUNDY_API size_t grundy_play_value_format(const grundy_play_value *v,
                                           char *buf, size_t cap);

/* What grundy_play_analyze() is asked for: the GRUNDY_SUM_* flags of
 * grundy/sum.h (GRUNDY_SUM_MOVES, _BEST, _REMOTENESS, _EVERY), and: */
#define GRUNDY_PLAY_VALUES 16u /* the values of the components, of the sum
                                  (Smith's: the nim-sum of finite games)
                                  and of each move's component after it
                                  (under normal play in ordinary sums; in
                                  others the sum's value tells nothing) */

typedef struct grundy_play_analysis {
    /* grundy_sum_analyze()'s answer for the position: first_wins, draw,
     * method, moves (winning, keeping the draw, or with GRUNDY_SUM_EVERY
     * all of them with move_outcome), best, remoteness. */
    grundy_sum_result sum;
    /* GRUNDY_PLAY_VALUES: */
    int has_values;
    grundy_play_value value;       /* the sum's */
    grundy_play_value *component;  /* each component's */
    grundy_play_value *move_value; /* each of sum.moves' component after
                                      it (the parts' values XOR) */
    /* owned storage */
    grundy_value *kpool;
    size_t nkpool, kcap;
} grundy_play_analysis;

/* grundy_play_analyze() :
 * The state's position analyzed by grundy_sum_analyze() under the state's
 * convention and Moore's k, within the session's limits and max_states,
 * with want as above (0: GRUNDY_SUM_MOVES).  Errors: those of
 * grundy_sum_analyze(); GRUNDY_ERR_NOMEM.  After an error
 * out->sum.values_failed is 1 when the components' values failed (in the
 * sum's decision, or those GRUNDY_PLAY_VALUES asks for), so that a front
 * end names the limit passed by the values rather than by the method
 * (out->sum.method).  Free with
 * grundy_play_analysis_clear() (also after an error). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_analyze(grundy_play_analysis *out, grundy_play *p,
                    unsigned want);

/* Frees everything; accepts a zeroed or cleared analysis. */
GRUNDY_API void grundy_play_analysis_clear(grundy_play_analysis *a);

/* grundy_play_best() :
 * The move to play now (grundy_sum_analyze()'s best: the fastest win, the
 * longest resistance, a move that keeps a draw; past the limits a winning
 * move of the method or the move that takes least) into set[0..*n) (room
 * for GRUNDY_PLAY_MAX_SET; *n 0 when there is no move), and the outcome
 * for the player to move: *first_wins 1 or 0 (-1: undecided within the
 * limits), *draw 1 for a drawn sum with cycles.  Either may be NULL. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_best(grundy_play *p, grundy_sum_move *set, size_t *n,
                 int *first_wins, int *draw);

/* grundy_play_reply() :
 * Play the move a perfect opponent replies with, for the player to move:
 * grundy_play_analyze()'s best (with GRUNDY_SUM_BEST |
 * GRUNDY_SUM_REMOTENESS) and *rem its remoteness; past the limits of the
 * remoteness (GRUNDY_ERR_LIMIT, GRUNDY_ERR_WORK) grundy_play_best()'s
 * move, *rem GRUNDY_REMOTENESS_UNKNOWN.  *n is the size of the move set
 * played (0: the player to move has none).  Errors: those of
 * grundy_play_best() and grundy_play_apply(), *n 0 and nothing played.
 * The reply of serve's /api/play. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_reply(grundy_play *p, size_t *n, uint64_t *rem);

/* Text form ****************************************************************/

/* grundy_play_format() :
 * The whole state as text, from which grundy_play_parse() rebuilds it:
 *
 *   play normal|misere [moore K]
 *   SPEC:POS          one line per component of the start, SPEC the
 *                     game's canonical spec (its bound included)
 *   move C TO         one line per move played, as typed
 *
 * snprintf semantics. */
GRUNDY_API size_t grundy_play_format(const grundy_play *p, char *buf,
                                     size_t cap);

/* grundy_play_parse() :
 * A state on session s from text[0..len) in the form above; the first
 * line may be left out (normal play), and blank lines and lines starting
 * with '#' are skipped.  opts gives what the text does not (NULL: the
 * defaults).  Errors with where->line and where->col in the text and a
 * message: GRUNDY_ERR_PARSE for a line of no known form, a spec's or a
 * position's error, an illegal move (the state as it was then); the
 * errors of the moves' replay.  Free with grundy_play_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_parse(grundy_play **out, grundy_session *s, const char *text,
                  size_t len, const grundy_play_opts *opts,
                  grundy_parse_error *where);

/* Writers ******************************************************************/
/* What the front ends print of a state, as text or JSON (doc/JSON.md),
 * to a caller's writer: `grundy analyze`, `grundy play` and `grundy
 * serve` write their answers through these, so that an answer over HTTP
 * is byte for byte what the command line prints for the same question.
 * They only write what the state and its analysis hold; a write error
 * stays in the writer (grundy_writer_clear() returns it). */

/* What grundy_play_analyze() is asked for before
 * grundy_play_analysis_write(): its text, and its JSON (every move's
 * remoteness too). */
#define GRUNDY_PLAY_WANT_TEXT (GRUNDY_SUM_MOVES | GRUNDY_PLAY_VALUES)
#define GRUNDY_PLAY_WANT_JSON (GRUNDY_PLAY_WANT_TEXT | GRUNDY_SUM_REMOTENESS)

/* grundy_play_value_write() :
 * A value as text ("3", "inf(1,3)") or, json != 0, as JSON (3,
 * {"inf": [1, 3]}). */
GRUNDY_API void grundy_play_value_write(grundy_writer *w,
                                        const grundy_play_value *v,
                                        int json);

/* grundy_play_remoteness_write() :
 * A remoteness in JSON: a number, "draw", or null (past the limits). */
GRUNDY_API void grundy_play_remoteness_write(grundy_writer *w, uint64_t r);

/* grundy_play_move_write() :
 * Move m of p's position explained, "component C: FROM -> TO", or
 * (typed != 0) as typed and explained, "C TO (component C: FROM -> TO)". */
GRUNDY_API void grundy_play_move_write(grundy_writer *w,
                                       const grundy_play *p,
                                       const grundy_sum_move *m, int typed);

/* grundy_play_analysis_write() :
 * The answer of `grundy analyze` for p's position and its analysis an
 * (grundy_play_analyze() with GRUNDY_PLAY_WANT_TEXT, or _JSON for json):
 * each component with its value, then under normal play the nim-sum (in
 * a sum with cycles, the value), the winner and the winning moves, or
 * the moves that keep a draw, with the value each leaves; under misere
 * play or Moore's Nim_k the method that decided, the winner and the
 * winning moves (a winning move set).  As lines, or (json) one object
 * and its newline: components (rules, canonical, position, value),
 * value or play and method, winner, winning_moves or winning_move_set
 * (component, from, to, value, remoteness), drawing_moves in sums with
 * cycles. */
GRUNDY_API void grundy_play_analysis_write(grundy_writer *w,
                                           const grundy_play *p,
                                           const grundy_play_analysis *an,
                                           int json);

/* grundy_play_moves_write() :
 * The answer of serve's /api/moves, one JSON object and its newline:
 * {"analysis": A (grundy_play_analysis_write() of an, without its
 * newline), "moves": [every move of ev (grundy_play_analyze() with
 * GRUNDY_PLAY_WANT_JSON | GRUNDY_SUM_EVERY): component, from, to, the
 * value its component is left with (under misere play the parts' values
 * under normal play), outcome ("win", "lose", "draw" or null for the
 * player who makes it), wins, remoteness, and on a board the cells it
 * takes], "boards": [how each board component is drawn: component,
 * grid, rows, cols, ncells, cells, marked, mark, xy, adj]}.  The state
 * must be the ordinary sum (moore_k 0).  Errors: those of the values and
 * of grundy_board_geometry_get(), the output then incomplete;
 * GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_play_moves_write(
    grundy_writer *w, grundy_play *p, const grundy_play_analysis *an,
    const grundy_play_analysis *ev);

/* How a game ended, and who won, as a front end that plays the user
 * against the computer names it. */
typedef struct grundy_play_outcome {
    int computer_first; /* player 0 is the computer */
    const char *end;    /* "no move", "draw declared", "quit", "input
                           ended", ...; NULL: "error" */
    const char *winner; /* "user", "computer", or NULL */
} grundy_play_outcome;

/* grundy_play_transcript_write() :
 * The game p as `grundy play --json` writes it, one JSON object and its
 * newline: components (the start: rules, canonical, position), play
 * ("normal" or "misere"), first ("user" or "computer"), moves (player,
 * component, from, to), end and winner (null when none) from o. */
GRUNDY_API void grundy_play_transcript_write(grundy_writer *w,
                                             const grundy_play *p,
                                             const grundy_play_outcome *o);

/* grundy_play_step_write() :
 * A step of play as serve's /api/play answers it, in the words of the
 * transcript, one JSON object and its newline: components (now), play,
 * moves (the user's when moved, then the computer's with its remoteness
 * rem when replied; the last one or two moves of p), end ("no move",
 * "draw declared" or null) and winner ("user", "computer" or null: the
 * user is to move after a reply, the computer otherwise). */
GRUNDY_API void grundy_play_step_write(grundy_writer *w,
                                       const grundy_play *p, int moved,
                                       int replied, uint64_t rem);

/* grundy_play_legal_write() :
 * The legal moves of p (grundy_play_legal()) as `grundy play` lists them
 * after a move it refuses: "legal moves: 1 2, 2 0 (and N more)" and a
 * newline, at most `most` of them as typed, then how many more.  When the
 * rules allow more than 65536 moves from p (the sum of the components'
 * max_moves), none is listed: "legal moves: too many to list (up to N)".
 * Errors: those of grundy_play_legal(), with nothing written. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_legal_write(grundy_writer *w, const grundy_play *p, size_t most);

/* grundy_play_loopy_values_write() :
 * `grundy values` on game g of a family with cycles (written as
 * `written`; lg its graph, solved: grundy_loopy_game_from_rules()).  With
 * at: the value of position *at and a newline, or (json) the object
 * {rules, canonical, position, value, winner}.  Otherwise positions 0 ..
 * end - 1 (end at most the positions): as text a line "POS VALUE" each
 * (what has GRUNDY_LOOPY_WRITE_LIST), then the statistics
 * (GRUNDY_LOOPY_WRITE_STATS); as JSON the object and its newline {rules,
 * canonical, positions, values, stats}.  Errors: those of
 * grundy_loopy_solution_value() and _stats() (the statistics' before
 * anything is written). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_play_loopy_values_write(
    grundy_writer *w, const char *written, const grundy_game *g,
    const grundy_loopy_game *lg, const grundy_pos *at, uint64_t end,
    unsigned what, int json);

/* Conversation *************************************************************/
/* A game of a user against the computer as `grundy play` holds it, in
 * its words: the front end reads the user's lines and hands them to
 * grundy_play_talk_line(), writes what these functions write (the
 * prompt, the position, the computer's moves, hints, refusals, the end)
 * where the user sees it, and stops when t->over is set.  The computer
 * plays grundy_play_best()'s move.  The game's words are the library's,
 * so that every front end holds the same conversation. */

typedef struct grundy_play_talk {
    grundy_play *p;
    unsigned user;      /* the user's player: 0 moves first */
    int shown;          /* the position was written since it changed */
    int over;           /* the game has ended (end says how) */
    const char *end;    /* "no move", "draw declared", "quit", "input
                           ended" (grundy_play_outcome's end) */
    const char *winner; /* "user", "computer", or NULL */
} grundy_play_talk;

/* grundy_play_talk_start() :
 * Begin the game of state p with the user as player `user`: the intro
 * (how to type a move; under misere play, who wins; in games with
 * cycles, the repetition that ends a game) and the position, then the
 * computer's moves while it is to move (t->over when the game ends
 * there).  Errors: those of grundy_play_best() and grundy_play_apply(),
 * the game then stopped where it stands. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_talk_start(grundy_play_talk *t, grundy_play *p, unsigned user,
                       grundy_writer *w);

/* grundy_play_talk_prompt() :
 * The position when it changed since it was last written, and the
 * prompt "your move> ". */
GRUNDY_API void grundy_play_talk_prompt(grundy_play_talk *t,
                                        grundy_writer *w);

/* A word the user may type at the prompt instead of a move. */
typedef struct grundy_play_command {
    const char *name;  /* "hint" */
    const char *alias; /* the same command spelt otherwise ("q"), or NULL */
    const char *help;  /* what it does, in a few words, for a help page */
} grundy_play_command;

/* grundy_play_commands() :
 * The commands grundy_play_talk_line() answers, in the order a help
 * lists them (hint, undo, quit), and their count in *n: the one list
 * that the conversation reads and a front end's help prints. */
GRUNDY_API const grundy_play_command *grundy_play_commands(size_t *n);

/* grundy_play_talk_line() :
 * A line the user typed, text[0..len) without its newline (blanks
 * around it ignored), answered: a command of grundy_play_commands():
 * "quit" or "q" ends the game; "hint"
 * writes the best move; "undo" takes back the user's last move and the
 * answer to it (grundy_play_undo_turn()) and writes the position; a move
 * (grundy_play_apply_text()) is played, and the computer answers until
 * it is the user's turn again or the game ends; a move that is not legal
 * is refused with why and the legal moves (at most 20, then a count),
 * the state unchanged.  text NULL: the input ended, the game abandoned.
 * Errors (the game stopped where it stands): GRUNDY_ERR_NOMEM,
 * GRUNDY_ERR_CANCELLED, GRUNDY_ERR_WORK, and those of
 * grundy_play_best(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_play_talk_line(grundy_play_talk *t, grundy_writer *w,
                      const char *text, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_PLAY_H */
