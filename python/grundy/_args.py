"""Arguments as the C layer takes them, shared by the modules of the
package: the engine's keywords (store, mem_limit, threads, progress),
specs, ints, and the result types more than one module returns."""

import os as _os
from collections import namedtuple as _namedtuple

from . import _grundy

# The classes whose objects stand for a spec (grundy.Family).
_FAMILY_TYPES = []

_SUFFIX = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


# The classes whose objects are a store (grundy.Store).
_STORE_TYPES = []


def _parse_bytes(text, name):
    """A byte count as the program reads one: digits with K, M, G or T
    (powers of 1024; "KiB" and "KB" alike)."""
    t = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = t[-1:] if t[-1:] in _SUFFIX else ""
    number = t[: len(t) - len(unit)]
    if not number.isdigit():
        raise ValueError(f"{name}: '{text}' is not a byte count (like "
                         "1048576, 64M, 2G)")
    return int(number) * _SUFFIX[unit]


def _engine_args(store, mem_limit, threads, specs=(), *, work_limit=None,
                 out_of_core=False, keep_table=False, enddb=None):
    """(engine, mem_limit, threads) as the C layer takes them: engine is
    (folder or None, store limit, out_of_core, keep_table, work limit,
    enddb), the folder "" for the default one and enddb -1 for "auto".
    A game of a Family is never stored (its rules live only in this
    interpreter) and runs on one thread (its callable holds the GIL)."""
    limit = 0
    if any(isinstance(x, str) and x.startswith("python:") for x in specs):
        store, threads = False, 1
    if store is False or store is None:
        st = None
    elif store is True:
        st = ""
    elif isinstance(store, tuple(_STORE_TYPES)):
        st = store.path
        limit = store.limit if store.limit is not None else 2**64 - 1
    elif isinstance(store, (str, _os.PathLike)):
        st = _os.fspath(store)
        if isinstance(st, bytes):
            st = _os.fsdecode(st)
        if not st:
            raise ValueError("store: an empty path")
    else:
        raise TypeError("store is True, False, None, a path (str or "
                        "os.PathLike) or a grundy.Store, not "
                        f"{type(store).__name__}")
    if mem_limit is None:
        mem = 0
    elif isinstance(mem_limit, str):
        mem = _parse_bytes(mem_limit, "mem_limit")
    else:
        mem = _index(mem_limit, "mem_limit")
    if mem < 0:
        raise ValueError("mem_limit must not be negative")
    th = 0 if threads is None else _index(threads, "threads")
    if th < 0:
        raise ValueError("threads must not be negative")
    if work_limit is None:
        work = 0
    else:
        work = _index(work_limit, "work_limit")
        if work < 1:
            raise ValueError("work_limit must be at least 1 step")
    for name, flag in (("out_of_core", out_of_core),
                       ("keep_table", keep_table)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} is True or False, not "
                            f"{type(flag).__name__}")
    if enddb is None:
        db = 0
    elif enddb == "auto":
        db = -1
    elif isinstance(enddb, str):
        raise ValueError(f"enddb={enddb!r}: a number of cells or 'auto'")
    else:
        db = _index(enddb, "enddb")
        if not 0 <= db <= 40:
            raise ValueError(f"enddb={db} is out of range (0 .. 40 cells)")
    if out_of_core and st is None:
        raise ValueError("out_of_core=True grows the table in its file in "
                         "the store: give store=True or a folder")
    return (st, limit, out_of_core, keep_table, work, db), mem, th


def _spec(spec, loopy=False):
    """spec, checked: a str naming a game of this kind (a Family gives
    its own)."""
    if isinstance(spec, tuple(_FAMILY_TYPES)):
        return spec.spec
    if not isinstance(spec, str):
        raise TypeError("a rules spec is a str (such as 'kayles' or "
                        f"'subtract:1,3,4'), not {type(spec).__name__}")
    if not loopy and _grundy.loopy_claims(spec):
        raise ValueError(f"'{spec}' is a game with cycles, whose values may "
                         "be infinite: use grundy.Loopy(spec) and "
                         "grundy.analyze()")
    return spec


