/*
 * cmd_range.c -- grundy range RULES: a sequence of positions of any rule
 * family under updates, with range queries (format in range_cli.h and
 * 'grundy range --help').
 */
#include <stdio.h>
#include <string.h>

#include "range_cli.h"

int cmd_range(int argc, char **argv)
{
    range_cli_cfg cfg;
    cli_engine eng;
    grundy_game *g = NULL;
    grundy_parse_error where;
    grundy_status s;
    const char *spec = NULL, *v;
    int i, rc, have_file = 0;

    memset(&cfg, 0, sizeof cfg);
    cli_engine_init(&eng, "range");
    cfg.eng = &eng;
    cfg.cmd = "range";
    cfg.max_type = 4;
    cfg.pos_max = UINT64_MAX - 1;
    for (i = 1; i < argc; i++) {
        int e = cli_engine_option(&eng, argc, argv, &i);
        if (e < 0)
            return CLI_EXIT_USAGE;
        if (e > 0)
            continue;
        e = cli_input_option("range", argc, argv, &i);
        if (e < 0)
            return -e;
        if (e > 0) {
            have_file = 1;
            continue;
        }
        if (strcmp(argv[i], "--json") == 0) {
            cfg.json = 1;
        } else if (cli_opt_value(argc, argv, &i, "--mod", &v)) {
            if (cli_parse_u64("range", "--mod", v, 0, UINT64_MAX,
                              &cfg.modulus))
                return CLI_EXIT_USAGE;
            s = grundy_range_modulus_check(cfg.modulus);
            if (s != GRUNDY_OK)
                return cli_usage_error("range",
                                       "--mod: %s is not a prime below 2^62",
                                       v);
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return cli_usage_error("range", "unknown option '%s'", argv[i]);
        } else if (!spec) {
            spec = argv[i];
        } else if (!have_file) {
            int e2 = cli_open_input("range", argv[i]);
            if (e2)
                return e2;
            have_file = 1;
        } else {
            return cli_usage_error("range", "unexpected argument '%s'",
                                   argv[i]);
        }
    }
    if (!spec)
        return cli_usage_error("range", "missing RULES");
    memset(&where, 0, sizeof where);
    s = grundy_game_new(&g, spec, &where);
    if (s != GRUNDY_OK) {
        fprintf(stderr, "grundy: range: rules '%s' at column %lu: %s\n",
                spec, where.col ? where.col : 1,
                where.msg[0] ? where.msg : grundy_strerror(s));
        return CLI_EXIT_DATA;
    }
    cfg.game = g;
    rc = range_cli_run(&cfg);
    cli_engine_clear(&eng);
    grundy_game_free(g);
    return rc;
}
