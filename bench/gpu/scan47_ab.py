#!/usr/bin/env python3
"""Session 47's scan switches (scan47, on by construction), off vs on, beside eager and torch.compile (issue 14).

  KWB_SCAN_EPILOGUE: the kwb_pointwise launch after a float scan that alone reads the scan's values (its primary
  another tensor, or the shift's slice between: NeRF's `weights = alpha * trans`) is the scan's epilogue (one launch
  and the scan's full-size write + re-read fewer). KWB_ISCAN_FUSE: an integer cumsum (kwb_cumsum_int) takes the run
  after it as its epilogue, fed the exact int64 sums, and the run before it that only it reads as its prologue.

    python3 bench/gpu/scan47_ab.py --generate .gpu/scan47                 # CPU machine: this tree's kwb
    python3 bench/gpu/scan47_ab.py --kernels .gpu/scan47 --budget 110     # GPU machine

Rule, written before any number (docs/results/2026-12-07-scan47.md "Next GPU session"): a switch stays on iff each of
its rows is PASS-close on (rel_err within 2x of off's, or under 1e-5; integer results: equal) and on <= 1.02x off's
GPU time on every row; a switch whose rows lose by more than 2 % anywhere turns off by default (KWB_..._=1 then opts
in) until understood. c05's row is a control of the class (2 launches on both sides: the pid run moves from the
gather's prologue to the scan's epilogue): it must not lose more than 2 % either. Nothing here ran on a GPU when it
was written.
"""
import os
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
RESULTS = os.path.join(ab.ROOT, "docs", "results")
C05 = os.path.join(ab.DATA, "probe25", "c05_PositionIdsFromPaddingMask_CumsumClamp_Embedding.py")
# the small fixtures first (a --cpu-emulated smoke reaches them within its budget), the suite's large row last
PROBLEMS = [(os.path.join(CHAINS, n + ".py"), s) for n, s in (
    ("scan47_make_positions_padding", "KWB_ISCAN_FUSE"),
    ("scan47_mask_cumsum_clamp_offset", "KWB_ISCAN_FUSE"),
    ("cumsum_bool_rank_dim1_scale", "KWB_ISCAN_FUSE"),
    ("scan47_discounted_return_rowsum", "KWB_SCAN_EPILOGUE"),
    ("scan46_nerf_transmittance", "KWB_SCAN_EPILOGUE"),
)] + [(C05, "KWB_ISCAN_FUSE"),
      (os.path.join(RESULTS, "trial30-problems", "04_nerf_volume_render.py"), "KWB_SCAN_EPILOGUE")]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("scan47", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
