#!/usr/bin/env python3
"""Issue 14 (session 21): pointwise runs fused into the GEMM / convolution before them through views, and prologues.

Times, in one process and on the same inputs, each problem's kernel.py as main's kwb writes it ("old": the residual
add after a Linear over [B, S, D], a run after a transpose, a run before a small GEMM as launches of their own) and as
this branch's kwb writes it ("new": those runs in the GEMM's epilogue through epi_view=, or its prologue through
pro=), beside PyTorch eager. Where the new kernel has a prologue, one more row runs it with kwb_gemm_prologue = False
("pro-off": the run launched before the GEMM again, the rest of the new plan unchanged).

    # CPU machine: the kernels of both kwb builds and the problem copies (old: main's build, new: this branch's)
    python3 bench/gpu/epilogue_ab.py --generate .gpu/epilogue --old-kwb /work/main/build/dev/app/kwb
    python3 bench/gpu/epilogue_ab.py --kernels .gpu/epilogue --cpu-emulated --only t04   # fake_triton: the flow
    # GPU machine
    python3 bench/gpu/epilogue_ab.py --kernels .gpu/epilogue --budget 300

The problems: bench/gpu/list_s21_epilogue.txt (the given problems whose plan this branch changes, paths under the
KernelBench root) plus trial 11's t01 / t04 and the test problems of the class (--list to choose others).
Rows (one line each, flushed): problem, variant, latency_us (do_bench median of the whole forward, CUDA-graph replay
as each plan decides), rel_err (||ours - eager|| / ||eager||, eager fp32 with TF32 off), x_old (old's time / this
one's), launch sites (kwb launch calls in forward()'s text: both branches of a row-fusion `if` count).
What decides: new should be at least as fast as old on every row (x_old >= 0.97, noise); a row below argues for
keeping that class unfused (a switch: none for the epilogue, the plan's fusion; kwb_gemm_prologue for the prologue,
whose pro-off row says whether fusing it into small GEMMs pays). Nothing here ran on a GPU when it was written.
"""
import argparse
import os
import re
import shutil
import sys

import abharness as ab

ROOT, KB = ab.ROOT, ab.KB
EXTRA = [os.path.join(ROOT, "tests", "data", "trial11", n + ".py") for n in (
    "t01_Sigmoid_Linear_BatchCenter_Clamp", "t04_GELU_Linear_Residual_ManualRMSNorm")] + [
    os.path.join(ROOT, "tests", "data", "codegen", "chains", "problems", n + ".py") for n in (
        "epi_linear3d_sub_residual", "epi_gemm_view_in_run", "epi_bmm_transpose_residual", "epi_conv_patch_embed",
        "pro_linear_tanh_scale", "pro_linear3d_sigmoid")]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "epilogue", old_new=True)
ap.add_argument("--list", default=os.path.join(ab.HERE, "list_s21_epilogue.txt"), help="problem paths under --kb")
ap.add_argument("--kb", default=KB, help="the KernelBench root the list's paths are under")
ab.add_run_args(ap, 300.0, rep=40.0, cpu_help="fake_triton on the CPU at the problems' own sizes")
args = ap.parse_args()


def listed():
    paths = []
    if os.path.exists(args.list):
        with open(args.list) as f:
            for line in f:
                line = line.split("#")[0].strip()
                if line:
                    paths.append(os.path.join(args.kb, line))
    return paths + EXTRA


if args.generate:
    out_dir = os.path.abspath(args.generate)
    for sub in ("problems", "old", "new"):
        os.makedirs(os.path.join(out_dir, sub), exist_ok=True)
    for src in listed():
        name = os.path.basename(src)[:-3]
        if not os.path.exists(src):
            print("%-50s absent (%s)" % (name, src))
            continue
        shutil.copy(src, os.path.join(out_dir, "problems", name + ".py"))
        status = ["%s %s" % (which, ab.analyze(kwb, src, os.path.join(out_dir, which, name + ".py"), tail=160)[1])
                  for which, kwb in (("old", args.old_kwb), ("new", args.new_kwb))]
        print("%-50s %s" % (name, "; ".join(status)), flush=True)
    sys.exit(0)

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402
import triton  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
CLOCK = ab.Budget(args.budget)
BAD = []
load = ab.load


