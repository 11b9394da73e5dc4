#!/usr/bin/env python3
"""Launch-bound small models (issue 14, session 21, branch launch): main's generated kernel ("old") against this
branch's ("new") and the new one with each of its switches off, in one process, beside eager and torch.compile,
timed the harness's way and by do_bench, with where each forward's GPU time goes.

    # CPU machine: both kernels and copies of the problems (old from main's kwb, new from this checkout's)
    python3 bench/gpu/launch.py --generate .gpu/launch --old-kwb /work/main/build/dev/app/kwb
    python3 bench/gpu/launch.py --kernels .gpu/launch --cpu-emulated      # fake_triton: the script's own check
    # GPU machine (repository root, .gpu/launch carried)
    python3 bench/gpu/launch.py --kernels .gpu/launch --budget 420

Problems: session 20's slowest small models against torch.compile (docs/results/2026-12-03-h200-s20.md, call 4) and
one second member of each class this branch changes. Every model runs as built (v01 / v02 in training mode, as the
harness runs them). Switches (module globals of the generated kernel.py):
- kwb_bn_one_pass: a batch norm on batch statistics with <= 8192 elements a channel in one launch (statistics,
  running-statistics update, apply). Off: the moments pass, _kwb_bn_update and the apply (three launches).
- kwb_bn_update_in_apply: past that limit, the apply pass's programs of image 0 update the running statistics (two
  launches). Off: _kwb_bn_update between them (three). Rows: 52_, 8_ResNetBasicBlock (training, as built).
- CONV_CAT_SLICES: the conv template's cat buffer; here also cats that grow one another (DenseNet) as views of one
  buffer, the block's input copied in once. Off: every cat a kwb_cat launch again.
- KWB_GRAPH_IN_PLACE: a graph-replayed plan called on the same input tensors again replays a graph captured on them,
  no input copy. Off: every replay copies its inputs into the graph's static buffers first.
- graph off: KWB_CUDA_GRAPH=0, every launch one by one (what the harness's spin hides, do_bench does not).
- kwb_const_memo: constants of the sizes kept (now also tril / triu of one: Mamba-2's masks). Off: filled per call.
- kwb_softmax_pre: the pointwise run before a softmax in its loads. Off: a kwb_pointwise launch first.
- kwb_gather_reduce: an embedding reduced over its bag dims in the gather's launch. Off: the gather, then the reduce.
The planner's changes without a switch (a reduction computed twice is one launch; a constant mask built between two
pointwise ops no longer cuts them) are in the old / new pair only (v07).
Columns: harness_us = the harness's Timer in small (L2 flushed, a torch.cuda._sleep spin of 3x the host time before
the start event, CUDA events around one forward, median): the figure the suite's latency_us is; host_us = host time of
one forward; us = triton.testing.do_bench median (the host path included where the GPU waits for it); launches /
kern_us = torch.profiler's kernels of one forward and their summed time (the graph path off: what each launch costs);
top = the three largest kernels; x_old = old's harness_us / this row's; rel_err = ||got - eager|| / ||eager|| (fp32,
TF32 at torch's defaults). Nothing here ran on a GPU when it was written.
What each row decides: see docs/DECISIONS.md, "Small models: launches per forward" (session 21).
"""
import argparse
import os
import statistics
import sys
import time
import warnings

import abharness as ab

CLOCK = ab.Budget(0.0)  # the budget is set once the arguments are read
DATA = ab.DATA
SHARED = os.environ.get("KWB_SHARED_DATA", "/work/shared/data")  # the given problems (kernelbench/level*)
OFF = lambda *names: [("%s off" % n, {n: False}) for n in names]  # noqa: E731
GRAPH_OFF = [("graph off", {"__env__": ("KWB_CUDA_GRAPH", "0")})]
# (problem file under tests/data, variants of the new kernel: (label, module settings))
PROBLEMS = [
    ("unseen3/v02_DenseNet_DenseBlock",
     OFF("kwb_bn_one_pass", "CONV_CAT_SLICES", "KWB_GRAPH_IN_PLACE")
     + [("one pass + cat slices off", {"kwb_bn_one_pass": False, "CONV_CAT_SLICES": False})] + GRAPH_OFF),
    ("unseen3/v01_ResNet18_tiny", OFF("kwb_bn_one_pass", "KWB_GRAPH_IN_PLACE") + GRAPH_OFF),
    ("unseen3/v07_Mamba2_SSD", OFF("kwb_const_memo", "KWB_GRAPH_IN_PLACE") + GRAPH_OFF),
    ("codegen/chains/problems/swin_relative_position_bias", OFF("kwb_softmax_pre")),
    ("trial11/t05_EmbeddingGather_MeanBag", OFF("kwb_gather_reduce")),
    ("trial11/t11_fp16_Upcast_TemperatureSoftmax_Downcast", OFF("kwb_softmax_pre")),
    ("codegen/chains/problems/dense_block_1d_nested", OFF("kwb_bn_one_pass", "CONV_CAT_SLICES")),
    ("codegen/chains/problems/embedding_bag_max_2d", OFF("kwb_gather_reduce")),
    ("codegen/chains/problems/cse_mask_between_pointwise", OFF("kwb_const_memo")),
    # the suite's other small problems with a batch norm on batch statistics (session 20: 0.85-0.96x torch.compile)
    ("unseen/u40_Gemm_BatchNorm1d_train_Tanh", OFF("kwb_bn_one_pass")),
    ("unseen/u41_Conv2d_BatchNormTrain_ReLU_MaxPool", OFF("kwb_bn_one_pass")),
    ("unseen/u32_Conv2d_BatchNorm_ReLU_AvgPool", OFF("kwb_bn_one_pass")),
    # training-mode norms past the one-pass limit: the running-statistics update in the apply pass (two launches)
    ("kernelbench/level2/52_Conv2d_Activation_BatchNorm", OFF("kwb_bn_update_in_apply")),
    ("kernelbench/level3/8_ResNetBasicBlock", OFF("kwb_bn_update_in_apply")),
]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "launch", old_new=True)
ab.add_run_args(ap, 420.0, compile_flag=True)
ap.add_argument("--calls", type=int, default=40, help="timed calls of the harness-style timer per row")
args = ap.parse_args()
CLOCK.seconds = args.budget


