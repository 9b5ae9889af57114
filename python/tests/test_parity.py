"""What the program can do, Python can do: arguments as the program takes
them, games with cycles, two-heap positions, progress reports; and
arguments Python allows but the program could not take are refused."""
import json
import os
import pathlib
import random
import subprocess
import sys

import pytest

import grundy

from conftest import cli_path


# Arguments ------------------------------------------------------------------

@pytest.mark.parametrize("store", [0, 1.5, b"", ["dir"]])
def test_store_of_a_wrong_type_is_refused(tmp_path, monkeypatch, store):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TypeError, match="store is True, False, None, a "
                                        "path"):
        grundy.values("nim", 5, store=store)
    assert list(tmp_path.iterdir()) == []  # no folder named '0'


def test_store_as_a_path_object(tmp_path):
    d = tmp_path / "s"
    assert grundy.values("0.137", 50, store=d).tolist() == \
        grundy.values("0.137", 50).tolist()
    assert d.is_dir()  # the store was opened there


@pytest.mark.parametrize("call", [
    lambda: grundy.values(None, 10),
    lambda: grundy.value(7, 3),
    lambda: grundy.period(b"nim"),
    lambda: grundy.count(None, heaps=2, max=3),
    lambda: grundy.Range(3, [1, 2]),
    lambda: grundy.analyze([(None, 3)]),
])
def test_a_spec_that_is_not_a_str(call):
    with pytest.raises((TypeError, ValueError), match="spec"):
        call()


def test_analyze_takes_the_programs_arguments(cli):
    a = grundy.analyze("nim 3 4")
    assert a == grundy.analyze([("nim", 3), ("nim", 4)])
    want = json.loads(cli("analyze", "nim", "3", "4", "--json"))
    assert a.nim_sum == want["value"] and a.winner == want["winner"]
    b = grundy.analyze("rect:2x2 11/01 10/00")
    assert b == grundy.analyze([("rect:2x2", "11/01"), ("rect:2x2", "10/00")])
    with pytest.raises(ValueError, match="a spec and at least one"):
        grundy.analyze("nim")


@pytest.mark.parametrize("spec,heap", [("nim", 1), ("nim", 7),
                                       ("kayles", 1), ("kayles", 2),
                                       ("subtract:1,3,4", 3), ("0.137", 1)])
def test_a_move_to_nothing_is_the_empty_tuple(cli, spec, heap):
    # one heap: its winning move takes all (or leaves only empty heaps)
    a = grundy.analyze([(spec, heap)])
    want = json.loads(cli("analyze", spec, heap, "--json"))
    empty = [m for m in a.moves if m.value == 0 and not m.to]
    assert empty, a.moves
    assert [list(m.to) for m in a.moves] == \
        [[int(x) for x in m["to"]] for m in want["winning_moves"]]
    assert all(0 not in m.to for m in a.moves)


def test_dtype_is_the_tables_width():
    for spec in ("kayles", "nim", "subtract:1,3,4", "0.137"):
        v = grundy.values(spec, 300)
        assert v.dtype.kind == "u" and v.dtype.itemsize in (1, 2, 4)
        assert int(v.max()) < 2 ** (8 * v.dtype.itemsize)


# Two-heap games ----------------------------------------------------------------

def test_two_heap_positions_are_pairs(cli):
    rnd = random.Random(20261126)
    for _ in range(20):
        a, b = rnd.randrange(40), rnd.randrange(40)
        want = int(cli("values", "wythoff", "--at", f"{a},{b}").split()[-1])
        assert grundy.value("wythoff", (a, b)) == want
        assert grundy.value("wythoff", f"{a},{b}") == want
    with pytest.raises(TypeError, match="3,5"):
        grundy.value("wythoff", 3)  # not a packed number
    with pytest.raises(TypeError, match="tuple of ints"):
        grundy.value("wythoff", (3, "x"))
    with pytest.raises(ValueError):
        grundy.value("wythoff", (3, 4, 5))


# Games with cycles ----------------------------------------------------------

def outcomes_by_retrograde(n, moves):
    """Win/lose/draw of every position of a game graph, by the textbook
    retrograde analysis (independent of the library's value method)."""
    succ = [list(moves(p)) for p in range(n)]
    pred = [[] for _ in range(n)]
    for p in range(n):
        for q in succ[p]:
            pred[q].append(p)
    left = [len(s) for s in succ]
    res = [None] * n
    todo = [p for p in range(n) if not succ[p]]
    for p in todo:
        res[p] = "second"
    while todo:
        q = todo.pop()
        for p in pred[q]:
            if res[p] is not None:
                continue
            if res[q] == "second":
                res[p] = "first"
                todo.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    res[p] = "second"
                    todo.append(p)
    return [r or "draw" for r in res]


