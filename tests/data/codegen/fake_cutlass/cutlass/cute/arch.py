"""cute.arch for the CPU emulation: the current thread's indices (set by the launch loop, per Python thread), the
warp's shuffles (butterfly, up, indexed: a real rendezvous of the 32 lanes' Python threads), the CTA barrier
sync_threads (a rendezvous of the CTA's threads) and fmax / fmin."""
import threading

import torch

from cutlass import Val, _raw

_now = ((0, 0, 0), (0, 0, 0))  # the sequential launch's thread (no shuffle in the kernel)
_ctx = threading.local()  # the threaded launch's thread: .now, .warp (barrier, slots), .lane, .cta (barrier)


def _where():
    return getattr(_ctx, "now", None) or _now


def thread_idx():
    """Int32 values, as the DSL's (Tuple[Int32, Int32, Int32]): index arithmetic on them wraps at 2**31 as on the GPU
    unless a kernel widens it (cutlass.Int64)."""
    return tuple(Val(torch.tensor(v, dtype=torch.int32)) for v in _where()[0])


def block_idx():
    return tuple(Val(torch.tensor(v, dtype=torch.int32)) for v in _where()[1])


def _exchange(value, src):
    """The value lane src(lane) of this warp passed in (src None: the caller's own): every lane of the warp must call
    it (as on the GPU)."""
    bar, slots = _ctx.warp
    slots[_ctx.lane] = value
    bar.wait()
    got = value if src is None else slots[src]
    bar.wait()
    return got


def shuffle_sync_bfly(value, offset=1, **_):
    """The value of lane (lane ^ offset) of this warp."""
    return _exchange(value, _ctx.lane ^ int(offset))


def shuffle_sync_up(value, offset=1, **_):
    """The value of lane (lane - offset); a lane below offset keeps its own (shfl.up with the default clamp 0)."""
    src = _ctx.lane - int(offset)
    return _exchange(value, src if src >= 0 else None)


def shuffle_sync(value, offset=0, **_):
    """The value of lane `offset` (shfl.idx: a broadcast from one lane)."""
    return _exchange(value, int(offset))


def sync_threads(**_):
    """__syncthreads(): every thread of the CTA meets here (a threaded launch: the kernel names sync_threads)."""
    _ctx.cta.wait()


def fmax(a, b, nan=False, **_):
    """nan=True: NaN propagates (torch.maximum), else the other operand wins (fmax)."""
    return Val((torch.maximum if nan else torch.fmax)(torch.as_tensor(_raw(a), dtype=torch.float32), torch.as_tensor(_raw(b), dtype=torch.float32)))


def fmin(a, b, nan=False, **_):
    return Val((torch.minimum if nan else torch.fmin)(torch.as_tensor(_raw(a), dtype=torch.float32), torch.as_tensor(_raw(b), dtype=torch.float32)))


class Pointer:
    """An element pointer into a flat torch tensor (cute.Tensor.iterator): + k moves k elements."""

    def __init__(self, t, off):
        self.t, self.off = t, off

    def __add__(self, k):
        return Pointer(self.t, self.off + int(_raw(k)))


_atomic = threading.Lock()


def atomic_add(ptr, val, **_):
    """*ptr += val atomically (a lock: a threaded launch's threads may add at one place); returns the old value."""
    with _atomic:
        old = ptr.t[ptr.off].clone()
        ptr.t[ptr.off] += torch.as_tensor(_raw(val)).to(ptr.t.dtype)
    return Val(old)


def atomic_fmax(ptr, val, **_):
    """*ptr = max(*ptr, val) atomically (fp32, torch.fmax: a NaN operand loses here; the DSL's integer-bitcast
    fmax may differ on NaN, which no test feeds it); the old value."""
    with _atomic:
        old = ptr.t[ptr.off].clone()
        ptr.t[ptr.off] = torch.fmax(old, torch.as_tensor(_raw(val)).to(ptr.t.dtype))
    return Val(old)


def atomic_fmin(ptr, val, **_):
    """*ptr = min(*ptr, val) atomically (fp32); the old value."""
    with _atomic:
        old = ptr.t[ptr.off].clone()
        ptr.t[ptr.off] = torch.fmin(old, torch.as_tensor(_raw(val)).to(ptr.t.dtype))
    return Val(old)
