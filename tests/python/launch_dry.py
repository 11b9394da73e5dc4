"""Every launch of a generated kernel.py at the problem's FULL shape, checked against CUDA's launch limits on the CPU.

The emulated checks (chain_emulate.py, the stage tests) run at reduced shapes, so a grid that grows with a size
(a batch on grid y, 65535 at most) or a TMA descriptor past cuTensorMapEncodeTiled's limits only shows at the
problem's own shape, on the GPU, as "Triton Error [CUDA]: invalid argument" (97_ScaledDotProductAttention on an
H100, session 34). Here forward() runs on meta tensors (shapes and strides, no storage) through
tests/data/codegen/fake_triton with every launch recorded and checked, not executed: the grid (x < 2^31, y and
z <= 65535), num_warps (<= 32), each host TMA descriptor (dims, strides, box: tools/tensor_descriptor.py) and the
element offsets an int32 index reaches (reported, not refused: kernels switch to int64 themselves). The values a
kernel computes are not known (meta tensors), so host code that reads a value (.item(), a data-dependent size)
cannot run here; the target's SM count is set to --sms (the persistent grids' size).

    /usr/bin/python3 tests/python/launch_dry.py KERNEL.py PROBLEM.py [--sms 132] [--json]

Exit status 0: every launch within the limits; 1: a launch over one (its message printed); 2: forward() could not
run on meta tensors (the reason printed).
"""
import argparse
import importlib.util
import json
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_triton"))
import triton  # noqa: E402
from triton.tools import tensor_descriptor as _td  # noqa: E402


class Recorder:
    """Patches the fake Triton's launcher to check and record launches without running them (a context manager)."""

    def __init__(self):
        self.launches = []  # (kernel name, grid (x, y, z), {constexpr / option: value})
        self.descriptors = []  # (shape, strides, block, dtype)

    def __enter__(self):
        self._call, self._desc = triton._Launcher.__call__, _td.TensorDescriptor.__init__
        rec = self

        def call(launcher, *args, **kwargs):
            grid = launcher.grid(kwargs) if callable(launcher.grid) else launcher.grid
            grid = tuple(int(g) for g in grid) + (1,) * (3 - len(grid))
            triton._check_grid(launcher.fn.__name__, grid, kwargs.get("num_warps"))
            meta = {k: v for k, v in kwargs.items() if isinstance(v, (bool, int, float, str))}
            rec.launches.append((launcher.fn.__name__, grid, meta))

        def desc(d, base, shape, strides, block_shape, padding="zero"):
            _td._check_encode(shape, strides, block_shape, base.element_size())
            rec.descriptors.append((tuple(int(v) for v in shape), tuple(int(v) for v in strides),
                                    tuple(int(v) for v in block_shape), str(base.dtype)))
            d.shape, d.strides, d.block_shape, d.dtype = list(shape), list(strides), list(block_shape), base.dtype

        triton._Launcher.__call__ = call
        _td.TensorDescriptor.__init__ = desc
        return self

    def __exit__(self, *exc):
        triton._Launcher.__call__, _td.TensorDescriptor.__init__ = self._call, self._desc
        return False


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _meta(x):
    return x.to("meta") if isinstance(x, torch.Tensor) else x


def dry_run(kernel_py, problem_py, sms=132):
    """forward() of kernel_py's ModelNew on problem_py's get_inputs() as meta tensors: a Recorder with every launch.
    Raises ValueError for a launch over a limit."""
    kernel, problem = _load(kernel_py, "kwb_dry_kernel"), _load(problem_py, "kwb_dry_problem")
    for name in ("kwb_target_sms",):  # the stage library's SM count off the GPU
        if hasattr(kernel, name):
            setattr(kernel, name, sms)
    orig_empty, orig_rand, orig_randn = torch.empty, torch.rand, torch.randn
    # get_inputs() draws its tensors: made on meta directly (no 2 GiB CPU tensors for a full-shape problem)
    torch.rand = lambda *s, **k: orig_empty(*s, **dict(k, device="meta"))
    torch.randn = lambda *s, **k: orig_empty(*s, **dict(k, device="meta"))
    try:
        inputs = [_meta(x) for x in problem.get_inputs()]
        init = [_meta(x) for x in problem.get_init_inputs()]
    finally:
        torch.rand, torch.randn = orig_rand, orig_randn
    model = kernel.ModelNew(*init).to("meta")
    with Recorder() as rec, torch.no_grad():
        model(*inputs)
    return rec


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kernel")
    ap.add_argument("problem")
    ap.add_argument("--sms", type=int, default=132)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    try:
        rec = dry_run(a.kernel, a.problem, a.sms)
    except ValueError as e:
        if "fake Triton" in str(e):
            print("OVER A LIMIT: %s" % e)
            return 1
        print("could not run on meta tensors: %s: %s" % (type(e).__name__, e))
        return 2
    except Exception as e:  # noqa: BLE001 -- reported, not a limit
        print("could not run on meta tensors: %s: %s" % (type(e).__name__, e))
        return 2
    if a.json:
        print(json.dumps({"launches": [[n, list(g), m] for n, g, m in rec.launches],
                          "descriptors": [list(map(list, d[:3])) + [d[3]] for d in rec.descriptors]}))
    else:
        for n, g, m in rec.launches:
            print("%-36s grid %-22s %s" % (n, g, " ".join("%s=%s" % kv for kv in sorted(m.items()))))
        for d in rec.descriptors:
            print("%-36s shape %s strides %s block %s %s" % ("TensorDescriptor", *d))
        print("%d launches, %d descriptors: every one within CUDA's limits" % (len(rec.launches), len(rec.descriptors)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
