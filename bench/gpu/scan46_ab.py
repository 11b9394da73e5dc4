#!/usr/bin/env python3
"""Session 46's scan switches (scan46, on by construction), off vs on, beside eager and torch.compile (issue 14).

  KWB_SCAN_SHIFT: scan(cat([a constant column, y], d), d) cut back to y's length is kwb_scan(y, d, op, shift=c) (no
  cat launch, no copy; NeRF's exclusive cumprod 8 -> 6 launches with the prologue); KWB_SCAN_PROLOGUE: the pointwise
  run before a float scan is applied as the scan loads its rows (kwb_scan's pre=).

    python3 bench/gpu/scan46_ab.py --generate .gpu/scan46                 # CPU machine: this tree's kwb
    python3 bench/gpu/scan46_ab.py --kernels .gpu/scan46 --budget 110     # GPU machine

Rule, written before any number (docs/results/2026-12-07-scan46.md "Next GPU session"): a switch stays on iff each of
its rows is PASS-close on (rel_err within 2x of off's, or under 1e-5) and on <= 1.02x off's GPU time on every row;
a switch whose rows lose by more than 2 % anywhere turns off by default (KWB_..._=1 then opts in) until understood.
Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
RESULTS = os.path.join(ab.ROOT, "docs", "results")
# the small fixtures first (a --cpu-emulated smoke reaches them within its budget), the suite's large row last
PROBLEMS = [(os.path.join(CHAINS, n + ".py"), s) for n, s in (
    ("scan46_exclusive_cumsum_cat_mask", "KWB_SCAN_SHIFT"),
    ("scan46_shift_prefix_slice_cumprod", "KWB_SCAN_SHIFT"),
    ("scan46_nerf_transmittance", "KWB_SCAN_SHIFT"),
    ("scan46_masked_cumsum_clamp", "KWB_SCAN_PROLOGUE"),
    ("logcumsumexp_masked_dim0", "KWB_SCAN_PROLOGUE"),
    ("scan_cumprod_cummin_scale", "KWB_SCAN_PROLOGUE"),
)] + [(os.path.join(RESULTS, "trial30-problems", "04_nerf_volume_render.py"), "KWB_SCAN_SHIFT")]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("scan46", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
