/*
 * misere_oracle.h -- misere play of sums of heaps of a take-and-break
 * game, decided by an exhaustive search of the sum itself.  No quotient,
 * no Grundy theory, no code shared with the library: the moves come from
 * the code's digits as read here, and a position is the multiset of its
 * heaps, each solved once (memoised).
 *
 * Also the misere Grundy value of a multiset of heaps plus nim-heaps *1
 * and *2 (for the genus), by the mex rule on the same positions.
 */
#ifndef GRUNDY_MISERE_ORACLE_H
#define GRUNDY_MISERE_ORACLE_H

#include <stddef.h>
#include <stdint.h>

typedef struct misere_oracle misere_oracle;

/* A code "0.75", "4.07", "0.F7" (hexadecimal digits allowed), or
 * "grundy-game".  NULL on a malformed spec. */
misere_oracle *misere_oracle_new(const char *spec);
void misere_oracle_free(misere_oracle *o);

/* 1 when the player to move wins the sum of heaps h[0..n) under misere
 * play (the player who cannot move wins). */
int misere_oracle_first_wins(misere_oracle *o, const unsigned *h, size_t n);

/* The misere Grundy value of heaps h[0..n) plus twos copies of *2 and
 * ones copies of *1 (1 for a position without moves, else the mex of the
 * options' values). */
unsigned misere_oracle_mex(misere_oracle *o, const unsigned *h, size_t n,
                           unsigned twos, unsigned ones);

/* The normal-play Grundy value of one heap. */
unsigned misere_oracle_normal(misere_oracle *o, unsigned h);

/* Positions stored so far. */
size_t misere_oracle_size(const misere_oracle *o);

#endif
