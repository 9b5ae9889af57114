"""The API of grundy serve against the command line and an oracle.

Each answer of /api/values, /api/analyze and /api/plot must be byte for
byte what `grundy values ... --json`, `grundy analyze ... --json` and
`grundy plot ... -o -` print for the same question, on seeded random
positions of every family; every JSON answer must validate against
doc/grundy-output.schema.json; /api/moves is checked against a direct
game-tree search written here (no Grundy theory: a position is lost when
every move leads to a won one); every bad request gets a 4xx and a JSON
error naming the parameter and the column, and the server stays up.
"""
import functools
import json
import subprocess
import threading
import time
import urllib.parse

import pytest

from conftest import GRUNDY, MULT, PARTS, SEED, cli

Q = urllib.parse.quote


def qs(pairs):
    return "&".join(f"{k}={Q(str(v), safe='')}" for k, v in pairs)


# Random positions of every family ------------------------------------------

def heap(rng, hi=40):
    return str(rng.randint(0, hi))


def board_rows(rng, r, c, p=0.75):
    return "/".join("".join("1" if rng.random() < p else "0"
                            for _ in range(c)) for _ in range(r))


def chomp_rows(rng, r, c):
    rows, top = [], c
    for _ in range(r):
        top = rng.randint(0, top)
        rows.append(top)
    rows[0] = max(rows[0], 1)
    return ",".join(str(x) for x in rows)


FAMILIES = {
    "nim": lambda rng: heap(rng, 60),
    "kayles": heap,
    "0.137": heap,
    "0.07": heap,
    "4.07": heap,
    "0.F": lambda rng: heap(rng, 25),
    "subtract:1,3,4": heap,
    "allbut:1,2": lambda rng: heap(rng, 25),
    "digits": lambda rng: heap(rng, 999),
    "half": heap,
    "divisors:36": lambda rng: str(rng.choice([1, 2, 3, 4, 6, 9, 12, 18, 36])),
    "grundy-game": heap,
    "wythoff": lambda rng: f"{rng.randint(0, 12)},{rng.randint(0, 12)}",
    "cram:3x4": lambda rng: board_rows(rng, 3, 4),
    "cram:2x5": lambda rng: board_rows(rng, 2, 5),
    "rect:3x3": lambda rng: board_rows(rng, 3, 3),
    "chomp:3x4": lambda rng: chomp_rows(rng, 3, 4),
    "node-kayles:petersen": lambda rng: "".join(
        rng.choice("01") for _ in range(10)),
    "node-kayles:path:7": lambda rng: "".join(
        rng.choice("011") for _ in range(7)),
}

HEAP_FAMILIES = ["nim", "kayles", "0.137", "0.07", "4.07", "0.F",
                 "subtract:1,3,4", "allbut:1,2", "digits", "half",
                 "grundy-game"]
TABLES = [(f, 200) for f in HEAP_FAMILIES] + [("wythoff", 12)]
BOARDS = ["cram:2x3", "rect:2x3", "chomp:2x3", "node-kayles:path:6"]


def same(got, want, what):
    assert got == want, \
        f"seed {SEED}: {what}:\n got  {repr(got)[:400]}\n want {repr(want)[:400]}"


# /api/values ----------------------------------------------------------------

@pytest.mark.parametrize("family,hi", TABLES)
def test_values_equal_cli(server, schema, rng, family, hi):
    for _ in range(3 * MULT):
        n = rng.randint(0, hi)
        st, ctype, body = server.get("/api/values?" + qs(
            [("rules", family), ("upto", n)]))
        same(st, 200, f"values {family} --upto {n}: {body[:300]!r}")
        assert ctype.startswith("application/json")
        same(body, cli("values", family, "--upto", str(n), "--json"),
             f"values {family} --upto {n}")
        schema(json.loads(body))


@pytest.mark.parametrize("family", BOARDS)
def test_values_all_equal_cli(server, schema, family):
    st, _, body = server.get("/api/values?" + qs([("rules", family),
                                                   ("all", 1)]))
    same(st, 200, f"values {family} --all: {body[:300]!r}")
    same(body, cli("values", family, "--all", "--json"),
         f"values {family} --all")
    schema(json.loads(body))


# /api/analyze ---------------------------------------------------------------

