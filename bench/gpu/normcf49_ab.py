#!/usr/bin/env python3
"""Session 49's tile rule for the one-pass column tile (normcf49): KWB_ROWS_COLS_TILE off vs on, beside eager and
torch.compile, and a few tile candidates around the rule.

  Row statistics and their apply over a dim that is not the contiguous one (a layer / RMS norm over C of NCHW or
  NCDHW, over dim -2 of [B, L, D]). off = the default plan (kwb_row1's lane tile, two launches for a layer norm);
  on = session 47's one launch (kwb_rows, the kept contiguous run merged) with the tile from the shape's rule
  (triton_stages.py _kwb_rows_cols_shape): CTAs of 128 threads at <= 16 elements each, more warps only where the
  column floor (64 bytes of the contiguous run) x the held extent needs them, columns halved toward that floor until
  >= 8 programs a SM. `__r47` rows: off = session 47's one-pass tile (KWB_ROWS_COLS_ONEPASS=1), on = the rule: the
  tile alone. `__pt8` / `__c8` rows: the rule's on side with _kwb_rows_per_thread 8 / 64-thread CTAs and a 32-byte
  column floor (candidates, information). rows_group_norm_manual__apply: KWB_ROWS_APPLY_PLAN=1 on the
  hand-written group norm (3 -> 2 launches; information). ln_cf_bf16__src16: KWB_ROWS_SRC16=0 against its default
  (on) under the rule: the widening launch of a bf16 input before the rows launch, or not. rows_group_norm_manual:
  a control (its statistics are over the innermost dims: no column group, the same kernel.py both sides).

    KWB_PYTHON=/usr/bin/python3 python3 bench/gpu/normcf49_ab.py --generate .gpu/normcf49   # CPU: this tree's kwb
    python3 bench/gpu/normcf49_ab.py --kernels .gpu/normcf49 --budget 100                    # GPU machine
    python3 bench/gpu/normcf49/plans.py --kernels .gpu/normcf49                              # CPU: the tiles

Rule, written before any number (docs/results/2026-12-08-normcf49.md): us is the forward replayed from a CUDA graph
(GPU time). A row is PASS where rel_err <= 1e-2 on the GPU (the harness's bound; fp32 rows print ~1e-7, bf16 ~4e-3).
`on` wins a row where on <= 0.95x off's us, loses where on > 1.05x off's us. KWB_ROWS_COLS_TILE turns on by default
(chain.cpp kRowsColsTile) iff every row is PASS, on wins on 06_layernorm_channels_first and rms_cf, wins on at least
two of rms_cdhw, seq3d, ln_cf_c512, ln_cf_bf16, ln_cdhw_odd_bf16, and loses on none of the switch rows (the control
and the chain fixtures included). The __r47 rows say whether the tile (not the one pass) is what moved: on <= 0.95x
off on 06_ and rms_cf confirms the diagnosis. A candidate row moves the rule's constants (_kwb_rows_per_thread, or
_kwb_rows_cols_threads with _kwb_rows_cols_floor_bytes) only where it beats the rule's tile by > 5 % on both 06_ and
rms_cf (then a second A/B confirms it).
"""
import os
import shutil
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
N41 = os.path.join(ab.HERE, "norm41_ab", "probs")
N47 = os.path.join(ab.HERE, "normcf47", "probs")
MINE = os.path.join(ab.HERE, "normcf49", "probs")
SW = "KWB_ROWS_COLS_TILE=1"
R47 = "KWB_ROWS_COLS_ONEPASS=1 KWB_ROWS_COLS_TILE=1"  # ONEPASS on both sides: session 47's tile vs the rule's
C8 = {"_kwb_rows_cols_floor_bytes": 32, "_kwb_rows_cols_threads": 64}
GEN = sys.argv[sys.argv.index("--generate") + 1] if "--generate" in sys.argv[:-1] else None
LN06 = os.path.join(ab.ROOT, "docs", "results", "trial27-problems", "06_layernorm_channels_first.py")


def named(src, tag):
    """src copied under NAME__TAG.py (the harness names a row's kernels by the problem's file name) below DIR/src."""
    dst = os.path.join(GEN or ".", "src", os.path.basename(src)[:-3] + "__" + tag + ".py")
    if GEN:
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy(src, dst)
    return dst


PROBLEMS = [
    (LN06, SW),
    (os.path.join(N41, "rms_cf.py"), SW),
    (os.path.join(N47, "rms_cdhw.py"), SW),
    (os.path.join(N41, "seq3d.py"), SW),
    (os.path.join(N47, "ln_cf_c512.py"), SW),
    (os.path.join(N47, "ln_cf_bf16.py"), SW),
    (os.path.join(MINE, "ln_cdhw_odd_bf16.py"), SW),
    (os.path.join(CHAINS, "rows_group_norm_manual.py"), SW),  # control: the same kernel.py on both sides
    (os.path.join(CHAINS, "rows_layernorm_cdhw_odd_bf16.py"), SW),
    (os.path.join(CHAINS, "rows_rms_norm_cf_manual.py"), SW),
    # the tile alone: session 47's one-pass tile (off) against the rule's (on)
    (named(LN06, "r47"), R47),
    (named(os.path.join(N41, "rms_cf.py"), "r47"), R47),
    # candidates around the rule (information): 8 elements a thread (the same 16 x 128 tile on 8 warps), and CTAs of
    # 64 threads with a column floor of 32 bytes (8 fp32 columns x 128: 2 warps, 6272 programs)
    (named(LN06, "pt8"), (SW, {"_kwb_rows_per_thread": 8})),
    (named(LN06, "c8"), (SW, C8)),
    (named(os.path.join(N41, "rms_cf.py"), "pt8"), (SW, {"_kwb_rows_per_thread": 8})),
    (named(os.path.join(N41, "rms_cf.py"), "c8"), (SW, C8)),
    # KWB_ROWS_SRC16 (on by construction): the bf16 layer norm's one-pass launch reading x in bf16 (on) against the
    # same plan after a widening launch (off: 2 launches, 29 MB more); a check of the construction, no default on it
    (named(os.path.join(N47, "ln_cf_bf16.py"), "src16"), "KWB_ROWS_COLS_TILE=1 KWB_ROWS_SRC16"),
    # the group norm written by hand (statistics over the innermost dims: not the column class): its three launches
    # against session 40's statistics-and-apply launch plus the affine (two; information for the next step)
    (named(os.path.join(CHAINS, "rows_group_norm_manual.py"), "apply"), "KWB_ROWS_APPLY_PLAN=1"),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("normcf49", PROBLEMS, __doc__, budget=100.0, compile_rows=True, graph_rows=True))
