"""Gluon TF32 GEMM for Triton 3.6, C = A @ B with A K-major (M x K) and B MN-major (K x N, N contiguous), fp32 in
and out, no copy kernel for B.

Hopper's TF32 wgmma reads only K-major shared-memory operands, so the N-contiguous B tile is fed as wgmma's
*register* operand: the C tile is computed transposed, C^T = B^T A^T, with B^T loaded from shared memory into
registers (DotOperandLayout(0, mma, k_width=1)) and A^T (the K-contiguous A tile, permuted) as the shared
operand. Two register sets ping-pong over the K steps so that the load of step k+1 overlaps the wgmma of step k.

Session 40 (gemm40) wrote this kernel against guessed API forms; on the device's Triton 3.6 nothing compiled.
Rewritten here against 3.6's Gluon as read in triton-lang/triton (python/triton/experimental/gluon/language/nvidia/
hopper/__init__.py, tutorials 05-wgmma.py and 08-warp-specialization.py):

- TMA load is `tma.async_copy_global_to_shared(desc, coord, bar, smem)`. `tma.async_load` does not exist in 3.6,
  and a JIT function must not name it even in a dead constexpr branch: the JIT's dependency walk resolves every
  attribute of the function's source (that is how session 40's "rs s3" failed with "no attribute 'async_load'").
- `gl.warp_specialize([(default_fn, args), (worker_fn, args), ...], worker_num_warps, worker_num_regs)`. The
  argument tuples are written inline in the call: assigning a tuple that holds constexprs (layouts, ints) to a
  plain variable makes the code generator convert each member to a tensor ("cannot convert
  NVMMADistributedLayout(...) to tensor", session 40's error). Layouts are built inside the kernel as constexprs.
- `warpgroup_mma(..., is_async=True)` returns an accumulator token; `warpgroup_mma_wait(n, deps=(acc, r))`
  returns the deps (a tuple, or the value itself for one dep).

Modes: 0 warp-specialized (1-warp TMA loader, 8 MMA warps), 2 the same persistent over min(tiles, SMs) CTAs,
3 without warp_specialize (the MMA warps issue the loads), 1 "xf": a 4-warp transform partition copies each B tile
into a K-major ring and the MMA runs shared x shared (insurance should the tf32 register operand not lower). Shapes must divide the tile (M % 256, N % 128,
K % 64); the host wrapper checks.
"""
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


@gluon.jit
def _sync(BAR: gl.constexpr):
    """A barrier of the calling partition's warps before a one-thread mbarrier.arrive (BAR 0: none)."""
    if BAR == 1:
        gl.thread_barrier()


@gluon.jit
def _rs_regs(buf, op_l: gl.constexpr, xf_l: gl.constexpr, VIA: gl.constexpr):
    """B^T [BN, BK] in registers from the N-contiguous B tile buf [BK, BN]: VIA 0 straight into the operand
    layout, VIA 1 through a blocked load, gl.permute and convert_layout (scratch smem)."""
    if VIA == 0:
        r = buf.permute((1, 0)).load(op_l)
    else:
        r = gl.convert_layout(gl.permute(buf.load(xf_l), (1, 0)), op_l)
    return r


