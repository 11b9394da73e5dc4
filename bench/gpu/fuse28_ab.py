#!/usr/bin/env python3
"""Session 28 (helper fuse28): reductions with fewer launches and bytes, off vs on, beside eager and torch.compile.

  kwb_reduce_prologue (an outer broadcast before a sum / mean / amax, probe16's z01: the [8, 257, 131, 64] squared
    differences, 69 MB written and read back, become kwb_reduce's prologue read through stride-0 operands; the pointwise
    run before a finite p-norm, z14: three 8 MB differences no longer materialised, 7 launches -> 4). off: the
    broadcast / difference its own kwb_pointwise launch first (the plan before).
  kwb_var_mean_one (var_mean / std_mean, z02 and std_var_mean_views: the mean from the variance's own shifted sums, one
    launch instead of kwb_var then kwb_reduce's mean).
  kwb_rows_tile_rule (kwb_rows's tile, y04 and the rows_* members: >= 2 programs a SM where the rows allow, <= 16
    elements a thread of each source; y04 keeps one row a program and goes from 8 warps to 4). off: session 27's tile.

    # CPU machine: the kernels (this branch's kwb) and the problem copies
    python3 bench/gpu/fuse28_ab.py --generate .gpu/fuse28
    python3 bench/gpu/fuse28_ab.py --kernels .gpu/fuse28 --cpu-emulated --only z01      # fake_triton: the flow
    # GPU machine
    python3 bench/gpu/fuse28_ab.py --kernels .gpu/fuse28 --budget 300

Rows (one line each, flushed): problem, variant (eager, off, on, torch.compile), latency_us (do_bench median of the
whole forward), rel_err (||ours - eager|| / ||eager||), x_off (off's time / this one's), launches (a forward's kernel
launches). What decides: each switch stays on where its `on` rows have x_off >= 0.97 (noise) on every row; the z01,
z14, z02 and y04 `on` rows against their torch.compile rows are issue 14's numbers (session 27: 0.50x, 0.42x, 0.38x,
0.61x). Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

DATA = ab.DATA
CHAINS = os.path.join(DATA, "codegen", "chains", "problems")
PROBE = os.path.join(DATA, "probe16")
PROBLEMS = [  # (problem path, the switch its A/B flips)
    (os.path.join(PROBE, "z01_PairwiseRBF_NormalizeBroadcast.py"), "kwb_reduce_prologue"),
    (os.path.join(CHAINS, "broadcast_sqdist_sum.py"), "kwb_reduce_prologue"),
    (os.path.join(PROBE, "z14_TripletMarginLoss_StridedViews.py"), "kwb_reduce_prologue"),
    (os.path.join(CHAINS, "pairwise_distance_pnorm_prologue.py"), "kwb_reduce_prologue"),
    (os.path.join(PROBE, "z02_VarMean_TwoDims_Standardize.py"), "kwb_var_mean_one"),
    (os.path.join(CHAINS, "std_var_mean_views.py"), "kwb_var_mean_one"),
    (os.path.join(DATA, "trial14", "y04_CosineSimilarity_Loss.py"), "kwb_rows_tile_rule"),
    (os.path.join(CHAINS, "rows_cosine_distance_3d.py"), "kwb_rows_tile_rule"),
    (os.path.join(PROBE, "z12_Gemm_LogSumExp_Plus_Std.py"), "kwb_rows_tile_rule"),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("fuse28", PROBLEMS, __doc__, compile_rows=True))