@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_analyze_equal_cli(server, schema, rng, family):
    for _ in range(4 * MULT):
        pos = [FAMILIES[family](rng) for _ in range(rng.randint(1, PARTS))]
        st, _, body = server.get("/api/analyze?" + qs(
            [("rules", family)] + [("position", p) for p in pos]))
        want = cli("analyze", family, *pos, "--json")
        same(st, 200, f"analyze {family} {pos}: {body[:300]!r}")
        same(body, want, f"analyze {family} {' '.join(pos)}")
        schema(json.loads(body))


@pytest.mark.parametrize("family", ["kayles", "0.07", "nim", "0.137",
                                    "cram:2x3"])
def test_analyze_misere_equal_cli(server, schema, rng, family):
    gen = FAMILIES.get(family, lambda r: board_rows(r, 2, 3))
    for _ in range(4 * MULT):
        pos = [gen(rng) for _ in range(rng.randint(1, PARTS))]
        if family == "nim":  # misere nim: a zero heap changes nothing
            pos = [p for p in pos if p != "0"] or ["1"]
        st, _, body = server.get("/api/analyze?" + qs(
            [("rules", family)] + [("position", p) for p in pos] +
            [("misere", 1)]))
        same(st, 200, f"analyze --misere {family} {pos}: {body[:300]!r}")
        same(body, cli("analyze", "--misere", family, *pos, "--json"),
             f"analyze --misere {family} {' '.join(pos)}")
        schema(json.loads(body))


def test_analyze_moore_equal_cli(server, schema, rng):
    for _ in range(6 * MULT):
        k = rng.randint(1, 3)
        pos = [heap(rng, 30) for _ in range(rng.randint(1, 5))]
        st, _, body = server.get("/api/analyze?" + qs(
            [("rules", "nim")] + [("position", p) for p in pos] +
            [("moore", k)]))
        same(st, 200, f"analyze --moore {k} nim {pos}")
        same(body, cli("analyze", "nim", *pos, "--moore", str(k), "--json"),
             f"analyze nim {' '.join(pos)} --moore {k}")
        schema(json.loads(body))


def test_analyze_mix_equal_cli(server, schema, rng):
    names = sorted(FAMILIES)
    for _ in range(6 * MULT):
        pos = []
        for _ in range(rng.randint(1, PARTS + 1)):
            f = rng.choice(names)
            pos.append(f + ":" + FAMILIES[f](rng))
        st, _, body = server.get("/api/analyze?" + qs(
            [("position", p) for p in pos]))
        same(st, 200, f"analyze --mix {pos}: {body[:300]!r}")
        same(body, cli("analyze", "--mix", *pos, "--json"),
             f"analyze --mix {' '.join(pos)}")
        schema(json.loads(body))


# /api/plot ------------------------------------------------------------------

@pytest.mark.parametrize("family,arg,value", [
    ("kayles", "upto", "300"), ("grundy-game", "upto", "5000"),
    ("wythoff", "upto", "30"), ("cram:3x4", "position", "start"),
    ("node-kayles:petersen", "position", "1111111110"),
    ("chomp:3x4", "position", "4,3,1"), ("rect:2x3", "position", "111/110")])
def test_plot_equal_cli(server, family, arg, value):
    st, ctype, body = server.get("/api/plot?" + qs([("rules", family),
                                                     (arg, value)]))
    same(st, 200, f"plot {family} --{arg} {value}: {body[:300]!r}")
    assert ctype.startswith("image/svg+xml")
    same(body, cli("plot", family, "--" + arg, value, "-o", "-"),
         f"plot {family} --{arg} {value}")


# /api/survey -----------------------------------------------------------------

@pytest.mark.parametrize("spec,upto", [("0.d", 300), ("4.d", 200),
                                       ("0.1d", 500)])
def test_survey_equal_cli(server, schema, spec, upto):
    st, ctype, body = server.get("/api/survey?" + qs([("spec", spec),
                                                       ("upto", upto)]))
    assert st == 200, body[:300]
    assert ctype.startswith("application/x-ndjson")
    got = [json.loads(l) for l in body.decode().splitlines()]
    want = [json.loads(l) for l in cli("survey", spec, "--upto", str(upto),
                                       "--json").decode().splitlines()]
    for row in got + want:
        schema(row, "survey_row")
        row["seconds"] = 0  # the time each took
    same(got, want, f"survey {spec} --upto {upto}")


# /api/moves against a direct search -----------------------------------------

