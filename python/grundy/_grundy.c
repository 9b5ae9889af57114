/*
 * _grundy.c -- the CPython extension under `import grundy`: a thin layer
 * over the public C API (grundy/grundy.h).  The Python layer
 * (grundy/__init__.py) checks and normalises arguments, documents the
 * functions and builds the result types; this file turns Python objects
 * into positions and back, runs the library, and turns statuses into
 * Python exceptions.
 *
 * Three things shape it:
 *
 *  - Every library call runs with the GIL released, under limits whose
 *    progress callback takes the GIL back and runs PyErr_CheckSignals().
 *    Ctrl-C thus cancels the computation (GRUNDY_ERR_CANCELLED) within
 *    one progress interval, and the exception the signal handler raised
 *    (KeyboardInterrupt) is what the caller sees.  Nothing a call touches
 *    is shared: each call makes its own Engine, so other Python threads
 *    may run meanwhile.  Range methods are quick and keep the GIL.
 *  - An Engine object owns the games, their values objects and the store.
 *    A table handed to numpy is viewed without copying; the array's base
 *    is the Engine, which is used for nothing else afterwards (a values
 *    object's table stays valid until its next call), so the view lives
 *    exactly as long as the data.
 *  - The library never prints: the store's warnings are collected during
 *    a call and issued as Python RuntimeWarnings after it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_grundy.h"

PyObject *SpecError;  /* ValueError: a malformed rules spec */
PyObject *LimitError; /* MemoryError: refused over the limit */

/* Rules written in Python **************************************************/

/* A family whose moves a Python callable lists: moves(n) gives the heaps
 * and splits reachable from heap n.  It is registered once as the family
 * "python"; the spec "python:ID" names the ID-th grundy.Family, so that
 * its games go through the same values objects, tables and sums as a
 * built-in family.  The library calls max_moves(n) and then moves(n) for
 * a position: the callable is called once, by max_moves, and its moves
 * are kept for moves().  Calls come with the GIL released (the
 * computation runs unlocked), so the hooks take it. */

#define PYFAM_MAX 4096

typedef struct pyfam {
    PyObject *moves; /* the callable; the Family object holds it */
    unsigned long id;
    int have;        /* the moves of position p are below */
    grundy_pos p;
    grundy_move *mv;
    size_t n, cap;
} pyfam;

static pyfam *pyfams[PYFAM_MAX];
/* The exception of a callable, raised again when the library returns. */
static PyObject *pyfam_et, *pyfam_ev, *pyfam_etb;

/* Raise the pending exception of a Python family's callable.  1 when
 * there was one (it is then set), else 0.  With the GIL. */
int pyfam_take_pending(void)
{
    size_t i;
    if (!pyfam_et)
        return 0;
    PyErr_Restore(pyfam_et, pyfam_ev, pyfam_etb);
    pyfam_et = pyfam_ev = pyfam_etb = NULL;
    for (i = 0; i < PYFAM_MAX; i++)
        if (pyfams[i])
            pyfams[i]->have = 0;
    return 1;
}

/* Keep the current exception as the pending one, with a note naming the
 * position.  With the GIL. */
static void pyfam_keep(const pyfam *f, grundy_pos p)
{
    PyObject *et, *ev, *etb, *r;
    PyErr_Fetch(&et, &ev, &etb);
    PyErr_NormalizeException(&et, &ev, &etb);
    if (ev) {
        r = PyObject_CallMethod(ev, "add_note", "N",
                                PyUnicode_FromFormat(
                                    "in moves(%llu) of grundy.Family "
                                    "'python:%lu'",
                                    (unsigned long long)p, f->id));
        Py_XDECREF(r);
        PyErr_Clear();
    }
    if (pyfam_et) { /* keep the first */
        Py_XDECREF(et);
        Py_XDECREF(ev);
        Py_XDECREF(etb);
        return;
    }
    pyfam_et = et;
    pyfam_ev = ev;
    pyfam_etb = etb;
}

/* One part of a move: a heap below p.  -1 with an exception set. */
static int pyfam_part(PyObject *x, grundy_pos p, PyObject *whole,
                      grundy_pos *out)
{
    unsigned long long h;
    if (!PyIndex_Check(x) || PyBool_Check(x)) {
        PyErr_Format(PyExc_TypeError,
                     "moves(%llu) gave %R: a move is an int (the heap it "
                     "leaves) or a tuple of ints (the heaps it leaves)",
                     (unsigned long long)p, whole);
        return -1;
    }
    h = PyLong_AsUnsignedLongLong(x);
    if (h == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "moves(%llu) gave %R: a heap is a "
                     "size from 0 to 2**64 - 1", (unsigned long long)p,
                     whole);
        return -1;
    }
    if (h >= p) {
        PyErr_Format(PyExc_ValueError,
                     "moves(%llu) gave %R: a move leaves heaps below %llu "
                     "(a Family has no cycles: every move makes its heaps "
                     "smaller)",
                     (unsigned long long)p, whole, (unsigned long long)p);
        return -1;
    }
    *out = h;
    return 0;
}

/* Call moves(p) and keep its moves.  0, or -1 with the exception kept as
 * pending. */
static int pyfam_fill(pyfam *f, grundy_pos p)
{
    PyGILState_STATE st;
    PyObject *r, *it = NULL, *x;
    int ok = -1;
    if (f->have && f->p == p)
        return 0;
    st = PyGILState_Ensure();
    if (pyfam_et)
        goto out; /* an earlier call failed: stop at once */
    f->have = 0;
    f->n = 0;
    r = PyObject_CallFunction(f->moves, "K", (unsigned long long)p);
    if (!r) {
        pyfam_keep(f, p);
        goto out;
    }
    it = PyObject_GetIter(r);
    if (!it) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "moves(%llu) gave %R: a list of "
                     "moves", (unsigned long long)p, r);
        Py_DECREF(r);
        pyfam_keep(f, p);
        goto out;
    }
    Py_DECREF(r);
    while ((x = PyIter_Next(it))) {
        grundy_move m;
        int bad = 0;
        memset(&m, 0, sizeof m);
        if (PyTuple_Check(x)) {
            Py_ssize_t k, np = PyTuple_GET_SIZE(x);
            if (np > GRUNDY_MAX_PARTS) {
                PyErr_Format(PyExc_ValueError,
                             "moves(%llu) gave %R: a move leaves at most %d "
                             "heaps",
                             (unsigned long long)p, x, GRUNDY_MAX_PARTS);
                bad = 1;
            }
            for (k = 0; !bad && k < np; k++)
                bad = pyfam_part(PyTuple_GET_ITEM(x, k), p, x,
                                 &m.part[m.nparts++]) < 0;
        } else {
            m.nparts = 1;
            bad = pyfam_part(x, p, x, &m.part[0]) < 0;
        }
        Py_DECREF(x);
        if (bad)
            break;
        if (f->n == f->cap) {
            size_t nc = f->cap ? 2 * f->cap : 16;
            grundy_move *nm = realloc(f->mv, nc * sizeof *nm);
            if (!nm) {
                PyErr_NoMemory();
                break;
            }
            f->mv = nm;
            f->cap = nc;
        }
        f->mv[f->n++] = m;
    }
    if (PyErr_Occurred()) {
        pyfam_keep(f, p);
        goto out;
    }
    f->have = 1;
    f->p = p;
    ok = 0;
out:
    Py_XDECREF(it);
    PyGILState_Release(st);
    return ok;
}

static grundy_status pyfam_parse(void **params, const char *args,
                                 grundy_parse_error *where)
{
    char *end;
    unsigned long id;
    if (!args || !*args || *args < '0' || *args > '9') {
        where->col = 1;
        snprintf(where->msg, sizeof where->msg,
                 "python:ID names a grundy.Family by its number");
        return GRUNDY_ERR_PARSE;
    }
    id = strtoul(args, &end, 10);
    if (*end || id >= PYFAM_MAX || !pyfams[id]) {
        where->col = 1;
        snprintf(where->msg, sizeof where->msg,
                 "no grundy.Family of number %s in this interpreter", args);
        return GRUNDY_ERR_PARSE;
    }
    *params = pyfams[id];
    return GRUNDY_OK;
}

static void pyfam_free_params(void *params)
{
    (void)params; /* the Family object owns it */
}

/* A bound for the library's estimates; after an error of the callable,
 * 0: list_moves reports the error. */
static size_t pyfam_max_moves(const void *params, grundy_pos p)
{
    pyfam *f = (pyfam *)params;
    if (pyfam_fill(f, p) < 0)
        return 0;
    return f->n ? f->n : 1;
}

static size_t pyfam_moves(const void *params, grundy_pos p, grundy_move *out,
                          size_t cap)
{
    pyfam *f = (pyfam *)params;
    size_t n;
    if (pyfam_fill(f, p) < 0)
        return 0;
    n = f->n < cap ? f->n : cap;
    memcpy(out, f->mv, n * sizeof *out);
    return f->n;
}

/* An error of the callable stops the library with GRUNDY_ERR_FAMILY; the
 * exception kept as pending is raised when the call returns. */
static grundy_status pyfam_list_moves(const void *params, grundy_pos p,
                                      grundy_move *out, size_t cap,
                                      size_t *count)
{
    pyfam *f = (pyfam *)params;
    if (pyfam_fill(f, p) < 0)
        return GRUNDY_ERR_FAMILY;
    *count = pyfam_moves(params, p, out, cap);
    return GRUNDY_OK;
}

static const grundy_rules pyfam_rules = {
    .name = "python",
    .flags = GRUNDY_RULES_HEAP,
    .synopsis = "python:ID          the moves of grundy.Family number ID, "
                "listed by Python",
    .parse = pyfam_parse,
    .free_params = pyfam_free_params,
    .max_moves = pyfam_max_moves,
    .moves = pyfam_moves,
    .list_moves = pyfam_list_moves,
};

typedef struct FamilyObject {
    PyObject_HEAD
    pyfam f;
} FamilyObject;

