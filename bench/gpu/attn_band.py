"""Band (sliding-window) attention: does the flash kernel's skipping of the key tiles below the band pay (issue 14,
session 24, helper maskloss)? The same kwb_attention launch of a generated kernel.py, the band predicate
(diag=0, band=window: key j of query i kept where i - window < j <= i), with the module switch
kwb_attn_band_skip on (tiles wholly left of the band not visited) and off (visited and masked: the same result).

  skip    = kwb_attn_band_skip True (this branch's default)
  noskip  = kwb_attn_band_skip False: every key tile left of the diagonal is visited (the causal kernel's work)
  causal  = the same kernel, the causal predicate only (diag=0, no band): a different result, the work floor of noskip
  sdpa    = F.scaled_dot_product_attention with the band as a bool attn_mask (K / V repeated), fp16
  x05     = the generated ModelNew's forward at x05's own window (256) and L <= 4096 (the whole plan)

    # CPU machine: the kernel.py of new-user trial 13's x05 (needs build/dev/app/kwb of this branch)
    build/dev/app/kwb analyze tests/data/trial13/x05_GQA_SlidingWindow_Causal_fp16.py --kernel-out .gpu/band/x05.py
    python3 bench/gpu/attn_band.py --kernel .gpu/band/x05.py --cpu-emulated     # fake_triton, tiny shapes
    # GPU machine, repository root (about 60 s)
    python3 bench/gpu/attn_band.py --kernel .gpu/band/x05.py

Rows: seq_len, window, variant, latency_us (triton.testing.do_bench median), rel_err against an fp32 reference.
The decision rows: skip vs noskip at each (seq_len, window); skip should approach noskip * window / seq_len (plus
a tile) for window << seq_len and equal it for window >= seq_len. Exits 0.
"""
import argparse
import importlib.util
import math
import os
import sys

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--kernel", required=True, help="a kernel.py generated for x05 (it holds kwb_attention)")
ap.add_argument("--cpu-emulated", action="store_true")
args = ap.parse_args()
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
DT = torch.float32 if args.cpu_emulated else torch.float16
spec = importlib.util.spec_from_file_location("band_kernel", args.kernel)
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)


def bench(fn):
    if DEV != "cuda":
        fn()
        return float("nan")
    from triton.testing import do_bench
    return do_bench(fn, warmup=5, rep=25, return_mode="median") * 1e3


def reference(q, k, v, window, rep):
    k, v = k.float().repeat_interleave(rep, 1), v.float().repeat_interleave(rep, 1)
    L = q.shape[2]
    i, j = torch.arange(L, device=DEV)[:, None], torch.arange(L, device=DEV)[None, :]
    s = (q.float() @ k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
    s = s.masked_fill(~((j <= i) & (j > i - window)), float("-inf"))
    return torch.softmax(s, -1) @ v


def main():
    shapes = [(1, 4, 1, 64, 16, 8), (1, 4, 1, 70, 16, 20)] if args.cpu_emulated else [
        (4, 16, 4, 1024, 64, 256), (4, 16, 4, 4096, 64, 256), (2, 16, 4, 8192, 64, 512), (2, 16, 4, 8192, 128, 1024),
        (4, 16, 4, 1024, 64, 1024)]
    print("[attn_band] %s, torch %s, kernel %s" % (torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)",
                                                  torch.__version__, args.kernel), flush=True)
    print("%-28s %-8s %12s %10s" % ("b,hq,hkv,L,d,window", "variant", "latency_us", "rel_err"), flush=True)
    for b, hq, hkv, L, d, w in shapes:
        torch.manual_seed(0)
        q = torch.randn(b, hq, L, d, device=DEV, dtype=DT)
        k = torch.randn(b, hkv, L, d, device=DEV, dtype=DT)
        v = torch.randn(b, hkv, L, d, device=DEV, dtype=DT)
        rep = hq // hkv
        want = reference(q, k, v, w, rep)
        kt = k.transpose(-2, -1)
        name = "%d,%d,%d,%d,%d,%d" % (b, hq, hkv, L, d, w)

        def run(variant, fn, exact=True):
            try:
                with torch.no_grad():
                    got = fn()
                    err = float((got.double() - want.double()).norm() / want.double().norm()) if exact else float("nan")
                    us = bench(fn)
                print("%-28s %-8s %12.1f %10.2e" % (name, variant, us, err), flush=True)
            except Exception as e:  # noqa: BLE001 -- one failing row does not lose the table
                print("%-28s %-8s ERROR %s: %s" % (name, variant, type(e).__name__, str(e)[-200:]), flush=True)

        scale = 1.0 / math.sqrt(d)
        for skip in (True, False):
            mod.kwb_attn_band_skip = skip
            run("skip" if skip else "noskip",
                lambda: mod.kwb_attention(q, kt, v, scale, diag=0, lower=True, k_rep=rep, v_rep=rep, band=w))
        mod.kwb_attn_band_skip = True
        run("causal", lambda: mod.kwb_attention(q, kt, v, scale, diag=0, lower=True, k_rep=rep, v_rep=rep), False)
        if DEV == "cuda":
            i, j = torch.arange(L, device=DEV)[:, None], torch.arange(L, device=DEV)[None, :]
            allowed = (j <= i) & (j > i - w)
            kk, vv = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
            run("sdpa", lambda: F.scaled_dot_product_attention(q, kk, vv, attn_mask=allowed))
            if L <= 4096 and w == 256 and hasattr(mod, "ModelNew"):  # the window the plan was made for
                x05 = mod.ModelNew(w).to(DEV)
                run("x05", lambda: x05(q, k, v))
    print("[attn_band] done", flush=True)


main()
