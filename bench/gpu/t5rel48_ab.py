#!/usr/bin/env python3
"""Session 48's head-split attention operands (t5rel48): KWB_ATTN_HEADS off vs on, beside eager and torch.compile.

  KWB_ATTN_HEADS (on by construction): q, Kᵀ and v that torch's reshape copied from a [B, H, L, D] head split (a
  projection's view + transpose(1, 2), traced as clone + _unsafe_view) are the views themselves, and kwb_attention's
  flash kernel reads them through their two lead strides (LEAD2): three copy launches (torch's, so the launch
  column, which counts @triton.jit launches, does not see them) and 2 x 3 x the operand's bytes fewer per forward.
  Rows: trial 29's T5 attention (the suite's 0.36x row: four Linear, the bucketed bias kept, the flash attention with
  the bias per tile), the class's two fixtures (an ALiBi bias from arange, a learned [H, S, S] bias under a causal
  predicate) and trial 28's bf16 RMSNorm + rotary causal attention (its v only). The stage's own switch
  kwb_attn_heads = False on the on kernel reads as the off kernel (the operands copied by reshape inside
  kwb_attention instead of before it): no row of its own.

    python3 bench/gpu/t5rel48_ab.py --generate .gpu/t5rel48                  # CPU machine: this tree's kwb
    python3 bench/gpu/t5rel48_ab.py --kernels .gpu/t5rel48 --budget 60       # GPU machine

Rule, written before any number (docs/results/2026-12-07-t5rel48.md "A/B"): KWB_ATTN_HEADS stays on iff every row is
PASS with rel_err within 2x of off's (or under 1e-5) and on <= 1.02x off's time (the graph row's us) on every row;
a row that loses by more than 2 % turns the switch off by default with the reason in DECISIONS. The T5 row's
on / torch.compile ratio is reported, not ruled on (this change removes copies; the rest of the gap is the host
path, see the doc). Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
T5 = os.path.join(ab.ROOT, "docs", "results", "trial29-problems", "03_t5_bucketed_relpos_attention.py")
PROBLEMS = [
    (T5, "KWB_ATTN_HEADS"),
    (os.path.join(CHAINS, "t5rel48_alibi_headsplit.py"), "KWB_ATTN_HEADS"),
    (os.path.join(CHAINS, "t5rel48_learned_bias_causal.py"), "KWB_ATTN_HEADS"),
    # the final list's other row the switch changes (v alone: q and k come from the rotary's launches, contiguous)
    (os.path.join(ab.ROOT, "docs", "results", "trial28-problems", "02_rmsnorm_rope_causal_attn_bf16.py"),
     "KWB_ATTN_HEADS"),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("t5rel48", PROBLEMS, __doc__, budget=60.0, compile_rows=True, graph_rows=True))
