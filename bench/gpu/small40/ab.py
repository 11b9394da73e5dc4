"""small40 (session 40, issue 14): a reduction's pointwise consumer as its epilogue (kwb_reduce(..., epi=)), one launch
fewer. main's kernel.py against this branch's (mine) and against mine with kwb_reduce_epilogue off (mine-off: the
reduction, then its own kwb_pointwise launch; main's launches with this branch's stages), eager PyTorch and
torch.compile, in one process, one timing method: the harness's (resources/templates/test_kernel.py.in `_one`): the
L2 flushed, a blocking kernel (torch.cuda._sleep) longer than the host's launch path between an event before it and
the start event, then the forward, the end event; GPU us = start -> end, median of --reps calls. A row whose host
time outran the spin is marked `host!` (its number then holds host time too). Correctness first against eager (fp32
model on fp32 copies of the inputs; rel. L2 of every floating output, the fraction of differing elements of an integer
output); a failing variant is reported and not timed.
Needs torch + triton only; the kernels are the generated kernel.py files here (main/, mine/), the problems in
problems/.

  python3 small40/ab.py --budget 85          (GPU, from the folder's parent)
  python3 small40/ab.py --cpu-emulated       (CPU: fake Triton via KWB_FAKE_TRITON, correctness only)
Beside the harness's GPU us, each timed row prints triton.testing.do_bench's ms (host launch path included).
"""
import argparse
import copy
import importlib.util
import os
import statistics
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
# (tag, the new switches that mine-off turns off); the order is the rule's priority
PROBLEMS = [
    "a09_VQVAE_CodebookArgmin_Lookup_StraightThrough_Tuple",
    "t28_04_token_ce_masked_mean",
    "reduce_epilogue_amax_gate",
]
SWITCHES_OFF = {"kwb_reduce_epilogue": False}


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def outs(x):
    return list(x) if isinstance(x, (tuple, list)) else [x]


def err_of(got, want):
    """max rel. L2 error over the floating outputs and, for an integer output, the fraction of elements that differ"""
    e = 0.0
    for g, w in zip(outs(got), outs(want)):
        if not isinstance(w, torch.Tensor):
            continue
        if tuple(g.shape) != tuple(w.shape):
            return float("inf")
        if w.is_floating_point():
            g64, w64 = g.double(), w.double()
            both_nan = torch.isnan(g64) & torch.isnan(w64)
            g64, w64 = torch.where(both_nan, 0.0, g64), torch.where(both_nan, 0.0, w64)
            e = max(e, ((g64 - w64).norm() / w64.norm().clamp_min(1e-30)).item())
        elif not torch.equal(g.cpu(), w.cpu()):  # the fraction of integer elements that differ (near-tie argmins)
            e = max(e, (g.cpu() != w.cpu()).double().mean().item())
    return e


