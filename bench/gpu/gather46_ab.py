#!/usr/bin/env python3
"""Session 46's gather fusions (gather46, on by construction), each switch off vs on, beside eager and torch.compile.

  KWB_GATHER_PROLOGUE: a row gather's index computed in its launch from the index run's input (lengths - 1,
  ids % V, a clamp, c05's position ids); KWB_GATHER_EPILOGUE: the pointwise run after a row gather applied before its
  store (length_embedding's add, c05's add-and-mask, emb * scale + bias); KWB_INT_REDUCE_PROLOGUE: a count's bool run
  as its sum's prologue (dt40_ids_sum_big); the module switch kwb_reduce_int_prologue: an int64 sum's prologue in its
  own launch (dt40_ids_sum_prologue_big). One row per (problem, switch), the other switches at their defaults (on).

    python3 bench/gpu/gather46_ab.py --generate .gpu/gather46                 # CPU machine: this tree's kwb
    python3 bench/gpu/gather46_ab.py --kernels .gpu/gather46 --budget 110     # GPU machine

Rule, written before any number (docs/results/2026-12-07-gather46.md "Next GPU session"): each switch stays on iff
every row of it is PASS with rel_err within 2x of off's (or under 1e-5) and on <= 1.02x off's time (the graph row's
us where both sides captured) on every row; a switch whose rows lose by more than 2 % turns off by default with the
reason in DECISIONS. Nothing here ran on a GPU when it was written.
"""
import os
import shutil
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
C05 = os.path.join(ab.DATA, "probe25", "c05_PositionIdsFromPaddingMask_CumsumClamp_Embedding.py")
# a problem with rows for both switches is copied under a second name (NAME__pro.py) for the prologue's row: the
# harness names a row's kernel files by the problem's file name. The copies go under --generate's DIR/src (the GPU
# side reads only DIR/problems and DIR/kernels, by name).
GEN = sys.argv[sys.argv.index("--generate") + 1] if "--generate" in sys.argv[:-1] else None
PROBLEMS = []


def named(src, switch):
    if switch != "KWB_GATHER_PROLOGUE":
        return src
    dst = os.path.join(GEN or ".", "src", os.path.basename(src)[:-3] + "__pro.py")
    if GEN:
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy(src, dst)
    return dst


for name, switches in (
        (os.path.join(CHAINS, "length_embedding.py"), ("KWB_GATHER_PROLOGUE", "KWB_GATHER_EPILOGUE")),
        (C05, ("KWB_GATHER_PROLOGUE", "KWB_GATHER_EPILOGUE")),
        (os.path.join(CHAINS, "gather46_mod_index_embedding.py"), ("KWB_GATHER_PROLOGUE", "KWB_GATHER_EPILOGUE")),
        (os.path.join(CHAINS, "gather46_embedding_scale_bias.py"), ("KWB_GATHER_EPILOGUE",)),
        (os.path.join(CHAINS, "gather46_index_clamp_gelu.py"), ("KWB_GATHER_PROLOGUE", "KWB_GATHER_EPILOGUE")),
        (os.path.join(CHAINS, "dt40_ids_sum_big.py"), ("KWB_INT_REDUCE_PROLOGUE",)),
        (os.path.join(CHAINS, "gather46_int_count_beside_max.py"), ("KWB_INT_REDUCE_PROLOGUE",)),
        (os.path.join(ab.ROOT, "docs", "results", "trial28-problems", "05_knn_three_interpolate.py"),
         ("KWB_GATHER_PROLOGUE",))):
    PROBLEMS += [(named(name, s), s) for s in switches]
# the stage's own switch (a module constant of one kernel.py): the int64 sum's prologue in its launch
PROBLEMS.append((os.path.join(CHAINS, "dt40_ids_sum_prologue_big.py"), "kwb_reduce_int_prologue"))

if __name__ == "__main__":
    sys.exit(ab.switch_ab("gather46", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
