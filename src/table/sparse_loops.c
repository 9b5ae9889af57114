/*
 * sparse_loops.c -- the inner loops of the sparse space kernel (see
 * sparse_loops.h): the marks of a block's rare splits, the scan of splits
 * against the candidate bitmap, and a row's word of marks; portable, AVX2
 * and AVX-512 versions, chosen at run time.
 *
 * The scans keep the candidate bitmap in vector registers and look up 16
 * (AVX2) or 32 (AVX-512) split values per step with permutes; nearly
 * every split misses once the first few hundred are seen, so a step is a
 * load, an XOR, the lookups and a test.  A hit is handled lane by lane
 * (only the lanes that hit), and the bit is cleared in the registers as
 * well as in memory: reloading the registers right after the narrow
 * store would stall on store forwarding.
 */
#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "table/sparse_loops.h"

#define BLOCK GRUNDY_SPARSE_BLOCK

#if defined(__x86_64__) && defined(__GNUC__)
#define GRUNDY_SPARSE_X86 1
#include <immintrin.h>
#else
#define GRUNDY_SPARSE_X86 0
#endif

static void marks_portable(uint32_t *rows, unsigned k, uint32_t stamp,
                           const uint16_t *g, grundy_pos base,
                           const grundy_pos *rp, const uint16_t *rv, size_t r0,
                           size_t r1)
{
    size_t r;
    unsigned j;
    for (r = r0; r < r1; r++) {
        const uint16_t *src = g + (base - rp[r]);
        unsigned v = rv[r];
        for (j = 0; j < BLOCK; j++)
            rows[((size_t)j << k) + (src[j] ^ v)] = stamp;
    }
}

static uint64_t row_word_portable(const uint32_t *row, uint32_t stamp)
{
    uint64_t w = 0;
    unsigned j;
    for (j = 0; j < 64; j++)
        w |= (uint64_t)(row[j] == stamp) << j;
    return w;
}

static unsigned scan_portable(uint64_t *cand, unsigned ncand, const uint16_t *g,
                              grundy_pos m, grundy_pos a, grundy_pos last)
{
    while (ncand && a + 7 <= last) {
        const uint16_t *lo = g + a, *hi = g + (m - a);
        unsigned x[8], i;
        uint64_t any = 0;
        for (i = 0; i < 8; i++) {
            x[i] = (unsigned)(lo[i] ^ hi[-(ptrdiff_t)i]);
            any |= cand[x[i] >> 6] >> (x[i] & 63);
        }
        if (any & 1)
            for (i = 0; i < 8; i++)
                ncand = grundy_sparse_cand_take(cand, ncand, x[i]);
        a += 8;
    }
    for (; ncand && a <= last; a++)
        ncand = grundy_sparse_cand_take(cand, ncand, (unsigned)(g[a] ^ g[m - a]));
    return ncand;
}

#if GRUNDY_SPARSE_X86
/* Values below 2^9, 2^10 or 2^11: the candidate bitmap is nt = 2, 4 or
 * 8 registers of eight 32-bit words, looked up with a permute per
 * register and blends on bits 3, 4 and 5 of the word index, 16 splits
 * per step. */
__attribute__((target("avx2"))) static inline __m256i
avx2_lookup(const __m256i *t, __m256i wi, unsigned nt)
{
#define GRUNDY_PICK(a, b, sh)                                                 \
    _mm256_castps_si256(_mm256_blendv_ps(                                  \
        _mm256_castsi256_ps(a), _mm256_castsi256_ps(b),                    \
        _mm256_castsi256_ps(_mm256_slli_epi32(wi, sh))))
    __m256i w = GRUNDY_PICK(_mm256_permutevar8x32_epi32(t[0], wi),
                            _mm256_permutevar8x32_epi32(t[1], wi), 28);
    if (nt >= 4)
        w = GRUNDY_PICK(w,
                        GRUNDY_PICK(_mm256_permutevar8x32_epi32(t[2], wi),
                                    _mm256_permutevar8x32_epi32(t[3], wi), 28),
                        27);
    if (nt >= 8) {
        __m256i u = GRUNDY_PICK(_mm256_permutevar8x32_epi32(t[4], wi),
                                _mm256_permutevar8x32_epi32(t[5], wi), 28);
        u = GRUNDY_PICK(u,
                        GRUNDY_PICK(_mm256_permutevar8x32_epi32(t[6], wi),
                                    _mm256_permutevar8x32_epi32(t[7], wi), 28),
                        27);
        w = GRUNDY_PICK(w, u, 26);
    }
#undef GRUNDY_PICK
    return w;
}