static void Family_dealloc(FamilyObject *self)
{
    if (self->f.id < PYFAM_MAX && pyfams[self->f.id] == &self->f)
        pyfams[self->f.id] = NULL;
    Py_XDECREF(self->f.moves);
    free(self->f.mv);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Family_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    PyObject *moves;
    FamilyObject *self;
    unsigned long i;
    (void)kw;
    if (!PyArg_ParseTuple(args, "O", &moves))
        return NULL;
    if (!PyCallable_Check(moves)) {
        PyErr_SetString(PyExc_TypeError, "moves must be callable: "
                                         "moves(n) -> the moves from heap n");
        return NULL;
    }
    for (i = 0; i < PYFAM_MAX && pyfams[i]; i++)
        ;
    if (i == PYFAM_MAX) {
        PyErr_SetString(PyExc_RuntimeError, "too many grundy.Family objects "
                                            "alive at once");
        return NULL;
    }
    self = (FamilyObject *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    memset(&self->f, 0, sizeof self->f);
    Py_INCREF(moves);
    self->f.moves = moves;
    self->f.id = i;
    pyfams[i] = &self->f;
    return (PyObject *)self;
}

static PyObject *Family_spec(FamilyObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromFormat("python:%lu", self->f.id);
}

static PyGetSetDef Family_getset[] = {
    {"spec", (getter)Family_spec, NULL, "the spec naming the family", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject FamilyType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "grundy._grundy.Family",
    .tp_basicsize = sizeof(FamilyObject),
    .tp_dealloc = (destructor)Family_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Family(moves): rules listed by a Python callable.",
    .tp_getset = Family_getset,
    .tp_new = Family_new,
};

/* Calls: limits, Ctrl-C, store warnings ************************************/

/* Milliseconds of a monotonic clock. */
static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Ctrl-C, and the caller's progress callable: called as
 * progress(phase, done, total, final) at most every 100 ms and on the
 * last report of a phase; an exception it raises stops the work and is
 * raised again by the call. */
static int on_progress(void *ctx, const grundy_progress *p)
{
    call *c = ctx;
    PyGILState_STATE st;
    if (c->stopped)
        return 1;
    st = PyGILState_Ensure();
    if (PyErr_CheckSignals() < 0) {
        c->stopped = 1;
        PyErr_Fetch(&c->et, &c->ev, &c->etb);
    } else if (c->progress && p) {
        uint64_t t = now_ms();
        if (p->final || t - c->last_ms >= 100) {
            PyObject *r;
            c->last_ms = t;
            r = PyObject_CallFunction(c->progress, "sKKOz",
                                      p->phase ? p->phase : "",
                                      (unsigned long long)p->done,
                                      (unsigned long long)p->total,
                                      p->final ? Py_True : Py_False,
                                      p->detail);
            if (!r) {
                c->stopped = 1;
                PyErr_Fetch(&c->et, &c->ev, &c->etb);
            }
            Py_XDECREF(r);
        }
    }
    PyGILState_Release(st);
    return c->stopped;
}

void on_store_warning(void *ctx, const char *path, const char *what)
{
    call *c = ctx;
    if (c->nwarn >= CALL_WARNINGS)
        return;
    if (path)
        snprintf(c->warn[c->nwarn++], sizeof c->warn[0], "%s: %s", path,
                 what);
    else /* the session found no folder for the store */
        snprintf(c->warn[c->nwarn++], sizeof c->warn[0],
                 "store: %s (set HOME or XDG_CACHE_HOME, or give "
                 "store=PATH); nothing will be kept",
                 what);
}

void call_init(call *c, size_t mem_limit, unsigned threads,
                      PyObject *progress)
{
    memset(c, 0, sizeof *c);
    if (progress && progress != Py_None) {
        Py_INCREF(progress);
        c->progress = progress;
    }
    grundy_limits_init(&c->lim);
    c->lim.mem_limit = mem_limit;
    c->lim.threads = threads;
    c->lim.progress = on_progress;
    c->lim.progress_ctx = c;
    c->lim.interval_ms = 50;
}

void call_clear(call *c)
{
    Py_CLEAR(c->et);
    Py_CLEAR(c->ev);
    Py_CLEAR(c->etb);
    Py_CLEAR(c->progress);
    c->stopped = 0;
}

/* Issue the store's warnings of the last call.  -1 when a warning was
 * turned into an exception. */
int call_flush(call *c)
{
    unsigned i, n = c->nwarn;
    c->nwarn = 0;
    if (pyfam_take_pending())
        return -1;
    for (i = 0; i < n; i++)
        if (PyErr_WarnFormat(PyExc_RuntimeWarning, 1, "grundy: store: %s",
                             c->warn[i]) < 0)
            return -1;
    return 0;
}

/* Raise the exception for a failed call; returns NULL. */
PyObject *call_fail(call *c, grundy_status s, const char *what)
{
    if (pyfam_take_pending())
        return NULL;
    if (c->stopped && c->et) {
        PyErr_Restore(c->et, c->ev, c->etb);
        c->et = c->ev = c->etb = NULL;
        c->stopped = 0;
        return NULL;
    }
    call_flush(c);
    if (PyErr_Occurred())
        return NULL;
    switch (s) {
    case GRUNDY_ERR_CANCELLED:
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        break;
    case GRUNDY_ERR_NOMEM:
        PyErr_NoMemory();
        break;
    case GRUNDY_ERR_LIMIT:
        PyErr_Format(LimitError,
                     "%s needs more memory than the limit (mem_limit=%zu "
                     "bytes)",
                     what, grundy_limits_mem(&c->lim));
        break;
    case GRUNDY_ERR_WORK:
        PyErr_Format(LimitError,
                     "%s needs more work than the limit (work_limit=%llu "
                     "steps)",
                     what, (unsigned long long)grundy_limits_work(&c->lim));
        break;
    case GRUNDY_ERR_OVERFLOW:
        PyErr_Format(PyExc_OverflowError, "%s: %s", what,
                     grundy_strerror(s));
        break;
    case GRUNDY_ERR_IO:
        PyErr_Format(PyExc_OSError, "%s: %s", what, grundy_strerror(s));
        break;
    default:
        PyErr_Format(PyExc_ValueError, "%s: %s", what, grundy_strerror(s));
    }
    return NULL;
}

/* Engines: games, values objects, the store ********************************/

static void Engine_dealloc(Engine *e)
{
    free(e->specs);
    free(e->games);
    free(e->values);
    grundy_session_free(e->session);
    call_clear(&e->c);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "grundy._grundy.Engine",
    .tp_basicsize = sizeof(Engine),
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Games, their values and the store of one call (internal).",
};

/* A new engine.  store: None (no store), "" (the default folder) or a
 * folder.  A store that cannot be opened is a warning, as in the
 * program: the computation goes on without it. */
Engine *engine_new(PyObject *store, Py_ssize_t mem_limit,
                          Py_ssize_t threads, PyObject *progress)
{
    Engine *e;
    grundy_session_opts so;
    grundy_status s;
    PyObject *dirobj = store;
    unsigned long long store_limit = 0, work_limit = 0;
    int out_of_core = 0, keep_table = 0, enddb = 0;
    if (mem_limit < 0 || threads < 0 || threads > 4096) {
        PyErr_SetString(PyExc_ValueError, "mem_limit must not be negative, "
                                          "threads must be in 0 .. 4096");
        return NULL;
    }
    /* (folder or None, store limit, out_of_core, keep_table, work limit,
     * enddb): grundy/_args.py's engine tuple; a bare folder or None is the
     * same with the defaults */
    if (PyTuple_Check(store) &&
        !PyArg_ParseTuple(store, "OKppKi;the engine's options", &dirobj,
                          &store_limit, &out_of_core, &keep_table,
                          &work_limit, &enddb))
        return NULL;
    e = PyObject_New(Engine, &EngineType);
    if (!e)
        return NULL;
    call_init(&e->c, (size_t)mem_limit, (unsigned)threads, progress);
    e->c.lim.work_limit = work_limit;
    e->session = NULL;
    e->n = e->cap = 0;
    e->specs = NULL;
    e->games = NULL;
    e->values = NULL;
    e->lent = 0;
    grundy_session_opts_init(&so);
    so.limits = e->c.lim;
    so.warn = on_store_warning;
    so.warn_ctx = &e->c;
    so.no_store = dirobj == Py_None;
    so.store_limit = store_limit;
    so.out_of_core = out_of_core;
    so.keep_single = keep_table;
    so.enddb = enddb;
    if (dirobj != Py_None) {
        const char *dir = PyUnicode_AsUTF8(dirobj);
        if (!dir) {
            Py_DECREF(e);
            return NULL;
        }
        so.store_dir = *dir ? dir : NULL;
    }
    s = grundy_session_new(&e->session, &so);
    if (s != GRUNDY_OK) {
        call_fail(&e->c, s, "session");
        Py_DECREF(e);
        return NULL;
    }
    if (dirobj != Py_None) {
        UNLOCKED(grundy_session_store(e->session));
        if (call_flush(&e->c) < 0) {
            Py_DECREF(e);
            return NULL;
        }
    }
    return e;
}

/* obj.name = value, taking the reference to value.  -1 on failure. */
int set_attr(PyObject *obj, const char *name, PyObject *value)
{
    int r = value ? PyObject_SetAttrString(obj, name, value) : -1;
    Py_XDECREF(value);
    return r;
}

/* Raise SpecError for a spec that failed to parse. */
void spec_error(const char *spec, grundy_status s,
                       const grundy_parse_error *where)
{
    unsigned long col = where->col ? where->col : 1;
    const char *detail = where->msg[0] ? where->msg : grundy_strerror(s);
    PyObject *msg, *exc;
    msg = PyUnicode_FromFormat("rules '%s' at column %lu: %s", spec, col,
                               detail);
    if (!msg)
        return;
    exc = PyObject_CallOneArg(SpecError, msg);
    Py_DECREF(msg);
    if (!exc)
        return;
    if (set_attr(exc, "spec", PyUnicode_FromString(spec)) == 0 &&
        set_attr(exc, "column", PyLong_FromUnsignedLong(col)) == 0 &&
        set_attr(exc, "detail", PyUnicode_FromString(detail)) == 0)
        PyErr_SetObject(SpecError, exc);
    Py_DECREF(exc);
}

/* The index of the game of spec in e, made on first use (one values
 * object per spec, shared by every component of that game).  -1 with an
 * exception set on failure. */
Py_ssize_t engine_game(Engine *e, const char *spec)
{
    size_t i;
    grundy_parse_error where;
    grundy_status s;
    const grundy_game *g = NULL;
    grundy_values *v = NULL;
    for (i = 0; i < e->n; i++)
        if (strcmp(e->specs[i], spec) == 0)
            return (Py_ssize_t)i;
    if (e->n == e->cap) {
        size_t nc = e->cap ? 2 * e->cap : 4;
        const char **ns = realloc(e->specs, nc * sizeof *ns);
        const grundy_game **ng;
        grundy_values **nv;
        if (ns)
            e->specs = ns;
        ng = ns ? realloc(e->games, nc * sizeof *ng) : NULL;
        if (ng)
            e->games = ng;
        nv = ng ? realloc(e->values, nc * sizeof *nv) : NULL;
        if (!nv) {
            PyErr_NoMemory();
            return -1;
        }
        e->values = nv;
        e->cap = nc;
    }
    memset(&where, 0, sizeof where);
    s = grundy_session_game(&g, e->session, spec, &where);
    if (s != GRUNDY_OK) {
        spec_error(spec, s, &where);
        return -1;
    }
    s = grundy_session_values(&v, e->session, g);
    if (s != GRUNDY_OK) {
        call_fail(&e->c, s, "values");
        return -1;
    }
    e->specs[e->n] = grundy_game_spec(g);
    e->games[e->n] = g;
    e->values[e->n] = v;
    return (Py_ssize_t)e->n++;
}

Engine *engine_open(PyObject *store, Py_ssize_t mem_limit, Py_ssize_t threads,
                    PyObject *progress, const char *spec, Py_ssize_t *gi)
{
    Engine *e = engine_new(store, mem_limit, threads, progress);
    if (e && (*gi = engine_game(e, spec)) < 0)
        Py_CLEAR(e);
    return e;
}

/* Positions ****************************************************************/

/* A position of g from a Python int (or anything with __index__) or a
 * string in the family's position syntax.  -1 with an exception set. */
int to_pos(const grundy_game *g, PyObject *o, grundy_pos *out)
{
    grundy_pos num = grundy_game_num_positions(g);
    if (PyUnicode_Check(o)) {
        Py_ssize_t len;
        grundy_parse_error where;
        grundy_status s;
        const char *t = PyUnicode_AsUTF8AndSize(o, &len);
        if (!t)
            return -1;
        memset(&where, 0, sizeof where);
        s = grundy_game_pos_parse(g, t, (size_t)len, out, &where);
        if (s != GRUNDY_OK) {
            PyErr_Format(PyExc_ValueError, "position '%s' at column %lu: %s",
                         t, where.col ? where.col : 1,
                         where.msg[0] ? where.msg : grundy_strerror(s));
            return -1;
        }
        return 0;
    }
    if (PyTuple_Check(o) && (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS)) {
        /* (a, b) of a two-heap family: its text "a,b" */
        Py_ssize_t k, n = PyTuple_GET_SIZE(o);
        PyObject *strs = PyList_New(n), *sep, *text;
        int r;
        if (!strs)
            return -1;
        for (k = 0; k < n; k++) {
            PyObject *x = PyTuple_GET_ITEM(o, k), *ix, *t;
            if (!PyIndex_Check(x)) {
                PyErr_Format(PyExc_TypeError,
                             "a position of %s is a tuple of ints, not of "
                             "%.100s",
                             grundy_game_spec(g), Py_TYPE(x)->tp_name);
                Py_DECREF(strs);
                return -1;
            }
            ix = PyNumber_Index(x);
            t = ix ? PyObject_Str(ix) : NULL;
            Py_XDECREF(ix);
            if (!t) {
                Py_DECREF(strs);
                return -1;
            }
            PyList_SET_ITEM(strs, k, t);
        }
        sep = PyUnicode_FromString(",");
        text = sep ? PyUnicode_Join(sep, strs) : NULL;
        Py_XDECREF(sep);
        Py_DECREF(strs);
        if (!text)
            return -1;
        r = to_pos(g, text, out);
        Py_DECREF(text);
        return r;
    }
    if (PyIndex_Check(o) && (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS)) {
        PyErr_Format(PyExc_TypeError,
                     "a position of %s is written in its own syntax (a str "
                     "such as '3,5', or a tuple (3, 5)), not an int",
                     grundy_game_spec(g));
        return -1;
    }
    if (PyBool_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "positions must be int, not bool");
        return -1;
    }
    if (PyIndex_Check(o)) {
        unsigned long long x;
        int neg;
        PyObject *i = PyNumber_Index(o), *zero;
        if (!i)
            return -1;
        zero = PyLong_FromLong(0);
        neg = zero ? PyObject_RichCompareBool(i, zero, Py_LT) : -1;
        Py_XDECREF(zero);
        if (neg) {
            if (neg > 0)
                PyErr_Format(PyExc_ValueError, "position %R is negative", i);
            Py_DECREF(i);
            return -1;
        }
        x = PyLong_AsUnsignedLongLong(i);
        Py_DECREF(i);
        if (x == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        if (num && x >= num) {
            PyErr_Format(PyExc_ValueError,
                         "position %llu is outside %s (0 .. %llu)", x,
                         grundy_game_spec(g), (unsigned long long)num - 1);
            return -1;
        }
        *out = x;
        return 0;
    }
    PyErr_Format(PyExc_TypeError,
                 "positions must be int (a heap), str (the family's syntax) "
                 "or a tuple (a, b) of a two-heap game, not %.100s",
                 Py_TYPE(o)->tp_name);
    return -1;
}

/* A position as Python sees it: an int for heap families, the family's
 * text otherwise (as in the program's JSON). */
PyObject *from_pos(const grundy_game *g, grundy_pos p)
{
    char buf[256];
    size_t n;
    if (!grundy_game_num_positions(g) && !grundy_game_rules(g)->pos_format)
        return PyLong_FromUnsignedLongLong(p);
    n = grundy_game_pos_format(g, p, buf, sizeof buf);
    if (n >= sizeof buf) {
        char *big = malloc(n + 1);
        PyObject *r;
        if (!big)
            return PyErr_NoMemory();
        grundy_game_pos_format(g, p, big, n + 1);
        r = PyUnicode_FromStringAndSize(big, (Py_ssize_t)n);
        free(big);
        return r;
    }
    return PyUnicode_FromStringAndSize(buf, (Py_ssize_t)n);
}

/* The parts a move leaves, as a tuple of positions.  An empty heap is no
 * part (as in the program's JSON): a move to nothing is () in every heap
 * family, whether it takes the last stones of a Nim heap or of a Kayles
 * row. */
PyObject *from_move(const grundy_game *g, const grundy_move *m)
{
    unsigned j, k = 0;
    int heaps = !grundy_game_num_positions(g) &&
                !grundy_game_rules(g)->pos_format;
    PyObject *t;
    for (j = 0; j < m->nparts; j++)
        k += !(heaps && m->part[j] == 0);
    t = PyTuple_New(k);
    if (!t)
        return NULL;
    for (j = 0, k = 0; j < m->nparts; j++) {
        PyObject *p;
        if (heaps && m->part[j] == 0)
            continue;
        p = from_pos(g, m->part[j]);
        if (!p) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, k++, p);
    }
    return t;
}

/* Tables and values ********************************************************/

static const char table_doc[] =
    "table(spec, n, store, mem_limit, threads) -> numpy array\n\n"
    "g(0 .. n-1), or every position of a finite family when n == 0, as a\n"
    "read-only view of the library's table (uint8, uint16 or uint32).";

static PyObject *py_table(PyObject *self, PyObject *args)
{
    PyObject *progress = NULL;
    const char *spec;
    unsigned long long n;
    PyObject *store, *arr;
    Py_ssize_t mem, threads, gi;
    Engine *e;
    const grundy_table *t = NULL;
    grundy_status s;
    npy_intp dims[1];
    int type;
    (void)self;
    if (!PyArg_ParseTuple(args, "sKOnn|O", &spec, &n, &store, &mem, &threads,
                          &progress))
        return NULL;
    e = engine_new(store, mem, threads, progress);
    if (!e)
        return NULL;
    gi = engine_game(e, spec);
    if (gi < 0)
        goto fail;
    if (!grundy_game_num_positions(e->games[gi]) && n == 0) {
        PyErr_SetString(PyExc_ValueError, "a table has at least one entry");
        goto fail;
    }
    UNLOCKED(s = grundy_values_table(&t, e->values[gi], (grundy_pos)n));
    if (s != GRUNDY_OK) {
        call_fail(&e->c, s, "the table");
        goto fail;
    }
    if (call_flush(&e->c) < 0)
        goto fail;
    switch (grundy_table_width(t)) {
    case 1:
        type = NPY_UINT8;
        break;
    case 2:
        type = NPY_UINT16;
        break;
    default:
        type = NPY_UINT32;
    }
    dims[0] = (npy_intp)grundy_table_size(t);
    arr = PyArray_SimpleNewFromData(1, dims, type,
                                    (void *)grundy_table_data(t));
    if (!arr)
        goto fail;
    PyArray_CLEARFLAGS((PyArrayObject *)arr, NPY_ARRAY_WRITEABLE);
    e->lent = 1;
    /* The array keeps the engine, whose table it views. */
    if (PyArray_SetBaseObject((PyArrayObject *)arr, (PyObject *)e) < 0) {
        Py_DECREF(arr);
        return NULL;
    }
    return arr;
fail:
    Py_DECREF(e);
    return NULL;
}

/* What a values object's last values came from, and its board search's
 * work (grundy_values_search_stats()), as a dict of SearchStats' fields. */
static PyObject *search_stats(const grundy_values *v, double seconds)
{
    grundy_board_stats st;
    int searched = grundy_values_search_stats(&st, v);
    PyObject *depth, *enddb, *root, *journal;
    uint64_t jread, jkept;
    unsigned d;
    if (!searched)
        return Py_BuildValue("{s:s,s:O,s:O,s:O,s:O,s:O,s:O,s:O,s:O,s:O,s:O,"
                             "s:d,s:O,s:O,s:O,s:O,s:O}",
                             "source", grundy_values_source(v), "nodes",
                             Py_None, "lookups", Py_None, "hits", Py_None,
                             "stored", Py_None, "evicted", Py_None,
                             "table_bytes", Py_None, "entries", Py_None,
                             "capacity", Py_None, "threads", Py_None,
                             "nodes_by_depth", Py_None, "seconds", seconds,
                             "entries_per_gib", Py_None, "width_bits",
                             Py_None, "enddb", Py_None, "root", Py_None,
                             "journal", Py_None);
    depth = PyList_New(0);
    for (d = 1; depth && d < GRUNDY_BOARD_STATS_DEPTHS && d <= st.depth;
         d++) {
        PyObject *x = PyLong_FromUnsignedLongLong(st.nodes_at[d]);
        if (!x || PyList_Append(depth, x) < 0)
            Py_CLEAR(depth);
        Py_XDECREF(x);
    }
    if (!depth)
        return NULL;
    /* as the program's --json --stats says them */
    if (st.enddb_entries)
        enddb = Py_BuildValue(
            "{s:I,s:K,s:K,s:K}", "cells",
            grundy_values_enddb_cells(v, NULL), "entries",
            (unsigned long long)st.enddb_entries, "bytes",
            (unsigned long long)st.enddb_bytes, "hits",
            (unsigned long long)st.enddb_hits);
    else
        enddb = Py_NewRef(Py_None);
    if (st.root_children)
        root = Py_BuildValue("{s:I,s:K,s:K}", "round", st.root_value,
                             "child", (unsigned long long)st.root_done + 1,
                             "children",
                             (unsigned long long)st.root_children);
    else
        root = Py_NewRef(Py_None);
    if (grundy_values_journal_counts(v, &jread, &jkept))
        journal = Py_BuildValue("{s:K,s:K}", "read",
                                (unsigned long long)jread, "kept",
                                (unsigned long long)jkept);
    else
        journal = Py_NewRef(Py_None);
    if (!enddb || !root || !journal) {
        Py_DECREF(depth);
        Py_XDECREF(enddb);
        Py_XDECREF(root);
        Py_XDECREF(journal);
        return NULL;
    }
    return Py_BuildValue(
        "{s:s,s:K,s:K,s:K,s:K,s:K,s:K,s:K,s:K,s:I,s:N,s:d,s:K,s:K,s:N,s:N,"
        "s:N}",
        "source", grundy_values_source(v), "nodes",
        (unsigned long long)st.nodes, "lookups",
        (unsigned long long)st.probes, "hits", (unsigned long long)st.hits,
        "stored", (unsigned long long)st.stores, "evicted",
        (unsigned long long)st.evictions, "table_bytes",
        (unsigned long long)st.table_bytes, "entries",
        (unsigned long long)st.entries, "capacity",
        (unsigned long long)st.capacity, "threads", st.threads,
        "nodes_by_depth", depth, "seconds", seconds, "entries_per_gib",
        (unsigned long long)(st.table_bytes
                                 ? (uint64_t)((double)st.capacity *
                                              1073741824.0 /
                                              (double)st.table_bytes)
                                 : 0),
        "width_bits", (unsigned long long)(64 * (uint64_t)st.words), "enddb",
        enddb, "root", root, "journal", journal);
}

static const char values_at_doc[] =
    "values_at(spec, positions, store, mem_limit, threads) -> numpy array\n\n"
    "g(p) for each p of positions (a sequence of ints or strs, or a\n"
    "numpy uint64 array), as a new uint64 array.";

static PyObject *py_values_at(PyObject *self, PyObject *args)
{
    PyObject *progress = NULL;
    const char *spec;
    PyObject *positions, *store, *arr = NULL, *seq = NULL;
    Py_ssize_t mem, threads, gi, n, i;
    Engine *e;
    grundy_pos *pos = NULL, maxp = 0;
    grundy_value *out;
    grundy_status s = GRUNDY_OK;
    npy_intp dims[1];
    int want_stats = 0;
    double t0 = 0, took = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "sOOnn|Op", &spec, &positions, &store, &mem,
                          &threads, &progress, &want_stats))
        return NULL;
    e = engine_open(store, mem, threads, progress, spec, &gi);
    if (!e)
        return NULL;
    if (PyArray_Check(positions) &&
        PyArray_TYPE((PyArrayObject *)positions) == NPY_UINT64) {
        PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(
            positions, NPY_UINT64, NPY_ARRAY_IN_ARRAY);
        grundy_pos num = grundy_game_num_positions(e->games[gi]);
        if (!a)
            goto out;
        n = PyArray_SIZE(a);
        pos = malloc(((size_t)n + 1) * sizeof *pos);
        if (!pos) {
            Py_DECREF(a);
            PyErr_NoMemory();
            goto out;
        }
        memcpy(pos, PyArray_DATA(a), (size_t)n * sizeof *pos);
        Py_DECREF(a);
        for (i = 0; i < n; i++)
            if (num && pos[i] >= num) {
                PyErr_Format(PyExc_ValueError,
                             "position %llu is outside %s (0 .. %llu)",
                             (unsigned long long)pos[i], spec,
                             (unsigned long long)num - 1);
                goto out;
            }
    } else {
        seq = PySequence_Fast(positions, "positions must be a sequence");
        if (!seq)
            goto out;
        n = PySequence_Fast_GET_SIZE(seq);
        pos = malloc(((size_t)n + 1) * sizeof *pos);
        if (!pos) {
            PyErr_NoMemory();
            goto out;
        }
        for (i = 0; i < n; i++)
            if (to_pos(e->games[gi], PySequence_Fast_GET_ITEM(seq, i),
                       &pos[i]) < 0)
                goto out;
    }
    for (i = 0; i < n; i++)
        maxp = pos[i] > maxp ? pos[i] : maxp;
    dims[0] = (npy_intp)n;
    arr = PyArray_SimpleNew(1, dims, NPY_UINT64);
    if (!arr)
        goto out;
    out = PyArray_DATA((PyArrayObject *)arr);
    t0 = (double)now_ms();
    UNLOCKED({
        grundy_values *v = e->values[gi];
        if (n > 1)
            s = grundy_values_prepare(v, maxp);
        for (i = 0; i < n && s == GRUNDY_OK; i++)
            s = grundy_values_get(&out[i], v, pos[i]);
    });
    took = ((double)now_ms() - t0) / 1000.0;
    if (s != GRUNDY_OK) {
        Py_CLEAR(arr);
        call_fail(&e->c, s, "the value");
    } else if (call_flush(&e->c) < 0) {
        Py_CLEAR(arr);
    } else if (want_stats) {
        PyObject *st = search_stats(e->values[gi], took);
        PyObject *pair = st ? PyTuple_Pack(2, arr, st) : NULL;
        Py_XDECREF(st);
        Py_SETREF(arr, pair);
    }
