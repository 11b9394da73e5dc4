#!/usr/bin/env python3
"""Session 25 (helper attn16): 16-bit attention stays 16-bit, and an additive bias on the flash path, old vs new,
beside eager, SDPA and torch.compile, in one process.

  kwb_attn_16bit (stage library): fp16 / bf16 q, k, v read in their dtype by kwb_attention (tl.dot on 16-bit tiles,
    fp32 accumulation, P rounded to V's dtype); off: widened to fp32 first (one copy each) and the fp32 kernel run,
    as the plan before did with kwb_to_fp32 in forward().
  bias= (chain planner + stage library): softmax(q @ kᵀ * scale + bias [+ mask]) @ v is one kwb_attention launch
    reading the bias per tile through its strides; main's kwb (--old-kwb) planned it as three launches (the scores
    GEMM in fp32, the softmax with the bias as its prologue, the P V GEMM).

Problems: trial 13's x05 (GQA, sliding window, fp16: the head repeat now kwb_attn_rep, q / k / v in fp16), trial 14's
y06 (ALiBi [1, H, L, L] buffer, bf16), and bench/gpu/attn16_problems/ (a [B, 1, L, L] input bias + causal, fp16; an
[L, L] relative position table with the scale after it, bf16, 3-D bmm; GQA + ALiBi [H, L, L] + causal, fp16).

    # CPU machine: old (main's kwb) and new (this branch's) kernels and problem copies
    python3 bench/gpu/attn16_ab.py --generate .gpu/attn16
    python3 bench/gpu/attn16_ab.py --kernels .gpu/attn16 --cpu-emulated --only y06     # fake_triton: slow, numbers
    # GPU machine (about 2-4 minutes)
    python3 bench/gpu/attn16_ab.py --kernels .gpu/attn16 --budget 400

Rows (one line each, flushed): problem, variant, latency_us (do_bench median of the whole forward), rel_err
(||ours - fp32 eager|| / ||fp32 eager||, the problem's model and inputs in fp32), x_old (old's time / this one's),
launches (the forward's @triton.jit launches). Variants: eager (the problem in its dtype), sdpa (the problem's
F.scaled_dot_product_attention spelling, where it has one), torch.compile, old (main's kernel), new-fp32ops
(this kernel, kwb_attn_16bit False), new (this kernel).
What decides: kwb_attn_16bit stays on where `new` beats `new-fp32ops` on x05, y06 and the 16-bit members (and its
rel_err stays under 1e-2); the bias rows: `new` against `old` (3 launches -> 1) and against sdpa / torch.compile.
Nothing here ran on a GPU when it was written.
"""
import argparse
import os
import sys

import abharness as ab