def heap_moves(family, n):
    """Every move of a heap as the tuple of the heaps it leaves (no empty
    heap), from the rules' definitions."""
    out = set()
    if family == "nim":
        out = {(k,) for k in range(n)}
    elif family == "subtract:1,3,4":
        out = {(n - s,) for s in (1, 3, 4) if s <= n}
    elif family == "kayles":  # remove 1 or 2 adjacent pins of a row
        for t in (1, 2):
            for a in range(n - t + 1):
                out.add(tuple(sorted((a, n - t - a))))
    return {tuple(sorted(x for x in m if x)) for m in out}


@functools.lru_cache(maxsize=None)
def heaps_win(family, heaps, misere):
    """The player to move wins the sum of heaps (sorted tuple)."""
    moves = [tuple(sorted(heaps[:i] + heaps[i + 1:] + m))
             for i, h in enumerate(heaps) for m in heap_moves(family, h)]
    if not moves:
        return misere
    return any(not heaps_win(family, m, misere) for m in moves)


@functools.lru_cache(maxsize=None)
def heap_mex_value(family, n):
    """The Grundy value of one heap, by its definition (the mex of the
    values of the options, an option's value the XOR of its heaps')."""
    seen = set()
    for m in heap_moves(family, n):
        v = 0
        for h in m:
            v ^= heap_mex_value(family, h)
        seen.add(v)
    v = 0
    while v in seen:
        v += 1
    return v


@pytest.mark.parametrize("family", ["nim", "subtract:1,3,4", "kayles"])
@pytest.mark.parametrize("misere", [0, 1])
def test_moves_heaps_against_search(server, schema, rng, family, misere):
    for _ in range(8 * MULT):
        heaps = [rng.randint(0, 9) for _ in range(rng.randint(1, 3))]
        if misere and family == "nim":
            heaps = [h for h in heaps if h] or [1]
        args = [("rules", family)] + [("position", h) for h in heaps]
        if misere:
            args.append(("misere", 1))
        st, _, body = server.get("/api/moves?" + qs(args))
        what = f"seed {SEED}: moves {family} {heaps} misere={misere}"
        assert st == 200, (what, body[:300])
        ans = json.loads(body)
        schema(ans, "serve_moves")
        # the analysis is /api/analyze's answer
        _, _, ab = server.get("/api/analyze?" + qs(args))
        assert json.dumps(ans["analysis"]) == json.dumps(json.loads(ab)), what
        want = set()
        for i, h in enumerate(heaps):
            for m in heap_moves(family, h):
                want.add((i + 1, m))
        got = {(mv["component"], tuple(sorted(int(x) for x in mv["to"])))
               for mv in ans["moves"]}
        assert got == want, (what, sorted(got ^ want))
        assert len(ans["moves"]) == len(got), (what, "a move listed twice")
        for mv in ans["moves"]:
            i = mv["component"] - 1
            rest = heaps[:i] + heaps[i + 1:] + [int(x) for x in mv["to"]]
            after = tuple(sorted(x for x in rest if x))
            assert mv["wins"] == (not heaps_win(family, after, bool(misere))), \
                (what, mv)
            v = 0
            for x in mv["to"]:
                v ^= heap_mex_value(family, int(x))
            assert mv["value"] == v, (what, mv)
        first = ans["analysis"]["winner"] == "first"
        assert first == heaps_win(family, tuple(sorted(h for h in heaps if h)),
                                  bool(misere)), what


def cram_moves(rows, cols, cells):
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            for j in ([i + 1] if c + 1 < cols else []) + \
                     ([i + cols] if r + 1 < rows else []):
                if cells >> i & 1 and cells >> j & 1:
                    yield (i, j)


@functools.lru_cache(maxsize=None)
def cram_win(rows, cols, cells):
    return any(not cram_win(rows, cols, cells & ~(1 << i) & ~(1 << j))
               for i, j in cram_moves(rows, cols, cells))


