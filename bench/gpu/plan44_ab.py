#!/usr/bin/env python3
"""Session 44's planner switches, off vs on, beside eager and torch.compile (issue 14; new-user trial 31 #6).

  KWB_ROW_PIECE_READER (norm44, on): a row statistic whose normalised value is a piece of its one reader takes that
    reader's piecewise form as the row pass's post (p06's img normalize: 2 launches -> 1).
  KWB_SELECT_PUSHDOWN=1 (bcast43, off; giou44's rule): selects of a small fixed-width dim pushed onto their operands,
    now with KWB_STACK_PART_COPY on (p09 11 -> 3 launches).
  (plan44_copy_ab.py: KWB_STACK_PART_COPY's no-slower check, under KWB_SELECT_PUSHDOWN=1)

    python3 bench/gpu/plan44_ab.py --generate .gpu/plan44                 # CPU machine: this tree's kwb
    python3 bench/gpu/plan44_ab.py --kernels .gpu/plan44 --budget 120     # GPU machine

Rows as plan43_ab.py's, with graph rows: us is the median of the forward replayed from a CUDA graph (GPU time; these
fixtures are small enough that a forward's host path hides its kernels from do_bench) and host_us do_bench's median.
Rules, written before any number (docs/results/2026-12-07-{norm44,giou44}.md "Next GPU session"): KWB_ROW_PIECE_READER
stays on unless on is slower than off by more than 3 % on p06 or row_piece_rms_gain_view (norm44 asks for the median
of 3 runs: run this three times); KWB_SELECT_PUSHDOWN turns on iff on <= 1.02x off on every pushdown row, on <= 0.8x
off on p09_giou, and fp32 rel_err <= 1e-5 on all. Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
TRIAL31 = os.path.join(ab.ROOT, "docs", "results", "trial31-problems")
PUSHDOWN = ["part_copy_giou_cxcywh", "part_copy_xywh_overlap", "part_copy_pair_l2_vec3",
            "part_copy_complex_rotate_dist", "select_pushdown_pairwise_dist2", "select_pushdown_keeps_reduction"]
PROBLEMS = [  # (problem path, the planner switch its A/B flips)
    (os.path.join(TRIAL31, "p06_infonce.py"), "KWB_ROW_PIECE_READER"),
    (os.path.join(CHAINS, "row_piece_rms_gain_view.py"), "KWB_ROW_PIECE_READER"),
    (os.path.join(CHAINS, "row_piece_normalize_pair_temp.py"), "KWB_ROW_PIECE_READER"),
    (os.path.join(CHAINS, "row_piece_logsoftmax_gate.py"), "KWB_ROW_PIECE_READER"),
    (os.path.join(TRIAL31, "p09_giou.py"), "KWB_SELECT_PUSHDOWN=1"),
] + [(os.path.join(CHAINS, n + ".py"), "KWB_SELECT_PUSHDOWN=1") for n in PUSHDOWN]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("plan44", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
