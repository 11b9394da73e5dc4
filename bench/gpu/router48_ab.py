#!/usr/bin/env python3
"""router48: where 03_switch_router_capacity's 201.8 us go (0.19x torch.compile on the session 48 final list), the
same for two problems of its class (a top-1 router's cumsum over tokens of a [T, E] of few columns, a [T, E, C]
broadcast product of one_hot operands), and the A/B of KWB_ONEHOT_RECOMPUTE (off: the [T, C] one_hot written by its
own launch and read back by the product; on: recomputed per element of the product, `loc == c`: 16 -> 14 launches).

    python3 bench/gpu/router48_ab.py --generate .gpu/router48                 # CPU machine: this tree's kwb
    python3 bench/gpu/router48_ab.py --kernels .gpu/router48 --budget 60      # GPU machine

Per problem, one process, in this order: eager and torch.compile (do_bench medians); "off" / "on" = ModelNew's
forward as kwb wrote it with KWB_ONEHOT_RECOMPUTE=0 / 1 (kwb_graph_call's CUDA graph where the kernel has one, else
kwb_plan_call; the note says what ran: model.last_graph / last_plan / last_fallback), its do_bench median, rel_err
against eager, and the launches of one forward; "launches" = the same kernel's own body without the graph plumbing
(_kwb_forward / _kwb_body), do_bench and do_bench_cudagraph (its GPU time); for off, "scan chunked" = that body with
kwb_scan_rows = False (the scan on a contiguous copy walked in chunks, one program per column), "gemm tile 16" /
"gemm tf32" = that body with the small GEMM's least tile 16 / in TF32 (VARIANTS; where the kernel has a GEMM); then
a torch.profiler table of the off body (GPU us per forward per kernel, largest first): the diagnosis.

Rule, written before any number (docs/results/2026-12-07-router48.md): (1) KWB_ONEHOT_RECOMPUTE turns on by default
iff on is PASS with rel_err within 2x of off's (or under 1e-5) and on's GPU time (its launches row,
do_bench_cudagraph) <= 1.02x off's on every row it changes (03 and the dispatch row); else it stays off with the
numbers in DECISIONS. (2) If "off" exceeds its launches' GPU time by more than 2x, the loss is outside the kernels
(the graph did not replay -- the note says why -- or the input copy / output clone): that is the next fix, in the
graph plumbing. (3) Else the kernel(s) holding >= 50 % of the profiled GPU time are the class to fix next. (4) "scan
chunked" replaces the whole-row scan for non-innermost scans of <= 8 columns only if >= 10 % faster on all three
rows with rel_err within 2x. (5) "gemm tile 16" becomes the small GEMM's least tile for N <= 16 only if >= 10 %
faster on 03 with the same rel_err (a follow-up with its own fixtures). Nothing here ran on a GPU when it was
written.
"""
import argparse
import os
import sys

import abharness as ab

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = [
    os.path.join(ab.ROOT, "docs", "results", "trial30-problems", "03_switch_router_capacity.py"),
    os.path.join(HERE, "router48", "router48_topk_dispatch_positions.py"),
    os.path.join(HERE, "router48", "router48_column_cumsum_few_cols.py"),
]

# (row, kernel side, module constants set on it): off and on are KWB_ONEHOT_RECOMPUTE's kernels as written; the
# diagnosis rows change one stage of the off kernel: the scan's chunked path, the small GEMM's least tile 16 (twice
# the programs of 32 for a [2048, 8] product: 128 against 64 on 132 SMs), the GEMM in TF32 instead of IEEE fp32 (the
# cost of the full-fp32 FMA dot; an argmax tie may flip: its rel_err says)
VARIANTS = (("off", "off", None), ("scan chunked", "off", {"kwb_scan_rows": False}),
            ("gemm tile 16", "off", {"_kwb_gemm_small_block_min": 16}), ("gemm tf32", "off", {"kwb_gemm_ieee": False}),
            ("on", "on", None))


