#!/usr/bin/env python3
"""KWB_STACK_PART_COPY (giou44, on by construction) off vs on, both under KWB_SELECT_PUSHDOWN=1 (the copy acts only
there), beside eager and torch.compile: a stack's cheap pure part copied into the broadcast expression that reads it.

    python3 bench/gpu/plan44_copy_ab.py --generate .gpu/plan44copy              # CPU machine: this tree's kwb
    python3 bench/gpu/plan44_copy_ab.py --kernels .gpu/plan44copy --budget 60   # GPU machine

Rule, written before any number (docs/results/2026-12-07-giou44.md "Next GPU session"): keep it on unless on > 1.05x
off on any row. Graph rows as in plan44_ab.py. Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
TRIAL31 = os.path.join(ab.ROOT, "docs", "results", "trial31-problems")
COPY = "KWB_SELECT_PUSHDOWN=1 KWB_STACK_PART_COPY"
PROBLEMS = [(os.path.join(TRIAL31, "p09_giou.py"), COPY)] + [
    (os.path.join(CHAINS, n + ".py"), COPY) for n in ("part_copy_giou_cxcywh", "part_copy_xywh_overlap",
                                                       "part_copy_pair_l2_vec3", "part_copy_complex_rotate_dist")]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("plan44copy", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
