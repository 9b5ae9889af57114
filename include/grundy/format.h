/*
 * grundy/format.h -- the library's results as text and JSON, written to
 * a caller's grundy_writer (a descriptor, or memory with
 * grundy_writer_init_mem()).
 *
 * These are the writers of the program's answers: `grundy values`,
 * `count`, `store list` and `survey` print exactly what these write, and
 * so do `grundy serve` and any other front end that calls them, byte for
 * byte.  They only write: the caller computes (a table, a period, a
 * count, a store listing, a survey's rows) and passes the result.  They
 * never print on their own and never exit; a write error stays in the
 * writer (grundy_writer_clear() returns it).  The JSON follows the
 * conventions of doc/JSON.md (the grundy_format_json_* calls below).
 */
#ifndef GRUNDY_FORMAT_H
#define GRUNDY_FORMAT_H

#include <stdint.h>

#include "grundy/count.h"
#include "grundy/io.h"
#include "grundy/store.h"
#include "grundy/survey.h"
#include "grundy/values.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The conventions of every JSON output (doc/JSON.md) ***********************/

/* A JSON string: s with '"', '\\' and control bytes escaped. */
GRUNDY_API void grundy_format_json_str(grundy_writer *w, const char *s);
/* ', "KEY": V': a field after the first. */
GRUNDY_API void grundy_format_json_u64(grundy_writer *w, const char *key,
                                       uint64_t v);
/* A period: {period, preperiod, saltus when arithmetic, proven,
 * checked_upto: the last position looked at}, or null (p NULL or not
 * found). */
GRUNDY_API void grundy_format_json_period(grundy_writer *w,
                                          const grundy_period *p);
/* A heap written as a position: the decimal number as a string. */
GRUNDY_API void grundy_format_json_heap(grundy_writer *w, uint64_t h);
/* '"rules": WRITTEN, "canonical": CANON': the spec as written (NULL: the
 * game's own) and its canonical form. */
GRUNDY_API void grundy_format_json_rules(grundy_writer *w, const char *written,
                                         const grundy_game *g);
/* A position: a string in the family's position syntax (a number when
 * the family's text would pass 255 bytes). */
GRUNDY_API void grundy_format_json_pos(grundy_writer *w, const grundy_game *g,
                                       grundy_pos p);
/* What a move leaves: an array of positions, one per part, where an
 * empty heap of a heap family is no part ([] is "nothing left"). */
GRUNDY_API void grundy_format_json_parts(grundy_writer *w, const grundy_game *g,
                                         const grundy_move *m);

/* Reading ******************************************************************/

/* The value of the hexadecimal digit c (0-9, a-f, A-F), or -1: the
 * digits of a take-and-break code and of a %-escape in a web address. */
GRUNDY_API int grundy_format_hex_digit(char c);

/* Tables of values (grundy values) *****************************************/

/* What grundy_format_values_text() writes, in this order. */
#define GRUNDY_FORMAT_LIST                                                     \
    1u /* 'POS g' a line (two-heap games: the                                  \
          square of g(a, b), a row per a) */
#define GRUNDY_FORMAT_STATS                                                    \
    2u                          /* positions, counts or a summary of many      \
                                   values, the largest, the rare split */
#define GRUNDY_FORMAT_ZEROS 4u  /* the positions of value 0, one a line */
#define GRUNDY_FORMAT_PERIOD 8u /* the period as seen or proven */

/* grundy_format_values_text() :
 * The text of `grundy values` for the table t of g: what (GRUNDY_FORMAT_*
 * flags).  t holds g(0..n-1); a two-heap game (GRUNDY_RULES_PAIRS) the
 * square a, b <= upto.  searched: the result of a period search (the
 * positions written are then its checked_upto first), or NULL: the
 * period is looked for in t.  GRUNDY_ERR_NOMEM with nothing written. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_format_values_text(
    grundy_writer *w, const grundy_game *g, const grundy_table *t,
    const grundy_period *searched, uint64_t upto, unsigned what);

/* grundy_format_values_json() :
 * The object of `grundy values --json` (a line): rules, canonical, the
 * values (rows of g(a, b) for a two-heap game; not listed when searched
 * is given), stats (positions, max, max_at, counts, the rare split of a
 * GRUNDY_RULES_RARE family) and period, for t, searched and upto as in
 * grundy_format_values_text().  spec: the spec as written, or NULL.
 * GRUNDY_ERR_NOMEM with nothing written. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_format_values_json(
    grundy_writer *w, const char *spec, const grundy_game *g,
    const grundy_table *t, const grundy_period *searched, uint64_t upto);

/* grundy_format_value() :
 * `grundy values --at POS`: the value v of position p, as a line or
 * (json) the object {rules, canonical, position, value[, stats]}; with
 * stats (the values object that computed v), where the value came from
 * and, for a board search, its work and the seconds it took. */
GRUNDY_API void grundy_format_value(grundy_writer *w, const char *spec,
                                    const grundy_game *g, grundy_pos p,
                                    grundy_value v, const grundy_values *stats,
                                    double seconds, int json);

