"""Misere quotients and the genus from Python, against a direct misere
search of small sums written here (no quotient theory), and against the
program's output."""
import functools
import itertools
import json
import os
import random
import re

import pytest

import grundy

SEED = int(os.environ.get("GRUNDY_TEST_SEED", "20240611"))
MULT = int(os.environ.get("GRUNDY_TEST_MULTIPLIER", "1"))


# The oracle: the rules of a code and a search of sums -------------------

def code_moves(code):
    """moves(n) of an octal or hexadecimal code d0.d1d2...: the tuples of
    heaps left by each move from a heap of n."""
    head, tail = code.split(".")
    digits = [int(head, 16)] + [int(c, 16) for c in tail]

    def moves(n):
        out = set()
        for j, d in enumerate(digits):
            if j > n:
                break
            left = n - j
            if d & 1 and left == 0 and j > 0:
                out.add(())
            if d & 2 and left > 0 and j > 0:
                out.add((left,))
            if d & 4:
                for a in range(1, left // 2 + 1):
                    out.add((a, left - a))
            if d & 8:
                for a in range(1, left // 3 + 1):
                    for b in range(a, (left - a) // 2 + 1):
                        out.add((a, b, left - a - b))
        return sorted(out)
    return moves


def misere_search(code):
    """lost(heaps) -> True when the player to move loses the sum under
    misere play (the player who cannot move wins)."""
    moves = functools.lru_cache(maxsize=None)(code_moves(code))

    @functools.lru_cache(maxsize=None)
    def lost(state):
        any_move = False
        for i, h in enumerate(state):
            if i and state[i - 1] == h:
                continue
            rest = state[:i] + state[i + 1:]
            for m in moves(h):
                any_move = True
                if lost(tuple(sorted(rest + m))):
                    return False
        return any_move
    return lambda heaps: lost(tuple(sorted(h for h in heaps if h)))


CODES = ["0.75", "0.07", "0.77", "0.137", "0.26", "4.7", "0.52", "0.56",
         "0.31", "0.F7"]


@pytest.mark.parametrize("code", CODES)
def test_quotient_decides_every_small_sum_as_the_search(code):
    n = 9
    q = grundy.misere(code, n)
    lost = misere_search(code)
    assert q.heaps == n and len(q.heap_elements) == n + 1
    for k in range(0, 4):
        for heaps in itertools.combinations_with_replacement(
                range(1, n + 1), k):
            x = q.element(list(heaps))
            assert q.is_p(x) == lost(heaps), (code, heaps)
            assert (q.outcome(list(heaps)) == "second") == lost(heaps)
            # the product of the heaps' elements, one by one
            y = q.elements[0]
            for h in heaps:
                y = q.multiply(y, q.heap_elements[h])
            assert y == x and q.element(list(heaps)) == x
    rng = random.Random(SEED)
    for it in range(60 * MULT):
        heaps = [rng.randint(1, n) for _ in range(rng.randint(4, 6))]
        assert q.is_p(q.element(heaps)) == lost(heaps), \
            f"seed={SEED} it={it} {code} {heaps}"


@pytest.mark.parametrize("code", ["0.75", "0.07", "0.26", "4.7"])
def test_quotient_matches_the_program(cli, code):
    q = grundy.misere(code, 14)
    want = json.loads(cli("misere", code, "--upto", 14, "--json"))
    assert q.order == want["order"] and q.p_count == want["p_count"]
    assert [(g.name, str(g.heap)) for g in q.generators] == \
        [(g["name"], g["heap"]) for g in want["generators"]]
    assert [(r.lhs, r.rhs) for r in q.relations] == \
        [(r["lhs"], r["rhs"]) for r in want["relations"]]
    assert [str(x) for x in q.p_portion] == want["p_portion"]
    assert [str(x) for x in q.heap_elements[1:]] == want["heap_elements"]
    assert str(q.last_change) == want["last_change"]
    if want["period"]:
        assert q.periodic and q.period.period == want["period"]["period"]
        assert q.period.preperiod == want["period"]["preperiod"]
        assert not q.period.proven
    else:
        assert q.period is None and not q.periodic
    assert q.stopped is None


def test_elements_words_and_relations():
    q = grundy.misere("0.75", 12)
    assert q.order == 8 and len(q.elements) == 8
    for x in q.elements:
        assert q.parse(str(x)) == x and isinstance(x, grundy.Element)
    for r in q.relations:  # the relations hold
        assert q.parse(r.lhs) == q.parse(r.rhs)
    for g in q.generators:
        assert str(q.heap_elements[g.heap]) == g.name
    assert q.multiply("a", "a") == q.parse("1") == 0
    assert q.parse("b^3") == q.parse("b") and q.parse("b^301") == q.parse("b")
    assert q.is_p("b^2") and not q.is_p(0)
    assert q.element(5) == q.heap_elements[5]
    with pytest.raises(ValueError, match="no generator 'z'"):
        q.parse("az")
    with pytest.raises(ValueError, match="outside the quotient"):
        q.is_p(8)
    with pytest.raises(ValueError, match="heap 13 is outside"):
        q.element([13])
    with pytest.raises(TypeError):
        q.is_p(1.0)


def test_max_order_stops_with_the_quotient_before(cli):
    q = grundy.misere("0.07", 40, max_order=100)
    assert q.stopped is not None and q.stopped.max_order == 100
    assert q.heaps == q.stopped.heap - 1 and q.order <= 100
    out = cli("misere", "0.07", "--upto", 40, "--max-order", 100, "--json")
    want = json.loads(out)
    assert want["stopped"]["heap"] == str(q.stopped.heap)
    assert want["order"] == q.order


def test_misere_refuses_what_is_no_take_and_break_game():
    with pytest.raises(ValueError, match="not a take-and-break game"):
        grundy.misere("nim", 5)
    with pytest.raises(ValueError, match="no move from any heap"):
        grundy.misere("0.0", 5)
    with pytest.raises(grundy.SpecError):
        grundy.misere("0.1x", 5)
    with pytest.raises(ValueError, match="out of range"):
        grundy.misere("0.75", 0)
    with pytest.raises(TypeError):
        grundy.misere("0.75", True)


# MisereSolver's text -------------------------------------------------------

MS_WORD = re.compile(r"([a-zA-Z])([0-9]*)")


def ms_word(text):
    """A MisereSolver word as {letter: exponent} ("1" is {})."""
    if text == "1":
        return {}
    out = {}
    for m in MS_WORD.finditer(text):
        out[m.group(1)] = int(m.group(2) or 1)
    assert "".join(f"{k}{v if v > 1 else ''}" for k, v in out.items()) == \
        text, text
    return out


def colex_key(word, letters):
    return [word.get(c, 0) for c in reversed(letters)]


@pytest.mark.parametrize("code", ["0.75", "0.07", "0.77", "0.26", "0.76",
                                  "4.7", "0.31", "0.56", "0.1"])
def test_miseresolver_text_is_the_quotient(code):
    q = grundy.misere(code, 14)
    text = q.miseresolver()
    lines = text.split("\n")
    assert lines[1] == "" and lines[3] == "" and text.endswith("\n")
    assert lines[2] == f"|Q| = {q.order}; |P| = {q.p_count}"
    phi = lines[4].split(" ")
    assert phi[0] == "Phi" and phi[1] == "=" and len(phi) == q.heaps + 3
    phi = [ms_word(w) for w in phi[2:]]
    tame = lines[0].startswith("(Q,P) = T")
    k = q.order - 2
    assert tame == (q.order <= 2 or (q.p_count == 2 and k & (k - 1) == 0))
    if tame:
        assert lines[0] == f"(Q,P) = T{(q.order).bit_length() - 1}"
        letters = sorted({c for w in phi for c in w})
    else:
        m = re.fullmatch(r"Q = <([a-zA-Z,]+) \| (.*)>; P = \{(.*)\}",
                         lines[0])
        assert m, lines[0]
        letters = m.group(1).split(",")
    # a generator's heap: the first heap whose word is the letter alone
    gen = {c: next(q.heap_elements[h] for h, w in enumerate(phi)
                   if w == {c: 1}) for c in letters}

    def value(w):
        x = q.elements[0]
        for c, k in w.items():
            for _ in range(k):
                x = q.multiply(x, gen[c])
        return x
    for h, w in enumerate(phi):  # Phi is the heap map
        assert value(w) == q.heap_elements[h], (code, h)
    # no generator is generated by the others (MisereSolver drops those)
    for c in letters:
        seen, todo = {0}, [q.elements[0]]
        while todo:
            x = todo.pop()
            for d in letters:
                y = q.multiply(x, gen[d]) if d != c else x
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        assert gen[c] not in seen, (code, c)
    if tame:
        return
    # every word written is the colex-least word of its element, found
    # letter by letter from the last: the least exponent of the last
    # letter, then of the one before, ...
    n = len(letters)

    def reach(i):
        """The elements of words over the first i letters."""
        seen, todo = {0}, [0]
        while todo:
            x = todo.pop()
            for c in letters[:i]:
                y = int(q.multiply(x, gen[c]))
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        return seen
    reaches = [reach(i) for i in range(n + 1)]

    @functools.lru_cache(maxsize=None)
    def least(x, i):
        """The colex-least word over letters[:i] reaching x, as a tuple of
        exponents, or None."""
        if i == 0:
            return () if x == 0 else None
        g = gen[letters[i - 1]]
        best, p = None, q.elements[0]
        for e in range(q.order + 1):
            for y in reaches[i - 1]:
                if q.multiply(y, p) == x:
                    w = least(y, i - 1)
                    if w is not None and (best is None or
                                          w[::-1] < best[::-1]):
                        best = w
            if best is not None:
                return best + (e,)
            p = q.multiply(p, g)
        return None

    def as_tuple(w):
        return tuple(w.get(c, 0) for c in letters)
    for w in phi:
        assert as_tuple(w) == least(int(value(w)), n), (code, w)
    rels = [r.split("=") for r in m.group(2).split(",")]
    for lhs, rhs in rels:
        assert value(ms_word(lhs)) == value(ms_word(rhs))
        assert colex_key(ms_word(rhs), letters) < \
            colex_key(ms_word(lhs), letters)
    keys = [colex_key(ms_word(lhs), letters) for lhs, _ in rels]
    assert keys == sorted(keys)
    pw = m.group(3).split(",")
    assert sorted(int(value(ms_word(w))) for w in pw) == \
        sorted(int(x) for x in q.p_portion)
    pkeys = [colex_key(ms_word(w), letters) for w in pw]
    assert pkeys == sorted(pkeys)


def test_miseresolver_text_of_a_known_quotient():
    # 0.75 to heap 12, as grundy misere prints it, in MisereSolver's words
    assert grundy.misere("0.75", 12).miseresolver() == (
        "Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}\n\n"
        "|Q| = 8; |P| = 2\n\n"
        "Phi = 1 a b a b c b c b ab2 b ab2 b\n")


# Genus ---------------------------------------------------------------------

def misere_value_search(code):
    """The misere Grundy value of (heap n) + k heaps *2, by search."""
    moves = functools.lru_cache(maxsize=None)(code_moves(code))

    @functools.lru_cache(maxsize=None)
    def mval(heaps, nims):
        opts = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for m in moves(h):
                opts.add(mval(tuple(sorted(rest + m)), nims))
        for i, v in enumerate(nims):
            rest = nims[:i] + nims[i + 1:]
            for u in range(v):
                opts.add(mval(heaps, tuple(sorted(rest + ((u,) if u else ())))))
        if not opts:
            return 1
        v = 0
        while v in opts:
            v += 1
        return v
    return lambda n, k: mval((n,) if n else (), (2,) * k)


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137"])
def test_genus_against_a_search(cli, code):
    gs = grundy.genus(code, 9)
    mv = misere_value_search(code)
    want = cli("misere", code, "--upto", 9, "--genus").split("\n")
    for h, g in enumerate(gs):
        assert str(g) == want[h].split()[1]
        for k, e in enumerate(g.misere):
            assert e == mv(h, k), (code, h, k)
    assert str(gs[5]) == "4^146" if code == "0.77" else True