out:
    free(pos);
    Py_XDECREF(seq);
    Py_DECREF(e);
    return arr;
}

static const char period_doc[] =
    "period(spec, n, store, mem_limit, threads) -> tuple\n\n"
    "(found, proven, preperiod, period, saltus, checked_upto, provable,\n"
    "work_bound, why): the period\n"
    "of the table of n entries, or, for n == 0, of a table grown until a\n"
    "period is proven (or the library's bound).";

static PyObject *py_period(PyObject *self, PyObject *args)
{
    PyObject *progress = NULL;
    const char *spec;
    unsigned long long n;
    PyObject *store, *r = NULL;
    Py_ssize_t mem, threads, gi;
    Engine *e;
    grundy_period per;
    grundy_status s;
    (void)self;
    if (!PyArg_ParseTuple(args, "sKOnn|O", &spec, &n, &store, &mem, &threads,
                          &progress))
        return NULL;
    e = engine_open(store, mem, threads, progress, spec, &gi);
    if (!e)
        return NULL;
    if (grundy_game_num_positions(e->games[gi])) {
        PyErr_Format(PyExc_ValueError,
                     "%s is a finite family: it has no period", spec);
        goto out;
    }
    memset(&per, 0, sizeof per);
    UNLOCKED({
        const grundy_table *t;
        if (n) {
            s = grundy_values_table(&t, e->values[gi], (grundy_pos)n);
            if (s == GRUNDY_OK)
                grundy_period_find(&per, t);
        } else {
            s = grundy_values_period(&per, e->values[gi], 0);
        }
    });
    if (s != GRUNDY_OK) {
        call_fail(&e->c, s, "the period search");
        goto out;
    }
    if (call_flush(&e->c) < 0)
        goto out;
    r = Py_BuildValue("(iiKKKKiiz)", per.found, per.proven,
                      (unsigned long long)per.preperiod,
                      (unsigned long long)per.period,
                      (unsigned long long)per.saltus,
                      (unsigned long long)per.checked_upto,
                      grundy_period_provable(e->games[gi]),
                      grundy_values_period_work_bound(e->values[gi]),
                      grundy_period_why(e->games[gi]));
out:
    Py_DECREF(e);
    return r;
}