class Progress(_namedtuple("Progress", "phase done total final")):
    """A report of long work: the phase ("table", "period search", ...),
    units done and the total (0 when unknown), and whether it is the last
    report of the phase.  ``detail``: a text of where it stands beyond
    its count, or None (a board search: "round 3, child 22 of 40", the
    value it is trying at its root and the child it has reached); an
    attribute, not a field, so that a Progress still unpacks into its
    four fields."""

    detail = None


class _Bar:
    """progress=True: a tqdm bar per phase when tqdm is installed, else
    one line on stderr that is rewritten (in a log, where stderr is not a
    terminal: a line every 10 s)."""

    def __init__(self):
        try:
            import tqdm as _tqdm
            self._tqdm = _tqdm.tqdm
        except ImportError:
            self._tqdm = None
        self._bar = None
        self._phase = None
        self._last = 0.0

    def __call__(self, p):
        if self._tqdm is not None:
            if p.phase != self._phase:
                self.close()
                self._phase = p.phase
                self._bar = self._tqdm(total=p.total or None, desc=p.phase,
                                       unit_scale=True, leave=False)
            if p.total and self._bar.total != p.total:
                self._bar.total = p.total
            if p.detail:
                self._bar.set_postfix_str(p.detail, refresh=False)
            self._bar.update(p.done - self._bar.n)
            if p.final:
                self.close()
        else:
            import sys
            import time
            # at a terminal one line rewritten; in a log (not a terminal)
            # a line of its own every 10 s, as the program's --progress
            tty = sys.stderr.isatty()
            now = time.monotonic()
            first = p.phase != self._phase
            if not (tty or first or p.final or now - self._last >= 10):
                return
            self._phase = None if p.final else p.phase
            self._last = now
            tot = f" / {p.total}" if p.total else ""
            tot += f", {p.detail}" if p.detail else ""
            end = "\n" if p.final or not tty else "\r"
            sys.stderr.write(f"grundy: {p.phase}: {p.done}{tot}{end}")
            sys.stderr.flush()

    def close(self):
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        self._phase = None


def _progress(progress):
    """The C layer's progress callable for the keyword progress: None or
    False (none), True (a bar), or a callable taking a Progress."""
    if progress is None or progress is False:
        return None
    if progress is True:
        report = _Bar()
    elif callable(progress):
        report = progress
    else:
        raise TypeError("progress is True, False, None or a callable taking "
                        f"a Progress, not {type(progress).__name__}")
    def call(phase, done, total, final, detail=None):
        p = Progress(phase, done, total, final)
        if detail is not None:
            p.detail = detail
        return report(p)
    return call


def _index(x, name):
    """x as an int; a bool is refused (True is no count of anything)."""
    if isinstance(x, bool):
        raise TypeError(f"{name} must be an int, not bool ({x})")
    try:
        return x.__index__()
    except AttributeError:
        raise TypeError(f"{name} must be an int, not "
                        f"{type(x).__name__}") from None


class Period(_namedtuple("Period", "preperiod period saltus proven")):
    """What the values show about a period: g(n + period) = g(n) + saltus
    for every n >= preperiod (saltus is 0 for ordinary periodicity).

    ``proven`` is True when a theorem settles it (for subtraction games a
    run of max(S) repeated values, for octal codes the Guy-Smith
    criterion, for the arithmetic periods of all-but games the check of
    doc/periods.md); otherwise the repetition was only seen.  When no
    repetition was seen at all, preperiod, period and saltus are None.
    ``checked_upto`` is the last position looked at; ``reason``, from
    grundy.period(), why the search stopped (see explain()); ``why``, the
    closed form that settles the period when the family has one ("g(n) =
    n" for Nim, whose period 1 has saltus 1), else None.
    """

    checked_upto = None
    reason = None
    why = None

    def explain(self):
        """Why the search stopped, in words (None when not known)."""
        from . import _REASONS
        return _REASONS.get(self.reason)

    def __repr__(self):
        r = super().__repr__()
        if self.reason and not self.proven:
            r = r[:-1] + f", reason={self.reason!r})"
        return r


