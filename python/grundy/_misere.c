/*
 * _misere.c -- misere quotients and Conway's genus for Python, as
 * `grundy misere` computes them (grundy/misere.h).
 *
 * A Quotient object owns its game, the quotient and its presentation;
 * elements are the library's numbers (0 the identity), which stay fixed
 * for the object's life, and the Python layer names them by their normal
 * forms.  Growing the quotient runs with the GIL released under the
 * call's limits, so Ctrl-C stops it.
 */
#include "_grundy.h"

#include <stdlib.h>
#include <string.h>

typedef struct QuotientObject {
    PyObject_HEAD
    grundy_game *g;
    grundy_misere *q;
    grundy_misere_pres pres;
    grundy_misere_info info;
    unsigned long long max_order;
} QuotientObject;

static void Quotient_dealloc(QuotientObject *self)
{
    grundy_misere_pres_clear(&self->pres);
    grundy_misere_free(self->q);
    grundy_game_free(self->g);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The game of spec, refused unless it is a take-and-break game with a
 * move.  NULL with an exception set. */
static grundy_game *misere_game(const char *spec)
{
    grundy_game *g = game_from_spec(spec);
    grundy_misere *q = NULL;
    grundy_status s;
    if (!g)
        return NULL;
    if (!(grundy_game_rules(g)->flags & GRUNDY_RULES_MISERE)) {
        PyErr_Format(PyExc_ValueError,
                     "'%s' is not a take-and-break game: give an octal or "
                     "hexadecimal code (0.77, 4.07, 0.F7) or grundy-game",
                     spec);
        grundy_game_free(g);
        return NULL;
    }
    s = grundy_misere_new(&q, g, NULL);
    grundy_misere_free(q);
    if (s != GRUNDY_OK) {
        if (s == GRUNDY_ERR_ARG)
            PyErr_Format(PyExc_ValueError, "'%s' has no move from any heap",
                         spec);
        else
            PyErr_NoMemory();
        grundy_game_free(g);
        return NULL;
    }
    return g;
}

/* (spec, upto, bound, mem_limit, threads[, progress]), the arguments of
 * both calls.  -1 with an exception set. */
static int parse_args(PyObject *args, const char **spec,
                      unsigned long long *upto, unsigned long long *bound,
                      Py_ssize_t *mem, Py_ssize_t *threads,
                      PyObject **progress)
{
    if (!PyArg_ParseTuple(args, "sKKnn|O", spec, upto, bound, mem, threads,
                          progress))
        return -1;
    if (*mem < 0 || *threads < 0) {
        PyErr_SetString(PyExc_ValueError, "mem_limit and threads must not "
                                          "be negative");
        return -1;
    }
    return 0;
}

const char misere_doc[] =
    "misere(spec, upto, max_order, mem_limit, threads[, progress])\n\n"
    "The misere quotient of heaps 1..upto of a take-and-break game, as a\n"
    "Quotient; growth stopped by max_order leaves the quotient of the heaps\n"
    "before (info()'s stopped_at says where).";

PyObject *py_misere(PyObject *self, PyObject *args)
{
    const char *spec;
    unsigned long long upto, max_order;
    Py_ssize_t mem, threads;
    PyObject *progress = NULL;
    QuotientObject *o;
    grundy_status s;
    call c;
    (void)self;
    if (parse_args(args, &spec, &upto, &max_order, &mem, &threads,
                   &progress) < 0)
        return NULL;
    o = PyObject_New(QuotientObject, &QuotientType);
    if (!o)
        return NULL;
    o->g = NULL;
    o->q = NULL;
    memset(&o->pres, 0, sizeof o->pres);
    memset(&o->info, 0, sizeof o->info);
    o->max_order = max_order;
    o->g = misere_game(spec);
    if (!o->g) {
        Py_DECREF(o);
        return NULL;
    }
    call_init(&c, (size_t)mem, (unsigned)threads, progress);
    s = grundy_misere_new(&o->q, o->g, &c.lim);
    if (s == GRUNDY_OK)
        UNLOCKED(s = grundy_misere_grow(o->q, (grundy_pos)upto,
                                        (size_t)max_order, &c.lim));
    if (o->q)
        grundy_misere_get_info(&o->info, o->q);
    /* max_order reached: the quotient of the heaps before stands */
    if (s == GRUNDY_ERR_LIMIT && o->info.stopped_order)
        s = GRUNDY_OK;
    if (s == GRUNDY_OK)
        UNLOCKED(s = grundy_misere_pres_init(&o->pres, o->q, &c.lim));
    if (s != GRUNDY_OK) {
        if (s == GRUNDY_ERR_LIMIT && !c.stopped)
            PyErr_Format(LimitError,
                         "heap %llu: the quotient needs more memory than the "
                         "limit (mem_limit=%zu bytes)",
                         (unsigned long long)o->info.stopped_at,
                         grundy_limits_mem(&c.lim));
        else
            call_fail(&c, s, "the misere quotient");
        call_clear(&c);
        Py_DECREF(o);
        return NULL;
    }
    call_clear(&c);
    return (PyObject *)o;
}

/* An element number from Python, checked against the order. */
static int elem_arg(QuotientObject *self, PyObject *o, grundy_misere_elem *x)
{
    unsigned long long v;
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "an element is an int, not %.100s",
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    if (v >= grundy_misere_order(self->q)) {
        PyErr_Format(PyExc_ValueError,
                     "element %llu is outside the quotient (order %zu)", v,
                     grundy_misere_order(self->q));
        return -1;
    }
    *x = (grundy_misere_elem)v;
    return 0;
}

static PyObject *word_str(const grundy_misere_pres *p, const uint32_t *w)
{
    char buf[512];
    size_t n = grundy_misere_pres_format(p, w, buf, sizeof buf);
    if (n >= sizeof buf) {
        char *big = malloc(n + 1);
        PyObject *r;
        if (!big)
            return PyErr_NoMemory();
        grundy_misere_pres_format(p, w, big, n + 1);
        r = PyUnicode_FromStringAndSize(big, (Py_ssize_t)n);
        free(big);
        return r;
    }
    return PyUnicode_FromStringAndSize(buf, (Py_ssize_t)n);
}

/* info() -> dict of everything but the multiplication. */
static PyObject *Quotient_info(QuotientObject *self, PyObject *noargs)
{
    const grundy_misere_pres *p = &self->pres;
    const grundy_misere_info *in = &self->info;
    PyObject *d = PyDict_New(), *gens = NULL, *rels = NULL, *words = NULL,
             *pset = NULL, *heaps = NULL, *x;
    size_t i, ng = p->ngens;
    grundy_pos h;
    char name[32];
    (void)noargs;
    if (!d)
        return NULL;
    gens = PyList_New(0);
    rels = PyList_New(0);
    words = PyList_New(0);
    pset = PyList_New(0);
    heaps = PyList_New(0);
    if (!gens || !rels || !words || !pset || !heaps)
        goto fail;
    for (i = 0; i < ng; i++) {
        grundy_misere_pres_name(p, i, name, sizeof name);
        x = Py_BuildValue("(sK)", name, (unsigned long long)p->gen_heap[i]);
        if (!x || PyList_Append(gens, x) < 0)
            goto fail_x;
        Py_DECREF(x);
    }
    for (i = 0; i < p->nrels; i++) {
        x = Py_BuildValue("(NN)", word_str(p, p->rel + 2 * i * ng),
                          word_str(p, p->rel + (2 * i + 1) * ng));
        if (!x || PyList_Append(rels, x) < 0)
            goto fail_x;
        Py_DECREF(x);
    }
    for (i = 0; i < p->order; i++) {
        x = word_str(p, p->normal + i * ng);
        if (!x || PyList_Append(words, x) < 0)
            goto fail_x;
        Py_DECREF(x);
        if (grundy_misere_is_p(self->q, (grundy_misere_elem)i)) {
            x = PyLong_FromSize_t(i);
            if (!x || PyList_Append(pset, x) < 0)
                goto fail_x;
            Py_DECREF(x);
        }
    }
    for (h = 0; h <= in->heaps; h++) {
        x = PyLong_FromUnsignedLong(grundy_misere_heap(self->q, h));
        if (!x || PyList_Append(heaps, x) < 0)
            goto fail_x;
        Py_DECREF(x);
    }
#define PUT(k, v)                                                             \
    do {                                                                      \
        PyObject *v_ = (v);                                                   \
        if (!v_ || PyDict_SetItemString(d, k, v_) < 0) {                      \
            Py_XDECREF(v_);                                                   \
            goto fail;                                                        \
        }                                                                     \
        Py_DECREF(v_);                                                        \
    } while (0)
    PUT("spec", PyUnicode_FromString(grundy_game_spec(self->g)));
    PUT("heaps", PyLong_FromUnsignedLongLong(in->heaps));
    PUT("order", PyLong_FromSize_t(in->order));
    PUT("last_change", PyLong_FromUnsignedLongLong(in->last_change));
    PUT("period", PyLong_FromUnsignedLongLong(in->period));
    PUT("preperiod", PyLong_FromUnsignedLongLong(in->preperiod));
    PUT("stopped_at", PyLong_FromUnsignedLongLong(in->stopped_at));
    PUT("stopped_candidate", PyBool_FromLong(in->stopped_candidate));
    PUT("max_order", PyLong_FromUnsignedLongLong(self->max_order));
#undef PUT
    if (PyDict_SetItemString(d, "generators", gens) < 0 ||
        PyDict_SetItemString(d, "relations", rels) < 0 ||
        PyDict_SetItemString(d, "words", words) < 0 ||
        PyDict_SetItemString(d, "p_portion", pset) < 0 ||
        PyDict_SetItemString(d, "heap_elements", heaps) < 0)
        goto fail;
    Py_DECREF(gens);
    Py_DECREF(rels);
    Py_DECREF(words);
    Py_DECREF(pset);
    Py_DECREF(heaps);
    return d;
fail_x:
    Py_XDECREF(x);
fail:
    Py_XDECREF(gens);
    Py_XDECREF(rels);
    Py_XDECREF(words);
    Py_XDECREF(pset);
    Py_XDECREF(heaps);
    Py_DECREF(d);
    return NULL;
}

static PyObject *Quotient_mul(QuotientObject *self, PyObject *args)
{
    PyObject *a, *b;
    grundy_misere_elem x, y;
    if (!PyArg_ParseTuple(args, "OO", &a, &b) || elem_arg(self, a, &x) < 0 ||
        elem_arg(self, b, &y) < 0)
        return NULL;
    return PyLong_FromUnsignedLong(grundy_misere_mul(self->q, x, y));
}

static PyObject *Quotient_is_p(QuotientObject *self, PyObject *arg)
{
    grundy_misere_elem x;
    if (elem_arg(self, arg, &x) < 0)
        return NULL;
    return PyBool_FromLong(grundy_misere_is_p(self->q, x));
}

/* sum(heaps) -> the element of a sum of heaps (a sequence of ints). */
static PyObject *Quotient_sum(QuotientObject *self, PyObject *arg)
{
    PyObject *seq = PySequence_Fast(arg, "heaps must be a sequence of ints");
    Py_ssize_t n, i;
    grundy_pos *h;
    grundy_misere_elem x;
    grundy_status s;
    if (!seq)
        return NULL;
    n = PySequence_Fast_GET_SIZE(seq);
    h = malloc(((size_t)n + 1) * sizeof *h);
    if (!h) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (i = 0; i < n; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(seq, i);
        long long v;
        if (!PyLong_Check(o)) {
            PyErr_Format(PyExc_TypeError, "heaps must be int, not %.100s",
                         Py_TYPE(o)->tp_name);
            goto fail;
        }
        v = PyLong_AsLongLong(o);
        if (v == -1 && PyErr_Occurred())
            goto fail;
        if (v < 0 || (unsigned long long)v > self->info.heaps) {
            PyErr_Format(PyExc_ValueError,
                         "heap %lld is outside the quotient's heaps "
                         "0 .. %llu",
                         v, (unsigned long long)self->info.heaps);
            goto fail;
        }
        h[i] = (grundy_pos)v;
    }
    s = grundy_misere_sum(&x, self->q, h, (size_t)n);
    free(h);
    Py_DECREF(seq);
    if (s != GRUNDY_OK) {
        PyErr_SetString(PyExc_ValueError, grundy_strerror(s));
        return NULL;
    }
    return PyLong_FromUnsignedLong(x);
fail:
    free(h);
    Py_DECREF(seq);
    return NULL;
}

static PyObject *Quotient_miseresolver(QuotientObject *self, PyObject *noargs)
{
    char *text = NULL;
    size_t len = 0;
    grundy_status s;
    PyObject *r;
    (void)noargs;
    s = grundy_misere_format_miseresolver(&text, &len, self->q, NULL);
    if (s != GRUNDY_OK)
        return PyErr_NoMemory();
    r = PyUnicode_FromStringAndSize(text, (Py_ssize_t)len);
    free(text);
    return r;
}

static PyMethodDef Quotient_methods[] = {
    {"info", (PyCFunction)Quotient_info, METH_NOARGS, "info() -> dict"},
    {"mul", (PyCFunction)Quotient_mul, METH_VARARGS, "mul(x, y) -> element"},
    {"is_p", (PyCFunction)Quotient_is_p, METH_O, "is_p(x) -> bool"},
    {"sum", (PyCFunction)Quotient_sum, METH_O, "sum(heaps) -> element"},
    {"miseresolver", (PyCFunction)Quotient_miseresolver, METH_NOARGS,
     "miseresolver() -> str"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject QuotientType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "grundy._grundy.Quotient",
    .tp_basicsize = sizeof(QuotientObject),
    .tp_dealloc = (destructor)Quotient_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A misere quotient (see grundy.Quotient).",
    .tp_methods = Quotient_methods,
};

/* Genus ********************************************************************/

const char genus_doc[] =
    "genus(spec, upto, max_states, mem_limit, threads[, progress])\n\n"
    "[(text, normal, (e0, e1, ...)), ...]: Conway's genus of heaps\n"
    "0..upto.";

PyObject *py_genus(PyObject *self, PyObject *args)
{
    const char *spec;
    unsigned long long upto, max_states;
    Py_ssize_t mem, threads;
    PyObject *progress = NULL, *l = NULL;
    grundy_game *g;
    grundy_misere_genus *ge = NULL;
    grundy_pos done = 0, h;
    grundy_status s;
    call c;
    (void)self;
    if (parse_args(args, &spec, &upto, &max_states, &mem, &threads,
                   &progress) < 0)
        return NULL;
    g = misere_game(spec);
    if (!g)
        return NULL;
    call_init(&c, (size_t)mem, (unsigned)threads, progress);
    s = grundy_limits_mem_check(&c.lim, (size_t)(upto + 1) * sizeof *ge);
    if (s == GRUNDY_OK) {
        ge = malloc((size_t)(upto + 1) * sizeof *ge);
        if (!ge)
            s = GRUNDY_ERR_NOMEM;
    }
    if (s == GRUNDY_OK)
        UNLOCKED(s = grundy_misere_genus_table(ge, &done, g, (grundy_pos)upto,
                                               (size_t)max_states, &c.lim));
    if (s == GRUNDY_ERR_LIMIT && !c.stopped) {
        PyErr_Format(LimitError,
                     "the genus of heap %llu needs more than %llu positions "
                     "or more memory than the limit; raise search_limit or "
                     "mem_limit",
                     (unsigned long long)done, max_states);
        goto out;
    }
    if (s != GRUNDY_OK) {
        call_fail(&c, s, "the genus");
        goto out;
    }
    l = PyList_New((Py_ssize_t)done);
    if (!l)
        goto out;
    for (h = 0; h < done; h++) {
        char buf[256];
        unsigned k;
        PyObject *e = PyTuple_New(ge[h].nexp), *x;
        if (!e) {
            Py_CLEAR(l);
            goto out;
        }
        for (k = 0; k < ge[h].nexp; k++)
            PyTuple_SET_ITEM(e, k, PyLong_FromUnsignedLongLong(ge[h].exp[k]));
        grundy_misere_genus_format(&ge[h], buf, sizeof buf);
        x = Py_BuildValue("(sKN)", buf, (unsigned long long)ge[h].normal, e);
        if (!x) {
            Py_CLEAR(l);
            goto out;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)h, x);
    }
out:
    free(ge);
    call_clear(&c);
    grundy_game_free(g);
    return l;
}
