# The remoteness of a move is searched only when the search can end: a
# sum of heaps whose moves split heaps (Kayles) counts as the multisets of
# heaps of its tokens, and past the search limit its moves say null at
# once (analyze kayles 100 --json once searched every move to the limit,
# for minutes).  A CPU-time limit turns a long search into a failure.
ulimit -t 60
moves() {
    "$GRUNDY" analyze "$@" --json --no-store | /usr/bin/python3 -c '
import json, sys
d = json.load(sys.stdin)
m = d.get("winning_moves") or []
known = [x["remoteness"] for x in m if x["remoteness"] is not None]
print(len(m), "winning moves,", len(known), "with remoteness",
      sorted(set(known)))'
}
moves kayles 1000
moves kayles 100
moves 0.137 300 500 700
moves kayles 40
moves --misere 0.07 18 34
