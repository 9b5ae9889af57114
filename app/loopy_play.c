/*
 * loopy_play.c -- grundy play with loopy games: a sum of positions of
 * games with cycles against the program, which wins when it can, keeps the
 * draw when it cannot, and declares a draw when a position comes back too
 * often.
 *
 * The program's move is grundy_loopy_sum_best(): in a won sum the winning
 * move that lowers (sum of values, sum of counters) the most, which wins
 * in finitely many moves whatever the user does; in a drawn sum a move
 * that keeps it drawn; in a lost one the move that leaves the largest
 * values.  A game can go on forever, so every position is recorded with
 * the player to move, and the --repeat'th occurrence of one ends the
 * game as a draw.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loopy_cli.h"

typedef struct lplay {
    loopy_cli_sum sum;
    /* Every position of the game so far, sum.n vertices each; position i
     * has the user to move when (i + computer_first) is even. */
    grundy_loopy_vertex *hist;
    size_t nhist, hist_cap;
    /* Indices in hist of the positions the user moved from (for undo). */
    size_t *user_at;
    size_t nuser, user_cap;
    int computer_first;
    uint64_t repeat;
    grundy_writer w;
    int echo;
    /* --json: the conversation on stderr, the game as one JSON object on
     * stdout at the end (doc/JSON.md), read back from hist */
    int json;
    const char *end, *winner;
} lplay;

/* The transcript: the moves are the differences between consecutive
 * positions of hist (undone ones are gone from it). */
static void write_transcript(const lplay *p, grundy_writer *w)
{
    size_t k = p->sum.n, i, c;
    grundy_writer_str(w, "{\"components\": [");
    for (c = 0; c < k; c++) {
        const grundy_loopy_game *g = p->sum.game_of[c];
        grundy_writer_str(w, c ? ", {\"rules\": " : "{\"rules\": ");
        cli_json_str(w, grundy_loopy_game_spec(g));
        grundy_writer_str(w, ", \"canonical\": ");
        cli_json_str(w, grundy_loopy_game_spec(g));
        grundy_writer_str(w, ", \"position\": ");
        loopy_cli_vertex_json(w, grundy_loopy_game_graph(g), p->hist[c]);
        grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, "], \"play\": \"normal\", \"first\": ");
    grundy_writer_str(w, p->computer_first ? "\"computer\"" : "\"user\"");
    grundy_writer_str(w, ", \"moves\": [");
    for (i = 0; i + 1 < p->nhist; i++) {
        const grundy_loopy_vertex *a = p->hist + i * k, *b = a + k;
        for (c = 0; c < k && a[c] == b[c]; c++)
            ;
        if (c == k)
            c = 0; /* a move along a self-loop */
        grundy_writer_str(w, i ? ", {\"player\": " : "{\"player\": ");
        grundy_writer_str(w, (i + (size_t)p->computer_first) % 2
                                 ? "\"computer\""
                                 : "\"user\"");
        grundy_writer_str(w, ", \"component\": ");
        grundy_writer_u64(w, c + 1);
        grundy_writer_str(w, ", \"from\": ");
        loopy_cli_vertex_json(w, grundy_loopy_game_graph(p->sum.game_of[c]),
                              a[c]);
        grundy_writer_str(w, ", \"to\": [");
        loopy_cli_vertex_json(w, grundy_loopy_game_graph(p->sum.game_of[c]),
                              b[c]);
        grundy_writer_str(w, "]}");
    }
    grundy_writer_str(w, "], \"end\": \"");
    grundy_writer_str(w, p->end ? p->end : "error");
    grundy_writer_str(w, "\", \"winner\": ");
    if (p->winner) {
        grundy_writer_char(w, '"');
        grundy_writer_str(w, p->winner);
        grundy_writer_char(w, '"');
    } else {
        grundy_writer_str(w, "null");
    }
    grundy_writer_str(w, "}\n");
}

static void say(lplay *p, const char *s)
{
    grundy_writer_str(&p->w, s);
}

static void show_position(lplay *p)
{
    char buf[256];
    size_t i;
    int mixed = p->sum.ngames > 1;
    say(p, "position:");
    for (i = 0; i < p->sum.n; i++) {
        const grundy_loopy_game *g = p->sum.game_of[i];
        say(p, i ? "  [" : " [");
        grundy_writer_u64(&p->w, i + 1);
        say(p, "] ");
        if (mixed) {
            say(p, grundy_loopy_game_spec(g));
            say(p, " ");
        }
        loopy_cli_pos_text(g, p->sum.comp[i].vertex, buf, sizeof buf);
        say(p, buf);
    }
    say(p, "\n");
}

