"""200 requests from 20 clients against 127.0.0.1, bounded in count and
time: every one is answered with what a single request gets, and the
server then stops cleanly (under ASan: no leak at exit, as the
fixture's teardown checks its stderr)."""
import concurrent.futures
import json
import time

from conftest import SEED

PATHS = [
    "/api/values?rules=kayles&upto=300",
    "/api/analyze?rules=0.137&position=10&position=20&position=33",
    "/api/analyze?rules=cram:3x4&position=start",
    "/api/moves?rules=kayles&position=12&position=7",
    "/api/moves?rules=cram:3x4&position=1111/1011/1111",
    "/api/analyze?rules=kayles&position=3&position=5&misere=1",
    "/api/plot?rules=grundy-game&upto=2000",
    "/api/values?rules=nim&upto=x",   # a 400
    "/",
    "/app.js",
]
CLIENTS, REQUESTS, BOUND_S = 20, 200, 120


def test_200_requests_from_20_clients(server):
    want = {p: server.get(p) for p in PATHS}

    def client(k):
        out = []
        for j in range(REQUESTS // CLIENTS):
            p = PATHS[(k * 7 + j * 3 + SEED) % len(PATHS)]
            out.append((p, server.get(p, timeout=BOUND_S)))
        return out

    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(CLIENTS) as ex:
        results = [r for f in [ex.submit(client, k) for k in range(CLIENTS)]
                   for r in f.result(timeout=BOUND_S)]
    took = time.monotonic() - t0
    assert len(results) == REQUESTS
    for p, got in results:
        assert got == want[p], (p, got[0], got[2][:200])
    assert took < BOUND_S, took
    st, _, body = server.get("/api/values?rules=nim&upto=2")
    assert st == 200 and json.loads(body)["values"] == [0, 1, 2]
