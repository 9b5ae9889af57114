/*
 * chomp_oracle.h -- Chomp written from its rules alone, sharing no code
 * with the library: a diagram is an array of row lengths, row 0 at the
 * bottom (every row given, 0 for an empty one).  Its text, its moves, the
 * order of positions the family documents (fewer squares first, then by
 * the bit mask with row r, column c at bit r*C + c, compared as a bit
 * string as wide as the board), random diagrams, and values by a direct
 * memoised mex over the diagrams.
 */
#ifndef GRUNDY_CHOMP_ORACLE_H
#define GRUNDY_CHOMP_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "test_support.h"

#define CHOMP_ORACLE_MAX_ROWS 256

/* The squares of a diagram. */
unsigned chomp_squares(const uint16_t *len, unsigned rows);

/* "7,4,2": the non-empty rows from the bottom, snprintf semantics. */
size_t chomp_text(char *buf, size_t cap, const uint16_t *len, unsigned rows);

/* The diagram of a text in that form (rows not given are empty); 0 on
 * text of another form. */
int chomp_read(uint16_t *len, unsigned rows, const char *text);

/* The bit mask of a diagram of an R x C board, bit r*C + c of w[0 .. 3]
 * for the square in row r, column c. */
void chomp_mask(uint64_t w[4], const uint16_t *len, unsigned rows,
                unsigned cols);

/* <0, 0, >0 as a comes before, is, or comes after b in the order of the
 * positions of an R x C board. */
int chomp_order(const uint16_t *a, const uint16_t *b, unsigned rows,
                unsigned cols);

/* The diagrams one move away, rows entries each, into out (room for
 * squares - 1 of them); returns their number. */
size_t chomp_moves_of(uint16_t *out, const uint16_t *len, unsigned rows);

/* The transpose of a diagram of an n x n board. */
void chomp_transpose(uint16_t *out, const uint16_t *len, unsigned n);

/* A random diagram of `squares` squares (1 .. R*C): squares added one at
 * a time at a random free corner. */
void chomp_random(uint16_t *len, unsigned rows, unsigned cols, unsigned squares,
                  test_rng *rng);

/* Values by the definition: the mex of the values of the moves. */
typedef struct chomp_oracle chomp_oracle;
chomp_oracle *chomp_oracle_new(unsigned rows, unsigned cols);
void chomp_oracle_free(chomp_oracle *o);
unsigned chomp_oracle_value(chomp_oracle *o, const uint16_t *len);
/* The diagrams valued so far. */
size_t chomp_oracle_size(const chomp_oracle *o);

#endif
