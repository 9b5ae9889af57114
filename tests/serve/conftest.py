"""Fixtures of the tests of grundy serve: the program (GRUNDY in the
environment), a server started on a free port of 127.0.0.1 and stopped
with SIGTERM (which must end it cleanly, exit status 0), and requests
through urllib."""
import http.client
import json
import os
import random
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

GRUNDY = os.environ.get("GRUNDY", "")
SCHEMA = os.environ.get("GRUNDY_SCHEMA", "")
SEED = int(os.environ.get("GRUNDY_TEST_SEED", "20260"))
MULT = int(os.environ.get("GRUNDY_TEST_MULTIPLIER", "1"))
# Under the sanitizers (GRUNDY_TEST_SANITIZED=1) a sum has at most two
# parts: the remoteness of a sum is searched over the product of its
# parts, and three parts under ASan cost minutes, not more coverage.
SANITIZED = os.environ.get("GRUNDY_TEST_SANITIZED") == "1"
PARTS = 2 if SANITIZED else 3


class Server:
    def __init__(self, args=(), store=None):
        self.tmp = tempfile.TemporaryDirectory()
        self.store = store or os.path.join(self.tmp.name, "store")
        self.err_path = os.path.join(self.tmp.name, "stderr")
        self.err = open(self.err_path, "w")
        self.proc = subprocess.Popen(
            [GRUNDY, "serve", "--port", "0", "--store", self.store,
             *args], stdout=subprocess.PIPE, stderr=self.err, text=True)
        line = self.proc.stdout.readline()
        assert line.startswith("grundy serve: http://"), \
            f"no address printed: {line!r} {self.stderr()}"
        self.url = line.split(": ", 1)[1].strip().rstrip("/")
        self.host, self.port = self.url[len("http://"):].rsplit(":", 1)

    def get(self, path, timeout=60):
        """(status, content type, body bytes) of GET url+path."""
        try:
            with urllib.request.urlopen(self.url + path,
                                        timeout=timeout) as r:
                return r.status, r.headers["Content-Type"], r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers["Content-Type"], e.read()

    def raw(self, method, path, body=None, headers=None):
        """A request through http.client, for what urllib will not send."""
        c = http.client.HTTPConnection(self.host, int(self.port), timeout=60)
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        out = (r.status, r.getheader("Content-Type"), r.read())
        c.close()
        return out

    def alive(self):
        st, _, body = self.get("/")
        return st == 200 and b"grundy" in body

    def stderr(self):
        self.err.flush()
        with open(self.err_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def stop(self, sig=signal.SIGTERM, timeout=30):
        """Stop with sig; the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError(f"the server did not stop within {timeout} s "
                                 f"of {sig.name}")
        self.proc.stdout.close()
        return rc

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.err.close()
        self.tmp.cleanup()


def stop_clean(srv):
    """SIGTERM: exit status 0, no sanitizer report, the store verified."""
    rc = srv.stop()
    err = srv.stderr()
    assert rc == 0, f"exit {rc} after SIGTERM: {err[-3000:]}"
    assert "Sanitizer" not in err and "runtime error" not in err, err[-3000:]
    if os.path.isdir(srv.store):
        v = subprocess.run([GRUNDY, "store", "verify", "--store", srv.store],
                           capture_output=True, text=True, timeout=120)
        assert v.returncode == 0, v.stdout + v.stderr


@pytest.fixture(scope="module")
def server():
    # the answers are compared with the command line's, which has no time
    # limit: the default 10 s is too short for a sanitized build
    srv = Server(("--time-limit", "120"))
    yield srv
    try:
        stop_clean(srv)
    finally:
        srv.close()


@pytest.fixture
def make_server():
    made = []

    def make(*args):
        s = Server(args)
        made.append(s)
        return s
    yield make
    for s in made:
        try:
            stop_clean(s)
        finally:
            s.close()


def cli(*args, check=True):
    """stdout of the program (bytes)."""
    r = subprocess.run([GRUNDY, *args, "--no-store"], capture_output=True,
                       timeout=300)
    if check:
        assert r.returncode == 0, (args, r.stderr.decode())
    return r.stdout


@pytest.fixture(scope="session")
def schema():
    import jsonschema
    with open(SCHEMA, encoding="utf-8") as f:
        s = json.load(f)
    cls = jsonschema.validators.validator_for(s)

    def check(obj, kind=None):
        sub = s if kind is None else {"$ref": "#/$defs/" + kind,
                                      "$defs": s["$defs"]}
        errors = sorted(cls(sub).iter_errors(obj), key=str)
        assert not errors, (jsonschema.exceptions.best_match(errors).message,
                            json.dumps(obj)[:400])
    return check


@pytest.fixture
def rng(request):
    """A seeded generator; the seed is in every failure message."""
    return random.Random(f"{SEED}:{request.node.name}")


def pytest_addoption(parser):
    parser.addoption("--shots", default=None,
                     help="where the browser test saves its screenshots")
