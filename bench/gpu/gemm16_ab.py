#!/usr/bin/env python3
"""Session 24 (issue 14, helper gemm16): 16-bit GEMM operands keep their width, off vs on, beside torch.compile.

  on  (this branch's kwb): a 16-bit input read by GEMMs in place, a GEMM result that only GEMMs read kept in its
      16-bit dtype, a norm before a Linear storing the weight's dtype, ModelNew's 16-bit parameters in their dtype:
      bf16 / fp16 GEMMs on the tensor cores at that rate, fp32 accumulation (docs/CODEGEN.md "GEMM operands keep
      their width").
  off (the same kwb under KWB_GEMM16=0): the plan before it, the input widened to fp32 (kwb_to_fp32), fp32
      parameters, every GEMM on fp32 activations (TF32).

    # CPU machine: both variants' kernels and the problem copies
    python3 bench/gpu/gemm16_ab.py --generate .gpu/gemm16
    python3 bench/gpu/gemm16_ab.py --kernels .gpu/gemm16 --cpu-emulated      # fake_triton: the flow, numbers
    # GPU machine
    python3 bench/gpu/gemm16_ab.py --kernels .gpu/gemm16 --budget 300

Rows (one line each, flushed): problem, variant (eager, compile, off, on), latency_us (do_bench median of the
whole forward), rel_err (||ours - eager fp32|| / ||eager fp32||: the model and inputs in fp32, TF32 off, the
harness's reference), x_off (off's time / this one's), x_compile (torch.compile's / this one's).
What decides: x04_GatedMLP_SiLU_bf16_weights's `on` row (session 23: 0.41x torch.compile, 156.8 us against 68.7);
the rule stays where `on` has x_off >= 0.97 on every 16-bit row and rel_err < 1e-2. 1_MLP (fp32) and
76_Gemm_Add_ReLU (fp32) are controls: their off and on kernels differ only in text (no widening copy of an fp32
input), so x_off should read ~1.0 there. The small problems under tests/data/codegen/chains/problems are checked
for numbers, their times are launch-bound. Nothing here ran on a GPU when it was written.
"""
import argparse
import os
import shutil
import sys

import abharness as ab

DATA = ab.DATA
CHAINS = os.path.join(DATA, "codegen", "chains", "problems")
PROBLEMS = [
    os.path.join(DATA, "trial13", "x04_GatedMLP_SiLU_bf16_weights.py"),
    os.path.join(CHAINS, "gemm16_gated_mlp_bf16.py"),
    os.path.join(CHAINS, "gemm16_half_mlp_gelu.py"),
    os.path.join(CHAINS, "gemm16_bmm_relu_bmm_bf16.py"),
    os.path.join(CHAINS, "gemm16_linear_layernorm_linear_bf16.py"),
    os.path.join(ab.KB, "level3", "1_MLP.py"),
    os.path.join(ab.KB, "level2", "76_Gemm_Add_ReLU.py"),
]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "gemm16")
ap.add_argument("--kwb", default=ab.KWB, help="the kwb that writes both variants (this branch's)")
ab.add_run_args(ap, 300.0, rep=40.0, compile_flag=True, cpu_help="fake_triton on the CPU at the problems' own sizes")
args = ap.parse_args()

if args.generate:
    out = os.path.abspath(args.generate)
    for sub in ("problems", "off", "on"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    for src in PROBLEMS:
        name = os.path.basename(src)[:-3]
        shutil.copy(src, os.path.join(out, "problems", name + ".py"))
        for side, value in (("off", "0"), ("on", "1")):
            os.environ["KWB_GEMM16"] = value
            print("%-40s %-3s %s" % (name, side, ab.analyze(args.kwb, src, os.path.join(out, side, name + ".py"))[1]),
                  flush=True)
    sys.exit(0)

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402
import triton  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
CLOCK = ab.Budget(args.budget)
BAD = []


def row(name, variant, fn, want, base=None, comp=None):
    if CLOCK.left() < 2.0:
        print("%-40s %-7s skipped (budget)" % (name, variant), flush=True)
        return float("nan")
    try:
        with torch.no_grad():
            err = ab.rel_err(fn(), want)
            us = ab.bench(fn, DEV, 10, args.rep)
        bad = err > 1e-2
        if bad:
            BAD.append((name, variant))
        print("%-40s %-7s %10.1f %10.2e %6s %9s%s" % (name, variant, us, err, ab.times(base, us), ab.times(comp, us),
                                                     "  BAD" if bad else ""), flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
        BAD.append((name, variant))
        print("%-40s %-7s error: %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-160:]), flush=True)
        return float("nan")


def main():
    print("[gemm16_ab] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        ab.device_name(DEV), torch.__version__, getattr(triton, "__version__", "?"), args.budget, args.kernels),
        flush=True)
    print("%-40s %-7s %10s %10s %6s %9s" % ("problem", "variant", "us", "rel_err", "x_off", "x_compile"))
    names = [os.path.basename(s)[:-3] for s in PROBLEMS]
    for name in ab.chosen(names, args.only):
        try:
            P = ab.load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(DEV).eval()
            inputs = [t.to(DEV) if isinstance(t, torch.Tensor) else t for t in ab.inputs_on(P, DEV)]
            models = []
            for side in ("off", "on"):
                K = ab.load(os.path.join(args.kernels, side, name + ".py"), side + "_" + name)
                m = K.ModelNew(*P.get_init_inputs()).to(DEV).eval()
                m.load_state_dict(ref.state_dict(), strict=False)
                models.append(m)
        except Exception as e:  # noqa: BLE001
            print("%-40s error loading: %s: %s" % (name, type(e).__name__, str(e)[-160:]), flush=True)
            BAD.append((name, "load"))
            continue
        # the harness's reference: the same weights and inputs in fp32, TF32 off
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = False
        import copy
        ref32 = copy.deepcopy(ref).float()
        with torch.no_grad():
            want = ref32(*[t.float() if isinstance(t, torch.Tensor) and t.is_floating_point() else t for t in inputs])
        ref32 = None
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = True
        row(name, "eager", lambda: ref(*inputs), want)
        t_comp = None
        if DEV == "cuda" and not args.no_compile:
            compiled = torch.compile(ref)
            t_comp = row(name, "compile", lambda: compiled(*inputs), want)
        t_off = row(name, "off", lambda: models[0](*inputs), want, comp=t_comp)
        row(name, "on", lambda: models[1](*inputs), want, base=t_off, comp=t_comp)
        ref = models = inputs = want = None
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("[gemm16_ab] %.1f s; %s" % (CLOCK.elapsed(), "BAD rows: %s" % BAD if BAD else "every row checked"),
          flush=True)
    return 1 if BAD else 0


if __name__ == "__main__":
    sys.exit(main())
