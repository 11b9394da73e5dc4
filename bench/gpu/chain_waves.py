#!/usr/bin/env python3
"""The stage library's GEMM tile fill with and without the wave guard (session 19), in one process.

kwb_gemm_fill = "block_n" (the old default) narrows a GEMM's 128 x 256 tiles (BLOCK_N 256 -> 128 -> 64, then BLOCK_M)
while they keep under 90 % of one wave of SMs busy; "waves" (the new default, the level-1 template's TMA_FILL rule,
docs/DECISIONS.md "The level-1 GEMM template's tile fills the SMs") keeps the narrowed tile only where it shortens the
busiest SM's work, ceil(tiles / SMs) x tile area. The two differ only for GEMMs of 67-118 tiles of 128 x 256 on 132
SMs (block_n doubles them into two waves of half-area tiles); elsewhere they choose the same tile (the control rows).

Each problem here is a Linear + scale + ReLU (a GEMM with an epilogue: the chain's kwb_gemm, TMA path) at one shape
class; the same generated kernel.py runs with kwb_gemm_fill flipped between rows, its pasted stage library replaced by
this checkout's triton_stages.py (so kernels written by main's kwb run this branch's rule).

    # CPU machine (needs build/dev/app/kwb): the problem files and their generated kernels
    python3 bench/gpu/chain_waves.py --generate .gpu/chain_waves
    python3 bench/gpu/chain_waves.py --kernels .gpu/chain_waves --cpu-emulated   # fake_triton, reduced: the flow
    # GPU machine
    python3 bench/gpu/chain_waves.py --kernels .gpu/chain_waves --budget 150

Rows (one line each, flushed): problem, tiles of 128 x 256 on this GPU's SMs, variant, latency_us (do_bench median of
the whole forward), rel_err (||ours - eager|| / ||eager||, eager fp32 with TF32 off), x_old (block_n's time / this
one's), the tile that ran (kwb_gemm_last). cuBLAS: F.linear alone with TF32 on (tl.dot's precision on fp32). Order:
the verdict rows first (affected shapes: waves then block_n), then the controls, where both variants must run the
same tile at the same time (a noise check). A row that would start past the budget is skipped and says so.
Verdict: waves stays the default if no affected row is slower than block_n beyond noise (x_old >= 0.97); a row
x_old < 0.97 argues for block_n on that class. Nothing here ran on a GPU when it was written.

--set skinny (session 24): the weight-read-bound class, M 64-768 against N 4096-25600 and K 4096-8192, where session
24's rows put the chain GEMM at 2.5-3.6x cuBLAS's time (docs/results/2026-12-04-h200-s24.md), and a compute-bound
control. Variants beside the default (waves): kwb_gemm_fill "skinny" and "split_k" (split-K for under half / one
wave of tiles), BLOCK_K of 256-byte rows (bk64: 64 fp32 per row instead of 32, stages refitted to shared memory),
BLOCK_M 64, and the pointer kernel. x_old here is waves's time / the variant's (> 1: the variant is faster).
    python3 bench/gpu/chain_waves.py --set skinny --generate .gpu/chain_skinny
    python3 bench/gpu/chain_waves.py --set skinny --kernels .gpu/chain_skinny --budget 150
Verdict per class: a variant that is faster on every weight-read-bound row (x_old >= 1.1) and not slower on the
control (x_old >= 0.97) becomes the rule for that class; none ran on a GPU when this was written.
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
LIB = os.path.join(ROOT, "resources", "templates", "kernels", "triton_stages.py")
LIB_HEAD = "# ---- Kernel Workbench stage library"
LIB_END = "# ---- epilogues and the elementwise launch"
# (name, M, K, N, affected): tiles of 128 x 256 on 132 SMs in the comment
PROBLEMS = [("cw_1536_square", 1536, 1536, 1536, True),         # 72 tiles: block_n 144 of 128 x 128 (2 waves)
            ("cw_1024x2304_k4096", 1024, 4096, 2304, True),     # 72 tiles
            ("cw_768x4096_k8192", 768, 8192, 4096, True),       # 96 tiles: block_n 192 (2 waves)
            ("cw_128x25600_k4096", 128, 4096, 25600, True),     # 100 tiles: block_n 200 (2 waves)
            ("cw_128x16384_k8192", 128, 8192, 16384, False),    # 64 tiles: both 128 x 128 (68_'s class, 1 wave)
            ("cw_1024x8192_k8192", 1024, 8192, 8192, False)]    # 256 tiles: both 128 x 256 (12_'s class)
VARIANTS = [("waves", {"kwb_gemm_fill": "waves"}), ("block_n", {"kwb_gemm_fill": "block_n"})]
SKINNY = [("sk_128x16384_k8192", 128, 8192, 16384, True),     # W 512 MB fp32, 64 tiles of 128 x 256
          ("sk_128x25600_k4096", 128, 4096, 25600, True),     # 100 tiles
          ("sk_768x4096_k8192", 768, 8192, 4096, True),       # 96 tiles, W read by 6 row blocks
          ("sk_256x11008_k4096", 256, 4096, 11008, True),     # a LLaMA-7B MLP projection at 256 tokens
          ("sk_64x8192_k8192", 64, 8192, 8192, True),         # half-empty 128-row tiles
          ("sk_512x14336_k4096", 512, 4096, 14336, True),     # 224 tiles: two waves, still W-bound
          ("sk_1024x8192_k8192", 1024, 8192, 8192, False)]    # compute-bound control (339.6 vs cuBLAS 382.7 us)
SKINNY_VARIANTS = [("waves", {}), ("skinny", {"kwb_gemm_fill": "skinny"}), ("split_k", {"kwb_gemm_fill": "split_k"}),
                   ("bk64", {"_k_bytes": 256}), ("bm64", {"_block_m": 64}), ("pointer", {"kwb_gemm_impl": "pointer"})]
PROBLEM_TEXT = '''import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear, then a scale and ReLU: one GEMM with an epilogue (bench/gpu/chain_waves.py)."""

    def __init__(self, in_features, out_features, scale):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.scale = scale

    def forward(self, x):
        return torch.relu(self.gemm(x) * self.scale)