def base(p):
    return os.path.basename(p)


if args.generate:
    ab.generate_old_new(args.generate, [(base(path), os.path.join(SHARED if path.startswith("kernelbench/") else DATA,
                                                                  path + ".py")) for path, _ in PROBLEMS],
                        args.old_kwb, args.new_kwb, 52)
    sys.exit(0)

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402

warnings.simplefilter("ignore")
DEV = "cpu" if args.cpu_emulated else "cuda"
BAD = []
SEQ = iter(range(1 << 30))  # a fresh module name per ModelNew: settings stay on their own module
load = ab.load


class HarnessTimer:
    """resources/templates/test_kernel.py.in's Timer in small: before each call the L2 is flushed (a 2 x L2 buffer
    zeroed) and the GPU synchronised; a torch.cuda._sleep spin of 3 x the largest host time seen + 50 us (>= 200 us)
    holds the stream so the forward's launches queue behind it; CUDA events time the forward on the GPU."""

    def __init__(self):
        l2 = int(getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 0) or (64 << 20))
        self.flush = torch.empty(2 * l2 // 4, dtype=torch.int32, device="cuda")
        self.stream = torch.cuda.Stream()
        best = []
        with torch.cuda.stream(self.stream):
            torch.cuda._sleep(1000)
            for cycles in (200000, 400000):
                t = []
                for _ in range(3):
                    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                    a.record(self.stream)
                    torch.cuda._sleep(cycles)
                    b.record(self.stream)
                    b.synchronize()
                    t.append(a.elapsed_time(b) * 1000.0)
                best.append(min(t))
        self.rate = 200000 / max(best[1] - best[0], 1e-3)  # cycles per us

    def measure(self, fn, n):
        gpu, host, host_max = [], [], None
        for i in range(n + 5):  # 5 warm-up calls size the spin, as the harness's warm-up does
            with torch.cuda.stream(self.stream):
                self.flush.zero_()
            torch.cuda.synchronize()
            spin = min(20000.0, max(200.0, 3.0 * (host_max or 0.0) + 50.0))
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            with torch.cuda.stream(self.stream):
                torch.cuda._sleep(max(1, int(spin * self.rate)))
                s.record(self.stream)
                h0 = time.perf_counter()
                fn()
                h1 = time.perf_counter()
                e.record(self.stream)
            torch.cuda.synchronize()
            h = (h1 - h0) * 1e6
            host_max = h if host_max is None else max(host_max, h) if h < spin else host_max
            if i >= 5:
                gpu.append(s.elapsed_time(e) * 1000.0)
                host.append(h)
        return statistics.median(gpu), statistics.median(host)


TIMER = None


def profile(fn):
    """(launches, summed kernel us, the three largest kernels by name) of one forward: torch.profiler's CUDA kernels
    from its chrome trace, as the harness's kernel_profile reads them."""
    import json
    import tempfile
    from torch.profiler import ProfilerActivity
    from torch.profiler import profile as prof
    fn()
    torch.cuda.synchronize()
    with prof(activities=[ProfilerActivity.CUDA]) as p:
        fn()
        torch.cuda.synchronize()
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "trace.json")
        p.export_chrome_trace(path)
        with open(path) as f:
            events = json.load(f).get("traceEvents", [])
    ks = [e for e in events if e.get("cat") == "kernel" and e.get("ph") == "X"]
    by = {}
    for e in ks:
        by[e.get("name", "?")] = by.get(e.get("name", "?"), 0.0) + float(e.get("dur", 0))
    top = sorted(by.items(), key=lambda kv: -kv[1])[:3]
    return len(ks), sum(by.values()), ", ".join("%s %.1f" % (k[:28], v) for k, v in top)


