"""Misere quotients and Conway's genus: what ``grundy misere`` prints, as
objects."""

import re as _re
from collections import namedtuple as _namedtuple

from . import _grundy
from ._args import Period, _engine_args, _index, _progress, _spec


class Element(int):
    """An element of a misere quotient: an int (the quotient's number for
    it; 0 is the identity) whose str() is its normal form over the
    generators, as ``grundy misere`` writes it (``ab^2``, ``1``)."""

    def __new__(cls, number, word):
        e = super().__new__(cls, number)
        e.word = word
        return e

    def __str__(self):
        return self.word

    def __repr__(self):
        return f"Element({int(self)}, {self.word!r})"


Generator = _namedtuple("Generator", "name heap")
Generator.__doc__ = """A generator of a quotient: its name and the heap
whose element it is."""

Relation = _namedtuple("Relation", "lhs rhs")
Relation.__doc__ = """A defining relation of a quotient, lhs = rhs, both
words as str (the rhs a normal form)."""

Stopped = _namedtuple("Stopped", "heap candidate max_order")
Stopped.__doc__ = """Where the growth of a quotient stopped on max_order:
the heap that could not be added, whether it was a candidate quotient
(rather than the quotient itself) that grew past max_order, and the
bound."""

_FACTOR = _re.compile(r"\.?([a-zA-Z]|g[0-9]+)(?:\^([0-9]+))?")


class Quotient:
    """The misere quotient of a take-and-break game restricted to heaps
    1..heaps (Plambeck and Siegel): a finite commutative monoid with a set
    P of losing elements and an element for every heap size.  A sum of
    heaps is lost for the player to move exactly when the product of its
    heaps' elements lies in P.  Made by grundy.misere().

    Elements are Element objects (ints whose str is their normal form);
    every method that takes an element also takes its normal form as a
    str, or any word over the generators (``"b^2c"``).

    >>> q = grundy.misere("0.75", 12)
    >>> q.order, [str(x) for x in q.p_portion]
    (8, ['a', 'b^2'])
    >>> q.outcome([1, 2, 5]), q.is_p(q.element([2, 2]))
    ('first', True)
    """

    def __init__(self, q):
        self._q = q
        info = q.info()
        self.spec = info["spec"]
        self.heaps = info["heaps"]
        self.order = info["order"]
        self.last_change = info["last_change"]
        self.elements = [Element(i, w) for i, w in enumerate(info["words"])]
        self.generators = [Generator(n, h) for n, h in info["generators"]]
        self.relations = [Relation(a, b) for a, b in info["relations"]]
        self.p_portion = [self.elements[i] for i in info["p_portion"]]
        self.heap_elements = [self.elements[i]
                              for i in info["heap_elements"]]
        if info["period"]:
            self.period = Period(info["preperiod"], info["period"], 0, False)
            self.period.checked_upto = self.heaps
        else:
            self.period = None
        self.stopped = Stopped(info["stopped_at"],
                               info["stopped_candidate"],
                               info["max_order"]) \
            if info["stopped_at"] else None
        self._gens = {g.name: self.heap_elements[g.heap]
                      for g in self.generators}

    @property
    def p_count(self):
        """|P|."""
        return len(self.p_portion)

    @property
    def periodic(self):
        """Whether the heap -> element map is seen to repeat (at least
        two full periods seen; not proven)."""
        return self.period is not None

    def __repr__(self):
        return (f"<Quotient of {self.spec} to heap {self.heaps}: order "
                f"{self.order}, |P| {self.p_count}>")

    def _elem(self, x):
        """An Element from an Element, an int or a word."""
        if isinstance(x, str):
            return self.parse(x)
        if isinstance(x, bool) or not isinstance(x, int):
            raise TypeError("an element is an Element, an int or a word "
                            f"(str), not {type(x).__name__}")
        if not 0 <= x < self.order:
            raise ValueError(f"element {x} is outside the quotient (order "
                             f"{self.order})")
        return self.elements[x]

    def parse(self, word):
        """The element of a word over the generators: ``"ab^2"``, or
        ``"a.b^2"`` (names longer than a letter are separated by dots),
        ``"1"`` for the identity."""
        if not isinstance(word, str):
            raise TypeError(f"a word is a str, not {type(word).__name__}")
        text = word.strip()
        x = self.elements[0]
        if text == "1":
            return x
        pos = 0
        while pos < len(text):
            m = _FACTOR.match(text, pos)
            if not m or m.end() == pos:
                raise ValueError(f"word '{word}' at column {pos + 1}: "
                                 "expected a generator ("
                                 + ", ".join(self._gens) + ")")
            name, k = m.group(1), int(m.group(2) or 1)
            if name not in self._gens:
                raise ValueError(f"word '{word}' at column {pos + 1}: no "
                                 f"generator '{name}' (the generators: "
                                 + ", ".join(self._gens) + ")")
            g = self._gens[name]
            while k:  # x * g^k by squaring
                if k & 1:
                    x = self.multiply(x, g)
                g, k = self.multiply(g, g), k >> 1
            pos = m.end()
        return x

    def multiply(self, a, b):
        """The product a b of two elements."""
        return self.elements[self._q.mul(int(self._elem(a)),
                                         int(self._elem(b)))]

    def is_p(self, x):
        """Whether x is in P: a sum whose product is x is lost for the
        player to move."""
        return self._q.is_p(int(self._elem(x)))

    def element(self, heaps):
        """The element of a sum of heaps (a list of heap sizes, each at
        most ``heaps``), or of one heap (an int)."""
        if isinstance(heaps, int) and not isinstance(heaps, bool):
            heaps = [heaps]
        if isinstance(heaps, (str, bytes)):
            raise TypeError("heaps are ints: element([3, 5, 9])")
        return self.elements[self._q.sum(list(heaps))]

    def outcome(self, heaps):
        """"second" when the sum of heaps is lost for the player to move,
        else "first"."""
        return "second" if self.is_p(self.element(heaps)) else "first"

    def miseresolver(self):
        """The quotient in the text A. N. Siegel's MisereSolver prints for
        a presentation, to compare with its output line by line:

        ``Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}``, a blank line,
        ``|Q| = 8; |P| = 2``, a blank line, and ``Phi =`` with the element
        of every heap from 0.  The generators are MisereSolver's (those
        above, less each one the others generate), exponents follow the
        letter, and a quotient MisereSolver calls tame is written as it
        writes it, ``(Q,P) = Tk``."""
        return self._q.miseresolver()


