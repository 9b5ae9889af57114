/*
 * store.c -- what `grundy store verify`, `remove` and `clear` write on
 * standard output: a line per sound table, a line per table removed,
 * and the count of a clear.  (The listing is lists.c's.)
 */
#include "format_internal.h"
#include "grundy/format.h"

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
    grundy_writer_u64(w, removed);
    grundy_writer_str(w, removed == 1 ? " table" : " tables");
    if (busy) {
        grundy_writer_str(w, "; ");
        grundy_writer_u64(w, busy);
        grundy_writer_str(w, busy == 1 ? " in use stays" : " in use stay");
    }
    grundy_writer_char(w, '\n');
}