static const char report_doc[] =
    "report(spec, upto, what, json, store, mem_limit, threads) -> str\n\n"
    "What `grundy values SPEC --upto UPTO` prints (--all for a finite\n"
    "family: upto is ignored), written by the library's writers\n"
    "(grundy/format.h): what is a set of GRUNDY_FORMAT_* flags, json the\n"
    "object of --json instead.";

static PyObject *py_report(PyObject *self, PyObject *args)
{
    PyObject *progress = NULL, *store, *r = NULL;
    const char *spec;
    unsigned long long upto;
    unsigned int what;
    int json;
    Py_ssize_t mem, threads, gi;
    Engine *e;
    grundy_writer w;
    grundy_status s;
    (void)self;
    if (!PyArg_ParseTuple(args, "sKIpOnn|O", &spec, &upto, &what, &json,
                          &store, &mem, &threads, &progress))
        return NULL;
    e = engine_open(store, mem, threads, progress, spec, &gi);
    if (!e)
        return NULL;
    if (grundy_writer_init_mem(&w) != GRUNDY_OK) {
        PyErr_NoMemory();
        goto out;
    }
    UNLOCKED({
        const grundy_table *t;
        const grundy_game *g = e->games[gi];
        grundy_pos n = grundy_game_num_positions(g) ? 0 : upto + 1;
        if (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS)
            n *= upto + 1;
        s = grundy_values_table(&t, e->values[gi], n);
        if (s == GRUNDY_OK && json)
            s = grundy_format_values_json(&w, spec, g, t, NULL, upto);
        else if (s == GRUNDY_OK)
            s = grundy_format_values_text(&w, g, t, NULL, upto, what);
        if (s == GRUNDY_OK)
            s = w.err;
    });
    if (s != GRUNDY_OK)
        call_fail(&e->c, s, "the table");
    else if (call_flush(&e->c) == 0)
        r = PyUnicode_DecodeUTF8(w.buf, (Py_ssize_t)w.len, "replace");
    (void)grundy_writer_clear(&w);
out:
    Py_DECREF(e);
    return r;
}

/* Sums *********************************************************************/

static const char analyze_doc[] =
    "analyze(components, store, mem_limit, threads[, progress, misere, moore,\n"
    "best]) -> tuple\n\n"
    "(values, nim_sum, first_wins, method, moves, best, best_method) of the\n"
    "sum of components, a sequence of (spec, position), as\n"
    "grundy_sum_analyze() decides it; moves: (component, from, parts,\n"
    "value) for every winning move (one winning move set with moore);\n"
    "best: the move (or set) to play, [] when none can move.";

/* The arguments of a call on a sum: (components, store, mem_limit,
 * threads[, progress, misere, moore, extra]), extra being the call's own
 * last one. */
typedef struct sum_args {
    PyObject *seq; /* the components as a fast sequence (owned) */
    int misere;
    unsigned int moore;
    PyObject *extra; /* borrowed, or NULL */
} sum_args;

/* Parse a call on a sum and open its engine; NULL with an exception set
 * on failure (a->seq then NULL). */
static Engine *sum_open(sum_args *a, PyObject *args)
{
    PyObject *comps, *store, *progress = NULL;
    Py_ssize_t mem, threads;
    Engine *e;
    memset(a, 0, sizeof *a);
    if (!PyArg_ParseTuple(args, "OOnn|OpIO", &comps, &store, &mem, &threads,
                          &progress, &a->misere, &a->moore, &a->extra))
        return NULL;
    e = engine_new(store, mem, threads, progress);
    if (!e)
        return NULL;
    a->seq = PySequence_Fast(comps, "components must be a sequence");
    if (!a->seq) {
        Py_DECREF(e);
        return NULL;
    }
    return e;
}

static const char analysis_json_doc[] =
    "analysis_json(components, store, mem_limit, threads[, progress,\n"
    "misere, moore, heap_max]) -> str\n\n"
    "The answer of `grundy analyze --mix C... --json` for components, a\n"
    "sequence of 'SPEC:POS' texts: the play engine's state, its analysis\n"
    "and its writer (grundy_play_analysis_write()).";

