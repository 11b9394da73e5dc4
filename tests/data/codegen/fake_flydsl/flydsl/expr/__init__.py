"""flydsl.expr emulation (see flydsl/__init__.py)."""
import builtins
import ctypes
import threading
import types

import torch


class Numeric:
    """A scalar of one DSL type: a 0-d torch tensor of that dtype, with Python operators."""
    torch_dtype = None

    def __init__(self, v):
        if isinstance(v, Numeric):
            v = v.t
        self.t = torch.as_tensor(v).to(self.torch_dtype).reshape(())

    def to(self, dtype):
        return dtype(self)

    def select(self, a, b):
        return a if bool(self.t) else b

    def __bool__(self):
        return bool(self.t)

    def __index__(self):
        return int(self.t)

    def __int__(self):
        return int(self.t)

    def __float__(self):
        return float(self.t)

    def __neg__(self):
        return type(self)(-self.t)

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, self.t.item())

    __hash__ = None


def _raw(v):
    return v.t if isinstance(v, Numeric) else v


def _wrap(t, like):
    return (Boolean if t.dtype == torch.bool else type(like))(t)


def _binop(name, fn):
    setattr(Numeric, "__%s__" % name, lambda a, b: _wrap(fn(a.t, torch.as_tensor(_raw(b)).to(a.t.dtype)), a))
    setattr(Numeric, "__r%s__" % name, lambda a, b: _wrap(fn(torch.as_tensor(_raw(b)).to(a.t.dtype), a.t), a))


def _floordiv(a, b):
    return torch.div(a, b, rounding_mode="floor")


def _truediv(a, b):
    return torch.div(a, b) if a.dtype.is_floating_point else torch.div(a, b, rounding_mode="trunc")


for _n, _f in [("add", torch.add), ("sub", torch.sub), ("mul", torch.mul), ("truediv", _truediv),
               ("floordiv", _floordiv), ("mod", torch.remainder), ("rshift", lambda a, b: a >> b),
               ("lshift", lambda a, b: a << b), ("and", lambda a, b: a & b), ("or", lambda a, b: a | b)]:
    _binop(_n, _f)
for _n, _f in [("lt", torch.lt), ("le", torch.le), ("gt", torch.gt), ("ge", torch.ge), ("eq", torch.eq),
               ("ne", torch.ne)]:
    setattr(Numeric, "__%s__" % _n,
            (lambda f: lambda a, b: Boolean(f(a.t, torch.as_tensor(_raw(b)).to(a.t.dtype))))(_f))


def _numeric(name, dtype, ctype):
    return type(name, (Numeric,), {"torch_dtype": dtype, "ctype": ctype})


Float32 = _numeric("Float32", torch.float32, ctypes.c_float)
Float16 = _numeric("Float16", torch.float16, ctypes.c_uint16)
BFloat16 = _numeric("BFloat16", torch.bfloat16, ctypes.c_uint16)
Int32 = _numeric("Int32", torch.int32, ctypes.c_int32)
Int64 = _numeric("Int64", torch.int64, ctypes.c_int64)
Boolean = _numeric("Boolean", torch.bool, ctypes.c_bool)


class Constexpr:
    pass


class Tensor:
    pass


class Stream:
    def __init__(self, s=None):
        self.value = s


class Pointer:
    """A raw pointer into host memory (a CPU tensor's data_ptr()), typed by its element type."""

    def __init__(self, element_type, address):
        self.element_type, self.address = element_type, address

    def _cell(self, i):
        et = self.element_type
        return et.ctype.from_address(self.address + int(i) * torch.empty((), dtype=et.torch_dtype).element_size())

    def __getitem__(self, i):
        et = self.element_type
        raw = self._cell(i).value
        if et.ctype is ctypes.c_uint16:  # 16-bit floats: reinterpret the bits
            return et(torch.tensor(raw, dtype=torch.int32).to(torch.int16).view(et.torch_dtype))
        return et(raw)

    def __setitem__(self, i, v):
        et = self.element_type
        assert isinstance(v, et), "store of %s through a %s pointer" % (type(v).__name__, et.__name__)
        if et.ctype is ctypes.c_uint16:
            self._cell(i).value = int(v.t.view(torch.int16).to(torch.int32)) & 0xFFFF
        else:
            self._cell(i).value = v.t.item()


