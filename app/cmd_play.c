/*
 * cmd_play.c -- grundy play RULES POS...: a game of the sum against a
 * perfect opponent, at a terminal or through a pipe, for every kind of
 * game: finite ones, boards, misere play, games with cycles and sums that
 * mix them.
 *
 * The game is the library's (grundy/play.h): the state, the typed moves
 * checked against the rules, the legal moves, undo, the best move (the
 * fastest win, the longest resistance, a move that keeps a draw), the
 * end of a game (no move, or a position come back --repeat times) and the
 * transcript.  This file reads lines, prints the conversation and, with
 * --json, the transcript at the end.  Games with cycles show the position
 * after every move, since a play may come back to it; the others before
 * every prompt.
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
    int echo, json, computer_first, cycles, shown;
    /* the command line: its arguments, RULES (unless --mix) then
     * POS...; the options the table fills */
    cli_list arg;
    int mix, misere;
    uint64_t heap_max, search_limit, repeat;
    const char *end;    /* how the game ended */
    const char *winner; /* "user", "computer" or NULL */
} play;

static void say(play *p, const char *s)
{
    grundy_writer_str(&p->w, s);
}

static void show(play *p)
{
    char buf[4096];
    size_t n = grundy_play_show(p->g, buf, sizeof buf);
    if (n >= sizeof buf)
        strcpy(buf + sizeof buf - 4, "...");
    say(p, "position: ");
    say(p, buf);
    say(p, "\n");
    p->shown = 1;
}

static int computer_to_move(const play *p)
{
    return grundy_play_turn(p->g) != (unsigned)p->computer_first;
}

/* The library's best move: *n 0 when there is none. */
static int best(play *p, grundy_sum_move *m, size_t *n, int *wins, int *draw)
{
    grundy_status s = grundy_play_best(p->g, m, n, wins, draw);
    cli_progress_done();
    return s == GRUNDY_OK ? CLI_EXIT_OK : cli_error("play", s, NULL);
}

static int computer_turn(play *p)
{
    grundy_sum_move m[GRUNDY_PLAY_MAX_SET];
    size_t n;
    int wins, draw, rc = best(p, m, &n, &wins, &draw);
    if (rc || !n)
        return rc;
    say(p, "I move: ");
    grundy_play_move_write(&p->w, p->g, &m[0], 1);
    say(p, "\n");
    if (grundy_play_apply(p->g, m, n) != GRUNDY_OK)
        return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
    p->shown = 0;
    if (p->cycles)
        show(p);
    return CLI_EXIT_OK;
}

static int hint(play *p)
{
    grundy_sum_move m[GRUNDY_PLAY_MAX_SET];
    size_t n;
    int wins, draw, rc = best(p, m, &n, &wins, &draw);
    if (rc || !n)
        return rc;
    say(p, wins < 0 ? "hint: this sum is past the limits to be decided "
                      "(work or memory); a move that takes little is "
           : draw ? "hint: no move wins; this one keeps the draw: "
           : wins ? "hint: a winning move is "
                  : "hint: no move wins; the longest resistance is ");
    grundy_play_move_write(&p->w, p->g, &m[0], 1);
    say(p, "\n");
    return CLI_EXIT_OK;
}

/* "legal moves: ..." (at most 20, then how many more). */
static int list_legal(play *p)
{
    grundy_status s = grundy_play_legal_write(&p->w, p->g, 20);
    return s == GRUNDY_OK || s == GRUNDY_ERR_LIMIT ? CLI_EXIT_OK
                                                   : cli_error("play", s,
                                                               NULL);
}

/* Undo the user's last move and the answers to it. */
static int undo_user(play *p)
{
    unsigned user = (unsigned)p->computer_first;
    size_t ply = grundy_play_ply(p->g);
    if (ply <= user)
        return 0; /* the user has not moved */
    while (grundy_play_undo(p->g) && grundy_play_turn(p->g) != user)
        ;
    return 1;
}

static const char intro[] =
    "Type a move as COMPONENT POSITION: the component's number and the\n"
    "position it leaves (parts of a split joined by '+', '-' for nothing;\n"
    "the number may be left out when there is one component).  Or: hint,\n"
    "undo, quit.\n";
static const char intro_cycles[] =
    "Type a move as COMPONENT POSITION: the component's number and the\n"
    "position it moves to (the number may be left out when there is one\n"
    "component).  Or: hint, undo, quit.  These games can go on forever: a\n"
    "position that comes back ";
static const char intro_cycles2[] =
    " times with the same player to move\nends the game in a draw.\n";