static PyObject *py_analysis_json(PyObject *self, PyObject *args)
{
    PyObject *r = NULL;
    Py_ssize_t n, i;
    sum_args sa;
    Engine *e;
    grundy_play_opts o;
    grundy_play *p = NULL;
    grundy_play_analysis an;
    grundy_play_arg a;
    grundy_parse_error where;
    grundy_writer w;
    grundy_status s;
    (void)self;
    memset(&an, 0, sizeof an);
    e = sum_open(&sa, args);
    if (!e)
        return NULL;
    grundy_play_opts_init(&o);
    o.convention = sa.misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
    o.moore_k = sa.moore;
    o.heap_max = sa.extra ? PyLong_AsUnsignedLongLong(sa.extra) : 0;
    if (PyErr_Occurred())
        goto out;
    s = grundy_play_new(&p, e->session, &o);
    if (s != GRUNDY_OK) {
        call_fail(&e->c, s, "the sum");
        goto out;
    }
    n = PySequence_Fast_GET_SIZE(sa.seq);
    for (i = 0; i < n; i++) {
        const char *text =
            PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(sa.seq, i));
        if (!text)
            goto out;
        s = grundy_play_add_arg(p, NULL, text, &a);
        if (s != GRUNDY_OK) {
            PyErr_Format(PyExc_ValueError, "component %zd '%s': %s",
                         i + 1, text,
                         a.where.msg[0] ? a.where.msg : grundy_strerror(s));
            goto out;
        }
    }
    if (grundy_play_refused_option(p)) {
        PyErr_Format(PyExc_ValueError, "%s is not available for loopy games",
                     grundy_play_refused_option(p));
        goto out;
    }
    UNLOCKED({
        s = grundy_play_prepare(p, NULL, &where);
        if (s == GRUNDY_OK)
            s = grundy_play_analyze(&an, p, GRUNDY_PLAY_WANT_JSON);
    });
    if (s != GRUNDY_OK) {
        call_fail(&e->c, s, "the sum");
        goto out;
    }
    if (call_flush(&e->c) < 0)
        goto out;
    if (grundy_writer_init_mem(&w) != GRUNDY_OK) {
        PyErr_NoMemory();
        goto out;
    }
    grundy_play_analysis_write(&w, p, &an, 1);
    if (w.err == GRUNDY_OK)
        r = PyUnicode_FromStringAndSize(w.buf, (Py_ssize_t)w.len);
    else
        PyErr_NoMemory();
    (void)grundy_writer_clear(&w);
out:
    grundy_play_analysis_clear(&an);
    grundy_play_free(p);
    Py_DECREF(sa.seq);
    Py_DECREF(e);
    return r;
}

/* The moves of a result as a list of (component, from, parts, value). */
static PyObject *sum_moves_list(Engine *e, const size_t *game_of,
                                const grundy_sum_move *m, size_t n)
{
    size_t k;
    PyObject *l = PyList_New((Py_ssize_t)n);
    if (!l)
        return NULL;
    for (k = 0; k < n; k++) {
        const grundy_game *g = e->games[game_of[m[k].component]];
        PyObject *from = from_pos(g, m[k].from);
        PyObject *to = from ? from_move(g, &m[k].to) : NULL;
        PyObject *x = to ? Py_BuildValue("(nNNK)", (Py_ssize_t)m[k].component,
                                         from, to,
                                         (unsigned long long)m[k].value)
                         : NULL;
        if (!x) {
            if (from && !to)
                Py_DECREF(from);
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)k, x);
    }
    return l;
}

static PyObject *py_analyze(PyObject *self, PyObject *args)
{
    PyObject *r = NULL, *vals = NULL, *moves = NULL, *best = NULL;
    Py_ssize_t n, i;
    int want_best;
    sum_args sa;
    Engine *e;
    grundy_sum_component *sum = NULL;
    size_t *game_of = NULL;
    grundy_value *values = NULL;
    grundy_sum_opts o;
    grundy_sum_result res;
    grundy_status s;
    (void)self;
    memset(&res, 0, sizeof res);
    e = sum_open(&sa, args);
    if (!e)
        return NULL;
    want_best = sa.extra ? PyObject_IsTrue(sa.extra) : 0;
    if (want_best < 0)
        goto out;
    n = PySequence_Fast_GET_SIZE(sa.seq);
    sum = calloc((size_t)n + 1, sizeof *sum);
    game_of = calloc((size_t)n + 1, sizeof *game_of);
    values = calloc((size_t)n + 1, sizeof *values);
    if (!sum || !game_of || !values) {
        PyErr_NoMemory();
        goto out;
    }
    for (i = 0; i < n; i++) {
        const char *spec;
        PyObject *pos;
        Py_ssize_t gi;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(sa.seq, i), "sO;a "
                              "component is a pair (spec, position)",
                              &spec, &pos))
            goto out;
        gi = engine_game(e, spec);
        if (gi < 0 || to_pos(e->games[gi], pos, &sum[i].pos) < 0)
            goto out;
        game_of[i] = (size_t)gi;
    }
    for (i = 0; i < n; i++) /* the arrays may have moved while growing */
        sum[i].values = e->values[game_of[i]];
    grundy_sum_opts_init(&o);
    o.convention = sa.misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
    o.moore_k = sa.moore;
    o.want = GRUNDY_SUM_MOVES | (want_best ? GRUNDY_SUM_BEST : 0u);
    o.limits = &e->c.lim;
    UNLOCKED({
        s = grundy_sum_values(values, sum, (size_t)n);
        if (s == GRUNDY_OK)
            s = grundy_sum_analyze(&res, sum, (size_t)n, values, &o);
    });
    if (s != GRUNDY_OK) {
        if (s == GRUNDY_ERR_ARG && sa.moore > GRUNDY_MOORE_KMAX)
            PyErr_Format(PyExc_ValueError, "moore must be at most %d",
                         GRUNDY_MOORE_KMAX);
        else if (s == GRUNDY_ERR_LIMIT && !pyfam_take_pending())
            PyErr_Format(LimitError,
                         "the sum is too large for an exact search (more "
                         "than %zu positions, or a component with too many "
                         "moves)",
                         (size_t)GRUNDY_SUM_SEARCH_DEFAULT_STATES);
        else
            call_fail(&e->c, s, "the sum");
        goto out;
    }
    if (call_flush(&e->c) < 0)
        goto out;
    vals = PyList_New(n);
    if (!vals)
        goto out;
    for (i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(values[i]);
        if (!x)
            goto out;
        PyList_SET_ITEM(vals, i, x);
    }
    moves = sum_moves_list(e, game_of, res.moves, res.nmoves);
    best = moves ? sum_moves_list(e, game_of, res.best, res.nbest) : NULL;
    if (!best)
        goto out;
    r = Py_BuildValue("(OKisOOs)", vals,
                      (unsigned long long)grundy_sum_nim_sum(values,
                                                             (size_t)n),
                      res.first_wins, grundy_sum_method_name(res.method),
                      moves, best,
                      want_best ? grundy_sum_method_name(res.best_method)
                                : "");
out:
    grundy_sum_result_clear(&res);
    Py_XDECREF(vals);
    Py_XDECREF(moves);
    Py_XDECREF(best);
    free(values);
    free(game_of);
    free(sum);
    Py_DECREF(sa.seq);
    Py_DECREF(e);
    return r;
}

/* Counting *****************************************************************/

static PyObject *count_result(const grundy_count_result *r)
{
    return Py_BuildValue("(KKK)", (unsigned long long)r->winning,
                         (unsigned long long)r->losing,
                         (unsigned long long)r->total);
}

static const char count_heaps_doc[] =
    "count_heaps(spec, heaps, max, k, p, store, mem_limit, threads)\n\n"
    "(winning, losing, total) among the heaps-tuples with every heap in\n"
    "[0, max], modulo the prime p (grundy_count_heaps()).";

static PyObject *py_count_heaps(PyObject *self, PyObject *args)
{
    PyObject *progress = NULL;
    const char *spec;
    unsigned long long heaps, max, p;
    unsigned int k;
    PyObject *store, *r = NULL;
    Py_ssize_t mem, threads, gi;
    Engine *e;
    grundy_count_result res;
    grundy_status s;
    (void)self;
    if (!PyArg_ParseTuple(args, "sKKIKOnn|O", &spec, &heaps, &max, &k, &p,
                          &store, &mem, &threads, &progress))
        return NULL;
    e = engine_open(store, mem, threads, progress, spec, &gi);
    if (!e)
        return NULL;
    UNLOCKED(s = grundy_count_heaps(&res, e->values[gi], heaps, max, k, p));
    if (s == GRUNDY_ERR_ARG)
        PyErr_Format(PyExc_ValueError,
                     "%s: counting heaps needs a heap family (and, with "
                     "moore > 1, Nim heaps), and the modulus an odd prime "
                     "below 2^62 that does not divide moore + 1",
                     spec);
    else if (s != GRUNDY_OK)
        call_fail(&e->c, s, "the count");
    else if (call_flush(&e->c) == 0)
        r = count_result(&res);
    Py_DECREF(e);
    return r;
}

static const char count_tuples_doc[] =
    "count_tuples(weights, K, k, p, mem_limit, threads)\n\n"
    "(winning, losing, total) among the K-tuples of components whose\n"
    "values have the given weights (weights[v] for value v), modulo the\n"
    "prime p (grundy_count_tuples()).";

