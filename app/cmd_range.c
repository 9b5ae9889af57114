/*
 * cmd_range.c -- grundy range RULES: a sequence of positions of any rule
 * family under updates, with range queries (format in grundy/range.h and
 * 'grundy range --help').
 */
#include <stdio.h>
#include <string.h>

#include "range_cli.h"

typedef struct range_args {
    const char *spec;
    uint64_t modulus;
    int have_file, json;
    cli_engine eng;
} range_args;
#define AT(m) offsetof(range_args, m)

static int set_mod(const char *cmd, void *args, const cli_opt *o,
                   const char *val)
{
    range_args *a = args;
    if (cli_parse_u64(cmd, o->name, val, 0, UINT64_MAX, &a->modulus))
        return CLI_EXIT_USAGE;
    if (grundy_range_modulus_check(a->modulus) != GRUNDY_OK)
        return cli_usage_error(cmd, "--mod: %s is not a prime below 2^62",
                               val);
    return 0;
}

static const cli_opt range_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES", .field = AT(spec),
     .need = "RULES"},
    {.type = CLI_OPT_ARG, .name = "FILE", .call = cli_opt_file,
     .seen = CLI_AT(range_args, have_file)},
    {.type = CLI_OPT_CALL, .name = "--input", .meta = "FILE",
     .call = cli_opt_input, .flags = CLI_OPT_VALUE,
     .seen = CLI_AT(range_args, have_file)},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_CALL, .name = "--mod", .meta = "P", .call = set_mod,
     .flags = CLI_OPT_VALUE,
     .help = "the prime modulus of query 1 (2 <= P < 2^62);\n"
             "default 1000000007"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object per answer (JSON Lines): query,\n"
             "type, L, R, and count | winner, value | move\n"
             "(doc/JSON.md)"},
    {.type = CLI_OPT_END},
};
#undef AT

CLI_SUBCOMMAND_OPTS(range, range_args, 1, NULL);

int cmd_range(int argc, char **argv)
{
    range_cli_cfg cfg;
    range_args a;
    grundy_game *g = NULL;
    int rc;

    memset(&a, 0, sizeof a);
    cli_engine_init(&a.eng, "range");
    rc = cli_opts_parse(&cli_range_opts, &a, argc, argv);
    if (rc)
        return rc;
    if (cli_open_game(&g, "range", a.spec))
        return CLI_EXIT_DATA;
    memset(&cfg, 0, sizeof cfg);
    cfg.eng = &a.eng;
    cfg.cmd = "range";
    cfg.max_type = 4;
    cfg.pos_max = UINT64_MAX - 1;
    cfg.modulus = a.modulus;
    cfg.json = a.json;
    cfg.game = g;
    rc = range_cli_run(&cfg);
    cli_engine_clear(&a.eng);
    grundy_game_free(g);
    return rc;
}
