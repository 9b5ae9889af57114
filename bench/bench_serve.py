#!/usr/bin/python3
"""bench_serve.py GRUNDY [REQUESTS [CYCLE]] -- grundy serve under a bounded local
load: the latency of a position with its moves (/api/moves) once its
values are stored, and the server's memory over many requests.

A server is started on 127.0.0.1 (a free port, a fresh store); each
question is asked once to compute and keep its values, then REQUESTS
times (default 2000) from one client, one after the other; the median
and the 99th percentile of the time to a complete answer are printed per
question.  Then CYCLE requests (default 10,000) cycle through the
questions, and the server's resident memory (VmRSS) is printed five
times along the way.  Only
127.0.0.1 is asked; the run stops by itself."""
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

QUESTIONS = [
    ("Kayles 1000", "/api/moves?rules=kayles&position=1000"),
    ("Cram 4x5", "/api/moves?rules=cram%3A4x5&position=start"),
    ("three octal heaps", "/api/moves?rules=0.137&position=300&position=500"
                          "&position=700"),
]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    grundy = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    cycle = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.Popen([grundy, "serve", "--port", "0", "--store",
                              os.path.join(tmp, "store"), "--quiet"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True)
        url = p.stdout.readline().split(": ", 1)[1].strip().rstrip("/")
        try:
            print("question\trequests\tmedian_ms\tp99_ms\tmax_ms\tbytes")
            for name, path in QUESTIONS:
                t0 = time.perf_counter()
                body = urllib.request.urlopen(url + path).read()
                first = (time.perf_counter() - t0) * 1000
                host, port = url[len("http://"):].rsplit(":", 1)
                conn = http.client.HTTPConnection(host, int(port))
                times = []
                for _ in range(n):
                    t0 = time.perf_counter()
                    conn.request("GET", path)
                    r = conn.getresponse()
                    got = r.read()
                    times.append((time.perf_counter() - t0) * 1000)
                    assert r.status == 200 and got == body
                conn.close()
                times.sort()
                print(f"{name}\t{n}\t{statistics.median(times):.3f}\t"
                      f"{times[int(0.99 * (n - 1))]:.3f}\t{times[-1]:.3f}\t"
                      f"{len(body)}\t(first: {first:.1f} ms)")
            print("requests\tVmRSS_KiB")
            print(f"0\t{rss_kib(p.pid)}")
            for k in range(1, cycle + 1):
                with urllib.request.urlopen(
                        url + QUESTIONS[k % len(QUESTIONS)][1]) as r:
                    r.read()
                if k % max(1, cycle // 5) == 0:
                    print(f"{k}\t{rss_kib(p.pid)}")
        finally:
            p.terminate()
            p.wait(timeout=30)


if __name__ == "__main__":
    main()
