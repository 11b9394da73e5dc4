"""Per-level and per-class summary of a `kwb suite` run's suite.json, optionally beside an earlier run's.

    python3 bench/gpu/suite_levels.py NEW/suite.json [--old OLD/suite.json] [--rows]

Levels come from the problem's source path (level1/, level2/, level3/, unseen/); classes from the name (conv,
matmul/gemm, other). Prints, per group: pass count, geomean speedup over eager and over torch.compile (PASS problems
with both latencies), the problems below 0.5x torch.compile; with --old, the same problems' geomean ratio new/old
over compile (problems in both runs). --rows: one line per problem (ratio vs compile, old and new).
Numbers only from the files: nothing is re-measured here.
"""
import argparse
import json
import math
import os
import re


def level(p):
    parts = p["source"].split("/")
    return parts[-2] if len(parts) > 1 else "?"


def klass(p):
    n = p["name"].lower()
    if "conv" in n:
        return "conv"
    if re.search(r"matmul|gemm|linear|bmm|einsum|matrix_mult|mlp", n):
        return "gemm"
    return "other"


def geo(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("new")
ap.add_argument("--old")
ap.add_argument("--rows", action="store_true")
a = ap.parse_args()
new = json.load(open(a.new))["problems"]
old = {p["name"]: p for p in json.load(open(a.old))["problems"]} if a.old else {}
groups = {}
for p in new:
    lv = level(p)
    for key in (lv, lv + "/" + klass(p)):
        groups.setdefault(key, []).append(p)
print("%-18s %5s %5s %9s %11s %8s  %s" % ("group", "n", "pass", "vs eager", "vs compile", "new/old", "below 0.5x compile"))
for key in sorted(groups):
    ps = groups[key]
    ok = [p for p in ps if p["status"] == "PASS"]
    se = geo([p.get("speedup_vs_eager") for p in ok])
    sc = geo([p.get("speedup_vs_compile") for p in ok])
    both = [(p, old[p["name"]]) for p in ok if p["name"] in old and old[p["name"]].get("speedup_vs_compile")]
    ratio = geo([p["speedup_vs_compile"] / o["speedup_vs_compile"] for p, o in both if p.get("speedup_vs_compile")])
    low = [p["name"].split("_")[0] + "_" for p in ok if (p.get("speedup_vs_compile") or 1) < 0.5]
    print("%-18s %5d %5d %8.2fx %10.2fx %7.2fx  %s" % (key, len(ps), len(ok), se, sc, ratio, " ".join(low)))
bad = [p for p in new if p["status"] != "PASS"]
if bad:
    print("not PASS: " + "; ".join("%s %s (%s)" % (p["name"], p["status"], (p.get("error") or "")[:80]) for p in bad))
if a.rows:
    for p in sorted(new, key=lambda p: (level(p), p["name"])):
        o = old.get(p["name"], {})
        print("%-8s %-60s %-12s new %6.2fx old %6s  lat %9.1f us" % (
            level(p), p["name"][:60], p["status"], p.get("speedup_vs_compile") or 0,
            "%.2fx" % o["speedup_vs_compile"] if o.get("speedup_vs_compile") else "-", p.get("latency_us") or 0))
