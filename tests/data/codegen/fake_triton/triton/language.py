"""triton.language on torch CPU tensors (see triton/__init__.py: a test fixture, not Triton)."""
import os
import builtins
import threading
import time

import torch

float32, float16, bfloat16, float64 = torch.float32, torch.float16, torch.bfloat16, torch.float64
int1, int8, int16, int32, int64, uint8 = torch.bool, torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8
_TLS = threading.local()  # the program id of the program this thread runs
_ATOMIC = threading.Lock()


def _set_pid(pid, grid):
    _TLS.pid, _TLS.grid, _TLS.polls = list(pid), list(grid), 0


class constexpr:  # an annotation, or a module-level compile-time value (DOT_PRECISION = tl.constexpr("tf32"))
    def __init__(self, value=None):
        self.value = value


class _DType:
    def __init__(self, t):
        self.element_ty = t


class Ptr:
    """A pointer (block): the flat storage of a tensor plus element offsets."""

    def __init__(self, flat, offs):
        self.flat, self.offs = flat, offs
        self.dtype = _DType(flat.dtype)

    def __add__(self, o):
        return Ptr(self.flat, self.offs + o)

    __radd__ = __add__

    def __sub__(self, o):
        return Ptr(self.flat, self.offs - o)

    def __getitem__(self, idx):  # p[:, None] on a block of pointers
        return Ptr(self.flat, self.offs[idx])


def _as_arg(a):
    if isinstance(a, torch.Tensor):
        if hasattr(a, "untyped_storage"):
            n = a.untyped_storage().nbytes() // a.element_size()
        else:  # torch < 2.0
            n = a.storage().size()
        flat = torch.as_strided(a, (n,), (1,), 0)
        return Ptr(flat, torch.tensor(a.storage_offset(), dtype=torch.int64))
    return a


def _t(x, like=None):
    if isinstance(x, torch.Tensor):
        return x
    if isinstance(x, bool):
        return torch.tensor(x)
    if isinstance(x, int):  # Triton's literal: int32 where it fits, else 64-bit (uint32 below 2^32: no torch 1.13 type)
        return torch.tensor(x, dtype=torch.int32 if -2 ** 31 <= x < 2 ** 31 else torch.int64)
    return torch.tensor(x, dtype=torch.float32)


def program_id(axis):
    return torch.tensor(_TLS.pid[axis], dtype=torch.int32)


def num_programs(axis):
    return torch.tensor(_TLS.grid[axis], dtype=torch.int32)


def _constexpr_int(v, what):
    """A block size or static bound: Triton needs a compile-time int (a run-time argument arrives as a 0-d tensor)."""
    if isinstance(v, torch.Tensor):
        raise TypeError("fake Triton: %s must be a constexpr (a compile-time int), got a run-time value" % what)
    return v


def arange(start, end):
    _constexpr_int(start, "tl.arange's start")
    _constexpr_int(end, "tl.arange's end")
    n = end - start
    assert n > 0 and (n & (n - 1)) == 0, "tl.arange needs a power-of-two range, got %d" % n
    return torch.arange(start, end, dtype=torch.int32)


def _shape(s):
    return tuple(int(_constexpr_int(v, "a block shape")) for v in (s if isinstance(s, (list, tuple)) else [s]))


def full(shape, value, dtype):
    if isinstance(value, torch.Tensor):  # Triton takes a one-element tensor too (cast to dtype)
        value = value.item()
    return torch.full(_shape(shape), value, dtype=dtype)


def zeros_like(x, dtype=None):
    return torch.zeros_like(_t(x), dtype=dtype)


def zeros(shape, dtype=torch.float32):
    return torch.zeros(_shape(shape), dtype=dtype)


_EVICTION_POLICIES = (None, "", "evict_first", "evict_last")  # what triton.language accepts (else ValueError)


def _check_eviction(policy):
    if policy not in _EVICTION_POLICIES:
        raise ValueError("Eviction policy {} not supported".format(policy))


