#!/usr/bin/env python3
"""Host time of one forward, old launch path against new, beside torch.compile and eager, in one process.

Per problem and variant, every figure per forward call:
  issue_us  host only: time.perf_counter over N back-to-back calls, no synchronize inside (one at the end,
            outside the figure): the Python + Triton launch path the harness reports as host_us
  loop_us   the same N calls with the closing synchronize: throughput, max(host, GPU) per call
  gpu_us    GPU time of N back-to-back calls between CUDA events, the launches queued behind a spin
            (torch.cuda._sleep) as the harness's blocking kernel does; 'spin<host' marks a spin too short
  bench_us  triton.testing.do_bench median (L2 flushed per call; a launch-bound call shows its host time)
  rel_err   vs eager fp32 (TF32 off), ||out - ref|| / ||ref||
Variants: kwb-old (kwb_memo_plans = kwb_fast_launch = False: what main ran), kwb-memo (plans memoised),
kwb-new (memo + fast launch), compile (Inductor, default mode), eager. 'fast' shows the fast path's cached
launches over all launches of the new variant, and why it turned itself off where it did.

  python3 bench/gpu/host_overhead.py --generate [--kwb build/dev/app/kwb]  # CPU: renders into .gpu/hostpath/
  python3 bench/gpu/host_overhead.py [--dir .gpu/hostpath] [--budget 55]   # H200: the table (one process)
  python3 bench/gpu/host_overhead.py --generate --dir .gpu/DIR P.py ...    # other problems; run with --dir .gpu/DIR
  --profile: after kwb-new's row, cProfile's costliest functions per forward (where the host time goes)
"""
import argparse
import importlib.util
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROBLEMS = ["u13_AvgPool2d_pad_exclude", "u47_AvgPool2d_ceil_stride2", "u52_Var_spatial_biased_keepdim",
            "u55_InstanceNorm2d_affine_batch_eq_channels", "u10_InstanceNorm1d_affine", "u22_Batched_matmul_broadcast",
            "u23_Einsum_bij_bjk", "u30_Matmul_Divide_ParamScalar"]


STAGE_HEAD = "# ---- the stage library (resources/templates/kernels/triton_stages.py) ----\n"
EPI_HEAD = "\n\n# ---- epilogues and the elementwise launch (triton_epilogue.py) ----\n"
EPI_ENDS = ("\n\n# ---- indexed writes and integer scans", "\n\n# ---- CUDA graph replay of a launch-bound plan",
            "\n\n# ---- this problem's epilogues")


def splice(text):
    """A chain kernel.py with the stage library and the epilogue file as this tree has them (core/codegen/chain.cpp
    pastes them verbatim between these headers), so a kwb built from another commit renders this tree's launch
    path. Returns (text, spliced?); other templates come back unchanged."""
    if STAGE_HEAD not in text or EPI_HEAD not in text:
        return text, False
    kernels = ROOT / "resources/templates/kernels"
    a = text.index(STAGE_HEAD) + len(STAGE_HEAD)
    b = text.index(EPI_HEAD, a)
    c = min(i for i in (text.find(e, b + len(EPI_HEAD)) for e in EPI_ENDS) if i >= 0)
    return (text[:a] + (kernels / "triton_stages.py").read_text() + EPI_HEAD +
            (kernels / "triton_epilogue.py").read_text() + text[c:]), True


def generate(out, kwb, src, paths=()):
    """Renders PROBLEMS (from src), or the problem files in paths, into out/NAME/{kernel,reference}.py."""
    out.mkdir(parents=True, exist_ok=True)
    todo = [(pathlib.Path(p).stem, pathlib.Path(p)) for p in paths] or [(n, src / (n + ".py")) for n in PROBLEMS]
    for name, problem in todo:
        d = out / name
        d.mkdir(exist_ok=True)
        r = subprocess.run([kwb, "analyze", str(problem), "--kernel-out", str(d / "kernel.py"), "--framework",
                            "triton"], capture_output=True, text=True, timeout=300)
        (d / "reference.py").write_text(problem.read_text())
        if not (d / "kernel.py").exists():
            print("%s: FAILED rc %d %s" % (name, r.returncode, (r.stderr or r.stdout).strip()[-300:]))
            continue
        text, spliced = splice((d / "kernel.py").read_text())
        (d / "kernel.py").write_text(text)
        print("%s: ok%s" % (name, " (stage library and epilogue from this tree)" if spliced else ""))


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def flat(o):
    import torch
    if isinstance(o, torch.Tensor):
        return [o]
    if isinstance(o, (tuple, list)):
        return [t for x in o for t in flat(x)]
    return []


