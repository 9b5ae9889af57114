/*
 * store.c -- what `grundy store verify`, `remove` and `clear` write on
 * standard output: a line per sound table, a line per table removed (and
 * the count of board searches removed), and the count of a clear.  (The
 * listing is lists.c's.)
 */
#include "format_internal.h"
#include "grundy/experimental.h"
#include "grundy/format.h"

void grundy_format_count_of(grundy_writer *w, uint64_t n, const char *one,
                            const char *many)
{
    grundy_writer_u64(w, n);
    grundy_writer_char(w, ' ');
    grundy_writer_str(w, n == 1 ? one : many);
}

void grundy_format_store_verified(grundy_writer *w, const char *spec,
                                  int split)
{
    grundy_writer_str(w, spec);
    grundy_writer_str(w, split ? " (split): ok\n" : ": ok\n");
}

void grundy_format_store_removed(grundy_writer *w,
                                 const grundy_store_info *info, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        grundy_writer_str(w, "removed ");
        grundy_writer_str(w, info[i].spec);
        grundy_writer_char(w, '\n');
    }
}

void grundy_format_store_cleared(grundy_writer *w, size_t removed,
                                 size_t busy)
{
    grundy_writer_str(w, "removed ");
    grundy_format_count_of(w, removed, "table", "tables");
    if (busy) {
        grundy_writer_str(w, "; ");
        grundy_format_count_of(w, busy, "in use stays", "in use stay");
    }
    grundy_writer_char(w, '\n');
}

void grundy_format_store_removed_searches(grundy_writer *w, size_t n)
{
    if (!n)
        return;
    grundy_writer_str(w, "removed ");
    grundy_format_count_of(w, n, "board search", "board searches");
    grundy_writer_char(w, '\n');
}
