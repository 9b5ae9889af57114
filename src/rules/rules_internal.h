/*
 * rules_internal.h -- what the files of src/rules/ share: the game
 * object (game.c), the text helpers (text.c), the kernels of the
 * built-in families (src/table/).
 */
#ifndef GRUNDY_RULES_INTERNAL_H
#define GRUNDY_RULES_INTERNAL_H

#include <assert.h>
#include <stddef.h>

#include "grundy/rules.h"

/* A game (game.c, made by registry.c). */
struct grundy_game {
    const grundy_rules *rules;
    void *params;
    char *spec;
};

/* text.c ******************************************************************/

/* Decimal position in [0, max]; where->col 1-based in text. */
grundy_status grundy_u64_parse_pos(grundy_pos *out, const char *text,
                                   size_t len, grundy_pos max,
                                   grundy_parse_error *where);

/* snprintf("%llu") semantics without printf. */
size_t grundy_u64_format(uint64_t v, char *buf, size_t cap);

/* Parse "a,b,c" (distinct after sorting, each in [lo, hi]) into a sorted
 * malloc'ed array.  where->col 1-based in text. */
grundy_status grundy_parse_u64_list(uint64_t **out, size_t *n,
                                    const char *text, uint64_t lo,
                                    uint64_t hi, grundy_parse_error *where);

/* The parse hook of a family without parameters: refuses any args. */
grundy_status grundy_parse_no_args(const char *args, grundy_parse_error *where);

/* Moves of one part each from positions ch[0 .. n) into out[0 .. cap);
 * returns n (as grundy_rules.moves). */
size_t grundy_moves_of_positions(grundy_move *out, size_t cap,
                                 const grundy_pos *ch, size_t n);

/* The moves of a board family whose moves are its children (at most
 * 2 * GRUNDY_BOARD_MAX_CELLS of them), listed by its children hook, as
 * grundy_rules.moves. */
size_t grundy_moves_of_children(grundy_move *out, size_t cap,
                                size_t (*children)(const void *params,
                                                   grundy_pos p,
                                                   grundy_pos *out,
                                                   size_t cap),
                                const void *params, grundy_pos p);

/* The hooks every board family gives (a position is a set of cells: see
 * grundy_rules.children, .orbit, .key, .geometry), each defined in the
 * family's file as PREFIX_hook: rect_moves, chomp_orbit, ... */
#define GRUNDY_BOARD_FAMILY(prefix)                                           \
    .parse = prefix##_parse, .free_params = prefix##_free,                    \
    .num_positions = prefix##_num_positions,                                  \
    .pos_parse = prefix##_pos_parse, .pos_format = prefix##_pos_format,       \
    .max_moves = prefix##_max_moves, .moves = prefix##_moves,                 \
    .spec_format = prefix##_spec, .children = prefix##_children,              \
    .orbit = prefix##_orbit, .key = prefix##_key,                             \
    .geometry = prefix##_geometry

/* Sort the parts of m in increasing order (moves compare equal when
 * their sorted parts do). */
void grundy_move_sort_parts(grundy_move *m);

/* The built-in families' table kernels (src/table/). */
extern const grundy_kernel grundy_kernel_subtract;
extern const grundy_kernel grundy_kernel_digits;
extern const grundy_kernel grundy_kernel_takebreak;
/* The range-mex kernel of families with the interval hook (interval.c). */
extern const grundy_kernel grundy_kernel_interval;

/* Append-only text for spec_format hooks: writes what fits of each piece
 * (always NUL-terminated when cap > 0) and counts the whole length. */
typedef struct grundy_spec_buf {
    char *buf;
    size_t cap, len;
} grundy_spec_buf;

/* A buffer over buf[0 .. cap) that starts with head. */
grundy_spec_buf grundy_spec_start(char *buf, size_t cap, const char *head);
void grundy_spec_put(grundy_spec_buf *b, const char *s);
void grundy_spec_put_u64(grundy_spec_buf *b, uint64_t v);

#endif
