/*
 * grundy/survey.h -- surveys of families of take-and-break games: every
 * code of a pattern (0.ddd) or of a list tabulated to N, one row per
 * code: its status (a period proven by the family's criterion, an
 * arithmetic period seen, or none found), the period and preperiod, the
 * largest value, the last rare position and the time; codes whose values
 * agree up to N grouped under the first (the game locator of Winning
 * Ways); and the rows checked against a published table of periods.
 *
 * Order of use: grundy_survey_new(); grundy_survey_add_pattern() or
 * grundy_survey_add_text() (or grundy_survey_add_code()) as often as
 * wanted; grundy_survey_run(), which calls the caller back with each row
 * in the order of the codes as soon as every row before it is done; then
 * grundy_survey_compare() against a table read by
 * grundy_survey_published_parse(); grundy_survey_free().
 *
 * Codes run in parallel, one per worker thread, each table on one thread
 * (many small tables keep the cores busier than one table on all of
 * them), through a session of their own (grundy/session.h): a table the
 * store holds is read back, not computed again, so a survey killed and
 * started again goes on where it stopped and gives the same rows.  The
 * codes that name the same game (the canonical spec) and those that
 * differ as games but not in their values up to N (0.054 and 0.056,
 * found by a 64-bit hash of the values) share a group.
 *
 * Threads: a survey is used by one thread at a time; grundy_survey_run()
 * starts its workers and joins them before it returns.  Nothing here
 * prints or exits.
 */
#ifndef GRUNDY_SURVEY_H
#define GRUNDY_SURVEY_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/session.h"
#include "grundy/status.h"
#include "grundy/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A code of at most 79 bytes; at most 2^20 codes from one pattern. */
#define GRUNDY_SURVEY_CODE_LEN 80
#define GRUNDY_SURVEY_MAX_CODES ((size_t)1 << 20)
/* A published table of more bytes is refused. */
#define GRUNDY_SURVEY_PUBLISHED_MAX_BYTES ((size_t)1 << 20)

/* Rows ***********************************************************************/

typedef struct grundy_survey grundy_survey; /* opaque */

/* What a row says of its code. */
typedef enum grundy_survey_status {
    GRUNDY_SURVEY_SKIPPED = 0,    /* its table failed: the row's status */
    GRUNDY_SURVEY_PERIODIC = 1,   /* a period proven */
    GRUNDY_SURVEY_ARITHMETIC = 2, /* an arithmetic period (a saltus) */
    GRUNDY_SURVEY_NONE = 3        /* none found up to N */
} grundy_survey_status;

typedef struct grundy_survey_row {
    char code[GRUNDY_SURVEY_CODE_LEN];  /* as given */
    char canon[GRUNDY_SURVEY_CODE_LEN]; /* the game's canonical spec */
    size_t group;         /* the first row of the same game or the same
                             values up to N (final once the row is
                             reported) */
    grundy_status status; /* of its table (GRUNDY_OK: the fields below) */
    grundy_period per;
    grundy_value max;
    grundy_pos last_rare;
    int have_rare;
    double seconds;       /* the time its table took */
    uint64_t values_hash; /* XXH3 of g(0..N), 4 bytes a value */
    int have_hash;
} grundy_survey_row;

/* grundy_survey_new() : an empty survey.  GRUNDY_ERR_NOMEM.  Free with
 * grundy_survey_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_survey_new(grundy_survey **out);

/* grundy_survey_free() : NULL is a no-op. */
GRUNDY_API void grundy_survey_free(grundy_survey *sv);

/* grundy_survey_add_code() :
 * One code, code[0..len).  Errors: GRUNDY_ERR_RANGE (a code of more than
 * GRUNDY_SURVEY_CODE_LEN - 1 bytes; where->col that of the first byte
 * past the limit), the spec's own error with where->col (1-based in the
 * code) and where->msg, GRUNDY_ERR_ARG for a finite family (where->msg:
 * "a survey takes heap games, not boards", where->col 1),
 * GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_survey_add_code(
    grundy_survey *sv, const char *code, size_t len, grundy_parse_error *where);

/* grundy_survey_add_pattern() :
 * Every code of a pattern (grundy_takebreak_pattern_size(), at most
 * max_codes codes), in the pattern's order.  Errors: the pattern's own
 * (its column), or those of grundy_survey_add_code() for the first code
 * refused (where->col its column in that code). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_survey_add_pattern(grundy_survey *sv, const char *pattern,
                          size_t max_codes, grundy_parse_error *where);

/* grundy_survey_add_text() :
 * The codes of a list text[0..len): one code per line, '#' to the end of
 * a line a comment, spaces and tabs around a code and blank lines
 * skipped.  Errors name where->line and where->col (in the line) with
 * grundy_survey_add_code()'s statuses, and GRUNDY_ERR_PARSE "no codes in
 * the file" (the last line, column 1) when the list holds none. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_survey_add_text(
    grundy_survey *sv, const char *text, size_t len, grundy_parse_error *where);

/* grundy_survey_add_file() :
 * grundy_survey_add_text() over the whole file at path (`grundy survey
 * @FILE`).  GRUNDY_ERR_IO with *err the errno when it cannot be read
 * (*err 0 otherwise); GRUNDY_ERR_NOMEM; add_text's errors, at their
 * place in the file. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_survey_add_file(grundy_survey *sv, const char *path,
                       grundy_parse_error *where, int *err);

/* The number of codes, and row i (i < grundy_survey_count()). */
GRUNDY_API size_t grundy_survey_count(const grundy_survey *sv);
GRUNDY_API const grundy_survey_row *
grundy_survey_row_at(const grundy_survey *sv, size_t i);

