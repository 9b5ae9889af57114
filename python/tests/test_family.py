"""grundy.Family: rules written in Python, through the library's engine,
against a direct recursive mex written here, and against the built-in
families with the same rules."""
import functools
import random

import pytest

import grundy


def oracle(moves, n):
    """g(0 .. n) by the definition: the mex of the XORs of the parts."""
    @functools.lru_cache(maxsize=None)
    def g(h):
        seen = set()
        for m in moves(h):
            parts = m if isinstance(m, tuple) else (m,)
            v = 0
            for p in parts:
                v ^= g(p)
            seen.add(v)
        x = 0
        while x in seen:
            x += 1
        return x
    return [g(h) for h in range(n + 1)]


def random_rules(rnd):
    """A random take-and-break game: take t in T, leaving one heap, or
    leaving two heaps when split[t]."""
    T = sorted(rnd.sample(range(1, 8), rnd.randint(1, 4)))
    split = {t: rnd.random() < 0.5 for t in T}

    def moves(n):
        out = []
        for t in T:
            if t > n:
                continue
            out.append(n - t)
            if split[t]:
                out += [(a, n - t - a) for a in range(1, (n - t) // 2 + 1)]
        return out
    return T, split, moves


def test_random_families_against_the_oracle():
    for seed in range(40):
        rnd = random.Random(seed)
        T, split, moves = random_rules(rnd)
        n = rnd.randint(0, 120)
        f = grundy.Family(moves)
        assert f.values(n).tolist() == oracle(moves, n), \
            f"seed {seed}: T={T} split={split} n={n}"
        p = rnd.randint(0, n)
        assert f.value(p) == oracle(moves, n)[p], f"seed {seed}"


@pytest.mark.parametrize("spec,moves,n", [
    ("subtract:1,3,4", lambda n: [n - s for s in (1, 3, 4) if s <= n], 2000),
    ("kayles", lambda n: [(a, n - t - a) for t in (1, 2)
                          for a in range(n - t + 1)], 300),
    ("grundy-game", lambda n: [(a, n - a) for a in range(1, (n + 1) // 2)],
     300),
])
def test_same_rules_as_a_builtin_family(spec, moves, n):
    f = grundy.Family(moves)
    assert f.values(n).tolist() == grundy.values(spec, n).tolist()
    # and through the library's other questions
    sums = [(f, 3), (f, n // 2), (f, n)]
    a = grundy.analyze(sums)
    b = grundy.analyze([(spec, p) for _, p in sums])
    assert a.values == b.values and a.nim_sum == b.nim_sum
    def key(m):
        return (m.component, m.position, tuple(sorted(m.to)), m.value)
    assert sorted(map(key, a.moves)) == sorted(map(key, b.moves))
    assert grundy.count(f, heaps=3, max=60) == \
        grundy.count(spec, heaps=3, max=60)
    p = f.period(n)
    assert not p.proven  # no theorem knows Python's rules
    q = grundy.period(spec, n)
    if p.period is not None and q.period is not None:
        assert p.period == q.period


def test_values_are_kept():
    calls = []

    def moves(n):
        calls.append(n)
        return [n - 1] if n else []
    f = grundy.Family(moves)
    f.values(100)
    k = len(calls)
    assert f.value(50) == 0 and f.value(99) == 1
    assert len(calls) == k  # answered from the table kept
    assert f.values(100).tolist() == [x % 2 for x in range(101)]
    # one call per position (and a look at the last one before the table)
    assert calls.count(37) == 1


def test_an_exception_comes_back_naming_the_position():
    def moves(n):
        if n == 7:
            raise KeyError("seven")
        return [n - 1] if n else []
    f = grundy.Family(moves)
    with pytest.raises(KeyError) as e:
        f.values(3000)
    assert "moves(7)" in " ".join(e.value.__notes__)
    assert grundy.value("kayles", 10) == 2  # the interpreter goes on
    assert f.values(6).tolist() == [0, 1, 0, 1, 0, 1, 0]


@pytest.mark.parametrize("moves,exc,words", [
    (lambda n: [n] if n else [], ValueError, "below"),
    (lambda n: [n + 1] if n else [], ValueError, "below"),
    (lambda n: ["x"] if n else [], TypeError, "a move is an int"),
    (lambda n: [1.5] if n else [], TypeError, "a move is an int"),
    (lambda n: 5, TypeError, "a list of moves"),
    (lambda n: [(0, 0, 0, 0)] if n else [], ValueError, "at most 3"),
    (lambda n: [-1] if n else [], ValueError, "below|a heap is a size"),
])
def test_bad_moves_are_refused_with_the_position(moves, exc, words):
    with pytest.raises(exc, match=words) as e:
        grundy.Family(moves).values(50)
    assert "moves(" in str(e.value)


def test_endless_recursion_is_reported():
    def moves(n):
        return moves(n)
    with pytest.raises(RecursionError):
        grundy.Family(moves).values(5)


def test_not_callable():
    with pytest.raises(TypeError, match="callable"):
        grundy.Family(3)


def test_a_family_is_never_stored(tmp_path):
    f = grundy.Family(lambda n: [n - 1] if n else [])
    f.values(5000, store=tmp_path / "s")
    assert not (tmp_path / "s").exists() or \
        not any((tmp_path / "s").iterdir())