__attribute__((target("avx2"))) static inline unsigned
scan_avx2_tables(uint64_t *cand, unsigned ncand, const uint16_t *g,
                 grundy_pos m, grundy_pos a, grundy_pos last, unsigned nt)
{
    const __m256i rev = _mm256_set_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i low5 = _mm256_set1_epi32(31);
    __m256i t[8];
    unsigned q;
    for (q = 0; q < nt; q++)
        t[q] = _mm256_loadu_si256((const __m256i *)(const void *)(cand + 4 * q));
    while (ncand && a + 15 <= last) {
        unsigned hit = 0, h;
        for (h = 0; h < 2; h++) {
            __m256i lo = _mm256_cvtepu16_epi32(_mm_loadu_si128(
                (const __m128i *)(const void *)(g + a + 8 * h)));
            __m256i hi = _mm256_permutevar8x32_epi32(
                _mm256_cvtepu16_epi32(_mm_loadu_si128(
                    (const __m128i *)(const void *)(g + (m - a - 8 * h - 7)))),
                rev);
            __m256i x = _mm256_xor_si256(lo, hi);
            __m256i w = avx2_lookup(t, _mm256_srli_epi32(x, 5), nt);
            w = _mm256_srlv_epi32(w, _mm256_and_si256(x, low5));
            hit |= (unsigned)_mm256_movemask_ps(
                       _mm256_castsi256_ps(_mm256_slli_epi32(w, 31)))
                   << (8 * h);
        }
        while (hit) {
            unsigned i = (unsigned)__builtin_ctz(hit);
            unsigned v = (unsigned)(g[a + i] ^ g[m - a - i]);
            if (grundy_sparse_cand_has(cand, v)) {
                __m256i bit = _mm256_and_si256(
                    _mm256_cmpeq_epi32(lane, _mm256_set1_epi32((int)(v >> 5 & 7))),
                    _mm256_set1_epi32((int)(1u << (v & 31))));
                cand[v >> 6] &= ~((uint64_t)1 << (v & 63));
                t[v >> 8] = _mm256_andnot_si256(bit, t[v >> 8]);
                if (--ncand == 0)
                    return 0;
            }
            hit &= hit - 1;
        }
        a += 16;
    }
    return scan_portable(cand, ncand, g, m, a, last);
}

/* One scan per bitmap size: the size is a constant in each, so the
 * lookups of the inline body unroll for it. */
#define SCAN_INSTANCE(name, isa, body, size)                                  \
    __attribute__((target(isa))) static unsigned name(                        \
        uint64_t *cand, unsigned ncand, const uint16_t *g, grundy_pos m,      \
        grundy_pos a, grundy_pos last)                                        \
    {                                                                         \
        return body(cand, ncand, g, m, a, last, size);                        \
    }

SCAN_INSTANCE(scan_avx2, "avx2", scan_avx2_tables, 2)
SCAN_INSTANCE(scan_avx2_10, "avx2", scan_avx2_tables, 4)
SCAN_INSTANCE(scan_avx2_11, "avx2", scan_avx2_tables, 8)

__attribute__((target("avx2"))) static uint64_t
row_word_avx2(const uint32_t *row, uint32_t stamp)
{
    const __m256i st = _mm256_set1_epi32((int)stamp);
    uint64_t w = 0;
    unsigned j;
    for (j = 0; j < 8; j++)
        w |= (uint64_t)(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(
                 _mm256_cmpeq_epi32(
                     _mm256_loadu_si256(
                         (const __m256i *)(const void *)(row + 8 * j)),
                     st)))
             << (8 * j);
    return w;
}

/* Values below 2^12: the bitmap is 256 words of 16 bits in eight
 * registers, looked up with two-table permutes (64 words each) and
 * blends on bits 6 and 7 of the word index, 32 splits per step.  Values
 * below 2^11 need only the first four registers. */
