"""Session-5 experiments for issue 6's row norms below 80% of copy: kernel designs the generated template
did not have, run by pattern_variants.py next to the generated kernel (same JSON lines; KWB_EXPERIMENTS=0
skips them). Results: docs/results/2026-11-29-h200-session5.md.

  softmax (23): sm_two_barrier -- one pass, chunk in registers; the row's CTAs meet twice (row max, then
                row sum of exp(x - max)), so each element takes one exp instead of two. Slower.
  L1 norm (38): l1_aligned (64-bit indices; slower) and l1_aligned2 (32-bit indices in a chunk that starts
                at the row's first 16-byte boundary; 88.5% of copy, now the template's ALIGN_ROWS path).
  group norm (35): gn_persistent -- persistent: one CTA per SM, every CTA owns one slice of every group;
                it reads group g+1's slice (statistics) before it waits for group g's statistics and
                re-reads group g's slice, meant to come from L2. 1.7-2.6x slower than two passes.
  group norm (35): gn_lagged (session 6) -- one launch of statistics and apply CTAs interleaved by
                start-order ticket, the apply of group g LAG groups behind its statistics (so its
                re-read may hit L2); no CTA waits for one that started after it, so it needs no
                co-residency. Interleaved at LAG 2: equal to two passes (5116-5166 us); LAG 1 and the
                blocked order (BLOCKED=True): 5420-8172 us, slower.
The kernels are written for contiguous rows (what these problems have). A correctness check on the CPU,
against torch, through the fake Triton (not a speed measure):
  PYTHONPATH=tests/data/codegen/fake_triton /usr/bin/python3 bench/gpu/rownorm_experiments.py
"""
import torch
import triton
import triton.language as tl


