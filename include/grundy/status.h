/*
 * grundy/status.h -- status codes shared by every grundy function.
 *
 * A function that can fail returns a grundy_status and writes its results
 * through out-parameters.  The numeric values are pinned: they are part of
 * the ABI and will never be renumbered.  After a failure the outputs of the
 * failing call are unspecified (but always safe to _clear / _free).
 *
 * The library never prints and never exits; turning a status into a message
 * is the caller's business (grundy_strerror()).
 */
#ifndef GRUNDY_STATUS_H
#define GRUNDY_STATUS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define GRUNDY_NODISCARD __attribute__((warn_unused_result))
#else
#define GRUNDY_NODISCARD
#endif

/* GRUNDY_API marks every declaration the library exports (zstd ZSTDLIB_API);
 * the library is built with -fvisibility=hidden, so whatever is not marked
 * stays internal. */
#ifndef GRUNDY_API
#if defined(__GNUC__) || defined(__clang__)
#define GRUNDY_API __attribute__((visibility("default")))
#else
#define GRUNDY_API
#endif
#endif

/* GRUNDY_DESIGNATED_INIT: on a struct that programs fill and that grows
 * with new fields (grundy_rules, grundy_kernel), every initialiser must
 * name its fields (.name = ..., .moves = ...): the compiler refuses an
 * initialiser by position (GCC and Clang: -Wdesignated-init, on by
 * default; an error with -Werror). */
#if !defined(__cplusplus) && defined(__has_attribute)
#if __has_attribute(designated_init)
#define GRUNDY_DESIGNATED_INIT __attribute__((designated_init))
#endif
#endif
#ifndef GRUNDY_DESIGNATED_INIT
#define GRUNDY_DESIGNATED_INIT
#endif

/* Status codes ************************************************************/

typedef enum grundy_status {
    GRUNDY_OK = 0,           /* success */
    GRUNDY_ERR_NOMEM = 1,    /* an allocation failed */
    GRUNDY_ERR_ARG = 2,      /* an argument is invalid (unknown rules, ...) */
    GRUNDY_ERR_RANGE = 3,    /* a number or index is outside its range */
    GRUNDY_ERR_OVERFLOW = 4, /* a result does not fit its type */
    GRUNDY_ERR_LIMIT = 5,    /* a size limit (memory, table, search) is hit */
    GRUNDY_ERR_PARSE = 6,    /* malformed text */
    GRUNDY_ERR_IO = 7,       /* reading or writing failed */
    GRUNDY_ERR_CANCELLED = 8, /* the progress callback asked to stop */
    GRUNDY_ERR_WORK = 9,      /* the work limit (grundy_limits.work_limit)
                                 is past: refused before it started */
    GRUNDY_ERR_FAMILY = 10    /* a family's own code failed (its
                                 list_moves hook said so: a callback in
                                 another language raised, a file could
                                 not be read) */
} grundy_status;

/* grundy_strerror() :
 * A short, constant English description of s.  Never NULL: unknown codes
 * give "unknown status".  The strings live in one table in status.c. */
GRUNDY_API const char *grundy_strerror(grundy_status s);

/* Parse errors *************************************************************/

/* Where a parser stopped, for the caller to report as LINE:COL.
 * line and col are 1-based; col counts bytes.  For a one-line text such as
 * a rules spec, line is 1 and col is the offset of the offending character.
 * msg holds a NUL-terminated detail ("expected a digit", ...), possibly
 * empty.  Every parser accepts where == NULL. */
typedef struct grundy_parse_error {
    unsigned long line;
    unsigned long col;
    char msg[128];
} grundy_parse_error;

/* grundy_parse_error_set() :
 * Fill *where (if not NULL) with line, col and a printf-style message. */
GRUNDY_API void grundy_parse_error_set(grundy_parse_error *where, unsigned long line,
                            unsigned long col, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Propagation helpers (zstd FORWARD_IF_ERROR / RETURN_ERROR_IF) ************/

#define GRUNDY_TRY(expr)                                                      \
    do {                                                                      \
        grundy_status grundy_try_s_ = (expr);                                 \
        if (grundy_try_s_ != GRUNDY_OK)                                       \
            return grundy_try_s_;                                             \
    } while (0)

#define GRUNDY_RETURN_IF(cond, code)                                          \
    do {                                                                      \
        if (cond)                                                             \
            return (code);                                                    \
    } while (0)

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_STATUS_H */
