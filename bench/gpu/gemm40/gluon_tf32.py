"""Gluon TF32 GEMM, C = A @ B, for A K-major (M x K, K contiguous) and B MN-major (K x N, N contiguous), fp32 in
and out, TF32 wgmma (Hopper), with explicit warp-specialized partitions and no copy kernel for B.

Hopper's TF32 wgmma reads only K-major shared-memory operands, so an N-contiguous B tile cannot feed it directly.
Two ways around it, both with B landed by TMA as it lies (an N-contiguous [BK, BN] tile):

- MODE 0, "rs" (swap): compute the C tile transposed, C^T = B^T A^T. B^T is wgmma's *register* operand (operand A
  of the instruction, which any smem layout may feed through a load into registers), A^T the shared-memory operand
  (the A tile [BM, BK] is K-contiguous, so its permuted view [BK, BM] is K-major). The MMA partition loads the
  registers of step k+1 while the wgmma of step k runs (two register sets, ping-pong, kept alive through the
  waits' deps so that nothing is overwritten under an in-flight wgmma). Partitions: TMA loader (1 warp), MMA and
  epilogue (the default partition, 8 warps).
- MODE 1, "xf" (transform): a transform partition (4 warps) reads the N-contiguous B tile into registers (4 x 4
  per thread: 16-byte reads along N, 16-byte writes along K) and writes B^T K-major into a second smem ring, which
  the MMA partition feeds to an ordinary shared x shared wgmma. Partitions: TMA loader (1 warp), transform
  (4 warps), MMA and epilogue (default, 8 warps).

C is stored from the accumulator's registers by pointer (no smem staging: every smem byte is in the rings).
Shapes must divide the tile (M % 256, N % 128, K % 64 == 0); the host wrapper checks. Written against Triton
3.6's Gluon; the few names that moved between releases are picked on the host (TMA_NEW, WAIT_RET, WS_API).
"""
import inspect

import triton
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared,
    mbarrier,
    tma,
    warpgroup_mma,
    warpgroup_mma_wait,
)
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor

BM, BN, BK = 256, 128, 32  # C tile rows (M), columns (N), K step


def _tma_new():
    return hasattr(tma, "async_load")


def _wait_returns():
    try:
        return "return" in inspect.getsource(inspect.unwrap(warpgroup_mma_wait))
    except (OSError, TypeError):
        return True


def _ws_api():
    try:
        names = list(inspect.signature(inspect.unwrap(gl.warp_specialize)).parameters)
    except (TypeError, ValueError):
        return 2
    if "functions_and_args" in names:
        return 2
    if "default_args" in names:
        return 1
    return 0


def _bar():
    return 1 if hasattr(gl, "thread_barrier") else 2 if hasattr(gl, "barrier") else 0


API = dict(TMA_NEW=_tma_new(), WAIT_RET=_wait_returns(), WS_API=_ws_api(), BAR=_bar())


@gluon.jit
def _sync(BAR: gl.constexpr):
    """A barrier of the calling partition's warps. mbarrier.arrive is one thread's (thread 0): without this, a
    slot would be released while another warp (another warpgroup's wgmma, a transform warp's load) still reads
    it."""
    if BAR == 1:
        gl.thread_barrier()
    elif BAR == 2:
        gl.barrier()


