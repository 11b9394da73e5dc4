"""The generated Triton GEMM kernel at fixed tile configurations, one at a time, against torch.matmul
with TF32 off (what the KernelBench reference runs) and on (the same precision as tl.dot on fp32).

Usage (GPU machine): python3 gemm_config_sweep.py KERNEL_PY [SHAPE_NAME...] > out.jsonl
KERNEL_PY: a workspace's kernel.py generated for a GEMM problem (it holds kwb_mm and kmajor()).
Per (shape, config) one JSON line: do_bench median (warmup 100 ms, rep 400 ms) of the GEMM kernel alone
on operands already staged K-major, in µs and TFLOPS; per shape also the staging copy's time and the
two torch.matmul figures. fp32 row-major A [M, K] and B [K, N], seed 0.
"""
import importlib.util
import json
import sys

import torch
import triton

spec = importlib.util.spec_from_file_location("kwb_gemm_kernel", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
jit = next(getattr(mod, n) for n in dir(mod) if n.endswith("_mm") or n == "kwb_mm")

SHAPES = [  # (name, M, N, K)
    ("1_Square", 4096, 4096, 4096),
    ("2_Standard", 2048, 4096, 8192),
    ("10_3D folded", 16384, 768, 2048),
    ("8_irregular", 8205, 5921, 2949),
    ("7_small_K", 32768, 32768, 64),
]
if len(sys.argv) > 2:  # only the named shapes
    SHAPES = [s for s in SHAPES if s[0] in sys.argv[2:]]
CONFIGS = [  # BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages
    (128, 256, 32, 8, 3), (128, 128, 32, 8, 4), (256, 128, 32, 8, 3), (128, 128, 64, 8, 3),
    (128, 256, 64, 8, 2), (64, 256, 32, 4, 4), (128, 64, 32, 4, 4),
    (128, 256, 32, 8, 4), (256, 128, 32, 8, 4), (128, 256, 32, 4, 3), (256, 64, 32, 4, 4),
]
SMALL_K_CONFIGS = [  # K = 64: two k-steps at most; the C tile's store dominates
    (128, 256, 64, 8, 2), (128, 128, 64, 4, 2), (128, 128, 64, 8, 2), (64, 128, 64, 4, 2), (128, 64, 64, 4, 2),
    (64, 64, 64, 4, 2), (256, 128, 64, 8, 2),
]


def bench(fn):
    return triton.testing.do_bench(fn, warmup=100, rep=400, return_mode="median") * 1e3


torch.manual_seed(0)
for name, m, n, k in SHAPES:
    a = torch.randn(m, k, device="cuda").unsqueeze(0)
    b = torch.randn(k, n, device="cuda").unsqueeze(0)
    c = torch.empty(1, m, n, device="cuda")
    flops = 2.0 * m * n * k
    row = {"shape": name, "M": m, "N": n, "K": k, "gpu": torch.cuda.get_device_name(), "triton": triton.__version__}
    row["stage_us"] = bench(lambda: (mod.kmajor(a, 2), mod.kmajor(b, 1)))
    for sb in (32, 64, 128):  # the staging copy's tile (STAGE_BLOCK x STAGE_BLOCK per CTA)
        old_sb, mod.STAGE_BLOCK = mod.STAGE_BLOCK, sb
        row["stage_us_block%d" % sb] = bench(lambda: (mod.kmajor(a, 2), mod.kmajor(b, 1)))
        mod.STAGE_BLOCK = old_sb
    torch.backends.cuda.matmul.allow_tf32 = False
    row["torch_fp32_us"] = bench(lambda: torch.matmul(a[0], b[0]))
    torch.backends.cuda.matmul.allow_tf32 = True
    row["torch_tf32_us"] = bench(lambda: torch.matmul(a[0], b[0]))
    torch.backends.cuda.matmul.allow_tf32 = False
    ref = torch.matmul(a[0].double(), b[0].double()).float()
    print(json.dumps(row), flush=True)
    sa, sb = mod.kmajor(a, 2), mod.kmajor(b, 1)
    for bm, bn, bk, w, s in (SMALL_K_CONFIGS if k <= 64 else CONFIGS):
        grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn), 1)

        def run():
            jit[grid](sa, sb, c, m, n, k, sa.stride(0), sa.stride(1), sa.stride(2), sb.stride(0), sb.stride(1),
                      sb.stride(2), c.stride(0), c.stride(1), c.stride(2), 0, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
                      GROUP_M=8, TRIU=False, num_warps=w, num_stages=s)
        out = {"shape": name, "config": "%dx%dx%d w%d s%d" % (bm, bn, bk, w, s)}
        try:
            run()
            torch.cuda.synchronize()
            out["rel_err"] = float((c[0] - ref).norm() / ref.norm())
            us = bench(run)
            out.update(us=us, tflops=flops / us / 1e6)
        except Exception as e:  # noqa: BLE001 - a config that does not compile (shared memory) is a row
            out["error"] = "%s: %s" % (type(e).__name__, str(e)[:200])
        print(json.dumps(out), flush=True)
    del a, b, c, sa, sb, ref
    torch.cuda.empty_cache()
