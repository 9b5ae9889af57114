"""Bad inputs raise the documented exceptions; Ctrl-C stops a long table
and leaves the interpreter usable; the store; the docstrings' examples."""
import doctest
import os
import re
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import grundy

from conftest import ROOT


@pytest.mark.parametrize("spec,column,detail", [
    ("0.1x7", 4, "'x' is not a digit"),
    ("subtract:1,,3", 12, ""),
    ("rect:9x9", 0, ""),
    ("nosuchgame", 1, "nosuchgame"),
])
def test_bad_spec_raises_spec_error(cli, spec, column, detail):
    with pytest.raises(grundy.SpecError) as e:
        grundy.values(spec, 10)
    assert isinstance(e.value, ValueError)
    assert e.value.spec == spec
    assert detail in e.value.detail
    # the program names the same column with the same words
    r = subprocess.run([os.environ.get("GRUNDY_CLI",
                                       os.path.join(ROOT, "build", "grundy")),
                        "values", spec, "--upto", "10", "--no-store"],
                       capture_output=True, text=True)
    if r.returncode == 1 and "at column" in r.stderr:
        assert r.stderr.strip() == f"grundy: values: {e.value}"
    if column:
        assert e.value.column == column
    for f in (lambda: grundy.value(spec, 1), lambda: grundy.period(spec),
              lambda: grundy.analyze([(spec, 1)]),
              lambda: grundy.Range(spec, [1])):
        with pytest.raises(grundy.SpecError):
            f()


def test_bad_positions():
    with pytest.raises(ValueError, match="negative"):
        grundy.value("nim", -1)
    with pytest.raises(OverflowError):
        grundy.value("nim", 2**64)
    with pytest.raises(ValueError, match="outside"):
        grundy.value("rect:2x2", 16)
    with pytest.raises(ValueError, match="column"):
        grundy.value("rect:2x2", "11/0x")
    with pytest.raises(TypeError):
        grundy.value("nim", 1.5)
    with pytest.raises(ValueError):
        grundy.value("0.137", __import__("numpy").array([1, -2]))
    with pytest.raises(ValueError):
        grundy.analyze([("nim", 3), ("nim",)])


def test_bad_arguments():
    with pytest.raises(ValueError):
        grundy.values("0.137")          # upto is needed
    with pytest.raises(ValueError):
        grundy.values("rect:2x2", 10)   # finite: every position
    with pytest.raises(ValueError):
        grundy.values("nim", -1)
    with pytest.raises(ValueError):
        grundy.period("rect:2x2")
    with pytest.raises(ValueError):
        grundy.values("nim", 10, mem_limit="lots")
    with pytest.raises(TypeError):
        grundy.values("nim", "10")


def test_table_over_the_limit_is_refused():
    with pytest.raises(grundy.LimitError) as e:
        grundy.values("0.137", 10**7, mem_limit="1M")
    assert isinstance(e.value, MemoryError)
    with pytest.raises(MemoryError):
        grundy.values("grundy-game", 10**15)   # over any machine's memory
    # the interpreter and the library go on
    assert grundy.values("0.137", 10**5, mem_limit="1M")[-1] >= 0


INTERRUPT = textwrap.dedent("""
    import os, signal, sys, threading, time
    import grundy
    threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
    t0 = time.monotonic()
    try:
        grundy.values("grundy-game", 2**27, mem_limit="1G")
        print("finished")
    except KeyboardInterrupt:
        print("interrupted after %.2f s" % (time.monotonic() - t0))
    print(grundy.values("subtract:1,3,4", 6).tolist())
""")


def test_ctrl_c_interrupts_a_long_table():
    r = subprocess.run([sys.executable, "-c", INTERRUPT],
                       capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                           sys.path)))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    m = re.match(r"interrupted after ([0-9.]+) s", lines[0])
    assert m, r.stdout
    assert float(m.group(1)) < 3.0     # within a few progress intervals
    assert lines[1] == "[0, 1, 0, 1, 2, 3, 2]"


def test_store(tmp_path, monkeypatch, cli):
    monkeypatch.setenv("GRUNDY_STORE_MIN_MS", "0")
    folder = tmp_path / "tables"
    a = grundy.values("0.137", 5000, store=folder)
    assert [f for f in os.listdir(folder) if f.endswith(".gtab")]
    b = grundy.values("0.137", 3000, store=folder)  # served from the file
    assert b.tolist() == a[:3001].tolist()
    prog = os.environ.get("GRUNDY_CLI", os.path.join(ROOT, "build",
                                                     "grundy"))
    listing = subprocess.run([prog, "store", "list", "--store", str(folder)],
                             capture_output=True, text=True).stdout
    assert listing.startswith("folder ") and "0.137: 5001 entries" in listing
    assert grundy.value("0.137", 10**12, store=folder) == \
        grundy.value("0.137", 10**12)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    grundy.values("0.137", 100, store=True)   # the default folder
    assert os.listdir(tmp_path / "xdg" / "grundy")


def test_unwritable_store_warns_and_goes_on(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    if os.access(folder, os.W_OK):
        pytest.skip("running as a user who may write anywhere")
    with pytest.warns(RuntimeWarning, match="grundy: store"):
        assert grundy.values("nim", 3, store=folder).tolist() == [0, 1, 2, 3]


def test_docstring_examples():
    failures, tests = doctest.testmod(grundy, extraglobs={"grundy": grundy},
                                      optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tests > 5 and failures == 0


def readme_section(title):
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def test_readme_python_example():
    """The README's session is run as a doctest: it stays true."""
    section = readme_section("Use from Python")
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(
        optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    for i, b in enumerate(blocks):
        t = parser.get_doctest(b, {"grundy": grundy}, f"README {i}",
                               "README.md", 0)
        runner.run(t)
    assert runner.failures == 0


def test_notebook_runs(tmp_path):
    env = dict(os.environ, MPLBACKEND="Agg",
               PYTHONPATH=os.pathsep.join(sys.path),
               GRUNDY_NOTEBOOK_OUT=str(tmp_path))
    r = subprocess.run([sys.executable,
                        os.path.join(ROOT, "examples", "notebook.py")],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "period 34 from 52 (proven)" in r.stdout
    assert os.listdir(tmp_path)   # the plot


def test_version_is_the_project_version():
    with open(os.path.join(ROOT, "include", "grundy", "version.h"),
              encoding="utf-8") as f:
        text = f.read()
    want = ".".join(
        re.search(r"#define GRUNDY_VERSION_%s ([0-9]+)" % part, text).group(1)
        for part in ("MAJOR", "MINOR", "PATCH"))
    assert grundy.__version__ == want