def test_moves_cram_against_search(server, schema, rng):
    rows, cols = 3, 4
    for _ in range(10 * MULT):
        text = board_rows(rng, rows, cols)
        cells = sum(1 << (r * cols + c) for r, line in
                    enumerate(text.split("/")) for c, ch in enumerate(line)
                    if ch == "1")
        st, _, body = server.get("/api/moves?" + qs(
            [("rules", "cram:3x4"), ("position", text)]))
        what = f"seed {SEED}: moves cram:3x4 {text}"
        assert st == 200, (what, body[:300])
        ans = json.loads(body)
        schema(ans, "serve_moves")
        board = ans["boards"][0]
        assert board["mark"] == "domino" and board["rows"] == rows
        assert set(board["cells"]) == {i for i in range(12) if cells >> i & 1}
        want = {tuple(sorted(m)) for m in cram_moves(rows, cols, cells)}
        got = {tuple(sorted(mv["cells"])) for mv in ans["moves"]}
        assert got == want, (what, sorted(got ^ want))
        for mv in ans["moves"]:
            i, j = mv["cells"]
            after = cells & ~(1 << i) & ~(1 << j)
            assert mv["wins"] == (not cram_win(rows, cols, after)), (what, mv)
        assert (ans["analysis"]["winner"] == "first") == \
            cram_win(rows, cols, cells), what


def cram_text(rows, cols, cells):
    return "/".join("".join("1" if cells >> (r * cols + c) & 1 else "0"
                            for c in range(cols)) for r in range(rows))


def test_moves_memo_equal_fresh(make_server, schema, rng):
    """The session keeps what the searches of remoteness solved: the
    answers of a server whose memo holds a whole game's positions, asked
    in any order and again, are those of a server asked them in the other
    order (each answer extending its memo) and the analysis the command
    line's (a process of its own, nothing kept).  A game of Cram 3 x 4
    and one of a sum of octal heaps, each played out by random moves."""
    rows, cols = 3, 4
    games = []
    cells, walk = (1 << rows * cols) - 1, []
    fwd, back = make_server(), make_server()
    while True:
        walk.append([("rules", "cram:3x4"),
                     ("position", cram_text(rows, cols, cells))])
        moves = list(cram_moves(rows, cols, cells))
        if not moves or len(walk) > 6:
            break
        i, j = rng.choice(moves)
        cells &= ~(1 << i) & ~(1 << j)
    games.append(walk)
    heaps, walk = [rng.randint(6, 11) for _ in range(PARTS)], []
    while True:
        walk.append([("rules", "0.137")] + [("position", h) for h in heaps])
        live = [k for k, h in enumerate(heaps) if h]
        if not live or len(walk) > 6:
            break
        k = rng.choice(live)
        heaps[k] -= rng.randint(1, min(3, heaps[k]))
    games.append(walk)
    for walk in games:
        got = {}
        for args in walk:  # the start first: the memo holds all the rest
            st, _, body = fwd.get("/api/moves?" + qs(args))
            assert st == 200, (args, body[:300])
            schema(json.loads(body), "serve_moves")
            got[qs(args)] = body
        for args in reversed(walk):
            what = f"seed {SEED}: moves {qs(args)}"
            _, _, body = back.get("/api/moves?" + qs(args))
            same(body, got[qs(args)], what + " (the other order)")
            _, _, again = fwd.get("/api/moves?" + qs(args))
            same(again, got[qs(args)], what + " (asked again)")
            want = cli("analyze", *[str(v) for _, v in args], "--json")
            ans = json.loads(body)
            same(json.dumps(ans["analysis"]), json.dumps(json.loads(want)),
                 what + " (the command line's analysis)")
        # the remoteness of the moves was known, so the memo was used
        assert any(mv["remoteness"] is not None
                   for mv in json.loads(got[qs(walk[0])])["moves"])


# /api/play against grundy play and grundy analyze ---------------------------

def move_text(mv):
    return f"{mv['component']} " + ("+".join(mv["to"]) or "-")


def cli_play(args, first, lines):
    """The transcript of grundy play ARGS --json, the moves typed."""
    r = subprocess.run([GRUNDY, "play", *args, "--first", first, "--json",
                        "--no-store"], input="".join(l + "\n" for l in lines),
                       capture_output=True, timeout=120, text=True)
    assert r.returncode == 0, (args, r.stderr[-400:])
    return json.loads(r.stdout)


PLAYED = {
    "nim": lambda rng: heap(rng, 12),
    "kayles": lambda rng: heap(rng, 14),
    "0.07": lambda rng: heap(rng, 14),
    "cram:3x4": lambda rng: board_rows(rng, 3, 4, 0.8),
    "chomp:3x4": lambda rng: chomp_rows(rng, 3, 4),
    "node-kayles:petersen": FAMILIES["node-kayles:petersen"],
    "addsub:2:1:12": lambda rng: heap(rng, 12),
}


