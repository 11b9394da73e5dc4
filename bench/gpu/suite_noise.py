"""How much of a suite's timing is other problems' GPU work: per-level geomeans over the medians (kwb's figures)
beside the same over the minimum samples, and the problems whose timing spread says a neighbour ran meanwhile.

    python3 bench/gpu/suite_noise.py SUITE_DIR [--cv 0.15] [--rows]

SUITE_DIR: an unpacked suite (suite.json and every workspace's .kwb/runs/*/result.json), e.g. the contents of
bench/gpu/suite_session.sh's suite_session.tar.gz. For each PASS problem: kernel, eager and torch.compile latency
medians, minimums and coefficients of variation (the harness's latency_stats). A median far above its minimum
(cv above --cv) means the 100 samples were not alike: in a suite, a neighbour's untimed GPU work (its correctness
cases) overlapped the timed region, which the GPU timing lock does not prevent. The minimum is a lower bound of
the undisturbed latency, not kwb's measure; it is printed only to size the disturbance.
"""
import argparse
import glob
import json
import math
import os

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("suite_dir")
ap.add_argument("--cv", type=float, default=0.15)
ap.add_argument("--rows", action="store_true")
a = ap.parse_args()


def geo(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


suite = json.load(open(os.path.join(a.suite_dir, "suite.json")))
rows = []
for p in suite["problems"]:
    if p.get("status") != "PASS":
        continue
    ws = os.path.join(a.suite_dir, os.path.basename(p["workspace"]))
    runs = sorted(glob.glob(os.path.join(ws, ".kwb", "runs", "*", "result.json")))
    if not runs:
        continue
    r = json.load(open(runs[-1])).get("result") or {}
    k, e = r.get("latency_stats") or {}, r.get("ref_latency_stats") or {}
    c = (r.get("compile_ref") or {}).get("latency_stats") or {}
    if not (k.get("median_us") and e.get("median_us") and c.get("median_us")):
        continue
    lv = p["source"].split("/")[-2]
    rows.append(dict(name=p["name"], level=lv, k=k, e=e, c=c,
                     noisy=max(k.get("cv") or 0, e.get("cv") or 0, c.get("cv") or 0) > a.cv))
print("%-8s %4s %6s %13s %13s %13s %13s" % ("level", "n", "noisy", "vs eager med", "vs eager min", "vs comp med",
                                              "vs comp min"))
for lv in sorted({r["level"] for r in rows}) + ["all"]:
    rs = [r for r in rows if lv in ("all", r["level"])]
    print("%-8s %4d %6d %12.2fx %12.2fx %12.2fx %12.2fx" % (
        lv, len(rs), sum(r["noisy"] for r in rs),
        geo([r["e"]["median_us"] / r["k"]["median_us"] for r in rs]),
        geo([r["e"]["min_us"] / r["k"]["min_us"] for r in rs]),
        geo([r["c"]["median_us"] / r["k"]["median_us"] for r in rs]),
        geo([r["c"]["min_us"] / r["k"]["min_us"] for r in rs])))
    clean = [r for r in rs if not r["noisy"]]
    print("%-8s %4d %6s %12.2fx %13s %12.2fx   (cv <= %.2f on all three)" % (
        "  clean", len(clean), "", geo([r["e"]["median_us"] / r["k"]["median_us"] for r in clean]), "",
        geo([r["c"]["median_us"] / r["k"]["median_us"] for r in clean]), a.cv))
if a.rows:
    for r in sorted(rows, key=lambda r: (r["level"], r["name"])):
        print("%-8s %-50s kernel %9.1f/%9.1f cv %.2f  eager %9.1f/%9.1f cv %.2f  compile %9.1f/%9.1f cv %.2f%s" % (
            r["level"], r["name"][:50], r["k"]["median_us"], r["k"]["min_us"], r["k"].get("cv") or 0,
            r["e"]["median_us"], r["e"]["min_us"], r["e"].get("cv") or 0, r["c"]["median_us"], r["c"]["min_us"],
            r["c"].get("cv") or 0, "  NOISY" if r["noisy"] else ""))