__attribute__((target("avx512f,avx512bw"))) static inline unsigned
scan_avx512_tables(uint64_t *cand, unsigned ncand, const uint16_t *g,
                   grundy_pos m, grundy_pos a, grundy_pos last, int wide)
{
    const __m512i rev = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
        20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    const __m512i one = _mm512_set1_epi16(1), low4 = _mm512_set1_epi16(15);
    const __m512i bit6 = _mm512_set1_epi16(64), bit7 = _mm512_set1_epi16(128);
    __m512i t[8];
    unsigned q;
    for (q = 0; q < (wide ? 8u : 4u); q++)
        t[q] = _mm512_loadu_si512(cand + 8 * q);
    if (!wide)
        for (q = 4; q < 8; q++)
            t[q] = _mm512_setzero_si512();
    while (ncand && a + 31 <= last) {
        __m512i lo = _mm512_loadu_si512(g + a);
        __m512i hi =
            _mm512_permutexvar_epi16(rev, _mm512_loadu_si512(g + (m - a - 31)));
        __m512i x = _mm512_xor_si512(lo, hi);
        __m512i idx = _mm512_srli_epi16(x, 4);
        __mmask32 b6 = _mm512_test_epi16_mask(idx, bit6);
        __m512i w = _mm512_mask_blend_epi16(
            b6, _mm512_permutex2var_epi16(t[0], idx, t[1]),
            _mm512_permutex2var_epi16(t[2], idx, t[3]));
        __mmask32 hit;
        if (wide) {
            __m512i w2 = _mm512_mask_blend_epi16(
                b6, _mm512_permutex2var_epi16(t[4], idx, t[5]),
                _mm512_permutex2var_epi16(t[6], idx, t[7]));
            w = _mm512_mask_blend_epi16(_mm512_test_epi16_mask(idx, bit7), w,
                                        w2);
        }
        hit = _mm512_test_epi16_mask(
            _mm512_srlv_epi16(w, _mm512_and_si512(x, low4)), one);
        if (hit) {
            /* Clear each hit value in memory and in t (reloading the
             * tables would stall on the narrow stores). */
            do {
                unsigned i = (unsigned)__builtin_ctz(hit);
                unsigned v = (unsigned)(g[a + i] ^ g[m - a - i]);
                if (grundy_sparse_cand_has(cand, v)) {
                    __m512i bit = _mm512_maskz_set1_epi16(
                        (__mmask32)1 << (v >> 4 & 31), (short)(1u << (v & 15)));
                    cand[v >> 6] &= ~((uint64_t)1 << (v & 63));
                    t[v >> 9] = _mm512_andnot_si512(bit, t[v >> 9]);
                    if (--ncand == 0)
                        return 0;
                }
                hit &= hit - 1;
            } while (hit);
        }
        a += 32;
    }
    return scan_portable(cand, ncand, g, m, a, last);
}

SCAN_INSTANCE(scan_avx512, "avx512f,avx512bw", scan_avx512_tables, 0)
SCAN_INSTANCE(scan_avx512_wide, "avx512f,avx512bw", scan_avx512_tables, 1)
#undef SCAN_INSTANCE

__attribute__((target("avx512f"))) static uint64_t
row_word_avx512(const uint32_t *row, uint32_t stamp)
{
    const __m512i st = _mm512_set1_epi32((int)stamp);
    uint64_t w = 0;
    unsigned j;
    for (j = 0; j < 4; j++)
        w |= (uint64_t)_mm512_cmpeq_epi32_mask(_mm512_loadu_si512(row + 16 * j),
                                               st)
             << (16 * j);
    return w;
}

/* The marks with a scatter: 16 rows per rare position. */
__attribute__((target("avx512f,avx512bw"))) static void
marks_avx512(uint32_t *rows, unsigned k, uint32_t stamp, const uint16_t *g,
             grundy_pos base, const grundy_pos *rp, const uint16_t *rv,
             size_t r0, size_t r1)
{
    const __m512i off = _mm512_slli_epi32(
        _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
        (unsigned)k);
    const __m512i st = _mm512_set1_epi32((int)stamp);
    size_t r;
    for (r = r0; r < r1; r++) {
        __m512i x = _mm512_cvtepu16_epi32(_mm256_loadu_si256(
            (const __m256i *)(const void *)(g + (base - rp[r]))));
        x = _mm512_xor_si512(x, _mm512_set1_epi32(rv[r]));
        _mm512_i32scatter_epi32(rows, _mm512_add_epi32(x, off), st, 4);
    }
}
#endif

