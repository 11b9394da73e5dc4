#!/usr/bin/env python3
"""A stand-in for test_kernel.py that speaks the harness contract (docs/CONTRACTS.md §2).

Test knobs (not part of the contract): --fake-cases, --hang NAME, --hang-ignore-term, --pidfile,
--stderr-kb, --no-result, --exit, --print-env, --crash NAME, --ignore-skip, --sleep-ms, --plan,
--escape-child PIDFILE, --lock-wait NAME --lock-wait-ms MS, --compile NAME --compile-ms MS --compile-limit S
[--compile-restart] [--compile-in-lock], --cpu-gap NAMES [--mode MODE], --untimed-when-skipping.
"""
import argparse
import json
import os
import subprocess
import sys
import time

P = "[test_kernel] "

ap = argparse.ArgumentParser()
ap.add_argument("--skip", default="")
ap.add_argument("--fake-cases", default="small,medium,large")
ap.add_argument("--hang", default="")
ap.add_argument("--hang-ignore-term", action="store_true")
ap.add_argument("--pidfile", default="")
ap.add_argument("--stderr-kb", type=int, default=0)
ap.add_argument("--no-result", action="store_true")
ap.add_argument("--exit", type=int, default=None)
ap.add_argument("--print-env", action="store_true")
ap.add_argument("--crash", default="")
ap.add_argument("--ignore-skip", action="store_true")
ap.add_argument("--sleep-ms", type=int, default=0)
ap.add_argument("--leave-child", action="store_true", help="exit with a background child still running")
ap.add_argument("--plan", action="store_true", help="print CASE_PLAN before the cases (as the template does)")
ap.add_argument("--escape-child", default="", help="start `sleep 1000` in a new session (setsid) and write its pid here")
ap.add_argument("--strict-skip", action="store_true", help="exit 2 when --skip leaves no case (as the template does)")
ap.add_argument("--lock-wait", default="", help="in this case: GPU_LOCK wait, --lock-wait-ms of waiting, GPU_LOCK held")
ap.add_argument("--lock-wait-ms", type=int, default=0)
ap.add_argument("--compile", default="", help="in this case: COMPILE start, --compile-ms of compiling, COMPILE end")
ap.add_argument("--compile-ms", type=int, default=0)
ap.add_argument("--compile-limit", type=float, default=5.0, help="the COMPILE start's limit_s")
ap.add_argument("--untimed-when-skipping", action="store_true",
                help="a run given --skip reports no latency and 'untimed' (its timed case ran in an earlier process)")
ap.add_argument("--compile-restart", action="store_true", help="print a second COMPILE start half-way through")
ap.add_argument("--compile-in-lock", action="store_true", help="the compile runs between GPU_LOCK wait and held")
ap.add_argument("--cpu-gap", default="", help="these cases are SKIPPED as a dry run's CpuDtypeGap; the status and "
                "the exit code then follow the template's summarize()")
ap.add_argument("--mode", default="cpu-dry-run")
a = ap.parse_args()
gap = set(filter(None, a.cpu_gap.split(",")))

skip = set(filter(None, a.skip.split(",")))
if a.ignore_skip:
    skip = set()
if a.print_env:
    print(P + "env PYTHONUNBUFFERED=%s TEST_TIMEOUT_SEC=%s FOO=%s" % (
        os.environ.get("PYTHONUNBUFFERED"), os.environ.get("TEST_TIMEOUT_SEC"), os.environ.get("FOO")))
print("argv " + " ".join(sys.argv[1:]))
sys.stdout.flush()

names = a.fake_cases.split(",")
if a.plan:
    print(P + "CASE_PLAN " + json.dumps({"cases": names, "mode": "cpu-dry-run", "framework": "triton",
                                         "version": "v0", "gpu": "cpu", "torch": "1.13.1"}), flush=True)
