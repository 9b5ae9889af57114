/*
 * write.c -- misere quotients and genera as `grundy misere` prints them
 * (grundy/misere.h, "Writers"): text lines, or one JSON object.
 */
#include <stdio.h>

#include "grundy/misere.h"
#include "grundy/format.h"

/* A word of the presentation: as text, or a JSON string. */
static void word(grundy_writer *w, const grundy_misere_pres *p,
                 const uint32_t *wd, int json)
{
    char buf[1024];
    grundy_misere_pres_format(p, wd, buf, sizeof buf);
    if (json)
        grundy_format_json_str(w, buf);
    else
        grundy_writer_str(w, buf);
}

/* Text s, then the number n. */
static void put(grundy_writer *w, const char *s, uint64_t n)
{
    grundy_writer_str(w, s);
    grundy_writer_u64(w, n);
}

/* The header: rules, heaps, order, p_count. */
static void write_head(grundy_writer *w, const char *written,
                       const grundy_misere *q, const grundy_misere_info *in,
                       int json)
{
    if (json) {
        grundy_writer_char(w, '{');
        grundy_format_json_rules(w, written, grundy_misere_game(q));
        grundy_format_json_u64(w, "heaps", in->heaps);
        grundy_format_json_u64(w, "order", in->order);
        grundy_format_json_u64(w, "p_count", in->p_count);
        return;
    }
    grundy_writer_str(w, "rules: ");
    grundy_writer_str(w, grundy_game_spec(grundy_misere_game(q)));
    put(w, "\nheaps: 1..", in->heaps);
    put(w, "\norder: ", in->order);
    put(w, "\np_count: ", in->p_count);
}

/* The generators, the relations and the P-portion. */
static void write_pres(grundy_writer *w, const grundy_misere *q,
                       const grundy_misere_pres *p, int json)
{
    size_t i, ng = p->ngens;
    int first = 1;
    char name[32];
    grundy_writer_str(w, json ? ", \"generators\": [" : "\ngenerators:");
    for (i = 0; i < ng; i++) {
        grundy_misere_pres_name(p, i, name, sizeof name);
        if (json) {
            grundy_writer_str(w, i ? ", {\"name\": " : "{\"name\": ");
            grundy_format_json_str(w, name);
            grundy_writer_str(w, ", \"heap\": ");
            grundy_format_json_heap(w, p->gen_heap[i]);
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, i ? ", " : " ");
            grundy_writer_str(w, name);
            grundy_writer_str(w, " = heap ");
            grundy_writer_u64(w, p->gen_heap[i]);
        }
    }
    grundy_writer_str(w, json ? "], \"relations\": [" : "\nrelations:");
    for (i = 0; i < p->nrels; i++) {
        const uint32_t *l = p->rel + 2 * i * ng;
        grundy_writer_str(w, json ? (i ? ", {\"lhs\": " : "{\"lhs\": ")
                                  : (i ? ", " : " "));
        word(w, p, l, json);
        grundy_writer_str(w, json ? ", \"rhs\": " : " = ");
        word(w, p, l + ng, json);
        if (json)
            grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, json ? "], \"p_portion\": [" : "\np_portion:");
    for (i = 0; i < p->order; i++) {
        if (!grundy_misere_is_p(q, (grundy_misere_elem)i))
            continue;
        grundy_writer_str(w, json ? (first ? "" : ", ") : (first ? " " : ", "));
        word(w, p, p->normal + i * ng, json);
        first = 0;
    }
}

