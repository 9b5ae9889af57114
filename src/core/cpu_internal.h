/*
 * cpu_internal.h -- test hooks of the CPU dispatch (src/core/cpu.c).
 */
#ifndef GRUNDY_CPU_INTERNAL_H
#define GRUNDY_CPU_INTERNAL_H

/* grundy_cpu_features_mask() :
 * From now on grundy_cpu_features() answers the detected bits less mask
 * (as GRUNDY_CPU_MASK does at start-up; 0 restores them), so one test can
 * run each path of a kernel in turn.  Not thread-safe: call it while no
 * other thread runs grundy code. */
void grundy_cpu_features_mask(unsigned mask);

#endif
