"""What the program's other subcommands do, from Python: survey (rows of
a whole family of codes), plot (pictures), and the store of tables."""

import fnmatch as _fnmatch
import os as _os
from collections import namedtuple as _namedtuple

from . import _grundy
from ._args import (Period, _STORE_TYPES, _engine_args, _index, _progress,
                    _spec)

# survey ----------------------------------------------------------------------

SURVEY_MAX_CODES = 1 << 20


class SurveyRow(_namedtuple("SurveyRow", "code group status period max "
                                         "last_rare seconds")):
    """One code of a survey, as a row of ``grundy survey``: the code, its
    group (the canonical code of the first code whose values agree up to
    ``upto``: the same game, or another game with the same values),
    its status ("periodic": a period proven; "arithmetic-periodic": an
    arithmetic period seen; "none"; "skipped": over a limit, with
    ``skipped`` saying which), its period (a Period, or None), the largest
    value, the last rare position (None when the split could not be
    made) and the seconds it took."""

    skipped = None


def _codes(codes):
    """The codes of a survey: a pattern's, or those of an iterable."""
    if isinstance(codes, str):
        return _grundy.pattern_codes(codes, SURVEY_MAX_CODES)
    if isinstance(codes, bytes):
        raise TypeError("codes are a pattern (str) or a list of codes")
    out = []
    for c in codes:
        if not isinstance(c, str):
            raise TypeError(f"a code is a str, not {type(c).__name__}")
        out.append(c.strip())
    if not out:
        raise ValueError("no codes to survey")
    return out


def survey(codes, upto, *, store=True, mem_limit=None, threads=None,
           progress=None, work_limit=None):
    """The rows of ``grundy survey``: every code tabulated to ``upto``,
    yielded one SurveyRow at a time as each table is done.

    ``codes`` is a pattern ("0.ddd": every three-digit octal code; after
    the point 'd' is any octal digit and 'h' any hexadecimal one) or a
    list of codes.  Every code is checked before the first table: a
    malformed one is a SpecError, a board a ValueError.  A table over
    ``mem_limit`` or ``work_limit`` gives a row with status "skipped".
    Tables go through the store as the program's do, so a survey broken
    off and started again reads back what it finished.

    >>> [r.status for r in grundy.survey("0.1d", 100)][:3]
    ['periodic', 'periodic', 'periodic']
    """
    codes = _codes(codes)
    upto = _index(upto, "upto")
    if not 1 <= upto < 2**64 - 1:
        raise ValueError(f"upto={upto} is out of range")
    canon = []
    for c in codes:
        flags = _grundy.family_flags(c)  # SpecError for a bad code
        if not flags["heap"] or flags["finite"] or flags["pairs"]:
            raise ValueError(f"'{c}': a survey takes heap games, not "
                             "boards or two-heap games")
        canon.append(_grundy.canonical(c))
    return _survey_rows(codes, canon, upto, store, mem_limit, threads,
                        progress, work_limit)


def _survey_rows(codes, canon, upto, store, mem_limit, threads, progress,
                 work_limit):
    st, mem, th = _engine_args(store, mem_limit, threads, codes,
                               work_limit=work_limit)
    pr = _progress(progress)
    first = {}  # the hash of g(0..upto) -> the group of the first code
    for code, group in zip(codes, canon):
        r = _grundy.survey_row(code, upto, st, mem, th, pr)
        if "skipped" in r:
            row = SurveyRow(code, group, "skipped", None, None, None,
                            r["seconds"])
            row.skipped = r["skipped"]
            yield row
            continue
        shown = r["found"] and (r["proven"] or r["saltus"])
        per = None
        if shown:
            per = Period(r["preperiod"], r["period"], r["saltus"],
                         r["proven"])
            per.checked_upto = r["checked_upto"] - 1
        status = ("arithmetic-periodic" if shown and r["saltus"] else
                  "periodic" if shown else "none")
        group = first.setdefault(r["hash"], group)
        yield SurveyRow(code, group, status, per, r["max"],
                        r["last_rare"] if r["have_rare"] else None,
                        r["seconds"])


# plot ------------------------------------------------------------------------

class Picture(_namedtuple("Picture", "svg info")):
    """A picture from plot(): ``svg``, its SVG text (None when it was
    written to a file), and ``info``, a dict of what was drawn (as the
    program's summary line: positions, largest value, rare mask, period;
    for a board position its value, moves, winning moves and parts)."""