def test_loopy_outcomes_against_retrograde_analysis():
    for seed in range(12):
        rnd = random.Random(seed)
        S = sorted(rnd.sample(range(1, 6), rnd.randint(1, 3)))
        A = sorted(rnd.sample(range(1, 4), rnd.randint(0, 2)))
        hm = rnd.randint(5, 40)
        spec = f"addsub:{','.join(map(str, S))}:{','.join(map(str, A))}"
        g = grundy.Loopy(spec, heap_max=hm)
        assert len(g) == hm + 1, spec

        def moves(p):
            if p == 0:
                return []  # an empty heap is final
            return [p - s for s in S if s <= p] + \
                   [p + a for a in A if p + a <= hm]
        want = outcomes_by_retrograde(hm + 1, moves)
        got = [g.outcome(p) for p in range(hm + 1)]
        assert got == want, f"seed {seed}: {spec} heap_max={hm}"
        for p in range(hm + 1):
            v = g.value(p)
            if isinstance(v, grundy.Infinite):
                assert g.values()[p] == grundy.Loopy.INFINITE
                assert want[p] == ("first" if 0 in v.k else "draw")
            else:
                assert g.values()[p] == v
                assert want[p] == ("second" if v == 0 else "first")


def loopy_json_value(v):
    return v if isinstance(v, int) else {"inf": list(v.k)}


@pytest.mark.parametrize("spec,hm,positions", [
    ("addsub:2:1", 10, [3, 4]),
    ("addsub:2:1", 10, [3, 1]),
    ("addsub:1,3:2", 12, [5, 7, 2]),
    ("addsub:2,5:1", 20, [9]),
])
def test_loopy_sums_match_cli(cli, spec, hm, positions):
    a = grundy.analyze([(spec, p) for p in positions], heap_max=hm)
    want = json.loads(subprocess.run(
        [cli_path(), "analyze", spec, "--heap-max", str(hm),
         *map(str, positions), "--json"],
        capture_output=True, text=True, check=True).stdout)
    assert [loopy_json_value(v) for v in a.values] == \
        [c["value"] for c in want["components"]]
    assert loopy_json_value(a.nim_sum) == want["value"]
    assert a.winner == want["winner"]
    key = "drawing_moves" if a.winner == "draw" else "winning_moves"
    # positions are ints in Python (what Loopy.value() takes), strings in
    # the JSON (doc/JSON.md)
    assert [(m.component + 1, str(m.position), [str(t) for t in m.to],
             loopy_json_value(m.value)) for m in a.moves] == \
        [(m["component"], m["from"], m["to"], m["value"])
         for m in want[key]]
    assert all(isinstance(m.position, int) for m in a.moves)
    if a.winner == "second":
        assert a.moves == []
    if a.best is not None and a.winner != "second":
        assert a.best in a.moves


def test_loopy_graph_file_and_its_errors(tmp_path):
    ok = tmp_path / "g.txt"
    ok.write_text("3 3\n0 1\n1 2\n2 1\n")
    g = grundy.Loopy(f"graph:{ok}")
    assert len(g) == 3 and [g.outcome(p) for p in range(3)] == \
        outcomes_by_retrograde(3, lambda p: {0: [1], 1: [2], 2: [1]}[p])
    bad = tmp_path / "bad.txt"
    bad.write_text("3 2\n0 1\n1 5\n")
    with pytest.raises(ValueError, match=r"bad\.txt:3:\d+"):
        grundy.Loopy(f"graph:{bad}")


def test_loopy_and_finite_do_not_mix():
    with pytest.raises(ValueError, match="mixes games with cycles"):
        grundy.analyze([("addsub:2:1", 3), ("nim", 3)], heap_max=10)
    with pytest.raises(ValueError, match="game with cycles"):
        grundy.values("addsub:2:1", 10)
    with pytest.raises(ValueError, match="position -1"):
        grundy.Loopy("addsub:2:1", heap_max=10).value(-1)
    with pytest.raises(ValueError, match="heap_max"):
        grundy.analyze([("nim", 3)], heap_max=10)


# Progress --------------------------------------------------------------------

def test_progress_callable_sees_the_work():
    seen = []
    v = grundy.values("0.6", 1500000, progress=seen.append)
    assert len(v) == 1500001
    assert seen and all(isinstance(p, grundy.Progress) for p in seen)
    assert {p.phase for p in seen} >= {"table"}
    t = [p for p in seen if p.phase == "table"]
    assert all(p.total == 1500001 for p in t)
    assert [p.done for p in t] == sorted(p.done for p in t)


