"""Python means what the program means: two-heap families as 2-D arrays,
why a period search stopped, games with cycles (one type of position, a
graph from its edges), and arguments refused with the real problem."""
import functools
import json
import os
import random

import numpy as np
import pytest

import grundy

SEED = int(os.environ.get("GRUNDY_TEST_SEED", "20240611"))


# Two-heap families ---------------------------------------------------------

def twoheap_mex(moves, n):
    """g(a, b) for a, b < n by the definition: moves(a, b) lists the
    positions reachable, the mex of their values."""
    @functools.lru_cache(maxsize=None)
    def g(a, b):
        seen = {g(x, y) for x, y in moves(a, b)}
        v = 0
        while v in seen:
            v += 1
        return v
    return g


def wythoff_moves(a, b):
    out = [(a - k, b) for k in range(1, a + 1)]
    out += [(a, b - k) for k in range(1, b + 1)]
    out += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return out


def test_two_heap_values_are_a_2d_array_as_the_program_prints(cli):
    t = grundy.values("wythoff", (12, 9))
    assert t.shape == (12, 9)
    g = twoheap_mex(wythoff_moves, 12)
    assert all(t[a, b] == g(a, b) for a in range(12) for b in range(9))
    # the program's square: rows a, columns b
    rows = cli("values", "wythoff", "--upto", 8).splitlines()[1:]
    square = [[int(x) for x in r.split()[1:]] for r in rows]
    assert t[:9, :9].tolist() == square
    assert not t.flags.writeable
    tw = grundy.values("twoheap:t/0,0/t,t/t@2", (6, 6))
    assert tw.tolist() == [[int(x) for x in r.split()[1:]] for r in
                           cli("values", "twoheap:t/0,0/t,t/t@2", "--upto",
                               5).splitlines()[1:]]
    assert grundy.values("wythoff", (0, 5)).shape == (0, 5)


def test_an_int_upto_of_a_two_heap_family_is_refused():
    with pytest.raises(TypeError, match=r"two-heap family: give the shape "
                                        r"\(a, b\)"):
        grundy.values("wythoff", 100)
    with pytest.raises(TypeError, match="single heaps"):
        grundy.values("nim", (3, 4))


# period(): why it stopped ------------------------------------------------------

def test_period_says_why_it_stopped():
    p = grundy.period("subtract:1,3,4")
    assert p.proven and p.reason == "proven"
    g = grundy.period("grundy-game")
    assert not g.proven and g.reason == "no criterion"
    assert "no period criterion" in g.explain() and "reason=" in repr(g)
    u = grundy.period("kayles", 100)
    assert u.reason == "upto" and not u.proven
    # 0.16 proves its period 149459 only past 6 * 10^5 positions
    b = grundy.period("0.16", work_limit=10**7, store=False)
    assert b.reason == "work bound" and not b.proven
    assert grundy.period("0.137").reason == "proven"


def allbut_mex(excluded, n):
    """g(0 .. n) of the all-but subtraction game by the definition: from m
    any k = 1 .. m tokens may be taken except k in excluded."""
    g = []
    for m in range(n + 1):
        seen = {g[m - k] for k in range(1, m + 1) if k not in excluded}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def holds(g, q, p, s):
    """g(n + p) = g(n) + s for every n >= q the list g reaches."""
    return all(g[n + p] == g[n] + s for n in range(q, len(g) - p))


