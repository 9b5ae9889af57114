/*
 * _tools.c -- what the program's other subcommands do, for Python: a
 * survey's rows (the library's pattern and row calls), pictures
 * (grundy/plot.h, as grundy plot draws them), and the store (grundy/store.h).  The Python layer checks the arguments
 * and builds the result types.
 */
#include "_grundy.h"
#include "grundy/experimental.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Families ****************************************************************/

const char family_flags_doc[] =
    "family_flags(spec) -> dict: finite, pairs, board, start, heap.";

PyObject *py_family_flags(PyObject *self, PyObject *arg)
{
    const char *spec = PyUnicode_AsUTF8(arg);
    grundy_game *g;
    const grundy_rules *r;
    PyObject *d;
    (void)self;
    if (!spec || !(g = game_from_spec(spec)))
        return NULL;
    r = grundy_game_rules(g);
    d = Py_BuildValue("{s:O,s:O,s:O,s:O,s:O}", "finite",
                      grundy_game_num_positions(g) ? Py_True : Py_False,
                      "pairs",
                      (r->flags & GRUNDY_RULES_PAIRS) ? Py_True : Py_False,
                      "board", r->geometry ? Py_True : Py_False, "start",
                      r->start ? Py_True : Py_False, "heap",
                      (r->flags & GRUNDY_RULES_HEAP) ? Py_True : Py_False);
    grundy_game_free(g);
    return d;
}

/* Surveys *****************************************************************/

const char pattern_codes_doc[] =
    "pattern_codes(pattern, max) -> [code, ...]: the codes of a survey "
    "pattern.";

PyObject *py_pattern_codes(PyObject *self, PyObject *args)
{
    const char *pattern;
    unsigned long long max, n, k;
    grundy_parse_error where;
    grundy_status s;
    PyObject *l;
    char buf[GRUNDY_TAKEBREAK_PATTERN_MAX + 1];
    (void)self;
    if (!PyArg_ParseTuple(args, "sK", &pattern, &max))
        return NULL;
    memset(&where, 0, sizeof where);
    s = grundy_takebreak_pattern_size((uint64_t *)&n, pattern, max, &where);
    if (s != GRUNDY_OK) {
        PyErr_Format(PyExc_ValueError, "pattern '%s' at column %lu: %s",
                     pattern, where.col ? where.col : 1, where.msg);
        return NULL;
    }
    l = PyList_New((Py_ssize_t)n);
    for (k = 0; l && k < n; k++) {
        PyObject *x;
        grundy_takebreak_pattern_code(buf, sizeof buf, pattern, k);
        x = PyUnicode_FromString(buf);
        if (!x) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)k, x);
    }
    return l;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char survey_row_doc[] =
    "survey_row(code, upto, store, mem_limit, threads[, progress]) -> dict\n\n"
    "One row of a survey: the table of g(0..upto) summed up "
    "(grundy_table_survey_get()) and the hash its group is found by "
    "(grundy_survey_values_hash()), or skipped='memory'/'work' when a "
    "limit refused it.";

PyObject *py_survey_row(PyObject *self, PyObject *args)
{
    const char *code;
    unsigned long long upto;
    PyObject *store, *progress = NULL, *r = NULL;
    Py_ssize_t mem, threads, gi;
    Engine *e;
    const grundy_table *t = NULL;
    grundy_table_survey sum;
    grundy_status s;
    uint64_t hash = 0;
    double t0;
    (void)self;
    if (!PyArg_ParseTuple(args, "sKOnn|O", &code, &upto, &store, &mem,
                          &threads, &progress))
        return NULL;
    e = engine_open(store, mem, threads, progress, code, &gi);
    if (!e)
        return NULL;
    t0 = now_s();
    UNLOCKED(s = grundy_values_table(&t, e->values[gi], (grundy_pos)upto + 1));
    if ((s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_WORK) && !e->c.stopped) {
        if (call_flush(&e->c) == 0)
            r = Py_BuildValue("{s:s,s:d}", "skipped",
                              s == GRUNDY_ERR_LIMIT ? "memory" : "work",
                              "seconds", now_s() - t0);
        goto out;
    }
    if (s != GRUNDY_OK) {
        call_fail(&e->c, s, "the table");
        goto out;
    }
    UNLOCKED(grundy_table_survey_get(&sum, t);
             hash = grundy_survey_values_hash(t, (grundy_pos)upto + 1));
    if (call_flush(&e->c) < 0)
        goto out;
    r = Py_BuildValue(
        "{s:s,s:O,s:O,s:K,s:K,s:K,s:K,s:K,s:O,s:K,s:d,s:K}", "canonical",
        grundy_game_spec(e->games[gi]), "found",
        sum.period.found ? Py_True : Py_False, "proven",
        sum.period.proven ? Py_True : Py_False, "period",
        (unsigned long long)sum.period.period, "preperiod",
        (unsigned long long)sum.period.preperiod, "saltus",
        (unsigned long long)sum.period.saltus, "checked_upto",
        (unsigned long long)sum.period.checked_upto, "max",
        (unsigned long long)sum.max, "have_rare",
        sum.have_rare ? Py_True : Py_False, "last_rare",
        (unsigned long long)sum.rare.last_rare, "seconds", now_s() - t0,
        "hash", (unsigned long long)hash);
out:
    Py_DECREF(e);
    return r;
}

