#!/usr/bin/env python3
"""Session 31: the switches session 31's first H200 call left to decide, measured again side by side.

Call 1 (docs/results/2026-12-05-s31-gpu.md) timed each pointwise switch alone with the others at their defaults, and
the softmax cols tile at 4096 / 8192 / 16384 (4096 best). Left: kwb_pointwise_contig and kwb_pointwise_rows both on
(never timed together; each alone met the x_off >= 0.97 rule), contig alone on the same-shape 4-D chain, and the cols
tile below 4096.

    mkdir -p .gpu/ab31/{problems,kernels}; cp .gpu/fastdiv/*/* ...   # the kernels of fastdiv_ab and softmax29_ab
    python3 bench/gpu/ab31.py --kernels .gpu/ab31 --budget 100       # H200
"""
import os
import sys

import abharness as ab

HERE = os.path.dirname(os.path.abspath(__file__))
P28 = os.path.join(HERE, "problems28")
P29 = os.path.join(HERE, "problems29")
BOTH = "kwb_pointwise_contig+kwb_pointwise_rows"
PROBLEMS = [
    (os.path.join(P28, "p28_bcast_affine_gelu_4d.py"), BOTH),
    (os.path.join(P28, "p28_bcast_rowmask_bias_3d.py"), BOTH),
    (os.path.join(P29, "p29_sameshape_swish_residual_4d.py"), BOTH),
    (os.path.join(P29, "p29_sameshape_swish_residual_4d.py"), "kwb_pointwise_contig"),
    (os.path.join(P29, "p29_sameshape_swish_residual_4d.py"), "kwb_pointwise_rows"),
    (os.path.join(P28, "p28_softmax_channels_bias.py"), ("kwb_softmax_cols", {"_kwb_softmax_cols_tile": 2048})),
    (os.path.join(P28, "p28_softmax_channels_bias.py"), ("kwb_softmax_cols", {"_kwb_softmax_cols_tile": 4096})),
    (os.path.join(P29, "p29_log_softmax_dim2_5d_mul.py"), ("kwb_softmax_cols", {"_kwb_softmax_cols_tile": 2048})),
    (os.path.join(P29, "p29_log_softmax_dim2_5d_mul.py"), ("kwb_softmax_cols", {"_kwb_softmax_cols_tile": 4096})),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("ab31", PROBLEMS, __doc__, compile_rows=True, graph_rows=True))