if a.escape_child:
    # Leaves the harness's process group and session: only the run's tag finds it.
    child = subprocess.Popen(["setsid", "sleep", "1000"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(a.escape_child, "w") as f:
        f.write(str(child.pid))
if a.strict_skip and not [n for n in names if n not in skip]:
    print(P + "RESULT_JSON=" + json.dumps({"status": "ERROR", "error": "no case selected", "cases": [],
                                           "gpu": "cpu", "torch": "1.13.1"}), flush=True)
    sys.exit(2)

cases = []
for i, name in enumerate(a.fake_cases.split(",")):
    if name in skip:
        continue
    print(P + "CASE_START " + json.dumps({"name": name, "shape": [4, 1 << (i + 4)], "dtype": "float32"}), flush=True)
    if name == a.compile:
        if a.compile_in_lock:
            print(P + "GPU_LOCK " + json.dumps({"state": "wait", "what": "fake timing"}), flush=True)
        print(P + "COMPILE " + json.dumps({"state": "start", "case": name, "limit_s": a.compile_limit}), flush=True)
        if a.compile_restart:
            time.sleep(a.compile_ms / 2000.0)
            print(P + "COMPILE " + json.dumps({"state": "start", "case": name, "limit_s": a.compile_limit}),
                  flush=True)
            time.sleep(a.compile_ms / 2000.0)
        else:
            time.sleep(a.compile_ms / 1000.0)
        print(P + "COMPILE " + json.dumps({"state": "end", "case": name, "seconds": a.compile_ms / 1000.0}),
              flush=True)
        if a.compile_in_lock:
            print(P + "GPU_LOCK " + json.dumps({"state": "held", "what": "fake timing", "waited_s": 0.0}), flush=True)
    if name == a.hang:
        # The hang lives in a grandchild behind bash; the watchdog must kill the whole group.
        trap = "trap '' TERM; " if a.hang_ignore_term else ""
        script = trap + ("echo $$ > %s; " % a.pidfile if a.pidfile else "") + "while :; do sleep 0.2; done"
        subprocess.run(["bash", "-c", script])
    if name == a.crash:
        os.kill(os.getpid(), 11)
    if name == a.lock_wait:
        print(P + "GPU_LOCK " + json.dumps({"state": "wait", "what": "fake timing"}), flush=True)
        time.sleep(a.lock_wait_ms / 1000.0)
        print(P + "GPU_LOCK " + json.dumps({"state": "held", "what": "fake timing",
                                            "waited_s": a.lock_wait_ms / 1000.0}), flush=True)
    if a.sleep_ms:
        time.sleep(a.sleep_ms / 1000.0)
    c = {"name": name, "status": "PASS", "shape": [4, 1 << (i + 4)], "dtype": "float32",
         "rel_err": 1e-6 * (i + 1), "threshold": 0.01, "latency_us": 10.0 * (i + 1),
         "ref_latency_us": 20.0 * (i + 1), "reason": None}
    if name in gap:
        c.update(status="SKIPPED", rel_err=None, latency_us=None, ref_latency_us=None,
                 reason="dry run: not runnable on this CPU's torch 1.13.1: the PyTorch reference raises in bfloat16")
    cases.append(c)
    print(P + "CASE_RESULT " + json.dumps(c), flush=True)

if a.stderr_kb:
    line = "W" * 1023 + "\n"
    for _ in range(a.stderr_kb):
        sys.stderr.write(line)
    sys.stderr.flush()

if not a.no_result:
    # test_kernel.py.in summarize(): a dry run's SKIPPED case does not fail it, but one case must have run
    done = [c for c in cases if c["status"] != "SKIPPED" or a.mode != "cpu-dry-run"]
    status = "PASS" if done and all(c["status"] == "PASS" for c in done) else "FAIL"
    if gap and a.exit is None:
        a.exit = 0 if status == "PASS" else 1
    doc = {"version": "v0", "mode": a.mode, "status": status, "framework": "triton",
           "gpu": None, "torch": "1.13.1", "triton": None, "timing_method": "time.perf_counter",
           "cases": cases, "max_rel_err": max([c["rel_err"] for c in cases if c["rel_err"] is not None],
                                              default=None),
           "primary_case": cases[-1]["name"] if cases else None,
           "latency_us": cases[-1]["latency_us"] if cases else None,
           "ref_latency_us": cases[-1]["ref_latency_us"] if cases else None,
           "grid_blocks": 128, "dry_run_note": "fake harness"}
    if a.untimed_when_skipping and skip and status == "PASS":
        doc.update(latency_us=None, ref_latency_us=None, primary_case="problem_shape",
                   untimed="problem_shape not run or not passed")
    print(P + "RESULT_JSON=" + json.dumps(doc, allow_nan=False), flush=True)
if a.leave_child:
    subprocess.Popen(["sleep", "1000"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
sys.exit(a.exit if a.exit is not None else 0)