/* The user's turn.  1: a move was played; 0: the game ends (*rc). */
static int user_turn(play *p, grundy_scanner *sc, int *rc)
{
    for (;;) {
        const char *text;
        size_t len, n;
        grundy_parse_error where;
        grundy_sum_move m[GRUNDY_PLAY_MAX_SET];
        grundy_status s;

        if (!p->shown)
            show(p);
        say(p, "your move> ");
        s = grundy_scan_line(sc, &text, &len, &where);
        if (s != GRUNDY_OK) {
            say(p, "\n");
            if (grundy_scan_at_eof(sc)) {
                say(p, "input ended: game abandoned\n");
                p->end = "input ended";
                *rc = CLI_EXIT_OK;
                return 0;
            }
            grundy_writer_flush(&p->w);
            *rc = cli_input_error(s, &where);
            return 0;
        }
        if (p->echo) {
            grundy_writer_bytes(&p->w, text, len);
            say(p, "\n");
        }
        while (len && (*text == ' ' || *text == '\t')) {
            text++;
            len--;
        }
        while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
            len--;
        p->shown = p->cycles; /* the position again before the prompt */
        if (!len)
            continue;
        if ((len == 4 && !memcmp(text, "quit", 4)) ||
            (len == 1 && text[0] == 'q')) {
            say(p, "bye\n");
            p->end = "quit";
            *rc = CLI_EXIT_OK;
            return 0;
        }
        if (len == 4 && !memcmp(text, "hint", 4)) {
            if ((*rc = hint(p)) != 0)
                return 0;
            continue;
        }
        if (len == 4 && !memcmp(text, "undo", 4)) {
            say(p, undo_user(p) ? "undone: your last move and my answer\n"
                                : "nothing to undo\n");
            show(p);
            continue;
        }
        s = grundy_play_parse_move(p->g, text, len, m, GRUNDY_PLAY_MAX_SET,
                                   &n, &where);
        if (s == GRUNDY_ERR_NOMEM || s == GRUNDY_ERR_CANCELLED ||
            s == GRUNDY_ERR_WORK) {
            *rc = cli_error("play", s, NULL);
            return 0;
        }
        if (s != GRUNDY_OK) {
            say(p, "illegal move: ");
            say(p, where.msg[0] ? where.msg : grundy_strerror(s));
            say(p, s == GRUNDY_ERR_PARSE ? ", or hint, undo, quit\n" : "\n");
            if ((*rc = list_legal(p)) != 0)
                return 0;
            continue;
        }
        if (grundy_play_apply(p->g, m, n) != GRUNDY_OK) {
            *rc = cli_error("play", GRUNDY_ERR_NOMEM, NULL);
            return 0;
        }
        p->shown = 0;
        if (p->cycles)
            show(p);
        return 1;
    }
}

/* The game: turns until it ends. */
static int game(play *p, grundy_scanner *sc)
{
    int rc = CLI_EXIT_OK, misere = p->po.convention == GRUNDY_PLAY_MISERE;
    show(p);
    for (;;) {
        uint64_t reps;
        int computer = computer_to_move(p);
        grundy_play_end e = grundy_play_over(p->g, &reps);
        if (e != GRUNDY_PLAY_ON && !p->shown)
            show(p);
        if (e == GRUNDY_PLAY_REPEATED) {
            say(p, "This position has now occurred ");
            grundy_writer_u64(&p->w, reps);
            say(p, " times with the same player to move: the game is "
                   "declared a draw.\n");
            p->end = "draw declared";
            return CLI_EXIT_OK;
        }
        if (e == GRUNDY_PLAY_NO_MOVE) {
            say(p, computer ? (misere ? "I have no move: I win.\n"
                                      : "I have no move: you win.\n")
                            : (misere ? "You have no move: you win.\n"
                                      : "You have no move: I win.\n"));
            p->end = "no move";
            p->winner = computer == misere ? "computer" : "user";
            return CLI_EXIT_OK;
        }
        if (computer) {
            if ((rc = computer_turn(p)) != 0)
                return rc;
        } else if (!user_turn(p, sc, &rc)) {
            return rc;
        }
    }
}

static const char *const firsts[] = {"user", "computer", NULL};

#define AT(m) offsetof(play, m)
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

const cli_optset cli_play_opts = {"play", play_opts, CLI_AT(play, eng), 1,
                                  0};

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
    if (!rc && grundy_play_refused_option(p.g))
        rc = cli_usage_error("play", "--%s is not available for loopy games",
                             grundy_play_refused_option(p.g));
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
    p.cycles = grundy_play_has_cycles(p.g);
    if (p.cycles) {
        say(&p, intro_cycles);
        grundy_writer_u64(&p.w, grundy_play_options(p.g)->repeat);
        say(&p, intro_cycles2);
    } else {
        say(&p, intro);
    }
    if (p.po.convention == GRUNDY_PLAY_MISERE)
        say(&p, "Misere play: the player who cannot move wins.\n");
    rc = game(&p, &sc);
    if (grundy_writer_clear(&p.w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("play", &p.w);
    if (p.json && rc == CLI_EXIT_OK) {
        grundy_writer out;
        if (grundy_writer_init(&out, 1) != GRUNDY_OK) {
            rc = cli_error("play", GRUNDY_ERR_NOMEM, NULL);
        } else {
            grundy_play_outcome o = {p.computer_first, p.end, p.winner};
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
