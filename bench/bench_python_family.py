#!/usr/bin/python3
"""grundy.Family against the same rules built in, and against a plain
Python table (the floor of any Python family: one call of the same moves
function per position and a mex in Python), side by side in one run.

    PYTHONPATH=build/python /usr/bin/python3 bench/bench_python_family.py

Prints per game: positions, seconds (median of 3) for the built-in
family, the Family, the plain Python table, and the ratios Family/built-in
and Family/plain, with the cost per position."""
import statistics
import time

import grundy


def plain(moves, n):
    g = [0] * (n + 1)
    for h in range(n + 1):
        seen = set()
        for m in moves(h):
            if isinstance(m, tuple):
                v = 0
                for p in m:
                    v ^= g[p]
            else:
                v = g[m]
            seen.add(v)
        x = 0
        while x in seen:
            x += 1
        g[h] = x
    return g


def med(f, reps=3):
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


GAMES = [
    ("subtract:1,3,4", lambda n: [n - s for s in (1, 3, 4) if s <= n],
     200000),
    ("kayles", lambda n: [(a, n - t - a) for t in (1, 2)
                          for a in range(n - t + 1)], 3000),
    ("grundy-game", lambda n: [(a, n - a) for a in range(1, (n + 1) // 2)],
     3000),
]

print("game\tn\tbuiltin_s\tfamily_s\tplain_s\tfamily/builtin\t"
      "family/plain\tfamily_us_per_pos")
for spec, moves, n in GAMES:
    want = grundy.values(spec, n).tolist()
    assert grundy.Family(moves).values(n).tolist() == want
    assert plain(moves, n) == want
    b = med(lambda: grundy.values(spec, n))
    f = med(lambda: grundy.Family(moves).values(n))
    p = med(lambda: plain(moves, n))
    print(f"{spec}\t{n}\t{b:.4f}\t{f:.4f}\t{p:.4f}\t{f / b:.1f}\t"
          f"{f / p:.2f}\t{f / (n + 1) * 1e6:.2f}")