static void show_move(lplay *p, const grundy_loopy_move *m)
{
    char buf[256];
    const grundy_loopy_game *g = p->sum.game_of[m->component];
    grundy_writer_u64(&p->w, m->component + 1);
    say(p, " ");
    loopy_cli_pos_text(g, m->to, buf, sizeof buf);
    say(p, buf);
    say(p, " (component ");
    grundy_writer_u64(&p->w, m->component + 1);
    say(p, ": ");
    loopy_cli_pos_text(g, m->from, buf, sizeof buf);
    say(p, buf);
    say(p, " -> ");
    loopy_cli_pos_text(g, m->to, buf, sizeof buf);
    say(p, buf);
    say(p, ")");
}

static int has_move(const lplay *p)
{
    size_t i, d;
    for (i = 0; i < p->sum.n; i++) {
        (void)grundy_loopy_graph_successors(
            grundy_loopy_solution_graph(p->sum.comp[i].sol),
            p->sum.comp[i].vertex, &d);
        if (d)
            return 1;
    }
    return 0;
}

/* Record the current position. */
static grundy_status record(lplay *p)
{
    size_t i, k = p->sum.n;
    if ((p->nhist + 1) * k > p->hist_cap) {
        size_t nc = 2 * (p->nhist + 1) * k + 16;
        grundy_loopy_vertex *nh = realloc(p->hist, nc * sizeof *nh);
        GRUNDY_RETURN_IF(!nh, GRUNDY_ERR_NOMEM);
        p->hist = nh;
        p->hist_cap = nc;
    }
    for (i = 0; i < k; i++)
        p->hist[p->nhist * k + i] = p->sum.comp[i].vertex;
    p->nhist++;
    return GRUNDY_OK;
}

/* How often the last recorded position occurred with the same player to
 * move (it included). */
static uint64_t occurrences(const lplay *p)
{
    size_t k = p->sum.n, last = p->nhist - 1, i;
    uint64_t c = 0;
    for (i = last % 2; i <= last; i += 2)
        if (memcmp(p->hist + i * k, p->hist + last * k, k * sizeof *p->hist) ==
            0)
            c++;
    return c;
}

/* After a move: 1 when the game ends in a declared draw. */
static int repeated(lplay *p)
{
    uint64_t c = occurrences(p);
    if (c < p->repeat)
        return 0;
    say(p, "This position has now occurred ");
    grundy_writer_u64(&p->w, c);
    say(p, " times with the same player to move: the game is declared a "
           "draw.\n");
    p->end = "draw declared";
    return 1;
}

static void apply(lplay *p, const grundy_loopy_move *m)
{
    p->sum.comp[m->component].vertex = m->to;
}

static int computer_turn(lplay *p)
{
    grundy_loopy_move m;
    int found;
    grundy_status s = grundy_loopy_sum_best(&m, &found, p->sum.comp, p->sum.n);
    if (s != GRUNDY_OK)
        return cli_error("play", s, NULL);
    if (!found)
        return CLI_EXIT_OK;
    say(p, "I move: ");
    show_move(p, &m);
    say(p, "\n");
    apply(p, &m);
    if (record(p) != GRUNDY_OK)
        return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
    return CLI_EXIT_OK;
}

static int hint(lplay *p)
{
    grundy_loopy_move m;
    int found;
    grundy_status s = grundy_loopy_sum_best(&m, &found, p->sum.comp, p->sum.n);
    if (s != GRUNDY_OK)
        return cli_error("play", s, NULL);
    if (!found)
        return CLI_EXIT_OK;
    if (m.after == GRUNDY_LOOPY_SECOND)
        say(p, "hint: a winning move is ");
    else if (m.after == GRUNDY_LOOPY_DRAW)
        say(p, "hint: no move wins; this one keeps the draw: ");
    else
        say(p, "hint: every move loses; the longest resistance is ");
    show_move(p, &m);
    say(p, "\n");
    return CLI_EXIT_OK;
}

static int undo(lplay *p)
{
    if (!p->nuser)
        return 0;
    p->nhist = p->user_at[--p->nuser] + 1;
    {
        size_t i, k = p->sum.n;
        for (i = 0; i < k; i++)
            p->sum.comp[i].vertex = p->hist[(p->nhist - 1) * k + i];
    }
    return 1;
}

/* "C TO", or "TO" with one component.  0 with *m set, or 1 after saying
 * what is wrong. */
