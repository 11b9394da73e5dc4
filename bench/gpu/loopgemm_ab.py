#!/usr/bin/env python3
"""Session 23: two speed changes of generated chains, each behind a module switch of kernel.py, off vs on, one process.

  kwb_loop_input_gemm (a recurrent cell stepped in a Python loop): every step's x_t @ W_ih^T + b_ih in one GEMM over
    the whole input before the loop, each step reading its slice; off: each step its own input GEMM (the plan before).
    Rows: w12_LSTMCell_Loop_LastHidden (B 32, T 48, I 128, H 256: 48 input GEMMs -> 1), lstmcell_loop3_new_zeros,
    grucell_loop_new_full (3 steps).
  kwb_reduce_prologue (a pointwise run read only by a reduction): the run applied in kwb_reduce's loads; off: one
    kwb_pointwise launch writes the run's result, then the reduction reads it (the plan before). Rows:
    t06_MaskedMeanPool_where (where(mask, x, zeros_like(x)).sum(1): the zeros are the number 0.0 in both variants),
    count_float_sum ((x * mask).sum(1)), relu_weighted_sum ((relu(x) * w).sum(-1)).
  kwb_unview_memo (the host side of an epilogue read through views of a GEMM / conv output): kwb_epi_unview's plan
    (a meta tensor viewed, its dim order) memoised per (output shape, view code, closed-over shapes); off: planned
    on every call. Row: epi_conv_patch_embed (session 22's x0.39 of the plan without epilogue views).

    # CPU machine: the kernels (this branch's kwb) and the problem copies
    python3 bench/gpu/loopgemm_ab.py --generate .gpu/loopgemm
    python3 bench/gpu/loopgemm_ab.py --kernels .gpu/loopgemm --cpu-emulated      # fake_triton: the flow, numbers
    # GPU machine
    python3 bench/gpu/loopgemm_ab.py --kernels .gpu/loopgemm --budget 300

Rows (one line each, flushed): problem, variant (eager, off, on), latency_us (do_bench median of the whole forward),
rel_err (||ours - eager|| / ||eager||; eager fp32 with TF32 off), x_off (off's time / this one's), launches (kernel
launches of one forward, counted by wrapping each @triton.jit function the module launches as name[grid]; torch's
own copies not counted).
What decides: each switch stays on where its `on` row has x_off >= 0.97 (noise) on every problem of its class, and
w12's, t06's and epi_conv_patch_embed's `on` rows are the ones that decide (the sizes the trials measured). The CPU run times nothing.
Nothing here ran on a GPU when it was written.
"""
import argparse
import os
import shutil
import sys

import abharness as ab

ROOT, DATA = ab.ROOT, ab.DATA
CHAINS = os.path.join(DATA, "codegen", "chains", "problems")
PROBLEMS = [  # (problem path, the switch its A/B flips)
    (os.path.join(DATA, "trial12", "w12_LSTMCell_Loop_LastHidden.py"), "kwb_loop_input_gemm"),
    (os.path.join(CHAINS, "lstmcell_loop3_new_zeros.py"), "kwb_loop_input_gemm"),
    (os.path.join(CHAINS, "grucell_loop_new_full.py"), "kwb_loop_input_gemm"),
    (os.path.join(DATA, "trial11", "t06_MaskedMeanPool_where.py"), "kwb_reduce_prologue"),
    (os.path.join(CHAINS, "count_float_sum.py"), "kwb_reduce_prologue"),
    (os.path.join(CHAINS, "relu_weighted_sum.py"), "kwb_reduce_prologue"),
    (os.path.join(CHAINS, "epi_conv_patch_embed.py"), "kwb_unview_memo"),
]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "loopgemm")
ap.add_argument("--kwb", default=ab.KWB, help="the kwb that writes the kernels (this branch's)")
ab.add_run_args(ap, 300.0, rep=40.0, cpu_help="fake_triton on the CPU at the problems' own sizes")
args = ap.parse_args()

if args.generate:
    out = os.path.abspath(args.generate)
    for sub in ("problems", "kernels"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    for src, switch in PROBLEMS:
        name = os.path.basename(src)[:-3]
        shutil.copy(src, os.path.join(out, "problems", name + ".py"))
        print("%-40s %s" % (name, ab.analyze(args.kwb, src, os.path.join(out, "kernels", name + ".py"))[1]), flush=True)
    sys.exit(0)

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402
import triton  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
CLOCK = ab.Budget(args.budget)
BAD = []


def row(name, variant, fn, want, base=None, mod=None):
    if CLOCK.left() < 2.0:
        print("%-34s %-6s skipped (budget)" % (name, variant), flush=True)
        return float("nan")
    try:
        with torch.no_grad():
            launches = ""
            if mod is not None:
                with ab.Launches(mod) as n:
                    got = fn()
                launches = str(n.count)
            else:
                got = fn()
            err = ab.rel_err(got, want)
            us = ab.bench(fn, DEV, 10, args.rep)
        bad = err > (1e-2 if DEV == "cuda" else 1e-4)
        if bad:
            BAD.append((name, variant))
        print("%-34s %-6s %10.1f %10.2e %6s %8s%s" % (name, variant, us, err, ab.times(base, us), launches,
                                                       "  BAD" if bad else ""), flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
        BAD.append((name, variant))
        print("%-34s %-6s error: %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-160:]), flush=True)
        return float("nan")


def main():
    print("[loopgemm_ab] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        ab.device_name(DEV), torch.__version__, getattr(triton, "__version__", "?"), args.budget, args.kernels),
        flush=True)
    print("%-34s %-6s %10s %10s %6s %8s" % ("problem", "variant", "us", "rel_err", "x_off", "launches"))
    for src, switch in ab.chosen([(os.path.basename(s)[:-3], w) for s, w in PROBLEMS], args.only):
        name = src
        try:
            P = ab.load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
            kpath = os.path.join(args.kernels, "kernels", name + ".py")
            off = ab.apply_settings(ab.load(kpath, "off_" + name), {switch: False})
            on = ab.apply_settings(ab.load(kpath, "on_" + name), {switch: True})
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(DEV).eval()
            inputs = [t.to(DEV) if isinstance(t, torch.Tensor) else t for t in ab.inputs_on(P, DEV)]
            models = []
            for K in (off, on):
                m = K.ModelNew(*P.get_init_inputs()).to(DEV).eval()
                m.load_state_dict(ref.state_dict(), strict=False)
                models.append(m)
        except Exception as e:  # noqa: BLE001
            print("%-34s error loading: %s: %s" % (name, type(e).__name__, str(e)[-160:]), flush=True)
            BAD.append((name, "load"))
            continue
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = False
        with torch.no_grad():
            want = ref(*inputs)
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = True
        print("%-34s switch %s" % (name, switch), flush=True)
        row(name, "eager", lambda: ref(*inputs), want)
        t_off = row(name, "off", lambda: models[0](*inputs), want, mod=off)
        row(name, "on", lambda: models[1](*inputs), want, base=t_off, mod=on)
        ref = models = inputs = want = off = on = None
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("[loopgemm_ab] %.1f s; %s" % (CLOCK.elapsed(), "BAD rows: %s" % BAD if BAD else "every row checked"),
          flush=True)
    return 1 if BAD else 0


if __name__ == "__main__":
    sys.exit(main())
