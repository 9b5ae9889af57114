# solve pshtbrth against a direct search: seeded random inputs (several
# tests; boards laid out one row a line, all on one line, with CR LF, tabs
# and blank lines, so that both the board reader's fast path and its
# token path run, across the 64 KiB refills of the input), each board's
# value by a memoised game-tree search over its rectangle removals, each
# winner query by the XOR of the values over L..R.  A failure prints the
# seed.
# Then the fast path (queries and boards in their usual layout, parsed
# in batches straight from the input buffer) against the token path: seeded random inputs written twice, once in the usual layout and
# once with every number padded by leading zeros to 20 digits and every
# board row followed by two blanks (which only the token path reads); the
# answers must be the same, and each answer against the XOR of values
# from a memoised game-tree search.  Some inputs end in a bad query (L >
# R, an index out of range, an unknown type, a bad cell) after up to a
# few thousand good ones: the answers before it are the same in both
# forms, the exit code 1, and the message the same apart from its
# column and the leading zeros of the numbers it quotes.  A failure
# prints the seed.
/usr/bin/python3 - "$GRUNDY" <<'PY'
import random, re, subprocess, sys

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

def rows_of(b):
    return ["".join("1" if b >> (r * 4 + c) & 1 else "0" for c in range(4))
            for r in range(4)]

def query(rng, boards, new_board, want):
    """One random query on boards: a winner query over L..R, its answer
    (the XOR of the searched values) appended to want, as (1, L, R); or
    board I replaced by new_board(), as (2, I, None)."""
    n = len(boards)
    if rng.random() < 0.5:
        l = rng.randint(1, n)
        r = rng.randint(l, n)
        x = 0
        for b in boards[l - 1:r]:
            x ^= value(b)
        want.append("Pishty" if x else "Lotsy")
        return 1, l, r
    i = rng.randint(1, n)
    boards[i - 1] = new_board()
    return 2, i, None

def board_text(b, style, rng):
    rows = rows_of(b)
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
            kind, a, b = query(rng, boards, rand_board, want)
            if kind == 1:
                text.append("1 %d %d\n" % (a, b))
            else:
                text.append("2 %d\n" % a + board_text(boards[a - 1], style,
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

def num(x, slow):
    return "%020d" % x if slow else "%d" % x

def board(b, slow):
    return "".join(r + ("  \n" if slow else "\n") for r in rows_of(b))

def case_forms(seed):
    """The input in both forms, the answers, and the kind of error."""
    rng = random.Random(seed)
    tests = rng.randint(1, 2)
    fast, slow, want = [], [], []

    def both(form):
        """form(slow) appended to each form of the input."""
        fast.append(form(False))
        slow.append(form(True))
    both(lambda sl: num(tests, sl) + "\n")
    bad = None
    for t in range(tests):
        n = rng.choice([1, 2, 64, 65, rng.randint(1, 300),
                        rng.randint(3000, 6000)])
        m = rng.randint(1, 3000)
        boards = [rng.getrandbits(16) for _ in range(n)]
        both(lambda sl: num(n, sl) + " " + num(m, sl) + "\n" +
             "".join(board(b, sl) for b in boards))
        err_at = rng.randint(0, m - 1) if t == tests - 1 and \
            rng.random() < 0.4 else -1
        for k in range(m):
            if k == err_at:
                bad = rng.choice(["L > R", "index", "type", "cell"])
                if bad == "L > R" and n == 1:
                    bad = "index"
                l = rng.randint(2, n) if n > 1 else 1
                if bad == "L > R":
                    both(lambda sl: "1 %s %s\n" % (num(l, sl),
                                                   num(l - 1, sl)))
                elif bad == "index":
                    both(lambda sl: "1 %s %s\n" % (num(1, sl),
                                                   num(n + 1, sl)))
                elif bad == "type":
                    both(lambda sl: "%s 1 1\n" % num(3, sl))
                else:
                    both(lambda sl: "2 %s\n" % num(1, sl) +
                         board(0, sl).replace("0", "2", 1))
                break
            kind, a, b = query(rng, boards, lambda: rng.getrandbits(16), want)
            if kind == 1:
                both(lambda sl: "1 %s %s\n" % (num(a, sl), num(b, sl)))
            else:
                both(lambda sl: "2 %s\n" % num(a, sl) +
                     board(boards[a - 1], sl))
        if bad:
            break
    return "".join(fast), "".join(slow), "".join(w + "\n" for w in want), bad

def run(text):
    p = subprocess.run([grundy, "solve", "pshtbrth"], input=text.encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    msg = re.sub(r"input:(\d+):\d+", r"input:\1:COL", p.stderr.decode())
    msg = re.sub(r"\b0+(\d)", r"\1", msg)  # the padded numbers it quotes
    return p.returncode, p.stdout.decode(), msg

failing = errors = 0
for seed in range(1, 31):
    fast, slow, want, bad = case_forms(seed)
    rf, of, ef = run(fast)
    rs, os_, es = run(slow)
    ok = of == want and os_ == want and rf == rs and ef == es
    ok = ok and (rf == 0 and ef == "" if bad is None else rf == 1 and ef)
    if bad is not None:
        errors += 1
    if not ok:
        print("seed %d (%s): fast %d %r, token path %d %r" %
              (seed, bad, rf, ef[:120], rs, es[:120]))
        failing += 1
print("30 seeds, %s with a bad query, %d failing" %
      ("some" if errors else "none", failing))
PY
