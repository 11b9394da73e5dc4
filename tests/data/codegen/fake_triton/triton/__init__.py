"""A CPU emulation of the small part of Triton that Kernel Workbench's generated kernels use.

TEST FIXTURE ONLY (tests/tst_codegen.cpp): Triton cannot be installed on the workbench's CPU machines,
so the generated kernels are run here program by program with torch CPU tensors standing in for
Triton blocks. It checks the kernels' indexing, masking, reductions and carries numerically against
PyTorch through the real harness (KWB_HARNESS_DEVICE=cpu). It says nothing about performance or
about the Triton compiler's own constraints (power-of-two blocks are asserted; types loosely).
"""
import itertools

import torch

from . import language  # noqa: F401  (import triton.language as tl)

__version__ = "0.0-cpu-emulation"


def cdiv(a, b):
    return (a + b - 1) // b


def next_power_of_2(n):
    p = 1
    while p < n:
        p *= 2
    return p


class _Launcher:
    def __init__(self, fn, grid):
        self.fn, self.grid = fn, grid

    def __call__(self, *args, **kwargs):
        kwargs.pop("num_warps", None)
        kwargs.pop("num_stages", None)
        grid = self.grid(kwargs) if callable(self.grid) else self.grid
        grid = tuple(int(g) for g in grid) + (1,) * (3 - len(grid))
        conv = [language._as_arg(a) for a in args]
        kw = {k: language._as_arg(v) for k, v in kwargs.items()}
        for z, y, x in itertools.product(range(grid[2]), range(grid[1]), range(grid[0])):
            language._PID[:] = [x, y, z]
            self.fn(*conv, **kw)


class JITFunction:
    def __init__(self, fn):
        self.fn = fn
        self.__name__ = fn.__name__

    def __getitem__(self, grid):
        return _Launcher(self.fn, grid)

    def __call__(self, *args, **kwargs):  # a @triton.jit helper called from a kernel
        return self.fn(*args, **kwargs)


def jit(fn=None, **_):
    if fn is None:
        return lambda f: JITFunction(f)
    return JITFunction(fn)

