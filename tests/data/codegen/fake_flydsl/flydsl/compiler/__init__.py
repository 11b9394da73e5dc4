"""flydsl.compiler emulation: kernel, jit, from_c_void_p (see flydsl/__init__.py)."""
import threading

from .. import expr as _fx


def jit(fn):
    """Host launcher: plain Python (sizes are Python ints here)."""
    return fn


class _Launch:
    def __init__(self, kernel, args):
        self.kernel, self.args = kernel, args

    def launch(self, grid, block, stream=None, smem=0):
        gx, gy, gz = (int(g) for g in grid)
        bx, by, bz = (int(b) for b in block)
        assert gy == gz == 1 and by == bz == 1, "the emulation runs 1-D grids and blocks only"
        for b in range(gx):
            _fx._run_block(self.kernel.fn, self.args, b, bx, gx)


class _Kernel:
    def __init__(self, fn):
        self.fn = fn
        self.annotations = getattr(fn, "__annotations__", {})

    def __call__(self, *args):
        names = list(self.fn.__code__.co_varnames[: self.fn.__code__.co_argcount])
        wrapped = []
        for name, a in zip(names, args):
            ann = self.annotations.get(name)
            if isinstance(ann, type) and issubclass(ann, _fx.Numeric) and not isinstance(a, _fx.Numeric):
                a = ann(a)
            wrapped.append(a)
        return _Launch(self, wrapped)


def kernel(fn=None, **_):
    if fn is None:
        return lambda f: _Kernel(f)
    return _Kernel(fn)


def from_c_void_p(element_type, pointer, **_):
    return _fx.Pointer(element_type, int(pointer))


_ = threading
