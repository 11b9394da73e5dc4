#!/usr/bin/env python3
"""Per-launch GPU time of a problem's kernel.py beside torch.compile's, one process (issue 14: a problem under
0.5x torch.compile needs a stated, measured reason; bytes alone did not explain w06's time).

For each problem: our ModelNew and torch.compile (mode default) of the reference, each warmed up, then N forwards
under torch.profiler (CUDA activity). Per side: every GPU kernel's name (cut to 60 characters), launches per
forward, GPU us per forward (the sum of its launches' device time / N) and its share; then the side's total GPU
us per forward and the do_bench median of the whole forward (host time shows as the gap between the two).

    python3 bench/gpu/launch_profile.py --generate .gpu/profile [--kwb build/dev/app/kwb] [PROBLEM.py ...]
    python3 bench/gpu/launch_profile.py --kernels .gpu/profile --budget 120          # H200
    python3 bench/gpu/launch_profile.py --kernels .gpu/profile --cpu-emulated       # the flow, no timing

Default problems: w06 (0.27x), v02 DenseNet block (0.45x), v07 Mamba-2 SSD (0.57x).
"""
import argparse
import os
import shutil
import sys

import abharness as ab

DEFAULT = [os.path.join(ab.DATA, "trial12", "w06_Conv2d_InstanceNorm_LeakyReLU_ChannelMean_Sigmoid.py"),
           os.path.join(ab.DATA, "unseen3", "v02_DenseNet_DenseBlock.py"),
           os.path.join(ab.DATA, "unseen3", "v07_Mamba2_SSD.py")]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "profile")
ap.add_argument("--kwb", default=ab.KWB, help="the kwb that writes the kernels (--generate)")
ap.add_argument("problems", nargs="*", help="problem files (--generate; default: w06, v02, v07)")
ap.add_argument("--iters", type=int, default=5, help="forwards under the profiler")
ab.add_run_args(ap, 120.0, rep=40.0)
args = ap.parse_args()

if args.generate:
    out = os.path.abspath(args.generate)
    os.makedirs(os.path.join(out, "problems"), exist_ok=True)
    os.makedirs(os.path.join(out, "kernels"), exist_ok=True)
    for src in args.problems or DEFAULT:
        name = os.path.basename(src)[:-3]
        shutil.copy(src, os.path.join(out, "problems", name + ".py"))
        print("%-50s %s" % (name, ab.analyze(args.kwb, src, os.path.join(out, "kernels", name + ".py"))[1]))
    sys.exit(0)

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
CLOCK = ab.Budget(args.budget)


def kernel_table(fn, iters):
    """[(name, launches per forward, us per forward)] of the GPU kernels fn launches, largest first."""
    from torch.profiler import ProfilerActivity, profile
    acts = [ProfilerActivity.CUDA] if DEV == "cuda" else [ProfilerActivity.CPU]
    with profile(activities=acts) as prof:
        for _ in range(iters):
            fn()
        if DEV == "cuda":
            torch.cuda.synchronize()
    rows = {}
    for e in prof.events():
        if DEV == "cuda" and e.device_type != torch.autograd.DeviceType.CUDA:
            continue
        if DEV != "cuda" and not e.name.startswith("aten::"):
            continue
        n, us = rows.get(e.name, (0, 0.0))
        rows[e.name] = (n + 1, us + (e.device_time if DEV == "cuda" else e.cpu_time))
    return sorted(((k, n / iters, us / iters) for k, (n, us) in rows.items()), key=lambda r: -r[2])


def side(name, label, fn):
    if CLOCK.left() < 5:
        print("%s %s: skipped (budget)" % (name, label), flush=True)
        return
    with torch.no_grad():
        for _ in range(3):
            fn()
        table = kernel_table(fn, args.iters)
        us = ab.bench(fn, DEV, 10, args.rep)
    total = sum(r[2] for r in table)
    print("%s %s: %d kernels, %.1f launches and %.1f us GPU per forward; do_bench %.1f us" % (
        name, label, len(table), sum(r[1] for r in table), total, us), flush=True)
    for k, n, t in table[:14]:
        print("    %8.1f us %5.1f%% %5.1f x  %s" % (t, 100 * t / max(total, 1e-9), n, k[:60]), flush=True)


def main():
    print("[launch_profile] %s, torch %s, budget %.0f s" % (ab.device_name(DEV), torch.__version__, args.budget))
    names = sorted(f[:-3] for f in os.listdir(os.path.join(args.kernels, "problems")) if f.endswith(".py"))
    for name in ab.chosen(names, args.only):
        try:
            P = ab.load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
            K = ab.load(os.path.join(args.kernels, "kernels", name + ".py"), "k_" + name)
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(DEV).eval()
            ours = K.ModelNew(*P.get_init_inputs()).to(DEV).eval()
            ours.load_state_dict(ref.state_dict(), strict=False)
            inputs = ab.inputs_on(P, DEV)
        except Exception as e:  # noqa: BLE001 -- a problem says what failed; the rest go on
            print("%s: error loading: %s: %s" % (name, type(e).__name__, str(e)[-160:]), flush=True)
            continue
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = True
            torch.backends.cudnn.allow_tf32 = True
        side(name, "ours", lambda: ours(*inputs))
        if DEV == "cuda" and CLOCK.left() > 30:
            comp = torch.compile(ref)
            side(name, "compile", lambda: comp(*inputs))
            torch._dynamo.reset()
        ref = ours = inputs = comp = None
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("[launch_profile] %.1f s" % CLOCK.elapsed())


if __name__ == "__main__":
    main()
