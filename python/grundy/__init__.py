"""grundy: Grundy values (nimbers) of impartial games, from Python.

A thin layer over the grundy C library: the same rule families, the same
engines and the same answers as the ``grundy`` program.

>>> import grundy
>>> grundy.values("subtract:1,3,4", 10)
array([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1], dtype=uint8)
>>> grundy.value("kayles", 10**18)
1
>>> grundy.period("0.137")
Period(preperiod=52, period=34, saltus=0, proven=True)

Rule families are named by specs, as in the program: ``nim``,
``subtract:1,3,4``, ``allbut:1,2``, ``digits``, ``half``, ``rect:3x3``,
octal and hexadecimal codes (``0.137``, ``4.07``, ``0.F7``), ``kayles``,
``grundy-game``, ``divisors:36`` (see ``families()``).  Positions are ints
(heap sizes), or strings in the family's syntax (boards: ``"11/01"``).

Every function takes the keywords ``store`` (True, the default, as the
program's: the store in ``$XDG_CACHE_HOME/grundy`` or
``~/.cache/grundy``; False: nothing on disk; a path, str or os.PathLike:
that folder; a grundy.Store), ``mem_limit`` (bytes, or a string such as
``"512M"``; None: 7/8 of the machine's memory), ``work_limit`` (steps,
as the program's --work-limit), ``threads`` (None: one per CPU) and
``progress`` (True: a progress bar, tqdm's when it is installed; a
callable: called with a Progress at most every 0.1 s).

What the program's other subcommands do: misere() and genus() (``grundy
misere``), survey(), plot(), Store (``grundy store``).

Games with cycles (``addsub:S:A``, ``graph:PATH``) are Loopy objects;
analyze() takes their sums.

Errors: ``SpecError`` (a ValueError with ``.column``) for a malformed
spec; ``TypeError`` for an argument of the wrong type (a spec that is not
a str, a float position, True for a count); ``ValueError`` for a bad
position or argument; ``LimitError`` (a MemoryError) when the work would
need more memory than ``mem_limit`` or more steps than ``work_limit``,
raised before anything is allocated; ``OverflowError`` when a value
passes 32 bits.  Ctrl-C stops a long computation with KeyboardInterrupt,
and the interpreter goes on.
"""

import builtins as _builtins
from collections import namedtuple as _namedtuple

import numpy as _np

from . import _grundy
from ._args import (Period, Progress, _FAMILY_TYPES, _engine_args, _index,
                    _progress, _spec)
from ._grundy import LimitError, SpecError
from ._misere import (Element, Generator, Genus, Quotient, Relation, Stopped,
                      genus, misere)
from ._tools import (Cleared, Picture, Store, StoreEntry, StoreSearch,
                     SurveyRow, plot, survey)

__all__ = [
    "values", "value", "report", "period", "analyze", "count", "Range", "Loopy",
    "MoveSet",
    "Family", "Infinite", "Progress", "families", "canonical", "Period", "Analysis", "Move",
    "Count", "SpecError", "LimitError", "misere", "genus", "Quotient",
    "Element", "Generator", "Relation", "Stopped", "Genus", "survey",
    "SurveyRow", "plot", "Picture", "Store", "StoreEntry", "StoreSearch",
    "Cleared",
    "SearchStats",
]

__version__ = _grundy.version()

def _szudzik(a, b):
    """The Szudzik numbers of the positions (x, y), x < a, y < b, as a
    2-D array: row x, column y."""
    x = _np.arange(a, dtype=_np.uint64)[:, None]
    y = _np.arange(b, dtype=_np.uint64)[None, :]
    return _np.where(x < y, y * y + x, x * x + x + y)