def load(ptr, mask=None, other=None, cache_modifier=None, eviction_policy=None):
    _check_eviction(eviction_policy)
    offs = ptr.offs.to(torch.int64)
    if mask is None:
        return ptr.flat[offs]
    mask = torch.broadcast_to(_t(mask), offs.shape) if offs.dim() else _t(mask)
    safe = torch.where(mask, offs, torch.zeros_like(offs))
    vals = ptr.flat[safe]
    fill = torch.tensor(0 if other is None else other).to(vals.dtype)
    return torch.where(mask, vals, fill)


def store(ptr, value, mask=None, cache_modifier=None, eviction_policy=None):
    _check_eviction(eviction_policy)
    offs = ptr.offs.to(torch.int64)
    value = torch.broadcast_to(_t(value).to(ptr.flat.dtype), offs.shape)
    if mask is None:
        ptr.flat[offs.reshape(-1)] = value.reshape(-1)
        return
    mask = torch.broadcast_to(_t(mask), offs.shape)
    ptr.flat[offs[mask]] = value[mask]


def _atomic_rmw(ptr, val, mask, op):
    """A block of read-modify-writes as Triton does them: each unmasked element alone, so that elements of one
    block that hit the same address all apply (index accumulation, not a last-writer-wins store); returns the
    old values (0 where masked: Triton leaves them undefined)."""
    offs = ptr.offs.to(torch.int64)
    val = torch.broadcast_to(_t(val).to(ptr.flat.dtype), offs.shape)
    ok = torch.ones(offs.shape, dtype=torch.bool) if mask is None else torch.broadcast_to(_t(mask), offs.shape)
    with _ATOMIC:
        old = torch.where(ok, ptr.flat[torch.where(ok, offs, torch.zeros_like(offs))],
                          torch.zeros((), dtype=ptr.flat.dtype))
        idx, v = offs[ok], val[ok]
        if op == "add":
            ptr.flat.index_put_((idx,), v, accumulate=True)
        elif not (v.is_floating_point() and bool(torch.isnan(v).any() or torch.isnan(ptr.flat[idx]).any())):
            # max / min without a NaN: order-free, so one scatter_reduce_ is every element's update alone
            ptr.flat.scatter_reduce_(0, idx, v, "amax" if op == "max" else "amin", include_self=True)
        else:  # max / min: NaN propagates (fp32 atomic_max/min compare bit patterns; a NaN wins)
            f = torch.maximum if op == "max" else torch.minimum
            for i, x in zip(idx.tolist(), v):  # one element at a time, as the hardware serializes them
                ptr.flat[i] = f(ptr.flat[i], x)
    return old


def atomic_add(ptr, val, mask=None, sem=None, scope=None):
    """Returns the old value(s). A scalar add of 0 is a poll of a value other programs change: it yields this
    thread so that they can run. A block of pointers (with a mask) adds element by element (_atomic_rmw)."""
    if ptr.offs.dim() > 0:
        return _atomic_rmw(ptr, val, mask, "add")
    with _ATOMIC:
        i = int(ptr.offs)
        old = ptr.flat[i].clone()
        if mask is None or bool(_t(mask)):
            ptr.flat[i] = old + val
    if not isinstance(val, torch.Tensor) and val == 0:  # a poll: a bounded spin, never a silent hang
        polls = getattr(_TLS, "polls", 0) + 1
        _TLS.polls = polls
        if polls > 200000:  # about 40 s of polling
            raise RuntimeError("fake Triton: a program polled an atomic for 40 s (deadlock: a program it waits "
                               "for never ran, or never arrived)")
        time.sleep(0.0002)
    return old


def atomic_max(ptr, val, mask=None, sem=None, scope=None):
    """tl.atomic_max on a pointer or a block of pointers (see _atomic_rmw); returns the old value(s)."""
    return _atomic_rmw(ptr, val, mask, "max")


