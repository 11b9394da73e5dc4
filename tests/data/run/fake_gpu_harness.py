# Stands in for `python test_kernel.py ...` on a GPU host, behind `kwb baseline --target command:...`
# (tests/tst_cli.cpp): ignores its arguments and prints the lines a GPU run of the current harness
# prints for one passing timed case, with the host time per forward call (host_us / ref_host_us), on a
# fallback path (kernel_path / kernel_fallback: a faster variant did not compile).
import json
import sys

P = "[test_kernel] "
stats = {"median_us": 3071.5, "min_us": 3065.0, "cv": 0.002, "n": 33, "warmup": 10, "clock": "cuda_events",
         "host_us": 45.5, "blocked_us": 190.0, "launch_hidden": 1.0, "inputs_refreshed": True}
case = {"name": "problem_shape", "status": "PASS", "shape": [[4096, 393216]], "dtype": "float32", "rel_err": 0.0,
        "threshold": 0.01, "latency_us": 3071.5, "ref_latency_us": 3120.0, "host_us": 45.5, "ref_host_us": 20.25,
        "reason": "", "latency_stats": stats, "grid_blocks": 1572864, "kernel_path": "direct",
        "kernel_fallback": "implicit_gemm did not compile: CompilationError: at 12:4 (fake)"}
print(P + "CASE_START " + json.dumps({"name": "problem_shape", "shape": case["shape"], "dtype": "float32"}), flush=True)
print(P + "CASE_RESULT " + json.dumps(case), flush=True)
doc = {"version": "v0", "mode": "gpu", "status": "PASS", "framework": "triton", "gpu": "NVIDIA H200",
       "torch": "2.5.1", "triton": "3.1.0",
       "timing_method": "cuda_events+l2_flush(100 MiB), own stream, synchronize before each call, blocking kernel "
                        "hides the launch path (fake)", "cases": [case], "max_rel_err": 0.0,
       "primary_case": "problem_shape", "latency_us": 3071.5, "ref_latency_us": 3120.0, "host_us": 45.5,
       "ref_host_us": 20.25, "latency_stats": stats, "ref_latency_stats": stats, "grid_blocks": 1572864,
       "dry_run_note": None, "kernel_path": "direct", "kernel_fallback": case["kernel_fallback"]}
print(P + "RESULT_JSON=" + json.dumps(doc), flush=True)
sys.exit(0)