def values(spec, upto=None, *, store=True, mem_limit=None, threads=None,
           progress=None, work_limit=None, out_of_core=False):
    """The Grundy values g(0), g(1), ..., g(upto) of the game ``spec``.

    Returns a read-only numpy array of upto + 1 entries, a view of the
    library's table: nothing is copied.  Its dtype is the table's width,
    uint8, uint16 or uint32: at least what the values need, and what the
    family's kernel fills (the octal kernels fill 16-bit tables, so
    kayles gives uint16 although its values stay below 10).  For a finite
    family (a board such as ``rect:3x3``) leave ``upto`` out: the array
    then holds every position, indexed by the position's number (cell
    (r, c) of an R x C board is bit r*C + c).

    For a two-heap family (``wythoff``, ``twoheap:MOVES``) ``upto`` is a
    shape ``(a, b)``: the result is a 2-D array of that shape holding
    g(x, y) at row x, column y (x < a, y < b), laid out as ``grundy values
    wythoff --upto N`` prints the square (rows a, columns b).  An int is
    refused: positions of such a game are pairs.

    The table is filled by the fastest method the family has (the sparse
    space method for octal games, bit sets for subtraction games, ...).
    A table whose memory estimate exceeds ``mem_limit`` raises
    LimitError before anything is allocated, and one whose work is
    estimated past ``work_limit`` steps (default 2**40) a ValueError.
    ``out_of_core=True`` computes a take-and-break table straight into
    its file in the store (``grundy values --out-of-core``).

    >>> grundy.values("0.137", 20).tolist()
    [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0]
    >>> grundy.values("wythoff", (3, 4)).tolist()
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5]]
    """
    spec = _spec(spec)
    st, mem, th = _engine_args(store, mem_limit, threads, [spec],
                               work_limit=work_limit,
                               out_of_core=out_of_core)
    pr = _progress(progress)
    flags = _grundy.family_flags(spec)
    if flags["finite"]:
        if upto is not None:
            raise ValueError(f"{spec} is a finite family: leave upto out to "
                             "get every position")
        return _grundy.table(spec, 0, st, mem, th, pr)
    if upto is None:
        raise ValueError(f"{spec}: say how far: values(spec, upto)")
    if flags["pairs"]:
        if not isinstance(upto, tuple) or len(upto) != 2:
            raise TypeError(
                f"{spec} is a two-heap family: give the shape (a, b) of "
                f"the square of g(x, y) wanted, values({spec!r}, (a, b)), "
                f"not {type(upto).__name__} {upto!r}")
        a, b = (_index(x, "upto") for x in upto)
        if a < 0 or b < 0 or max(a, b) > 2**32:
            raise ValueError(f"upto={upto}: a shape of 0 .. 2**32 rows and "
                             "columns")
        side = max(a, b)
        if side == 0:
            return _np.zeros((a, b), dtype=_np.uint8)
        t = _grundy.table(spec, side * side, st, mem, th, pr)
        out = t[_szudzik(a, b)]
        out.flags.writeable = False
        return out
    if isinstance(upto, tuple):
        raise TypeError(f"{spec} is a family of single heaps: upto is an "
                        "int, not a tuple")
    upto = _index(upto, "upto")
    if upto < 0 or upto >= 2**64 - 1:
        raise ValueError(f"upto={upto} is out of range")
    return _grundy.table(spec, upto + 1, st, mem, th, pr)


SearchStats = _namedtuple("SearchStats", "source nodes lookups hits stored "
                                         "evicted table_bytes entries "
                                         "capacity threads nodes_by_depth "
                                         "seconds entries_per_gib "
                                         "width_bits enddb root journal")
SearchStats.__doc__ = """How a value was found (value(..., stats=True)), as
``grundy values --position P --stats --json`` says it: ``source`` ("closed
form", "table", "period", "board search", ...) and, for a board search,
the positions searched, the table's lookups, hits, values stored and
evicted, its bytes, entries and capacity, the threads, the positions
searched at each depth (a list), the seconds, the table's values per GiB,
the width of a position in bits, the end database (a dict of its
``cells``, ``entries``, ``bytes`` and ``hits``, or None when none was
used), where the search stood at its root (a dict: the value it was
trying, ``round``, and its ``child`` of ``children``, or None) and the
facts of big parts kept in the store (a dict: ``read``, those earlier runs
kept and this one read back, and ``kept``, those this one added; None
without a store); the search fields are None when no board search
ran."""


def _position_type_error(position):
    return TypeError("positions must be int (a heap), str (the family's "
                     "syntax) or a tuple (a, b) of a two-heap game, not "
                     f"{type(position).__name__}")


