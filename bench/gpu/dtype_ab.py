#!/usr/bin/env python3
"""Casts in generated chains (issue 14, session 21, branch dtype): main's generated kernel ("old") against this
branch's ("new") in one process, beside eager and torch.compile.

    # CPU machine: both kernels and copies of the problems (old from main's kwb, new from this checkout's)
    python3 bench/gpu/dtype_ab.py --generate .gpu/dtype --old-kwb /work/main/build/dev/app/kwb
    python3 bench/gpu/dtype_ab.py --kernels .gpu/dtype --cpu-emulated    # fake_triton: the script's own check
    # GPU machine (repository root, .gpu/dtype carried)
    python3 bench/gpu/dtype_ab.py --kernels .gpu/dtype --budget 240

What changed between old and new (the generated forward(), not a runtime switch, so the rows compare the two
kernels): the result's dtype follows dtyperule.h (t11's .half() stays float16 in the bf16 case); the last launch
stores the result's dtype itself (out_dtype=, no kwb_as_dtype copy after it); a 16-bit input that only launches
converting it as they load read is not widened by a copy first; a pointwise run without tensors before a softmax
(x / T) is the softmax's prologue (kwb_softmax(..., pre=...)). On session 20's H200 call 4: t11 49.0 us against
torch.compile's 29.7, cast_result_half 10.2 against 8.6.
Rows per problem, in order: new, old, "probe" rows (new with a knob of the stage library changed: what to change
next; each names what it decides), eager; torch.compile rows last (compiles are slow). The dtype_bf16 rows run the
same kernels on the inputs and both models cast to bfloat16, as the harness's dtype_bf16 case does (old's t11
returns bfloat16 there, so its row shows "dtype" in the note).
Columns: us = triton.testing.do_bench median of one forward (host time included); gpu_us = do_bench_cudagraph (the
forward replayed from a CUDA graph: GPU time with the host hidden; the figure to compare with the suite's
latency_us); x_old = old's gpu_us / this row's; rel_err = ||got - eager|| / ||eager|| in fp64; dtype = the result's
dtype against eager's ("ok" or "got X, eager Y"). Nothing here ran on a GPU when it was written.
"""
import argparse
import copy
import os
import sys
import warnings

import abharness as ab

CLOCK = ab.Budget(0.0)  # the budget is set once the arguments are read
DATA = ab.DATA
# (problem file under tests/data, probe variants of the new kernel: (label, module settings))
PROBLEMS = [
    ("trial11/t11_fp16_Upcast_TemperatureSoftmax_Downcast.py", [
        # rows of 32003 on 128 programs: split into chunks over more programs (2 launches, 2 reads) or not
        ("probe: kwb_softmax_split off (one program a row, 2 reads)", {"kwb_softmax_split": False}),
        # one tile a row: the row read once, held in registers (32768 fp32 values on 8 warps: spills?)
        ("probe: _kwb_tile 32768 (a row in one tile, 1 read)", {"_kwb_tile": 32768}),
    ]),
    ("codegen/chains/problems/cast_result_half.py", [
        ("probe: kwb_gemm_small_flops 0 (the tiled GEMM path)", {"kwb_gemm_small_flops": 0}),
    ]),
    ("codegen/chains/problems/cast_to_fp16_of_fp16_input.py", []),
    ("codegen/chains/problems/cast_half_inside_chain.py", []),
    ("codegen/chains/problems/cast_back_to_input_dtype.py", []),
    ("unseen3/v10_MixedPrecision_RMSNorm_MLP.py", []),
]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "dtype", old_new=True)
ab.add_run_args(ap, 240.0, compile_flag=True)
ap.add_argument("--no-bf16", action="store_true", help="skip the dtype_bf16 rows")
args = ap.parse_args()
CLOCK.seconds = args.budget


def stem(path):
    return os.path.splitext(os.path.basename(path))[0]


if args.generate:
    ab.generate_old_new(args.generate, [(stem(p), os.path.join(DATA, p)) for p, _ in PROBLEMS], args.old_kwb,
                        args.new_kwb, 44)
    sys.exit(0)

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402

warnings.simplefilter("ignore")
DEV = "cpu" if args.cpu_emulated else "cuda"
BAD = []
SEQ = iter(range(1 << 30))  # a fresh module name per ModelNew: settings stay on their own module
load = ab.load


