#!/usr/bin/python3
"""doc_examples.py GRUNDY SRC -- the examples of the README and the man page
are run, so that the docs cannot drift from the program.

README.md: every fenced block whose lines start with '$ ' is a session:
each '$ COMMAND' line is run by sh (build/grundy and grundy both mean the
program under test) and what follows it, up to the next '$ ' line, must be
its standard output exactly.  A block that runs other programs (make, cc,
rsvg-convert, ...), or that follows a line '<!-- example not run: WHY -->',
is reported as skipped, with the reason.
README.md, other blocks: a line 'grundy ARGS   # ... prints TEXT' states
its output in its comment: it is run, and TEXT must be a line of its
standard output (or, ending in '...', the start of one).  Comments without
'prints' describe and are not run.
doc/grundy.1: every line of the EXAMPLES section is run; it must exit 0
and write something (to standard output or the file it names).
All run in a scratch folder holding examples/ and an empty store.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

GRUNDY, SRC = sys.argv[1:3]
ALLOWED = {"grundy", "printf", "echo", "cat"}


NOT_RUN = "<!-- example not run:"


def readme_sessions(text):
    """(line number, [(command, expected output lines)] or the reason it is
    not run) per block that is a session (its first line starts '$ ')."""
    blocks, cur, start, inside, session, note = [], None, 0, False, False, None
    for no, line in enumerate(text.splitlines(), 1):
        if line.startswith(NOT_RUN) and not inside:
            note = line[len(NOT_RUN):].rstrip("->").strip()
            continue
        if line.startswith("```"):
            if inside and session and cur:
                blocks.append((start, note if note else cur))
            if inside:
                note = None
            inside, session, cur, start = not inside, False, [], no + 1
            continue
        if not inside:
            continue
        if line.startswith("$ ") and (session or not cur):
            session = True
            cur.append([line[2:], []])
        elif session:
            cur[-1][1].append(line)
        else:
            cur.append(None)  # a block that is not a session
    return blocks


CLAIM = re.compile(r"^(?P<cmd>(?:build/)?grundy\s.*?)\s{2,}#\s(?:.*?\s)?"
                   r"prints (?P<out>.+?)\s*$")


def readme_claims(text):
    """(line number, command, stated output) for each line of a block that
    is not a session and ends in a comment '# ... prints TEXT'; a block
    after '<!-- example not run: WHY -->' gives (line number, None, WHY)."""
    claims, inside, session, note = [], False, False, None
    for no, line in enumerate(text.splitlines(), 1):
        if line.startswith(NOT_RUN) and not inside:
            note = line[len(NOT_RUN):].rstrip("->").strip()
            continue
        if line.startswith("```"):
            if inside:
                note = None
            inside, session = not inside, False
            first = True
            continue
        if not inside:
            continue
        if first:
            session, first = line.startswith("$ "), False
        if session:
            continue
        m = CLAIM.match(line)
        if m:
            claims.append((no, None, note) if note else
                          (no, m.group("cmd"), m.group("out")))
    return claims


def claim_holds(out, lines):
    if out.endswith("..."):
        return any(line.startswith(out[:-3]) for line in lines)
    return out in lines


def programs(cmd):
    words = []
    for part in re.split(r"\|", cmd):
        part = part.strip()
        if part:
            words.append(part.split()[0])
    return words


def run(cmd, cwd, env):
    cmd = re.sub(r"\s{2,}#.*$", "", cmd)  # a trailing comment
    cmd = cmd.replace("build/grundy", "grundy")
    return subprocess.run(["sh", "-c", cmd], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def main():
    failures = skipped = ran = 0
    with tempfile.TemporaryDirectory() as tmp:
        bindir = os.path.join(tmp, "bin")
        os.mkdir(bindir)
        os.symlink(os.path.abspath(GRUNDY), os.path.join(bindir, "grundy"))
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        shutil.copytree(os.path.join(SRC, "examples"),
                        os.path.join(work, "examples"))
        env = dict(os.environ)
        env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
        env["XDG_CACHE_HOME"] = os.path.join(tmp, "cache")
        # every table is kept, however fast it came, as the store's
        # examples assume of the tables computed before them
        env["GRUNDY_STORE_MIN_MS"] = "0"

        with open(os.path.join(SRC, "README.md"), encoding="utf-8") as f:
            readme = f.read()
        for start, session in readme_sessions(readme):
            if isinstance(session, str):
                print(f"README.md:{start}: skipped (marked: {session})")
                skipped += 1
                continue
            progs = {p for cmd, _ in session for p in programs(cmd)}
            other = progs - ALLOWED - {"build/grundy"}
            if other:
                print(f"README.md:{start}: skipped (runs "
                      f"{', '.join(sorted(other))})")
                skipped += 1
                continue
            for cmd, want in session:
                r = run(cmd, work, env)
                ran += 1
                got = r.stdout.rstrip("\n").split("\n") if r.stdout else []
                while want and want[-1] == "":
                    want = want[:-1]
                if got != want:
                    failures += 1
                    print(f"README.md:{start}: $ {cmd}")
                    print("  expected:", *want[:12], sep="\n    ")
                    print("  got:", *got[:12], sep="\n    ")
                    if r.stderr:
                        print("  stderr:", r.stderr.strip()[:500])

        for no, cmd, out in readme_claims(readme):
            if cmd is None:
                print(f"README.md:{no}: skipped (marked: {out})")
                skipped += 1
                continue
            r = run(cmd, work, env)
            ran += 1
            got = r.stdout.rstrip("\n").split("\n") if r.stdout else []
            if not claim_holds(out, got):
                failures += 1
                print(f"README.md:{no}: {cmd}")
                print(f"  the comment says it prints: {out}")
                print("  got:", *got[:12], sep="\n    ")
                if r.stderr:
                    print("  stderr:", r.stderr.strip()[:500])

        with open(os.path.join(SRC, "doc", "grundy.1"), encoding="utf-8") as f:
            man = f.read()
        m = re.search(r"^\.SH EXAMPLES\n\.nf\n(.*?)^\.fi", man, re.S | re.M)
        if not m:
            print("doc/grundy.1: no EXAMPLES section")
            return 1
        for line in m.group(1).splitlines():
            cmd = line.replace("\\-", "-").replace("\\\\", "\\")
            if not cmd.strip():
                continue
            before = set(os.listdir(work))
            r = run(cmd, work, env)
            ran += 1
            made = set(os.listdir(work)) - before
            if r.returncode != 0 or not (r.stdout.strip() or made):
                failures += 1
                print(f"doc/grundy.1 EXAMPLES: $ {cmd}: exit {r.returncode}"
                      f", {len(r.stdout)} bytes out: {r.stderr.strip()[:300]}")
    print(f"{ran} examples run, {skipped} README blocks skipped, "
          f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