static int parse_move(lplay *p, char *line, grundy_loopy_move *m)
{
    char *tok[3], *save = NULL, *t;
    size_t nt = 0, d, e;
    uint64_t c = 1;
    grundy_parse_error where;
    const grundy_loopy_game *g;
    const grundy_loopy_vertex *opt;
    grundy_loopy_vertex to;
    grundy_status s;
    char from_text[256];

    for (t = strtok_r(line, " \t", &save); t && nt < 3;
         t = strtok_r(NULL, " \t", &save))
        tok[nt++] = t;
    if (nt == 0 || nt == 3 || (nt == 1 && p->sum.n != 1)) {
        say(p, "illegal move: type COMPONENT POSITION (as in '1 3'), or "
               "hint, undo, quit\n");
        return 1;
    }
    if (nt == 2 && grundy_u64_parse(&c, tok[0], strlen(tok[0]), 1, p->sum.n,
                                    &where) != GRUNDY_OK) {
        say(p, "illegal move: '");
        say(p, tok[0]);
        say(p, "' is not a component: components are 1 to ");
        grundy_writer_u64(&p->w, p->sum.n);
        say(p, "\n");
        return 1;
    }
    g = p->sum.game_of[c - 1];
    memset(&where, 0, sizeof where);
    t = tok[nt - 1];
    s = grundy_loopy_game_pos_parse(g, t, strlen(t), &to, &where);
    if (s != GRUNDY_OK) {
        say(p, "illegal move: '");
        say(p, t);
        say(p, "' is not a position of ");
        say(p, grundy_loopy_game_spec(g));
        say(p, ": ");
        say(p, where.msg[0] ? where.msg : grundy_strerror(s));
        say(p, "\n");
        return 1;
    }
    m->component = (size_t)(c - 1);
    m->from = p->sum.comp[c - 1].vertex;
    m->to = to;
    m->after = GRUNDY_LOOPY_DRAW;
    opt =
        grundy_loopy_graph_successors(grundy_loopy_game_graph(g), m->from, &d);
    for (e = 0; e < d; e++)
        if (opt[e] == to)
            return 0;
    loopy_cli_pos_text(g, m->from, from_text, sizeof from_text);
    say(p, "illegal move: component ");
    grundy_writer_u64(&p->w, c);
    say(p, " cannot go from ");
    say(p, from_text);
    say(p, " to ");
    say(p, t);
    say(p, " in one move\n");
    return 1;
}

static const char intro[] =
    "Type a move as COMPONENT POSITION: the component's number and the\n"
    "position it moves to (the number may be left out when there is one\n"
    "component).  Or: hint, undo, quit.  These games can go on forever: a\n"
    "position that comes back ";
static const char intro2[] =
    " times with the same player to move\nends the game in a draw.\n";

/* The user's turn at the current position.  1: the game goes on. */
static int user_turn(lplay *p, grundy_scanner *sc, int *rc)
{
    for (;;) {
        const char *text;
        char *line, *a, *e;
        size_t len;
        grundy_parse_error where;
        grundy_loopy_move m;
        grundy_status s;

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
        line = malloc(len + 1);
        if (!line) {
            *rc = cli_error("play", GRUNDY_ERR_NOMEM, NULL);
            return 0;
        }
        memcpy(line, text, len + 1);
        for (a = line; *a == ' ' || *a == '\t'; a++)
            ;
        for (e = a + strlen(a); e > a && (e[-1] == ' ' || e[-1] == '\t');)
            *--e = 0;
        if (!*a) {
            free(line);
            continue;
        }
        if (strcmp(a, "quit") == 0 || strcmp(a, "q") == 0) {
            free(line);
            say(p, "bye\n");
            p->end = "quit";
            *rc = CLI_EXIT_OK;
            return 0;
        }
        if (strcmp(a, "hint") == 0) {
            free(line);
            if ((*rc = hint(p)) != 0)
                return 0;
            continue;
        }
        if (strcmp(a, "undo") == 0) {
            free(line);
            say(p, undo(p) ? "undone: your last move and my answer\n"
                           : "nothing to undo\n");
            show_position(p);
            continue;
        }
        if (parse_move(p, a, &m)) {
            free(line);
            continue;
        }
        free(line);
        if (p->nuser == p->user_cap) {
            size_t nc = p->user_cap ? 2 * p->user_cap : 16;
            size_t *nu = realloc(p->user_at, nc * sizeof *nu);
            if (!nu) {
                *rc = cli_error("play", GRUNDY_ERR_NOMEM, NULL);
                return 0;
            }
            p->user_at = nu;
            p->user_cap = nc;
        }
        p->user_at[p->nuser++] = p->nhist - 1;
        apply(p, &m);
        if (record(p) != GRUNDY_OK) {
            *rc = cli_error("play", GRUNDY_ERR_NOMEM, NULL);
            return 0;
        }
        return 1;
    }
}

