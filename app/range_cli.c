/*
 * range_cli.c -- positions in, range answers out (see range_cli.h): the
 * library answers, this file opens the descriptors and says what failed.
 */
#include "range_cli.h"

static void progress_done(void *ctx)
{
    (void)ctx;
    cli_progress_done();
}

/* The message of a failed stream: an input error at its place, a
 * computation of values, or the status. */
static int stream_error(const range_cli_cfg *cfg, grundy_status st,
                        const grundy_range_failure *why)
{
    if (why->fault == GRUNDY_RANGE_FAULT_INPUT)
        return cli_input_error(st, &why->where);
    if (why->fault == GRUNDY_RANGE_FAULT_VALUES)
        return cli_engine_error(cfg->eng, "tabulating", st);
    return cli_error(cfg->cmd, st, NULL);
}

int range_cli_run(const range_cli_cfg *cfg)
{
    grundy_range_stream_opts o;
    grundy_range_failure why;
    grundy_scanner sc;
    grundy_writer w;
    grundy_status st;
    int rc = 0;

    grundy_range_stream_opts_init(&o);
    o.game = cfg->game;
    o.limits = &cfg->eng->limits;
    o.pos_max = cfg->pos_max;
    o.max_type = cfg->max_type;
    o.modulus = cfg->modulus;
    o.json = cfg->json;
    o.layout = cfg->layout;
    o.computed = progress_done;
    if (cli_engine_values(cfg->eng, cfg->game, &o.values) != GRUNDY_OK)
        return cli_error(cfg->cmd, GRUNDY_ERR_NOMEM, NULL);
    cli_catch_signals();
    if (grundy_scanner_init_fd(&sc, 0) != GRUNDY_OK)
        return cli_error(cfg->cmd, GRUNDY_ERR_NOMEM, NULL);
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        grundy_scanner_clear(&sc);
        return cli_error(cfg->cmd, GRUNDY_ERR_NOMEM, NULL);
    }
    st = grundy_range_stream_run(&w, &why, &sc, &o);
    if (st != GRUNDY_OK)
        rc = stream_error(cfg, st, &why);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error(cfg->cmd, &w);
    grundy_scanner_clear(&sc);
    return rc;
}
