/*
 * fuzz_loopy.c -- games with cycles: graph files (edge lists with and
 * without a header, DOT) and the specs of loopy families.
 *
 * Input: a first byte that picks the reader (0..3: the graph formats, 4
 * and above: a family spec on the first line, heaps up to the byte's
 * value), then the text.  What must hold: a refused text names a place
 * (line >= 1, column >= 1); an accepted graph is solved by the counter
 * method and by the pass-until-stable method with the same values; an
 * accepted family game has a value at every heap.  All under a 64 MiB
 * memory limit.  The C API's NULL and empty arguments: every text is
 * parsed again with where == NULL to the same status, and an empty spec
 * line also tries a NULL spec and a NULL text.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/grundy.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void limits(grundy_limits *lim)
{
    grundy_limits_init(lim);
    lim->mem_limit = (size_t)64 << 20;
    lim->threads = 1;
}

static void solve_both(const grundy_loopy_graph *g, const grundy_limits *lim)
{
    grundy_loopy_solution *a = NULL, *b = NULL;
    uint64_t v, n = grundy_loopy_graph_num_vertices(g);
    if (n > 20000)
        return;
    if (grundy_loopy_solve_counter(&a, g, lim) == GRUNDY_OK &&
        grundy_loopy_solve_naive(&b, g, lim) == GRUNDY_OK)
        for (v = 0; v < n; v++) {
            grundy_loopy_value x, y;
            grundy_loopy_value_init(&x);
            grundy_loopy_value_init(&y);
            if (grundy_loopy_solution_value(&x, a, (grundy_loopy_vertex)v) ==
                    GRUNDY_OK &&
                grundy_loopy_solution_value(&y, b, (grundy_loopy_vertex)v) ==
                    GRUNDY_OK &&
                !grundy_loopy_value_equal(&x, &y))
                fuzz_fail("vertex %llu: the two methods disagree",
                          (unsigned long long)v);
            grundy_loopy_value_clear(&x);
            grundy_loopy_value_clear(&y);
        }
    grundy_loopy_solution_free(a);
    grundy_loopy_solution_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    grundy_limits lim;
    grundy_parse_error where;
    grundy_status s;
    if (size < 1)
        return 0;
    limits(&lim);
    memset(&where, 0, sizeof where);
    if (data[0] < 4) {
        grundy_loopy_graph *g = NULL;
        s = grundy_loopy_graph_parse(&g, (const char *)data + 1, size - 1,
                                     (grundy_loopy_format)data[0], &where,
                                     &lim);
        if (s == GRUNDY_OK)
            solve_both(g, &lim);
        else if (s == GRUNDY_ERR_PARSE &&
                 (where.line < 1 || where.col < 1))
            fuzz_fail("parse error at %lu:%lu", where.line, where.col);
        grundy_loopy_graph_free(g);
        g = NULL;
        if (grundy_loopy_graph_parse(&g, (const char *)data + 1, size - 1,
                                     (grundy_loopy_format)data[0], NULL,
                                     &lim) != s)
            fuzz_fail("another status without a place to write");
        grundy_loopy_graph_free(g);
        g = NULL;
        if (size == 1 &&
            grundy_loopy_graph_parse(&g, NULL, 0, (grundy_loopy_format)data[0],
                                     NULL, &lim) != s)
            fuzz_fail("a NULL empty text is not the empty text");
        grundy_loopy_graph_free(g);
    } else {
        const uint8_t *nl = memchr(data + 1, '\n', size - 1);
        size_t len = nl ? (size_t)(nl - (data + 1)) : size - 1;
        char *spec = fuzz_strdup(data + 1, len);
        grundy_loopy_game *g = NULL;
        if (!spec[0] &&
            (grundy_loopy_game_new(&g, NULL, data[0], &where, &lim) !=
                 GRUNDY_ERR_ARG ||
             grundy_loopy_game_new(&g, "", data[0], NULL, &lim) == GRUNDY_OK ||
             grundy_loopy_rules_find(NULL) != NULL))
            fuzz_fail("a NULL or empty spec is accepted");
        grundy_loopy_game_free(g);
        g = NULL;
        if (strncmp(spec, "graph:", 6) != 0) { /* no files */
            s = grundy_loopy_game_new(&g, spec, data[0], &where, &lim);
            if (s == GRUNDY_OK)
                solve_both(grundy_loopy_game_graph(g), &lim);
            else if (s == GRUNDY_ERR_PARSE &&
                     (where.col < 1 || where.col > len + 1))
                fuzz_fail("spec '%s': error column %lu", spec, where.col);
            grundy_loopy_game_free(g);
        }
        free(spec);
    }
    return 0;
}