def launch_sites(path):
    """kwb launch calls in ModelNew.forward's text (the plan's launch sites; views and plumbing excluded)."""
    with open(path) as f:
        text = f.read()
    body = text[text.find("def _kwb_forward(") if "def _kwb_forward(" in text else text.find("    def forward("):]
    calls = re.findall(r"\b(kwb_\w+|conv_forward)\(", body)
    plumbing = {"kwb_to_fp32", "kwb_as_dtype", "kwb_size", "kwb_dim_scalar", "kwb_at_spec", "kwb_row1_fits", "kwb_graph_call",
                "kwb_epi_unview", "kwb_row1_stat"}
    return sum(1 for c in calls if c not in plumbing)


def row(name, variant, fn, want, old_us=None, note=""):
    if CLOCK.left() < 2.0:
        print("%-46s %-8s skipped (budget)" % (name, variant), flush=True)
        return float("nan")
    try:
        with torch.no_grad():
            got = fn()
            err = ab.rel_err(got, want)
            us = ab.bench(fn, DEV, 10, args.rep)
        bad = err > (1e-2 if DEV == "cuda" else 1e-4)
        if bad:
            BAD.append((name, variant))
        print("%-46s %-8s %10.1f %10.2e %6s %s%s" % (name, variant, us, err, ab.times(old_us, us), note,
                                                     "  BAD" if bad else ""), flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
        BAD.append((name, variant))
        print("%-46s %-8s error: %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-160:]), flush=True)
        return float("nan")


def model_new(K, P, ref):
    m = K.ModelNew(*P.get_init_inputs()).to(DEV).eval()
    missing, unexpected = m.load_state_dict(ref.state_dict(), strict=False)
    if unexpected:
        raise RuntimeError("state_dict keys ModelNew lacks: %s" % unexpected[:4])
    return m


def main():
    print("[epilogue_ab] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)", torch.__version__,
        getattr(triton, "__version__", "?"), args.budget, args.kernels), flush=True)
    print("%-46s %-8s %10s %10s %6s %s" % ("problem", "variant", "us", "rel_err", "x_old", "launch sites"))
    names = sorted(f[:-3] for f in os.listdir(os.path.join(args.kernels, "problems")) if f.endswith(".py"))
    for name in ab.chosen(names, args.only):
        old_path, new_path = (os.path.join(args.kernels, w, name + ".py") for w in ("old", "new"))
        try:
            P = load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
            KO, KN = load(old_path, "old_" + name), load(new_path, "new_" + name)
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(DEV).eval()
            inputs = [t.to(DEV) if isinstance(t, torch.Tensor) else t for t in P.get_inputs()]
            old, new = model_new(KO, P, ref), model_new(KN, P, ref)
        except Exception as e:  # noqa: BLE001
            print("%-46s error loading: %s: %s" % (name, type(e).__name__, str(e)[-160:]), flush=True)
            BAD.append((name, "load"))
            continue
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = False
            torch.backends.cudnn.allow_tf32 = False
        with torch.no_grad():
            want = ref(*inputs)
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = True
            torch.backends.cudnn.allow_tf32 = True
        row(name, "eager", lambda: ref(*inputs), want)
        t_old = row(name, "old", lambda: old(*inputs), want, note="%d" % launch_sites(old_path))
        row(name, "new", lambda: new(*inputs), want, old_us=t_old, note="%d" % launch_sites(new_path))
        if "pro=_kwb_epi" in open(new_path).read():
            KN.kwb_gemm_prologue = False
            off = model_new(KN, P, ref)  # a fresh instance: its own CUDA graph, captured with the switch off
            row(name, "pro-off", lambda: off(*inputs), want, old_us=t_old, note="(prologue launched first)")
            KN.kwb_gemm_prologue = True
            del off
        ref = old = new = inputs = want = KO = KN = None  # freed before the next problem
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("[epilogue_ab] %.1f s; %s" % (CLOCK.elapsed(), "BAD rows: %s" % BAD if BAD else "every row checked"),
          flush=True)
    return 1 if BAD else 0


if __name__ == "__main__":
    sys.exit(main())
