/*
 * json.c -- JSON strings and fields (io/json.h), over the writer alone.
 */
#include <stdio.h>

#include "io/json.h"

void grundy_json_str(grundy_writer *w, const char *s)
{
    grundy_writer_char(w, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            grundy_writer_char(w, '\\');
            grundy_writer_char(w, (char)c);
        } else if (c < 0x20) {
            static const char hex[] = "0123456789abcdef";
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            grundy_writer_bytes(w, esc, 6);
        } else {
            grundy_writer_char(w, (char)c);
        }
    }
    grundy_writer_char(w, '"');
}

void grundy_json_u64(grundy_writer *w, const char *key, uint64_t v)
{
    grundy_writer_str(w, ", \"");
    grundy_writer_str(w, key);
    grundy_writer_str(w, "\": ");
    grundy_writer_u64(w, v);
}

void grundy_json_heap(grundy_writer *w, uint64_t h)
{
    grundy_writer_char(w, '"');
    grundy_writer_u64(w, h);
    grundy_writer_char(w, '"');
}
