/*
 * cmd_misere.c -- grundy misere CODE --upto N: the misere quotient of a
 * take-and-break game restricted to heaps 1..N (order, P-portion,
 * presentation, heap -> element map, last change, periodicity), or the
 * genus of each heap (--genus), or the quotient in the text MisereSolver
 * prints (--miseresolver).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "misere_cli.h"

typedef struct misere_args {
    const char *rules;
    uint64_t upto, max_order, search_limit;
    int have_upto, json, genus, miseresolver;
    grundy_limits lim;
    cli_engine eng; /* the common options */
} misere_args;

/* A heap is a position: a string in JSON (doc/JSON.md). */
static void json_heap(grundy_writer *w, uint64_t h)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)h);
    cli_json_str(w, buf);
}

#define AT(m) offsetof(misere_args, m)
static const cli_opt misere_opts[] = {
    {.type = CLI_OPT_ARG, .name = "CODE", .field = AT(rules),
     .need = "CODE"},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_U64, .name = "--upto", .meta = "N", .field = AT(upto),
     .seen = CLI_AT(misere_args, have_upto), .lo = 1,
     .hi = GRUNDY_MISERE_MAX_HEAP,
     .help = "heaps 1..N (1 <= N <= 1000000)"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object: rules, heaps, order, p_count,\n"
             "generators (name, heap), relations (lhs, rhs),\n"
             "p_portion, last_change, period, stopped,\n"
             "heap_elements"},
    {.type = CLI_OPT_U64, .name = "--max-order", .meta = "M",
     .field = AT(max_order), .lo = 1, .hi = (uint64_t)1 << 24,
     .help = "stop when the quotient, or a candidate for it, has\n"
             "more than M elements (default 4096); the quotient of\n"
             "the heaps before is printed, with a line 'stopped:'"},
    {.type = CLI_OPT_FLAG, .name = "--genus", .field = AT(genus),
     .help = "Conway's genus g^(g0 g1 ...) of heaps 0..N instead:\n"
             "the normal-play value, then the misere values of the\n"
             "heap plus 0, 1, 2, ... heaps *2 until they alternate\n"
             "(JSON: genus, with heap, genus, normal, misere)"},
    {.type = CLI_OPT_U64, .name = "--search-limit", .meta = "N",
     .field = AT(search_limit), .lo = 1, .hi = (uint64_t)1 << 32,
     .help = "the genus search stores at most N positions\n"
             "(default 2097152)"},
    {.type = CLI_OPT_FLAG, .name = "--miseresolver",
     .field = AT(miseresolver),
     .help = "the quotient in the text A. N. Siegel's MisereSolver\n"
             "prints (Q = <...>; P = {...}, |Q|, Phi = ...), its\n"
             "generators (less those the others generate), to\n"
             "compare with its output"},
    {.type = CLI_OPT_COMMON, .name = "--mem-limit",
     .help = "refuse work above B bytes (K, M, G, T)"},
    {.type = CLI_OPT_END},
};
#undef AT

const cli_optset cli_misere_opts = {"misere", misere_opts,
                                    CLI_AT(misere_args, eng), 1, 0};

static int parse_args(int argc, char **argv, misere_args *a)
{
    int rc;
    memset(a, 0, sizeof *a);
    cli_engine_init(&a->eng, "misere");
    a->max_order = GRUNDY_MISERE_DEFAULT_MAX_ORDER;
    a->search_limit = GRUNDY_MISERE_GENUS_DEFAULT_STATES;
    rc = cli_opts_parse(&cli_misere_opts, a, argc, argv);
    if (rc)
        return rc;
    if (!a->have_upto)
        return cli_usage_error("misere", "missing --upto N");
    if (a->miseresolver && (a->json || a->genus))
        return cli_usage_error("misere", "--miseresolver prints the "
                                         "quotient alone: not with %s",
                               a->json ? "--json" : "--genus");
    a->lim = a->eng.limits;
    return 0;
}

/* The quotient ***************************************************************/

static void word(grundy_writer *w, const grundy_misere_pres *p,
                 const uint32_t *wd, int json)
{
    char buf[1024];
    grundy_misere_pres_format(p, wd, buf, sizeof buf);
    if (json)
        cli_json_str(w, buf);
    else
        grundy_writer_str(w, buf);
}

