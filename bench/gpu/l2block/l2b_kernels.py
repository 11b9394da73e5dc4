# l2b_kernels.py -- L2-blocked normalisation schedules (issue 14's memory-bound target, session 37, mem37).
#
# The class: y = apply(x, stats(x over a group)) where a group (a row of R contiguous elements) is far larger
# than one CTA's registers: LayerNorm over [C, H, W], GroupNorm, InstanceNorm of large planes, global norms.
# Two passes read x twice from DRAM once x is larger than L2. These schedules cut x into chunks of whole rows
# small enough to stay in L2 and finish a chunk (statistics by every CTA, then its apply) before the next:
#  - l2b_persistent: one launch of co-resident CTAs (grid <= SMs * CTAs a SM); per chunk every CTA writes its
#    partial sums, arrives on the chunk's counter (release) and spins on it (acquire) until all have, merges
#    the partials in a fixed order (deterministic) and applies its own slice of the chunk, which it read a few
#    microseconds earlier (L2). PIPE=1: the statistics of chunk c+1 run before the wait for chunk c (two chunks
#    in L2, the wait hidden behind work). The spin is bounded (MAX_POLLS): a grid that is not co-resident
#    gives up, counts the give-up in cnt[n_chunks] and goes on (a wrong result the caller sees), never a hang.
#  - l2b_stats / l2b_apply: the same work as a launch pair per chunk (the kernel boundary is the barrier);
#    l2b_step: one launch per chunk that gathers chunk c+1's statistics and applies chunk c (the pair,
#    pipelined: n_chunks + 1 launches). One chunk covering every row = the two-pass schedule with the apply
#    in reverse order (its first reads hit what the statistics left in L2).
# Statistics: MODE 0 (mean / variance): fp32 sums of d and d^2, d = x - x[row, 0] (offset data keep their
# digits); MODE 1 (Frobenius): the sum of x^2, y = x / sqrt(sum). AFFINE: 0 none, 1 per position (weights of
# R elements), 2 per channel (group norm: channel (row % GROUPS) * CPG + k // HW).
# Partials: part[(row * nprog + p) * 2 + {0, 1}] for every row (no slot is reused: no reuse race).
import triton
import triton.language as tl


@triton.jit
def _l2b_slice(R, pid, nprog, BLOCK: tl.constexpr):
    # CTA pid's slice of a row: [s0, s0 + n_steps * BLOCK), clipped to R by masks
    per = tl.cdiv(tl.cdiv(R, nprog), BLOCK) * BLOCK
    s0 = pid * per
    n_steps = tl.cdiv(tl.minimum(per, R - s0), BLOCK)
    return s0, n_steps


@triton.jit
def _l2b_row_stats(x_ptr, part_ptr, row, R, pid, nprog, BLOCK: tl.constexpr, MODE: tl.constexpr,
                   HINTS: tl.constexpr):
    base = tl.cast(row, tl.int64) * R
    s0, n_steps = _l2b_slice(R, pid, nprog, BLOCK)
    if MODE == 0:
        ref = tl.load(x_ptr + base).to(tl.float32)
    else:
        ref = 0.0
    a1 = tl.zeros([BLOCK], dtype=tl.float32)
    a2 = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, n_steps):
        k = s0 + i * BLOCK + tl.arange(0, BLOCK)
        m = k < R
        if HINTS:
            v = tl.load(x_ptr + base + k, mask=m, other=0.0, eviction_policy="evict_last").to(tl.float32)
        else:
            v = tl.load(x_ptr + base + k, mask=m, other=0.0).to(tl.float32)
        d = tl.where(m, v - ref, 0.0)
        a1 += d
        a2 += d * d
    p = (tl.cast(row, tl.int64) * nprog + pid) * 2
    tl.store(part_ptr + p, tl.sum(a1, axis=0))
    tl.store(part_ptr + p + 1, tl.sum(a2, axis=0))


