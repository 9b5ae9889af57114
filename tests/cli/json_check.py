#!/usr/bin/python3
"""json_check.py GRUNDY SCHEMA CASES -- every --json output against the schema.

1. Every JSON line in the expected outputs of the CLI cases (CASES/*.stdout)
   must be valid against the schema (doc/grundy-output.schema.json).
2. Each output kind of the schema is produced by a command below and checked
   against its own definition, so that every kind is covered even when no
   case prints it.
Exit status 1 with the file/command and the schema's complaint on a failure.
"""
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

GRUNDY, SCHEMA, CASES = sys.argv[1:4]
EX = os.path.join(os.path.dirname(os.path.abspath(CASES)), "..", "..",
                  "examples")

# (definition, argv, standard input): one or more JSON lines each.
COMMANDS = [
    ("values_table", ["values", "kayles", "--upto", "100", "--json"], None),
    ("values_table", ["values", "kayles", "--period", "--json"], None),
    ("values_table", ["values", "0.8", "--upto", "300", "--json"], None),
    ("values_table", ["values", "rect:2x2", "--all", "--json"], None),
    ("values_table", ["values", "subtract:1,3,4", "--period", "--json"], None),
    ("values_position", ["values", "digits", "--at", "123456", "--json"],
     None),
    ("values_position", ["values", "cram:4x5", "--at", "start", "--stats",
                         "--json"], None),
    ("values_position", ["values", "addsub:4,5:2", "--heap-max", "20", "--at", "12",
                         "--json"], None),
    ("values_loopy", ["values", "addsub:1,2:1", "--heap-max", "30", "--upto", "30",
                      "--json"], None),
    ("analyze", ["analyze", "nim", "3", "4", "5", "--json"], None),
    ("analyze", ["analyze", "kayles", "1", "--json"], None),
    ("analyze", ["analyze", "--mix", "digits:12", "rect:2x2:11/01",
                 "grundy-game:9", "--json"], None),
    ("analyze_moore", ["analyze", "nim", "1", "2", "3", "--moore", "2",
                       "--json"], None),
    ("analyze_misere", ["analyze", "--misere", "0.07", "3", "5", "9", "11",
                        "--json"], None),
    ("analyze_misere", ["analyze", "--misere", "nim", "1", "1", "--json"],
     None),
    ("analyze_loopy", ["analyze", "addsub:4,5:2", "5", "12", "--heap-max", "20",
                       "--json"], None),
    ("misere_quotient", ["misere", "0.75", "--upto", "12", "--json"], None),
    ("misere_genus", ["misere", "kayles", "--genus", "--upto", "10",
                      "--json"], None),
    ("loopy_graph", ["loopy", os.path.join(EX, "loopy-textbook.dot"),
                     "--json"], None),
    ("loopy_graph", ["loopy", os.path.join(EX, "loopy-graph.txt"), "--stats",
                     "--json"], None),
    ("loopy_vertex", ["loopy", os.path.join(EX, "loopy-textbook.dot"), "--at",
                      "c", "--json"], None),
    ("count", ["count", "half", "--heaps", "2", "--max", "50", "--json"],
     None),
    ("count", ["count", "--tuples", "4", "--moore", "2", "--mod",
               "1000000007", "--json"], "3 5 3\n"),
    ("count", ["count", "divisors:36", "--positions", "1,2,3", "--tuples",
               "4", "--moore", "2", "--json"], None),
    ("range_answer", ["range", "nim", "--json"],
     "4  3 5 6 1  4  3 1 4  4 1 4  1 1 4  4 4 4\n"),
    ("range_answer", ["range", "kayles", "--json"], "2  1 0  2  4 1 2  4 2 2"),
    ("range_answer", ["solve", "digit-nim", "--json",
                      os.path.join(EX, "solve-digit-nim.in")], None),
    ("range_answer", ["solve", "pshtbrth", "--json",
                      os.path.join(EX, "solve-pshtbrth.in")], None),
    ("solve_mdswin", ["solve", "mdswin", "--json",
                      os.path.join(EX, "solve-mdswin.in")], None),
    ("solve_unbalanced_nim", ["solve", "unbalanced-nim", "--json", "--exact",
                              os.path.join(EX, "solve-unbalanced-nim.in")],
     None),
    ("play", ["play", "nim", "3", "4", "5", "--json"], "1 1\nundo\n1 1\n2 0\n"),
    ("play", ["play", "kayles", "4", "--json", "--first", "computer"], ""),
    ("play", ["play", "nim", "2", "--json", "--misere"], "quit\n"),
    ("play", ["play", "addsub:4,5:2", "12", "--heap-max", "20", "--json"],
     "8\nhint\n"),
    ("play", ["play", "addsub:1:1", "2", "--heap-max", "5", "--json", "--repeat",
              "2"], "1\n2\n1\n2\n1\n"),
    ("store_list", ["store", "list", "--json"], None),
    ("survey_row", ["survey", "0.1d", "--upto", "300", "--json"], None),
    ("survey_row", ["survey", "4.d", "--upto", "300", "--json",
                    "--mem-limit", "1K"], None),
]


def main():
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    root = cls(schema)
    failures = 0
    checked = 0

    partial = []

    def check(validator, line, where, whole=True):
        nonlocal failures, checked
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            if not whole:
                # a case that masks numbers or cuts its output: reported,
                # and its kind is covered by a command below
                partial.append(where)
                return
            print(f"{where}: not JSON: {e}: {line[:200]}")
            failures += 1
            return
        errors = sorted(validator.iter_errors(obj), key=str)
        checked += 1
        if errors:
            failures += 1
            best = jsonschema.exceptions.best_match(errors)
            print(f"{where}: {best.message} at {list(best.absolute_path)}")
            print(f"  {line[:300]}")

    for name in sorted(os.listdir(CASES)):
        if not name.endswith(".stdout"):
            continue
        path = os.path.join(CASES, name)
        with open(path, encoding="utf-8", errors="replace") as f:
            for no, line in enumerate(f, 1):
                if line.startswith("{"):
                    check(root, line, f"{path}:{no}", whole=False)
    n_cases = checked
    for where in partial:
        print(f"{where}: not whole JSON (masked or cut by the case): "
              "not checked")

    env = dict(os.environ)
    kinds = set()
    with tempfile.TemporaryDirectory() as cache:
        env["XDG_CACHE_HOME"] = cache
        for kind, argv, stdin in COMMANDS:
            sub = cls({"$ref": "#/$defs/" + kind, "$defs": schema["$defs"]})
            r = subprocess.run([GRUNDY] + argv, input=stdin or "",
                               capture_output=True, text=True, env=env,
                               timeout=120)
            where = "grundy " + " ".join(argv)
            if r.returncode != 0:
                print(f"{where}: exit {r.returncode}: {r.stderr.strip()}")
                failures += 1
                continue
            lines = [l for l in r.stdout.splitlines() if l.strip()]
            if not lines:
                print(f"{where}: no output")
                failures += 1
            for line in lines:
                check(sub, line, where)
                check(root, line, where + " (any kind)")
            kinds.add(kind)
    missing = set(schema["$defs"]) & {k for k in schema["$defs"]
                                      if k in [d["$ref"].split("/")[-1]
                                               for d in schema["anyOf"]]}
    missing -= kinds
    # analyze_search has no command of its own to force it; every other
    # kind must have been produced.
    missing.discard("analyze_search")
    if missing:
        print("output kinds no command produced:", ", ".join(sorted(missing)))
        failures += 1
    print(f"{n_cases} JSON lines of the cases and {checked - n_cases} of "
          f"{len(COMMANDS)} commands checked; {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