def value(spec, position, *, stats=False, store=True, mem_limit=None,
          threads=None, progress=None, work_limit=None, keep_table=False,
          enddb=None):
    """g(position) of the game ``spec``, computing only what it needs.

    ``position`` is an int (a heap: any size up to 2**64 - 1) or a string
    in the family's syntax (a board: ``"111/101/111"``), a pair ``(a,
    b)`` of a two-heap game, or a sequence or numpy array of them: the
    values then come back as a numpy uint64 array, from one table when a
    table is the right source.

    Single values come from the family's closed form, a proven period
    (``value("kayles", 10**18)`` is instant), a table, a sliding window or
    a search, whichever applies first.  A table made only to answer them
    is not kept in the store unless ``keep_table=True``.  ``stats=True``
    (one position) returns ``(value, SearchStats)``: where the value came
    from and, for a board, what the search did.  ``enddb=K`` (cells, or
    ``"auto"``: from the memory limit) lets a board search read the parts
    of up to K cells from an endgame database, as ``--enddb`` does.
    """
    spec = _spec(spec)
    st, mem, th = _engine_args(store, mem_limit, threads, [spec],
                               work_limit=work_limit, keep_table=keep_table,
                               enddb=enddb)
    pr = _progress(progress)
    one = isinstance(position, (str, int, tuple)) or (
        hasattr(position, "__index__") and
        not isinstance(position, _np.ndarray))
    if isinstance(position, bool):
        raise TypeError("positions must be int, not bool")
    if isinstance(position, (float, complex)) or (
            not one and not isinstance(position, _np.ndarray) and
            not hasattr(position, "__iter__")):
        raise _position_type_error(position)
    if stats and not one:
        raise ValueError("stats=True tells how one value was found: give "
                         "one position")
    if one:
        if stats:
            arr, info = _grundy.values_at(spec, [position], st, mem, th, pr,
                                          True)
            return int(arr[0]), SearchStats(**info)
        return int(_grundy.values_at(spec, [position], st, mem, th, pr)[0])
    if isinstance(position, _np.ndarray):
        if position.dtype.kind not in "iu":
            raise TypeError("positions must be int, not an array of "
                            f"{position.dtype}")
        if position.dtype.kind == "i" and position.size and position.min() < 0:
            raise ValueError("a position is negative")
        position = _np.ascontiguousarray(position.ravel(), dtype=_np.uint64)
    return _grundy.values_at(spec, position, st, mem, th, pr)


_REASONS = {
    "proven": "a theorem proves the period (an arithmetic one has saltus > "
              "0: Nim's g(n) = n is period 1, saltus 1)",
    "none": "the family's closed form proves it has no period, nor an "
            "arithmetic one (the halving game's g(2n) = n)",
    "upto": "only g(0 .. upto) was looked at",
    "no criterion": "the family has no period criterion: a period can be "
                    "seen, never proven",
    "bound": "the search reached its bound of positions",
    "work bound": "the search stopped before a doubling past its bound of "
                  "work",
}


def report(spec, upto=None, *, json=False, list=None, stats=False,
           period=False, p_positions=False, store=True, mem_limit=None,
           threads=None, progress=None, work_limit=None):
    """What ``grundy values SPEC --upto UPTO`` prints, as a str.

    The same options as the program's: ``json`` (the object of
    ``--json``), ``stats``, ``period``, ``p_positions`` (the positions of
    value 0) and ``list`` (the values, one position a line; by default
    only when none of the other three is asked).  For a finite family
    leave ``upto`` out (``--all``); for a two-heap family ``upto`` is N of
    the square a, b <= N.  The text is written by the library's writers
    (grundy/format.h), the very ones the program prints with, so it is
    byte for byte the program's.

    >>> print(grundy.report("subtract:1,2", 4), end="")
    0 0
    1 1
    2 2
    3 0
    4 1
    """
    spec = _spec(spec)
    st, mem, th = _engine_args(store, mem_limit, threads, [spec],
                               work_limit=work_limit)
    pr = _progress(progress)
    flags = _grundy.family_flags(spec)
    if flags["finite"] != (upto is None):
        raise ValueError(f"{spec}: leave upto out for a finite family "
                         "(every position), give it otherwise")
    if flags["pairs"] and period:
        raise ValueError(f"{spec} is a two-heap game: it has no period "
                         "search")
    n = 0 if upto is None else _index(upto, "upto")
    if n < 0 or n >= 2**64 - 1:
        raise ValueError(f"upto={upto} is out of range")
    if list is None:
        list = not (stats or period or p_positions)
    what = ((_grundy.FORMAT_LIST if list else 0) |
            (_grundy.FORMAT_STATS if stats else 0) |
            (_grundy.FORMAT_ZEROS if p_positions else 0) |
            (_grundy.FORMAT_PERIOD if period else 0))
    return _grundy.report(spec, n, what, bool(json), st, mem, th, pr)