def atomic_min(ptr, val, mask=None, sem=None, scope=None):
    """tl.atomic_min on a pointer or a block of pointers (see _atomic_rmw); returns the old value(s)."""
    return _atomic_rmw(ptr, val, mask, "min")


def atomic_cas(ptr, cmp, val, sem=None, scope=None):
    """tl.atomic_cas on a pointer or a block of pointers (no mask, as Triton's has none): each element alone, in
    order, so that of the elements of one block that hit one address only the first whose cmp matches swaps (a
    compare-and-swap loop's losers see the new value and retry); returns the values found (bits compared exactly)."""
    offs = ptr.offs.to(torch.int64)
    cmp = torch.broadcast_to(_t(cmp).to(ptr.flat.dtype), offs.shape).reshape(-1)
    val = torch.broadcast_to(_t(val).to(ptr.flat.dtype), offs.shape).reshape(-1)
    flat_offs = offs.reshape(-1).tolist()
    old = torch.empty(len(flat_offs), dtype=ptr.flat.dtype)
    with _ATOMIC:
        for k, i in enumerate(flat_offs):
            cur = ptr.flat[i].clone()
            old[k] = cur
            if cur.view(torch.uint8).equal(cmp[k].clone().view(torch.uint8)) if cur.is_floating_point() else bool(
                    cur == cmp[k]):
                ptr.flat[i] = val[k]
    return old.reshape(offs.shape)


def static_range(*args):  # unrolled by the compiler in Triton; a plain loop here
    return builtins.range(*(int(_constexpr_int(a, "tl.static_range's bound")) for a in args))


def range(*args, **_):  # tl.range: a loop whose induction variable is a block (a scalar tensor) here
    return (torch.tensor(i, dtype=torch.int32) for i in builtins.range(*(int(a) for a in args)))


def reduce(x, axis, combine_fn, keep_dims=False):
    """tl.reduce with a @triton.jit combine function: a pairwise tree along axis (sizes are powers of two)."""
    n = x.shape[axis]
    assert n & (n - 1) == 0, "tl.reduce over a power-of-two extent, got %d" % n
    while n > 1:
        n //= 2
        x = combine_fn(x.narrow(axis, 0, n), x.narrow(axis, n, n))
    return x if keep_dims else x.squeeze(axis)


def multiple_of(x, _):
    return x


def debug_barrier():
    pass


def umulhi(x, y):
    """The high 32 bits of the unsigned 64-bit product of two 32-bit integers (their bit patterns), as int32."""
    x, y = _t(x), _t(y)
    assert x.dtype == torch.int32 and y.dtype == torch.int32, "fake Triton: umulhi of 32-bit integers, got %s, %s" % (
        x.dtype, y.dtype)
    hi = ((x.to(torch.int64) % 2 ** 32) * (y.to(torch.int64) % 2 ** 32)) >> 32
    return torch.where(hi >= 2 ** 31, hi - 2 ** 32, hi).to(torch.int32)


def where(c, a, b):
    a, b = _t(a), _t(b)
    return torch.where(_t(c), a, b)


class PropagateNan:
    """tl.PropagateNan: NONE (maxnum: a NaN operand is dropped) or ALL (PTX max.NaN / min.NaN: NaN wins)."""
    NONE = 0
    ALL = 0xFFFF


# Triton's tl.maximum / tl.minimum (propagate_nan=NONE, the default) and the tl.max / tl.min reductions
# drop a NaN operand (PTX max/min: maxnum semantics) where torch.maximum / amax propagate it; emulated
# so that a kernel relying on NaN propagation through them fails here as it would on the GPU.
# propagate_nan=PropagateNan.ALL keeps the NaN (torch.maximum's semantics).
def maximum(a, b, propagate_nan=None):
    a, b = _t(a), _t(b)
    if propagate_nan == PropagateNan.ALL:
        return torch.maximum(a, b)
    return torch.fmax(a, b) if a.is_floating_point() or b.is_floating_point() else torch.maximum(a, b)


