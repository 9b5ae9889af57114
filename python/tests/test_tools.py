"""survey, plot, the store, a board search's statistics, out_of_core,
keep_table and work_limit from Python, each against the program doing
the same, and the values against independent computations."""
import json
import os
import shutil
import subprocess
import xml.dom.minidom

import pytest

import grundy

from conftest import cli_path


def run(*args, store=None, env=None):
    """The program's stdout, with a store folder (or none)."""
    extra = ["--store", str(store)] if store else ["--no-store"]
    e = dict(os.environ, **(env or {}))
    r = subprocess.run([cli_path(), *map(str, args), *extra],
                       capture_output=True, text=True, env=e)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.fixture
def have_cli():
    if not os.path.exists(cli_path()):
        pytest.skip("no grundy program (set GRUNDY_CLI)")


# survey ----------------------------------------------------------------------

@pytest.mark.parametrize("codes,upto", [("0.1d", 300), ("4.d", 200),
                                        (["0.137", "0.77", "0.10", "0.1",
                                          "grundy-game"], 500)])
def test_survey_rows_are_the_programs(have_cli, codes, upto, tmp_path):
    rows = list(grundy.survey(codes, upto, store=False))
    if isinstance(codes, list):
        f = tmp_path / "codes"
        f.write_text("\n".join(codes) + "\n")
        spec = "@" + str(f)
    else:
        spec = codes
    want = [json.loads(line) for line in
            run("survey", spec, "--upto", upto, "--json").splitlines()]
    assert [r.code for r in rows] == [w["code"] for w in want]
    for r, w in zip(rows, want):
        assert r.group == w["group"] and r.status == w["status"]
        assert r.max == w["max"] and r.last_rare == w["last_rare"]
        if w["period"] is None:
            assert r.period is None
        else:
            assert (r.period.period, r.period.preperiod, r.period.proven) == \
                (w["period"]["period"], w["period"]["preperiod"],
                 w["period"]["proven"])
            assert r.period.saltus == w["period"].get("saltus", 0)
        # and against the table itself
        t = grundy.values(r.code, upto, store=False)
        assert r.max == int(t.max())
        if r.period is not None and r.status == "periodic":
            q, p = r.period.preperiod, r.period.period
            assert all(t[n] == t[n + p] for n in range(q, upto + 1 - p))


def test_survey_is_an_iterator_and_checks_codes_first():
    it = grundy.survey("0.dd", 50, store=False)
    first = next(it)
    assert first.code == "0.00" and isinstance(first, grundy.SurveyRow)
    assert sum(1 for _ in it) == 63
    with pytest.raises(ValueError, match="column 8: more than 1048576"):
        list(grundy.survey("0.hhhhhh", 10))
    with pytest.raises(ValueError, match="at column 5: expected a pattern"):
        grundy.survey("0ddd", 10)
    with pytest.raises(grundy.SpecError):
        grundy.survey(["0.7", "0.x"], 10)
    with pytest.raises(ValueError, match="heap games"):
        grundy.survey(["rect:2x2"], 10)
    with pytest.raises(TypeError):
        grundy.survey("0.dd", True)


def test_survey_skips_a_table_over_the_limit():
    # 0.7 to 10^6 takes about 10^6 steps, 0.16 some 5 * 10^7
    rows = list(grundy.survey(["0.7", "0.16"], 10**6, store=False,
                              work_limit=10**7))
    assert rows[0].status == "periodic"
    assert rows[1].status == "skipped" and rows[1].skipped == "work"
    assert rows[1].period is None and rows[1].max is None


# plot ------------------------------------------------------------------------

@pytest.mark.parametrize("args,kw", [
    (["0.137", "--upto", 300], dict(upto=300)),
    (["grundy-game", "--upto", 100000], dict(upto=100000)),
    (["0.137", "--upto", 300, "--histogram", "--log"],
     dict(upto=300, histogram=True, log=True)),
    (["wythoff", "--upto", 40], dict(upto=40)),
    (["cram:3x4", "--position", "start"], dict(position="start")),
    (["rect:2x3", "--all", "--histogram"], dict(all=True, histogram=True)),
    (["0.137", "--upto", 100, "--title", "Dawson", "--font-size", 14,
      "--width", 700, "--no-rare"],
     dict(upto=100, title="Dawson", font_size=14, width=700, rare=False)),
])
def test_plot_svg_is_the_programs(have_cli, args, kw):
    spec = args[0]
    p = grundy.plot(spec, store=False, **kw)
    want = run("plot", *args, "-o", "-")
    assert p.svg == want
    xml.dom.minidom.parseString(p.svg)  # well-formed
    assert isinstance(p.info, dict)


