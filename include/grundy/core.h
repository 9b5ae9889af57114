/*
 * grundy/core.h -- what every module of grundy takes: resource limits
 * (memory, threads), progress reports and cancellation, and the machine's
 * facts (physical memory, CPUs, instruction sets).
 *
 * One grundy_limits is passed to every function whose work or memory
 * grows with its input: tables, single values, sums, counts, range
 * queries, stores.  NULL always means the defaults of grundy_limits_init().
 *
 * Progress and cancellation are one mechanism.  Long work calls the
 * progress callback at most every interval_ms milliseconds (and at the
 * end of each phase); a non-zero return asks the work to stop, and the
 * function then returns GRUNDY_ERR_CANCELLED, having kept whatever it can
 * keep (a table's finished prefix, a store's checkpoint).  A program that
 * wants Ctrl-C to stop a computation cleanly sets a flag in its signal
 * handler and returns that flag from its callback.
 */
#ifndef GRUNDY_CORE_H
#define GRUNDY_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Progress *****************************************************************/

/* One report of long work.  phase names what is being done ("table",
 * "period search", "tiers", "search", "count"); done and total count the
 * phase's units (positions, tiers, nodes); total is 0 when unknown. */
typedef struct grundy_progress {
    const char *phase;
    uint64_t done;
    uint64_t total;
    int final; /* 1 on the last report of a phase */
    /* Units already done when the phase began, not by this run (a table
     * resumed from the store starts at its stored prefix): the rate and
     * any estimate of the time left go by done - start. */
    uint64_t start;
    /* NULL, or a short text of where the phase stands beyond its count
     * (a board search: "round 3, child 22 of 40", the value it is trying
     * at its root and the child it has reached).  Valid during the call
     * only. */
    const char *detail;
} grundy_progress;

/* Called from the thread that called the library.  Return 0 to go on,
 * non-zero to cancel (the work stops with GRUNDY_ERR_CANCELLED). */
typedef int (*grundy_progress_fn)(void *ctx, const grundy_progress *p);

/* Limits *******************************************************************/

/* Limits shared by several modules, held here once so that every
 * subcommand accepts the same range for the same thing. */
/* Moore's Nim_k: a move changes 1..k components, k <= GRUNDY_MOORE_KMAX
 * (analysis, the exact search and counting alike). */
#define GRUNDY_MOORE_KMAX 63

typedef struct grundy_limits {
    /* Bytes the work may allocate; 0 = 7/8 of physical memory. */
    size_t mem_limit;
    /* Threads to use; 0 = one per CPU this process may run on. */
    unsigned threads;
    /* Progress and cancellation; NULL = none. */
    grundy_progress_fn progress;
    void *progress_ctx;
    /* Least time between two progress calls; 0 = 100 ms. */
    unsigned interval_ms;
    /* Work one computation may take, in steps (a position computed, a
     * move examined, a board position searched); 0 =
     * GRUNDY_WORK_DEFAULT.  Work whose time grows
     * with a position (a table, a sliding window, a listing of moves) is
     * estimated before it starts and refused with GRUNDY_ERR_WORK past
     * this bound, instead of running for years. */
    uint64_t work_limit;
} grundy_limits;

/* The default work bound: 2^40 steps, an hour or so of the slowest
 * methods.  Work below it may still be long: it reports progress. */
#define GRUNDY_WORK_DEFAULT ((uint64_t)1 << 40)

/* grundy_limits_init() : no memory limit beyond the machine's, one thread
 * per CPU, no progress. */
GRUNDY_API void grundy_limits_init(grundy_limits *l);

/* grundy_limits_mem() : the memory limit of l in bytes (NULL: default). */
GRUNDY_API size_t grundy_limits_mem(const grundy_limits *l);

/* grundy_limits_mem_check() :
 * GRUNDY_OK when bytes fit under the memory limit of l, otherwise
 * GRUNDY_ERR_LIMIT.  Called before every allocation that grows with the
 * input. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_limits_mem_check(const grundy_limits *l, size_t bytes);

/* grundy_limits_work() : the work bound of l in steps (NULL: default). */
GRUNDY_API uint64_t grundy_limits_work(const grundy_limits *l);

/* grundy_limits_work_check() :
 * GRUNDY_OK when a computation of `steps` (an estimate made before it
 * starts) fits under the work bound of l, otherwise GRUNDY_ERR_WORK. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_limits_work_check(const grundy_limits *l, uint64_t steps);

/* grundy_limits_threads() : the thread count of l, 0 resolved to the
 * CPUs available (at least 1). */
GRUNDY_API unsigned grundy_limits_threads(const grundy_limits *l);

/* The machine *************************************************************/

/* grundy_cpu_memory() : bytes of physical memory, or 0 if unknown. */
GRUNDY_API size_t grundy_cpu_memory(void);

/* grundy_cpu_count() : the CPUs this process may run on (its affinity
 * mask), at least 1. */
GRUNDY_API unsigned grundy_cpu_count(void);

/* Instruction sets, as detected once at run time. */
#define GRUNDY_CPU_AVX2 1u
#define GRUNDY_CPU_AVX512 2u /* AVX-512 F and BW */
#define GRUNDY_CPU_BMI2 4u

/* grundy_cpu_features() : the GRUNDY_CPU_* bits of this CPU.  The
 * environment variable GRUNDY_CPU_MASK (a number) clears bits, so that a
 * portable path can be forced. */
GRUNDY_API unsigned grundy_cpu_features(void);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_CORE_H */
