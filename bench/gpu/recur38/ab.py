"""recur38 (session 38, issue 14): a linear recurrence written as a Python loop, the unrolled chain (old: one launch
a step) against the one-launch scan stage kwb_linrec (new), with eager PyTorch and torch.compile, timed in one
process by triton.testing.do_bench (median ms). Correctness against eager first (fp32, rel. L2 error <= 1e-4); a
failing kernel is reported and not timed. Needs torch + triton only; kernels are the generated kernel.py files here.

  python3 recur38/ab.py --budget 75          (from the folder's parent)
  python3 recur38/ab.py --cpu-emulated       (CPU: fake Triton, correctness only, no timing)
"""
import argparse
import importlib.util
import os
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = [  # (tag, problem file, old kernel, new kernel)
    ("a01_EMA_fwd_T12", "a01_problem.py", "a01_old_kernel.py", "a01_new_kernel.py"),
    ("a11_GAE_rev_T16", "a11_problem.py", "a11_old_kernel.py", "a11_new_kernel.py"),
    ("m3_gated_iir_T16", "m3_problem.py", "m3_old_kernel.py", "m3_new_kernel.py"),
]


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, path))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def rel(a, b):
    outs_a = a if isinstance(a, (tuple, list)) else (a,)
    outs_b = b if isinstance(b, (tuple, list)) else (b,)
    err = 0.0
    for x, y in zip(outs_a, outs_b):
        x, y = x.double(), y.double()
        err = max(err, ((x - y).norm() / y.norm().clamp_min(1e-30)).item())
    return err


def run(args, start, rows, tag, name, m, inputs, want):
    note = ""
    try:
        with torch.no_grad():
            got = m(*inputs)
            got = m(*inputs)  # a plan replayed from a CUDA graph captures on its second call
        err = rel(got, want)
    except Exception as e:  # noqa: BLE001
        print("%-18s %-10s %10s %12s FAIL %s: %s" % (tag, name, "-", "-", type(e).__name__, str(e)[:200]))
        return
    if err > 1e-4:
        print("%-18s %-10s %10s %12.3g FAIL (not timed)" % (tag, name, "-", err))
        return
    ms = float("nan")
    if not args.cpu_emulated:
        import triton.testing
        if time.time() - start > args.budget:
            note = "budget spent: not timed"
        else:
            with torch.no_grad():
                ms = triton.testing.do_bench(lambda: m(*inputs), warmup=25, rep=100)
        note = note or str(getattr(m, "last_graph", "") or "")
    rows.append((tag, name, ms, err))
    print("%-18s %-10s %10.4f %12.3g %s" % (tag, name, ms, err, note), flush=True)
    if args.graph and not args.cpu_emulated and name not in ("compile",) and not str(getattr(m, "last_graph", "")):
        try:
            stream = torch.cuda.Stream()
            stream.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(stream), torch.no_grad():
                for _ in range(2):
                    m(*inputs)
            torch.cuda.current_stream().wait_stream(stream)
            g = torch.cuda.CUDAGraph()
            with torch.cuda.graph(g), torch.no_grad():
                out = m(*inputs)
            g.replay()
            torch.cuda.synchronize()
            gerr = rel(out, want)
            gms = triton.testing.do_bench(g.replay, warmup=25, rep=100)
            rows.append((tag, name + "+g", gms, gerr))
            print("%-18s %-10s %10.4f %12.3g captured by ab.py" % (tag, name + "+g", gms, gerr), flush=True)
        except Exception as e:  # noqa: BLE001
            print("%-18s %-10s capture failed: %s" % (tag, name + "+g", str(e)[:200]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=75.0, help="seconds; torch.compile is skipped past 60%% of it")
    ap.add_argument("--cpu-emulated", action="store_true", help="fake Triton on the CPU: correctness only")
    ap.add_argument("--only", default="", help="comma-separated tags")
    ap.add_argument("--graph", action="store_true",
                    help="also time each variant captured into a CUDA graph by this script (device time, no host "
                         "overhead): rows '<variant>+g'")
    args = ap.parse_args()
    start = time.time()
    dev = "cpu" if args.cpu_emulated else "cuda"
    if args.cpu_emulated:
        fake = os.environ.get("KWB_FAKE_TRITON")
        if fake:
            sys.path.insert(0, fake)
    else:
        torch.backends.cuda.matmul.allow_tf32 = False
        print("device: %s, torch %s" % (torch.cuda.get_device_name(0), torch.__version__))
    rows = []
    print("%-18s %-10s %10s %12s %s" % ("problem", "variant", "ms", "rel_err", "note"))
    loaded = []
    for tag, prob, old, new in PROBLEMS:
        if args.only and tag not in args.only.split(","):
            continue
        p = load(prob, "prob_" + tag)
        torch.manual_seed(0)
        init = p.get_init_inputs()
        model = p.Model(*init).to(dev).eval()
        inputs = [x.to(dev) if isinstance(x, torch.Tensor) else x for x in p.get_inputs()]
        with torch.no_grad():
            want = model(*inputs)
        variants = [("eager", model)]
        for name, path in (("new", new), ("old", old)):
            try:
                k = load(path, "k_%s_%s" % (name, tag))
                m = k.ModelNew(*init).to(dev).eval()
                sd = model.state_dict()
                if sd:
                    m.load_state_dict(sd)
                variants.append((name, m))
            except Exception as e:  # noqa: BLE001
                print("%-18s %-10s %10s %12s load failed: %s: %s" % (tag, name, "-", "-", type(e).__name__, e))
        loaded.append((tag, model, inputs, want))
        for name, m in variants:
            run(args, start, rows, tag, name, m, inputs, want)
    # torch.compile last (its compile time is the largest and least predictable): while the budget lasts
    for tag, model, inputs, want in loaded:
        if args.cpu_emulated or time.time() - start > 0.55 * args.budget:
            print("%-18s %-10s %10s %12s skipped (budget)" % (tag, "compile", "-", "-"))
            continue
        try:
            run(args, start, rows, tag, "compile", torch.compile(model), inputs, want)
        except Exception as e:  # noqa: BLE001
            print("%-18s %-10s torch.compile failed: %s" % (tag, "compile", str(e)[:200]))
    print("elapsed %.1f s" % (time.time() - start))
    # the ratios the decision rule reads: new vs old, new vs eager, new vs compile
    by = {(t, n): ms for t, n, ms, _ in rows}
    for tag, _, _, _ in PROBLEMS:
        o, n, e, c = (by.get((tag, v)) for v in ("old", "new", "eager", "compile"))
        if args.graph and by.get((tag, "new+g")):
            n = by[(tag, "new+g")]  # the old plans replay their own graph already
        if n and o:
            print("RATIO %-18s old/new %.2f  eager/new %s  compile/new %s" % (
                tag, o / n, "%.2f" % (e / n) if e else "-", "%.2f" % (c / n) if c else "-"))


if __name__ == "__main__":
    main()
