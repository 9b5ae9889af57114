#!/usr/bin/env python3
"""queens_graph.py N SEED -- the n x n queens graph as an edge list for
node-kayles:file:PATH, written here from the definition (two cells are
joined when a queen on one attacks the other) and not by grundy's
queens:N family, with its vertices numbered in an order drawn from SEED.

A second computation of a value of doc/results.md: the same graph under
other vertex numbers has other bits, other keys (a file graph has no
board symmetry), another order of moves and another search tree, and
the graph itself is built independently of the family it checks:

    python3 bench/queens_graph.py 14 1 > q14.txt
    grundy values node-kayles:file:q14.txt --position start --no-store
"""
import random
import sys


def main():
    n, seed = int(sys.argv[1]), int(sys.argv[2])
    cells = [(r, c) for r in range(n) for c in range(n)]
    order = list(range(n * n))
    random.Random(seed).shuffle(order)
    label = {cell: order[i] for i, cell in enumerate(cells)}
    out = [f"# the {n} x {n} queens graph, vertices in order {seed}"]
    for i, (r1, c1) in enumerate(cells):
        for r2, c2 in cells[i + 1:]:
            if r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2):
                out.append(f"{label[(r1, c1)]} {label[(r2, c2)]}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