static PyObject *py_count_tuples(PyObject *self, PyObject *args)
{
    PyObject *progress = NULL;
    PyObject *weights, *seq, *r = NULL;
    unsigned long long K, p;
    unsigned int k;
    Py_ssize_t mem, threads, n, i;
    uint64_t *w;
    call c;
    grundy_count_result res;
    grundy_status s;
    (void)self;
    if (!PyArg_ParseTuple(args, "OKIKnn|O", &weights, &K, &k, &p, &mem,
                          &threads, &progress))
        return NULL;
    if (mem < 0 || threads < 0 || threads > 4096) {
        PyErr_SetString(PyExc_ValueError, "mem_limit must not be negative, "
                                          "threads must be in 0 .. 4096");
        return NULL;
    }
    seq = PySequence_Fast(weights, "weights must be a sequence");
    if (!seq)
        return NULL;
    n = PySequence_Fast_GET_SIZE(seq);
    w = malloc(((size_t)n + 1) * sizeof *w);
    if (!w) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (i = 0; i < n; i++) {
        w[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (w[i] == (uint64_t)-1 && PyErr_Occurred())
            goto out;
    }
    call_init(&c, (size_t)mem, (unsigned)threads, progress);
    UNLOCKED(s = grundy_count_tuples(&res, w, (size_t)n, K, k, p, &c.lim));
    if (s == GRUNDY_ERR_ARG || s == GRUNDY_ERR_RANGE)
        PyErr_SetString(PyExc_ValueError,
                        "the modulus must be an odd prime below 2^62 that "
                        "does not divide moore + 1, and moore at most "
                        "the library's bound");
    else if (s != GRUNDY_OK)
        call_fail(&c, s, "the count");
    else
        r = count_result(&res);
    call_clear(&c);
out:
    free(w);
    Py_DECREF(seq);
    return r;
}

/* Range ********************************************************************/

typedef struct RangeObject {
    PyObject_HEAD
    Engine *e;
    grundy_range *r;
    grundy_pos *pos;
    size_t n;
} RangeObject;

static void Range_dealloc(RangeObject *self)
{
    grundy_range_free(self->r);
    free(self->pos);
    Py_XDECREF(self->e);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The value of a position for the range engine (at most 65535). */
static int range_value(RangeObject *self, grundy_pos p, grundy_value *v)
{
    grundy_status s = grundy_values_get(v, self->e->values[0], p);
    if (s != GRUNDY_OK) {
        call_fail(&self->e->c, s, "the value");
        return -1;
    }
    if (*v > GRUNDY_RANGE_VALUE_MAX) {
        PyErr_Format(PyExc_ValueError,
                     "the value %llu of this position exceeds %u",
                     (unsigned long long)*v, GRUNDY_RANGE_VALUE_MAX);
        return -1;
    }
    return call_flush(&self->e->c);
}

static PyObject *Range_new(PyTypeObject *type, PyObject *args,
                           PyObject *kwds)
{
    PyObject *progress = NULL;
    const char *spec;
    PyObject *positions, *store, *seq = NULL;
    unsigned long long mod;
    int counting;
    Py_ssize_t mem, threads, n, i;
    RangeObject *self;
    grundy_range_opts ro;
    grundy_value *vals = NULL;
    grundy_pos maxp = 0;
    grundy_status s = GRUNDY_OK;
    if (kwds && PyDict_Size(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Range takes no keywords here");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "sOKpOnn|O", &spec, &positions, &mod,
                          &counting, &store, &mem, &threads, &progress))
        return NULL;
    self = (RangeObject *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    self->e = engine_new(store, mem, threads, progress);
    if (!self->e || engine_game(self->e, spec) < 0)
        goto fail;
    seq = PySequence_Fast(positions, "positions must be a sequence");
    if (!seq)
        goto fail;
    n = PySequence_Fast_GET_SIZE(seq);
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "a Range needs a position");
        goto fail;
    }
    self->n = (size_t)n;
    self->pos = malloc((size_t)n * sizeof *self->pos);
    vals = malloc((size_t)n * sizeof *vals);
    if (!self->pos || !vals) {
        PyErr_NoMemory();
        goto fail;
    }
    for (i = 0; i < n; i++) {
        if (to_pos(self->e->games[0], PySequence_Fast_GET_ITEM(seq, i),
                   &self->pos[i]) < 0)
            goto fail;
        maxp = self->pos[i] > maxp ? self->pos[i] : maxp;
    }
    UNLOCKED({
        s = grundy_values_prepare(self->e->values[0], maxp);
        for (i = 0; i < n && s == GRUNDY_OK; i++)
            s = grundy_values_get(&vals[i], self->e->values[0],
                                  self->pos[i]);
    });
    if (s != GRUNDY_OK) {
        call_fail(&self->e->c, s, "the values");
        goto fail;
    }
    for (i = 0; i < n; i++)
        if (vals[i] > GRUNDY_RANGE_VALUE_MAX) {
            PyErr_Format(PyExc_ValueError,
                         "the value %llu of position %zd exceeds %u",
                         (unsigned long long)vals[i], i,
                         GRUNDY_RANGE_VALUE_MAX);
            goto fail;
        }
    if (mod && grundy_range_modulus_check(mod) != GRUNDY_OK) {
        PyErr_Format(PyExc_ValueError,
                     "mod=%llu: the modulus must be a prime below 2^62", mod);
        goto fail;
    }
    grundy_range_opts_init(&ro);
    ro.flags = counting ? GRUNDY_RANGE_COUNT : 0;
    ro.modulus = mod;
    ro.mem_limit = self->e->c.lim.mem_limit;
    s = grundy_range_new(&self->r, (size_t)n, &ro);
    if (s == GRUNDY_OK)
        s = grundy_range_assign(self->r, 0, vals, (size_t)n);
    if (s != GRUNDY_OK) {
        if (s == GRUNDY_ERR_ARG || s == GRUNDY_ERR_RANGE)
            PyErr_SetString(PyExc_ValueError,
                            "mod must be a prime below 2^62");
        else
            call_fail(&self->e->c, s, "the range");
        goto fail;
    }
    if (call_flush(&self->e->c) < 0)
        goto fail;
    free(vals);
    Py_DECREF(seq);
    return (PyObject *)self;
fail:
    free(vals);
    Py_XDECREF(seq);
    Py_DECREF(self);
    return NULL;
}

/* lo, hi: an inclusive range, checked by the Python layer. */
static int range_args(RangeObject *self, PyObject *args, size_t *lo,
                      size_t *hi)
{
    Py_ssize_t a, b;
    if (!PyArg_ParseTuple(args, "nn", &a, &b))
        return -1;
    if (a < 0 || b < a || (size_t)b >= self->n) {
        PyErr_SetString(PyExc_IndexError, "range out of bounds");
        return -1;
    }
    *lo = (size_t)a;
    *hi = (size_t)b;
    return 0;
}

static int range_index(RangeObject *self, PyObject *arg, size_t *i)
{
    Py_ssize_t x = PyNumber_AsSsize_t(arg, PyExc_IndexError);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < 0 || (size_t)x >= self->n) {
        PyErr_SetString(PyExc_IndexError, "index out of range");
        return -1;
    }
    *i = (size_t)x;
    return 0;
}

static Py_ssize_t Range_len(RangeObject *self)
{
    return (Py_ssize_t)self->n;
}

static PyObject *Range_value(RangeObject *self, PyObject *arg)
{
    size_t i;
    if (range_index(self, arg, &i) < 0)
        return NULL;
    return PyLong_FromUnsignedLongLong(grundy_range_get(self->r, i));
}

static PyObject *Range_position(RangeObject *self, PyObject *arg)
{
    size_t i;
    if (range_index(self, arg, &i) < 0)
        return NULL;
    return from_pos(self->e->games[0], self->pos[i]);
}

static PyObject *Range_set(RangeObject *self, PyObject *args)
{
    PyObject *ix, *p;
    size_t i;
    grundy_pos pos;
    grundy_value v;
    grundy_status s;
    if (!PyArg_ParseTuple(args, "OO", &ix, &p) ||
        range_index(self, ix, &i) < 0 ||
        to_pos(self->e->games[0], p, &pos) < 0 ||
        range_value(self, pos, &v) < 0)
        return NULL;
    s = grundy_range_set(self->r, i, v);
    if (s != GRUNDY_OK)
        return call_fail(&self->e->c, s, "the update");
    self->pos[i] = pos;
    Py_RETURN_NONE;
}

static PyObject *Range_xor(RangeObject *self, PyObject *args)
{
    size_t lo, hi;
    if (range_args(self, args, &lo, &hi) < 0)
        return NULL;
    return PyLong_FromUnsignedLongLong(grundy_range_xor(self->r, lo, hi));
}

static int range_counts(RangeObject *self)
{
    if (grundy_range_get_repr(self->r) == GRUNDY_RANGE_BITS) {
        PyErr_SetString(PyExc_ValueError,
                        "this Range was made with count=False");
        return -1;
    }
    return 0;
}

static PyObject *Range_rank(RangeObject *self, PyObject *args)
{
    size_t lo, hi;
    if (range_args(self, args, &lo, &hi) < 0 || range_counts(self) < 0)
        return NULL;
    return PyLong_FromUnsignedLong(grundy_range_rank(self->r, lo, hi));
}

static PyObject *Range_count(RangeObject *self, PyObject *args)
{
    size_t lo, hi;
    if (range_args(self, args, &lo, &hi) < 0 || range_counts(self) < 0)
        return NULL;
    return PyLong_FromUnsignedLongLong(grundy_range_count(self->r, lo, hi));
}

static PyObject *Range_move(RangeObject *self, PyObject *args)
{
    size_t lo, hi, i;
    grundy_value to;
    grundy_move m;
    int found;
    grundy_status s;
    if (range_args(self, args, &lo, &hi) < 0)
        return NULL;
    if (!grundy_range_move(self->r, lo, hi, &i, &to))
        Py_RETURN_NONE;
    s = grundy_values_move_to(&m, &found, self->e->values[0], self->pos[i],
                              to);
    if (s != GRUNDY_OK)
        return call_fail(&self->e->c, s, "the move");
    if (!found) /* by the mex rule a move to every smaller value exists */
        return call_fail(&self->e->c, GRUNDY_ERR_ARG, "the move");
    return Py_BuildValue("(nN)", (Py_ssize_t)i,
                         from_move(self->e->games[0], &m));
}

static PyObject *Range_modulus(RangeObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLongLong(grundy_range_modulus(self->r));
}

