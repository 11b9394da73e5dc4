#!/usr/bin/env python3
"""Session 23: two speed changes of generated chains, each behind a module switch of kernel.py, off vs on, one process.

  kwb_loop_input_gemm (a recurrent cell stepped in a Python loop): every step's x_t @ W_ih^T + b_ih in one GEMM over
    the whole input before the loop, each step reading its slice; off: each step its own input GEMM (the plan before).
    Rows: w12_LSTMCell_Loop_LastHidden (B 32, T 48, I 128, H 256: 48 input GEMMs -> 1), lstmcell_loop3_new_zeros,
    grucell_loop_new_full (3 steps).
  kwb_reduce_prologue (a pointwise run read only by a reduction): the run applied in kwb_reduce's loads; off: one
    kwb_pointwise launch writes the run's result, then the reduction reads it (the plan before). Rows:
    t06_MaskedMeanPool_where (where(mask, x, zeros_like(x)).sum(1): the zeros are the number 0.0 in both variants),
    count_float_sum ((x * mask).sum(1)), relu_weighted_sum ((relu(x) * w).sum(-1)).
  kwb_unview_memo (the host side of an epilogue read through views of a GEMM / conv output): kwb_epi_unview's plan
    (a meta tensor viewed, its dim order) memoised per (output shape, view code, closed-over shapes); off: planned
    on every call. Row: epi_conv_patch_embed (session 22's x0.39 of the plan without epilogue views).

    # CPU machine: the kernels (this branch's kwb) and the problem copies
    python3 bench/gpu/loopgemm_ab.py --generate .gpu/loopgemm
    python3 bench/gpu/loopgemm_ab.py --kernels .gpu/loopgemm --cpu-emulated      # fake_triton: the flow, numbers
    # GPU machine
    python3 bench/gpu/loopgemm_ab.py --kernels .gpu/loopgemm --budget 300

Rows (one line each, flushed): problem, variant (eager, off, on), latency_us (do_bench median of the whole forward),
rel_err (||ours - eager|| / ||eager||; eager fp32 with TF32 off), x_off (off's time / this one's), launches (kernel
launches of one forward, counted by wrapping each @triton.jit function the module launches as name[grid]; torch's
own copies not counted).
What decides: each switch stays on where its `on` row has x_off >= 0.97 (noise) on every problem of its class, and
w12's, t06's and epi_conv_patch_embed's `on` rows are the ones that decide (the sizes the trials measured). The CPU run times nothing.
Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

ROOT, DATA = ab.ROOT, ab.DATA
CHAINS = os.path.join(DATA, "codegen", "chains", "problems")
PROBLEMS = [  # (problem path, the switch its A/B flips)
    (os.path.join(DATA, "trial12", "w12_LSTMCell_Loop_LastHidden.py"), "kwb_loop_input_gemm"),
    (os.path.join(CHAINS, "lstmcell_loop3_new_zeros.py"), "kwb_loop_input_gemm"),
    (os.path.join(CHAINS, "grucell_loop_new_full.py"), "kwb_loop_input_gemm"),
    (os.path.join(DATA, "trial11", "t06_MaskedMeanPool_where.py"), "kwb_reduce_prologue"),
    (os.path.join(CHAINS, "count_float_sum.py"), "kwb_reduce_prologue"),
    (os.path.join(CHAINS, "relu_weighted_sum.py"), "kwb_reduce_prologue"),
    (os.path.join(CHAINS, "epi_conv_patch_embed.py"), "kwb_unview_memo"),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("loopgemm", PROBLEMS, __doc__))
