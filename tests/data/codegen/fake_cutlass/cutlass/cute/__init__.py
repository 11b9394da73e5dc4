"""cutlass.cute for the CPU emulation (see cutlass/__init__.py): kernel, jit, compile, tensors, where, full_like.
A kernel that shuffles or syncs runs one Python thread per GPU thread (cute.arch.shuffle_sync_bfly and
cute.arch.sync_threads are real rendezvous: a warp's 32 lanes, a CTA's threads)."""
import inspect
import itertools
import threading

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

    @property
    def iterator(self):
        """The element pointer of element 0 (a flat view): `+ k` moves k elements (cute.arch.atomic_add's target)."""
        return arch.Pointer(self.t.view(-1), 0)

    def store(self, v):
        self.t.copy_(torch.broadcast_to(_raw(v), self.t.shape))


def make_rmem_tensor(shape, dtype):
    return Tensor(torch.zeros(shape, dtype=dtype.torch))


def where(c, a, b):
    return Val(torch.where(_raw(c), torch.as_tensor(_raw(a)), torch.as_tensor(_raw(b))))


def full_like(a, v, dtype=None):
    integer = dtype is not None and not dtype.torch.is_floating_point and dtype.torch != torch.bool
    fill = int(_raw(v)) if integer else float(_raw(v))  # an Int64 fill stays exact (no float round trip)
    return Val(torch.full_like(_raw(a), fill, dtype=dtype.torch if dtype else None))


dry = None  # a list: launches are recorded there (_Launcher, grid, block) instead of run


class _Launcher:
    def __init__(self, fn, args):
        self.fn, self.args = fn, args

    def launch(self, grid, block, **_):
        grid = [int(_raw(g)) for g in grid]
        block = [int(_raw(x)) for x in block]
        if dry is not None:  # a dry run: record the launch (its grid may be far too large to emulate), run nothing
            dry.append((self, grid, block))
            return
        for b in itertools.product(*[range(g) for g in reversed(grid)]):
            self.run_block(tuple(reversed(b)), block)

    def run_block(self, b, block):
        """Every thread of CTA b (x, y, z) of this launch (a test may run one CTA of a dry run's launch)."""
        shuffles = any(n.startswith("shuffle_sync") for n in self.fn.__code__.co_names)
        syncs = "sync_threads" in self.fn.__code__.co_names  # a CTA barrier (session 33: kwb_rnn's time loop)
        threads = [tuple(reversed(t)) for t in itertools.product(*[range(x) for x in reversed(block)])]
        if not shuffles and not syncs:  # the threads one after another
            for t in threads:
                arch._now = (t, b)
                self.fn(*self.args)
            return
        # a warp shuffle: one Python thread per GPU thread, the 32 lanes of a warp meet at each shuffle; a CTA
        # barrier: every thread of the CTA meets there
        assert len(threads) % 32 == 0, "the emulation shuffles across whole warps"
        warps = [(threading.Barrier(32, timeout=60), [None] * 32) for _ in range(len(threads) // 32)]
        cta = threading.Barrier(len(threads), timeout=60)
        errors = []

        grad = torch.is_grad_enabled()  # thread-local in torch: each thread takes the launcher's

        def body(i, t, b=b):
            arch._ctx.now, arch._ctx.warp, arch._ctx.lane = (t, b), warps[i // 32], i % 32
            arch._ctx.cta = cta
            torch.set_grad_enabled(grad)
            try:
                self.fn(*self.args)
            except threading.BrokenBarrierError:
                pass
            except BaseException as e:  # noqa: BLE001 - raised below
                errors.append(e)
                for bar, _ in warps:
                    bar.abort()
                cta.abort()

        ts = [threading.Thread(target=body, args=(i, t)) for i, t in enumerate(threads)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        if errors:
            raise errors[0]


def kernel(fn):
    return lambda *args: _Launcher(fn, args)


def jit(fn):
    return fn


def compile(fn, *args):  # noqa: A001 - the DSL's name
    params = list(inspect.signature(fn).parameters.values())
    const = {i: a for i, (p, a) in enumerate(zip(params, args)) if p.annotation is cutlass.Constexpr}

    # a runtime argument annotated cutlass.Int32 / Int64 arrives at that width, as the DSL converts it: index
    # arithmetic on it wraps as on the GPU (a Python int would never overflow)
    width = {i: p.annotation for i, p in enumerate(params) if p.annotation in (cutlass.Int32, cutlass.Int64)}

    def arg(i, v):
        if i in width and isinstance(v, int):
            bits = 63 if width[i] is cutlass.Int64 else 31
            if not -2 ** bits <= v < 2 ** bits:
                raise OverflowError("cute.compile: %d does not fit %r" % (v, width[i]))
            return width[i](v)
        return v

    def run(*rt):
        it = iter(rt)
        return fn(*[const[i] if i in const else arg(i, next(it)) for i in range(len(params))])
    return run