def period(spec, upto=None, *, store=True, mem_limit=None, threads=None,
           progress=None, work_limit=None, out_of_core=False):
    """The period of the game ``spec``, as a Period.

    Without ``upto`` the table grows (doubling from 1024 entries) until a
    period is proven, or to the bound ``grundy values SPEC --period``
    has; with ``upto`` only g(0 .. upto) is looked at.  The Period's
    ``reason`` says why the search stopped: "proven", "none" (a closed
    form proves there is no period, as for half: then proven is True and
    the fields None), "upto", "no criterion" (no theorem proves a period
    of this family, so none is searched for beyond 4096 positions),
    "bound" or "work bound" (the search's bound of positions or of work
    was reached); ``explain()`` says it in words.

    >>> grundy.period("subtract:1,3,4")
    Period(preperiod=0, period=7, saltus=0, proven=True)
    >>> grundy.period("grundy-game").reason
    'no criterion'
    """
    spec = _spec(spec)
    st, mem, th = _engine_args(store, mem_limit, threads, [spec],
                               work_limit=work_limit,
                               out_of_core=out_of_core)
    pr = _progress(progress)
    n = 0 if upto is None else _index(upto, "upto") + 1
    if n < 0 or n >= 2**64:
        raise ValueError(f"upto={upto} is out of range")
    found, proven, q, p, s, checked, provable, work_bound, why = \
        _grundy.period(spec, n, st, mem, th, pr)
    if found:
        r = Period(q, p, s, bool(proven))
    elif why:  # a closed form proves there is none, nor an arithmetic one
        r = Period(None, None, None, True)
        proven = True
    else:
        r = Period(None, None, None, False)
    r.checked_upto = checked - 1 if checked else 0
    r.why = why
    r.reason = ("none" if proven and not found else
                "proven" if proven else "upto" if upto is not None else
                "no criterion" if not provable else
                "work bound" if work_bound else "bound")
    return r


Move = _namedtuple("Move", "component position to value")
Move.__doc__ = """A move in one component of a sum: component (an index into
the list given to analyze()) goes from position to the parts in ``to``
(a tuple: a take-and-break move may leave several heaps, or none), whose
values XOR to ``value`` (None under misere play and in a move set of
Moore's Nim_k, where a component's value after the move decides
nothing)."""


class MoveSet(_namedtuple("MoveSet", "parts")):
    """One move of Moore's Nim_k (analyze(..., moore=k)): a move in 1 to k
    components at once, ``parts`` the Move made in each (in order of
    component), as ``grundy analyze --moore K`` prints a "winning move
    set"."""


class Analysis(_namedtuple("Analysis", "values nim_sum winner moves")):
    """A sum of games: the value of each component, the value of the sum
    (nim_sum: their XOR for finite games; None under misere play and with
    ``moore=k``, where it decides nothing), the winner with best play
    ("first": the player to move, "second", or "draw" in a sum of games
    with cycles) and the good moves (a list of Move): every winning move,
    or every move that keeps the draw when the sum is drawn; with
    ``moore=k``, one winning move as a MoveSet (1 to k moves in distinct
    components).

    ``method`` says how the winner was decided: "values" (the nim-sum),
    "rule" (Moore's rule), "quotient" (the misere quotient), "misere nim",
    "search" (the exact search of the sum) or "loopy".  ``best`` is the
    move to play (a Move, or a MoveSet with ``moore=k``; None when no
    component can move, or when analyze() was not asked for it with
    ``best=True``; always given for loopy sums): the fastest win when the
    sum is won, the longest resistance when it is lost, the draw kept in
    a drawn loopy sum; ``best_method`` says how it was chosen."""

    method = None
    best = None
    best_method = None
    _json = None

    def json(self):
        """The answer of ``grundy analyze --json`` for this sum, byte for
        byte: one JSON object and its newline (doc/JSON.md), written by
        the library's writer over its play engine, as the program and
        ``grundy serve`` write it.  For sums given by specs (a str),
        with positions as the program writes them; ValueError for one
        with a Family or a Loopy object."""
        if self._json is None:
            raise ValueError("json() writes sums given by specs: this one "
                             "has a Family or a Loopy object")
        return _grundy.analysis_json(*self._json)


class Infinite(_namedtuple("Infinite", "k")):
    """The value inf(K) of a position of a game with cycles: K is the
    tuple of the finite values among its options.  The player to move
    wins when 0 is in K, else the game is drawn.  str() gives the
    program's text, as in ``inf(0,2)``."""

    def __str__(self):
        return "inf(" + ",".join(str(x) for x in self.k) + ")"


def _loopy_value(v):
    return Infinite(v[1]) if isinstance(v, tuple) else v


