#!/usr/bin/env python3
"""Session 49's sibling launches (rope49, KWB_SIBLING_LAUNCHES, on by construction), off vs on, beside eager and
torch.compile.

  On: two plain gathers by the same index are one launch (kwb_index_multi: each index loaded once, both tables'
  rows stored), and two pointwise launches of one shape reading a common epilogue tensor are one grid
  (kwb_pointwise_multi: the first's row tiles, then the second's). Off: the plan before, each its own launch.
  Rows: the final list's RoPE by position_ids (rope_position_ids_nonpersistent = trial30's 02_rope_position_ids_gather,
  the same file: 4 -> 2 launches), the two new fixtures (GQA heads: the gathers pair, the rotations do not, 4 -> 3;
  [B, S, H, Dh] bf16 with cos / sin cast down, 6 -> 4), and c03 (an int32 run and a float run over one 2048 x 4096
  input: the pointwise pair alone at a size where bandwidth, not the launch, decides, 3 -> 2).

    python3 bench/gpu/rope49_ab.py --generate .gpu/rope49                 # CPU machine: this tree's kwb
    python3 bench/gpu/rope49_ab.py --kernels .gpu/rope49 --budget 100     # GPU machine

Rule, written before any number (docs/results/2026-12-08-rope49.md "The A/B"): KWB_SIBLING_LAUNCHES stays on iff
every row is PASS with rel_err within 2x of off's (or under 1e-5) and on <= 1.02x off's time (the graph row's us
where both sides captured) on every row; a row losing by more than 2 % turns the switch off by default, with the
reason in DECISIONS (the GQA row tells the gather pair's share, c03 the pointwise pair's). The named row is expected
to gain (on <= 0.90x off); if it does not while nothing loses, the switch stays on and the gap to torch.compile is
the pointwise launch itself (docs, "Not done"). Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
PROBLEMS = [(os.path.join(CHAINS, name + ".py"), "KWB_SIBLING_LAUNCHES") for name in (
    "rope_position_ids_nonpersistent", "rope49_gather_gqa_heads", "rope49_gather_bshd_bf16")]
PROBLEMS.append((os.path.join(ab.DATA, "probe22", "c03_Int32Inputs_IntegerArith_And_FloatTuple.py"),
                 "KWB_SIBLING_LAUNCHES"))

if __name__ == "__main__":
    sys.exit(ab.switch_ab("rope49", PROBLEMS, __doc__, budget=100.0, compile_rows=True, graph_rows=True))
