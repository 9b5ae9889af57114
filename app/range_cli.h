/*
 * range_cli.h -- the front end of the library's query stream
 * (grundy_range_stream_run(), grundy/range.h) shared by 'grundy range
 * RULES', 'grundy solve digit-nim' and 'grundy solve pshtbrth': read a
 * sequence of positions and a stream of queries on fd 0, answer each on
 * fd 1 before the next is read, and report a failure on stderr.
 */
#ifndef GRUNDY_RANGE_CLI_H
#define GRUNDY_RANGE_CLI_H

#include <stdint.h>

#include "cli.h"

typedef struct range_cli_cfg {
    const char *cmd; /* for messages: "range", "solve digit-nim" */
    const grundy_game *game;
    cli_engine *eng;    /* limits, store: where values come from */
    grundy_pos pos_max; /* largest position accepted */
    unsigned max_type;  /* query types 1 .. max_type */
    uint64_t modulus;   /* 0: 1 000 000 007 */
    /* --json: one JSON object per answer (JSON Lines, doc/JSON.md) */
    int json;
    /* The input layout; all zero: "n, positions, q, queries". */
    grundy_range_layout layout;
} range_cli_cfg;

/* Run the stream.  @return the exit code (0, or 1 after a message). */
int range_cli_run(const range_cli_cfg *cfg);

#endif