class Loopy:
    """A game with cycles, solved: a family such as ``addsub:S:A`` (take
    s in S or add a in A stones, heaps 0 .. heap_max) or a graph file
    ``graph:PATH`` (an edge list or DOT, as ``grundy analyze`` reads).

    A graph given as a list of edges is ``Loopy.from_edges([(0, 1), (1,
    2), (2, 0)])``.

    Values are generalized Sprague-Grundy values: an int, or an Infinite
    (inf(K)); outcomes are "first", "second" or "draw".  Positions are
    ints (a heap, a vertex of an edge list), or the names of a DOT
    graph's vertices: value() and outcome() take them, and the Moves of
    analyze() give them, in the same type.  Sums of Loopy games go
    through analyze().

    >>> g = grundy.Loopy("addsub:2:1", heap_max=10)
    >>> g.value(3), g.outcome(3), g.value(1)
    (Infinite(k=(0,)), 'first', 0)
    """

    def __init__(self, spec, *, heap_max=None, mem_limit=None, threads=None,
                 progress=None):
        spec = _spec(spec, loopy=True)
        _, mem, th = _engine_args(False, mem_limit, threads)
        hm = 0 if heap_max is None else _index(heap_max, "heap_max")
        if hm < 0:
            raise ValueError("heap_max must not be negative")
        self._g = _grundy.Loopy(spec, hm, mem, th, _progress(progress))

    @classmethod
    def from_edges(cls, edges, n=None, *, name="edges", mem_limit=None,
                   threads=None, progress=None):
        """A token on a directed graph given by its edges, a list of
        pairs (u, v) of vertex numbers (a move goes from u to v), on the
        vertices 0 .. n-1 (default: up to the largest named).  ``name``
        names the game in output (its ``spec``).

        >>> g = grundy.Loopy.from_edges([(0, 1), (1, 2), (2, 0), (2, 3)])
        >>> g.value(3), g.value(2), g.outcome(0)
        (0, 2, 'first')
        """
        src, dst = [], []
        for e in edges:
            if isinstance(e, (str, bytes)) or not hasattr(e, "__len__") or \
                    len(e) != 2:
                raise ValueError(f"an edge is a pair (u, v), not {e!r}")
            u, v = _index(e[0], "a vertex"), _index(e[1], "a vertex")
            if u < 0 or v < 0:
                raise ValueError(f"edge {e!r}: vertices are numbered from 0")
            src.append(u)
            dst.append(v)
        top = max(src + dst, default=-1) + 1
        n = top if n is None else _index(n, "n")
        if n < top:
            raise ValueError(f"n={n}: the edges name vertex {top - 1}")
        if n < 1:
            raise ValueError("a graph of no vertex: give an edge or n")
        if not isinstance(name, str):
            raise TypeError("name is a str")
        _, mem, th = _engine_args(False, mem_limit, threads)
        g = cls.__new__(cls)
        g._g = _grundy.loopy_from_edges(n, src, dst, name, mem, th,
                                        _progress(progress))
        return g

    @property
    def spec(self):
        """The game's spec."""
        return self._g.spec

    def __len__(self):
        return len(self._g)

    def __repr__(self):
        return f"Loopy({self.spec!r}, {len(self)} positions)"

    def value(self, position):
        """The value of a position: an int, or an Infinite."""
        return _loopy_value(self._g.value(position))

    def outcome(self, position):
        """"first", "second" or "draw", for the player to move."""
        return self._g.outcome(position)

    def values(self):
        """Every position's value as a read-only numpy uint32 array, with
        INFINITE (2**32 - 1) for the infinite ones (value() gives K)."""
        return self._g.raw()


Loopy.INFINITE = 2**32 - 1


def _components(components):
    """components as a list of (spec, position) pairs; a str is read as
    the program's arguments, ``"nim 3 4 5"``."""
    if isinstance(components, str):
        words = components.split()
        if len(words) < 2:
            raise ValueError(f"'{components}': a spec and at least one "
                             "position, as in 'nim 3 4 5'")
        return [(words[0], int(w) if w.isdigit() else w) for w in words[1:]]
    comps = []
    for c in components:
        if isinstance(c, (str, bytes)) or not hasattr(c, "__len__") or \
                len(c) != 2 or not isinstance(c[0], (str, Loopy, Family)):
            raise ValueError(f"a component is a pair (spec, position), not "
                             f"{c!r}")
        comps.append(tuple(c))
    return comps


