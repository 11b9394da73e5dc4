#!/usr/bin/env python3
"""Small reductions, statistics + apply, scans with an epilogue (issue 14, session 19, branch smallred): main's
generated kernel ("old") against this branch's ("new") in one process, beside eager and torch.compile.

    # CPU machine: both kernels and copies of the problems (old from main's kwb, new from this checkout's)
    python3 bench/gpu/smallred.py --generate .gpu/smallred --old-kwb /work/main/build/dev/app/kwb
    python3 bench/gpu/smallred.py --kernels .gpu/smallred --cpu-emulated    # fake_triton: the script's own check
    # GPU machine (repository root, .gpu/smallred carried)
    python3 bench/gpu/smallred.py --kernels .gpu/smallred --budget 240

Problems: the nine unseen ones slowest against torch.compile in session 17's H200 suite. Per problem, in order:
new, old, then new with one of this branch's switches off where the switch applies to the problem (which switch a
gain comes from; a switch-off row that matches old says the switch is the whole change), "probe" rows (knobs of
the kernels this branch leaves alone: what to change next), eager; torch.compile rows last (compiles are slow).
Switches (module globals of the generated kernel.py, stage library):
- kwb_scan_rows: a cumsum row of <= kwb_scan_row_max elements as one tl.cumsum in registers, several rows a
  program, strided rows in place, the epilogue fused (u66, u67). Off: the chunked kernel, 1024 a step.
- kwb_const_memo: arange / full of the sizes kept after the first call (u66's count). Off: one fill launch a call.
- kwb_row1_multi: statistics over several consecutive dims + the pointwise apply in one launch (u52). Off: the
  reduction launch, then the elementwise launch.
- kwb_reduce_one_trip: a short strided reduced run on a small grid in one tile (u39). Off: 64-row steps.
- COLS_FIT_R (reduce template): the tile's reduced extent at most next_pow2(R) (u03, u05). Off: COLS_TILE // BLOCK_I
  rows whatever R (7/8 of u03's tile masked).
Columns: us = triton.testing.do_bench median of one forward (host time shows where the host is slower than the
GPU); gpu_us = do_bench_cudagraph (the forward replayed from a CUDA graph: GPU time with the host hidden, as the
harness's spin kernel hides it; the figure to compare with the suite's latency_us); x_old = old's gpu_us / this
row's; rel_err = ||got - eager|| / ||eager|| in fp32. Nothing here ran on a GPU when it was written.
"""
import argparse
import os
import sys
import warnings

import abharness as ab

CLOCK = ab.Budget(0.0)  # the budget is set once the arguments are read
UNSEEN = os.path.join(ab.DATA, "unseen")
# (problem, variants of the new kernel: (label, module settings)): this branch's switches off one at a time where
# they change the problem's plan, then "probe" rows (knobs of the unchanged single-launch kernels, for the next step)
OFF = lambda *names: [("%s off" % n, {n: False}) for n in names]  # noqa: E731
PROBLEMS = [
    ("u52_Var_spatial_biased_keepdim", OFF("kwb_row1_multi")),
    ("u66_Cumsum_div_arange", OFF("kwb_scan_rows", "kwb_const_memo")),
    ("u67_Cumsum_div_buffer", OFF("kwb_scan_rows")),
    ("u39_Var_over_dim1", OFF("kwb_reduce_one_trip")),
    ("u09_GroupNorm_3d_input", [("probe: ONEPASS_EPT 8 (4 warps a row)", {"ONEPASS_EPT": 8})]),
    ("u02_Mean_over_last_two_dims", [("probe: NUM_WARPS 8", {"NUM_WARPS": 8})]),
    ("u03_Amax_dim0", OFF("COLS_FIT_R") + [("probe: COLS_CTAS_PER_SM 4", {"COLS_CTAS_PER_SM": 4})]),
    ("u51_Std_last_dim", [("probe: _kwb_tile 1024 (more programs)", {"_kwb_tile": 1024})]),
    ("u05_Argmax_dim1_keepdim", OFF("COLS_FIT_R") + [("probe: COLS_CTAS_PER_SM 4", {"COLS_CTAS_PER_SM": 4})]),
]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "smallred", old_new=True)
ab.add_run_args(ap, 240.0, compile_flag=True)
args = ap.parse_args()
CLOCK.seconds = args.budget