_FORMATS = {".svg": "svg", ".pdf": "pdf", ".png": "png"}


def _range(x, name, lo, hi):
    x = _index(x, name)
    if not lo <= x <= hi:
        raise ValueError(f"{name}={x} is out of range [{lo}, {hi}]")
    return x


def plot(spec, upto=None, *, path=None, position=None, histogram=False,
         log=False, all=False, rare=True, width=None, height=None,
         title=None, xlabel=None, ylabel=None, font_size=None, format=None,
         store=True, mem_limit=None, threads=None, progress=None,
         work_limit=None):
    """The picture ``grundy plot`` draws, as SVG text or into a file.

    What to draw, one of: ``upto=N`` (g(n) for n = 0..N, one dot per
    position or, when there are more positions than pixel columns, every
    value of each column's run; for wythoff and twoheap the map of g(a, b)
    for a, b = 0..N), ``position=POS`` (a board position of cram, rect,
    chomp or node-kayles with the value of every move), or ``all=True``
    with ``histogram=True`` (the values of every position of a board).
    ``histogram=True`` counts the values (``log=True``: on a logarithmic
    scale); ``rare=False`` draws every value in one colour; ``width``,
    ``height``, ``title``, ``xlabel``, ``ylabel`` and ``font_size`` as
    the program's options.

    With ``path`` (a str or os.PathLike ending in .svg, .pdf or .png, or
    ``format=`` to say it) the picture is written there, whole or not at
    all; PDF and PNG need cairo (libcairo2).  Returns a Picture: ``svg``
    (the SVG text without a path, else None) and ``info``.

    >>> svg = grundy.plot("0.137", 300).svg
    >>> svg.startswith("<?xml")
    True
    """
    spec = _spec(spec)
    flags = _grundy.family_flags(spec)
    given = (upto is not None) + (position is not None) + bool(all)
    if given != 1:
        raise ValueError("say what to draw: one of upto=N, position=POS "
                         "(a board) and all=True (with histogram=True)")
    if log and not histogram:
        raise ValueError("log=True applies to histogram=True")
    if position is not None:
        if histogram:
            raise ValueError("histogram=True counts the values of a table: "
                             "give upto=N or all=True, not position=")
        if not flags["board"]:
            raise ValueError(f"position= draws a position of a board "
                             f"(cram, rect, chomp, node-kayles); for "
                             f"{spec} give upto=N")
        if not isinstance(position, str):
            raise TypeError("position is a str in the family's syntax "
                            "(such as '111/111' or 'start')")
    if all:
        if not flags["finite"]:
            raise ValueError("all=True needs a finite family (a board); "
                             "give upto=N")
        if not histogram:
            raise ValueError(
                "all=True would colour every position number, which shows "
                "nothing of the board: draw a position and its moves with "
                "position=" + ("'start'" if flags["start"] else
                               "ROWS (e.g. '111/111')") +
                ", or count the values with all=True, histogram=True")
    if upto is not None:
        if flags["finite"]:
            raise ValueError(f"{spec} is a finite family: give position="
                             f"POS, or all=True with histogram=True")
        upto = _range(upto, "upto", 0, 2**48 - 1)
    fmt = None
    if path is not None:
        if not isinstance(path, (str, _os.PathLike)):
            raise TypeError("path is a str or os.PathLike, not "
                            f"{type(path).__name__}")
        path = _os.fsdecode(_os.fspath(path))
        ext = _os.path.splitext(path)[1].lower()
        fmt = _FORMATS.get(ext)
    if format is not None:
        if format not in ("svg", "pdf", "png"):
            raise ValueError(f"format='{format}': 'svg', 'pdf' or 'png'")
        fmt = format
    if path is not None and fmt is None:
        raise ValueError(f"path '{path}': say the picture's format with the "
                         "extension (.svg, .pdf, .png) or format=")
    if path is None and fmt not in (None, "svg"):
        raise ValueError(f"a {fmt.upper()} goes to a file: give path=")
    req = {
        "upto": upto, "position": position, "histogram": bool(histogram),
        "log": bool(log), "no_rare": not rare,
        "map": bool(flags["pairs"]) and upto is not None and not histogram,
        "width": 960 if width is None else
        _range(width, "width", 240, 20000),
        "have_width": width is not None,
        "height": 540 if height is None else
        _range(height, "height", 180, 20000),
        "font_size": 0 if font_size is None else
        _range(font_size, "font_size", 6, 40),
        "title": title, "xlabel": xlabel, "ylabel": ylabel,
        "path": path, "format": fmt or "svg",
    }
    for k in ("title", "xlabel", "ylabel"):
        if req[k] is not None and not isinstance(req[k], str):
            raise TypeError(f"{k} is a str")
    st, mem, th = _engine_args(store, mem_limit, threads, [spec],
                               work_limit=work_limit)
    svg, info = _grundy.plot(spec, req, st, mem, th, _progress(progress))
    return Picture(svg, info)


