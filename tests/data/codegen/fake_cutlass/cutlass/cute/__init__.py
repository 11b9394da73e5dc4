"""cutlass.cute for the CPU emulation (see cutlass/__init__.py): kernel, jit, compile, tensors, where, full_like."""
import inspect
import itertools

import torch

import cutlass
from cutlass import Val, _raw

from . import arch, math  # noqa: F401


class Tensor:
    """A cute.Tensor over a torch tensor: indexing reads a Val, assignment writes one element."""

    def __init__(self, t):
        self.t = t

    @property
    def element_type(self):
        return cutlass._BY_TORCH[self.t.dtype]

    @staticmethod
    def _idx(i):
        return tuple(int(_raw(x)) for x in i) if isinstance(i, tuple) else int(_raw(i))

    def __getitem__(self, i):
        return Val(self.t[self._idx(i)].clone())

    def __setitem__(self, i, v):
        self.t[self._idx(i)] = _raw(v)

    def load(self):
        return Val(self.t.clone())

    def store(self, v):
        self.t.copy_(torch.broadcast_to(_raw(v), self.t.shape))


def make_rmem_tensor(shape, dtype):
    return Tensor(torch.zeros(shape, dtype=dtype.torch))


def where(c, a, b):
    return Val(torch.where(_raw(c), torch.as_tensor(_raw(a)), torch.as_tensor(_raw(b))))


def full_like(a, v, dtype=None):
    return Val(torch.full_like(_raw(a), float(_raw(v)), dtype=dtype.torch if dtype else None))


class _Launcher:
    def __init__(self, fn, args):
        self.fn, self.args = fn, args

    def launch(self, grid, block, **_):
        grid = [int(_raw(g)) for g in grid]
        for b in itertools.product(*[range(g) for g in reversed(grid)]):
            for t in itertools.product(*[range(x) for x in reversed(block)]):
                arch._now = (tuple(reversed(t)), tuple(reversed(b)))
                self.fn(*self.args)


def kernel(fn):
    return lambda *args: _Launcher(fn, args)


def jit(fn):
    return fn


def compile(fn, *args):  # noqa: A001 - the DSL's name
    params = list(inspect.signature(fn).parameters.values())
    const = {i: a for i, (p, a) in enumerate(zip(params, args)) if p.annotation is cutlass.Constexpr}

    def run(*rt):
        it = iter(rt)
        return fn(*[const[i] if i in const else next(it) for i in range(len(params))])
    return run