static void write_quotient(grundy_writer *w, const misere_args *a,
                           const grundy_misere *q,
                           const grundy_misere_pres *p)
{
    grundy_misere_info in;
    size_t i, ng = p->ngens;
    int json = a->json, first;
    char name[32];
    grundy_pos h;

    grundy_misere_get_info(&in, q);
    if (json) {
        grundy_writer_char(w, '{');
        cli_json_rules(w, a->rules, grundy_misere_game(q));
        cli_json_u64(w, "heaps", in.heaps);
        cli_json_u64(w, "order", in.order);
        cli_json_u64(w, "p_count", in.p_count);
        grundy_writer_str(w, ", \"generators\": [");
    } else {
        grundy_writer_str(w, "rules: ");
        grundy_writer_str(w, grundy_game_spec(grundy_misere_game(q)));
        grundy_writer_str(w, "\nheaps: 1..");
        grundy_writer_u64(w, in.heaps);
        grundy_writer_str(w, "\norder: ");
        grundy_writer_u64(w, in.order);
        grundy_writer_str(w, "\np_count: ");
        grundy_writer_u64(w, in.p_count);
        grundy_writer_str(w, "\ngenerators:");
    }
    for (i = 0; i < ng; i++) {
        grundy_misere_pres_name(p, i, name, sizeof name);
        if (json) {
            grundy_writer_str(w, i ? ", {\"name\": " : "{\"name\": ");
            cli_json_str(w, name);
            grundy_writer_str(w, ", \"heap\": ");
            json_heap(w, p->gen_heap[i]);
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
        if (json) {
            grundy_writer_str(w, i ? ", {\"lhs\": " : "{\"lhs\": ");
            word(w, p, l, 1);
            grundy_writer_str(w, ", \"rhs\": ");
            word(w, p, l + ng, 1);
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, i ? ", " : " ");
            word(w, p, l, 0);
            grundy_writer_str(w, " = ");
            word(w, p, l + ng, 0);
        }
    }
    grundy_writer_str(w, json ? "], \"p_portion\": [" : "\np_portion:");
    first = 1;
    for (i = 0; i < p->order; i++) {
        if (!grundy_misere_is_p(q, (grundy_misere_elem)i))
            continue;
        grundy_writer_str(w, json ? (first ? "" : ", ") : (first ? " " : ", "));
        word(w, p, p->normal + i * ng, json);
        first = 0;
    }
    if (json) {
        grundy_writer_str(w, "], \"last_change\": ");
        json_heap(w, in.last_change);
        grundy_writer_str(w, ", \"period\": ");
        if (in.period) {
            grundy_writer_str(w, "{\"period\": ");
            grundy_writer_u64(w, in.period);
            cli_json_u64(w, "preperiod", in.preperiod);
            grundy_writer_str(w, ", \"proven\": false}");
        } else {
            grundy_writer_str(w, "null");
        }
        grundy_writer_str(w, ", \"stopped\": ");
        if (in.stopped_at) {
            grundy_writer_str(w, "{\"heap\": ");
            json_heap(w, in.stopped_at);
            grundy_writer_str(w, ", \"candidate\": ");
            grundy_writer_str(w, in.stopped_candidate ? "true" : "false");
            cli_json_u64(w, "max_order", a->max_order);
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, "null");
        }
        grundy_writer_str(w, ", \"heap_elements\": [");
    } else {
        grundy_writer_str(w, "\nlast_change: ");
        grundy_writer_u64(w, in.last_change);
        grundy_writer_str(w, "\nperiodic: ");
        if (in.period) {
            grundy_writer_str(w, "period ");
            grundy_writer_u64(w, in.period);
            grundy_writer_str(w, " from heap ");
            grundy_writer_u64(w, in.preperiod);
            grundy_writer_str(w, " (seen to heap ");
            grundy_writer_u64(w, in.heaps);
            grundy_writer_str(w, ", not proven)");
        } else {
            grundy_writer_str(w, "no");
        }
        if (in.stopped_at) {
            grundy_writer_str(w, "\nstopped: heap ");
            grundy_writer_u64(w, in.stopped_at);
            grundy_writer_str(w, in.stopped_candidate
                                     ? ": a candidate quotient has more "
                                       "than "
                                     : ": the quotient has more than ");
            grundy_writer_u64(w, a->max_order);
            grundy_writer_str(w, " elements (--max-order)");
        }
        grundy_writer_str(w, "\nheap_elements:\n");
    }
    for (h = 1; h <= in.heaps; h++) {
        grundy_misere_elem x = grundy_misere_heap(q, h);
        if (json) {
            if (h > 1)
                grundy_writer_str(w, ", ");
            word(w, p, p->normal + (size_t)x * ng, 1);
        } else {
            grundy_writer_u64(w, h);
            grundy_writer_char(w, ' ');
            word(w, p, p->normal + (size_t)x * ng, 0);
            grundy_writer_char(w, '\n');
        }
    }
    if (json)
        grundy_writer_str(w, "]}\n");
}

