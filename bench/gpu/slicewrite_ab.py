#!/usr/bin/env python3
"""Session 25 (helper slicewrite): a value assembled from pieces along one dim -- a buffer written by slices, a cat,
a stack -- and read by one pointwise launch is read piece by piece there, off vs on, beside eager and torch.compile,
in one process.

  kwb_piecewise_reads: an empty buffer (torch.empty / empty_like / new_empty) whose copy_ / fill_ / zero_ writes
    through slices and selects partition it along one dim, each element written once, or a cat / stack of which a
    pointwise launch computes some part, read by one kwb_pointwise launch alone: that launch reads each piece's
    source where the output index falls in that piece (a tensor at i - start, a pointwise launch's program computed
    in place from its own operands read the same way, a number), joined by where() on the index; the writes copy
    nothing and the pieces' launches do not run. Off: one kwb_copy_into a write and one launch a computed source,
    then the reader (the plan before); for a cat, kwb_cat and then the reader's own launch (one launch more than the
    plan before, where the reader was kwb_cat's epilogue). Launches of a first forward, on / off (the CPU run's
    counts): empty_slice_writes_tanh 1 / 5, empty_like_copy_fill_select 1 / 7, slice_writes_channels_gelu_add 1 / 7
    (off: 6 after the first forward, which makes the fill's kept one-element constant), select_writes_rows_out_of_order
    1 / 5, rope_rotate_half_cat 1 / 4 (3 before), stack_pointwise_parts_scale 1 / 4 (3 before),
    cat_dim0_three_parts_sin 1 / 4 (3 before).

    # CPU machine: the kernels (this branch's kwb) and the problem copies
    python3 bench/gpu/slicewrite_ab.py --generate .gpu/slicewrite
    python3 bench/gpu/slicewrite_ab.py --kernels .gpu/slicewrite --cpu-emulated      # fake_triton: the flow, numbers
    # GPU machine
    python3 bench/gpu/slicewrite_ab.py --kernels .gpu/slicewrite --budget 300

Rows (one line each, flushed): problem, variant (eager, off, on, torch.compile), latency_us (do_bench median of the
whole forward), rel_err (||ours - eager|| / ||eager||), x_off (off's time / this one's), launches (kernel launches of
one forward, counted by wrapping each @triton.jit function the module launches as name[grid]).
What decides: kwb_piecewise_reads stays on where its `on` row has x_off >= 0.97 (noise) on every row; the `on` rows
against their torch.compile rows are the ones issue 14 measures (the problems' sizes are small: launch-bound). The CPU
run times nothing. Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

ROOT, DATA = ab.ROOT, ab.DATA
CHAINS = os.path.join(DATA, "codegen", "chains", "problems")
PROBLEMS = [  # (problem path, the switch its A/B flips)
    (os.path.join(CHAINS, "empty_slice_writes_tanh.py"), "kwb_piecewise_reads"),
    (os.path.join(CHAINS, "empty_like_copy_fill_select.py"), "kwb_piecewise_reads"),
    (os.path.join(CHAINS, "slice_writes_channels_gelu_add.py"), "kwb_piecewise_reads"),
    (os.path.join(CHAINS, "select_writes_rows_out_of_order.py"), "kwb_piecewise_reads"),
    (os.path.join(CHAINS, "rope_rotate_half_cat.py"), "kwb_piecewise_reads"),
    (os.path.join(CHAINS, "stack_pointwise_parts_scale.py"), "kwb_piecewise_reads"),
    (os.path.join(CHAINS, "cat_dim0_three_parts_sin.py"), "kwb_piecewise_reads"),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("slicewrite", PROBLEMS, __doc__, compile_rows=True))
