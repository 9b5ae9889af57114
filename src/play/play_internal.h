/*
 * play_internal.h -- the layout of a game state (grundy/play.h), shared by
 * the files of src/play/.
 *
 * The positions of a game are kept whole, one snapshot per move (the
 * start is snapshot 0): undo and redo move an index, a repetition is a
 * comparison of snapshots, and the transcript is the start and the move
 * sets.  A game of thousands of moves over a few components holds a few
 * hundred kilobytes.
 */
#ifndef GRUNDY_PLAY_INTERNAL_H
#define GRUNDY_PLAY_INTERNAL_H

#include "grundy/play.h"

/* One game of the state: distinct by the spec as written. */
typedef struct play_game {
    const grundy_game *g;
    grundy_values *v;
    char *written;
} play_game;

struct grundy_play {
    grundy_session *s;
    grundy_play_opts o;
    play_game *games;
    size_t ngames, gcap;
    /* snapshot k: pos[off[k] .. off[k + 1]), k = 0 .. top */
    grundy_sum_component *pos;
    size_t npos, poscap;
    size_t *off;
    size_t offcap;
    /* move k, from snapshot k to k + 1: set[moff[k] .. moff[k + 1]) */
    grundy_sum_move *set;
    size_t nset, setcap;
    size_t *moff;
    size_t moffcap;
    size_t ply, top; /* the current snapshot, the last one kept */
};

/* The play_game of a values object (every component's is there). */
const play_game *grundy_play_game_rec(const grundy_play *p,
                                      const grundy_values *v);

/* Position text, "..." at the end when it does not fit (cap > 4). */
void grundy_play_pos_text(const grundy_game *g, grundy_pos pos, char *buf,
                          size_t cap);

/* Grow *a (elements of size bytes) to hold need. */
grundy_status grundy_play_grow(void **a, size_t *cap, size_t need,
                               size_t size);

/* '"component": C, "from": F, "to": [...]': move m of game g in JSON
 * (write.c), the fields a move's object starts with. */
void grundy_play_move_fields(grundy_writer *w, const grundy_game *g,
                             const grundy_sum_move *m);

/* grundy_play_analysis_write()'s JSON object without its newline. */
void grundy_play_analysis_object(grundy_writer *w, const grundy_play *p,
                                 const grundy_play_analysis *an);

#endif
