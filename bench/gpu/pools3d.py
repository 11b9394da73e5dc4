#!/usr/bin/env python3
"""Issue 14 (memory-bound kernels >= 85 % of the copy measured in the same run): session 20's pool variants.

Times the generated pooling kernel with the template's defaults ("new": the sliding kernel walks H as well as D,
SLIDE_H) against the same kernel with the session-20 switches off ("old": main's kernel as of session 18), then one
variant at a time, in one process, beside a device-to-device copy of the same bytes (one read of x, one write of the
output), so every row prints its % of that copy. Problems: 43_ and 46_ (level 1, the verdict), and two pools of other
classes written by --generate as problem files: a 3-D max pool of kernel 2 / stride 1 (windows sharing KD - 1 = 1
plane and row, 16 x 32 x 96^3 fp32) and a 2-D max pool 3 / 2 / pad 1 (resnet's stem pool at 32 x 64 x 512 x 512,
which slides along H as its D walk, so SLIDE_H does not touch it: its rows check SLIDE_UNROLL and that nothing else
moved). 42_ / 45_ (KernelBench's 2-D pools) are not in this checkout's data set; the unseen pools are 4 us launches.

    # CPU machine (needs build/dev/app/kwb built from this branch): kernels and problem copies
    python3 bench/gpu/pools3d.py --generate .gpu/pools3d
    python3 bench/gpu/pools3d.py --kernels .gpu/pools3d --cpu-emulated   # fake_triton, reduced sizes: every row's check
    # GPU machine (carry .gpu/pools3d)
    python3 bench/gpu/pools3d.py --kernels .gpu/pools3d --budget 140

Rows: problem, variant, us (triton.testing.do_bench median, L2 not flushed: the inputs are 0.9-9.7 GB), rel_err
against eager PyTorch (fp32; NaN positions must match), % of the copy, x_old (old's time / this one), and the plan
(path, H walk "J x lanes", grid, BLOCK_H x BLOCK_W, warps). A variant whose launch equals new's is not timed.
What each row decides:
  new / old           SLIDE_H's default (on) stays if new < old on 43_ and 46_ and the 3-D k2/s1 pool.
  slide_h1, slide_h2  the longest walk that pays (J <= 1, 2; new lets the plan pick J <= 4): set SLIDE_H to the best.
  unroll_d, old+unroll_d  SLIDE_UNROLL (the D walk unrolled, later planes' loads issued early) with / without the H walk.
  planes16            D_SLIDE_PLANES 16 (17 planes read per 16 output planes' 32, not 9 per 16).
  tile128, tile512, tile512w8  TILE_MANY_TAPS / LOAD_ELEMS_MANY_TAPS at 128 / 512 and 512 / 2048 (4 and 8 warps).
Nothing here ran on a GPU when it was written.
"""
import argparse
import os
import shutil
import sys
import time

import abharness as ab

KB = ab.KB

SYNTH = '''import torch
import torch.nn as nn


class Model(nn.Module):
    """%(doc)s"""

    def __init__(self):
        super(Model, self).__init__()
        self.pool = %(pool)s

    def forward(self, x):
        return self.pool(x)


def get_inputs():
    return [torch.randn(%(shape)s)]


def get_init_inputs():
    return []
'''
# (name, level-1 file or None, synthetic (doc, pool, shape))
PROBLEMS = [
    ("43_Max_Pooling_3D", "level1", None),
    ("46_Average_Pooling_3D", "level1", None),
    ("p3_MaxPool3d_k2s1", None, ("MaxPool3d, kernel 2, stride 1 (windows share one plane, row and column).",
                                 "nn.MaxPool3d(kernel_size=2, stride=1)", "16, 32, 96, 96, 96")),
    ("p2_MaxPool2d_k3s2p1", None, ("MaxPool2d 3 / 2 / pad 1 (resnet's stem pool) on a large input.",
                                   "nn.MaxPool2d(kernel_size=3, stride=2, padding=1)", "32, 64, 512, 512")),
]
WEIGHT = {"43_Max_Pooling_3D": 2.5, "46_Average_Pooling_3D": 2.5}  # shares of the budget (the verdict problems)
OLD = {"SLIDE_H": 0, "SLIDE_UNROLL": False}
# in order of expected news per second (SLIDE_UNROLL's unrolled walks compile longest: late)
VARIANTS = [("slide_h1", {"SLIDE_H": 1}), ("planes16", {"D_SLIDE_PLANES": 16}),
            ("tile128", {"TILE_MANY_TAPS": 128, "LOAD_ELEMS_MANY_TAPS": 512}),
            ("tile512", {"TILE_MANY_TAPS": 512, "LOAD_ELEMS_MANY_TAPS": 2048}), ("slide_h2", {"SLIDE_H": 2}),
            ("unroll_d", {"SLIDE_UNROLL": True}), ("old+unroll_d", {"SLIDE_H": 0, "SLIDE_UNROLL": True}),
            ("tile512w8", {"TILE_MANY_TAPS": 512, "LOAD_ELEMS_MANY_TAPS": 2048, "NUM_WARPS": 8})]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "pools3d")
