#!/usr/bin/env python3
"""Session 24 (helper fuselaunch): a pad read by one pointwise launch alone is that launch's index map, off vs on,
beside eager and torch.compile, in one process.

  kwb_pad_prologue (F.pad in any mode -- constant, reflect, replicate, circular -- whose result one kwb_pointwise
    launch alone reads): the launch loads the pad's source at the mapped indices (out[i] = x[f(i)]) and the pad
    writes nothing; off: each pad its own kwb_pad launch, then the pointwise launch reads the padded tensors (the plan
    before). Rows: pad_replicate2d_relu and pad_reflect_replicate3d (two pads + one pointwise launch -> one launch;
    session 23's H200 run had them at 0.30x and 0.34x torch.compile), pad_circular2d_gelu, pad_circular3d_scale
    (one pad -> no launch of its own).

    # CPU machine: the kernels (this branch's kwb) and the problem copies
    python3 bench/gpu/fuselaunch_ab.py --generate .gpu/fuselaunch
    python3 bench/gpu/fuselaunch_ab.py --kernels .gpu/fuselaunch --cpu-emulated      # fake_triton: the flow, numbers
    # GPU machine
    python3 bench/gpu/fuselaunch_ab.py --kernels .gpu/fuselaunch --budget 300

Rows (one line each, flushed): problem, variant (eager, off, on, torch.compile), latency_us (do_bench median of the
whole forward), rel_err (||ours - eager|| / ||eager||), x_off (off's time / this one's), launches (kernel launches of
one forward, counted by wrapping each @triton.jit function the module launches as name[grid]).
What decides: kwb_pad_prologue stays on where its `on` row has x_off >= 0.97 (noise) on every row; the
pad_replicate2d_relu and pad_reflect_replicate3d `on` rows against their torch.compile rows are the ones issue 14
measures (the problems' own sizes are small: launch-bound). The CPU run times nothing.
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
    (os.path.join(CHAINS, "pad_replicate2d_relu.py"), "kwb_pad_prologue"),
    (os.path.join(CHAINS, "pad_reflect_replicate3d.py"), "kwb_pad_prologue"),
    (os.path.join(CHAINS, "pad_circular2d_gelu.py"), "kwb_pad_prologue"),
    (os.path.join(CHAINS, "pad_circular3d_scale.py"), "kwb_pad_prologue"),
]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "fuselaunch")
ap.add_argument("--kwb", default=ab.KWB, help="the kwb that writes the kernels (this branch's)")
ab.add_run_args(ap, 300.0, rep=40.0, compile_flag=True, cpu_help="fake_triton on the CPU at the problems' own sizes")
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
        print("%-34s %-13s skipped (budget)" % (name, variant), flush=True)
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
        print("%-34s %-13s %10.1f %10.2e %6s %8s%s" % (name, variant, us, err, ab.times(base, us), launches,
                                                        "  BAD" if bad else ""), flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
        BAD.append((name, variant))
        print("%-34s %-13s error: %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-160:]), flush=True)
        return float("nan")


def main():
    print("[fuselaunch_ab] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        ab.device_name(DEV), torch.__version__, getattr(triton, "__version__", "?"), args.budget, args.kernels),
        flush=True)
    print("%-34s %-13s %10s %10s %6s %8s" % ("problem", "variant", "us", "rel_err", "x_off", "launches"))
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
        with torch.no_grad():
            want = ref(*inputs)
        print("%-34s switch %s" % (name, switch), flush=True)
        row(name, "eager", lambda: ref(*inputs), want)
        t_off = row(name, "off", lambda: models[0](*inputs), want, mod=off)
        row(name, "on", lambda: models[1](*inputs), want, base=t_off, mod=on)
        if DEV == "cuda" and not args.no_compile:
            comp = torch.compile(ref)
            row(name, "torch.compile", lambda: comp(*inputs), want, base=t_off)
        ref = models = inputs = want = off = on = comp = None
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("[fuselaunch_ab] %.1f s; %s" % (CLOCK.elapsed(), "BAD rows: %s" % BAD if BAD else "every row checked"),
          flush=True)
    return 1 if BAD else 0


if __name__ == "__main__":
    sys.exit(main())