def test_plot_to_files(have_cli, tmp_path):
    p = grundy.plot("0.137", 300, path=tmp_path / "a.svg", store=False)
    assert p.svg is None and p.info["max"] == 9
    assert "period 34 preperiod 52 (proven)" == p.info["period"]
    assert (tmp_path / "a.svg").read_text() == \
        run("plot", "0.137", "--upto", 300, "-o", "-")
    b = grundy.plot("cram:4x5", position="11101/11101/11101/11101",
                    path=str(tmp_path / "c.svg"), store=False)
    assert b.info == {"value": 3, "moves": 20, "winning": 2, "parts": 2}
    try:
        grundy.plot("0.137", 50, path=tmp_path / "a.png", store=False)
    except ValueError as e:
        assert "cairo" in str(e)
        pytest.skip("no cairo here: " + str(e))
    head = (tmp_path / "a.png").read_bytes()[:8]
    assert head == b"\x89PNG\r\n\x1a\n"
    grundy.plot("0.137", 50, path=tmp_path / "x.out", format="pdf",
                store=False)
    assert (tmp_path / "x.out").read_bytes()[:5] == b"%PDF-"


def test_plot_refuses_as_the_program():
    with pytest.raises(ValueError, match="say what to draw"):
        grundy.plot("0.137")
    with pytest.raises(ValueError, match="say the picture's format"):
        grundy.plot("0.137", 10, path="pic.gif")
    with pytest.raises(ValueError, match="goes to a file"):
        grundy.plot("0.137", 10, format="png")
    with pytest.raises(ValueError, match="board"):
        grundy.plot("0.137", position="3")
    with pytest.raises(ValueError, match="finite family"):
        grundy.plot("rect:2x2", 10)
    with pytest.raises(ValueError, match="position="):
        grundy.plot("cram:3x3", all=True)
    with pytest.raises(ValueError, match="log=True applies"):
        grundy.plot("0.137", 10, log=True)
    with pytest.raises(ValueError, match="width=100 is out of range"):
        grundy.plot("0.137", 10, width=100)
    with pytest.raises(ValueError, match="a map of g"):
        grundy.plot("wythoff", 1000)


# the store -------------------------------------------------------------------

def test_store_management_as_the_program(have_cli, tmp_path, monkeypatch):
    monkeypatch.setenv("GRUNDY_STORE_MIN_MS", "0")
    d = tmp_path / "st"
    s = grundy.Store(d, limit="1G")
    assert s.path == str(d) and s.limit == 1 << 30 and s.list() == []
    grundy.values("kayles", 199, store=s)
    grundy.values("subtract:1,3,4", 50, store=s)
    grundy.values("grundy-game", 1000, store=s)
    got = s.list()
    want = json.loads(run("store", "list", "--json", store=d))
    assert [(e.spec, e.path, e.entries, e.width, e.max, e.complete,
             e.bytes) for e in got] == \
        [(t["canonical"], t["file"], t["entries"], t["width"], t["max"],
          t["complete"], t["bytes"]) for t in want["tables"]]
    kay = got[0]
    assert kay.spec == "0.77" and kay.period.proven
    assert (kay.period.period, kay.period.preperiod) == (12, 71)
    assert s.usage() == want["total_bytes"]
    assert s.verify() == {"0.77": None, "grundy-game": None,
                          "subtract:1,3,4": None}
    assert s.path_of("kayles") == run("store", "path", "kayles",
                                      store=d).strip()
    # a damaged file is named with what failed
    raw = bytearray(open(kay.path, "rb").read())
    raw[-1] ^= 0xFF
    open(kay.path, "wb").write(bytes(raw))
    assert "checksum" in s.verify("kayles")["0.77"]
    assert s.remove("kayles") == ["0.77"]
    with pytest.raises(KeyError, match="no table of '0.77'"):
        s.remove("kayles")
    assert s.remove("s*") == ["subtract:1,3,4"]
    assert [e.spec for e in s.list()] == ["grundy-game"]
    assert s.clear() == grundy.Cleared(1, 0)
    assert s.list() == [] and s.usage() == 0


