#!/usr/bin/env python3
"""Issue 14 (new-user trial 11's skeletons, by class): the generated kernels of the four classes on the H200.

Classes: views of one tensor as the operands of one pointwise launch (F.glu, a chunk, a narrow); a layout change
as the index map of the launch after it (pixel_shuffle / unshuffle, a channel shuffle, a patchify: kwb_reshape);
adaptive pooling to sizes other than 1 (kwb_adaptive_pool); a count of a bool mask read by the pointwise lowering.
Each problem: the generated ModelNew ("new"), for the relayout class the same kernel with kwb_reshape_fuse off
("old": torch's reshape copy, then the pointwise run as its own launch: the plan a hand-written shuffle had before),
PyTorch eager, torch.compile, and a device-to-device copy of the problem's bytes (inputs + output), so every row
prints its % of that copy.

    # CPU machine (needs build/dev/app/kwb): the generated kernels and problem copies
    python3 bench/gpu/trial11_classes.py --generate .gpu/trial11
    python3 bench/gpu/trial11_classes.py --kernels .gpu/trial11 --cpu-emulated   # fake_triton, shrunk sizes
    # GPU machine
    python3 bench/gpu/trial11_classes.py --kernels .gpu/trial11 --budget 240

Rows (one line each, flushed): problem, variant, latency_us (do_bench median), rel_err (||ours - eager|| /
||eager||, fp32), pct_copy (copy time / this time), x_old (old's time / this one's). What decides: every "new" row
rel_err < 1e-2 (bf16: t10) and < 1e-4 otherwise (the kernels compile and are right on the real Triton); for the
relayout rows, new faster than old (x_old > 1: the fused index map saves the torch copy's read and write) keeps
kwb_reshape_fuse on; a new row far below eager (< 0.5x) is a finding to report, not a gate.
Nothing here ran on a GPU when it was written.
"""
import argparse
import os
import shutil
import sys

import abharness as ab

ROOT = ab.ROOT
TRIAL = os.path.join(ROOT, "tests", "data", "trial11")
CHAINS = os.path.join(ROOT, "tests", "data", "codegen", "chains", "problems")
# (name, folder, class): the trial problem of each class first
PROBLEMS = [("t10_GLU_bf16", TRIAL, "views"), ("glu_chunk_nchw", CHAINS, "views"), ("geglu_narrow", CHAINS, "views"),
            ("glu_conv1d_module", CHAINS, "views"),
            ("t12_Conv1x1_PixelShuffle_ReLU", TRIAL, "relayout"), ("pixel_shuffle_manual_gelu", CHAINS, "relayout"),
            ("channel_shuffle_relu", CHAINS, "relayout"), ("pixel_unshuffle_scale", CHAINS, "relayout"),
            ("patchify_rearrange", CHAINS, "relayout"),
            ("t08_ConvTranspose1d_AdaptiveMaxPool1d", TRIAL, "adaptive"), ("adaptive_avg_pool2d_7x7", CHAINS,
                                                                            "adaptive"),
            ("adaptive_max_pool3d_none", CHAINS, "adaptive"),
            ("t06_MaskedMeanPool_where", TRIAL, "count"), ("count_long_sum", CHAINS, "count"),
            ("count_float_sum", CHAINS, "count")]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "trial11")
ab.add_run_args(ap, 240.0, rep=40.0, compile_flag=True, cpu_help="fake_triton on the CPU at shrunk sizes")
args = ap.parse_args()

if args.generate:
    out_dir = os.path.abspath(args.generate)
    os.makedirs(os.path.join(out_dir, "problems"), exist_ok=True)
    for name, folder, _ in PROBLEMS:
        src = os.path.join(folder, name + ".py")
        shutil.copy(src, os.path.join(out_dir, "problems", name + ".py"))
        print("%-40s %s" % (name, ab.analyze(ab.KWB, src, os.path.join(out_dir, name + ".py"))[1]))
    sys.exit(0)

if args.cpu_emulated:
    ab.use_cpu_emulation(with_tests=True)