@gluon.jit
def _p_load(a_desc, b_desc, c_ptr, N, K, off_m, off_n, a_bufs, b_bufs, t_bufs, ready, empty, tready,  #
            mma_l: gl.constexpr, op_l: gl.constexpr, xf_l: gl.constexpr, STAGES: gl.constexpr,  #
            WAIT_RET: gl.constexpr, XF_STORE: gl.constexpr, TMA_NEW: gl.constexpr,  #
            M, pid, nprog, GROUP_M: gl.constexpr, BAR: gl.constexpr):
    """TMA producer (1 warp): A tile [BM, BK] and B tile [BK, BN] (as it lies) into ring slot i % STAGES."""
    TK: gl.constexpr = a_desc.block_type.shape[1]
    nk = gl.cdiv(K, TK)
    for i in range(nk):
        s = i % STAGES
        ph = (i // STAGES) & 1
        mbarrier.wait(empty.index(s), ph ^ 1)  # barriers start with phase 1 complete: the first pass is free
        bar = ready.index(s)
        mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
        if TMA_NEW:
            tma.async_load(a_desc, [off_m, i * TK], bar, a_bufs.index(s))
            tma.async_load(b_desc, [i * TK, off_n], bar, b_bufs.index(s))
        else:
            tma.async_copy_global_to_shared(a_desc, [off_m, i * TK], bar, a_bufs.index(s))
            tma.async_copy_global_to_shared(b_desc, [i * TK, off_n], bar, b_bufs.index(s))


@gluon.jit
def _p_xf(a_desc, b_desc, c_ptr, N, K, off_m, off_n, a_bufs, b_bufs, t_bufs, ready, empty, tready,  #
          mma_l: gl.constexpr, op_l: gl.constexpr, xf_l: gl.constexpr, STAGES: gl.constexpr,  #
          WAIT_RET: gl.constexpr, XF_STORE: gl.constexpr, TMA_NEW: gl.constexpr,  #
          M, pid, nprog, GROUP_M: gl.constexpr, BAR: gl.constexpr):
    """Transform (4 warps): B tile [BK, BN] N-contiguous -> registers -> t_bufs slot [BN, BK] K-contiguous."""
    TK: gl.constexpr = a_desc.block_type.shape[1]
    nk = gl.cdiv(K, TK)
    for i in range(nk):
        s = i % STAGES
        ph = (i // STAGES) & 1
        mbarrier.wait(ready.index(s), ph)
        v = b_bufs.index(s).load(xf_l)  # [BK, BN]
        # The slot's previous B^T was read by the wgmma of step i - STAGES: the loader refilled this slot only
        # after the MMA partition released it (empty), and this wait saw that refill, so t_bufs[s] is free.
        if XF_STORE == 0:
            t_bufs.index(s).permute((1, 0)).store(v)
        else:
            t_bufs.index(s).store(gl.permute(v, (1, 0)))
        fence_async_shared()  # generic-proxy smem read/write before the async proxy (TMA refill, wgmma) uses it
        _sync(BAR)
        mbarrier.arrive(tready.index(s), count=1)
        mbarrier.arrive(empty.index(s), count=1)


@gluon.jit
def _p_mma_xf(a_desc, b_desc, c_ptr, N, K, off_m, off_n, a_bufs, b_bufs, t_bufs, ready, empty, tready,  #
              mma_l: gl.constexpr, op_l: gl.constexpr, xf_l: gl.constexpr, STAGES: gl.constexpr,  #
              WAIT_RET: gl.constexpr, XF_STORE: gl.constexpr, TMA_NEW: gl.constexpr,  #
              M, pid, nprog, GROUP_M: gl.constexpr, BAR: gl.constexpr):
    """MMA + epilogue (default partition) of MODE 1: acc[BM, BN] += A[s] @ (B^T[s])^T, shared x shared."""
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    nk = gl.cdiv(K, TK)
    acc = gl.zeros((TM, TN), dtype=gl.float32, layout=mma_l)
    for i in range(nk):
        s = i % STAGES
        ph = (i // STAGES) & 1
        mbarrier.wait(ready.index(s), ph)
        mbarrier.wait(tready.index(s), ph)
        acc = warpgroup_mma(a_bufs.index(s), t_bufs.index(s).permute((1, 0)), acc, is_async=True)
        if WAIT_RET:
            acc = warpgroup_mma_wait(1, deps=(acc, ))
        else:
            warpgroup_mma_wait(1, deps=(acc, ))
        if i > 0:  # the wgmma of step i - 1 has retired (in both warpgroups): its slot may be refilled
            _sync(BAR)
            mbarrier.arrive(empty.index((i - 1) % STAGES), count=1)
    if WAIT_RET:
        acc = warpgroup_mma_wait(0, deps=(acc, ))
    else:
        warpgroup_mma_wait(0, deps=(acc, ))
    offs_m = off_m + gl.arange(0, TM, layout=gl.SliceLayout(1, mma_l))
    offs_n = off_n + gl.arange(0, TN, layout=gl.SliceLayout(0, mma_l))
    gl.store(c_ptr + gl.expand_dims(offs_m, 1) * N + gl.expand_dims(offs_n, 0), acc)


@gluon.jit
def _rs_regs(buf, op_l: gl.constexpr, xf_l: gl.constexpr, VIA: gl.constexpr):
    """The register operand B^T [BN, BK] of one K step from the N-contiguous B tile buf [BK, BN]: VIA 0 loads
    straight into wgmma's operand layout; VIA 1 loads 16-byte vectors along N (xf_l, 8 warps), transposes in
    registers and converts (through scratch smem), a fallback should the direct load not lower."""
    if VIA == 0:
        r = buf.permute((1, 0)).load(op_l)
    else:
        r = gl.convert_layout(gl.permute(buf.load(xf_l), (1, 0)), op_l)
    return r


@gluon.jit
def _p_mma_rs(a_desc, b_desc, c_ptr, N, K, off_m, off_n, a_bufs, b_bufs, t_bufs, ready, empty, tready,  #
              mma_l: gl.constexpr, op_l: gl.constexpr, xf_l: gl.constexpr, STAGES: gl.constexpr,  #
              WAIT_RET: gl.constexpr, XF_STORE: gl.constexpr, TMA_NEW: gl.constexpr,  #
              M, pid, nprog, GROUP_M: gl.constexpr, BAR: gl.constexpr):
    """MMA + epilogue (default partition) of MODE 0: acc[BN, BM] (= C tile transposed) += B^T (registers) @ A^T.

    Two register sets ping-pong over the K steps (nk even): the set of step k+1 is loaded while the wgmma of
    step k runs; each set stays live (deps of a later wait) until the wait that retires the wgmma reading it."""
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    nk = gl.cdiv(K, TK)
    acc = gl.zeros((TN, TM), dtype=gl.float32, layout=mma_l)
    mbarrier.wait(ready.index(0), 0)
    r0 = _rs_regs(b_bufs.index(0), op_l, xf_l, XF_STORE)  # [BN, BK]; XF_STORE is MODE 0's VIA
    r1 = r0
    for i in range(0, nk, 2):
        s0 = i % STAGES
        acc = warpgroup_mma(r0, a_bufs.index(s0).permute((1, 0)), acc, is_async=True)
        if WAIT_RET:
            acc, r1 = warpgroup_mma_wait(1, deps=(acc, r1))  # step i - 1 (registers r1) retired
        else:
            warpgroup_mma_wait(1, deps=(acc, r1))
        if i > 0:
            fence_async_shared()  # the generic smem read of B (registers) before the TMA refill of the slot
            _sync(BAR)
            mbarrier.arrive(empty.index((i - 1) % STAGES), count=1)
        s1 = (i + 1) % STAGES
        mbarrier.wait(ready.index(s1), ((i + 1) // STAGES) & 1)
        r1 = _rs_regs(b_bufs.index(s1), op_l, xf_l, XF_STORE)
        acc = warpgroup_mma(r1, a_bufs.index(s1).permute((1, 0)), acc, is_async=True)
        if WAIT_RET:
            acc, r0 = warpgroup_mma_wait(1, deps=(acc, r0))  # step i (registers r0) retired
        else:
            warpgroup_mma_wait(1, deps=(acc, r0))
        fence_async_shared()
        _sync(BAR)
        mbarrier.arrive(empty.index(s0), count=1)
        j = i + 2 - (i + 2) // nk  # the next even step; on the last pass slot nk - 1 again (ready, unreleased)
        sj = j % STAGES
        mbarrier.wait(ready.index(sj), (j // STAGES) & 1)
        r0 = _rs_regs(b_bufs.index(sj), op_l, xf_l, XF_STORE)
    if WAIT_RET:
        acc, r1 = warpgroup_mma_wait(0, deps=(acc, r1))
    else:
        warpgroup_mma_wait(0, deps=(acc, r1))
    offs_n = off_n + gl.arange(0, TN, layout=gl.SliceLayout(1, mma_l))
    offs_m = off_m + gl.arange(0, TM, layout=gl.SliceLayout(0, mma_l))
    gl.store(c_ptr + gl.expand_dims(offs_m, 0) * N + gl.expand_dims(offs_n, 1), acc)


@gluon.jit
def _tile_off(t, M, N, TM: gl.constexpr, TN: gl.constexpr, GROUP_M: gl.constexpr):
    """(off_m, off_n) of tile t in the grouped order (GROUP_M row-tiles sweep all column tiles together)."""
    num_m = gl.cdiv(M, TM)
    num_n = gl.cdiv(N, TN)
    per_group = GROUP_M * num_n
    first_m = (t // per_group) * GROUP_M
    gsz = gl.minimum(num_m - first_m, GROUP_M)
    return (first_m + (t % per_group) % gsz) * TM, ((t % per_group) // gsz) * TN


@gluon.jit
def _p_load_persist(a_desc, b_desc, c_ptr, N, K, off_m, off_n, a_bufs, b_bufs, t_bufs, ready, empty, tready,  #
                    mma_l: gl.constexpr, op_l: gl.constexpr, xf_l: gl.constexpr, STAGES: gl.constexpr,  #
                    WAIT_RET: gl.constexpr, XF_STORE: gl.constexpr, TMA_NEW: gl.constexpr,  #
                    M, pid, nprog, GROUP_M: gl.constexpr, BAR: gl.constexpr):
    """MODE 2's TMA producer: tiles pid, pid + nprog, ...; one ring position per K step across tiles, so the
    next tile's first slots fill while the MMA partition stores the last tile's C."""
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    nk = gl.cdiv(K, TK)
    num_tiles = gl.cdiv(M, TM) * gl.cdiv(N, TN)
    it = 0
    for t in range(pid, num_tiles, nprog):
        om, on = _tile_off(t, M, N, TM, TN, GROUP_M)
        for k in range(nk):
            s = it % STAGES
            ph = (it // STAGES) & 1
            mbarrier.wait(empty.index(s), ph ^ 1)
            bar = ready.index(s)
            mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
            if TMA_NEW:
                tma.async_load(a_desc, [om, k * TK], bar, a_bufs.index(s))
                tma.async_load(b_desc, [k * TK, on], bar, b_bufs.index(s))
            else:
                tma.async_copy_global_to_shared(a_desc, [om, k * TK], bar, a_bufs.index(s))
                tma.async_copy_global_to_shared(b_desc, [k * TK, on], bar, b_bufs.index(s))
            it += 1


@gluon.jit
def _p_mma_rs_persist(a_desc, b_desc, c_ptr, N, K, off_m, off_n, a_bufs, b_bufs, t_bufs, ready, empty, tready,  #
                      mma_l: gl.constexpr, op_l: gl.constexpr, xf_l: gl.constexpr, STAGES: gl.constexpr,  #
                      WAIT_RET: gl.constexpr, XF_STORE: gl.constexpr, TMA_NEW: gl.constexpr,  #
                      M, pid, nprog, GROUP_M: gl.constexpr, BAR: gl.constexpr):
    """MODE 2: _p_mma_rs over the tiles of _p_load_persist; ring position g = base + i (base = K steps of the
    tiles before). Every step's slot is released once: even steps after the wait that retires them, odd steps
    at the next pass, the tile's last step after the final wait (before the epilogue, so loads overlap it)."""
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    nk = gl.cdiv(K, TK)
    num_tiles = gl.cdiv(M, TM) * gl.cdiv(N, TN)
    base = 0
    for t in range(pid, num_tiles, nprog):
        om, on = _tile_off(t, M, N, TM, TN, GROUP_M)
        acc = gl.zeros((TN, TM), dtype=gl.float32, layout=mma_l)
        mbarrier.wait(ready.index(base % STAGES), (base // STAGES) & 1)
        r0 = _rs_regs(b_bufs.index(base % STAGES), op_l, xf_l, XF_STORE)
        r1 = r0
        for i in range(0, nk, 2):
            g = base + i
            s0 = g % STAGES
            acc = warpgroup_mma(r0, a_bufs.index(s0).permute((1, 0)), acc, is_async=True)
            if WAIT_RET:
                acc, r1 = warpgroup_mma_wait(1, deps=(acc, r1))
            else:
                warpgroup_mma_wait(1, deps=(acc, r1))
            if i > 0:
                fence_async_shared()
                _sync(BAR)
                mbarrier.arrive(empty.index((g - 1) % STAGES), count=1)
            s1 = (g + 1) % STAGES
            mbarrier.wait(ready.index(s1), ((g + 1) // STAGES) & 1)
            r1 = _rs_regs(b_bufs.index(s1), op_l, xf_l, XF_STORE)
            acc = warpgroup_mma(r1, a_bufs.index(s1).permute((1, 0)), acc, is_async=True)
            if WAIT_RET:
                acc, r0 = warpgroup_mma_wait(1, deps=(acc, r0))
            else:
                warpgroup_mma_wait(1, deps=(acc, r0))
            fence_async_shared()
            _sync(BAR)
            mbarrier.arrive(empty.index(s0), count=1)
            gj = base + i + 2 - (i + 2) // nk
            mbarrier.wait(ready.index(gj % STAGES), (gj // STAGES) & 1)
            r0 = _rs_regs(b_bufs.index(gj % STAGES), op_l, xf_l, XF_STORE)
        if WAIT_RET:
            acc, r1 = warpgroup_mma_wait(0, deps=(acc, r1))
        else:
            warpgroup_mma_wait(0, deps=(acc, r1))
        fence_async_shared()
        _sync(BAR)
        mbarrier.arrive(empty.index((base + nk - 1) % STAGES), count=1)
        offs_n = on + gl.arange(0, TN, layout=gl.SliceLayout(1, mma_l))
        offs_m = om + gl.arange(0, TM, layout=gl.SliceLayout(0, mma_l))
        gl.store(c_ptr + gl.expand_dims(offs_m, 0) * N + gl.expand_dims(offs_n, 1), acc)
        base += nk


@gluon.jit
def _issue(a_desc, b_desc, a_bufs, b_bufs, ready, q, off_m, off_n, STAGES: gl.constexpr, TMA_NEW: gl.constexpr):
    """MODE 3: TMA loads of K step q into slot q % STAGES (one thread issues; the caller made the slot free)."""
    TK: gl.constexpr = a_desc.block_type.shape[1]
    s = q % STAGES
    bar = ready.index(s)
    mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
    if TMA_NEW:
        tma.async_load(a_desc, [off_m, q * TK], bar, a_bufs.index(s))
        tma.async_load(b_desc, [q * TK, off_n], bar, b_bufs.index(s))
    else:
        tma.async_copy_global_to_shared(a_desc, [off_m, q * TK], bar, a_bufs.index(s))
        tma.async_copy_global_to_shared(b_desc, [q * TK, off_n], bar, b_bufs.index(s))


@gluon.jit
def _rs_nows(a_desc, b_desc, c_ptr, N, K, off_m, off_n, a_bufs, b_bufs, ready,  #
             mma_l: gl.constexpr, op_l: gl.constexpr, xf_l: gl.constexpr, STAGES: gl.constexpr,  #
             WAIT_RET: gl.constexpr, XF_STORE: gl.constexpr, TMA_NEW: gl.constexpr, BAR: gl.constexpr):
    """MODE 3: _p_mma_rs without warp specialization (insurance should warp_specialize not compile): the MMA
    warps issue the TMA loads themselves, STAGES - 1 steps ahead; a slot is refilled (step q + STAGES) as soon
    as the wait that retires step q has passed in every warp."""
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    nk = gl.cdiv(K, TK)
    for q in gl.static_range(STAGES):
        _issue(a_desc, b_desc, a_bufs, b_bufs, ready, q, off_m, off_n, STAGES, TMA_NEW)
    acc = gl.zeros((TN, TM), dtype=gl.float32, layout=mma_l)
    mbarrier.wait(ready.index(0), 0)
    r0 = _rs_regs(b_bufs.index(0), op_l, xf_l, XF_STORE)
    r1 = r0
    for i in range(0, nk, 2):
        s0 = i % STAGES
        acc = warpgroup_mma(r0, a_bufs.index(s0).permute((1, 0)), acc, is_async=True)
        if WAIT_RET:
            acc, r1 = warpgroup_mma_wait(1, deps=(acc, r1))
        else:
            warpgroup_mma_wait(1, deps=(acc, r1))
        if i > 0:
            if i - 1 + STAGES < nk:
                fence_async_shared()
                _sync(BAR)
                _issue(a_desc, b_desc, a_bufs, b_bufs, ready, i - 1 + STAGES, off_m, off_n, STAGES, TMA_NEW)
        s1 = (i + 1) % STAGES
        mbarrier.wait(ready.index(s1), ((i + 1) // STAGES) & 1)
        r1 = _rs_regs(b_bufs.index(s1), op_l, xf_l, XF_STORE)
        acc = warpgroup_mma(r1, a_bufs.index(s1).permute((1, 0)), acc, is_async=True)
        if WAIT_RET:
            acc, r0 = warpgroup_mma_wait(1, deps=(acc, r0))
        else:
            warpgroup_mma_wait(1, deps=(acc, r0))
        if i + STAGES < nk:
            fence_async_shared()
            _sync(BAR)
            _issue(a_desc, b_desc, a_bufs, b_bufs, ready, i + STAGES, off_m, off_n, STAGES, TMA_NEW)
        j = i + 2 - (i + 2) // nk
        mbarrier.wait(ready.index(j % STAGES), (j // STAGES) & 1)
        r0 = _rs_regs(b_bufs.index(j % STAGES), op_l, xf_l, XF_STORE)
    if WAIT_RET:
        acc, r1 = warpgroup_mma_wait(0, deps=(acc, r1))
    else:
        warpgroup_mma_wait(0, deps=(acc, r1))
    offs_n = off_n + gl.arange(0, TN, layout=gl.SliceLayout(1, mma_l))
    offs_m = off_m + gl.arange(0, TM, layout=gl.SliceLayout(0, mma_l))
    gl.store(c_ptr + gl.expand_dims(offs_m, 0) * N + gl.expand_dims(offs_n, 1), acc)


@gluon.jit
def gemm_mn_kernel(a_desc, b_desc, c_ptr, M, N, K,  #
                   t_layout: gl.constexpr, mma_l: gl.constexpr, op_l: gl.constexpr, xf_l: gl.constexpr,  #
                   MODE: gl.constexpr, STAGES: gl.constexpr, GROUP_M: gl.constexpr,  #
                   LOAD_REGS: gl.constexpr, XF_WARPS: gl.constexpr, XF_REGS: gl.constexpr, XF_STORE: gl.constexpr,
                   TMA_NEW: gl.constexpr, WAIT_RET: gl.constexpr, WS_API: gl.constexpr, EMPTY_COUNT: gl.constexpr,
                   BAR: gl.constexpr):
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    # Grouped tile order (GROUP_M row-tiles sweep all column tiles together) for L2 reuse of B.
    pid = gl.program_id(0)
    num_m = gl.cdiv(M, TM)
    num_n = gl.cdiv(N, TN)
    per_group = GROUP_M * num_n
    first_m = (pid // per_group) * GROUP_M
    gsz = gl.minimum(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % per_group) % gsz
    pid_n = (pid % per_group) // gsz
    off_m = pid_m * TM
    off_n = pid_n * TN

    a_bufs = gl.allocate_shared_memory(gl.float32, [STAGES, TM, TK], a_desc.layout)
    b_bufs = gl.allocate_shared_memory(gl.float32, [STAGES, TK, TN], b_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    tready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        mbarrier.init(empty.index(s), count=EMPTY_COUNT)  # MODE 1: the transform and the MMA both release
        mbarrier.init(tready.index(s), count=1)
    if MODE == 1:
        t_bufs = gl.allocate_shared_memory(gl.float32, [STAGES, TN, TK], t_layout)
    else:
        t_bufs = b_bufs  # unused by MODE 0's partitions
    args = (a_desc, b_desc, c_ptr, N, K, off_m, off_n, a_bufs, b_bufs, t_bufs, ready, empty, tready,  #
            mma_l, op_l, xf_l, STAGES, WAIT_RET, XF_STORE, TMA_NEW, M, pid, gl.num_programs(0), GROUP_M, BAR)
    if MODE == 1:
        if WS_API == 2:
            gl.warp_specialize([(_p_mma_xf, args), (_p_load, args), (_p_xf, args)], [1, XF_WARPS],
                               [LOAD_REGS, XF_REGS])
        elif WS_API == 1:
            gl.warp_specialize(args, _p_mma_xf, args, [_p_load, _p_xf], [1, XF_WARPS], [LOAD_REGS, XF_REGS])
        else:
            gl.warp_specialize(args, _p_mma_xf, [_p_load, _p_xf], [1, XF_WARPS], [LOAD_REGS, XF_REGS])
    elif MODE == 3:
        _rs_nows(a_desc, b_desc, c_ptr, N, K, off_m, off_n, a_bufs, b_bufs, ready, mma_l, op_l, xf_l, STAGES,
                 WAIT_RET, XF_STORE, TMA_NEW, BAR)
    elif MODE == 2:
        if WS_API == 2:
            gl.warp_specialize([(_p_mma_rs_persist, args), (_p_load_persist, args)], [1], [LOAD_REGS])
        elif WS_API == 1:
            gl.warp_specialize(args, _p_mma_rs_persist, args, [_p_load_persist], [1], [LOAD_REGS])
        else:
            gl.warp_specialize(args, _p_mma_rs_persist, [_p_load_persist], [1], [LOAD_REGS])
    else:
        if WS_API == 2:
            gl.warp_specialize([(_p_mma_rs, args), (_p_load, args)], [1], [LOAD_REGS])
        elif WS_API == 1:
            gl.warp_specialize(args, _p_mma_rs, args, [_p_load], [1], [LOAD_REGS])
        else:
            gl.warp_specialize(args, _p_mma_rs, [_p_load], [1], [LOAD_REGS])


def layouts(mode, num_warps=8, xf_warps=4):
    """The constexpr layouts of a launch: (t_layout, mma_l, op_l, xf_l)."""
    if mode in (0, 2, 3):  # acc [BN, BM]: instruction M from B's N, instruction N from A's M
        mma_l = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[num_warps, 1], instr_shape=[16, BM, 8])
    else:  # acc [BM, BN]
        mma_l = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[num_warps, 1], instr_shape=[16, BN, 8])
    op_l = gl.DotOperandLayout(operand_index=0, parent=mma_l, k_width=1)
    xf_l = gl.BlockedLayout(size_per_thread=[4, 4], threads_per_warp=[8, 4], warps_per_cta=[1, xf_warps],
                            order=[1, 0])
    t_layout = gl.NVMMASharedLayout.get_default_for([BN, BK], gl.float32)
    return t_layout, mma_l, op_l, xf_l


def gemm_mn(a, b, c=None, mode=0, stages=3, group_m=8, load_regs=24, xf_warps=4, xf_regs=88, xf_store=0,
            maxnreg=None, api=None):
    """c[M, N] = a[M, K] @ b[K, N] (fp32 CUDA tensors, a row-major, b row-major = MN-major), TF32 wgmma.

    mode 0 = "rs" (swap, B^T as the register operand), 1 = "xf" (transform partition), 2 = "rs" persistent
    (min(tiles, SMs) CTAs; the next tile's loads overlap the last tile's C stores), 3 = "rs" without warp
    specialization (the MMA warps issue the TMA loads). xf_store: MODE 1's B^T
    store form (0 a permuted smem view, 1 gl.permute then a plain store), MODE 0's register-operand load (0
    direct, 1 through a blocked load and convert_layout). Raises ValueError for
    shapes the tile does not divide; compile errors propagate."""
    import torch

    M, K = a.shape
    K2, N = b.shape
    if K2 != K or M % BM or N % BN or K % (2 * BK):
        raise ValueError("gemm_mn: shape %s x %s outside the tile (%d, %d, 2 x %d)" % (
            tuple(a.shape), tuple(b.shape), BM, BN, BK))
    if a.stride(1) != 1 or b.stride(1) != 1:
        raise ValueError("gemm_mn: a and b must be row-major")
    if c is None:
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    api = dict(API, **(api or {}))
    a_layout = gl.NVMMASharedLayout.get_default_for([BM, BK], gl.float32)
    b_layout = gl.NVMMASharedLayout.get_default_for([BK, BN], gl.float32)
    a_desc = TensorDescriptor.from_tensor(a, [BM, BK], a_layout)
    b_desc = TensorDescriptor.from_tensor(b, [BK, BN], b_layout)
    t_layout, mma_l, op_l, xf_l = layouts(mode, 8, xf_warps if mode == 1 else 8)
    tiles = triton.cdiv(M, BM) * triton.cdiv(N, BN)
    if mode == 2:  # persistent: one CTA per SM at most (rings of up to 192 KiB: one CTA fills an SM)
        grid = (min(tiles, torch.cuda.get_device_properties(a.device).multi_processor_count), )
    else:
        grid = (tiles, )
    kw = dict(num_warps=8)
    if maxnreg is None:  # registers per thread so that every warpgroup fits the SM's 64 K registers
        maxnreg = 128 if mode == 1 else 0 if mode == 3 else 168
    if maxnreg:
        kw["maxnreg"] = maxnreg
    gemm_mn_kernel[grid](a_desc, b_desc, c, M, N, K, t_layout, mma_l, op_l, xf_l, mode, stages, group_m,
                         load_regs, xf_warps, xf_regs, xf_store, api["TMA_NEW"], api["WAIT_RET"], api["WS_API"],
                         2 if mode == 1 else 1, api["BAR"], **kw)
    return c