ab.add_run_args(ap, 140.0, rep=30.0, cpu_help="fake_triton at reduced sizes: the rows' checks only")
args = ap.parse_args()

if args.generate:
    out_dir = os.path.abspath(args.generate)
    os.makedirs(os.path.join(out_dir, "problems"), exist_ok=True)
    bad = 0
    for name, where, synth in PROBLEMS:
        src = os.path.join(out_dir, "problems", name + ".py")
        if synth is None:
            shutil.copy(os.path.join(KB, where, name + ".py"), src)
        else:
            with open(src, "w") as f:
                f.write(SYNTH % dict(doc=synth[0], pool=synth[1], shape=synth[2]))
        dst = os.path.join(out_dir, name + ".py")
        ok, said = ab.analyze(ab.KWB, src, dst)
        ok = ok and "_slide2" in open(dst).read()
        bad += not ok
        print("%-24s %s" % (name, "written" if ok else "FAILED (no H-walk kernel in it?) " + said[len("FAILED "):]))
    sys.exit(1 if bad else 0)

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
CLOCK = ab.Budget(args.budget)
BAD = []
load = ab.load


def bench(fn):
    return ab.bench(fn, DEV, 3, args.rep)


def rel_err(got, want):
    return ab.rel_err(got, want, nan_positions=True)


