#!/usr/bin/env python3
"""Session 43's planner switches, off vs on, beside eager and torch.compile (issue 14; new-user trial 31 #6).

  KWB_ROW_SOURCE (fuse43, on): a row pass computes its source run (p10's `r = x + residual`) and stores it as a
    second output; off: the run its own launch, re-read by the row pass.
  KWB_PNORM_EPILOGUE (pnorm43, on): kwb_pnorm takes the pointwise run after it (p06's clamp_min) as its epilogue.
  KWB_COLUMN_SLOTS (slot43, on): several fixed columns of one tensor read through one launch slot.
  KWB_SELECT_PUSHDOWN=1 (bcast43, off): a select of a small fixed-width dim pushed onto its value's operands.

    # CPU machine: the kernels (this branch's kwb, each planner switch's two values) and the problem copies
    python3 bench/gpu/plan43_ab.py --generate .gpu/plan43
    python3 bench/gpu/plan43_ab.py --kernels .gpu/plan43 --cpu-emulated --only row_source   # fake_triton: the flow
    # GPU machine
    python3 bench/gpu/plan43_ab.py --kernels .gpu/plan43 --budget 120

Rows: problem, variant (eager, off, on, torch.compile), latency_us (do_bench median of the forward), rel_err against
eager, x_off (off's time / this one's), launches. Rules, written before any number (each helper's results doc,
docs/results/2026-12-07-{fuse43,pnorm43,slot43,bcast43}.md): an on-by-construction switch stays on unless its `on`
row is slower than `off` by more than 3 % (fuse43, pnorm43) or 5 % (slot43) on a member; KWB_SELECT_PUSHDOWN turns on
iff on both fixtures on <= 1.02x off's time, on one <= 0.95x, fp32 rel_err <= 1e-5. Nothing here ran on a GPU when it
was written.
"""
import os
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
TRIAL31 = os.path.join(ab.ROOT, "docs", "results", "trial31-problems")
PROBLEMS = [  # (problem path, the planner switch its A/B flips)
    (os.path.join(TRIAL31, "p10_rmsnorm_residual_bf16.py"), "KWB_ROW_SOURCE"),
    (os.path.join(CHAINS, "row_source_rms_residual_out.py"), "KWB_ROW_SOURCE"),
    (os.path.join(CHAINS, "row_source_gated_centre_out.py"), "KWB_ROW_SOURCE"),
    (os.path.join(TRIAL31, "p06_infonce.py"), "KWB_PNORM_EPILOGUE"),
    (os.path.join(CHAINS, "pnorm_epi_normalize_temp_linear.py"), "KWB_PNORM_EPILOGUE"),
    (os.path.join(CHAINS, "pnorm_epi_channel_normalize_gate.py"), "KWB_PNORM_EPILOGUE"),
    (os.path.join(CHAINS, "column_slots_rgb_distance.py"), "KWB_COLUMN_SLOTS"),
    (os.path.join(CHAINS, "column_slots_box_unbind.py"), "KWB_COLUMN_SLOTS"),
    (os.path.join(CHAINS, "select_pushdown_pairwise_dist2.py"), "KWB_SELECT_PUSHDOWN=1"),
    (os.path.join(CHAINS, "select_pushdown_keeps_reduction.py"), "KWB_SELECT_PUSHDOWN=1"),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("plan43", PROBLEMS, __doc__, compile_rows=True))
