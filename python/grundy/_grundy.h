/*
 * _grundy.h -- what the files of the extension share: calls (limits,
 * Ctrl-C, the store's warnings), engines (a session with its games and
 * values objects), positions to and from Python, and the exceptions.
 * _grundy.c defines them and the module; _misere.c (misere quotients,
 * genus) and _tools.c (survey, plot, store management) add functions.
 */
#ifndef GRUNDY_PY_GRUNDY_H
#define GRUNDY_PY_GRUNDY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "grundy/grundy.h"

extern PyObject *SpecError;  /* ValueError: a malformed rules spec */
extern PyObject *LimitError; /* MemoryError: refused over the limit */

/* Calls: limits, Ctrl-C, store warnings ************************************/

#define CALL_WARNINGS 8

typedef struct call {
    grundy_limits lim;
    int stopped;                /* a signal handler raised: saved below */
    PyObject *et, *ev, *etb;    /* the exception it raised */
    PyObject *progress;         /* the caller's callable, or NULL */
    uint64_t last_ms;           /* when it was last called */
    char warn[CALL_WARNINGS][512];
    unsigned nwarn;
} call;

void call_init(call *c, size_t mem_limit, unsigned threads,
               PyObject *progress);
void call_clear(call *c);
/* Issue the store's warnings of the last call.  -1 when a warning was
 * turned into an exception. */
int call_flush(call *c);
/* Raise the exception for a failed call; returns NULL. */
PyObject *call_fail(call *c, grundy_status s, const char *what);
/* The store's warnings, kept in the call (ctx) for call_flush(). */
void on_store_warning(void *ctx, const char *path, const char *what);
/* Raise the pending exception of a Python family's callable: 1 when
 * there was one. */
int pyfam_take_pending(void);

/* Run stmt with the GIL released. */
#define UNLOCKED(stmt)                                                        \
    do {                                                                      \
        Py_BEGIN_ALLOW_THREADS stmt;                                          \
        Py_END_ALLOW_THREADS                                                  \
    } while (0)

/* Engines: games, values objects, the store ********************************/

typedef struct Engine {
    PyObject_HEAD
    call c;
    grundy_session *session; /* owns the store, games and values */
    size_t n, cap;
    const char **specs; /* the session's games and values, by index */
    const grundy_game **games;
    grundy_values **values;
    int lent; /* a table was lent to numpy: no more calls */
} Engine;

/* A new engine.  store: None (no store), "" (the default folder) or a
 * folder. */
Engine *engine_new(PyObject *store, Py_ssize_t mem_limit, Py_ssize_t threads,
                   PyObject *progress);
/* The index of the game of spec in e, made on first use.  -1 with an
 * exception set. */
Py_ssize_t engine_game(Engine *e, const char *spec);
/* engine_new() and the game of spec in it (*gi), or NULL after an
 * exception. */
Engine *engine_open(PyObject *store, Py_ssize_t mem_limit, Py_ssize_t threads,
                    PyObject *progress, const char *spec, Py_ssize_t *gi);
/* Raise SpecError for a spec that failed to parse. */
void spec_error(const char *spec, grundy_status s,
                const grundy_parse_error *where);
/* The game of spec (free it with grundy_game_free()), or NULL with
 * SpecError raised. */
grundy_game *game_from_spec(const char *spec);
/* obj.name = value, taking the reference to value.  -1 on failure. */
int set_attr(PyObject *obj, const char *name, PyObject *value);

/* Positions ****************************************************************/

int to_pos(const grundy_game *g, PyObject *o, grundy_pos *out);
PyObject *from_pos(const grundy_game *g, grundy_pos p);
PyObject *from_move(const grundy_game *g, const grundy_move *m);

/* The functions of the other files ******************************************/

/* _misere.c */
extern PyTypeObject QuotientType;
PyObject *py_misere(PyObject *self, PyObject *args);
PyObject *py_genus(PyObject *self, PyObject *args);
extern const char misere_doc[], genus_doc[];

/* _tools.c */
extern PyTypeObject StoreType;
PyObject *py_family_flags(PyObject *self, PyObject *arg);
PyObject *py_pattern_codes(PyObject *self, PyObject *args);
PyObject *py_survey_row(PyObject *self, PyObject *args);
PyObject *py_plot(PyObject *self, PyObject *args);
extern const char family_flags_doc[], pattern_codes_doc[], survey_row_doc[],
    plot_doc[];

#endif
