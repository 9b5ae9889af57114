/*
 * cellpool.h -- names for the positions of boards of more than 64 cells.
 *
 * A position of a board of at most 64 cells is its set of cells, one bit
 * each, and that set is its grundy_pos.  A larger board's sets do not fit
 * a grundy_pos, so the game keeps every set it has been asked about
 * (parsed, listed as a move, the start) in a pool and names it by its
 * place there: a handle, 0, 1, 2, ... in the order the sets were first
 * seen.  The same set always gets the same handle within one game.  The
 * board search never makes handles (it works on the sets themselves,
 * grundy_board_wide); only the calls of the rules interface do, so the
 * pool holds what a program asked about, not what a search visited.
 *
 * A pool is shared by every user of its game; the calls lock it.
 */
#ifndef GRUNDY_RULES_CELLPOOL_H
#define GRUNDY_RULES_CELLPOOL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/rules.h"
#include "grundy/status.h"

typedef struct grundy_cellpool {
    pthread_mutex_t mu;
    unsigned words;  /* words per set, 1 .. 4 */
    uint64_t *sets;  /* n sets of `words` words */
    size_t n, cap;
    uint32_t *slots; /* open addressing: handle + 1, 0 for empty */
    size_t nslots;   /* a power of 2 */
} grundy_cellpool;

/* An empty pool of sets of `words` words. */
void grundy_cellpool_init(grundy_cellpool *cp, unsigned words);
void grundy_cellpool_clear(grundy_cellpool *cp);

/* The handle of set x (words words), added when new.  GRUNDY_ERR_NOMEM,
 * or GRUNDY_ERR_LIMIT past 2^32 - 1 sets. */
grundy_status grundy_cellpool_put(grundy_cellpool *cp, const uint64_t *x,
                                  grundy_pos *handle);

/* The set named h into out (words words): 1, or 0 when no set has that
 * handle. */
int grundy_cellpool_get(grundy_cellpool *cp, grundy_pos h, uint64_t *out);

/* The cells of position p of a board of `need` words into out[0 ..
 * words), zeroed first: for need == 1 p itself (1 when p holds no bit
 * outside all), else the set named p in cp.  0 when p names no position
 * or words < need. */
int grundy_cellpool_cells(grundy_cellpool *cp, unsigned need, uint64_t all,
                          grundy_pos p, uint64_t *out, unsigned words);

/* The handle of set x, as grundy_cellpool_put(); *ok cleared when the
 * pool cannot take it (the handle is then 0). */
grundy_pos grundy_cellpool_name(grundy_cellpool *cp, const uint64_t *x,
                                int *ok);

/* Sets held now. */
size_t grundy_cellpool_size(grundy_cellpool *cp);

#endif
