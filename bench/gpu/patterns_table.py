#!/usr/bin/env python3
"""One markdown row per problem of a pattern session (session_patterns.sh, session3.sh):

    python3 bench/gpu/patterns_table.py ROOT [EMU(0|1)] PROBLEM...

ROOT holds ws/<problem>/ (workspaces) and logs/. From memory/v0.json and the last run's
.kwb/runs/*/result.json: status, max rel_err, latency_us, eager latency_us, GB/s, TFLOPS, utilization
against the ledger peak and against the copy ceiling measured in the same run, quality gate. With
EMU=1, from logs/<problem>.emulated.log (the CPU emulation: numbers only, no timing).
"""
import glob, json, os, sys
args = sys.argv[1:]
root = args.pop(0)
emu = bool(args) and args[0] in ("0", "1") and args.pop(0) == "1"
problems = args
def fmt(v, nd=3):
    return "-" if v is None else (("%." + str(nd) + "g") % v if isinstance(v, float) else str(v))
print("| problem | status | max rel_err | latency_us | eager latency_us | torch.compile latency_us | GB/s | TFLOPS | util % (ledger) | util % (copy) | gate |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for p in problems:
    ws = os.path.join(root, "ws", p)
    row = {"status": "NO RUN"}
    try:
        if emu:
            lines = open(os.path.join(root, "logs", p + ".emulated.log")).read().splitlines()
            res = [l for l in lines if "RESULT_JSON=" in l]
            r = json.loads(res[-1].split("RESULT_JSON=", 1)[1]) if res else {}
            row = {"status": r.get("status", "ERROR") + " (CPU emulation)", "rel": r.get("max_rel_err")}
        else:
            mem = json.load(open(os.path.join(ws, "memory", "v0.json")))
            runs = sorted(glob.glob(os.path.join(ws, ".kwb", "runs", "*", "result.json")))
            res = json.load(open(runs[-1])).get("result") or {} if runs else {}
            perf = mem.get("performance", {})
            row = {"status": mem.get("correctness", {}).get("status"), "rel": res.get("max_rel_err"),
                   "lat": res.get("latency_us"), "ref": res.get("ref_latency_us"), "gbs": perf.get("bandwidth_gbps"),
                   "tf": perf.get("tflops"),
                   "util": perf.get("bandwidth_peak_utilization_pct") if perf.get("bandwidth_gbps") else perf.get("tflops_peak_utilization_pct"),
                   "copy": res.get("measured_copy_bandwidth_tbs"), "gate": mem.get("quality_gate", {}).get("result"),
                   "compile": (res.get("compile_ref") or {}).get("latency_us") or (res.get("compile_ref") or {}).get("error")}
            if row["copy"] and row["gbs"]:
                row["copy"] = 100.0 * row["gbs"] / (1000.0 * row["copy"])
    except (OSError, ValueError, IndexError) as e:
        row = {"status": "NO RESULT (%s)" % type(e).__name__}
    print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        p, row.get("status"), fmt(row.get("rel")), fmt(row.get("lat"), 5), fmt(row.get("ref"), 5),
        fmt(row.get("compile"), 5)[:60], fmt(row.get("gbs"), 5),
        fmt(row.get("tf"), 4), fmt(row.get("util")), fmt(row.get("copy")), row.get("gate", "-")))
