/*
 * talk.c -- a game of a user against the computer, in the words of
 * `grundy play` (grundy/play.h, "Conversation"): the intro, the prompt,
 * the user's lines answered (a move played, refused with the legal
 * moves, a hint, an undo, quit), the computer's moves and the end of the
 * game.  A front end only reads lines and shows what is written here.
 * Games with cycles write the position after every move, since a play
 * may come back to it; the others before every prompt.
 */
#include <string.h>

#include "play/play_internal.h"

/* The commands, in the order of the help; the conversation's intros
 * below name them too. */
enum { CMD_HINT, CMD_UNDO, CMD_QUIT, CMD_COUNT };
static const grundy_play_command commands[CMD_COUNT] = {
    [CMD_HINT] = {"hint", NULL, "the best move for you"},
    [CMD_UNDO] = {"undo", NULL,
                  "take back your last move and the answer to it"},
    [CMD_QUIT] = {"quit", "q", "also at the end of the input"},
};

const grundy_play_command *grundy_play_commands(size_t *n)
{
    *n = CMD_COUNT;
    return commands;
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

grundy_status grundy_play_apply_text(grundy_play *p, const char *text,
                                     size_t len, grundy_parse_error *where)
{
    grundy_sum_move m[GRUNDY_PLAY_MAX_SET];
    size_t n;
    GRUNDY_TRY(grundy_play_parse_move(p, text, len, m, GRUNDY_PLAY_MAX_SET,
                                      &n, where));
    return grundy_play_apply(p, m, n);
}

int grundy_play_undo_turn(grundy_play *p, unsigned player)
{
    if (grundy_play_ply(p) <= player)
        return 0; /* the player has not moved */
    while (grundy_play_undo(p) && grundy_play_turn(p) != player)
        ;
    return 1;
}

/* "position: ..." */
static void show(grundy_play_talk *t, grundy_writer *w)
{
    char buf[4096];
    size_t n = grundy_play_show(t->p, buf, sizeof buf);
    if (n >= sizeof buf)
        strcpy(buf + sizeof buf - 4, "...");
    grundy_writer_str(w, "position: ");
    grundy_writer_str(w, buf);
    grundy_writer_str(w, "\n");
    t->shown = 1;
}

/* After a move: the position again at once in a game with cycles, else
 * before the next prompt. */
static void moved(grundy_play_talk *t, grundy_writer *w)
{
    t->shown = 0;
    if (grundy_play_has_cycles(t->p))
        show(t, w);
}

static void ends(grundy_play_talk *t, const char *end, const char *winner)
{
    t->over = 1;
    t->end = end;
    t->winner = winner;
}

static grundy_status computer_move(grundy_play_talk *t, grundy_writer *w)
{
    grundy_sum_move m[GRUNDY_PLAY_MAX_SET];
    size_t n;
    GRUNDY_TRY(grundy_play_best(t->p, m, &n, NULL, NULL));
    if (!n)
        return GRUNDY_OK;
    grundy_writer_str(w, "I move: ");
    grundy_play_move_write(w, t->p, &m[0], 1);
    grundy_writer_str(w, "\n");
    GRUNDY_TRY(grundy_play_apply(t->p, m, n));
    moved(t, w);
    return GRUNDY_OK;
}

/* The game until the user is to move or it ends. */
static grundy_status advance(grundy_play_talk *t, grundy_writer *w)
{
    int misere = grundy_play_options(t->p)->convention == GRUNDY_PLAY_MISERE;
    for (;;) {
        uint64_t reps;
        int computer = grundy_play_turn(t->p) != t->user;
        grundy_play_end e = grundy_play_over(t->p, &reps);
        if (e != GRUNDY_PLAY_ON && !t->shown)
            show(t, w);
        if (e == GRUNDY_PLAY_REPEATED) {
            grundy_writer_str(w, "This position has now occurred ");
            grundy_writer_u64(w, reps);
            grundy_writer_str(w, " times with the same player to move: "
                                 "the game is declared a draw.\n");
            ends(t, "draw declared", NULL);
            return GRUNDY_OK;
        }
        if (e == GRUNDY_PLAY_NO_MOVE) {
            grundy_writer_str(
                w, computer ? (misere ? "I have no move: I win.\n"
                                      : "I have no move: you win.\n")
                            : (misere ? "You have no move: you win.\n"
                                      : "You have no move: I win.\n"));
            ends(t, "no move", computer == misere ? "computer" : "user");
            return GRUNDY_OK;
        }
        if (!computer)
            return GRUNDY_OK;
        GRUNDY_TRY(computer_move(t, w));
    }
}

grundy_status grundy_play_talk_start(grundy_play_talk *t, grundy_play *p,
                                     unsigned user, grundy_writer *w)
{
    memset(t, 0, sizeof *t);
    t->p = p;
    t->user = user;
    if (grundy_play_has_cycles(p)) {
        grundy_writer_str(w, intro_cycles);
        grundy_writer_u64(w, grundy_play_options(p)->repeat);
        grundy_writer_str(w, intro_cycles2);
    } else {
        grundy_writer_str(w, intro);
    }
    if (grundy_play_options(p)->convention == GRUNDY_PLAY_MISERE)
        grundy_writer_str(w,
                          "Misere play: the player who cannot move wins.\n");
    show(t, w);
    return advance(t, w);
}

void grundy_play_talk_prompt(grundy_play_talk *t, grundy_writer *w)
{
    if (!t->shown)
        show(t, w);
    grundy_writer_str(w, "your move> ");
}

static grundy_status hint(grundy_play_talk *t, grundy_writer *w)
{
    grundy_sum_move m[GRUNDY_PLAY_MAX_SET];
    size_t n;
    int wins, draw;
    GRUNDY_TRY(grundy_play_best(t->p, m, &n, &wins, &draw));
    if (!n)
        return GRUNDY_OK;
    grundy_writer_str(
        w, wins < 0 ? "hint: this sum is past the limits to be decided "
                      "(work or memory); a move that takes little is "
           : draw ? "hint: no move wins; this one keeps the draw: "
           : wins ? "hint: a winning move is "
                  : "hint: no move wins; the longest resistance is ");
    grundy_play_move_write(w, t->p, &m[0], 1);
    grundy_writer_str(w, "\n");
    return GRUNDY_OK;
}

/* A move the rules refuse: why, and the legal moves. */
static grundy_status refuse(grundy_play_talk *t, grundy_writer *w,
                            grundy_status s, const grundy_parse_error *where)
{
    int k;
    grundy_writer_str(w, "illegal move: ");
    grundy_writer_str(w, where->msg[0] ? where->msg : grundy_strerror(s));
    for (k = 0; s == GRUNDY_ERR_PARSE && k < CMD_COUNT; k++) {
        grundy_writer_str(w, k ? ", " : ", or ");
        grundy_writer_str(w, commands[k].name);
    }
    grundy_writer_str(w, "\n");
    s = grundy_play_legal_write(w, t->p, 20);
    return s == GRUNDY_ERR_LIMIT ? GRUNDY_OK : s;
}

static int is(const char *text, size_t len, const char *word)
{
    return word && len == strlen(word) && !memcmp(text, word, len);
}

/* The command text[0..len) names, or CMD_COUNT: none. */
static int command(const char *text, size_t len)
{
    int k;
    for (k = 0; k < CMD_COUNT; k++)
        if (is(text, len, commands[k].name) ||
            is(text, len, commands[k].alias))
            break;
    return k;
}

grundy_status grundy_play_talk_line(grundy_play_talk *t, grundy_writer *w,
                                    const char *text, size_t len)
{
    grundy_parse_error where;
    grundy_status s;
    if (!text) {
        grundy_writer_str(w, "input ended: game abandoned\n");
        ends(t, "input ended", NULL);
        return GRUNDY_OK;
    }
    while (len && (*text == ' ' || *text == '\t')) {
        text++;
        len--;
    }
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
        len--;
    /* the position again before the prompt in a game with cycles */
    t->shown = grundy_play_has_cycles(t->p);
    if (!len)
        return GRUNDY_OK;
    switch (command(text, len)) {
    case CMD_QUIT:
        grundy_writer_str(w, "bye\n");
        ends(t, "quit", NULL);
        return GRUNDY_OK;
    case CMD_HINT:
        return hint(t, w);
    case CMD_UNDO:
        grundy_writer_str(w, grundy_play_undo_turn(t->p, t->user)
                                 ? "undone: your last move and my answer\n"
                                 : "nothing to undo\n");
        show(t, w);
        return GRUNDY_OK;
    default:
        break; /* a move */
    }
    memset(&where, 0, sizeof where);
    s = grundy_play_apply_text(t->p, text, len, &where);
    if (s == GRUNDY_ERR_NOMEM || s == GRUNDY_ERR_CANCELLED ||
        s == GRUNDY_ERR_WORK)
        return s;
    if (s != GRUNDY_OK)
        return refuse(t, w, s, &where);
    moved(t, w);
    return advance(t, w);
}
