"""A/B of torch.mv / addmv's stage (session 23, helper `gaps`): kwb_gemv (a row reduction: BLOCK_M rows a program,
fp32 sums over K) against the alternative the chain planner did not take, the GEMM stage with N = 1
(kwb_gemm(A, v[None, :]): an [M, 1] tile product), and torch.mv, all in this process on the same inputs, timed with
triton.testing.do_bench. Bandwidth: the minimum traffic (A once, v once, the result once) over the time, set against
a measured copy of A's bytes (torch's copy_).

  python3 bench/gpu/gemv_ab.py [--dtype float32|bfloat16|float16] [--only 4096x4096,...]

Shapes [M, K]: square (4096, 8192), tall (65536 x 256: many short rows), wide (1024 x 65536: few long rows, where
one program a 16-row block leaves SMs idle), and an LLM decode's 4096 x 14336. Prints one line a shape: us gemv,
us gemm(N=1), us torch.mv, rel_err of each against fp64, gemv GB/s and % of the copy.
What decides (docs/DECISIONS.md, "mv / addmv"): kwb_gemv should be at least as fast as kwb_gemm(N=1) on every row and
within ~1.5x of torch.mv; a wide row far below the copy argues for a split-K gemv. Nothing here has run on a GPU when
it was written.
"""
import argparse
import importlib.util
import os
import tempfile

import torch
from triton.testing import do_bench

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PREAMBLE = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"
SHAPES = [(4096, 4096), (8192, 8192), (65536, 256), (1024, 65536), (4096, 14336)]


def load():
    path = os.path.join(tempfile.mkdtemp(prefix="kwb_gemv_ab_"), "stages.py")
    with open(path, "w") as f:
        f.write(PREAMBLE)
        for rel in ("resources/templates/kernels/triton_stages.py", "resources/templates/kernels/triton_epilogue.py"):
            with open(os.path.join(ROOT, rel)) as src:
                f.write(src.read() + "\n\n")
    spec = importlib.util.spec_from_file_location("kwb_gemv_ab_stages", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rel_err(got, want):
    got, want = got.double().flatten(), want.double().flatten()
    return float((got - want).norm() / want.norm().clamp_min(1e-30))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dtype", default="float32", choices=["float32", "bfloat16", "float16"])
    ap.add_argument("--only", default="", help="comma-separated MxK shapes")
    args = ap.parse_args()
    dt = getattr(torch, args.dtype)
    K = load()
    shapes = [tuple(int(x) for x in s.split("x")) for s in args.only.split(",") if s] or SHAPES
    print("shape, us gemv, us gemm(N=1), us torch.mv, rel_err gemv / gemm / torch, gemv GB/s, % of copy", flush=True)
    for m, k in shapes:
        a = torch.randn(m, k, device="cuda", dtype=dt)
        v = torch.randn(k, device="cuda", dtype=dt)
        want = a.double() @ v.double()
        runs = {"gemv": lambda: K.kwb_gemv(a, v), "gemm": lambda: K.kwb_gemm(a, v[None, :]),
                "torch": lambda: torch.mv(a, v)}
        us = {n: do_bench(f, warmup=25, rep=100) * 1e3 for n, f in runs.items()}
        err = {n: rel_err(f(), want) for n, f in runs.items()}
        dst = torch.empty_like(a)
        copy_us = do_bench(lambda: dst.copy_(a), warmup=25, rep=100) * 1e3
        nbytes = (m * k + k + m) * a.element_size()
        gbs = nbytes / (us["gemv"] * 1e-6) / 1e9
        copy_gbs = 2 * m * k * a.element_size() / (copy_us * 1e-6) / 1e9
        print("%dx%d, %.1f, %.1f, %.1f, %.1e / %.1e / %.1e, %.0f, %.0f%%" % (
            m, k, us["gemv"], us["gemm"], us["torch"], err["gemv"], err["gemm"], err["torch"], gbs,
            100.0 * gbs / copy_gbs), flush=True)


if __name__ == "__main__":
    main()