def test_progress_of_a_board_search_says_where_its_root_stands():
    seen = []
    v = grundy.value("cram:5x7", "start", store=False, threads=1,
                     progress=seen.append)
    s = [p for p in seen if p.phase == "search"]
    assert s, [p.phase for p in seen]
    assert all(p.detail.startswith("round ") for p in s if p.detail)
    last = s[-1]
    assert last.final and last.detail
    # the last report is of the last round: the value, every child asked
    rnd, child, of = map(int, last.detail.replace("round ", "").replace(
        "child ", "").replace("of ", "").replace(",", "").split())
    assert rnd == v and child == of > 0
    assert grundy.Progress("table", 1, 2, False).detail is None
    phase, done, total, final = last  # still four fields
    assert (phase, final) == ("search", True)


def test_progress_callback_that_raises_stops_the_work():
    class Stop(Exception):
        pass

    def cb(p):
        raise Stop(p.phase)
    with pytest.raises(Stop):
        grundy.values("0.6", 3000000, progress=cb)
    assert grundy.value("kayles", 10) == 2  # the interpreter goes on


def test_progress_bar_without_tqdm(capfd, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import fails
    grundy.values("0.6", 1500000, progress=True)
    err = capfd.readouterr().err
    assert "grundy: table:" in err and "/ 1500001" in err
    # not a terminal (a log): lines of their own, no returns, the first
    # and the last report of each phase and one every 10 s (a line each
    # 0.1 s, as at a terminal, would be some 40 here)
    assert "\r" not in err
    lines = [x for x in err.splitlines() if x.startswith("grundy: table:")]
    assert 1 <= len(lines) <= 8, lines
    assert lines[-1].startswith("grundy: table: 1500001 / 1500001")


def test_progress_bar_with_tqdm(capfd):
    try:
        import tqdm  # noqa: F401
    except ImportError:
        pytest.skip("tqdm is not installed (apt-get install python3-tqdm)")
    grundy.values("0.6", 1500000, progress=True)
    err = capfd.readouterr().err
    assert "table" in err and "grundy: table:" not in err


def test_progress_of_a_wrong_type():
    with pytest.raises(TypeError, match="progress"):
        grundy.values("nim", 5, progress=3)


# Misere, Moore's Nim_k, the method and the best move --------------------------

MISERE_SUMS = ["kayles 3 4 5", "nim 1 1", "nim 1 1 1", "nim 3 4 5",
               "rect:2x2 11/01 10/00", "0.137 10 20", "grundy-game 7 9",
               "subtract:1,3,4 5 8 13"]


def cli_words(text):
    return [int(w) if w.isdigit() else w for w in text.split()]


@pytest.mark.parametrize("text", MISERE_SUMS)
def test_misere_matches_cli(cli, text):
    a = grundy.analyze(text, misere=True, best=True)
    want = json.loads(cli("analyze", "--misere", *text.split(), "--json"))
    assert a.winner == want["winner"]
    # the program's JSON names misere Nim's rule "rule"
    assert {"misere nim": "rule"}.get(a.method, a.method) == want["method"]
    assert [(m.component + 1, str(m.position), [str(x) for x in m.to])
            for m in a.moves] == \
        [(m["component"], m["from"], m["to"]) for m in want["winning_moves"]]
    # no value after a misere move, and no nim-sum: the program has none
    assert all(m.value is None for m in a.moves) and a.nim_sum is None
    assert "value" not in want and all(
        "value" not in m for m in want["winning_moves"])
    if a.winner == "first":
        assert (a.best.component, a.best.position, a.best.to) in \
            [(m.component, m.position, m.to) for m in a.moves]


@pytest.mark.parametrize("text,k", [("nim 3 4 5", 2), ("nim 1 2 3 4", 3),
                                    ("nim 7 7", 2), ("divisors:36 6 12", 2)])
def test_moore_matches_cli(cli, text, k):
    a = grundy.analyze(text, moore=k, best=True)
    want = json.loads(cli("analyze", "--moore", k, *text.split(), "--json"))
    assert a.winner == want["winner"] and a.method == want["method"]
    # the program prints no nim-sum (it decides nothing in Nim_k) and one
    # winning move set: so does Python, as one MoveSet with its parts
    assert a.nim_sum is None and "value" not in want
    parts = [(m.component + 1, str(m.position), [str(x) for x in m.to])
             for ms in a.moves for m in ms.parts]
    assert parts == [(m["component"], m["from"], m["to"])
                     for m in want.get("winning_move_set", [])]
    assert len(a.moves) == (1 if want.get("winning_move_set") else 0)
    assert all(isinstance(ms, grundy.MoveSet) for ms in a.moves)
    assert all(m.value is None for ms in a.moves for m in ms.parts)
    assert a.best is None or isinstance(a.best, grundy.MoveSet)


def misere_oracle(heaps, moves):
    """Does the player to move win the misere sum? Direct search."""
    import functools

    @functools.lru_cache(maxsize=None)
    def win(state):
        opts = []
        for i, h in enumerate(state):
            for m in moves(h):
                parts = m if isinstance(m, tuple) else (m,)
                rest = state[:i] + state[i + 1:] + tuple(p for p in parts if p)
                opts.append(tuple(sorted(rest)))
        if not opts:
            return True  # no move: the player to move wins (misere)
        return any(not win(o) for o in opts)
    return win(tuple(sorted(h for h in heaps if h)))


def test_misere_against_a_direct_search():
    kay = lambda n: [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]
    sub = lambda n: [n - s for s in (1, 3, 4) if s <= n]
    for seed in range(30):
        rnd = random.Random(seed)
        spec, moves = rnd.choice([("kayles", kay), ("subtract:1,3,4", sub)])
        heaps = [rnd.randint(0, 9) for _ in range(rnd.randint(1, 4))]
        a = grundy.analyze([(spec, h) for h in heaps], misere=True)
        assert (a.winner == "first") == misere_oracle(heaps, moves), \
            f"seed {seed}: {spec} {heaps} ({a.method})"
        for m in a.moves:  # every winning move leaves a lost sum
            rest = heaps[:m.component] + heaps[m.component + 1:] + list(m.to)
            assert not misere_oracle(rest, moves), f"seed {seed}: {m}"


def test_best_move_of_a_lost_sum_and_of_nothing():
    a = grundy.analyze("nim 2 2", best=True)
    assert a.winner == "second" and a.moves == [] and a.best is not None
    assert grundy.analyze("nim 2 2").best is None  # not asked for
    b = grundy.analyze("nim 0 0", best=True)
    assert b.best is None and b.winner == "second"
    with pytest.raises(ValueError, match="moore"):
        grundy.analyze("nim 3", moore=0)


# What the program prints ----------------------------------------------------

def test_report_is_what_the_program_prints(cli):
    """grundy.report() against `grundy values` itself, byte for byte, on
    seeded random games and options (both write through the library's
    writers; the program is the oracle of the bytes)."""
    seed = int(os.environ.get("GRUNDY_TEST_SEED", "20261127"))
    rng = random.Random(seed)
    specs = ["0.137", "0.77", "subtract:1,3,4", "nim", "grundy-game",
             "0.007", "allbut:1,2", "rect:2x3", "wythoff"]
    for it in range(40):
        spec = rng.choice(specs)
        finite = spec.startswith("rect")
        pairs = spec == "wythoff"
        upto = None if finite else rng.randrange(0, 30 if pairs else 3000)
        opts = {k: rng.random() < 0.4
                for k in ("json", "stats", "period", "p_positions")}
        if pairs:
            opts["period"] = False
        if opts["json"]:
            opts["p_positions"] = False
        args = ["values", spec] + (["--all"] if finite else
                                   ["--upto", upto])
        args += [{"p_positions": "--p-positions"}.get(k, "--" + k)
                 for k, v in opts.items() if v]
        got = grundy.report(spec, upto, store=False, **opts)
        want = cli(*args)
        assert got == want, f"seed={seed} it={it}: grundy {args}"


def test_analysis_json_is_the_programs(cli):
    """Analysis.json() on seeded random sums (normal, misere, Moore's
    Nim_k, mixed families, games with cycles) is byte for byte what
    ``grundy analyze --mix ... --json`` prints."""
    seed = int(os.environ.get("GRUNDY_TEST_SEED", "33"))
    rng = random.Random(seed)
    fams = ["nim", "0.77", "0.07", "subtract:1,3", "grundy-game", "4.07"]
    for case in range(30):
        if case % 5 == 4:
            comps = [("addsub:2:1", rng.randint(0, 9))
                     for _ in range(rng.randint(1, 3))]
            a = grundy.analyze(comps, heap_max=10)
            flags = ["--heap-max", "10"]
        else:
            comps = [(rng.choice(fams), rng.randint(0, 10))
                     for _ in range(rng.randint(1, 3))]
            misere = case % 3 == 1
            moore = 2 if case % 3 == 2 else None
            a = grundy.analyze(comps, misere=misere, moore=moore)
            flags = (["--misere"] if misere else []) + \
                (["--moore", "2"] if moore else [])
        want = cli("analyze", "--mix", *[f"{s}:{p}" for s, p in comps],
                   "--json", *flags)
        assert a.json() == want, f"seed {seed} case {case}: {comps}"
    with pytest.raises(ValueError, match="specs"):
        grundy.analyze([(grundy.Loopy.from_edges([(0, 1)]), 0)]).json()
