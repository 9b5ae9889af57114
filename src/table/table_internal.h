/*
 * table_internal.h -- every internal header of the table module at once,
 * by subject:
 *   table/layout.h  the fields of grundy_table, making room, appending;
 *   table/fill.h    the fill engine: methods, the kernel's state, hooks,
 *                   work estimates, the sliding window;
 *   table/digits.h  the digit-removal kernels;
 *   table/tiers.h   board tiers: rank, unrank, the steps at a position;
 *   table/split.h   the layout of a table split into slices.
 * New code includes the one it needs.
 */
#ifndef GRUNDY_TABLE_INTERNAL_H
#define GRUNDY_TABLE_INTERNAL_H

#include "table/digits.h"
#include "table/fill.h"
#include "table/layout.h"
#include "table/split.h"
#include "table/tiers.h"

#endif
