/*
 * board_internal.h -- what the board search's files share: the context
 * of a search (grundy_board), how its threads wait while the table
 * grows, and the searches of each width (search_tmpl.h, instantiated in
 * search64.c, search128.c and search256.c).
 */
#ifndef GRUNDY_BOARD_INTERNAL_H
#define GRUNDY_BOARD_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "board/tt.h"
#include "board/ttw.h"
#include "grundy/board.h"
#include "grundy/table.h"

#define GRUNDY_BOARD_MAX_SEARCHERS 64

/* The table grows only while the helpers wait: the caller's thread asks
 * (grow_req), each helper parks at its next position, the caller grows
 * the table once all active helpers are parked, and wakes them. */
typedef struct grundy_board_pause {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int grow_req;
    unsigned parked, active;
    uint64_t helper_nodes; /* positions the helpers searched, by 4096 */
} grundy_board_pause;

struct grundy_board {
    const grundy_game *game;
    grundy_board_opts o;
    unsigned words;                 /* 1, 2 or 4 */
    const grundy_board_wide *wide;  /* words > 1 */
    grundy_board_tt tt;             /* words == 1 */
    grundy_board_ttw ttw;           /* words > 1 */
    void *s[GRUNDY_BOARD_MAX_SEARCHERS]; /* s[0]: the caller's thread */
    void *enddb; /* the endgame database of this width, or NULL */
    grundy_board_pause pz;
    unsigned nsearchers;
    int stop;
    grundy_board_stats st; /* of the searchers since freed */
};

/* The searches of one width: the value of the position `cells` (words
 * words), the statistics of the searchers, and freeing them. */
#define GRUNDY_BOARD_WIDTH_DECL(N)                                            \
    grundy_status grundy_board_value_##N(grundy_value *out,                   \
                                         grundy_board *bd,                    \
                                         const uint64_t *cells);              \
    void grundy_board_stats_##N(grundy_board_stats *out,                      \
                                const grundy_board *bd);                      \
    void grundy_board_free_##N(grundy_board *bd);                             \
    grundy_status grundy_board_enddb_##N(grundy_board *bd,                    \
                                         const grundy_game *w,                \
                                         const grundy_table *t);              \
    grundy_status grundy_board_preload_key_##N(grundy_board *bd,              \
                                               const uint64_t *key,           \
                                               unsigned nwords, unsigned tag, \
                                               uint32_t value)
GRUNDY_BOARD_WIDTH_DECL(64);
GRUNDY_BOARD_WIDTH_DECL(128);
GRUNDY_BOARD_WIDTH_DECL(256);
#undef GRUNDY_BOARD_WIDTH_DECL

/* Monotonic or thread CPU time in ns (0 when the clock fails). */
static inline uint64_t grundy_board_clock_ns(clockid_t c)
{
    struct timespec ts;
    if (clock_gettime(c, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
