"""The harness's median against triton.testing.do_bench's median on the same kernel, and the CV of the
harness's median over repeated runs, for any workspace (kernel.py, reference.py, test_kernel.py).

Usage (GPU machine): python3 harness_vs_dobench.py WORKSPACE [--runs 10]
Runs `test_kernel.py --cases problem_shape --no-memory` --runs times (each a fresh process), then
do_bench (warmup 200 ms, rep 2000 ms, median) on ModelNew and Model with get_inputs() on CUDA, and the
host time of one call (perf_counter around the call, nothing synchronized inside, median of 50), and
prints one JSON document. The issue's bar: within +-5 % for kernels >= 100 us; CV <= 2 %.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("workspace")
ap.add_argument("--runs", type=int, default=10)
a = ap.parse_args()
ws = os.path.abspath(a.workspace)

runs = []
for i in range(a.runs):
    env = dict(os.environ, KWB_NO_COPY_CEILING="1", PYTHONUNBUFFERED="1")
    p = subprocess.run([sys.executable, "test_kernel.py", "--cases", "problem_shape", "--no-memory"],
                       cwd=ws, env=env, capture_output=True, text=True, timeout=900)
    line = [x for x in p.stdout.splitlines() if x.startswith("[test_kernel] RESULT_JSON=")]
    if p.returncode != 0 or not line:
        print(json.dumps({"error": "harness run %d exited %d" % (i, p.returncode),
                          "tail": (p.stdout + p.stderr)[-3000:]}))
        sys.exit(1)
    runs.append(json.loads(line[0].split("=", 1)[1]))

import torch  # noqa: E402  (after the harness runs: this process holds no GPU memory during them)
import triton  # noqa: E402

sys.path.insert(0, ws)
os.chdir(ws)
import kernel  # noqa: E402
import reference  # noqa: E402

torch.manual_seed(0)
with torch.device("cuda"):
    inputs = reference.get_inputs()
inputs = [x.cuda() if torch.is_tensor(x) else x for x in inputs]
model = kernel.ModelNew(*reference.get_init_inputs()).cuda()
ref = reference.Model(*reference.get_init_inputs()).cuda()
with torch.no_grad():
    dk = triton.testing.do_bench(lambda: model(*inputs), warmup=200, rep=2000, return_mode="median") * 1e3
    de = triton.testing.do_bench(lambda: ref(*inputs), warmup=200, rep=2000, return_mode="median") * 1e3
    # Host time of one call (Python + launches, no synchronize inside): what the harness's
    # synchronize-around-each-call clock adds to the GPU time when the queue starts empty.
    import time  # noqa: E402
    host = []
    for _ in range(50):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        model(*inputs)
        host.append((time.perf_counter() - t0) * 1e6)
    torch.cuda.synchronize()
    host_ref = []
    for _ in range(50):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        ref(*inputs)
        host_ref.append((time.perf_counter() - t0) * 1e6)
    torch.cuda.synchronize()
lat = [r["latency_us"] for r in runs]
rlat = [r["ref_latency_us"] for r in runs]


def cv(v):
    return statistics.pstdev(v) / statistics.mean(v) if len(v) > 1 else None


out = {"workspace": ws, "gpu": torch.cuda.get_device_name(), "torch": torch.__version__,
       "triton": triton.__version__, "runs": a.runs, "timing_method": runs[-1]["timing_method"],
       "harness_kernel_median_us": statistics.median(lat), "harness_kernel_cv_over_runs": cv(lat),
       "harness_eager_median_us": statistics.median(rlat), "harness_eager_cv_over_runs": cv(rlat),
       "do_bench_kernel_median_us": dk, "do_bench_eager_median_us": de,
       "kernel_harness_vs_dobench_pct": 100.0 * (statistics.median(lat) / dk - 1.0),
       "eager_harness_vs_dobench_pct": 100.0 * (statistics.median(rlat) / de - 1.0),
       "host_call_us_median": statistics.median(host), "host_call_us_median_eager": statistics.median(host_ref),
       "per_run_latency_us": lat, "clock": runs[-1]["latency_stats"].get("clock")}
print(json.dumps(out, indent=1))