# the store -------------------------------------------------------------------

StoreEntry = _namedtuple("StoreEntry", "spec path entries width max "
                                       "complete period bytes version "
                                       "slices")
StoreEntry.__doc__ = """A table in the store, as ``grundy store list``
shows it: its canonical spec, its file (a split table's manifest), its
entries, bytes per value, largest value, whether it is complete (or a
checkpoint of a longer computation), its period (a Period, or None), the
file's bytes (a split table's with every slice), the version of grundy
that wrote it, and the slices of a split table (None for a whole one)."""

StoreSearch = _namedtuple("StoreSearch", "spec path facts width bytes "
                                         "in_use")
StoreSearch.__doc__ = """A board search kept in the store, as ``grundy store
list`` shows it: the journal in which a search of a board keeps what it
found about big parts, so that a stopped run goes on from there.  Its
canonical spec, its file, the facts it holds, the width of its keys in
bits (64, 128 or 256), the file's bytes, and whether a running search
holds it."""

Cleared = _namedtuple("Cleared", "removed busy")
Cleared.__doc__ = """What Store.clear() did: tables removed, and tables in
use (their lock held) that stayed."""


def _bytes_arg(x, name):
    """A byte count: an int, or a str such as "512M" ("none": no limit,
    returned as 2**64 - 1)."""
    if isinstance(x, str):
        from ._args import _parse_bytes
        if x.strip().lower() == "none":
            return 2**64 - 1
        return _parse_bytes(x, name)
    x = _index(x, name)
    if x < 1:
        raise ValueError(f"{name} must be at least 1 byte")
    return x