def timed(fn):
    if DEV != "cuda":
        return None, None, None, (None, None, "")
    global TIMER
    if TIMER is None:
        TIMER = HarnessTimer()
    from triton.testing import do_bench
    hus, host = TIMER.measure(fn, args.calls)
    us = do_bench(fn, warmup=10, rep=30, return_mode="median") * 1e3
    try:
        pr = profile(fn)
    except Exception as e:  # noqa: BLE001 -- a profile is extra information
        pr = (None, None, "profile failed: %s" % type(e).__name__)
    return hus, host, us, pr


def row(name, variant, fn, want, old=None, note=""):
    if CLOCK.left() < 5:
        print("| %s | %s | skipped (budget) | | | | | | | |" % (name, variant), flush=True)
        return None
    try:
        with torch.no_grad():
            got = fn()
            err = ab.rel_err(got, want)
            hus, host, us, (n, kus, top) = timed(fn)
    except Exception as e:  # noqa: BLE001 -- one failing row does not lose the table
        BAD.append((name, variant))
        print("| %s | %s | ERROR %s: %s | | | | | | | |" % (name, variant, type(e).__name__, str(e).strip()[-160:]),
              flush=True)
        return None
    tol = 3e-2 if "t11" in name else 1e-2
    if err > tol:
        BAD.append((name, variant))
    f = (lambda x, fmt="%.1f": fmt % x if x is not None else "-")
    x = "x%.2f" % (old / hus) if old and hus else ""
    print("| %s | %s | %s | %s | %s | %s | %s | %s | %.1e | %s%s |" % (
        name, variant, f(hus), f(host), f(us), f(n, "%d"), f(kus), x, err, (note + " " + top).strip(),
        "  BAD" if err > tol else ""), flush=True)
    return hus


class Case:
    def __init__(self, name):
        self.name = name
        self.prob = load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
        torch.manual_seed(0)
        self.inputs = ab.inputs_on(self.prob, DEV)
        if "fp16" in name:
            self.inputs = [t.half() if t.is_floating_point() else t for t in self.inputs]
        self.init = self.prob.get_init_inputs()
        self.ref = self.prob.Model(*self.init).to(DEV)  # as built: training mode where the model is (v01, v02)
        self.state = {k: v.clone() for k, v in self.ref.state_dict().items()}
        with torch.no_grad():
            self.want = self.ref(*self.inputs)

    def model(self, side, settings=None):
        """A fresh ModelNew of old/ or new/ (its own module: switches set on it stay on it)."""
        mod = load(os.path.join(args.kernels, side, self.name + ".py"), "k_%s_%s_%d" % (side, self.name, next(SEQ)))
        settings = dict(settings or {})
        env = settings.pop("__env__", None)
        ab.apply_settings(mod, settings, side)
        m = mod.ModelNew(*self.init).to(DEV).train(self.ref.training)
        m.load_state_dict(self.state)

        def fn():
            if env:
                os.environ[env[0]] = env[1]
            try:
                return m(*self.inputs)
            finally:
                if env:
                    del os.environ[env[0]]
        return fn


def main():
    cases = ab.chosen([(base(p), s) for p, s in PROBLEMS], args.only)
    print("launch: %s, torch %s, budget %.0f s, kernels %s" % (
        ab.device_name(DEV), torch.__version__, args.budget, args.kernels), flush=True)
    print("| problem | variant | harness_us | host_us | us | launches | kern_us | x_old | rel_err | note / top |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|", flush=True)
    done = []
    for name, variants in cases:
        if CLOCK.left() < 15:
            print("| %s | - | skipped (budget) | | | | | | | |" % name, flush=True)
            continue
        try:
            c = Case(name)
        except Exception as e:  # noqa: BLE001
            BAD.append((name, "setup"))
            print("| %s | setup | ERROR %s: %s | | | | | | | |" % (name, type(e).__name__, str(e)[-160:]), flush=True)
            continue
        old = None
        for label, side, settings in [("old (main)", "old", None), ("new", "new", None)] + [
                (label, "new", settings) for label, settings in variants]:
            try:
                fn = c.model(side, settings)
            except Exception as e:  # noqa: BLE001 -- a switch this kernel does not have: the row says so
                BAD.append((name, label))
                print("| %s | %s | ERROR %s: %s | | | | | | | |" % (name, label, type(e).__name__, str(e)[-160:]),
                      flush=True)
                continue
            r = row(name, label, fn, c.want, old)
            if side == "old":
                old = r
        row(name, "eager", lambda: c.ref(*c.inputs), c.want, old)
        done.append((c, old))
    if not args.no_compile and DEV == "cuda":
        for c, old in done:
            if CLOCK.left() < 30:
                print("| %s | torch.compile | skipped (budget) | | | | | | | |" % c.name, flush=True)
                continue
            try:
                comp = torch.compile(c.ref)
                with torch.no_grad():
                    comp(*c.inputs)
            except Exception as e:  # noqa: BLE001
                print("| %s | torch.compile | ERROR %s | | | | | | | |" % (c.name, type(e).__name__), flush=True)
                continue
            row(c.name, "torch.compile", lambda: comp(*c.inputs), c.want, old)
    print("bad rows: %s" % (BAD or "none"))
    return 1 if BAD else 0


if __name__ == "__main__":
    sys.exit(main())
