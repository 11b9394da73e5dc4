#!/usr/bin/env python3
"""Host time of a generated ModelNew.forward without its kernels, on the CPU (no GPU, no Triton).

The generated kernel.py runs on tests/data/codegen/fake_triton with every `kernel[grid](...)` made a no-op
that only counts launches, so what is timed is the forward's own Python: planning, dict lookups,
torch.empty, views, .contiguous(), argument tuples. Not timed: Triton's launch path (JITFunction.run:
binder, cache key, launcher) and the CUDA allocator / launch costs -- bench/gpu/host_overhead.py times those
on the H200. CPU torch.empty is cheaper than CUDA's, so these figures are a floor of the forward's Python.

  /usr/bin/python3 bench/host_overhead_cpu.py WORKSPACE...            # folders with kernel.py + reference.py
  /usr/bin/python3 bench/host_overhead_cpu.py --generate OUT [--kwb build/dev/app/kwb] [--problems u13_,u52_]
      # first renders the problems (tests/data/unseen by default) into OUT with kwb --cpu-dry-run
  --profile: the top entries of cProfile for each forward (where the time goes)
"""
import argparse
import cProfile
import importlib.util
import io
import os
import pathlib
import pstats
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEFAULT = ("u13_AvgPool2d_pad_exclude,u47_AvgPool2d_ceil_stride2,u52_Var_spatial_biased_keepdim,"
           "u55_InstanceNorm2d_affine_batch_eq_channels,u10_InstanceNorm1d_affine,u22_Batched_matmul_broadcast,"
           "u23_Einsum_bij_bjk,u30_Matmul_Divide_ParamScalar")


def generate(out, kwb, problems, src):
    """Renders each problem into out/<name> (kwb baseline --cpu-dry-run --no-commit); returns the folders."""
    out.mkdir(parents=True, exist_ok=True)
    done = []
    for name in problems:
        ws = out / name
        r = subprocess.run([kwb, "baseline", str(src / (name + ".py")), "--gpu", "H200", "--framework", "triton",
                            "--workspace", str(ws), "--cpu-dry-run", "--no-commit", "--force"],
                           capture_output=True, text=True, timeout=600)
        if not (ws / "kernel.py").exists():
            print("%s: not generated (rc %d): %s" % (name, r.returncode, r.stderr.strip()[-300:]), file=sys.stderr)
            continue
        done.append(ws)
    return done


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("workspaces", nargs="*")
    ap.add_argument("--generate", metavar="OUT")
    ap.add_argument("--kwb", default=str(ROOT / "build/dev/app/kwb"))
    ap.add_argument("--problems", default=DEFAULT)
    ap.add_argument("--src", default=str(ROOT / "tests/data/unseen"))
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--no-memo", action="store_true", help="kwb_memo_plans / MEMO_PLANS = False: plan on every call (the old path)")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "tests/data/codegen/fake_triton"))
    import torch
    import triton

    torch.set_num_threads(1)  # no intra-op thread pool spinning beside the forward's Python

    launches = [0]

    def no_op_launch(self, grid):
        def launch(*a, **k):
            launches[0] += 1
        return launch

    triton.JITFunction.__getitem__ = no_op_launch  # the kernel body never runs: only the forward's Python
    wss = [pathlib.Path(w) for w in args.workspaces if (pathlib.Path(w) / "kernel.py").exists()]
    if args.generate:
        wss += generate(pathlib.Path(args.generate), args.kwb,
                        [p.strip() for p in args.problems.split(",") if p.strip()], pathlib.Path(args.src))
    print("%-45s %9s %9s %9s %s" % ("problem", "wall us", "cpu us", "launches", "(per forward, best block)"))
    for i, ws in enumerate(wss):
        try:
            ref = load(ws / "reference.py", "kwb_ref_%d" % i)
            ker = load(ws / "kernel.py", "kwb_kernel_%d" % i)
            if args.no_memo and hasattr(ker, "kwb_memo_plans"):
                ker.kwb_memo_plans = False
            if args.no_memo and hasattr(ker, "MEMO_PLANS"):  # the level-1 GEMM template's switch (session 38)
                ker.MEMO_PLANS = False
            torch.manual_seed(0)
            model = ker.ModelNew(*ref.get_init_inputs())
            inputs = ref.get_inputs()
            with torch.no_grad():
                for _ in range(20):
                    model(*inputs)
                launches[0] = 0
                best = best_cpu = float("inf")
                block = max(1, args.calls // 10)
                for _ in range(10):  # the best of 10 blocks: a shared, loaded machine deschedules us often
                    t0, c0 = time.perf_counter(), time.process_time()
                    for _ in range(block):
                        model(*inputs)
                    best = min(best, (time.perf_counter() - t0) * 1e6 / block)
                    best_cpu = min(best_cpu, (time.process_time() - c0) * 1e6 / block)
                per = launches[0] / (10 * block)
                print("%-45s %9.1f %9.1f %9.1f" % (ws.name[:45], best, best_cpu, per))
                if args.profile:
                    prof = cProfile.Profile(time.process_time)
                    prof.enable()
                    for _ in range(200):
                        model(*inputs)
                    prof.disable()
                    s = io.StringIO()
                    pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(12)
                    print("\n".join(line for line in s.getvalue().splitlines()[6:] if line.strip()))
        except Exception as e:  # noqa: BLE001 - one problem's failure is a line of the table
            print("%-45s %9s %9s %9s %s: %s" % (ws.name[:45], "-", "-", "-", type(e).__name__, str(e)[:120]))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("KWB_HARNESS_DEVICE", "cpu")
    sys.exit(main())