def rel_err(out, ref):
    num = den = 0.0
    for a, b in zip(flat(out), flat(ref)):
        num += float((a.double() - b.double()).norm()) ** 2
        den += float(b.double().norm()) ** 2
    return (num ** 0.5) / max(den ** 0.5, 1e-30)


DEV = "cuda"


def sync():
    import torch
    if DEV == "cuda":
        torch.cuda.synchronize()


def measure(fn, n):
    """(issue_us, loop_us, gpu_us, spin_covered) per call over n calls; gpu_us nan on the CPU."""
    import torch
    sync()
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    t1 = time.perf_counter()
    sync()
    t2 = time.perf_counter()
    issue, loop = (t1 - t0) * 1e6 / n, (t2 - t0) * 1e6 / n
    if DEV != "cuda":
        for _ in range(n):  # the same calls as the GPU's second loop (the fast path's hit count)
            fn()
        return issue, loop, float("nan"), True
    pre, start, end = (torch.cuda.Event(enable_timing=True) for _ in range(3))
    pre.record()
    torch.cuda._sleep(int(min(2e8, (t1 - t0) * 1e6 * 1.5 * 2500)))  # >= 1.5x the issue time at <= 2.5 GHz
    start.record()
    h0 = time.perf_counter()
    for _ in range(n):
        fn()
    h1 = time.perf_counter()
    end.record()
    torch.cuda.synchronize()
    spin_us = pre.elapsed_time(start) * 1e3
    return issue, loop, start.elapsed_time(end) * 1e3 / n, spin_us > (h1 - h0) * 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--generate", action="store_true")
    ap.add_argument("--kwb", default=str(ROOT / "build/dev/app/kwb"))
    ap.add_argument("--src", default=str(ROOT / "tests/data/unseen"))
    ap.add_argument("--dir", default=str(ROOT / ".gpu/hostpath"))
    ap.add_argument("--budget", type=float, default=55.0, help="seconds; torch.compile is skipped past 60%% of it")
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--only", default="", help="comma-separated name prefixes (default: all eight)")
    ap.add_argument("--cpu", action="store_true", help="smoke test of this script on the fake Triton (no GPU figures)")
    ap.add_argument("--profile", action="store_true", help="after kwb-new's row, cProfile's 12 costliest functions "
                    "(own time per forward call, us): where the host time goes")
    ap.add_argument("problems", nargs="*", help="with --generate: problem files instead of the eight (run: every "
                    "folder of --dir is a problem)")
    args = ap.parse_args()
    if args.generate:
        generate(pathlib.Path(args.dir), args.kwb, pathlib.Path(args.src), args.problems)
        return 0
    if args.cpu:
        sys.path.insert(0, str(ROOT / "tests/data/codegen/fake_triton"))
        os.environ.setdefault("KWB_HARNESS_DEVICE", "cpu")
    import torch
    import triton
    global DEV
    DEV = "cpu" if args.cpu else "cuda"
    t_start = time.perf_counter()
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    print("triton %s, torch %s, %s" % (triton.__version__, torch.__version__,
                                        "CPU smoke test" if args.cpu else torch.cuda.get_device_name()))
    hdr = "%-34s %-9s %9s %9s %9s %9s %10s  %s" % ("problem", "variant", "issue_us", "loop_us", "gpu_us",
                                                   "bench_us", "rel_err", "note")
    print(hdr)
    print("-" * len(hdr))
    only = [p for p in args.only.split(",") if p]
    rendered = sorted(d.name for d in pathlib.Path(args.dir).iterdir() if (d / "kernel.py").exists())
    names = [n for n in PROBLEMS if n in rendered] + [n for n in rendered if n not in PROBLEMS]
    for i, name in enumerate(names):
        if only and not any(name.startswith(p) for p in only):
            continue
        d = pathlib.Path(args.dir) / name
        try:
            ref_mod = load(d / "reference.py", "ref_%d" % i)
            ker = load(d / "kernel.py", "ker_%d" % i)
            torch.manual_seed(0)
            model = ref_mod.Model(*ref_mod.get_init_inputs()).to(DEV)
            torch.manual_seed(0)
            new = ker.ModelNew(*ref_mod.get_init_inputs()).to(DEV)
            try:
                new.load_state_dict(model.state_dict(), strict=False)
            except Exception:  # noqa: BLE001 - a ModelNew without the same parameters keeps its own (seeded)
                pass
            torch.manual_seed(1)
            inputs = [x.to(DEV) if isinstance(x, torch.Tensor) else x for x in ref_mod.get_inputs()]
            with torch.no_grad():
                ref = model(*inputs)
                variants = []
                for label, memo, fast in (("kwb-old", False, False), ("kwb-memo", True, False),
                                          ("kwb-new", True, True)):
                    variants.append((label, lambda m=memo, f=fast: (setattr_if(ker, "kwb_memo_plans", m),
                                                                    setattr_if(ker, "kwb_fast_launch", f)), new))
                if not args.cpu and time.perf_counter() - t_start < 0.6 * args.budget:
                    variants.append(("compile", None, torch.compile(model)))
                else:
                    print("%-34s %-9s skipped: %s" % (name[:34], "compile", "--cpu" if args.cpu else
                                                      "past 60% of the budget"))
                variants.append(("eager", None, model))
                for label, setup, fn in variants:
                    if setup is not None:
                        setup()
                    for _ in range(1 if args.cpu else 5):
                        out = fn(*inputs)
                    hits0 = sum(getattr(j.__dict__.get("run"), "hits", 0) for j in jit_kernels(ker))
                    issue, loop, gpu, covered = measure(lambda: fn(*inputs), args.calls)
                    hits = sum(getattr(j.__dict__.get("run"), "hits", 0) for j in jit_kernels(ker)) - hits0
                    bench = float("nan") if args.cpu else \
                        triton.testing.do_bench(lambda: fn(*inputs), warmup=10, rep=40) * 1e3
                    out = fn(*inputs)
                    sync()
                    note = "" if covered else "spin<host"
                    if label == "kwb-new":
                        note += " fast %d/%d calls" % (hits, 2 * args.calls)
                        off = getattr(ker, "kwb_fast_launch_off", None)
                        if off:
                            note += " OFF: %s" % off
                        if not hasattr(ker, "kwb_fast_launch"):
                            note += " (template without the fast path)"
                    print("%-34s %-9s %9.1f %9.1f %9.2f %9.2f %10.2e  %s" % (name[:34], label, issue, loop, gpu, bench,
                                                                            rel_err(out, ref), note.strip()))
                    if args.profile and label == "kwb-new":
                        profile(lambda: fn(*inputs), args.calls)
        except Exception as e:  # noqa: BLE001 - one problem's failure is one line
            print("%-34s %-9s FAILED %s: %s" % (name[:34], "-", type(e).__name__, str(e).strip()[:200]))
        sys.stdout.flush()
    print("total %.1f s" % (time.perf_counter() - t_start))
    return 0


def profile(fn, n):
    """cProfile of n calls of fn: the 12 functions with the most own time, us per call of fn."""
    import cProfile
    import pstats
    pr = cProfile.Profile()
    pr.enable()
    for _ in range(n):
        fn()
    pr.disable()
    sync()
    st = pstats.Stats(pr)
    rows = sorted(st.stats.items(), key=lambda kv: -kv[1][2])[:12]
    for (path, line, func), (_cc, nc, tt, _ct, _callers) in rows:
        print("    %8.1f us  %6.1f calls  %s (%s:%d)" % (tt * 1e6 / n, nc / n, func, os.path.basename(path), line))


def setattr_if(mod, name, value):
    if hasattr(mod, name):
        setattr(mod, name, value)


def jit_kernels(mod):
    return [v for v in vars(mod).values() if "run" in getattr(v, "__dict__", {})]


if __name__ == "__main__":
    sys.exit(main())
