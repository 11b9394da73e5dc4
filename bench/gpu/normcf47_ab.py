#!/usr/bin/env python3
"""Session 47's one-pass column tile (normcf47), KWB_ROWS_COLS_ONEPASS off vs on, beside eager and torch.compile.

  Row statistics and their apply over a dim that is not the contiguous one (a layer norm / RMS norm over C of NCHW,
  over dim -2 of [B, L, D], over C of [B, C, D, H, W]): off = the default plan (kwb_row1 + kwb_rows / pointwise, 2
  launches for 06_); on = one kwb_rows launch whose program takes consecutive positions of the kept contiguous run
  (the adjacent kept dims merged: H * W, D * H * W) times the whole reduced extent (held in registers up to 512
  padded, else walked in chunks), <= 16 elements a thread. Members: norm41's A/B set (06_ as given, rms_cf, seq3d,
  gn_hand -- a control: its innermost dims are reduced, not a column group) and the class beyond it (C = 512, ConvNeXt's
  7 x 7 stage with C = 768 in chunks, a 5-D RMS norm, 06_ in bf16, an NHWC input permuted -- a control) and the two
  chain fixtures. ln_cf_tile8k / rms_cf_tile2k: the same problems with the on side's tile changed (information for the
  tile rule; no default depends on them).

    python3 bench/gpu/normcf47_ab.py --generate .gpu/normcf47                 # CPU machine: this tree's kwb
    python3 bench/gpu/normcf47_ab.py --kernels .gpu/normcf47 --budget 240     # GPU machine
    python3 bench/gpu/normcf47/probe.py                                       # GPU: the stage alone (see its doc)

Rule, written before any number (docs/results/2026-12-07-normcf47.md): us is the forward replayed from a CUDA graph
(GPU time). A row is PASS where rel_err <= 1e-4 against eager (1e-2 for ln_cf_bf16, a bf16 output). `on` wins a row
where on <= 0.95x off's us and loses where on > 1.05x off's us. KWB_ROWS_COLS_ONEPASS turns on by default (chain.cpp
kRowsColsOnepass) iff every row is PASS, on wins on 06_layernorm_channels_first and on rms_cf, wins on at least three
of the other column members (ln_cf_c512, ln_cf_7x7, rms_cdhw, ln_cf_bf16, seq3d) and loses on none of the rows, the
controls (gn_hand, ln_nhwc) and the two small chain fixtures included. Otherwise it stays off, the rows it lost named
in DECISIONS. torch.compile's ratio is recorded against issue 14's bar; no default depends on it. Nothing here ran on a
GPU when it was written.
"""
import os
import shutil
import sys

import abharness as ab

CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
N41 = os.path.join(ab.HERE, "norm41_ab", "probs")
MINE = os.path.join(ab.HERE, "normcf47", "probs")
SW = "KWB_ROWS_COLS_ONEPASS=1"
GEN = sys.argv[sys.argv.index("--generate") + 1] if "--generate" in sys.argv[:-1] else None


def named(src, tag):
    """src copied under NAME__TAG.py (the harness names a row's kernels by the problem's file name) below DIR/src."""
    dst = os.path.join(GEN or ".", "src", os.path.basename(src)[:-3] + "__" + tag + ".py")
    if GEN:
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy(src, dst)
    return dst


PROBLEMS = [
    (os.path.join(ab.ROOT, "docs", "results", "trial27-problems", "06_layernorm_channels_first.py"), SW),
    (os.path.join(N41, "rms_cf.py"), SW),
    (os.path.join(N41, "seq3d.py"), SW),
    (os.path.join(MINE, "ln_cf_c512.py"), SW),
    (os.path.join(MINE, "ln_cf_7x7.py"), SW),
    (os.path.join(MINE, "rms_cdhw.py"), SW),
    (os.path.join(MINE, "ln_cf_bf16.py"), SW),
    (os.path.join(N41, "gn_hand.py"), SW),
    (os.path.join(MINE, "ln_nhwc.py"), SW),
    (os.path.join(CHAINS, "rows_layernorm_cf_manual.py"), SW),
    (os.path.join(CHAINS, "rows_rms_norm_cf_manual.py"), SW),
    # the tile's size, information only: 8192 elements held (32 a thread at 8 warps) and 2048
    (named(os.path.join(N41, "ln_cf.py"), "tile8k"), (SW, {"_kwb_rows_cols_tile": 8192})),
    (named(os.path.join(N41, "rms_cf.py"), "tile2k"), (SW, {"_kwb_rows_cols_tile": 2048})),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("normcf47", PROBLEMS, __doc__, budget=240.0, compile_rows=True, graph_rows=True))
