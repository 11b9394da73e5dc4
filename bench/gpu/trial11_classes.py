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
import importlib.util
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
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
ap.add_argument("--generate", metavar="DIR", help="write the kernels and problem copies into DIR, then exit")
ap.add_argument("--kernels", default=os.path.join(ROOT, ".gpu", "trial11"), help="the --generate folder")
ap.add_argument("--budget", type=float, default=240.0, help="seconds for the whole run (rows past it are skipped)")
ap.add_argument("--rep", type=float, default=40.0, help="do_bench rep (ms)")
ap.add_argument("--only", default="", help="comma-separated name prefixes")
ap.add_argument("--no-compile", action="store_true")
ap.add_argument("--cpu-emulated", action="store_true")
args = ap.parse_args()

if args.generate:
    out_dir = os.path.abspath(args.generate)
    os.makedirs(os.path.join(out_dir, "problems"), exist_ok=True)
    kwb = os.path.join(ROOT, "build", "dev", "app", "kwb")
    for name, folder, _ in PROBLEMS:
        src = os.path.join(folder, name + ".py")
        shutil.copy(src, os.path.join(out_dir, "problems", name + ".py"))
        dst = os.path.join(out_dir, name + ".py")
        r = subprocess.run([kwb, "analyze", src, "--kernel-out", dst, "--framework", "triton"], capture_output=True,
                           text=True)
        ok = r.returncode == 0 and os.path.exists(dst)
        print("%-40s %s" % (name, "written" if ok else "FAILED " + (r.stderr or r.stdout).strip()[-200:]))
    sys.exit(0)

if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
    sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
import torch  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
T0 = time.time()
BAD = []


def left():
    return args.budget - (time.time() - T0)


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bench(fn):
    if DEV != "cuda":  # emulated: the row's checked call was the run
        return float("nan")
    from triton.testing import do_bench
    return do_bench(fn, warmup=5, rep=args.rep, return_mode="median") * 1e3


def rel_err(got, want):
    g, w = got.double(), want.double()
    return float((g - w).norm() / w.norm().clamp_min(1e-30))


def row(name, variant, fn, want, copy_us, old_us=None, tol=1e-4):
    if left() < 1.0:
        print("%-40s %-8s skipped (budget)" % (name, variant), flush=True)
        return float("nan")
    try:
        with torch.no_grad():
            got = fn()
            err = rel_err(got, want) if want is not None else float("nan")
            us = bench(fn)
        bad = err > tol
        if bad:
            BAD.append((name, variant))
        pct = "%6.1f%%" % (100.0 * copy_us / us) if copy_us == copy_us and us == us else "      -"
        x = "x%.2f" % (old_us / us) if old_us is not None and old_us == old_us and us == us else ""
        print("%-40s %-8s %10.1f %10.2e %s %6s%s" % (name, variant, us, err, pct, x, "  BAD" if bad else ""),
              flush=True)
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
        src = torch.empty(nbytes // 2, dtype=torch.uint8, device=DEV)
        dst = torch.empty_like(src)
        copy_us = bench(lambda: dst.copy_(src))
        del src, dst
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
    if DEV == "cuda" and not args.no_compile and left() > 30:
        compiled = torch.compile(ref)
        row(name, "compile", lambda: compiled(*inputs), want, copy_us, tol=tol)


def main():
    only = [s for s in args.only.split(",") if s]
    print("%-40s %-8s %10s %10s %7s %6s" % ("problem", "variant", "us", "rel_err", "copy%", "x_old"), flush=True)
    for name, _, cls in PROBLEMS:
        if only and not any(name.startswith(o) for o in only):
            continue
        if left() < 5:
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