class Timer:
    """The harness's GPU time of one call: flush, sync, [pre] sleep [start] fn [end], sync."""

    def __init__(self):
        self.flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
        t0, t1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        n = 2_000_000
        torch.cuda._sleep(1000)
        t0.record()
        torch.cuda._sleep(n)
        t1.record()
        torch.cuda.synchronize()
        self.cycles_per_us = n / (t0.elapsed_time(t1) * 1000.0)

    def one(self, fn, spin_us):
        self.flush.zero_()
        torch.cuda.synchronize()
        pre, start, end = (torch.cuda.Event(enable_timing=True) for _ in range(3))
        w0 = time.perf_counter()
        pre.record()
        torch.cuda._sleep(max(1, int(spin_us * self.cycles_per_us)))
        start.record()
        fn()
        h1 = time.perf_counter()
        end.record()
        torch.cuda.synchronize()
        blocked = pre.elapsed_time(start) * 1000.0
        return start.elapsed_time(end) * 1000.0, (h1 - w0) * 1e6 < blocked

    def median(self, fn, reps):
        host = []
        for _ in range(3):  # warm-up, and the host time of a call (the spin must outlast it)
            torch.cuda.synchronize()
            h0 = time.perf_counter()
            fn()
            host.append((time.perf_counter() - h0) * 1e6)
        torch.cuda.synchronize()
        spin = 3.0 * max(host) + 300.0  # a jittery call must still be hidden (1.5x + 100 us flagged 4 rows)
        us, hidden = [], True
        for _ in range(reps):
            u, h = self.one(fn, spin)
            us.append(u)
            hidden = hidden and h
        return statistics.median(us), hidden


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=80.0,
                    help="seconds; mine-off rows stop at 55%% of it, torch.compile rows at 70%%")
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--cpu-emulated", action="store_true", help="fake Triton on the CPU: correctness only")
    ap.add_argument("--only", default="", help="comma-separated problem tags")
    ap.add_argument("--no-compile", action="store_true")
    args = ap.parse_args()
    start = time.time()
    dev = "cpu" if args.cpu_emulated else "cuda"
    if args.cpu_emulated:
        fake = os.environ.get("KWB_FAKE_TRITON")
        if fake:
            sys.path.insert(0, fake)
    else:
        print("device: %s, torch %s" % (torch.cuda.get_device_name(0), torch.__version__), flush=True)
    timer = None if args.cpu_emulated else Timer()
    rows = []
    print("%-42s %-9s %10s %10s %s" % ("problem", "variant", "gpu_us", "rel_err", "note"), flush=True)
    loaded = []
    for tag in PROBLEMS:  # phase 1: eager, main, mine of every problem
        if args.only and tag not in args.only.split(","):
            continue
        p = load(os.path.join(HERE, "problems", tag + ".py"), "prob_" + tag)
        torch.manual_seed(0)
        init = p.get_init_inputs()
        model = p.Model(*init).to(dev).eval()
        inputs = [x.to(dev) if isinstance(x, torch.Tensor) else x for x in p.get_inputs()]
        with torch.no_grad():  # the reference: the fp32 model on fp32 copies of the floating inputs
            ref_model = copy.deepcopy(model).float()
            want = ref_model(*[x.float() if isinstance(x, torch.Tensor) and x.is_floating_point() else x
                               for x in inputs])
        is16 = any(isinstance(x, torch.Tensor) and x.dtype in (torch.float16, torch.bfloat16) for x in inputs)
        tol = 2e-2 if is16 else 5e-3
        loaded.append((tag, p, init, model, inputs, want, tol))
        if not (args.cpu_emulated and is16):  # no fp16 matmul on the CPU
            measure(args, timer, rows, tag, "eager", model, inputs, want, tol)
        for name in ("main", "mine"):
            m = ours(tag, name, name, False, init, model, dev)
            if m is not None:
                measure(args, timer, rows, tag, name, m, inputs, want, tol)
    for tag, p, init, model, inputs, want, tol in loaded:  # phase 2: mine with the new switches off (A/A of main)
        if time.time() - start > 0.55 * args.budget:
            print("%-42s %-9s %10s %10s skipped (budget)" % (tag, "mine-off", "-", "-"), flush=True)
            continue
        m = ours(tag, "mine-off", "mine", True, init, model, dev)
        if m is not None:
            measure(args, timer, rows, tag, "mine-off", m, inputs, want, tol)
    for tag, p, init, model, inputs, want, tol in loaded:  # phase 3: torch.compile while the budget lasts
        if args.cpu_emulated or args.no_compile or time.time() - start > 0.7 * args.budget:
            print("%-42s %-9s %10s %10s skipped (budget)" % (tag, "compile", "-", "-"), flush=True)
            continue
        try:
            measure(args, timer, rows, tag, "compile", torch.compile(model), inputs, want, tol)
        except Exception as e:  # noqa: BLE001
            print("%-42s %-9s torch.compile failed: %s" % (tag, "compile", str(e)[:200]), flush=True)
    print("elapsed %.1f s" % (time.time() - start))
    by = {(t, n): us for t, n, us in rows}
    for tag in PROBLEMS:
        a, b, off, c = (by.get((tag, v)) for v in ("main", "mine", "mine-off", "compile"))
        if a and b:
            print("RATIO %-42s main/mine %.2f  mine-off/main %s  compile/main %s  compile/mine %s" % (
                tag, a / b, "%.2f" % (off / a) if off else "-", "%.2f" % (c / a) if c else "-",
                "%.2f" % (c / b) if c else "-"))


def ours(tag, name, sub, off, init, model, dev):
    """ModelNew of sub/<tag>.py with Model's state; off: the new switches set False on its module first"""
    try:
        k = load(os.path.join(HERE, sub, tag + ".py"), "k_%s_%s" % (name.replace("-", "_"), tag))
        if off:
            for key, val in SWITCHES_OFF.items():
                if hasattr(k, key):
                    setattr(k, key, val)
        m = k.ModelNew(*init).to(dev).eval()
        sd = model.state_dict()
        if sd:
            m.load_state_dict(sd)
        return m
    except Exception as e:  # noqa: BLE001
        print("%-42s %-9s load failed: %s: %s" % (tag, name, type(e).__name__, str(e)[:200]), flush=True)
        return None


def measure(args, timer, rows, tag, name, m, inputs, want, tol):
    try:
        with torch.no_grad():
            got = m(*inputs)
            got = m(*inputs)
        err = err_of(got, want)
    except Exception as e:  # noqa: BLE001
        print("%-42s %-9s %10s %10s FAIL %s: %s" % (tag, name, "-", "-", type(e).__name__, str(e)[:200]), flush=True)
        return
    if not err <= tol:
        print("%-42s %-9s %10s %10.3g FAIL (tol %g; not timed)" % (tag, name, "-", err, tol), flush=True)
        return
    if timer is None:
        print("%-42s %-9s %10s %10.3g ok" % (tag, name, "-", err), flush=True)
        return
    with torch.no_grad():
        us, hidden = timer.median(lambda: m(*inputs), args.reps)
        import triton.testing
        db = triton.testing.do_bench(lambda: m(*inputs), warmup=5, rep=20)
    rows.append((tag, name, us))
    print("%-42s %-9s %10.2f %10.3g %s do_bench %.4f ms" % (tag, name, us, err, "" if hidden else "host!", db),
          flush=True)


if __name__ == "__main__":
    main()