/* Pictures ****************************************************************/

/* An item of the request dict: a str or None. */
static int req_str(PyObject *d, const char *key, const char **out)
{
    PyObject *v = PyDict_GetItemString(d, key);
    *out = NULL;
    if (!v || v == Py_None)
        return 0;
    *out = PyUnicode_AsUTF8(v);
    return *out ? 0 : -1;
}

/* An item of the request dict: an int (0 when missing or None). */
static int req_u64(PyObject *d, const char *key, uint64_t *out)
{
    PyObject *v = PyDict_GetItemString(d, key);
    *out = 0;
    if (!v || v == Py_None)
        return 0;
    *out = PyLong_AsUnsignedLongLong(v);
    return *out == (uint64_t)-1 && PyErr_Occurred() ? -1 : 0;
}

/* The scene as SVG text (through a temporary file: the back end writes to
 * a descriptor). */
static PyObject *scene_svg(const grundy_plot_scene *sc)
{
    FILE *f = tmpfile();
    long n;
    char *buf;
    PyObject *r;
    grundy_status s;
    if (!f)
        return PyErr_SetFromErrno(PyExc_OSError);
    s = grundy_plot_write(sc, fileno(f), GRUNDY_PLOT_SVG);
    if (s != GRUNDY_OK || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        PyErr_SetString(PyExc_OSError, "the picture could not be written");
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return buf ? PyErr_SetFromErrno(PyExc_OSError) : PyErr_NoMemory();
    }
    fclose(f);
    r = PyUnicode_DecodeUTF8(buf, n, "strict");
    free(buf);
    return r;
}

const char plot_doc[] =
    "plot(spec, request, store, mem_limit, threads[, progress]) -> tuple\n\n"
    "(svg or None, info): the picture grundy plot draws for request (a\n"
    "dict: upto, position, histogram, log, no_rare, map, width, height,\n"
    "have_width, font_size, title, xlabel, ylabel, path, format), written to\n"
    "request['path'] when given, else returned as SVG text.";

