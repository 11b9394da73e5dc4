#!/usr/bin/env python3
"""Where a 16-bit GEMM chain's time goes: per kwb_gemm call the path and tile it took (kwb_gemm_last) and its host
time, then torch.profiler's CUDA time per kernel over a few forwards, then one bf16 GEMM alone against torch.matmul
under each kwb_gemm_impl.

Session 25's first H200 call measured every 16-bit problem of bench/gpu/gemm16_ab.py at 0.09-0.47x torch.compile
(x04_GatedMLP_SiLU_bf16_weights: 797 us against 71.8; gemm16_half_mlp_gelu: 302 us against eager's 11.4) while the
fp32 controls ran at 0.90-1.01x: a fixed cost per 16-bit GEMM, not a tile rate. This says which.

    python3 bench/gpu/gemm16_ab.py --generate .gpu/gemm16          # CPU machine: the kernels
    python3 bench/gpu/gemm16_probe.py --kernels .gpu/gemm16          # GPU machine
    python3 bench/gpu/gemm16_probe.py --kernels .gpu/gemm16 --cpu-emulated   # the flow, no timing
"""
import argparse
import os
import sys
import time

import abharness as ab

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--kernels", default=os.path.join(ab.ROOT, ".gpu", "gemm16"))
ap.add_argument("--only", default="x04_GatedMLP_SiLU_bf16_weights,gemm16_half_mlp_gelu,1_MLP")
ap.add_argument("--cpu-emulated", action="store_true")
args = ap.parse_args()
if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402

dev = "cpu" if args.cpu_emulated else "cuda"
print("[gemm16_probe] %s, torch %s" % (ab.device_name(dev), torch.__version__), flush=True)


def sync():
    if dev == "cuda":
        torch.cuda.synchronize()


def probe(name):
    P = ab.load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
    K = ab.load(os.path.join(args.kernels, "on", name + ".py"), "k_" + name)
    torch.manual_seed(0)
    ref = P.Model(*P.get_init_inputs()).to(dev).eval()
    m = K.ModelNew(*P.get_init_inputs()).to(dev).eval()
    m.load_state_dict(ref.state_dict(), strict=False)
    inputs = [t.to(dev) if isinstance(t, torch.Tensor) else t for t in ab.inputs_on(P, dev)]
    calls = []
    inner = K.kwb_gemm

    def traced(a, w, *rest, **kw):
        sync()
        t0 = time.perf_counter()
        out = inner(a, w, *rest, **kw)
        t1 = time.perf_counter()
        sync()
        t2 = time.perf_counter()
        calls.append((tuple(a.shape), str(a.dtype), tuple(w.shape), str(w.dtype), tuple(w.stride()),
                      dict(K.kwb_gemm_last), (t1 - t0) * 1e6, (t2 - t0) * 1e6))
        return out

    K.kwb_gemm = traced
    with torch.no_grad():
        for _ in range(3):
            calls.clear()
            m(*inputs)
    print("== %s: kwb_gemm calls of the third forward" % name, flush=True)
    for c in calls:
        print("  a %s %s  w %s %s strides %s\n    -> %s\n    host %.1f us, host+GPU %.1f us" % c, flush=True)
    K.kwb_gemm = inner
    if dev != "cuda":
        return
    from torch.profiler import ProfilerActivity, profile
    with torch.no_grad(), profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(5):
            m(*inputs)
        sync()
    print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=12, max_name_column_width=60), flush=True)
    with torch.no_grad():
        print("  forward: do_bench %.1f us; ref %.1f us" % (ab.bench(lambda: m(*inputs), dev, 10, 40),
                                                         ab.bench(lambda: ref(*inputs), dev, 10, 40)), flush=True)


for name in [n for n in args.only.split(",") if n]:
    try:
        probe(name)
    except Exception as e:  # noqa: BLE001 -- one problem's failure says what and the rest run
        print("== %s error: %s: %s" % (name, type(e).__name__, str(e)[-300:]), flush=True)

# one bf16 GEMM of x04's shape alone, each implementation, against torch.matmul
K = ab.load(os.path.join(args.kernels, "on", "x04_GatedMLP_SiLU_bf16_weights.py"), "k_alone")
M, N, Kd = (2048, 2816, 1024) if dev == "cuda" else (64, 96, 64)
for dt in (torch.bfloat16, torch.float32):
    a = torch.randn(M, Kd, device=dev).to(dt)
    w = torch.randn(N, Kd, device=dev).to(dt)
    with torch.no_grad():
        want = a.double() @ w.double().t()
        print("gemm %dx%dx%d %s: torch.matmul %.1f us" % (M, N, Kd, dt, ab.bench(lambda: a @ w.t(), dev, 10, 40)),
              flush=True)
        for impl in ("tma_persistent", "pointer"):
            K.kwb_gemm_impl = impl
            try:
                got = K.kwb_gemm(a, w, None)
                print("  %-15s %8.1f us  rel_err %.1e  ran %s" % (
                    impl, ab.bench(lambda: K.kwb_gemm(a, w, None), dev, 10, 40), ab.rel_err(got, want),
                    dict(K.kwb_gemm_last)), flush=True)
            except Exception as e:  # noqa: BLE001
                print("  %-15s error %s: %s" % (impl, type(e).__name__, str(e)[-200:]), flush=True)