static int game(lplay *p, grundy_scanner *sc)
{
    int rc = CLI_EXIT_OK, computer = p->computer_first;
    for (;;) {
        show_position(p);
        if (repeated(p))
            return CLI_EXIT_OK;
        if (!has_move(p)) {
            say(p, computer ? "I have no move: you win.\n"
                            : "You have no move: I win.\n");
            p->end = "no move";
            p->winner = computer ? "user" : "computer";
            return CLI_EXIT_OK;
        }
        if (computer) {
            if ((rc = computer_turn(p)) != 0)
                return rc;
        } else if (!user_turn(p, sc, &rc)) {
            return rc;
        }
        computer = !computer;
    }
}

int loopy_cli_play(int argc, char **argv)
{
    lplay p;
    grundy_scanner sc;
    grundy_limits lim;
    char **positional = calloc((size_t)argc + 1, sizeof *positional);
    size_t np = 0;
    int i, mix = 0, only_pos = 0, rc = 0;
    uint64_t max = 0;
    const char *v;
    cli_engine eng; /* the common options */

    if (!positional)
        return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
    memset(&p, 0, sizeof p);
    p.repeat = 3;
    cli_engine_init(&eng, "play");
    for (i = 1; i < argc && !rc; i++) {
        const char *s = argv[i];
        int e = 0;
        if (!only_pos && s[0] == '-' && s[1] == '-') {
            e = cli_engine_option(&eng, argc, argv, &i);
            if (e == 0)
                e = cli_bound_option("play", argc, argv, &i, "--heap-max", 1,
                                     GRUNDY_LOOPY_MAX_VERTICES - 1, &max);
        }
        if (e < 0) {
            rc = CLI_EXIT_USAGE;
        } else if (e > 0) {
            /* taken */
        } else if (only_pos || s[0] != '-' || s[1] != '-') {
            positional[np++] = argv[i];
        } else if (strcmp(s, "--") == 0) {
            only_pos = 1;
        } else if (strcmp(s, "--mix") == 0) {
            mix = 1;
        } else if (strcmp(s, "--json") == 0) {
            p.json = 1;
        } else if (cli_opt_value(argc, argv, &i, "--first", &v)) {
            static const char *const firsts[] = {"user", "computer", NULL};
            rc = cli_parse_choice("play", "--first", v, firsts,
                                  &p.computer_first);
        } else if (cli_opt_value(argc, argv, &i, "--repeat", &v)) {
            rc = cli_parse_u64("play", "--repeat", v, 2, 1000000, &p.repeat);
        } else {
            rc = cli_usage_error("play", "unknown option '%s'", s);
        }
    }
    lim = eng.limits;
    if (!rc && ((!mix && np < 2) || np < 1))
        rc = cli_usage_error("play", np || mix ? "missing positions (POS...)"
                                               : "missing RULES");
    if (!rc)
        rc = loopy_cli_sum_parse(&p.sum, "play", mix ? NULL : positional[0],
                                 positional + !mix, np - !mix, max, &lim);
    free(positional);
    if (rc) {
        loopy_cli_sum_clear(&p.sum);
        return rc;
    }
    if (grundy_writer_init(&p.w, p.json ? 2 : 1) != GRUNDY_OK ||
        grundy_scanner_init_fd(&sc, 0) != GRUNDY_OK || record(&p)) {
        loopy_cli_sum_clear(&p.sum);
        return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
    }
    grundy_scanner_set_before_read(&sc, grundy_writer_flush_hook, &p.w);
    p.echo = !isatty(0);
    say(&p, intro);
    grundy_writer_u64(&p.w, p.repeat);
    say(&p, intro2);
    rc = game(&p, &sc);
    if (grundy_writer_clear(&p.w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("play", &p.w);
    if (p.json && rc == CLI_EXIT_OK) {
        grundy_writer out;
        if (grundy_writer_init(&out, 1) != GRUNDY_OK) {
            rc = cli_error("play", GRUNDY_ERR_NOMEM, NULL);
        } else {
            write_transcript(&p, &out);
            if (grundy_writer_clear(&out) != GRUNDY_OK)
                rc = cli_write_error("play", &out);
        }
    }
    grundy_scanner_clear(&sc);
    free(p.hist);
    free(p.user_at);
    loopy_cli_sum_clear(&p.sum);
    return rc;
}
