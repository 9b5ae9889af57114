#!/usr/bin/env python3
"""Writes tests/cli/cases/digit-nim-big.{in,stdout}: Digit Nim with piles
up to 3*10^6 (beyond the contest's 200000, so the table must grow during
the query stream), answered here from scratch: values by the mex rule,
counts by brute-force subset enumeration on short ranges and by a GF(2)
rank on long ones."""
import os
import random

P = 1_000_000_007
MAXV = 3_000_000
rng = random.Random(20261121)

g = bytearray(MAXV + 1)
for x in range(1, MAXV + 1):
    seen = 0
    y = x
    while y:
        d = y % 10
        if d:
            seen |= 1 << g[x - d]
        y //= 10
    m = 0
    while seen >> m & 1:
        m += 1
    g[x] = m


def rank(vals):
    basis = []
    for v in vals:
        for b in basis:
            v = min(v, v ^ b)
        if v:
            basis.append(v)
    return len(basis)


def count(vals):
    if len(vals) <= 12:
        wins = 0
        for mask in range(1 << len(vals)):
            x = 0
            for i, v in enumerate(vals):
                if mask >> i & 1:
                    x ^= v
            wins += x != 0
        return wins % P
    n, r = len(vals), rank(vals)
    return (pow(2, n, P) - pow(2, n - r, P)) % P


n = 40
a = [rng.randrange(0, 250_000) for _ in range(n)]
lines = [str(n), " ".join(map(str, a))]
queries, out = [], []
limit = 250_000
for _ in range(80):
    if rng.random() < 0.4:
        i = rng.randrange(n)
        limit = min(MAXV, limit + 60_000)
        x = rng.randrange(0, limit + 1)
        a[i] = x
        queries.append(f"2 {i + 1} {x}")
    else:
        lo = rng.randrange(n)
        hi = lo + rng.randrange(n - lo) if rng.random() < 0.5 else \
            min(n - 1, lo + rng.randrange(12))
        queries.append(f"1 {lo + 1} {hi + 1}")
        out.append(str(count([g[v] for v in a[lo:hi + 1]])))
lines.append(str(len(queries)))
lines += queries
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases")
with open(os.path.join(here, "digit-nim-big.in"), "w") as f:
    f.write("\n".join(lines) + "\n")
with open(os.path.join(here, "digit-nim-big.stdout"), "w") as f:
    f.write("\n".join(out) + "\n")