def test_store_limit_and_trim(tmp_path, monkeypatch):
    monkeypatch.setenv("GRUNDY_STORE_MIN_MS", "0")
    s = grundy.Store(tmp_path / "st", limit="none")
    assert s.limit is None
    for spec in ("0.137", "0.77", "0.07"):
        grundy.values(spec, 20000, store=s)
    big = s.usage()
    assert big > 100000
    removed = s.trim(big // 2)
    assert removed > 0 and s.usage() <= big // 2
    small = grundy.Store(tmp_path / "st", limit=50000)
    with pytest.warns(RuntimeWarning, match="larger than the store's limit"):
        grundy.values("0.6", 40000, store=small)  # alone over the limit
    assert "0.6" not in [e.spec for e in small.list()]


def test_store_default_is_the_programs(tmp_path, monkeypatch):
    # the user's cache folder, as the program's (XDG_CACHE_HOME/grundy)
    monkeypatch.setenv("GRUNDY_STORE_MIN_MS", "0")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert grundy.Store().path == str(tmp_path / "cache" / "grundy")
    grundy.values("0.137", 500)
    assert [e.spec for e in grundy.Store().list()] == ["0.137"]
    grundy.values("0.77", 500, store=False)
    assert [e.spec for e in grundy.Store().list()] == ["0.137"]


# keep_table, out_of_core, work_limit, stats ------------------------------------

def test_keep_table(have_cli, tmp_path, monkeypatch):
    # Grundy's game has no period criterion: one value is a table of its own
    monkeypatch.setenv("GRUNDY_STORE_MIN_MS", "0")
    s = grundy.Store(tmp_path / "st")
    assert grundy.value("grundy-game", 50000, store=s) == \
        int(grundy.values("grundy-game", 50000, store=False)[50000])
    assert s.list() == []  # one value far out fills no store
    run("values", "grundy-game", "--at", 50000, store=tmp_path / "st",
        env={"GRUNDY_STORE_MIN_MS": "0"})
    assert s.list() == []  # nor does the program's
    grundy.value("grundy-game", 50000, store=s, keep_table=True)
    assert [(e.spec, e.entries) for e in s.list()] == \
        [("grundy-game", 50001)]


def test_store_searches_are_the_programs(have_cli, tmp_path):
    # the journals in which board searches keep their facts: listed,
    # verified and removed as grundy store list, verify and remove do
    import fcntl
    d = tmp_path / "st"
    s = grundy.Store(d)
    assert s.searches() == []
    assert grundy.value("cram:5x6", "start", store=s, threads=1) == \
        int(run("values", "cram:5x6", "--position", "start"))
    got = s.searches()
    want = json.loads(run("store", "list", "--json", store=d))["searches"]
    assert [g._asdict() for g in got] == \
        [{"spec": w["rules"], "path": w["file"], "facts": w["facts"],
          "width": w["width"], "bytes": w["bytes"], "in_use": w["in_use"]}
         for w in want]
    assert len(got) == 1 and got[0].spec == "cram:5x6" and got[0].facts > 0
    assert s.verify() == {"cram:5x6 (board search)": None}
    assert s.verify("cram:5x6") == {"cram:5x6 (board search)": None}
    # a byte of the last record changed
    path = got[0].path
    with open(path, "r+b") as f:
        f.seek(-3, os.SEEK_END)
        b = f.read(1)
        f.seek(-3, os.SEEK_END)
        f.write(bytes([b[0] ^ 0x40]))
    why = s.verify()["cram:5x6 (board search)"]
    assert "fails its checksum" in why
    r = subprocess.run([cli_path(), "store", "verify", "--store", str(d)],
                       capture_output=True, text=True)
    assert r.returncode == 1 and why in r.stderr
    # held by a running search: in use, and it stays
    with open(path, "rb") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        assert s.searches()[0].in_use
        with pytest.raises(BlockingIOError, match="in use"):
            s.remove("cram:5x6")
    assert [g.spec for g in s.searches()] == ["cram:5x6"]
    assert s.remove("cram:5x6") == ["cram:5x6 (board search)"]
    assert s.searches() == [] and s.damaged() == []
    with pytest.raises(KeyError, match="no table of 'cram:5x6'"):
        s.remove("cram:5x6")
    grundy.value("cram:5x6", "start", store=s, threads=1)
    assert s.remove("cram:*") == ["cram:5x6 (board search)"]
    # a damaged header
    grundy.value("cram:5x6", "start", store=s, threads=1)
    path = s.searches()[0].path
    with open(path, "r+b") as f:
        f.seek(2)
        f.write(b"X")
    assert s.searches() == [] and s.damaged() == [path]
    assert "header" in s.verify()[path]


def test_out_of_core_table_is_the_same(tmp_path):
    d = tmp_path / "st"
    t = grundy.values("grundy-game", 300000, store=d, out_of_core=True)
    assert t.tolist() == grundy.values("grundy-game", 300000,
                                       store=False).tolist()
    assert [e.spec for e in grundy.Store(d).list()] == ["grundy-game"]
    with pytest.raises(ValueError, match="out_of_core=True grows the table"):
        grundy.values("grundy-game", 1000, store=False, out_of_core=True)


def test_work_limit():
    with pytest.raises(grundy.LimitError, match="work_limit=1000 steps"):
        grundy.values("0.16", 10**6, store=False, work_limit=1000)
    assert grundy.values("0.16", 100, store=False, work_limit=10**9)[100]
    with pytest.raises(ValueError, match="work_limit must be at least 1"):
        grundy.values("0.16", 10, work_limit=0)


def test_board_search_stats_are_the_programs(have_cli):
    v, st = grundy.value("cram:4x5", "start", stats=True, threads=1,
                         store=False)
    want = json.loads(run("values", "cram:4x5", "--position", "start",
                          "--stats", "--json", "--threads", 1))
    assert v == want["value"]
    w = want["stats"]
    assert st.source == w["source"] == "board search"
    # every key the program writes, and only those, with the same values
    # (the seconds are the clock's)
    assert set(w) <= set(st._fields), set(w) - set(st._fields)
    for f in st._fields:
        if f != "seconds":
            assert getattr(st, f) == w.get(f), f
    assert st.root["children"] > 0 and st.root["round"] == v
    v, st = grundy.value("kayles", 10**18, stats=True, store=False)
    assert v == 1 and st.source == "period" and st.nodes is None
    with pytest.raises(ValueError, match="one position"):
        grundy.value("kayles", [3, 4], stats=True)


def test_board_search_journal_is_the_programs(have_cli, tmp_path):
    # the facts kept in the store: a first run keeps some, a second reads
    # them back and keeps none; the program says the same of its own store
    ours, theirs = tmp_path / "py", tmp_path / "cli"
    for k in range(2):
        v, st = grundy.value("cram:5x7", "start", stats=True, threads=1,
                             store=ours)
        want = json.loads(run("values", "cram:5x7", "--position", "start",
                              "--stats", "--json", "--threads", 1,
                              store=theirs))
        w = want["stats"]
        assert v == want["value"] and st.journal == w["journal"]
        if k == 0:
            assert st.journal["read"] == 0 and st.journal["kept"] > 0
            kept = st.journal["kept"]
        else:
            assert st.journal == {"read": kept, "kept": 0}
            assert st.nodes <= 1
    assert grundy.value("cram:5x7", "start", stats=True,
                        store=False)[1].journal is None


def test_board_search_enddb_is_the_programs(have_cli):
    v, st = grundy.value("cram:4x5", "start", stats=True, threads=1,
                         store=False, enddb=8)
    want = json.loads(run("values", "cram:4x5", "--position", "start",
                          "--stats", "--json", "--threads", 1,
                          "--enddb", 8))
    assert v == want["value"]
    assert st.enddb == want["stats"]["enddb"]
    assert st.enddb["cells"] == 8 and st.enddb["hits"] > 0
    assert st.nodes == want["stats"]["nodes"]
    _, auto = grundy.value("cram:4x5", "start", stats=True, threads=1,
                           store=False, enddb="auto")
    want = json.loads(run("values", "cram:4x5", "--position", "start",
                          "--stats", "--json", "--threads", 1, "--enddb",
                          "auto"))
    assert auto.enddb == want["stats"].get("enddb")
    assert auto.nodes == want["stats"]["nodes"]
    for bad, err in ((41, ValueError), (-1, ValueError), ("8", ValueError),
                     (8.0, TypeError)):
        with pytest.raises(err, match="enddb"):
            grundy.value("cram:4x5", "start", enddb=bad)
