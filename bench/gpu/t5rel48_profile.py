#!/usr/bin/env python3
"""Where a kernel.py's time goes on the GPU: per-launch CUDA time of one forward (torch.profiler, the kernel's
launches run without its CUDA graph) beside eager's and torch.compile's, and the do_bench medians of all three.

    python3 bench/gpu/t5rel48_profile.py PROBLEM.py KERNEL.py [KERNEL2.py ...]     (from bench/gpu, on the GPU)

Written for the T5 row (session 48, t5rel48) and not run on a GPU when written (the device tool refused this
checkout's size). It also prints which path the kernel's timed calls take (CUDA graph replay or eager, and why).
"""
import sys

import torch

import abharness as ab


def per_kernel(fn, label, n=20):
    from torch.profiler import profile, ProfilerActivity
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(n):
            fn()
        torch.cuda.synchronize()
    rows = [(e.key, e.count / n, (getattr(e, "device_time_total", None) or e.cuda_time_total) / n)
            for e in prof.key_averages()]
    rows = [r for r in rows if r[2] > 0]
    rows.sort(key=lambda r: -r[2])
    print("== %s: %.1f us of CUDA time a forward, %.1f launches" % (label, sum(r[2] for r in rows),
                                                                  sum(r[1] for r in rows)))
    for k, c, t in rows:
        print("  %8.1f us  x%4.1f  %s" % (t, c, k[:110]))


def main():
    prob = ab.load(sys.argv[1], "prob")
    torch.manual_seed(0)
    ref = prob.Model(*prob.get_init_inputs()).cuda()
    x = ab.inputs_on(prob, "cuda")
    with torch.no_grad():
        want = ref(*x)
        print("eager us", ab.bench(lambda: ref(*x), "cuda", 25, 100))
        per_kernel(lambda: ref(*x), "eager")
        comp = torch.compile(ref)
        comp(*x)
        print("compile us", ab.bench(lambda: comp(*x), "cuda", 25, 100))
        per_kernel(lambda: comp(*x), "compile")
        for kp in sys.argv[2:]:
            km = ab.load(kp, "kern")
            new = km.ModelNew(*prob.get_init_inputs()).cuda()
            new.load_state_dict(ref.state_dict())
            for _ in range(4):  # the graph key's first calls run eagerly; the third or fourth captures
                got = new(*x)
            print(kp, "rel_err", ab.rel_err(got, want), "attn", getattr(km, "kwb_attn_last", None))
            # which path the timed calls take: "replay" / "replay in place", or "eager: <why>" (a failed capture
            # leaves last_fallback): the suite's 95 -> 207 us step on this row and 03_switch_router_capacity
            print(kp, "last_graph", getattr(new, "last_graph", None), "| last_fallback",
                  getattr(new, "last_fallback", None), "| last_plan", getattr(new, "last_plan", None))
            print(kp, "graph us", ab.bench(lambda: new(*x), "cuda", 25, 100))
            print(kp, "no-graph us", ab.bench(lambda: new._kwb_forward(*x), "cuda", 25, 100))
            per_kernel(lambda: new._kwb_forward(*x), kp)


if __name__ == "__main__":
    main()
