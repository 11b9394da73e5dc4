#!/usr/bin/env python3
"""Session 45's KWB_ROW_SOURCE_REACH (slow45, on by construction), off vs on, beside eager and torch.compile (issue 14).

  A one-pass row group whose run before the reduction is read by the apply too takes that run as kwb_row1's source,
  and plain views between the statistic and its apply move before the group: the knn three-interpolate weights
  (4 -> 2 launches), the channels-first layer norms (3 -> 2), and the fixtures of rowSourceReachScope.

    python3 bench/gpu/slow45_ab.py --generate .gpu/slow45                 # CPU machine: this tree's kwb
    python3 bench/gpu/slow45_ab.py --kernels .gpu/slow45 --budget 240     # GPU machine

Rule, written before any number (docs/results/2026-12-07-slow45.md "Next GPU session"): the switch stays on iff every
row is PASS-close on (rel_err within 2x of off's, or under 1e-5) and on <= 1.02x off's time on every row; if only
channels-first rows (the statistic over C of NCHW) lose by more than 2 %, the view move is restricted to groups whose
reduced dim is innermost and those rows rerun; otherwise it turns off by default. Nothing here ran on a GPU when it
was written.
"""
import os
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
RESULTS = os.path.join(ab.ROOT, "docs", "results")
# the small fixtures first (a --cpu-emulated smoke reaches them within its budget), the suite's two large rows last
PROBLEMS = [(p, "KWB_ROW_SOURCE_REACH") for p in (
    os.path.join(CHAINS, "gather_knn_three_interpolate.py"),
    os.path.join(CHAINS, "rows_layernorm_cf_manual.py"),
    os.path.join(CHAINS, "rows_rms_norm_cf_manual.py"),
    os.path.join(CHAINS, "tuple_norm_and_mean.py"),
    os.path.join(RESULTS, "trial27-problems", "06_layernorm_channels_first.py"),
    os.path.join(RESULTS, "trial28-problems", "02_rmsnorm_rope_causal_attn_bf16.py"),  # its RMSNorm: 9 -> 8
    os.path.join(RESULTS, "trial28-problems", "05_knn_three_interpolate.py"),
)]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("slow45", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
