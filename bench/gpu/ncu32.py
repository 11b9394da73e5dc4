#!/usr/bin/env python3
"""Session 32 (helper perf32): what a generated kernel moves and which unit it waits on, off and on, under Nsight Compute.

bench/gpu/ab32.py times the switches; this says why a row moved or not. For each NAME[:SWITCH=VALUE,...] argument it
loads .gpu/ab32/{problems,kernels}/NAME.py (ab32.py --generate), runs the forward once unprofiled (Triton compiles
there) and once inside the NVTX range "measure", first with the kernel as generated, then with the settings after the
colon. ncu prints one row per kernel launch in that order:

  ncu --clock-control none --nvtx --nvtx-include "measure/" --csv \\
      --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_op_read_hit_rate.pct,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed \\
      python3 bench/gpu/ncu32.py --kernels .gpu/ab32 40_LayerNorm:TWO_PASS_HINTS=True 41_Max_Pooling_1D 43_Max_Pooling_3D

Questions it answers (docs/results/2026-12-05-perf32.md): does 40_'s apply read less than 288 MiB from DRAM with
TWO_PASS_HINTS (x's re-read from L2)? Are 41_ / 43_ (pools at 80-82 % of the copy) bound by L1 wavefronts (l1tex
throughput near 100 % while DRAM's is not) or by DRAM? Pools are not in ab32's rows: their kernels come from
`kwb analyze` like the others (--generate-pools writes them).
"""
import argparse
import ast
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import abharness as ab  # noqa: E402

POOLS = ["41_Max_Pooling_1D", "43_Max_Pooling_3D"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kernels", default=os.path.join(ab.ROOT, ".gpu", "ab32"))
    ap.add_argument("--generate-pools", action="store_true", help="write the pools' kernels into --kernels, then exit")
    ap.add_argument("runs", nargs="*", help="NAME[:SWITCH=VALUE,...] (VALUE a Python literal)")
    args = ap.parse_args()
    if args.generate_pools:
        for sub in ("problems", "kernels"):
            os.makedirs(os.path.join(args.kernels, sub), exist_ok=True)
        for name in POOLS:
            src = os.path.join(ab.KB, "level1", name + ".py")
            import shutil
            shutil.copy(src, os.path.join(args.kernels, "problems", name + ".py"))
            print(name, ab.analyze(ab.KWB, src, os.path.join(args.kernels, "kernels", name + ".py"))[1], flush=True)
        return 0
    import torch
    for spec in args.runs:
        name, _, sets = spec.partition(":")
        settings = {}
        for item in filter(None, sets.split(",")):
            key, _, value = item.partition("=")
            settings[key] = ast.literal_eval(value)
        P = ab.load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
        torch.manual_seed(0)
        ref = P.Model(*P.get_init_inputs()).cuda().eval()
        inputs = [t.cuda() if isinstance(t, torch.Tensor) else t for t in ab.inputs_on(P, "cuda")]
        for label, extra in (("as generated", {}), ("with %s" % settings, settings)) if settings else (("as generated",
                                                                                                        {}),):
            K = ab.apply_settings(ab.load(os.path.join(args.kernels, "kernels", name + ".py"), "k_" + name), extra)
            model = K.ModelNew(*P.get_init_inputs()).cuda().eval()
            model.load_state_dict(ref.state_dict(), strict=False)
            with torch.no_grad():
                model(*inputs)  # warm-up: compiles, outside the profiled range
                torch.cuda.synchronize()
                torch.cuda.nvtx.range_push("measure")
                model(*inputs)
                torch.cuda.synchronize()
                torch.cuda.nvtx.range_pop()
            print("ran: %s %s" % (name, label), flush=True)
        ref = inputs = model = None
        torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