def body(model):
    """The kernel's launches without kwb_graph_call / kwb_plan_call around them (a bound method)."""
    for name in ("_kwb_forward", "_kwb_body"):
        if hasattr(model, name):
            return getattr(model, name)
    return model.forward


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ab.add_generate_args(ap, "router48")
    ap.add_argument("--kwb", default=ab.KWB, help="the kwb that writes the kernels (this branch's)")
    ab.add_run_args(ap, 60.0, rep=40.0, compile_flag=True,
                    cpu_help="fake_triton on the CPU: loads, switches, launches and rel_err only (no timing)")
    args = ap.parse_args()
    if args.generate:
        out = os.path.abspath(args.generate)
        for sub in ("problems", "kernels"):
            os.makedirs(os.path.join(out, sub), exist_ok=True)
        import shutil
        for src in PROBLEMS:
            name = os.path.basename(src)[:-3]
            shutil.copy(src, os.path.join(out, "problems", name + ".py"))
            for side, value in (("off", "0"), ("on", "1")):
                said = ab.analyze(args.kwb, src, os.path.join(out, "kernels", "%s.%s.py" % (name, side)),
                                  env={"KWB_ONEHOT_RECOMPUTE": value})[1]
                print("%-40s %-4s %s" % (name, side, said), flush=True)
        return 0
    if args.cpu_emulated:
        ab.use_cpu_emulation()
    import torch
    import triton

    dev = "cpu" if args.cpu_emulated else "cuda"
    nan = float("nan")
    clock, bad = ab.Budget(args.budget), 0
    print("[router48_ab] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        ab.device_name(dev), torch.__version__, getattr(triton, "__version__", "?"), args.budget, args.kernels),
        flush=True)
    print("%-36s %-14s %10s %10s %8s  %s" % ("problem", "variant", "us", "rel_err", "launch", "note"))
    for src in PROBLEMS:
        name = os.path.basename(src)[:-3]
        if not ab.chosen([name], args.only):
            continue
        if clock.left() < 8:
            print("%-36s skipped (budget)" % name)
            continue
        prob = ab.load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
        torch.manual_seed(0)
        ref = prob.Model(*prob.get_init_inputs()).to(dev)
        x = ab.inputs_on(prob, dev)
        with torch.no_grad():
            want = ref(*x)
            print("%-36s %-14s %10.1f" % (name, "eager", ab.bench(lambda: ref(*x), dev, 10, args.rep)), flush=True)
            for variant, side, settings in VARIANTS:
                if clock.left() < 4:
                    print("%-36s %-14s skipped (budget)" % (name, variant))
                    continue
                try:
                    kpath = os.path.join(args.kernels, "kernels", "%s.%s.py" % (name, side))
                    mod = ab.load(kpath, "k_%s_%s" % (name, variant.replace(" ", "_")))
                    if any(not hasattr(mod, k) for k in settings or {}):
                        continue  # a stage this kernel does not have (no GEMM in it)
                    mod = ab.apply_settings(mod, settings)
                    new = mod.ModelNew(*prob.get_init_inputs()).to(dev)
                    new.load_state_dict(ref.state_dict())
                    for _ in range(3):
                        got = new(*x)
                    err = ab.rel_err(got, want)
                    bad += err > 1e-2
                    us = ab.bench(lambda: new(*x), dev, 10, args.rep)
                    st = new.__dict__
                    note = "; ".join("%s=%s" % (k, st[k]) for k in ("last_graph", "last_plan", "last_fallback")
                                     if st.get(k))
                    if settings is None:
                        print("%-36s %-14s %10.1f %10.2e %8s  %s" % (name, variant, us, err, "", note), flush=True)
                    fn = body(new)
                    with ab.Launches(mod) as n:
                        fn(*x)
                    lus = ab.bench(lambda: fn(*x), dev, 10, args.rep)
                    try:
                        from triton.testing import do_bench_cudagraph
                        gus = do_bench_cudagraph(lambda: fn(*x), rep=20) * 1e3 if dev == "cuda" else nan
                    except Exception:  # noqa: BLE001 -- not capturable: its host-bound time stands
                        gus = nan
                    print("%-36s %-14s %10.1f %10.2e %8d  GPU (cudagraph) %.1f us" % (
                        name, variant + " launches" if settings is None else variant, lus, err, n.count, gus),
                        flush=True)
                    if variant == "off" and dev == "cuda":
                        for us_k, calls, k in ab.profile_kernels(lambda: fn(*x))[:12]:
                            print("    %8.2f us  x%-4.1f %s" % (us_k, calls, k[:100]))
                except Exception as e:  # noqa: BLE001 -- the row says what failed; the table goes on
                    bad += 1
                    print("%-36s %-14s error: %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-160:]))
            # torch.compile last: its compile (tens of seconds) must not crowd out the off / on rows
            if not args.no_compile and dev == "cuda" and clock.left() > 4:
                try:
                    comp = torch.compile(ref)
                    comp(*x)
                    us = ab.bench(lambda: comp(*x), dev, 10, args.rep)
                    print("%-36s %-14s %10.1f %10.2e" % (name, "torch.compile", us, ab.rel_err(comp(*x), want)))
                except Exception as e:  # noqa: BLE001 -- the row says why
                    print("%-36s %-14s error: %s" % (name, "torch.compile", str(e)[-120:]))
    said = "; %d rows BAD or erred" % bad if bad else "; every row checked"
    print("[router48_ab] %.1f s%s" % (clock.elapsed(), said))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