@triton.jit
def _l2b_row_merge(x_ptr, part_ptr, row, R, nprog, eps, NP2: tl.constexpr, MODE: tl.constexpr):
    # every CTA merges the row's nprog partials in the same fixed order: the same (shift, scale) everywhere
    j = tl.arange(0, NP2)
    p = (tl.cast(row, tl.int64) * nprog + j) * 2
    mj = j < nprog
    s1 = tl.sum(tl.load(part_ptr + p, mask=mj, other=0.0, cache_modifier=".cg"), axis=0)
    s2 = tl.sum(tl.load(part_ptr + p + 1, mask=mj, other=0.0, cache_modifier=".cg"), axis=0)
    if MODE == 0:
        ref = tl.load(x_ptr + tl.cast(row, tl.int64) * R).to(tl.float32)
        md = s1 / R
        var = tl.maximum(s2 / R - md * md, 0.0)
        shift = ref + md
        scale = 1.0 / tl.sqrt(var + eps)
    else:
        shift = s1 * 0.0
        scale = 1.0 / tl.sqrt(s2)
    return shift, scale


@triton.jit
def _l2b_row_apply(x_ptr, out_ptr, w_ptr, b_ptr, row, R, pid, nprog, shift, scale, GROUPS, CPG, HW,
                   BLOCK: tl.constexpr, AFFINE: tl.constexpr, REVERSE: tl.constexpr, HINTS: tl.constexpr):
    base = tl.cast(row, tl.int64) * R
    s0, n_steps = _l2b_slice(R, pid, nprog, BLOCK)
    for i in range(0, n_steps):
        if REVERSE:
            step = n_steps - 1 - i
        else:
            step = i
        k = s0 + step * BLOCK + tl.arange(0, BLOCK)
        m = k < R
        if HINTS:
            v = tl.load(x_ptr + base + k, mask=m, other=0.0, eviction_policy="evict_first").to(tl.float32)
        else:
            v = tl.load(x_ptr + base + k, mask=m, other=0.0).to(tl.float32)
        y = (v - shift) * scale
        if AFFINE == 1:
            y = y * tl.load(w_ptr + k, mask=m, other=1.0).to(tl.float32) + tl.load(b_ptr + k, mask=m, other=0.0).to(tl.float32)
        if AFFINE == 2:
            ch = (row % GROUPS) * CPG + k // HW
            y = y * tl.load(w_ptr + ch, mask=m, other=1.0).to(tl.float32) + tl.load(b_ptr + ch, mask=m, other=0.0).to(tl.float32)
        if HINTS:
            tl.store(out_ptr + base + k, y.to(out_ptr.dtype.element_ty), mask=m, eviction_policy="evict_first")
        else:
            tl.store(out_ptr + base + k, y.to(out_ptr.dtype.element_ty), mask=m)


@triton.jit
def _l2b_chunk_stats(x_ptr, part_ptr, c, RPC, n_rows, R, pid, nprog, BLOCK: tl.constexpr, MODE: tl.constexpr,
                     HINTS: tl.constexpr):
    for r in range(0, RPC):
        row = c * RPC + r
        if row < n_rows:
            _l2b_row_stats(x_ptr, part_ptr, row, R, pid, nprog, BLOCK, MODE, HINTS)


@triton.jit
def _l2b_chunk_apply(x_ptr, out_ptr, part_ptr, w_ptr, b_ptr, c, RPC, n_rows, R, pid, nprog, eps, GROUPS, CPG, HW,
                     BLOCK: tl.constexpr, NP2: tl.constexpr, MODE: tl.constexpr, AFFINE: tl.constexpr,
                     REVERSE: tl.constexpr, HINTS: tl.constexpr):
    for r0 in range(0, RPC):
        if REVERSE:
            r = RPC - 1 - r0  # the rows of the chunk last-read first
        else:
            r = r0
        row = c * RPC + r
        if row < n_rows:
            shift, scale = _l2b_row_merge(x_ptr, part_ptr, row, R, nprog, eps, NP2, MODE)
            _l2b_row_apply(x_ptr, out_ptr, w_ptr, b_ptr, row, R, pid, nprog, shift, scale, GROUPS, CPG, HW,
                           BLOCK, AFFINE, REVERSE, HINTS)