def row(name, variant, fn, want, old_gus=None, tol=1e-2):
    if CLOCK.left() < 3:
        print("| %s | %s | skipped (budget) | | | | |" % (name, variant), flush=True)
        return None
    try:
        with torch.no_grad():
            got = fn()
            err = ab.rel_err(got, want)
            us, gus = ab.bench_graph(fn, DEV)
    except Exception as e:  # noqa: BLE001 -- one failing row does not lose the table
        BAD.append((name, variant))
        print("| %s | %s | ERROR %s: %s | | | | |" % (name, variant, type(e).__name__, str(e).strip()[-160:]),
              flush=True)
        return None
    dt = "ok" if got.dtype == want.dtype else "got %s, eager %s" % (got.dtype, want.dtype)
    if err > tol or got.dtype != want.dtype:
        BAD.append((name, variant))
    f = (lambda x, fmt="%.2f": fmt % x if x is not None else "-")
    print("| %s | %s | %s | %s | %s | %.2e | %s |" % (name, variant, f(us, "%.1f"), f(gus), ab.times(old_gus, gus),
                                                      err, dt), flush=True)
    return gus


class Case:
    def __init__(self, name, dtype=None):
        self.name, self.dtype = name, dtype
        self.prob = load(os.path.join(args.kernels, "problems", name + ".py"), "p_%s_%d" % (name, next(SEQ)))
        torch.manual_seed(0)
        self.inputs = ab.inputs_on(self.prob, DEV)
        if dtype is not None:  # the harness's dtype_* case: floating inputs and the model in that dtype
            self.inputs = [x.to(dtype) if torch.is_tensor(x) and x.is_floating_point() else x for x in self.inputs]
        self.init = self.prob.get_init_inputs()
        self.ref = self.prob.Model(*self.init).to(DEV).eval()
        self.sd = copy.deepcopy(self.ref.state_dict())
        if dtype is not None:
            self.ref = self.ref.to(dtype)
        with torch.no_grad():
            self.want = self.ref(*self.inputs)

    def model(self, side, settings=None):
        """A fresh ModelNew of old/ or new/ (its own module: switches set on it stay on it)."""
        mod = ab.apply_settings(load(os.path.join(args.kernels, side, self.name + ".py"),
                                     "k_%s_%s_%d" % (side, self.name, next(SEQ))), settings, side)
        m = mod.ModelNew(*self.init).to(DEV).eval()
        m.load_state_dict(self.sd)
        if self.dtype is not None:
            m = m.to(self.dtype)
        return lambda: m(*self.inputs)


def main():
    cases = ab.chosen([(stem(p), s) for p, s in PROBLEMS], args.only)
    print("dtype_ab: %s, torch %s, budget %.0f s, kernels %s" % (
        ab.device_name(DEV), torch.__version__, args.budget, args.kernels), flush=True)
    print("| problem | variant | us | gpu_us | x_old | rel_err | dtype |")
    print("|---|---|---:|---:|---:|---:|---|", flush=True)
    done = []
    for name, variants in cases:
        for dtype in [None] + ([] if args.no_bf16 else [torch.bfloat16]):
            if CLOCK.left() < 10:
                print("| %s | - | skipped (budget) | | | | |" % name, flush=True)
                continue
            label = name if dtype is None else name + " (dtype_bf16)"
            try:
                c = Case(name, dtype)
            except Exception as e:  # noqa: BLE001
                if dtype is None:
                    BAD.append((name, "setup"))
                # Model itself may not run in bfloat16 (v10: an fp32 @ bf16 matmul): the harness then compares
                # against the fp32 reference; this script skips the rows
                print("| %s | setup | %s %s: %s | | | | |" % (label, "ERROR" if dtype is None else "skipped:",
                                                              type(e).__name__, str(e)[-160:]), flush=True)
                continue
            tol = 1e-2 if dtype is None else 3e-2
            new = row(label, "new", c.model("new"), c.want, tol=tol)
            old = row(label, "old", c.model("old"), c.want, tol=tol)
            if new and old:
                print("| %s | verdict | new is x%.2f old (gpu_us) | | | | |" % (label, old / new), flush=True)
            if dtype is None:
                for vlabel, settings in variants:
                    row(label, "new, " + vlabel, c.model("new", settings), c.want, old)
                row(label, "eager", lambda: c.ref(*c.inputs), c.want, old)
                done.append((c, old))
    for c, old in done if DEV == "cuda" and not args.no_compile else []:
        if CLOCK.left() < 30:
            print("| %s | torch.compile | skipped (budget) | | | | |" % c.name, flush=True)
            continue
        comp = torch.compile(c.ref)
        row(c.name, "torch.compile", lambda: comp(*c.inputs), c.want, old)
    # old's t11 in the bf16 case returns bfloat16 (the bug this branch fixes): expected among the BAD rows
    print("dtype_ab: %.0f s, %s" % (CLOCK.elapsed(), "all correct" if not BAD else "BAD: %s" % BAD), flush=True)
    return 0 if all(v == "old" for _, v in BAD) else 1


if __name__ == "__main__":
    sys.exit(main())
