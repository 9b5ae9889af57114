/*
 * json.h -- the conventions every JSON answer of the library's writers
 * follows (doc/JSON.md): strings escaped, fields after the first, the
 * rules as written and canonical, positions always as strings in the
 * family's syntax, and what a move leaves as an array of parts.  Shared
 * by the writers of the play engine (src/play/write*.c), of misere
 * quotients (src/misere/write.c) and of games with cycles
 * (src/loopy/write.c); internal to the library.
 */
#ifndef GRUNDY_IO_JSON_H
#define GRUNDY_IO_JSON_H

#include <stdint.h>

#include "grundy/io.h"
#include "grundy/rules.h"

/* A JSON string: s with '"', '\\' and control bytes escaped. */
void grundy_json_str(grundy_writer *w, const char *s);
/* ', "KEY": V': a field after the first. */
void grundy_json_u64(grundy_writer *w, const char *key, uint64_t v);
/* A heap written as a position: the decimal number as a string. */
void grundy_json_heap(grundy_writer *w, uint64_t h);
/* '"rules": WRITTEN, "canonical": CANON': the spec as written (NULL: the
 * game's own) and its canonical form (src/rules/json.c). */
void grundy_json_rules(grundy_writer *w, const char *written,
                       const grundy_game *g);
/* A position: a string in the family's position syntax (a number when
 * the family's text would pass 255 bytes). */
void grundy_json_pos(grundy_writer *w, const grundy_game *g, grundy_pos p);
/* What a move leaves: an array of positions, one per part, where an
 * empty heap of a heap family is no part ([] is "nothing left"). */
void grundy_json_parts(grundy_writer *w, const grundy_game *g,
                       const grundy_move *m);

#endif