def analyze(components, *, misere=False, moore=None, best=False,
            heap_max=None, store=True, mem_limit=None, threads=None,
            progress=None, work_limit=None):
    """Values, winner, every winning move and the best move of a sum.

    ``components`` is a sequence of (spec, position) pairs, of one family
    or of several, or a str of the program's arguments (``"nim 3 4 5"``);
    a move is made in exactly one component, and the player who cannot
    move loses (``misere=True``: wins).  ``moore=k`` plays Moore's Nim_k,
    where a move changes 1 to k components.  The result is an Analysis,
    decided as ``grundy analyze`` decides it (the library chooses the
    method: the values, Moore's rule, the misere quotient, misere Nim's
    rule or an exact search) with the method.  ``best=True`` also
    chooses the move to play, as ``grundy play`` does (an exact search of
    the sum when it fits the limits, so it may take much longer).

    Games with cycles (``addsub:S:A`` with ``heap_max``, ``graph:PATH``,
    or a Loopy in place of the spec) make a loopy sum (normal play): its
    values may be Infinite and it may be drawn.  A sum does not mix games
    with cycles and finite games.

    >>> a = grundy.analyze([("nim", 3), ("nim", 4), ("nim", 5)])
    >>> a.winner, a.moves, a.method
    ('first', [Move(component=0, position=3, to=(1,), value=1)], 'values')
    >>> grundy.analyze("kayles 3 4 5", misere=True).method
    'quotient'
    """
    comps = _components(components)
    texts = [f"{c[0]}:{c[1]}" for c in comps] \
        if all(isinstance(c[0], str) for c in comps) else None
    loopy = [isinstance(c[0], Loopy) or
             _grundy.loopy_claims(_spec(c[0], True)) for c in comps]
    k = 0 if moore is None else _index(moore, "moore")
    if k < 0 or (moore is not None and k < 1):
        raise ValueError("moore must be at least 1")
    if any(loopy):
        if not all(loopy):
            raise ValueError("a sum mixes games with cycles and finite "
                             "games; analyze them apart")
        if misere or moore is not None:
            raise ValueError("sums of games with cycles are played under "
                             "the normal convention, one component a move")
        games, made = [], {}
        for spec, _ in comps:
            if isinstance(spec, Loopy):
                games.append(spec._g)
                continue
            if spec not in made:
                made[spec] = Loopy(spec, heap_max=heap_max,
                                   mem_limit=mem_limit, threads=threads,
                                   progress=progress)._g
            games.append(made[spec])
        vals, total, outcome, moves, best = _grundy.loopy_sum(
            games, [c[1] for c in comps])
        mv = lambda m: Move(m[0], m[1], (m[2],), _loopy_value(m[3]))
        a = Analysis([_loopy_value(v) for v in vals], _loopy_value(total),
                     outcome, [mv(m) for m in moves])
        a.method = a.best_method = "loopy"
        a.best = None if best is None else mv(best)
        if texts is not None:
            _, mem, th = _engine_args(False, mem_limit, threads)
            a._json = (texts, None, mem, th, _progress(progress), False,
                       0, heap_max or 0)
        return a
    if heap_max is not None:
        raise ValueError("heap_max bounds the heaps of games with cycles "
                         "(addsub); this sum has none")
    comps = [(_spec(c[0]), c[1]) for c in comps]
    st, mem, th = _engine_args(store, mem_limit, threads,
                               [c[0] for c in comps], work_limit=work_limit)
    vals, nim, first, method, moves, best, best_method = _grundy.analyze(
        comps, st, mem, th, _progress(progress), bool(misere), k,
        bool(best))
    # under misere play and in Nim_k a component's value after a move, and
    # the nim-sum, decide nothing: they are left out, as the program does
    plain = not misere and not k

    def mv(m):
        return Move(*m) if plain else Move(*m[:3], None)
    moves = [mv(m) for m in moves]
    best = [mv(m) for m in best]
    if k:
        moves = [MoveSet(tuple(moves))] if moves else []
        best = MoveSet(tuple(best)) if best else None
    else:
        best = best[0] if best else None
    a = Analysis(vals, nim if plain else None,
                 "first" if first else "second", moves)
    a.method = method
    a.best_method = best_method or None
    a.best = best
    if texts is not None:
        a._json = (texts, st, mem, th, _progress(progress), bool(misere),
                   k, 0)
    return a


Count = _namedtuple("Count", "winning losing total")
Count.__doc__ = """Counts of configurations: those the player to move wins
(N-positions), loses (P-positions), and all of them."""


def _choose_mod(mod, wsum, K, moore):
    """The modulus: mod (an odd prime), or the 62-bit prime when every
    count stays below it (then the counts are exact)."""
    if mod is not None:
        return _index(mod, "mod")
    x = 1
    for _ in range(K if wsum > 1 else 0):  # at most 62 rounds
        if x > (_grundy.PRIME_62 - 1) // wsum:
            raise OverflowError("the count can reach 2**62; give mod=P for "
                                "a count modulo the prime P")
        x *= wsum
    return _grundy.PRIME_62


