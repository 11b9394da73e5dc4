"""A CPU emulation of the small part of Triton that Kernel Workbench's generated kernels use.

TEST FIXTURE ONLY (tests/tst_codegen.cpp): Triton cannot be installed on the workbench's CPU machines,
so the generated kernels are run here program by program with torch CPU tensors standing in for
Triton blocks. It checks the kernels' indexing, masking, reductions and carries numerically against
PyTorch through the real harness (KWB_HARNESS_DEVICE=cpu). It says nothing about performance or
about the Triton compiler's own constraints (power-of-two blocks are asserted; types loosely).

Where the emulation would accept what Triton rejects, in ways the templates have got wrong before, it rejects
it too (_check_launch, _lint; tl.arange / tl.zeros / tl.static_range / tl.dot in language.py): a kernel
argument not annotated tl.constexpr arrives as a 0-d tensor (Triton's run-time scalar), so using it where a
constexpr is needed (a block size, a static_range bound, a constexpr parameter of a helper) fails here as it
does in Triton's code generator; a constexpr parameter given a tensor, a launch keyword that is neither a
parameter nor a compiler option, tl.dot operands of different dtypes or under 16 along M, N or K, and Python
the code generator does not accept (a chained `A and B and C`, a chained assignment `a = b = c`, comprehensions,
lambdas, try/with, a return inside a loop) all raise. An int argument equal to 1 (not in do_not_specialize) arrives as
the plain int 1, as Triton specialises it into a constexpr: a tensor method on it (`n.to(...)`) fails as in Triton. A
grid past CUDA's limits (x < 2^31, y and z <= 65535) or num_warps over 32 raise as the launch would ('invalid
argument'); the host TMA descriptor checks cuTensorMapEncodeTiled's limits (tools/tensor_descriptor.py). Still not modelled: int overflow and 64-bit promotion rules, loop-carried type
changes, layouts, shared memory and registers.
"""
import ast
import inspect
import itertools
import textwrap
import threading
import types

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


# Launch keywords Triton takes as compiler / launch options rather than kernel arguments
_LAUNCH_OPTIONS = {"num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion", "launch_cooperative_grid",
                   "launch_pdl", "debug", "sanitize_overflow", "warp_size"}


def _is_constexpr_param(p):
    return p.annotation is language.constexpr or p.annotation == "tl.constexpr"


def _check_constexpr_value(fn_name, name, v):
    """A tl.constexpr parameter takes a compile-time value: a tensor (a run-time scalar or block) is rejected."""
    if isinstance(v, (torch.Tensor, language.Ptr)):
        raise TypeError("fake Triton: %s: constexpr parameter %s got a run-time value (%s); Triton needs a "
                        "compile-time constant here" % (fn_name, name, type(v).__name__))


def _runtime_scalar(v, specialize=True):
    """A non-constexpr scalar argument as Triton's kernel sees it: a 0-d tensor (i32 / i64 / i1 / fp32), so that
    using it as a block size or a constexpr fails here too. An int equal to 1 (unless its parameter is in
    do_not_specialize) is what Triton's launcher specialises into a constexpr ("constexpr", 1): the kernel body gets
    the plain Python int 1, so a tensor method on it (`n.to(tl.float32)`, `n.dtype`) fails here as Triton's code
    generator fails ("'int' object has no attribute 'to'")."""
    if isinstance(v, bool):
        return torch.tensor(v)
    if isinstance(v, int) and v == 1 and specialize:
        return 1
    if isinstance(v, int):
        return torch.tensor(v, dtype=torch.int32 if -2 ** 31 <= v < 2 ** 31 else torch.int64)
    if isinstance(v, float):
        return torch.tensor(v, dtype=torch.float32)
    return language._as_arg(v)  # a torch tensor: a pointer; anything else (a descriptor) as given