# ---- per-thread context and the block's rendezvous -------------------------------------------------------------
_ctx = threading.local()


class _Dim:
    def __init__(self, key):
        self.key = key

    @property
    def x(self):
        return Int32(getattr(_ctx, self.key))


thread_idx, block_idx, block_dim, grid_dim = _Dim("tid"), _Dim("bid"), _Dim("bdim"), _Dim("gdim")


class _Block:
    def __init__(self, threads):
        self.barrier = threading.Barrier(threads, timeout=60)
        self.waves = {}
        self.lds = {}
        self.lock = threading.Lock()


def _run_block(fn, args, bid, threads, blocks):
    blk = _Block(threads)
    for w in range(0, threads, 64):
        n = builtins.min(64, threads - w)
        blk.waves[w // 64] = (threading.Barrier(n, timeout=60), [None] * n)
    errors = []

    def body(tid):
        _ctx.tid, _ctx.bid, _ctx.bdim, _ctx.gdim, _ctx.block = tid, bid, threads, blocks, blk
        try:
            fn(*args)
        except threading.BrokenBarrierError:
            pass
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)
            blk.barrier.abort()
            for b, _ in blk.waves.values():
                b.abort()

    if "gpu" not in fn.__code__.co_names:  # no barrier or shuffle: the threads one after another (faster)
        for t in range(threads):
            body(t)
        if errors:
            raise errors[0]
        return
    ts = [threading.Thread(target=body, args=(t,)) for t in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if errors:
        raise errors[0]


def _shuffle_xor(value, offset, width):
    assert int(width) == 64, "the emulation shuffles across whole 64-lane waves"
    bar, slots = _ctx.block.waves[_ctx.tid // 64]
    lane = _ctx.tid % 64
    slots[lane] = value
    bar.wait()
    got = slots[lane ^ int(offset)]
    bar.wait()
    return got


def _barrier():
    _ctx.block.barrier.wait()


gpu = types.SimpleNamespace(shuffle_xor=_shuffle_xor, barrier=_barrier)


# ---- shared memory -------------------------------------------------------------------------------------------
class Array:
    def __class_getitem__(cls, params):
        dtype, n, _align = params
        return ("array", dtype, n)


def struct(cls):
    cls._fields = {k: v for k, v in cls.__annotations__.items()}
    return cls


class _LdsArray:
    def __init__(self, dtype, n):
        self.dtype, self.cells = dtype, [dtype(0)] * n

    def view(self, layout):
        return self


class SharedAllocator:
    def allocate(self, st):
        blk = _ctx.block
        with blk.lock:
            if st not in blk.lds:
                obj = types.SimpleNamespace(**{k: _LdsArray(d, n) for k, (_, d, n) in st._fields.items()})
                blk.lds[st] = obj
        return types.SimpleNamespace(peek=lambda: blk.lds[st])


def make_layout(shape, stride):
    return (shape, stride)


def memref_store(value, memref, index):
    memref.cells[int(index)] = memref.dtype(value)


def memref_load(memref, index):
    return memref.cells[int(index)]


# ---- math and control flow -----------------------------------------------------------------------------------
def _unary(f):
    return lambda x, **_: Float32(f(Float32(x).t))


math = types.SimpleNamespace(exp=_unary(torch.exp), log=_unary(torch.log), erf=_unary(torch.erf),
                             sqrt=_unary(torch.sqrt), rsqrt=_unary(torch.rsqrt), absf=_unary(torch.abs),
                             floor=_unary(torch.floor), sin=_unary(torch.sin), cos=_unary(torch.cos),
                             tanh=_unary(torch.tanh))


def max(a, b, **_):  # noqa: A001 - the DSL's name
    return type(a)(torch.maximum(a.t, torch.as_tensor(_raw(b)).to(a.t.dtype)))


def min(a, b, **_):  # noqa: A001
    return type(a)(torch.minimum(a.t, torch.as_tensor(_raw(b)).to(a.t.dtype)))


def range_constexpr(*args):
    return range(*(int(a) for a in args))


def const_expr(x):
    return x