def count(spec=None, *, heaps=None, max=None, tuples=None, positions=None,
          values=None, weights=None, moore=1, mod=None, store=True,
          mem_limit=None, threads=None, progress=None, work_limit=None):
    """Exact counts of winning and losing configurations, as a Count.

    Three questions, as ``grundy count`` asks them:

    - ``count(spec, heaps=K, max=M)``: the K-heap positions of a heap
      family with every heap in [0, M];
    - ``count(spec, tuples=K, positions=[p, ...])``: the ordered K-tuples
      (repeats allowed) of components, each the game ``spec`` at one of
      the positions;
    - ``count(tuples=K, values=[v, ...])`` or ``weights={v: w, ...}``:
      the same for components given by their Grundy values (with a
      weight each).

    ``moore=k`` counts Moore's Nim_k, where a move lowers 1 to k heaps
    (components must be Nim heaps: nim, divisors:H, or plain values).
    ``mod=P`` gives the counts modulo the odd prime P < 2**62; without
    it they are exact, and OverflowError is raised when they could reach
    2**62.  Counts come from transforms of the value histogram, not from
    enumeration, so K may be as large as 10**18.

    >>> grundy.count("half", heaps=2, max=50).losing
    145
    """
    moore = _index(moore, "moore")
    if moore < 1:
        raise ValueError("moore must be at least 1")
    if heaps is not None:
        if spec is None or max is None or tuples is not None:
            raise ValueError("count(spec, heaps=K, max=M)")
        heaps, max = _index(heaps, "heaps"), _index(max, "max")
        if heaps < 1 or max < 0 or max >= 2**64 - 1:
            raise ValueError("heaps must be at least 1 and max at least 0")
        spec = _spec(spec)
        st, mem, th = _engine_args(store, mem_limit, threads, [spec],
                                   work_limit=work_limit)
        p = _choose_mod(mod, max + 1, heaps, moore)
        return Count(*_grundy.count_heaps(spec, heaps, max, moore, p, st,
                                          mem, th, _progress(progress)))
    if tuples is None:
        raise ValueError("give heaps=K (with max=M) or tuples=K")
    K = _index(tuples, "tuples")
    if K < 1:
        raise ValueError("tuples must be at least 1")
    hist = {}
    if positions is not None:
        if spec is None or values is not None or weights is not None:
            raise ValueError("count(spec, tuples=K, positions=[...])")
        positions = list(positions)
        if len(set(positions)) != len(positions):
            raise ValueError("a position is listed twice")
        vs = value(spec, positions, store=store, mem_limit=mem_limit,
                   threads=threads, work_limit=work_limit)
        for v in vs.tolist():
            hist[v] = hist.get(v, 0) + 1
    elif values is not None or weights is not None:
        if spec is not None or (values is not None and weights is not None):
            raise ValueError("count(tuples=K, values=[...]) or "
                             "count(tuples=K, weights={value: weight})")
        items = ((v, 1) for v in values) if values is not None else \
            weights.items()
        for v, w in items:
            v, w = _index(v, "a value"), _index(w, "a weight")
            if v < 0 or w < 0:
                raise ValueError("values and weights must not be negative")
            hist[v] = hist.get(v, 0) + w
    else:
        raise ValueError("give positions=[...], values=[...] or weights={}")
    if not hist:
        raise ValueError("no components to count")
    max_value = _builtins.max(hist)
    if max_value > 65535:
        raise ValueError("a value above 65535 is too large to count")
    wsum = sum(hist.values())
    p = _choose_mod(mod, wsum, K, moore)
    table = [0] * (max_value + 1)
    for v, w in hist.items():
        table[v] = w % p
    _, mem, th = _engine_args(False, mem_limit, threads)
    return Count(*_grundy.count_tuples(table, K, moore, p, mem, th,
                                       _progress(progress)))


