/*
 * cmd_play.c -- grundy play RULES POS...: a game of the sum against a
 * perfect opponent, at a terminal or through a pipe.
 *
 * The program answers with the library's best move (grundy_sum_analyze:
 * the fastest win or, in a lost position, the move that holds out
 * longest; a winning move of the misere quotient under --misere; past the
 * limits, a winning move from the values or the move that takes least).
 * Every line typed is checked against the family's moves; an illegal one
 * is explained and the prompt comes again, with nothing lost.  With
 * --misere the player who cannot move wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loopy_cli.h"
#include "sum_cli.h"

typedef struct play {
    cli_sum sum;               /* the current position (comp, n) */
    grundy_sum_component *hist; /* snapshots before each user move */
    size_t *hist_len;
    size_t nhist, hist_cap, hist_items, hist_items_cap;
    size_t search_limit;
    cli_engine eng;
    grundy_writer w;
    int echo;
    int misere; /* the player who cannot move wins */
    /* --json: the moves played (undone ones removed), written to standard
     * output as one object at the end; the conversation goes to stderr */
    int json;
    struct played {
        int computer;
        size_t component;
        const grundy_game *g;
        grundy_pos from;
        grundy_move to;
    } *moves;
    size_t nmoves, moves_cap;
    size_t *hist_moves; /* nmoves before each user move (for undo) */
    const char *end;    /* how the game ended */
    const char *winner; /* "user", "computer" or NULL */
} play;

/* Note a move before it is applied (--json). */
static grundy_status record(play *p, const grundy_sum_move *m, int computer)
{
    struct played *e;
    if (!p->json)
        return GRUNDY_OK;
    if (p->nmoves == p->moves_cap) {
        size_t c = p->moves_cap ? 2 * p->moves_cap : 16;
        struct played *nm = realloc(p->moves, c * sizeof *nm);
        GRUNDY_RETURN_IF(!nm, GRUNDY_ERR_NOMEM);
        p->moves = nm;
        p->moves_cap = c;
    }
    e = &p->moves[p->nmoves++];
    e->computer = computer;
    e->component = m->component;
    e->g = cli_sum_game(&p->sum, m->component);
    e->from = p->sum.comp[m->component].pos;
    e->to = m->to;
    return GRUNDY_OK;
}

/* The transcript (doc/JSON.md): the sum at the start, who moved first,
 * every move, how it ended and who won. */
