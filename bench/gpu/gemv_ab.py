"""A/B of torch.mv / addmv's stage: kwb_gemv (a row reduction: BLOCK_M rows a program, fp32 sums over K) with its
split-K path on (kwb_gemv_split "auto", the default: K cut into chunks where the row blocks are fewer than 2 per SM,
then a summing launch) against the path off ("off": one program per row block over all of K), forced chunk counts
(--splits), the GEMM stage with N = 1 (kwb_gemm(A, v[None, :]), --gemm) and torch.mv, all in this process on the
same inputs, timed with triton.testing.do_bench. Bandwidth: the minimum traffic (A once, v once, the result once)
over the time, set against a measured copy of A's bytes (torch's copy_).

  python3 bench/gpu/gemv_ab.py [--dtype float32|bfloat16|float16] [--only 4096x4096,...] [--splits 2,4,8,16]
                               [--gemm] [--route]

Shapes [M, K]: square (4096, 8192), tall (65536 x 256: many short rows), wide (1024 x 65536: few long rows, 64 row
blocks on 132 SMs), an LLM decode's 4096 x 14336, and more wide ones (256 / 2048 x 65536, 128 / 2048 x 262144).
Prints one line a shape: the plan "auto" takes (chunks x KC), us auto, us off, us torch.mv, each forced split's us,
rel_err of auto / off / torch against fp64, GB/s and % of the copy for auto and off.
What decides (docs/DECISIONS.md, "Split-K gemv"): the split rows (1024x65536, 4096x14336, 4096x4096, the extra wide
ones) must beat "off" and come near torch.mv; the rows it leaves unsplit (8192x8192, 65536x256) must equal "off"
(same kernel, one launch); the forced --splits columns show whether "auto"'s count (about 4 programs per SM) sits
at the curve's floor or the rule's target should move. --route: kwb_gemm's one-column and one-row shapes (a Linear
to one feature, a Linear at batch 1) on kwb_gemv's kernel (kwb_gemm_gemv, the default) against the tiles and
F.linear; the gemv columns must beat the tiles' on every row for the default to stay.
"""
import argparse
import importlib.util
import os
import tempfile

import torch
from triton.testing import do_bench

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PREAMBLE = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"
SHAPES = [(4096, 4096), (8192, 8192), (65536, 256), (1024, 65536), (4096, 14336), (256, 65536), (2048, 65536),
          (128, 262144), (2048, 262144)]


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


def timed(K, split, f):
    """f's do_bench time in us with kwb_gemv_split set to `split` (restored after)."""
    old, K.kwb_gemv_split = K.kwb_gemv_split, split
    try:
        return do_bench(f, warmup=25, rep=100) * 1e3, f()
    finally:
        K.kwb_gemv_split = old


def route(K, shapes, dt):
    """kwb_gemm on [M, K] x [1, K]^T (one output column: a Linear to one feature) and [1, K] x [M, K]^T (one output row:
    a Linear at batch 1, the weight [M, K] K-contiguous), each with kwb_gemm_gemv True (kwb_gemv's kernel) and False
    (the tiles), against F.linear; bias on."""
    print("shape, us column gemv / tiles / F.linear, us row gemv / tiles / F.linear, rel_err column / row (gemv)",
          flush=True)
    for m, k in shapes:
        a, x = torch.randn(m, k, device="cuda", dtype=dt), torch.randn(1, k, device="cuda", dtype=dt)
        w1, b1, bm = torch.randn(1, k, device="cuda", dtype=dt), torch.randn(1, device="cuda", dtype=dt), \
            torch.randn(m, device="cuda", dtype=dt)
        row = []
        for lhs, w, b in ((a, w1, b1), (x, a, bm)):
            for on in (True, False):
                old, K.kwb_gemm_gemv = K.kwb_gemm_gemv, on
                try:
                    row.append(do_bench(lambda: K.kwb_gemm(lhs, w, b), warmup=25, rep=100) * 1e3)
                    if on:
                        got = K.kwb_gemm(lhs, w, b)
                finally:
                    K.kwb_gemm_gemv = old
            row.append(do_bench(lambda: torch.nn.functional.linear(lhs, w, b), warmup=25, rep=100) * 1e3)
            row.append(rel_err(got, lhs.double() @ w.double().t() + b.double()))
        print("%dx%d, %.1f / %.1f / %.1f, %.1f / %.1f / %.1f, %.1e / %.1e" % (
            m, k, *row[0:3], *row[4:7], row[3], row[7]), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dtype", default="float32", choices=["float32", "bfloat16", "float16"])
    ap.add_argument("--only", default="", help="comma-separated MxK shapes")
    ap.add_argument("--splits", default="", help="comma-separated forced chunk counts, a column each")
    ap.add_argument("--gemm", action="store_true", help="also the GEMM stage with N = 1")
    ap.add_argument("--route", action="store_true",
                    help="instead: kwb_gemm's one-column / one-row shapes with kwb_gemm_gemv on and off, and F.linear")
    args = ap.parse_args()
    dt = getattr(torch, args.dtype)
    K = load()
    shapes = [tuple(int(x) for x in s.split("x")) for s in args.only.split(",") if s] or SHAPES
    forced = [int(x) for x in args.splits.split(",") if x]
    if args.route:
        return route(K, shapes, dt)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    print("shape, plan (chunks x KC), us auto, us off, us torch.mv%s%s, rel_err auto / off / torch, GB/s auto / off, "
          "%% of copy auto / off" % ("".join(", us split=%d" % n for n in forced), ", us gemm(N=1)" if args.gemm
                                     else ""), flush=True)
    for m, k in shapes:
        a = torch.randn(m, k, device="cuda", dtype=dt)
        v = torch.randn(k, device="cuda", dtype=dt)
        want = a.double() @ v.double()
        gemv = lambda: K.kwb_gemv(a, v)
        us_auto, got_auto = timed(K, "auto", gemv)
        us_off, got_off = timed(K, "off", gemv)
        us_torch, got_torch = timed(K, "auto", lambda: torch.mv(a, v))
        extra = ["%.1f" % timed(K, n, gemv)[0] for n in forced]
        if args.gemm:
            extra.append("%.1f" % timed(K, "auto", lambda: K.kwb_gemm(a, v[None, :]))[0])
        dst = torch.empty_like(a)
        copy_us = do_bench(lambda: dst.copy_(a), warmup=25, rep=100) * 1e3
        copy_gbs = 2 * m * k * a.element_size() / (copy_us * 1e-6) / 1e9
        nbytes = (m * k + k + m) * a.element_size()
        gbs = [nbytes / (us * 1e-6) / 1e9 for us in (us_auto, us_off)]
        chunks, kc = K.kwb_gemv_plan(m, k, sms)
        print("%dx%d, %dx%d, %.1f, %.1f, %.1f%s, %.1e / %.1e / %.1e, %.0f / %.0f, %.0f%% / %.0f%%" % (
            m, k, chunks, kc, us_auto, us_off, us_torch, "".join(", " + e for e in extra), rel_err(got_auto, want),
            rel_err(got_off, want), rel_err(got_torch, want), gbs[0], gbs[1], 100.0 * gbs[0] / copy_gbs,
            100.0 * gbs[1] / copy_gbs), flush=True)


if __name__ == "__main__":
    main()