@gluon.jit
def _tile_off(t, M, N, TM: gl.constexpr, TN: gl.constexpr, GROUP_M: gl.constexpr):
    """(off_m, off_n) of tile t in grouped order (GROUP_M row-tiles sweep the column tiles together)."""
    num_m = gl.cdiv(M, TM)
    num_n = gl.cdiv(N, TN)
    per_group = GROUP_M * num_n
    first_m = (t // per_group) * GROUP_M
    gsz = gl.minimum(num_m - first_m, GROUP_M)
    return (first_m + (t % per_group) % gsz) * TM, ((t % per_group) // gsz) * TN


@gluon.jit
def _load_step(a_desc, b_desc, a_bufs, b_bufs, ready, s, om, on, k0):
    TK: gl.constexpr = a_desc.block_type.shape[1]
    bar = ready.index(s)
    mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(a_desc, [om, k0 * TK], bar, a_bufs.index(s))
    tma.async_copy_global_to_shared(b_desc, [k0 * TK, on], bar, b_bufs.index(s))


@gluon.jit
def _p_load(a_desc, b_desc, a_bufs, b_bufs, ready, empty, M, N, K, pid, nprog,  #
            STAGES: gl.constexpr, GROUP_M: gl.constexpr, PERSIST: gl.constexpr):
    """TMA producer (1 warp): tiles pid, pid + nprog, ... (one tile where not PERSIST); one ring position per
    K step across tiles."""
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    nk = gl.cdiv(K, TK)
    if PERSIST:
        num_tiles = gl.cdiv(M, TM) * gl.cdiv(N, TN)
    else:
        num_tiles = pid + 1
    it = 0
    for t in range(pid, num_tiles, nprog):
        om, on = _tile_off(t, M, N, TM, TN, GROUP_M)
        for k in range(nk):
            s = it % STAGES
            mbarrier.wait(empty.index(s), ((it // STAGES) & 1) ^ 1)  # a fresh barrier passes phase 1
            _load_step(a_desc, b_desc, a_bufs, b_bufs, ready, s, om, on, k)
            it += 1


@gluon.jit
def _p_mma(a_desc, b_desc, a_bufs, b_bufs, ready, empty, c_ptr, M, N, K, pid, nprog,  #
           STAGES: gl.constexpr, GROUP_M: gl.constexpr, PERSIST: gl.constexpr, NUM_WARPS: gl.constexpr,
           VIA: gl.constexpr, BAR: gl.constexpr):
    """MMA + epilogue (default partition): acc[BN, BM] (= the C tile transposed) += B^T (registers) @ A^T.

    Ring position g = base + i. Each step's slot is released once, after the wait that retires its wgmma (in
    both warpgroups: _sync); the tile's last slot after the final wait, before the C stores."""
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    mma_l: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[NUM_WARPS, 1],
                                                    instr_shape=[16, TM, 8])
    op_l: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=mma_l, k_width=1)
    xf_l: gl.constexpr = gl.BlockedLayout([4, 4], [8, 4], [1, NUM_WARPS], [1, 0])
    nk = gl.cdiv(K, TK)
    if PERSIST:
        num_tiles = gl.cdiv(M, TM) * gl.cdiv(N, TN)
    else:
        num_tiles = pid + 1
    base = 0
    for t in range(pid, num_tiles, nprog):
        om, on = _tile_off(t, M, N, TM, TN, GROUP_M)
        acc = gl.zeros((TN, TM), dtype=gl.float32, layout=mma_l)
        mbarrier.wait(ready.index(base % STAGES), (base // STAGES) & 1)
        r0 = _rs_regs(b_bufs.index(base % STAGES), op_l, xf_l, VIA)
        r1 = r0
        for i in range(0, nk, 2):
            g = base + i
            s0 = g % STAGES
            acc = warpgroup_mma(r0, a_bufs.index(s0).permute((1, 0)), acc, is_async=True)
            acc, r1 = warpgroup_mma_wait(1, deps=(acc, r1))  # step g - 1 (registers r1) retired
            if i > 0:
                fence_async_shared()  # the generic smem read of B before the TMA refill of the slot
                _sync(BAR)
                mbarrier.arrive(empty.index((g - 1) % STAGES), count=1)
            s1 = (g + 1) % STAGES
            mbarrier.wait(ready.index(s1), ((g + 1) // STAGES) & 1)
            r1 = _rs_regs(b_bufs.index(s1), op_l, xf_l, VIA)
            acc = warpgroup_mma(r1, a_bufs.index(s1).permute((1, 0)), acc, is_async=True)
            acc, r0 = warpgroup_mma_wait(1, deps=(acc, r0))  # step g (registers r0) retired
            fence_async_shared()
            _sync(BAR)
            mbarrier.arrive(empty.index(s0), count=1)
            gj = base + i + 2 - (i + 2) // nk  # next even step; on the last pass step nk - 1 again (held)
            mbarrier.wait(ready.index(gj % STAGES), (gj // STAGES) & 1)
            r0 = _rs_regs(b_bufs.index(gj % STAGES), op_l, xf_l, VIA)
        acc, r1 = warpgroup_mma_wait(0, deps=(acc, r1))
        fence_async_shared()
        _sync(BAR)
        mbarrier.arrive(empty.index((base + nk - 1) % STAGES), count=1)
        offs_n = on + gl.arange(0, TN, layout=gl.SliceLayout(1, mma_l))
        offs_m = om + gl.arange(0, TM, layout=gl.SliceLayout(0, mma_l))
        gl.store(c_ptr + gl.expand_dims(offs_m, 0) * N + gl.expand_dims(offs_n, 1), acc)
        base += nk


@gluon.jit
def _mma_nows(a_desc, b_desc, a_bufs, b_bufs, ready, c_ptr, M, N, K, pid,  #
              STAGES: gl.constexpr, GROUP_M: gl.constexpr, NUM_WARPS: gl.constexpr, VIA: gl.constexpr,
              BAR: gl.constexpr):
    """MODE 3: no warp_specialize; the MMA warps issue the loads STAGES steps ahead and refill a slot once the
    wait that retires its step has passed in every warp."""
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    mma_l: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[NUM_WARPS, 1],
                                                    instr_shape=[16, TM, 8])
    op_l: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=mma_l, k_width=1)
    xf_l: gl.constexpr = gl.BlockedLayout([4, 4], [8, 4], [1, NUM_WARPS], [1, 0])
    nk = gl.cdiv(K, TK)
    om, on = _tile_off(pid, M, N, TM, TN, GROUP_M)
    for q in gl.static_range(STAGES):
        _load_step(a_desc, b_desc, a_bufs, b_bufs, ready, q, om, on, q)
    acc = gl.zeros((TN, TM), dtype=gl.float32, layout=mma_l)
    mbarrier.wait(ready.index(0), 0)
    r0 = _rs_regs(b_bufs.index(0), op_l, xf_l, VIA)
    r1 = r0
    for i in range(0, nk, 2):
        s0 = i % STAGES
        acc = warpgroup_mma(r0, a_bufs.index(s0).permute((1, 0)), acc, is_async=True)
        acc, r1 = warpgroup_mma_wait(1, deps=(acc, r1))
        if i > 0:
            if i - 1 + STAGES < nk:
                fence_async_shared()
                _sync(BAR)
                _load_step(a_desc, b_desc, a_bufs, b_bufs, ready, (i - 1) % STAGES, om, on, i - 1 + STAGES)
        s1 = (i + 1) % STAGES
        mbarrier.wait(ready.index(s1), ((i + 1) // STAGES) & 1)
        r1 = _rs_regs(b_bufs.index(s1), op_l, xf_l, VIA)
        acc = warpgroup_mma(r1, a_bufs.index(s1).permute((1, 0)), acc, is_async=True)
        acc, r0 = warpgroup_mma_wait(1, deps=(acc, r0))
        if i + STAGES < nk:
            fence_async_shared()
            _sync(BAR)
            _load_step(a_desc, b_desc, a_bufs, b_bufs, ready, s0, om, on, i + STAGES)
        j = i + 2 - (i + 2) // nk
        mbarrier.wait(ready.index(j % STAGES), (j // STAGES) & 1)
        r0 = _rs_regs(b_bufs.index(j % STAGES), op_l, xf_l, VIA)
    acc, r1 = warpgroup_mma_wait(0, deps=(acc, r1))
    offs_n = on + gl.arange(0, TN, layout=gl.SliceLayout(1, mma_l))
    offs_m = om + gl.arange(0, TM, layout=gl.SliceLayout(0, mma_l))
    gl.store(c_ptr + gl.expand_dims(offs_m, 0) * N + gl.expand_dims(offs_n, 1), acc)


@gluon.jit
def gemm_mn_kernel(a_desc, b_desc, c_ptr, M, N, K,  #
                   MODE: gl.constexpr, STAGES: gl.constexpr, GROUP_M: gl.constexpr, LOAD_REGS: gl.constexpr,
                   VIA: gl.constexpr, BAR: gl.constexpr, NUM_WARPS: gl.constexpr):
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    pid = gl.program_id(0)
    nprog = gl.num_programs(0)
    a_bufs = gl.allocate_shared_memory(gl.float32, [STAGES, TM, TK], a_desc.layout)
    b_bufs = gl.allocate_shared_memory(gl.float32, [STAGES, TK, TN], b_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        mbarrier.init(empty.index(s), count=1)
    if MODE == 3:
        _mma_nows(a_desc, b_desc, a_bufs, b_bufs, ready, c_ptr, M, N, K, pid, STAGES, GROUP_M, NUM_WARPS, VIA, BAR)
    else:
        gl.warp_specialize([
            (_p_mma, (a_desc, b_desc, a_bufs, b_bufs, ready, empty, c_ptr, M, N, K, pid, nprog,  #
                      STAGES, GROUP_M, MODE == 2, NUM_WARPS, VIA, BAR)),
            (_p_load, (a_desc, b_desc, a_bufs, b_bufs, ready, empty, M, N, K, pid, nprog,  #
                       STAGES, GROUP_M, MODE == 2)),
        ], [1], [LOAD_REGS])


@gluon.jit
def _p_xf(b_bufs, t_bufs, ready, empty, tready, K, TK: gl.constexpr, STAGES: gl.constexpr, XF_WARPS: gl.constexpr):
    """MODE 1 transform partition: B tile [BK, BN] (N-contiguous) -> registers -> t_bufs slot [BN, BK]
    (K-contiguous, wgmma's K-major shared operand). t_bufs[s] is free when ready[s] shows step i: the loader
    refilled slot s only after empty[s] had both arrivals of step i - STAGES, the MMA's after its wgmma retired."""
    xf_l: gl.constexpr = gl.BlockedLayout([4, 4], [8, 4], [1, XF_WARPS], [1, 0])
    nk = gl.cdiv(K, TK)
    for i in range(nk):
        s = i % STAGES
        mbarrier.wait(ready.index(s), (i // STAGES) & 1)
        v = b_bufs.index(s).load(xf_l)
        t_bufs.index(s).store(gl.permute(v, (1, 0)))
        fence_async_shared()  # generic smem write (and read) before the async proxy (wgmma, TMA refill)
        gl.thread_barrier()  # every transform warp has written / read before one thread arrives
        mbarrier.arrive(tready.index(s), count=1)
        mbarrier.arrive(empty.index(s), count=1)


@gluon.jit
def _p_load_xf(a_desc, b_desc, a_bufs, b_bufs, ready, empty, off_m, off_n, K, STAGES: gl.constexpr):
    TK: gl.constexpr = a_desc.block_type.shape[1]
    nk = gl.cdiv(K, TK)
    for i in range(nk):
        s = i % STAGES
        mbarrier.wait(empty.index(s), ((i // STAGES) & 1) ^ 1)
        _load_step(a_desc, b_desc, a_bufs, b_bufs, ready, s, off_m, off_n, i)


@gluon.jit
def _p_mma_xf(a_bufs, t_bufs, ready, empty, tready, c_ptr, N, K, off_m, off_n, TM: gl.constexpr, TN: gl.constexpr,
              TK: gl.constexpr, STAGES: gl.constexpr, NUM_WARPS: gl.constexpr):
    """MODE 1 MMA + epilogue: acc[BM, BN] += A[s] @ (B^T[s])^T, both operands in shared memory."""
    mma_l: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[NUM_WARPS, 1],
                                                    instr_shape=[16, TN, 8])
    nk = gl.cdiv(K, TK)
    acc = gl.zeros((TM, TN), dtype=gl.float32, layout=mma_l)
    for i in range(nk):
        s = i % STAGES
        ph = (i // STAGES) & 1
        mbarrier.wait(ready.index(s), ph)
        mbarrier.wait(tready.index(s), ph)
        acc = warpgroup_mma(a_bufs.index(s), t_bufs.index(s).permute((1, 0)), acc, is_async=True)
        acc = warpgroup_mma_wait(1, deps=(acc, ))
        if i > 0:  # the wgmma of step i - 1 retired in both warpgroups: its slot may be refilled
            gl.thread_barrier()
            mbarrier.arrive(empty.index((i - 1) % STAGES), count=1)
    acc = warpgroup_mma_wait(0, deps=(acc, ))
    offs_m = off_m + gl.arange(0, TM, layout=gl.SliceLayout(1, mma_l))
    offs_n = off_n + gl.arange(0, TN, layout=gl.SliceLayout(0, mma_l))
    gl.store(c_ptr + gl.expand_dims(offs_m, 1) * N + gl.expand_dims(offs_n, 0), acc)


@gluon.jit
def gemm_xf_kernel(a_desc, b_desc, c_ptr, M, N, K, t_layout: gl.constexpr, STAGES: gl.constexpr,
                   GROUP_M: gl.constexpr, LOAD_REGS: gl.constexpr, XF_WARPS: gl.constexpr, XF_REGS: gl.constexpr,
                   NUM_WARPS: gl.constexpr):
    """MODE 1 ("xf"): a transform partition writes B^T K-major into a second ring; shared x shared wgmma."""
    TM: gl.constexpr = a_desc.block_type.shape[0]
    TK: gl.constexpr = a_desc.block_type.shape[1]
    TN: gl.constexpr = b_desc.block_type.shape[1]
    off_m, off_n = _tile_off(gl.program_id(0), M, N, TM, TN, GROUP_M)
    a_bufs = gl.allocate_shared_memory(gl.float32, [STAGES, TM, TK], a_desc.layout)
    b_bufs = gl.allocate_shared_memory(gl.float32, [STAGES, TK, TN], b_desc.layout)
    t_bufs = gl.allocate_shared_memory(gl.float32, [STAGES, TN, TK], t_layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    tready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for s in gl.static_range(STAGES):
        mbarrier.init(ready.index(s), count=1)
        mbarrier.init(empty.index(s), count=2)  # the transform (B read) and the MMA (A, B^T read) release
        mbarrier.init(tready.index(s), count=1)
    gl.warp_specialize([
        (_p_mma_xf, (a_bufs, t_bufs, ready, empty, tready, c_ptr, N, K, off_m, off_n, TM, TN, TK, STAGES,
                     NUM_WARPS)),
        (_p_load_xf, (a_desc, b_desc, a_bufs, b_bufs, ready, empty, off_m, off_n, K, STAGES)),
        (_p_xf, (b_bufs, t_bufs, ready, empty, tready, K, TK, STAGES, XF_WARPS)),
    ], [1, XF_WARPS], [LOAD_REGS, XF_REGS])


def gemm_mn(a, b, c=None, mode=0, stages=4, group_m=8, load_regs=24, via=0, bar=1, maxnreg=None, sms=None):
    """c[M, N] = a[M, K] @ b[K, N] (fp32 CUDA tensors, both row-major), TF32 wgmma, B as it lies.

    mode 0 warp-specialized, 2 the same persistent (min(tiles, SMs) CTAs), 3 without warp_specialize, 1 "xf"
    (a transform partition writes B^T K-major; shared x shared wgmma, C tile not transposed). via 1
    loads the register operand through a blocked layout + convert_layout; bar 0 drops the partition barrier
    before each slot release. Raises ValueError for shapes outside the tile; compile errors propagate."""
    import torch

    M, K = a.shape
    K2, N = b.shape
    if K2 != K or M % BM or N % BN or K % (2 * BK):
        raise ValueError("gemm_mn: %s x %s outside the tile (%d, %d, 2 x %d)" % (
            tuple(a.shape), tuple(b.shape), BM, BN, BK))
    if a.stride(1) != 1 or b.stride(1) != 1:
        raise ValueError("gemm_mn: a and b must be row-major")
    if K // BK < stages:
        raise ValueError("gemm_mn: K %d below %d stages of %d" % (K, stages, BK))
    if c is None:
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    a_desc = TensorDescriptor.from_tensor(a, [BM, BK], gl.NVMMASharedLayout.get_default_for([BM, BK], gl.float32))
    b_desc = TensorDescriptor.from_tensor(b, [BK, BN], gl.NVMMASharedLayout.get_default_for([BK, BN], gl.float32))
    tiles = triton.cdiv(M, BM) * triton.cdiv(N, BN)
    if mode == 2:
        sms = sms or torch.cuda.get_device_properties(a.device).multi_processor_count
        grid = (min(tiles, sms), )
    else:
        grid = (tiles, )
    kw = dict(num_warps=8)
    if mode == 1:  # 8 MMA warps (acc 128 registers) + loader + 4 transform warps: 16 warps x 32 x 128
        t_layout = gl.NVMMASharedLayout.get_default_for([BN, BK], gl.float32)  # B^T tile, K-contiguous
        gemm_xf_kernel[grid](a_desc, b_desc, c, M, N, K, t_layout, stages, group_m, load_regs, 4, 88, 8,
                             maxnreg=maxnreg or 128, **kw)
        return c
    if maxnreg is None:  # 8 MMA warps + the loader's warpgroup: 12 warps x 32 x 168 fits 64 K registers
        maxnreg = 0 if mode == 3 else 168
    if maxnreg:
        kw["maxnreg"] = maxnreg
    gemm_mn_kernel[grid](a_desc, b_desc, c, M, N, K, mode, stages, group_m, load_regs, via, bar, 8, **kw)
    return c