def _lint(fn):
    """Python that Triton's code generator rejects (checked at the first launch or call, as Triton compiles then):
    the messages of every offence, or []."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return []
    bad = []
    unsupported = {ast.ListComp: "a list comprehension", ast.SetComp: "a set comprehension",
                   ast.DictComp: "a dict comprehension", ast.GeneratorExp: "a generator expression",
                   ast.Lambda: "a lambda", ast.Try: "try/except", ast.With: "a with statement",
                   ast.Global: "global", ast.Nonlocal: "nonlocal", ast.Yield: "yield"}

    def walk(node, in_loop):
        for child in ast.iter_child_nodes(node):
            line = getattr(child, "lineno", 0)
            if isinstance(child, ast.BoolOp) and len(child.values) > 2:
                bad.append("line %d: chained boolean operators (A and B and C) are not supported" % line)
            elif type(child) in unsupported:
                bad.append("line %d: %s is not supported" % (line, unsupported[type(child)]))
            elif isinstance(child, ast.Assign) and len(child.targets) > 1:
                bad.append("line %d: a chained assignment (a = b = c) is not supported" % line)
            elif isinstance(child, ast.Return) and in_loop:
                bad.append("line %d: return inside a for/while loop is not supported" % line)
            elif isinstance(child, (ast.For, ast.While)) and child.orelse:
                bad.append("line %d: else after a loop is not supported" % line)
            walk(child, in_loop or isinstance(child, (ast.For, ast.While)))

    fdef = tree.body[0]
    for stmt in fdef.body:
        walk(ast.Module(body=[stmt], type_ignores=[]), False)
    return bad


def _check_lint(jit_fn):
    if jit_fn.lint is None:
        jit_fn.lint = _lint(jit_fn.fn)
    if jit_fn.lint:
        raise SyntaxError("fake Triton: %s: %s" % (jit_fn.__name__, "; ".join(jit_fn.lint)))


# CUDA's launch limits (cuLaunchKernel answers CUDA_ERROR_INVALID_VALUE, Triton's "Triton Error [CUDA]: invalid
# argument", past them): grid x up to 2^31 - 1 CTAs, y and z up to 65535; at most 1024 threads (32 warps) a CTA.
GRID_MAX = (2 ** 31 - 1, 65535, 65535)
MAX_WARPS = 32


def _check_grid(name, grid, num_warps):
    """A launch the GPU would refuse, refused here too (every emulated launch, whatever its shapes: a kernel whose
    grid grows with a size that the tests keep small still fails where the size is taken to its limit)."""
    for axis, (g, most) in enumerate(zip(grid, GRID_MAX)):
        if g < 0 or g > most:
            raise ValueError("fake Triton: %s: grid dim %d is %d, over CUDA's limit of %d (the launch fails with "
                             "'invalid argument')" % (name, axis, g, most))
    if num_warps is not None and (num_warps < 1 or num_warps > MAX_WARPS or num_warps & (num_warps - 1)):
        raise ValueError("fake Triton: %s: num_warps=%r (a power of two up to %d)" % (name, num_warps, MAX_WARPS))


class _Launcher:
    def __init__(self, fn, grid, jit_fn=None):
        self.fn, self.grid, self.jit_fn = fn, grid, jit_fn

    def _check_launch(self, args, kwargs):
        """Triton's binding of a launch: every keyword a parameter or a compiler option, constexprs constant;
        returns the arguments with the run-time scalars as 0-d tensors."""
        params = list(inspect.signature(self.fn).parameters.values())
        names = [p.name for p in params]
        for k in kwargs:
            if k not in names and k not in _LAUNCH_OPTIONS:
                raise KeyError("fake Triton: keyword argument %s was specified but unrecognised (%s)"
                               % (k, self.fn.__name__))
        if len(args) > len(params):
            raise TypeError("fake Triton: %s takes %d arguments, got %d" % (self.fn.__name__, len(params), len(args)))
        dns = self.jit_fn.do_not_specialize if self.jit_fn is not None else set()
        out_args = []
        for i, (p, a) in enumerate(zip(params, args)):
            if _is_constexpr_param(p):
                _check_constexpr_value(self.fn.__name__, p.name, a)
                out_args.append(a)
            else:
                out_args.append(_runtime_scalar(a, i not in dns))
        out_kw = {}
        byname = {p.name: p for p in params}
        for k, v in kwargs.items():
            if k in byname and _is_constexpr_param(byname[k]):
                _check_constexpr_value(self.fn.__name__, k, v)
                out_kw[k] = v
            else:
                out_kw[k] = _runtime_scalar(v, names.index(k) not in dns) if k in byname else v
        return out_args, out_kw

    def __call__(self, *args, **kwargs):
        """The launch; returns what Triton's JITFunction.run returns, a CompiledKernel (modelled: _CompiledKernel)."""
        self._run(*args, **kwargs)
        return _CompiledKernel(self.fn, self.jit_fn)

    def _run(self, *args, **kwargs):
        if self.jit_fn is not None:
            self.jit_fn.spec_keys.add(self.jit_fn.spec_key(args, kwargs))
            _check_lint(self.jit_fn)
        grid = self.grid(kwargs) if callable(self.grid) else self.grid
        args, kwargs = self._check_launch(args, kwargs)
        grid = tuple(int(g) for g in grid) + (1,) * (3 - len(grid))
        _check_grid(self.fn.__name__, grid, kwargs.get("num_warps"))
        for opt in _LAUNCH_OPTIONS:  # compiler options (warps, stages, register cap): nothing to emulate
            kwargs.pop(opt, None)
        conv, kw = args, kwargs
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


