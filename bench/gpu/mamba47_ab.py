#!/usr/bin/env python3
"""Session 47's store-through reduction (mamba47, KWB_REDUCE_STORE_PROLOGUE, on by construction), off vs on, beside
eager and torch.compile.

  KWB_REDUCE_STORE_PROLOGUE: a kwb_reduce whose source is a pointwise run's value that is also returned (Mamba's
  h_new = exp(dt * A) * h + dt * x * B, reduced against C and returned) takes the run as its src=: one launch loads
  the run's operands, stores the value and reduces it (kwb_reduce's _kwb_reduce_src_kernel), where the plan before
  wrote it in one launch and read it back in the next. Rows: both Mamba decode steps and the three fixtures of the
  class, each also with KWB_BROADCAST_RECOMPUTE=1 on both sides (bcast41's switch, off by default: the [B, D] / [D, N]
  values computed inside the [B, D, N] run) for the two Mambas (files NAME__bc.py).

    python3 bench/gpu/mamba47_ab.py --generate .gpu/mamba47                 # CPU machine: this tree's kwb
    python3 bench/gpu/mamba47_ab.py --kernels .gpu/mamba47 --budget 120     # GPU machine

Rule, written before any number (docs/results/2026-12-07-mamba47.md "A/B"): KWB_REDUCE_STORE_PROLOGUE stays on iff
every row is PASS with rel_err within 2x of off's (or under 1e-5) and on <= 1.02x off's time (the graph column's us
where both sides captured) on every row; if any row loses by more than 2 %, the switch turns off by default
(reduceStoreSource() and kwb_reduce_store_src) with the rows in DECISIONS. Nothing here ran on a GPU when written.
"""
import os
import shutil
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
TRIAL29 = os.path.join(ab.ROOT, "docs", "results", "trial29-problems")
GEN = sys.argv[sys.argv.index("--generate") + 1] if "--generate" in sys.argv[:-1] else None
SWITCH = "KWB_REDUCE_STORE_PROLOGUE"
BOTH_BC = "KWB_BROADCAST_RECOMPUTE=1 " + SWITCH


def bc_copy(src):
    """A second name for a problem's row with KWB_BROADCAST_RECOMPUTE=1 on both sides (the harness names a row's
    kernels by the problem's file name); the copies go under --generate's DIR/src."""
    dst = os.path.join(GEN or ".", "src", os.path.basename(src)[:-3] + "__bc.py")
    if GEN:
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy(src, dst)
    return dst


MAMBAS = [os.path.join(TRIAL29, "01_mamba_selective_scan_step.py"),
          os.path.join(CHAINS, "mamba_selective_state_step.py")]
PROBLEMS = [(p, SWITCH) for p in MAMBAS] + [(bc_copy(p), BOTH_BC) for p in MAMBAS]
PROBLEMS += [(os.path.join(CHAINS, n + ".py"), SWITCH)
             for n in ("mamba47_gated_residual_preact_rowsum", "mamba47_update_returned_with_l2",
                       "mamba47_state_update_weighted_readout")]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("mamba47", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
