/*
 * cpu.c -- the one CPU-feature dispatch of grundy (primesieve's
 * cpu_supports_*): which instruction sets this CPU runs, detected once.
 *
 * Kernels with vector versions ask grundy_cpu_features() and pick a
 * function pointer; nothing uses ifunc resolvers (target_clones), which
 * run before sanitizer runtimes are ready.  GRUNDY_CPU_MASK in the
 * environment clears bits, so tests and benchmarks can force a path.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "core/cpu_internal.h"
#include "grundy/core.h"

static atomic_uint features_cache; /* bit 31: computed */

static unsigned detect(void)
{
    unsigned f = 0;
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        f |= GRUNDY_CPU_AVX2;
    if (__builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512bw"))
        f |= GRUNDY_CPU_AVX512;
    if (__builtin_cpu_supports("bmi2"))
        f |= GRUNDY_CPU_BMI2;
#endif
    return f;
}

unsigned grundy_cpu_features(void)
{
    unsigned f = atomic_load_explicit(&features_cache, memory_order_relaxed);
    if (!(f & 0x80000000u)) {
        const char *mask = getenv("GRUNDY_CPU_MASK");
        f = detect();
        if (mask && *mask)
            f &= ~(unsigned)strtoul(mask, NULL, 0);
        atomic_store_explicit(&features_cache, f | 0x80000000u,
                              memory_order_relaxed);
    }
    return f & ~0x80000000u;
}

void grundy_cpu_features_mask(unsigned mask)
{
    atomic_store_explicit(&features_cache, (detect() & ~mask) | 0x80000000u,
                          memory_order_relaxed);
}
