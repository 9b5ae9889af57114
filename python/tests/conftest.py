"""Shared fixtures: the grundy program to compare against (GRUNDY_CLI, or
build/grundy of the checkout), run without the user's store."""
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def cli_path():
    return os.environ.get("GRUNDY_CLI", os.path.join(ROOT, "build", "grundy"))


@pytest.fixture(scope="session")
def cli():
    """cli(*args, input=None) -> stdout of the grundy program."""
    prog = cli_path()
    if not os.path.exists(prog):
        pytest.skip(f"no grundy program at {prog} (set GRUNDY_CLI)")

    def run(*args, input=None, check=True):
        r = subprocess.run([prog, *map(str, args), "--no-store"],
                           input=input, capture_output=True, text=True)
        if check and r.returncode != 0:
            raise AssertionError(f"grundy {' '.join(map(str, args))}: "
                                 f"exit {r.returncode}: {r.stderr}")
        return r.stdout
    return run


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """No test reads or writes the user's store."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
