# solve pshtbrth against a direct search: seeded random inputs (several
# tests; boards laid out one row a line, all on one line, with CR LF, tabs
# and blank lines, so that both the board reader's fast path and its
# token path run, across the 64 KiB refills of the input), each board's
# value by a memoised game-tree search over its rectangle removals, each
# winner query by the XOR of the values over L..R.  A failure prints the
# seed.
/usr/bin/python3 - "$GRUNDY" <<'PY'
import random, subprocess, sys

grundy = sys.argv[1]
RECTS = []
for r0 in range(4):
    for r1 in range(r0, 4):
        for c0 in range(4):
            for c1 in range(c0, 4):
                RECTS.append(sum(1 << (r * 4 + c) for r in range(r0, r1 + 1)
                                 for c in range(c0, c1 + 1)))
memo = {0: 0}

def value(b):
    """The Grundy value of board b by its moves (iterative, memoised)."""
    stack = [b]
    while stack:
        x = stack[-1]
        if x in memo:
            stack.pop()
            continue
        kids = [x & ~m for m in RECTS if x & m == m]
        todo = [k for k in kids if k not in memo]
        if todo:
            stack.extend(todo)
            continue
        seen = {memo[k] for k in kids}
        g = 0
        while g in seen:
            g += 1
        memo[x] = g
        stack.pop()
    return memo[b]

def board_text(b, style, rng):
    rows = ["".join("1" if b >> (r * 4 + c) & 1 else "0" for c in range(4))
            for r in range(4)]
    if style == 0:
        return "\n".join(rows) + "\n"
    if style == 1:
        return " ".join(rows) + "\n"
    if style == 2:
        return "\r\n".join(rows) + "\r\n"
    return "".join(row + rng.choice([" ", "\t", "\n\n", "  \n"])
                   for row in rows)

def case(seed):
    rng = random.Random(seed)
    tests = rng.randint(1, 3)
    text, want = [str(tests) + "\n"], []
    for _ in range(tests):
        n = rng.choice([1, 2, 63, 64, 65, rng.randint(1, 300),
                        rng.randint(4000, 5000)])
        m = rng.randint(1, 400)
        density = rng.choice([0.2, 0.4, 0.5])
        def rand_board():
            return sum(1 << k for k in range(16) if rng.random() < density)
        style = rng.randint(0, 3) if rng.random() < 0.3 else 0
        boards = [rand_board() for _ in range(n)]
        text.append("%d %d\n" % (n, m))
        text.extend(board_text(b, style, rng) for b in boards)
        for _ in range(m):
            if rng.random() < 0.5:
                l = rng.randint(1, n)
                r = rng.randint(l, n)
                text.append("1 %d %d\n" % (l, r))
                x = 0
                for b in boards[l - 1:r]:
                    x ^= value(b)
                want.append("Pishty" if x else "Lotsy")
            else:
                i = rng.randint(1, n)
                boards[i - 1] = rand_board()
                text.append("2 %d\n" % i + board_text(boards[i - 1], style,
                                                      rng))
    return "".join(text), "".join(w + "\n" for w in want)

bad = 0
for seed in range(1, 41):
    inp, want = case(seed)
    got = subprocess.run([grundy, "solve", "pshtbrth"], input=inp.encode(),
                         stdout=subprocess.PIPE).stdout.decode()
    if got != want:
        print("seed %d: answers differ from the search" % seed)
        bad += 1
print("40 seeds,", bad, "failing")
PY
