#!/usr/bin/python3
"""graph_classes.py -- how many Cram parts a key by graph would merge.

    build-bench/bench/bench_board parts cram:RxC > PARTS
    /usr/bin/python3 bench/graph_classes.py C < PARTS

The input is bench_board's `parts` listing (key, value, cost: the part
as bits r * C + c of a board of C columns).  A Cram part's value depends
only on its graph (cells, and the pairs of cells side by side: a domino
removes two neighbours), so two shapes whose graphs are isomorphic have
one value.  This groups the parts by the canonical form of their graph
(nauty, through Debian's python3-pynauty) and reports:

- the parts, the graphs among them, and the parts a graph key would
  not have searched (each graph's parts but one);
- the same weighted by cost (positions, 2^(cost - 2) each): the share of
  the searched positions that went into shapes whose graph had been met
  in another shape;
- every group's parts have one value, or the script says where not
  (a check of the listing, and of the claim above).
"""
import collections
import sys

try:
    import pynauty
except ImportError:
    sys.exit("graph_classes.py: needs pynauty (apt-get install "
             "python3-pynauty)")


def graph_of(key, cols):
    cells = [i for i in range(64) if key >> i & 1]
    at = {c: j for j, c in enumerate(cells)}
    adj = {j: [] for j in range(len(cells))}
    for c, j in at.items():
        for d in (1, cols):
            if d == 1 and c % cols == cols - 1:
                continue
            if c + d in at:
                adj[j].append(at[c + d])
    return pynauty.Graph(len(cells), adjacency_dict=adj)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: graph_classes.py COLUMNS < PARTS")
    cols = int(sys.argv[1])
    groups = collections.defaultdict(list)
    head = ""
    for line in sys.stdin:
        if line.startswith("#"):
            head = line.strip()
            continue
        key, value, cost = line.split()
        key = int(key, 16)
        g = graph_of(key, cols)
        cert = (g.number_of_vertices, pynauty.certificate(g))
        groups[cert].append((key, int(value), int(cost)))
    parts = sum(len(v) for v in groups.values())
    pos = sum(2 ** (c - 2) for v in groups.values() for _, _, c in v)
    saved = saved_pos = 0
    bad = 0
    by_size = collections.Counter()
    for cert, v in groups.items():
        if len({x[1] for x in v}) > 1:
            bad += 1
            print(f"values differ in one graph: {v}", file=sys.stderr)
        if len(v) > 1:
            v = sorted(v, key=lambda x: -x[2])
            saved += len(v) - 1
            saved_pos += sum(2 ** (c - 2) for _, _, c in v[1:])
            by_size[cert[0]] += len(v) - 1
    print(head)
    print(f"parts {parts}, graphs {len(groups)}, parts in a graph met "
          f"before {saved} ({100.0 * saved / max(parts, 1):.1f}%)")
    print(f"positions (from the costs) {pos:.3g}, in parts whose graph "
          f"another part had {saved_pos:.3g} "
          f"({100.0 * saved_pos / max(pos, 1):.1f}%)")
    print("merged parts by cells: " + " ".join(
        f"{n}:{k}" for n, k in sorted(by_size.items())))
    print("every graph has one value" if not bad else
          f"{bad} graphs with two values")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
