#!/usr/bin/env python3
"""Issue 14 (memory-bound kernels >= 85 % of the copy measured in the run): level 1's pools and 40_LayerNorm.

Times the generated pooling kernel with this branch's switches on ("new": the one-instruction NaN max, W-only edge
masks, W phase loads, the dilated sliding walk) against the same kernel with them off ("old": main's behaviour), in
one process, beside PyTorch eager, torch.compile and a device-to-device copy of the same bytes (one read of x and
one write of the output; 40_ adds its weight and bias), so every row prints its % of that copy.

    # CPU machine (needs build/dev/app/kwb): the generated kernels and problem copies
    python3 bench/gpu/pools.py --generate .gpu/pools
    python3 bench/gpu/pools.py --cpu-emulated            # fake_triton, reduced sizes: the script's own check
    # GPU machine
    python3 bench/gpu/pools.py --kernels .gpu/pools --budget 150

Rows (one line each, flushed): problem, variant, latency_us (do_bench median), rel_err (||ours - eager|| / ||eager||,
fp32), pct_copy (copy time / this time), x_old (old's time / this one's). Order: per problem copy, new, old and
eager (43_, 46_, 41_ first: the verdict), then one switch off at a time (which switch the gain comes from) and two
tile variants, then torch.compile (session 17 measured it on these shapes). A row that would start past the budget
is skipped and says so.
Nothing here ran on a GPU when it was written.
"""
import argparse
import glob
import importlib.util
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
KB = os.environ.get("KWB_KERNELBENCH") or next(
    (d for d in ("/work/shared/data/kernelbench", os.path.join(ROOT, "..", "shared", "data", "kernelbench"))
     if os.path.isdir(d)), "/work/shared/data/kernelbench")
# (name, where): the verdict first. 42_ / 45_ (2-D pools of KernelBench) are not in this checkout's data set;
# --generate adds any level-1 pool it finds there beyond these.
PROBLEMS = [("43_Max_Pooling_3D", "level1"), ("46_Average_Pooling_3D", "level1"), ("41_Max_Pooling_1D", "level1"),
            ("44_Average_Pooling_1D", "level1"), ("42_Max_Pooling_2D", "level1"), ("45_Average_Pooling_2D", "level1"),
            ("u13_AvgPool2d_pad_exclude", "unseen"), ("u47_AvgPool2d_ceil_stride2", "unseen"),
            ("40_LayerNorm", "level1")]
OLD = {"NAN_MAX": False, "EDGE_MASKS": False, "W_PHASE": (), "SLIDE_DILATED": False}
ATTRIBUTION = [("-nan_max", {"NAN_MAX": False}), ("-edge_masks", {"EDGE_MASKS": False}),
               ("-w_phase", {"W_PHASE": ()}), ("-slide_dilated", {"SLIDE_DILATED": False}),
               ("tile256", {"TILE_MANY_TAPS": 256, "LOAD_ELEMS_MANY_TAPS": 1024}),
               ("warps8", {"NUM_WARPS": 8})]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--generate", metavar="DIR", help="write the kernels and problem copies into DIR, then exit")
ap.add_argument("--kernels", default=os.path.join(ROOT, ".gpu", "pools"), help="the --generate folder")
ap.add_argument("--budget", type=float, default=150.0, help="seconds for the whole run (rows past it are skipped)")
ap.add_argument("--rep", type=float, default=40.0, help="do_bench rep (ms)")
ap.add_argument("--only", default="", help="comma-separated name prefixes")
ap.add_argument("--no-compile", action="store_true")
ap.add_argument("--cpu-emulated", action="store_true")
args = ap.parse_args()


def problem_source(name, where):
    if where == "unseen":
        return os.path.join(ROOT, "tests", "data", "unseen", name + ".py")
    return os.path.join(KB, where, name + ".py")


if args.generate:
    out_dir = os.path.abspath(args.generate)
    os.makedirs(os.path.join(out_dir, "problems"), exist_ok=True)
    kwb = os.path.join(ROOT, "build", "dev", "app", "kwb")
    names = list(PROBLEMS)
    for p in sorted(glob.glob(os.path.join(KB, "level1", "*Pool*.py"))):  # any other level-1 pool present
        n = os.path.basename(p)[:-3]
        if all(n != q for q, _ in names):
            names.insert(len(names) - 1, (n, "level1"))
    for name, where in names:
        src = problem_source(name, where)
        if not os.path.exists(src):
            print("%-30s absent from the data set (%s)" % (name, src))
            continue
        shutil.copy(src, os.path.join(out_dir, "problems", name + ".py"))
        dst = os.path.join(out_dir, name + ".py")
        r = subprocess.run([kwb, "analyze", src, "--kernel-out", dst, "--framework", "triton"], capture_output=True,
                           text=True)
        ok = r.returncode == 0 and os.path.exists(dst)
        print("%-30s %s" % (name, "written" if ok else "FAILED " + (r.stderr or r.stdout).strip()[-200:]))
    sys.exit(0)

