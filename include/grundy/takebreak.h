/*
 * grundy/takebreak.h -- take-and-break games: octal and hexadecimal codes,
 * Grundy's game, and the rare/common-value (sparse space) statistics of
 * their tables.
 *
 * A code d0.d1d2...dt describes a heap game.  A move picks one heap of
 * size h and a number j (0 <= j <= t) of tokens to remove from it, and
 * digit dj says what may be left of the heap after removing them:
 *
 *   bit 1   nothing (only when h == j)
 *   bit 2   one non-empty heap of h - j
 *   bit 4   two non-empty heaps summing to h - j
 *   bit 8   three non-empty heaps summing to h - j   (hexadecimal digits)
 *
 * Octal codes use digits 0-7; hexadecimal codes digits 0-9 and A-F (either
 * case).  The leading digit d0 removes nothing, so only its bits 4 and 8
 * make sense: it is 0, 4, 8 or C.  "4.07" may split any heap in two
 * without taking.  The digits after the point may be left out: "4."
 * splits a heap in two without taking, and allows nothing else.
 * Examples: 0.77 (Kayles), 0.07 (Dawson's Kayles), 0.137 (Dawson's
 * Chess), 0.6, 4.07, 0.F7, 4.
 *
 * Grundy's game ("grundy-game") splits one heap into two non-empty heaps
 * of different sizes.  It shares the move generator and the table kernel
 * of the codes.
 *
 * Both families are registered: a spec that starts with a digit, or with
 * the point, is claimed by the code family (also reachable as
 * "octal:CODE"); the aliases kayles, dawsons-kayles, dawsons-chess and
 * lasker stand for 0.77, 0.07, 0.137 and 4.3....  Codes may be written as
 * the literature writes them: ".77" is 0.77, and the middle dot U+00B7
 * (UTF-8 C2 B7) is a point ("0\xC2\xB777", "\xC2\xB777").
 *
 * Tables of these games are filled by the sparse space method (see
 * grundy_table_rare() below and src/table/sparse.c) when grundy_table_new()
 * is called with GRUNDY_TABLE_AUTO or GRUNDY_TABLE_FAST, for every code
 * whose moves leave at most two heaps and for Grundy's game.  Codes with
 * three-heap moves use the generic method.
 */
#ifndef GRUNDY_TAKEBREAK_H
#define GRUNDY_TAKEBREAK_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/rules.h"
#include "grundy/status.h"
#include "grundy/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Codes ********************************************************************/

/* The most digits after the point a code may have. */
#define GRUNDY_TAKEBREAK_MAX_DIGITS 64

/* The parsed form of a code (the params of both families). */
typedef struct grundy_takebreak_params {
    /* digit[j]: what removing j tokens may leave (bits 1, 2, 4, 8);
     * digit[0] is the leading digit (0, 4, 8 or 12). */
    uint8_t digit[GRUNDY_TAKEBREAK_MAX_DIGITS + 1];
    /* The index of the last non-zero digit: the most tokens a move
     * removes (0 when only digit[0] is non-zero, or for an empty code). */
    unsigned take;
    /* The most heaps a move leaves: 0, 1, 2 or 3. */
    unsigned max_parts;
    /* Grundy's game: the two heaps of a split must differ. */
    int unequal;
    /* An infinite code (written with "...", such as 4.3... for Lasker's
     * Nim): non-zero when digit[take] also holds for every j > take.
     * take is then the first index of the repeated digit (4.33... is
     * 4.3...), digit[take] is non-zero and has no three-heap bit. */
    int repeat;
} grundy_takebreak_params;

/* grundy_takebreak_parse() :
 * Parse the code text[0..len) ("0.137", "4.07", "0.F7") into *out.  The
 * text is not NUL-terminated necessarily (a byte buffer, for fuzzing).
 * Errors, with where->col the 1-based offset of the offending character:
 *   GRUNDY_ERR_PARSE  empty text, a leading character that is not a
 *                     digit, a missing '.', a character that is not a
 *                     hexadecimal digit;
 *   GRUNDY_ERR_RANGE  a leading digit other than 0, 4, 8, C;
 *   GRUNDY_ERR_LIMIT  more than GRUNDY_TAKEBREAK_MAX_DIGITS digits (col
 *                     points at the first digit too many).
 * where may be NULL.  Trailing zero digits are allowed and ignored. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_takebreak_parse(
    grundy_takebreak_params *out, const char *text, size_t len,
    grundy_parse_error *where);

/* grundy_takebreak_get() :
 * The parameters of g when g is a take-and-break game (a code or Grundy's
 * game: its family has the takebreak hook), else NULL (also for a NULL
 * g).  The pointer is owned by g. */
GRUNDY_API const grundy_takebreak_params *grundy_takebreak_get(const grundy_game *g);