int grundy_sparse_isa_supported(grundy_sparse_isa isa)
{
    switch (isa) {
    case GRUNDY_SPARSE_AUTO:
    case GRUNDY_SPARSE_PORTABLE:
        return 1;
#if GRUNDY_SPARSE_X86
    case GRUNDY_SPARSE_AVX2:
        return (grundy_cpu_features() & GRUNDY_CPU_AVX2) != 0;
    case GRUNDY_SPARSE_AVX512:
        return (grundy_cpu_features() & GRUNDY_CPU_AVX512) != 0;
#else
    case GRUNDY_SPARSE_AVX2:
    case GRUNDY_SPARSE_AVX512:
        return 0;
#endif
    }
    return 0;
}

grundy_sparse_isa grundy_sparse_resolve_isa(grundy_sparse_isa isa)
{
    if (isa != GRUNDY_SPARSE_AUTO)
        return isa;
    if (grundy_sparse_isa_supported(GRUNDY_SPARSE_AVX512))
        return GRUNDY_SPARSE_AVX512;
    if (grundy_sparse_isa_supported(GRUNDY_SPARSE_AVX2))
        return GRUNDY_SPARSE_AVX2;
    return GRUNDY_SPARSE_PORTABLE;
}

grundy_sparse_marks_fn *grundy_sparse_marks_for(grundy_sparse_isa isa)
{
#if GRUNDY_SPARSE_X86
    if (isa == GRUNDY_SPARSE_AVX512)
        return marks_avx512;
#endif
    (void)isa;
    return marks_portable;
}

grundy_sparse_scan_fn *grundy_sparse_scan_for(grundy_sparse_isa isa,
                                              unsigned k)
{
#if GRUNDY_SPARSE_X86
    if (isa == GRUNDY_SPARSE_AVX512 && k <= 11)
        return scan_avx512;
    if (isa == GRUNDY_SPARSE_AVX512 && k <= 12)
        return scan_avx512_wide;
    if (isa != GRUNDY_SPARSE_PORTABLE && k <= 9)
        return scan_avx2;
    if (isa != GRUNDY_SPARSE_PORTABLE && k <= 10)
        return scan_avx2_10;
    if (isa != GRUNDY_SPARSE_PORTABLE && k <= 11)
        return scan_avx2_11;
#endif
    (void)isa;
    (void)k;
    return scan_portable;
}

int grundy_sparse_scan_is_vector(grundy_sparse_isa isa, unsigned k)
{
    return grundy_sparse_scan_for(isa, k) != scan_portable;
}

grundy_sparse_row_word_fn *grundy_sparse_row_word_for(grundy_sparse_isa isa)
{
#if GRUNDY_SPARSE_X86
    if (isa == GRUNDY_SPARSE_AVX512)
        return row_word_avx512;
    if (isa == GRUNDY_SPARSE_AVX2)
        return row_word_avx2;
#endif
    (void)isa;
    return row_word_portable;
}

unsigned grundy_sparse_scan(grundy_sparse_isa isa, unsigned k, uint64_t *cand,
                            unsigned ncand, const uint16_t *g, grundy_pos m,
                            grundy_pos a, grundy_pos last)
{
    return grundy_sparse_scan_for(grundy_sparse_resolve_isa(isa), k)(cand, ncand, g, m, a, last);
}

void grundy_sparse_marks(grundy_sparse_isa isa, uint32_t *rows, unsigned k,
                         uint32_t stamp, const uint16_t *g, grundy_pos base,
                         const grundy_pos *rp, const uint16_t *rv, size_t r0,
                         size_t r1)
{
    grundy_sparse_marks_for(grundy_sparse_resolve_isa(isa))(rows, k, stamp, g, base, rp, rv, r0, r1);
}