class Range:
    """A sequence of positions of one game under updates, with questions
    about its ranges: the nim-sum and the winner of a range's sum, a
    winning move, and how many of its subsets the first player wins.

    Ranges are given as in Python's ``range(start, stop)``: positions
    start .. stop - 1; leaving both out means the whole sequence.  Every
    question costs O(log n), whatever the range's length.

    >>> r = grundy.Range("nim", [3, 5, 6, 1])
    >>> r.winner(), r.move()
    ('first', (0, (2,)))
    >>> r.winner(0, 3), r.move(0, 3), r.count(0, 3)
    ('second', None, 6)
    >>> r.set(0, 2); r.winner()
    'second'

    ``mod`` is the prime of count() (default 1 000 000 007); count=False
    makes a lighter engine without count() and rank().  Values of
    positions must be at most 65535.
    """

    def __init__(self, spec, positions, *, mod=None, count=True,
                 store=True, mem_limit=None, threads=None, work_limit=None):
        spec = _spec(spec)
        st, mem, th = _engine_args(store, mem_limit, threads, [spec],
                                   work_limit=work_limit)
        m = 0 if mod is None else _index(mod, "mod")
        if m < 0:
            raise ValueError("mod must be a prime")
        self.spec = spec = _spec(spec)
        self._r = _grundy.Range(spec, list(positions), m, bool(count), st,
                                mem, th)

    def __len__(self):
        return len(self._r)

    def __repr__(self):
        return f"Range({self.spec!r}, {len(self)} positions)"

    def _span(self, start, stop):
        n = len(self._r)
        start = 0 if start is None else _index(start, "start")
        stop = n if stop is None else _index(stop, "stop")
        if not 0 <= start < stop <= n:
            raise IndexError(f"range({start}, {stop}) is empty or outside "
                             f"0 .. {n}")
        return start, stop - 1

    def __getitem__(self, i):
        """The value of position i."""
        return self._r.value(self._norm(i))

    def _norm(self, i):
        i = _index(i, "an index")
        return i + len(self._r) if i < 0 else i

    def position(self, i):
        """Position i."""
        return self._r.position(self._norm(i))

    def set(self, i, position):
        """Position i becomes ``position``."""
        self._r.set(self._norm(i), position)

    def xor(self, start=None, stop=None):
        """The nim-sum (XOR of the values) of positions start .. stop-1."""
        return self._r.xor(*self._span(start, stop))

    def winner(self, start=None, stop=None):
        """'first' when the player to move wins the sum of the range,
        else 'second'."""
        return "first" if self.xor(start, stop) else "second"

    def rank(self, start=None, stop=None):
        """The dimension of the GF(2) span of the range's values."""
        return self._r.rank(*self._span(start, stop))

    def count(self, start=None, stop=None):
        """How many subsets of the range's positions (the empty one
        included) the first player wins, modulo ``mod``."""
        return self._r.count(*self._span(start, stop))

    def move(self, start=None, stop=None):
        """A winning move in the sum of the range: (i, parts), position i
        moved to the parts (a tuple: a split leaves two, taking the last
        stones none), in the leftmost component that can win; None when
        the player to move loses."""
        return self._r.move(*self._span(start, stop))

    @property
    def modulus(self):
        """The prime of count()."""
        return self._r.modulus


class Family:
    """Rules written in Python: a heap game whose moves a function lists.

    ``moves(n)`` returns the moves from a heap of n: each an int (the
    heap left) or a tuple of ints (the heaps a move that splits leaves;
    ``()`` leaves nothing), every heap smaller than n.  The family then
    goes through the same engine as a built-in one: values(), value(),
    period(), analyze() and count() take it in place of a spec (or its
    ``spec``, ``"python:ID"``).  moves() is called once per position, and
    values are kept: ``g.values(n)`` and ``g.value(p)`` reuse the largest
    table made so far.  Periods are as seen, never proven (no theorem
    knows the rules).  A Family's tables are never written to the store,
    and it runs on one thread.

    >>> g = grundy.Family(lambda n: [n - s for s in (1, 3, 4) if s <= n])
    >>> g.values(10).tolist()
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
    >>> kayles = grundy.Family(lambda n: [(a, n - t - a) for t in (1, 2)
    ...                                   for a in range(n - t + 1)])
    >>> kayles.value(34), grundy.value("kayles", 34)
    (6, 6)

    An exception raised by moves() comes back from the call, with a note
    naming the Family; a move that is not an int or a tuple of ints, or
    that does not make the heaps smaller, is a TypeError or ValueError
    naming the position.
    """

    def __init__(self, moves):
        self._f = _grundy.Family(moves)
        self._table = None

    @property
    def spec(self):
        """The spec naming this family for this interpreter's engine."""
        return self._f.spec

    def __repr__(self):
        return f"Family({self.spec!r})"

    def values(self, upto, **kw):
        """g(0 .. upto) as a read-only numpy array (see values())."""
        upto = _index(upto, "upto")
        if self._table is None or len(self._table) <= upto:
            self._table = values(self.spec, upto, **kw)
        return self._table[: upto + 1]

    def value(self, n, **kw):
        """g(n), from the table kept when it covers n."""
        n = _index(n, "a heap")
        if n < 0:
            raise ValueError(f"heap {n} is negative")
        if self._table is None or len(self._table) <= n:
            size = n if self._table is None else \
                _builtins.max(n, 2 * len(self._table))
            self._table = values(self.spec, size, **kw)
        return int(self._table[n])

    def period(self, upto=None, **kw):
        """The period as seen in g(0 .. upto) (see period())."""
        return period(self.spec, upto, **kw)


_FAMILY_TYPES.append(Family)


def families():
    """The built-in rule families: a list of (name, synopsis)."""
    return _grundy.families()


def canonical(spec):
    """The canonical spec of a game: one text for every spelling
    (``canonical("kayles") == "0.77"``)."""
    return _grundy.canonical(spec)