static void write_transcript(play *p, grundy_writer *w, const cli_sum *start,
                             int computer_first)
{
    size_t i;
    grundy_writer_str(w, "{\"components\": [");
    for (i = 0; i < start->n; i++) {
        const grundy_game *g = cli_sum_game(start, i);
        grundy_writer_str(w, i ? ", {" : "{");
        cli_json_rules(w, cli_sum_written(start, i), g);
        grundy_writer_str(w, ", \"position\": ");
        cli_json_pos(w, g, start->comp[i].pos);
        grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, "], \"play\": ");
    grundy_writer_str(w, p->misere ? "\"misere\"" : "\"normal\"");
    grundy_writer_str(w, ", \"first\": ");
    grundy_writer_str(w, computer_first ? "\"computer\"" : "\"user\"");
    grundy_writer_str(w, ", \"moves\": [");
    for (i = 0; i < p->nmoves; i++) {
        const struct played *e = &p->moves[i];
        grundy_writer_str(w, i ? ", {\"player\": " : "{\"player\": ");
        grundy_writer_str(w, e->computer ? "\"computer\"" : "\"user\"");
        grundy_writer_str(w, ", \"component\": ");
        grundy_writer_u64(w, e->component + 1);
        grundy_writer_str(w, ", \"from\": ");
        cli_json_pos(w, e->g, e->from);
        grundy_writer_str(w, ", \"to\": ");
        cli_json_parts(w, e->g, &e->to);
        grundy_writer_char(w, '}');
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

static void say(play *p, const char *s)
{
    grundy_writer_str(&p->w, s);
}

static void show_position(play *p)
{
    char buf[256];
    size_t i;
    int mixed = p->sum.ngames > 1;
    say(p, "position:");
    if (!p->sum.n)
        say(p, " (empty)");
    for (i = 0; i < p->sum.n; i++) {
        const grundy_game *g = cli_sum_game(&p->sum, i);
        say(p, i ? "  [" : " [");
        grundy_writer_u64(&p->w, i + 1);
        say(p, "] ");
        if (mixed) {
            say(p, grundy_game_spec(g));
            say(p, " ");
        }
        cli_pos_text(g, p->sum.comp[i].pos, buf, sizeof buf);
        say(p, buf);
    }
    say(p, "\n");
}

/* "C TO" as typed, and "component C: FROM -> TO" as explained. */
static void show_move(play *p, const grundy_sum_move *m)
{
    char buf[512];
    const grundy_game *g = cli_sum_game(&p->sum, m->component);
    grundy_writer_u64(&p->w, m->component + 1);
    say(p, " ");
    cli_parts_text(g, &m->to, buf, sizeof buf);
    say(p, buf);
    say(p, " (component ");
    grundy_writer_u64(&p->w, m->component + 1);
    say(p, ": ");
    cli_pos_text(g, m->from, buf, sizeof buf);
    say(p, buf);
    say(p, " -> ");
    cli_parts_text(g, &m->to, buf, sizeof buf);
    say(p, buf);
    say(p, ")");
}

static int has_move(const grundy_game *g, grundy_pos pos)
{
    const grundy_rules *r = grundy_game_rules(g);
    grundy_move one;
    if (r->max_moves(grundy_game_params(g), pos) == 0)
        return 0;
    return r->moves(grundy_game_params(g), pos, &one, 1) > 0;
}

static int sum_has_move(const play *p)
{
    size_t i;
    for (i = 0; i < p->sum.n; i++)
        if (has_move(cli_sum_game(&p->sum, i), p->sum.comp[i].pos))
            return 1;
    return 0;
}

/* The best move for the player to move, from the library
 * (grundy_sum_analyze): *found = 0 when there is none; *wins says whether
 * it wins (-1: the limits left it undecided). */
static grundy_status best_move(play *p, grundy_sum_move *best, int *found,
                               int *wins)
{
    grundy_sum_opts o;
    grundy_sum_result r;
    grundy_status s;
    grundy_sum_opts_init(&o);
    o.convention = p->misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
    o.want = GRUNDY_SUM_BEST;
    o.max_states = p->search_limit;
    o.limits = &p->eng.limits;
    s = grundy_sum_analyze(&r, p->sum.comp, p->sum.n, NULL, &o);
    cli_progress_done();
    *found = s == GRUNDY_OK && r.nbest > 0;
    *wins = s == GRUNDY_OK ? r.first_wins : 0;
    if (*found)
        *best = r.best[0];
    grundy_sum_result_clear(&r);
    return s;
}

static grundy_status push_history(play *p)
{
    if (p->nhist == p->hist_cap) {
        size_t c = p->hist_cap ? 2 * p->hist_cap : 16;
        size_t *nl = realloc(p->hist_len, c * sizeof *nl);
        GRUNDY_RETURN_IF(!nl, GRUNDY_ERR_NOMEM);
        p->hist_len = nl;
        nl = realloc(p->hist_moves, c * sizeof *nl);
        GRUNDY_RETURN_IF(!nl, GRUNDY_ERR_NOMEM);
        p->hist_moves = nl;
        p->hist_cap = c;
    }
    p->hist_moves[p->nhist] = p->nmoves;
    if (p->hist_items + p->sum.n > p->hist_items_cap) {
        size_t c = 2 * (p->hist_items + p->sum.n) + 16;
        grundy_sum_component *nh = realloc(p->hist, c * sizeof *nh);
        GRUNDY_RETURN_IF(!nh, GRUNDY_ERR_NOMEM);
        p->hist = nh;
        p->hist_items_cap = c;
    }
    if (p->sum.n)
        memcpy(p->hist + p->hist_items, p->sum.comp,
               p->sum.n * sizeof *p->hist);
    p->hist_items += p->sum.n;
    p->hist_len[p->nhist++] = p->sum.n;
    return GRUNDY_OK;
}

static grundy_status ensure_room(play *p, size_t n)
{
    grundy_sum_component *nc;
    if (n <= p->sum.cap)
        return GRUNDY_OK;
    nc = realloc(p->sum.comp, 2 * n * sizeof *nc);
    GRUNDY_RETURN_IF(!nc, GRUNDY_ERR_NOMEM);
    p->sum.comp = nc;
    p->sum.cap = 2 * n;
    return GRUNDY_OK;
}

static int undo(play *p)
{
    size_t len;
    if (!p->nhist)
        return 0;
    len = p->hist_len[--p->nhist];
    p->nmoves = p->hist_moves[p->nhist];
    p->hist_items -= len;
    /* The snapshot fits: the sum had that many components before. */
    if (ensure_room(p, len) != GRUNDY_OK)
        return 0;
    if (len)
        memcpy(p->sum.comp, p->hist + p->hist_items,
               len * sizeof *p->sum.comp);
    p->sum.n = len;
    return 1;
}

/* Replace component m->component by the parts of the move, in place. */
static grundy_status apply(play *p, const grundy_sum_move *m)
{
    size_t i = m->component, k, np = m->to.nparts;
    grundy_values *vals = p->sum.comp[i].values;
    GRUNDY_TRY(ensure_room(p, p->sum.n + GRUNDY_MAX_PARTS));
    memmove(p->sum.comp + i + np, p->sum.comp + i + 1,
            (p->sum.n - i - 1) * sizeof *p->sum.comp);
    for (k = 0; k < np; k++) {
        p->sum.comp[i + k].values = vals;
        p->sum.comp[i + k].pos = m->to.part[k];
    }
    p->sum.n = p->sum.n - 1 + np;
    return GRUNDY_OK;
}

/* Parse "C TO" (or "TO" with one component) into a legal move.  Returns
 * 0 with *m set, or 1 after explaining what is wrong. */
static int parse_move(play *p, char *line, grundy_sum_move *m)
{
    char *tok[3], *save = NULL, *t, *part;
    size_t nt = 0;
    uint64_t c;
    grundy_parse_error where;
    const grundy_sum_component *comp;
    grundy_move want;
    grundy_status s;
    const grundy_game *g;
    int legal = 0;

    for (t = strtok_r(line, " \t", &save); t && nt < 3;
         t = strtok_r(NULL, " \t", &save))
        tok[nt++] = t;
    if (nt == 0 || nt == 3 || (nt == 1 && p->sum.n != 1)) {
        say(p, "illegal move: type COMPONENT POSITION (as in '1 3'), or "
               "hint, undo, quit\n");
        return 1;
    }
    if (nt == 2) {
        if (grundy_u64_parse(&c, tok[0], strlen(tok[0]), 1, p->sum.n,
                             &where) != GRUNDY_OK) {
            say(p, "illegal move: '");
            say(p, tok[0]);
            say(p, "' is not a component: components are 1 to ");
            grundy_writer_u64(&p->w, p->sum.n);
            say(p, "\n");
            return 1;
        }
    } else {
        c = 1;
    }
    comp = &p->sum.comp[c - 1];
    g = grundy_values_game(comp->values);
    memset(m, 0, sizeof *m);
    m->component = (size_t)(c - 1);
    m->from = comp->pos;
    want.nparts = 0;
    t = tok[nt - 1];
    if (strcmp(t, "-") != 0) {
        for (part = strtok_r(t, "+", &save); part;
             part = strtok_r(NULL, "+", &save)) {
            if (want.nparts == GRUNDY_MAX_PARTS) {
                say(p, "illegal move: a move leaves at most 3 parts\n");
                return 1;
            }
            memset(&where, 0, sizeof where);
            s = grundy_game_pos_parse(g, part, strlen(part),
                                      &want.part[want.nparts], &where);
            if (s != GRUNDY_OK) {
                say(p, "illegal move: '");
                say(p, part);
                say(p, "' is not a position of ");
                say(p, grundy_game_spec(g));
                say(p, ": ");
                say(p, where.msg[0] ? where.msg : grundy_strerror(s));
                say(p, "\n");
                return 1;
            }
            want.nparts++;
        }
    }
    /* Legal iff it is one of the family's moves (asked of the library). */
    if (grundy_values_find_move(&m->to, &legal, comp->values, comp->pos,
                                &want) == GRUNDY_OK &&
        legal)
        return 0;
    {
        char from[256], to[512];
        cli_pos_text(g, comp->pos, from, sizeof from);
        cli_parts_text(g, &want, to, sizeof to);
        say(p, "illegal move: component ");
        grundy_writer_u64(&p->w, c);
        say(p, " cannot go from ");
        say(p, from);
        say(p, " to ");
        say(p, to);
        say(p, " in one move\n");
    }
    return 1;
}

static int computer_turn(play *p)
{
    grundy_sum_move m;
    int found, wins;
    grundy_status s = best_move(p, &m, &found, &wins);
    if (s != GRUNDY_OK)
        return cli_error("play", s, NULL);
    if (!found)
        return CLI_EXIT_OK;
    say(p, "I move: ");
    show_move(p, &m);
    say(p, "\n");
    s = record(p, &m, 1);
    if (s == GRUNDY_OK)
        s = apply(p, &m);
    if (s != GRUNDY_OK)
        return cli_error("play", s, NULL);
    return CLI_EXIT_OK;
}

static int hint(play *p)
{
    grundy_sum_move m;
    int found, wins;
    grundy_status s = best_move(p, &m, &found, &wins);
    if (s != GRUNDY_OK)
        return cli_error("play", s, NULL);
    if (wins < 0)
        say(p, "hint: this sum is past the limits to be decided (work or "
               "memory); a move that takes little is ");
    else
        say(p, wins ? "hint: a winning move is " : "hint: no move wins; ");
    if (!wins)
        say(p, "the longest resistance is ");
    show_move(p, &m);
    say(p, "\n");
    return CLI_EXIT_OK;
}

static const char intro[] =
    "Type a move as COMPONENT POSITION: the component's number and the\n"
    "position it leaves (parts of a split joined by '+', '-' for nothing;\n"
    "the number may be left out when there is one component).  Or: hint,\n"
    "undo, quit.\n";

static int loop(play *p, grundy_scanner *sc)
{
    int rc;
    for (;;) {
        const char *text;
        char *line;
        size_t len;
        grundy_parse_error where;
        grundy_sum_move m;
        grundy_status s;

        show_position(p);
        if (!sum_has_move(p)) {
            say(p, p->misere ? "You have no move: you win.\n"
                             : "You have no move: I win.\n");
            p->end = "no move";
            p->winner = p->misere ? "user" : "computer";
            return CLI_EXIT_OK;
        }
        say(p, "your move> ");
        s = grundy_scan_line(sc, &text, &len, &where);
        if (s != GRUNDY_OK) {
            say(p, "\n");
            if (grundy_scan_at_eof(sc)) {
                say(p, "input ended: game abandoned\n");
                p->end = "input ended";
                return CLI_EXIT_OK;
            }
            grundy_writer_flush(&p->w);
            return cli_input_error(s, &where);
        }
        if (p->echo) {
            grundy_writer_bytes(&p->w, text, len);
            say(p, "\n");
        }
        line = malloc(len + 1);
        if (!line)
            return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
        memcpy(line, text, len + 1);
        {
            char *a = line, *e;
            while (*a == ' ' || *a == '\t')
                a++;
            e = a + strlen(a);
            while (e > a && (e[-1] == ' ' || e[-1] == '\t'))
                *--e = 0;
            if (!*a) {
                free(line);
                continue;
            }
            if (strcmp(a, "quit") == 0 || strcmp(a, "q") == 0) {
                free(line);
                say(p, "bye\n");
                p->end = "quit";
                return CLI_EXIT_OK;
            }
            if (strcmp(a, "hint") == 0) {
                free(line);
                rc = hint(p);
                if (rc)
                    return rc;
                continue;
            }
            if (strcmp(a, "undo") == 0) {
                free(line);
                say(p, undo(p) ? "undone: your last move and my answer\n"
                               : "nothing to undo\n");
                continue;
            }
            if (parse_move(p, a, &m)) {
                free(line);
                continue;
            }
        }
        free(line);
        if (push_history(p) != GRUNDY_OK || record(p, &m, 0) != GRUNDY_OK ||
            apply(p, &m) != GRUNDY_OK)
            return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
        if (!sum_has_move(p)) {
            show_position(p);
            say(p, p->misere ? "I have no move: I win.\n"
                             : "I have no move: you win.\n");
            p->end = "no move";
            p->winner = p->misere ? "computer" : "user";
            return CLI_EXIT_OK;
        }
        rc = computer_turn(p);
        if (rc)
            return rc;
    }
}

int cmd_play(int argc, char **argv)
{
    play p;
    cli_sum start;
    grundy_scanner sc;
    char **positional = calloc((size_t)argc + 1, sizeof *positional);
    size_t np = 0;
    int i, mix = 0, computer_first = 0, only_pos = 0, rc;
    const char *v;
    uint64_t lim;

    if (!positional)
        return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
    if (loopy_cli_claims(argc, argv)) { /* games with cycles */
        free(positional);
        return loopy_cli_play(argc, argv);
    }
    memset(&p, 0, sizeof p);
    cli_engine_init(&p.eng, "play");
    p.search_limit = GRUNDY_SUM_SEARCH_DEFAULT_STATES;
    for (i = 1; i < argc; i++) {
        const char *s = argv[i];
        int e;
        if (!only_pos && s[0] == '-' && s[1] == '-' &&
            (e = cli_engine_option(&p.eng, argc, argv, &i)) != 0) {
            if (e < 0) {
                free(positional);
                return CLI_EXIT_USAGE;
            }
            continue;
        }
        if (only_pos || s[0] != '-' || s[1] != '-') {
            positional[np++] = argv[i];
        } else if (strcmp(s, "--") == 0) {
            only_pos = 1;
        } else if (strcmp(s, "--input") == 0 ||
                   strncmp(s, "--input=", 8) == 0) {
            int e2 = cli_input_option("play", argc, argv, &i);
            if (e2 < 0) {
                free(positional);
                return -e2;
            }
        } else if (strcmp(s, "--mix") == 0) {
            mix = 1;
        } else if (strcmp(s, "--json") == 0) {
            p.json = 1;
        } else if (strcmp(s, "--misere") == 0) {
            p.misere = 1;
        } else if (cli_opt_value(argc, argv, &i, "--first", &v)) {
            static const char *const firsts[] = {"user", "computer", NULL};
            if (cli_parse_choice("play", "--first", v, firsts,
                                 &computer_first)) {
                free(positional);
                return CLI_EXIT_USAGE;
            }
        } else if (cli_opt_value(argc, argv, &i, "--search-limit", &v)) {
            if (cli_parse_u64("play", "--search-limit", v, 1,
                              (uint64_t)1 << 32, &lim)) {
                free(positional);
                return CLI_EXIT_USAGE;
            }
            p.search_limit = (size_t)lim;
        } else {
            free(positional);
            return cli_usage_error("play", "unknown option '%s'", s);
        }
    }
    if ((!mix && np < 2) || np < 1) {
        free(positional);
        return cli_usage_error("play", np || mix ? "missing positions (POS...)"
                                                 : "missing RULES");
    }
    rc = cli_sum_parse(&p.sum, &p.eng, mix ? NULL : positional[0],
                       positional + !mix, np - !mix);
    free(positional);
    if (rc) {
        cli_sum_clear(&p.sum);
        cli_engine_clear(&p.eng);
        return rc;
    }
    /* the start, kept for the transcript: the components' values objects
     * and games stay owned by p.sum */
    start = p.sum;
    start.comp = p.json ? malloc((p.sum.n ? p.sum.n : 1) * sizeof *start.comp)
                        : NULL;
    if (start.comp)
        memcpy(start.comp, p.sum.comp, p.sum.n * sizeof *start.comp);
    if ((p.json && !start.comp) ||
        grundy_writer_init(&p.w, p.json ? 2 : 1) != GRUNDY_OK ||
        grundy_scanner_init_fd(&sc, 0) != GRUNDY_OK) {
        free(start.comp);
        cli_sum_clear(&p.sum);
        cli_engine_clear(&p.eng);
        return cli_error("play", GRUNDY_ERR_NOMEM, NULL);
    }
    grundy_scanner_set_before_read(&sc, grundy_writer_flush_hook, &p.w);
    p.echo = !isatty(0);
    say(&p, intro);
    if (p.misere)
        say(&p, "Misere play: the player who cannot move wins.\n");
    rc = -1;
    if (computer_first) {
        show_position(&p);
        if (!sum_has_move(&p)) {
            say(&p, p.misere ? "I have no move: I win.\n"
                             : "I have no move: you win.\n");
            p.end = "no move";
            p.winner = p.misere ? "computer" : "user";
            rc = CLI_EXIT_OK;
        } else {
            rc = computer_turn(&p);
            if (rc == CLI_EXIT_OK)
                rc = -1;
        }
    }
    if (rc == -1)
        rc = loop(&p, &sc);
    if (grundy_writer_clear(&p.w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("play", &p.w);
    if (p.json && rc == CLI_EXIT_OK) {
        grundy_writer out;
        if (grundy_writer_init(&out, 1) != GRUNDY_OK)
            rc = cli_error("play", GRUNDY_ERR_NOMEM, NULL);
        else {
            write_transcript(&p, &out, &start, computer_first);
            if (grundy_writer_clear(&out) != GRUNDY_OK)
                rc = cli_write_error("play", &out);
        }
    }
    free(start.comp);
    grundy_scanner_clear(&sc);
    free(p.hist);
    free(p.hist_len);
    free(p.hist_moves);
    free(p.moves);
    cli_sum_clear(&p.sum);
    cli_engine_clear(&p.eng);
    return rc;
}