def position_remoteness(moves):
    """The remoteness of a position from the remoteness of its moves (as
    /api/moves lists them): 0 with no move; the least of the winning
    moves' when one wins; else the greatest; None past the limits."""
    if not moves:
        return 0
    rs = [m["remoteness"] for m in moves]
    if None in rs or "draw" in rs:
        return None
    wins = [m["remoteness"] for m in moves if m["wins"]]
    return min(wins) if wins else max(rs)


@pytest.mark.parametrize("family", sorted(PLAYED))
@pytest.mark.parametrize("misere", [0, 1])
def test_play_equal_cli(server, schema, rng, family, misere):
    if misere and family.startswith("addsub"):
        pytest.skip("misere play is not defined for games with cycles")
    for _ in range(4 * MULT):
        pos = [PLAYED[family](rng) for _ in range(rng.randint(1, 2))]
        base = [("rules", family)] + [("position", p) for p in pos]
        if misere:
            base.append(("misere", 1))
        flags = ["--misere"] if misere else []
        what = f"seed {SEED}: play {family} {pos} misere={misere}"
        st, _, body = server.get("/api/moves?" + qs(base))
        assert st == 200, (what, body[:300])
        legal = json.loads(body)["moves"]
        if not legal:
            continue
        mv = rng.choice(legal)
        text = move_text(mv)
        st, _, body = server.get("/api/play?" + qs(base + [("move", text)]))
        assert st == 200, (what, text, body[:300])
        ans = json.loads(body)
        schema(ans, "serve_play")
        # the same moves as grundy play: the user's, the computer's reply
        want = cli_play([family, *pos, *flags], "user", [text, "quit"])
        got = [{k: v for k, v in m.items() if k != "remoteness"}
               for m in ans["moves"]]
        same(got, want["moves"], f"{what} move {text}")
        if ans["end"] == "no move":
            assert want["end"] == "no move", (what, ans, want)
            same(ans["winner"], want["winner"], f"{what} move {text}")
        else:
            assert ans["end"] is None, (what, ans)
        if len(got) == 1:
            continue
        reply = ans["moves"][1]
        # the position after the step, asked again: its remoteness is one
        # less than the reply's, and it is lost for the user iff the reply
        # wins
        after = [("rules", family)] + [("position", c["position"])
                                       for c in ans["components"]]
        if misere:
            after.append(("misere", 1))
        st, _, body = server.get("/api/moves?" + qs(after))
        assert st == 200, (what, body[:300])
        nxt = json.loads(body)
        r = position_remoteness(nxt["moves"])
        if r is not None and reply["remoteness"] not in (None, "draw"):
            assert reply["remoteness"] == r + 1, (what, text, reply, r)
        if family in ("nim", "kayles") and not misere:
            # the direct search: a won position for the computer is left
            # lost for the user
            base_heaps = [int(p) for p in pos]
            i = mv["component"] - 1
            p1 = base_heaps[:i] + base_heaps[i + 1:] + \
                [int(x) for x in mv["to"]]
            p2 = [int(c["position"]) for c in ans["components"]]
            key = lambda hs: tuple(sorted(h for h in hs if h))
            if heaps_win(family, key(p1), False):
                assert not heaps_win(family, key(p2), False), \
                    (what, text, reply)


def test_play_computer_first_equal_cli(server, schema, rng):
    for family in ["nim", "kayles", "cram:3x4", "addsub:2:1:12"]:
        for _ in range(3 * MULT):
            pos = [PLAYED[family](rng) for _ in range(rng.randint(1, 2))]
            st, _, body = server.get("/api/play?" + qs(
                [("rules", family)] + [("position", p) for p in pos]))
            what = f"seed {SEED}: play {family} {pos} --first computer"
            assert st == 200, (what, body[:300])
            ans = json.loads(body)
            schema(ans, "serve_play")
            want = cli_play([family, *pos], "computer", ["quit"])
            got = [{k: v for k, v in m.items() if k != "remoteness"}
                   for m in ans["moves"]]
            same(got, want["moves"][:1], what)


def test_play_ends(server, schema):
    for misere, winner in [(0, "user"), (1, "computer")]:
        args = [("rules", "nim"), ("position", 1), ("move", "0")]
        if misere:
            args.append(("misere", 1))
        st, _, body = server.get("/api/play?" + qs(args))
        ans = json.loads(body)
        schema(ans, "serve_play")
        assert st == 200 and ans["end"] == "no move", ans
        assert ans["winner"] == winner and len(ans["moves"]) == 1, ans
        assert ans["components"][0]["position"] == "0", ans