batch_size = {M}
in_features = {K}
out_features = {N}
scale = 0.5


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, scale]
'''

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--generate", metavar="DIR", help="write the problem files and kernels into DIR, then exit")
ap.add_argument("--set", choices=("waves", "skinny"), default="waves", help="the problem and variant set (default waves)")
ap.add_argument("--kernels", default=os.path.join(ROOT, ".gpu", "chain_waves"), help="the --generate folder")
ap.add_argument("--budget", type=float, default=150.0, help="seconds for the whole run (rows past it are skipped)")
ap.add_argument("--rep", type=float, default=40.0, help="do_bench rep (ms)")
ap.add_argument("--only", default="", help="comma-separated name prefixes")
ap.add_argument("--cpu-emulated", action="store_true",
                help="fake_triton on the CPU at M 300, K 96, N 1000 on 16 SMs (12 tiles: the guard's class)")
args = ap.parse_args()
if args.set == "skinny":
    PROBLEMS, VARIANTS = SKINNY, SKINNY_VARIANTS
    if args.kernels == os.path.join(ROOT, ".gpu", "chain_waves"):
        args.kernels = os.path.join(ROOT, ".gpu", "chain_skinny")

if args.generate:
    out_dir = os.path.abspath(args.generate)
    os.makedirs(os.path.join(out_dir, "problems"), exist_ok=True)
    kwb = os.path.join(ROOT, "build", "dev", "app", "kwb")
    for name, m, k, n, _ in PROBLEMS:
        src = os.path.join(out_dir, "problems", name + ".py")
        with open(src, "w") as f:
            f.write(PROBLEM_TEXT.format(M=m, K=k, N=n))
        dst = os.path.join(out_dir, name + ".py")
        r = subprocess.run([kwb, "analyze", src, "--kernel-out", dst, "--framework", "triton"], capture_output=True,
                           text=True)
        ok = r.returncode == 0 and os.path.exists(dst)
        if ok and "kwb_gemm(" not in open(dst).read():
            ok, r = False, subprocess.CompletedProcess([], 1, "", "the kernel does not call kwb_gemm (not a chain)")
        print("%-24s %s" % (name, "written" if ok else "FAILED " + (r.stderr or r.stdout).strip()[-200:]))
    sys.exit(0)

# launches one by one: a CUDA graph captured under one kwb_gemm_fill would replay its tile under the other
os.environ["KWB_CUDA_GRAPH"] = "0"
if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import triton  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
T0 = time.time()
BAD = []


def left():
    return args.budget - (time.time() - T0)


def load(path, name, text=None):
    if text is not None:  # the kernel with this checkout's stage library
        path = os.path.join(os.path.dirname(path), "_spliced_" + os.path.basename(path))
        with open(path, "w") as f:
            f.write(text)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def kernel_module(name):
    path = os.path.join(args.kernels, name + ".py")
    with open(path) as f:
        text = f.read()
    if LIB_HEAD not in text or LIB_END not in text:
        raise RuntimeError("%s holds no stage library (not a chain kernel)" % path)
    i, j = text.index(LIB_HEAD), text.index(LIB_END)
    with open(LIB) as f:
        lib = f.read()
    return load(path, "k_" + name, text[:i] + lib + "\n\n" + text[j:])


def bench(fn):
    if DEV != "cuda":  # emulated: the row's checked call was the run
        return float("nan")
    from triton.testing import do_bench
    return do_bench(fn, warmup=10, rep=args.rep, return_mode="median") * 1e3


def rel_err(got, want):
    return float((got.double() - want.double()).norm() / want.double().norm().clamp_min(1e-30))


def patch_plan(K, k_bytes=None, block_m=None):
    """Wraps K.kwb_gemm_tma_plan: BLOCK_K of k_bytes-byte rows and / or BLOCK_M block_m, pipeline stages refitted to
    the shared memory the default plan assumed (232448 bytes a block, its C slice kept)."""
    orig = K._kwb_plan_default

    def plan(bt, m, n, k, in_bytes, out_bytes, epi_tensors, sms, smem=232448):
        out = []
        for c in orig(bt, m, n, k, in_bytes, out_bytes, epi_tensors, sms, smem):
            c = dict(c)
            c["BLOCK_K"] = k_bytes // in_bytes if k_bytes else c["BLOCK_K"]
            c["BLOCK_M"] = block_m or c["BLOCK_M"]
            c_bytes = 4 if c["SPLIT_K"] > 1 else out_bytes
            room = (smem - 1024 - c["BLOCK_M"] * (c["BLOCK_N"] // c["EPI_SPLIT"]) * c_bytes) // (
                (c["BLOCK_M"] + c["BLOCK_N"]) * c["BLOCK_K"] * in_bytes)
            if c["num_stages"] <= max(room, 2) and c not in out:
                out.append(c)
        return out or [dict(c, num_stages=2)]
    K.kwb_gemm_tma_plan = plan


def set_variant(K, switches, defaults):
    """The module's defaults, then the variant's switches (keys starting with _ patch the TMA plan)."""
    for key, v in defaults.items():
        setattr(K, key, v)
    for key, v in switches.items():
        if not key.startswith("_"):
            setattr(K, key, v)
    if any(key.startswith("_") for key in switches):
        patch_plan(K, switches.get("_k_bytes"), switches.get("_block_m"))


def ran(K):
    p = K.kwb_gemm_last.get("plan")
    tile = "%dx%d s%d k%d" % (p["BLOCK_M"], p["BLOCK_N"], p["num_stages"], p["SPLIT_K"]) if p else "-"
    fb = K.kwb_gemm_last.get("fallback") or ""
    return "%s %s%s" % (K.kwb_gemm_last.get("impl"), tile, (" (" + fb[:60] + ")") if fb else "")


def row(name, tiles, variant, fn, want, old_us=None, note=None, cost=2.0):
    if left() < cost:
        print("%-22s %5s %-8s skipped (budget)" % (name, tiles, variant), flush=True)
        return float("nan")
    try:
        with torch.no_grad():
            got = fn()
            err = rel_err(got, want)
            us = bench(fn)
        bad = err > (1e-2 if DEV == "cuda" else 1e-5)  # TF32 on the GPU
        if bad:
            BAD.append((name, variant))
        x = "x%.2f" % (old_us / us) if old_us is not None and old_us == old_us and us == us else ""
        print("%-22s %5s %-8s %10.1f %10.2e %6s %s%s" % (name, tiles, variant, us, err, x, note() if note else "",
                                                          "  BAD" if bad else ""), flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
        BAD.append((name, variant))
        print("%-22s %5s %-8s error: %s: %s" % (name, tiles, variant, type(e).__name__, str(e).strip()[-160:]),
              flush=True)
        return float("nan")


def main():
    print("[chain_waves] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)", torch.__version__,
        getattr(triton, "__version__", "?"), args.budget, args.kernels), flush=True)
    print("%-22s %5s %-8s %10s %10s %6s %s" % ("problem", "tiles", "variant", "us", "rel_err", "x_old", "ran"))
    only = [p for p in args.only.split(",") if p]
    for name, m, k, n, affected in PROBLEMS:
        if only and not any(name.startswith(p) for p in only):
            continue
        if args.cpu_emulated and name != PROBLEMS[0][0]:
            continue  # one problem at reduced sizes: the flow, not the numbers
        try:
            P = load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
            K = kernel_module(name)
        except Exception as e:  # noqa: BLE001
            print("%-22s error loading: %s" % (name, str(e)[-160:]), flush=True)
            BAD.append((name, "load"))
            continue
        if args.cpu_emulated:
            P.batch_size, P.in_features, P.out_features = 300, 96, 1000
            K._kwb_sms = lambda t: 16
            K.kwb_gemm_impl, K.kwb_gemm_small_flops = "tma_persistent", 0
        torch.manual_seed(0)
        ref = P.Model(*P.get_init_inputs()).to(DEV).eval()
        x = P.get_inputs()[0].to(DEV)
        model = K.ModelNew(*P.get_init_inputs()).to(DEV).eval()
        for pname, prm in ref.named_parameters():  # the kernel's parameters are the generated shapes' (reduced run)
            owner, _, leaf = pname.rpartition(".")
            setattr(model.get_submodule(owner) if owner else model, leaf, torch.nn.Parameter(prm.detach().clone()))
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = False
        with torch.no_grad():
            want = ref(x)
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = True
        sms = K._kwb_sms(x)
        tiles = "%d/%d" % (triton.cdiv(P.batch_size, 128) * triton.cdiv(P.out_features, 256), sms)
        kind = "" if affected else "  (control)"
        times = {}
        K._kwb_plan_default = K.kwb_gemm_tma_plan
        defaults = {"kwb_gemm_fill": K.kwb_gemm_fill, "kwb_gemm_impl": K.kwb_gemm_impl,
                    "kwb_gemm_tma_plan": K.kwb_gemm_tma_plan}
        for variant, switches in VARIANTS:
            set_variant(K, switches, defaults)
            if args.set == "waves":
                old = times.get("block_n") if variant != "block_n" else None
            else:
                old = times.get("waves") if variant != "waves" else None
            times[variant] = row(name, tiles, variant, lambda: model(x), want, old_us=old, note=lambda: ran(K) + kind)
        set_variant(K, {}, defaults)
        if args.set == "waves" and "waves" in times and times.get("block_n") == times.get("block_n"):
            w, b = times["waves"], times["block_n"]
            if w == w and b == b:
                print("%-22s %5s %-8s %10s %10s %6s waves vs block_n: x%.2f%s" % (
                    name, tiles, "verdict", "", "", "", b / w, kind), flush=True)
        if DEV == "cuda":
            lin = ref.gemm
            row(name, tiles, "cuBLAS", lambda: F.linear(x, lin.weight, lin.bias), F.linear(x, lin.weight, lin.bias))
        del ref, model, x, want, K
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("[chain_waves] %.1f s; %s" % (time.time() - T0, "BAD rows: %s" % BAD if BAD else "every row checked"),
          flush=True)
    return 1 if BAD else 0


if __name__ == "__main__":
    sys.exit(main())
