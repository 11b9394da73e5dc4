#!/usr/bin/env python3
"""Issue 14 (memory-bound kernels >= 85 % of the copy measured in the same run): the row norms that miss it.

Level 1's 40_LayerNorm (16 rows of 16 MiB), 35_GroupNorm_ (896 rows of 8 MiB) and 23_Softmax (4096 rows of 1.5 MiB)
measured 62 %, 73 % and 82 % of the copy in session 20; 34_InstanceNorm_ (1 MiB rows) about 85 %. The generated
kernel's one-pass path (a row's CTAs hold it in registers and wait on each other) is taken only while a row needs at
most 64 CTAs of at most 8192-16384 elements, one per SM: 40_ and 35_ take two passes or the lagged path (x read
twice, the second time partly from L2). This times, in one process beside a device-to-device copy of the same bytes:
  default          the generated kernel as is;
  g<K>k<W>w[xN]    the one-pass path with chunks of up to K Ki elements on up to W warps, a row's CTAs allowed up to
                   N per SM (ONEPASS_CTAS_PER_SM; x1 when absent): whole-GPU rows. Before it launches, the compiled
                   kernel's registers and shared memory decide how many CTAs fit an SM; a variant whose row would
                   need more CTAs than fit at once is not launched (its CTAs would wait forever), it prints why;
  lagged           (40_) the lagged path for per-position weights and 16 MiB rows.
Rows: problem, variant, us (triton.testing.do_bench median), rel_err against eager PyTorch, % of the copy, x_default
(default's time / this one), and the plan (path, CTAs a row, chunk, warps, registers / spills a thread, CTAs a SM).

    # CPU machine (needs build/dev/app/kwb): kernels and problem copies
    python3 bench/gpu/rownorm_big.py --generate .gpu/rownorm_big
    # GPU machine (carry .gpu/rownorm_big)
    python3 bench/gpu/rownorm_big.py --kernels .gpu/rownorm_big --budget 150

What each row decides: a g* row at >= 85 % of copy and faster than default on a problem makes its settings a
candidate for the template's defaults (by row size: the rule must hold for every problem here). Nothing here ran on
a GPU when it was written.
"""
import argparse
import math
import os
import shutil
import sys
import time

import abharness as ab

KB = ab.KB

PROBLEMS = ["40_LayerNorm", "35_GroupNorm_", "23_Softmax", "34_InstanceNorm"]
WEIGHT = {"40_LayerNorm": 1.5, "35_GroupNorm_": 1.5}


def whole(k, w, per_sm=1, ept=None):
    s = {"ONEPASS_MAX_SPLIT": 1 << 20, "ONEPASS_TARGET_SPLIT": 1, "ONEPASS_CHUNK": (4096, k * 1024),
         "ONEPASS_MAX_WARPS": w, "ONEPASS_CTAS_PER_SM": per_sm, "ONEPASS_EPT": ept or (k * 1024) // (32 * w)}
    return s


VARIANTS = [("g16k16w", whole(16, 16)), ("g32k32w", whole(32, 32)), ("g16k16wx2", whole(16, 16, 2)),
            ("g32k16w", whole(32, 16)), ("g16k8w", whole(16, 8)), ("g8k8wx2", whole(8, 8, 2)),
            ("g16k32wx2", whole(16, 32, 2)), ("g8k16wx2", whole(8, 16, 2)),
            ("lagged", {"AFFINE_KIND": 0, "LAGGED_MAX_ROW_BYTES": 1 << 26})]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "rownorm_big")
ab.add_run_args(ap, 150.0, rep=40.0, cpu_help=None)
args = ap.parse_args()

if args.generate:
    out_dir = os.path.abspath(args.generate)
    os.makedirs(os.path.join(out_dir, "problems"), exist_ok=True)
    bad = 0
    for name in PROBLEMS:
        src = os.path.join(out_dir, "problems", name + ".py")
        shutil.copy(os.path.join(KB, "level1", name + ".py"), src)
        dst = os.path.join(out_dir, name + ".py")
        ok, said = ab.analyze(ab.KWB, src, dst)
        ok = ok and "ONEPASS_CTAS_PER_SM" in open(dst).read()
        bad += not ok
        print("%-18s %s" % (name, "written" if ok else "FAILED " + said[len("FAILED "):]))
    sys.exit(1 if bad else 0)

import torch  # noqa: E402
import triton  # noqa: E402

CLOCK = ab.Budget(args.budget)
BAD = []
load = ab.load


def bench(fn):
    return ab.bench(fn, "cuda", 3, args.rep)


def rel_err(got, want):
    return ab.rel_err(got, want, dtype=True)


SMS = torch.cuda.get_device_properties(0).multi_processor_count
SMEM = getattr(torch.cuda.get_device_properties(0), "shared_memory_per_multiprocessor", 233472)


class Unsafe(Exception):
    pass