if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
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
    # fp32 (41_'s output is 805 M elements: fp64 copies would take 30 GB); NaNs must sit at the same places
    if not torch.equal(torch.isnan(got), torch.isnan(want)):
        return float("inf")
    g, w = torch.nan_to_num(got.float(), nan=0.0), torch.nan_to_num(want.float(), nan=0.0)
    return float((g - w).norm() / w.norm().clamp_min(1e-30))


def row(name, variant, fn, want, copy_us, old_us=None, cost=1.0, note=""):
    """One line: fn's median time and rel_err; skipped when fewer than `cost` seconds of the budget are left."""
    if left() < cost:
        print("%-28s %-16s skipped (budget)" % (name, variant), flush=True)
        return float("nan")
    try:
        with torch.no_grad():
            got = fn()
            err = rel_err(got, want) if want is not None else float("nan")
            us = bench(fn)
        bad = err > 1e-4
        if bad:
            BAD.append((name, variant))
        pct = "%6.1f%%" % (100.0 * copy_us / us) if copy_us == copy_us and us == us else "      -"
        x = "x%.2f" % (old_us / us) if old_us is not None and old_us == old_us and us == us else ""
        note = note() if callable(note) else note
        print("%-28s %-16s %10.1f %10.2e %s %6s %s%s" % (name, variant, us, err, pct, x, note, "  BAD" if bad else ""),
              flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- one failing row does not lose the table
        BAD.append((name, variant))
        print("%-28s %-16s ERROR %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-200:]), flush=True)
        return float("nan")


class Case:
    """One problem: its kernel module (switches set per variant), eager Model, inputs and reference output."""

    def __init__(self, name):
        self.name = name
        self.kpath = os.path.join(args.kernels, name + ".py")
        ppath = os.path.join(args.kernels, "problems", name + ".py")
        if not os.path.exists(ppath):
            where = dict(PROBLEMS).get(name, "level1")
            ppath = problem_source(name, where)
        self.prob = load(ppath, "prob_" + name)
        if args.cpu_emulated:
            for key, value in list(vars(self.prob).items()):  # batch 2; 43_'s dim1..3, 41_'s sequence_length: 16
                if not key.startswith("_") and isinstance(value, int) and not isinstance(value, bool) and value > 2:
                    if "batch" in key:
                        setattr(self.prob, key, 2)
                    elif value > 16:
                        setattr(self.prob, key, 16)
        self.kern = load(self.kpath, "kern_" + name)
        if args.cpu_emulated and hasattr(self.kern, "D_SLIDE_MIN_ELEMS"):
            self.kern.D_SLIDE_MIN_ELEMS = 0  # the sliding paths the full sizes take, at the reduced ones
        self.defaults = {k: getattr(self.kern, k) for k in set(OLD) | {k for _, s in ATTRIBUTION for k in s}
                         if hasattr(self.kern, k)}
        torch.manual_seed(0)
        if DEV == "cuda":
            with torch.device(DEV):  # inputs made on the device (41_'s / 46_'s are 3-9 GB): torch >= 2.0
                self.inputs = self.prob.get_inputs()
        else:
            self.inputs = self.prob.get_inputs()
        init = self.prob.get_init_inputs()
        self.ref = self.prob.Model(*init).to(DEV).eval()
        self.ours = self.kern.ModelNew(*init).to(DEV).eval()
        try:
            self.ours.load_state_dict(self.ref.state_dict())
        except RuntimeError:
            if not args.cpu_emulated:
                raise
            # reduced sizes: the generated ModelNew holds the spec's parameter shapes (40_'s [64, 256, 256]
            # weight); the reference's own parameters, by name
            for pname, prm in self.ref.named_parameters():
                owner = self.ours
                for part in pname.split(".")[:-1]:
                    owner = getattr(owner, part)
                setattr(owner, pname.split(".")[-1], torch.nn.Parameter(prm.detach().clone()))
        with torch.no_grad():
            self.want = self.ref(*self.inputs)
        nbytes = sum(t.numel() * t.element_size() for t in self.inputs if torch.is_tensor(t))
        nbytes += self.want.numel() * self.want.element_size()
        nbytes += sum(p.numel() * p.element_size() for p in self.ref.parameters())  # 40_'s weight and bias
        self.nbytes = nbytes
        self.copy_us = float("nan")

    def set(self, settings):
        for k, v in self.defaults.items():
            setattr(self.kern, k, v)
        for k, v in settings.items():
            if hasattr(self.kern, k):
                setattr(self.kern, k, v)

    def plan(self, settings):
        """The pool launch plan (kernel, grid, constexprs) under settings, or None (not a pool kernel)."""
        if not hasattr(self.kern, "_pool_plan"):
            return None
        self.set(settings)
        p = self.kern._pool_plan(self.inputs[0])
        self.set({})
        return p[2:6]

    def run(self, settings):
        """The forward under settings (set now, not inside the timed call: small pools are launch-bound)."""
        self.set(settings)
        return lambda: self.ours(*self.inputs)

    def path(self):
        m = self.ours
        return "path=%s w_phase=%s grid=%s" % (getattr(m, "last_path", "-"), getattr(m, "last_w_phase", "-"),
                                                getattr(m, "last_grid_blocks", "-"))

    def free(self):
        del self.inputs, self.want, self.ref, self.ours
        if DEV == "cuda":
            torch.cuda.empty_cache()


def make_case(name):
    try:
        return Case(name)
    except Exception as e:  # noqa: BLE001 -- one problem that cannot be set up does not lose the others
        BAD.append((name, "setup"))
        print("%-28s %-16s ERROR %s: %s" % (name, "setup", type(e).__name__, str(e).strip()[-200:]), flush=True)
        if DEV == "cuda":
            torch.cuda.empty_cache()
        return None


def copy_row(case):
    if DEV != "cuda":
        return float("nan")
    half = case.nbytes // 2
    src = torch.empty(half, dtype=torch.uint8, device=DEV)
    dst = torch.empty_like(src)
    us = bench(lambda: dst.copy_(src))
    del src, dst
    print("%-28s %-16s %10.1f %10s %6.1f%% %6s %.0f MB read + written" % (case.name, "copy", us, "-", 100.0, "",
                                                                          case.nbytes / 1e6), flush=True)
    return us


def main():
    only = [s for s in args.only.split(",") if s]
    names = [n for n, _ in PROBLEMS]
    for p in sorted(glob.glob(os.path.join(args.kernels, "*.py"))):  # pools --generate found beyond PROBLEMS
        n = os.path.basename(p)[:-3]
        if n not in names:
            names.insert(len(names) - 1, n)
    names = [n for n in names if not only or any(n.startswith(o) for o in only)]
    print("[pools] %s, torch %s, budget %.0f s, kernels %s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton, reduced sizes)", torch.__version__,
        args.budget, args.kernels), flush=True)
    print("%-28s %-16s %10s %10s %7s %6s" % ("problem", "variant", "us", "rel_err", "%copy", "x_old"), flush=True)
    old_us, copy_us = {}, {}
    # pass 1: the verdict (copy, new, old)
    for name in names:
        if not os.path.exists(os.path.join(args.kernels, name + ".py")):
            print("%-28s absent (not in this data set, or --generate not run)" % name, flush=True)
            continue
        if left() < 5:
            print("%-28s skipped (budget)" % name, flush=True)
            continue
        case = make_case(name)
        if case is None:
            continue
        copy_us[name] = copy_row(case)
        pool = case.plan({}) is not None
        new = row(name, "new" if pool else "ours", case.run({}), case.want, copy_us[name], cost=3, note=case.path)
        if pool:
            old_us[name] = row(name, "old", case.run(OLD), case.want, copy_us[name], cost=3, note=case.path)
            if old_us[name] == old_us[name] and new == new:
                print("%-28s %-16s new is x%.2f old" % (name, "verdict", old_us[name] / new), flush=True)
        row(name, "eager", lambda: case.ref(*case.inputs), case.want, copy_us[name], old_us.get(name), cost=3)
        case.free()
    # pass 2: one switch off at a time and the tile variants (which switch the gain comes from)
    for name in names if not args.cpu_emulated else names[:2]:
        if not os.path.exists(os.path.join(args.kernels, name + ".py")) or left() < 8:
            continue
        case = make_case(name)
        if case is None:
            continue
        base = case.plan({})
        if base is not None:
            for label, settings in ATTRIBUTION:
                if case.plan(settings) == base:
                    continue  # the switch does not change this problem's launch
                row(name, label, case.run(settings), case.want, copy_us.get(name, float("nan")), old_us.get(name),
                    cost=4, note=case.path)
        case.free()
    # pass 3: torch.compile (session 17 measured it on these shapes: the least news per second)
    for name in names if not args.cpu_emulated and not args.no_compile else []:
        if not os.path.exists(os.path.join(args.kernels, name + ".py")) or left() < 25:
            continue
        case = make_case(name)
        if case is None:
            continue
        comp = torch.compile(case.ref)
        row(name, "torch.compile", lambda: comp(*case.inputs), case.want, copy_us.get(name, float("nan")),
            old_us.get(name), cost=25)
        case.free()
    print("[pools] %.0f s, %s" % (time.time() - T0, "all correct" if not BAD else "BAD: %s" % BAD), flush=True)
    return 0 if not BAD else 1


if __name__ == "__main__":
    sys.exit(main())