# Bad requests ---------------------------------------------------------------

BAD = [
    # (path, status, parameter, where the column points: the last
    # occurrence of this text in the path, "$" just past its end; limit)
    ("/nowhere", 404, None, None, None),
    ("/../etc/passwd", 404, None, None, None),
    ("/api/values/../../x", 404, None, None, None),
    ("/api/values?rules=kayles&upto=10&bogus=1", 400, None, "bogus", None),
    ("/api/values?rules=kayles&rules=nim&upto=3", 400, "rules", "rules=nim", None),
    ("/api/values?upto=3", 400, "rules", "$", None),
    ("/api/values?rules=kayles", 400, "upto", "$", None),
    ("/api/values?rules=kay%2les&upto=3", 400, "rules", "%", None),
    ("/api/values?rules=kay%00les&upto=3", 400, "rules", "%", None),
    ("/api/values?rules=kay%0Ales&upto=3", 400, "rules", "%", None),
    ("/api/values?rules=0.1x7&upto=3", 400, "rules", "x7", None),
    ("/api/values?rules=kayles&upto=12x", 400, "upto", "x", None),
    ("/api/values?rules=kayles&upto=-1", 400, "upto", "-1", None),
    ("/api/values?rules=kayles&upto=99999999999999999999", 400, "upto",
     None, None),
    ("/api/values?rules=kayles&upto=100000000", 422, "upto", None, "values"),
    ("/api/values?rules=cram:3x4&upto=10", 400, "upto", None, None),
    ("/api/values?rules=kayles&all=1", 400, "all", None, None),
    ("/api/values?rules=node-kayles:file:/etc/passwd&all=1", 400, "rules",
     "file:", None),
    ("/api/values?rules=graph:/etc/passwd&upto=3", 400, "rules", "graph", None),
    ("/api/analyze?rules=nim", 400, "position", "$", None),
    ("/api/analyze?rules=nim&position=3&position=4x", 400, "position", "x",
     None),
    ("/api/analyze?rules=cram:2x2&position=111/11", 400, "position", None,
     None),
    ("/api/analyze?position=nim:3&position=5", 400, "position", None, None),
    ("/api/analyze?position=nim:3&position=nope:5", 400, "position",
     "nope", None),
    ("/api/analyze?rules=nim&position=3&misere=2", 400, "misere", "2", None),
    ("/api/analyze?rules=nim&position=3&moore=0", 400, "moore", "0", None),
    ("/api/analyze?rules=nim&" + "&".join(["position=1"] * 65), 400,
     "position", None, "components"),
    ("/api/moves?rules=nim&position=3&moore=2", 400, "moore", None, None),
    ("/api/moves?rules=nim&position=100000000", 422, None, None, "moves"),
    ("/api/play?rules=nim&position=3&move=1%209", 400, "move", None, None),
    ("/api/play?rules=nim&position=3&move=x", 400, "move", "x", None),
    ("/api/play?rules=nim&position=3&position=4&move=3%201", 400, "move",
     None, None),
    ("/api/play?rules=nim&position=3&moore=2&move=1%200", 400, "moore",
     None, None),
    ("/api/play?rules=addsub:2:1&position=3", 400, "rules", None, None),
    ("/api/analyze?rules=addsub:2:1:9&position=3&misere=1", 400, "misere",
     None, None),
    ("/api/plot?rules=kayles", 400, "upto", None, None),
    ("/api/plot?rules=cram:3x4&upto=5", 400, None, None, None),
    ("/api/plot?rules=kayles&position=5", 400, "position", None, None),
    ("/api/plot?rules=wythoff&upto=100000", 400, "upto", None, None),
    ("/api/values?" + "a" * 9000, 414, None, None, "request-line"),
    ("/api/survey?spec=0.dd", 400, "upto", "$", None),
    ("/api/survey?spec=0.d&upto=0", 400, "upto", "0", None),
    ("/api/survey?spec=0.d&upto=100001", 400, "upto", "100001", None),
    ("/api/survey?spec=%40codes.txt&upto=10", 400, "spec", "%40", None),
    ("/api/survey?spec=0.ddd&upto=10", 422, "spec", "0.ddd", "codes"),
    ("/api/survey?spec=0.x&upto=10", 400, "spec", "0.x", None),
]