static int do_quotient(const misere_args *a, const grundy_game *g,
                       grundy_writer *w)
{
    grundy_misere *q;
    grundy_misere_pres p;
    grundy_misere_info in;
    grundy_status s;
    grundy_limits lim = a->lim;

    s = grundy_misere_new(&q, g, &a->lim);
    if (s != GRUNDY_OK)
        return cli_misere_game_error("misere", g, s);
    cli_progress_attach(&lim, "misere");
    s = grundy_misere_grow(q, a->upto, (size_t)a->max_order, &lim);
    cli_progress_done();
    grundy_misere_get_info(&in, q);
    if (s != GRUNDY_OK && !(s == GRUNDY_ERR_LIMIT && in.stopped_order)) {
        if (s == GRUNDY_ERR_LIMIT)
            fprintf(stderr,
                    "grundy: misere: heap %llu: the quotient needs more "
                    "memory than the limit (--mem-limit)\n",
                    (unsigned long long)in.stopped_at);
        else
            cli_error("misere", s, NULL);
        grundy_misere_free(q);
        return CLI_EXIT_DATA;
    }
    if (s != GRUNDY_OK)
        fprintf(stderr,
                "grundy: misere: stopped at heap %llu: %s more than %llu "
                "elements (--max-order); the quotient of heaps 1..%llu "
                "follows\n",
                (unsigned long long)in.stopped_at,
                in.stopped_candidate ? "a candidate quotient has"
                                     : "the quotient has",
                (unsigned long long)a->max_order,
                (unsigned long long)in.heaps);
    if (a->miseresolver) {
        char *text = NULL;
        size_t len = 0;
        s = grundy_misere_format_miseresolver(&text, &len, q, &a->lim);
        grundy_misere_free(q);
        if (s != GRUNDY_OK)
            return cli_error("misere: presentation", s, NULL);
        grundy_writer_str(w, text);
        free(text);
        return CLI_EXIT_OK;
    }
    s = grundy_misere_pres_init(&p, q, &a->lim);
    if (s != GRUNDY_OK) {
        grundy_misere_free(q);
        return cli_error("misere: presentation", s, NULL);
    }
    write_quotient(w, a, q, &p);
    grundy_misere_pres_clear(&p);
    grundy_misere_free(q);
    return CLI_EXIT_OK;
}

/* Genus **********************************************************************/

static int do_genus(const misere_args *a, const grundy_game *g,
                    grundy_writer *w)
{
    grundy_misere_genus *ge = NULL;
    grundy_pos done = 0, h;
    grundy_status s;
    grundy_limits lim = a->lim;
    char buf[128];
    unsigned k;

    s = grundy_limits_mem_check(&a->lim, (size_t)(a->upto + 1) * sizeof *ge);
    if (s == GRUNDY_OK) {
        ge = malloc((size_t)(a->upto + 1) * sizeof *ge);
        if (!ge)
            s = GRUNDY_ERR_NOMEM;
    }
    if (s == GRUNDY_OK) {
        cli_progress_attach(&lim, "genus");
        s = grundy_misere_genus_table(ge, &done, g, a->upto,
                                      (size_t)a->search_limit, &lim);
        cli_progress_done();
    }
    if (a->json) {
        grundy_writer_char(w, '{');
        cli_json_rules(w, a->rules, g);
        grundy_writer_str(w, ", \"genus\": [");
    }
    for (h = 0; h < done; h++) {
        grundy_misere_genus_format(&ge[h], buf, sizeof buf);
        if (a->json) {
            grundy_writer_str(w, h ? ", {\"heap\": " : "{\"heap\": ");
            json_heap(w, h);
            grundy_writer_str(w, ", \"genus\": ");
            cli_json_str(w, buf);
            cli_json_u64(w, "normal", ge[h].normal);
            grundy_writer_str(w, ", \"misere\": [");
            for (k = 0; k < ge[h].nexp; k++) {
                if (k)
                    grundy_writer_str(w, ", ");
                grundy_writer_u64(w, ge[h].exp[k]);
            }
            grundy_writer_str(w, "]}");
        } else {
            grundy_writer_u64(w, h);
            grundy_writer_char(w, ' ');
            grundy_writer_str(w, buf);
            grundy_writer_char(w, '\n');
        }
    }
    if (a->json && s == GRUNDY_OK)
        grundy_writer_str(w, "]}\n");
    free(ge);
    if (s == GRUNDY_ERR_LIMIT) {
        grundy_writer_flush(w);
        fprintf(stderr,
                "grundy: misere: the genus of heap %llu needs more than "
                "%llu positions or more memory than the limit; raise "
                "--search-limit or --mem-limit\n",
                (unsigned long long)done,
                (unsigned long long)a->search_limit);
        return CLI_EXIT_DATA;
    }
    if (s != GRUNDY_OK) {
        grundy_writer_flush(w);
        return cli_error("misere: genus", s, NULL);
    }
    return CLI_EXIT_OK;
}

int cmd_misere(int argc, char **argv)
{
    misere_args a;
    grundy_game *g = NULL;
    grundy_writer w;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc;
    rc = cli_misere_game("misere", a.rules, &g);
    if (rc)
        return rc;
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        grundy_game_free(g);
        return cli_error("misere", GRUNDY_ERR_NOMEM, NULL);
    }
    rc = a.genus ? do_genus(&a, g, &w) : do_quotient(&a, g, &w);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == CLI_EXIT_OK)
        rc = cli_write_error("misere", &w);
    grundy_game_free(g);
    return rc;
}
