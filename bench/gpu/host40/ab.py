"""host40 (session 40, issue 14): the host time of a generated kernel.py's whole forward (real use, not the harness).
Per problem, one process, one timing method per column; every variant loads new/<tag>.py (kernel.py from the
host40 branch's kwb; with kwb_graph_small off it is main's launch path) into a module of its own:
  old      as generated (eager: every launch through Triton's `kernel[grid]`)
  fast     kwb_fast_launch = True (KWB_FAST_LAUNCH: the cached CompiledKernel's launcher)
  graph    kwb_graph_small = True (a 2-7-launch plan replays from one CUDA graph, triton_graph.py's kwb_graph_call);
           a one-launch plan has no switch: its forward() is wrapped in kwb_graphlib.kwb_graph_call (the same code,
           from the branch's resources/templates/kernels); the note says which (new/switch, new/wrap) and what ran
  graph+f  graph with the fast launch (the copies / clone around the replay launch through it)
  compile  torch.compile(Model) (mode default)
Columns: bench_us = triton.testing.do_bench of the whole forward, same inputs each call (host included: the
GPU waits on the host when the host is slower); loopA_us = CUDA events around N back-to-back calls / N, same
inputs; loopAB_us = the same alternating two input sets (new tensors each call: real use; a graph copies into its
static buffers); gpu_us = the harness's GPU time (L2 flushed, blocking spin before the call, median), which a
variant must not make worse. Correctness first: each variant on inputs A, then on fresh inputs C (other values,
other tensors) against eager -- a replay over stale inputs would fail here.

  python3 host40/ab.py --budget 85            (GPU, from the folder's parent)
  KWB_FAKE_TRITON=1 PYTHONPATH=<fake_triton> python3 host40/ab.py --cpu-emulated   (CPU: loading, correctness)
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
PROBLEMS = [  # multi-launch plans first (the switch's class), then one-launch plans (the wrapper)
    "03_gqa_rope",
    "07_vit_mlp_block",
    "masked_scatter_image_tokens_merge",
    "b02_IndexAdd_Alpha_MaskedScatter_Combine",
    "cumsum_bool_rank_dim1_scale",
    "05_segment_sum",
    "lengths_mask_masked_fill_softmax",
    "op38_causal_attn_lengths_padmask",
    "03_causal_attn_padmask",
]
VARIANTS = ("old", "fast", "graph", "graph+f")


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def outs(x):
    return list(x) if isinstance(x, (tuple, list)) else [x]


def err_of(got, want):
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
        elif not torch.equal(g.cpu(), w.cpu()):
            e = max(e, 1.0)
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

    def gpu(self, fn, reps):
        host = []
        for _ in range(3):
            torch.cuda.synchronize()
            h0 = time.perf_counter()
            fn()
            host.append((time.perf_counter() - h0) * 1e6)
        torch.cuda.synchronize()
        spin = 3.0 * max(host) + 300.0
        us = []
        for _ in range(reps):
            self.flush.zero_()
            torch.cuda.synchronize()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            torch.cuda._sleep(max(1, int(spin * self.cycles_per_us)))
            start.record()
            fn()
            end.record()
            torch.cuda.synchronize()
            us.append(start.elapsed_time(end) * 1000.0)
        return statistics.median(us)

    @staticmethod
    def loop(fns, n):
        """CUDA events around n back-to-back calls (cycling through fns), us per call; median of 3 rounds."""
        r = []
        for _ in range(3):
            torch.cuda.synchronize()
            e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            e0.record()
            for i in range(n):
                fns[i % len(fns)]()
            e1.record()
            torch.cuda.synchronize()
            r.append(e0.elapsed_time(e1) * 1000.0 / n)
        return statistics.median(r)


def make_variant(tag, variant, init, model, dev, lib):
    """ModelNew of new/<tag>.py (host40's kernel.py; old/<tag>.py where absent) with Model's state, as the variant
    runs it (a module of its own per variant). graph variants: kwb_graph_small = True where the file has the switch,
    else forward() wrapped in kwb_graphlib.kwb_graph_call (the same code)."""
    path = os.path.join(HERE, "new", tag + ".py")
    if not os.path.exists(path):
        path = os.path.join(HERE, "old", tag + ".py")
    k = load(path, "k_%s_%s" % (variant.replace("+", "_"), tag))
    switch = variant.startswith("graph") and hasattr(k, "kwb_graph_small")
    if switch:
        k.kwb_graph_small = True
    if variant in ("fast", "graph+f"):
        k.kwb_fast_launch = True
        if lib is not None:
            lib.kwb_fast_launch = True
    m = k.ModelNew(*init).to(dev).eval()
    sd = model.state_dict()
    if sd:
        m.load_state_dict(sd)
    if variant.startswith("graph") and not switch:
        eager = m.forward
        m.forward = lambda *a: lib.kwb_graph_call(m, eager, a)
    m.kwb_src = os.path.basename(os.path.dirname(path)) + ("/switch" if switch else "/wrap" if variant.startswith(
        "graph") else "")
    return m, k


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=85.0, help="seconds; compile rows stop at 70%% of it")
    ap.add_argument("--reps", type=int, default=20, help="harness-style GPU timings per row")
    ap.add_argument("--loop", type=int, default=40, help="calls per event loop")
    ap.add_argument("--cpu-emulated", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--no-compile", action="store_true")
    args = ap.parse_args()
    start = time.time()
    cpu = args.cpu_emulated
    dev = "cpu" if cpu else "cuda"
    if cpu and os.environ.get("KWB_FAKE_TRITON"):
        sys.path.insert(0, os.environ.get("KWB_FAKE_TRITON"))
    sys.path.insert(0, HERE)
    if not cpu:
        import triton
        from triton.testing import do_bench
        print("device: %s, torch %s, triton %s" % (torch.cuda.get_device_name(0), torch.__version__,
                                                    triton.__version__), flush=True)
    libs = {}
    timer = None if cpu else Timer()
    rows = {}
    print("%-40s %-8s %9s %9s %9s %9s %9s %s" % ("problem", "variant", "bench_us", "loopA_us", "loopAB_us", "gpu_us",
                                               "rel_err", "note"), flush=True)
    loaded = []
    for tag in PROBLEMS:
        if args.only and tag not in args.only.split(","):
            continue
        if time.time() - start > 0.6 * args.budget:
            print("%-40s skipped (budget)" % tag, flush=True)
            continue
        p = load(os.path.join(HERE, "problems", tag + ".py"), "prob_" + tag)
        torch.manual_seed(0)
        init = p.get_init_inputs()
        model = p.Model(*init).to(dev).eval()
        sets = []
        for seed in (1, 2, 3):  # A, B (the alternating set), C (fresh values for the stale-replay check)
            torch.manual_seed(seed)
            sets.append([x.to(dev) if isinstance(x, torch.Tensor) else x for x in p.get_inputs()])
        with torch.no_grad():
            ref_model = copy.deepcopy(model).float()
            wants = [ref_model(*[x.float() if isinstance(x, torch.Tensor) and x.is_floating_point() else x
                                 for x in s]) for s in sets]
        is16 = any(isinstance(x, torch.Tensor) and x.dtype in (torch.float16, torch.bfloat16) for x in sets[0])
        tol = 2e-2 if is16 else 5e-3
        loaded.append((tag, model, sets, wants, tol))
        for variant in VARIANTS:
            if variant.startswith("graph") and variant not in libs:
                libs[variant] = load(os.path.join(HERE, "kwb_graphlib.py"), "kwb_graphlib_" + variant.replace("+", "_"))
            try:
                m, _ = make_variant(tag, variant, init, model, dev, libs.get(variant))
            except Exception as e:  # noqa: BLE001
                print("%-40s %-8s load failed: %s: %s" % (tag, variant, type(e).__name__, str(e)[:160]), flush=True)
                continue
            measure(args, timer, rows, tag, variant, m, sets, wants, tol, cpu)
    for tag, model, sets, wants, tol in loaded:
        if cpu or args.no_compile or time.time() - start > 0.65 * args.budget:
            print("%-40s %-8s skipped (budget)" % (tag, "compile"), flush=True)
            continue
        try:
            measure(args, timer, rows, tag, "compile", torch.compile(model), sets, wants, tol, cpu)
        except Exception as e:  # noqa: BLE001
            print("%-40s %-8s torch.compile failed: %s" % (tag, "compile", str(e)[:160]), flush=True)
    print("elapsed %.1f s" % (time.time() - start))
    for tag, *_ in loaded:
        o = rows.get((tag, "old"))
        if not o:
            continue
        parts = []
        for v in VARIANTS[1:] + ("compile",):
            r = rows.get((tag, v))
            if r:
                parts.append("%s/old bench %.2f loopA %.2f loopAB %.2f gpu %.2f" % (
                    v, r[0] / o[0], r[1] / o[1], r[2] / o[2], r[3] / o[3]))
        print("RATIO %-40s %s" % (tag, " | ".join(parts)))


def measure(args, timer, rows, tag, name, m, sets, wants, tol, cpu):
    A, B, C = sets
    try:
        with torch.no_grad():
            for _ in range(3):  # the graph's first call of a key runs eagerly, the second captures, the third replays
                got = m(*A)
            err = err_of(got, wants[0])
            m(*B)
            m(*B)
            err = max(err, err_of(m(*C), wants[2]), err_of(m(*A), wants[0]), err_of(m(*B), wants[1]))
    except Exception as e:  # noqa: BLE001
        print("%-40s %-8s FAIL %s: %s" % (tag, name, type(e).__name__, str(e)[:200]), flush=True)
        return
    note = getattr(m, "last_graph", "") if not isinstance(m, torch.nn.Module) or "last_graph" in m.__dict__ else ""
    if not err <= tol:
        print("%-40s %-8s %9s %9s %9s %9s %9.3g FAIL (tol %g; not timed) %s" % (tag, name, "-", "-", "-", "-", err, tol,
                                                                          note), flush=True)
        return
    if cpu:
        print("%-40s %-8s %9s %9s %9s %9s %9.3g ok %s" % (tag, name, "-", "-", "-", "-", err, note), flush=True)
        return
    from triton.testing import do_bench
    with torch.no_grad():
        fa, fb = (lambda: m(*A)), (lambda: m(*B))
        bench = do_bench(fa, warmup=5, rep=25, return_mode="median") * 1000.0
        la = Timer.loop([fa], args.loop)
        lab = Timer.loop([fa, fb], args.loop)
        note = getattr(m, "__dict__", {}).get("last_graph", "") + " " + getattr(m, "__dict__", {}).get("kwb_src", "")
        gpu = timer.gpu(fa, args.reps)
    rows[(tag, name)] = (bench, la, lab, gpu)
    print("%-40s %-8s %9.1f %9.1f %9.1f %9.2f %9.3g %s" % (tag, name, bench, la, lab, gpu, err, note), flush=True)


if __name__ == "__main__":
    main()