@pytest.mark.parametrize("path,status,param,col,limit", BAD)
def test_bad_request(server, schema, path, status, param, col, limit):
    st, ctype, body = server.get(path)
    assert st == status, (path, st, body[:300])
    assert ctype.startswith("application/json"), (path, ctype)
    err = json.loads(body)
    schema(err, "serve_error")
    assert err["error"], path
    if param:
        assert err.get("parameter") == param, (path, err)
    if col:
        want = len(path) + 1 if col == "$" else path.rindex(col) + 1
        assert err.get("column") == want, (path, err, want)
    if status == 400 and path.startswith("/api/"):
        assert "column" in err, (path, err)
    if limit:
        assert err.get("limit") == limit, (path, err)
    assert server.alive()


def test_methods_and_bodies(server, schema):
    st, _, body = server.raw("POST", "/api/values?rules=nim&upto=3", body=b"x")
    assert st == 405, body
    schema(json.loads(body), "serve_error")
    st, _, body = server.raw("GET", "/api/values?rules=nim&upto=3",
                             body=b"x" * 70000)
    assert st == 413, body
    err = json.loads(body)
    schema(err, "serve_error")
    assert err["limit"] == "body"
    st, _, body = server.raw("GET", "/api/values?rules=nim&upto=3",
                             body=b"x" * 100)
    assert st == 200 and json.loads(body)["values"] == [0, 1, 2, 3]
    st, _, body = server.raw("HEAD", "/")
    assert st == 200 and body == b""
    assert server.alive()


def test_pages_are_the_built_in_files(server):
    for path, kind in [("/", "text/html"), ("/index.html", "text/html"),
                       ("/app.js", "text/javascript"),
                       ("/style.css", "text/css")]:
        st, ctype, body = server.get(path)
        assert st == 200 and ctype.startswith(kind), (path, st, ctype)
        assert len(body) > 100
    st, _, _ = server.get("/app.js/")
    assert st == 404
    st, _, body = server.get("/?rules=cram%3A3x4&position=start")
    assert st == 200 and b"<html" in body


# Limits ---------------------------------------------------------------------

def test_mem_limit(make_server, schema):
    srv = make_server("--mem-limit", "1M", "--no-store")
    st, _, body = srv.get("/api/values?rules=grundy-game&upto=2000000")
    err = json.loads(body)
    assert st == 422 and err["limit"] == "mem-limit", (st, err)
    schema(err, "serve_error")
    assert srv.alive()
    st, _, _ = srv.get("/api/values?rules=kayles&upto=10")
    assert st == 200


def test_work_limit(make_server, schema):
    srv = make_server("--work-limit", "1000", "--no-store")
    st, _, body = srv.get("/api/values?rules=grundy-game&upto=100000")
    err = json.loads(body)
    assert st == 422 and err["limit"] == "work-limit", (st, err)
    schema(err, "serve_error")
    assert srv.alive()


SLOW = "/api/analyze?rules=cram:7x7&position=start"


def test_time_limit(make_server, schema):
    srv = make_server("--time-limit", "1", "--no-store")
    t0 = time.monotonic()
    st, _, body = srv.get(SLOW)
    took = time.monotonic() - t0
    err = json.loads(body)
    assert st == 422 and err["limit"] == "time-limit", (st, err)
    schema(err, "serve_error")
    assert took < 10, took
    assert srv.alive()


def test_max_requests(make_server, schema):
    srv = make_server("--time-limit", "2", "--max-requests", "1",
                      "--no-store")
    slow = threading.Thread(target=srv.get, args=(SLOW,))
    slow.start()
    time.sleep(0.5)
    st, _, body = srv.get("/api/values?rules=nim&upto=3")
    slow.join()
    err = json.loads(body)
    assert st == 429 and err["limit"] == "max-requests", (st, err)
    schema(err, "serve_error")
    assert srv.alive()


def test_sigint_during_work_keeps_the_store(make_server):
    """SIGINT while a table is computed: the server stops within seconds,
    exit status 0, and the store verifies (make_server's teardown)."""
    import signal
    srv = make_server("--time-limit", "60")
    t = threading.Thread(target=srv.get, args=(
        "/api/values?rules=grundy-game&upto=2000000",))
    t.start()
    time.sleep(0.5)
    srv.proc.send_signal(signal.SIGINT)
    assert srv.proc.wait(timeout=30) == 0, srv.stderr()
    t.join()