PyObject *py_plot(PyObject *self, PyObject *args)
{
    const char *spec, *path, *position, *fmt;
    PyObject *req, *store, *progress = NULL, *r = NULL, *svg = NULL,
                              *info = NULL;
    Py_ssize_t mem, threads, gi;
    Engine *e;
    grundy_plot_request pr;
    grundy_plot_scene *scene = NULL;
    grundy_plot_info in;
    grundy_plot_board_info bi;
    grundy_plot_format format = GRUNDY_PLOT_SVG;
    uint64_t have_width;
    grundy_status s;
    int err = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "sO!Onn|O", &spec, &PyDict_Type, &req, &store,
                          &mem, &threads, &progress))
        return NULL;
    memset(&pr, 0, sizeof pr);
    memset(&in, 0, sizeof in);
    memset(&bi, 0, sizeof bi);
    pr.spec = spec;
    if (req_str(req, "title", &pr.title) < 0 ||
        req_str(req, "xlabel", &pr.xlabel) < 0 ||
        req_str(req, "ylabel", &pr.ylabel) < 0 ||
        req_str(req, "position", &position) < 0 ||
        req_str(req, "path", &path) < 0 || req_str(req, "format", &fmt) < 0 ||
        req_u64(req, "upto", &pr.upto) < 0 ||
        req_u64(req, "width", &pr.width) < 0 ||
        req_u64(req, "height", &pr.height) < 0 ||
        req_u64(req, "font_size", &pr.font_size) < 0 ||
        req_u64(req, "have_width", &have_width) < 0)
        return NULL;
    pr.histogram = PyObject_IsTrue(PyDict_GetItemString(req, "histogram"));
    pr.log = PyObject_IsTrue(PyDict_GetItemString(req, "log"));
    pr.no_rare = PyObject_IsTrue(PyDict_GetItemString(req, "no_rare"));
    pr.map = PyObject_IsTrue(PyDict_GetItemString(req, "map"));
    if (fmt && strcmp(fmt, "pdf") == 0)
        format = GRUNDY_PLOT_PDF;
    else if (fmt && strcmp(fmt, "png") == 0)
        format = GRUNDY_PLOT_PNG;
    if (format != GRUNDY_PLOT_SVG && !grundy_plot_have_cairo()) {
        PyErr_Format(PyExc_ValueError,
                     "%s needs cairo, and %s; or write FILE.svg",
                     format == GRUNDY_PLOT_PDF ? "PDF" : "PNG",
                     grundy_plot_cairo_built()
                         ? "libcairo.so.2 was not found (apt-get install "
                           "libcairo2)"
                         : "this grundy was built without cairo");
        return NULL;
    }
    e = engine_open(store, mem, threads, progress, spec, &gi);
    if (!e)
        return NULL;
    if (position) {
        grundy_pos p;
        grundy_parse_error where;
        memset(&where, 0, sizeof where);
        s = grundy_game_pos_parse(e->games[gi], position, strlen(position),
                                  &p, &where);
        if (s != GRUNDY_OK) {
            PyErr_Format(PyExc_ValueError, "position '%s' at column %lu: %s",
                         position, where.col ? where.col : 1,
                         where.msg[0] ? where.msg : grundy_strerror(s));
            goto out;
        }
        UNLOCKED(s = grundy_plot_board(&scene, &pr, e->games[gi],
                                       e->values[gi], p, &bi));
        if (s != GRUNDY_OK) {
            call_fail(&e->c, s, "the values");
            goto out;
        }
        info = Py_BuildValue("{s:K,s:n,s:n,s:n}", "value",
                             (unsigned long long)bi.value, "moves",
                             (Py_ssize_t)bi.moves, "winning",
                             (Py_ssize_t)bi.winning, "parts",
                             (Py_ssize_t)bi.parts);
    } else {
        char per[160];
        if (pr.map && !pr.histogram &&
            grundy_plot_map_fit(&pr, (int)have_width) != GRUNDY_OK) {
            PyErr_Format(PyExc_ValueError,
                         "upto: a map of g(a, b) %llu pixels high shows a, "
                         "b <= %llu (give a larger height)",
                         (unsigned long long)pr.height,
                         (unsigned long long)pr.upto);
            goto out;
        }
        UNLOCKED(s = grundy_values_table(
                     &in.t, e->values[gi],
                     grundy_plot_table_count(&pr, e->games[gi])));
        if (s != GRUNDY_OK) {
            call_fail(&e->c, s, "the table");
            goto out;
        }
        UNLOCKED(s = grundy_plot_draw(&scene, &pr, e->games[gi], &in));
        if (s != GRUNDY_OK) {
            PyErr_NoMemory();
            goto out;
        }
        grundy_plot_period_text(per, sizeof per, &in);
        info = Py_BuildValue(
            "{s:K,s:K,s:K,s:K,s:O,s:K,s:K,s:s}", "positions",
            (unsigned long long)in.positions, "marks",
            (unsigned long long)in.marks, "columns",
            (unsigned long long)in.columns, "max",
            (unsigned long long)grundy_table_max(in.t, NULL), "have_rare",
            in.have_rare ? Py_True : Py_False, "rare_mask",
            (unsigned long long)in.rare.mask, "rare_positions",
            (unsigned long long)in.rare.rare_positions, "period", per);
    }
    if (!info || call_flush(&e->c) < 0)
        goto out;
    if (path) {
        UNLOCKED(s = grundy_plot_write_file(scene, path, format, &err));
        if (s != GRUNDY_OK) {
            if (err) {
                errno = err;
                PyErr_SetFromErrnoWithFilename(PyExc_OSError, path);
            } else {
                PyErr_Format(PyExc_OSError, "%s: %s", path,
                             grundy_strerror(s));
            }
            goto out;
        }
        svg = Py_NewRef(Py_None);
    } else {
        svg = scene_svg(scene);
        if (!svg)
            goto out;
    }
    r = Py_BuildValue("(OO)", svg, info);
