#!/usr/bin/env python3
"""Session 47's gathered reductions (knn47), each switch off vs on, beside eager and torch.compile.

  kwb_reduce_gathered_tile (module switch of the stage library, off until this A/B): kwb_reduce_gathered's [C, M]
  tiles for trailing reduced runs of <= kwb_reduce_gathered_tile_max_l elements (the index and a prologue tensor
  broadcast along C loaded once per column, no per-element coordinate decode); rows: trial 28's
  05_knn_three_interpolate (the final list's 0.30x row), gather_knn_three_interpolate, gather_expand_score_mean, and
  the tile's sizes / the walk's limit as "on with" variants (copies under NAME__VARIANT.py).
  KWB_GATHER_REDUCE_DIMS (planner, on by construction: 2 launches -> 1): a gather summed over dims that are not the
  view's trailing ones (channels-last points summed over K at dim -2, an embedding-bag's rows over dim 1), at the
  fixtures' sizes and at 05_knn's sizes (copies NAME__big.py).
  KWB_GATHER_REDUCE_ROW=1 (planner, off until this A/B): the weights' row pass (kwb_row1) deferred to the gathered
  reduction, computed by the tile's programs in its launch (2 launches -> 1; the tile runs whatever
  kwb_reduce_gathered_tile says): 05_knn (copy __row), gather_knn_three_interpolate (copy __row) and the channels-last
  points at 05_knn's sizes (copy __rowbig).

    python3 bench/gpu/knn47_ab.py --generate .gpu/knn47                 # CPU machine: this tree's kwb
    python3 bench/gpu/knn47_ab.py --kernels .gpu/knn47 --budget 200     # GPU machine

Rule, written before any number (docs/results/2026-12-07-knn47.md "A/B"):
  kwb_reduce_gathered_tile turns on by default iff every row of it is PASS with rel_err within 2x of off's (or
  under 1e-5), on <= 0.98x off's us on 05_knn_three_interpolate and on <= 1.02x off's us on every other row (the
  graph row's us where both sides captured). A variant row ("on with {...}") replaces the default constant iff it
  beats the plain on row of the same problem by > 3 % there and loses > 2 % on no other problem it ran.
  KWB_GATHER_REDUCE_DIMS stays on iff its rows are PASS and on <= 1.02x off's us on each; else off by default with
  the row and the reason in DECISIONS. KWB_GATHER_REDUCE_ROW turns on by default iff its rows are PASS and on <=
  0.98x off's us on both 05_knn rows (__row, __rowbig) and <= 1.02x on the small fixture. Nothing here ran on a GPU
  when it was written.
"""
import os
import re
import shutil
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
KNN05 = os.path.join(ab.ROOT, "docs", "results", "trial28-problems", "05_knn_three_interpolate.py")
GEN = sys.argv[sys.argv.index("--generate") + 1] if "--generate" in sys.argv[:-1] else None
# a problem with more than one row is copied under a second name (the harness names a row's kernel files by the
# problem's file name); the copies go under --generate's DIR/src (the GPU side reads DIR/problems and DIR/kernels)
BIG = {  # 05_knn's sizes for the fixtures (their own are launch-bound)
    "knn47_points_channels_last_interp": "B, N, M, K, C = 4, 4096, 16384, 3, 128",
    "knn47_bag_rows_weighted_sum": "S, K, V, D = 65536, 8, 100000, 128",
}


def copy(src, tag, sizes=None):
    dst = os.path.join(GEN or ".", "src", os.path.basename(src)[:-3] + "__" + tag + ".py")
    if GEN:
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        text = open(src).read()
        if sizes:  # the module's size line (NAMES = values) replaced
            text = re.sub(r"^%s = .*$" % re.escape(sizes.split(" = ")[0]), sizes, text, count=1, flags=re.M)
        with open(dst, "w") as f:
            f.write(text)
    return dst


TILE = "kwb_reduce_gathered_tile"
PROBLEMS = [(KNN05, TILE),
            (copy(KNN05, "t1024"), (TILE, {"_kwb_reduce_gathered_tile_elems": 1024})),
            (copy(KNN05, "t4096"), (TILE, {"_kwb_reduce_gathered_tile_elems": 4096})),
            (os.path.join(CHAINS, "gather_knn_three_interpolate.py"), TILE),
            (os.path.join(CHAINS, "gather_expand_score_mean.py"), TILE),
            # K = 24: the row tiles on both sides unless the walk's limit is raised (the on side's constant)
            (os.path.join(CHAINS, "knn47_neighbour_sum_k24.py"), (TILE, {"kwb_reduce_gathered_tile_max_l": 32}))]
for name in ("knn47_points_channels_last_interp", "knn47_bag_rows_weighted_sum"):
    src = os.path.join(CHAINS, name + ".py")
    PROBLEMS += [(src, "KWB_GATHER_REDUCE_DIMS"), (copy(src, "big", BIG[name]), "KWB_GATHER_REDUCE_DIMS")]
CL = os.path.join(CHAINS, "knn47_points_channels_last_interp.py")
PROBLEMS += [(copy(KNN05, "row"), "KWB_GATHER_REDUCE_ROW=1"),
             (copy(os.path.join(CHAINS, "gather_knn_three_interpolate.py"), "row"), "KWB_GATHER_REDUCE_ROW=1"),
             (copy(CL, "rowbig", BIG["knn47_points_channels_last_interp"]), "KWB_GATHER_REDUCE_ROW=1")]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("knn47", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