/* grundy_survey_row_status() : what the row says; its name
 * ("skipped", "periodic", "arithmetic-periodic", "none"), never NULL. */
GRUNDY_API grundy_survey_status
grundy_survey_row_status(const grundy_survey_row *r);
GRUNDY_API const char *grundy_survey_status_name(grundy_survey_status s);

/* grundy_survey_values_hash() :
 * The XXH3 of g(0..n-1) of t (n <= its length), every value as 4
 * little-endian bytes whatever the table's width: the hash rows are
 * grouped by (values_hash), for a front end that makes its rows itself. */
GRUNDY_API uint64_t grundy_survey_values_hash(const grundy_table *t,
                                              grundy_pos n);

/* Running ********************************************************************/

/* Row i is done (every row before it was reported first), with the lock
 * of the survey held: only one call at a time. */
typedef void (*grundy_survey_row_fn)(void *ctx, const grundy_survey *sv,
                                     size_t i);

typedef struct grundy_survey_opts {
    uint64_t upto; /* g(0..upto) of every code */
    /* Each worker makes its sessions from these (a session per code, its
     * limits' threads set to 1); the limits' progress callback is that of
     * the tables, and cancels them. */
    grundy_session_opts session;
    unsigned workers; /* 0: the limits' threads; never more than codes */
    /* Share the codes among processes: this one computes the rows
     * i = rank (mod ranks) first, each saved in the store, then (rank 0
     * only) every row, reading the others' tables from the store.  ranks
     * 0 or 1: one process. */
    unsigned rank, ranks;
    grundy_survey_row_fn row_done; /* NULL: none */
    void *ctx;
    /* Asked before each code: non-zero stops the survey (the rows not
     * started are not run, and not reported). */
    int (*stop)(void *ctx);
} grundy_survey_opts;

/* grundy_survey_opts_init() : upto 0, a default session, one process. */
GRUNDY_API void grundy_survey_opts_init(grundy_survey_opts *o);

/* grundy_survey_run() :
 * Every row, its table to o->upto; the rows report their own failures
 * (a memory or work limit: skipped).  Returns GRUNDY_ERR_ARG (no codes,
 * upto past 2^64 - 2), GRUNDY_ERR_NOMEM, or GRUNDY_OK; the number of
 * rows reported is grundy_survey_reported(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_survey_run(grundy_survey *sv, const grundy_survey_opts *o);

GRUNDY_API size_t grundy_survey_reported(const grundy_survey *sv);

/* Published tables ***********************************************************/

/* A line of a published table: "CODE PERIOD PREPERIOD" or "CODE none". */
typedef struct grundy_survey_published {
    char code[GRUNDY_SURVEY_CODE_LEN];
    int periodic; /* 0: none known */
    grundy_pos period, preperiod;
    unsigned long line; /* of the text, from 1 */
} grundy_survey_published;

/* grundy_survey_published_parse() :
 * The table of text[0..len) (fields apart by spaces or tabs, '#' to the
 * end of a line a comment, blank lines skipped) into a new array *out of
 * *n lines (free() it; NULL for none).  Errors, *out NULL and *n 0:
 * GRUNDY_ERR_PARSE with where->line and where->col (1-based; the column
 * at most the line's length + 1) and where->msg, for a line of neither
 * form, a code of more than GRUNDY_SURVEY_CODE_LEN - 1 bytes, a period
 * of 0 or a number past 2^64 - 1, a NUL byte, a text over
 * GRUNDY_SURVEY_PUBLISHED_MAX_BYTES; GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_survey_published_parse(
    const char *text, size_t len, grundy_survey_published **out, size_t *n,
    grundy_parse_error *where);

/* grundy_survey_published_load() :
 * grundy_survey_published_parse() over the file at path (`grundy survey
 * --compare FILE`; a file over the bound is refused by the parser, at
 * its place).  GRUNDY_ERR_IO with *err the errno when it cannot be read
 * (*err 0 otherwise); GRUNDY_ERR_NOMEM; the parser's errors. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_survey_published_load(
    grundy_survey_published **out, size_t *n, const char *path,
    grundy_parse_error *where, int *err);

/* grundy_survey_published_format() :
 * The table p[0..n) as text, one line per entry ("CODE P Q" or "CODE
 * none"), which parses to the same table; snprintf semantics. */
GRUNDY_API size_t grundy_survey_published_format(
    const grundy_survey_published *p, size_t n, char *buf, size_t cap);

/* What a published line is, against the survey. */
typedef enum grundy_survey_verdict {
    GRUNDY_SURVEY_AGREE = 0,
    GRUNDY_SURVEY_DIFFER = 1,    /* a period proven here that differs, or
                                    proven where none is published */
    GRUNDY_SURVEY_UNDECIDED = 2, /* published periodic, no period proven
                                    up to N here */
    GRUNDY_SURVEY_ABSENT = 3     /* not in the survey, or skipped */
} grundy_survey_verdict;

/* grundy_survey_compare() :
 * The verdict of each published line p[i] into verdict[i], and the row
 * it was matched with (by code or canonical spec) into row[i] (SIZE_MAX
 * when absent); row may be NULL. */
GRUNDY_API void grundy_survey_compare(grundy_survey_verdict *verdict,
                                      size_t *row, const grundy_survey *sv,
                                      const grundy_survey_published *p,
                                      size_t n);

#ifdef __cplusplus
}
#endif

#endif