out:
    Py_XDECREF(svg);
    Py_XDECREF(info);
    grundy_plot_free(scene);
    Py_DECREF(e);
    return r;
}

/* The store ***************************************************************/

typedef struct StoreObject {
    PyObject_HEAD
    grundy_store *s;
    call c;
} StoreObject;

static void Store_dealloc(StoreObject *self)
{
    grundy_store_close(self->s);
    call_clear(&self->c);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Store(dir or None, limit): the store in dir (None: the user's cache
 * folder), with a size limit in bytes (0: GRUNDY_STORE_LIMIT or the
 * default). */
static PyObject *Store_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    PyObject *dirobj;
    unsigned long long limit;
    const char *dir = NULL;
    StoreObject *self;
    grundy_store_opts o;
    grundy_status s;
    (void)kw;
    if (!PyArg_ParseTuple(args, "OK", &dirobj, &limit))
        return NULL;
    if (dirobj != Py_None && !(dir = PyUnicode_AsUTF8(dirobj)))
        return NULL;
    self = (StoreObject *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    call_init(&self->c, 0, 0, NULL);
    grundy_store_opts_init(&o);
    o.dir = dir;
    o.limits = &self->c.lim;
    o.warn = on_store_warning;
    o.warn_ctx = &self->c;
    if (limit)
        o.size_limit = limit;
    else {
        const char *env = getenv("GRUNDY_STORE_LIMIT");
        uint64_t v;
        if (env && *env && grundy_store_parse_limit(env, &v) == GRUNDY_OK)
            o.size_limit = v;
    }
    s = grundy_store_open(&self->s, &o);
    if (s != GRUNDY_OK) {
        if (s == GRUNDY_ERR_ARG)
            PyErr_SetString(PyExc_ValueError,
                            dir ? "the store's folder name is too long"
                                : "no folder for the store: set HOME or "
                                  "XDG_CACHE_HOME, or give a path");
        else
            call_fail(&self->c, s, "the store");
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

/* Raise an OSError for a failed operation on the store's folder. */
static PyObject *store_fail(StoreObject *self, grundy_status s)
{
    if (s == GRUNDY_ERR_CANCELLED || self->c.stopped)
        return call_fail(&self->c, s, "the store");
    PyErr_Format(PyExc_OSError, "%s: %s", grundy_store_dir(self->s),
                 grundy_strerror(s));
    return NULL;
}

static PyObject *period_obj(const grundy_period *p)
{
    if (!p->found)
        return Py_NewRef(Py_None);
    return Py_BuildValue("(KKKOK)", (unsigned long long)p->preperiod,
                         (unsigned long long)p->period,
                         (unsigned long long)p->saltus,
                         p->proven ? Py_True : Py_False,
                         (unsigned long long)p->checked_upto);
}

/* A list of n dicts, one(item) of each of the n items of `size` bytes at
 * items; NULL with an exception set. */
static PyObject *dict_list(const void *items, size_t n, size_t size,
                           PyObject *(*one)(const void *item))
{
    PyObject *l = PyList_New((Py_ssize_t)n);
    size_t i;
    for (i = 0; l && i < n; i++) {
        PyObject *x = one((const char *)items + i * size);
        if (!x) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, x);
    }
    return l;
}

static PyObject *table_dict(const void *item)
{
    const grundy_store_info *e = item;
    return Py_BuildValue(
        "{s:s,s:s,s:K,s:I,s:K,s:O,s:N,s:K,s:s,s:O,s:I}", "spec", e->spec,
        "path", e->path, "entries", (unsigned long long)e->size, "width",
        e->width, "max", (unsigned long long)e->max, "complete",
        e->complete ? Py_True : Py_False, "period", period_obj(&e->period),
        "bytes", (unsigned long long)e->file_bytes, "version", e->version,
        "readable", e->readable ? Py_True : Py_False, "slices",
        e->split ? e->slices : 0);
}

static PyObject *Store_list(StoreObject *self, PyObject *noargs)
{
    grundy_store_info *info = NULL;
    size_t n = 0;
    grundy_status s;
    PyObject *l;
    (void)noargs;
    UNLOCKED(s = grundy_store_list(&info, &n, self->s));
    if (s != GRUNDY_OK)
        return store_fail(self, s);
    l = dict_list(info, n, sizeof *info, table_dict);
    free(info);
    return l;
}

static PyObject *Store_usage(StoreObject *self, PyObject *noargs)
{
    uint64_t bytes = 0;
    grundy_status s;
    (void)noargs;
    UNLOCKED(s = grundy_store_usage(&bytes, self->s));
    if (s != GRUNDY_OK)
        return store_fail(self, s);
    return PyLong_FromUnsignedLongLong(bytes);
}

/* verify(spec_or_None, path_or_None) -> (found, ok, why) */
static PyObject *Store_verify(StoreObject *self, PyObject *args)
{
    const char *spec, *path;
    char why[512] = "";
    int ok = 0;
    grundy_status s;
    if (!PyArg_ParseTuple(args, "zz", &spec, &path))
        return NULL;
    UNLOCKED(s = spec ? grundy_store_verify_entry(&ok, why, sizeof why,
                                                  self->s, spec)
                      : grundy_store_verify_file(&ok, why, sizeof why,
                                                 self->s, path));
    if (s == GRUNDY_ERR_RANGE)
        return Py_BuildValue("(OOs)", Py_False, Py_False, "");
    if (s != GRUNDY_OK)
        return store_fail(self, s);
    return Py_BuildValue("(OOs)", Py_True, ok ? Py_True : Py_False, why);
}

/* remove(spec) -> True, or False when there was no table of spec. */
static PyObject *Store_remove(StoreObject *self, PyObject *arg)
{
    const char *spec = PyUnicode_AsUTF8(arg);
    grundy_status s;
    if (!spec)
        return NULL;
    UNLOCKED(s = grundy_store_remove(self->s, spec));
    if (s == GRUNDY_ERR_RANGE)
        Py_RETURN_FALSE;
    if (s != GRUNDY_OK)
        return store_fail(self, s);
    Py_RETURN_TRUE;
}

static PyObject *journal_dict(const void *item)
{
    const grundy_store_journal_info *e = item;
    return Py_BuildValue(
        "{s:s,s:s,s:K,s:I,s:K,s:O,s:O}", "spec", e->spec, "path", e->path,
        "records", (unsigned long long)e->records, "width", e->width,
        "bytes", (unsigned long long)e->file_bytes, "readable",
        e->readable ? Py_True : Py_False, "in_use",
        e->in_use ? Py_True : Py_False);
}

/* journals() -> [dict]: the journals of board searches
 * (grundy_store_journals()). */
static PyObject *Store_journals(StoreObject *self, PyObject *noargs)
{
    grundy_store_journal_info *info = NULL;
    size_t n = 0;
    grundy_status s;
    PyObject *l;
    (void)noargs;
    UNLOCKED(s = grundy_store_journals(&info, &n, self->s));
    if (s != GRUNDY_OK)
        return store_fail(self, s);
    l = dict_list(info, n, sizeof *info, journal_dict);
    free(info);
    return l;
}

/* verify_journal(path) -> (ok, sound, why) */
static PyObject *Store_verify_journal(StoreObject *self, PyObject *args)
{
    const char *path;
    char why[512] = "";
    uint64_t sound = 0;
    int ok = 0;
    grundy_status s;
    if (!PyArg_ParseTuple(args, "s", &path))
        return NULL;
    UNLOCKED(s = grundy_store_journal_verify(&ok, &sound, why, sizeof why,
                                            self->s, path));
    if (s != GRUNDY_OK)
        return store_fail(self, s);
    return Py_BuildValue("(OKs)", ok ? Py_True : Py_False,
                         (unsigned long long)sound, why);
}

/* remove_journals(spec, exact) -> (removed, busy) */
static PyObject *Store_remove_journals(StoreObject *self, PyObject *args)
{
    const char *spec;
    int exact;
    size_t removed = 0, busy = 0;
    grundy_status s;
    if (!PyArg_ParseTuple(args, "sp", &spec, &exact))
        return NULL;
    UNLOCKED(s = grundy_store_remove_journals(self->s, spec, exact, &removed,
                                             &busy));
    if (s != GRUNDY_OK)
        return store_fail(self, s);
    return Py_BuildValue("(nn)", (Py_ssize_t)removed, (Py_ssize_t)busy);
}

static PyObject *Store_clear(StoreObject *self, PyObject *noargs)
{
    size_t removed = 0, busy = 0;
    grundy_status s;
    (void)noargs;
    UNLOCKED(s = grundy_store_clear(self->s, &removed, &busy));
    if (s != GRUNDY_OK)
        return store_fail(self, s);
    return Py_BuildValue("(nn)", (Py_ssize_t)removed, (Py_ssize_t)busy);
}

static PyObject *Store_trim(StoreObject *self, PyObject *args)
{
    unsigned long long limit;
    uint64_t removed = 0;
    grundy_status s;
    if (!PyArg_ParseTuple(args, "K", &limit))
        return NULL;
    UNLOCKED(s = grundy_store_trim(self->s, limit, NULL, &removed));
    if (s != GRUNDY_OK)
        return store_fail(self, s);
    return PyLong_FromUnsignedLongLong(removed);
}

static PyObject *Store_entry_path(StoreObject *self, PyObject *arg)
{
    const char *spec = PyUnicode_AsUTF8(arg);
    char path[4096];
    if (!spec)
        return NULL;
    grundy_store_entry_path(self->s, spec, path, sizeof path);
    return PyUnicode_FromString(path);
}

static PyObject *Store_dir(StoreObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(grundy_store_dir(self->s));
}

static PyObject *Store_limit(StoreObject *self, void *closure)
{
    uint64_t l = grundy_store_size_limit(self->s);
    (void)closure;
    if (l == UINT64_MAX)
        Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong(l);
}

static PyObject *Store_writable(StoreObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(grundy_store_writable(self->s));
}

static PyMethodDef Store_methods[] = {
    {"list", (PyCFunction)Store_list, METH_NOARGS, "list() -> [dict]"},
    {"usage", (PyCFunction)Store_usage, METH_NOARGS, "usage() -> bytes"},
    {"verify", (PyCFunction)Store_verify, METH_VARARGS,
     "verify(spec, path) -> (found, ok, why)"},
    {"remove", (PyCFunction)Store_remove, METH_O, "remove(spec) -> bool"},
    {"journals", (PyCFunction)Store_journals, METH_NOARGS,
     "journals() -> [dict]"},
    {"verify_journal", (PyCFunction)Store_verify_journal, METH_VARARGS,
     "verify_journal(path) -> (ok, sound, why)"},
    {"remove_journals", (PyCFunction)Store_remove_journals, METH_VARARGS,
     "remove_journals(spec, exact) -> (removed, busy)"},
    {"clear", (PyCFunction)Store_clear, METH_NOARGS,
     "clear() -> (removed, busy)"},
    {"trim", (PyCFunction)Store_trim, METH_VARARGS, "trim(limit) -> bytes"},
    {"entry_path", (PyCFunction)Store_entry_path, METH_O,
     "entry_path(spec) -> str"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Store_getset[] = {
    {"dir", (getter)Store_dir, NULL, "the folder", NULL},
    {"limit", (getter)Store_limit, NULL, "the size limit, or None", NULL},
    {"writable", (getter)Store_writable, NULL, "whether it can be written",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject StoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "grundy._grundy.Store",
    .tp_basicsize = sizeof(StoreObject),
    .tp_dealloc = (destructor)Store_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Store(dir, limit): the store of tables (see grundy.Store).",
    .tp_methods = Store_methods,
    .tp_getset = Store_getset,
    .tp_new = Store_new,
};
