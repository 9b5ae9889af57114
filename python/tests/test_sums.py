"""grundy.analyze, count and Range against the grundy program."""
import json
import random

import pytest

import grundy

SUMS = [
    [("nim", 3), ("nim", 4), ("nim", 5)],
    [("nim", 1), ("nim", 2), ("nim", 3)],
    [("0.137", 10), ("0.137", 20)],
    [("kayles", 10), ("rect:2x2", "11/01")],
    [("subtract:1,3,4", 100), ("digits", 12345), ("half", 77)],
    [("grundy-game", 30), ("0.07", 12), ("rect:3x3", "111/101/111")],
]


@pytest.mark.parametrize("comps", SUMS)
def test_analyze_matches_cli(cli, comps):
    got = grundy.analyze(comps)
    args = ["analyze", "--mix", "--json"] + [f"{s}:{p}" for s, p in comps]
    want = json.loads(cli(*args))
    assert got.values == [c["value"] for c in want["components"]]
    assert got.nim_sum == want["value"]
    assert got.winner == want["winner"]

    # the CLI's JSON writes positions as strings; both leave empty heaps
    # out of what a move leaves (doc/JSON.md)
    def text(p):
        return p if isinstance(p, str) else str(p)

    assert [(m.component + 1, text(m.position), [text(x) for x in m.to],
             m.value) for m in got.moves] == \
        [(m["component"], m["from"], m["to"], m["value"])
         for m in want["winning_moves"]]


def test_analyze_a_lost_sum():
    a = grundy.analyze([("nim", 5), ("nim", 5)])
    assert a.winner == "second" and a.moves == [] and a.nim_sum == 0


def cli_count(cli, *args, input=None):
    out = cli("count", *args, "--print", "all", input=input)
    d = dict(line.split() for line in out.strip().split("\n"))
    return grundy.Count(int(d["winning"]), int(d["losing"]), int(d["total"]))


@pytest.mark.parametrize("spec,heaps,mx,moore", [
    ("half", 2, 50, 1), ("nim", 3, 7, 2), ("0.137", 4, 300, 1),
    ("subtract:1,3,4", 5, 1000, 1), ("nim", 6, 100, 3)])
def test_count_heaps_matches_cli(cli, spec, heaps, mx, moore):
    got = grundy.count(spec, heaps=heaps, max=mx, moore=moore)
    assert got == cli_count(cli, spec, "--heaps", heaps, "--max", mx,
                            "--moore", moore)


def test_count_tuples_match_cli(cli):
    assert grundy.count("divisors:36", tuples=4, positions=[1, 2, 3],
                        moore=2) == \
        cli_count(cli, "divisors:36", "--positions", "1,2,3", "--tuples", 4,
                  "--moore", 2)
    assert grundy.count(tuples=4, values=[3, 5, 3], moore=2,
                        mod=1000000007) == \
        cli_count(cli, "--tuples", 4, "--moore", 2, "--mod", 1000000007,
                  input="3 5 3\n")
    assert grundy.count(tuples=10**18, weights={0: 3, 1: 5, 7: 2},
                        mod=998244353) == \
        cli_count(cli, "--tuples", 10**18, "--weighted", "--mod", 998244353,
                  input="0 3\n1 5\n7 2\n")
    assert grundy.count("0.137", tuples=3, positions=range(50)) == \
        cli_count(cli, "0.137", "--positions",
                  ",".join(map(str, range(50))), "--tuples", 3)


def test_count_errors():
    with pytest.raises(OverflowError):
        grundy.count("nim", heaps=100, max=10**6)
    with pytest.raises(ValueError):
        grundy.count("nim", heaps=2, max=10, mod=10)   # not a prime
    with pytest.raises(ValueError):
        grundy.count("0.137", heaps=2, max=10, moore=2)  # not Nim heaps
    with pytest.raises(ValueError):
        grundy.count("rect:2x2", heaps=2, max=3)  # not a heap family
    with pytest.raises(ValueError):
        grundy.count("nim", tuples=2, positions=[1, 1])
    with pytest.raises(ValueError):
        grundy.count(tuples=2)


def range_session(spec, n, q, rng, big):
    """A random session: the program's input, and the same operations as
    calls on a grundy.Range."""
    pos = [rng.randrange(big) for _ in range(n)]
    ops = []
    for _ in range(q):
        t = rng.randrange(1, 5)
        if t == 2:
            ops.append((2, rng.randrange(n), rng.randrange(big)))
        else:
            lo = rng.randrange(n)
            ops.append((t, lo, rng.randrange(lo, n)))
    text = f"{n}\n{' '.join(map(str, pos))}\n{q}\n" + "".join(
        f"{t} {a + 1} {b + (0 if t == 2 else 1)}\n" for t, a, b in ops)
    return pos, ops, text


def fmt_move(m):
    if m is None:
        return "none"
    i, parts = m
    return f"{i + 1} {'+'.join(map(str, parts)) if parts else '-'}"


@pytest.mark.parametrize("spec,big", [("nim", 64), ("0.137", 500),
                                      ("digits", 10**6), ("kayles", 100),
                                      ("subtract:1,3,4", 50)])
def test_range_matches_cli(cli, spec, big):
    rng = random.Random(7)
    pos, ops, text = range_session(spec, 40, 300, rng, big)
    want = cli("range", spec, input=text).split("\n")
    r = grundy.Range(spec, pos)
    got = []
    for t, a, b in ops:
        if t == 1:
            got.append(str(r.count(a, b + 1)))
        elif t == 2:
            r.set(a, b)
        elif t == 3:
            w = r.winner(a, b + 1)
            got.append(f"{w} {r.xor(a, b + 1)}")
        else:
            got.append(fmt_move(r.move(a, b + 1)))
    # the program's text writes a heap taken to nothing as 0; Python's
    # parts, as the JSON's, leave empty heaps out
    def norm(line):
        w = line.split()
        if len(w) != 2 or not w[0].isdigit() or w[1] == "-":
            return line
        parts = [x for x in w[1].split("+") if x != "0"]
        return f"{w[0]} {'+'.join(parts) if parts else '-'}"
    want = [norm(x) for x in want]
    assert got == want[:len(got)]
    assert len(r) == 40 and r.modulus == 1000000007


def test_range_basics():
    r = grundy.Range("nim", [3, 5, 6, 1])
    assert (r.xor(), r.winner(), r.rank()) == (1, "first", 3)
    assert r.move() == (0, (2,))
    assert r[1] == 5 and r[-1] == 1 and r.position(2) == 6
    r.set(3, 0)
    assert r.winner() == "second" and r.move() is None
    boards = grundy.Range("rect:2x2", ["11/11", "10/01"], count=False)
    assert boards.position(1) == "10/01"
    assert boards.move() is not None
    with pytest.raises(ValueError):
        boards.count()
    with pytest.raises(IndexError):
        r.xor(2, 2)
    with pytest.raises(IndexError):
        r[4]
    with pytest.raises(ValueError):
        grundy.Range("nim", [70000])  # values above 65535
    with pytest.raises(ValueError):
        grundy.Range("nim", [1], mod=12)
    with pytest.raises(ValueError):
        grundy.Range("nim", [])