def minimum(a, b, propagate_nan=None):
    a, b = _t(a), _t(b)
    if propagate_nan == PropagateNan.ALL:
        return torch.minimum(a, b)
    return torch.fmin(a, b) if a.is_floating_point() or b.is_floating_point() else torch.minimum(a, b)


def _drop_nan_reduce(x, axis, keep_dims, fill, op):
    if not x.is_floating_point():
        return op(x) if axis is None else op(x, dim=axis, keepdim=keep_dims)
    nan = torch.isnan(x)
    y = torch.where(nan, torch.tensor(fill, dtype=x.dtype), x)
    if axis is None:
        r = op(y)
        return r if not bool(nan.all()) else torch.tensor(float("nan"), dtype=x.dtype)
    r = op(y, dim=axis, keepdim=keep_dims)
    return torch.where(nan.all(dim=axis, keepdim=keep_dims), torch.tensor(float("nan"), dtype=x.dtype), r)


def sum(x, axis=None, keep_dims=False):
    return x.sum() if axis is None else x.sum(dim=axis, keepdim=keep_dims)


def max(x, axis=None, keep_dims=False):
    return _drop_nan_reduce(x, axis, keep_dims, float("-inf"), lambda t, **kw: t.amax(**kw) if kw else t.max())


def min(x, axis=None, keep_dims=False):
    return _drop_nan_reduce(x, axis, keep_dims, float("inf"), lambda t, **kw: t.amin(**kw) if kw else t.min())


def cumsum(x, axis=0, reverse=False):
    return torch.cumsum(x, dim=axis)


def cumprod(x, axis=0, reverse=False):
    return torch.cumprod(x, dim=axis)


def associative_scan(input, axis, combine_fn, reverse=False):
    """tl.associative_scan of one tensor: combine_fn(running, next) applied slice by slice along axis."""
    x = _t(input)
    xs = x.movedim(axis, 0)
    order = range(xs.shape[0] - 1, -1, -1) if reverse else range(xs.shape[0])
    out = torch.empty_like(xs)
    run = None
    for i in order:
        run = xs[i] if run is None else _t(combine_fn(run, xs[i]))
        out[i] = run
    return out.movedim(0, axis)


# TF32 as the GPU's tensor cores round fp32 operands (10-bit mantissa, round to nearest even), off by default so that
# the emulation stays exact: SIMULATE_TF32 = True (or KWB_FAKE_TRITON_TF32=1) rounds both operands of an fp32 tl.dot
# whose input_precision is tf32 (Triton's default; allow_tf32=False means ieee); "ieee" and "tf32x3" stay fp32.
SIMULATE_TF32 = os.environ.get("KWB_FAKE_TRITON_TF32", "") == "1"


def _tf32(x):
    """x (fp32) rounded to TF32's 10-bit mantissa, to nearest even; inf and NaN kept."""
    bits = x.contiguous().view(torch.int32)
    r = ((bits + 0xFFF + ((bits >> 13) & 1)) & ~0x1FFF).view(torch.float32)
    return torch.where(torch.isfinite(x), r, x)