def ctas_per_sm(compiled, warps):
    """CTAs of this compiled kernel one SM holds at once: registers (allocated per warp in 256s), threads, shared."""
    regs = max(int(compiled.n_regs), 1)
    per_warp = math.ceil(regs * 32 / 256) * 256
    by_regs = (65536 // per_warp) // warps
    by_threads = 64 // warps
    shared = int(getattr(compiled.metadata, "shared", 0) or 0)
    by_smem = SMEM // (shared + 1024) if shared else 32
    return min(by_regs, by_threads, by_smem, 32)


class Guard:
    """Stands in for the module's one-pass kernel: compiles first, refuses a launch whose row's CTAs cannot all be
    resident (they would wait on each other forever), records the compiled kernel's registers for the row."""

    def __init__(self, fn):
        self.fn = fn
        self.info = ""

    def __getitem__(self, grid):
        def launch(*a, **kw):
            compiled = self.fn.warmup(*a, grid=grid, **kw)
            compiled._init_handles()
            warps = kw.get("num_warps", 4)
            fit = ctas_per_sm(compiled, warps)
            n_split = a[9]
            self.info = "split=%d chunk=%d warps=%d regs=%d spills=%d fit/SM=%d" % (
                n_split, kw.get("CHUNK", 0), warps, compiled.n_regs, compiled.n_spills, fit)
            if n_split > 1 and n_split > SMS * fit:
                raise Unsafe("a row needs %d CTAs, %d fit at once (%s)" % (n_split, SMS * fit, self.info))
            return self.fn[grid](*a, **kw)
        return launch


class Case:
    def __init__(self, name):
        self.name = name
        self.prob = load(os.path.join(args.kernels, "problems", name + ".py"), "prob_" + name)
        self.kern = load(os.path.join(args.kernels, name + ".py"), "kern_" + name)
        onepass = [k for k in dir(self.kern) if k.endswith("_onepass")]
        self.guard = Guard(getattr(self.kern, onepass[0]))
        setattr(self.kern, onepass[0], self.guard)
        knobs = {k for _, s in VARIANTS for k in s}
        self.defaults = {k: getattr(self.kern, k) for k in knobs if hasattr(self.kern, k)}
        torch.manual_seed(0)
        with torch.device("cuda"):
            self.inputs = self.prob.get_inputs()
        init = self.prob.get_init_inputs()
        torch.manual_seed(1)
        self.ref = self.prob.Model(*init).cuda()
        torch.manual_seed(1)
        self.ours = self.kern.ModelNew(*init).cuda()
        self.ours.load_state_dict(self.ref.state_dict(), strict=False)
        with torch.no_grad():
            self.want = self.ref(*self.inputs)
        self.nbytes = sum(t.numel() * t.element_size() for t in self.inputs) + self.want.numel() * 4

    def set(self, settings):
        for k, v in self.defaults.items():
            setattr(self.kern, k, v)
        for k, v in settings.items():
            setattr(self.kern, k, v)


def row(case, variant, settings, copy_us, base_us=None):
    case.guard.info = ""
    try:
        case.set(settings)
        with torch.no_grad():
            got = case.ours(*case.inputs)
            torch.cuda.synchronize()
            err = rel_err(got, case.want)
            del got
            us = bench(lambda: case.ours(*case.inputs))
        blocks = case.ours.last_grid_blocks
        case.set({})
        bad = err > 1e-4
        if bad:
            BAD.append((case.name, variant))
        x = "x%.2f" % (base_us / us) if base_us else ""
        path = case.guard.info or "not one-pass (grid %d)" % blocks
        print("%-16s %-11s %9.1f %9.2e %6.1f%% %6s %s%s" % (case.name, variant, us, err, 100.0 * copy_us / us, x,
                                                         path, "  BAD" if bad else ""), flush=True)
        return us
    except Unsafe as e:
        case.set({})
        print("%-16s %-11s not launched: %s" % (case.name, variant, e), flush=True)
        return None
    except Exception as e:  # noqa: BLE001 -- one failing row (a compile error) does not lose the table
        case.set({})
        BAD.append((case.name, variant))
        print("%-16s %-11s ERROR %s: %s" % (case.name, variant, type(e).__name__, str(e).strip()[-300:]), flush=True)
        return None


def copy_row(case):
    us = ab.copy_us(case.nbytes, "cuda", 3, args.rep)
    print("%-16s %-11s %9.1f %9s %6.1f%% %6s %.0f MB read + written (%.2f TB/s)" % (
        case.name, "copy", us, "-", 100.0, "", case.nbytes / 1e6, case.nbytes / us / 1e6), flush=True)
    return us


def main():
    names = ab.chosen(PROBLEMS, args.only)
    print("[rownorm_big] %s (%d SMs, %d B shared/SM), torch %s, triton %s, budget %.0f s" % (
        torch.cuda.get_device_name(), SMS, SMEM, torch.__version__, triton.__version__, args.budget), flush=True)
    print("%-16s %-11s %9s %9s %7s %6s" % ("problem", "variant", "us", "rel_err", "%copy", "x_def"), flush=True)
    weights = [WEIGHT.get(n, 1.0) for n in names]
    for i, name in enumerate(names):
        stop = CLOCK.t0 + args.budget * sum(weights[:i + 1]) / sum(weights)
        if CLOCK.left() < 8:
            print("%-16s skipped (budget)" % name, flush=True)
            continue
        try:
            case = Case(name)
        except Exception as e:  # noqa: BLE001
            BAD.append((name, "setup"))
            print("%-16s setup ERROR %s: %s" % (name, type(e).__name__, str(e)[-300:]), flush=True)
            continue
        copy_us = copy_row(case)
        base = row(case, "default", {}, copy_us)
        for label, settings in VARIANTS:
            if label == "lagged" and not name.startswith("40_"):
                continue
            if time.time() > stop - 4 or CLOCK.left() < 4:
                print("%-16s %-11s skipped (budget)" % (name, label), flush=True)
                continue
            row(case, label, settings, copy_us, base)
        del case
        torch.cuda.empty_cache()
    print("[rownorm_big] %.0f s, %s" % (CLOCK.elapsed(), "all correct" if not BAD else "BAD: %s" % BAD), flush=True)
    return 0 if not BAD else 1


if __name__ == "__main__":
    sys.exit(main())