if args.generate:
    ab.generate_old_new(args.generate, [(name, os.path.join(UNSEEN, name + ".py")) for name, _ in PROBLEMS],
                        args.old_kwb, args.new_kwb, 32)
    sys.exit(0)

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402

warnings.simplefilter("ignore")
DEV = "cpu" if args.cpu_emulated else "cuda"
BAD = []
SEQ = iter(range(1 << 30))  # a fresh module name per ModelNew: settings stay on their own module
load = ab.load


def row(name, variant, fn, want, old_gus=None, note=""):
    if CLOCK.left() < 3:
        print("| %s | %s | skipped (budget) | | | | |" % (name, variant), flush=True)
        return None
    try:
        with torch.no_grad():
            got = fn()
            err = ab.rel_err(got, want, exact_ints=True)
            us, gus = ab.bench_graph(fn, DEV)
    except Exception as e:  # noqa: BLE001 -- one failing row does not lose the table
        BAD.append((name, variant))
        print("| %s | %s | ERROR %s: %s | | | | |" % (name, variant, type(e).__name__, str(e).strip()[-160:]),
              flush=True)
        return None
    if err > 1e-4:
        BAD.append((name, variant))
    f = (lambda x, fmt="%.2f": fmt % x if x is not None else "-")
    print("| %s | %s | %s | %s | %s | %.2e | %s%s |" % (name, variant, f(us, "%.1f"), f(gus), ab.times(old_gus, gus),
                                                       err, note, "  BAD" if err > 1e-4 else ""), flush=True)
    return gus


class Case:
    def __init__(self, name):
        self.name = name
        self.prob = load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
        torch.manual_seed(0)
        self.inputs = ab.inputs_on(self.prob, DEV)
        self.init = self.prob.get_init_inputs()
        self.ref = self.prob.Model(*self.init).to(DEV).eval()
        with torch.no_grad():
            self.want = self.ref(*self.inputs)

    def model(self, side, settings=None):
        """A fresh ModelNew of old/ or new/ (its own module: switches set on it stay on it)."""
        mod = ab.apply_settings(load(os.path.join(args.kernels, side, self.name + ".py"),
                                     "k_%s_%s_%d" % (side, self.name, next(SEQ))), settings, side)
        m = mod.ModelNew(*self.init).to(DEV).eval()
        m.load_state_dict(self.ref.state_dict())
        return lambda: m(*self.inputs)


def main():
    cases = ab.chosen(PROBLEMS, args.only)
    print("smallred: %s, torch %s, budget %.0f s, kernels %s" % (
        ab.device_name(DEV), torch.__version__, args.budget, args.kernels), flush=True)
    print("| problem | variant | us | gpu_us | x_old | rel_err | note |")
    print("|---|---|---:|---:|---:|---:|---|", flush=True)
    done = []
    for name, variants in cases:
        if CLOCK.left() < 10:
            print("| %s | - | skipped (budget) | | | | |" % name, flush=True)
            continue
        try:
            c = Case(name)
        except Exception as e:  # noqa: BLE001
            BAD.append((name, "setup"))
            print("| %s | setup | ERROR %s: %s | | | | |" % (name, type(e).__name__, str(e)[-160:]), flush=True)
            continue
        new = row(name, "new", c.model("new"), c.want)
        old = row(name, "old", c.model("old"), c.want)
        if new and old:
            print("| %s | verdict | new is x%.2f old (gpu_us) | | | | |" % (name, old / new), flush=True)
        for label, settings in variants:
            row(name, "new, " + label, c.model("new", settings), c.want, old)
        row(name, "eager", lambda: c.ref(*c.inputs), c.want, old)
        done.append((c, old))
    for c, old in done if DEV == "cuda" and not args.no_compile else []:
        if CLOCK.left() < 30:
            print("| %s | torch.compile | skipped (budget) | | | | |" % c.name, flush=True)
            continue
        comp = torch.compile(c.ref)
        row(c.name, "torch.compile", lambda: comp(*c.inputs), c.want, old)
    print("smallred: %.0f s, %s" % (CLOCK.elapsed(), "all correct" if not BAD else "BAD: %s" % BAD), flush=True)
    return 0 if not BAD else 1


if __name__ == "__main__":
    sys.exit(main())