/* The families (to pass to grundy_game_new_rules()). */
GRUNDY_API extern const grundy_rules grundy_rules_octal;       /* "0.137", "4.07" */
GRUNDY_API extern const grundy_rules grundy_rules_grundy_game; /* "grundy-game" */

/* Rare and common values ***************************************************/

/* How values split into rare and common ones.  Under a mask M, position
 * n of value v is common when the parity of the number of one bits of
 * v & M is h(n), and rare otherwise, where h(n) is 1 (the value alone), n
 * mod 2 or 1 - n mod 2 (the value and the parity of the heap).  The
 * parity rules apply to codes whose splits all take an odd number of
 * tokens (SAME_PARITY) or all an even number (OTHER_PARITY); see
 * src/table/rare.h for why. */
typedef enum grundy_rare_rule {
    GRUNDY_RARE_BY_VALUE = 0,    /* h(n) = 1 */
    GRUNDY_RARE_SAME_PARITY = 1, /* h(n) = n mod 2 */
    GRUNDY_RARE_OTHER_PARITY = 2 /* h(n) = 1 - n mod 2 */
} grundy_rare_rule;

/* Sparse space statistics of a table.  With the value rule, a value v is
 * rare when v & M has an even number of one bits and common otherwise.
 * The XOR of two common values is rare, so when common positions
 * dominate, the mex of a position is almost always common and is found
 * from the few pairs that involve a rare position; this is what makes
 * the sparse space method fast.  The parity rules do the same for codes
 * whose values split only together with the parity of the heap. */
typedef struct grundy_rare_info {
    grundy_value mask;      /* the mask with the fewest rare positions */
    uint64_t rare_positions; /* positions with a rare value, heap 0 included */
    uint64_t rare_values;   /* distinct values at rare positions */
    grundy_pos last_rare;   /* the largest rare position */
    uint64_t positions;     /* entries examined (the table size) */
    grundy_rare_rule rule;  /* the rule that goes with the mask */
} grundy_rare_info;

/* grundy_table_rare() :
 * The (mask, rule) with the fewest rare positions in t, among all masks
 * below the next power of two above the largest value and the rules the
 * game's splits allow (the value rule for games that are not
 * take-and-break games); ties go to the value rule, then to the smallest
 * mask.  The statistics under it.  O(size + V log V) for values < V.
 * @return GRUNDY_ERR_NOMEM when the value histogram cannot be allocated. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_table_rare(grundy_rare_info *out,
                                                 const grundy_table *t);

/* Surveys of whole families ***********************************************
 *
 * What `grundy survey` and grundy.survey() print: every code of a pattern
 * tabulated to N, one row per code. */

/* The longest pattern and code of a survey, NUL excluded. */
#define GRUNDY_TAKEBREAK_PATTERN_MAX 79

/* grundy_takebreak_pattern_size() :
 * How many codes the pattern names: after the point, 'd' stands for every
 * octal digit (0-7) and 'h' for every hexadecimal digit (0-F); every
 * other character is itself ("0.ddd": 512 codes, "4.1d": 8, "0.77": 1).
 * Errors, where->col the 1-based column: GRUNDY_ERR_PARSE for an empty
 * pattern or one without a point; GRUNDY_ERR_RANGE for one longer than
 * GRUNDY_TAKEBREAK_PATTERN_MAX; GRUNDY_ERR_LIMIT when it names more than
 * max codes (col: the placeholder that passes it).  The codes themselves
 * are not parsed (grundy_game_new() says what is wrong with one). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_takebreak_pattern_size(
    uint64_t *count, const char *pattern, uint64_t max,
    grundy_parse_error *where);

/* grundy_takebreak_pattern_code() :
 * The code number k (0 <= k < the pattern's size) of the pattern, the
 * placeholders counting up from the last ("0.dd": 0.00, 0.01, ... 0.07,
 * 0.10, ...), into buf (snprintf semantics; the code is as long as the
 * pattern).  @pre the pattern passed grundy_takebreak_pattern_size(). */
GRUNDY_API size_t grundy_takebreak_pattern_code(char *buf, size_t cap,
                                                const char *pattern,
                                                uint64_t k);

/* A table summed up: its period as grundy_period_find() sees it, its
 * largest value and where it first occurs, and its rare/common split
 * (grundy_table_rare()). */
typedef struct grundy_table_survey {
    grundy_period period;
    grundy_value max;
    grundy_pos max_at;
    int have_rare;          /* 0 when the histogram could not be made */
    grundy_rare_info rare;
} grundy_table_survey;

/* grundy_table_survey_get() :
 * One row of a survey, of t (a heap family's g(0..n-1)).  O(size + V log
 * V) for values below V. */
GRUNDY_API void grundy_table_survey_get(grundy_table_survey *out,
                                        const grundy_table *t);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_TAKEBREAK_H */
