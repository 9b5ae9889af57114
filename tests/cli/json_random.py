#!/usr/bin/python3
"""json_random.py GRUNDY SCHEMA [SEED] -- seeded random sums against the schema.

The answers of `grundy analyze --json` (normal, misere, Moore's Nim_k, sums
with cycles) and the transcripts of `grundy play --json` are written by the
library's writers (grundy/play.h); json_check.py checks one command per
kind, this checks many random ones: each line must be JSON and valid
against its own definition in doc/grundy-output.schema.json.  A failure
prints the seed (GRUNDY_TEST_SEED or the third argument) and the command.
"""
import json
import os
import random
import subprocess
import sys

import jsonschema

GRUNDY, SCHEMA = sys.argv[1:3]
SEED = int(sys.argv[3] if len(sys.argv) > 3 else
           os.environ.get("GRUNDY_TEST_SEED", "20261127"))
HEAPS = ["nim", "0.77", "0.137", "4.07", "subtract:1,3,4", "grundy-game"]


def comp(rng, loopy, first=False):
    if loopy and (first or rng.random() < 0.5):
        return f"addsub:1,2:1:{rng.randint(2, 9)}", str(rng.randint(0, 2))
    if rng.random() < 0.2:
        return "cram:2x3", rng.choice(["start", "011/111", "001/111"])
    return rng.choice(HEAPS), str(rng.randint(0, 9))


def case(rng):
    kind = rng.choice(["analyze", "analyze_misere", "analyze_moore",
                       "analyze_loopy", "play"])
    loopy = kind == "analyze_loopy" or (kind == "play" and
                                        rng.random() < 0.3)
    parts = [comp(rng, loopy, i == 0 and kind == "analyze_loopy")
             for i in range(rng.randint(1, 3))]
    if kind == "analyze_moore":
        parts = [("nim", str(rng.randint(0, 9))) for _ in parts]
    argv = ["--mix"] + [f"{s}:{p}" for s, p in parts] + ["--json",
                                                         "--no-store"]
    if kind == "analyze_misere":
        argv.append("--misere")
    if kind == "analyze_moore":
        argv += ["--moore", "2"]
    stdin = None
    if kind == "play":
        stdin = "".join(rng.choice(["hint\n", "undo\n", "1 0\n", "1 1\n",
                                    "2 0\n", "9 9\n"])
                        for _ in range(rng.randint(0, 6)))
        if rng.random() < 0.3:
            argv += ["--first", "computer"]
        return kind, ["play"] + argv, stdin
    return kind, ["analyze"] + argv, stdin


def main():
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    defs = schema["$defs"]
    cls = jsonschema.validators.validator_for(schema)
    rng = random.Random(SEED)
    failures = checked = 0
    for it in range(int(60 * float(os.environ.get("GRUNDY_TEST_MULTIPLIER",
                                                  "1")))):
        kind, argv, stdin = case(rng)
        r = subprocess.run([GRUNDY] + argv, input=stdin or "", text=True,
                           capture_output=True, check=False, timeout=120)
        if r.returncode != 0:
            print(f"seed={SEED} it={it}: exit {r.returncode}: "
                  f"grundy {' '.join(argv)}\n{r.stderr}")
            failures += 1
            continue
        kinds = ["analyze", "analyze_search"] if kind == "analyze" \
            else [kind]
        sub = {"anyOf": [{"$ref": "#/$defs/" + k} for k in kinds],
               "$defs": defs}
        for line in r.stdout.splitlines():
            obj = json.loads(line)
            errors = list(cls(sub).iter_errors(obj))
            checked += 1
            if errors:
                best = jsonschema.exceptions.best_match(errors)
                print(f"seed={SEED} it={it}: grundy {' '.join(argv)}: "
                      f"{best.message}\n  {line[:300]}")
                failures += 1
    print(f"{checked} answers checked, {failures} failures (seed {SEED})")
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
