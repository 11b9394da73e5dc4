"""Harness median vs triton.testing.do_bench median on the same kernel, in a kwb workspace.

Usage (on the GPU machine): python3 dobench_compare.py WORKSPACE
Reads the workspace's last .kwb/runs/*/result.json for the harness's figures and prints JSON.
"""
import glob
import json
import os
import sys

import torch
import triton

ws = os.path.abspath(sys.argv[1])
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
out = {
    "do_bench_kernel_median_us": triton.testing.do_bench(lambda: model(*inputs), warmup=200, rep=2000,
                                                         return_mode="median") * 1e3,
    "do_bench_eager_median_us": triton.testing.do_bench(lambda: ref(*inputs), warmup=200, rep=2000,
                                                        return_mode="median") * 1e3,
}
res = json.load(open(sorted(glob.glob(".kwb/runs/*/result.json"))[-1]))["result"]
out["harness_kernel_median_us"] = res["latency_us"]
out["harness_eager_median_us"] = res["ref_latency_us"]
out["harness_timing_method"] = res["timing_method"]
out["kernel_harness_vs_dobench_pct"] = 100.0 * (res["latency_us"] / out["do_bench_kernel_median_us"] - 1.0)
out["eager_harness_vs_dobench_pct"] = 100.0 * (res["ref_latency_us"] / out["do_bench_eager_median_us"] - 1.0)
print(json.dumps(out, indent=1))
