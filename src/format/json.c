/*
 * json.c -- the conventions every JSON output of grundy follows
 * (doc/JSON.md): strings, fields, periods, specs, positions, the parts a
 * move leaves.
 */
#include <stdio.h>

#include "grundy/format.h"

void grundy_format_json_str(grundy_writer *w, const char *s)
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

void grundy_format_json_u64(grundy_writer *w, const char *key, uint64_t v)
{
    grundy_writer_str(w, ", \"");
    grundy_writer_str(w, key);
    grundy_writer_str(w, "\": ");
    grundy_writer_u64(w, v);
}

void grundy_format_json_period(grundy_writer *w, const grundy_period *p)
{
    if (!p || !p->found) {
        grundy_writer_str(w, "null");
        return;
    }
    grundy_writer_str(w, "{\"period\": ");
    grundy_writer_u64(w, p->period);
    grundy_format_json_u64(w, "preperiod", p->preperiod);
    if (p->saltus)
        grundy_format_json_u64(w, "saltus", p->saltus);
    grundy_writer_str(w, ", \"proven\": ");
    grundy_writer_str(w, p->proven ? "true" : "false");
    grundy_format_json_u64(w, "checked_upto",
                           p->checked_upto ? p->checked_upto - 1 : 0);
    grundy_writer_char(w, '}');
}

void grundy_format_json_heap(grundy_writer *w, uint64_t h)
{
    grundy_writer_char(w, '"');
    grundy_writer_u64(w, h);
    grundy_writer_char(w, '"');
}

void grundy_format_json_rules(grundy_writer *w, const char *written,
                              const grundy_game *g)
{
    char buf[512];
    size_t n = grundy_game_canonical_spec(g, buf, sizeof buf);
    grundy_writer_str(w, "\"rules\": ");
    grundy_format_json_str(w, written ? written : grundy_game_spec(g));
    grundy_writer_str(w, ", \"canonical\": ");
    if (n >= sizeof buf)
        grundy_format_json_str(w, grundy_game_spec(g));
    else
        grundy_format_json_str(w, buf);
}

void grundy_format_json_pos(grundy_writer *w, const grundy_game *g,
                            grundy_pos p)
{
    char buf[256];
    size_t n = grundy_game_pos_format(g, p, buf, sizeof buf);
    if (n >= sizeof buf) /* longer than any family writes: as a number */
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)p);
    grundy_format_json_str(w, buf);
}

void grundy_format_json_parts(grundy_writer *w, const grundy_game *g,
                              const grundy_move *m)
{
    unsigned k, first = 1;
    int heaps =
        !grundy_game_num_positions(g) && !grundy_game_rules(g)->pos_format;
    grundy_writer_char(w, '[');
    for (k = 0; k < m->nparts; k++) {
        if (heaps && m->part[k] == 0)
            continue; /* an empty heap is no part */
        if (!first)
            grundy_writer_str(w, ", ");
        first = 0;
        grundy_format_json_pos(w, g, m->part[k]);
    }
    grundy_writer_char(w, ']');
}
