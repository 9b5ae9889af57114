/*
 * tiers_split.c -- the layout of a board table split into slices: which
 * slice holds a position, and where (table/split.h, grundy_split).
 *
 * Every tier's index range is cut into blocks of 2^block_bits positions
 * dealt round robin to the slices.  Round robin rather than one range per
 * slice because the positions computed (the least of each orbit) crowd
 * the start of each tier: on rect:4x5 the first quarter of tier 10 holds
 * 40% of its least positions.  Blocks of 4096 keep both the memory and
 * the work of the slices within a block of each other per tier, and a
 * position's slice and offset are two shifts and a division.
 */
#include "table/split.h"

uint64_t grundy_split_len(const grundy_split *sp, unsigned k, unsigned s)
{
    uint64_t t = sp->tiers->size[k], bsz = (uint64_t)1 << sp->block_bits;
    uint64_t nb = (t + bsz - 1) >> sp->block_bits, len;
    if (nb <= s)
        return 0;
    len = ((nb - 1 - s) / sp->count + 1) << sp->block_bits;
    if ((nb - 1) % sp->count == s)
        len -= (nb << sp->block_bits) - t; /* the last block is short */
    return len;
}

void grundy_split_find(const grundy_split *sp, grundy_pos p, unsigned *s,
                       uint64_t *offset)
{
    unsigned k = grundy_pop64(p), j;
    uint64_t off;
    grundy_split_locate(sp, grundy_tiers_rank(sp->tiers, p), s, &off);
    for (j = 0; j < k; j++)
        off += grundy_split_len(sp, j, *s);
    *offset = off;
}

void grundy_split_scatter(uint8_t *g, const grundy_split *sp, unsigned k,
                          unsigned s, const uint8_t *vals)
{
    uint64_t len = grundy_split_len(sp, k, s), bsz, off;
    bsz = (uint64_t)1 << sp->block_bits;
    for (off = 0; off < len; off += bsz) {
        uint64_t n = len - off < bsz ? len - off : bsz, i;
        uint64_t x = grundy_tiers_unrank(sp->tiers, k,
                                         grundy_split_index(sp, s, off));
        for (i = 0; i < n; i++, x = k ? grundy_tiers_next(x) : x)
            g[x] = vals[off + i];
    }
}