# ----------------------------------------------------------------------------- softmax, one exp
@triton.jit
def sm_two_barrier(x_ptr, out_ptr, pmax_ptr, psum_ptr, cnt_ptr, R, n_split, n_rows,
                   CHUNK: tl.constexpr, BLOCK_S: tl.constexpr):
    pid = tl.atomic_add(cnt_ptr + n_rows, 1, sem="relaxed", scope="gpu")  # start-order ticket
    row = (pid // n_split).to(tl.int64)
    k = (pid % n_split) * CHUNK + tl.arange(0, CHUNK)
    m = k < R
    off = row * R + k
    v = tl.load(x_ptr + off, mask=m, other=float("-inf")).to(tl.float32)
    tl.store(pmax_ptr + pid, tl.max(v, axis=0))
    tl.debug_barrier()
    arrived = tl.atomic_add(cnt_ptr + row, 1, sem="acq_rel", scope="gpu") + 1
    while arrived < n_split:
        arrived = tl.atomic_add(cnt_ptr + row, 0, sem="acquire", scope="gpu")
    s = tl.arange(0, BLOCK_S)
    pm = tl.load(pmax_ptr + row * n_split + s, mask=s < n_split, other=float("-inf"), cache_modifier=".cg")
    mx = tl.max(pm, axis=0)
    mx = tl.where(mx == float("-inf"), 0.0, mx)
    e = tl.exp(v - mx)
    tl.store(psum_ptr + pid, tl.sum(e, axis=0))
    tl.debug_barrier()
    arrived = tl.atomic_add(cnt_ptr + row, 1, sem="acq_rel", scope="gpu") + 1
    while arrived < 2 * n_split:
        arrived = tl.atomic_add(cnt_ptr + row, 0, sem="acquire", scope="gpu")
    ps = tl.load(psum_ptr + row * n_split + s, mask=s < n_split, other=0.0, cache_modifier=".cg")
    y = e * (1.0 / tl.sum(ps, axis=0))
    tl.store(out_ptr + off, y.to(out_ptr.dtype.element_ty), mask=m)


def softmax_two_barrier(x, chunk, ept=32):
    rows, r = x.shape
    n = triton.cdiv(r, chunk)
    out = torch.empty_like(x)
    pmax = torch.empty(rows * n, dtype=torch.float32, device=x.device)
    psum = torch.empty(rows * n, dtype=torch.float32, device=x.device)
    cnt = torch.zeros(rows + 1, dtype=torch.int32, device=x.device)
    sm_two_barrier[(rows * n,)](x, out, pmax, psum, cnt, r, n, rows, CHUNK=chunk, BLOCK_S=64,
                                num_warps=min(max(chunk // (32 * ept), 4), 16))
    return out


# ----------------------------------------------------------------------------- L1 norm, aligned
@triton.jit
def l1_aligned(x_ptr, out_ptr, psum_ptr, cnt_ptr, R, n_split, n_rows, N_TOTAL, CHUNK: tl.constexpr, BLOCK_S: tl.constexpr):
    # Chunks are laid on the flat tensor from the row's start rounded down to 4 elements, so every
    # group of 4 shares one 16-byte vector; the load/store masks are whole vectors (constancy 4) and the
    # <= 3 elements of a partial vector at the row's ends go through 4-wide scalar fix-ups.
    pid = tl.atomic_add(cnt_ptr + n_rows, 1, sem="relaxed", scope="gpu")
    row = (pid // n_split).to(tl.int64)
    split = pid % n_split
    start = row * R
    end = start + R
    base = tl.multiple_of((start // 4) * 4, 4)
    f = base + split * CHUNK + tl.arange(0, CHUNK)
    f4 = (f // 4) * 4
    in_row = (f >= start) & (f < end)
    # vectors overlapping the row, within the tensor (N_TOTAL % 4 == 0 keeps the mask whole-vector)
    v = tl.load(x_ptr + f, mask=(f4 + 4 > start) & (f4 < end) & (f < N_TOTAL), other=0.0).to(tl.float32)
    tl.store(psum_ptr + pid, tl.sum(tl.where(in_row, tl.abs(v), 0.0), axis=0))
    tl.debug_barrier()
    arrived = tl.atomic_add(cnt_ptr + row, 1, sem="acq_rel", scope="gpu") + 1
    while arrived < n_split:
        arrived = tl.atomic_add(cnt_ptr + row, 0, sem="acquire", scope="gpu")
    s = tl.arange(0, BLOCK_S)
    ps = tl.load(psum_ptr + row * n_split + s, mask=s < n_split, other=0.0, cache_modifier=".cg")
    scale = R / tl.sum(ps, axis=0)  # x / mean(|x|)
    tl.store(out_ptr + f, (v * scale).to(out_ptr.dtype.element_ty), mask=(f4 >= start) & (f4 + 4 <= end))
    # the row's partial vectors: head [start, align_up(start)) and tail [align_down(end), end)
    q = tl.arange(0, 4)
    if split == 0:
        h = start + q
        hm = (h < (start + 3) // 4 * 4) & (h < end)
        hv = tl.load(x_ptr + h, mask=hm, other=0.0).to(tl.float32)
        tl.store(out_ptr + h, (hv * scale).to(out_ptr.dtype.element_ty), mask=hm)
    if split == n_split - 1:
        t = (end // 4) * 4 + q
        tm = (t < end) & (t >= start) & (t >= (start + 3) // 4 * 4)
        tv = tl.load(x_ptr + t, mask=tm, other=0.0).to(tl.float32)
        tl.store(out_ptr + t, (tv * scale).to(out_ptr.dtype.element_ty), mask=tm)


def l1norm_aligned(x, chunk, ept=32):
    rows, r = x.shape
    n = triton.cdiv(r + 3, chunk)
    out = torch.empty_like(x)
    psum = torch.empty(rows * n, dtype=torch.float32, device=x.device)
    cnt = torch.zeros(rows + 1, dtype=torch.int32, device=x.device)
    l1_aligned[(rows * n,)](x, out, psum, cnt, r, n, rows, rows * r, CHUNK=chunk, BLOCK_S=64,
                            num_warps=min(max(chunk // (32 * ept), 4), 16))
    return out


@triton.jit
def l1_aligned2(x_ptr, out_ptr, psum_ptr, cnt_ptr, R, n_split, n_rows, CHUNK: tl.constexpr, BLOCK_S: tl.constexpr):
    # As l1_aligned, with the chunk grid starting at the row's first 16-byte boundary and int32 indices
    # within the chunk: the main loads/stores cover only whole vectors inside the row (no element of
    # another row is read); the <= 3 elements before the first boundary (head) and after the last (tail)
    # are read and written by the row's first CTA with 4-wide scalar accesses.
    pid = tl.atomic_add(cnt_ptr + n_rows, 1, sem="relaxed", scope="gpu")
    row = (pid // n_split).to(tl.int64)
    split = pid % n_split
    start = row * R
    end = start + R
    a = (start + 3) // 4 * 4  # first 16-byte boundary in the row
    ad = end // 4 * 4         # last one
    cb = a + split * CHUNK
    lim = (ad - cb).to(tl.int32)
    j = tl.arange(0, CHUNK)
    mv = (j // 4) * 4 + 4 <= lim  # whole vectors only: constant over each group of 4
    v = tl.load(x_ptr + cb + j, mask=mv, other=0.0).to(tl.float32)
    part = tl.sum(tl.abs(v), axis=0)
    q = tl.arange(0, 4)
    h = start + q
    hm = (h < a) & (h < end)
    t = tl.maximum(ad, a) + q
    tm = t < end
    if split == 0:
        hv = tl.load(x_ptr + h, mask=hm, other=0.0).to(tl.float32)
        tv = tl.load(x_ptr + t, mask=tm, other=0.0).to(tl.float32)
        part += tl.sum(tl.abs(hv), axis=0) + tl.sum(tl.abs(tv), axis=0)
    tl.store(psum_ptr + pid, part)
    tl.debug_barrier()
    arrived = tl.atomic_add(cnt_ptr + row, 1, sem="acq_rel", scope="gpu") + 1
    while arrived < n_split:
        arrived = tl.atomic_add(cnt_ptr + row, 0, sem="acquire", scope="gpu")
    s = tl.arange(0, BLOCK_S)
    ps = tl.load(psum_ptr + row * n_split + s, mask=s < n_split, other=0.0, cache_modifier=".cg")
    scale = R / tl.sum(ps, axis=0)  # x / mean(|x|)
    tl.store(out_ptr + cb + j, (v * scale).to(out_ptr.dtype.element_ty), mask=mv)
    if split == 0:
        hv2 = tl.load(x_ptr + h, mask=hm, other=0.0).to(tl.float32)
        tv2 = tl.load(x_ptr + t, mask=tm, other=0.0).to(tl.float32)
        tl.store(out_ptr + h, (hv2 * scale).to(out_ptr.dtype.element_ty), mask=hm)
        tl.store(out_ptr + t, (tv2 * scale).to(out_ptr.dtype.element_ty), mask=tm)


def l1norm_aligned2(x, chunk, ept=32):
    rows, r = x.shape
    n = max(1, triton.cdiv(r, chunk))
    out = torch.empty_like(x)
    psum = torch.empty(rows * n, dtype=torch.float32, device=x.device)
    cnt = torch.zeros(rows + 1, dtype=torch.int32, device=x.device)
    l1_aligned2[(rows * n,)](x, out, psum, cnt, r, n, rows, CHUNK=chunk, BLOCK_S=64,
                             num_warps=min(max(chunk // (32 * ept), 4), 16))
    return out


# ----------------------------------------------------------------------------- group norm, persistent, L2
@triton.jit
def gn_slice_stats(x_ptr, g, R, k0, k1, x0, BLOCK: tl.constexpr):
    # sums of d = x - x0 and d^2 over elements [k0, k1) of group g; loads kept in L2 for the re-read
    offs = tl.arange(0, BLOCK)
    s1 = tl.zeros([BLOCK], dtype=tl.float32)
    s2 = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(k0, k1, BLOCK):
        kk = k + offs
        m = kk < k1
        d = tl.where(m, tl.load(x_ptr + g * R + kk, mask=m, other=0.0, eviction_policy="evict_last").to(tl.float32) - x0, 0.0)
        s1 += d
        s2 += d * d
    return tl.sum(s1, axis=0), tl.sum(s2, axis=0)


@triton.jit
def gn_persistent(x_ptr, out_ptr, w_ptr, b_ptr, p1_ptr, p2_ptr, cnt_ptr, R, n_groups, GROUPS, CPG, HW, eps,
                  P, SLICE, BLOCK: tl.constexpr, BLOCK_P: tl.constexpr):
    # CTA i owns elements [i * SLICE, (i + 1) * SLICE) of every group. Statistics of group g + 1 are read
    # before the CTA waits for group g's, so the wait overlaps a whole slice of DRAM reads; the second
    # read of group g's slice comes from L2 (two groups in flight: 2 x R x 4 bytes of L2). All P CTAs
    # must be resident at once (P <= SMs, one CTA per SM, GPU not shared), as on the one-pass path.
    i = tl.program_id(0)
    k0 = i * SLICE
    k1 = tl.minimum(k0 + SLICE, R)
    s = tl.arange(0, BLOCK_P)
    sm = s < P
    offs = tl.arange(0, BLOCK)
    zero64 = (i * 0).to(tl.int64)
    x0 = tl.load(x_ptr).to(tl.float32)
    a, b = gn_slice_stats(x_ptr, 0, R, k0, k1, x0, BLOCK)
    tl.store(p1_ptr + i, a)  # partials: P slots per group, never reused within a call
    tl.store(p2_ptr + i, b)
    tl.debug_barrier()
    tl.atomic_add(cnt_ptr, 1, sem="release", scope="gpu")
    for g in range(0, n_groups):
        gg = g + zero64
        if g + 1 < n_groups:  # the next group's statistics first
            xn = tl.load(x_ptr + (gg + 1) * R).to(tl.float32)
            a, b = gn_slice_stats(x_ptr, gg + 1, R, k0, k1, xn, BLOCK)
            tl.store(p1_ptr + (gg + 1) * P + i, a)
            tl.store(p2_ptr + (gg + 1) * P + i, b)
            tl.debug_barrier()
            tl.atomic_add(cnt_ptr + g + 1, 1, sem="release", scope="gpu")
        arrived = tl.atomic_add(cnt_ptr + g, 0, sem="acquire", scope="gpu")
        while arrived < P:
            arrived = tl.atomic_add(cnt_ptr + g, 0, sem="acquire", scope="gpu")
        s1 = tl.sum(tl.load(p1_ptr + gg * P + s, mask=sm, other=0.0, cache_modifier=".cg"), axis=0)
        s2 = tl.sum(tl.load(p2_ptr + gg * P + s, mask=sm, other=0.0, cache_modifier=".cg"), axis=0)
        x0g = tl.load(x_ptr + gg * R).to(tl.float32)
        md = s1 / R
        var = tl.maximum(s2 / R - md * md, 0.0)
        mean = x0g + md
        rstd = 1.0 / tl.sqrt(var + eps)
        for k in range(k0, k1, BLOCK):
            kk = k + offs
            m = kk < k1
            v = tl.load(x_ptr + gg * R + kk, mask=m, other=0.0, eviction_policy="evict_first").to(tl.float32)
            ch = (g % GROUPS) * CPG + kk // HW
            w = tl.load(w_ptr + ch, mask=m, other=1.0).to(tl.float32)
            bb = tl.load(b_ptr + ch, mask=m, other=0.0).to(tl.float32)
            y = (v - mean) * rstd * w + bb
            tl.store(out_ptr + gg * R + kk, y.to(out_ptr.dtype.element_ty), mask=m, eviction_policy="evict_first")


def groupnorm_persistent(x, weight, bias, groups, eps, ctas, block=8192, warps=16):
    n, c = x.shape[0], x.shape[1]
    n_groups = n * groups
    r = x.numel() // n_groups
    cpg = c // groups
    hw = r // cpg
    out = torch.empty_like(x)
    slice_ = triton.cdiv(triton.cdiv(r, ctas), 4) * 4
    p1 = torch.empty(n_groups * ctas, dtype=torch.float32, device=x.device)
    p2 = torch.empty(n_groups * ctas, dtype=torch.float32, device=x.device)
    cnt = torch.zeros(n_groups + 1, dtype=torch.int32, device=x.device)
    gn_persistent[(ctas,)](x, out, weight, bias, p1, p2, cnt, r, n_groups, groups, cpg, hw, eps, ctas, slice_,
                           BLOCK=block, BLOCK_P=triton.next_power_of_2(ctas), num_warps=warps)
    return out


# ----------------------------------------------------------------------------- group norm, lagged, L2
@triton.jit
def gn_merge_publish(p1_ptr, p2_ptr, stat_ptr, cnt_ptr, g, n, R, x0, eps, BLOCK_P: tl.constexpr):
    # the group's last statistics CTA: merge its n partials into (mean, rstd), publish them, then raise the
    # group's counter to n + 1 (release), which the apply work waits for
    s = tl.arange(0, BLOCK_P)
    s1 = tl.zeros([BLOCK_P], dtype=tl.float32)
    s2 = tl.zeros([BLOCK_P], dtype=tl.float32)
    for p0 in range(0, n, BLOCK_P):
        sm = p0 + s < n
        s1 += tl.load(p1_ptr + g * n + p0 + s, mask=sm, other=0.0, cache_modifier=".cg")
        s2 += tl.load(p2_ptr + g * n + p0 + s, mask=sm, other=0.0, cache_modifier=".cg")
    md = tl.sum(s1, axis=0) / R
    var = tl.maximum(tl.sum(s2, axis=0) / R - md * md, 0.0)
    tl.store(stat_ptr + 2 * g, x0 + md)
    tl.store(stat_ptr + 2 * g + 1, 1.0 / tl.sqrt(var + eps))
    tl.debug_barrier()
    tl.atomic_add(cnt_ptr + g, 1, sem="release", scope="gpu")


@triton.jit
def gn_lagged_item(t, x_ptr, out_ptr, w_ptr, b_ptr, p1_ptr, p2_ptr, stat_ptr, cnt_ptr, R, n_groups, n, LAG, GROUPS,
                   CPG, HW, eps, CHUNK: tl.constexpr, BLOCK_P: tl.constexpr, BLOCKED: tl.constexpr,
                   EV_STATS: tl.constexpr, EV_STORE: tl.constexpr, EV_REREAD: tl.constexpr, CM_STORE: tl.constexpr):
    # Ticket t -> step s = t // (2n), item i = t % (2n): even items are statistics work of group s (chunk
    # i // 2), odd items apply work of group s - LAG (same chunk), so a chunk is re-read about LAG steps
    # (2n items each) after it was first read, meant to come from L2. Statistics work never waits; the
    # group's last one merges the n partials into (mean, rstd) and raises the group's counter to n + 1.
    # Apply work waits for that, and only on smaller tickets.
    # BLOCKED: a step's first n tickets are statistics work, its last n apply work.
    # EV_STATS / EV_REREAD / EV_STORE / CM_STORE (session 7): L2 eviction hints and the store's cache
    # modifier; "evict_first" on the store (y streams out, not pushing x out of L2) took DRAM reads from
    # 1.41x to 1.07x of x and the kernel from 5127 to 4853 us (session 7, call 1, ncu).
    step = t // (2 * n)
    i = t % (2 * n)
    if BLOCKED:
        c = i % n
        is_stats = i < n
    else:
        c = i // 2
        is_stats = i % 2 == 0
    k = c * CHUNK + tl.arange(0, CHUNK)
    m = k < R
    if is_stats:
        if step < n_groups:
            g = step.to(tl.int64)
            x0 = tl.load(x_ptr + g * R).to(tl.float32)
            d = tl.where(m, tl.load(x_ptr + g * R + k, mask=m, other=0.0, eviction_policy=EV_STATS).to(tl.float32) - x0, 0.0)
            tl.store(p1_ptr + g * n + c, tl.sum(d, axis=0))
            tl.store(p2_ptr + g * n + c, tl.sum(d * d, axis=0))
            tl.debug_barrier()
            arrived = tl.atomic_add(cnt_ptr + g, 1, sem="acq_rel", scope="gpu") + 1
            if arrived == n:  # the group's last statistics work: merge, publish, raise the counter to n + 1
                gn_merge_publish(p1_ptr, p2_ptr, stat_ptr, cnt_ptr, g, n, R, x0, eps, BLOCK_P)
    else:
        if step >= LAG:
            g = (step - LAG).to(tl.int64)
            ready = tl.atomic_add(cnt_ptr + g, 0, sem="acquire", scope="gpu")
            while ready < n + 1:
                ready = tl.atomic_add(cnt_ptr + g, 0, sem="acquire", scope="gpu")
            mean = tl.load(stat_ptr + 2 * g, cache_modifier=".cg")
            rstd = tl.load(stat_ptr + 2 * g + 1, cache_modifier=".cg")
            v = tl.load(x_ptr + g * R + k, mask=m, other=0.0, eviction_policy=EV_REREAD).to(tl.float32)
            ch = (g % GROUPS) * CPG + k // HW
            w = tl.load(w_ptr + ch, mask=m, other=1.0).to(tl.float32)
            bb = tl.load(b_ptr + ch, mask=m, other=0.0).to(tl.float32)
            y = (v - mean) * rstd * w + bb
            tl.store(out_ptr + g * R + k, y.to(out_ptr.dtype.element_ty), mask=m, cache_modifier=CM_STORE,
                     eviction_policy=EV_STORE)


@triton.jit
def gn_lagged(x_ptr, out_ptr, w_ptr, b_ptr, p1_ptr, p2_ptr, stat_ptr, cnt_ptr, R, n_groups, n, LAG, GROUPS, CPG, HW,
              eps, CHUNK: tl.constexpr, BLOCK_P: tl.constexpr, BLOCKED: tl.constexpr,
              EV_STATS: tl.constexpr, EV_STORE: tl.constexpr, EV_REREAD: tl.constexpr, CM_STORE: tl.constexpr):
    # One launch, one item per CTA, taken by start-order ticket: every CTA an apply CTA waits for started
    # before it and waits for nothing, so the grid cannot deadlock at any occupancy.
    t = tl.atomic_add(cnt_ptr + n_groups, 1, sem="relaxed", scope="gpu")
    gn_lagged_item(t, x_ptr, out_ptr, w_ptr, b_ptr, p1_ptr, p2_ptr, stat_ptr, cnt_ptr, R, n_groups, n, LAG, GROUPS,
                   CPG, HW, eps, CHUNK, BLOCK_P, BLOCKED, EV_STATS, EV_STORE, EV_REREAD, CM_STORE)


@triton.jit
def gn_lagged_persistent(x_ptr, out_ptr, w_ptr, b_ptr, p1_ptr, p2_ptr, stat_ptr, cnt_ptr, R, n_groups, n, LAG,
                         GROUPS, CPG, HW, eps, TOTAL, CHUNK: tl.constexpr, BLOCK_P: tl.constexpr,
                         BLOCKED: tl.constexpr, EV_STATS: tl.constexpr, EV_STORE: tl.constexpr,
                         EV_REREAD: tl.constexpr, CM_STORE: tl.constexpr):
    # Session 7: the same items, a few CTAs per SM each taking ticket after ticket. A CTA handles its
    # tickets in increasing order and an item waits only on smaller tickets, so the CTA holding the
    # smallest unfinished ticket always progresses: no deadlock, whatever is resident.
    t = tl.atomic_add(cnt_ptr + n_groups, 1, sem="relaxed", scope="gpu")
    while t < TOTAL:
        gn_lagged_item(t, x_ptr, out_ptr, w_ptr, b_ptr, p1_ptr, p2_ptr, stat_ptr, cnt_ptr, R, n_groups, n, LAG,
                       GROUPS, CPG, HW, eps, CHUNK, BLOCK_P, BLOCKED, EV_STATS, EV_STORE, EV_REREAD, CM_STORE)
        t = tl.atomic_add(cnt_ptr + n_groups, 1, sem="relaxed", scope="gpu")


@triton.jit
def gn_pair(x_ptr, out_ptr, w_ptr, b_ptr, p1_ptr, p2_ptr, stat_ptr, cnt_ptr, R, n_groups, n, LAG, GROUPS, CPG, HW,
            eps, CHUNK: tl.constexpr, BLOCK_P: tl.constexpr):
    # Session 7: one CTA does both items of gn_lagged's pair -- the statistics of chunk c of group s and the
    # apply of chunk c of group s - LAG -- so it has the DRAM read (group s) and the L2 re-read (group s - LAG,
    # x does not change, so that load need not wait) in flight together, with half the CTAs and tickets.
    # It publishes its statistics before it waits; it waits only on groups whose CTAs all took earlier
    # tickets and publish before waiting themselves, so no co-residency is needed.
    t = tl.atomic_add(cnt_ptr + n_groups, 1, sem="relaxed", scope="gpu")
    step = t // n
    c = t % n
    k = c * CHUNK + tl.arange(0, CHUNK)
    m = k < R
    gs = step.to(tl.int64)
    ga = (step - LAG).to(tl.int64)
    do_stats = step < n_groups
    do_apply = step >= LAG
    v = tl.load(x_ptr + ga * R + k, mask=m & do_apply, other=0.0, eviction_policy="evict_first").to(tl.float32)
    if do_stats:
        x0 = tl.load(x_ptr + gs * R).to(tl.float32)
        d = tl.where(m, tl.load(x_ptr + gs * R + k, mask=m, other=0.0, eviction_policy="evict_last").to(tl.float32) - x0, 0.0)
        tl.store(p1_ptr + gs * n + c, tl.sum(d, axis=0))
        tl.store(p2_ptr + gs * n + c, tl.sum(d * d, axis=0))
        tl.debug_barrier()
        arrived = tl.atomic_add(cnt_ptr + gs, 1, sem="acq_rel", scope="gpu") + 1
        if arrived == n:
            gn_merge_publish(p1_ptr, p2_ptr, stat_ptr, cnt_ptr, gs, n, R, x0, eps, BLOCK_P)
    if do_apply:
        ready = tl.atomic_add(cnt_ptr + ga, 0, sem="acquire", scope="gpu")
        while ready < n + 1:
            ready = tl.atomic_add(cnt_ptr + ga, 0, sem="acquire", scope="gpu")
        mean = tl.load(stat_ptr + 2 * ga, cache_modifier=".cg")
        rstd = tl.load(stat_ptr + 2 * ga + 1, cache_modifier=".cg")
        ch = (ga % GROUPS) * CPG + k // HW
        y = (v - mean) * rstd * tl.load(w_ptr + ch, mask=m, other=1.0).to(tl.float32) + tl.load(b_ptr + ch, mask=m, other=0.0).to(tl.float32)
        tl.store(out_ptr + ga * R + k, y.to(out_ptr.dtype.element_ty), mask=m, eviction_policy="evict_first")


def groupnorm_pair(x, weight, bias, groups, eps, chunk=4096, lag=2, warps=8):
    nb, c = x.shape[0], x.shape[1]
    n_groups = nb * groups
    r = x.numel() // n_groups
    cpg = c // groups
    hw = r // cpg
    out = torch.empty_like(x)
    n = triton.cdiv(r, chunk)
    p1 = torch.empty(n_groups * n, dtype=torch.float32, device=x.device)
    p2 = torch.empty(n_groups * n, dtype=torch.float32, device=x.device)
    stat = torch.empty(2 * n_groups, dtype=torch.float32, device=x.device)
    cnt = torch.zeros(n_groups + 1, dtype=torch.int32, device=x.device)
    gn_pair[((n_groups + lag) * n,)](x, out, weight, bias, p1, p2, stat, cnt, r, n_groups, n, lag, groups, cpg, hw, eps,
                                    CHUNK=chunk, BLOCK_P=min(1024, triton.next_power_of_2(n)), num_warps=warps)
    return out


def groupnorm_lagged(x, weight, bias, groups, eps, chunk=4096, lag=1, warps=8, blocked=False, hints=("", ""),
                     reread="evict_first", cm_store="", persistent=0):
    """hints: (statistics load, output store) eviction policies; reread: the apply's load policy;
    persistent: 0 = one CTA per item, else that many CTAs per SM loop over the tickets."""
    nb, c = x.shape[0], x.shape[1]
    n_groups = nb * groups
    r = x.numel() // n_groups
    cpg = c // groups
    hw = r // cpg
    out = torch.empty_like(x)
    n = triton.cdiv(r, chunk)
    p1 = torch.empty(n_groups * n, dtype=torch.float32, device=x.device)
    p2 = torch.empty(n_groups * n, dtype=torch.float32, device=x.device)
    stat = torch.empty(2 * n_groups, dtype=torch.float32, device=x.device)
    cnt = torch.zeros(n_groups + 1, dtype=torch.int32, device=x.device)
    total = (n_groups + lag) * 2 * n
    const = dict(CHUNK=chunk, BLOCK_P=min(1024, triton.next_power_of_2(n)), BLOCKED=blocked, EV_STATS=hints[0],
                 EV_STORE=hints[1], EV_REREAD=reread, CM_STORE=cm_store, num_warps=warps)
    if persistent:
        sms = torch.cuda.get_device_properties(x.device).multi_processor_count if x.is_cuda else 2
        gn_lagged_persistent[(min(total, sms * persistent),)](x, out, weight, bias, p1, p2, stat, cnt, r, n_groups, n,
                                                               lag, groups, cpg, hw, eps, total, **const)
    else:
        gn_lagged[(total,)](x, out, weight, bias, p1, p2, stat, cnt, r, n_groups, n, lag, groups, cpg, hw, eps, **const)
    return out


def check_cpu():
    """Every design against torch at small shapes with ragged and misaligned rows (fake Triton on the CPU)."""
    def rel(a, b):
        return float(((a.double() - b.double()).abs() / (b.double().abs() + 1e-6)).max())
    torch.manual_seed(0)
    worst = 0.0
    for rows, r, chunk in ((5, 1000, 256), (3, 37, 64), (4, 257, 64)):
        x = torch.randn(rows, r) * 3
        worst = max(worst, rel(softmax_two_barrier(x, chunk), torch.softmax(x, 1)))
    for rows, r, chunk in ((7, 1023, 256), (5, 65, 64), (6, 3, 64), (4, 129, 32), (5, 2, 64), (9, 1, 64), (3, 5, 4)):
        x = torch.rand(rows, r) + 0.1
        want = x / torch.mean(torch.abs(x), dim=1, keepdim=True)
        worst = max(worst, rel(l1norm_aligned(x, chunk), want), rel(l1norm_aligned2(x, chunk), want))
    for n, c, g, hw, ctas, block in ((3, 8, 4, (5, 7), 4, 16), (2, 6, 3, (4, 4), 3, 8), (2, 4, 2, (9, 9), 5, 32)):
        x = torch.randn(n, c, *hw) + 100.0
        gn = torch.nn.GroupNorm(g, c)
        torch.nn.init.normal_(gn.weight)
        torch.nn.init.normal_(gn.bias)
        with torch.no_grad():
            got = groupnorm_persistent(x, gn.weight, gn.bias, g, gn.eps, ctas, block, 4)
            err = float((got - gn(x)).abs().max())
            for lag in (1, 2):
                for blocked in (False, True):
                    err = max(err, float((groupnorm_lagged(x, gn.weight, gn.bias, g, gn.eps, block, lag, 4, blocked)
                                          - gn(x)).abs().max()))
                err = max(err, float((groupnorm_lagged(x, gn.weight, gn.bias, g, gn.eps, block, lag, 4, False,
                                                       ("evict_last", "evict_first")) - gn(x)).abs().max()))
                err = max(err, float((groupnorm_pair(x, gn.weight, gn.bias, g, gn.eps, block, lag, 4) - gn(x)).abs().max()))
                for blocked in (False, True):
                    err = max(err, float((groupnorm_lagged(x, gn.weight, gn.bias, g, gn.eps, block, lag, 4, blocked,
                                                           ("evict_last", "evict_first"), "", "", 2)
                                          - gn(x)).abs().max()))
        assert err < 1e-3, ("group norm", n, c, g, hw, err)
    assert worst < 1e-5, worst
    print("rownorm_experiments: all designs match torch on the CPU (max rel_err %.2e)" % worst)


if __name__ == "__main__":
    check_cpu()