static PyMethodDef Range_methods[] = {
    {"value", (PyCFunction)Range_value, METH_O, "value(i)"},
    {"position", (PyCFunction)Range_position, METH_O, "position(i)"},
    {"set", (PyCFunction)Range_set, METH_VARARGS, "set(i, position)"},
    {"xor", (PyCFunction)Range_xor, METH_VARARGS, "xor(lo, hi)"},
    {"rank", (PyCFunction)Range_rank, METH_VARARGS, "rank(lo, hi)"},
    {"count", (PyCFunction)Range_count, METH_VARARGS, "count(lo, hi)"},
    {"move", (PyCFunction)Range_move, METH_VARARGS, "move(lo, hi)"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Range_getset[] = {
    {"modulus", (getter)Range_modulus, NULL, "the prime of count()", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods Range_as_sequence = {
    .sq_length = (lenfunc)Range_len,
};

static PyTypeObject RangeType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "grundy._grundy.Range",
    .tp_basicsize = sizeof(RangeObject),
    .tp_dealloc = (destructor)Range_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Range(spec, positions, mod, count, store, mem_limit, "
              "threads): the range engine over the values of positions "
              "(inclusive 0-based ranges; see grundy.Range).",
    .tp_new = Range_new,
    .tp_methods = Range_methods,
    .tp_getset = Range_getset,
    .tp_as_sequence = &Range_as_sequence,
};

/* The module ***************************************************************/

static PyTypeObject LoopyType;

/* Games with cycles ********************************************************/

/* A loopy game: a family with cycles ("addsub:S:A") or a graph file
 * ("graph:PATH"), solved once when made. */
typedef struct LoopyObject {
    PyObject_HEAD
    grundy_loopy_game *g;
} LoopyObject;

static void Loopy_dealloc(LoopyObject *self)
{
    grundy_loopy_game_free(self->g);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Raise the error of a loopy spec: SpecError for the spec, ValueError
 * naming FILE:LINE:COL for a graph file. */
static void loopy_error(call *c, const char *spec, grundy_status s,
                        const grundy_parse_error *w)
{
    grundy_parse_error fixed = *w, *where = &fixed;
    char *opt;
    if (c->stopped && c->et) {
        call_fail(c, s, spec);
        return;
    }
    /* the families speak of the program's option; Python's is heap_max= */
    if ((opt = strstr(fixed.msg, "--max H")) != NULL &&
        strlen(fixed.msg) + 3 < sizeof fixed.msg) {
        memmove(opt + 10, opt + 7, strlen(opt + 7) + 1);
        memcpy(opt, "heap_max=H", 10);
    }
    if (where->line >= 1 && s != GRUNDY_ERR_NOMEM && s != GRUNDY_ERR_LIMIT &&
        s != GRUNDY_ERR_CANCELLED && strncmp(spec, "graph:", 6) == 0) {
        const char *path = strncmp(spec, "graph:", 6) == 0 ? spec + 6 : spec;
        PyErr_Format(PyExc_ValueError, "%s:%lu:%lu: %s", path,
                     (unsigned long)where->line,
                     (unsigned long)(where->col ? where->col : 1),
                     where->msg[0] ? where->msg : grundy_strerror(s));
    } else if (s == GRUNDY_ERR_PARSE || s == GRUNDY_ERR_ARG) {
        spec_error(spec, s, where);
    } else if (s == GRUNDY_ERR_IO) {
        PyErr_Format(PyExc_OSError, "%s: %s", spec,
                     where->msg[0] ? where->msg : grundy_strerror(s));
    } else {
        call_fail(c, s, spec);
    }
}

static PyObject *Loopy_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    const char *spec;
    unsigned long long max;
    Py_ssize_t mem, threads;
    PyObject *progress = NULL;
    LoopyObject *self;
    grundy_parse_error where;
    grundy_status s;
    call c;
    (void)kw;
    if (!PyArg_ParseTuple(args, "sKnn|O", &spec, &max, &mem, &threads,
                          &progress))
        return NULL;
    if (mem < 0 || threads < 0) {
        PyErr_SetString(PyExc_ValueError, "mem_limit and threads must not "
                                          "be negative");
        return NULL;
    }
    self = (LoopyObject *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    call_init(&c, (size_t)mem, (unsigned)threads, progress);
    memset(&where, 0, sizeof where);
    UNLOCKED(s = grundy_loopy_game_new(&self->g, spec, max, &where, &c.lim));
    if (s != GRUNDY_OK) {
        loopy_error(&c, spec, s, &where);
        call_clear(&c);
        Py_DECREF(self);
        return NULL;
    }
    call_clear(&c);
    return (PyObject *)self;
}

static const char loopy_from_edges_doc[] =
    "loopy_from_edges(n, src, dst, name, mem_limit, threads[, progress])\n\n"
    "A Loopy game on vertices 0..n-1 with the edges src[i] -> dst[i].";

static PyObject *py_loopy_from_edges(PyObject *self, PyObject *args)
{
    unsigned long long n;
    PyObject *src, *dst, *progress = NULL, *ss = NULL, *ds = NULL;
    const char *name;
    Py_ssize_t mem, threads, m, i;
    grundy_loopy_vertex *a = NULL, *b = NULL;
    grundy_loopy_graph *graph = NULL;
    LoopyObject *o = NULL;
    grundy_status s;
    call c;
    (void)self;
    if (!PyArg_ParseTuple(args, "KOOsnn|O", &n, &src, &dst, &name, &mem,
                          &threads, &progress))
        return NULL;
    ss = PySequence_Fast(src, "src must be a sequence");
    ds = ss ? PySequence_Fast(dst, "dst must be a sequence") : NULL;
    if (!ds)
        goto out;
    m = PySequence_Fast_GET_SIZE(ss);
    if (PySequence_Fast_GET_SIZE(ds) != m) {
        PyErr_SetString(PyExc_ValueError, "one target per source");
        goto out;
    }
    a = malloc(((size_t)m + 1) * sizeof *a);
    b = malloc(((size_t)m + 1) * sizeof *b);
    if (!a || !b) {
        PyErr_NoMemory();
        goto out;
    }
    for (i = 0; i < m; i++) {
        unsigned long long u =
            PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(ss, i));
        unsigned long long v =
            PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(ds, i));
        if (PyErr_Occurred())
            goto out;
        a[i] = (grundy_loopy_vertex)u;
        b[i] = (grundy_loopy_vertex)v;
        if (a[i] != u || b[i] != v || u >= n || v >= n) {
            PyErr_Format(PyExc_ValueError,
                         "edge %zd: (%llu, %llu) has a vertex outside "
                         "0 .. %llu",
                         i, u, v, n ? n - 1 : 0);
            goto out;
        }
    }
    call_init(&c, (size_t)mem, (unsigned)threads, progress);
    UNLOCKED(s = grundy_loopy_graph_from_edges(&graph, n, a, b, (size_t)m,
                                               &c.lim));
    if (s == GRUNDY_OK) {
        o = (LoopyObject *)LoopyType.tp_alloc(&LoopyType, 0);
        if (!o) {
            grundy_loopy_graph_free(graph);
            call_clear(&c);
            goto out;
        }
        UNLOCKED(s = grundy_loopy_game_new_graph(&o->g, &graph, name,
                                                 &c.lim));
    }
    if (s != GRUNDY_OK) {
        Py_CLEAR(o);
        call_fail(&c, s, "the graph");
    }
    call_clear(&c);
out:
    free(a);
    free(b);
    Py_XDECREF(ss);
    Py_XDECREF(ds);
    return (PyObject *)o;
}

/* A vertex from an int or the game's text for it. */
static int loopy_vertex(const grundy_loopy_game *g, PyObject *o,
                        grundy_loopy_vertex *v)
{
    uint64_t n = grundy_loopy_graph_num_vertices(grundy_loopy_game_graph(g));
    if (PyUnicode_Check(o)) {
        Py_ssize_t len;
        grundy_parse_error where;
        const char *t = PyUnicode_AsUTF8AndSize(o, &len);
        if (!t)
            return -1;
        memset(&where, 0, sizeof where);
        if (grundy_loopy_game_pos_parse(g, t, (size_t)len, v, &where) !=
            GRUNDY_OK) {
            PyErr_Format(PyExc_ValueError, "position '%s' at column %lu: %s",
                         t, (unsigned long)(where.col ? where.col : 1),
                         where.msg[0] ? where.msg : "not a position");
            return -1;
        }
        return 0;
    }
    if (PyIndex_Check(o)) {
        PyObject *i = PyNumber_Index(o);
        long long x;
        if (!i)
            return -1;
        x = PyLong_AsLongLong(i);
        Py_DECREF(i);
        if (x == -1 && PyErr_Occurred())
            return -1;
        if (x < 0 || (uint64_t)x >= n) {
            PyErr_Format(PyExc_ValueError,
                         "position %lld is outside %s (0 .. %llu)", x,
                         grundy_loopy_game_spec(g), (unsigned long long)n - 1);
            return -1;
        }
        *v = (grundy_loopy_vertex)x;
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "a position is an int or a str, not %.100s",
                 Py_TYPE(o)->tp_name);
    return -1;
}

/* A generalized value for Python: an int when finite, else the tuple
 * ("inf", (k0, k1, ...)); grundy/__init__.py wraps the latter. */
static PyObject *loopy_value_obj(const grundy_loopy_value *v)
{
    size_t i;
    PyObject *k, *r;
    if (!v->infinite)
        return PyLong_FromUnsignedLong(v->finite);
    k = PyTuple_New((Py_ssize_t)v->nk);
    if (!k)
        return NULL;
    for (i = 0; i < v->nk; i++) {
        PyObject *x = PyLong_FromUnsignedLong(v->k[i]);
        if (!x) {
            Py_DECREF(k);
            return NULL;
        }
        PyTuple_SET_ITEM(k, (Py_ssize_t)i, x);
    }
    r = Py_BuildValue("(sN)", "inf", k);
    return r;
}

/* A position as Python sees it, as Loopy.value() takes it: an int (a heap
 * of a family, a vertex of an edge list), or the name of a DOT vertex. */
static PyObject *loopy_pos_obj(const grundy_loopy_game *g,
                               grundy_loopy_vertex v)
{
    char buf[256];
    if (!grundy_loopy_graph_vertex_name(grundy_loopy_game_graph(g), v))
        return PyLong_FromUnsignedLongLong((unsigned long long)v);
    size_t n = grundy_loopy_game_pos_format(g, v, buf, sizeof buf);
    if (n >= sizeof buf)
        n = sizeof buf - 1;
    return PyUnicode_FromStringAndSize(buf, (Py_ssize_t)n);
}

static PyObject *Loopy_value(LoopyObject *self, PyObject *arg)
{
    grundy_loopy_vertex v;
    grundy_loopy_value val;
    PyObject *r;
    if (loopy_vertex(self->g, arg, &v) < 0)
        return NULL;
    grundy_loopy_value_init(&val);
    if (grundy_loopy_solution_value(&val, grundy_loopy_game_solution(self->g),
                                    v) != GRUNDY_OK) {
        grundy_loopy_value_clear(&val);
        return PyErr_NoMemory();
    }
    r = loopy_value_obj(&val);
    grundy_loopy_value_clear(&val);
    return r;
}

static PyObject *Loopy_outcome(LoopyObject *self, PyObject *arg)
{
    grundy_loopy_vertex v;
    if (loopy_vertex(self->g, arg, &v) < 0)
        return NULL;
    return PyUnicode_FromString(grundy_loopy_outcome_name(
        grundy_loopy_solution_outcome(grundy_loopy_game_solution(self->g), v)));
}

static PyObject *Loopy_raw(LoopyObject *self, PyObject *noargs)
{
    const grundy_loopy_solution *s = grundy_loopy_game_solution(self->g);
    npy_intp dims[1];
    PyObject *arr;
    (void)noargs;
    dims[0] = (npy_intp)grundy_loopy_graph_num_vertices(
        grundy_loopy_game_graph(self->g));
    arr = PyArray_SimpleNewFromData(1, dims, NPY_UINT32,
                                    (void *)grundy_loopy_solution_data(s));
    if (!arr)
        return NULL;
    PyArray_CLEARFLAGS((PyArrayObject *)arr, NPY_ARRAY_WRITEABLE);
    Py_INCREF(self);
    if (PyArray_SetBaseObject((PyArrayObject *)arr, (PyObject *)self) < 0) {
        Py_DECREF(arr);
        return NULL;
    }
    return arr;
}

static Py_ssize_t Loopy_len(LoopyObject *self)
{
    return (Py_ssize_t)grundy_loopy_graph_num_vertices(
        grundy_loopy_game_graph(self->g));
}

static PyObject *Loopy_spec(LoopyObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(grundy_loopy_game_spec(self->g));
}

/* One move of a loopy sum as (component, from, to, value after). */
static PyObject *loopy_move_obj(LoopyObject *const *games,
                                const grundy_loopy_move *m)
{
    const grundy_loopy_game *g = games[m->component]->g;
    grundy_loopy_value val;
    PyObject *from, *to, *value, *r;
    grundy_loopy_value_init(&val);
    if (grundy_loopy_solution_value(&val, grundy_loopy_game_solution(g),
                                    m->to) != GRUNDY_OK) {
        grundy_loopy_value_clear(&val);
        return PyErr_NoMemory();
    }
    from = loopy_pos_obj(g, m->from);
    to = loopy_pos_obj(g, m->to);
    value = loopy_value_obj(&val);
    grundy_loopy_value_clear(&val);
    if (!from || !to || !value) {
        Py_XDECREF(from);
        Py_XDECREF(to);
        Py_XDECREF(value);
        return NULL;
    }
    r = Py_BuildValue("(nNNN)", (Py_ssize_t)m->component, from, to, value);
    return r;
}

static const char loopy_sum_doc[] =
    "loopy_sum(games, positions) -> tuple\n\n"
    "(values, value, outcome, moves, best) of the sum of the Loopy games at\n"
    "the positions: every winning move when the outcome is 'first', every\n"
    "move that keeps the draw when it is 'draw'; best: the move to play\n"
    "(None when no component can move).";

static PyObject *py_loopy_sum(PyObject *self, PyObject *args)
{
    PyObject *gs, *ps, *gseq = NULL, *pseq = NULL, *r = NULL, *vals = NULL,
                       *moves = NULL, *best = NULL, *sumv = NULL;
    Py_ssize_t n, i;
    LoopyObject **games = NULL;
    grundy_loopy_component *c = NULL;
    grundy_loopy_move *mv = NULL, bm;
    grundy_loopy_outcome oc;
    grundy_loopy_value total, one;
    size_t nmv = 0, k;
    int found = 0;
    grundy_status s;
    (void)self;
    grundy_loopy_value_init(&total);
    grundy_loopy_value_init(&one);
    if (!PyArg_ParseTuple(args, "OO", &gs, &ps))
        return NULL;
    gseq = PySequence_Fast(gs, "games must be a sequence");
    pseq = gseq ? PySequence_Fast(ps, "positions must be a sequence") : NULL;
    if (!pseq)
        goto out;
    n = PySequence_Fast_GET_SIZE(gseq);
    if (PySequence_Fast_GET_SIZE(pseq) != n) {
        PyErr_SetString(PyExc_ValueError, "one position per game");
        goto out;
    }
    games = calloc((size_t)n + 1, sizeof *games);
    c = calloc((size_t)n + 1, sizeof *c);
    if (!games || !c) {
        PyErr_NoMemory();
        goto out;
    }
    for (i = 0; i < n; i++) {
        PyObject *g = PySequence_Fast_GET_ITEM(gseq, i);
        if (!PyObject_TypeCheck(g, &LoopyType)) {
            PyErr_SetString(PyExc_TypeError, "a component is a Loopy game");
            goto out;
        }
        games[i] = (LoopyObject *)g;
        c[i].sol = grundy_loopy_game_solution(games[i]->g);
        if (loopy_vertex(games[i]->g, PySequence_Fast_GET_ITEM(pseq, i),
                         &c[i].vertex) < 0)
            goto out;
    }
    s = grundy_loopy_sum_value(&total, c, (size_t)n);
    if (s == GRUNDY_OK)
        s = grundy_loopy_sum_moves(&mv, &nmv, &oc, c, (size_t)n);
    if (s == GRUNDY_OK)
        s = grundy_loopy_sum_best(&bm, &found, c, (size_t)n);
    if (s != GRUNDY_OK) {
        PyErr_NoMemory();
        goto out;
    }
    vals = PyList_New(n);
    moves = vals ? PyList_New((Py_ssize_t)nmv) : NULL;
    if (!moves)
        goto out;
    for (i = 0; i < n; i++) {
        PyObject *x;
        if (grundy_loopy_solution_value(&one, c[i].sol, c[i].vertex) !=
                GRUNDY_OK ||
            !(x = loopy_value_obj(&one))) {
            if (!PyErr_Occurred())
                PyErr_NoMemory();
            goto out;
        }
        PyList_SET_ITEM(vals, i, x);
    }
    for (k = 0; k < nmv; k++) {
        PyObject *m = loopy_move_obj(games, &mv[k]);
        if (!m)
            goto out;
        PyList_SET_ITEM(moves, (Py_ssize_t)k, m);
    }
    if (found) {
        best = loopy_move_obj(games, &bm);
        if (!best)
            goto out;
    } else {
        best = Py_NewRef(Py_None);
    }
    sumv = loopy_value_obj(&total);
    if (!sumv)
        goto out;
    r = Py_BuildValue("(OOsOO)", vals, sumv, grundy_loopy_outcome_name(oc),
                      moves, best);
out:
    Py_XDECREF(vals);
    Py_XDECREF(moves);
    Py_XDECREF(best);
    Py_XDECREF(sumv);
    Py_XDECREF(gseq);
    Py_XDECREF(pseq);
    grundy_loopy_value_clear(&total);
    grundy_loopy_value_clear(&one);
    free(mv);
    free(games);
    free(c);
    return r;
}

static PyObject *py_loopy_claims(PyObject *self, PyObject *arg)
{
    const char *spec = PyUnicode_AsUTF8(arg);
    (void)self;
    if (!spec)
        return NULL;
    return PyBool_FromLong(grundy_loopy_spec_claims(spec));
}

static PyMethodDef Loopy_methods[] = {
    {"value", (PyCFunction)Loopy_value, METH_O, "value(position)"},
    {"outcome", (PyCFunction)Loopy_outcome, METH_O, "outcome(position)"},
    {"raw", (PyCFunction)Loopy_raw, METH_NOARGS, "raw() -> numpy uint32"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Loopy_getset[] = {
    {"spec", (getter)Loopy_spec, NULL, "the game's spec", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods Loopy_as_sequence = {
    .sq_length = (lenfunc)Loopy_len,
};

static PyTypeObject LoopyType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "grundy._grundy.Loopy",
    .tp_basicsize = sizeof(LoopyObject),
    .tp_dealloc = (destructor)Loopy_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Loopy(spec, max, mem_limit, threads[, progress]): a game "
              "with cycles, solved.",
    .tp_methods = Loopy_methods,
    .tp_getset = Loopy_getset,
    .tp_as_sequence = &Loopy_as_sequence,
    .tp_new = Loopy_new,
};

static PyObject *py_version(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return PyUnicode_FromString(grundy_version());
}

static PyObject *py_families(PyObject *self, PyObject *noargs)
{
    size_t i;
    PyObject *l = PyList_New(0);
    (void)self;
    (void)noargs;
    if (!l)
        return NULL;
    for (i = 0; grundy_rules_builtin[i]; i++) {
        const grundy_rules *r = grundy_rules_builtin[i];
        PyObject *t = Py_BuildValue("(ss)", r->name,
                                    r->synopsis ? r->synopsis : "");
        if (!t || PyList_Append(l, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(l);
            return NULL;
        }
        Py_DECREF(t);
    }
    return l;
}

grundy_game *game_from_spec(const char *spec)
{
    grundy_game *g = NULL;
    grundy_parse_error where;
    grundy_status s;
    memset(&where, 0, sizeof where);
    s = grundy_game_new(&g, spec, &where);
    if (s != GRUNDY_OK) {
        spec_error(spec, s, &where);
        return NULL;
    }
    return g;
}

static PyObject *py_canonical(PyObject *self, PyObject *arg)
{
    const char *spec = PyUnicode_AsUTF8(arg);
    grundy_game *g;
    char buf[512];
    size_t n;
    (void)self;
    if (!spec || !(g = game_from_spec(spec)))
        return NULL;
    n = grundy_game_canonical_spec(g, buf, sizeof buf);
    grundy_game_free(g);
    return PyUnicode_FromStringAndSize(buf, (Py_ssize_t)(n < sizeof buf
                                                             ? n
                                                             : sizeof buf -
                                                                   1));
}

static PyMethodDef methods[] = {
    {"table", py_table, METH_VARARGS, table_doc},
    {"values_at", py_values_at, METH_VARARGS, values_at_doc},
    {"period", py_period, METH_VARARGS, period_doc},
    {"report", py_report, METH_VARARGS, report_doc},
    {"analyze", py_analyze, METH_VARARGS, analyze_doc},
    {"analysis_json", py_analysis_json, METH_VARARGS, analysis_json_doc},
    {"count_heaps", py_count_heaps, METH_VARARGS, count_heaps_doc},
    {"count_tuples", py_count_tuples, METH_VARARGS, count_tuples_doc},
    {"loopy_sum", py_loopy_sum, METH_VARARGS, loopy_sum_doc},
    {"loopy_from_edges", py_loopy_from_edges, METH_VARARGS,
     loopy_from_edges_doc},
    {"loopy_claims", py_loopy_claims, METH_O,
     "loopy_claims(spec) -> bool: whether spec names a game with cycles."},
    {"version", py_version, METH_NOARGS,
     "version() -> str: the version of the grundy library in use."},
    {"families", py_families, METH_NOARGS,
     "families() -> [(name, synopsis)]: the built-in rule families."},
    {"misere", py_misere, METH_VARARGS, misere_doc},
    {"family_flags", py_family_flags, METH_O, family_flags_doc},
    {"pattern_codes", py_pattern_codes, METH_VARARGS, pattern_codes_doc},
    {"survey_row", py_survey_row, METH_VARARGS, survey_row_doc},
    {"plot", py_plot, METH_VARARGS, plot_doc},
    {"genus", py_genus, METH_VARARGS, genus_doc},
    {"canonical", py_canonical, METH_O,
     "canonical(spec) -> str: the canonical spec ('kayles' -> '0.77')."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_grundy",
    "The C layer of the grundy package (see grundy/__init__.py).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__grundy(void)
{
    PyObject *m;
    import_array();
    if (PyType_Ready(&EngineType) < 0 || PyType_Ready(&RangeType) < 0 ||
        PyType_Ready(&LoopyType) < 0 || PyType_Ready(&FamilyType) < 0 ||
        PyType_Ready(&QuotientType) < 0 || PyType_Ready(&StoreType) < 0)
        return NULL;
    if (!grundy_rules_find("python:0") &&
        grundy_rules_register(&pyfam_rules) != GRUNDY_OK) {
        PyErr_SetString(PyExc_ImportError, "grundy: the family 'python' "
                                           "could not be registered");
        return NULL;
    }
    m = PyModule_Create(&module);
    if (!m)
        return NULL;
    SpecError = PyErr_NewExceptionWithDoc(
        "grundy.SpecError",
        "A rules spec that does not parse.  A ValueError, with the spec, "
        "the 1-based column of the offending character and a detail.",
        PyExc_ValueError, NULL);
    LimitError = PyErr_NewExceptionWithDoc(
        "grundy.LimitError",
        "Work refused before it started because it needs more memory "
        "than the limit (mem_limit).  A MemoryError.",
        PyExc_MemoryError, NULL);
    if (!SpecError || !LimitError ||
        PyModule_AddObjectRef(m, "SpecError", SpecError) < 0 ||
        PyModule_AddObjectRef(m, "LimitError", LimitError) < 0 ||
        PyModule_AddObjectRef(m, "Range", (PyObject *)&RangeType) < 0 ||
        PyModule_AddObjectRef(m, "Loopy", (PyObject *)&LoopyType) < 0 ||
        PyModule_AddObjectRef(m, "Family", (PyObject *)&FamilyType) < 0 ||
        PyModule_AddObjectRef(m, "Store", (PyObject *)&StoreType) < 0 ||
        PyModule_AddObject(m, "PRIME_62",
                           PyLong_FromUnsignedLongLong(GRUNDY_NT_PRIME_62)) <
            0 ||
        PyModule_AddIntConstant(m, "RANGE_VALUE_MAX",
                                GRUNDY_RANGE_VALUE_MAX) < 0 ||
        PyModule_AddIntConstant(m, "FORMAT_LIST", GRUNDY_FORMAT_LIST) < 0 ||
        PyModule_AddIntConstant(m, "FORMAT_STATS", GRUNDY_FORMAT_STATS) < 0 ||
        PyModule_AddIntConstant(m, "FORMAT_ZEROS", GRUNDY_FORMAT_ZEROS) < 0 ||
        PyModule_AddIntConstant(m, "FORMAT_PERIOD", GRUNDY_FORMAT_PERIOD) <
            0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
