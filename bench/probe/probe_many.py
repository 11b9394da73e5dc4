#!/usr/bin/env python3
"""Phase 1 benchmark: probe every given KernelBench problem, report wall time and peak memory.

    /usr/bin/python3 bench/probe/probe_many.py [--mode batch|separate] [--jobs 2] [--out DIR]
                                               [--summary FILE] [LOGIC.py...]

Without files it takes ../shared/data/kernelbench/level1 and level2 (117 problems).
--mode batch (default): resources/python/probe_batch.py, one torch import and one forked child per
  problem (what core/analysis runProbeBatch and tst_spec_golden use).
--mode separate: one `python3 probe.py FILE` process per problem (what runProbe does for one file),
  --jobs at a time: the figure the batch mode is compared with.
Per problem: exit code, wall time, peak RSS (ru_maxrss of the child from wait4). Specs go to
DIR/<level>/<name>.json. Targets (issue 3): peak RSS <= 1 GB per problem, all in <= 120 s.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PROBE_DIR = os.path.join(ROOT, "resources", "python")
PROBLEMS = os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "kernelbench"))


def target(out_dir, logic):
    level = os.path.basename(os.path.dirname(os.path.abspath(logic)))
    return os.path.join(out_dir, level, os.path.splitext(os.path.basename(logic))[0] + ".json")


def show(r):
    print("%4d  %6.2f s  %7.1f MB  %s" % (r["rc"], r["wall_s"], r["peak_rss_mb"], r["file"]), flush=True)


def run_batch(files, jobs, out_dir):
    sys.path.insert(0, PROBE_DIR)
    import probe_batch
    tmp = tempfile.mkdtemp(prefix="kwb-probe-batch-")
    try:
        summary = probe_batch.run(files, tmp, jobs=jobs, on_result=show)
        for r in summary["results"]:
            dst = target(out_dir, r["file"])
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.move(os.path.join(tmp, "%d.json" % r["index"]), dst)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return summary


def run_separate(files, jobs, out_dir):
    t0 = time.monotonic()
    pending, running, results = list(files), {}, []
    while pending or running:
        while pending and len(running) < jobs:
            f = pending.pop(0)
            dst = target(out_dir, f)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            fh = open(dst, "w")
            p = subprocess.Popen([sys.executable, os.path.join(PROBE_DIR, "probe.py"), f], stdout=fh,
                                 stderr=subprocess.DEVNULL)
            running[p.pid] = (p, fh, f, time.monotonic())
        pid, status, ru = os.wait4(-1, 0)
        p, fh, f, start = running.pop(pid)
        p.returncode = os.waitstatus_to_exitcode(status)   # reaped here, not by Popen
        fh.close()
        r = {"file": f, "rc": p.returncode, "wall_s": round(time.monotonic() - start, 3),
             "peak_rss_mb": round(ru.ru_maxrss / 1024.0, 1)}
        results.append(r)
        show(r)
    import torch
    return {"results": results, "total_wall_s": round(time.monotonic() - t0, 3), "jobs": jobs,
            "torch": torch.__version__, "python": sys.version.split()[0]}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", choices=["batch", "separate"], default="batch")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "kwb-probe-bench"))
    ap.add_argument("--summary")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args(argv[1:])
    files = a.files or sorted(glob.glob(os.path.join(PROBLEMS, "level1", "*.py")) +
                              glob.glob(os.path.join(PROBLEMS, "level2", "*.py")))
    t0 = time.monotonic()
    s = (run_batch if a.mode == "batch" else run_separate)(files, max(1, a.jobs), a.out)
    total = time.monotonic() - t0
    worst = max(s["results"], key=lambda r: r["peak_rss_mb"])
    failed = [r["file"] for r in s["results"] if r["rc"] != 0]
    s.update(mode=a.mode, problems=len(s["results"]), failed=failed, total_wall_s=round(total, 2),
             max_peak_rss_mb=worst["peak_rss_mb"], max_peak_rss_file=worst["file"],
             date=time.strftime("%Y-%m-%d %H:%M:%S %z"), cpus=os.cpu_count(),
             loadavg_at_end=os.getloadavg())
    print("%s mode: %.1f s for %d problems (%d failed), %d at a time; max peak RSS %.1f MB (%s)" % (
        a.mode, total, len(s["results"]), len(failed), a.jobs, worst["peak_rss_mb"], os.path.basename(worst["file"])))
    if a.summary:
        with open(a.summary, "w") as fh:
            json.dump(s, fh, indent=1)
    ok = not failed and total <= 120 and worst["peak_rss_mb"] <= 1024
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