/* grundy_format_search_stats() :
 * What --stats writes after a value, as text: where the values came from
 * and, for a board search, its work so far and the seconds it took.  For
 * a search that stopped (interrupted, or past a limit), this is the work
 * it had done. */
GRUNDY_API void grundy_format_search_stats(grundy_writer *w,
                                           const grundy_values *vals,
                                           double seconds);

/* grundy_format_period_text() :
 * A line: the period as proven ("period P preperiod Q (proven: WHY)") or
 * as seen, or that none is proven; why: the closed form that settles it
 * (grundy_period_why()), or NULL. */
GRUNDY_API void grundy_format_period_text(grundy_writer *w,
                                          const grundy_period *per,
                                          const char *why);

/* Counts (grundy count) ****************************************************/

/* What was counted, as `grundy count --json` names it. */
typedef struct grundy_format_count_query {
    const char *spec;        /* as written, or NULL */
    const grundy_game *game; /* NULL: Grundy values read as input */
    int by_heaps;            /* 1: heaps and max; 0: tuples */
    uint64_t heaps, max, tuples, moore;
    int have_modulus; /* 0: exact, "modulus": null */
    uint64_t modulus;
} grundy_format_count_query;

/* What grundy_format_count() writes as text. */
typedef enum grundy_format_count_part {
    GRUNDY_FORMAT_COUNT_ALL = 0, /* winning, losing, total: three lines */
    GRUNDY_FORMAT_COUNT_WINNING = 1,
    GRUNDY_FORMAT_COUNT_LOSING = 2,
    GRUNDY_FORMAT_COUNT_TOTAL = 3
} grundy_format_count_part;

/* grundy_format_count() :
 * The count r of q: the object {rules, canonical, heaps and max or
 * tuples, moore, modulus, winning, losing, total} (json), or the lines
 * of `part`. */
GRUNDY_API void grundy_format_count(grundy_writer *w,
                                    const grundy_format_count_query *q,
                                    const grundy_count_result *r,
                                    grundy_format_count_part part, int json);

/* The store's listing (grundy store list) **********************************/

/* grundy_format_store_list() :
 * The entries info[0..n) of the store s (grundy_store_list()), which
 * take `bytes` bytes in all (grundy_store_usage()): a line each, then
 * the total and the limit; or (json) the object {dir, tables, damaged,
 * total_bytes, limit_bytes}. */
GRUNDY_API void grundy_format_store_list(grundy_writer *w,
                                         const grundy_store *s,
                                         const grundy_store_info *info,
                                         size_t n, uint64_t bytes, int json);

/* grundy_format_store_verified() :
 * `grundy store verify`: "SPEC: ok" (a split table: "SPEC (split): ok"),
 * a line. */
GRUNDY_API void grundy_format_store_verified(grundy_writer *w,
                                             const char *spec, int split);
/* grundy_format_store_removed() :
 * `grundy store remove PATTERN`: "removed SPEC", a line per entry of
 * info[0..n) (grundy_store_remove_matching()). */
GRUNDY_API void grundy_format_store_removed(grundy_writer *w,
                                            const grundy_store_info *info,
                                            size_t n);
/* grundy_format_store_cleared() :
 * `grundy store clear`: "removed N tables", then "; M in use stay" when
 * some were busy (grundy_store_clear()), a line. */
GRUNDY_API void grundy_format_store_cleared(grundy_writer *w, size_t removed,
                                            size_t busy);

/* A survey's rows (grundy survey) ******************************************/

typedef enum grundy_format_style {
    GRUNDY_FORMAT_TEXT = 0, /* aligned columns under a header */
    GRUNDY_FORMAT_CSV = 1,  /* a header line, then comma-separated rows */
    GRUNDY_FORMAT_JSON = 2  /* a JSON object a line, no header */
} grundy_format_style;

/* The header line of the rows (nothing for JSON). */
GRUNDY_API void grundy_format_survey_header(grundy_writer *w,
                                            grundy_format_style style);
/* grundy_format_survey_row() :
 * Row i of the survey sv (done), tabulated to upto: code, group, status,
 * period, preperiod, saltus, max, last rare position, seconds. */
GRUNDY_API void grundy_format_survey_row(grundy_writer *w,
                                         const grundy_survey *sv, size_t i,
                                         uint64_t upto,
                                         grundy_format_style style);

/* grundy_format_survey_compare() :
 * The rows of sv (done, tabulated to upto) against the published table
 * pub[0..n) read from file, with the verdict v[i] and the matched row
 * row[i] of each line (grundy_survey_compare()): a line per code
 * "FILE:LINE: CODE not decided here: no period proven up to N, period P
 * preperiod Q published", a line per difference "FILE:LINE: CODE
 * differs: period P preperiod Q proven here, period P' preperiod Q'
 * published" (or "none published"), then the line that counts the
 * verdicts.  Each line starts with prefix ("" for none).  @return the
 * number of differences. */
GRUNDY_API size_t grundy_format_survey_compare(
    grundy_writer *w, const char *prefix, const char *file,
    const grundy_survey *sv, uint64_t upto, const grundy_survey_published *pub,
    const grundy_survey_verdict *v, const size_t *row, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_FORMAT_H */