def dot(a, b, acc=None, input_precision=None, allow_tf32=None, out_dtype=torch.float32):
    # Triton's semantic checks (NVIDIA): operands of one dtype, 2-D (or batched 3-D), M, N, K at least 16
    if a.dtype != b.dtype:
        raise TypeError("fake Triton: tl.dot operands must have the same dtype, got %s and %s" % (a.dtype, b.dtype))
    if a.dim() not in (2, 3) or b.dim() != a.dim():
        raise ValueError("fake Triton: tl.dot needs 2-D (or 3-D) blocks, got %s and %s"
                         % (tuple(a.shape), tuple(b.shape)))
    if builtins.min(a.shape[-2], a.shape[-1], b.shape[-1]) < 16:
        raise ValueError("fake Triton: tl.dot needs M, N and K of at least 16, got %s @ %s"
                         % (tuple(a.shape), tuple(b.shape)))
    precision = input_precision.value if isinstance(input_precision, constexpr) else input_precision
    if precision not in (None, "tf32", "tf32x3", "ieee"):
        raise ValueError("fake Triton: tl.dot input_precision must be tf32, tf32x3 or ieee, got %r" % (precision,))
    if a.dtype == torch.float64:
        # Triton's fp64 dot (sm80+ DMMA): fp64 products and sums, its result fp64 only when asked (out_dtype)
        if out_dtype != torch.float64 or (acc is not None and acc.dtype != torch.float64):
            raise TypeError("fake Triton: an fp64 tl.dot needs out_dtype=tl.float64 and an fp64 accumulator")
        r = a @ b
        return r if acc is None else acc + r
    if out_dtype == torch.float64:
        # real Triton refuses a 16-bit or fp32 tile with an fp64 result (a CompilationError / PassManager failure on
        # an H100, session 36: a float64 kernel given its harness's bf16 case)
        raise TypeError("fake Triton: tl.dot with out_dtype=tl.float64 needs fp64 operands, got %s" % (a.dtype,))
    if SIMULATE_TF32 and a.dtype == torch.float32 and precision in (None, "tf32") and allow_tf32 is not False:
        a, b = _tf32(a), _tf32(b)
    r = a.to(torch.float32) @ b.to(torch.float32)
    return r if acc is None else acc + r


def cdiv(a, b):
    return (a + b - 1) // b


def exp(x):
    return torch.exp(_t(x))


def exp2(x):
    return torch.exp2(_t(x))


def log(x):
    return torch.log(_t(x))


def sqrt(x):
    return torch.sqrt(_t(x))


def rsqrt(x):
    return torch.rsqrt(_t(x))


def abs(x):
    return torch.abs(_t(x))


def sigmoid(x):
    return torch.sigmoid(_t(x))


def erf(x):
    return torch.erf(_t(x))


def floor(x):
    return torch.floor(_t(x))


def sin(x):
    return torch.sin(_t(x))


def cos(x):
    return torch.cos(_t(x))


def trans(x, *dims):
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = tuple(dims[0])
    if not dims:
        dims = tuple(reversed(builtins.range(x.dim())))
    return x.permute(*dims)


def reshape(x, *shape, can_reorder=False):
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = tuple(shape[0])
    return _t(x).reshape(_shape(shape))


def permute(x, *dims):
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = tuple(dims[0])
    return _t(x).permute(*dims)


def cast(x, dtype, fp_downcast_rounding=None, bitcast=False):
    """tl.cast: a numeric conversion, or with bitcast=True the same bits read as dtype (equal widths, as Triton
    requires)."""
    x = _t(x)
    if not bitcast:
        return x.to(dtype)
    if x.element_size() != torch.empty((), dtype=dtype).element_size():
        raise ValueError("fake Triton: tl.cast(bitcast=True) between types of different widths: %s -> %s"
                         % (x.dtype, dtype))
    return x.contiguous().view(dtype)


def sort(x, dim=None, descending=False):
    """tl.sort (a bitonic network in Triton): the values along dim (default the last) in order; a power-of-two
    extent, as Triton's network needs. No indices come back (Triton's sort returns values alone)."""
    x = _t(x)
    d = x.dim() - 1 if dim is None else int(_constexpr_int(dim, "tl.sort's dim"))
    n = x.shape[d]
    assert n & (n - 1) == 0, "tl.sort over a power-of-two extent, got %d" % n
    return torch.sort(x, dim=d, descending=bool(descending)).values


def split(x):
    """tl.split: the last dimension (size 2) into two tensors."""
    assert x.shape[-1] == 2, "tl.split needs a last dimension of 2, got %s" % (tuple(x.shape),)
    return x[..., 0], x[..., 1]