class _CompiledKernel:
    """A model of Triton 3.3+'s CompiledKernel as a launch returns it: `run(grid0, grid1, grid2, stream, function,
    packed_metadata, launch_metadata, enter_hook, exit_hook, *bound_args)` launches it with every parameter in
    signature order (constexprs included, launch options not); `function` and `packed_metadata` are opaque. A
    pointer argument may be any object with data_ptr() (Triton's launcher reads only that); the emulation needs the
    tensor behind it, so such an object must carry `base` (a tensor) and `off` (bytes from base.data_ptr()) and its
    `dtype` (kwb's _KwbPlanPtr)."""

    def __init__(self, fn, jit_fn):
        self.fn, self.jit_fn = fn, jit_fn
        self.function, self.packed_metadata = object(), object()

    def run(self, grid0, grid1, grid2, stream, function, packed_metadata, launch_metadata, enter_hook, exit_hook,
            *bound_args):
        params = list(inspect.signature(self.fn).parameters)
        if len(bound_args) != len(params) or function is not self.function or packed_metadata is not \
                self.packed_metadata:
            raise TypeError("fake Triton: CompiledKernel.run of %s: %d bound arguments for %d parameters, or another "
                            "kernel's function / metadata" % (self.fn.__name__, len(bound_args), len(params)))
        if enter_hook is not None or exit_hook is not None:
            enter_hook and enter_hook(launch_metadata)
        args = []
        for a in bound_args:
            if not isinstance(a, torch.Tensor) and hasattr(a, "data_ptr") and hasattr(a, "base"):
                b = a.base.view(a.dtype) if a.dtype != a.base.dtype else a.base
                esz = b.element_size()
                if a.off % esz:
                    raise ValueError("fake Triton: a pointer %d bytes into its base, not a whole %s" % (a.off, a.dtype))
                a = torch.as_strided(b, (1,), (1,), b.storage_offset() + a.off // esz)
            args.append(a)
        _Launcher(self.fn, (grid0, grid1, grid2), self.jit_fn)._run(*args)
        if exit_hook is not None:
            exit_hook(launch_metadata)


class _Driver:  # triton.runtime.driver.active: the device and stream JITFunction.run reads (none here)
    @staticmethod
    def get_current_device():
        return 0

    @staticmethod
    def get_current_stream(device=None):
        return 0


# triton.runtime.driver.active, as Triton's module and DriverConfig spell it
runtime = types.SimpleNamespace(driver=types.SimpleNamespace(active=_Driver()))


class JITFunction:
    def __init__(self, fn, do_not_specialize=()):
        self.fn = fn
        self.__name__ = fn.__name__
        names = list(inspect.signature(fn).parameters)
        self.do_not_specialize = {names.index(a) if isinstance(a, str) else a for a in do_not_specialize or ()}
        self.spec_keys = set()  # the distinct specialization keys launched: Triton compiles once per key
        self.lint = None  # _lint's findings, computed at the first launch or call

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
        _check_lint(self)
        bound = inspect.signature(self.fn).bind(*args, **kwargs)
        for name, v in bound.arguments.items():
            if _is_constexpr_param(inspect.signature(self.fn).parameters[name]):
                _check_constexpr_value(self.fn.__name__, name, v)
        return self.fn(*args, **kwargs)


def jit(fn=None, do_not_specialize=None, **_):
    if fn is None:
        return lambda f: JITFunction(f, do_not_specialize)
    return JITFunction(fn, do_not_specialize)

