"""A CPU emulation of the small part of Triton that Kernel Workbench's generated kernels use.

TEST FIXTURE ONLY (tests/tst_codegen.cpp): Triton cannot be installed on the workbench's CPU machines,
so the generated kernels are run here program by program with torch CPU tensors standing in for
Triton blocks. It checks the kernels' indexing, masking, reductions and carries numerically against
PyTorch through the real harness (KWB_HARNESS_DEVICE=cpu). It says nothing about performance or
about the Triton compiler's own constraints (power-of-two blocks are asserted; types loosely).
"""
import inspect
import itertools
import threading

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
    def __init__(self, fn, grid, jit_fn=None):
        self.fn, self.grid, self.jit_fn = fn, grid, jit_fn

    def __call__(self, *args, **kwargs):
        if self.jit_fn is not None:
            self.jit_fn.spec_keys.add(self.jit_fn.spec_key(args, kwargs))
        kwargs.pop("num_warps", None)
        kwargs.pop("num_stages", None)
        kwargs.pop("maxnreg", None)  # a compiler option (register cap): nothing to emulate
        grid = self.grid(kwargs) if callable(self.grid) else self.grid
        grid = tuple(int(g) for g in grid) + (1,) * (3 - len(grid))
        conv = [language._as_arg(a) for a in args]
        kw = {k: language._as_arg(v) for k, v in kwargs.items()}
        pids = list(itertools.product(range(grid[2]), range(grid[1]), range(grid[0])))
        if not self._cooperative():
            for z, y, x in pids:
                language._set_pid([x, y, z], grid)
                self.fn(*conv, **kw)
            return
        # A kernel whose CTAs wait on each other through atomics (the one-pass row norms) cannot run
        # program by program: every program gets a thread, as every CTA of the grid is resident at once.
        errors = []

        def program(pid):
            language._set_pid(pid, grid)
            try:
                with torch.no_grad():  # grad mode is per thread; a kernel records no autograd graph
                    self.fn(*conv, **kw)
            except BaseException as e:  # noqa: BLE001 -- re-raised in the launching thread
                errors.append(e)

        threads = [threading.Thread(target=program, args=([x, y, z],), daemon=True) for z, y, x in pids]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            raise errors[0]

    def _cooperative(self):
        try:
            return "atomic_" in inspect.getsource(self.fn)
        except (OSError, TypeError):
            return False


class JITFunction:
    def __init__(self, fn, do_not_specialize=()):
        self.fn = fn
        self.__name__ = fn.__name__
        names = list(inspect.signature(fn).parameters)
        self.do_not_specialize = {names.index(a) if isinstance(a, str) else a for a in do_not_specialize or ()}
        self.spec_keys = set()  # the distinct specialization keys launched: Triton compiles once per key

    def spec_key(self, args, kwargs):
        """A model of Triton's per-launch specialization key (what decides a new compile): an int's type and,
        unless in do_not_specialize, whether it is 1 or a multiple of 16; a tensor's dtype and 16-byte alignment;
        constexprs and compiler options by value. Counting compiles, not emulating them."""
        params = inspect.signature(self.fn).parameters
        key = []
        for i, a in enumerate(args):
            if isinstance(a, bool) or not isinstance(a, (int, torch.Tensor)):
                key.append(type(a).__name__ if not isinstance(a, bool) else "i1")
            elif isinstance(a, torch.Tensor):
                key.append((str(a.dtype), a.data_ptr() % 16 == 0))
            elif i in self.do_not_specialize:
                key.append("i64" if abs(a) >= 2 ** 31 else "i32")
            else:
                key.append(("i64" if abs(a) >= 2 ** 31 else "i32", a == 1, a % 16 == 0))
        for k in sorted(kwargs):
            v = kwargs[k]
            key.append((k, v if isinstance(v, (bool, int, float, str, type(None))) else id(v)))
        assert len(args) + len(kwargs) >= len([p for p in params.values() if p.default is p.empty])
        return tuple(key)

    def __getitem__(self, grid):
        return _Launcher(self.fn, grid, self)

    def __call__(self, *args, **kwargs):  # a @triton.jit helper called from a kernel
        return self.fn(*args, **kwargs)


def jit(fn=None, do_not_specialize=None, **_):
    if fn is None:
        return lambda f: JITFunction(f, do_not_specialize)
    return JITFunction(fn, do_not_specialize)

