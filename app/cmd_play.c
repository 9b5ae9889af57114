/*
 * cmd_play.c -- grundy play RULES POS...: a game of the sum against a
 * perfect opponent, at a terminal or through a pipe, for every kind of
 * game: finite ones, boards, misere play, games with cycles and sums that
 * mix them.
 *
 * The game is the library's (grundy/play.h): the state, the typed moves
 * checked against the rules, the legal moves, undo, the best move (the
 * fastest win, the longest resistance, a move that keeps a draw), the
 * end of a game (no move, or a position come back --repeat times), the
 * transcript, and the conversation itself, in its words
 * (grundy_play_talk_line()).  This file reads the options and the lines,
 * shows what the library writes and, with --json, the transcript at the
 * end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sum_cli.h"

typedef struct play {
    grundy_play *g;
    cli_engine eng;
    grundy_play_opts po;
    grundy_writer w;
    grundy_play_talk talk;
    int echo, json, computer_first;
    /* the command line: its arguments, RULES (unless --mix) then
     * POS...; the options the table fills */
    cli_list arg;
    int mix, misere;
    uint64_t heap_max, search_limit, repeat;
} play;
#define AT(m) offsetof(play, m)

/* The game: the user's lines to the library's conversation until it
 * ends. */
static int game(play *p, grundy_scanner *sc)
{
    grundy_status s = grundy_play_talk_start(
        &p->talk, p->g, (unsigned)p->computer_first, &p->w);
    cli_progress_done();
    while (s == GRUNDY_OK && !p->talk.over) {
        const char *text;
        size_t len;
        grundy_parse_error where;
        grundy_play_talk_prompt(&p->talk, &p->w);
        s = grundy_scan_line(sc, &text, &len, &where);
        if (s != GRUNDY_OK) {
            grundy_writer_str(&p->w, "\n");
            if (!grundy_scan_at_eof(sc)) {
                grundy_writer_flush(&p->w);
                return cli_input_error(s, &where);
            }
            text = NULL; /* the game abandoned */
            len = 0;
        } else if (p->echo) {
            grundy_writer_bytes(&p->w, text, len);
            grundy_writer_str(&p->w, "\n");
        }
        s = grundy_play_talk_line(&p->talk, &p->w, text, len);
        cli_progress_done();
    }
    return s == GRUNDY_OK ? CLI_EXIT_OK : cli_error("play", s, NULL);
}

static const char *const firsts[] = {"user", "computer", NULL};

static const cli_opt play_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES POS...", .field = AT(arg),
     .flags = CLI_OPT_MANY},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_CHOICE, .name = "--first", .meta = "WHO",
     .field = AT(computer_first), .choices = firsts,
     .help = "who moves first: user (default) or computer"},
    {.type = CLI_OPT_FLAG, .name = "--mix", .field = AT(mix),
     .help = "components of different families, as SPEC:POS"},
    {.type = CLI_OPT_FLAG, .name = "--misere", .field = AT(misere),
     .help = "misere play: the player who cannot move wins;\n"
             "take-and-break games are played from their misere\n"
             "quotient (see 'grundy misere')"},
    {.type = CLI_OPT_U64, .name = "--search-limit", .meta = "N",
     .field = AT(search_limit), .lo = 1, .hi = (uint64_t)1 << 32,
     .help = "positions the opponent may search exactly (default\n"
             "1048576); above it, it plays from the values"},
    {.type = CLI_OPT_CALL, .name = "--input", .meta = "FILE",
     .call = cli_opt_input, .flags = CLI_OPT_VALUE,
     .help = "read the moves from FILE instead of standard input"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "the conversation on standard error, and at the end\n"
             "the game as one JSON object on standard output:\n"
             "components, play, first, moves (player, component,\n"
             "from, to), end, winner (doc/JSON.md)"},
    {.type = CLI_OPT_SECTION, .name = "Games with cycles:"},
    {.type = CLI_OPT_U64, .name = "--heap-max", .meta = "H",
     .field = AT(heap_max), .lo = 1, .hi = GRUNDY_LOOPY_MAX_VERTICES - 1,
     .help = "the heap bound of addsub:S:A (addsub:S:A:H)"},
    {.type = CLI_OPT_RENAMED, .name = "--max", .meta = "--heap-max",
     .need = CLI_MAX_IS_COUNTS},
    {.type = CLI_OPT_U64, .name = "--repeat", .meta = "N",
     .field = AT(repeat), .lo = 2, .hi = 1000000,
     .help = "occurrences of a position that end the game in a\n"
             "draw (2 <= N; default 3)"},
    {.type = CLI_OPT_END},
};
#undef AT

CLI_SUBCOMMAND_OPTS(play, play, 1, NULL);

static int parse_args(play *p, int argc, char **argv)
{
    int rc = cli_opts_parse(&cli_play_opts, p, argc, argv);
    if (rc)
        return rc;
    if (p->misere)
        p->po.convention = GRUNDY_PLAY_MISERE;
    p->po.max_states = (size_t)p->search_limit;
    p->po.heap_max = p->heap_max;
    if (p->repeat)
        p->po.repeat = (unsigned)p->repeat;
    if ((!p->mix && p->arg.n < 2) || p->arg.n < 1)
        return cli_usage_error("play", p->arg.n || p->mix
                                           ? "missing positions (POS...)"
                                           : "missing RULES");
    return 0;
}

int cmd_play(int argc, char **argv)
{
    play p;
    grundy_scanner sc;
    char **positional = calloc((size_t)argc + 1, sizeof *positional);
    int rc;

    if (!positional)
        return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
    memset(&p, 0, sizeof p);
    cli_engine_init(&p.eng, "play");
    grundy_play_opts_init(&p.po);
    p.arg.v = positional;
    rc = parse_args(&p, argc, argv);
    if (!rc)
        rc = cli_play_state(&p.g, &p.eng, p.mix ? NULL : positional[0],
                            positional + !p.mix, p.arg.n - !p.mix, &p.po);
    free(positional);
    if (rc) {
        grundy_play_free(p.g);
        cli_engine_clear(&p.eng);
        return rc;
    }
    if (grundy_writer_init(&p.w, p.json ? 2 : 1) != GRUNDY_OK ||
        grundy_scanner_init_fd(&sc, 0) != GRUNDY_OK) {
        grundy_play_free(p.g);
        cli_engine_clear(&p.eng);
        return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
    }
    grundy_scanner_set_before_read(&sc, grundy_writer_flush_hook, &p.w);
    p.echo = !isatty(0);
    rc = game(&p, &sc);
    if (grundy_writer_clear(&p.w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("play", &p.w);
    if (p.json && rc == CLI_EXIT_OK) {
        grundy_writer out;
        if (grundy_writer_init(&out, 1) != GRUNDY_OK) {
            rc = cli_error("play", GRUNDY_ERR_NOMEM, NULL);
        } else {
            grundy_play_outcome o = {p.computer_first, p.talk.end,
                                     p.talk.winner};
            grundy_play_transcript_write(&out, p.g, &o);
            if (grundy_writer_clear(&out) != GRUNDY_OK)
                rc = cli_write_error("play", &out);
        }
    }
    grundy_scanner_clear(&sc);
    grundy_play_free(p.g);
    cli_engine_clear(&p.eng);
    return rc;
}
