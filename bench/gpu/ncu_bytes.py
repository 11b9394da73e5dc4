"""Session 7: what a kernel really moves through DRAM, for issue 6's row norms below 80% of copy.

Run under Nsight Compute (GPU machine), one workspace at a time:
  ncu --clock-control none --nvtx --nvtx-include "measure/" --csv \
      --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_op_read_hit_rate.pct \
      python3 bench/gpu/ncu_bytes.py WORKSPACE [lagged]
WORKSPACE: a `kwb baseline` workspace (kernel.py, reference.py). Inside the NVTX range "measure" it runs,
once each and after one unprofiled warm-up call (Triton compiles there): a device-to-device copy of the
largest input (the ceiling's kernel), the generated ModelNew, and with `lagged` (GroupNorm only) the
session-6 gn_lagged design without and with L2 eviction hints (bench/gpu/rownorm_experiments.py).
ncu prints per kernel its duration and DRAM bytes: a two-pass kernel reads x twice by design; the
question is whether a design meant to re-read x from L2 does (DRAM read bytes near one x) or not.
"""
import importlib.util
import os
import sys

import torch

WS = sys.argv[1]
sys.path.insert(0, WS)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(WS, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


ref = load("reference")
ker = load("kernel")
torch.manual_seed(0)
inputs = [a.cuda() if isinstance(a, torch.Tensor) else a for a in ref.get_inputs()]
model = ref.Model(*ref.get_init_inputs()).cuda()
new = ker.ModelNew(*ref.get_init_inputs()).cuda()
if hasattr(new, "load_state_dict"):
    new.load_state_dict(model.state_dict(), strict=False)
big = max((a for a in inputs if isinstance(a, torch.Tensor)), key=lambda a: a.numel())
dst = torch.empty_like(big)

runs = [("copy", lambda: dst.copy_(big)), ("generated", lambda: new(*inputs))]
if len(sys.argv) > 2 and sys.argv[2] == "lagged":
    import rownorm_experiments as X
    gn = model.gn
    # session 7 call 1: LAG 2 without and with hints, LAG 1 with; call 2: LAG 2 with hints, one CTA per item and
    # persistent (8 CTAs per SM)
    for lag, hints, pers in ((2, ("evict_last", "evict_first"), 0), (2, ("evict_last", "evict_first"), 8)):
        runs.append(("gn_lagged LAG=%d hints=%s/%s persistent=%d" % (lag, hints[0] or "-", hints[1] or "-", pers),
                     lambda g=lag, h=hints, p=pers: X.groupnorm_lagged(inputs[0], gn.weight, gn.bias, gn.num_groups,
                                                                       gn.eps, 4096, g, 8, False, h, "evict_first", "", p)))
with torch.no_grad():
    for label, fn in runs:
        fn()  # warm-up: compiles, outside the profiled range
        torch.cuda.synchronize()
        torch.cuda.nvtx.range_push("measure")  # ncu's rows follow this order: copy, generated, lagged ...
        fn()
        torch.cuda.synchronize()
        torch.cuda.nvtx.range_pop()
        print("ran:", label, flush=True)