class Store:
    """The store of tables, as ``grundy store`` manages it: the folder
    where computed tables are kept (``$XDG_CACHE_HOME/grundy`` or
    ``~/.cache/grundy`` by default, as the program's), with a size
    limit (``limit``: bytes or a str such as "2G", or "none"; default
    GRUNDY_STORE_LIMIT or 4 GiB).

    A Store is also what every function's ``store=`` takes: its folder
    and its limit are then used.

    Tables are kept as the program keeps them: one that took a second
    or more to compute (GRUNDY_STORE_MIN_MS), and one made for single
    values only with keep_table=True.  A board search with a store
    keeps the facts of its big parts as it goes, so that a stopped run
    goes on: searches() lists them.

    >>> s = grundy.Store("/tmp/tables", limit="1G")
    >>> g = grundy.values("grundy-game", 2**24, store=s)   # kept
    >>> [(e.spec, e.entries) for e in s.list()]
    [('grundy-game', 16777217)]
    """

    def __init__(self, path=None, *, limit=None):
        if path is not None:
            if not isinstance(path, (str, _os.PathLike)):
                raise TypeError("path is a str or os.PathLike, not "
                                f"{type(path).__name__}")
            path = _os.fsdecode(_os.fspath(path))
            if not path:
                raise ValueError("store: an empty path")
        lim = 0 if limit is None else _bytes_arg(limit, "limit")
        self._s = _grundy.Store(path, lim)

    @property
    def path(self):
        """The folder."""
        return self._s.dir

    @property
    def limit(self):
        """The size limit in bytes, or None for none."""
        return self._s.limit

    @property
    def writable(self):
        """Whether the folder can be written (else the store only
        reads)."""
        return self._s.writable

    def __repr__(self):
        return f"Store({self.path!r})"

    def list(self):
        """Every table, sorted by spec: a list of StoreEntry (files that
        cannot be read are damaged(), not here)."""
        out = []
        for e in self._s.list():
            if not e["readable"]:
                continue
            per = None
            if e["period"] is not None:
                q, p, s, proven, checked = e["period"]
                per = Period(q, p, s, proven)
                per.checked_upto = checked - 1 if checked else 0
            out.append(StoreEntry(e["spec"], e["path"], e["entries"],
                                  e["width"], e["max"], e["complete"], per,
                                  e["bytes"], e["version"],
                                  e["slices"] or None))
        return out

    def searches(self):
        """Every board search kept (the journals of the lasting table),
        sorted by spec: a list of StoreSearch (damaged ones are in
        damaged(), not here)."""
        return [StoreSearch(e["spec"], e["path"], e["records"], e["width"],
                            e["bytes"], e["in_use"])
                for e in self._s.journals() if e["readable"]]

    def damaged(self):
        """The files whose header cannot be read (or that are filed under
        another spec's name), tables and journals of board searches: a
        list of paths."""
        return ([e["path"] for e in self._s.list() if not e["readable"]] +
                [e["path"] for e in self._s.journals() if not e["readable"]])

    def usage(self):
        """The bytes of every file of the store."""
        return self._s.usage()

    def _verify_searches(self, spec, out):
        """The board searches kept (of spec, or all) into out, under
        "SPEC (board search)" (a damaged one's path); their count."""
        n = 0
        for e in self._s.journals():
            if spec is not None and (not e["readable"] or e["spec"] != spec):
                continue
            ok, _, why = self._s.verify_journal(e["path"])
            name = (f"{e['spec']} (board search)" if e["readable"]
                    else e["path"])
            out[name] = None if ok else why
            n += 1
        return n

    def verify(self, spec=None):
        """Every checksum of one table (spec) or of all, and of every
        record of the board searches kept (of spec, or all): a dict from
        spec ("SPEC (board search)" for a search kept; a file's path for
        a damaged one) to None when sound, else what failed.  KeyError
        when there is neither a table nor a board search of spec."""
        out = {}
        if spec is not None:
            c = _grundy.canonical(_spec(spec))
            found, ok, why = self._s.verify(c, None)
            if found:
                out[c] = None if ok else why
            if not self._verify_searches(c, out) and not found:
                raise KeyError(f"no table of '{c}' in {self.path}")
            return out
        for e in self._s.list():
            found, ok, why = self._s.verify(None, e["path"])
            name = e["spec"] if e["readable"] else e["path"]
            if not found:
                continue  # removed meanwhile
            out[name] = None if ok else why
        self._verify_searches(None, out)
        return out

    def remove(self, spec):
        """Remove the table of spec, or of every spec that matches a
        shell pattern ('cram:*'), with its checkpoint, lock and files set
        aside, and the board searches kept for them: the list of the
        specs removed ("SPEC (board search)" for a search kept).  A board
        search that a running search holds stays (BlockingIOError, after
        the others went).  KeyError when nothing matches."""
        if not isinstance(spec, str):
            raise TypeError(f"spec is a str, not {type(spec).__name__}")
        pattern = any(ch in spec for ch in "*?[")
        if pattern:
            names = sorted({e.spec for e in self.list()
                            if _fnmatch.fnmatchcase(e.spec, spec)})
            searches = sorted({e.spec for e in self.searches()
                               if _fnmatch.fnmatchcase(e.spec, spec)})
            removed = [n for n in names if self._s.remove(n)]
            if not names and not searches:
                raise KeyError(f"no table matches '{spec}' in {self.path}")
        else:
            c = _grundy.canonical(_spec(spec))
            searches = [c]
            removed = [c] if self._s.remove(c) else []
        held = 0
        for c in searches:
            gone, busy = self._s.remove_journals(c, True)
            held += busy
            if gone:
                removed.append(f"{c} (board search)")
        if held:
            raise BlockingIOError(f"{held} board search(es) of '{spec}' in "
                                  f"use (a search is running) stay in "
                                  f"{self.path}")
        if not removed and not pattern:
            raise KeyError(f"no table of '{searches[0]}' in {self.path}")
        return removed

    def clear(self):
        """Remove every table (but those being computed) and every file
        set aside: a Cleared(removed, busy)."""
        return Cleared(*self._s.clear())

    def trim(self, limit=None):
        """Remove the least recently used tables until the store takes at
        most ``limit`` bytes (default: its limit): the bytes removed."""
        lim = self.limit if limit is None else _bytes_arg(limit, "limit")
        if lim is None:
            return 0
        return self._s.trim(lim)

    def path_of(self, spec):
        """The file of spec's table (it may not exist)."""
        return self._s.entry_path(_grundy.canonical(_spec(spec)))


_STORE_TYPES.append(Store)
