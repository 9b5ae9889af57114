#!/usr/bin/env python3
"""paired.py -- time two commands side by side, as bench/RESULTS.md does.

    bench/paired.py [-n N] [--warmup W] [--timeout S] --vs 'B ...' [--] A ...

A and B are whole processes, run in turn (A B A B ...) N times each after
W unmeasured pairs.  The report gives, for each, the median wall, user
and system time and peak resident memory over the runs, and the ratio
A/B taken pair by pair (min, median, max): pairing keeps the ratio
meaningful when the machine's speed drifts during the call.  B is split
as a shell splits words but is not run by a shell (write `sh -c '...'`
for a redirection).  A run that fails, or passes S seconds, stops the
call with exit status 1.  A peak under about 12 MiB is this script's
floor (a child's high-water mark counts the memory it had before exec),
not the command's own.  Standard library only.
"""
import argparse
import os
import shlex
import signal
import statistics
import subprocess
import sys
import time


def run(argv, timeout):
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, close_fds=False)
    deadline = start + timeout if timeout else None
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if deadline and time.perf_counter() > deadline:
            proc.send_signal(signal.SIGKILL)
            os.wait4(proc.pid, 0)
            sys.exit(f"paired.py: {shlex.join(argv)}: over {timeout} s")
        time.sleep(0.0005)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"paired.py: {shlex.join(argv)}: exit status {code}")
    return {"wall": wall, "user": usage.ru_utime, "sys": usage.ru_stime,
            "cpu": usage.ru_utime + usage.ru_stime,
            "peak": usage.ru_maxrss / 1024.0}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=5, help="measured runs of each")
    ap.add_argument("--warmup", type=int, default=1,
                    help="unmeasured pairs first")
    ap.add_argument("--timeout", type=float, default=0,
                    help="seconds a run may take (0: no bound)")
    ap.add_argument("--vs", required=True, help="the command B, one string")
    ap.add_argument("a", nargs=argparse.REMAINDER, help="the command A")
    args = ap.parse_args()
    a = args.a[1:] if args.a[:1] == ["--"] else args.a
    b = shlex.split(args.vs)
    if not a or not b or args.n < 1:
        ap.error("give A, --vs B and -n of at least 1")
    for _ in range(args.warmup):
        run(a, args.timeout)
        run(b, args.timeout)
    ra, rb = [], []
    for _ in range(args.n):
        ra.append(run(a, args.timeout))
        rb.append(run(b, args.timeout))
    print(f"{'':18}{'min':>10}{'median':>12}{'max':>12}")
    for name, rs in (("A", ra), ("B", rb)):
        for key, unit in (("wall", "s"), ("user", "s"), ("sys", "s"),
                          ("peak", "MiB")):
            xs = [r[key] for r in rs]
            print(f"{name} {key} {unit:<11}{min(xs):10.4g}"
                  f"{statistics.median(xs):12.4g}{max(xs):12.4g}")
    for key in ("user", "cpu", "wall"):
        xs = [x[key] / y[key] for x, y in zip(ra, rb) if y[key] > 0]
        if xs:
            print(f"A/B {key:<14}{min(xs):10.4f}"
                  f"{statistics.median(xs):12.4f}{max(xs):12.4f}")


if __name__ == "__main__":
    main()