ROOT, DATA = ab.ROOT, ab.DATA
HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = [
    ("x05", os.path.join(DATA, "trial13", "x05_GQA_SlidingWindow_Causal_fp16.py")),
    ("y06", os.path.join(DATA, "trial14", "y06_Attention_ALiBi_bf16.py")),
    ("bias_batch_causal_fp16", os.path.join(HERE, "attn16_problems", "bias_batch_causal_fp16.py")),
    ("relpos_table_bf16", os.path.join(HERE, "attn16_problems", "relpos_table_bf16.py")),
    ("gqa_alibi_causal_fp16", os.path.join(HERE, "attn16_problems", "gqa_alibi_causal_fp16.py")),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ab.add_generate_args(ap, "attn16", old_new=True)
    ab.add_run_args(ap, 400.0, rep=40.0, compile_flag=True, cpu_help="fake_triton on the CPU at the problems' sizes")
    args = ap.parse_args()
    if args.generate:
        ab.generate_old_new(args.generate, ab.chosen(PROBLEMS, args.only), args.old_kwb, args.new_kwb, 24)
        return 0
    if args.cpu_emulated:
        ab.use_cpu_emulation()
    import torch
    import triton

    dev = "cpu" if args.cpu_emulated else "cuda"
    clock, bad_rows = ab.Budget(args.budget), []
    print("[attn16_ab] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        ab.device_name(dev), torch.__version__, getattr(triton, "__version__", "?"), args.budget, args.kernels),
        flush=True)
    print("%-24s %-14s %10s %10s %6s %8s" % ("problem", "variant", "us", "rel_err", "x_old", "launches"), flush=True)

    def row(name, variant, fn, want, base=None, mod=None, tol=3e-2):
        if clock.left() < 2.0:
            print("%-24s %-14s skipped (budget)" % (name, variant), flush=True)
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
                err = ab.rel_err(got.float(), want, nan_positions=True)
                us = ab.bench(fn, dev, 10, args.rep)
            bad = err > tol
            if bad:
                bad_rows.append((name, variant))
            print("%-24s %-14s %10.1f %10.2e %6s %8s%s" % (name, variant, us, err, ab.times(base, us), launches,
                                                            "  BAD" if bad else ""), flush=True)
            return us
        except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
            bad_rows.append((name, variant))
            print("%-24s %-14s error: %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-160:]), flush=True)
            return float("nan")

    for name, _ in ab.chosen(PROBLEMS, args.only):
        try:
            P = ab.load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
            old = ab.load(os.path.join(args.kernels, "old", name + ".py"), "old_" + name)
            new = ab.load(os.path.join(args.kernels, "new", name + ".py"), "new_" + name)
            wide = ab.apply_settings(ab.load(os.path.join(args.kernels, "new", name + ".py"), "wide_" + name),
                                     {"kwb_attn_16bit": False})
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(dev).eval()
            inputs = [t.to(dev) if isinstance(t, torch.Tensor) else t for t in ab.inputs_on(P, dev)]
            dt = next(t.dtype for t in inputs if isinstance(t, torch.Tensor) and t.is_floating_point())
            ref = ref.to(dt)  # the problem's model in its inputs' dtype (its buffers and parameters too)
            models = {}
            for side, K in (("old", old), ("new-fp32ops", wide), ("new", new)):
                m = K.ModelNew(*P.get_init_inputs()).to(dev).eval()
                m.load_state_dict(ref.state_dict(), strict=False)
                models[side] = (m, K)
        except Exception as e:  # noqa: BLE001
            print("%-24s error loading: %s: %s" % (name, type(e).__name__, str(e)[-160:]), flush=True)
            bad_rows.append((name, "load"))
            continue
        with torch.no_grad():  # the fp32 reference: the model and inputs in fp32, no TF32
            if dev == "cuda":
                torch.backends.cuda.matmul.allow_tf32 = False
            r32 = P.Model(*P.get_init_inputs()).to(dev).eval()
            r32.load_state_dict(ref.state_dict(), strict=False)
            r32 = r32.float()
            want = r32(*[t.float() if isinstance(t, torch.Tensor) and t.is_floating_point() else t
                         for t in inputs]).double()
            if dev == "cuda":
                torch.backends.cuda.matmul.allow_tf32 = True
        print("%-24s %s" % (name, " ".join("%s" % list(t.shape) for t in inputs if isinstance(t, torch.Tensor))),
              flush=True)
        row(name, "eager", lambda: ref(*inputs), want)
        if hasattr(P, "sdpa") and dev == "cuda":
            row(name, "sdpa", lambda: P.sdpa(ref, *inputs), want)
        if dev == "cuda" and not args.no_compile:
            comp = torch.compile(ref)
            row(name, "torch.compile", lambda: comp(*inputs), want)
        t_old = row(name, "old", lambda: models["old"][0](*inputs), want, mod=models["old"][1])
        for side in ("new-fp32ops", "new"):
            row(name, side, lambda: models[side][0](*inputs), want, base=t_old, mod=models[side][1])
        ref = models = inputs = want = old = new = wide = comp = None
        if dev == "cuda":
            torch.cuda.empty_cache()
    print("[attn16_ab] %.1f s; %s" % (clock.elapsed(), "BAD rows: %s" % bad_rows if bad_rows else "every row checked"),
          flush=True)
    return 1 if bad_rows else 0


if __name__ == "__main__":
    sys.exit(main())
