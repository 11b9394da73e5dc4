#!/usr/bin/env python3
"""Session 24 (helper fuselaunch): a pad read by one pointwise launch alone is that launch's index map, off vs on,
beside eager and torch.compile, in one process.

  kwb_pad_prologue (F.pad in any mode -- constant, reflect, replicate, circular -- whose result one kwb_pointwise
    launch alone reads): the launch loads the pad's source at the mapped indices (out[i] = x[f(i)]) and the pad
    writes nothing; off: each pad its own kwb_pad launch, then the pointwise launch reads the padded tensors (the plan
    before). Rows: pad_replicate2d_relu and pad_reflect_replicate3d (two pads + one pointwise launch -> one launch;
    session 23's H200 run had them at 0.30x and 0.34x torch.compile), pad_circular2d_gelu, pad_circular3d_scale
    (one pad -> no launch of its own).

    # CPU machine: the kernels (this branch's kwb) and the problem copies
    python3 bench/gpu/fuselaunch_ab.py --generate .gpu/fuselaunch
    python3 bench/gpu/fuselaunch_ab.py --kernels .gpu/fuselaunch --cpu-emulated      # fake_triton: the flow, numbers
    # GPU machine
    python3 bench/gpu/fuselaunch_ab.py --kernels .gpu/fuselaunch --budget 300

Rows (one line each, flushed): problem, variant (eager, off, on, torch.compile), latency_us (do_bench median of the
whole forward), rel_err (||ours - eager|| / ||eager||), x_off (off's time / this one's), launches (kernel launches of
one forward, counted by wrapping each @triton.jit function the module launches as name[grid]).
What decides: kwb_pad_prologue stays on where its `on` row has x_off >= 0.97 (noise) on every row; the
pad_replicate2d_relu and pad_reflect_replicate3d `on` rows against their torch.compile rows are the ones issue 14
measures (the problems' own sizes are small: launch-bound). The CPU run times nothing.
Nothing here ran on a GPU when it was written.
"""
import os
import sys

import abharness as ab

ROOT, DATA = ab.ROOT, ab.DATA
CHAINS = os.path.join(DATA, "codegen", "chains", "problems")
PROBLEMS = [  # (problem path, the switch its A/B flips)
    (os.path.join(CHAINS, "pad_replicate2d_relu.py"), "kwb_pad_prologue"),
    (os.path.join(CHAINS, "pad_reflect_replicate3d.py"), "kwb_pad_prologue"),
    (os.path.join(CHAINS, "pad_circular2d_gelu.py"), "kwb_pad_prologue"),
    (os.path.join(CHAINS, "pad_circular3d_scale.py"), "kwb_pad_prologue"),
]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("fuselaunch", PROBLEMS, __doc__, compile_rows=True))