@triton.jit
def _l2b_wait(cnt_ptr, c, n_chunks, nprog, MAX_POLLS: tl.constexpr):
    # spin (acquire) until the chunk's nprog CTAs have arrived; bounded, and skipped once any CTA gave up
    # (cnt[n_chunks] > 0), so a grid that is not co-resident costs one bounded wait, not one per chunk
    gave = tl.load(cnt_ptr + n_chunks, cache_modifier=".cg")  # a plain L2 read: no atomic queue on one address
    arrived = tl.atomic_add(cnt_ptr + c, 0, sem="acquire", scope="gpu")
    polls = arrived * 0  # an int32 tensor from the start: a loop-carried value keeps one type
    while (arrived < nprog) & (polls < MAX_POLLS) & (gave == 0):
        arrived = tl.atomic_add(cnt_ptr + c, 0, sem="acquire", scope="gpu")
        polls += 1
    if (arrived < nprog) & (gave == 0):  # gave up: counted; the caller must not trust the result
        tl.atomic_add(cnt_ptr + n_chunks, 1, sem="relaxed", scope="gpu")
    tl.debug_barrier()


@triton.jit
def l2b_persistent(x_ptr, out_ptr, part_ptr, cnt_ptr, w_ptr, b_ptr, R, n_rows, RPC, n_chunks, eps, GROUPS, CPG, HW,
                   BLOCK: tl.constexpr, NP2: tl.constexpr, MODE: tl.constexpr, AFFINE: tl.constexpr,
                   REVERSE: tl.constexpr, HINTS: tl.constexpr, PIPE: tl.constexpr, MAX_POLLS: tl.constexpr):
    # grid = (nprog,), every CTA resident at once; cnt: n_chunks + 1 zeroed int32 (the last counts give-ups)
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    for c in range(0, n_chunks + PIPE):
        if c < n_chunks:
            _l2b_chunk_stats(x_ptr, part_ptr, c, RPC, n_rows, R, pid, nprog, BLOCK, MODE, HINTS)
            tl.debug_barrier()  # every thread's partial stores come before the release below
            tl.atomic_add(cnt_ptr + c, 1, sem="release", scope="gpu")
        ca = c - PIPE
        if ca >= 0:
            _l2b_wait(cnt_ptr, ca, n_chunks, nprog, MAX_POLLS)
            _l2b_chunk_apply(x_ptr, out_ptr, part_ptr, w_ptr, b_ptr, ca, RPC, n_rows, R, pid, nprog, eps, GROUPS,
                             CPG, HW, BLOCK, NP2, MODE, AFFINE, REVERSE, HINTS)


@triton.jit
def l2b_stats(x_ptr, part_ptr, c, RPC, n_rows, R, BLOCK: tl.constexpr, MODE: tl.constexpr, HINTS: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    _l2b_chunk_stats(x_ptr, part_ptr, c, RPC, n_rows, R, pid, nprog, BLOCK, MODE, HINTS)


@triton.jit
def l2b_apply(x_ptr, out_ptr, part_ptr, w_ptr, b_ptr, c, RPC, n_rows, R, eps, GROUPS, CPG, HW, BLOCK: tl.constexpr,
              NP2: tl.constexpr, MODE: tl.constexpr, AFFINE: tl.constexpr, REVERSE: tl.constexpr,
              HINTS: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    _l2b_chunk_apply(x_ptr, out_ptr, part_ptr, w_ptr, b_ptr, c, RPC, n_rows, R, pid, nprog, eps, GROUPS, CPG, HW,
                     BLOCK, NP2, MODE, AFFINE, REVERSE, HINTS)


@triton.jit
def l2b_step(x_ptr, out_ptr, part_ptr, w_ptr, b_ptr, c, RPC, n_rows, n_chunks, R, eps, GROUPS, CPG, HW,
             BLOCK: tl.constexpr, NP2: tl.constexpr, MODE: tl.constexpr, AFFINE: tl.constexpr,
             REVERSE: tl.constexpr, HINTS: tl.constexpr):
    # grid = (2 * nprog,): CTAs [0, nprog) gather chunk c's statistics, [nprog, 2 nprog) apply chunk c - 1
    pid = tl.program_id(0)
    nprog = tl.num_programs(0) // 2
    if pid < nprog:
        if c < n_chunks:
            _l2b_chunk_stats(x_ptr, part_ptr, c, RPC, n_rows, R, pid, nprog, BLOCK, MODE, HINTS)
    else:
        if c >= 1:
            _l2b_chunk_apply(x_ptr, out_ptr, part_ptr, w_ptr, b_ptr, c - 1, RPC, n_rows, R, pid - nprog, nprog, eps,
                             GROUPS, CPG, HW, BLOCK, NP2, MODE, AFFINE, REVERSE, HINTS)
