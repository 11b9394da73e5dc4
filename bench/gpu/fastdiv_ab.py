#!/usr/bin/env python3
"""Issue 14 (session 28): kwb_pointwise's coordinate decode by multiply-high (kwb_fastdiv) or per row (rows launch).

kwb_pointwise decodes every element's flat offset into five coordinates for its strided and broadcast reads: four
divisions and remainders by run-time sizes, ~25 instructions each, where a 4-D elementwise chain moves 8 bytes an
element. kwb_fastdiv replaces each with a 32-bit multiply-high and a shift (_kwb_magic's Granlund-Montgomery
constants; session 28's version used a 64-bit multiply); kwb_pointwise_contig reads a contiguous x at the flat offset
(vector loads); kwb_pointwise_coalesce (on since session 29, not yet timed) merges the dims every read walks alike
before the decode; kwb_pointwise_rows launches rows of the last dim a program and decodes the outer four coordinates once
a row.

    python3 bench/gpu/fastdiv_ab.py --generate .gpu/fastdiv          # CPU: the kernels (this checkout's kwb)
    python3 bench/gpu/fastdiv_ab.py --kernels .gpu/fastdiv --cpu-emulated --only p28   # the flow, no timing
    python3 bench/gpu/fastdiv_ab.py --kernels .gpu/fastdiv --budget 120                 # H200

Rows: problem, variant (eager, off, on, torch.compile), do_bench median us of the whole forward, rel_err against
eager, x_off (off's time / this one's), launches. What decides: a switch goes on where its `on` rows have
x_off >= 0.97 on every row. Session 28 (H200, the kwb_fastdiv rows only): 3-D 1.22x, 4-D 0.79x: kwb_fastdiv off.
kwb_pointwise_rows has not run on a GPU. Note: the kwb_fastdiv / _contig / _rows rows run with
kwb_pointwise_coalesce at its default (on) in both columns.
"""
import os
import sys

import abharness as ab

HERE = os.path.dirname(os.path.abspath(__file__))
P28 = os.path.join(HERE, "problems28")
P29 = os.path.join(HERE, "problems29")
PROBLEMS = [  # (problem path, the switch its A/B flips; "a+b" flips both)
    (os.path.join(P28, "p28_bcast_affine_gelu_4d.py"), "kwb_fastdiv"),
    (os.path.join(P28, "p28_bcast_rowmask_bias_3d.py"), "kwb_fastdiv"),
    (os.path.join(P29, "p29_sameshape_swish_residual_4d.py"), "kwb_fastdiv"),
    (os.path.join(P28, "p28_bcast_affine_gelu_4d.py"), "kwb_pointwise_contig"),
    (os.path.join(P28, "p28_bcast_rowmask_bias_3d.py"), "kwb_pointwise_contig"),
    (os.path.join(P28, "p28_bcast_affine_gelu_4d.py"), "kwb_fastdiv+kwb_pointwise_contig"),
    (os.path.join(P28, "p28_bcast_rowmask_bias_3d.py"), "kwb_fastdiv+kwb_pointwise_contig"),
    (os.path.join(P29, "p29_sameshape_swish_residual_4d.py"), "kwb_fastdiv+kwb_pointwise_contig"),
    (os.path.join(P28, "p28_bcast_affine_gelu_4d.py"), "kwb_pointwise_coalesce"),
    (os.path.join(P28, "p28_bcast_rowmask_bias_3d.py"), "kwb_pointwise_coalesce"),
    (os.path.join(P29, "p29_sameshape_swish_residual_4d.py"), "kwb_pointwise_coalesce"),
    (os.path.join(P28, "p28_bcast_affine_gelu_4d.py"), "kwb_pointwise_rows"),
    (os.path.join(P28, "p28_bcast_rowmask_bias_3d.py"), "kwb_pointwise_rows"),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("fastdiv", PROBLEMS, __doc__, compile_rows=True))
