#!/usr/bin/env python3
"""rowstat49: KWB_SOFTMAX_LSE off vs on (a softmax / log_softmax read only through row reductions and gathers becomes
its log-sum-exp and `u - lse` computed inside the readers: the probabilities never stored), beside eager and
torch.compile, one process.

    python3 bench/gpu/rowstat49_ab.py --generate .gpu/rowstat49                 # CPU machine: this tree's kwb
    python3 bench/gpu/rowstat49_ab.py --kernels .gpu/rowstat49 --budget 100     # GPU machine

Rows: the two final-list rows of the class that run at about half of torch.compile (session 48: rows_kl_smoothing_
logsoftmax 16.4 / 8.6 us, 09_distillation_kl_ce 289.6 / 162.6 us), the three rowstat49 fixtures (a temperature KL's
batchmean over 1000 classes, soft-target CE + entropy per row of a 3-D input, smoothing through a gather over 1531
classes) and gather_target_logp_focal (a log_softmax read by a gather alone: the same launch count, no full-size
write). Off = the kernel kwb writes by default, on = with KWB_SOFTMAX_LSE=1.

Rule, written before any number (docs/results/2026-12-08-rowstat49.md): KWB_SOFTMAX_LSE turns on by default iff every
row is PASS with rel_err within 2x of off's (or under 1e-5), on's time (the graph row: GPU time) <= 1.02x off's on
every row, and on <= 0.90x off on 09_distillation_kl_ce (the row that moves bytes: ~590 -> ~330 MB a call). Else it
stays off and DECISIONS names the rows that lost and by how much. Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
TRIAL30 = os.path.join(ab.ROOT, "docs", "results", "trial30-problems")
SWITCH = "KWB_SOFTMAX_LSE=1"
PROBLEMS = [(os.path.join(CHAINS, "rows_kl_smoothing_logsoftmax.py"), SWITCH),
            (os.path.join(TRIAL30, "09_distillation_kl_ce.py"), SWITCH),
            (os.path.join(CHAINS, "rowstat49_kl_temperature_batchmean.py"), SWITCH),
            (os.path.join(CHAINS, "rowstat49_soft_target_ce_rows.py"), SWITCH),
            (os.path.join(CHAINS, "rowstat49_smoothing_gather_logsoftmax_sum.py"), SWITCH),
            (os.path.join(CHAINS, "gather_target_logp_focal.py"), SWITCH)]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("rowstat49", PROBLEMS, __doc__, budget=100.0, compile_rows=True, graph_rows=True))