/* The last change, the period seen and where growth stopped. */
static void write_tail(grundy_writer *w, const grundy_misere_info *in,
                       size_t max_order, int json)
{
    if (json) {
        grundy_writer_str(w, "], \"last_change\": ");
        grundy_format_json_heap(w, in->last_change);
        grundy_writer_str(w, ", \"period\": ");
        if (in->period) {
            grundy_writer_str(w, "{\"period\": ");
            grundy_writer_u64(w, in->period);
            grundy_format_json_u64(w, "preperiod", in->preperiod);
            grundy_writer_str(w, ", \"proven\": false}");
        } else {
            grundy_writer_str(w, "null");
        }
        grundy_writer_str(w, ", \"stopped\": ");
        if (in->stopped_at) {
            grundy_writer_str(w, "{\"heap\": ");
            grundy_format_json_heap(w, in->stopped_at);
            grundy_writer_str(w, ", \"candidate\": ");
            grundy_writer_str(w, in->stopped_candidate ? "true" : "false");
            grundy_format_json_u64(w, "max_order", max_order);
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, "null");
        }
        grundy_writer_str(w, ", \"heap_elements\": [");
        return;
    }
    put(w, "\nlast_change: ", in->last_change);
    grundy_writer_str(w, "\nperiodic: ");
    if (in->period) {
        put(w, "period ", in->period);
        put(w, " from heap ", in->preperiod);
        put(w, " (seen to heap ", in->heaps);
        grundy_writer_str(w, ", not proven)");
    } else {
        grundy_writer_str(w, "no");
    }
    if (in->stopped_at) {
        put(w, "\nstopped: heap ", in->stopped_at);
        put(w, in->stopped_candidate
                   ? ": a candidate quotient has more than "
                   : ": the quotient has more than ",
            max_order);
        grundy_writer_str(w, " elements (--max-order)");
    }
    grundy_writer_str(w, "\nheap_elements:\n");
}

void grundy_misere_quotient_write(grundy_writer *w, const char *written,
                                  const grundy_misere *q,
                                  const grundy_misere_pres *p,
                                  size_t max_order, int json)
{
    grundy_misere_info in;
    size_t ng = p->ngens;
    grundy_pos h;
    grundy_misere_get_info(&in, q);
    write_head(w, written, q, &in, json);
    write_pres(w, q, p, json);
    write_tail(w, &in, max_order, json);
    for (h = 1; h <= in.heaps; h++) {
        grundy_misere_elem x = grundy_misere_heap(q, h);
        if (json) {
            if (h > 1)
                grundy_writer_str(w, ", ");
        } else {
            grundy_writer_u64(w, h);
            grundy_writer_char(w, ' ');
        }
        word(w, p, p->normal + (size_t)x * ng, json);
        if (!json)
            grundy_writer_char(w, '\n');
    }
    if (json)
        grundy_writer_str(w, "]}\n");
}

void grundy_misere_genus_write(grundy_writer *w, const char *written,
                               const grundy_game *g,
                               const grundy_misere_genus *ge, grundy_pos n,
                               int complete, int json)
{
    char buf[128];
    grundy_pos h;
    unsigned k;
    if (json) {
        grundy_writer_char(w, '{');
        grundy_format_json_rules(w, written, g);
        grundy_writer_str(w, ", \"genus\": [");
    }
    for (h = 0; h < n; h++) {
        grundy_misere_genus_format(&ge[h], buf, sizeof buf);
        if (!json) {
            grundy_writer_u64(w, h);
            grundy_writer_char(w, ' ');
            grundy_writer_str(w, buf);
            grundy_writer_char(w, '\n');
            continue;
        }
        grundy_writer_str(w, h ? ", {\"heap\": " : "{\"heap\": ");
        grundy_format_json_heap(w, h);
        grundy_writer_str(w, ", \"genus\": ");
        grundy_format_json_str(w, buf);
        grundy_format_json_u64(w, "normal", ge[h].normal);
        grundy_writer_str(w, ", \"misere\": [");
        for (k = 0; k < ge[h].nexp; k++) {
            if (k)
                grundy_writer_str(w, ", ");
            grundy_writer_u64(w, ge[h].exp[k]);
        }
        grundy_writer_str(w, "]}");
    }
    if (json && complete)
        grundy_writer_str(w, "]}\n");
}
