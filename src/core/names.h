/*
 * names.h -- the name of an enum value from a table indexed by the enum,
 * the one way the library's *_name() functions turn a value into text.
 */
#ifndef GRUNDY_CORE_NAMES_H
#define GRUNDY_CORE_NAMES_H

#include <stddef.h>

/* names[v] from a table of n names (a NULL entry: no name), or "unknown"
 * for a value outside the table. */
static inline const char *grundy_name_of(const char *const *names, size_t n,
                                         unsigned v)
{
    return v < n && names[v] ? names[v] : "unknown";
}

/* GRUNDY_NAME_OF(names, v) : grundy_name_of() over a static array names. */
#define GRUNDY_NAME_OF(names, v)                                              \
    grundy_name_of((names), sizeof(names) / sizeof *(names), (unsigned)(v))

#endif
