"""norm41's A/B (session 41, issue 14: reductions / norms over a dim that is not the contiguous one, column tiles).
Per member, in one process: `old` (the planner's default plan), `new` (the plan under KWB_ROWS_APPLY_PLAN=1: statistics
and apply in one kwb_rows launch, rows decoded per lane as before), `new_cols` (the same kernel with the stage's
kwb_rows_cols = True: a program takes consecutive positions of the contiguous inner dim and loops over the reduced
dim), `old_cols` (the default plan with kwb_rows_cols = True: differs from old only where it launches kwb_rows),
torch.compile(Model) and eager Model.
Timing, the same for every row: GPU time as the harness takes it (L2 flushed by zeroing 256 MB, synchronize, a
blocking torch.cuda._sleep long enough to hide the host launch path, CUDA events around the call; median of --reps)
= `gpu_us`. Correctness of every variant against eager Model (max |err| / max |ref|) per row.
usage: python3 norm41/ab.py [--budget SECONDS] [--only NAME,...] [--reps N] [--cpu]"""
import argparse
import importlib.util
import os
import statistics
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
# by priority: the budget skips the tail
MEMBERS = ["ln_cf", "rms_cf", "seq3d", "gn_hand"]


def load(path, name, env=None):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def rel(a, b):
    a, b = a.float(), b.float()
    return ((a - b).abs().max() / b.abs().max().clamp_min(1e-30)).item()


class GpuTimer:
    """The harness's method (resources/templates/test_kernel.py.in _one): flush, spin, events around the call."""

    def __init__(self):
        self.flush = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.float32, device="cuda")
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        torch.cuda.synchronize()
        s.record()
        torch.cuda._sleep(10_000_000)
        e.record()
        torch.cuda.synchronize()
        self.cycles_per_us = 10_000_000 / (s.elapsed_time(e) * 1000.0)

    def one(self, fn, block_us):
        self.flush.zero_()
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        torch.cuda._sleep(int(block_us * self.cycles_per_us))
        start.record()
        t0 = time.perf_counter()
        fn()
        host = (time.perf_counter() - t0) * 1e6
        end.record()
        torch.cuda.synchronize()
        return start.elapsed_time(end) * 1000.0, host

    def median(self, fn, reps):
        for _ in range(3):
            fn()
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        host = (time.perf_counter() - t0) * 1e6
        block = min(20000.0, 2.0 * host + 50.0)  # the spin outlasts the host path
        us = []
        for _ in range(reps):
            g, h = self.one(fn, block)
            if h > block:  # the host path outran the spin: a longer one
                block = min(20000.0, 2.0 * h + 50.0)
                g, h = self.one(fn, block)
            us.append(g)
        return statistics.median(us)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=45.0)
    ap.add_argument("--only", default="")
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="CPU check of loading and correctness (fake Triton); no timing")
    a = ap.parse_args()
    t_start = time.time()
    dev = "cpu" if a.cpu else "cuda"
    timer = None
    if not a.cpu:
        import triton
        print("device:", torch.cuda.get_device_name(), "torch", torch.__version__, "triton", triton.__version__,
              flush=True)
        timer = GpuTimer()
    members = [m for m in MEMBERS if not a.only or m in a.only.split(",")]
    rows = []
    for name in members:
        if time.time() - t_start > a.budget:
            print("budget spent: skipped", name, flush=True)
            continue
        prob = load(os.path.join(HERE, "probs", name + ".py"), "p_" + name)
        if a.cpu:  # small sizes for the emulation
            for k, v in {"N": 2, "H": 3, "W": 20, "batch": 2, "seq": 5}.items():
                if hasattr(prob, k):
                    setattr(prob, k, v)
            if hasattr(prob, "V"):
                prob.N, prob.V = 4, 300
        torch.manual_seed(0)
        model = prob.Model(*prob.get_init_inputs()).to(dev).eval()
        torch.manual_seed(1)
        inputs = [t.to(dev) for t in prob.get_inputs()]
        variants = []
        for vname, file, sets in (("old", "old", {}), ("old_cols", "old", {"kwb_rows_cols": True}),
                                  ("new", "new", {"kwb_rows_cols": False}), ("new_cols", "new", {"kwb_rows_cols": True})):
            if vname == "old_cols" and "= kwb_rows(" not in open(os.path.join(HERE, file, name + ".py")).read():
                continue  # the default plan launches no kwb_rows: old_cols is old
            path = os.path.join(HERE, file, name + ".py")
            if not os.path.exists(path):
                continue
            try:
                km = load(path, "k_%s_%s" % (vname, name))
                for k, v in sets.items():
                    if not hasattr(km, k):
                        raise AttributeError(k)
                    setattr(km, k, v)
                variants.append((vname, km.ModelNew))
            except Exception as e:  # noqa: BLE001
                print(name, vname, "load failed:", repr(e)[:300], flush=True)
        with torch.no_grad():
            ref = model(*inputs)
            fns = []
            for vname, cls in variants:
                try:
                    m = cls(*prob.get_init_inputs()).to(dev).eval()
                    m.load_state_dict(model.state_dict(), strict=False)
                    out = m(*inputs)
                    fns.append((vname, m, rel(out, ref)))
                except Exception as e:  # noqa: BLE001
                    msg = repr(e) + ("\ncause: " + repr(e.__cause__)[-1500:] if e.__cause__ is not None else "")
                    # the head is the kernel's signature; the cause is at the end (session 45)
                    print(name, vname, "run failed:", msg[:300] + (" ... " + msg[-3000:] if len(msg) > 300 else ""),
                          flush=True)
                    fns.append((vname, None, float("nan")))
            if not a.cpu and not a.no_compile:
                try:
                    cm = torch.compile(model)
                    fns.append(("compile", cm, rel(cm(*inputs), ref)))
                except Exception as e:  # noqa: BLE001
                    print(name, "compile failed:", repr(e)[:300], flush=True)
            fns.append(("eager", model, 0.0))
            res = {}
            for vname, f, err in fns:
                gpu = e2e = float("nan")
                if f is not None and not a.cpu and err == err and err < 1e-3:
                    fn = lambda: f(*inputs)  # noqa: E731
                    gpu = timer.median(fn, a.reps)
                res[vname] = (gpu, e2e, err)
        rows.append((name, res))
        print("%-10s " % name + "  ".join("%s %.1f us (err %.1e)" % (k, v[0], v[2])
                                         for k, v in res.items()), flush=True)
    print()
    print("| member | old gpu us | old_cols | new | new_cols | compile | eager | old/new_cols | new/new_cols "
          "| compile/new_cols | compile/old |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, res in rows:
        g = lambda k, i=0: res.get(k, (float("nan"),) * 3)[i]  # noqa: E731
        print("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2fx | %.2fx | %.2fx | %.2fx |" % (
            name, g("old"), g("old_cols"), g("new"), g("new_cols"), g("compile"), g("eager"),
            g("old") / g("new_cols"), g("new") / g("new_cols"), g("compile") / g("new_cols"), g("compile") / g("old")))
    print("errors (max|err|/max|ref| vs eager):", {n: {k: "%.1e" % v[2] for k, v in r.items()} for n, r in rows})
    print("wall %.1f s" % (time.time() - t_start))


if __name__ == "__main__":
    main()
