"""CUDA graph replay of launch-bound plans (triton_graph.py's kwb_graph_call) against the same kernels launched one
by one (KWB_CUDA_GRAPH=0), and eager PyTorch, in one process: latency (triton.testing.do_bench median, which
waits on the GPU so a launch-bound call shows its host time), host time of one call, rel_err vs the reference.

    python3 bench/gpu/graph_replay.py KWB PROBLEM.py [PROBLEM.py ...] > out.txt

KWB: the kwb binary (generates kernel.py: `kwb analyze P --kernel-out K --framework triton`). Each model runs as
built (training mode, as the harness runs it), weights copied from the reference, seed 0, under no_grad.
"""
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

import torch
import triton


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def host_us(fn, n=5):
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        best = min(best, (time.perf_counter() - t0) * 1e6)
        torch.cuda.synchronize()
    return best


def rel_err(a, b):
    a, b = a.double(), b.double()
    return ((a - b).norm() / b.norm().clamp_min(1e-30)).item()


def main():
    kwb, problems = sys.argv[1], sys.argv[2:]
    tmp = tempfile.mkdtemp()
    for p in problems:
        name = os.path.basename(p)[:-3]
        kpath = os.path.join(tmp, name + "_kernel.py")
        r = subprocess.run([kwb, "analyze", p, "--kernel-out", kpath, "--framework", "triton"], capture_output=True,
                           text=True)
        if r.returncode != 0 or not os.path.exists(kpath):
            print("%-34s kwb analyze failed: %s" % (name, (r.stderr or r.stdout)[-300:]))
            continue
        ref_mod, k_mod = load(p, name + "_ref"), load(kpath, name + "_k")
        torch.manual_seed(0)
        ref = ref_mod.Model(*ref_mod.get_init_inputs()).cuda()
        new = k_mod.ModelNew(*ref_mod.get_init_inputs()).cuda()
        new.load_state_dict(ref.state_dict(), strict=False)
        torch.manual_seed(0)
        inputs = [x.cuda() if isinstance(x, torch.Tensor) else x for x in ref_mod.get_inputs()]
        graphed = "kwb_graph_call" in open(kpath).read()
        row = {"graphed": graphed}
        with torch.no_grad():
            y_ref = ref(*inputs)
            for mode in ("0", "1"):
                os.environ["KWB_CUDA_GRAPH"] = mode
                y = new(*inputs)
                y = new(*inputs)  # the second call of a key captures
                row["rel_err_" + mode] = rel_err(y, y_ref)
                row["us_" + mode] = triton.testing.do_bench(lambda: new(*inputs), warmup=100, rep=500,
                                                            return_mode="median") * 1e3
                row["host_us_" + mode] = host_us(lambda: new(*inputs))
                row["last_graph_" + mode] = getattr(new, "last_graph", "-")
            row["us_eager"] = triton.testing.do_bench(lambda: ref(*inputs), warmup=100, rep=500,
                                                      return_mode="median") * 1e3
        print("%-34s graphed %-5s launched %9.1f us (host %9.1f)  graph %9.1f us (host %8.1f)  eager %9.1f us  "
              "rel_err %.2e / %.2e  %s" % (name, graphed, row["us_0"], row["host_us_0"], row["us_1"],
                                           row["host_us_1"], row["us_eager"], row["rel_err_0"], row["rel_err_1"],
                                           row["last_graph_1"]), flush=True)
        del ref, new, inputs
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