def test_periods_of_closed_forms():
    n = grundy.period("nim")
    assert (n.period, n.preperiod, n.saltus, n.proven) == (1, 0, 1, True)
    assert n.why == "g(n) = n" and n.reason == "proven"
    assert grundy.value("nim", 10**18) == 10**18  # not from a "period"
    h = grundy.period("half")
    assert h.reason == "none" and h.proven and h.period is None
    assert h.why.startswith("g(2n) = n")
    assert "no period" in h.explain()
    # what the closed form says, against the definition (take 1 .. m / 2)
    gh = []
    for m in range(2000):
        seen = {gh[m - k] for k in range(1, m // 2 + 1)}
        v = 0
        while v in seen:
            v += 1
        gh.append(v)
    assert all(gh[2 * k] == k for k in range(1000))
    assert all(gh[2 * k + 1] == gh[k] for k in range(999))
    assert grundy.values("half", 1999).tolist() == gh


def test_allbut_arithmetic_period_proven():
    a = grundy.period("allbut:1,2")
    assert (a.period, a.preperiod, a.saltus, a.proven) == (3, 0, 1, True)
    assert a.reason == "proven" and a.why is None
    g = allbut_mex({1, 2}, 1500)
    assert grundy.values("allbut:1,2", 1500).tolist() == g
    assert holds(g, 0, 3, 1)  # g(n) = floor(n / 3), by the definition
    # far out, from the period
    assert grundy.value("allbut:1,2", 10**15) == 10**15 // 3


def arithmetic_seen(g):
    """The least p with g(n + p) = g(n) + s, s > 0, from some q on to the
    end of g, over at least two periods and half of g: (q, p, s), or
    None.  The rule the program states for a period seen, applied here
    to values from the definition."""
    size = len(g)
    for d in range(1, size // 2 + 1):
        s = g[-1] - g[-1 - d]
        if s <= 0:
            continue
        q = size - d
        while q > 0 and g[q - 1 + d] == g[q - 1] + s:
            q -= 1
        if size - q >= 2 * d and 2 * (size - q) >= size:
            return q, d, s
    return None


def test_allbut_periods_random():
    """The arithmetic period reported for random all-but games is the one
    the values from the definition show."""
    rng = random.Random(SEED)
    proven = 0
    fixed = [[2, 3, 6, 8], [1, 7, 12, 14, 15]]  # preperiods 42 and 114
    for case in range(40):
        excl = fixed[case] if case < len(fixed) else \
            sorted(rng.sample(range(1, 16), rng.randint(1, 5)))
        spec = "allbut:" + ",".join(map(str, excl))
        n = 600
        far = allbut_mex(set(excl), 1000)
        g = far[:n + 1]
        msg = f"seed {SEED} case {case} {spec}"
        assert grundy.values(spec, n).tolist() == g, msg
        p = grundy.period(spec, n)
        assert p.why is None, msg
        want = arithmetic_seen(g)
        got = None if p.period is None else (p.preperiod, p.period,
                                             p.saltus)
        assert got == want, msg
        if want:
            assert holds(g, *want), msg
        if p.proven:  # what the table proves holds far past it
            assert holds(far, *want), msg
            proven += 1
        if case < len(fixed):
            assert want[0] > 0, msg  # not purely arithmetic periodic
    assert proven >= 20, f"seed {SEED}: {proven} of 40 proven"


# Games with cycles ---------------------------------------------------------

def loopy_values(n, edges):
    """Generalized Sprague-Grundy values by the definition, brute force:
    the smallest labelling by Smith's rules, level by level."""
    succ = [[] for _ in range(n)]
    for u, v in edges:
        succ[u].append(v)
    val = [None] * n
    m = 0
    while True:
        changed = True
        while changed:
            changed = False
            for x in range(n):
                if val[x] is not None:
                    continue
                opts = succ[x]
                if any(val[y] == m for y in opts):
                    continue
                if all(val[y] is not None and val[y] < m or
                       any(val[z] == m for z in succ[y]) for y in opts) and \
                        set(range(m)) <= {val[y] for y in opts}:
                    val[x] = m
                    changed = True
        if all(v is not None for v in val) or m > n:
            break
        m += 1
    return val


def test_loopy_from_edges_against_the_definition():
    rng = random.Random(SEED)
    for it in range(40):
        n = rng.randint(1, 9)
        edges = [(rng.randrange(n), rng.randrange(n))
                 for _ in range(rng.randint(0, 2 * n))]
        g = grundy.Loopy.from_edges(edges, n)
        want = loopy_values(n, edges)
        for x in range(n):
            v = g.value(x)
            if want[x] is None:
                assert isinstance(v, grundy.Infinite), f"seed={SEED} {it}"
            else:
                assert v == want[x], f"seed={SEED} it={it} {edges} {x}"


def test_loopy_from_edges_is_the_file(tmp_path):
    edges = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]
    f = tmp_path / "g.txt"
    f.write_text("".join(f"{u} {v}\n" for u, v in edges))
    a = grundy.Loopy.from_edges(edges)
    b = grundy.Loopy("graph:" + str(f))
    assert len(a) == len(b) == 5
    assert [a.value(x) for x in range(5)] == [b.value(x) for x in range(5)]
    with pytest.raises(ValueError, match="an edge is a pair"):
        grundy.Loopy.from_edges([(0, 1, 2)])
    with pytest.raises(ValueError, match="n=2: the edges name vertex 4"):
        grundy.Loopy.from_edges([(0, 4)], 2)


def test_loopy_positions_have_one_type():
    g = grundy.Loopy("addsub:4,5:2", heap_max=20)
    a = grundy.analyze([(g, 5), (g, 12)])
    for m in a.moves:
        assert isinstance(m.position, int) and all(
            isinstance(t, int) for t in m.to)
        # a move's position is what value() takes, and gives its value
        assert g.value(m.to[0]) == m.value
    e = grundy.Loopy.from_edges([(0, 1), (1, 2), (2, 3)])
    b = grundy.analyze([(e, 0)])
    assert b.moves and isinstance(b.moves[0].to[0], int)


def test_loopy_dot_positions_are_names(tmp_path):
    f = tmp_path / "g.dot"
    f.write_text("digraph { a -> b -> c -> a; c -> d -> e; }\n")
    g = grundy.Loopy("graph:" + str(f))
    a = grundy.analyze([(g, "d")])
    assert [(m.position, m.to) for m in a.moves] == [("d", ("e",))]
    assert g.value(a.moves[0].to[0]) == 0


# Arguments -----------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: grundy.value("nim", 3.0),
    lambda: grundy.value("nim", [1.0, 2]),
    lambda: grundy.value("kayles", np.array([1.5, 2.0])),
    lambda: grundy.analyze([("nim", 3.5)]),
    lambda: grundy.Range("nim", [1, 2.0]),
])
def test_a_float_position_is_named(call):
    with pytest.raises(TypeError, match="positions must be int"):
        call()


@pytest.mark.parametrize("call", [
    lambda: grundy.values("nim", True),
    lambda: grundy.period("nim", True),
    lambda: grundy.value("nim", True),
    lambda: grundy.misere("0.75", True),
    lambda: grundy.count("nim", heaps=True, max=3),
])
def test_true_is_not_one(call):
    with pytest.raises(TypeError, match="bool"):
        call()


def test_loopy_bound_is_named_heap_max():
    with pytest.raises(ValueError, match=r"heap_max=H") as e:
        grundy.Loopy("addsub:1:1")
    assert "--max" not in str(e.value)


def test_readme_installs_with_debians_python():
    # the python3 first on PATH may not be Debian's, which alone sees
    # python3-numpy and python3-setuptools
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        text = f.read()
    part = text[text.index("## Use from Python"):]
    block = part[part.index("```"):]
    block = block[:block.index("```", 3)]
    assert "/usr/bin/python3 -m venv --system-site-packages env" in block
    assert "\npython3 -m venv" not in block
