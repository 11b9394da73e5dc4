#!/usr/bin/env python3
"""Where a suite's per-problem wall went, from what the suite already records (no GPU needed to read it).

    python3 bench/harness/suite_phases.py SUITE_DIR [--runs latest|all]

Reads every SUITE_DIR/kernel_opt_*/.kwb/runs/*/result.json (kwb's record of one harness process: `wall_ms`, the
process's wall from start to exit as kwb saw it; `result.phase_s`, the harness's own split; `result.gpu_lock`, the
suite lock's waits) and SUITE_DIR/suite.json (`problems[].wall_s`: the whole problem, probe to records). Prints, over
the problems, the median / p90 / sum of each phase, of "outside phases" (process wall minus the phases: the
interpreter's start and teardown, and kwb's reaping; what KWB_HARNESS_FAST_EXIT trims), of the shared-section
waits (untimed GPU work waiting for other problems' timed regions) and of the timed regions held, so that two suite
runs (before / after a change) compare line by line. --runs latest (default) takes each problem's newest run.
"""
import glob
import json
import os
import statistics
import sys


def pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))] if v else 0.0


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    every = "--runs" in argv and argv[argv.index("--runs") + 1:][:1] == ["all"]
    if len(args) < 1 or not os.path.isdir(args[0]):
        sys.stderr.write(__doc__)
        return 2
    root = args[0]
    rows = []
    for ws in sorted(glob.glob(os.path.join(root, "kernel_opt_*"))):
        runs = sorted(glob.glob(os.path.join(ws, ".kwb", "runs", "*", "result.json")))
        for path in (runs if every else runs[-1:]):
            try:
                with open(path) as f:
                    d = json.load(f)
            except (OSError, ValueError):
                continue
            r = d.get("result") or {}
            p = r.get("phase_s") or {}
            if not p or not d.get("wall_ms"):
                continue
            g = r.get("gpu_lock") or {}
            row = dict(p)
            row["process_wall"] = d["wall_ms"] / 1000.0
            row["outside_phases"] = row["process_wall"] - sum(p.values())
            row["shared_waited"] = g.get("shared_waited_s") or 0.0
            row["timed_held"] = g.get("held_s") or 0.0
            rows.append(row)
    if not rows:
        print("no result.json with phase_s under %s" % root)
        return 1
    keys = sorted({k for r in rows for k in r})
    print("%d harness processes under %s" % (len(rows), root))
    print("%-22s %8s %8s %9s" % ("seconds", "median", "p90", "sum"))
    for k in keys:
        v = [r.get(k, 0.0) for r in rows]
        print("%-22s %8.2f %8.2f %9.1f" % (k, statistics.median(v), pct(v, 0.9), sum(v)))
    try:
        with open(os.path.join(root, "suite.json")) as f:
            s = json.load(f)
        w = [p.get("wall_s") or 0.0 for p in s.get("problems", []) if not p.get("resumed")]
        if w:
            print("suite.json: %d problems run here, jobs %s, wall_s median %.1f p90 %.1f sum %.0f" % (
                len(w), s.get("jobs"), statistics.median(w), pct(w, 0.9), sum(w)))
    except (OSError, ValueError):
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