class Case:
    def __init__(self, name):
        self.name = name
        self.prob = load(os.path.join(args.kernels, "problems", name + ".py"), "prob_" + name)
        self.kern = load(os.path.join(args.kernels, name + ".py"), "kern_" + name)
        knobs = set(OLD) | {k for _, s in VARIANTS for k in s} | {"D_SLIDE_MIN_ELEMS"}
        self.defaults = {k: getattr(self.kern, k) for k in knobs if hasattr(self.kern, k)}
        torch.manual_seed(0)
        if args.cpu_emulated:  # reduced sizes: batch 2, every other int dim at most 16 (kept > the window)
            for key, value in list(vars(self.prob).items()):
                if not key.startswith("_") and isinstance(value, int) and not isinstance(value, bool) and value > 2:
                    setattr(self.prob, key, 2 if "batch" in key else min(value, 16))
            self.defaults["D_SLIDE_MIN_ELEMS"] = 0  # the sliding paths the full sizes take
            src = open(os.path.join(args.kernels, "problems", name + ".py")).read()
            if "torch.randn(" in src and "batch_size" not in src:  # a synthetic problem: its shape, reduced
                shape = src.split("torch.randn(")[1].split(")")[0]
                small = [min(int(v), 2 if i == 0 else 17) for i, v in enumerate(shape.split(","))]
                self.prob.get_inputs = lambda: [torch.randn(*small)]
        if DEV == "cuda":
            with torch.device(DEV):
                self.inputs = self.prob.get_inputs()
        else:
            self.inputs = self.prob.get_inputs()
        if "Max" in name:  # NaNs on a shared plane / row: max pooling must propagate them
            flat = self.inputs[0].view(-1)
            flat[flat.numel() // 3] = float("nan")
            flat[flat.numel() // 2 + 7] = float("nan")
        init = self.prob.get_init_inputs()
        self.ref = self.prob.Model(*init).to(DEV).eval()
        self.ours = self.kern.ModelNew(*init).to(DEV).eval()
        with torch.no_grad():
            self.want = self.ref(*self.inputs)
        self.nbytes = sum(t.numel() * t.element_size() for t in self.inputs) + self.want.numel() * 4
        self.set({})

    def set(self, settings):
        for k, v in self.defaults.items():
            setattr(self.kern, k, v)
        for k, v in settings.items():
            if hasattr(self.kern, k):
                setattr(self.kern, k, v)

    def plan(self, settings):
        self.set(settings)
        p = self.kern._pool_plan(self.inputs[0])
        self.set({})
        return p[2:6]

    def describe(self, settings):
        self.set(settings)
        p = self.kern._pool_plan(self.inputs[0])
        self.set({})
        meta = p[5] or {}
        return "path=%s hwalk=%s grid=%s tile=%sx%s warps=%s" % (p[6][1], p[6][5] or "-", p[6][0], meta.get("BLOCK_H"),
                                                                 meta.get("BLOCK_W"), meta.get("num_warps"))


def row(case, variant, settings, copy_us, old_us=None):
    try:
        case.set(settings)
        with torch.no_grad():
            got = case.ours(*case.inputs)
            err = rel_err(got, case.want)
            del got
            us = bench(lambda: case.ours(*case.inputs))
        case.set({})
        bad = err > 1e-5
        if bad:
            BAD.append((case.name, variant))
        print("%-22s %-13s %9.1f %9.2e %s %6s %s%s" % (case.name, variant, us, err, ab.pct_of(copy_us, us),
                                                      ab.times(old_us, us), case.describe(settings),
                                                      "  BAD" if bad else ""), flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- one failing row (a compile error) does not lose the table
        case.set({})
        BAD.append((case.name, variant))
        print("%-22s %-13s ERROR %s: %s" % (case.name, variant, type(e).__name__, str(e).strip()[-300:]), flush=True)
        return float("nan")


def copy_row(case):
    if DEV != "cuda":
        return float("nan")
    us = ab.copy_us(case.nbytes, DEV, 3, args.rep)
    print("%-22s %-13s %9.1f %9s %6.1f%% %6s %.0f MB read + written (%.2f TB/s)" % (
        case.name, "copy", us, "-", 100.0, "", case.nbytes / 1e6, case.nbytes / us / 1e6), flush=True)
    return us


def main():
    names = ab.chosen([n for n, _, _ in PROBLEMS], args.only)
    print("[pools3d] %s, torch %s, budget %.0f s, kernels %s" % (
        ab.device_name(DEV, "cpu (fake_triton, reduced sizes)"), torch.__version__, args.budget, args.kernels),
        flush=True)
    print("%-22s %-13s %9s %9s %7s %6s" % ("problem", "variant", "us", "rel_err", "%copy", "x_old"), flush=True)
    # one problem at a time (46_'s input is 8.6 GB): copy, new, old, then the variants while the budget lasts; the
    # budget is shared (WEIGHT) so that every problem gets its verdict rows: a problem's variants stop at its share
    for i, name in enumerate(names):
        if not os.path.exists(os.path.join(args.kernels, name + ".py")):
            print("%-22s absent (--generate not run?)" % name, flush=True)
            continue
        weights = [WEIGHT.get(n, 1.0) for n in names]
        stop = CLOCK.t0 + args.budget * sum(weights[:i + 1]) / sum(weights)  # this problem's variants end here
        if CLOCK.left() < 8:
            print("%-22s skipped (budget)" % name, flush=True)
            continue
        try:
            case = Case(name)
        except Exception as e:  # noqa: BLE001
            BAD.append((name, "setup"))
            print("%-22s setup ERROR %s: %s" % (name, type(e).__name__, str(e)[-300:]), flush=True)
            continue
        copy_us = copy_row(case)
        new_us = row(case, "new", {}, copy_us)
        old_us = row(case, "old", OLD, copy_us)
        if new_us == new_us and old_us == old_us:
            print("%-22s %-13s new is x%.2f old" % (name, "verdict", old_us / new_us), flush=True)
        seen = {repr(case.plan({})), repr(case.plan(OLD))}
        for label, settings in VARIANTS:
            key = repr(case.plan(settings))
            if key in seen:
                continue  # the same launch as a row already timed
            if time.time() > stop - 4 or CLOCK.left() < 4:
                print("%-22s %-13s skipped (budget)" % (name, label), flush=True)
                continue
            seen.add(key)
            row(case, label, settings, copy_us, old_us)
        del case
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("[pools3d] %.0f s, %s" % (CLOCK.elapsed(), "all correct" if not BAD else "BAD: %s" % BAD), flush=True)
    return 0 if not BAD else 1


if __name__ == "__main__":
    sys.exit(main())