import torch  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
CLOCK = ab.Budget(args.budget)
BAD = []
load = ab.load


def bench(fn):
    return ab.bench(fn, DEV, 5, args.rep)


def row(name, variant, fn, want, copy_us, old_us=None, tol=1e-4):
    if CLOCK.left() < 1.0:
        print("%-40s %-8s skipped (budget)" % (name, variant), flush=True)
        return float("nan")
    try:
        with torch.no_grad():
            got = fn()
            err = ab.rel_err(got, want) if want is not None else float("nan")
            us = bench(fn)
        bad = err > tol
        if bad:
            BAD.append((name, variant))
        print("%-40s %-8s %10.1f %10.2e %s %6s%s" % (name, variant, us, err, ab.pct_of(copy_us, us),
                                                     ab.times(old_us, us), "  BAD" if bad else ""), flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- one failing row does not lose the table
        BAD.append((name, variant))
        print("%-40s %-8s ERROR %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-200:]), flush=True)
        return float("nan")


def case(name, cls):
    prob = load(os.path.join(args.kernels, "problems", name + ".py"), "prob_" + name)
    if args.cpu_emulated:
        import chain_emulate
        chain_emulate.shrink(prob)
    kern = load(os.path.join(args.kernels, name + ".py"), "kern_" + name)
    torch.manual_seed(0)
    inputs = [t.to(DEV) if torch.is_tensor(t) else t for t in prob.get_inputs()]
    init = prob.get_init_inputs()
    ref = prob.Model(*init).to(DEV).eval()
    ours = kern.ModelNew(*init).to(DEV).eval()
    ours.load_state_dict(ref.state_dict())
    with torch.no_grad():
        want = ref(*inputs).float()
    tol = 1e-2 if any(torch.is_tensor(t) and t.dtype in (torch.float16, torch.bfloat16) for t in inputs) else 1e-4
    copy_us = float("nan")
    if DEV == "cuda":
        nbytes = sum(t.numel() * t.element_size() for t in inputs if torch.is_tensor(t)) + want.numel() * 4
        copy_us = ab.copy_us(nbytes, DEV, 5, args.rep)
        print("%-40s %-8s %10.1f %10s %6.1f%%        %.0f MB read + written" % (name, "copy", copy_us, "-", 100.0,
                                                                                nbytes / 1e6), flush=True)
    new_us = row(name, "new", lambda: ours(*inputs), want, copy_us, tol=tol)
    if cls == "relayout" and hasattr(kern, "kwb_reshape_fuse"):
        kern.kwb_reshape_fuse = False
        row(name, "old", lambda: ours(*inputs), want, copy_us, tol=tol)
        kern.kwb_reshape_fuse = True
    eager_us = row(name, "eager", lambda: ref(*inputs), want, copy_us, tol=tol)
    if eager_us == eager_us and new_us == new_us:
        print("%-40s %-8s x%.2f of eager" % (name, "verdict", eager_us / new_us), flush=True)
    if DEV == "cuda" and not args.no_compile and CLOCK.left() > 30:
        compiled = torch.compile(ref)
        row(name, "compile", lambda: compiled(*inputs), want, copy_us, tol=tol)


def main():
    print("%-40s %-8s %10s %10s %7s %6s" % ("problem", "variant", "us", "rel_err", "copy%", "x_old"), flush=True)
    for name, _, cls in ab.chosen(PROBLEMS, args.only):
        if CLOCK.left() < 5:
            print("%-40s skipped (budget)" % name, flush=True)
            continue
        try:
            case(name, cls)
        except Exception as e:  # noqa: BLE001 -- one problem that cannot be set up does not lose the others
            BAD.append((name, "setup"))
            print("%-40s %-8s ERROR %s: %s" % (name, "setup", type(e).__name__, str(e).strip()[-200:]), flush=True)
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("BAD: %s" % (BAD or "none"), flush=True)
    return 1 if BAD else 0


if __name__ == "__main__":
    sys.exit(main())