def misere(spec, upto, *, max_order=None, mem_limit=None, threads=None,
           progress=None):
    """The misere quotient of heaps 1..upto of a take-and-break game
    (an octal or hexadecimal code, or grundy-game), as a Quotient: what
    ``grundy misere SPEC --upto N`` prints.

    The quotient grows heap by heap and every step is verified by a proof
    that covers every sum of heaps.  When it, or a candidate for it, would
    pass ``max_order`` elements (default 4096), growth stops and the
    quotient of the heaps before is returned, with ``stopped`` saying
    where.  LimitError when it needs more memory than ``mem_limit``."""
    spec = _spec(spec)
    upto = _index(upto, "upto")
    if not 1 <= upto <= 1000000:
        raise ValueError(f"upto={upto} is out of range [1, 1000000]")
    mo = 4096 if max_order is None else _index(max_order, "max_order")
    if not 1 <= mo <= 1 << 24:
        raise ValueError(f"max_order={mo} is out of range [1, 2**24]")
    _, mem, th = _engine_args(False, mem_limit, threads)
    return Quotient(_grundy.misere(spec, upto, mo, mem, th,
                                   _progress(progress)))


class Genus(_namedtuple("Genus", "normal misere")):
    """Conway's genus g^(g0 g1 ...) of a heap: ``normal`` is its
    normal-play value g, ``misere`` the misere values g0, g1, ... of the
    heap plus 0, 1, ... heaps *2, written up to where they start to
    alternate.  str() gives the text of the literature (``4^146``)."""

    text = None

    def __str__(self):
        return self.text


def genus(spec, upto, *, search_limit=None, mem_limit=None, threads=None,
          progress=None):
    """Conway's genus of heaps 0..upto of a take-and-break game, a list
    of Genus indexed by heap: what ``grundy misere SPEC --upto N --genus``
    prints.  The search stores at most ``search_limit`` positions
    (default 2**21); LimitError past it."""
    spec = _spec(spec)
    upto = _index(upto, "upto")
    if not 1 <= upto <= 1000000:
        raise ValueError(f"upto={upto} is out of range [1, 1000000]")
    sl = (1 << 21) if search_limit is None else \
        _index(search_limit, "search_limit")
    if not 1 <= sl <= 1 << 32:
        raise ValueError(f"search_limit={sl} is out of range [1, 2**32]")
    _, mem, th = _engine_args(False, mem_limit, threads)
    out = []
    for text, normal, exps in _grundy.genus(spec, upto, sl, mem, th,
                                            _progress(progress)):
        g = Genus(normal, exps)
        g.text = text
        out.append(g)
    return out
