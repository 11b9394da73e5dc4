#!/usr/bin/env python3
"""Issue 14 (session 29): the softmax along a dim whose elements are not adjacent (kwb_softmax_cols).

p28_softmax_channels_bias (softmax(x + pos) over the channels of NCHW [16, 64, 56, 56]) ran 76.8 us on the H200 in
session 28: 8% of the copy, 0.20x torch.compile, 0.70x eager. It was one launch of _kwb_softmax_kernel already, in
[64 rows, 64 positions] tiles that read x once with 16-byte loads; the excess found on paper: the bias's coordinates
from each column's 64-bit offset divided 8 times (4 quotients, 4 remainders) by every warp that holds the column (~1
64-bit division an element), 64-bit address arithmetic, 4096-element programs -- by count 1-2x, not 12x: the rest
is for these rows to show. kwb_softmax_cols (on) takes _kwb_softmax_cols_kernel: tiles of the whole dim x >= 32
positions (8192 elements, 8 warps), int32 offsets, the program's coordinates decoded once and the columns' with
only the divisions their slots need (one, by W, here), the row's added: no division an element. off: session 28's.

    python3 bench/gpu/softmax29_ab.py --generate .gpu/softmax29                     # CPU: the kernels (this kwb)
    python3 bench/gpu/softmax29_ab.py --kernels .gpu/softmax29 --cpu-emulated --only p2    # the flow, no timing
    python3 bench/gpu/softmax29_ab.py --kernels .gpu/softmax29 --budget 90 --only p2       # H200: the class rows
    python3 bench/gpu/softmax29_ab.py --kernels .gpu/softmax29 --budget 150                # H200: all rows

Rows: problem, variant (eager, off, on, torch.compile), us: the median of the whole forward replayed from a CUDA
graph (GPU time: kwb_softmax's Python path, 40-60 us a call on the 2-core dev machine, would hide a ~10 us kernel
from do_bench), rel_err against eager, x_off (off's time / this one's), launches, host_us: do_bench's median of the
forward called from Python. 23_Softmax (level 1: the last dim, the softmax template's own kernel, not the stage
library's) is the control: off and on are one kernel.py twice. 24_ and 6_ (level 2): a conv output's channel
softmax, the conv dominating. What decides: kwb_softmax_cols stays on where its `on` rows have x_off >= 0.97 on
every row; the tile (_kwb_softmax_cols_tile 8192, 8 warps) is a first guess: the rows "on with
{'_kwb_softmax_cols_tile': N}" try 4096 (4 warps) and 16384 (8 warps, 64 elements a thread) on the same kernel.py.
z10 flips kwb_softmax_rows_lean instead (off by default; on where its row is >= 1.03x).
"""
import os
import sys

import abharness as ab

HERE = os.path.dirname(os.path.abspath(__file__))
P28 = os.path.join(HERE, "problems28", "p28_softmax_channels_bias.py")
P29 = os.path.join(HERE, "problems29", "p29_log_softmax_dim2_5d_mul.py")
PROBLEMS = [  # (problem path, the switch its A/B flips [, the on side's tile: 32 elements a thread, up to 8 warps])
    (P28, "kwb_softmax_cols"),
    (P29, "kwb_softmax_cols"),
    (P28, ("kwb_softmax_cols", {"_kwb_softmax_cols_tile": 4096})),
    (P28, ("kwb_softmax_cols", {"_kwb_softmax_cols_tile": 16384})),
    (P29, ("kwb_softmax_cols", {"_kwb_softmax_cols_tile": 4096})),
    # the control, by path (KernelBench is not copied here): its kernel is the softmax template's, not the stage
    # library's kwb_softmax, so it has no switch and off / on are one kernel.py twice
    (os.path.join(ab.KB, "level1", "23_Softmax.py"), None),
    # kwb_softmax_rows_lean (off by default): the last-dim tiles with z10's key-padding mask read through the cols
    # kernel's int32 split coordinates (session 28: that kernel took 177 us of z10's forward against compile's 62)
    (os.path.join(ab.DATA, "probe16", "z10_KeyPaddingMask_MaskedFill_Softmax_HeadMean.py"), "kwb_softmax_rows_lean"),
    # level-2 members whose channel softmax (a 5-D / 4-D conv output's dim 1) takes the cols path; the conv dominates
    (os.path.join(ab.KB, "level2", "24_Conv3d_Min_Softmax.py"), "kwb_softmax_cols"),
    (os.path.join(ab.KB, "level2", "6_Conv3d_Softmax_MaxPool_MaxPool.py"), "kwb_softmax_cols"),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("softmax29", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
