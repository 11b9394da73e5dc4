"""A CPU emulation of the few CuTe DSL names that the stage set (cutedsl_stages.py, chains of one or more launches)
use (Kernel Workbench tests).

NOT the CuTe DSL: no compiler, no MLIR, no GPU. A @cute.kernel runs as plain Python once per thread of its
grid (slow: tiny shapes only; one Python thread per GPU thread for a kernel that shuffles), tensors are torch
tensors, TensorSSA values are torch tensors wrapped in Val, Constexpr arguments are Python values. It checks the generated host plumbing (views, broadcast strides, spans)
and the epilogue's arithmetic against PyTorch; it says nothing about whether the real DSL accepts the kernel
(cute_check.py checks the names statically) or how fast it runs. Names outside those templates are missing on
purpose: a kernel using one fails loudly here.
"""
import torch


class _DType:
    def __init__(self, name, torch_dtype):
        self.name, self.torch = name, torch_dtype

    def __call__(self, v):
        return Val(torch.as_tensor(_raw(v)).to(self.torch))

    def __repr__(self):
        return "cutlass." + self.name


Float32 = _DType("Float32", torch.float32)
Float16 = _DType("Float16", torch.float16)
BFloat16 = _DType("BFloat16", torch.bfloat16)
Int32 = _DType("Int32", torch.int32)
Int64 = _DType("Int64", torch.int64)
Boolean = _DType("Boolean", torch.bool)
_BY_TORCH = {d.torch: d for d in (Float32, Float16, BFloat16, Int32, Int64, Boolean)}


class Constexpr:
    """Annotation marker: a compile-time Python value (cute.compile keeps it, the compiled call omits it)."""


def const_expr(x):
    return x


def range_constexpr(*args):
    return range(*args)


def min(*args):  # noqa: A001 - the DSL's names: the least / greatest of Numerics (Int32 window bounds)
    return Val(torch.stack([torch.as_tensor(_raw(a)) for a in args]).min())


def max(*args):  # noqa: A001
    return Val(torch.stack([torch.as_tensor(_raw(a)) for a in args]).max())


def _raw(v):
    return v.t if isinstance(v, Val) else v


class Val:
    """A Numeric or a TensorSSA: a torch tensor with Python operators."""

    def __init__(self, t):
        self.t = t if isinstance(t, torch.Tensor) else torch.tensor(t)

    def to(self, dtype):
        return Val(self.t.to(dtype.torch))

    def __bool__(self):
        return bool(self.t)

    def __index__(self):
        return int(self.t)

    def __neg__(self):
        return Val(-self.t)


def _binop(name, fn):
    setattr(Val, "__%s__" % name, lambda a, b: Val(fn(a.t, _raw(b))))
    setattr(Val, "__r%s__" % name, lambda a, b: Val(fn(_raw(b), a.t)))


for _n, _f in [("add", torch.add), ("sub", torch.sub), ("mul", torch.mul), ("truediv", torch.div),
               ("floordiv", lambda a, b: torch.div(a, b, rounding_mode="floor")), ("mod", torch.remainder),
               ("and", lambda a, b: a & b), ("or", lambda a, b: a | b), ("xor", lambda a, b: a ^ b),
               ("pow", torch.pow)]:
    _binop(_n, _f)
for _n, _f in [("lt", torch.lt), ("le", torch.le), ("gt", torch.gt), ("ge", torch.ge), ("eq", torch.eq),
               ("ne", torch.ne)]:
    setattr(Val, "__%s__" % _n, (lambda f: lambda a, b: Val(f(a.t, _raw(b))))(_f))
Val.__hash__ = None
