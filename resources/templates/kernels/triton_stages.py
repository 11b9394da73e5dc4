# ---- Kernel Workbench stage library (resources/templates/kernels/triton_stages.py) ----
# A kernel.py holds the functions of it that its plan reaches (core/codegen/pymodule.h slimPyModule).
# Launchers (kwb_*) for the non-pointwise stages of a chain: reductions, softmax, group/layer/batch norm,
# pooling and a GEMM with an epilogue hook. Pasted after `import torch, torch.nn as nn, triton,
# triton.language as tl` and the anchor section; every name here starts with kwb_ / _kwb_ so it never
# collides with a template's names. Launchers do launch plumbing only (allocation, views, a .contiguous()
# copy, stride reads); all arithmetic is in the Triton kernels, in fp32, stored in the input's dtype.
# Every size and stride is read from the tensors at run time: inputs may be strided, sizes need not
# divide the tiles (masks everywhere), size-1 dims are dropped before planning.

_kwb_tile = 4096         # elements of one reduction / softmax tile (BLOCK_R x BLOCK_B), 8 warps
_kwb_split_elems = 16384  # a split program reads at least this many elements (launch cost amortised)
_kwb_red_ops = {"sum": (0, 0.0), "mean": (1, 0.0), "amax": (2, float("-inf")), "max": (2, float("-inf")),
                "amin": (3, float("inf")), "min": (3, float("inf")), "logsumexp": (4, float("-inf")),
                "prod": (5, 1.0), "moments": (6, 0.0), "var": (7, 0.0), "std": (8, 0.0), "pnorm": (9, 0.0)}
# op -> (kernel OP code, identity of the combine). 6..8 share the shifted sums of x (moments: mean and biased
# variance; var / std: scaled by n / (n - correction), std its root); pnorm: sum |x|^p, then its p-th root.


def _kwb_prod(seq):
    r = 1
    for v in seq:
        r *= int(v)
    return r


def _kwb_np2(n):
    return triton.next_power_of_2(max(1, int(n)))


_kwb_sms_of = {}  # device -> SM count: a device property, read once (not per launch)
# SMs of one wave off the GPU (the CPU emulation, a dry run): the target GPU's sm_count from the spec ledger, which the
# chain renderer sets after this library for the run's --gpu (resources/ledger/gpus.json: H200-SXM 132); this default
# is H200-SXM's, for a library loaded on its own. On a GPU the device's own count decides.
kwb_target_sms = 132


def _kwb_sms(t):
    """SMs of t's GPU (the split rule aims at a few CTAs per SM); kwb_target_sms (the target's, spec ledger) off it."""
    sms = _kwb_sms_of.get(t.device)
    if sms is None:
        sms = _kwb_sms_of[t.device] = torch.cuda.get_device_properties(t.device).multi_processor_count \
            if t.is_cuda else kwb_target_sms
    return sms


def _kwb_runs(x, ostr, red, more=()):
    """x's dims of size > 1 in memory order (largest stride first) as (size, x stride, out stride) runs,
    adjacent dims of one kind (kept / reduced) merged where both x and the output allow: a reduction over
    dim 1 of NCHW is kept(N) red(C) kept(HW); batch-norm statistics red(N) kept(C) red(HW). more: further
    stride lists of x's dims (a prologue's tensors, read at x's indices): a merge must suit them too, and each
    run carries their strides after the out stride."""
    dims = sorted(((x.shape[d], x.stride(d), ostr[d], d in red, tuple(m[d] for m in more)) for d in range(x.dim())
                   if x.shape[d] != 1), key=lambda t: -t[1])
    runs = []
    for size, xs, os, r, ms in dims:
        if runs and runs[-1][3] == r and runs[-1][1] == xs * size and runs[-1][2] == os * size and \
                all(p == q * size for p, q in zip(runs[-1][4], ms)):
            runs[-1] = (runs[-1][0] * size, xs, os, r, ms)
        else:
            runs.append((size, xs, os, r, ms))
    return [t[:3] + t[4] for t in runs if not t[3]], [t[:3] + t[4] for t in runs if t[3]]


def _kwb_plan(x, ostr, red, max_kept, max_red, more=()):
    """(x, kept runs, reduced runs) with at most max_kept / max_red runs; beyond that x is copied
    with its kept dims first (then it has one run of each kind). The output strides (and `more`, _kwb_runs) follow
    the copy's dim order."""
    kept, reds = _kwb_runs(x, ostr, red, more)
    if len(kept) > max_kept or len(reds) > max_red:
        order = [d for d in range(x.dim()) if d not in red] + sorted(red)
        x, ostr = x.permute(order).contiguous(), [ostr[d] for d in order]
        more = [[m[d] for d in order] for m in more]
        kept, reds = _kwb_runs(x, ostr, list(range(x.dim() - len(red), x.dim())), more)
    pad = [(1,) + (0,) * (2 + len(more))] * 3
    return x, (pad + kept)[-3:], (pad + reds)[-3:]


@triton.jit
def _kwb_max_nan(a, b):  # max that propagates NaN like torch (Triton's max / maximum drop it)
    return tl.where((a > b) | (a != a), a, b)


@triton.jit
def _kwb_min_nan(a, b):
    return tl.where((a < b) | (a != a), a, b)


@triton.jit
def _kwb_mul(a, b):
    return a * b


@triton.jit
def _kwb_lse_safe(m):  # the shift of a log-sum-exp: torch's rule, 0 where the max is +-inf
    return tl.where(tl.abs(m) == float("inf"), 0.0, m)


@triton.jit
def _kwb_lse_step(m, s, v):
    # online (max, sum of exp(x - max)) per lane; NaN inputs reach s through exp(v - safe)
    mx = tl.maximum(m, v)
    safe = _kwb_lse_safe(mx)
    return mx, s * tl.exp(m - safe) + tl.exp(v - safe)


@triton.jit
def _kwb_tile_reduce(acc, acc2, OP: tl.constexpr):
    # per-lane accumulators [BLOCK_R, BLOCK_B] (or partials [SPLIT, BLOCK_O]) -> per column (r1, r2)
    r2 = tl.sum(acc2, 0)
    if OP == 2:
        r1 = tl.reduce(acc, 0, _kwb_max_nan)
    elif OP == 3:
        r1 = tl.reduce(acc, 0, _kwb_min_nan)
    elif OP == 5:
        r1 = tl.reduce(acc, 0, _kwb_mul)
    elif OP == 4:
        r1 = tl.max(acc, 0)
        r2 = tl.sum(acc2 * tl.exp(acc - _kwb_lse_safe(r1)[None, :]), 0)
    else:
        r1 = tl.sum(acc, 0)
    return r1, r2


@triton.jit
def _kwb_reduce_store(r1, r2, shift, n, q, out, out2, off, mask, i0, i1, i2, ee0, ee1, ee2, ee3, u00, u01, u02,
                      u10, u11, u12, u20, u21, u22, u30, u31, u32, g0, g1, g2, g3, OP: tl.constexpr,
                      EPI: tl.constexpr, HAS_EPI: tl.constexpr):
    # q: the op's scalar (var / std: the correction; pnorm: p). EPI (HAS_EPI): the pointwise run after the reduction
    # on its result (the epilogue calling convention at the kept index (i0, i1, i2) = (a0, a1, b); its tensors ee0..ee3
    # read through their strides uJ0..uJ2 along those runs), applied before the store
    res = r1
    if OP == 1:
        res = r1 / n
    elif OP == 4:
        res = _kwb_lse_safe(r1) + tl.log(r2)
    elif OP == 6:  # moments: sums of x - shift (shift: the column's first element) -> mean, biased variance
        mean = r1 / n
        res = shift + mean
        tl.store(out2 + off, tl.maximum(r2 / n - mean * mean, 0.0), mask=mask)
    elif OP >= 7 and OP <= 8:  # torch: sum((x - mean)^2) / max(0, n - correction) (inf / nan when n <= correction)
        mean = r1 / n
        # the mean itself to out2 (kwb_var_mean: one pass for both); kwb_var passes out as out2, the statistic's store
        # below is the same thread's, later, and wins
        tl.store(out2 + off, (shift + mean).to(out2.dtype.element_ty), mask=mask)
        res = tl.maximum(r2 - n * mean * mean, 0.0) / tl.maximum(n - q, 0.0)
        if OP == 8:
            res = tl.sqrt(res)
    elif OP == 9:
        if q == 2.0:
            res = tl.sqrt(r1)
        elif q != 1.0:
            res = tl.exp(tl.log(r1) / q)
    if HAS_EPI:
        res = EPI(res, i0, i1, i2, 0, 0, mask, ee0, ee1, ee2, ee3, u00, u01, u02, 0, 0, u10, u11, u12, 0, 0,
                  u20, u21, u22, 0, 0, u30, u31, u32, 0, 0, g0, g1, g2, g3)
    tl.store(out + off, res.to(out.dtype.element_ty), mask=mask)


@triton.jit
def _kwb_reduce_kernel(x, out, out2, p1, p2, p3, ident, q, A1, B, R1, R2, xa0, xa1, xb, xr0, xr1, xr2,
                       oa0, oa1, ob, n_b, units, upp, s2, ch2, n_tot, n_out,
                       pe0, pe1, pe2, pe3, t00, t01, t02, t03, t04, t05, t10, t11, t12, t13, t14, t15,
                       t20, t21, t22, t23, t24, t25, t30, t31, t32, t33, t34, t35, pf0, pf1, pf2, pf3,
                       ee0, ee1, ee2, ee3, u00, u01, u02, u10, u11, u12, u20, u21, u22, u30, u31, u32, g0, g1, g2, g3,
                       OP: tl.constexpr, FINAL: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_B: tl.constexpr,
                       PRE: tl.constexpr, HAS_PRE: tl.constexpr, EPI: tl.constexpr, HAS_EPI: tl.constexpr):
    # One output column block (kept index a = (a0, a1), BLOCK_B consecutive b) per program on axis 0; the
    # reduced index is (ro, r2), ro = (ro0, ro1) walked one scalar at a time (no vector division), r2 in
    # BLOCK_R tiles. Axis 1 splits the work units (ro, chunk of r2) when there are few outputs; then the
    # partials go to p1/p2 ([SPLIT, n_out] fp32) and _kwb_reduce_finish combines them.
    # PRE (HAS_PRE): the pointwise run before the reduction, on every loaded element (the epilogue calling
    # convention); its tensors pe0..pe3 are read at x's indices through their strides tJ0..tJ5 along the runs
    # (a0, a1, b, ro0, ro1, r2): the scalar part of the offset goes into the pointer, b and r2 are its two slots.
    pid = tl.program_id(0)
    sp = tl.program_id(1)
    a = pid // n_b
    offs_b = (pid % n_b) * BLOCK_B + tl.arange(0, BLOCK_B)
    bm = offs_b < B
    a0 = (a // A1).to(tl.int64)
    a1 = (a % A1).to(tl.int64)
    xbase = x + a0 * xa0 + a1 * xa1
    boff = offs_b.to(tl.int64) * xb
    offs_r = tl.arange(0, BLOCK_R)
    acc = tl.zeros((BLOCK_R, BLOCK_B), dtype=tl.float32) + ident
    acc2 = tl.zeros((BLOCK_R, BLOCK_B), dtype=tl.float32)
    shift = tl.zeros((BLOCK_B,), dtype=tl.float32)
    if OP >= 6 and OP <= 8:  # shifted sums: sound for mean-shifted data (no cancellation of two huge sums)
        shift = tl.load(xbase + boff, mask=bm, other=0.0).to(tl.float32)
    u_lo = sp * upp
    u_hi = tl.minimum(u_lo + upp, units)
    for u in tl.range(u_lo, u_hi):
        ro = u // s2
        lo = (u % s2) * ch2
        hi = tl.minimum(lo + ch2, R2)
        ro0 = (ro // R1).to(tl.int64)
        ro1 = (ro % R1).to(tl.int64)
        rbase = xbase + ro0 * xr0 + ro1 * xr1
        q0 = pe0 + a0 * t00 + a1 * t01 + ro0 * t03 + ro1 * t04
        q1 = pe1 + a0 * t10 + a1 * t11 + ro0 * t13 + ro1 * t14
        q2 = pe2 + a0 * t20 + a1 * t21 + ro0 * t23 + ro1 * t24
        q3 = pe3 + a0 * t30 + a1 * t31 + ro0 * t33 + ro1 * t34
        for r in range(lo, hi, BLOCK_R):
            rr = r + offs_r
            m = (rr < hi)[:, None] & bm[None, :]  # boundary predication on both tile axes
            v = tl.load(rbase + rr.to(tl.int64)[:, None] * xr2 + boff[None, :], mask=m, other=ident)
            v = v.to(tl.float32)
            if HAS_PRE:  # masked lanes back to the identity after it (a prologue of the identity need not be one)
                v = PRE(v, offs_b.to(tl.int64)[None, :], rr.to(tl.int64)[:, None], 0, 0, 0, m, q0, q1, q2, q3,
                        t02, t05, 0, 0, 0, t12, t15, 0, 0, 0, t22, t25, 0, 0, 0, t32, t35, 0, 0, 0, pf0, pf1, pf2, pf3)
                v = tl.where(m, v, ident)
            if OP <= 1:
                acc += v
            elif OP == 2:
                acc = _kwb_max_nan(v, acc)
            elif OP == 3:
                acc = _kwb_min_nan(v, acc)
            elif OP == 4:
                acc, acc2 = _kwb_lse_step(acc, acc2, v)
            elif OP == 5:
                acc *= v
            elif OP == 9:  # |x|^p (masked lanes load 0: |0|^p = 0 for p > 0)
                if q == 1.0:
                    acc += tl.abs(v)
                elif q == 2.0:
                    acc += v * v
                else:
                    acc += tl.where(v == 0.0, 0.0, tl.exp(q * tl.log(tl.abs(v))))
            else:
                d = tl.where(m, v - shift[None, :], 0.0)
                acc += d
                acc2 += d * d
    r1, r2 = _kwb_tile_reduce(acc, acc2, OP)
    if FINAL:
        _kwb_reduce_store(r1, r2, shift, n_tot, q, out, out2, a0 * oa0 + a1 * oa1 + offs_b.to(tl.int64) * ob, bm,
                          a0, a1, offs_b.to(tl.int64), ee0, ee1, ee2, ee3, u00, u01, u02, u10, u11, u12, u20, u21, u22,
                          u30, u31, u32, g0, g1, g2, g3, OP, EPI, HAS_EPI)
    else:
        flat = sp.to(tl.int64) * n_out + a.to(tl.int64) * B + offs_b
        tl.store(p1 + flat, r1, mask=bm)
        tl.store(p2 + flat, r2, mask=bm)
        if OP >= 6 and OP <= 8:
            tl.store(p3 + a.to(tl.int64) * B + offs_b, shift, mask=bm & (sp == 0))


@triton.jit
def _kwb_reduce_finish(p1, p2, p3, out, out2, ident, q, n_out, split, A1, B, oa0, oa1, ob, n_tot,
                       ee0, ee1, ee2, ee3, u00, u01, u02, u10, u11, u12, u20, u21, u22, u30, u31, u32, g0, g1, g2, g3,
                       OP: tl.constexpr, BLOCK_S: tl.constexpr, BLOCK_O: tl.constexpr, EPI: tl.constexpr,
                       HAS_EPI: tl.constexpr):
    # second pass of a split reduction: all SPLIT partials of BLOCK_O outputs in one tile
    o = tl.program_id(0) * BLOCK_O + tl.arange(0, BLOCK_O)
    om = o < n_out
    s = tl.arange(0, BLOCK_S)
    m = (s < split)[:, None] & om[None, :]
    idx = s.to(tl.int64)[:, None] * n_out + o[None, :]
    r1, r2 = _kwb_tile_reduce(tl.load(p1 + idx, mask=m, other=ident), tl.load(p2 + idx, mask=m, other=0.0), OP)
    shift = tl.zeros((BLOCK_O,), dtype=tl.float32)
    if OP >= 6 and OP <= 8:
        shift = tl.load(p3 + o, mask=om, other=0.0)
    a = o // B
    i0 = (a // A1).to(tl.int64)
    i1 = (a % A1).to(tl.int64)
    i2 = (o % B).to(tl.int64)
    _kwb_reduce_store(r1, r2, shift, n_tot, q, out, out2, i0 * oa0 + i1 * oa1 + i2 * ob, om, i0, i1, i2,
                      ee0, ee1, ee2, ee3, u00, u01, u02, u10, u11, u12, u20, u21, u22, u30, u31, u32, g0, g1, g2, g3,
                      OP, EPI, HAS_EPI)


kwb_reduce_one_trip = True  # a short strided reduced run on a grid of < 2 programs a SM and no split: the run in one
#                             tile (False: BLOCK_R capped at _kwb_tile // 64, a loop of steps; session 18's plan)
# few trips (issue 14, session 26: a whole-tensor mean of a 6 x 36 x 50 permuted view was one program looping over
# 300 64-element tiles, 58 us of GPU against torch.compile's 2; y08's 8 Mi-element strided mean 146 us against 66,
# 64-element tiles): where a program has few kept outputs (BLOCK_B < 64), the tile's room goes to the reduced run, and
# a grid of < 2 programs a SM is split until a program makes at most _kwb_reduce_max_trips tile trips (a latency bound,
# below _kwb_split_elems' bandwidth floor). False: session 25's plan.
kwb_reduce_few_trips = True
_kwb_reduce_max_trips = 8
kwb_memo_plans = True  # launch plans memoised per (shapes, strides, dtypes, device, settings); False: plan each call
_kwb_memo = {}  # (stage, key) -> plan: pure functions of the key, never of data or data pointers


def _kwb_memo_put(key, plan):
    if len(_kwb_memo) >= 4096:  # a bound for shape-polymorphic callers; one problem uses a handful
        _kwb_memo.clear()
    _kwb_memo[key] = plan
    return plan


def _kwb_reduce_plan(x, red, op, ostr, q, more=(), n_epi=0):
    """The launch plan of _kwb_reduce_into from x's shape and strides alone: (permutation order for a copy or
    None, main grid, main args, constexprs, split, finish plan or None, epilogue strides). more: the prologue
    tensors' strides at x's dims (_kwb_runs), then the n_epi epilogue tensors' (0 along the reduced dims); the
    prologue's strides along the kernel's six runs follow the main args, four tensors' worth; the epilogue's along
    the three kept runs are the plan's last item, four tensors' worth."""
    code, ident = _kwb_red_ops[op]
    xp, (ka0, ka1, kb), (r0, r1, r2) = _kwb_plan(x, ostr, red, 3, 3, more)
    order = None
    if xp is not x:  # _kwb_plan copied x (kept dims first): the copy is redone on every call
        order = [d for d in range(x.dim()) if d not in red] + sorted(red)
    A, B, n_ro, R2 = ka0[0] * ka1[0], kb[0], r0[0] * r1[0], r2[0]
    if r2[1] == 1 and kb[1] != 1:  # the reduced run is contiguous: long tile rows along it
        block_r = min(_kwb_tile, _kwb_np2(R2))
        block_b = min(_kwb_np2(B), max(1, _kwb_tile // block_r))
    else:  # coalesced along b (reduction over channels, batch-norm statistics), or neither contiguous;
        block_r = min(_kwb_np2(R2), max(1, _kwb_tile // 64))  # b widened up to 1024 when the reduced run is short
        block_b = min(_kwb_np2(B), 1024, max(64, _kwb_tile // block_r))
        if kwb_reduce_few_trips and block_b < 64:  # few kept columns: the rest of the tile along the reduced run
            block_r = min(_kwb_np2(R2), _kwb_tile // block_b)
    n_b = triton.cdiv(B, block_b)
    progs, sms = A * n_b, _kwb_sms(x)
    split = 1
    if progs < 2 * sms:  # few outputs: split the reduced extent so every SM streams (bandwidth, not latency)
        split = max(1, min(triton.cdiv(4 * sms, progs), n_ro * R2 * block_b // _kwb_split_elems, 1024))
        if kwb_reduce_few_trips:  # and so that no program makes more than a few dependent trips (latency)
            trips = n_ro * triton.cdiv(R2, block_r)
            split = max(split, min(triton.cdiv(trips, _kwb_reduce_max_trips), triton.cdiv(4 * sms, progs), 1024))
    if kwb_reduce_one_trip and split == 1 and progs < 2 * sms and block_r < _kwb_np2(R2) <= _kwb_tile // 8:
        # few outputs, each over a short strided run (var over dim 1 of 16 x 128 x 20): the whole run in one tile, so
        # a program's loads are one round trip, not one per BLOCK_R step; narrower columns keep the tile's size
        block_r = _kwb_np2(R2)
        block_b = max(min(8, _kwb_np2(B)), min(block_b, _kwb_tile // block_r))
        n_b = triton.cdiv(B, block_b)
        progs = A * n_b
    s2, ch2 = 1, R2
    if split > 1 and n_ro < split:  # few outer reduced indices: split the inner run into chunks too
        ch2 = triton.cdiv(triton.cdiv(R2, triton.cdiv(split, n_ro)), block_r) * block_r
        s2 = triton.cdiv(R2, ch2)
    units = n_ro * s2
    upp = triton.cdiv(units, split)
    split = triton.cdiv(units, upp)
    n_pre = len(more) - n_epi
    pre = [run[3 + j] for j in range(n_pre) for run in (ka0, ka1, kb, r0, r1, r2)]
    epi = [run[3 + n_pre + j] for j in range(n_epi) for run in (ka0, ka1, kb)]
    epi = tuple(epi + [0] * (12 - len(epi)))
    args = (ident, float(q), ka1[0], B, r1[0], R2, ka0[1], ka1[1], kb[1], r0[1], r1[1], r2[1], ka0[2], ka1[2], kb[2],
            n_b, units, upp, s2, ch2, n_ro * R2, A * B) + tuple(pre + [0] * (24 - len(pre)))
    meta = dict(OP=code, FINAL=split == 1, BLOCK_R=block_r, BLOCK_B=block_b, num_warps=8, HAS_PRE=n_pre > 0,
                PRE=_kwb_epi_identity, HAS_EPI=n_epi > 0, EPI=_kwb_epi_identity)
    finish = None
    if split > 1:
        block_s = _kwb_np2(split)
        block_o = min(_kwb_np2(A * B), max(1, 2048 // block_s))
        finish = ((triton.cdiv(A * B, block_o),), (ident, float(q), A * B, split, ka1[0], B, ka0[2], ka1[2], kb[2],
                                                   n_ro * R2), dict(OP=code, BLOCK_S=block_s, BLOCK_O=block_o,
                                                                    num_warps=4, HAS_EPI=n_epi > 0,
                                                                    EPI=_kwb_epi_identity), A * B)
    return order, (progs, split), args, meta, finish, epi


def _kwb_reduce_into(x, red, op, out, out2, q=0.0, pre=None, pre_tensors=(), pre_scalars=(), epi=None, epi_tensors=(),
                     epi_scalars=()):
    """Reduce x over the dims `red` into out (keepdim shape); op 'moments' writes the mean to out and the
    biased variance to out2 (fp32); q: the scalar of 'var' / 'std' (correction) and 'pnorm' (p). One kernel
    for every layout: see _kwb_runs / _kwb_reduce_kernel. The plan (grid, sizes, strides, tiles) is memoised
    on x's and out's shapes and strides (kwb_memo_plans): a repeated call only allocates and launches.
    pre: a pointwise run applied to each element of x as it is loaded (the epilogue calling convention at x's
    indices; op 'sum' ... 'prod' and 'pnorm', not the shifted sums), pre_tensors (<= 4) broadcast to x's shape.
    epi: the pointwise run after it on each result before the store (the epilogue calling convention at the kept
    index), epi_tensors (<= 4) broadcast to out's (keepdim) shape, epi_scalars (<= 4)."""
    if out.numel() == 0:
        return
    if epi is not None and (len(epi_tensors) > 4 or len(epi_scalars) > 4 or 6 <= _kwb_red_ops[op][0] <= 8):
        raise ValueError("kwb_reduce: an epilogue takes at most four tensors and four scalars, not on %s" % op)
    if pre is not None and 6 <= _kwb_red_ops[op][0] <= 8:
        raise ValueError("kwb_reduce: a prologue on %s (shifted sums) is not fused" % op)
    if len(pre_tensors) > 4:
        raise ValueError("kwb_reduce: a prologue takes at most four tensors, got %d" % len(pre_tensors))
    pts = [t.expand(x.shape) for t in pre_tensors] if pre is not None else []
    ets = [t.expand(out.shape).expand(x.shape) for t in epi_tensors] if epi is not None else []  # 0 along red
    ostr = tuple(0 if d in red else out.stride(d) for d in range(x.dim()))
    key = ("reduce", x.shape, x.stride(), x.dtype, x.device, tuple(red), op, ostr, float(q), pre is not None,
           tuple(t.stride() for t in pts), epi is not None, tuple(t.stride() for t in ets))
    plan = _kwb_memo.get(key) if kwb_memo_plans else None
    if plan is None:  # a prologue (epilogue) without tensors still marks HAS_PRE (HAS_EPI): one dummy stride list
        more = [list(t.stride()) for t in pts] or ([[0] * x.dim()] if pre is not None else [])
        emore = [list(t.stride()) for t in ets] or ([[0] * x.dim()] if epi is not None else [])
        plan = _kwb_memo_put(key, _kwb_reduce_plan(x, red, op, list(ostr), q, more + emore, len(emore)))
    order, grid, args, meta, finish, estr = plan
    if order is not None:
        x = x.permute(order).contiguous()
        pts = [t.permute(order) for t in pts]  # strides only: the plan read them in this order
    out2 = out if out2 is None else out2
    pe = pts + [x] * (4 - len(pts))
    pf = [float(f) for f in pre_scalars] + [0.0] * (4 - len(pre_scalars))
    if len(pf) > 4:
        raise ValueError("kwb_reduce: a prologue takes at most four scalars, got %d" % len(pre_scalars))
    if pre is not None:
        meta = dict(meta, PRE=pre)
    ee = ets + [out] * (4 - len(ets))
    gf = [float(f) for f in epi_scalars] + [0.0] * (4 - len(epi_scalars))
    if finish is None:
        if epi is not None:
            meta = dict(meta, EPI=epi)
        _kwb_reduce_kernel[grid](x, out, out2, out, out, out, *args[:22], *pe, *args[22:], *pf, *ee, *estr, *gf, **meta)
        return
    p = torch.empty((3, grid[1], finish[3]), dtype=torch.float32, device=x.device)
    _kwb_reduce_kernel[grid](x, out, out2, p[0], p[1], p[2], *args[:22], *pe, *args[22:], *pf, *ee, *estr, *gf, **meta)
    fmeta = dict(finish[2], EPI=epi) if epi is not None else finish[2]
    _kwb_reduce_finish[finish[0]](p[0], p[1], p[2], out, out2, *finish[1], *ee, *estr, *gf, **fmeta)


def _kwb_red_dims(x, dims):
    nd = x.dim()
    if dims is None or (isinstance(dims, (list, tuple)) and len(dims) == 0):
        return list(range(nd))  # aten: dim=[] reduces every dim
    dims = [dims] if isinstance(dims, int) else dims
    return sorted({d % nd for d in dims}) if nd else []


kwb_reduce_prologue = True  # pre= applied in the reduction's loads (False: a kwb_pointwise launch first, the old plan)
kwb_reduce_epilogue = True  # epi= applied as the reduction stores (False: a kwb_pointwise launch after, the old plan)
# The reductions kwb_reduce computes of an integer or bool x (the planner reads this line: core/codegen/chain.cpp
# stageIntegerReductions, so a plan never promises one the stage refuses). sum / prod of a bool x: a count, int64
# accumulated in fp32 (exact below 2**24 elements); of an integer x: int64, accumulated in int64
# (_kwb_reduce_int_kernel, exact, wrapping as torch's); amax / amin: exact in x's own integers, x's dtype; any / all: of
# any dtype.
_kwb_int_reduce_ops = ("sum", "prod", "amax", "amin", "any", "all")


@triton.jit
def _kwb_combine_mul(a, b):
    return a * b


@triton.jit
def _kwb_reduce_int_kernel(x, out, M, N, sm, sn, OP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # out[i] = max (OP 0) / min (1) of x[i, :] (x at i * sm + j * sn) in x's own integer dtype, or its sum (2) / product
    # (3) in int64: exact for every value (an fp32 accumulator rounds int64 above 2**24; session 40 found int64 ids near
    # 2**33 summed in fp32). max / min have no identity constant: every lane starts at its row's first element and a
    # masked lane keeps its accumulator; sum / prod start at 0 / 1 and a masked lane adds 0 / multiplies by 1.
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rm = rows < M
    cols = tl.arange(0, BLOCK_N)
    base = x + rows.to(tl.int64)[:, None] * sm
    if OP >= 2:
        acc = tl.full([BLOCK_M, BLOCK_N], OP - 2, tl.int64)
    else:
        acc = tl.load(base + cols[None, :] * 0, mask=rm[:, None], other=0)
    for j in range(0, N, BLOCK_N):
        cj = j + cols
        m = rm[:, None] & (cj < N)[None, :]
        v = tl.load(base + cj.to(tl.int64)[None, :] * sn, mask=m, other=0)
        if OP == 0:
            acc = tl.where(m & (v > acc), v, acc)
        elif OP == 1:
            acc = tl.where(m & (v < acc), v, acc)
        elif OP == 2:
            acc = acc + v.to(tl.int64)
        else:
            acc = acc * tl.where(m, v.to(tl.int64), 1)
    if OP == 0:
        res = tl.max(acc, axis=1)
    elif OP == 1:
        res = tl.min(acc, axis=1)
    elif OP == 2:
        res = tl.sum(acc, axis=1)
    else:
        res = tl.reduce(acc, 1, _kwb_combine_mul)
    tl.store(out + rows, res, mask=rm)


# an integer sum's prologue (pre=) computed in its int64 launch as it loads (session 46, gather46; False: the prologue a
# kwb_pointwise launch first, the plan before). Sums over the trailing dims of a tensor of rank <= 5.
kwb_reduce_int_prologue = True


@triton.jit
def _kwb_reduce_int_pre_kernel(x, out, M, N, S1, S2, S3, S4, sx0, sx1, sx2, sx3, sx4, e0, e1, e2, e3,
                               s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                               s30, s31, s32, s33, s34, f0, f1, f2, f3, PRE: tl.constexpr, BLOCK_M: tl.constexpr,
                               BLOCK_N: tl.constexpr):
    # out[i] = sum_j int64(PRE(x[i, j])) over rows i of the trailing N elements (the flat index i * N + j decoded over
    # x's 5-D sizes S, so PRE's tensors are read at x's coordinates): the integer prologue as kwb_pointwise computes
    # it (x as fp32 into PRE, its value converted to int64 as kwb_pointwise stores it), then an exact int64 sum; a
    # masked lane adds 0 (PRE(0) need not be 0)
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rm = rows < M
    cols = tl.arange(0, BLOCK_N)
    acc = tl.zeros([BLOCK_M, BLOCK_N], tl.int64)
    for j in range(0, N, BLOCK_N):
        cj = j + cols
        m = rm[:, None] & (cj < N)[None, :]
        f = rows.to(tl.int64)[:, None] * N + cj.to(tl.int64)[None, :]
        i0, i1, i2, i3, i4 = _kwb_coords5(f, S1, S2, S3, S4)
        v = tl.load(x + (i0 * sx0 + i1 * sx1 + i2 * sx2 + i3 * sx3 + i4 * sx4), mask=m, other=0)
        p = PRE(v.to(tl.float32), i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        acc += tl.where(m, p.to(tl.int64), 0)
    tl.store(out + rows, tl.sum(acc, axis=1), mask=rm)


def _kwb_reduce_int_pre(x, red, keepdim, pre, pre_tensors, pre_scalars, pre_dtype):
    """The int64 sum of pre(x) (values of pre_dtype, default x's) over the trailing dims red of x (rank <= 5, any
    strides), one launch (_kwb_reduce_int_pre_kernel); None where it does not apply (other dims, a higher rank, more
    than four prologue tensors or scalars, values other than int64 (a narrower store would wrap them first),
    kwb_reduce_int_prologue off): the caller then runs the prologue as its own launch."""
    if (not kwb_reduce_int_prologue or (pre_dtype or x.dtype) != torch.int64 or x.dim() > 5 or not red
            or list(red) != list(range(x.dim() - len(red), x.dim())) or len(pre_tensors) > 4 or len(pre_scalars) > 4):
        return None
    n = _kwb_prod(x.shape[d] for d in red)
    M = _kwb_prod(x.shape[d] for d in range(x.dim()) if d not in red)
    kshape = [1 if d in red else s for d, s in enumerate(x.shape)]
    out = torch.empty(M, dtype=torch.int64, device=x.device)
    if M:  # n == 0: the loop adds nothing, every row 0 (torch's sum of nothing)
        lead = 5 - x.dim()
        sizes = (1,) * lead + tuple(x.shape)
        es = kwb_epi_args(pre_tensors, x.shape, [None] * lead + list(range(x.dim())), x)
        block_n = min(1024, _kwb_np2(max(n, 1)))
        block_m = min(_kwb_np2(M), max(1, _kwb_tile // block_n))
        _kwb_reduce_int_pre_kernel[(triton.cdiv(M, block_m),)](
            x, out, M, n, *sizes[1:], *((0,) * lead + tuple(x.stride())), *es, *kwb_epi_scalars(pre_scalars), PRE=pre,
            BLOCK_M=block_m, BLOCK_N=block_n, num_warps=4)
    return out.view(kshape) if keepdim else out.view([s for d, s in enumerate(x.shape) if d not in red])


def _kwb_reduce_int(x, red, op, keepdim):
    """amax / amin of an integer or bool x over the dims red (sorted, non-negative), exact, of x's dtype (torch's), or
    its sum / prod in int64 (exact, int64 as torch's): x viewed (a copy where the view cannot be) as [kept, reduced]
    rows, one program per BLOCK_M rows."""
    kept = [d for d in range(x.dim()) if d not in red]
    kshape = [1 if d in red else s for d, s in enumerate(x.shape)]
    n = _kwb_prod(x.shape[d] for d in red)
    total = op in ("sum", "prod")
    if n == 0 and not total:
        raise ValueError("kwb_reduce: %s over an empty dim (torch raises too)" % op)
    x2 = x.permute(kept + list(red)).reshape(_kwb_prod(x.shape[d] for d in kept), n)
    if x2.dtype == torch.bool:
        x2 = x2.view(torch.uint8)  # 0 / 1 compared as integers (a view of the same bytes); viewed back below
    out = torch.empty(x2.shape[0], dtype=torch.int64 if total else x2.dtype, device=x.device)
    if out.numel():
        block_n = min(1024, _kwb_np2(max(n, 1)))
        block_m = min(_kwb_np2(x2.shape[0]), max(1, _kwb_tile // block_n))
        _kwb_reduce_int_kernel[(triton.cdiv(x2.shape[0], block_m),)](
            x2, out, x2.shape[0], n, x2.stride(0), x2.stride(1), OP=("amax", "amin", "sum", "prod").index(op),
            BLOCK_M=block_m, BLOCK_N=block_n, num_warps=4)
    out = out.view(torch.bool) if x.dtype == torch.bool and not total else out
    return out.view(kshape) if keepdim else out.view([s for d, s in enumerate(x.shape) if d not in red])


def _kwb_reduce_epi_after(res, epi, epi_tensors, epi_scalars, out_dtype):
    # a reduction path without the fused epilogue (integer amax / amin, any / all): the run as its own launch after it
    if epi is None:
        return res if out_dtype is None or res.dtype == out_dtype else kwb_pointwise(res, _kwb_epi_identity, (), (),
                                                                                    out_dtype)
    return kwb_pointwise(res, epi, epi_tensors, epi_scalars, out_dtype or res.dtype)


def _kwb_reduce_epi_shapes(x, red, keepdim, epi, epi_tensors):
    """A reduction of x over dims red (a list of non-negative dims): (kshape, the keepdim shape it is stored in;
    rshape, its result's shape; the epilogue tensors, each expanded to rshape and viewed at kshape, stride 0 along
    red, so _kwb_reduce_into's epilogue reads them at the stored element's index). No tensors where epi is None.
    kwb_reduce's and kwb_pnorm's (session 44, norm44: one definition)."""
    kshape = [1 if d in red else s for d, s in enumerate(x.shape)]
    rshape = kshape if keepdim else [s for d, s in enumerate(x.shape) if d not in red]
    ets = []
    for t in epi_tensors if epi is not None else ():
        t = t.expand(rshape)
        if not keepdim:
            for d in red:
                t = t.unsqueeze(d)
        ets.append(t)
    return kshape, rshape, ets


def kwb_reduce(x, dims, op, keepdim=False, pre=None, pre_tensors=(), pre_scalars=(), pre_dtype=None, epi=None,
               epi_tensors=(), epi_scalars=(), out_dtype=None, src=None, src_tensors=(), src_scalars=(),
               src_dtype=None):
    """sum / mean / amax / amin / logsumexp / prod / any / all of x over dims (negative allowed; [] = all dims); any /
    all of any dtype are bool (a prologue then runs as its own kwb_pointwise launch first). amax / amin of an integer
    or bool x: exact, in x's dtype (_kwb_reduce_int; a prologue as its own launch first). A sum or prod of
    a bool or integer x is int64, as torch's: of an integer x accumulated in int64 (_kwb_reduce_int, exact; a prologue
    as its own launch first); of a bool mask (mask.sum(dim), a count) in fp32 like every reduction, which is exact up
    to 2**24 elements a sum (more raises).
    pre: the pointwise run before the reduction (an epilogue over x's shape with pre_tensors, each broadcast to it, and
    pre_scalars: where(mask, x, 0), x * w, relu(x)), applied to every element as it is loaded (x in any dtype, in
    fp32): the reduction of pre(x), whose values are of pre_dtype (default x's; the dtype rule above then applies to
    it). With kwb_reduce_prologue off, one kwb_pointwise launch applies it first (the plan before the fusion).
    epi: the pointwise run on the result (an epilogue over the result's shape with epi_tensors, each broadcast to it,
    and epi_scalars: mean * (1 + beta), a sum over a clamped count), applied to each result in fp32 as the
    reduction stores it (kwb_reduce_epilogue; off, or on integer amax / amin and any / all: one kwb_pointwise launch
    after it); out_dtype: the stored result's dtype (default the reduction's).
    src (session 47, mamba47): the reduction's source is r = src(x, *src_tensors, *src_scalars) (an epilogue over x's
    shape, its tensors broadcast to it), which is also an output: r is stored (contiguous, x's shape, src_dtype or
    x's dtype) and the reduction (pre included) reads r's stored values. Returns (result, r) then, one launch where
    the rows fit kwb_row1 (_kwb_reduce_src), else a kwb_pointwise launch and the reduction of its value."""
    if src is not None:
        return _kwb_reduce_src(x, dims, op, keepdim, src, src_tensors, src_scalars, src_dtype, pre, pre_tensors,
                               pre_scalars, pre_dtype, epi, epi_tensors, epi_scalars, out_dtype)
    if epi is not None and not kwb_reduce_epilogue:
        return kwb_pointwise(kwb_reduce(x, dims, op, keepdim, pre, pre_tensors, pre_scalars, pre_dtype), epi,
                             epi_tensors, epi_scalars, out_dtype)
    if pre is not None and (not kwb_reduce_prologue or op in ("any", "all")):
        return kwb_reduce(kwb_pointwise(x, pre, pre_tensors, pre_scalars, pre_dtype or x.dtype), dims, op, keepdim,
                          epi=epi, epi_tensors=epi_tensors, epi_scalars=epi_scalars, out_dtype=out_dtype)
    red = _kwb_red_dims(x, dims)
    in_dtype = (pre_dtype or x.dtype) if pre is not None else x.dtype
    if op in ("amax", "max", "amin", "min") and not in_dtype.is_floating_point:
        if pre is not None:  # the prologue as its own launch, in its integer dtype (the reduction then exact)
            x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, pre_dtype)
        return _kwb_reduce_epi_after(_kwb_reduce_int(x, red, "amax" if op in ("amax", "max") else "amin", keepdim),
                                     epi, epi_tensors, epi_scalars, out_dtype)
    if op in ("any", "all"):  # torch.any / torch.all: bool, the max / min of x != 0 (NaN counts as nonzero)
        out = torch.empty([1 if d in red else s for d, s in enumerate(x.shape)], dtype=torch.bool, device=x.device)
        _kwb_reduce_into(x, red, "amax" if op == "any" else "amin", out, None, 0.0, _kwb_epi_nonzero)
        return _kwb_reduce_epi_after(out if keepdim else out.view([s for d, s in enumerate(x.shape) if d not in red]),
                                     epi, epi_tensors, epi_scalars, out_dtype)
    dtype = pre_dtype or x.dtype
    if op in ("sum", "prod") and not in_dtype.is_floating_point and in_dtype != torch.bool:
        # integer values (not a bool mask's count): an int64 accumulator, exact at any value (fp32 rounds above 2**24)
        if pre is not None and op == "sum":  # the prologue in the sum's loads (session 46), where it applies
            res = _kwb_reduce_int_pre(x, red, keepdim, pre, pre_tensors, pre_scalars, pre_dtype)
            if res is not None:
                return res
        if pre is not None:  # the prologue as its own launch, in its integer dtype
            x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, pre_dtype)
        return _kwb_reduce_int(x, red, op, keepdim)
    if not (dtype.is_floating_point if pre is not None else x.is_floating_point()):
        if op not in _kwb_int_reduce_ops:
            raise ValueError("kwb_reduce: %s of a %s tensor (of integers or bools: %s only)"
                             % (op, x.dtype, ", ".join(_kwb_int_reduce_ops)))
        dtype = torch.int64
        if _kwb_prod(x.shape[d] for d in red) > 2 ** 24:
            raise ValueError("kwb_reduce: an integer %s over %d elements (fp32 accumulation is exact up to 2**24)"
                             % (op, _kwb_prod(x.shape[d] for d in red)))
    kshape, rshape, ets = _kwb_reduce_epi_shapes(x, red, keepdim, epi, epi_tensors)
    out = torch.empty(kshape, dtype=out_dtype or dtype, device=x.device)
    _kwb_reduce_into(x, red, op, out, None, 0.0, pre, pre_tensors, pre_scalars, epi, ets, epi_scalars)
    return out if keepdim else out.view(rshape)


# ---- a reduction whose prologue's value is also an output: stored by the reduction (store-through) ----
# Session 47 (mamba47): `t = f(inputs); return g((t * w).sum(-1)), t` -- Mamba's decode step's state update h_new read
# by its output reduction and returned -- was a launch writing t and a reduction reading it back. kwb_reduce's src=
# computes t from its operand as the row loads (its tensors broadcast along the rows: [B, D] and [D, N] values of a
# [B, D, N] state), stores it, and reduces pre(t) over rows that fit one tile (kwb_row1's plan: rows <= kwb_row1_max
# over one dim or a consecutive range); longer rows, integer values and rank > 5 take the two launches.
kwb_reduce_store_src = True  # False: src= is a kwb_pointwise launch, then kwb_reduce of its value (the plan before)
_kwb_reduce_src_ops = ("sum", "mean", "amax", "max", "amin", "min", "logsumexp", "prod")


@triton.jit
def _kwb_reduce_src_kernel(x, r_out, stat, M, R, K1, K2, K3, K4, sx0, sx1, sx2, sx3, sx4, sxr, so0, so1, so2, so3,
                           so4, sor, st0, st1, st2, st3, st4, RS1, RS2, RS3, RS4, sr0, sr1, sr2, sr3, sr4,
                           or0, or1, or2, or3, or4,
                           g0, g1, g2, g3, u00, u01, u02, u03, u04, u10, u11, u12, u13, u14, u20, u21, u22, u23, u24,
                           u30, u31, u32, u33, u34, h0, h1, h2, h3,
                           e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                           s30, s31, s32, s33, s34, f0, f1, f2, f3,
                           c0, c1, c2, c3, w00, w01, w02, w03, w04, w10, w11, w12, w13, w14, w20, w21, w22, w23, w24,
                           w30, w31, w32, w33, w34, q0, q1, q2, q3,
                           SRC: tl.constexpr, PRE: tl.constexpr, EPI: tl.constexpr, OP: tl.constexpr,
                           RD: tl.constexpr, MULTI: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_R: tl.constexpr):
    # _kwb_row1_kernel's rows (BLOCK_M rows x the whole row per program, the same coordinates): r = SRC(x) stored at
    # r_out (contiguous, x's shape; tensors g*, strides u**, scalars h*), then the reduction of PRE(r rounded to
    # r_out's dtype) (tensors e*, strides s**, scalars f*) in fp32, then EPI on each result (tensors c*, strides w**
    # over the keepdim result's coordinates, the reduced slots 0; scalars q*) stored at stat (keepdim, contiguous)
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_R)
    rm = rows < M
    m = rm[:, None] & (cols < R)[None, :]
    k4 = rows % K4
    t = rows // K4
    k3 = t % K3
    t = t // K3
    k2 = t % K2
    t = t // K2
    k1 = t % K1
    k0 = t // K1
    xrow = k0.to(tl.int64) * sx0 + k1.to(tl.int64) * sx1 + k2.to(tl.int64) * sx2 + k3.to(tl.int64) * sx3 + \
        k4.to(tl.int64) * sx4
    z = tl.zeros((BLOCK_M, BLOCK_R), dtype=tl.int32)
    if MULTI:
        d4 = cols % RS4
        u = cols // RS4
        d3 = u % RS3
        u = u // RS3
        d2 = u % RS2
        u = u // RS2
        d1 = u % RS1
        d0 = u // RS1
        xcol = d0.to(tl.int64) * sr0 + d1.to(tl.int64) * sr1 + d2.to(tl.int64) * sr2 + d3.to(tl.int64) * sr3 + \
            d4.to(tl.int64) * sr4
        ocol = d0.to(tl.int64) * or0 + d1.to(tl.int64) * or1 + d2.to(tl.int64) * or2 + d3.to(tl.int64) * or3 + \
            d4.to(tl.int64) * or4
        i0 = k0[:, None] + d0[None, :]
        i1 = k1[:, None] + d1[None, :]
        i2 = k2[:, None] + d2[None, :]
        i3 = k3[:, None] + d3[None, :]
        i4 = k4[:, None] + d4[None, :]
    else:
        xcol = cols.to(tl.int64) * sxr
        ocol = cols.to(tl.int64) * sor
        c = cols[None, :] + z
        i0 = c if RD == 0 else k0[:, None] + z
        i1 = c if RD == 1 else k1[:, None] + z
        i2 = c if RD == 2 else k2[:, None] + z
        i3 = c if RD == 3 else k3[:, None] + z
        i4 = c if RD == 4 else k4[:, None] + z
    v = tl.load(x + xrow[:, None] + xcol[None, :], mask=m, other=0.0).to(tl.float32)
    orow = k0.to(tl.int64) * so0 + k1.to(tl.int64) * so1 + k2.to(tl.int64) * so2 + k3.to(tl.int64) * so3 + \
        k4.to(tl.int64) * so4
    v = SRC(v, i0, i1, i2, i3, i4, m, g0, g1, g2, g3, u00, u01, u02, u03, u04, u10, u11, u12, u13, u14,
            u20, u21, u22, u23, u24, u30, u31, u32, u33, u34, h0, h1, h2, h3)
    rv = v.to(r_out.dtype.element_ty)  # the reduction reads the value rounded as it is stored (as a re-read would)
    tl.store(r_out + orow[:, None] + ocol[None, :], rv, mask=m)
    p = PRE(rv.to(tl.float32), i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
            s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    n = R * 1.0
    if OP == 2:
        s = tl.reduce(tl.where(m, p, float("-inf")), 1, _kwb_max_nan)
    elif OP == 3:
        s = tl.reduce(tl.where(m, p, float("inf")), 1, _kwb_min_nan)
    elif OP == 4:  # logsumexp, torch's shift rule
        mx = _kwb_lse_safe(tl.max(tl.where(m, p, float("-inf")), 1))
        s = mx + tl.log(tl.sum(tl.where(m, tl.exp(p - mx[:, None]), 0.0), 1))
    elif OP == 5:
        s = tl.reduce(tl.where(m, p, 1.0), 1, _kwb_mul)
    else:
        s = tl.sum(tl.where(m, p, 0.0), 1)
        if OP == 1:
            s = s / n
    zr = tl.zeros((BLOCK_M,), dtype=tl.int32)
    s = EPI(s, k0 if RD != 0 else zr, k1 if RD != 1 else zr, k2 if RD != 2 else zr, k3 if RD != 3 else zr,
            k4 if RD != 4 else zr, rm, c0, c1, c2, c3, w00, w01, w02, w03, w04, w10, w11, w12, w13, w14,
            w20, w21, w22, w23, w24, w30, w31, w32, w33, w34, q0, q1, q2, q3)
    srow = k0.to(tl.int64) * st0 + k1.to(tl.int64) * st1 + k2.to(tl.int64) * st2 + k3.to(tl.int64) * st3 + \
        k4.to(tl.int64) * st4
    tl.store(stat + srow, s.to(stat.dtype.element_ty), mask=rm)


def _kwb_reduce_src(x, dims, op, keepdim, src, src_tensors, src_scalars, src_dtype, pre, pre_tensors, pre_scalars,
                    pre_dtype, epi, epi_tensors, epi_scalars, out_dtype):
    """kwb_reduce(x, ..., src=...)'s result pair (result, r); see kwb_reduce."""
    r_dtype = src_dtype or x.dtype
    red = _kwb_red_dims(x, dims) if x.dim() > 0 else []
    in_dtype = (pre_dtype or r_dtype) if pre is not None else r_dtype
    one = (kwb_reduce_store_src and kwb_reduce_prologue and (epi is None or kwb_reduce_epilogue) and
           op in _kwb_reduce_src_ops and in_dtype.is_floating_point and r_dtype.is_floating_point and
           x.is_floating_point() and red and kwb_row1_fits(x, red) and len(src_tensors) <= 4 and
           len(pre_tensors) <= 4 and len(epi_tensors) <= 4 and len(src_scalars) <= 4 and len(pre_scalars) <= 4 and
           len(epi_scalars) <= 4)
    if not one:  # two launches: the run's value, then its reduction
        r = kwb_pointwise(x, src, src_tensors, src_scalars, r_dtype)
        return kwb_reduce(r, dims, op, keepdim, pre, pre_tensors, pre_scalars, pre_dtype, epi, epi_tensors,
                          epi_scalars, out_dtype), r
    grid, args, shape, multi, meta = _kwb_row1_plan(x, red, op)
    r = torch.empty(shape, dtype=r_dtype, device=x.device)
    kshape, rshape, ets = _kwb_reduce_epi_shapes(x, red, keepdim, epi, epi_tensors)
    out = torch.empty(kshape, dtype=out_dtype or in_dtype, device=x.device)
    ident = _kwb_epi_identity
    _kwb_reduce_src_kernel[grid](x, r, out, *args, *multi, *_kwb_epi_pack(x, src_tensors, src_scalars),
                                 *_kwb_epi_pack(x, pre_tensors if pre is not None else (), pre_scalars),
                                 *_kwb_epi_pack(out, ets, epi_scalars if epi is not None else ()),
                                 SRC=src, PRE=pre or ident, EPI=epi or ident, **meta)
    return (out if keepdim else out.view(rshape)), r


# Sibling reductions (issue 14, session 42, sib42): reductions over the same dims of tensors of one shape -- a loss's
# sum and its count of positives, a masked mean's (x * m).sum() and m.sum(), x.sum() and (x * x).sum() -- were one
# kwb_reduce launch each, every one a pass over its elements. kwb_reduce_multi runs them in one launch of
# kwb_reduce's tiling (its kept / reduced runs, split and finish): one accumulator per reduction, each reduction's own
# source and prologue applied as its elements load.
kwb_reduce_siblings = True  # False: one kwb_reduce launch per reduction, in order (the plan before)
_kwb_reduce_multi_ops = ("sum", "mean", "amax", "max", "amin", "min", "prod")


@triton.jit
def _kwb_rm_val(X, sa0, sa1, sb, sr0, sr1, sr2, a0, a1, ro0, ro1, rr, offs_b, m, ident, pe0, pe1, pe2, pe3,
                t00, t01, t02, t03, t04, t05, t10, t11, t12, t13, t14, t15, t20, t21, t22, t23, t24, t25,
                t30, t31, t32, t33, t34, t35, pf0, pf1, pf2, pf3, PRE: tl.constexpr, HAS_PRE: tl.constexpr):
    # one reduction's values of the tile (reduced rows rr x kept columns offs_b at the scalar indices a0, a1, ro0, ro1):
    # its source through its strides along the six runs, its prologue (kwb_reduce's calling convention), masked lanes
    # the op's identity
    base = X + a0 * sa0 + a1 * sa1 + ro0 * sr0 + ro1 * sr1
    v = tl.load(base + rr.to(tl.int64)[:, None] * sr2 + offs_b.to(tl.int64)[None, :] * sb, mask=m, other=ident)
    v = v.to(tl.float32)
    if HAS_PRE:
        q0 = pe0 + a0 * t00 + a1 * t01 + ro0 * t03 + ro1 * t04
        q1 = pe1 + a0 * t10 + a1 * t11 + ro0 * t13 + ro1 * t14
        q2 = pe2 + a0 * t20 + a1 * t21 + ro0 * t23 + ro1 * t24
        q3 = pe3 + a0 * t30 + a1 * t31 + ro0 * t33 + ro1 * t34
        v = PRE(v, offs_b.to(tl.int64)[None, :], rr.to(tl.int64)[:, None], 0, 0, 0, m, q0, q1, q2, q3,
                t02, t05, 0, 0, 0, t12, t15, 0, 0, 0, t22, t25, 0, 0, 0, t32, t35, 0, 0, 0, pf0, pf1, pf2, pf3)
        v = tl.where(m, v, ident)
    return v


@triton.jit
def _kwb_rm_step(acc, v, OP: tl.constexpr):
    if OP <= 1:
        acc += v
    elif OP == 2:
        acc = _kwb_max_nan(v, acc)
    elif OP == 3:
        acc = _kwb_min_nan(v, acc)
    else:
        acc *= v
    return acc


@triton.jit
def _kwb_rm_store(acc, n, out, p, k, split, sp, n_out, flat, off, bm, OP: tl.constexpr, FINAL: tl.constexpr):
    # a reduction's lane accumulators -> per column: its result (mean: over n) stored, or its partial (split)
    r1, _ = _kwb_tile_reduce(acc, acc, OP)
    if FINAL:
        if OP == 1:
            r1 = r1 / n
        tl.store(out + off, r1.to(out.dtype.element_ty), mask=bm)
    else:
        tl.store(p + (k * split + sp).to(tl.int64) * n_out + flat, r1, mask=bm)


@triton.jit
def _kwb_reduce_multi_kernel(p, split, A1, B, R1, R2, oa0, oa1, ob, n_b, units, upp, s2, ch2, n_tot, n_out,
                             X0, x00, x01, x02, x03, x04, x05, pe00, pe01, pe02, pe03,
                             u000, u001, u002, u003, u004, u005, u010, u011, u012, u013, u014, u015,
                             u020, u021, u022, u023, u024, u025, u030, u031, u032, u033, u034, u035,
                             pf00, pf01, pf02, pf03, out0, id0,
                             X1, x10, x11, x12, x13, x14, x15, pe10, pe11, pe12, pe13,
                             u100, u101, u102, u103, u104, u105, u110, u111, u112, u113, u114, u115,
                             u120, u121, u122, u123, u124, u125, u130, u131, u132, u133, u134, u135,
                             pf10, pf11, pf12, pf13, out1, id1,
                             X2, x20, x21, x22, x23, x24, x25, pe20, pe21, pe22, pe23,
                             u200, u201, u202, u203, u204, u205, u210, u211, u212, u213, u214, u215,
                             u220, u221, u222, u223, u224, u225, u230, u231, u232, u233, u234, u235,
                             pf20, pf21, pf22, pf23, out2, id2,
                             NR: tl.constexpr, OP0: tl.constexpr, OP1: tl.constexpr, OP2: tl.constexpr,
                             PRE0: tl.constexpr, PRE1: tl.constexpr, PRE2: tl.constexpr, HAS_PRE0: tl.constexpr,
                             HAS_PRE1: tl.constexpr, HAS_PRE2: tl.constexpr, FINAL: tl.constexpr,
                             BLOCK_R: tl.constexpr, BLOCK_B: tl.constexpr):
    # _kwb_reduce_kernel's walk (one kept column block per program on axis 0, the work units split on axis 1) with NR
    # (<= 3) accumulators: reduction k reads its source Xk through its strides xk0..xk5 along the runs (a0, a1, b, ro0,
    # ro1, r2), applies its prologue PREk (tensors pek*, strides uk**, scalars pfk*) and folds with OPk (0 sum, 1 mean,
    # 2 amax, 3 amin, 5 prod). FINAL: results stored to outk; else partials to p[k, split, n_out] for the finish.
    pid = tl.program_id(0)
    sp = tl.program_id(1)
    a = pid // n_b
    offs_b = (pid % n_b) * BLOCK_B + tl.arange(0, BLOCK_B)
    bm = offs_b < B
    a0 = (a // A1).to(tl.int64)
    a1 = (a % A1).to(tl.int64)
    offs_r = tl.arange(0, BLOCK_R)
    acc0 = tl.zeros((BLOCK_R, BLOCK_B), dtype=tl.float32) + id0
    acc1 = tl.zeros((BLOCK_R, BLOCK_B), dtype=tl.float32) + id1
    acc2 = tl.zeros((BLOCK_R, BLOCK_B), dtype=tl.float32) + id2
    u_lo = sp * upp
    u_hi = tl.minimum(u_lo + upp, units)
    for u in tl.range(u_lo, u_hi):
        ro = u // s2
        lo = (u % s2) * ch2
        hi = tl.minimum(lo + ch2, R2)
        ro0 = (ro // R1).to(tl.int64)
        ro1 = (ro % R1).to(tl.int64)
        for r in range(lo, hi, BLOCK_R):
            rr = r + offs_r
            m = (rr < hi)[:, None] & bm[None, :]
            v = _kwb_rm_val(X0, x00, x01, x02, x03, x04, x05, a0, a1, ro0, ro1, rr, offs_b, m, id0, pe00, pe01, pe02,
                            pe03, u000, u001, u002, u003, u004, u005, u010, u011, u012, u013, u014, u015, u020, u021,
                            u022, u023, u024, u025, u030, u031, u032, u033, u034, u035, pf00, pf01, pf02, pf03, PRE0,
                            HAS_PRE0)
            acc0 = _kwb_rm_step(acc0, v, OP0)
            if NR > 1:
                v = _kwb_rm_val(X1, x10, x11, x12, x13, x14, x15, a0, a1, ro0, ro1, rr, offs_b, m, id1, pe10, pe11,
                                pe12, pe13, u100, u101, u102, u103, u104, u105, u110, u111, u112, u113, u114, u115,
                                u120, u121, u122, u123, u124, u125, u130, u131, u132, u133, u134, u135, pf10, pf11,
                                pf12, pf13, PRE1, HAS_PRE1)
                acc1 = _kwb_rm_step(acc1, v, OP1)
            if NR > 2:
                v = _kwb_rm_val(X2, x20, x21, x22, x23, x24, x25, a0, a1, ro0, ro1, rr, offs_b, m, id2, pe20, pe21,
                                pe22, pe23, u200, u201, u202, u203, u204, u205, u210, u211, u212, u213, u214, u215,
                                u220, u221, u222, u223, u224, u225, u230, u231, u232, u233, u234, u235, pf20, pf21,
                                pf22, pf23, PRE2, HAS_PRE2)
                acc2 = _kwb_rm_step(acc2, v, OP2)
    flat = a.to(tl.int64) * B + offs_b
    off = a0 * oa0 + a1 * oa1 + offs_b.to(tl.int64) * ob
    _kwb_rm_store(acc0, n_tot, out0, p, 0, split, sp, n_out, flat, off, bm, OP0, FINAL)
    if NR > 1:
        _kwb_rm_store(acc1, n_tot, out1, p, 1, split, sp, n_out, flat, off, bm, OP1, FINAL)
    if NR > 2:
        _kwb_rm_store(acc2, n_tot, out2, p, 2, split, sp, n_out, flat, off, bm, OP2, FINAL)


@triton.jit
def _kwb_rm_finish_one(p, k, split, n_out, ident, out, n_tot, s, o, om, off, OP: tl.constexpr):
    m = (s < split)[:, None] & om[None, :]
    idx = (k * split + s).to(tl.int64)[:, None] * n_out + o[None, :]
    part = tl.load(p + idx, mask=m, other=ident)
    r1, _ = _kwb_tile_reduce(part, part, OP)
    if OP == 1:
        r1 = r1 / n_tot
    tl.store(out + off, r1.to(out.dtype.element_ty), mask=om)


@triton.jit
def _kwb_reduce_multi_finish(p, split, n_out, A1, B, oa0, oa1, ob, n_tot, out0, id0, out1, id1, out2, id2,
                             NR: tl.constexpr, OP0: tl.constexpr, OP1: tl.constexpr, OP2: tl.constexpr,
                             BLOCK_S: tl.constexpr, BLOCK_O: tl.constexpr):
    # the second pass of a split kwb_reduce_multi: every reduction's SPLIT partials of BLOCK_O outputs, one launch
    o = tl.program_id(0) * BLOCK_O + tl.arange(0, BLOCK_O)
    om = o < n_out
    s = tl.arange(0, BLOCK_S)
    a = o // B
    off = (a // A1).to(tl.int64) * oa0 + (a % A1).to(tl.int64) * oa1 + (o % B).to(tl.int64) * ob
    _kwb_rm_finish_one(p, 0, split, n_out, id0, out0, n_tot, s, o, om, off, OP0)
    if NR > 1:
        _kwb_rm_finish_one(p, 1, split, n_out, id1, out1, n_tot, s, o, om, off, OP1)
    if NR > 2:
        _kwb_rm_finish_one(p, 2, split, n_out, id2, out2, n_tot, s, o, om, off, OP2)


def kwb_reduce_multi(reds):
    """Sibling reductions in one launch (kwb_reduce_siblings). reds: up to three (x, dims, op, keepdim, pre,
    pre_tensors, pre_scalars, pre_dtype) as kwb_reduce takes them (kwb_rows' entries); every x of one shape, the same
    dims (negative allowed; [] = all), op sum / mean / amax / amin / prod of floating values (x, or pre's values of
    pre_dtype), each result of its own dtype (pre_dtype or x's) and keepdim. Returns the results as kwb_reduce would,
    a list in order. Anything else (an int among pre_tensors, more than four prologue tensors or scalars, a layout
    kwb_reduce would copy, kwb_reduce_siblings or kwb_reduce_prologue off): one kwb_reduce launch each, in order."""
    x = reds[0][0]
    red = _kwb_red_dims(x, reds[0][1])
    fits = (kwb_reduce_siblings and kwb_reduce_prologue and 1 <= len(reds) <= 3 and x.dim() > 0 and x.numel() > 0
            and len(red) > 0)
    for r in reds:
        fl = (r[7] or r[0].dtype).is_floating_point and (r[4] is not None or r[0].is_floating_point())
        fits = (fits and r[0].shape == x.shape and _kwb_red_dims(r[0], r[1]) == red and r[2] in _kwb_reduce_multi_ops
                and fl and len(r[5]) <= 4 and len(r[6]) <= 4 and not any(isinstance(t, int) for t in r[5]))
    plan = None
    if fits:
        pts = [[t.expand(x.shape) for t in r[5]] if r[4] is not None else [] for r in reds]
        kshape = [1 if d in red else s for d, s in enumerate(x.shape)]
        cst = [_kwb_prod(kshape[d + 1:]) for d in range(x.dim())]  # the results' strides (contiguous, keepdim)
        ostr = [0 if d in red else cst[d] for d in range(x.dim())]
        key = ("reduce_multi", x.shape, tuple(r[0].stride() for r in reds), tuple(r[0].dtype for r in reds), x.device,
               tuple(red), tuple(r[2] for r in reds), tuple(r[4] is not None for r in reds),
               tuple(tuple(t.stride() for t in ts) for ts in pts))
        plan = _kwb_memo.get(key) if kwb_memo_plans else None
        if plan is None:  # the sources after the first, then every reduction's prologue tensors: strides along the runs
            more = [list(r[0].stride()) for r in reds[1:]] + [list(t.stride()) for ts in pts for t in ts]
            plan = _kwb_memo_put(key, _kwb_reduce_plan(x, red, reds[0][2], ostr, 0.0, more, 0))
        fits = plan[0] is None  # a layout kwb_reduce copies first: each its own launch (the copy is per source)
    if not fits:
        return [kwb_reduce(*r[:8]) for r in reds]
    _, grid, args, meta, finish, _ = plan
    strides = args[22:]  # 6 a tensor: the sources after the first, then the prologue tensors, in order
    slots, pos, outs = [], 6 * (len(reds) - 1), []
    for k, r in enumerate(reds):
        src = list(args[6:12]) if k == 0 else list(strides[6 * (k - 1):6 * k])
        ts = pts[k]
        ust = list(strides[pos:pos + 6 * len(ts)]) + [0] * (24 - 6 * len(ts))
        pos += 6 * len(ts)
        out = torch.empty(kshape, dtype=r[7] or r[0].dtype, device=x.device)
        outs.append(out)
        pf = [float(f) for f in r[6]] + [0.0] * (4 - len(r[6]))
        slots.append([r[0]] + src + ts + [r[0]] * (4 - len(ts)) + ust + pf + [out, _kwb_red_ops[r[2]][1]])
    while len(slots) < 3:
        slots.append(slots[0])
    A1, B, R1, R2 = args[2:6]
    n_b, units, upp, s2, ch2, n_tot, n_out = args[15:22]
    final = finish is None
    nsp = grid[1]
    p = outs[0] if final else torch.empty((len(reds), nsp, n_out), dtype=torch.float32, device=x.device)
    ops = [_kwb_red_ops[r[2]][0] for r in reds] + [0] * (3 - len(reds))
    pres = [r[4] or _kwb_epi_identity for r in reds] + [_kwb_epi_identity] * (3 - len(reds))
    has = [r[4] is not None for r in reds] + [False] * (3 - len(reds))
    _kwb_reduce_multi_kernel[grid](p, nsp, A1, B, R1, R2, *args[12:15], n_b, units, upp, s2, ch2, n_tot, n_out,
                                   *slots[0], *slots[1], *slots[2], NR=len(reds), OP0=ops[0], OP1=ops[1], OP2=ops[2],
                                   PRE0=pres[0], PRE1=pres[1], PRE2=pres[2], HAS_PRE0=has[0], HAS_PRE1=has[1],
                                   HAS_PRE2=has[2], FINAL=final, BLOCK_R=meta["BLOCK_R"], BLOCK_B=meta["BLOCK_B"],
                                   num_warps=meta["num_warps"])
    if not final:
        fo = [(s[-2], s[-1]) for s in slots]
        _kwb_reduce_multi_finish[finish[0]](p, nsp, n_out, A1, B, *args[12:15], n_tot, *fo[0], *fo[1], *fo[2],
                                            NR=len(reds), OP0=ops[0], OP1=ops[1], OP2=ops[2],
                                            BLOCK_S=finish[2]["BLOCK_S"], BLOCK_O=finish[2]["BLOCK_O"], num_warps=4)
    return [out if r[3] else out.view([s for d, s in enumerate(x.shape) if d not in red]) for r, out in zip(reds, outs)]


def kwb_var(x, dims, correction, keepdim=False, std=False):
    """torch.var / torch.std of x over dims with Bessel's `correction` (1 = unbiased, 0 = biased)."""
    red = _kwb_red_dims(x, dims)
    out = torch.empty([1 if d in red else s for d, s in enumerate(x.shape)], dtype=x.dtype, device=x.device)
    _kwb_reduce_into(x, red, "std" if std else "var", out, None, correction)
    return out if keepdim else out.view([s for d, s in enumerate(x.shape) if d not in red])


kwb_var_mean_one = True  # var / std and mean from one pass's shifted sums (False: kwb_var, then kwb_reduce's mean)


def kwb_var_mean(x, dims, correction, keepdim=False, std=False):
    """torch.var_mean / torch.std_mean of x over dims: (var or std, mean), each of kwb_var's / kwb_reduce's shape.
    One launch: the variance's shifted sums give the mean too (kwb_var_mean_one)."""
    if not kwb_var_mean_one:
        return kwb_var(x, dims, correction, keepdim, std), kwb_reduce(x, dims, "mean", keepdim)
    red = _kwb_red_dims(x, dims)
    kshape = [1 if d in red else s for d, s in enumerate(x.shape)]
    out = torch.empty(kshape, dtype=x.dtype, device=x.device)
    mean = torch.empty(kshape, dtype=x.dtype, device=x.device)
    _kwb_reduce_into(x, red, "std" if std else "var", out, mean, correction)
    if keepdim:
        return out, mean
    shape = [s for d, s in enumerate(x.shape) if d not in red]
    return out.view(shape), mean.view(shape)


def kwb_pnorm(x, dims, p, keepdim=False, pre=None, pre_tensors=(), pre_scalars=(), pre_dtype=None, epi=None,
              epi_tensors=(), epi_scalars=(), out_dtype=None):
    """torch.norm / linalg.vector_norm of x over dims: (sum |x|^p)^(1/p) for a finite p > 0; p = inf: max |x|,
    p = -inf: min |x| (one kwb_reduce launch with |x| as its prologue); p = 0: the count of nonzeros (NaN counts) in
    x's dtype (one kwb_reduce sum of x != 0). pre, pre_tensors, pre_scalars, pre_dtype: the pointwise run before it
    (x - y + eps of a pairwise distance), applied as kwb_reduce's prologue is, for a finite p > 0; a kwb_pointwise
    launch first for p = 0, p = +-inf or with kwb_reduce_prologue off. A finite p > 0 stores pre_dtype's values
    where given, with or without pre (fp32: the norm of a 16-bit parameter, an intermediate), else x's dtype.
    epi, epi_tensors, epi_scalars: the pointwise run on the norm (F.normalize's clamp_min(eps); session 43, pnorm43),
    applied to each result in fp32 as it is stored, as kwb_reduce's epilogue (with kwb_reduce_epilogue off: one
    kwb_pointwise launch after it); out_dtype: the stored result's dtype (default the norm's above)."""
    if epi is not None and not kwb_reduce_epilogue:
        return kwb_pointwise(kwb_pnorm(x, dims, p, keepdim, pre, pre_tensors, pre_scalars, pre_dtype), epi,
                             epi_tensors, epi_scalars, out_dtype)
    if pre is not None and (not kwb_reduce_prologue or p in (float("inf"), float("-inf"), 0)):
        x, pre = kwb_pointwise(x, pre, pre_tensors, pre_scalars, pre_dtype or x.dtype), None
    if p in (float("inf"), float("-inf")):
        return kwb_reduce(x, dims, "amax" if p > 0 else "amin", keepdim, pre=_kwb_epi_abs, pre_tensors=(),
                          pre_scalars=(), pre_dtype=torch.float32, epi=epi, epi_tensors=epi_tensors,
                          epi_scalars=epi_scalars, out_dtype=out_dtype)
    red = _kwb_red_dims(x, dims)
    kshape, rshape, ets = _kwb_reduce_epi_shapes(x, red, keepdim, epi, epi_tensors)
    if p == 0:
        out = torch.empty(kshape, dtype=out_dtype or x.dtype, device=x.device)
        _kwb_reduce_into(x, red, "sum", out, None, 0.0, _kwb_epi_nonzero, (), (), epi, ets, epi_scalars)
        return out if keepdim else out.view(rshape)
    out = torch.empty(kshape, dtype=out_dtype or pre_dtype or x.dtype, device=x.device)
    _kwb_reduce_into(x, red, "pnorm", out, None, p, pre, pre_tensors, pre_scalars, epi, ets, epi_scalars)
    return out if keepdim else out.view(rshape)


def kwb_cdist(x1, x2, p=2.0):
    """torch.cdist(x1, x2, p) of [*, P, M] and [*, R, M] (batch dims broadcast) -> [*, P, R] in x1's dtype.
    p = 2: sqrt(max(|x|^2 + |y|^2 - 2 x.y, 0)) as torch's _euclidean_dist: two kwb_reduce launches (the squared
    norms) and one kwb_gemm in full fp32 (ieee: the difference cancels) whose epilogue combines them. Any other p > 0:
    one reduction over M of x_i - y_j (x1 broadcast over R and x2 over P as stride-0 views: no [P, R, M] tensor is
    written): p = inf the max |d|, else (sum |d|^p)^(1/p). p <= 0 raises."""
    if x1.dim() < 2 or x2.dim() < 2 or x1.shape[-1] != x2.shape[-1]:
        raise ValueError("kwb_cdist: x1 %s and x2 %s (each [*, rows, M], one M)" % (tuple(x1.shape), tuple(x2.shape)))
    if not p > 0:
        raise ValueError("kwb_cdist: p = %s (p > 0 only)" % p)
    batch = list(torch.broadcast_shapes(x1.shape[:-2], x2.shape[:-2]))
    P, R, M = x1.shape[-2], x2.shape[-2], x1.shape[-1]
    a, b = x1.expand(batch + [P, M]), x2.expand(batch + [R, M])
    if p == 2:
        a3, b3 = a.reshape(-1, P, M), b.reshape(-1, R, M)  # a copy only where a batch dim broadcasts
        xn = kwb_reduce(a3, [-1], "sum", True, pre=_kwb_epi_square, pre_dtype=torch.float32)
        yn = kwb_reduce(b3, [-1], "sum", True, pre=_kwb_epi_square, pre_dtype=torch.float32)
        out = kwb_gemm(a3, b3, None, epi=_kwb_epi_sqdist, epi_tensors=(xn, yn.transpose(1, 2)), ieee=True)
        return out.view(batch + [P, R])
    xe = a.unsqueeze(-2).expand(batch + [P, R, M])
    out = torch.empty(batch + [P, R, 1], dtype=x1.dtype, device=x1.device)
    if p == float("inf"):
        _kwb_reduce_into(xe, [xe.dim() - 1], "amax", out, None, 0.0, _kwb_epi_absdiff, (b.unsqueeze(-3),))
    else:
        _kwb_reduce_into(xe, [xe.dim() - 1], "pnorm", out, None, float(p), _kwb_epi_diff, (b.unsqueeze(-3),))
    return out.view(batch + [P, R])


# ---- a reduction over an embedding's rows, one launch (issue 14, session 21) ----
# embedding(ids).mean(1) (an EmbeddingBag written out) was two launches: the gather wrote [B, L, D] and the reduction
# read it back (t05: 64 x 50 rows of 256 floats, 10.5 us against torch.compile's one kernel, 6.5 us). Here each
# program walks its row's L indices, gathers BLOCK_D columns of each and reduces them in registers.

@triton.jit
def _kwb_gather_reduce_kernel(w, idx, out, L, D, N, ws0, ws1, si0, si1, OP: tl.constexpr, BLOCK_L: tl.constexpr,
                              BLOCK_D: tl.constexpr):
    # out[r, d] = OP over l < L of w[idx[r, l], d] (idx read at r * si0 + l * si1; a negative index from the end);
    # OP: 0 sum, 1 mean, 2 amax, 3 amin (NaN propagates as torch's)
    r = tl.program_id(0).to(tl.int64)
    cols = tl.program_id(1) * BLOCK_D + tl.arange(0, BLOCK_D)
    cm = cols < D
    if OP >= 2:
        acc = tl.full((BLOCK_L, BLOCK_D), float("-inf") if OP == 2 else float("inf"), tl.float32)
    else:
        acc = tl.zeros((BLOCK_L, BLOCK_D), dtype=tl.float32)
    for l0 in range(0, L, BLOCK_L):
        ls = l0 + tl.arange(0, BLOCK_L)
        lm = ls < L
        i = tl.load(idx + r * si0 + ls.to(tl.int64) * si1, mask=lm, other=0).to(tl.int64)
        i = tl.where(i < 0, i + N, i)
        m = lm[:, None] & cm[None, :]
        if OP == 2:
            v = tl.load(w + i[:, None] * ws0 + cols[None, :] * ws1, mask=m, other=float("-inf")).to(tl.float32)
            acc = _kwb_max_nan(acc, v)
        elif OP == 3:
            v = tl.load(w + i[:, None] * ws0 + cols[None, :] * ws1, mask=m, other=float("inf")).to(tl.float32)
            acc = _kwb_min_nan(acc, v)
        else:
            acc += tl.load(w + i[:, None] * ws0 + cols[None, :] * ws1, mask=m, other=0.0).to(tl.float32)
    if OP == 2:
        res = tl.reduce(acc, 0, _kwb_max_nan)
    elif OP == 3:
        res = tl.reduce(acc, 0, _kwb_min_nan)
    else:
        res = tl.sum(acc, 0)
        if OP == 1:
            res = res / L
    tl.store(out + r * D + cols, res.to(out.dtype.element_ty), mask=cm)


kwb_gather_reduce = True  # False: kwb_embedding_reduce is the gather launch, then kwb_reduce (the old plan, for A/Bs)
_kwb_gather_reduce_ops = {"sum": 0, "mean": 1, "amax": 2, "amin": 3}
_kwb_gather_reduce_tile = 4096  # gathered elements a program holds per step (BLOCK_L x BLOCK_D)


def kwb_embedding_reduce(weight, indices, dims, op, keepdim):
    """kwb_reduce(kwb_embedding(weight, indices), dims, op, keepdim) in one launch: dims (of the gather's
    [*indices.shape, D] result) are the indices' trailing dims, one consecutive range; op sum / mean / amax / amin.
    The rows of each output row are gathered and reduced in registers (fp32), the result in weight's dtype. Any
    other dims or op: the two launches."""
    k = indices.dim()
    rank = k + 1
    dd = sorted(d % rank for d in dims) if rank > 1 else []
    if (not kwb_gather_reduce or weight.dim() != 2 or op not in _kwb_gather_reduce_ops or not dd or dd[-1] != k - 1
            or dd != list(range(dd[0], k))):
        return kwb_reduce(kwb_embedding(weight, indices), list(dims), op, keepdim)
    k0 = dd[0]
    lead = list(indices.shape[:k0])
    rows, L, D = _kwb_prod(lead), _kwb_prod(indices.shape[k0:]), weight.shape[1]
    shape = lead + ([1] * (k - k0) if keepdim else []) + [D]
    out = torch.empty(shape, dtype=weight.dtype, device=weight.device)
    if out.numel() == 0:
        return out
    if L == 0:  # torch: sum of nothing 0, mean NaN, amax / amin raise
        return kwb_reduce(kwb_embedding(weight, indices), list(dims), op, keepdim)
    i2 = indices.reshape(rows, L)  # a view where the strides allow (else torch copies the indices: plumbing)
    block_d = min(_kwb_np2(D), 512)
    while block_d > 32 and rows * triton.cdiv(D, block_d) < _kwb_sms(weight):
        block_d //= 2  # few rows (a small batch of bags): more programs along D
    block_l = min(_kwb_np2(L), max(1, _kwb_gather_reduce_tile // block_d))
    _kwb_gather_reduce_kernel[(rows, triton.cdiv(D, block_d))](
        weight, i2, out, L, D, weight.shape[0], weight.stride(0), weight.stride(1), i2.stride(0), i2.stride(1),
        OP=_kwb_gather_reduce_ops[op], BLOCK_L=block_l, BLOCK_D=block_d,
        num_warps=max(1, min(8, block_l * block_d // 512)))
    return out


@triton.jit
def _kwb_bag_kernel(w, idx, offs, psw, out, n_idx, B, D, N, ws0, ws1, si, so, sp, pad, e0, e1, e2, e3, s00, s01, s02,
                    s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                    EPI: tl.constexpr, MODE: tl.constexpr, PSW: tl.constexpr, PAD: tl.constexpr,
                    BLOCK_L: tl.constexpr, BLOCK_D: tl.constexpr):
    # F.embedding_bag with offsets (aten::_embedding_bag): bag b of B is idx[offsets[b] .. offsets[b + 1]), the first
    # from 0 and the last to the end of idx (torch's CUDA kernel's bounds, include_last_offset or not); one program
    # per bag and BLOCK_D columns walks it BLOCK_L rows at a time, gathers and reduces in registers. MODE 0 sum (times
    # the per-sample weights where PSW), 1 mean, 2 max; rows whose index is `pad` are skipped (PAD) and not counted;
    # an empty bag is 0. EPI: the pointwise run after it on the [B, D] result (slots 3 and 4: bag, column)
    b = tl.program_id(0).to(tl.int64)
    cols = tl.program_id(1) * BLOCK_D + tl.arange(0, BLOCK_D)
    cm = cols < D
    start = tl.where(b > 0, tl.load(offs + b * so).to(tl.int64), 0)
    nxt = b + 1
    end = tl.where(nxt < B, tl.load(offs + tl.minimum(nxt, B - 1) * so).to(tl.int64), n_idx)
    if MODE == 2:
        acc = tl.full((BLOCK_L, BLOCK_D), float("-inf"), tl.float32)
    else:
        acc = tl.zeros((BLOCK_L, BLOCK_D), dtype=tl.float32)
    cnt = tl.zeros((BLOCK_L,), dtype=tl.int32)
    for j0 in range(start, end, BLOCK_L):
        js = j0 + tl.arange(0, BLOCK_L)
        jm = js < end
        i = tl.load(idx + js * si, mask=jm, other=0).to(tl.int64)
        if PAD:
            jm = jm & (i != pad)
        i = tl.where(i < 0, i + N, i)
        m = jm[:, None] & cm[None, :]
        v = tl.load(w + i[:, None] * ws0 + cols[None, :] * ws1, mask=m, other=0.0).to(tl.float32)
        if PSW:
            v = v * tl.load(psw + js * sp, mask=jm, other=0.0).to(tl.float32)[:, None]
        if MODE == 2:
            acc = tl.where(m, tl.maximum(acc, v), acc)
        else:
            acc += v
        cnt += jm.to(tl.int32)
    n = tl.sum(cnt, 0)
    if MODE == 2:
        res = tl.max(acc, 0)
        res = tl.where(n > 0, res, 0.0)
    else:
        res = tl.sum(acc, 0)
        if MODE == 1:
            res = res / tl.maximum(n, 1).to(tl.float32)
    res = EPI(res, 0, 0, 0, b, cols, cm, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
              s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out + b * D + cols, res.to(out.dtype.element_ty), mask=cm)


_kwb_bag_modes = {"sum": 0, "mean": 1, "max": 2, 0: 0, 1: 1, 2: 2}


def kwb_embedding_bag(weight, indices, offsets, mode="sum", per_sample_weights=None, include_last_offset=False,
                      padding_idx=None, epi=None, epi_tensors=(), epi_scalars=()):
    """F.embedding_bag(indices, weight, offsets, mode=, per_sample_weights=, include_last_offset=, padding_idx=)
    with 1-D indices and offsets (aten::_embedding_bag; F.embedding_bag's 2-D input arrives as a flat one and an
    arange of offsets): [B, D] in weight's dtype, B = offsets' length (less one with include_last_offset). Bag b
    is indices[offsets[b]:offsets[b + 1]], the last to the end of indices whatever include_last_offset (torch's
    CUDA kernel; its CPU one ends it at the last offset, the same where that offset is the end); mode "sum"
    (0, times per_sample_weights where given), "mean" (1) or "max" (2); entries equal to padding_idx (None or -1:
    none) are skipped and not counted; an empty bag is 0. One launch: a program per bag and column block walks its
    bag. epi: the pointwise run after it, applied in that launch on the [B, D] result (its tensors broadcast to it).
    The offsets are not checked (that needs them on the host): torch's reference raises where they are bad."""
    if weight.dim() != 2 or indices.dim() != 1 or offsets.dim() != 1:
        raise ValueError("kwb_embedding_bag: weight %s, indices %s, offsets %s (2-D, 1-D, 1-D expected)"
                         % (tuple(weight.shape), tuple(indices.shape), tuple(offsets.shape)))
    if mode not in _kwb_bag_modes:
        raise ValueError("kwb_embedding_bag: mode %r" % (mode,))
    m = _kwb_bag_modes[mode]
    if per_sample_weights is not None and (m != 0 or per_sample_weights.shape != indices.shape):
        raise ValueError("kwb_embedding_bag: per_sample_weights only for mode 'sum', one per index")
    pad = -1 if padding_idx is None else int(padding_idx)
    if pad < -1:
        pad += weight.shape[0]
    B = offsets.shape[0] - (1 if include_last_offset else 0)
    D = weight.shape[1]
    out = torch.empty((max(B, 0), D), dtype=weight.dtype, device=weight.device)
    if out.numel() == 0:
        return out
    n_idx = indices.shape[0]
    block_d = min(_kwb_np2(D), 512)
    while block_d > 32 and B * triton.cdiv(D, block_d) < _kwb_sms(weight):
        block_d //= 2  # few bags: more programs along D
    block_l = min(_kwb_np2(max(1, n_idx // max(B, 1))), max(1, _kwb_gather_reduce_tile // block_d))
    psw = per_sample_weights if per_sample_weights is not None else indices
    _kwb_bag_kernel[(B, triton.cdiv(D, block_d))](
        weight, indices, offsets, psw, out, n_idx, B, D, weight.shape[0], weight.stride(0),
        weight.stride(1), indices.stride(0), offsets.stride(0), psw.stride(0), pad,
        *kwb_epi_args(epi_tensors, (B, D), [None, None, None, 0, 1], weight), *kwb_epi_scalars(epi_scalars),
        EPI=epi or _kwb_epi_identity, MODE=m,
        PSW=per_sample_weights is not None, PAD=pad >= 0, BLOCK_L=block_l, BLOCK_D=block_d,
        num_warps=max(1, min(8, block_l * block_d // 512)))
    return out


# ---- one-pass row fusion: statistic then pointwise apply, one launch (the chain planner's "row-fused" lines) ----
# A reduction over one dim whose result is read back by a pointwise op over the reduced tensor (RMS / L1 / L2
# normalize, x - logsumexp, x / sum, ...): when the reduced row fits one tile, one program loads its rows once,
# runs the pointwise ops before the reduction (PRE), reduces, runs those on the statistic (MID), stores the
# statistic and applies the pointwise ops after it (POST, which reads the statistic back through its strides as
# an epilogue tensor: the stores of this program, visible to its own threads after the barrier). Longer rows:
# the planner's two-pass plan (reduction launch, then elementwise launches) runs instead (kwb_row1_fits).

kwb_row1_max = 8192   # longest reduced row of the one-pass path (elements; one tile of registers per program)
kwb_row1_multi = True  # a row over several consecutive dims (var over (H, W) then x * rsqrt): one pass too (False:
#                        those take the planner's two-pass plan, a reduction launch then the elementwise launches)
_kwb_row1_tile = 4096  # elements of one program's tile (rows x row length)
_kwb_row1_plans = {}   # (shape, strides, dim, dtype, device, op) -> launch plan (host work done once per key)


def _kwb_epi_pack(x, tensors, scalars):
    """e0..e3, s00..s34, f0..f3 of an epilogue run over x's shape (the epilogue section's kwb_epi_args and
    kwb_epi_scalars); with no tensors and scalars the unused placeholders, so that the stage library's norms run
    without that section too (tests/python/test_stages_emulated.py loads the library alone)."""
    if not tensors and not scalars:
        return [x] * 4 + [0] * 20 + [0.0] * 4
    lead = 5 - x.dim()
    return kwb_epi_args(tensors, x.shape, [None] * lead + list(range(x.dim())), x) + kwb_epi_scalars(scalars)


def _kwb_row1_dims(x, dim):
    """The reduced dims of a one-pass row launch, sorted and non-negative: `dim` is one int or a list / tuple of
    dims that must be one consecutive range (a statistic over (H, W) of NCHW); None when they are not."""
    nd = max(x.dim(), 1)
    dims = sorted({d % nd for d in dim}) if isinstance(dim, (list, tuple)) else [dim % nd]
    if not dims or dims[-1] - dims[0] != len(dims) - 1:
        return None
    return dims


def kwb_row1_fits(x, dim):
    """Whether the one-pass row path takes x reduced over `dim` (rank <= 5, row <= kwb_row1_max elements): one
    int, or a consecutive range of dims (kwb_row1_multi) whose elements form the row."""
    dims = _kwb_row1_dims(x, dim) if x.dim() > 0 else None
    if dims is None or x.dim() > 5 or x.numel() == 0 or (len(dims) > 1 and not kwb_row1_multi):
        return False
    return _kwb_prod(x.shape[d] for d in dims) <= kwb_row1_max


def kwb_row1_stat(x, dim):
    """The statistic's buffer of a one-pass row launch: x's shape with the reduced dim(s) kept as 1; fp32 for a 16-bit
    x (a chain's intermediates are fp32: a 16-bit input that only converting launches read is not widened first,
    core/codegen/chain.cpp readsConverted), else x's dtype."""
    shape = list(x.shape)
    for d in _kwb_row1_dims(x, dim):
        shape[d] = 1
    dtype = torch.float32 if x.dtype in (torch.float16, torch.bfloat16) else x.dtype
    return torch.empty(shape, dtype=dtype, device=x.device)


@triton.jit
def _kwb_row1_rows(rows, rm, x, out, stat, M, R, K1, K2, K3, K4, sx0, sx1, sx2, sx3, sx4, sxr, so0, so1, so2, so3,
                   so4, sor, st0, st1, st2, st3, st4, q, pf0, pf1, pf2, pf3, mf0, mf1, mf2, mf3, e0, e1, e2, e3, s00,
                   s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0,
                   f1, f2, f3, RS1, RS2, RS3, RS4, sr0, sr1, sr2, sr3, sr4, or0, or1, or2, or3, or4, src_out, g0, g1,
                   g2, g3, u00, u01, u02, u03, u04, u10, u11, u12, u13, u14, u20, u21, u22, u23, u24, u30, u31, u32,
                   u33, u34, h0, h1, h2, h3, PRE: tl.constexpr, MID: tl.constexpr, POST: tl.constexpr,
                   SRC: tl.constexpr, HAS_SRC: tl.constexpr, OP: tl.constexpr, RD: tl.constexpr, MULTI: tl.constexpr,
                   BLOCK_M: tl.constexpr, BLOCK_R: tl.constexpr):
    # kwb_row1's rows `rows` ([BLOCK_M] row indices, rm their mask) of one program: the kernel below takes a
    # block of rows by its program id; a fused consumer (kwb_reduce_gathered's tile, session 47) takes the rows its
    # own columns read, in its launch (the statistic and the outputs stored, then read back after a barrier)
    # BLOCK_M rows of x (a row: every index but slot RD fixed) x the whole row (BLOCK_R >= R) per program; the
    # row index decodes over the kept sizes K (K[RD] = 1), the five coordinates are those of x's left-padded shape.
    # MULTI: the row spans several consecutive slots (sizes RS, 1 at kept slots; K is 1 at each of them): a column
    # decodes over RS into the reduced coordinates, read through x's strides sr and written through or
    cols = tl.arange(0, BLOCK_R)
    m = rm[:, None] & (cols < R)[None, :]
    k4 = rows % K4
    t = rows // K4
    k3 = t % K3
    t = t // K3
    k2 = t % K2
    t = t // K2
    k1 = t % K1
    k0 = t // K1
    xrow = k0.to(tl.int64) * sx0 + k1.to(tl.int64) * sx1 + k2.to(tl.int64) * sx2 + k3.to(tl.int64) * sx3 + \
        k4.to(tl.int64) * sx4
    z = tl.zeros((BLOCK_M, BLOCK_R), dtype=tl.int32)
    if MULTI:
        c4 = cols % RS4
        u = cols // RS4
        c3 = u % RS3
        u = u // RS3
        c2 = u % RS2
        u = u // RS2
        c1 = u % RS1
        c0 = u // RS1
        xcol = c0.to(tl.int64) * sr0 + c1.to(tl.int64) * sr1 + c2.to(tl.int64) * sr2 + c3.to(tl.int64) * sr3 + \
            c4.to(tl.int64) * sr4
        ocol = c0.to(tl.int64) * or0 + c1.to(tl.int64) * or1 + c2.to(tl.int64) * or2 + c3.to(tl.int64) * or3 + \
            c4.to(tl.int64) * or4
        i0 = k0[:, None] + c0[None, :]
        i1 = k1[:, None] + c1[None, :]
        i2 = k2[:, None] + c2[None, :]
        i3 = k3[:, None] + c3[None, :]
        i4 = k4[:, None] + c4[None, :]
    else:
        xcol = cols.to(tl.int64) * sxr
        ocol = cols.to(tl.int64) * sor
        c = cols[None, :] + z
        i0 = c if RD == 0 else k0[:, None] + z
        i1 = c if RD == 1 else k1[:, None] + z
        i2 = c if RD == 2 else k2[:, None] + z
        i3 = c if RD == 3 else k3[:, None] + z
        i4 = c if RD == 4 else k4[:, None] + z
    v = tl.load(x + xrow[:, None] + xcol[None, :], mask=m, other=0.0).to(tl.float32)
    orow = k0.to(tl.int64) * so0 + k1.to(tl.int64) * so1 + k2.to(tl.int64) * so2 + k3.to(tl.int64) * so3 + \
        k4.to(tl.int64) * so4
    if HAS_SRC:  # the row's source is a pointwise run of x (r = x + residual): computed here, stored as src_out too,
        # and the row pass reads it rounded to src_out's dtype, as a launch storing r and this one re-reading it would
        v = SRC(v, i0, i1, i2, i3, i4, m, g0, g1, g2, g3, u00, u01, u02, u03, u04, u10, u11, u12, u13, u14,
                u20, u21, u22, u23, u24, u30, u31, u32, u33, u34, h0, h1, h2, h3)
        rv = v.to(src_out.dtype.element_ty)
        tl.store(src_out + orow[:, None] + ocol[None, :], rv, mask=m)
        v = tl.where(m, rv.to(tl.float32), 0.0)
    p = PRE(v, i0, i1, i2, i3, i4, m, x, x, x, x, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            pf0, pf1, pf2, pf3)
    n = R * 1.0
    if OP == 2:
        s = tl.reduce(tl.where(m, p, float("-inf")), 1, _kwb_max_nan)
    elif OP == 3:
        s = tl.reduce(tl.where(m, p, float("inf")), 1, _kwb_min_nan)
    elif OP == 4:  # logsumexp, torch's shift rule
        mx = _kwb_lse_safe(tl.max(tl.where(m, p, float("-inf")), 1))
        s = mx + tl.log(tl.sum(tl.where(m, tl.exp(p - mx[:, None]), 0.0), 1))
    elif OP == 5:
        s = tl.reduce(tl.where(m, p, 1.0), 1, _kwb_mul)
    elif OP >= 6 and OP <= 8:  # the row is in registers: the mean first, then the squared deviations
        mean = tl.sum(tl.where(m, p, 0.0), 1) / n
        d = tl.where(m, p - mean[:, None], 0.0)
        s = tl.sum(d * d, 1) / tl.maximum(n - q, 0.0)
        if OP == 8:
            s = tl.sqrt(s)
    elif OP == 9:
        if q == 1.0:
            s = tl.sum(tl.where(m, tl.abs(p), 0.0), 1)
        elif q == 2.0:
            s = tl.sqrt(tl.sum(tl.where(m, p * p, 0.0), 1))
        else:
            a = tl.where(m & (p != 0.0), tl.exp(q * tl.log(tl.abs(p))), 0.0)
            s = tl.exp(tl.log(tl.sum(a, 1)) / q)
    else:
        s = tl.sum(tl.where(m, p, 0.0), 1)
        if OP == 1:
            s = s / n
    zr = tl.zeros((BLOCK_M,), dtype=tl.int32)
    s = MID(s, k0 if RD != 0 else zr, k1 if RD != 1 else zr, k2 if RD != 2 else zr, k3 if RD != 3 else zr,
            k4 if RD != 4 else zr, rm, x, x, x, x, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            mf0, mf1, mf2, mf3)
    srow = k0.to(tl.int64) * st0 + k1.to(tl.int64) * st1 + k2.to(tl.int64) * st2 + k3.to(tl.int64) * st3 + \
        k4.to(tl.int64) * st4
    tl.store(stat + srow, s.to(stat.dtype.element_ty), mask=rm)
    tl.debug_barrier()  # POST reads the statistic back from `stat` (this program's own stores)
    y = POST(v, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
             s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out + orow[:, None] + ocol[None, :], y.to(out.dtype.element_ty), mask=m)



@triton.jit
def _kwb_row1_kernel(x, out, stat, M, R, K1, K2, K3, K4, sx0, sx1, sx2, sx3, sx4, sxr, so0, so1, so2, so3, so4, sor,
                     st0, st1, st2, st3, st4, q, pf0, pf1, pf2, pf3, mf0, mf1, mf2, mf3, e0, e1, e2, e3, s00, s01,
                     s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1,
                     f2, f3, RS1, RS2, RS3, RS4, sr0, sr1, sr2, sr3, sr4, or0, or1, or2, or3, or4, src_out, g0, g1,
                     g2, g3, u00, u01, u02, u03, u04, u10, u11, u12, u13, u14, u20, u21, u22, u23, u24, u30, u31, u32,
                     u33, u34, h0, h1, h2, h3, PRE: tl.constexpr, MID: tl.constexpr, POST: tl.constexpr,
                     SRC: tl.constexpr, HAS_SRC: tl.constexpr, OP: tl.constexpr, RD: tl.constexpr,
                     MULTI: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_R: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    _kwb_row1_rows(rows, rows < M, x, out, stat, M, R, K1, K2, K3, K4, sx0, sx1, sx2, sx3, sx4, sxr, so0, so1, so2, so3,
                   so4, sor, st0, st1, st2, st3, st4, q, pf0, pf1, pf2, pf3, mf0, mf1, mf2, mf3, e0, e1, e2, e3, s00,
                   s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0,
                   f1, f2, f3, RS1, RS2, RS3, RS4, sr0, sr1, sr2, sr3, sr4, or0, or1, or2, or3, or4, src_out, g0, g1,
                   g2, g3, u00, u01, u02, u03, u04, u10, u11, u12, u13, u14, u20, u21, u22, u23, u24, u30, u31, u32,
                   u33, u34, h0, h1, h2, h3, PRE, MID, POST, SRC, HAS_SRC, OP, RD, MULTI, BLOCK_M, BLOCK_R)


def _kwb_row1_plan(x, dim, op):
    """The shape-only part of a one-pass row launch: grid, tile, warps and the stride / size arguments of x, the
    output (contiguous, x's shape) and the statistic (kwb_row1_stat's); memoised per key in _kwb_row1_plans."""
    key = (tuple(x.shape), tuple(x.stride()), tuple(dim) if isinstance(dim, (list, tuple)) else dim, x.dtype,
           x.device, op)
    plan = _kwb_row1_plans.get(key)
    if plan is not None:
        return plan
    nd = x.dim()
    dims = _kwb_row1_dims(x, dim)
    lead = 5 - nd
    sizes = [1] * lead + list(x.shape)
    red = [lead + d for d in dims]
    rd = red[0]
    R = _kwb_prod(sizes[d] for d in red)
    kept = [1 if d in red else sizes[d] for d in range(5)]
    M = _kwb_prod(kept)
    sx = [0] * lead + list(x.stride())
    sr = [sx[d] if d in red else 0 for d in range(5)]  # x's strides at the reduced slots (a MULTI row's columns)
    sxr = sx[rd]
    for d in red:
        sx[d] = 0
    so = [0] * 5  # the contiguous output's strides
    acc = 1
    for d in range(4, -1, -1):
        so[d] = acc
        acc *= sizes[d]
    orr = [so[d] if d in red else 0 for d in range(5)]
    sor = so[rd]
    for d in red:
        so[d] = 0
    st = [0] * 5  # the contiguous statistic's strides (1 at each reduced slot)
    acc = 1
    for d in range(4, -1, -1):
        st[d] = 0 if d in red else acc
        acc *= kept[d]
    rs = [sizes[d] if d in red else 1 for d in range(5)]
    block_r = _kwb_np2(R)
    block_m = min(_kwb_np2(M), max(1, _kwb_row1_tile // block_r))
    # small problems: more programs (one per SM at least) down to 512 elements a program
    while block_m > 1 and block_m * block_r > 512 and triton.cdiv(M, block_m) < _kwb_sms(x):
        block_m //= 2
    warps = max(1, min(8, block_m * block_r // 256))
    code = _kwb_red_ops[op][0]
    plan = ((triton.cdiv(M, block_m),), (M, R, *kept[1:], *sx, sxr, *so, sor, *st), list(sizes[lead:]),
            (*rs[1:], *sr, *orr), dict(OP=code, RD=rd, MULTI=len(red) > 1, BLOCK_M=block_m, BLOCK_R=block_r,
                                       num_warps=warps))
    if len(_kwb_row1_plans) >= 1024:
        _kwb_row1_plans.clear()
    _kwb_row1_plans[key] = plan
    return plan


# kwb_row1(..., defer=True) (session 47, knn47): the launch handed to the one stage that reads its output (the
# planner's KWB_GATHER_REDUCE_ROW: kwb_reduce_gathered's tile runs the rows its columns read in its own launch). The
# outputs are allocated and returned unwritten; the call's kernel arguments wait here, keyed by the output's data
# pointer, until that reader takes them (_kwb_row1_take) and either fuses them or launches them first
# (_kwb_row1_flush). False: defer=True launches at once (the plan before).
kwb_row1_defer = True
_kwb_row1_pending = {}


def _kwb_row1_take(tensors):
    """The deferred kwb_row1 calls whose output one of `tensors` views (same data pointer), removed from the pending
    table: a list of (tensor position, call) where call is (grid, positional kernel arguments, constexprs)."""
    got = []
    for k, t in enumerate(tensors):
        c = _kwb_row1_pending.pop(t.data_ptr(), None) if isinstance(t, torch.Tensor) and _kwb_row1_pending else None
        if c is not None:
            got.append((k, c))
    return got


def _kwb_row1_flush(calls):
    """Launches the deferred kwb_row1 calls of _kwb_row1_take's list (the reader did not fuse them)."""
    for _, (grid, args, meta) in calls:
        _kwb_row1_kernel[grid](*args, **meta)


def kwb_row1(x, dim, op, q, stat, pre=None, pre_scalars=(), mid=None, mid_scalars=(), post=None, post_tensors=(),
             post_scalars=(), out_dtype=None, src=None, src_tensors=(), src_scalars=(), src_dtype=None, defer=False):
    """One launch: stat = mid(reduce_op(pre(x)) over `dim` (one dim, or a consecutive range of dims as a list),
    keepdim) written to `stat` (kwb_row1_stat(x, dim)),
    then out = post(x, *post_tensors, *post_scalars) elementwise (out contiguous, x's shape, out_dtype or x's
    dtype; the post tensors may read `stat` or views of it). op: a kwb_reduce / kwb_var / kwb_pnorm op ('sum', 'mean',
    'amax', 'amin', 'logsumexp', 'prod', 'var', 'std', 'pnorm'); q: var / std's correction, pnorm's p. pre and
    mid are epilogues without tensors. Needs kwb_row1_fits(x, dim).
    src (session 43, fuse43): the row's source is r = src(x, *src_tensors, *src_scalars) (an epilogue over x's shape,
    its tensors broadcast to it: a residual add before an RMS norm whose r is also returned); r is stored (contiguous,
    x's shape, src_dtype or x's dtype), and the statistic and post read r's stored values in place of x's. Returns
    (out, r) then, else out. defer (kwb_row1_defer on): the launch waits for the one reader of out that the planner
    names (kwb_reduce_gathered), which runs or fuses it; nothing else may read out, r or stat before that."""
    grid, args, shape, multi, meta = _kwb_row1_plan(x, dim, op)
    out = torch.empty(shape, dtype=out_dtype or x.dtype, device=x.device)
    r = torch.empty(shape, dtype=src_dtype or x.dtype, device=x.device) if src is not None else out
    ident = _kwb_epi_identity
    kargs = (x, out, stat, *args, float(q), *_kwb_epi_pack(x, (), pre_scalars)[24:],
             *_kwb_epi_pack(x, (), mid_scalars)[24:], *_kwb_epi_pack(x, post_tensors, post_scalars), *multi, r,
             *_kwb_epi_pack(x, src_tensors, src_scalars))
    consts = dict(PRE=pre or ident, MID=mid or ident, POST=post or ident, SRC=src or ident, HAS_SRC=src is not None,
                  **meta)
    if defer and kwb_row1_defer and out.numel():
        _kwb_row1_pending[out.data_ptr()] = (grid, kargs, consts)
    else:
        _kwb_row1_kernel[grid](*kargs, **consts)
    return (out, r) if src is not None else out


# ---- sibling reductions over the same rows, one launch (the chain planner's "rows" lines) ----
# Reductions over the same rows of tensors of one shape, where a later one's prologue reads the earlier ones' results
# only as per-row values (keepdim, broadcast along the reduced dims) -- cosine similarity's sum(a*a), sum(b*b) and
# sum(a*b / (|a| |b|)), a written-out variance's mean then sum((x - mean)^2), a logsumexp's max then sum(exp(x - max))
# -- were one launch each, every one re-reading the rows. kwb_rows runs them in one launch: a program per block of
# rows computes them in order, each statistic stored before the next reduction starts (its prologue reads it back
# after a barrier, as kwb_row1's POST does). Rows that fit (kwb_rows_one_max) are held in registers, each source loaded
# once; longer rows are walked in chunks per reduction (the re-reads are this program's own rows, in L1 / L2).

kwb_rows_fuse = True      # False: each reduction its own kwb_reduce launch (the plan before)
kwb_rows_apply = True     # kwb_rows's apply= in the same launch (False: a kwb_pointwise launch after the statistics)
kwb_rows_joint = False    # two independent reductions of one source over long rows: one walk (False: one walk each)
kwb_rows_last = {}        # what the last fused kwb_rows launch did ({"joint", "apply", "cols": bool}; tests read it)
kwb_rows_one_max = 8192   # elements of the rows held in registers per program (row length padded x sources)
_kwb_rows_tile = 4096     # elements of one program's tile of one source (rows x row chunk)
kwb_rows_min_programs = None  # rows walked in chunks need this many programs (None: the SM count), else kwb_reduce
# the tile by a rule (session 28): rows a program halved until the grid is >= 2 programs a SM (where there are that
# many rows), warps so a thread holds <= _kwb_rows_per_thread elements of each source's tile (False: session 27's
# guess, >= 1 program a SM and a warp per 256 elements held)
kwb_rows_tile_rule = True
_kwb_rows_per_thread = 16
# rows reduced over a dim that is not the innermost while the innermost dim (slot 4) is kept and stride 1 in every
# source (a norm over the channels of NCHW): a program takes BLOCK_M consecutive positions of that dim (its other kept
# indices one scalar) and loops over the reduced dim, so each load is coalesced along the contiguous dim; False: the
# rows' linear index decoded per lane (Triton cannot see the contiguity: the loads walk the reduced stride)
kwb_rows_cols = False
# the one-pass column tile (session 47, normcf47; with kwb_rows_cols): the kept dims that stay adjacent in memory in
# every tensor the launch reads are one run first (NCHW's H and W: a run of H*W, aligned where H*W is, not W-long rows
# padded to 64 lanes), and the tile holds <= _kwb_rows_per_thread elements a thread (norm41's held 32: few programs a
# SM, each waiting on its statistics' round trips in turn), >= 4 programs a SM where the columns allow it
kwb_rows_cols_onepass = False
_kwb_rows_cols_tile = 4096  # elements of one program's tile of each source held in registers (onepass)
_kwb_rows_cols_chunk_m = 32  # columns of a tile whose rows are walked in chunks (onepass): 128 B of fp32 a row
# the one-pass column tile's shape by a rule (session 49, normcf49; acts with kwb_rows_cols_onepass, where the reduced
# extent is held): a program's phases are serial (load, reduce, store the statistic, barrier, read it back, apply), so
# an SM's bandwidth comes from many small independent CTAs, not from big ones: _kwb_rows_cols_threads threads a CTA
# holding <= _kwb_rows_per_thread elements each, more warps only where the column floor (64 bytes of the contiguous
# run a tile row) x the held extent needs them, and the columns halved down to that floor until the grid has
# _kwb_rows_cols_waves programs a SM (False: session 47's rule, a 4096-element tile of up to 16 warps, >= 4 a SM)
kwb_rows_cols_rule = False
_kwb_rows_cols_threads = 128
_kwb_rows_cols_waves = 8
_kwb_rows_cols_floor_bytes = 64
_kwb_rows_plans = {}      # (shape, sources' strides, dims, dtype, device, sources, the two sizes above) -> plan
_kwb_rows_ops = {"sum": 0, "mean": 1, "amax": 2, "max": 2, "amin": 3, "min": 3, "logsumexp": 4, "prod": 5, "var": 7,
                 "std": 8}


@triton.jit
def _kwb_rows_idx(k0, k1, k2, k3, k4, cols, RS1, RS2, RS3, RS4, RD: tl.constexpr, MULTI: tl.constexpr,
                  BLOCK_M: tl.constexpr, BLOCK_R: tl.constexpr):
    # the five coordinates [BLOCK_M, BLOCK_R] of row block k (1-D per slot) at row positions cols: one reduced slot
    # RD walks cols; MULTI: the reduced slots (sizes RS, 1 at kept slots) decode cols, last slot fastest
    z = tl.zeros((BLOCK_M, BLOCK_R), dtype=tl.int32)
    if MULTI:
        c4 = cols % RS4
        u = cols // RS4
        c3 = u % RS3
        u = u // RS3
        c2 = u % RS2
        u = u // RS2
        c1 = u % RS1
        c0 = u // RS1
        i0 = k0[:, None] + c0[None, :] + z
        i1 = k1[:, None] + c1[None, :] + z
        i2 = k2[:, None] + c2[None, :] + z
        i3 = k3[:, None] + c3[None, :] + z
        i4 = k4[:, None] + c4[None, :] + z
    else:
        c = cols[None, :] + z
        i0 = c if RD == 0 else k0[:, None] + z
        i1 = c if RD == 1 else k1[:, None] + z
        i2 = c if RD == 2 else k2[:, None] + z
        i3 = c if RD == 3 else k3[:, None] + z
        i4 = c if RD == 4 else k4[:, None] + z
    return i0, i1, i2, i3, i4


@triton.jit
def _kwb_rows_load(x, s0, s1, s2, s3, s4, k0, k1, k2, k3, k4, cols, i0, i1, i2, i3, i4, m, RD: tl.constexpr,
                   MULTI: tl.constexpr):
    # x's rows at (i0..i4) in fp32; one reduced slot: the row offset from k (0 at RD) plus cols times RD's stride (a
    # contiguous row stays a contiguous, vectorised load)
    if MULTI:
        off = i0.to(tl.int64) * s0 + i1.to(tl.int64) * s1 + i2.to(tl.int64) * s2 + i3.to(tl.int64) * s3 + \
            i4.to(tl.int64) * s4
    else:
        row = k0.to(tl.int64) * s0 + k1.to(tl.int64) * s1 + k2.to(tl.int64) * s2 + k3.to(tl.int64) * s3 + \
            k4.to(tl.int64) * s4
        if RD == 0:
            sr = s0
        elif RD == 1:
            sr = s1
        elif RD == 2:
            sr = s2
        elif RD == 3:
            sr = s3
        else:
            sr = s4
        off = row[:, None] + cols.to(tl.int64)[None, :] * sr
    return tl.load(x + off, mask=m, other=0.0).to(tl.float32)


@triton.jit
def _kwb_rows_stage(x, xs0, xs1, xs2, xs3, xs4, v, st, t0, t1, t2, t3, t4, q, e0, e1, e2, e3,
                    s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                    s30, s31, s32, s33, s34, f0, f1, f2, f3, k0, k1, k2, k3, k4, rm, cols0, R, RS1, RS2, RS3, RS4,
                    PRE: tl.constexpr, OP: tl.constexpr, RD: tl.constexpr, MULTI: tl.constexpr, ONE: tl.constexpr,
                    BLOCK_M: tl.constexpr, BLOCK_R: tl.constexpr):
    # one reduction of PRE(x) over the rows of block k, stored at st (strides t, 0 at the reduced slots). OP: 0 sum,
    # 1 mean, 2 amax, 3 amin (NaN propagates), 4 logsumexp (online per lane, torch's shift rule), 5 prod, 7 var /
    # 8 std with correction q (the mean first, then the squared deviations: a second walk over the rows, or none when
    # they are held); fp32 accumulation, masked lanes the op's identity
    acc = _kwb_rows_init(OP, BLOCK_M, BLOCK_R)
    acc2 = tl.zeros((BLOCK_M, BLOCK_R), dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):  # ONE: R <= BLOCK_R, one trip over the rows held in v
        cols = r0 + cols0
        m = rm[:, None] & (cols < R)[None, :]
        i0, i1, i2, i3, i4 = _kwb_rows_idx(k0, k1, k2, k3, k4, cols, RS1, RS2, RS3, RS4, RD, MULTI, BLOCK_M, BLOCK_R)
        if ONE:
            a = v
        else:
            a = _kwb_rows_load(x, xs0, xs1, xs2, xs3, xs4, k0, k1, k2, k3, k4, cols, i0, i1, i2, i3, i4, m, RD, MULTI)
        p = PRE(a, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        acc, acc2 = _kwb_rows_step(acc, acc2, p, m, OP)
    n = R * 1.0
    if OP == 7 or OP == 8:  # torch: sum((x - mean)^2) / max(0, n - correction)
        mean = tl.sum(acc, 1) / n
        for r0 in range(0, R, BLOCK_R):
            cols = r0 + cols0
            m = rm[:, None] & (cols < R)[None, :]
            i0, i1, i2, i3, i4 = _kwb_rows_idx(k0, k1, k2, k3, k4, cols, RS1, RS2, RS3, RS4, RD, MULTI, BLOCK_M,
                                               BLOCK_R)
            if ONE:
                a = v
            else:
                a = _kwb_rows_load(x, xs0, xs1, xs2, xs3, xs4, k0, k1, k2, k3, k4, cols, i0, i1, i2, i3, i4, m, RD,
                                   MULTI)
            p = PRE(a, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                    s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
            d = tl.where(m, p - mean[:, None], 0.0)
            acc2 = acc2 + d * d
        s = tl.sum(acc2, 1) / tl.maximum(n - q, 0.0)
        if OP == 8:
            s = tl.sqrt(s)
    else:
        s = _kwb_rows_final(acc, acc2, n, OP)
    srow = k0.to(tl.int64) * t0 + k1.to(tl.int64) * t1 + k2.to(tl.int64) * t2 + k3.to(tl.int64) * t3 + \
        k4.to(tl.int64) * t4
    tl.store(st + srow, s.to(st.dtype.element_ty), mask=rm)


@triton.jit
def _kwb_rows_step(acc, acc2, p, m, OP: tl.constexpr):
    # one chunk of a reduction (not var / std) into its per-lane accumulators
    if OP == 2:
        acc = _kwb_max_nan(acc, tl.where(m, p, float("-inf")))
    elif OP == 3:
        acc = _kwb_min_nan(acc, tl.where(m, p, float("inf")))
    elif OP == 4:
        acc, acc2 = _kwb_lse_step(acc, acc2, tl.where(m, p, float("-inf")))
    elif OP == 5:
        acc = acc * tl.where(m, p, 1.0)
    else:
        acc = acc + tl.where(m, p, 0.0)
    return acc, acc2


@triton.jit
def _kwb_rows_init(OP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_R: tl.constexpr):
    if OP == 2 or OP == 4:
        acc = tl.full((BLOCK_M, BLOCK_R), float("-inf"), tl.float32)
    elif OP == 3:
        acc = tl.full((BLOCK_M, BLOCK_R), float("inf"), tl.float32)
    elif OP == 5:
        acc = tl.full((BLOCK_M, BLOCK_R), 1.0, tl.float32)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_R), dtype=tl.float32)
    return acc


@triton.jit
def _kwb_rows_final(acc, acc2, n, OP: tl.constexpr):
    if OP == 2:
        s = tl.reduce(acc, 1, _kwb_max_nan)
    elif OP == 3:
        s = tl.reduce(acc, 1, _kwb_min_nan)
    elif OP == 4:
        mx = tl.max(acc, 1)
        s = _kwb_lse_safe(mx) + tl.log(tl.sum(acc2 * tl.exp(acc - _kwb_lse_safe(mx)[:, None]), 1))
    elif OP == 5:
        s = tl.reduce(acc, 1, _kwb_mul)
    else:
        s = tl.sum(acc, 1)
        if OP == 1:
            s = s / n
    return s


@triton.jit
def _kwb_rows_joint(x, xs0, xs1, xs2, xs3, xs4, sta, ta0, ta1, ta2, ta3, ta4, stb, tb0, tb1, tb2, tb3, tb4,
                    ea0, ea1, ea2, ea3, sa00, sa01, sa02, sa03, sa04, sa10, sa11, sa12, sa13, sa14, sa20, sa21, sa22,
                    sa23, sa24, sa30, sa31, sa32, sa33, sa34, fa0, fa1, fa2, fa3,
                    eb0, eb1, eb2, eb3, sb00, sb01, sb02, sb03, sb04, sb10, sb11, sb12, sb13, sb14, sb20, sb21, sb22,
                    sb23, sb24, sb30, sb31, sb32, sb33, sb34, fb0, fb1, fb2, fb3,
                    k0, k1, k2, k3, k4, rm, cols0, R, RS1, RS2, RS3, RS4, PREA: tl.constexpr, PREB: tl.constexpr,
                    OPA: tl.constexpr, OPB: tl.constexpr, RD: tl.constexpr, MULTI: tl.constexpr,
                    BLOCK_M: tl.constexpr, BLOCK_R: tl.constexpr):
    # two independent reductions of one source (the second's prologue reads no earlier result) in one walk over
    # rows too long for registers: each chunk loaded once for both (a logsumexp and a row sum of the same logits)
    acca = _kwb_rows_init(OPA, BLOCK_M, BLOCK_R)
    accb = _kwb_rows_init(OPB, BLOCK_M, BLOCK_R)
    acca2 = tl.zeros((BLOCK_M, BLOCK_R), dtype=tl.float32)
    accb2 = tl.zeros((BLOCK_M, BLOCK_R), dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):
        cols = r0 + cols0
        m = rm[:, None] & (cols < R)[None, :]
        i0, i1, i2, i3, i4 = _kwb_rows_idx(k0, k1, k2, k3, k4, cols, RS1, RS2, RS3, RS4, RD, MULTI, BLOCK_M, BLOCK_R)
        a = _kwb_rows_load(x, xs0, xs1, xs2, xs3, xs4, k0, k1, k2, k3, k4, cols, i0, i1, i2, i3, i4, m, RD, MULTI)
        pa = PREA(a, i0, i1, i2, i3, i4, m, ea0, ea1, ea2, ea3, sa00, sa01, sa02, sa03, sa04, sa10, sa11, sa12, sa13,
                  sa14, sa20, sa21, sa22, sa23, sa24, sa30, sa31, sa32, sa33, sa34, fa0, fa1, fa2, fa3)
        pb = PREB(a, i0, i1, i2, i3, i4, m, eb0, eb1, eb2, eb3, sb00, sb01, sb02, sb03, sb04, sb10, sb11, sb12, sb13,
                  sb14, sb20, sb21, sb22, sb23, sb24, sb30, sb31, sb32, sb33, sb34, fb0, fb1, fb2, fb3)
        acca, acca2 = _kwb_rows_step(acca, acca2, pa, m, OPA)
        accb, accb2 = _kwb_rows_step(accb, accb2, pb, m, OPB)
    n = R * 1.0
    sa = _kwb_rows_final(acca, acca2, n, OPA)
    sb = _kwb_rows_final(accb, accb2, n, OPB)
    rowa = k0.to(tl.int64) * ta0 + k1.to(tl.int64) * ta1 + k2.to(tl.int64) * ta2 + k3.to(tl.int64) * ta3 + \
        k4.to(tl.int64) * ta4
    tl.store(sta + rowa, sa.to(sta.dtype.element_ty), mask=rm)
    rowb = k0.to(tl.int64) * tb0 + k1.to(tl.int64) * tb1 + k2.to(tl.int64) * tb2 + k3.to(tl.int64) * tb3 + \
        k4.to(tl.int64) * tb4
    tl.store(stb + rowb, sb.to(stb.dtype.element_ty), mask=rm)


@triton.jit
def _kwb_rows_kernel(X0, a00, a01, a02, a03, a04, X1, a10, a11, a12, a13, a14, M, R, K1, K2, K3,
                     K4, RS1, RS2, RS3, RS4, st0, t00, t01, t02, t03, t04, q0, e00, e01, e02, e03, s0_00, s0_01,
                     s0_02, s0_03, s0_04, s0_10, s0_11, s0_12, s0_13, s0_14, s0_20, s0_21, s0_22, s0_23, s0_24, s0_30,
                     s0_31, s0_32, s0_33, s0_34, f00, f01, f02, f03, st1, t10, t11, t12, t13, t14, q1, e10, e11, e12,
                     e13, s1_00, s1_01, s1_02, s1_03, s1_04, s1_10, s1_11, s1_12, s1_13, s1_14, s1_20, s1_21, s1_22,
                     s1_23, s1_24, s1_30, s1_31, s1_32, s1_33, s1_34, f10, f11, f12, f13, st2, t20, t21, t22, t23,
                     t24, q2, e20, e21, e22, e23, s2_00, s2_01, s2_02, s2_03, s2_04, s2_10, s2_11, s2_12, s2_13,
                     s2_14, s2_20, s2_21, s2_22, s2_23, s2_24, s2_30, s2_31, s2_32, s2_33, s2_34, f20, f21, f22, f23,
                     pa, pa0, pa1, pa2, pa3, pa4, po, po0, po1, po2, po3, po4, pe0, pe1, pe2, pe3, ps00, ps01, ps02,
                     ps03, ps04, ps10, ps11, ps12, ps13, ps14, ps20, ps21, ps22, ps23, ps24, ps30, ps31, ps32, ps33,
                     ps34, pf0, pf1, pf2, pf3, ya, ysrc0, ysrc1, ysrc2, ysrc3, ysrc4, yo, yo0, yo1, yo2, yo3, yo4,
                     ye0, ye1, ye2, ye3, ys00, ys01, ys02, ys03, ys04, ys10, ys11, ys12, ys13, ys14, ys20, ys21, ys22,
                     ys23, ys24, ys30, ys31, ys32, ys33, ys34, yf0, yf1, yf2, yf3, APPLY: tl.constexpr,
                     HAS_APPLY: tl.constexpr, APPLY_SRC: tl.constexpr, POST: tl.constexpr, HAS_POST: tl.constexpr,
                     PRE0: tl.constexpr,
                     PRE1: tl.constexpr, PRE2: tl.constexpr, OP0: tl.constexpr, OP1: tl.constexpr, OP2: tl.constexpr,
                     SRC0: tl.constexpr, SRC1: tl.constexpr, SRC2: tl.constexpr, NR: tl.constexpr, RD: tl.constexpr,
                     MULTI: tl.constexpr, ONE: tl.constexpr, JOINT: tl.constexpr, BLOCK_M: tl.constexpr,
                     BLOCK_R: tl.constexpr, COLS: tl.constexpr = False):
    # BLOCK_M rows (every index but the reduced slots fixed) per program; NR reductions over them in order, each
    # stored (its statistic, keepdim shape) before the next starts: a later prologue reads it back through its
    # strides after the barrier (this program's own stores), as kwb_row1's POST does. ONE: each source's rows held
    # in registers (loaded once, every reduction from them); else each reduction walks the row in BLOCK_R chunks.
    cols0 = tl.arange(0, BLOCK_R)
    if COLS:  # BLOCK_M consecutive indices of slot 4 (stride 1), the other kept indices one scalar a program
        # slot 4's strides are 1 in the sources, the statistics, the post's and the apply's tensors (the plan checked
        # the sources; the others are contiguous with slot 4 kept): literals, so Triton sees the contiguity (and
        # coalesces the loads and stores along it) whether or not it specialises an argument equal to 1
        a04 = 1
        a14 = 1
        t04 = 1
        t14 = 1
        t24 = 1
        pa4 = 1
        po4 = 1
        ysrc4 = 1
        yo4 = 1
        nb = (K4 + BLOCK_M - 1) // BLOCK_M
        pid = tl.program_id(0)
        # g, not a: the apply loop below names its fp32 block `a`, and Triton 3.6 rejects a name whose type changes
        # inside a loop (int32 here, fp32 there: "Loop-carried variable a has initial type int32", session 45's H100)
        g = pid // nb
        k4 = (pid % nb) * BLOCK_M + tl.arange(0, BLOCK_M)
        rm = k4 < K4
        zr = tl.zeros((BLOCK_M,), dtype=tl.int32)
        k3 = g % K3 + zr
        g = g // K3
        k2 = g % K2 + zr
        g = g // K2
        k1 = g % K1 + zr
        k0 = g // K1 + zr
    else:
        rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
        rm = rows < M
        k4 = rows % K4
        u = rows // K4
        k3 = u % K3
        u = u // K3
        k2 = u % K2
        u = u // K2
        k1 = u % K1
        k0 = u // K1
    v0 = 0.0
    v1 = 0.0
    if ONE:
        m = rm[:, None] & (cols0 < R)[None, :]
        i0, i1, i2, i3, i4 = _kwb_rows_idx(k0, k1, k2, k3, k4, cols0, RS1, RS2, RS3, RS4, RD, MULTI, BLOCK_M, BLOCK_R)
        v0 = _kwb_rows_load(X0, a00, a01, a02, a03, a04, k0, k1, k2, k3, k4, cols0, i0, i1, i2, i3, i4, m, RD, MULTI)
        if SRC1 == 1 or SRC2 == 1:
            v1 = _kwb_rows_load(X1, a10, a11, a12, a13, a14, k0, k1, k2, k3, k4, cols0, i0, i1, i2, i3, i4, m, RD,
                                MULTI)
    if JOINT:  # reductions 0 and 1 of source 0 in one walk (kwb_rows_joint)
        _kwb_rows_joint(X0, a00, a01, a02, a03, a04, st0, t00, t01, t02, t03, t04, st1, t10, t11, t12, t13, t14,
                        e00, e01, e02, e03, s0_00, s0_01, s0_02, s0_03, s0_04, s0_10, s0_11, s0_12, s0_13, s0_14,
                        s0_20, s0_21, s0_22, s0_23, s0_24, s0_30, s0_31, s0_32, s0_33, s0_34, f00, f01, f02, f03,
                        e10, e11, e12, e13, s1_00, s1_01, s1_02, s1_03, s1_04, s1_10, s1_11, s1_12, s1_13, s1_14,
                        s1_20, s1_21, s1_22, s1_23, s1_24, s1_30, s1_31, s1_32, s1_33, s1_34, f10, f11, f12, f13,
                        k0, k1, k2, k3, k4, rm, cols0, R, RS1, RS2, RS3, RS4, PRE0, PRE1, OP0, OP1, RD, MULTI,
                        BLOCK_M, BLOCK_R)
    elif SRC0 == 0:
        _kwb_rows_stage(X0, a00, a01, a02, a03, a04, v0, st0, t00, t01, t02, t03, t04, q0, e00, e01, e02,
                        e03, s0_00, s0_01, s0_02, s0_03, s0_04, s0_10, s0_11, s0_12, s0_13, s0_14, s0_20, s0_21,
                        s0_22, s0_23, s0_24, s0_30, s0_31, s0_32, s0_33, s0_34, f00, f01, f02, f03, k0, k1, k2, k3,
                        k4, rm, cols0, R, RS1, RS2, RS3, RS4, PRE0, OP0, RD, MULTI, ONE, BLOCK_M, BLOCK_R)
    else:
        _kwb_rows_stage(X1, a10, a11, a12, a13, a14, v1, st0, t00, t01, t02, t03, t04, q0, e00, e01, e02,
                        e03, s0_00, s0_01, s0_02, s0_03, s0_04, s0_10, s0_11, s0_12, s0_13, s0_14, s0_20, s0_21,
                        s0_22, s0_23, s0_24, s0_30, s0_31, s0_32, s0_33, s0_34, f00, f01, f02, f03, k0, k1, k2, k3,
                        k4, rm, cols0, R, RS1, RS2, RS3, RS4, PRE0, OP0, RD, MULTI, ONE, BLOCK_M, BLOCK_R)
    if NR > 1:
        if not JOINT:  # the joint walk above did reduction 1 too
            tl.debug_barrier()  # the statistics stored so far, read back by this prologue
            if SRC1 == 0:
                _kwb_rows_stage(X0, a00, a01, a02, a03, a04, v0, st1, t10, t11, t12, t13, t14, q1, e10, e11,
                                e12, e13, s1_00, s1_01, s1_02, s1_03, s1_04, s1_10, s1_11, s1_12, s1_13, s1_14, s1_20,
                                s1_21, s1_22, s1_23, s1_24, s1_30, s1_31, s1_32, s1_33, s1_34, f10, f11, f12, f13, k0,
                                k1, k2, k3, k4, rm, cols0, R, RS1, RS2, RS3, RS4, PRE1, OP1, RD, MULTI, ONE, BLOCK_M,
                                BLOCK_R)
            else:
                _kwb_rows_stage(X1, a10, a11, a12, a13, a14, v1, st1, t10, t11, t12, t13, t14, q1, e10, e11,
                                e12, e13, s1_00, s1_01, s1_02, s1_03, s1_04, s1_10, s1_11, s1_12, s1_13, s1_14, s1_20,
                                s1_21, s1_22, s1_23, s1_24, s1_30, s1_31, s1_32, s1_33, s1_34, f10, f11, f12, f13, k0,
                                k1, k2, k3, k4, rm, cols0, R, RS1, RS2, RS3, RS4, PRE1, OP1, RD, MULTI, ONE, BLOCK_M,
                                BLOCK_R)
    if NR > 2:
        tl.debug_barrier()  # the statistics stored so far, read back by this prologue
        if SRC2 == 0:
            _kwb_rows_stage(X0, a00, a01, a02, a03, a04, v0, st2, t20, t21, t22, t23, t24, q2, e20, e21,
                            e22, e23, s2_00, s2_01, s2_02, s2_03, s2_04, s2_10, s2_11, s2_12, s2_13, s2_14, s2_20,
                            s2_21, s2_22, s2_23, s2_24, s2_30, s2_31, s2_32, s2_33, s2_34, f20, f21, f22, f23, k0, k1,
                            k2, k3, k4, rm, cols0, R, RS1, RS2, RS3, RS4, PRE2, OP2, RD, MULTI, ONE, BLOCK_M, BLOCK_R)
        else:
            _kwb_rows_stage(X1, a10, a11, a12, a13, a14, v1, st2, t20, t21, t22, t23, t24, q2, e20, e21,
                            e22, e23, s2_00, s2_01, s2_02, s2_03, s2_04, s2_10, s2_11, s2_12, s2_13, s2_14, s2_20,
                            s2_21, s2_22, s2_23, s2_24, s2_30, s2_31, s2_32, s2_33, s2_34, f20, f21, f22, f23, k0, k1,
                            k2, k3, k4, rm, cols0, R, RS1, RS2, RS3, RS4, PRE2, OP2, RD, MULTI, ONE, BLOCK_M, BLOCK_R)
    if HAS_POST:  # the pointwise run on the statistics, per row: its input and tensors read back after the barrier
        tl.debug_barrier()
        zr = tl.zeros((BLOCK_M,), dtype=tl.int32)
        arow = k0.to(tl.int64) * pa0 + k1.to(tl.int64) * pa1 + k2.to(tl.int64) * pa2 + k3.to(tl.int64) * pa3 + \
            k4.to(tl.int64) * pa4
        acc = tl.load(pa + arow, mask=rm, other=0.0).to(tl.float32)
        y = POST(acc, k0 + zr, k1 + zr, k2 + zr, k3 + zr, k4 + zr, rm, pe0, pe1, pe2, pe3, ps00, ps01, ps02, ps03,
                 ps04, ps10, ps11, ps12, ps13, ps14, ps20, ps21, ps22, ps23, ps24, ps30, ps31, ps32, ps33, ps34,
                 pf0, pf1, pf2, pf3)
        orow = k0.to(tl.int64) * po0 + k1.to(tl.int64) * po1 + k2.to(tl.int64) * po2 + k3.to(tl.int64) * po3 + \
            k4.to(tl.int64) * po4
        tl.store(po + orow, y.to(po.dtype.element_ty), mask=rm)
    if HAS_APPLY:  # the run over the rows' elements (a norm's apply), its statistics read back after the barrier
        tl.debug_barrier()
        for r0 in range(0, R, BLOCK_R):  # ONE: one trip over the rows held in registers
            cols = r0 + cols0
            m = rm[:, None] & (cols < R)[None, :]
            i0, i1, i2, i3, i4 = _kwb_rows_idx(k0, k1, k2, k3, k4, cols, RS1, RS2, RS3, RS4, RD, MULTI, BLOCK_M,
                                               BLOCK_R)
            if ONE and APPLY_SRC == 0:
                a = v0
            elif ONE:
                a = v1
            else:
                a = _kwb_rows_load(ya, ysrc0, ysrc1, ysrc2, ysrc3, ysrc4, k0, k1, k2, k3, k4, cols, i0, i1, i2, i3, i4,
                                   m, RD, MULTI)
            y = APPLY(a, i0, i1, i2, i3, i4, m, ye0, ye1, ye2, ye3, ys00, ys01, ys02, ys03, ys04, ys10, ys11, ys12,
                      ys13, ys14, ys20, ys21, ys22, ys23, ys24, ys30, ys31, ys32, ys33, ys34, yf0, yf1, yf2, yf3)
            off = i0.to(tl.int64) * yo0 + i1.to(tl.int64) * yo1 + i2.to(tl.int64) * yo2 + i3.to(tl.int64) * yo3 + \
                i4.to(tl.int64) * yo4
            tl.store(yo + off, y.to(yo.dtype.element_ty), mask=m)


def _kwb_rows_plan(srcs, red, ones=None):
    """The shape-only part of a kwb_rows launch: grid, tile, warps, the sources' strides and the size arguments;
    memoised per key in _kwb_rows_plans. red: the reduced dims (non-negative); ones: the sources held in registers
    (kwb_rows_one_max) or None to decide."""
    x = srcs[0]
    key = (tuple(x.shape), tuple(tuple(s.stride()) for s in srcs), tuple(red), x.dtype, x.device, len(srcs),
           kwb_rows_one_max, _kwb_rows_tile, kwb_rows_tile_rule, _kwb_rows_per_thread, kwb_rows_cols,
           kwb_rows_cols_onepass, _kwb_rows_cols_tile, _kwb_rows_cols_chunk_m, kwb_rows_cols_rule,
           _kwb_rows_cols_threads, _kwb_rows_cols_waves, _kwb_rows_cols_floor_bytes)
    plan = _kwb_rows_plans.get(key)
    if plan is not None:
        return plan
    nd = x.dim()
    lead = 5 - nd
    sizes = [1] * lead + list(x.shape)
    rslots = [lead + d for d in red]
    R = _kwb_prod(sizes[d] for d in rslots)
    kept = [1 if d in rslots else sizes[d] for d in range(5)]
    M = _kwb_prod(kept)
    rs = [sizes[d] if d in rslots else 1 for d in range(5)]
    multi = len(rslots) > 1
    one = _kwb_np2(R) * len(srcs) <= kwb_rows_one_max
    block_r = _kwb_np2(R) if one else min(_kwb_np2(R), _kwb_rows_tile)
    block_m = min(_kwb_np2(M), max(1, _kwb_rows_tile // (block_r * (len(srcs) if one else 1))))
    if kwb_rows_tile_rule:
        while block_m > 1 and triton.cdiv(M, block_m) < 2 * _kwb_sms(x):
            block_m //= 2
        warps = max(1, min(8, block_m * block_r // (32 * _kwb_rows_per_thread)))
    else:
        while block_m > 1 and block_m * block_r > 512 and triton.cdiv(M, block_m) < _kwb_sms(x):
            block_m //= 2
        warps = max(1, min(8, block_m * block_r * (len(srcs) if one else 1) // 256))
    strides = []
    for s in srcs:
        strides.append([0] * lead + list(s.stride()))
    grid = (triton.cdiv(M, block_m),)
    # the innermost dim kept and contiguous in every source, long enough for a warp's coalesced load: column tiles
    cols = kwb_rows_cols and 4 not in rslots and sizes[4] >= 16 and all(st[4] == 1 for st in strides)
    if cols and kwb_rows_cols_onepass:
        # the reduced extent held whole (padded to a power of two) where 16 columns of it fit kwb_rows_one_max, else
        # walked in chunks of _kwb_rows_cols_tile / _kwb_rows_cols_chunk_m; <= _kwb_rows_per_thread elements a thread
        # (up to 16 warps); columns halved (not below 16) until >= 4 programs a SM: each program's statistics are a
        # round trip through memory (stored, then read back by the next prologue), hidden only by other programs
        ns = len(srcs)
        bm_max = min(_kwb_np2(sizes[4]), 128)
        one = _kwb_np2(R) * ns * 16 <= kwb_rows_one_max
        shaped = _kwb_rows_cols_shape(sizes[4], M // sizes[4], R, ns, x.element_size(), _kwb_sms(x)) \
            if one and kwb_rows_cols_rule else None
        if shaped is not None:
            block_m, block_r, warps = shaped
            grid = (M // sizes[4] * triton.cdiv(sizes[4], block_m),)
        elif one:
            block_r = _kwb_np2(R)
            block_m = max(16, min(bm_max, _kwb_rows_cols_tile // (block_r * ns)))
        else:
            block_m = min(bm_max, _kwb_rows_cols_chunk_m)
            block_r = max(16, min(_kwb_np2(R), _kwb_rows_tile // block_m))
        if shaped is None:
            block_m = min(block_m, bm_max)
            n_a = M // sizes[4]
            while block_m > 16 and n_a * triton.cdiv(sizes[4], block_m) < 4 * _kwb_sms(x):
                block_m //= 2
            grid = (n_a * triton.cdiv(sizes[4], block_m),)
            warps = max(1, min(16, block_m * block_r * (ns if one else 1) // (32 * _kwb_rows_per_thread)))
    elif cols:  # at least 16 columns a tile (a 64-byte run of fp32), at most 64; 8192 elements held at most
        ns = len(srcs)
        block_m = min(_kwb_np2(sizes[4]), 64)
        one = one and 16 * block_r * ns <= 8192  # else the rows are walked in chunks (two passes with an apply)
        if one:
            block_m = min(block_m, max(16, 8192 // (block_r * ns)))
        else:
            block_r = max(16, min(_kwb_np2(R), _kwb_rows_tile // block_m))
        n_a = M // sizes[4]
        while block_m > 16 and n_a * triton.cdiv(sizes[4], block_m) < 2 * _kwb_sms(x):
            block_m //= 2
        grid = (n_a * triton.cdiv(sizes[4], block_m),)
        warps = max(1, min(8, block_m * block_r * (ns if one else 1) // (32 * _kwb_rows_per_thread)))
    plan = (grid, strides, (M, R, *kept[1:], *rs[1:]),
            dict(RD=rslots[0], MULTI=multi, ONE=one, BLOCK_M=block_m, BLOCK_R=block_r, num_warps=warps, COLS=cols))
    if len(_kwb_rows_plans) >= 1024:
        _kwb_rows_plans.clear()
    _kwb_rows_plans[key] = plan
    return plan


def _kwb_rows_cols_shape(run, n_a, R, ns, esize, sms):
    """kwb_rows_cols_rule's one-pass column tile (the reduced extent R held whole, padded to a power of two, for each
    of ns sources): run is the contiguous kept run's length (slot 4, H * W after the merge), n_a the number of runs
    (the other kept indices), esize the sources' element size in bytes, sms the SM count. Returns (BLOCK_M columns,
    BLOCK_R, warps): the columns start at what _kwb_rows_cols_threads threads hold at _kwb_rows_per_thread elements
    each, within [floor, top] -- floor _kwb_rows_cols_floor_bytes (64) bytes of the run and 8 columns at least (whole
    32-byte sectors a tile row: the loads along the run stay coalesced), top the run (padded) and 128 -- then halve
    toward the floor while the grid has fewer than _kwb_rows_cols_waves programs a SM; warps hold the tile at
    <= _kwb_rows_per_thread elements a thread (1..16). None where floor columns of the held extent exceed
    kwb_rows_one_max (session 47's rule then)."""
    block_r = _kwb_np2(R)
    floor = max(8, _kwb_rows_cols_floor_bytes // max(1, esize))
    if block_r * ns * floor > kwb_rows_one_max:
        return None
    top = max(floor, min(_kwb_np2(run), 128))
    block_m = _kwb_np2(max(1, _kwb_rows_cols_threads * _kwb_rows_per_thread // (block_r * ns)))
    block_m = max(floor, min(top, block_m))
    while block_m > floor and n_a * triton.cdiv(run, block_m) < _kwb_rows_cols_waves * sms:
        block_m //= 2
    warps = _kwb_np2(max(1, min(16, block_m * block_r * ns // (32 * _kwb_rows_per_thread))))
    return block_m, block_r, warps


def kwb_rows(reds, post=None, post_src=0, post_tensors=(), post_scalars=(), post_dtype=None, apply=None, apply_src=0,
             apply_tensors=(), apply_scalars=(), apply_dtype=None):
    """Reductions over the same rows in one launch. reds: up to three (x, dims, op, keepdim, pre, pre_tensors,
    pre_scalars, pre_dtype[, q]) as kwb_reduce takes them, in order; an int k among a later one's pre_tensors stands for
    the k-th one's result (keepdim), read at row coordinates. Every x of one shape, the same dims, at most two distinct
    x; op sum / mean / amax / amin / logsumexp / prod, or var / std with correction q (kwb_var's), of floats. Returns
    the results as kwb_reduce would, in order. Anything else (or kwb_rows_fuse off): one kwb_reduce / kwb_var launch
    each, in order (the plan before). post: the pointwise run on the post_src-th result (its shape, its tensors
    broadcast to it, an int k the k-th result), per row in the same launch, its value (of post_dtype, default that
    result's) returned after the results; kwb_pointwise after the reductions where they are not one launch.
    apply: a pointwise run over the elements of the rows (a norm's apply: (x - mean) * rsqrt(var + eps) * w + b) on
    the apply_src-th source (an index into the distinct x, in order of first use), its tensors broadcast to x's shape
    (an int k the k-th result, keepdim), in the same launch after the statistics (rows held in registers: no re-read;
    else one more walk over the rows); its value (contiguous, x's shape, apply_dtype or the source's dtype) returned
    last. Where the reductions are not one launch, or kwb_rows_apply is off: a kwb_pointwise launch after them."""
    if kwb_rows_cols and kwb_rows_cols_onepass:
        merged = _kwb_rows_merged(reds, post, apply, apply_src, apply_tensors, apply_scalars, apply_dtype)
        if merged is not None:
            return merged
    x = reds[0][0]
    srcs = []
    for r in reds:
        if not any(r[0] is s for s in srcs):
            srcs.append(r[0])
    red = _kwb_red_dims(x, reds[0][1]) if x.dim() > 0 else None
    fits = (kwb_rows_fuse and kwb_reduce_prologue and len(reds) <= 3 and len(srcs) <= 2 and red is not None
            and 0 < x.dim() <= 5 and x.numel() > 0 and len(red) > 0)
    for r in reds:
        dt = r[7] or r[0].dtype
        fits = fits and (r[0].shape == x.shape and sorted(_kwb_red_dims(r[0], r[1])) == sorted(red)
                         and r[2] in _kwb_rows_ops and dt.is_floating_point and r[0].is_floating_point())
    if fits:
        red = sorted(red)
        grid, strides, sizes, meta = _kwb_rows_plan(srcs, red, None)
        # rows too long for registers on too few programs: kwb_reduce's split across programs streams them faster
        fits = meta["ONE"] or grid[0] >= (_kwb_sms(x) if kwb_rows_min_programs is None else kwb_rows_min_programs)
    outs = []
    independent = all(r[2] in _kwb_reduce_multi_ops and not any(isinstance(t, int) for t in r[5]) for r in reds)
    if not fits and kwb_rows_fuse and independent:
        # independent reductions kwb_rows cannot run (rows too long for too few programs): kwb_reduce's split, one
        # launch for all of them (kwb_reduce_multi; it runs them one by one where it cannot)
        outs = kwb_reduce_multi([(r[0], r[1], r[2], True) + tuple(r[4:8]) for r in reds])
    elif not fits:
        for r in reds:
            tens = tuple(outs[t] if isinstance(t, int) else t for t in r[5])
            if r[2] in ("var", "std"):
                outs.append(kwb_var(r[0], r[1], r[8] if len(r) > 8 else 1.0, True, std=r[2] == "std"))
            else:
                outs.append(kwb_reduce(r[0], r[1], r[2], True, r[4], tens, r[6], r[7]))
    else:
        kshape = [1 if d in red else s for d, s in enumerate(x.shape)]
        slots = [None] * (5 - x.dim()) + list(range(x.dim()))
        stage = []
        for r in reds:
            out = torch.empty(kshape, dtype=r[7] or r[0].dtype, device=x.device)
            tens = tuple(outs[t] if isinstance(t, int) else t for t in r[5])
            st = out.expand(x.shape)
            stage.append([out] + [st.stride(d) if d is not None else 0 for d in slots] +
                         [float(r[8]) if len(r) > 8 else 0.0] +
                         _kwb_epi_pack(x, tens, r[6] if r[4] is not None else ()))
            outs.append(out)
        pres, ops, src = [], [], []
        for r in reds:
            pres.append(r[4] or _kwb_epi_identity)
            ops.append(_kwb_rows_ops[r[2]])
            src.append(next(k for k, s in enumerate(srcs) if r[0] is s))
        while len(stage) < 3:
            stage.append(stage[0])
            pres.append(_kwb_epi_identity)
            ops.append(0)
            src.append(0)
        x1 = srcs[1] if len(srcs) > 1 else srcs[0]
        # two independent reductions of one source over rows walked in chunks: one walk for both
        joint = (kwb_rows_joint and not meta["ONE"] and len(reds) >= 2 and src[0] == 0 and src[1] == 0
                 and ops[0] not in (7, 8) and ops[1] not in (7, 8) and not any(isinstance(t, int) for t in reds[1][5]))
        if post is not None:  # at the keepdim shape: a result kept or not, its tensors with the reduced dims as 1
            pin = outs[post_src]
            y = torch.empty(kshape, dtype=post_dtype or pin.dtype, device=x.device)
            tens = _kwb_rows_post_tensors(reds, outs, post_src, post_tensors)
            se, ye = pin.expand(x.shape), y.expand(x.shape)
            pargs = ([pin] + [se.stride(d) if d is not None else 0 for d in slots] + [y] +
                     [ye.stride(d) if d is not None else 0 for d in slots] +
                     _kwb_epi_pack(y, tuple(tens), post_scalars))
        else:
            pargs = [x] + [0] * 5 + [x] + [0] * 5 + _kwb_epi_pack(x, (), ())
        if apply is not None and kwb_rows_apply:
            asrc = srcs[apply_src]
            ya = torch.empty(x.shape, dtype=apply_dtype or asrc.dtype, device=x.device)
            yargs = ([asrc] + strides[apply_src] + [ya] + [0] * (5 - x.dim()) + list(ya.stride()) +
                     _kwb_epi_pack(x, tuple(outs[t] if isinstance(t, int) else t for t in apply_tensors),
                                   apply_scalars))
        else:
            yargs = [x] + [0] * 5 + [x] + [0] * 5 + _kwb_epi_pack(x, (), ())
        kwb_rows_last.clear()
        kwb_rows_last.update(joint=joint, apply=apply is not None and kwb_rows_apply, cols=meta["COLS"])
        _kwb_rows_kernel[grid](srcs[0], *strides[0], x1, *strides[-1], *sizes, *stage[0], *stage[1], *stage[2],
                               *pargs, *yargs, APPLY=apply or _kwb_epi_identity,
                               HAS_APPLY=apply is not None and kwb_rows_apply,
                               APPLY_SRC=apply_src if len(srcs) > 1 else 0,
                               POST=post or _kwb_epi_identity, HAS_POST=post is not None, PRE0=pres[0],
                               PRE1=pres[1], PRE2=pres[2], OP0=ops[0], OP1=ops[1], OP2=ops[2], SRC0=src[0],
                               SRC1=src[1], SRC2=src[2], NR=len(reds), JOINT=joint, **meta)
    res = []
    for r, out in zip(reds, outs):
        rd = _kwb_red_dims(r[0], r[1])
        res.append(out if r[3] else out.view([s for d, s in enumerate(r[0].shape) if d not in rd]))
    if post is not None:
        if not fits:  # the same run on the kept results, a kwb_pointwise launch
            y = kwb_pointwise(outs[post_src], post, _kwb_rows_post_tensors(reds, outs, post_src, post_tensors),
                              post_scalars, post_dtype or outs[post_src].dtype)
        rd = _kwb_red_dims(reds[post_src][0], reds[post_src][1])
        res.append(y if reds[post_src][3] else y.view([s for d, s in enumerate(x.shape) if d not in rd]))
    if apply is not None:
        if not fits or not kwb_rows_apply:  # the same run as its own launch over the source
            ya = kwb_pointwise(srcs[apply_src], apply,
                               tuple(outs[t] if isinstance(t, int) else t for t in apply_tensors), apply_scalars,
                               apply_dtype or srcs[apply_src].dtype)
        res.append(ya)
    return res


def _kwb_rows_merged(reds, post, apply, apply_src, apply_tensors, apply_scalars, apply_dtype):
    """kwb_rows over a view of fewer dims (kwb_rows_cols_onepass, session 47): adjacent kept dims whose strides chain
    (stride(d) == stride(d + 1) * size(d + 1), size-1 dims any) in every tensor the launch reads at the sources'
    indices -- the sources, the prologues' and the apply's tensors, broadcast to the sources' shape -- are one dim,
    so NCHW's H and W (reduced over C) are one contiguous run of H * W: the column tile takes consecutive positions of
    it (aligned wherever H * W is) rather than W-long rows. The results are viewed back (the statistics keepdim or not,
    the apply's value at the sources' shape). None where nothing merges, a prologue or the apply reads the
    coordinates as values (_kwb_epi_coords_free: a merged index is not theirs), a tensor is an index map (KwbAt /
    KwbCols), there is a post (its tensors are at the statistics' shape), or the reductions differ in shape or dims:
    the caller runs the dims as they are."""
    x = reds[0][0]
    if post is not None or x.dim() < 2 or x.dim() > 5:
        return None
    red = sorted(_kwb_red_dims(x, reds[0][1]))
    fns = [r[4] for r in reds if r[4] is not None] + ([apply] if apply is not None else [])
    if not all(_kwb_epi_coords_free(f) for f in fns):
        return None
    tens = []  # every tensor read at the sources' indices, at their shape (a broadcast is a 0 stride)
    for t in [r[0] for r in reds] + [t for r in reds for t in r[5]] + list(apply_tensors):
        if not isinstance(t, (int, torch.Tensor)):  # an index map (KwbAt, KwbCols) reads its own way
            return None
    try:
        for r in reds:
            if r[0].shape != x.shape or sorted(_kwb_red_dims(r[0], r[1])) != red:
                return None
            tens.append(r[0])
            tens += [t.expand(x.shape) for t in r[5] if not isinstance(t, int)]
        tens += [t.expand(x.shape) for t in apply_tensors if not isinstance(t, int)]
    except RuntimeError:  # not broadcastable to the sources' shape
        return None
    shape = list(x.shape)
    groups = []  # [dims, size, inner stride of each tensor (None: every dim so far of size 1)]
    for d in range(x.dim()):
        g = groups[-1] if groups else None
        if g is not None and d not in red and g[0][-1] not in red and all(
                shape[d] == 1 or g[2][k] is None or g[2][k] == t.stride(d) * shape[d] for k, t in enumerate(tens)):
            g[0].append(d)
            g[1] *= shape[d]
            if shape[d] != 1:
                g[2] = [t.stride(d) for t in tens]
        else:
            groups.append([[d], shape[d], [t.stride(d) if shape[d] != 1 else None for t in tens]])
    if len(groups) == x.dim():
        return None
    mshape = [g[1] for g in groups]
    mred = [k for k, g in enumerate(groups) if g[0][0] in red]

    def view(t):  # t broadcast to x's shape, as the merged dims (a dim of size 1 takes stride 0)
        t = t.expand(x.shape)
        return t.as_strided(mshape, [0 if g[1] == 1 else next(t.stride(d) for d in reversed(g[0]) if shape[d] != 1)
                                     for g in groups], t.storage_offset())

    mreds = [(view(r[0]), mred, r[2], True, r[4], tuple(t if isinstance(t, int) else view(t) for t in r[5]))
             + tuple(r[6:]) for r in reds]
    srcs = []
    for r, m in zip(reds, mreds):  # one view per distinct source, so that kwb_rows sees the same sources
        if not any(r[0] is s[0] for s in srcs):
            srcs.append((r[0], m[0]))
    mreds = [(next(v for s, v in srcs if s is r[0]),) + m[1:] for r, m in zip(reds, mreds)]
    got = kwb_rows(mreds, apply=apply, apply_src=apply_src,
                   apply_tensors=tuple(t if isinstance(t, int) else view(t) for t in apply_tensors),
                   apply_scalars=apply_scalars, apply_dtype=apply_dtype)
    kwb_rows_last["merged"] = mshape
    kshape = [1 if d in red else n for d, n in enumerate(shape)]
    res = []
    for r, out in zip(reds, got):
        out = out.view(kshape)
        res.append(out if r[3] else out.view([n for d, n in enumerate(shape) if d not in red]))
    if apply is not None:
        res.append(got[-1].view(shape))
    return res


def _kwb_rows_post_tensors(reds, outs, post_src, post_tensors):
    """kwb_rows's post tensors at the kept shape of its input: an int k the k-th result (kept), a tensor of the
    input's shape unkept (or broadcast to it) with the reduced dims inserted as 1."""
    x, keep = reds[post_src][0], reds[post_src][3]
    red = _kwb_red_dims(x, reds[post_src][1])
    rshape = [s for d, s in enumerate(x.shape) if d not in red]
    tens = []
    for p in post_tensors:
        if isinstance(p, int):
            p = outs[p]
        elif not keep and p.dim() <= len(rshape):
            p = p.expand(rshape)
            for d in red:
                p = p.unsqueeze(d)
        tens.append(p)
    return tuple(tens)


@triton.jit
def _kwb_tri_kernel(x, y, n, R, C, diag, value, FROM_X: tl.constexpr, MASK: tl.constexpr, UPPER: tl.constexpr,
                    BLOCK: tl.constexpr):
    # y = x (or the constant `value`) where the element's (row, col) of the last two dims keeps it, else 0:
    # tril keeps col - row <= diag, triu col - row >= diag (torch.tril / torch.triu's diagonal)
    i = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    if FROM_X:
        v = tl.load(x + i, mask=m, other=0).to(tl.float32)
    else:
        v = tl.full([BLOCK], 0.0, tl.float32) + value
    if MASK:
        c = i % C
        r = (i // C) % R
        if UPPER:
            v = tl.where(c - r >= diag, v, 0.0)
        else:
            v = tl.where(c - r <= diag, v, 0.0)
    tl.store(y + i, v.to(y.dtype.element_ty), mask=m)


def _kwb_tri_launch(x, y, diag, value, mask, upper):
    n = y.numel()
    R, C = (int(y.shape[-2]), int(y.shape[-1])) if y.dim() >= 2 else (1, int(y.numel()))
    if n > 0:
        _kwb_tri_kernel[(triton.cdiv(n, 1024),)](y if x is None else x, y, n, max(R, 1), max(C, 1), int(diag),
                                                 float(value), FROM_X=x is not None, MASK=mask, UPPER=upper,
                                                 BLOCK=1024, num_warps=4)
    return y


kwb_const_memo = True  # constants of the sizes built in forward() (memo=True from the planner): kept after the first
#                        call (False: filled by a launch on every call, session 18's behaviour)
_kwb_consts = {}        # (kind, sizes, value(s), dtype, device) -> tensor; never dropped (a CUDA graph may read one)
_kwb_consts_max = 64    # past this many keys a constant is filled per call, not kept


def _kwb_const(key, make, memo):
    """make() once per key when memo (and kwb_const_memo), else every call. The planner passes memo=True only for a
    value nothing writes and forward() does not return (Planner::memoConstants)."""
    if not (memo and kwb_const_memo):
        return make()
    y = _kwb_consts.get(key)
    if y is None:
        y = make()
        if len(_kwb_consts) < _kwb_consts_max:
            _kwb_consts[key] = y
    return y


def kwb_full(size, value, dtype, device, memo=False):
    """torch.ones / zeros / full of a computed size (a causal mask's torch.ones(T, T)): one fill launch (with memo,
    on the first call for these sizes only)."""
    size = [int(s) for s in size]

    def make():
        return _kwb_tri_launch(None, torch.empty(size, dtype=dtype, device=device), 0, value, False, False)
    return _kwb_const(("full", tuple(size), repr(float(value)), dtype, device), make, memo)  # repr: NaN is a key


def kwb_tri(x, diagonal, upper, memo=False):
    """torch.tril (upper False) / torch.triu of x over its last two dims (rank >= 2), a new contiguous tensor. memo
    (the planner's, for x a kept constant of the sizes: a causal mask's tril(ones(T, T))): computed once per x and
    kept, keyed by x's address (a kept constant's never moves) and held with x."""
    def make():
        xc = x if x.is_contiguous() else x.contiguous()
        return _kwb_tri_launch(xc, torch.empty_like(xc), diagonal, 0.0, True, upper)
    if not (memo and kwb_const_memo):
        return make()
    key = ("tri", x.data_ptr(), tuple(x.shape), tuple(x.stride()), x.dtype, x.device, int(diagonal), bool(upper))
    return _kwb_const(key, lambda: (x, make()), True)[1]


@triton.jit
def _kwb_arange_kernel(y_ptr, n, start, step, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, start + offs.to(tl.float32) * step, mask=offs < n)


def kwb_arange(start, size, step, dtype, device, memo=False):
    """torch.arange(start, start + size * step, step) of a computed size (a running count 1..n): one launch (with
    memo, on the first call for these sizes only). Values start + i * step in float32, cast on the store (exact for
    integers below 2**24)."""
    def make():
        y = torch.empty([int(size)], dtype=dtype, device=device)
        if y.numel() > 0:
            _kwb_arange_kernel[(triton.cdiv(y.numel(), 1024),)](y, y.numel(), float(start), float(step), BLOCK=1024,
                                                               num_warps=4)
        return y
    return _kwb_const(("arange", float(start), int(size), float(step), dtype, device), make, memo)


_kwb_scan_ops = {"sum": 0, "prod": 1, "max": 2, "min": 3, "logsumexp": 4}  # kwb_scan's op -> the SCAN constexpr


@triton.jit
def _kwb_scan_max_combine(a, b):
    # torch.cummax's rule: a NaN, once seen, is the running value (b is the later element)
    return tl.where((b > a) | (b != b), b, a)


@triton.jit
def _kwb_scan_min_combine(a, b):
    return tl.where((b < a) | (b != b), b, a)


@triton.jit
def _kwb_scan_lse_combine(a, b):
    # log(exp(a) + exp(b)) without overflow (torch.logcumsumexp): max + log(1 + exp(min - max)); equal infinities
    # stay themselves (inf - inf would be NaN), a NaN on either side is the result
    m = tl.maximum(a, b)
    r = m + tl.log(1.0 + tl.exp(tl.minimum(a, b) - m))
    r = tl.where((m == float("inf")) | (m == float("-inf")), m, r)
    return tl.where((a != a) | (b != b), float("nan"), r)


@triton.jit
def _kwb_scan_combine(a, b, SCAN: tl.constexpr):
    # the running value a (earlier) combined with b (later): SCAN 0 sum, 1 prod, 2 max, 3 min, 4 logsumexp
    if SCAN == 4:
        return _kwb_scan_lse_combine(a, b)
    elif SCAN == 1:
        return a * b
    elif SCAN == 2:
        return _kwb_scan_max_combine(a, b)
    elif SCAN == 3:
        return _kwb_scan_min_combine(a, b)
    else:
        return a + b


@triton.jit
def _kwb_scan_block(v, AXIS: tl.constexpr, SCAN: tl.constexpr):
    # the inclusive scan of a tile along AXIS in fp32
    if SCAN == 1:
        return tl.cumprod(v, axis=AXIS)
    elif SCAN == 2:
        return tl.associative_scan(v, AXIS, _kwb_scan_max_combine)
    elif SCAN == 3:
        return tl.associative_scan(v, AXIS, _kwb_scan_min_combine)
    elif SCAN == 4:
        return tl.associative_scan(v, AXIS, _kwb_scan_lse_combine)
    else:
        return tl.cumsum(v, axis=AXIS)


@triton.jit
def _kwb_scan_index(v, c, pos, AXIS: tl.constexpr):
    # torch.cummax / cummin's index: the last position j <= i where x[j] became the running value c. torch updates
    # on >= (<= for cummin: a tie takes the later index) and on a NaN (which then stays the value, a later NaN again
    # taking the index), so x[j] took over exactly where x[j] == c[j] or x[j] is NaN; the index is the running max
    # of those positions (-1 elsewhere: a chunk's carried index is max'ed in after)
    return _kwb_scan_block(tl.where((v == c) | (v != v), pos.to(tl.int32), -1), AXIS, 2)


@triton.jit
def _kwb_cumsum_kernel(x_ptr, y_ptr, L, S1, S2, S3, S4, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                       s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, POST: tl.constexpr,
                       BLOCK: tl.constexpr, SCAN: tl.constexpr = 0, yi_ptr=None, IDX: tl.constexpr = False,
                       SHIFT: tl.constexpr = False, sv=0.0):
    # one program per row of a contiguous [rows, L] view: the row in BLOCK chunks, fp32, the running value
    # carried from chunk to chunk (SCAN: _kwb_scan_combine's op); POST: the pointwise run after the scan on the
    # output's coordinates. IDX (SCAN 2 / 3): cummax / cummin's indices into yi_ptr (int64), the carried one too.
    # SHIFT: the row scanned is (sv, x[0], ..., x[L - 2]) (kwb_scan's shift=: element i read from i - 1)
    base = tl.program_id(0).to(tl.int64) * L
    carry = tl.sum(tl.zeros([BLOCK], dtype=tl.float32), axis=0)
    carry_i = tl.sum(tl.zeros([BLOCK], dtype=tl.int32), axis=0)
    if SCAN == 1:  # the op's identity
        carry = carry + 1.0
    elif SCAN == 2 or SCAN == 4:
        carry = carry - float("inf")
    elif SCAN == 3:
        carry = carry + float("inf")
    for start in range(0, L, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < L
        if SHIFT:
            v = tl.load(x_ptr + base + offs - 1, mask=m & (offs > 0), other=0.0).to(tl.float32)
            v = tl.where(offs == 0, sv, v)
        else:
            v = tl.load(x_ptr + base + offs, mask=m, other=0.0).to(tl.float32)
        if SCAN == 0:
            c = tl.cumsum(v, axis=0) + carry
        else:
            c = _kwb_scan_combine(carry, _kwb_scan_block(v, 0, SCAN), SCAN)
        last = c  # its element BLOCK - 1 carries on (every chunk but the row's last is full)
        yoff = base + offs.to(tl.int64)
        if IDX:
            ci = tl.maximum(_kwb_scan_index(v, c, offs, 0), carry_i)
            tl.store(yi_ptr + yoff, ci.to(tl.int64), mask=m)
            carry_i = tl.max(tl.where(m, ci, 0), axis=0)
        i0, i1, i2, i3, i4 = _kwb_coords5_row(base, offs.to(tl.int64), 1, S1, S2, S3, S4, 4)  # the row: slot 4
        c = POST(c, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21,
                 s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        tl.store(y_ptr + yoff, c.to(y_ptr.dtype.element_ty), mask=m)
        if SCAN == 0:
            carry = carry + tl.sum(v, axis=0)
        else:
            carry = tl.sum(tl.where(offs == start + BLOCK - 1, last, 0.0), axis=0)


kwb_scan_rows = True     # a row of <= kwb_scan_row_max elements: one tl.cumsum over the whole row in registers,
#                          rows read in place through their strides, the epilogue always fused (False: the chunked
#                          kernel on a contiguous copy, the epilogue a second launch unless the scan dim is the last)
kwb_scan_row_max = 8192  # longest row of that path (elements of one program's tile)
_kwb_scan_tile = 4096    # elements of one program's tile when rows are short (several rows a program)
kwb_scan_chunk = 1024    # elements of one chunk of a longer row (a power of 2)


@triton.jit
def _kwb_scan_rows_kernel(x, y, M, L, K1, K2, K3, K4, sx0, sx1, sx2, sx3, sx4, sxl, so0, so1, so2, so3, so4, sol,
                          e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                          s30, s31, s32, s33, s34, f0, f1, f2, f3, POST: tl.constexpr, RD: tl.constexpr,
                          BLOCK_M: tl.constexpr, BLOCK_L: tl.constexpr, SCAN: tl.constexpr = 0, yi=None,
                          IDX: tl.constexpr = False, PRE: tl.constexpr = None, HAS_PRE: tl.constexpr = False,
                          pf0=0.0, pf1=0.0, pf2=0.0, pf3=0.0,
                          SHIFT: tl.constexpr = False, sv=0.0):
    # BLOCK_M rows of x (a row: every index but slot RD fixed) x the whole row (BLOCK_L >= L) per program: one load,
    # one tl.cumsum along the row in fp32, POST on the output's coordinates, one store (y contiguous, x's shape).
    # PRE (kwb_scan's pre=): the pointwise run before the scan on x's coordinates, applied as the row loads (its
    # tensors are POST's, its scalars pf0..pf3). SHIFT (shift=): element i of the row scanned is element i - 1 of
    # pre(x), element 0 the value sv (the exclusive scan torch writes as a cat of a constant column and a slice)
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_L)
    rm = rows < M
    m = rm[:, None] & (cols < L)[None, :]
    k4 = rows % K4
    t = rows // K4
    k3 = t % K3
    t = t // K3
    k2 = t % K2
    t = t // K2
    k1 = t % K1
    k0 = t // K1
    xrow = k0.to(tl.int64) * sx0 + k1.to(tl.int64) * sx1 + k2.to(tl.int64) * sx2 + k3.to(tl.int64) * sx3 + \
        k4.to(tl.int64) * sx4
    z = tl.zeros((BLOCK_M, BLOCK_L), dtype=tl.int32)
    src = cols - 1 if SHIFT else cols  # the element of x each position scans
    lm = m & (src >= 0)[None, :] if SHIFT else m
    v = tl.load(x + xrow[:, None] + src.to(tl.int64)[None, :] * sxl, mask=lm, other=0.0).to(tl.float32)
    if HAS_PRE:
        sc = src[None, :] + z
        v = PRE(v, sc if RD == 0 else k0[:, None] + z, sc if RD == 1 else k1[:, None] + z,
                sc if RD == 2 else k2[:, None] + z, sc if RD == 3 else k3[:, None] + z,
                sc if RD == 4 else k4[:, None] + z, lm, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, pf0, pf1, pf2, pf3)
    if SHIFT:
        v = tl.where((cols == 0)[None, :], sv, v)
    c = _kwb_scan_block(v, 1, SCAN)
    cc = cols[None, :] + z
    i0 = cc if RD == 0 else k0[:, None] + z
    i1 = cc if RD == 1 else k1[:, None] + z
    i2 = cc if RD == 2 else k2[:, None] + z
    i3 = cc if RD == 3 else k3[:, None] + z
    i4 = cc if RD == 4 else k4[:, None] + z
    c = POST(c, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21,
             s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    orow = k0.to(tl.int64) * so0 + k1.to(tl.int64) * so1 + k2.to(tl.int64) * so2 + k3.to(tl.int64) * so3 + \
        k4.to(tl.int64) * so4
    tl.store(y + orow[:, None] + cols.to(tl.int64)[None, :] * sol, c.to(y.dtype.element_ty), mask=m)
    if IDX:  # cummax / cummin's indices (int64, y's layout); POST is the identity then (the planner fuses none)
        ci = _kwb_scan_index(v, c, cc, 1)
        tl.store(yi + orow[:, None] + cols.to(tl.int64)[None, :] * sol, ci.to(tl.int64), mask=m)


def _kwb_scan_rows_plan(x, dim):
    """The shape-only part of a whole-row scan launch (grid, sizes, x's and the contiguous output's strides, tile,
    warps), memoised per (shape, strides, dim, dtype, device) in _kwb_memo."""
    key = ("scan_rows", tuple(x.shape), tuple(x.stride()), dim, x.dtype, x.device)
    plan = _kwb_memo.get(key) if kwb_memo_plans else None
    if plan is not None:
        return plan
    nd = x.dim()
    lead = 5 - nd
    sizes = [1] * lead + list(x.shape)
    rd = lead + dim
    L = sizes[rd]
    kept = list(sizes)
    kept[rd] = 1
    M = _kwb_prod(kept)
    sx = [0] * lead + list(x.stride())
    sxl, sx[rd] = sx[rd], 0
    so = [0] * 5
    acc = 1
    for d in range(4, -1, -1):
        so[d] = acc
        acc *= sizes[d]
    sol, so[rd] = so[rd], 0
    block_l = _kwb_np2(L)
    block_m = min(_kwb_np2(M), max(1, _kwb_scan_tile // block_l))
    while block_m > 1 and block_m * block_l > 512 and triton.cdiv(M, block_m) < _kwb_sms(x):
        block_m //= 2  # small problems: at least one program per SM while a program keeps >= 512 elements
    warps = max(1, min(16, block_m * block_l // 256))
    plan = ((triton.cdiv(M, block_m),), (M, L, *kept[1:], *sx, sxl, *so, sol),
            dict(RD=rd, BLOCK_M=block_m, BLOCK_L=block_l, num_warps=warps))
    return _kwb_memo_put(key, plan) if kwb_memo_plans else plan


def kwb_cumsum(x, dim, epi=None, epi_tensors=(), epi_scalars=(), pre=None, pre_tensors=(), pre_scalars=(),
               shift=None, out_dtype=None):
    """torch.cumsum(x, dim) for a float x: kwb_scan(x, dim, "sum", ...)."""
    return kwb_scan(x, dim, "sum", epi, epi_tensors, epi_scalars, pre=pre, pre_tensors=pre_tensors,
                    pre_scalars=pre_scalars, shift=shift, out_dtype=out_dtype)


kwb_scan_pre = True  # a prologue (pre=) applied as the whole-row kernel loads (False: a kwb_pointwise launch first)


def kwb_scan(x, dim, op, epi=None, epi_tensors=(), epi_scalars=(), indices=False, pre=None, pre_tensors=(),
             pre_scalars=(), shift=None, out_dtype=None):
    """The inclusive scan of a float x along dim, computed in float32: op "sum" (torch.cumsum), "prod"
    (torch.cumprod), "max" / "min" (the values of torch.cummax / torch.cummin; a NaN, once seen, stays), "logsumexp"
    (torch.logcumsumexp). A row of
    <= kwb_scan_row_max elements (kwb_scan_rows): one launch, each program scanning whole rows in registers, x read in
    place through its strides, epi (the pointwise run after the scan, on x's coordinates) fused into the store.
    Longer rows: one program per row in chunks with a carried running value; epi fused when the scan dim is the last
    (rank <= 5); else the scan dim is moved last on a contiguous copy and the run is a kwb_pointwise launch after.
    indices=True (op "max" / "min", no epi): (values, int64 indices) as torch.cummax / torch.cummin return them, from
    the same launch. pre (with pre_tensors, broadcast to x's shape, and pre_scalars): the pointwise run before the
    scan, applied in fp32 to each element as the whole-row kernel loads it (where pre and epi read different tensors,
    on the chunked path, or with kwb_scan_pre off: a kwb_pointwise launch first, fp32). shift (a float): the scan of
    (shift, y[0], ..., y[L - 2]) along dim, y = pre(x), instead of y's -- torch's
    `scan(cat([full(shift) column, y], dim), dim)` sliced to its first L (an exclusive scan where shift is the op's
    identity); the same elements scanned in the same order, no cat and no slice copy. out_dtype: the result's dtype
    (default x's; a prologue's fp32 values of a 16-bit x keep fp32 as the unfused run stored them).
    Raises KeyError for another op, ValueError for indices of another op or with an epi, pre or shift."""
    scan = _kwb_scan_ops[op]
    if indices and (scan not in (2, 3) or epi is not None or pre is not None or shift is not None):
        raise ValueError("kwb_scan: indices are cummax's / cummin's (op 'max' / 'min'), without an epilogue")
    shared = len(pre_tensors) == len(epi_tensors) and all(a is b for a, b in zip(pre_tensors, epi_tensors))
    if pre is not None and (not kwb_scan_pre or x.dim() > 5 or x.dim() == 0 or
                            not (kwb_scan_rows and 0 < x.shape[dim % x.dim()] <= kwb_scan_row_max) or
                            (pre_tensors and epi is not None and epi_tensors and not shared)):
        out_dtype = out_dtype or x.dtype
        x, pre, pre_tensors, pre_scalars = kwb_pointwise(x, pre, pre_tensors, pre_scalars, torch.float32), None, (), ()
    if x.dim() == 0:
        if shift is not None:  # a row of one element: only the shifted-in value
            return torch.full((), float(shift), dtype=out_dtype or x.dtype, device=x.device)
        r = kwb_scan(x.unsqueeze(0), 0, op, epi, epi_tensors, epi_scalars, indices, out_dtype=out_dtype)
        return (r[0].squeeze(0), r[1].squeeze(0)) if indices else r.squeeze(0)
    d = dim % x.dim()
    sh = dict(SHIFT=shift is not None, sv=float(shift) if shift is not None else 0.0)
    if kwb_scan_rows and x.dim() <= 5 and 0 < x.shape[d] <= kwb_scan_row_max:
        grid, args, meta = _kwb_scan_rows_plan(x, d)
        y = torch.empty(x.shape, dtype=out_dtype or x.dtype, device=x.device)
        yi = torch.empty(x.shape, dtype=torch.int64, device=x.device) if indices else y
        if y.numel() > 0:
            # one set of tensors for PRE and POST (one of them reads any, or both the same), PRE's own scalars
            packed = _kwb_epi_pack(y, tuple(pre_tensors) or epi_tensors, epi_scalars)
            pf = _kwb_epi_pack(y, (), pre_scalars)[24:] if pre is not None else [0.0] * 4
            _kwb_scan_rows_kernel[grid](x, y, *args, *packed, POST=epi or _kwb_epi_identity, SCAN=scan, yi=yi,
                                        IDX=indices, PRE=pre or _kwb_epi_identity, HAS_PRE=pre is not None,
                                        pf0=pf[0], pf1=pf[1], pf2=pf[2], pf3=pf[3], **sh, **meta)
        return (y, yi) if indices else y
    order = [i for i in range(x.dim()) if i != d] + [d]
    xp = x.permute(order)
    xp = xp if xp.is_contiguous() else xp.contiguous()
    fused = epi is not None and x.dim() <= 5 and d == x.dim() - 1  # y is yp: contiguous offsets of x's shape
    # an unfused epilogue runs after on x's dtype: only the last launch stores out_dtype
    yp = torch.empty(xp.shape, dtype=(out_dtype or x.dtype) if epi is None or fused else x.dtype, device=x.device)
    y = yp.permute([order.index(i) for i in range(x.dim())])
    sizes = ([1] * (5 - x.dim()) + list(x.shape))[1:] if fused else [1] * 4
    packed = _kwb_epi_pack(y, epi_tensors, epi_scalars) if fused else _kwb_epi_pack(y, (), ())
    L = int(xp.shape[-1])
    yip = torch.empty(xp.shape, dtype=torch.int64, device=x.device) if indices else yp
    if yp.numel() > 0:
        _kwb_cumsum_kernel[(yp.numel() // L,)](xp, yp, L, *sizes, *packed, POST=epi if fused else _kwb_epi_identity,
                                               BLOCK=min(kwb_scan_chunk, _kwb_np2(L)), SCAN=scan, yi_ptr=yip,
                                               IDX=indices, num_warps=4, **sh)
    if indices:
        return y, yip.permute([order.index(i) for i in range(x.dim())])
    if epi is not None and not fused:
        y = kwb_pointwise(y, epi, epi_tensors, epi_scalars, out_dtype)
    return y


@triton.jit
def _kwb_softmax_tile(v, safe, s, LOG: tl.constexpr, SAFE_ROWS: tl.constexpr):
    if LOG:
        return v - safe[None, :] - tl.log(s)[None, :]
    p = tl.exp(v - safe[None, :]) / s[None, :]
    if SAFE_ROWS:  # torch's _safe_softmax: a row all -inf (s == 0; a NaN keeps s NaN) gives 0, not 0/0
        p = tl.where((s == 0.0)[None, :], 0.0, p)
    return p


@triton.jit
def _kwb_softmax_load(ptrs, m, i0, i1, i2, i3, i4, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                      s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, pf0, pf1, pf2, pf3, PRE: tl.constexpr):
    # a tile of the softmax's input in fp32 (any stored dtype), PRE applied at the tile's coordinates i0..i4 (its
    # tensors e*, read through the strides s*; its scalars pf*), -inf where masked (after PRE: a prologue of -inf
    # need not be -inf). A PRE that reads no tensor leaves the coordinates unused (the compiler drops them).
    v = tl.load(ptrs, mask=m, other=float("-inf")).to(tl.float32)
    v = PRE(v, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22,
            s23, s24, s30, s31, s32, s33, s34, pf0, pf1, pf2, pf3)
    return tl.where(m, v, float("-inf"))


@triton.jit
def _kwb_coords5(off, S1, S2, S3, S4):
    # a contiguous offset of x's left-padded 5-D shape (sizes S1..S4 of dims 1..4) -> its five coordinates: the one
    # decode of every 5-slot kernel here and in triton_epilogue.py (a 6-slot one peels its last slot, then calls it)
    i4 = off % S4
    t = off // S4
    i3 = t % S3
    t = t // S3
    i2 = t % S2
    t = t // S2
    return t // S1, t % S1, i2, i3, i4


@triton.jit
def _kwb_coords5_row(base, r, step, S1, S2, S3, S4, SLOT: tl.constexpr):
    # the coordinates of base + r * step (contiguous offsets of the left-padded 5-D shape, sizes S1..S4) where base
    # is a row's first offset and r * step an offset within the row: no slot carries between the two, so base is
    # decoded once per row and the row's own slots are added. SLOT >= 0: the row is that one slot (step its stride,
    # r its coordinate: no division at all); SLOT == -1: r * step is decoded too (one decode per position of the
    # tile, not per element); SLOT == -2: a slot may carry, each element decoded (_kwb_row_slot says which).
    # Why: a per-element decode is ~8 divisions of a 64-bit offset, more time than the element's loads.
    if SLOT == -2:  # a slot may carry between them: every element decoded
        return _kwb_coords5(base + r * step, S1, S2, S3, S4)
    i0, i1, i2, i3, i4 = _kwb_coords5(base, S1, S2, S3, S4)
    if SLOT < 0:
        j0, j1, j2, j3, j4 = _kwb_coords5(r * step, S1, S2, S3, S4)
        return i0 + j0, i1 + j1, i2 + j2, i3 + j3, i4 + j4
    z = r * 0  # every coordinate in the tile's shape: the epilogue's loads take their shape from the offsets
    if SLOT == 0:
        i0 = i0 + r
    elif SLOT == 1:
        i1 = i1 + r
    elif SLOT == 2:
        i2 = i2 + r
    elif SLOT == 3:
        i3 = i3 + r
    else:
        i4 = i4 + r
    return i0 + z, i1 + z, i2 + z, i3 + z, i4 + z


def _kwb_row_slot(sizes, L):
    """_kwb_coords5_row's SLOT for rows of L contiguous elements starting at multiples of L, over the 5-slot sizes
    S0..S4 (a contiguous tensor's left-padded shape): 4 where a row is the last slot; -1 where no slot carries
    between a row's start and an offset within it (L a whole number of trailing slots, or an aligned part of one
    more: a group norm's CPG channels x positions); -2 otherwise (each element decoded)."""
    w = 1
    for k in range(4, -1, -1):
        if L <= w * sizes[k]:
            if L % w or sizes[k] % (L // w):
                return -2
            return 4 if k == 4 and L == sizes[4] else -1
        w *= sizes[k]
    return -2


@triton.jit
def _kwb_softmax_part(x, pm, ps, A1, B, R, xa0, xa1, xb, xr, ya0, ya1, yb, yr, n_b, n_s, CHUNK, S1, S2, S3, S4,
                      e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30,
                      s31, s32, s33, s34, f0, f1, f2, f3, pf0, pf1, pf2, pf3, PRE: tl.constexpr, BLOCK_R: tl.constexpr,
                      BLOCK_B: tl.constexpr, SLOT: tl.constexpr):
    # split rows, pass 1: program (a, s, b block) writes the online (max, sum exp(x - max)) of rows [s*CHUNK,
    # (s+1)*CHUNK) of BLOCK_B columns of PRE(x) to pm / ps [A, n_s, B] (fp32); PRE's coordinates from y's offsets
    # (ya*, yb, yr: y is contiguous of x's shape) decoded over the sizes S
    pid = tl.program_id(0)
    bblk = pid % n_b
    s = (pid // n_b) % n_s
    a = pid // (n_b * n_s)
    offs_b = bblk * BLOCK_B + tl.arange(0, BLOCK_B)
    bm = offs_b < B
    xp = x + (a // A1).to(tl.int64) * xa0 + (a % A1).to(tl.int64) * xa1 + offs_b.to(tl.int64)[None, :] * xb
    ybase = (a // A1).to(tl.int64) * ya0 + (a % A1).to(tl.int64) * ya1 + offs_b.to(tl.int64)[None, :] * yb
    offs_r = tl.arange(0, BLOCK_R)
    acc = tl.full((BLOCK_R, BLOCK_B), float("-inf"), tl.float32)
    acc2 = tl.zeros((BLOCK_R, BLOCK_B), dtype=tl.float32)
    r_end = tl.minimum(R, (s + 1) * CHUNK)
    for r in range(s * CHUNK, r_end, BLOCK_R):
        rr = r + offs_r
        m = (rr < r_end)[:, None] & bm[None, :]
        i0, i1, i2, i3, i4 = _kwb_coords5_row(ybase, rr.to(tl.int64)[:, None], yr, S1, S2, S3, S4, SLOT)
        v = _kwb_softmax_load(xp + rr.to(tl.int64)[:, None] * xr, m, i0, i1, i2, i3, i4, e0, e1, e2, e3, s00, s01, s02,
                              s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, pf0,
                              pf1, pf2, pf3, PRE)
        acc, acc2 = _kwb_lse_step(acc, acc2, v)
    mx, sm = _kwb_tile_reduce(acc, acc2, 4)
    off = (a.to(tl.int64) * n_s + s) * B + offs_b
    tl.store(pm + off, mx, mask=bm)
    tl.store(ps + off, sm, mask=bm)


@triton.jit
def _kwb_softmax_apply(x, y, pm, ps, A1, B, R, xa0, xa1, xb, xr, ya0, ya1, yb, yr, n_b, n_s, CHUNK, S1, S2, S3, S4,
                       e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30,
                       s31, s32, s33, s34, f0, f1, f2, f3, pf0, pf1, pf2, pf3, PRE: tl.constexpr,
                       POST: tl.constexpr, LOG: tl.constexpr, SAFE_ROWS: tl.constexpr, BLOCK_S: tl.constexpr,
                       BLOCK_R: tl.constexpr, BLOCK_B: tl.constexpr, SLOT: tl.constexpr):
    # split rows, pass 2: program (a, s, b block) combines the n_s partials of its columns (as the one-program
    # path combines its lanes), then writes POST(softmax) of its chunk of rows
    pid = tl.program_id(0)
    bblk = pid % n_b
    s = (pid // n_b) % n_s
    a = pid // (n_b * n_s)
    offs_b = bblk * BLOCK_B + tl.arange(0, BLOCK_B)
    bm = offs_b < B
    offs_s = tl.arange(0, BLOCK_S)
    poff = (a.to(tl.int64) * n_s + offs_s[:, None]) * B + offs_b[None, :]
    pmask = (offs_s < n_s)[:, None] & bm[None, :]
    mx, sm = _kwb_tile_reduce(tl.load(pm + poff, mask=pmask, other=float("-inf")),
                              tl.load(ps + poff, mask=pmask, other=0.0), 4)
    safe = _kwb_lse_safe(mx)
    a0 = (a // A1).to(tl.int64)
    a1 = (a % A1).to(tl.int64)
    xp = x + a0 * xa0 + a1 * xa1 + offs_b.to(tl.int64)[None, :] * xb
    ybase = a0 * ya0 + a1 * ya1 + offs_b.to(tl.int64)[None, :] * yb
    offs_r = tl.arange(0, BLOCK_R)
    r_end = tl.minimum(R, (s + 1) * CHUNK)
    for r in range(s * CHUNK, r_end, BLOCK_R):
        rr = r + offs_r
        m = (rr < r_end)[:, None] & bm[None, :]
        yoff = ybase + rr.to(tl.int64)[:, None] * yr
        i0, i1, i2, i3, i4 = _kwb_coords5_row(ybase, rr.to(tl.int64)[:, None], yr, S1, S2, S3, S4, SLOT)
        v = _kwb_softmax_load(xp + rr.to(tl.int64)[:, None] * xr, m, i0, i1, i2, i3, i4, e0, e1, e2, e3, s00, s01, s02,
                              s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, pf0,
                              pf1, pf2, pf3, PRE)
        p = _kwb_softmax_tile(v, safe, sm, LOG, SAFE_ROWS)
        p = POST(p, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21,
                 s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        tl.store(y + yoff, p.to(y.dtype.element_ty), mask=m)


@triton.jit
def _kwb_softmax_kernel(x, y, A1, B, R, xa0, xa1, xb, xr, ya0, ya1, yb, yr, n_b, S1, S2, S3, S4, e0, e1, e2, e3, s00,
                        s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34,
                        f0, f1, f2, f3, pf0, pf1, pf2, pf3, PRE: tl.constexpr, POST: tl.constexpr,
                        LOG: tl.constexpr, SAFE_ROWS: tl.constexpr, SINGLE: tl.constexpr, BLOCK_R: tl.constexpr,
                        BLOCK_B: tl.constexpr, SLOT: tl.constexpr):
    # rows of length R along the softmax dim, BLOCK_B rows (consecutive b) per program; SINGLE: the
    # row fits one tile (read once), else an online (max, sum) pass and a second pass that writes;
    # PRE: the pointwise run before the softmax (x * scale, x / T, scores + a bias tensor), applied to every loaded
    # element at its coordinates; POST: the pointwise run after the softmax (an epilogue on the output's
    # coordinates), fused. PRE and POST share the tensors e* (at most one of them reads any); PRE's scalars are pf*.
    pid = tl.program_id(0)
    a = pid // n_b
    offs_b = (pid % n_b) * BLOCK_B + tl.arange(0, BLOCK_B)
    bm = offs_b < B
    a0 = (a // A1).to(tl.int64)
    a1 = (a % A1).to(tl.int64)
    xp = x + a0 * xa0 + a1 * xa1 + offs_b.to(tl.int64)[None, :] * xb
    ybase = a0 * ya0 + a1 * ya1 + offs_b.to(tl.int64)[None, :] * yb
    offs_r = tl.arange(0, BLOCK_R)
    if SINGLE:
        m = (offs_r < R)[:, None] & bm[None, :]
        yoff = ybase + offs_r.to(tl.int64)[:, None] * yr
        i0, i1, i2, i3, i4 = _kwb_coords5_row(ybase, offs_r.to(tl.int64)[:, None], yr, S1, S2, S3, S4, SLOT)
        v = _kwb_softmax_load(xp + offs_r.to(tl.int64)[:, None] * xr, m, i0, i1, i2, i3, i4, e0, e1, e2, e3, s00, s01,
                              s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34,
                              pf0, pf1, pf2, pf3, PRE)
        safe = _kwb_lse_safe(tl.max(v, 0))
        s = tl.sum(tl.exp(v - safe[None, :]), 0)  # NaN anywhere in a row makes s (so the row) NaN
        p = _kwb_softmax_tile(v, safe, s, LOG, SAFE_ROWS)
        p = POST(p, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21,
                 s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        tl.store(y + yoff, p.to(y.dtype.element_ty), mask=m)
    else:
        acc = tl.full((BLOCK_R, BLOCK_B), float("-inf"), tl.float32)
        acc2 = tl.zeros((BLOCK_R, BLOCK_B), dtype=tl.float32)
        for r in range(0, R, BLOCK_R):
            rr = r + offs_r
            m = (rr < R)[:, None] & bm[None, :]
            i0, i1, i2, i3, i4 = _kwb_coords5_row(ybase, rr.to(tl.int64)[:, None], yr, S1, S2, S3, S4, SLOT)
            v = _kwb_softmax_load(xp + rr.to(tl.int64)[:, None] * xr, m, i0, i1, i2, i3, i4, e0, e1, e2, e3, s00, s01,
                                  s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33,
                                  s34, pf0, pf1, pf2, pf3, PRE)
            acc, acc2 = _kwb_lse_step(acc, acc2, v)
        mx, s = _kwb_tile_reduce(acc, acc2, 4)
        safe = _kwb_lse_safe(mx)
        for r in range(0, R, BLOCK_R):
            rr = r + offs_r
            m = (rr < R)[:, None] & bm[None, :]
            yoff = ybase + rr.to(tl.int64)[:, None] * yr
            i0, i1, i2, i3, i4 = _kwb_coords5_row(ybase, rr.to(tl.int64)[:, None], yr, S1, S2, S3, S4, SLOT)
            v = _kwb_softmax_load(xp + rr.to(tl.int64)[:, None] * xr, m, i0, i1, i2, i3, i4, e0, e1, e2, e3, s00, s01,
                                  s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33,
                                  s34, pf0, pf1, pf2, pf3, PRE)
            p = _kwb_softmax_tile(v, safe, s, LOG, SAFE_ROWS)
            p = POST(p, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20,
                     s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
            tl.store(y + yoff, p.to(y.dtype.element_ty), mask=m)


@triton.jit
def _kwb_coords5_add(k0, k1, k2, k3, k4, r, SLOT: tl.constexpr):
    # a tile's coordinates: its columns' k* ([1, BLOCK_B]) with the row coordinate r ([BLOCK_R, 1]) added in slot
    # SLOT, each in the tile's shape (the epilogue's loads take their shape from the offsets)
    z = r * 0
    if SLOT == 0:
        k0 = k0 + r
    elif SLOT == 1:
        k1 = k1 + r
    elif SLOT == 2:
        k2 = k2 + r
    elif SLOT == 3:
        k3 = k3 + r
    else:
        k4 = k4 + r
    return k0 + z, k1 + z, k2 + z, k3 + z, k4 + z


@triton.jit
def _kwb_coords5_lo(off, S1, S2, S3, S4, LO: tl.constexpr):
    # _kwb_coords5 of an offset below the product of the sizes of slots LO..4 (every slot above LO is 0): only the
    # divisions that can give a nonzero coordinate (a channel softmax's positions of NCHW: one, by W)
    z = off * 0
    if LO >= 4:
        return z, z, z, z, off
    i4 = off % S4
    t = off // S4
    if LO == 3:
        return z, z, z, t, i4
    i3 = t % S3
    t = t // S3
    if LO == 2:
        return z, z, t, i3, i4
    i2 = t % S2
    t = t // S2
    if LO == 1:
        return z, t, i2, i3, i4
    return t // S1, t % S1, i2, i3, i4


@triton.jit
def _kwb_softmax_cols_kernel(x, y, A1, B, R, xa0, xa1, xb, xr, ya0, ya1, yb, yr, n_b, S1, S2, S3, S4, e0, e1, e2, e3,
                             s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32,
                             s33, s34, f0, f1, f2, f3, pf0, pf1, pf2, pf3, PRE: tl.constexpr, POST: tl.constexpr,
                             LOG: tl.constexpr, SAFE_ROWS: tl.constexpr, SINGLE: tl.constexpr, BLOCK_R: tl.constexpr,
                             BLOCK_B: tl.constexpr, SLOT: tl.constexpr, LO: tl.constexpr, COORDS: tl.constexpr,
                             I32: tl.constexpr):
    # the softmax along a dim whose elements are not adjacent (dim 1 of NCHW, any middle dim): a program is a tile
    # of BLOCK_R rows (the softmax dim: the whole of it when SINGLE, x read once; else an online pass and a writing
    # pass) x BLOCK_B consecutive columns of the innermost kept run b (the loads coalesced along it). Offsets: the
    # program's outer part (a0, a1) once, as a 64-bit scalar; the tile's own part, and the coordinates, in int32
    # where I32 (the host saw every span below 2^30). COORDS (PRE / POST read tensors): the coordinates are
    # those of y's offset a-part + b * yb + r * yr, whose parts touch disjoint slots (no carry): the a-part decoded
    # once a program (a scalar), b's once a column with only the divisions below slot LO (_kwb_coords5_lo), r added
    # to slot SLOT -- no division per element (the old kernel divided each column's 64-bit offset 8 times, on every
    # warp that holds the column).
    pid = tl.program_id(0)
    a = pid // n_b
    a0 = a // A1
    a1 = a % A1
    xp = x + (a0.to(tl.int64) * xa0 + a1.to(tl.int64) * xa1)
    yp = y + (a0.to(tl.int64) * ya0 + a1.to(tl.int64) * ya1)
    if I32:
        offs_b = (pid % n_b) * BLOCK_B + tl.arange(0, BLOCK_B)
        offs_r = tl.arange(0, BLOCK_R)
    else:
        offs_b = ((pid % n_b) * BLOCK_B + tl.arange(0, BLOCK_B)).to(tl.int64)
        offs_r = tl.arange(0, BLOCK_R).to(tl.int64)
    bm = offs_b < B
    xcol = (offs_b * xb)[None, :]
    ycol = (offs_b * yb)[None, :]
    if COORDS:
        if I32:
            ya = a0 * ya0 + a1 * ya1
        else:
            ya = a0.to(tl.int64) * ya0 + a1.to(tl.int64) * ya1
        c0, c1, c2, c3, c4 = _kwb_coords5(ya, S1, S2, S3, S4)
        d0, d1, d2, d3, d4 = _kwb_coords5_lo(ycol, S1, S2, S3, S4, LO)
        k0 = c0 + d0
        k1 = c1 + d1
        k2 = c2 + d2
        k3 = c3 + d3
        k4 = c4 + d4
    else:  # PRE and POST read no tensor (nor their coordinates): placeholders the compiler drops (one target an
        # assignment: Triton's code generator refuses `a = b = c`)
        k0 = ycol * 0
        k1 = k0
        k2 = k0
        k3 = k0
        k4 = k0
    if SINGLE:
        rr = offs_r[:, None]
        m = (rr < R) & bm[None, :]
        i0, i1, i2, i3, i4 = _kwb_coords5_add(k0, k1, k2, k3, k4, rr, SLOT)
        v = _kwb_softmax_load(xp + (rr * xr + xcol), m, i0, i1, i2, i3, i4, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                              s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, pf0, pf1, pf2,
                              pf3, PRE)
        safe = _kwb_lse_safe(tl.max(v, 0))
        s = tl.sum(tl.exp(v - safe[None, :]), 0)  # NaN anywhere in a column makes s (so the column) NaN
        p = _kwb_softmax_tile(v, safe, s, LOG, SAFE_ROWS)
        p = POST(p, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21,
                 s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        tl.store(yp + (rr * yr + ycol), p.to(y.dtype.element_ty), mask=m)
    else:
        acc = tl.full((BLOCK_R, BLOCK_B), float("-inf"), tl.float32)
        acc2 = tl.zeros((BLOCK_R, BLOCK_B), dtype=tl.float32)
        for r in range(0, R, BLOCK_R):
            rr = (r + offs_r)[:, None]
            m = (rr < R) & bm[None, :]
            i0, i1, i2, i3, i4 = _kwb_coords5_add(k0, k1, k2, k3, k4, rr, SLOT)
            v = _kwb_softmax_load(xp + (rr * xr + xcol), m, i0, i1, i2, i3, i4, e0, e1, e2, e3, s00, s01, s02, s03,
                                  s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, pf0,
                                  pf1, pf2, pf3, PRE)
            acc, acc2 = _kwb_lse_step(acc, acc2, v)
        mx, s = _kwb_tile_reduce(acc, acc2, 4)
        safe = _kwb_lse_safe(mx)
        for r in range(0, R, BLOCK_R):
            rr = (r + offs_r)[:, None]
            m = (rr < R) & bm[None, :]
            i0, i1, i2, i3, i4 = _kwb_coords5_add(k0, k1, k2, k3, k4, rr, SLOT)
            v = _kwb_softmax_load(xp + (rr * xr + xcol), m, i0, i1, i2, i3, i4, e0, e1, e2, e3, s00, s01, s02, s03,
                                  s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, pf0,
                                  pf1, pf2, pf3, PRE)
            p = _kwb_softmax_tile(v, safe, s, LOG, SAFE_ROWS)
            p = POST(p, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20,
                     s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
            tl.store(yp + (rr * yr + ycol), p.to(y.dtype.element_ty), mask=m)


kwb_softmax_split = True   # rows too long for one tile, on too few programs: split across programs (2 launches)
kwb_softmax_pre = True     # pre= applied in the softmax's loads (False: a kwb_pointwise launch first, the old plan)
_kwb_softmax_chunk_min = 4096  # rows of one split chunk at least (each program reads >= this x BLOCK_B elements)
_kwb_softmax_split_per_sm = 4  # split until this many programs per SM (8 warps each; a guess, not measured)
# A softmax dim whose elements are not adjacent (dim 1 of NCHW, any middle dim): _kwb_softmax_cols_kernel's tiles of
# the whole softmax dim (padded) x the contiguous positions, int32 offsets, coordinates without a division an element
# (False: _kwb_softmax_kernel's [<= 64, 64] tiles and 64-bit decodes, session 28's plan). The last-dim plan is neither.
# On since session 31: the H200 stage tests passed and bench/gpu/softmax29_ab.py timed it at x2.9 (p28's channel
# softmax) and x2.1 (p29's 5-D log_softmax) over the old plan, x1.00 where a conv dominates (docs/results/
# 2026-12-05-s31-gpu.md).
kwb_softmax_cols = True
# The last-dim plan's tiles with a prologue / epilogue that reads tensors (z10's mask, a relative position bias) in
# that kernel too (int32, the coordinates split as above; the tile and warps unchanged). On since session 31: z10's
# forward x2.7 over the old plan on the H200 (63 us against 172; torch.compile 87).
kwb_softmax_rows_lean = True
_kwb_softmax_cols_tile = 4096  # elements of one cols tile (BLOCK_R x BLOCK_B) at most, 8 warps (16 fp32 a thread;
# H200, session 31: 4096 took p28 / p29 to x5.0 / x3.8 of the old plan, 8192 x3.0 / x2.1, 16384 x3.0)
_kwb_softmax_cols_min_b = 32   # columns of a cols tile at least (128 bytes of fp32 a row); longer rows loop (2 passes)
_kwb_softmax_cols_i32_max = 2 ** 30  # int32 offsets where every span is below this (masked lanes reach up to twice it)


def _kwb_span(t):
    """Elements from t's first to its last addressed one (strides >= 0), 1 for a scalar, 0 for an empty t."""
    if t.is_contiguous():  # the common case without a walk over the dims (this runs on every launch)
        return t.numel()
    if t.numel() == 0:
        return 0
    return 1 + sum((n - 1) * abs(st) for n, st in zip(t.shape, t.stride()))


def _kwb_lo_slot(sizes5, n):
    """The highest slot an offset below n of a contiguous tensor of the 5-slot sizes can reach: _kwb_coords5_lo's LO."""
    w = 1
    for k in range(4, -1, -1):
        w *= int(sizes5[k])
        if n <= w:
            return k
    return 0


def kwb_softmax(x, dim, log=False, safe_rows=False, epi=None, epi_tensors=(), epi_scalars=(), pre=None, pre_scalars=(),
                out_dtype=None, pre_tensors=()):
    """softmax (log=True: log_softmax) of pre(x) along dim, any layout; stable (max-subtracted). safe_rows:
    torch's _safe_softmax (nn.MultiheadAttention from torch 2.5): a row whose every element is -inf gives 0
    where softmax gives NaN. pre: the pointwise run before it (an epilogue over x's shape with pre_tensors and
    pre_scalars: x * scale, x / temperature, scores + a relative position bias), applied to every element as it is
    loaded (x is read in any dtype, in fp32), in the one-pass and the split kernels; where pre and epi both read
    tensors, where pre reads tensors at rank > 5 or on a layout copied first, or with kwb_softmax_pre off, one
    kwb_pointwise launch applies it first. epi: the pointwise run after it (an epilogue over x's shape, reading
    epi_tensors and epi_scalars), fused into the writing pass (rank <= 5; else a kwb_pointwise launch after).
    out_dtype: the result's dtype (default x's), stored once from the fp32 values.
    Long rows on too few programs (a softmax over the positions of a channels-last conv
    output: rows of 131072 at stride C, 32 of them) are split: per-chunk (max, sum exp) partials, then a pass
    that combines them and writes; each program loads BLOCK_B consecutive columns (the stride-1 dim)."""
    if pre is not None and (not kwb_softmax_pre or (pre_tensors and (x.dim() > 5 or x.dim() == 0)) or
                            (pre_tensors and epi is not None and epi_tensors)):
        # the prologue's values in fp32 (a 16-bit x is not rounded between the two launches; the result keeps x's)
        out_dtype = out_dtype or x.dtype
        x, pre, pre_tensors, pre_scalars = kwb_pointwise(x, pre, pre_tensors, pre_scalars, torch.float32), None, (), ()
    if x.dim() == 0:
        return kwb_softmax(x.unsqueeze(0), 0, log, safe_rows, epi, epi_tensors, epi_scalars, pre, pre_scalars,
                           out_dtype).squeeze(0)
    d = dim % x.dim()
    fused = epi is not None and x.dim() <= 5
    xin = x
    kept, reds = _kwb_runs(x, [_kwb_prod(x.shape[i + 1:]) for i in range(x.dim())], [d])  # y: contiguous
    if len(kept) > 3:  # more kept runs than the kernel walks: softmax dim last, on a contiguous copy
        if pre is not None and pre_tensors:  # a permuted copy's offsets are not x's: the prologue first, on x
            return kwb_softmax(kwb_pointwise(x, pre, pre_tensors, pre_scalars, torch.float32), dim, log, safe_rows, epi,
                               epi_tensors, epi_scalars, None, (), out_dtype or x.dtype)
        fused = False  # the writes' offsets are then not y's contiguous offsets
    # an unfused epilogue runs after, on the fp32 (x's) values: only the last launch stores out_dtype
    y_dtype = out_dtype if out_dtype is not None and (epi is None or fused) else x.dtype
    y = torch.empty(x.shape, dtype=y_dtype, device=x.device)
    if y.numel() == 0:
        return y if epi is None or fused else kwb_pointwise(y, epi, epi_tensors, epi_scalars, out_dtype)
    if len(kept) > 3:
        order = [i for i in range(x.dim()) if i != d] + [d]
        x = x.permute(order).contiguous()
        yp = torch.empty(x.shape, dtype=y_dtype, device=x.device)
        y = yp.permute([order.index(i) for i in range(x.dim())])
        kept, reds = _kwb_runs(x, list(yp.stride()), [x.dim() - 1])
    (ka0, ka1, kb), (R, xr, yr) = ([(1, 0, 0)] * 3 + kept)[-3:], (reds or [(1, 0, 0)])[0]
    cols = kwb_softmax_cols and not (xr == 1 and kb[1] != 1)
    if xr == 1 and kb[1] != 1:
        block_r = min(_kwb_tile, _kwb_np2(R))
        block_b = min(_kwb_np2(kb[0]), max(1, _kwb_tile // block_r))
    elif cols:  # the whole softmax dim where the tile holds it with >= _kwb_softmax_cols_min_b positions
        block_b = min(_kwb_np2(kb[0]), max(_kwb_softmax_cols_min_b, _kwb_softmax_cols_tile // _kwb_np2(R)))
        block_r = min(_kwb_np2(R), max(1, _kwb_softmax_cols_tile // block_b))
    else:  # channel softmax of NC*: positions (b) contiguous, widened when the channel run is short
        block_r = min(_kwb_np2(R), max(1, _kwb_tile // 64))
        block_b = min(_kwb_np2(kb[0]), 1024, max(64, _kwb_tile // block_r))
    n_b = triton.cdiv(kb[0], block_b)
    n_a = ka0[0] * ka1[0]
    lead = 5 - xin.dim()
    coords = fused or (pre is not None and bool(pre_tensors))
    sizes = ([1] * lead + list(xin.shape))[1:] if coords else [1] * 4
    # one set of epilogue tensors for PRE and POST (at most one of them reads any), POST's scalars; PRE's own scalars
    packed = _kwb_epi_pack(xin, tuple(pre_tensors) or (epi_tensors if fused else ()), epi_scalars if fused else ())
    ident = _kwb_epi_identity
    pf = _kwb_epi_pack(xin, (), pre_scalars)[24:]
    # SLOT: the softmax dim's slot in the coordinates (a row's offsets step through that slot alone)
    meta = dict(POST=epi if fused else ident, LOG=bool(log), SAFE_ROWS=bool(safe_rows) and not log, BLOCK_R=block_r,
                BLOCK_B=block_b, SLOT=lead + d if coords else 4, num_warps=8)
    n_s = 1
    if kwb_softmax_split and block_r < R:  # enough programs: chunks of >= _kwb_softmax_chunk_min rows
        n_s = min(triton.cdiv(_kwb_softmax_split_per_sm * _kwb_sms(x), n_a * n_b), max(1, R // _kwb_softmax_chunk_min),
                  64)
    if n_s > 1:
        chunk = triton.cdiv(triton.cdiv(R, n_s), block_r) * block_r
        n_s = triton.cdiv(R, chunk)
        pm = torch.empty((n_a, n_s, kb[0]), dtype=torch.float32, device=x.device)
        ps = torch.empty_like(pm)
        grid = (n_a * n_s * n_b,)
        _kwb_softmax_part[grid](x, pm, ps, ka1[0], kb[0], R, ka0[1], ka1[1], kb[1], xr, ka0[2], ka1[2], kb[2], yr,
                                n_b, n_s, chunk, *sizes, *packed, *pf, PRE=pre or ident, BLOCK_R=block_r,
                                BLOCK_B=block_b, SLOT=lead + d if coords else 4, num_warps=8)
        _kwb_softmax_apply[grid](x, y, pm, ps, ka1[0], kb[0], R, ka0[1], ka1[1], kb[1], xr, ka0[2], ka1[2], kb[2],
                                 yr, n_b, n_s, chunk, *sizes, *packed, *pf, PRE=pre or ident, BLOCK_S=_kwb_np2(n_s),
                                 **meta)
    elif cols or (kwb_softmax_rows_lean and coords):
        # int32 offsets where every one the tile forms (masked lanes included: up to twice the span) stays below 2^31
        i32 = y.numel() < _kwb_softmax_cols_i32_max and all(
            _kwb_span(t) < _kwb_softmax_cols_i32_max for t in {id(t): t for t in (x, *packed[:4])}.values())
        lo = _kwb_lo_slot([1] * lead + list(xin.shape), kb[0] * kb[2]) if coords else 4
        if cols:  # 32 elements a thread up to 8 warps (the last-dim tiles keep their 8)
            meta["num_warps"] = max(1, min(8, block_r * block_b // 1024))
        _kwb_softmax_cols_kernel[(n_a * n_b,)](
            x, y, ka1[0], kb[0], R, ka0[1], ka1[1], kb[1], xr, ka0[2], ka1[2], kb[2], yr, n_b, *sizes, *packed, *pf,
            PRE=pre or ident, SINGLE=block_r >= R, LO=lo, COORDS=coords, I32=i32, **meta)
    else:
        _kwb_softmax_kernel[(n_a * n_b,)](
            x, y, ka1[0], kb[0], R, ka0[1], ka1[1], kb[1], xr, ka0[2], ka1[2], kb[2], yr, n_b, *sizes, *packed, *pf,
            PRE=pre or ident, SINGLE=block_r >= R, **meta)
    if epi is not None and not fused:
        y = kwb_pointwise(y, epi, epi_tensors, epi_scalars, out_dtype)
    return y


@triton.jit
def _kwb_coords_rc(row, col, S1, S2, S3, S4, NSP: tl.constexpr):
    # the left-padded 5-D coordinates of off = row * L + col where L is the product of the last NSP sizes (a norm's
    # merged positions): the row's dims from row, the positions' from col, so no element divides (the per-element
    # 5-D decode of a 64-bit offset was what kept _kwb_norm_apply at 255 registers on the H200, session 16)
    r = row[:, None]
    k = col[None, :]
    if NSP == 0:  # L == 1; + k * 0: the epilogue's loads take the tile's [rows, cols] shape
        c0, c1, c2, c3, c4 = _kwb_coords5(r + k * 0, S1, S2, S3, S4)
    elif NSP == 1:
        c4 = k
        c3 = r % S3
        t = r // S3
        c2 = t % S2
        t = t // S2
        c1 = t % S1
        c0 = t // S1
    elif NSP == 2:
        c4 = k % S4
        c3 = k // S4
        c2 = r % S2
        t = r // S2
        c1 = t % S1
        c0 = t // S1
    elif NSP == 3:
        c4 = k % S4
        t = k // S4
        c3 = t % S3
        c2 = t // S3
        c1 = r % S1
        c0 = r // S1
    else:
        c4 = k % S4
        t = k // S4
        c3 = t % S3
        t = t // S3
        c2 = t % S2
        c1 = t // S2
        c0 = r
    return c0, c1, c2, c3, c4


@triton.jit
def _kwb_coords_nc(n, c, col, S1, S2, S3, S4, NSP: tl.constexpr):
    # _kwb_coords_rc for a channels-last tile: the rows are channels c of one image n (a scalar) and L is x's last
    # NSP = rank - 2 dims, so the channel coordinate is c itself (the compiler keeps its contiguity: an epilogue
    # tensor in the same layout loads whole runs of channels)
    r = c[:, None]
    k = col[None, :]
    if NSP == 0:
        c4 = r + k * 0
        c3 = n % S3
        t = n // S3
        c2 = t % S2
        t = t // S2
        c1 = t % S1
        c0 = t // S1
    elif NSP == 1:
        c4 = k
        c3 = r
        c2 = n % S2
        t = n // S2
        c1 = t % S1
        c0 = t // S1
    elif NSP == 2:
        c4 = k % S4
        c3 = k // S4
        c2 = r
        c1 = n % S1
        c0 = n // S1
    else:
        c4 = k % S4
        t = k // S4
        c3 = t % S3
        c2 = t // S3
        c1 = r
        c0 = n
    return c0, c1, c2, c3, c4


@triton.jit
def _kwb_norm_apply(x, y, mean, var, w, b, ROWS, D1, D2, L, sx0, sx1, sx2, sxl, ss0, ss1, ss2, ssl, ws1, ws2, ws3,
                    eps, S1, S2, S3, S4, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                    s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, POST: tl.constexpr,
                    HAS_POST: tl.constexpr, HAS_W: tl.constexpr, HAS_B: tl.constexpr, CL: tl.constexpr,
                    COL_STATS: tl.constexpr, W_COL: tl.constexpr, NSP: tl.constexpr, I64: tl.constexpr,
                    RED: tl.constexpr, NC: tl.constexpr, Y_CL: tl.constexpr, BLOCK_ROW: tl.constexpr,
                    BLOCK_L: tl.constexpr, run_m, run_v, cnt, momentum, UPD: tl.constexpr):
    # y = POST((x - mean) * rsqrt(var + eps) * w + b) with x viewed as [D0, D1, D2, L] at strides
    # (sx0, sx1, sx2, sxl) (channels-last included: no copy) and y contiguous of x's shape. A row (i0, i1, i2)
    # reads its statistics at i0*ss0 + i1*ss1 + i2*ss2 and its weights at i1*ws1 + i2*ws2 (+ l*ws3 with W_COL: layer
    # norm's per-position weight); COL_STATS: statistics and weights per position l instead (at l*ssl, l*ws3: a
    # batch norm of [N, C] as N rows of C positions). Per row (or per column) the scale rstd * w and the shift b are
    # formed once, so an element costs a subtract and a multiply-add. POST: the chain's pointwise run after the norm
    # (an epilogue on y's left-padded 5-D coordinates, sizes S; L the product of the last NSP of them), fused.
    # I64: offsets in 64 bits (x or y spans 2^31 elements or more), else 32 (no 64-bit multiply per element).
    # CL (x's L stride is not 1: channels-last, sx1 == D2 * sx2): a program's rows are BLOCK_ROW channels of one
    # image (i0 per program, channel c = i1 * D2 + i2 contiguous in the tile), so that the compiler sees the loads
    # contiguous along the rows (sx2 == 1) and the stores along L; else rows of the flat [D0 * D1 * D2] index.
    # RED >= 0 (CL with all D1 * D2 channels in one tile): the reduction over the channels that follows the norm
    # (_kwb_tile_reduce's codes: 0 sum, 1 mean, 2 amax, 3 amin, 4 logsumexp) in the tile; y is then the [D0, L]
    # result and the normalized tensor is never stored. NC (CL, the rows x's dims 0 and 1, L the rest): POST's
    # coordinates from (image, channel) (_kwb_coords_nc). Y_CL (CL, the rows every channel: kwb_keep_layout):
    # y is channels-last too ([D0, L, D1 * D2] in memory), so the store runs along the rows as the load does.
    # UPD (a batch norm's training step, D1 == 1, statistics per row channel i2): the programs of image 0 and the
    # first L block also update the running statistics run_m / run_v of their channels as torch does ((1 - momentum) *
    # running + momentum * batch, the variance unbiased by cnt / (cnt - 1)): no _kwb_bn_update launch.
    # one grid axis: (row tile, column tile) = divmod(pid, n_lt); L's tiles on grid y passed 65535 past 64M
    # columns (4M channels-last), as kwb_pointwise's rows launch did (97_ScaledDotProductAttention, session 36)
    n_lt = tl.cdiv(L, BLOCK_L)
    pid_r = tl.program_id(0) // n_lt
    pid_l = tl.program_id(0) % n_lt
    cols = pid_l * BLOCK_L + tl.arange(0, BLOCK_L)
    cm = cols < L
    if CL:
        n_cb = tl.cdiv(D1 * D2, BLOCK_ROW)
        i0s = pid_r // n_cb
        c = (pid_r % n_cb) * BLOCK_ROW + tl.arange(0, BLOCK_ROW)
        rm = c < D1 * D2
        rows = i0s * (D1 * D2) + c
        i2 = c % D2
        i1 = c // D2
        i0 = rows // (D2 * D1)
        if I64:
            xrow = i0s.to(tl.int64) * sx0 + c.to(tl.int64) * sx2
        else:
            xrow = i0s * sx0 + c * sx2
    else:
        rows = pid_r * BLOCK_ROW + tl.arange(0, BLOCK_ROW)
        rm = rows < ROWS
        i2 = rows % D2
        i1 = (rows // D2) % D1
        i0 = rows // (D2 * D1)
        if I64:
            xrow = i0.to(tl.int64) * sx0 + i1.to(tl.int64) * sx1 + i2.to(tl.int64) * sx2
        else:
            xrow = i0 * sx0 + i1 * sx1 + i2 * sx2
    if I64:
        xoff = xrow[:, None] + cols.to(tl.int64)[None, :] * sxl
        if Y_CL:
            off = (i0s.to(tl.int64) * L + cols.to(tl.int64))[None, :] * (D1 * D2) + c[:, None]
        else:
            off = rows.to(tl.int64)[:, None] * L + cols[None, :]
    else:
        xoff = xrow[:, None] + cols[None, :] * sxl
        if Y_CL:
            off = (i0s * L + cols)[None, :] * (D1 * D2) + c[:, None]
        else:
            off = rows[:, None] * L + cols[None, :]
    m = rm[:, None] & cm[None, :]
    xv = tl.load(x + xoff, mask=m, other=0.0).to(tl.float32)
    if COL_STATS:  # per position: [BLOCK_L] vectors, broadcast over the rows
        mu = tl.load(mean + cols * ssl, mask=cm, other=0.0).to(tl.float32)
        a = tl.rsqrt(tl.load(var + cols * ssl, mask=cm, other=1.0).to(tl.float32) + eps)
        if HAS_W:
            a = a * tl.load(w + cols * ws3, mask=cm, other=1.0).to(tl.float32)
        v = (xv - mu[None, :]) * a[None, :]
        if HAS_B:
            v = v + tl.load(b + cols * ws3, mask=cm, other=0.0).to(tl.float32)[None, :]
    else:  # per row: [BLOCK_ROW] vectors, broadcast over the positions
        sidx = i0 * ss0 + i1 * ss1 + i2 * ss2
        mu = tl.load(mean + sidx, mask=rm, other=0.0).to(tl.float32)
        bv = tl.load(var + sidx, mask=rm, other=1.0).to(tl.float32)
        a = tl.rsqrt(bv + eps)
        if UPD:
            um = rm & (i0 == 0) & (pid_l == 0)
            old_m = tl.load(run_m + i2, mask=um, other=0.0).to(tl.float32)
            old_v = tl.load(run_v + i2, mask=um, other=0.0).to(tl.float32)
            tl.store(run_m + i2, ((1.0 - momentum) * old_m + momentum * mu).to(run_m.dtype.element_ty), mask=um)
            tl.store(run_v + i2, ((1.0 - momentum) * old_v + momentum * (bv * (cnt / (cnt - 1.0)))).to(
                run_v.dtype.element_ty), mask=um)
        if W_COL:
            v = (xv - mu[:, None]) * a[:, None]
            widx = (i1 * ws1 + i2 * ws2)[:, None] + cols[None, :] * ws3
            if HAS_W:
                v = v * tl.load(w + widx, mask=m, other=1.0).to(tl.float32)
            if HAS_B:
                v = v + tl.load(b + widx, mask=m, other=0.0).to(tl.float32)
        else:
            widx = i1 * ws1 + i2 * ws2
            if HAS_W:
                a = a * tl.load(w + widx, mask=rm, other=1.0).to(tl.float32)
            v = (xv - mu[:, None]) * a[:, None]
            if HAS_B:
                v = v + tl.load(b + widx, mask=rm, other=0.0).to(tl.float32)[:, None]
    if HAS_POST:
        if NC:
            c0, c1, c2, c3, c4 = _kwb_coords_nc(i0s, c, cols, S1, S2, S3, S4, NSP)
        else:
            c0, c1, c2, c3, c4 = _kwb_coords_rc(rows, cols, S1, S2, S3, S4, NSP)
        v = POST(v, c0, c1, c2, c3, c4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                 s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    if RED >= 0:
        if RED == 2:
            r = tl.reduce(tl.where(m, v, float("-inf")), 0, _kwb_max_nan)
        elif RED == 3:
            r = tl.reduce(tl.where(m, v, float("inf")), 0, _kwb_min_nan)
        elif RED == 4:
            mx = tl.max(tl.where(m, v, float("-inf")), 0)
            safe = _kwb_lse_safe(mx)
            r = safe + tl.log(tl.sum(tl.where(m, tl.exp(v - safe[None, :]), 0.0), 0))
        else:
            r = tl.sum(tl.where(m, v, 0.0), 0)
            if RED == 1:
                r = r / (D1 * D2)
        if I64:
            roff = i0s.to(tl.int64) * L + cols
        else:
            roff = i0s * L + cols
        tl.store(y + roff, r.to(y.dtype.element_ty), mask=cm)
    else:
        tl.store(y + off, v.to(y.dtype.element_ty), mask=m)


_kwb_norm_red_codes = {"sum": 0, "mean": 1, "amax": 2, "amin": 3, "logsumexp": 4}
_kwb_norm_red_max = 256  # most channels a fused reduction's tile holds (BLOCK_ROW)


def _kwb_norm_strides(x, d1):
    """x [N, C, *spatial] as the 4-D [N, d1, C / d1, L] (L: the spatial dims merged) through its own strides:
    (s0, s1, s2, sl), or None when the spatial dims do not merge into one stride (then the caller copies).
    Channels-last (the conv template's OUT_CHANNELS_LAST output) merges: L's stride is C."""
    sp = [(s, st) for s, st in zip(x.shape[2:], x.stride()[2:]) if s != 1]
    for (_, a), (s, b) in zip(sp, sp[1:]):
        if a != b * s:
            return None
    sc = x.stride(1) if x.dim() > 1 else 1
    return (x.stride(0), (x.shape[1] // d1) * sc, sc, sp[-1][1] if sp else 1)


def _kwb_norm_view(x, d1):
    """(x, its [N, d1, C / d1, L] strided view, the 4 strides): x itself when its spatial dims merge, else a
    contiguous copy (an input no norm path reads through strides)."""
    st = _kwb_norm_strides(x, d1)
    if st is None:
        x = x.contiguous()
        st = _kwb_norm_strides(x, d1)
    n, c, hw = x.shape[0], x.shape[1], _kwb_prod(x.shape[2:])
    return x, x.as_strided((n, d1, c // d1, hw), st), st


# keep_layout (kwb_batch_norm / kwb_group_norm / kwb_pool's argument; the chain planner passes it where every reader
# of the result is a convolution of the GEMM class): a norm or pool of a channels-last input (the conv template's
# OUT_CHANNELS_LAST output, read in place) writes its result channels-last too (_kwb_norm_apply's Y_CL; the pool's
# output strides), the store along the channels as the load, and the convolution reads it in place instead of copying
# x to channels-last (level3 8_ResNetBasicBlock: batch norm -> ReLU -> conv, 128 MB each way; 11_VGG16: 4 max pools
# -> conv). Elsewhere (a consumer that walks NCHW: the direct path's depthwise convs, pointwise launches) the result
# stays contiguous. kwb_keep_layout False ignores the argument: the old plan, for bench/gpu/level3.py's A/B.
kwb_keep_layout = True


def _kwb_apply_norm(x, mean, var, w, b, eps, dims4, sstr, wstr, w_strided=False, xstr=None, post=None,
                    post_tensors=(), post_scalars=(), nsp=None, col_stats=False, reduce=None, keepdim=False,
                    keep_layout=False, out_dtype=None, upd=None):
    """Launch _kwb_norm_apply on x viewed as dims4 = (D0, D1, D2, L) at strides xstr (default: x contiguous);
    the result is contiguous of x's shape. sstr: the statistics' strides (s0, s1, s2) per row, or with col_stats
    (s_l,) per position l; wstr: (w1, w2, wl) of a contiguous w and b (made so here), or with w_strided their own (an
    expand view stays a view). post: the pointwise run after the norm (an epilogue with post_tensors /
    post_scalars, broadcast to x's shape, rank <= 5), applied before the store; nsp: how many trailing dims of x
    L merges (default x.dim() - 2: a norm's spatial dims). reduce: "sum" / "mean" / "amax" / "amin" /
    "logsumexp" over dim 1 (the channels) after post, keepdim as torch: fused into the tiles when x is
    channels-last with at most _kwb_norm_red_max channels, else kwb_reduce over the normalized result.
    keep_layout (no reduce; see kwb_keep_layout): a channels-last x's result is channels-last. out_dtype: the
    result's dtype (default x's). upd: (running_mean, running_var, count, momentum) of a batch norm's
    training step (dims4[1] == 1, per-row statistics): updated in this launch by the programs of image 0."""
    rows, L = dims4[0] * dims4[1] * dims4[2], dims4[3]
    if xstr is None:
        x = x if x.is_contiguous() else x.contiguous()
        xstr = (dims4[1] * dims4[2] * L, dims4[2] * L, L, 1)
    cl = not (xstr[3] == 1 or L == 1) and xstr[1] == dims4[2] * xstr[2]
    nc = cl and dims4[1] * dims4[2] == x.shape[1] and (nsp is None or nsp == x.dim() - 2) and x.dim() >= 3
    y_cl = keep_layout and kwb_keep_layout and nc and reduce is None and not col_stats
    red = -1
    if reduce is not None:
        if not (cl and dims4[1] * dims4[2] == x.shape[1] and x.shape[1] <= _kwb_norm_red_max and x.dim() <= 5):
            y = _kwb_apply_norm(x, mean, var, w, b, eps, dims4, sstr, wstr, w_strided, xstr, post, post_tensors,
                                post_scalars, nsp, col_stats, upd=upd)
            return _kwb_as(kwb_reduce(y, [1], reduce, keepdim), out_dtype)
        red = _kwb_norm_red_codes[reduce]
        shape = [x.shape[0], 1] + list(x.shape[2:])
        y = torch.empty(shape if keepdim else shape[:1] + shape[2:], dtype=out_dtype or x.dtype, device=x.device)
    elif y_cl:  # channels-last: x's layout ([N, spatial..., C] in memory)
        y = torch.empty([x.shape[0]] + list(x.shape[2:]) + [x.shape[1]], dtype=out_dtype or x.dtype,
                        device=x.device).movedim(-1, 1)
    else:
        y = torch.empty(x.shape, dtype=out_dtype or x.dtype, device=x.device)
    if x.numel() == 0:
        return y if red < 0 else _kwb_as(kwb_reduce(torch.empty(x.shape, dtype=x.dtype, device=x.device), [1],
                                                    reduce, keepdim), out_dtype)
    if not cl:  # rows along L in memory: long tile rows
        block_l = min(1024, _kwb_np2(L))
        block_row = min(_kwb_np2(rows), max(1, 2048 // block_l))
        n_row_progs = triton.cdiv(rows, block_row)
    elif red < 0:  # channels-last: a tile of channels (adjacent in memory) x positions (adjacent in y): square-ish
        # (52_'s apply ran at ~3.2 TB/s on the H200 with these tiles, session 16)
        block_l = min(64, _kwb_np2(L))
        block_row = min(_kwb_np2(dims4[1] * dims4[2]), max(1, 2048 // block_l))
        n_row_progs = dims4[0] * triton.cdiv(dims4[1] * dims4[2], block_row)
    else:  # the channel reduction fused: every channel of an image in one tile
        block_row = _kwb_np2(dims4[1] * dims4[2])
        block_l = min(_kwb_np2(L), max(16, 2048 // block_row))
        n_row_progs = dims4[0] * triton.cdiv(dims4[1] * dims4[2], block_row)
    w = x if w is None else w if w_strided else w.contiguous()
    b_ = x if b is None else b if w_strided else b.contiguous()
    if post is not None and x.dim() > 5:
        raise ValueError("_kwb_apply_norm: a post epilogue takes tensors of rank <= 5, got %s" % (tuple(x.shape),))
    sizes = ([1] * (5 - x.dim()) + list(x.shape))[1:] if x.dim() <= 5 else [1, 1, 1, 1]
    yx = y if red < 0 else x  # the epilogue's tensors broadcast to x's shape
    epi = _kwb_epi_pack(yx, post_tensors, post_scalars) if post is not None else _kwb_epi_pack(yx, (), ())
    span = 1 + sum((d - 1) * abs(s) for d, s in zip((dims4[0], dims4[1], dims4[2], L), xstr))
    i64 = max(span, x.numel()) >= 2 ** 31
    nsp = max(0, x.dim() - 2) if nsp is None else nsp
    sstr4 = (0, 0, 0, sstr[0]) if col_stats else tuple(sstr) + (0,)
    grid = (n_row_progs * triton.cdiv(L, block_l),)
    _kwb_norm_apply[grid](x, y, mean, var, w, b_, rows, dims4[1], dims4[2], L, *xstr, *sstr4, *wstr, float(eps),
                          *sizes, *epi, POST=post or _kwb_epi_identity, HAS_POST=post is not None,
                          HAS_W=w is not x, HAS_B=b is not None, CL=cl, COL_STATS=bool(col_stats),
                          W_COL=not col_stats and wstr[2] != 0, NSP=min(4, nsp), I64=i64, RED=red,
                          NC=cl and dims4[1] * dims4[2] == x.shape[1] and nsp == x.dim() - 2 and x.dim() >= 2,
                          Y_CL=y_cl, BLOCK_ROW=block_row, BLOCK_L=block_l,
                          num_warps=4 if block_row * block_l <= 2048 else 8,
                          run_m=x if upd is None else upd[0], run_v=x if upd is None else upd[1],
                          cnt=float(upd[2]) if upd is not None else 2.0,
                          momentum=float(upd[3]) if upd is not None else 0.0, UPD=upd is not None)
    return y


@triton.jit
def _kwb_norm_row1(x, y, w, b, ROWS, L, G, CPG, HW, eps, S1, S2, S3, S4, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                   s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                   PRE: tl.constexpr, HAS_W: tl.constexpr, HAS_B: tl.constexpr, BLOCK_M: tl.constexpr,
                   BLOCK_L: tl.constexpr, SLOT: tl.constexpr):
    # One pass over contiguous x viewed as [ROWS, L] with L <= BLOCK_L: BLOCK_M whole rows per program, loaded
    # once; mean and biased variance from registers (the deviations, not shifted sums), then
    # y = (x - mean) * rsqrt(var + eps) * w + b. Element l of row r reads its weight at (r % G) * CPG + l // HW
    # (layer norm: G = 1, HW = 1, the weight per position; group norm: per channel, CPG channels of HW a group).
    # PRE: the pointwise run before the norm (an epilogue on x's left-padded 5-D coordinates, sizes S), fused.
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_L)
    m = (rows < ROWS)[:, None] & (cols < L)[None, :]
    off = rows.to(tl.int64)[:, None] * L + cols[None, :]
    v = tl.load(x + off, mask=m, other=0.0).to(tl.float32)
    i0, i1, i2, i3, i4 = _kwb_coords5_row(rows.to(tl.int64)[:, None] * L, cols[None, :], 1, S1, S2, S3, S4, SLOT)
    v = tl.where(m, PRE(v, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                        s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3), 0.0)
    n = L * 1.0
    mean = tl.sum(v, 1) / n
    d = tl.where(m, v - mean[:, None], 0.0)
    v = d * tl.rsqrt(tl.sum(d * d, 1) / n + eps)[:, None]
    widx = ((rows % G) * CPG)[:, None] + cols[None, :] // HW
    if HAS_W:
        v = v * tl.load(w + widx, mask=m, other=1.0).to(tl.float32)
    if HAS_B:
        v = v + tl.load(b + widx, mask=m, other=0.0).to(tl.float32)
    tl.store(y + off, v.to(y.dtype.element_ty), mask=m)


def _kwb_norm_one_pass(x, rows, L, w, b, eps, G, CPG, HW, pre, pre_tensors, pre_scalars, out_dtype=None):
    """The one-launch norm of contiguous x as [rows, L] (L <= kwb_row1_max): _kwb_norm_row1, pre fused; the result
    in out_dtype (default x's)."""
    y = torch.empty(x.shape, dtype=out_dtype or x.dtype, device=x.device)
    if y.numel() == 0:
        return y
    block_l = _kwb_np2(L)
    block_m = min(_kwb_np2(rows), max(1, _kwb_row1_tile // block_l))
    while block_m > 1 and block_m * block_l > 512 and triton.cdiv(rows, block_m) < _kwb_sms(x):
        block_m //= 2  # small problems: a program per SM at least, down to 512 elements a program
    lead = 5 - x.dim()
    sizes = [1] * lead + list(x.shape)
    _kwb_norm_row1[(triton.cdiv(rows, block_m),)](
        x, y, x if w is None else w.contiguous(), x if b is None else b.contiguous(), rows, L, G, CPG, HW, float(eps),
        *sizes[1:], *_kwb_epi_pack(x, pre_tensors, pre_scalars), PRE=pre or _kwb_epi_identity, HAS_W=w is not None,
        HAS_B=b is not None, BLOCK_M=block_m, BLOCK_L=block_l, SLOT=_kwb_row_slot(sizes, L),
        num_warps=max(1, min(8, block_m * block_l // 256)))
    return y


def _kwb_moments(xv, red):
    """fp32 (mean, biased variance) of xv over dims red, keepdim-shaped."""
    shape = [1 if d in red else s for d, s in enumerate(xv.shape)]
    mean = torch.empty(shape, dtype=torch.float32, device=xv.device)
    var = torch.empty(shape, dtype=torch.float32, device=xv.device)
    _kwb_reduce_into(xv, red, "moments", mean, var)
    return mean, var


def _kwb_as(y, out_dtype):
    """y in out_dtype (one copy when it differs): a stage's out_dtype on a path that stored y another way."""
    if out_dtype is None or y.dtype == out_dtype:
        return y
    return kwb_pointwise(y, _kwb_epi_identity, out_dtype=out_dtype)


def _kwb_prologue(x, pre, pre_tensors, pre_scalars, fused):
    """x for a norm: contiguous, and with the pointwise run `pre` applied by one kwb_pointwise launch unless the
    one-pass kernel fuses it (fused)."""
    if pre is not None and not fused:
        return kwb_pointwise(x, pre, pre_tensors, pre_scalars)  # contiguous
    return x if x.is_contiguous() else x.contiguous()


kwb_group_norm_in_place = True  # False: a channels-last group norm input is copied first (session 15/16's path)
_kwb_gn_cl_tile = 4096          # elements of one statistics program (positions x all channels), 8 warps
_kwb_gn_cl_fold = 1024          # chunks the finish combines a step (a loop over more)


@triton.jit
def _kwb_gn_cl_part(x, pmean, pm2, C, G, CPG, P, sxn, sxc, sxp, n_chunks, BLOCK_P: tl.constexpr,
                    BLOCK_C: tl.constexpr, BLOCK_G: tl.constexpr):
    # Group statistics of x [N, C, P] read in place with all C channels of BLOCK_P positions a tile (channels-last:
    # sxc == 1, a position's channels one contiguous run, so the loads are whole rows, not C/G-element runs).
    # Program (n, chunk): each group's tile mean and sum of squared deviations from it (two passes over registers:
    # no E[x^2] - E[x]^2 cancellation), to pmean / pm2 [N, G, n_chunks]; channel -> group by a [C, G] one-hot (a
    # group's channels need not be a power of two).
    pid = tl.program_id(0)
    n = pid // n_chunks
    ch = pid % n_chunks
    p = ch * BLOCK_P + tl.arange(0, BLOCK_P)
    c = tl.arange(0, BLOCK_C)
    gi = tl.arange(0, BLOCK_G)
    cmask = c < C
    m = (p < P)[:, None] & cmask[None, :]
    v = tl.load(x + n.to(tl.int64) * sxn + p.to(tl.int64)[:, None] * sxp + c[None, :] * sxc, mask=m,
                other=0.0).to(tl.float32)
    oh = ((c // CPG)[:, None] == gi[None, :]) & cmask[:, None]
    cnt = (tl.minimum(P - ch * BLOCK_P, BLOCK_P) * CPG).to(tl.float32)
    mean_g = tl.sum(tl.where(oh, tl.sum(v, 0)[:, None], 0.0), 0) / cnt
    mean_c = tl.sum(tl.where(oh, mean_g[None, :], 0.0), 1)
    d = tl.where(m, v - mean_c[None, :], 0.0)
    m2_g = tl.sum(tl.where(oh, tl.sum(d * d, 0)[:, None], 0.0), 0)
    gm = gi < G
    o = (n * G + gi) * n_chunks + ch
    tl.store(pmean + o, mean_g, mask=gm)
    tl.store(pm2 + o, m2_g, mask=gm)


@triton.jit
def _kwb_gn_cl_finish(pmean, pm2, mean, var, P, CPG, n_chunks, BLOCK_P: tl.constexpr, BLOCK_K: tl.constexpr):
    # (n, g)'s mean and biased variance from its chunks' (count, mean, M2) by Chan's combine, in a fixed order
    # (deterministic): mean = sum(n_k mean_k) / n, M2 = sum(M2_k + n_k (mean_k - mean)^2)
    r = tl.program_id(0)
    base = r.to(tl.int64) * n_chunks
    tot = P * CPG * 1.0
    acc = tl.zeros([BLOCK_K], dtype=tl.float32)
    for k0 in range(0, n_chunks, BLOCK_K):
        k = k0 + tl.arange(0, BLOCK_K)
        km = k < n_chunks
        nk = (tl.minimum(P - k * BLOCK_P, BLOCK_P) * CPG).to(tl.float32)
        acc += tl.where(km, nk * tl.load(pmean + base + k, mask=km, other=0.0), 0.0)
    mu = tl.sum(acc, 0) / tot
    acc = tl.zeros([BLOCK_K], dtype=tl.float32)
    for k0 in range(0, n_chunks, BLOCK_K):
        k = k0 + tl.arange(0, BLOCK_K)
        km = k < n_chunks
        nk = (tl.minimum(P - k * BLOCK_P, BLOCK_P) * CPG).to(tl.float32)
        dk = tl.load(pmean + base + k, mask=km, other=0.0) - mu
        acc += tl.where(km, tl.load(pm2 + base + k, mask=km, other=0.0) + nk * dk * dk, 0.0)
    tl.store(mean + r, mu)
    tl.store(var + r, tl.sum(acc, 0) / tot)


def _kwb_gn_cl_moments(x, g, st):
    """fp32 (mean, biased variance) [N, G] of x [N, C, *] whose positions merge into one stride st[3] and whose
    channels are st[2] apart (channels-last: 1), read in place by _kwb_gn_cl_part + _kwb_gn_cl_finish."""
    n, c = x.shape[0], x.shape[1]
    p = _kwb_prod(x.shape[2:])
    block_c = _kwb_np2(c)
    block_p = min(_kwb_np2(p), max(1, _kwb_gn_cl_tile // block_c))
    n_chunks = triton.cdiv(p, block_p)
    pmean = torch.empty((n, g, n_chunks), dtype=torch.float32, device=x.device)
    pm2 = torch.empty_like(pmean)
    _kwb_gn_cl_part[(n * n_chunks,)](x, pmean, pm2, c, g, c // g, p, x.stride(0), st[2], st[3], n_chunks,
                                     BLOCK_P=block_p, BLOCK_C=block_c, BLOCK_G=_kwb_np2(g),
                                     num_warps=max(1, min(8, block_p * block_c // 256)))
    mean = torch.empty((n, g), dtype=torch.float32, device=x.device)
    var = torch.empty_like(mean)
    _kwb_gn_cl_finish[(n * g,)](pmean, pm2, mean, var, p, c // g, n_chunks, BLOCK_P=block_p,
                                BLOCK_K=min(_kwb_gn_cl_fold, _kwb_np2(n_chunks)), num_warps=4)
    return mean, var


def _kwb_gn_in_place(x, g):
    """x's [N, G, C/G, L] strides when its group norm reads it in place (kwb_group_norm_in_place, a channels-last
    layout: channel stride 1, positions merged, at most 1024 channels), else None."""
    if not kwb_group_norm_in_place or x.dim() < 3 or x.is_contiguous() or x.shape[1] > 1024 or x.numel() == 0:
        return None
    st = _kwb_norm_strides(x, g)
    return st if st is not None and x.stride(1) == 1 and x.shape[1] > 1 else None


def kwb_group_norm(x, num_groups, weight, bias, eps, pre=None, pre_tensors=(), pre_scalars=(), epi=None,
                   epi_tensors=(), epi_scalars=(), reduce=None, keepdim=False, keep_layout=False, out_dtype=None):
    """epi(group_norm(pre(x))) of x [N, C, *] at any strides (pre / epi: the pointwise runs before / after the
    norm, epilogues, or None; epi= as every anchor takes it); weight / bias per channel or None. The result is
    contiguous. reduce (with keepdim): the reduction over dim 1 that follows (sum, mean, amax, amin, logsumexp),
    returned instead of the normalized tensor; fused into the apply's tiles on the in-place channels-last path.
    keep_layout: on that path the result is channels-last (see kwb_keep_layout). out_dtype: the result's dtype
    (default x's), stored by the last launch."""
    n, c, g = x.shape[0], x.shape[1], int(num_groups)
    fits = x.dim() <= 5 and _kwb_prod(x.shape[1:]) // g <= kwb_row1_max and (x.is_contiguous() or pre is not None)
    hw = _kwb_prod(x.shape[2:])
    if fits:  # a group fits one tile: one launch (statistics and apply), epi its own launch
        x = _kwb_prologue(x, pre, pre_tensors, pre_scalars, True)
        last = epi is None and reduce is None
        y = _kwb_norm_one_pass(x, n * g, (c // g) * hw, weight, bias, eps, g, c // g, hw, pre, pre_tensors,
                               pre_scalars, out_dtype if last else None)
        y = y if epi is None else kwb_pointwise(y, epi, epi_tensors, epi_scalars, out_dtype if reduce is None else None)
        return y if reduce is None else _kwb_as(kwb_reduce(y, [1], reduce, keepdim), out_dtype)
    if pre is not None:
        x = kwb_pointwise(x, pre, pre_tensors, pre_scalars)  # contiguous
    st = _kwb_gn_in_place(x, g)
    if st is not None:
        # channels-last read in place: statistics from [positions x all channels] tiles, the apply's tiles whole
        # positions too. Session 15's in-place try read C/G-element runs per group (92_'s moments 2079 us) and
        # decoded each element's 64-bit offset in the apply (3551 us, 255 registers): both gone here.
        mean, var = _kwb_gn_cl_moments(x, g, st)
        return _kwb_apply_norm(x, mean, var, weight, bias, eps, (n, g, c // g, hw), (g, 1, 0), (c // g, 1, 0),
                               xstr=st, post=epi, post_tensors=epi_tensors, post_scalars=epi_scalars, reduce=reduce,
                               keepdim=keepdim, keep_layout=keep_layout, out_dtype=out_dtype)
    if not x.is_contiguous():
        x = x.contiguous()  # other strided layouts: one copy (the reduce's runs would be short)
    x, xv, st = _kwb_norm_view(x, g)
    mean, var = _kwb_moments(xv, [2, 3])
    return _kwb_apply_norm(x, mean, var, weight, bias, eps, (n, g, c // g, hw), (g, 1, 0), (c // g, 1, 0),
                           xstr=st, post=epi, post_tensors=epi_tensors, post_scalars=epi_scalars, reduce=reduce,
                           keepdim=keepdim, out_dtype=out_dtype)


@triton.jit
def _kwb_ln_kernel(x, y, w, b, A1, B, L, xa0, xa1, xb, xl, ya0, ya1, yb, n_b, eps, S1, S2, S3, S4,
                   e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                   s30, s31, s32, s33, s34, f0, f1, f2, f3, g0, g1, g2, g3, t00, t01, t02, t03, t04, t10, t11, t12,
                   t13, t14, t20, t21, t22, t23, t24, t30, t31, t32, t33, t34, h0, h1, h2, h3, PRE: tl.constexpr,
                   POST: tl.constexpr, HAS_W: tl.constexpr, HAS_B: tl.constexpr, BLOCK_B: tl.constexpr,
                   BLOCK_L: tl.constexpr, SLOT: tl.constexpr):
    # Layer norm in one pass over x read in place, any strides: rows (a0, a1, b) x the normalized run l (one
    # merged run of length L <= BLOCK_L, weight index l). A program holds BLOCK_B rows of consecutive b (the
    # innermost kept run: the channels of a channels-last tensor, so loads coalesce along b there, along l when
    # x is contiguous) x the whole normalized run; y is contiguous (x's shape, l its stride-1 run).
    # PRE / POST: the pointwise runs before / after the norm (epilogues on the output's coordinates), fused.
    pid = tl.program_id(0)
    a = pid // n_b
    offs_b = (pid % n_b) * BLOCK_B + tl.arange(0, BLOCK_B)
    cols = tl.arange(0, BLOCK_L)
    m = (offs_b < B)[:, None] & (cols < L)[None, :]
    a0 = (a // A1).to(tl.int64)
    a1 = (a % A1).to(tl.int64)
    xoff = a0 * xa0 + a1 * xa1 + offs_b.to(tl.int64)[:, None] * xb + cols.to(tl.int64)[None, :] * xl
    yoff = a0 * ya0 + a1 * ya1 + offs_b.to(tl.int64)[:, None] * yb + cols.to(tl.int64)[None, :]
    v = tl.load(x + xoff, mask=m, other=0.0).to(tl.float32)
    i0, i1, i2, i3, i4 = _kwb_coords5_row(yoff - cols.to(tl.int64)[None, :], cols.to(tl.int64)[None, :], 1, S1, S2, S3,
                                          S4, SLOT)
    v = tl.where(m, PRE(v, i0, i1, i2, i3, i4, m, g0, g1, g2, g3, t00, t01, t02, t03, t04, t10, t11, t12, t13, t14,
                        t20, t21, t22, t23, t24, t30, t31, t32, t33, t34, h0, h1, h2, h3), 0.0)
    n = L * 1.0
    mean = tl.sum(v, 1) / n
    d = tl.where(m, v - mean[:, None], 0.0)
    v = d * tl.rsqrt(tl.sum(d * d, 1) / n + eps)[:, None]
    if HAS_W:
        v = v * tl.load(w + cols, mask=cols < L, other=1.0).to(tl.float32)[None, :]
    if HAS_B:
        v = v + tl.load(b + cols, mask=cols < L, other=0.0).to(tl.float32)[None, :]
    v = POST(v, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
             s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(y + yoff, v.to(y.dtype.element_ty), mask=m)


kwb_layer_norm_in_place = True  # False: the copy-then-norm path of session 14 (bench/gpu/stages_cl.py's A/B)


def _kwb_ln_strided(x, k, weight, bias, eps, pre, pre_tensors, pre_scalars, epi, epi_tensors, epi_scalars,
                    out_dtype=None):
    """kwb_layer_norm's one-pass launch on x as it is (no copy), or None where x's normalized dims do not merge
    into one run, its rows need more than three runs, or a row exceeds kwb_row1_max."""
    if x.dim() > 5 or x.numel() == 0:
        return None
    y = torch.empty(x.shape, dtype=out_dtype or x.dtype, device=x.device)
    kept, reds = _kwb_runs(x, list(y.stride()), list(range(x.dim() - k, x.dim())))
    if len(kept) > 3 or len(reds) > 1 or (reds and reds[0][2] != 1) or (reds and reds[0][0] > kwb_row1_max):
        return None
    (ka0, ka1, kb), (L, xl, _) = ([(1, 0, 0)] * 3 + kept)[-3:], (reds or [(1, 0, 1)])[0]
    block_l = _kwb_np2(L)
    block_b = min(_kwb_np2(kb[0]), max(1, _kwb_row1_tile // block_l))
    n_a = ka0[0] * ka1[0]
    while block_b > 1 and block_b * block_l > 512 and n_a * triton.cdiv(kb[0], block_b) < _kwb_sms(x):
        block_b //= 2  # small problems: a program per SM at least, down to 512 elements a program
    n_b = triton.cdiv(kb[0], block_b)
    sizes = ([1] * (5 - x.dim()) + list(x.shape))[1:]
    ident = _kwb_epi_identity
    slot = _kwb_row_slot([1] + sizes, L)
    _kwb_ln_kernel[(n_a * n_b,)](
        x, y, x if weight is None else weight.contiguous(), x if bias is None else bias.contiguous(), ka1[0], kb[0],
        L, ka0[1], ka1[1], kb[1], xl, ka0[2], ka1[2], kb[2], n_b, float(eps), *sizes,
        *_kwb_epi_pack(x, epi_tensors, epi_scalars), *_kwb_epi_pack(x, pre_tensors, pre_scalars),
        PRE=pre or ident, POST=epi or ident, HAS_W=weight is not None, HAS_B=bias is not None, BLOCK_B=block_b,
        BLOCK_L=block_l, SLOT=slot, num_warps=max(1, min(8, block_b * block_l // 256)))
    return y


def kwb_layer_norm(x, normalized_shape, weight, bias, eps, pre=None, pre_tensors=(), pre_scalars=(), epi=None,
                   epi_tensors=(), epi_scalars=(), out_dtype=None):
    """layer_norm of pre(x) over the trailing len(normalized_shape) dims, then epi (pre / epi: the pointwise
    runs before / after the norm, epilogues over x's shape, or None); weight / bias of normalized_shape or None.
    One launch reading x in place (a channels-last conv output needs no copy) when the normalized dims form one
    run of at most kwb_row1_max elements; else statistics and apply on a contiguous copy. out_dtype: the result's
    dtype (default x's), stored by the last launch."""
    k = 1 if isinstance(normalized_shape, int) else len(normalized_shape)
    y = _kwb_ln_strided(x, k, weight, bias, eps, pre, pre_tensors, pre_scalars, epi, epi_tensors, epi_scalars,
                        out_dtype) if kwb_layer_norm_in_place else None
    if y is not None:
        return y
    r = _kwb_prod(x.shape[x.dim() - k:])
    fits = x.dim() <= 5 and r <= kwb_row1_max
    x = _kwb_prologue(x, pre, pre_tensors, pre_scalars, fits)
    rows = _kwb_prod(x.shape[:x.dim() - k])
    last = out_dtype if epi is None else None
    if fits:  # a row fits one tile: one launch (statistics and apply)
        y = _kwb_norm_one_pass(x, rows, r, weight, bias, eps, 1, 0, 1, pre, pre_tensors, pre_scalars, last)
    else:
        mean, var = _kwb_moments(x.view(rows, r), [1])
        y = _kwb_apply_norm(x, mean, var, weight, bias, eps, (rows, 1, 1, r), (1, 0, 0), (0, 0, 1), out_dtype=last)
    return y if epi is None else kwb_pointwise(y, epi, epi_tensors, epi_scalars, out_dtype)


@triton.jit
def _kwb_bn_update(rm, rv, mean, var, C, n, momentum, BLOCK: tl.constexpr):
    # running stats as torch: (1 - momentum) * running + momentum * batch, the variance unbiased
    c = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = c < C
    bm = tl.load(mean + c, mask=m, other=0.0)
    bv = tl.load(var + c, mask=m, other=0.0) * (n / (n - 1.0))
    old_m = tl.load(rm + c, mask=m, other=0.0).to(tl.float32)
    old_v = tl.load(rv + c, mask=m, other=0.0).to(tl.float32)
    tl.store(rm + c, ((1.0 - momentum) * old_m + momentum * bm).to(rm.dtype.element_ty), mask=m)
    tl.store(rv + c, ((1.0 - momentum) * old_v + momentum * bv).to(rv.dtype.element_ty), mask=m)


def _kwb_channel_split(weight, bias, c):
    """Per-channel weight and bias of C channels, either a 2-D [G, C/G] view (instance norm's per-sample tile of
    a [C/G] weight as expand(G, -1): zero stride) or [C]: both as [G, C/G] with one pair of strides, and G."""
    two = [t for t in (weight, bias) if t is not None and t.dim() == 2]
    if not two:
        return weight, bias, 1
    g, cg = two[0].shape
    if g * cg != c or any(tuple(t.shape) != (g, cg) for t in two):
        raise ValueError("kwb_batch_norm: 2-D weight/bias %s do not split %d channels"
                         % ([tuple(t.shape) for t in two], c))
    weight, bias = (t if t is None or t.dim() == 2 else t.view(g, cg) for t in (weight, bias))
    if weight is not None and bias is not None and weight.stride() != bias.stride():
        weight, bias = weight.contiguous(), bias.contiguous()  # one set of strides reads both
    return weight, bias, g


kwb_bn_rows = True  # False: instance norm's short rows through the moments pass + apply (two launches)


def _kwb_bn_rows(x, weight, bias, running_mean, training, eps, stats, reduce, epi):
    """Batch statistics of x [1, C, *] (instance norm's [1, N*C, L] view, or a batch of one) where each channel is
    one contiguous row of at most kwb_row1_max elements, with no running statistics to update, no statistics
    given, no fused reduction and no epilogue: the one-launch row norm (_kwb_norm_row1: statistics and apply from
    registers). Else None. The moments pass gave such rows few programs (u10: 256 rows of 120 on 8 programs,
    4.4 us, then a 2.0 us apply) and read x twice."""
    if not kwb_bn_rows or x.dim() < 2 or x.shape[0] != 1 or not (training or running_mean is None):
        return None
    if running_mean is not None or stats is not None or reduce is not None or epi is not None:
        return None
    c, hw = x.shape[1], _kwb_prod(x.shape[2:])
    if not x.is_contiguous() or hw > kwb_row1_max or x.numel() == 0:
        return None
    # weight / bias as one per-row vector read at (row % G) * CPG + l // HW with CPG = 1, HW = L: a [G, C/G] view
    # of zero stride over G (a per-sample tile of a [C/G] weight) reads its first row with G = C/G; any other
    # shape reads all C values (G = C).
    two = [t for t in (weight, bias) if t is not None and t.dim() == 2]
    if two and all(t.stride(0) == 0 for t in two) and len(two) == len([t for t in (weight, bias) if t is not None]):
        w1, b1 = (None if t is None else t[0] for t in (weight, bias))
        period = two[0].shape[1]
    else:
        w1, b1 = (None if t is None else t.reshape(-1) for t in (weight, bias))
        period = c
    return _kwb_norm_one_pass(x, c, hw, w1, b1, eps, period, 1, hw, None, (), ())


# ---- batch statistics in one launch (issue 14, session 21): a training-mode batch norm whose every channel holds at
# most kwb_bn_one_pass_max elements (N x positions) -- every small CNN the harness runs as built, in training mode --
# was three launches (the moments pass, _kwb_bn_update, the apply), each a few microseconds of a forward whose data
# is kilobytes. One program per block of channels loads its channels' N x L elements once, takes mean and biased
# variance from registers (deviations, no shifted sums), updates the running statistics and stores
# POST((x - mean) * rsqrt(var + eps) * w + b). Longer channels keep the three launches (the moments pass splits
# them over the SMs). kwb_bn_one_pass False: the three launches at every size (the A/B's old plan).
kwb_bn_one_pass = True
kwb_bn_one_pass_max = 8192  # elements of one channel (N x L), one tile of registers per program as kwb_row1_max
# kwb_bn_update_in_apply: past that limit, the running statistics are updated by the apply pass's programs of image 0
# (the moments pass, then the apply: two launches, where _kwb_bn_update made three). False: its own launch again.
kwb_bn_update_in_apply = True


@triton.jit
def _kwb_bn_one(x, y, w, b, rm, rv, N, C, L, sxn, sxc, sxl, syn, syc, syl, eps, momentum, S1, S2, S3, S4,
                e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                s30, s31, s32, s33, s34, f0, f1, f2, f3, POST: tl.constexpr, HAS_POST: tl.constexpr,
                HAS_W: tl.constexpr, HAS_B: tl.constexpr, UPD: tl.constexpr, NSP: tl.constexpr, I64: tl.constexpr,
                BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # x [N, C, L] at strides (sxn, sxc, sxl), y at (syn, syc, syl); a program holds BLOCK_C channels x all N * L of
    # their elements (r = n * L + l, BLOCK_R >= N * L). UPD: the running statistics (rm, rv) updated as torch does,
    # (1 - momentum) * running + momentum * batch with the variance unbiased. POST: the pointwise run after the norm
    # on x's left-padded 5-D coordinates (sizes S1..S4; NSP = rank - 2 spatial dims in L).
    c = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    r = tl.arange(0, BLOCK_R)
    cm = c < C
    n = r // L
    l = r % L
    m = (r < N * L)[:, None] & cm[None, :]
    if I64:
        xoff = (n.to(tl.int64) * sxn + l.to(tl.int64) * sxl)[:, None] + c.to(tl.int64)[None, :] * sxc
        yoff = (n.to(tl.int64) * syn + l.to(tl.int64) * syl)[:, None] + c.to(tl.int64)[None, :] * syc
    else:
        xoff = (n * sxn + l * sxl)[:, None] + c[None, :] * sxc
        yoff = (n * syn + l * syl)[:, None] + c[None, :] * syc
    v = tl.load(x + xoff, mask=m, other=0.0).to(tl.float32)
    cnt = (N * L) * 1.0
    mean = tl.sum(v, 0) / cnt
    d = tl.where(m, v - mean[None, :], 0.0)
    var = tl.sum(d * d, 0) / cnt
    if UPD:
        old_m = tl.load(rm + c, mask=cm, other=0.0).to(tl.float32)
        old_v = tl.load(rv + c, mask=cm, other=0.0).to(tl.float32)
        tl.store(rm + c, ((1.0 - momentum) * old_m + momentum * mean).to(rm.dtype.element_ty), mask=cm)
        tl.store(rv + c, ((1.0 - momentum) * old_v + momentum * (var * (cnt / (cnt - 1.0)))).to(rv.dtype.element_ty),
                 mask=cm)
    a = tl.rsqrt(var + eps)
    if HAS_W:
        a = a * tl.load(w + c, mask=cm, other=1.0).to(tl.float32)
    v = d * a[None, :]
    if HAS_B:
        v = v + tl.load(b + c, mask=cm, other=0.0).to(tl.float32)[None, :]
    if HAS_POST:
        nn_ = n[:, None] + c[None, :] * 0
        cc = c[None, :] + r[:, None] * 0
        ll = l[:, None] + c[None, :] * 0
        zero = cc * 0
        if NSP == 0:
            i0, i1, i2, i3, i4 = zero, zero, zero, nn_, cc
        elif NSP == 1:
            i0, i1, i2, i3, i4 = zero, zero, nn_, cc, ll
        elif NSP == 2:
            i0, i1, i2, i3, i4 = zero, nn_, cc, ll // S4, ll % S4
        else:
            i0, i1, i2, i3, i4 = nn_, cc, ll // (S3 * S4), (ll // S4) % S3, ll % S4
        v = POST(v, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                 s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(y + yoff, v.to(y.dtype.element_ty), mask=m)


def _kwb_bn_one_pass(x, weight, bias, running_mean, running_var, training, momentum, eps, epi, epi_tensors,
                     epi_scalars, stats, reduce, keep_layout):
    """kwb_batch_norm in one launch (_kwb_bn_one) where it applies: batch statistics (training, or no running
    statistics), none given (stats) and no fused reduce, 1-D weight / bias, rank 2..5, the positions merging into one
    stride, and N x L <= kwb_bn_one_pass_max elements a channel. Else None (the caller's moments + apply)."""
    if not kwb_bn_one_pass or stats is not None or reduce is not None or not (training or running_mean is None):
        return None
    if momentum is None and training and running_mean is not None:
        return None  # torch's cumulative average (momentum=None): the launches as before
    if x.dim() < 2 or x.dim() > 5 or x.numel() == 0 or any(t is not None and t.dim() != 1 for t in (weight, bias)):
        return None
    n, c = x.shape[0], x.shape[1]
    hw = _kwb_prod(x.shape[2:])
    if n * hw > kwb_bn_one_pass_max or n * hw < 2:
        return None
    st = _kwb_norm_strides(x, 1)
    if st is None:
        return None
    sxn, sxc, sxl = st[0], st[2], st[3]
    # the result's layout as the apply pass writes it: channels-last where it would keep a channels-last input's
    cl = keep_layout and kwb_keep_layout and hw > 1 and sxl != 1 and x.dim() >= 3
    if cl:
        y = torch.empty([n] + list(x.shape[2:]) + [c], dtype=x.dtype, device=x.device).movedim(-1, 1)
        syn, syc, syl = hw * c, 1, c
    else:
        y = torch.empty(x.shape, dtype=x.dtype, device=x.device)
        syn, syc, syl = c * hw, hw, 1
    block_r = _kwb_np2(n * hw)
    block_c = min(_kwb_np2(c), max(1, _kwb_row1_tile // block_r))
    while block_c > 1 and block_c * block_r > 512 and triton.cdiv(c, block_c) < _kwb_sms(x):
        block_c //= 2  # small problems: a program per SM at least, down to 512 elements a program
    span = 1 + (n - 1) * abs(sxn) + (c - 1) * abs(sxc) + (hw - 1) * abs(sxl)
    sizes = ([1] * (5 - x.dim()) + list(x.shape))[1:]
    upd = training and running_mean is not None
    _kwb_bn_one[(triton.cdiv(c, block_c),)](
        x, y, x if weight is None else weight, x if bias is None else bias,
        running_mean if upd else x, running_var if upd else x, n, c, hw, sxn, sxc, sxl, syn, syc, syl, float(eps),
        float(momentum or 0.0), *sizes,
        *(_kwb_epi_pack(y, epi_tensors, epi_scalars) if epi is not None else _kwb_epi_pack(y, (), ())),
        POST=epi or _kwb_epi_identity, HAS_POST=epi is not None, HAS_W=weight is not None, HAS_B=bias is not None,
        UPD=upd, NSP=x.dim() - 2, I64=max(span, y.numel()) >= 2 ** 31, BLOCK_R=block_r, BLOCK_C=block_c,
        num_warps=max(1, min(8, block_r * block_c // 256)))
    return y


def kwb_batch_norm(x, weight, bias, running_mean, running_var, training, momentum, eps, epi=None, epi_tensors=(),
                   epi_scalars=(), stats=None, reduce=None, keepdim=False, keep_layout=False):
    """epi(batch_norm(x)) of x [N, C, *] at any strides (instance norm: a [1, N*C, L] view); the result is
    contiguous. training: batch statistics (biased variance) and, when running stats are given, their in-place
    update (unbiased variance). weight / bias: [C], or [G, C/G] views read by index (instance norm's [C/G] weight
    expanded per sample). epi: the pointwise run after the norm (an epilogue, as every anchor takes it), or None.
    stats: x's fp32 per-channel (mean, biased variance) when its producer computed them (conv_forward(...,
    stats=True): CONV_STATS), or None: then the moments pass computes them (batch statistics only; eval mode reads
    the running ones). reduce / keepdim: a following reduction over dim 1, as kwb_group_norm takes it.
    keep_layout: a channels-last x's result is channels-last (see kwb_keep_layout)."""
    n, c = x.shape[0], x.shape[1]
    hw = _kwb_prod(x.shape[2:])
    weight, bias, g = _kwb_channel_split(weight, bias, c)
    one = _kwb_bn_rows(x, weight, bias, running_mean, training, eps, stats, reduce, epi)
    if one is not None:
        return one
    if g == 1:
        one = _kwb_bn_one_pass(x, weight, bias, running_mean, running_var, training, momentum, eps, epi, epi_tensors,
                               epi_scalars, stats, reduce, keep_layout)
        if one is not None:
            return one
    x, xv, st = _kwb_norm_view(x, 1)  # channels-last read through its strides: no copy
    upd = None
    if training or running_mean is None:
        mean, var = (stats[0].view(1, 1, c, 1), stats[1].view(1, 1, c, 1)) if stats is not None else \
            _kwb_moments(xv, [0, 1, 3])
        if training and running_mean is not None and x.numel() > 0:
            if kwb_bn_update_in_apply and g == 1 and not (hw == 1 and c > 1):
                upd = (running_mean, running_var, n * hw, momentum)  # the apply's programs of image 0 update them
            else:
                _kwb_bn_update[(triton.cdiv(c, 256),)](running_mean, running_var, mean, var, c, float(n * hw),
                                                       float(momentum), BLOCK=256, num_warps=4)
    else:
        mean, var = running_mean, running_var
    pk = dict(post=epi, post_tensors=epi_tensors, post_scalars=epi_scalars, reduce=reduce, keepdim=keepdim)
    if g == 1 and hw == 1 and c > 1:
        # [N, C] (a GEMM's output, 84_): N rows of C positions with per-position statistics, so the tiles are
        # rows of C (one element a row was 2048 rows of one column a program: 88 us for 32 MB, 255 registers)
        return _kwb_apply_norm(x, mean, var, weight, bias, eps, (n, 1, 1, c), (1,), (0, 0, 1),
                               xstr=(st[0], 0, 0, st[2]), nsp=x.dim() - 1, col_stats=True, **pk)
    if g == 1:
        return _kwb_apply_norm(x, mean, var, weight, bias, eps, (n, 1, c, hw), (0, 0, 1), (0, 1, 0), xstr=st,
                               keep_layout=keep_layout, upd=upd, **pk)
    w0 = weight if weight is not None else bias  # channel g0 * C/G + c0 reads its weight at [g0, c0]
    return _kwb_apply_norm(x, mean, var, weight, bias, eps, (n, g, c // g, hw), (0, c // g, 1),
                           (w0.stride(0), w0.stride(1), 0), w_strided=True, xstr=_kwb_norm_strides(x, g), **pk)


kwb_pool_channels_last = True  # channels-innermost inputs take _kwb_pool_cl_kernel (False: the plane kernel)
_kwb_pool_cl_tile = 2048       # outputs of one channels-last program (BLOCK_W x BLOCK_C)


def _kwb_pool_out(i, k, s, p, d, ceil):
    """PyTorch's pooling_output_shape: with ceil_mode the last window must start inside input or left pad."""
    o = (i + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil else 0)) // s + 1
    if ceil and (o - 1) * s >= i + p:
        o -= 1
    return o


@triton.jit
def _kwb_pool_tap(acc, rowp, wi, m, sw, IS_MAX: tl.constexpr):
    v = tl.load(rowp + wi.to(tl.int64) * sw, mask=m, other=0.0).to(tl.float32)
    if IS_MAX:
        acc = _kwb_max_nan(tl.where(m, v, float("-inf")), acc)
    else:
        acc += v
    return acc


@triton.jit
def _kwb_pool_kernel(x, y, C, n_ob, ID, IH, IW, OD, OH, OW, sn, sc, sd, sh, sw, SD, SH, SW, PD, PH, PW,
                     DD, DH, DW, KD, KH, divisor, KW: tl.constexpr, IS_MAX: tl.constexpr, COUNT_PAD: tl.constexpr,
                     HAS_DIV: tl.constexpr, BLOCK: tl.constexpr, ADAPTIVE: tl.constexpr = False,
                     W_LOOP: tl.constexpr = False):
    # BLOCK output positions of one (n, c) plane per program (1-D / 2-D pools: D (and H) of size 1). ADAPTIVE: output
    # o of a dim of I inputs and O outputs pools inputs floor(o I / O) .. ceil((o + 1) I / O) - 1 (torch's adaptive
    # windows: uneven, overlapping where O does not divide I), KD x KH x KW the largest window, masked to each one's
    # end; W_LOOP: the W taps in a loop, not unrolled (a wide window)
    pid = tl.program_id(0)
    nc = pid // n_ob
    o = (pid % n_ob) * BLOCK + tl.arange(0, BLOCK)
    om = o < OD * OH * OW
    ow = o % OW
    oh = (o // OW) % OH
    od = o // (OW * OH)
    base = x + (nc // C).to(tl.int64) * sn + (nc % C).to(tl.int64) * sc
    if ADAPTIVE:
        d0 = (od * ID) // OD
        h0 = (oh * IH) // OH
        w0 = (ow * IW) // OW
        de = ((od + 1) * ID + OD - 1) // OD  # the window's end (exclusive)
        he = ((oh + 1) * IH + OH - 1) // OH
        we = ((ow + 1) * IW + OW - 1) // OW
    else:
        d0 = od * SD - PD
        h0 = oh * SH - PH
        w0 = ow * SW - PW
        de = ID  # the input's end: taps past it are padding
        he = IH
        we = IW
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    if IS_MAX:
        acc = acc + float("-inf")  # padding is -inf: it never wins
    for kd in range(KD):
        di = d0 + kd * DD
        md = om & (di >= 0) & (di < de)
        for kh in range(KH):
            hi = h0 + kh * DH
            mh = md & (hi >= 0) & (hi < he)
            rowp = base + di.to(tl.int64) * sd + hi.to(tl.int64) * sh
            if W_LOOP:
                for kw in range(KW):
                    wi = w0 + kw * DW
                    acc = _kwb_pool_tap(acc, rowp, wi, mh & (wi >= 0) & (wi < we), sw, IS_MAX)
            else:
                for kw in tl.static_range(KW):
                    wi = w0 + kw * DW
                    acc = _kwb_pool_tap(acc, rowp, wi, mh & (wi >= 0) & (wi < we), sw, IS_MAX)
    if not IS_MAX:
        if ADAPTIVE:  # the mean over the window's own taps
            acc = acc / ((de - d0) * (he - h0) * (we - w0)).to(tl.float32)
        elif HAS_DIV:
            acc = acc / divisor
        else:  # PyTorch's divisor: the window clipped to input + padding, or (count_include_pad off) to input
            de = tl.minimum(d0 + KD, ID + PD)
            he = tl.minimum(h0 + KH, IH + PH)
            we = tl.minimum(w0 + KW, IW + PW)
            if COUNT_PAD:
                cnt = (de - d0) * (he - h0) * (we - w0)
            else:
                cnt = ((tl.minimum(de, ID) - tl.maximum(d0, 0)) * (tl.minimum(he, IH) - tl.maximum(h0, 0))
                       * (tl.minimum(we, IW) - tl.maximum(w0, 0)))
            acc = acc / cnt.to(tl.float32)
    tl.store(y + nc.to(tl.int64) * (OD * OH * OW) + o, acc.to(y.dtype.element_ty), mask=om)


@triton.jit
def _kwb_pool_cl_tap(acc, rowp, wi, m, sw, IS_MAX: tl.constexpr):
    v = tl.load(rowp + wi.to(tl.int64)[:, None] * sw, mask=m, other=0.0).to(tl.float32)
    if IS_MAX:
        acc = _kwb_max_nan(tl.where(m, v, float("-inf")), acc)
    else:
        acc += v
    return acc


@triton.jit
def _kwb_pool_cl_kernel(x, y, C, OH_ROWS, ID, IH, IW, OD, OH, OW, sn, sc, sd, sh, sw, yn, yc, yd, yh, yw, SD, SH, SW,
                        PD, PH, PW, DD, DH, DW, KD, KH, divisor, KW: tl.constexpr, IS_MAX: tl.constexpr,
                        COUNT_PAD: tl.constexpr, HAS_DIV: tl.constexpr, BLOCK_W: tl.constexpr,
                        BLOCK_C: tl.constexpr, ADAPTIVE: tl.constexpr = False, W_LOOP: tl.constexpr = False):
    # Channels innermost in x (the conv template's channels-last output): a program pools BLOCK_W outputs of
    # one output row (n, od, oh) x BLOCK_C channels, so every tap loads a [BLOCK_W, BLOCK_C] tile contiguous
    # along C; the row's depth and height taps are scalars (one test each), only W is masked per lane.
    # ADAPTIVE, W_LOOP: as _kwb_pool_kernel's.
    row = tl.program_id(0)
    ow = tl.program_id(1) * BLOCK_W + tl.arange(0, BLOCK_W)
    c = tl.program_id(2) * BLOCK_C + tl.arange(0, BLOCK_C)
    oh = row % OH
    od = (row // OH) % OD
    n = row // OH_ROWS
    om = (ow < OW)[:, None] & (c < C)[None, :]
    base = x + n.to(tl.int64) * sn + c.to(tl.int64)[None, :] * sc
    if ADAPTIVE:
        d0 = (od * ID) // OD
        h0 = (oh * IH) // OH
        w0 = (ow * IW) // OW
        de = ((od + 1) * ID + OD - 1) // OD  # the window's end (exclusive)
        he = ((oh + 1) * IH + OH - 1) // OH
        we = ((ow + 1) * IW + OW - 1) // OW
    else:
        d0 = od * SD - PD
        h0 = oh * SH - PH
        w0 = ow * SW - PW
        de = ID  # the input's end: taps past it are padding
        he = IH
        we = IW
    acc = tl.zeros((BLOCK_W, BLOCK_C), dtype=tl.float32)
    if IS_MAX:
        acc = acc + float("-inf")  # padding is -inf: it never wins
    for kd in range(KD):
        di = d0 + kd * DD
        for kh in range(KH):
            hi = h0 + kh * DH
            inside = (di >= 0) & (di < de) & (hi >= 0) & (hi < he)
            rowp = base + di.to(tl.int64) * sd + hi.to(tl.int64) * sh
            if W_LOOP:
                for kw in range(KW):
                    wi = w0 + kw * DW
                    acc = _kwb_pool_cl_tap(acc, rowp, wi, om & ((wi >= 0) & (wi < we) & inside)[:, None], sw, IS_MAX)
            else:
                for kw in tl.static_range(KW):
                    wi = w0 + kw * DW
                    acc = _kwb_pool_cl_tap(acc, rowp, wi, om & ((wi >= 0) & (wi < we) & inside)[:, None], sw, IS_MAX)
    if not IS_MAX:
        if ADAPTIVE:  # the mean over the window's own taps
            acc = acc / ((de - d0) * (he - h0) * (we - w0)).to(tl.float32)[:, None]
        elif HAS_DIV:
            acc = acc / divisor
        else:  # PyTorch's divisor: the window clipped to input + padding, or (count_include_pad off) to input
            de = tl.minimum(d0 + KD, ID + PD)
            he = tl.minimum(h0 + KH, IH + PH)
            we = tl.minimum(w0 + KW, IW + PW)
            if COUNT_PAD:
                cnt = (de - d0) * (he - h0) * (we - w0)
            else:
                cnt = ((tl.minimum(de, ID) - tl.maximum(d0, 0)) * (tl.minimum(he, IH) - tl.maximum(h0, 0))
                       * (tl.minimum(we, IW) - tl.maximum(w0, 0)))
            acc = acc / cnt.to(tl.float32)[:, None]
    yrow = n.to(tl.int64) * yn + od.to(tl.int64) * yd + oh.to(tl.int64) * yh
    tl.store(y + yrow + ow.to(tl.int64)[:, None] * yw + c.to(tl.int64)[None, :] * yc, acc.to(y.dtype.element_ty),
             mask=om)


def _kwb_adaptive_window(i, o):
    """The largest of torch's adaptive windows over i inputs for o outputs: floor(j i / o) .. ceil((j + 1) i / o)."""
    if i % o == 0:
        return i // o
    if o > 4096:
        return -(-i // o) + 1  # a bound (at most one tap over the largest window)
    return max(((j + 1) * i + o - 1) // o - (j * i) // o for j in range(o))


_kwb_pool_w_unroll = 32  # W taps a window unrolls at most (tl.static_range); wider windows loop


def kwb_adaptive_pool(x, kind, output_size, keep_layout=False):
    """F.adaptive_max_pool{1,2,3}d / adaptive_avg_pool{1,2,3}d (values only), x [N, C, *spatial] or unbatched
    [C, *spatial], output_size one int per spatial dim (None: that dim's input size): kwb_pool's kernels with each
    output's window from floor(o I / O) to ceil((o + 1) I / O), its own size the avg divisor."""
    nsp = len(output_size)
    return kwb_pool(x, kind, [1] * nsp, [1] * nsp, [0] * nsp, [1] * nsp, False, keep_layout=keep_layout,
                    output_size=output_size)


def kwb_pool(x, kind, kernel_size, stride, padding, dilation, ceil_mode, count_include_pad=True,
             divisor_override=None, keep_layout=False, output_size=None):
    """max / avg pooling, 1-D to 3-D (x [N, C, *spatial] or unbatched [C, *spatial]); values only. The result is
    contiguous; keep_layout (see kwb_keep_layout): channels-last where x's channels are innermost. output_size:
    adaptive pooling to that size (kwb_adaptive_pool; the window arguments are then ignored)."""
    nsp = len(kernel_size) if isinstance(kernel_size, (list, tuple)) else x.dim() - 2
    if x.dim() == nsp + 1:
        return kwb_pool(x.unsqueeze(0), kind, kernel_size, stride, padding, dilation, ceil_mode,
                        count_include_pad, divisor_override, output_size=output_size).squeeze(0)

    def tup(v):
        v = list(v) if isinstance(v, (list, tuple)) else [v]
        return [int(e) for e in (v * nsp if len(v) == 1 else v)]

    adaptive = output_size is not None
    if adaptive:
        outs = list(output_size) if isinstance(output_size, (list, tuple)) else [output_size] * nsp
        osp = [int(x.shape[2 + i]) if o is None else int(o) for i, o in enumerate(outs)]
        if len(osp) != nsp or min(osp) < 1 or min(x.shape[2:]) < 1:
            raise ValueError("kwb_adaptive_pool: output size %s of input %s" % (osp, tuple(x.shape)))
        k = [_kwb_adaptive_window(x.shape[2 + i], osp[i]) for i in range(nsp)]
        s, p, d = [1] * nsp, [0] * nsp, [1] * nsp
    else:
        k = tup(kernel_size)
        s = tup(stride if stride is not None and not (isinstance(stride, (list, tuple)) and not stride)
                else kernel_size)
        p, d = tup(padding), tup(dilation if kind == "max" else 1)
        osp = [_kwb_pool_out(x.shape[2 + i], k[i], s[i], p[i], d[i], ceil_mode) for i in range(nsp)]
    y = torch.empty(list(x.shape[:2]) + osp, dtype=x.dtype, device=x.device)
    if y.numel() == 0:
        return y
    pad = 3 - nsp
    i3, o3 = [1] * pad + list(x.shape[2:]), [1] * pad + osp
    xs = [0] * pad + [x.stride(2 + i) for i in range(nsp)]
    k3, s3, p3, d3 = [1] * pad + k, [1] * pad + s, [0] * pad + p, [1] * pad + d
    if kwb_pool_channels_last and x.shape[1] > 1 and x.stride(1) < min(xs[2] or 1 << 62, x.stride(0)):
        # channels innermost (a conv's channels-last output): [W x C] tiles, loads contiguous along C; the output
        # stays contiguous NCHW (the store's layout is converted in the program), or keep_layout: channels-last
        c = x.shape[1]
        if keep_layout and kwb_keep_layout:
            y = torch.empty([x.shape[0]] + osp + [c], dtype=x.dtype, device=x.device).movedim(-1, 1)
        block_c = min(64, _kwb_np2(c))
        block_w = min(_kwb_np2(o3[2]), max(1, _kwb_pool_cl_tile // block_c))
        ys = [y.stride(0), y.stride(1)] + [0] * pad + [y.stride(2 + i) for i in range(nsp)]
        grid = (x.shape[0] * o3[0] * o3[1], triton.cdiv(o3[2], block_w), triton.cdiv(c, block_c))
        _kwb_pool_cl_kernel[grid](
            x, y, c, o3[0] * o3[1], *i3, *o3, x.stride(0), x.stride(1), *xs, *ys, *s3, *p3, *d3, k3[0], k3[1],
            float(divisor_override or 0), KW=k3[2], IS_MAX=kind == "max", COUNT_PAD=bool(count_include_pad),
            HAS_DIV=bool(divisor_override), BLOCK_W=block_w, BLOCK_C=block_c, ADAPTIVE=adaptive,
            W_LOOP=k3[2] > _kwb_pool_w_unroll, num_warps=4)
        return y
    block = min(256, _kwb_np2(o3[0] * o3[1] * o3[2]))
    n_ob = triton.cdiv(o3[0] * o3[1] * o3[2], block)
    _kwb_pool_kernel[(x.shape[0] * x.shape[1] * n_ob,)](
        x, y, x.shape[1], n_ob, *i3, *o3, x.stride(0), x.stride(1), *xs, *s3, *p3, *d3, k3[0], k3[1],
        float(divisor_override or 0), KW=k3[2], IS_MAX=kind == "max", COUNT_PAD=bool(count_include_pad),
        HAS_DIV=bool(divisor_override), BLOCK=block, ADAPTIVE=adaptive, W_LOOP=k3[2] > _kwb_pool_w_unroll,
        num_warps=4)
    return y


@triton.jit
def _kwb_epi_identity(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                      s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    return acc  # the EPI hook when the caller passes none


@triton.jit
def _kwb_epi_abs(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                 s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    return tl.abs(acc)  # |x|: the max / min norms' prologue (kwb_pnorm with p = +-inf)


@triton.jit
def _kwb_epi_square(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                    s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    return acc * acc  # x^2: kwb_cdist's squared norms


@triton.jit
def _kwb_epi_sqdist(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                    s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    # kwb_cdist's p = 2 epilogue on acc = x.y: e0 = |x|^2 ([.., P, 1]), e1 = |y|^2 ([.., 1, R]), broadcast
    xn = tl.load(e0 + (i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04), mask=mask, other=0.0).to(tl.float32)
    yn = tl.load(e1 + (i0 * s10 + i1 * s11 + i2 * s12 + i3 * s13 + i4 * s14), mask=mask, other=0.0).to(tl.float32)
    return tl.sqrt(tl.maximum(xn + yn - 2.0 * acc, 0.0))


@triton.jit
def _kwb_epi_diff(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                  s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    # x - e0 at x's indices (kwb_cdist's p-norm of the differences)
    return acc - tl.load(e0 + (i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04), mask=mask,
                         other=0.0).to(tl.float32)


@triton.jit
def _kwb_epi_absdiff(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                     s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    # |x - e0| at x's indices (kwb_cdist's p = inf)
    return tl.abs(acc - tl.load(e0 + (i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04), mask=mask,
                                other=0.0).to(tl.float32))


@triton.jit
def _kwb_epi_nonzero(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                     s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    return tl.where(acc != 0.0, 1.0, 0.0)  # x != 0 as 0 / 1 (NaN: 1): any / all's and the ord-0 norm's prologue


@triton.jit
def _kwb_gemm_tile(a_ptr, b_ptr, M, N, sab, sam, sak, sbb, sbk, sbn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                   BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr, BATCH_X: tl.constexpr):
    # The tile of this program (axis 0: tiles, axis 1: batch) of _kwb_gemm_kernel and _kwb_gemm_pro_kernel, in the
    # grouped order (GROUP_M row blocks walk the column blocks together, so their B tiles are shared in L2):
    # (batch, its rows offs_m, columns offs_n, the K offsets of one step, the first A and B tile pointers)
    # BATCH_X (_kwb_batch_grid: more batches than grid y's 65535): the batch on axis 0, the tiles on axis 1
    pid = tl.program_id(1 if BATCH_X else 0)
    batch = tl.program_id(0 if BATCH_X else 1).to(tl.int64)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + batch * sab + offs_m[:, None].to(tl.int64) * sam + offs_k[None, :] * sak
    b_ptrs = b_ptr + batch * sbb + offs_k[:, None] * sbk + offs_n[None, :].to(tl.int64) * sbn
    return batch, offs_m, offs_n, offs_k, a_ptrs, b_ptrs


@triton.jit
def _kwb_gemm_kernel(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K, sab, sam, sak, sbb, sbk, sbn, scb, scm, scn,
                     e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                     s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS: tl.constexpr, EPI: tl.constexpr,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
                     IEEE: tl.constexpr, BATCH_X: tl.constexpr = False):
    # triton_gemm.py.tmpl's kernel (grouped tile order, fp32 accumulator, masked K/M/N tails) plus the
    # bias and the EPI hook applied to the fp32 tile before the one store; IEEE: fp32 operands multiplied in full
    # fp32 (no TF32: a product whose order a selection reads, kwb_gemm(..., ieee=True))
    batch, offs_m, offs_n, offs_k, a_ptrs, b_ptrs = _kwb_gemm_tile(a_ptr, b_ptr, M, N, sab, sam, sak, sbb, sbk, sbn,
                                                                   BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, BATCH_X)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kb in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - kb * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0.0)
        # a chain's fp32 activations against 16-bit weights: the weight tile upcast in registers
        if IEEE:
            acc = tl.dot(a, b.to(a.dtype), acc, input_precision="ieee")
        else:
            acc = tl.dot(a, b.to(a.dtype), acc)
        a_ptrs += BLOCK_K * sak
        b_ptrs += BLOCK_K * sbk
    if HAS_BIAS:
        acc += tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0).to(tl.float32)[None, :]
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    acc = EPI(acc, batch, offs_m[:, None].to(tl.int64), offs_n[None, :].to(tl.int64), 0, 0, mask, e0, e1, e2, e3,
              s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34,
              f0, f1, f2, f3)
    c_ptrs = c_ptr + batch * scb + offs_m[:, None].to(tl.int64) * scm + offs_n[None, :] * scn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=mask)


@triton.jit
def _kwb_gemm_pro_kernel(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K, sab, sam, sak, sbb, sbk, sbn, scb, scm, scn,
                         e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                         s30, s31, s32, s33, s34, f0, f1, f2, f3,
                         p0, p1, p2, p3, t00, t01, t02, t03, t04, t10, t11, t12, t13, t14, t20, t21, t22, t23, t24,
                         t30, t31, t32, t33, t34, g0, g1, g2, g3, HAS_BIAS: tl.constexpr, EPI: tl.constexpr,
                         PRO: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                         GROUP_M: tl.constexpr, IEEE: tl.constexpr, BATCH_X: tl.constexpr = False):
    # _kwb_gemm_kernel with a prologue: PRO (a chain's pointwise run before the GEMM, in the epilogue calling
    # convention: i0..i2 = batch, row, k of A; tensors p0..p3 with strides tJ0..tJ4, scalars g0..g3) applied to each
    # fp32 A tile as it is loaded, the elements outside A reset to 0 after it (PRO(0) need not be 0). Every program
    # of a row block applies it again: kwb_gemm takes this kernel for small GEMMs only (launch-bound ones).
    batch, offs_m, offs_n, offs_k, a_ptrs, b_ptrs = _kwb_gemm_tile(a_ptr, b_ptr, M, N, sab, sam, sak, sbb, sbk, sbn,
                                                                   BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, BATCH_X)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kb in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - kb * BLOCK_K
        a_mask = (offs_m[:, None] < M) & (offs_k[None, :] < k_left)
        a = tl.load(a_ptrs, mask=a_mask, other=0.0)
        pa = PRO(a.to(tl.float32), batch, offs_m[:, None].to(tl.int64), (kb * BLOCK_K + offs_k)[None, :].to(tl.int64),
                 0, 0, a_mask, p0, p1, p2, p3, t00, t01, t02, t03, t04, t10, t11, t12, t13, t14, t20, t21, t22, t23,
                 t24, t30, t31, t32, t33, t34, g0, g1, g2, g3)
        a = tl.where(a_mask, pa, 0.0).to(a.dtype)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0.0)
        if IEEE:
            acc = tl.dot(a, b.to(a.dtype), acc, input_precision="ieee")
        else:
            acc = tl.dot(a, b.to(a.dtype), acc)
        a_ptrs += BLOCK_K * sak
        b_ptrs += BLOCK_K * sbk
    if HAS_BIAS:
        acc += tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0).to(tl.float32)[None, :]
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    acc = EPI(acc, batch, offs_m[:, None].to(tl.int64), offs_n[None, :].to(tl.int64), 0, 0, mask, e0, e1, e2, e3,
              s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34,
              f0, f1, f2, f3)
    c_ptrs = c_ptr + batch * scb + offs_m[:, None].to(tl.int64) * scm + offs_n[None, :] * scn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=mask)


@triton.jit
def _kwb_stage(src_ptr, dst_ptr, R, C, s_b, s_r, s_c, d_b, d_r, d_c, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr,
               BATCH_X: tl.constexpr = False):
    # dst[b, r, c] = src[b, r, c] for any strides (data movement only): makes an operand K-major. BATCH_X: the batch on
    # axis 0 (_kwb_batch_grid)
    pid = tl.program_id(1 if BATCH_X else 0)
    batch = tl.program_id(0 if BATCH_X else 1).to(tl.int64)
    n_c = tl.cdiv(C, BLOCK_C)
    offs_r = (pid // n_c) * BLOCK_R + tl.arange(0, BLOCK_R)
    offs_c = (pid % n_c) * BLOCK_C + tl.arange(0, BLOCK_C)
    mask = (offs_r[:, None] < R) & (offs_c[None, :] < C)
    r64, c64 = offs_r[:, None].to(tl.int64), offs_c[None, :].to(tl.int64)
    v = tl.load(src_ptr + batch * s_b + r64 * s_r + c64 * s_c, mask=mask)
    tl.store(dst_ptr + batch * d_b + r64 * d_r + c64 * d_c, v, mask=mask)


_kwb_grid_yz_max = 65535  # CUDA's limit on grid y and z (x: 2^31 - 1); past it the launch fails ("invalid argument")


def _kwb_batch_grid(tiles, nb):
    """(grid, BATCH_X) of a launch over `tiles` tiles of each of nb batches: (tiles, nb) with the batch on grid y, or,
    with more batches than y takes (a bmm of 100k small matrices), (nb, tiles) and BATCH_X: the batch on x. ValueError
    where neither fits (both over 65535: no tensor that size fits a GPU's memory)."""
    if nb <= _kwb_grid_yz_max:
        return (tiles, nb), False
    if tiles > _kwb_grid_yz_max:
        raise ValueError("a launch of %d tiles x %d batches: over CUDA's grid limits either way" % (tiles, nb))
    return (nb, tiles), True


def _kwb_kmajor(x, kdim):
    """triton_gemm.py.tmpl's kmajor: a [batch, rows, cols] fp32 operand whose K axis (kdim) is not
    contiguous and 16-byte aligned is copied K-major (Hopper's TF32 wgmma reads only K-major tiles)."""
    if x.element_size() < 4:
        return x
    other, align = 3 - kdim, 16 // x.element_size()
    if x.stride(kdim) == 1 and x.stride(other) % align == 0 and x.data_ptr() % 16 == 0:
        return x
    nb, kk, nother = x.shape[0], x.shape[kdim], x.shape[other]
    buf = torch.empty((nb, nother, triton.cdiv(kk, 32) * 32), dtype=x.dtype, device=x.device)
    dst = buf[:, :, :kk] if kdim == 2 else buf[:, :, :kk].transpose(1, 2)
    grid, bx = _kwb_batch_grid(triton.cdiv(x.shape[1], 64) * triton.cdiv(x.shape[2], 64), nb)
    _kwb_stage[grid](x, dst, x.shape[1], x.shape[2], *x.stride(), *dst.stride(), BLOCK_R=64, BLOCK_C=64, BATCH_X=bx,
                     num_warps=4)
    return dst


def kwb_epi_strides(t, out_shape, slots):
    """The 5 EPI strides of t broadcast (PyTorch's rules) to out_shape: slots[k] is the EPI slot of output
    dim k (GEMM [M, N]: (1, 2); [B, M, N]: (0, 1, 2); conv NCHW: (0, 1, 3, 4); NCDHW: (0, 1, 2, 3, 4)).
    Slots without an output dim, broadcast dims and size-1 dims get stride 0."""
    e = t.expand(list(out_shape))
    s = [0] * 5
    for k, slot in enumerate(slots):
        s[slot] = e.stride(k) if out_shape[k] != 1 else 0
    return s


# kwb_gemm's kernel: "tma_persistent" (the default: Hopper TMA descriptors and one CTA per SM, as
# triton_gemm.py.tmpl's GEMM_IMPL; on the H200 a 1024x8192x8192 Linear + bias went from 435 to 391 us, F.linear
# 400 us: docs/results/2026-12-01-gemm-tma-helper.md) or "pointer" (the masked tile loop above). The TMA path
# falls back to "pointer" before compute capability 9.0, when an operand misses TMA's alignment, the operands'
# dtypes differ, or the variant fails to compile (why: _kwb_gemm_failed, kwb_gemm_last).
kwb_gemm_impl = "tma_persistent"
_kwb_gemm_failed = {}  # (dtypes, every constexpr and launch setting) -> why the TMA variant failed here
kwb_gemm_last = {"impl": "", "fallback": "", "plan": None}  # what the last call ran (TMA: its tile), why not TMA


@triton.jit
def _kwb_gemm_tma_store(c_desc, c_ptr, scb, scm, scn, M, N, bi, off_m, off_n, tile, SUB_M: tl.constexpr,
                        SUB_N: tl.constexpr, C_TMA: tl.constexpr):
    # one [SUB_M, SUB_N] slice of the C tile: by TMA (clipped at M, N) or by masked pointer stores
    if C_TMA:
        c_desc.store([bi, off_m, off_n], tile.to(c_desc.dtype).reshape(1, SUB_M, SUB_N))
    else:
        offs_m = off_m + tl.arange(0, SUB_M)
        offs_n = off_n + tl.arange(0, SUB_N)
        c_ptrs = c_ptr + bi.to(tl.int64) * scb + offs_m[:, None].to(tl.int64) * scm + offs_n[None, :] * scn
        tl.store(c_ptrs, tile.to(c_ptr.dtype.element_ty), mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def _kwb_gemm_tma_kernel(a_desc, b_desc, c_desc, c_ptr, bias_ptr, M, N, K, num_batches, scb, scm, scn,
                         e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                         s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS: tl.constexpr, EPI: tl.constexpr,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
                         NUM_SMS: tl.constexpr, A_KMAJOR: tl.constexpr, B_KMAJOR: tl.constexpr,
                         B_BATCHED: tl.constexpr, C_TMA: tl.constexpr, EPI_SPLIT: tl.constexpr,
                         WARP_SPECIALIZE: tl.constexpr, SPLIT_K: tl.constexpr):
    # triton_gemm.py.tmpl's {KERNEL}_tma (persistent walk over batch x tiles, 3-D descriptors with a batch
    # block of 1, TMA zero-fill for the M/N/K tails) plus the bias and the EPI hook on the fp32 tile, per
    # column slice (EPI_SPLIT): in a persistent loop the next tile's operand stages stay live through the
    # epilogue, and a whole fp32 128 x 256 tile staged for its store did not fit beside them on the H200.
    # SPLIT_K > 1: work unit (s, batch, tile) sums only the s-th run of K tiles and stores its fp32 partial
    # into C's batch s * num_batches + batch (C is then the [SPLIT_K * batches, M, N] workspace, the caller
    # passes no bias and the identity EPI; _kwb_gemm_splitk_finish sums the partials and applies them).
    start = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    tiles_per_batch = num_pid_m * num_pid_n
    k_tiles = tl.cdiv(K, BLOCK_K)
    k_per_split = tl.cdiv(k_tiles, SPLIT_K)
    num_pid_in_group = GROUP_M * num_pid_n
    for tile in tl.range(start, SPLIT_K * num_batches * tiles_per_batch, NUM_SMS, flatten=True,
                         warp_specialize=WARP_SPECIALIZE):
        bo = tile // tiles_per_batch  # C's batch: split-major (bo == bi without split-K)
        if SPLIT_K == 1:  # the K loop exactly as before split-K (static bounds for the pipeliner)
            bi = bo
            k_lo = 0
            k_hi = k_tiles
        else:
            bi = bo % num_batches
            k_lo = (bo // num_batches) * k_per_split
            k_hi = min(k_lo + k_per_split, k_tiles)
        t = tile % tiles_per_batch
        first_pid_m = (t // num_pid_in_group) * GROUP_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
        off_m = (first_pid_m + ((t % num_pid_in_group) % group_size_m)) * BLOCK_M
        off_n = ((t % num_pid_in_group) // group_size_m) * BLOCK_N
        bb = bi * B_BATCHED  # 0: one weight for every batch
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for kb in range(k_lo, k_hi):
            off_k = kb * BLOCK_K
            if A_KMAJOR:
                a = a_desc.load([bi, off_m, off_k]).reshape(BLOCK_M, BLOCK_K)
            else:
                a = a_desc.load([bi, off_k, off_m]).reshape(BLOCK_K, BLOCK_M).T
            if B_KMAJOR:
                b = b_desc.load([bb, off_n, off_k]).reshape(BLOCK_N, BLOCK_K).T
            else:
                b = b_desc.load([bb, off_k, off_n]).reshape(BLOCK_K, BLOCK_N)
            acc = tl.dot(a, b, acc)
        if EPI_SPLIT == 1:
            _kwb_gemm_tma_epilogue(acc, c_desc, c_ptr, bias_ptr, scb, scm, scn, M, N, bo, off_m, off_n, e0, e1, e2,
                                   e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                                   s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS, EPI, BLOCK_M, BLOCK_N, C_TMA)
        elif EPI_SPLIT == 2:  # column halves: bias, EPI and the store per half (each layout change half the tile)
            h0, h1 = tl.split(tl.permute(tl.reshape(acc, (BLOCK_M, 2, BLOCK_N // 2)), (0, 2, 1)))
            _kwb_gemm_tma_epilogue(h0, c_desc, c_ptr, bias_ptr, scb, scm, scn, M, N, bo, off_m, off_n, e0, e1, e2,
                                   e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                                   s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS, EPI, BLOCK_M, BLOCK_N // 2,
                                   C_TMA)
            _kwb_gemm_tma_epilogue(h1, c_desc, c_ptr, bias_ptr, scb, scm, scn, M, N, bo, off_m, off_n + BLOCK_N // 2,
                                   e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22,
                                   s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS, EPI, BLOCK_M,
                                   BLOCK_N // 2, C_TMA)
        else:  # column quarters: an EPI that loads tensors adds a layout-change scratch of one slice
            h0, h1 = tl.split(tl.permute(tl.reshape(acc, (BLOCK_M, 2, BLOCK_N // 2)), (0, 2, 1)))
            q0, q1 = tl.split(tl.permute(tl.reshape(h0, (BLOCK_M, 2, BLOCK_N // 4)), (0, 2, 1)))
            q2, q3 = tl.split(tl.permute(tl.reshape(h1, (BLOCK_M, 2, BLOCK_N // 4)), (0, 2, 1)))
            _kwb_gemm_tma_epilogue(q0, c_desc, c_ptr, bias_ptr, scb, scm, scn, M, N, bo, off_m, off_n, e0, e1, e2,
                                   e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                                   s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS, EPI, BLOCK_M, BLOCK_N // 4,
                                   C_TMA)
            _kwb_gemm_tma_epilogue(q1, c_desc, c_ptr, bias_ptr, scb, scm, scn, M, N, bo, off_m, off_n + BLOCK_N // 4,
                                   e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22,
                                   s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS, EPI, BLOCK_M,
                                   BLOCK_N // 4, C_TMA)
            _kwb_gemm_tma_epilogue(q2, c_desc, c_ptr, bias_ptr, scb, scm, scn, M, N, bo, off_m,
                                   off_n + 2 * (BLOCK_N // 4), e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12,
                                   s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS,
                                   EPI, BLOCK_M, BLOCK_N // 4, C_TMA)
            _kwb_gemm_tma_epilogue(q3, c_desc, c_ptr, bias_ptr, scb, scm, scn, M, N, bo, off_m,
                                   off_n + 3 * (BLOCK_N // 4), e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12,
                                   s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS,
                                   EPI, BLOCK_M, BLOCK_N // 4, C_TMA)


@triton.jit
def _kwb_gemm_tma_epilogue(tile, c_desc, c_ptr, bias_ptr, scb, scm, scn, M, N, bi, off_m, off_n, e0, e1, e2, e3,
                           s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32,
                           s33, s34, f0, f1, f2, f3, HAS_BIAS: tl.constexpr, EPI: tl.constexpr, SUB_M: tl.constexpr,
                           SUB_N: tl.constexpr, C_TMA: tl.constexpr):
    # bias + EPI on one [SUB_M, SUB_N] slice of the fp32 tile at (off_m, off_n), then its store
    offs_m = off_m + tl.arange(0, SUB_M)
    offs_n = off_n + tl.arange(0, SUB_N)
    if HAS_BIAS:
        tile += tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0).to(tl.float32)[None, :]
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tile = EPI(tile, bi.to(tl.int64), offs_m[:, None].to(tl.int64), offs_n[None, :].to(tl.int64), 0, 0, mask,
               e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
               s30, s31, s32, s33, s34, f0, f1, f2, f3)
    _kwb_gemm_tma_store(c_desc, c_ptr, scb, scm, scn, M, N, bi, off_m, off_n, tile, SUB_M, SUB_N, C_TMA)

def _kwb_tma_view(x, kdim):
    """triton_gemm.py.tmpl's tma_view: a [batch, rows, cols] operand as (view with a contiguous last dim,
    K-major?, batched?) for a TMA descriptor, or None (16-byte base and strides, contiguous last dim; 8-byte elements:
    a float64 problem's fp64 dot has no wgmma form, it takes the pointer kernel)."""
    if x.dtype not in (torch.float32, torch.float16, torch.bfloat16) or x.element_size() == 8:
        return None
    batched = x.shape[0] > 1 and x.stride(0) != 0
    v = x if batched else x[:1]
    if v.stride(2) != 1:
        if v.stride(1) != 1:
            return None
        v, kdim = v.transpose(1, 2), 3 - kdim
    es = v.element_size()
    if v.data_ptr() % 16 or (v.stride(1) * es) % 16 or (batched and (v.stride(0) * es) % 16):
        return None
    return v, kdim == 2, batched


def _kwb_descriptor(v, block):
    from triton.tools.tensor_descriptor import TensorDescriptor
    s0 = v.stride(0) if v.shape[0] > 1 else v.stride(1) * v.shape[1]  # one batch: any aligned stride
    return TensorDescriptor(v, list(v.shape), [s0, v.stride(1), 1], block)


@triton.jit
def _kwb_gemm_splitk_finish(ws, c_ptr, bias_ptr, M, N, num_batches, SPLIT, swb, swm, scb, scm, scn,
                            e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23,
                            s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, HAS_BIAS: tl.constexpr, EPI: tl.constexpr,
                            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # split-K's second pass: c[b] = EPI(sum_s ws[s * num_batches + b] + bias), ws the fp32 [SPLIT * num_batches,
    # M, N] partials of _kwb_gemm_tma_kernel (strides swb, swm, 1; summed in a fixed order: deterministic)
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    bi = tl.program_id(2).to(tl.int64)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    rel = offs_m[:, None].to(tl.int64) * swm + offs_n[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for s in range(0, SPLIT):
        acc += tl.load(ws + (s * num_batches + bi) * swb + rel, mask=mask, other=0.0)
    if HAS_BIAS:
        acc += tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0).to(tl.float32)[None, :]
    acc = EPI(acc, bi, offs_m[:, None].to(tl.int64), offs_n[None, :].to(tl.int64), 0, 0, mask, e0, e1, e2, e3,
              s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34,
              f0, f1, f2, f3)
    c_ptrs = c_ptr + bi * scb + offs_m[:, None].to(tl.int64) * scm + offs_n[None, :] * scn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=mask)


# Tile choice of the TMA path, by class (never by problem). kwb_gemm_fill: what a GEMM whose 128 x 256 tiles
# leave SMs idle does (M = 128, N = K = 16384: 64 tiles on 132 SMs streamed a 1 GB weight at 64 CTAs' bandwidth,
# 370 us vs torch.compile 278 us on the H200): "split_k" (the default) sums K in SPLIT_K runs on up to one wave
# of CTAs, partials to an fp32 workspace, then _kwb_gemm_splitk_finish applies bias + EPI; every CTA still
# reads A once per tile (a narrower tile re-reads the whole K x BLOCK_M of A per N tile: at BLOCK_N = 64
# twice the bytes of its weight slice, from L2). Where K is too short to split (fewer than
# _kwb_gemm_splitk_min_k K tiles per run) or the partials would cost over 1/4 of the operand bytes, it falls
# back to "block_n": BLOCK_N halved (256 -> 128 -> 64) then BLOCK_M (128 -> 64) while tiles < SMs, pipeline
# _kwb_gemm_small_stages deep (a memory-bound tile wants more bytes in flight). "off": always 128 x 256.
# "block_n" (the default until session 19), measured: bench/gpu/gemm_level2.py on the H200
# (docs/results/2026-12-02-h200-s16.md), 68_ in one process: off 428 us, split_k 493 us, block_n (128 x 128, 4 stages)
# 305 us, cuBLAS 283 us; rel_err equal.
# "skinny": "block_n", then where the narrowed tiles still fill under half a wave, K split into runs for about two
# waves of CTAs (a few rows against a large weight: VGG16's classifier, M = 10, N = 4096, K = 25088 fp32, took 985 us
# on 64 CTAs of 64 x 64 in session 17's suite -- 0.4 TB/s for its 411 MB weight -- 30 % of the model). Unmeasured:
# bench/gpu/level3.py's "skinny" rows time it against the default.
# "waves" (the default since session 19): "block_n", kept only where it shortens the busiest SM's work, ceil(tiles /
# SMs) x tile area, against 128 x 256's -- the level-1 template's TMA_FILL = "waves" rule (docs/DECISIONS.md, "The
# level-1 GEMM template's tile fills the SMs"). A GEMM of 67-118 tiles of 128 x 256 on 132 SMs (1536^3: 72) got twice
# as many tiles of 128 x 128 from "block_n": two waves of half the area, the same work per SM in smaller, less
# efficient tiles; "waves" keeps 128 x 256 there. Where "block_n" halves the waves' work (68_: 64 -> 128 tiles, one
# wave) both choose the same tile. Unmeasured as a rule of the stage library: bench/gpu/chain_waves.py times "waves"
# against "block_n" on the same generated kernels.
kwb_gemm_fill = "waves"
_kwb_gemm_splitk_min_k = 8      # K tiles per split run at least (256 fp32 elements of K)
_kwb_gemm_small_stages = 4      # pipeline depth of a tile the fill rule shrank (3 for 128 x 256, measured)
# EPI_SPLIT by what the EPI reads: an EPI that loads tensors (76_'s bias column) makes Triton keep a layout-
# change scratch of one column slice beside the TMA store's staging slice, so the fp32 128 x 256 tile in halves
# needed 278552 B of shared memory (limit 232448: OutOfResources on the H200, and the pointer kernel ran at 415
# us); quarters fit (2 x 32 KiB). False: halves as before (the A/B switch of bench/gpu/gemm_level2.py).
kwb_gemm_epi_quarters = True
_kwb_gemm_smem = 232448         # bytes of shared memory per block (H200 opt-in) off the GPU or unreported
_kwb_gemm_retry_stages = True   # on a compile failure try the same tile one stage shallower (False: pointer next)
# Small GEMMs (2 * batches * M * N * K <= kwb_gemm_small_flops) are launch-bound: triton_gemm.py.tmpl's
# SMALL_GEMM_FLOPS rule and figures (no K-major staging copy, the pointer kernel, tiles down to
# _kwb_gemm_small_block_min while they are fewer than SMs; u30's [48, 80] @ [80, 64] on the H200: staged 8.0 us,
# pointer 32 x 32 2.1 us). 0: every GEMM takes kwb_gemm_impl. A/B: bench/gpu/gemmsmall.py.
kwb_gemm_small_flops = 1 << 29
_kwb_gemm_small_block_min = 32
# A chain's pointwise run before a small GEMM (pro=, issue 14): True applies it to each A tile as the pointer kernel
# loads it (_kwb_gemm_pro_kernel: one launch, A's elements recomputed once per N tile); False launches it first
# (kwb_pointwise), as larger GEMMs always do. Unmeasured: the A/B of bench/gpu/epilogue_ab.py ("pro-off" rows).
kwb_gemm_prologue = True


def _kwb_gemm_smem_of(t):
    # an attribute read, not getattr(): the framework-conformance gate refuses getattr (it can hide compute); the
    # H200 suite of session 16 failed 13 GEMM problems' gates on exactly that line (all their cases passed)
    if t.is_cuda:
        props = torch.cuda.get_device_properties(t.device)
        try:
            return props.shared_memory_per_block_optin
        except AttributeError:  # a torch without the field: the Hopper figure
            return _kwb_gemm_smem
    return _kwb_gemm_smem


def kwb_gemm_tma_plan(bt, m, n, k, in_bytes, out_bytes, epi_tensors, sms, smem=232448):
    """The TMA path's launch candidates for one GEMM, best first: dicts of BLOCK_M, BLOCK_N, BLOCK_K, SPLIT_K,
    EPI_SPLIT, num_stages, num_warps. bt x [m, k] @ [k, n]; in_bytes / out_bytes: operand / C element sizes;
    epi_tensors: whether the EPI loads tensors; sms: CTAs of one wave; smem: bytes per block. The later
    candidates are the same tile with one pipeline stage less each (down to 2): the caller tries the next
    when one fails to compile (OutOfResources), the last resort being the pointer kernel."""
    # BLOCK_M no taller than the rows where they fit one 64-row tile: M = 64, N = K = 8192 fp32 on the H200
    # (docs/results/2026-12-04-h200-s25.md, chain_waves.py --set skinny) ran 128 x 64 tiles, half of every A tile
    # padding, in 371.9 us, and 64 x 64 in 139.6 (cuBLAS 90.9); at M = 128 the 64-row tiles lost (309.6 against 155.5)
    top = 64 if m <= 64 else 128
    bm, bn, bk = top, 256, 128 // in_bytes  # 128-byte K rows: 32 fp32 or 64 16-bit elements
    k_tiles = triton.cdiv(k, bk)
    split = 1
    tiles = bt * triton.cdiv(m, bm) * triton.cdiv(n, bn)
    if kwb_gemm_fill == "split_k" and tiles < sms:
        split = max(1, min(sms // tiles, k_tiles // _kwb_gemm_splitk_min_k))
        # partials written and read back (8 bytes per fp32 element and split) within 1/4 of A + B's bytes
        while split > 1 and 8 * split * bt * m * n * 4 > bt * (m + n) * k * in_bytes:
            split -= 1
    if kwb_gemm_fill in ("split_k", "block_n", "skinny", "waves") and split == 1:
        full = tiles
        while 10 * tiles < 9 * sms and bn > 64:  # under 90% of one wave busy
            bn //= 2
            tiles = bt * triton.cdiv(m, bm) * triton.cdiv(n, bn)
        while 10 * tiles < 9 * sms and bm > 64:
            bm //= 2
            tiles = bt * triton.cdiv(m, bm) * triton.cdiv(n, bn)
        if kwb_gemm_fill == "waves" and triton.cdiv(tiles, sms) * bm * bn >= triton.cdiv(full, sms) * top * 256:
            bm, bn, tiles = top, 256, full  # no shorter makespan: the larger, more efficient tile
    if kwb_gemm_fill == "skinny" and 2 * tiles <= sms:  # still under half a wave: K runs for ~two waves of CTAs
        split = max(1, min(triton.cdiv(2 * sms, tiles), k_tiles // _kwb_gemm_splitk_min_k))
        while split > 1 and 8 * split * bt * m * n * 4 > bt * (m + n) * k * in_bytes:
            split -= 1
    full = bm == 128 and bn == 256
    want = 3 if full else _kwb_gemm_small_stages
    stage = (bm + bn) * bk * in_bytes
    c_bytes = 4 if split > 1 else out_bytes  # the workspace is fp32
    best = None
    for epi_split in (1, 2, 4):  # the fewest column slices that leave room for `want` stages
        if bn // epi_split < 32:
            break
        doubled = epi_tensors and split == 1 and kwb_gemm_epi_quarters  # False: sized as before (halves)
        slice_bytes = bm * (bn // epi_split) * c_bytes * (2 if doubled else 1)
        stages = min(want, (smem - 1024 - slice_bytes) // stage)
        if best is None or stages > best[1]:
            best = (epi_split, stages)
        if stages >= want:
            break
    epi_split, stages = best
    warps = 8 if bm * bn >= 128 * 128 else 4
    return [dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, SPLIT_K=split, EPI_SPLIT=epi_split, num_stages=st,
                 num_warps=warps) for st in range(max(stages, 2), 1, -1)]


def _kwb_gemm_tma(a3, b3, out3, bias, epi, es, ss, fs, epi_tensors=True):
    """kwb_gemm by _kwb_gemm_tma_kernel on operands already staged (fp32 K-major), its tile from
    kwb_gemm_tma_plan (split-K: partials into a workspace, then _kwb_gemm_splitk_finish). Returns why it did
    not run ("" when it did); kwb_gemm_last["plan"] says which candidate ran."""
    if a3.dtype != b3.dtype:
        return "tma_persistent: %s activations x %s weights" % (a3.dtype, b3.dtype)
    va, vb = _kwb_tma_view(a3, 2), _kwb_tma_view(b3, 1)
    if va is None or vb is None or (a3.element_size() >= 4 and not (va[1] and vb[1])):
        return "tma_persistent: operands not TMA-aligned"
    bt, m, k = a3.shape
    n = b3.shape[2]
    sms = _kwb_sms(a3)
    why = ""
    plans = kwb_gemm_tma_plan(bt, m, n, k, a3.element_size(), out3.element_size(), epi_tensors, sms,
                              _kwb_gemm_smem_of(a3))
    for plan in plans if _kwb_gemm_retry_stages else plans[:1]:
        why = _kwb_gemm_tma_launch(a3, b3, out3, bias, epi, es, ss, fs, va, vb, plan, sms)
        if not why:
            kwb_gemm_last["plan"] = plan
            return ""
    return why


# The level-1 GEMM template's TMA_CLASS_TABLE for the chain GEMM (off: bench/gpu/ab32.py decides; the classes and
# the sweep they come from are described there): "store" (K in at most 8 BLOCK_K steps) stores C by masked pointer
# stores, "deep" (fp32 operands, >= 64 K steps, a full wave of tiles) runs the persistent loop warp-specialized.
kwb_gemm_class_table = False
_kwb_gemm_class_store_k_tiles = 8
_kwb_gemm_class_deep_k_tiles = 64


def _kwb_gemm_class(tiles, k, block_k, in_bytes, sms):
    """kwb_gemm_class_table's class of a TMA launch of `tiles` output tiles over K = k in block_k steps (in_bytes:
    operand element size; sms: CTAs of one wave): "store", "deep" or "" (the plain settings)."""
    k_steps = triton.cdiv(k, block_k)
    if k_steps <= _kwb_gemm_class_store_k_tiles:
        return "store"
    if in_bytes >= 4 and k_steps >= _kwb_gemm_class_deep_k_tiles and tiles >= sms:
        return "deep"
    return ""


def _kwb_gemm_tma_launch(a3, b3, out3, bias, epi, es, ss, fs, va, vb, plan, sms):
    """One candidate of kwb_gemm_tma_plan; returns why it failed ("" when it ran)."""
    bt, m, k = a3.shape
    n = b3.shape[2]
    bm, bn, bk, split = plan["BLOCK_M"], plan["BLOCK_N"], plan["BLOCK_K"], plan["SPLIT_K"]
    cls = _kwb_gemm_class(split * bt * triton.cdiv(m, bm) * triton.cdiv(n, bn), triton.cdiv(k, split), bk,
                          a3.element_size(), sms) if kwb_gemm_class_table else ""
    # split-K: the fp32 partials in a [split * bt, M, N] workspace (N rows padded to 16 bytes for TMA)
    c3 = out3 if split == 1 else torch.empty((split * bt, m, triton.cdiv(n, 4) * 4), dtype=torch.float32,
                                             device=out3.device)[:, :, :n]
    vc = _kwb_tma_view(c3, 2)
    meta = dict(HAS_BIAS=bias is not None and split == 1, EPI=epi if split == 1 else _kwb_epi_identity,
                BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8, NUM_SMS=sms, A_KMAJOR=va[1], B_KMAJOR=vb[1],
                B_BATCHED=vb[2], C_TMA=vc is not None and vc[1] and (vc[2] or c3.shape[0] == 1) and cls != "store",
                EPI_SPLIT=plan["EPI_SPLIT"], WARP_SPECIALIZE=cls == "deep", SPLIT_K=split, num_warps=plan["num_warps"],
                num_stages=plan["num_stages"])
    key = (str(a3.dtype), str(out3.dtype), id(meta["EPI"])) + tuple(
        (kk, v) for kk, v in sorted(meta.items()) if kk != "EPI")
    if key in _kwb_gemm_failed:
        return _kwb_gemm_failed[key]
    a_desc = _kwb_descriptor(va[0], [1, bm, bk] if va[1] else [1, bk, bm])
    b_desc = _kwb_descriptor(vb[0], [1, bn, bk] if vb[1] else [1, bk, bn])
    c_desc = _kwb_descriptor(vc[0], [1, bm, bn // meta["EPI_SPLIT"]]) if meta["C_TMA"] else c3
    grid = (min(sms, split * bt * triton.cdiv(m, bm) * triton.cdiv(n, bn)),)
    flat = [v for s_ in ss for v in s_]
    try:
        _kwb_gemm_tma_kernel[grid](a_desc, b_desc, c_desc, c3, a3 if bias is None else bias.contiguous(), m, n, k,
                                   bt, c3.stride(0), c3.stride(1), c3.stride(2), *es, *flat, *fs, **meta)
    except Exception as e:  # noqa: BLE001 -- a compile error of the variant: the next candidate runs instead
        if isinstance(e, torch.cuda.OutOfMemoryError):
            raise  # the GPU's memory, not the variant
        import warnings
        msg = str(e).strip()
        _kwb_gemm_failed[key] = "tma_persistent failed: %s: %s" % (
            type(e).__name__, msg.splitlines()[-1][:300] if msg else "")
        warnings.warn("kwb_gemm: " + _kwb_gemm_failed[key] + "; trying the next candidate (last: the pointer kernel)")
        return _kwb_gemm_failed[key]
    if split > 1:
        fm, fn = 32, 128
        _kwb_gemm_splitk_finish[(triton.cdiv(m, fm), triton.cdiv(n, fn), bt)](
            c3, out3, a3 if bias is None else bias.contiguous(), m, n, bt, split, c3.stride(0), c3.stride(1),
            out3.stride(0), out3.stride(1), out3.stride(2), *es, *flat, *fs, HAS_BIAS=bias is not None, EPI=epi,
            BLOCK_M=fm, BLOCK_N=fn, num_warps=4)
    kwb_gemm_last["class"] = cls  # kwb_gemm_class_table's class ("" off or unclassed)
    return ""


kwb_loop_input_gemm = True  # a cell stepped in a Python loop: every step's x_t @ W_ih^T + b_ih in one GEMM before the
#                              loop, each step reading its slice (False: each step its own GEMM; docs/CODEGEN.md)


# One output column (x @ v[:, None], a Linear to one feature) or one output row (a Linear at batch 1 with a K-contiguous
# weight) is a matrix-vector product: bound by reading its matrix once, it runs as kwb_gemv's row reduction (split-K
# where its rows are few), not as tensor-core tiles padded from 1 to 16+ (bench/gpu/gemv_ab.py --route). False: tiles.
kwb_gemm_gemv = True
# The dtype the kernel computes in: torch.float32 here; a float64 problem's kernel has torch.float64 (its rendering,
# core/codegen/dtyperule.h float64Kernel, rewrites this assignment as every fp32 name of the math). The harness also
# runs such a kernel on 16-bit inputs (its dtype cases): DMMA then needs its operands in fp64 in memory, since real
# Triton does not compile an fp64 tl.dot of 16-bit tiles widened in registers ("fp64 don't support largeK MMA",
# H100, session 37), and the tiles and the TMA route follow the 8-byte operands.
_kwb_math_dtype = torch.float32
kwb_gemm_ieee = True  # kwb_gemm(..., ieee=True) in full fp32 (False: TF32 tiles as any fp32 GEMM, the A/B's old side)


def _kwb_gemm_as_gemv(a, a3, w, out, bias, epi, es, epi_scalars, pro, pro_tensors, pro_scalars):
    """kwb_gemm's one-column / one-row case on _kwb_gemv_run: out [.., 1] = a3 [B, M, K] @ w[0] (flat row r = b M + m,
    EPI slots 3, 4 = (b, m)), or out [1, .., N] = w [N, K] @ a3[0, 0] (slot 4 = n). es: the epilogue tensors at
    out's [B, M, N] indices. A prologue runs first as its own launch (kwb_pointwise)."""
    if pro is not None:
        a = kwb_pointwise(a, pro, pro_tensors, pro_scalars)
        a3 = a.unsqueeze(0) if a.dim() == 2 else a.reshape(-1, a.shape[-2], a.shape[-1])
    one_col = w.shape[0] == 1
    mat, vec = (a3, w[0]) if one_col else (w.unsqueeze(0), a3[0, 0])
    slots = (3, 4, 2) if one_col else (0, 3, 4)  # out's [B, M, N] dims onto the gemv's slots
    ss = [kwb_epi_strides(e, e.shape, slots) for e in es] + [[0] * 5] * (4 - len(es))
    kwb_gemm_last["impl"], kwb_gemm_last["fallback"], kwb_gemm_last["plan"] = "gemv", "", None
    _kwb_gemv_run(mat, vec, out.view(-1), bias, es + [out] * (4 - len(es)), [v for s in ss for v in s],
                  [float(f) for f in epi_scalars] + [0.0] * (4 - len(epi_scalars)), epi)
    return out


def kwb_gemm(a, w, bias=None, epi=None, epi_tensors=(), epi_scalars=(), epi_view=None, pro=None, pro_tensors=(),
             pro_scalars=(), out_dtype=None, ieee=False):
    """a @ w.T (+ bias), then epi(...) on the fp32 tile (see docs/CODEGEN.md, "The stage library").
    a [M, K] or [*, M, K]; w any strided [N, K] view (x @ W is kwb_gemm(x, W.t())), or [B, N, K] with a
    [B, M, K] (bmm: one weight per batch); out in out_dtype (default a's dtype). Operands of one 16-bit dtype run
    at that width (fp32 accumulation); a 16-bit a against a w of another dtype is widened to fp32 first (one
    copy), a 16-bit w against an fp32 a is widened in registers.
    epi_view: epi_tensors are given at the indices of epi_view(out) (the chain's views between the GEMM and its
    fused pointwise run: kwb_epi_unview maps them back to out's). pro: a pointwise run on a (the epilogue calling
    convention at a's indices, pro_tensors broadcast to a's shape): a small GEMM (kwb_gemm_small_flops) applies it to
    each A tile as it loads it, a larger one launches it first (kwb_pointwise) and runs as without it.
    One output column or row (kwb_gemm_gemv) runs on kwb_gemv's kernels (_kwb_gemm_as_gemv); kwb_gemm_last["impl"]
    says "gemv" then. ieee (kwb_gemm_ieee on): fp32 operands multiplied in full fp32 on the pointer kernel, no TF32
    (a product whose order a selection reads: TF32's 10-bit mantissa reorders near ties); 16-bit operands as ever."""
    ieee = bool(ieee) and kwb_gemm_ieee and a.element_size() >= 4 and w.element_size() >= 4
    widened = _kwb_math_dtype == torch.float64 and (a.element_size() < 8 or w.element_size() < 8)
    if widened:  # fp64 math on narrower operands: one widening copy each (see _kwb_math_dtype); out keeps a's dtype
        out_dtype = out_dtype or a.dtype
        a = a if a.element_size() == 8 else kwb_pointwise(a, _kwb_epi_identity, out_dtype=torch.float64)
        w = w if w.element_size() == 8 else kwb_pointwise(w, _kwb_epi_identity, out_dtype=torch.float64)
    n, k = w.shape[-2], w.shape[-1]
    if a.dtype != w.dtype and a.element_size() < 4:  # torch's promotion: a 16-bit a against a wider or other w
        a = kwb_pointwise(a, _kwb_epi_identity, out_dtype=torch.float32)
    small = 2 * (a.numel() // max(k, 1)) * n * k <= kwb_gemm_small_flops
    if pro is not None and not (small and kwb_gemm_prologue):
        a, pro = kwb_pointwise(a, pro, pro_tensors, pro_scalars), None
    a3 = a.unsqueeze(0) if a.dim() == 2 else a.reshape(-1, a.shape[-2], k)
    bt, m = a3.shape[0], a3.shape[1]
    out = torch.empty(list(a.shape[:-1]) + [n], dtype=out_dtype or a.dtype, device=a.device)
    out3 = out.view(bt, m, n)
    if out.numel() == 0:
        return out
    if epi_view is not None:
        epi_tensors = [kwb_epi_unview(e, out.shape, epi_view) for e in epi_tensors]
    es = [e.expand(out.shape).reshape(bt, m, n) for e in epi_tensors]
    assert len(es) <= 4 and len(epi_scalars) <= 4, "the EPI hook takes at most 4 tensors and 4 scalars"
    if kwb_gemm_gemv and w.dim() == 2 and (n == 1 or (bt * m == 1 and w.stride(1) == 1)):
        return _kwb_gemm_as_gemv(a, a3, w, out, bias, epi, es, epi_scalars, pro, pro_tensors, pro_scalars)
    ss = [kwb_epi_strides(e, (bt, m, n), (0, 1, 2)) for e in es] + [[0] * 5] * (4 - len(es))
    es = es + [a] * (4 - len(es))
    fs = [float(f) for f in epi_scalars] + [0.0] * (4 - len(epi_scalars))
    if w.dim() == 3 and w.shape[0] != a3.shape[0]:
        raise ValueError("kwb_gemm: %d batches of a against %d of w" % (a3.shape[0], w.shape[0]))
    stage = (lambda x, kdim: x) if small or ieee else _kwb_kmajor  # a small GEMM reads its operands as given
    a3 = stage(a3, 2)
    # bmm: [B, K, N], its own weight per batch; else [1, K, N], shared by every batch (stride 0)
    b3 = stage(w.transpose(1, 2), 1) if w.dim() == 3 else stage(w.t().unsqueeze(0), 1)
    kwb_gemm_last["impl"], kwb_gemm_last["fallback"], kwb_gemm_last["plan"] = "pointer", "", None
    kwb_gemm_last["widened"] = widened
    if small:
        kwb_gemm_last["fallback"] = "small GEMM (%d FLOPs <= kwb_gemm_small_flops)" % (2 * bt * m * n * k)
    elif ieee:
        kwb_gemm_last["fallback"] = "ieee: full fp32 on the pointer kernel (a selection reads the product's order)"
    elif kwb_gemm_impl == "tma_persistent" and a.is_cuda and torch.cuda.get_device_capability(a.device) < (9, 0):
        kwb_gemm_last["fallback"] = "tma_persistent: TMA needs compute capability 9.0 or newer"
    elif kwb_gemm_impl == "tma_persistent":
        why = _kwb_gemm_tma(a3, b3, out3, bias, epi if epi is not None else _kwb_epi_identity, es, ss, fs,
                            any(t.numel() > 1 for t in epi_tensors))  # a scalar's layout change is small
        kwb_gemm_last["fallback"] = why
        if not why:
            kwb_gemm_last["impl"] = "tma_persistent"
            return out
    block_k = 32 if a.element_size() >= 4 else 64
    # 8-byte elements (a float64 problem, DMMA): 64 x 64 tiles keep the fp64 accumulator in registers and three stages
    # of operands in 96 KB of shared memory (128 x 256 would need 288 KB)
    bm, bn, sms = (64, 64, _kwb_sms(a)) if a.element_size() == 8 else (128, 256, _kwb_sms(a))
    least = _kwb_gemm_small_block_min if small else 64
    while bt * triton.cdiv(m, bm) * triton.cdiv(n, bn) < sms and bn > least:  # fewer tiles than SMs: smaller
        bn //= 2
    while bt * triton.cdiv(m, bm) * triton.cdiv(n, bn) < sms and bm > least:
        bm //= 2
    grid, bx = _kwb_batch_grid(triton.cdiv(m, bm) * triton.cdiv(n, bn), bt)
    if pro is not None:  # small: the prologue on each A tile as it is loaded
        ps = [e.expand(a.shape).reshape(bt, m, k) for e in pro_tensors]
        assert len(ps) <= 4 and len(pro_scalars) <= 4, "the prologue takes at most 4 tensors and 4 scalars"
        pss = [v for e in ps for v in kwb_epi_strides(e, (bt, m, k), (0, 1, 2))] + [0] * (5 * (4 - len(ps)))
        _kwb_gemm_pro_kernel[grid](
            a3, b3, out3, a if bias is None else bias.contiguous(), m, n, k, a3.stride(0), a3.stride(1),
            a3.stride(2), b3.stride(0) if w.dim() == 3 else 0, b3.stride(1), b3.stride(2), out3.stride(0),
            out3.stride(1), out3.stride(2), *es, *[v for s in ss for v in s], *fs, *(ps + [a] * (4 - len(ps))), *pss,
            *[float(f) for f in pro_scalars], *[0.0] * (4 - len(pro_scalars)), HAS_BIAS=bias is not None,
            EPI=epi if epi is not None else _kwb_epi_identity, PRO=pro, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=block_k,
            GROUP_M=8, IEEE=ieee, BATCH_X=bx, num_warps=8 if bm * bn >= 128 * 128 else 4, num_stages=3)
        return out
    _kwb_gemm_kernel[grid](
        a3, b3, out3, a if bias is None else bias.contiguous(), m, n, k, a3.stride(0), a3.stride(1), a3.stride(2),
        b3.stride(0) if w.dim() == 3 else 0, b3.stride(1), b3.stride(2), out3.stride(0), out3.stride(1),
        out3.stride(2), *es,
        *[v for s in ss for v in s], *fs, HAS_BIAS=bias is not None, EPI=epi if epi is not None else _kwb_epi_identity,
        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=block_k, GROUP_M=8, IEEE=ieee, BATCH_X=bx,
        num_warps=8 if bm * bn >= 128 * 128 else 4,
        num_stages=3)
    return out


# ---- sibling GEMMs over one A (issue 14, session 39; docs/CODEGEN.md "Chains", "Sibling GEMMs over one A") ----
# A gated MLP (SwiGLU silu(x @ Wg^T) * (x @ Wu^T), GEGLU, GLU) or any pair of GEMMs of one A whose first result only
# the second's epilogue reads: one launch with two accumulators over the same A tile (A read once), the first GEMM's
# epilogue applied to its tile in registers and handed to the second's epilogue in the slot where the two-launch plan
# loaded it. False: the two kwb_gemm launches of the plan before (the A/B's old side). The planner emits this stage
# only under KWB_SIBLING_GEMMS=1 (off by default): on the H100 (session 39, docs/results/2026-12-06-fuse39.md) one
# launch ran 0.57x main's time on trial 27's SwiGLU and 0.40x on a [4096, 1024] -> 2816 fp32 GEGLU, but 1.06x on a
# LLaMA-7B-sized bf16 SwiGLU (2048 x 4096 -> 11008: main's TMA kernel against this pointer loop).
kwb_gemm_siblings = True
_kwb_gemm_dual_last = {"path": ""}  # "dual" (one launch) or why the two launches ran (tests, the A/B)


@triton.jit
def _kwb_gemm_dual_kernel(a_ptr, b_ptr, g_ptr, c_ptr, bias_ptr, gbias_ptr, M, N, K, sab, sam, sak, sbk, sbn, sgk, sgn,
                          scb, scm, scn, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21,
                          s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, h0, h1, h2, h3,
                          HAS_BIAS: tl.constexpr, HAS_GBIAS: tl.constexpr, EPI: tl.constexpr, GEPI: tl.constexpr,
                          SLOT: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                          GROUP_M: tl.constexpr, BATCH_X: tl.constexpr = False):
    # _kwb_gemm_kernel with a second weight g (the sibling GEMM, shared by every batch as b is): both [BLOCK_M,
    # BLOCK_N] accumulators from one A tile per K step; GEPI(gacc) is the sibling's epilogued value, passed to EPI
    # as its epilogue tensor SLOT (EPI's loads of that slot read it as a value: the planner's `_reg` epilogue)
    batch, offs_m, offs_n, offs_k, a_ptrs, b_ptrs = _kwb_gemm_tile(a_ptr, b_ptr, M, N, sab, sam, sak, 0, sbk, sbn,
                                                                   BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, BATCH_X)
    g_ptrs = g_ptr + offs_k[:, None] * sgk + offs_n[None, :].to(tl.int64) * sgn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    gacc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kb in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - kb * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0.0)
        bmask = (offs_k[:, None] < k_left) & (offs_n[None, :] < N)
        b = tl.load(b_ptrs, mask=bmask, other=0.0)
        g = tl.load(g_ptrs, mask=bmask, other=0.0)
        acc = tl.dot(a, b.to(a.dtype), acc)
        gacc = tl.dot(a, g.to(a.dtype), gacc)
        a_ptrs += BLOCK_K * sak
        b_ptrs += BLOCK_K * sbk
        g_ptrs += BLOCK_K * sgk
    if HAS_BIAS:
        acc += tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0).to(tl.float32)[None, :]
    if HAS_GBIAS:
        gacc += tl.load(gbias_ptr + offs_n, mask=offs_n < N, other=0.0).to(tl.float32)[None, :]
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    i1 = offs_m[:, None].to(tl.int64)
    i2 = offs_n[None, :].to(tl.int64)
    gv = GEPI(gacc, batch, i1, i2, 0, 0, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
              s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, h0, h1, h2, h3)
    if SLOT == 0:
        acc = EPI(acc, batch, i1, i2, 0, 0, mask, gv, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                  s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    elif SLOT == 1:
        acc = EPI(acc, batch, i1, i2, 0, 0, mask, e0, gv, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                  s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    elif SLOT == 2:
        acc = EPI(acc, batch, i1, i2, 0, 0, mask, e0, e1, gv, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                  s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    else:
        acc = EPI(acc, batch, i1, i2, 0, 0, mask, e0, e1, e2, gv, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                  s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    c_ptrs = c_ptr + batch * scb + i1 * scm + offs_n[None, :] * scn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=mask)


def _kwb_gemm_dual_why(a, w, gw, slot, epi_tensors):
    """Why kwb_gemm_dual runs its two launches ("" when the one dual launch applies)."""
    if not kwb_gemm_siblings:
        return "kwb_gemm_siblings off"
    if _kwb_math_dtype != torch.float32:
        return "float64 math"
    if w.dim() != 2 or gw.dim() != 2 or w.shape != gw.shape:
        return "weights %s and %s: not one [N, K] shape" % (tuple(w.shape), tuple(gw.shape))
    if a.dim() < 2 or a.shape[-1] != w.shape[1]:
        return "a %s against w %s" % (tuple(a.shape), tuple(w.shape))
    if w.dtype != gw.dtype or (a.dtype != w.dtype and a.element_size() < 4) or a.element_size() > 4:
        return "operand dtypes %s, %s, %s" % (a.dtype, w.dtype, gw.dtype)
    if w.shape[0] == 1 or a.numel() // max(a.shape[-1], 1) == 1:
        return "one output column or row (kwb_gemm's gemv)"
    if not 0 <= slot < 4 or len(epi_tensors) > 4 or epi_tensors[slot] is not None:
        return "epilogue slot %d" % slot
    return ""


def kwb_gemm_dual(a, w, bias, gw, gbias, gepi=None, gepi_scalars=(), gate_dtype=None, epi=None, epi_reg=None,
                  slot=0, epi_tensors=(), epi_scalars=(), epi_view=None, out_dtype=None):
    """epi(a @ w.T + bias, ..., slot: gepi(a @ gw.T + gbias)) in one launch: two GEMMs of one A (a [M, K] or
    [*, M, K]; w, gw [N, K] strided views of one shape), the sibling's epilogued value handed to epi's tensor `slot`
    (epi_tensors[slot] is None) in registers through epi_reg (epi with that slot's load replaced by the value).
    epi_view as kwb_gemm's (the slot is at out's own indices). Where the dual launch does not apply (see
    _kwb_gemm_dual_why; kwb_gemm_siblings off), the plan before: g = kwb_gemm(a, gw, gbias, gepi) stored in
    gate_dtype (default a's), then kwb_gemm(a, w, bias, epi) reading it (through epi_view) as tensor `slot`.
    _kwb_gemm_dual_last["path"] says which ran. Returns out [*, M, N] in out_dtype (default a's dtype)."""
    why = _kwb_gemm_dual_why(a, w, gw, slot, epi_tensors)
    _kwb_gemm_dual_last["path"] = why or "dual"
    if why:
        g = kwb_gemm(a, gw, gbias, epi=gepi, epi_tensors=(), epi_scalars=gepi_scalars, out_dtype=gate_dtype)
        ts = list(epi_tensors)
        ts[slot] = epi_view(g) if epi_view is not None else g
        return kwb_gemm(a, w, bias, epi=epi, epi_tensors=tuple(ts), epi_scalars=epi_scalars, epi_view=epi_view,
                        out_dtype=out_dtype)
    n, k = w.shape
    a3 = a.unsqueeze(0) if a.dim() == 2 else a.reshape(-1, a.shape[-2], k)
    bt, m = a3.shape[0], a3.shape[1]
    out = torch.empty(list(a.shape[:-1]) + [n], dtype=out_dtype or a.dtype, device=a.device)
    out3 = out.view(bt, m, n)
    if out.numel() == 0:
        return out
    ts = [a if t is None else t for t in epi_tensors]  # the slot: a placeholder pointer, never loaded (epi_reg)
    if epi_view is not None:
        ts = [t if j == slot else kwb_epi_unview(t, out.shape, epi_view) for j, t in enumerate(ts)]
    es = [t.expand(out.shape).reshape(bt, m, n) if j != slot else a for j, t in enumerate(ts)]
    ss = [kwb_epi_strides(e, (bt, m, n), (0, 1, 2)) if j != slot else [0] * 5 for j, e in enumerate(es)]
    ss += [[0] * 5] * (4 - len(es))
    es = es + [a] * (4 - len(es))
    fs = [float(f) for f in epi_scalars] + [0.0] * (4 - len(epi_scalars))
    hs = [float(f) for f in gepi_scalars] + [0.0] * (4 - len(gepi_scalars))
    assert len(epi_scalars) <= 4 and len(gepi_scalars) <= 4, "the EPI hooks take at most 4 scalars each"
    small = 2 * bt * m * n * k <= kwb_gemm_small_flops
    stage = (lambda x, kdim: x) if small else _kwb_kmajor
    a3 = stage(a3, 2)
    b2 = stage(w.t().unsqueeze(0), 1)[0]
    g2 = stage(gw.t().unsqueeze(0), 1)[0]
    block_k = 32 if a.element_size() >= 4 else 64
    bm, bn, sms = 128, 128, _kwb_sms(a)  # two accumulators: the register file of one 128 x 256 tile
    while bt * triton.cdiv(m, bm) * triton.cdiv(n, bn) < sms and bn > 64:  # fewer tiles than SMs: smaller
        bn //= 2
    while bt * triton.cdiv(m, bm) * triton.cdiv(n, bn) < sms and bm > 64:
        bm //= 2
    grid, bx = _kwb_batch_grid(triton.cdiv(m, bm) * triton.cdiv(n, bn), bt)
    _kwb_gemm_dual_kernel[grid](
        a3, b2, g2, out3, a if bias is None else bias.contiguous(), a if gbias is None else gbias.contiguous(), m, n,
        k, a3.stride(0), a3.stride(1), a3.stride(2), b2.stride(0), b2.stride(1), g2.stride(0), g2.stride(1),
        out3.stride(0), out3.stride(1), out3.stride(2), *es, *[v for s in ss for v in s], *fs, *hs,
        HAS_BIAS=bias is not None, HAS_GBIAS=gbias is not None, EPI=epi_reg if epi_reg is not None else
        _kwb_epi_identity, GEPI=gepi if gepi is not None else _kwb_epi_identity, SLOT=slot, BLOCK_M=bm, BLOCK_N=bn,
        BLOCK_K=block_k, GROUP_M=8, BATCH_X=bx, num_warps=8 if bm * bn >= 128 * 128 else 4, num_stages=3)
    kwb_gemm_last["impl"], kwb_gemm_last["fallback"], kwb_gemm_last["plan"] = "dual", "", None
    return out


# ---- recurrent layers (nn.RNN / nn.GRU / nn.LSTM; docs/CODEGEN.md "Chains", recurrent stage) ----
# Per layer and direction: one kwb_gemm computes x_t @ W_ih^T + b_ih for every timestep at once, then a host
# loop over t launches _kwb_rnn_step, which computes h_{t-1} @ W_hh^T + b_hh for every gate and the gate
# pointwise in fp32, writing h_t straight into the layer's output sequence (the next step's h_{t-1}).
_kwb_rnn_modes = {"RNN_TANH": (0, 1), "RNN_RELU": (1, 1), "GRU": (2, 3), "LSTM": (3, 4)}  # (MODE, gates)


@triton.jit
def _kwb_tanh(x):
    return 2.0 / (1.0 + tl.exp(-2.0 * x)) - 1.0


@triton.jit
def _kwb_sig(x):
    return 1.0 / (1.0 + tl.exp(-x))


@triton.jit
def _kwb_rnn_gate(hv, w, rh, rk, mh, mk, g, H, swr, swk, acc):
    # acc += h_{t-1}[:, k-block] @ W_hh[g*H + j, k-block]^T
    wv = tl.load(w + (g * H + rh)[None, :] * swr + rk[:, None] * swk, mask=mh[None, :] & mk[:, None], other=0.0)
    return acc + tl.dot(hv, wv.to(tl.float32), input_precision="ieee")


@triton.jit
def _kwb_rnn_step(gx, sgb, sgg, hp, shb, shk, w, swr, swk, bh, cp, scb, sch, co, h, sob, soh, hn, snb, snh, B, H,
                  MODE: tl.constexpr, HAS_BIAS: tl.constexpr, WRITE_HN: tl.constexpr, BLOCK_B: tl.constexpr,
                  BLOCK_H: tl.constexpr, BLOCK_K: tl.constexpr):
    # One timestep for a [BLOCK_B, BLOCK_H] tile of (batch, hidden unit): gates in torch's order (GRU r, z, n;
    # LSTM i, f, g, o), fp32 accumulation, recurrent GEMM in full fp32 (errors compound over the steps).
    rb = tl.program_id(0) * BLOCK_B + tl.arange(0, BLOCK_B)
    rh = tl.program_id(1) * BLOCK_H + tl.arange(0, BLOCK_H)
    mb = rb < B
    mh = rh < H
    m2 = mb[:, None] & mh[None, :]
    a0 = tl.zeros((BLOCK_B, BLOCK_H), dtype=tl.float32)
    a1 = tl.zeros((BLOCK_B, BLOCK_H), dtype=tl.float32)
    a2 = tl.zeros((BLOCK_B, BLOCK_H), dtype=tl.float32)
    a3 = tl.zeros((BLOCK_B, BLOCK_H), dtype=tl.float32)
    for k0 in range(0, H, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        mk = rk < H
        hv = tl.load(hp + rb[:, None] * shb + rk[None, :] * shk, mask=mb[:, None] & mk[None, :], other=0.0)
        hv = hv.to(tl.float32)
        a0 = _kwb_rnn_gate(hv, w, rh, rk, mh, mk, 0, H, swr, swk, a0)
        if MODE >= 2:
            a1 = _kwb_rnn_gate(hv, w, rh, rk, mh, mk, 1, H, swr, swk, a1)
            a2 = _kwb_rnn_gate(hv, w, rh, rk, mh, mk, 2, H, swr, swk, a2)
        if MODE == 3:
            a3 = _kwb_rnn_gate(hv, w, rh, rk, mh, mk, 3, H, swr, swk, a3)
    if HAS_BIAS:
        a0 += tl.load(bh + rh, mask=mh, other=0.0).to(tl.float32)[None, :]
        if MODE >= 2:
            a1 += tl.load(bh + H + rh, mask=mh, other=0.0).to(tl.float32)[None, :]
            a2 += tl.load(bh + 2 * H + rh, mask=mh, other=0.0).to(tl.float32)[None, :]
        if MODE == 3:
            a3 += tl.load(bh + 3 * H + rh, mask=mh, other=0.0).to(tl.float32)[None, :]
    gxo = gx + rb[:, None] * sgb + rh[None, :] * sgg
    x0 = tl.load(gxo, mask=m2, other=0.0).to(tl.float32)
    if MODE == 0:
        hnew = _kwb_tanh(x0 + a0)
    elif MODE == 1:
        hnew = tl.maximum(x0 + a0, 0.0)
    elif MODE == 2:
        x1 = tl.load(gxo + H * sgg, mask=m2, other=0.0).to(tl.float32)
        x2 = tl.load(gxo + 2 * H * sgg, mask=m2, other=0.0).to(tl.float32)
        hprev = tl.load(hp + rb[:, None] * shb + rh[None, :] * shk, mask=m2, other=0.0).to(tl.float32)
        r = _kwb_sig(x0 + a0)
        z = _kwb_sig(x1 + a1)
        n = _kwb_tanh(x2 + r * a2)
        hnew = (1.0 - z) * n + z * hprev
    else:
        x1 = tl.load(gxo + H * sgg, mask=m2, other=0.0).to(tl.float32)
        x2 = tl.load(gxo + 2 * H * sgg, mask=m2, other=0.0).to(tl.float32)
        x3 = tl.load(gxo + 3 * H * sgg, mask=m2, other=0.0).to(tl.float32)
        cprev = tl.load(cp + rb[:, None] * scb + rh[None, :] * sch, mask=m2, other=0.0).to(tl.float32)
        cnew = _kwb_sig(x1 + a1) * cprev + _kwb_sig(x0 + a0) * _kwb_tanh(x2 + a2)
        hnew = _kwb_sig(x3 + a3) * _kwb_tanh(cnew)
        tl.store(co + rb[:, None] * H + rh[None, :], cnew.to(co.dtype.element_ty), mask=m2)
    tl.store(h + rb[:, None] * sob + rh[None, :] * soh, hnew.to(h.dtype.element_ty), mask=m2)
    if WRITE_HN:
        tl.store(hn + rb[:, None] * snb + rh[None, :] * snh, hnew.to(hn.dtype.element_ty), mask=m2)


# The step path (an A/B switch; docs/CODEGEN.md "Chains", recurrent stage):
#   "loop":  W_hh small enough for one program's registers (padded hidden <= 64): one launch per layer and
#            direction runs the whole time loop in-kernel, h and c carried in fp32 registers, programs over the
#            batch (its rows are independent recurrences);
#   "split": one launch per step, the hidden units split across ~128 programs (each computes every gate of its
#            slice, so the gate pointwise needs no second pass), h_{t-1} @ W_hh^T as a broadcast-multiply-sum
#            over k chunks for a small batch (<= 32 rows: a tensor-core tile would be mostly padding);
#   "dot":   the session-16 step (tl.dot over [16..64 batch, 32 units] tiles: 8 programs for 256 units; measured
#            ~28 us a step on the H200 for 39_GRU), kept for large batches and as the A/B baseline;
#   "auto":  loop where it fits, else split for <= 32 batch rows, else dot.
kwb_rnn_step = "auto"
# kwb_rnn_fuse_x: the loop path also computes x_t @ W_ih^T where W_ih fits beside W_hh (one launch a layer). Off:
# measured slower on the H200 (bench/gpu/rnn_step.py, session 16): u37 0.586 ms fused, 0.539 ms with the GEMM
kwb_rnn_fuse_x = False
kwb_rnn_split_bh = 0  # units per program of the split step (0: sized for ~128 programs); a sweep knob
_kwb_rnn_last = {}  # what the last kwb_rnn ran: {"path", "launches", "grid"[, "fallback"]} (tests, the A/B)
_kwb_rnn_failed = {}  # path -> why its kernel failed (a compile error): "dot" runs instead from then on


@triton.jit
def _kwb_rnn_wtile(w, g, H, rj, rk, swr, swk, mw):
    # W_hh rows of gate g as a [1, units j, inputs k] block, in fp32
    return tl.load(w + (g * H + rj)[None, :, None] * swr + rk[None, None, :] * swk, mask=mw, other=0.0).to(tl.float32)


@triton.jit
def _kwb_rnn_bias(bh, g, H, rj, mj, HAS_BIAS: tl.constexpr):
    if HAS_BIAS:
        b = tl.load(bh + g * H + rj, mask=mj, other=0.0).to(tl.float32)
    else:
        b = tl.zeros(rj.shape, dtype=tl.float32)
    return b


@triton.jit
def _kwb_rnn_cell(x0, x1, x2, x3, a0, a1, a2, a3, hprev, cprev, MODE: tl.constexpr):
    # The gate pointwise of one step in fp32: x_g = x_t @ W_ih[g]^T + b_ih[g], a_g = h_{t-1} @ W_hh[g]^T + b_hh[g];
    # gates in torch's order (GRU r, z, n; LSTM i, f, g, o). Returns (h_t, c_t) (c_t = cprev except LSTM).
    cnew = cprev
    if MODE == 0:
        hnew = _kwb_tanh(x0 + a0)
    elif MODE == 1:
        hnew = tl.maximum(x0 + a0, 0.0)
    elif MODE == 2:
        r = _kwb_sig(x0 + a0)
        z = _kwb_sig(x1 + a1)
        n = _kwb_tanh(x2 + r * a2)
        hnew = (1.0 - z) * n + z * hprev
    else:
        cnew = _kwb_sig(x1 + a1) * cprev + _kwb_sig(x0 + a0) * _kwb_tanh(x2 + a2)
        hnew = _kwb_sig(x3 + a3) * _kwb_tanh(cnew)
    return hnew, cnew


@triton.jit
def _kwb_rnn_gx(gx, t, sgt, rb, sgb, rj, sgg, H, m2, MODE: tl.constexpr):
    # x_t's projections for every gate of the [batch, unit] tile (unused gates read nothing)
    p = gx + t * sgt + rb[:, None] * sgb + rj[None, :] * sgg
    x0 = tl.load(p, mask=m2, other=0.0).to(tl.float32)
    x1 = x0
    x2 = x0
    x3 = x0
    if MODE >= 2:
        x1 = tl.load(p + H * sgg, mask=m2, other=0.0).to(tl.float32)
        x2 = tl.load(p + 2 * H * sgg, mask=m2, other=0.0).to(tl.float32)
    if MODE == 3:
        x3 = tl.load(p + 3 * H * sgg, mask=m2, other=0.0).to(tl.float32)
    return x0, x1, x2, x3


@triton.jit
def _kwb_rnn_xproj(xs, t, sxt, rb, sxb, ri, sxi, mx, v0, v1, v2, v3, c0, c1, c2, c3, MODE: tl.constexpr):
    # x_t @ W_ih[g]^T + b_ih[g] for every gate in fp32, W_ih's gates v_g ([1, units, inputs]) and c_g in registers
    xk = tl.load(xs + t * sxt + rb[:, None] * sxb + ri[None, :] * sxi, mask=mx, other=0.0).to(tl.float32)
    xk = xk[:, None, :]
    x0 = tl.sum(xk * v0, axis=2) + c0
    x1 = x0
    x2 = x0
    x3 = x0
    if MODE >= 2:
        x1 = tl.sum(xk * v1, axis=2) + c1
        x2 = tl.sum(xk * v2, axis=2) + c2
    if MODE == 3:
        x3 = tl.sum(xk * v3, axis=2) + c3
    return x0, x1, x2, x3


@triton.jit
def _kwb_rnn_seq(gx, sgt, sgb, sgg, h0, s0b, s0h, c0, sc0b, sc0h, w, swr, swk, bh, out, sot, sob, soh, hn, snb, snh,
                 cn, scnb, scnh, xs, sxt, sxb, sxi, wih, swir, swik, bih, T, B, H, I, MODE: tl.constexpr,
                 HAS_BIAS: tl.constexpr, REVERSE: tl.constexpr, FUSE_X: tl.constexpr, BLOCK_B: tl.constexpr,
                 BLOCK_H: tl.constexpr, BLOCK_I: tl.constexpr):
    # A whole layer-direction for BLOCK_B batch rows: W_hh (all gates) and b_hh stay in registers, h and c are
    # carried in fp32 across the T steps (no per-step launch, no round trip of h through memory); x_{t+1}'s
    # projections are loaded before step t's math so their latency hides behind it. FUSE_X: the projections
    # x_t @ W_ih^T + b_ih are computed here too, W_ih in registers (no GEMM launch, no [T, B, G*H] buffer);
    # else they come from gx (kwb_gemm over all timesteps).
    rb = tl.program_id(0) * BLOCK_B + tl.arange(0, BLOCK_B)
    rj = tl.arange(0, BLOCK_H)
    mb = rb < B
    mj = rj < H
    m2 = mb[:, None] & mj[None, :]
    mw = mj[None, :, None] & mj[None, None, :]
    w0 = _kwb_rnn_wtile(w, 0, H, rj, rj, swr, swk, mw)
    w1 = w0
    w2 = w0
    w3 = w0
    if MODE >= 2:
        w1 = _kwb_rnn_wtile(w, 1, H, rj, rj, swr, swk, mw)
        w2 = _kwb_rnn_wtile(w, 2, H, rj, rj, swr, swk, mw)
    if MODE == 3:
        w3 = _kwb_rnn_wtile(w, 3, H, rj, rj, swr, swk, mw)
    b0 = _kwb_rnn_bias(bh, 0, H, rj, mj, HAS_BIAS)[None, :]
    b1 = b0
    b2 = b0
    b3 = b0
    if MODE >= 2:
        b1 = _kwb_rnn_bias(bh, 1, H, rj, mj, HAS_BIAS)[None, :]
        b2 = _kwb_rnn_bias(bh, 2, H, rj, mj, HAS_BIAS)[None, :]
    if MODE == 3:
        b3 = _kwb_rnn_bias(bh, 3, H, rj, mj, HAS_BIAS)[None, :]
    h = tl.load(h0 + rb[:, None] * s0b + rj[None, :] * s0h, mask=m2, other=0.0).to(tl.float32)
    c = h
    if MODE == 3:
        c = tl.load(c0 + rb[:, None] * sc0b + rj[None, :] * sc0h, mask=m2, other=0.0).to(tl.float32)
    if FUSE_X:
        ri = tl.arange(0, BLOCK_I)
        mx = mb[:, None] & (ri < I)[None, :]
        mwi = mj[None, :, None] & (ri < I)[None, None, :]
        v0 = _kwb_rnn_wtile(wih, 0, H, rj, ri, swir, swik, mwi)
        c0_ = _kwb_rnn_bias(bih, 0, H, rj, mj, HAS_BIAS)[None, :]
        v1 = v0
        v2 = v0
        v3 = v0
        c1_ = c0_
        c2_ = c0_
        c3_ = c0_
        if MODE >= 2:
            v1 = _kwb_rnn_wtile(wih, 1, H, rj, ri, swir, swik, mwi)
            v2 = _kwb_rnn_wtile(wih, 2, H, rj, ri, swir, swik, mwi)
            c1_ = _kwb_rnn_bias(bih, 1, H, rj, mj, HAS_BIAS)[None, :]
            c2_ = _kwb_rnn_bias(bih, 2, H, rj, mj, HAS_BIAS)[None, :]
        if MODE == 3:
            v3 = _kwb_rnn_wtile(wih, 3, H, rj, ri, swir, swik, mwi)
            c3_ = _kwb_rnn_bias(bih, 3, H, rj, mj, HAS_BIAS)[None, :]
    # (the step index is named apart from anything defined before the loop: a loop-carried name must keep its type)
    if FUSE_X:
        if REVERSE:
            x0, x1, x2, x3 = _kwb_rnn_xproj(xs, T - 1, sxt, rb, sxb, ri, sxi, mx, v0, v1, v2, v3, c0_, c1_, c2_, c3_,
                                            MODE)
        else:
            x0, x1, x2, x3 = _kwb_rnn_xproj(xs, 0, sxt, rb, sxb, ri, sxi, mx, v0, v1, v2, v3, c0_, c1_, c2_, c3_, MODE)
    else:
        if REVERSE:
            x0, x1, x2, x3 = _kwb_rnn_gx(gx, T - 1, sgt, rb, sgb, rj, sgg, H, m2, MODE)
        else:
            x0, x1, x2, x3 = _kwb_rnn_gx(gx, 0, sgt, rb, sgb, rj, sgg, H, m2, MODE)
    for i in range(0, T):
        t = i
        tn = i + 1
        if REVERSE:
            t = T - 1 - i
            tn = T - 2 - i
        if FUSE_X:  # the next step's, early
            y0, y1, y2, y3 = _kwb_rnn_xproj(xs, tn, sxt, rb, sxb, ri, sxi, mx & (i + 1 < T), v0, v1, v2, v3, c0_, c1_,
                                            c2_, c3_, MODE)
        else:
            y0, y1, y2, y3 = _kwb_rnn_gx(gx, tn, sgt, rb, sgb, rj, sgg, H, m2 & (i + 1 < T), MODE)
        hk = h[:, None, :]  # h_{t-1} indexed by input unit k: [BLOCK_B, 1, BLOCK_H]
        a0 = tl.sum(hk * w0, axis=2) + b0
        a1 = a0
        a2 = a0
        a3 = a0
        if MODE >= 2:
            a1 = tl.sum(hk * w1, axis=2) + b1
            a2 = tl.sum(hk * w2, axis=2) + b2
        if MODE == 3:
            a3 = tl.sum(hk * w3, axis=2) + b3
        h, c = _kwb_rnn_cell(x0, x1, x2, x3, a0, a1, a2, a3, h, c, MODE)
        tl.store(out + t * sot + rb[:, None] * sob + rj[None, :] * soh, h.to(out.dtype.element_ty), mask=m2)
        x0 = y0
        x1 = y1
        x2 = y2
        x3 = y3
    tl.store(hn + rb[:, None] * snb + rj[None, :] * snh, h.to(hn.dtype.element_ty), mask=m2)
    if MODE == 3:
        tl.store(cn + rb[:, None] * scnb + rj[None, :] * scnh, c.to(cn.dtype.element_ty), mask=m2)


@triton.jit
def _kwb_rnn_step_split(gx, sgb, sgg, hp, shb, shk, w, swr, swk, bh, cp, scb, sch, co, h, sob, soh, hn, snb, snh, B,
                        H, MODE: tl.constexpr, HAS_BIAS: tl.constexpr, WRITE_HN: tl.constexpr, BLOCK_B: tl.constexpr,
                        BLOCK_H: tl.constexpr, BLOCK_K: tl.constexpr):
    # One timestep for BLOCK_H hidden units (program_id 0) of BLOCK_B batch rows (program_id 1), every gate:
    # acc_g[b, j] = sum_k h_{t-1}[b, k] * W_hh[g*H + j, k] as fp32 multiply-and-sum over BLOCK_K chunks (W_hh's
    # rows are contiguous in k: coalesced; the whole W_hh stays in L2 across the steps).
    rb = tl.program_id(1) * BLOCK_B + tl.arange(0, BLOCK_B)
    rj = tl.program_id(0) * BLOCK_H + tl.arange(0, BLOCK_H)
    mb = rb < B
    mj = rj < H
    m2 = mb[:, None] & mj[None, :]
    a0 = tl.zeros((BLOCK_B, BLOCK_H), dtype=tl.float32)
    a1 = a0
    a2 = a0
    a3 = a0
    for k0 in range(0, H, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        mk = rk < H
        hv = tl.load(hp + rb[:, None, None] * shb + rk[None, None, :] * shk, mask=mb[:, None, None] & mk[None, None, :],
                     other=0.0).to(tl.float32)
        mw = mj[None, :, None] & mk[None, None, :]
        # (no in-place adds: the accumulators start as one tensor, which the emulation would alias)
        a0 = a0 + tl.sum(hv * _kwb_rnn_wtile(w, 0, H, rj, rk, swr, swk, mw), axis=2)
        if MODE >= 2:
            a1 = a1 + tl.sum(hv * _kwb_rnn_wtile(w, 1, H, rj, rk, swr, swk, mw), axis=2)
            a2 = a2 + tl.sum(hv * _kwb_rnn_wtile(w, 2, H, rj, rk, swr, swk, mw), axis=2)
        if MODE == 3:
            a3 = a3 + tl.sum(hv * _kwb_rnn_wtile(w, 3, H, rj, rk, swr, swk, mw), axis=2)
    a0 = a0 + _kwb_rnn_bias(bh, 0, H, rj, mj, HAS_BIAS)[None, :]
    if MODE >= 2:
        a1 = a1 + _kwb_rnn_bias(bh, 1, H, rj, mj, HAS_BIAS)[None, :]
        a2 = a2 + _kwb_rnn_bias(bh, 2, H, rj, mj, HAS_BIAS)[None, :]
    if MODE == 3:
        a3 = a3 + _kwb_rnn_bias(bh, 3, H, rj, mj, HAS_BIAS)[None, :]
    x0, x1, x2, x3 = _kwb_rnn_gx(gx, 0, 0, rb, sgb, rj, sgg, H, m2, MODE)
    hprev = a0
    cprev = a0
    if MODE == 2:
        hprev = tl.load(hp + rb[:, None] * shb + rj[None, :] * shk, mask=m2, other=0.0).to(tl.float32)
    if MODE == 3:
        cprev = tl.load(cp + rb[:, None] * scb + rj[None, :] * sch, mask=m2, other=0.0).to(tl.float32)
    hnew, cnew = _kwb_rnn_cell(x0, x1, x2, x3, a0, a1, a2, a3, hprev, cprev, MODE)
    if MODE == 3:
        tl.store(co + rb[:, None] * H + rj[None, :], cnew.to(co.dtype.element_ty), mask=m2)
    tl.store(h + rb[:, None] * sob + rj[None, :] * soh, hnew.to(h.dtype.element_ty), mask=m2)
    if WRITE_HN:
        tl.store(hn + rb[:, None] * snb + rj[None, :] * snh, hnew.to(hn.dtype.element_ty), mask=m2)


def _kwb_rnn_choose(B, H):
    """The step path of a layer with batch B and hidden size H under kwb_rnn_step."""
    if kwb_rnn_step != "auto":
        return kwb_rnn_step
    if _kwb_np2(H) <= 64:
        return "loop"
    return "split" if B <= 32 else "dot"


def _kwb_rnn_seq_tiles(B, H):
    """(BLOCK_B, BLOCK_H, num_warps) of the in-kernel loop: one gate's [BLOCK_B, BLOCK_H, BLOCK_H] product at
    <= 32 fp32 values a thread, W_hh's gates at <= 64 a thread (4 warps to 32 padded units, 8 to 64)."""
    bh = _kwb_np2(H)
    warps = 4 if bh <= 32 else 8
    bb = max(1, min(_kwb_np2(B), (32 * 32 * warps) // (bh * bh)))
    return bb, bh, warps


def _kwb_rnn_split_tiles(B, H):
    """(BLOCK_B, BLOCK_H, BLOCK_K) of the split step: every batch row of a <= 16-row tile, units per program
    for ~128 programs (H200: 132 SMs), a [BLOCK_B, BLOCK_H, BLOCK_K] product of <= 4096 values (32 a thread)."""
    bb = min(16, _kwb_np2(B))
    nb = triton.cdiv(B, bb)
    bh = kwb_rnn_split_bh or max(1, min(16, _kwb_np2(triton.cdiv(H * nb, 128))))
    bk = max(16, min(_kwb_np2(H), 4096 // (bb * bh)))
    return bb, bh, bk


def _kwb_rnn_fuses_x(G, B, H, I):
    """Whether the in-kernel loop also computes x_t @ W_ih^T (kwb_rnn_fuse_x): W_ih and W_hh together at <= 64
    fp32 values a thread (u37's GRU, 16 inputs x 32 units: 36); else kwb_gemm projects every timestep first."""
    bb, bh, warps = _kwb_rnn_seq_tiles(B, H)
    return kwb_rnn_fuse_x and G * bh * (bh + _kwb_np2(I)) <= 64 * 32 * warps


def _kwb_rnn_direction(path, gxs, hp, cp, w_hh, b_hh, outs, d, hn, co, T, B, H, MODE, bias, xs=None, w_ih=None,
                       b_ih=None):
    """The time loop of one layer and direction on @p path (x's projections gxs [T, B, G*H] already computed, or
    for "loopx" the layer's input xs [T, B, I] with W_ih and b_ih; writes outs[:, :, d*H:(d+1)*H], hn, and co
    for an LSTM). Returns (launches, grid)."""
    if path in ("loop", "loopx"):
        bb, bhs, warps = _kwb_rnn_seq_tiles(B, H)
        fuse = path == "loopx"
        I = xs.shape[2] if fuse else 1
        bi = _kwb_np2(I)
        if fuse:
            bb = max(1, min(bb, (32 * 32 * warps) // (bhs * bi)))  # the x product's [BLOCK_B, BLOCK_H, BLOCK_I]
        else:
            xs, w_ih, b_ih = gxs, w_hh, b_hh  # unused pointers
        grid = (triton.cdiv(B, bb),)
        o = outs.narrow(2, d * H, H)
        _kwb_rnn_seq[grid](gxs, gxs.stride(0), gxs.stride(1), gxs.stride(2), hp, hp.stride(0), hp.stride(1), cp,
                           cp.stride(0), cp.stride(1), w_hh, w_hh.stride(0), w_hh.stride(1), b_hh, o, o.stride(0),
                           o.stride(1), o.stride(2), hn, hn.stride(0), hn.stride(1), co, co.stride(0), co.stride(1),
                           xs, xs.stride(0), xs.stride(1), xs.stride(2), w_ih, w_ih.stride(0), w_ih.stride(1), b_ih,
                           T, B, H, I, MODE=MODE, HAS_BIAS=bias, REVERSE=d == 1, FUSE_X=fuse, BLOCK_B=bb,
                           BLOCK_H=bhs, BLOCK_I=bi, num_warps=warps)
        return 1, grid
    if path == "split":
        bb, bhs, bk = _kwb_rnn_split_tiles(B, H)
        grid = (triton.cdiv(H, bhs), triton.cdiv(B, bb))
    else:
        bb = max(16, min(64, _kwb_np2(B)))
        bhs = 32 if H <= 256 else 64
        grid = (triton.cdiv(B, bb), triton.cdiv(H, bhs))
    steps = range(T) if d == 0 else range(T - 1, -1, -1)
    for i, t in enumerate(steps):
        h = outs.select(0, t).narrow(1, d * H, H)
        g = gxs.select(0, t)
        if path == "split":
            _kwb_rnn_step_split[grid](g, g.stride(0), g.stride(1), hp, hp.stride(0), hp.stride(1), w_hh,
                                      w_hh.stride(0), w_hh.stride(1), b_hh, cp, cp.stride(0), cp.stride(1), co, h,
                                      h.stride(0), h.stride(1), hn, hn.stride(0), hn.stride(1), B, H, MODE=MODE,
                                      HAS_BIAS=bias, WRITE_HN=i == T - 1, BLOCK_B=bb, BLOCK_H=bhs, BLOCK_K=bk,
                                      num_warps=4)
        else:
            _kwb_rnn_step[grid](g, g.stride(0), g.stride(1), hp, hp.stride(0), hp.stride(1), w_hh, w_hh.stride(0),
                                w_hh.stride(1), b_hh, cp, cp.stride(0), cp.stride(1), co, h, h.stride(0), h.stride(1),
                                hn, hn.stride(0), hn.stride(1), B, H, MODE=MODE, HAS_BIAS=bias, WRITE_HN=i == T - 1,
                                BLOCK_B=bb, BLOCK_H=bhs, BLOCK_K=32)
        hp = h
        cp = co
    return T, grid


def kwb_rnn(x, hx, cx, weights, mode, num_layers, bias, batch_first, bidirectional, dropout=0.0, training=False):
    """torch.nn.RNN/GRU/LSTM forward: returns (output, h_n, c_n) (c_n None except for LSTM).
    x [T, B, I] ([B, T, I] batch_first); hx, cx [L*D, B, H] or None (zeros); weights in the module's
    _flat_weights_names order (w_ih, w_hh[, b_ih, b_hh] per layer and direction, _reverse after forward).
    Launches per layer and direction: one kwb_gemm, then one in-kernel time loop ("loop" path) or T step
    kernels from a host loop ("split" / "dot"); kwb_rnn_step above says which. A path whose kernel fails
    (a compile error) falls back to "dot" for the rest of the process, with a warning; _kwb_rnn_last records
    the path, launches, the last grid, and any fallback."""
    if training and dropout > 0 and num_layers > 1:
        raise NotImplementedError("kernel.py: dropout between recurrent layers in training mode has no deterministic "
                                  "reference; this kernel is the eval-mode model")
    MODE, G = _kwb_rnn_modes[mode]
    D = 2 if bidirectional else 1
    per = 4 if bias else 2
    H = weights[1].shape[1]
    seq = x.transpose(0, 1) if batch_first else x  # [T, B, I] view
    T, B = seq.shape[0], seq.shape[1]
    h_n = torch.empty((num_layers * D, B, H), dtype=x.dtype, device=x.device)
    c_n = torch.empty((num_layers * D, B, H), dtype=x.dtype, device=x.device) if MODE == 3 else h_n
    zeros = torch.zeros((B, H), dtype=x.dtype, device=x.device) if hx is None or (MODE == 3 and cx is None) else None
    path = _kwb_rnn_choose(B, H)
    path = "dot" if path in _kwb_rnn_failed else path
    used = {}  # the step paths that ran (a dict: the conformance gate reads `.add(` as tensor compute)
    launches, grid = 0, None
    inp = x
    out = x
    for layer in range(num_layers):
        out = torch.empty((B, T, D * H) if batch_first else (T, B, D * H), dtype=x.dtype, device=x.device)
        outs = out.transpose(0, 1) if batch_first else out  # [T, B, D*H] view
        for d in range(D):
            ws = weights[(layer * D + d) * per:(layer * D + d + 1) * per]
            s = layer * D + d
            hp = hx.select(0, s) if hx is not None else zeros
            cp = (cx.select(0, s) if cx is not None else zeros) if MODE == 3 else hp
            xs = inp.transpose(0, 1) if batch_first else inp  # [T, B, I] view
            step = path
            if path == "loop" and "loopx" not in _kwb_rnn_failed and _kwb_rnn_fuses_x(G, B, H, xs.shape[2]):
                step = "loopx"
            gx = None
            while True:
                if gx is None and step != "loopx":
                    gx = kwb_gemm(inp, ws[0], ws[2] if bias else None)  # all timesteps at once: [.., G*H]
                    launches += 1
                gxs = xs if gx is None else (gx.transpose(0, 1) if batch_first else gx)
                try:
                    n, grid = _kwb_rnn_direction(step, gxs, hp, cp, ws[1], ws[3] if bias else ws[1], outs, d,
                                                 h_n.select(0, s), c_n.select(0, s), T, B, H, MODE, bias, xs, ws[0],
                                                 ws[2] if bias else ws[0])
                    break
                except Exception as e:  # noqa: BLE001 -- a compile error of a new path: an older one runs instead
                    if step == "dot" or isinstance(e, torch.cuda.OutOfMemoryError):
                        raise
                    import warnings
                    msg = str(e).strip()
                    _kwb_rnn_failed[step] = "%s failed: %s: %s" % (step, type(e).__name__,
                                                                   msg.splitlines()[-1][:300] if msg else "")
                    older = "loop" if step == "loopx" else "dot"
                    warnings.warn("kwb_rnn: %s; falling back to the %s step" % (_kwb_rnn_failed[step], older))
                    step = path = older
            launches += n
            used[step] = True
        inp = out
    _kwb_rnn_last.clear()
    _kwb_rnn_last.update(path="+".join(sorted(used)), launches=launches, grid=grid)
    if _kwb_rnn_failed:
        _kwb_rnn_last["fallback"] = "; ".join(_kwb_rnn_failed.values())
    return out, h_n, (c_n if MODE == 3 else None)


# ---- attention traced as ops (issue 14): GEMM -> [scale] -> [mask] -> softmax -> GEMM in one launch ----
# softmax(where(keep, scale * Q Kᵀ, fill)) V, keep the conjunction of an index predicate (a mask the planner found
# built from constants: key j of query i kept where j - i lies in one interval [lo, hi] of the diagonals -- a half
# plane (causal) or a band (sliding window, local window)) and a boolean mask tensor broadcast over the rows (a
# buffer: kept where (mask != 0) == mask_keep). The flash path (online softmax, FlashAttention-2's forward) for
# padded head dims up to _kwb_attn_flash_max_d visits only the key tiles that meet the interval; else, or with
# kwb_attn_flash off, the materialised path: the scores GEMM, the masked softmax below, the P V GEMM.
kwb_attn_flash = True
# K / V given with fewer heads than Q (grouped-query / multi-query attention: k_rep, v_rep > 1): the flash kernel
# reads batch entry b // rep of K / V in place (kv_head = h // rep), no repeated copy. False: the old path, the
# repeat copied first (as torch's expand + reshape did before the planner passed the un-repeated tensors)
kwb_attn_kv_index = True
# False: the flash kernel visits every key tile left of the interval's upper edge and masks those below its lower
# edge (the same result; the A/B of band skipping, bench/gpu/attn_band.py)
kwb_attn_band_skip = True
# fp16 / bf16 q, k, v read in their dtype (tl.dot on 16-bit tiles, fp32 accumulation, P rounded to V's dtype as
# SDPA does), the output stored in q's dtype. False: the old path, q, k and v widened to fp32 first (one copy each)
# and the fp32 kernel run (the A/B, bench/gpu/attn16_ab.py). Operands of mixed dtypes are widened either way.
kwb_attn_16bit = True
# q, Kᵀ or v given [B, H, L, D] with lead dims that do not merge (torch's view + transpose(1, 2) head split of a
# [B, L, H * D] projection; session 48, t5rel48): the flash kernel reads entry n at (n // H) * stride(0) + (n % H) *
# stride(1) in place. False: the old path, reshape(-1, L, D) copies the operand first (one launch and its size twice
# in bytes each). The materialised path copies either way (its GEMMs take one lead stride).
kwb_attn_heads = True
# P V's precision for fp32 V: None follows each call's pv_ieee= (the planner's: full fp32 where the attention's output
# is subtracted from a tensor of V's magnitude, DECISIONS.md session 37); True / False: every call (an A/B switch)
kwb_attn_pv_ieee = None
# Small problems (issue 14, session 39): tiles fitted to the sizes and a grid of one program per SM where the work
# allows -- the flash kernel's BLOCK_M / BLOCK_N cut to the padded query / key lengths and BLOCK_M halved (down to 64)
# while fewer CTAs than SMs run, its warps to the tile; the masked softmax's rows a program as kwb_row1's (one per SM,
# down to 512 elements). On by small39's rule after the lead's rerun without host-flagged rows (H100, GPU time:
# 03_causal_attn_padmask 41.1 -> 11.4 us, op38_causal 19.3 -> 5.2, op38_lengths_le 33.0 -> 5.2, lengths_mask 7.6 -> 6.1,
# 03_gqa_rope 36.1 -> 35.0; docs/results/2026-12-06-small39.md). False: the large-shape settings at every size
kwb_small_grid = True
# A mask tensor that broadcasts along the keys or queries (stride 0: a lengths value per entry, a key-padding row) is
# loaded as the vector or number it is, in the flash kernel and the masked softmax; False: as a full tile of scores
# (the A/B's old side). Session 39: the tile of 64-bit addresses and values spilled (op38_lengths_le_arange_scaled's
# one flash launch 30 us against torch.compile's 12 us for three). On with kwb_small_grid (one A/B group)
kwb_attn_mask_vec = True
_kwb_attn_flash_max_d = 256  # beyond it the [BLOCK_M, head_dim] accumulator does not fit in registers
# (BLOCK_M, BLOCK_N, num_warps, num_stages) by (padded head dim, operand bytes), tried in order until one launches
# (the attention template's FLASH_CONFIGS, H200, pool_attn_smoke.py)
_kwb_attn_configs = {
    (64, 2): [(128, 128, 8, 3), (128, 64, 4, 3)], (64, 4): [(128, 128, 8, 3), (128, 64, 4, 3)],
    (128, 2): [(128, 128, 8, 3), (128, 64, 8, 3)], (128, 4): [(128, 32, 8, 2)],
    (256, 2): [(64, 64, 8, 2)], (256, 4): [(64, 32, 8, 2)],
}
_kwb_attn_fallback = [(64, 32, 4, 2), (32, 32, 4, 1), (16, 16, 4, 1)]
_kwb_attn_chosen = {}  # config key -> index of the first setting that launched
kwb_attn_last = {}     # the last call's path ("flash" | "materialised") and CTAs


@triton.jit
def _kwb_attn_idx_cmp(j, v, CMP: tl.constexpr):
    # a mask computed from an index predicate on a tensor (arange(S) >= lengths[:, None]): key j against the value
    # v the mask tensor holds for its entry (codes as _kwb_attn_cmp_codes)
    if CMP == 1:
        r = j < v
    elif CMP == 2:
        r = j <= v
    elif CMP == 3:
        r = j > v
    elif CMP == 4:
        r = j >= v
    elif CMP == 5:
        r = j == v
    else:
        r = j != v
    return r


@triton.jit
def _kwb_attn_flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, m_ptr, b_ptr, Lq, Lk, D, E, qk_scale, fill, lo, hi, num_m,
                           k_rep, v_rep, bias_scale, bn1, bn2, sqb, sqm, sqd, skb, skd, skn, svb, svn, sve, sob, som,
                           soe, mn1, mn2, sm0, sm1, sm2, smm, smn, sb0, sb1, sb2, sbm, sbn, hq, sqa, hk, ska, hv, sva,
                           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr, BLOCK_E: tl.constexpr,
                           HAS_LO: tl.constexpr, HAS_HI: tl.constexpr, SKIP_LO: tl.constexpr, HAS_MASK: tl.constexpr,
                           MASK_KEEP: tl.constexpr, HAS_BIAS: tl.constexpr, PV_IEEE: tl.constexpr = False,
                           MASK_CMP: tl.constexpr = 0, MASK_M: tl.constexpr = True, MASK_N: tl.constexpr = True,
                           LEAD2: tl.constexpr = False):
    # one CTA per BLOCK_M query rows of one batch entry; K (given as Kᵀ [D, Lk]) and V streamed in BLOCK_N tiles;
    # qk_scale and fill carry log2(e) (exp2 below). HAS_LO / HAS_HI: key j of row i kept where lo <= j - i <= hi;
    # the key tiles wholly past the block's upper edge (and, SKIP_LO, wholly before its lower edge) are not visited
    # (they hold fill only, whose weight exp(fill - max) is 0 for the fills kwb_attention sends here). A row with no
    # kept key ends 0 / 0: NaN, as torch's softmax over a row of -inf.
    # k_rep / v_rep: K / V hold one entry per k_rep / v_rep consecutive entries of Q (GQA's kv_head = h // rep)
    # HAS_BIAS: an additive bias (ALiBi, a relative position table) read per tile through its strides, entry b of Q
    # at bias lead index (b // (bn1 * bn2), b // bn2 % bn1, b % bn2) (stride 0 where it broadcasts), added to the
    # scaled scores before the predicate (bias_scale carries log2(e) and the scales after the bias's add)
    # HAS_MASK: the mask tensor, broadcast over the entries as the bias (mn1, mn2, sm0..sm2: a key-padding mask
    # [B, 1, 1, Lk] over [B, H] reads entry b // H), read per key tile; MASK_CMP: the tensor holds a value per entry
    # (a lengths input viewed [B, 1, 1, 1], stride 0 over the tile) and the mask is key j CMP that value
    # PV_IEEE: P V in full fp32 (fp32 V only): the planner's choice where the output cancels against V
    # MASK_M / MASK_N: whether the mask varies along the queries / keys (a stride of 0 broadcasts it): a key-padding
    # mask is one row of keys, a lengths value one number per entry -- loaded as such, not as a [BLOCK_M, BLOCK_N]
    # tile of 64-bit addresses and values (which spilled: session 39)
    # LEAD2: q's, K's and V's entries over two lead dims that do not merge ([B, H] of a head-split transpose): entry
    # n at (n // h) * sa + (n % h) * sb with each operand's own h (hq, hk, hv), sa (sqa, ska, sva) and sb (sqb, ...)
    pid = tl.program_id(0)
    b = (pid // num_m).to(tl.int64)
    bk = b // k_rep
    bv = b // v_rep
    if LEAD2:
        q_ptr += b // hq * sqa + b % hq * sqb
        k_ptr += bk // hk * ska + bk % hk * skb
        v_ptr += bv // hv * sva + bv % hv * svb
    else:
        q_ptr += b * sqb
        k_ptr += bk * skb
        v_ptr += bv * svb
    b_base = b_ptr + (b // (bn1 * bn2)) * sb0 + (b // bn2 % bn1) * sb1 + (b % bn2) * sb2
    m_base = m_ptr + (b // (mn1 * mn2)) * sm0 + (b // mn2 % mn1) * sm1 + (b % mn2) * sm2
    mb = num_m - 1 - pid % num_m  # causal: the longest rows (the last blocks) start first
    offs_m = mb * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, BLOCK_D)
    offs_e = tl.arange(0, BLOCK_E)
    q = tl.load(q_ptr + offs_m[:, None].to(tl.int64) * sqm + offs_d[None, :] * sqd,
                mask=(offs_m[:, None] < Lq) & (offs_d[None, :] < D), other=0.0)
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, BLOCK_E], dtype=tl.float32)
    n_end = Lk
    if HAS_HI:
        n_end = tl.maximum(0, tl.minimum(Lk, (mb + 1) * BLOCK_M + hi))
    n_start = 0
    if HAS_LO and SKIP_LO:
        n_start = tl.minimum(n_end, tl.maximum(0, mb * BLOCK_M + lo) // BLOCK_N * BLOCK_N)
    if HAS_MASK and not MASK_N:  # constant along the keys: each row's value once, before the key loop
        if MASK_M:
            mrow = tl.load(m_base + offs_m[:, None].to(tl.int64) * smm, mask=offs_m[:, None] < Lq, other=0)
        else:
            mrow = tl.load(m_base + tl.zeros([1, 1], dtype=tl.int64))
    for start_n in range(n_start, n_end, BLOCK_N):
        n = start_n + offs_n
        k = tl.load(k_ptr + n[None, :].to(tl.int64) * skn + offs_d[:, None] * skd,
                    mask=(n[None, :] < Lk) & (offs_d[:, None] < D), other=0.0)
        qk = tl.dot(q, k) * qk_scale
        if HAS_BIAS:
            bt = tl.load(b_base + offs_m[:, None].to(tl.int64) * sbm + n[None, :].to(tl.int64) * sbn,
                         mask=(offs_m[:, None] < Lq) & (n[None, :] < Lk), other=0.0)
            qk = qk + bt.to(tl.float32) * bias_scale
        if HAS_LO:
            qk = tl.where(n[None, :] - offs_m[:, None] >= lo, qk, fill)
        if HAS_HI:
            qk = tl.where(n[None, :] - offs_m[:, None] <= hi, qk, fill)
        if HAS_MASK:
            if MASK_M and MASK_N:
                mv = tl.load(m_base + offs_m[:, None].to(tl.int64) * smm + n[None, :].to(tl.int64) * smn,
                             mask=(offs_m[:, None] < Lq) & (n[None, :] < Lk), other=0)
            elif MASK_N:
                mv = tl.load(m_base + n[None, :].to(tl.int64) * smn, mask=n[None, :] < Lk, other=0)
            else:
                mv = mrow
            if MASK_CMP != 0:
                mv = _kwb_attn_idx_cmp(n[None, :], mv, MASK_CMP)
            qk = tl.where((mv != 0) == MASK_KEEP, qk, fill)
        qk = tl.where(n[None, :] < Lk, qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)  # a row with nothing kept yet: no NaN from -inf - -inf
        p = tl.exp2(qk - m_safe[:, None])
        alpha = tl.exp2(m_i - m_safe)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + n[:, None].to(tl.int64) * svn + offs_e[None, :] * sve,
                    mask=(n[:, None] < Lk) & (offs_e[None, :] < E), other=0.0)
        if PV_IEEE:
            acc = tl.dot(p.to(v_ptr.dtype.element_ty), v, acc * alpha[:, None], input_precision="ieee")
        else:
            acc = tl.dot(p.to(v_ptr.dtype.element_ty), v, acc * alpha[:, None])
        m_i = m_new
    acc = acc / l_i[:, None]  # a row with every key filled by -inf: 0 / 0, NaN, as torch's softmax gives
    tl.store(o_ptr + b * sob + offs_m[:, None].to(tl.int64) * som + offs_e[None, :] * soe,
             acc.to(o_ptr.dtype.element_ty), mask=(offs_m[:, None] < Lq) & (offs_e[None, :] < E))


@triton.jit
def _kwb_masked_softmax_kernel(x_ptr, y_ptr, m_ptr, b_ptr, rows, Lq, N, scale, fill, lo, hi, bias_scale, bn1, bn2,
                               sxb, sxm, sxn, syb, sym, syn, mn1, mn2, sm0, sm1, sm2, smm, smn, sb0, sb1, sb2, sbm,
                               sbn,
                               ROWS: tl.constexpr, BLOCK: tl.constexpr, ONE_PASS: tl.constexpr,
                               HAS_LO: tl.constexpr, HAS_HI: tl.constexpr, HAS_MASK: tl.constexpr,
                               MASK_KEEP: tl.constexpr, HAS_BIAS: tl.constexpr, MASK_CMP: tl.constexpr = 0,
                               MASK_N: tl.constexpr = True):
    # rows of x [B, Lq, N] (row r: batch r // Lq, query i = r % Lq): y = softmax(where(keep, scale * x [+ bias_scale
    # * bias], fill)), fp32; one pass when a row fits BLOCK, else an online max and sum, then a second sweep that
    # writes. The bias as in _kwb_attn_flash_kernel (lead index of batch entry b, its own strides).
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    live = r < rows
    b = (r // Lq).to(tl.int64)
    i = r % Lq
    xb = x_ptr + b * sxb + i.to(tl.int64) * sxm
    yb = y_ptr + b * syb + i.to(tl.int64) * sym
    mbase = m_ptr + (b // (mn1 * mn2)) * sm0 + (b // mn2 % mn1) * sm1 + (b % mn2) * sm2 + i.to(tl.int64) * smm
    bbase = b_ptr + (b // (bn1 * bn2)) * sb0 + (b // bn2 % bn1) * sb1 + (b % bn2) * sb2 + i.to(tl.int64) * sbm
    cols = tl.arange(0, BLOCK)
    if HAS_MASK and not MASK_N:  # constant along the row (a lengths value, stride 0): one value a row, loaded once
        mrow = tl.load(mbase[:, None], mask=live[:, None], other=0)
    m_i = tl.full([ROWS], float("-inf"), tl.float32)
    l_i = tl.zeros([ROWS], dtype=tl.float32)
    for start in range(0, N, BLOCK):
        c = start + cols
        inb = live[:, None] & (c[None, :] < N)
        s = tl.load(xb[:, None] + c[None, :].to(tl.int64) * sxn, mask=inb, other=0.0).to(tl.float32) * scale
        if HAS_BIAS:
            s += tl.load(bbase[:, None] + c[None, :].to(tl.int64) * sbn, mask=inb, other=0.0).to(tl.float32) * \
                bias_scale
        if HAS_LO:
            s = tl.where(c[None, :] - i[:, None] >= lo, s, fill)
        if HAS_HI:
            s = tl.where(c[None, :] - i[:, None] <= hi, s, fill)
        if HAS_MASK:
            if MASK_N:
                mv = tl.load(mbase[:, None] + c[None, :].to(tl.int64) * smn, mask=inb, other=0)
            else:
                mv = mrow
            if MASK_CMP != 0:
                mv = _kwb_attn_idx_cmp(c[None, :], mv, MASK_CMP)
            s = tl.where((mv != 0) == MASK_KEEP, s, fill)
        s = tl.where(inb, s, float("-inf"))
        if ONE_PASS:
            mx = tl.max(s, axis=1)
            mx = tl.where(mx == float("-inf"), 0.0, mx)
            p = tl.exp2((s - mx[:, None]) * 1.4426950408889634)
            l_row = tl.sum(p, axis=1)
            tl.store(yb[:, None] + c[None, :].to(tl.int64) * syn, (p / l_row[:, None]).to(y_ptr.dtype.element_ty),
                     mask=inb)
        else:
            m_new = tl.maximum(m_i, tl.max(s, axis=1))
            m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)
            l_i = l_i * tl.exp2((m_i - m_safe) * 1.4426950408889634) + \
                tl.sum(tl.exp2((s - m_safe[:, None]) * 1.4426950408889634), axis=1)
            m_i = m_new
    if not ONE_PASS:
        m_safe = tl.where(m_i == float("-inf"), 0.0, m_i)
        for start in range(0, N, BLOCK):
            c = start + cols
            inb = live[:, None] & (c[None, :] < N)
            s = tl.load(xb[:, None] + c[None, :].to(tl.int64) * sxn, mask=inb, other=0.0).to(tl.float32) * scale
            if HAS_BIAS:
                s += tl.load(bbase[:, None] + c[None, :].to(tl.int64) * sbn, mask=inb, other=0.0).to(tl.float32) * \
                    bias_scale
            if HAS_LO:
                s = tl.where(c[None, :] - i[:, None] >= lo, s, fill)
            if HAS_HI:
                s = tl.where(c[None, :] - i[:, None] <= hi, s, fill)
            if HAS_MASK:
                if MASK_N:
                    mv = tl.load(mbase[:, None] + c[None, :].to(tl.int64) * smn, mask=inb, other=0)
                else:
                    mv = mrow
                if MASK_CMP != 0:
                    mv = _kwb_attn_idx_cmp(c[None, :], mv, MASK_CMP)
                s = tl.where((mv != 0) == MASK_KEEP, s, fill)
            p = tl.exp2((s - m_safe[:, None]) * 1.4426950408889634) / l_i[:, None]
            tl.store(yb[:, None] + c[None, :].to(tl.int64) * syn, p.to(y_ptr.dtype.element_ty), mask=inb)


def kwb_masked_softmax(x, scale=1.0, diag=None, lower=True, fill=float("-inf"), mask=None, mask_keep=False,
                       band=None, bias=None, bias_scale=1.0, out_dtype=None, mask_cmp=None):
    """softmax over the last dim of where(keep, scale * x [+ bias_scale * bias], fill), keep as in kwb_attention's
    predicate (diag None: no index predicate; mask None: no mask tensor; mask_cmp as kwb_attention's): a mask built
    from constants becomes this predicate, not a tensor; bias: an additive tensor broadcast as kwb_attention's. x
    rank >= 2, any strides; out a new contiguous tensor of x's shape in out_dtype (default x's). ValueError: rank <
    2, or a band without diag / with lower=False / narrower than 1, or a bias that does not broadcast, an unknown
    mask_cmp."""
    if x.dim() < 2:
        raise ValueError("kwb_masked_softmax: a rank >= 2 input, got %s" % (list(x.shape),))
    lo, hi = _kwb_attn_band(diag, lower, band, "kwb_masked_softmax")
    lq, n = x.shape[-2], x.shape[-1]
    y = torch.empty(x.shape, dtype=out_dtype or x.dtype, device=x.device)
    if y.numel() == 0:
        return y
    x3, y3 = x.reshape(-1, lq, n), y.view(-1, lq, n)
    m3, mn, ms = _kwb_attn_maskb(mask, x3.shape[0], lq, n, "kwb_masked_softmax")
    b3, bn, bs = _kwb_attn_bias(bias, x3.shape[0], lq, n, "kwb_masked_softmax")
    cmp = _kwb_attn_cmp_code(mask_cmp, m3, "kwb_masked_softmax")
    block = _kwb_np2(n)
    one_pass = block <= _kwb_tile
    block = block if one_pass else _kwb_tile
    rows_per = max(1, _kwb_tile // block)
    rows = x3.shape[0] * lq
    warps = 4
    if kwb_small_grid:  # small problems: one program per SM at least, down to 512 elements a program (kwb_row1's rule)
        rows_per = min(rows_per, _kwb_np2(rows))
        while rows_per > 1 and rows_per * block > 512 and triton.cdiv(rows, rows_per) < _kwb_sms(x):
            rows_per //= 2
        warps = max(1, min(4, rows_per * block // 256))
    _kwb_masked_softmax_kernel[(triton.cdiv(rows, rows_per),)](
        x3, y3, m3 if m3 is not None else x3, b3 if b3 is not None else x3, rows, lq, n, float(scale), float(fill),
        lo or 0, hi or 0, float(bias_scale), *bn, x3.stride(0), x3.stride(1), x3.stride(2), y3.stride(0),
        y3.stride(1), y3.stride(2), *mn, *ms, *bs, ROWS=rows_per, BLOCK=block, ONE_PASS=one_pass, HAS_LO=lo is not None,
        HAS_HI=hi is not None, HAS_MASK=m3 is not None, MASK_KEEP=bool(mask_keep), HAS_BIAS=b3 is not None,
        MASK_CMP=cmp, MASK_N=ms[4] != 0 or not kwb_attn_mask_vec, num_warps=warps)
    return y


def _kwb_attn_lead(x, r, c):
    """An attention operand x [..., r, c] as (x3, split): x3 = x.view(-1, r, c), split None, where its lead dims merge
    (a view); else, for a 4-d x [B, H, r, c] under kwb_attn_heads (a projection's view + transpose(1, 2) head split),
    x3 = x[0] (an [H, r, c] view at x's address, its strides the kernel's) and split = (H, x.stride(0)): entry n of
    the B * H at (n // H) * x.stride(0) + (n % H) * x.stride(1), read in place; else x3 = x.reshape(-1, r, c) (a
    copy, as before). The kernel reads an operand without a split as (N, 0): n // N = 0, n % N = n. Raises what
    reshape raises."""
    if x.dim() == 4 and kwb_attn_heads and x.shape[0] > 1 and x.shape[1] > 1 and \
            x.stride(0) != x.shape[1] * x.stride(1):
        return x.select(0, 0), (x.shape[1], x.stride(0))
    return x.reshape(-1, r, c), None


def _kwb_attn_launch(key, configs, launch):
    """launch(config) with the first of configs that compiles within the GPU's resources (kept per key)."""
    for i in range(_kwb_attn_chosen.get(key, 0), len(configs)):
        try:
            blocks = launch(configs[i])
        except Exception as e:  # noqa: BLE001 -- only a resource failure moves on to a smaller setting
            if i + 1 < len(configs) and (type(e).__name__ == "OutOfResources" or "out of resource" in str(e).lower()):
                continue
            raise
        _kwb_attn_chosen[key] = i
        return blocks
    raise RuntimeError("kwb_attention: no tile setting launched")


def _kwb_attn_repeat(x3, rep):
    """[N, a, b] -> [N * rep, a, b], each entry rep times in a row (repeat_interleave over dim 0): a copy."""
    return x3[:, None].expand(-1, rep, -1, -1).reshape(-1, x3.shape[1], x3.shape[2])


def kwb_attention(q, kt, v, scale, diag=None, lower=True, fill=float("-inf"), mask=None, mask_keep=False, k_rep=1,
                  v_rep=1, band=None, bias=None, bias_scale=1.0, pv_ieee=False, mask_cmp=None):
    """softmax(where(keep, scale * q @ kt + bias_scale * bias, fill)) @ v: q [..., Lq, D], kt [..., D, Lk] (Kᵀ, any
    strides),
    v [..., Lk, E], equal leading dims, or (grouped-query / multi-query attention) kt's and v's leading dims
    flattened 1 / k_rep and 1 / v_rep of q's: entry b of q reads entry b // rep of kt and v (kv_head = h // rep,
    the repeat_interleave order), in place when kwb_attn_kv_index (else copied first); keep: the index predicate
    (diag not None: key j of query i kept where j - i <= diag, or j - i > diag when not lower; band (lower only):
    also where j - i > diag - band, the band of the band diagonals up to diag: a sliding window is diag=0, band=w)
    and the mask tensor's (kept where (mask != 0) == mask_keep; broadcast as the bias: a key-padding mask [B, 1, 1,
    Lk] over [B, H] entries, [Lq, Lk], [B, 1, Lq, Lk]; _kwb_attn_maskb; mask_cmp "lt" / "le" / "gt" / "ge" / "eq" /
    "ne": the tensor holds a value per entry, e.g. lengths viewed [B, 1, 1, 1], and the mask is key j CMP it, the
    padding mask arange(Lk) >= lengths[:, None] read as lengths[b] per key tile, never built). A row with
    nothing kept is NaN under fill -inf and the mean of v under a finite fill, as torch. The flash path takes the
    predicate where the tiles it skips weigh 0: fill <= -1e4, and under a finite fill every row keeps a key.
    bias (ALiBi, a relative position table, an additive mask): added to the scaled scores before the predicate,
    its last two dims broadcast to [Lq, Lk] and its dims before them to q's (_kwb_attn_bias), read per tile in place.
    Operands of one 16-bit dtype are read in it when kwb_attn_16bit (P rounded to V's dtype for the P V product);
    otherwise, or of mixed dtypes, widened to fp32 first. pv_ieee: the P V product in full fp32 instead of TF32
    (kwb_attn_pv_ieee overrides it when not None; 16-bit operands widened first, P unrounded, and the output kept in
    fp32: the planner sets it where the output cancels against V); kwb_attn_last["pv"] says which ran. Out [..., Lq,
    E] in q's dtype (fp32 with pv_ieee on 16-bit q). ValueError: shapes that do not match, a bad repeat, band, bias or
    mask."""
    lq, d, lk, e, out = _kwb_attn_out(q, kt, v, pv_ieee)
    if out.numel() == 0:
        return out
    if lk == 0:
        return out.zero_()
    narrow = (torch.float16, torch.bfloat16)
    if (q.dtype in narrow or kt.dtype in narrow or v.dtype in narrow) and \
            (not kwb_attn_16bit or not q.dtype == kt.dtype == v.dtype or pv_ieee):
        (q, kt, v), _ = kwb_to_fp32(q, kt, v)  # the old path / mixed dtypes: fp32 operands, out still in q's dtype
    # the operands' [N, L, D] views, or for a head-split [B, H, L, D] one that does not merge its [H, L, D] carrier
    # and its (H, B's stride) (kwb_attn_heads; copied below where the path cannot read it so)
    (q3, qh), (kt3, kh), (v3, vh) = _kwb_attn_lead(q, lq, d), _kwb_attn_lead(kt, d, lk), _kwb_attn_lead(v, lk, e)
    o3 = out.view(-1, lq, e)
    nb, nk, nv = o3.shape[0], kt.numel() // max(1, d * lk), v.numel() // max(1, lk * e)
    k_rep, v_rep = int(k_rep), int(v_rep)
    if k_rep < 1 or v_rep < 1 or nk * k_rep != nb or nv * v_rep != nb:
        raise ValueError("kwb_attention: q %s holds %d entries; kt %s repeated %d times and v %s repeated %d times "
                         "do not" % (list(q.shape), nb, list(kt.shape), k_rep, list(v.shape), v_rep))
    lo, hi = _kwb_attn_band(diag, lower, band, "kwb_attention")
    block_d, block_e = max(16, _kwb_np2(d)), max(16, _kwb_np2(e))
    # a row with no kept key weighs every key under a finite fill (torch): only the materialised path visits them
    empty_rows = (hi is not None and hi < 0) or (lo is not None and lq - 1 + lo > lk - 1) or mask is not None
    flash = kwb_attn_flash and max(block_d, block_e) <= _kwb_attn_flash_max_d and \
        (diag is None or (float(fill) <= -1e4 and (float(fill) == float("-inf") or not empty_rows)))
    if not flash:  # the GEMMs of the materialised path take one lead stride: the head-split operands copied
        q3, qh = (q.reshape(-1, lq, d), None) if qh else (q3, qh)
        kt3, kh = (kt.reshape(-1, d, lk), None) if kh else (kt3, kh)
        v3, vh = (v.reshape(-1, lk, e), None) if vh else (v3, vh)
    if k_rep > 1 and (not flash or not kwb_attn_kv_index):
        kt3, kh = (kt.reshape(-1, d, lk), None) if kh else (kt3, kh)
    if v_rep > 1 and (not flash or not kwb_attn_kv_index):
        v3, vh = (v.reshape(-1, lk, e), None) if vh else (v3, vh)
    if k_rep > 1 and (not flash or not kwb_attn_kv_index):  # the repeat copied, in K's own [.., Lk, D] layout
        kt3 = _kwb_attn_repeat(kt3.transpose(1, 2), k_rep).transpose(1, 2)
        k_rep = 1
    if v_rep > 1 and (not flash or not kwb_attn_kv_index):
        v3 = _kwb_attn_repeat(v3, v_rep)
        v_rep = 1
    ieee = bool(pv_ieee if kwb_attn_pv_ieee is None else kwb_attn_pv_ieee) and v3.dtype == torch.float32 and \
        (flash or kwb_gemm_ieee)  # the materialised P V is kwb_gemm's: its switch decides there
    kwb_attn_last.update(k_rep=k_rep, v_rep=v_rep, pv="ieee" if ieee else ("tf32" if v3.dtype == torch.float32
                                                                           else str(v3.dtype)[6:]))
    if not flash:  # scores GEMM (fp32), masked softmax (P in V's dtype), P V GEMM: three launches
        s = kwb_gemm(q3, kt3.transpose(1, 2), out_dtype=torch.float32)
        p = kwb_masked_softmax(s, scale, diag, lower, fill, mask, mask_keep, band, bias, bias_scale, v3.dtype,
                               mask_cmp)
        kwb_attn_last.update(path="materialised", blocks=0)
        return kwb_gemm(p, v3.transpose(1, 2), out_dtype=out.dtype, ieee=ieee).view(list(q.shape[:-2]) + [lq, e])
    m3, mn, ms = _kwb_attn_maskb(mask, nb, lq, lk, "kwb_attention")
    b3, bsz, bs = _kwb_attn_bias(bias, nb, lq, lk, "kwb_attention")
    cmp = _kwb_attn_cmp_code(mask_cmp, m3, "kwb_attention")
    width = 2 if q3.element_size() <= 2 else 4
    configs = _kwb_attn_configs.get((max(64, block_d, block_e), width), []) + _kwb_attn_fallback
    l2e = 1.4426950408889634

    def launch(cfg):
        bm, bn, warps, stages = cfg
        if kwb_small_grid:  # a tile past the sequence computes padding; fewer CTAs than SMs leave the GPU idle
            bm, bn = min(bm, max(16, _kwb_np2(lq))), min(bn, max(16, _kwb_np2(lk)))
            while bm > 64 and triton.cdiv(lq, bm) * nb < _kwb_sms(q3):
                bm //= 2
            warps = min(warps, max(2, bm * bn // 1024))
        num_m = triton.cdiv(lq, bm)
        _kwb_attn_flash_kernel[(num_m * nb,)](
            q3, kt3, v3, o3, m3 if m3 is not None else q3, b3 if b3 is not None else q3, lq, lk, d, e,
            float(scale) * l2e, float(fill) * l2e, lo or 0, hi or 0, num_m, k_rep, v_rep, float(bias_scale) * l2e,
            *bsz, q3.stride(0), q3.stride(1), q3.stride(2), kt3.stride(0), kt3.stride(1), kt3.stride(2),
            v3.stride(0), v3.stride(1), v3.stride(2), o3.stride(0), o3.stride(1), o3.stride(2), *mn, *ms, *bs,
            *(qh or (nb, 0)), *(kh or (nk, 0)), *(vh or (nv, 0)), LEAD2=bool(qh or kh or vh), BLOCK_M=bm,
            BLOCK_N=bn, BLOCK_D=block_d, BLOCK_E=block_e, HAS_LO=lo is not None, HAS_HI=hi is not None,
            SKIP_LO=bool(kwb_attn_band_skip), HAS_MASK=m3 is not None, MASK_KEEP=bool(mask_keep),
            HAS_BIAS=b3 is not None, PV_IEEE=ieee, MASK_CMP=cmp, MASK_M=ms[3] != 0 or not kwb_attn_mask_vec,
            MASK_N=ms[4] != 0 or not kwb_attn_mask_vec, num_warps=warps, num_stages=stages)
        return num_m * nb

    kwb_attn_last.update(path="flash", blocks=_kwb_attn_launch(("flash", block_d, block_e, width), configs, launch))
    return out


# ---- losses that gather by an integer target (issue 14): nll_loss / cross_entropy in one row pass ----
@triton.jit
def _kwb_nll_kernel(x_ptr, t_ptr, w_ptr, loss_ptr, wt_ptr, rs_ptr, rows, S, C, ignore_index, sxn, sxc, sxs, stn,
                    sts, ROWS: tl.constexpr, BLOCK_C: tl.constexpr, LOG_SOFTMAX: tl.constexpr, HAS_W: tl.constexpr,
                    ROW_SUM: tl.constexpr):
    # row r = (n, s) of x viewed [N, C, S]: loss[r] = -w[t] * logp[n, t, s] with t = target[n, s] (0 and weight 0
    # where t == ignore_index); LOG_SOFTMAX: logp = x - logsumexp over the classes, the max and sum online in fp32;
    # ROW_SUM (with LOG_SOFTMAX): rs[r] = sum over the classes of logp = sum(x) - C * lse, every row, the same walk
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    live = r < rows
    n = (r // S).to(tl.int64)
    s = (r % S).to(tl.int64)
    xb = x_ptr + n * sxn + s * sxs
    t = tl.load(t_ptr + n * stn + s * sts, mask=live, other=0).to(tl.int64)
    keep = live & (t != ignore_index)
    xt = tl.load(xb + t * sxc, mask=keep, other=0.0).to(tl.float32)
    if LOG_SOFTMAX:
        cols = tl.arange(0, BLOCK_C)
        m_i = tl.full([ROWS], float("-inf"), tl.float32)
        l_i = tl.zeros([ROWS], dtype=tl.float32)
        s_i = tl.zeros([ROWS], dtype=tl.float32)
        for start in range(0, C, BLOCK_C):
            c = start + cols
            inside = live[:, None] & (c[None, :] < C)
            v = tl.load(xb[:, None] + c[None, :].to(tl.int64) * sxc, mask=inside, other=float("-inf")).to(tl.float32)
            m_new = tl.maximum(m_i, tl.max(v, axis=1))
            m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)
            l_i = l_i * tl.exp(m_i - m_safe) + tl.sum(tl.exp(v - m_safe[:, None]), axis=1)
            m_i = m_new
            if ROW_SUM:
                s_i += tl.sum(tl.where(inside, v, 0.0), axis=1)
        lse = tl.where(m_i == float("-inf"), 0.0, m_i) + tl.log(l_i)
        xt = xt - lse
        if ROW_SUM:
            tl.store(rs_ptr + r, (s_i - C * lse).to(rs_ptr.dtype.element_ty), mask=live)
    w = tl.full([ROWS], 1.0, tl.float32)
    if HAS_W:
        w = tl.load(w_ptr + t, mask=keep, other=0.0).to(tl.float32)
    w = tl.where(keep, w, 0.0)
    tl.store(loss_ptr + r, tl.where(keep, -w * xt, 0.0).to(loss_ptr.dtype.element_ty), mask=live)
    tl.store(wt_ptr + r, w, mask=live)


@triton.jit
def _kwb_nll_reduce_kernel(loss_ptr, wt_ptr, out_ptr, rows, MEAN: tl.constexpr, BLOCK: tl.constexpr):
    # one program: sum(loss), divided by sum(weights) for the mean (0 / 0: NaN, as torch when every row is ignored)
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    acc_w = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, rows, BLOCK):
        o = start + offs
        acc += tl.load(loss_ptr + o, mask=o < rows, other=0.0)
        acc_w += tl.load(wt_ptr + o, mask=o < rows, other=0.0)
    total = tl.sum(acc, axis=0)
    if MEAN:
        total = total / tl.sum(acc_w, axis=0)
    tl.store(out_ptr, total.to(out_ptr.dtype.element_ty))




def kwb_nll(x, target, weight=None, ignore_index=-100, reduction="mean", log_softmax=False, row_sum=False,
            out_dtype=None):
    """F.nll_loss(x, target, weight, ignore_index=, reduction=) (aten::nll_loss_forward / nll_loss2d_forward):
    x [C], [N, C] or [N, C, d1, ...] (any strides), target the integer class of each row ([], [N] or
    [N, d1, ...]), weight None or [C]; log_softmax True: x are logits and logp = log_softmax(x, 1) is computed in
    the same pass (F.cross_entropy), never written. reduction "none" (or 0): [N, d1, ...] of -w[t] * logp[t],
    0 where t == ignore_index; "sum" (2) their sum; "mean" (1) the sum over the kept rows' weights (NaN when
    every row is ignored), 0-d. In x's dtype, fp32 inside; one launch for "none", two for "sum" / "mean". A
    target outside [0, C) is not checked (a sync; the harness compares against the reference).
    row_sum True (needs log_softmax; issue 14, session 41: label smoothing's `log_softmax(x, 1).sum(1)`): returns
    (loss, rs) with rs [N, d1, ...] in x's dtype, every row's sum over the classes of logp (sum(x) - C * lse),
    accumulated in the same walk over x. out_dtype: the results' dtype (None: x's; the planner's fp32 where x is a
    16-bit input read in its own dtype). ValueError: shapes that do not match, an unknown reduction, row_sum
    without log_softmax."""
    if row_sum and not log_softmax:
        raise ValueError("kwb_nll: row_sum=True needs log_softmax=True")
    red, x3, t2, want_t, loss, wt = _kwb_nll_views(x, target, weight, reduction)
    rows, s, c = t2.numel(), t2.shape[1], x3.shape[1]
    dt = out_dtype or x.dtype
    if red == "none" and loss.dtype != dt:
        loss = torch.empty(rows, dtype=dt, device=x.device)
    rs = torch.empty(rows, dtype=dt, device=x.device) if row_sum else None
    if rows:
        block_c = min(_kwb_np2(c), 1024) if log_softmax else 1
        rows_per = max(1, min(_kwb_tile // block_c, 128))
        _kwb_nll_kernel[(triton.cdiv(rows, rows_per),)](
            x3, t2, weight if weight is not None else loss, loss, wt, rs if row_sum else loss, rows, s, c,
            int(ignore_index), x3.stride(0), x3.stride(1), x3.stride(2), t2.stride(0), t2.stride(1), ROWS=rows_per,
            BLOCK_C=block_c, LOG_SOFTMAX=bool(log_softmax), HAS_W=weight is not None, ROW_SUM=bool(row_sum),
            num_warps=4)
    if red == "none":
        out = loss.view(want_t)
    else:
        out = torch.empty([], dtype=dt, device=x.device)
        _kwb_nll_reduce_kernel[(1,)](loss, wt, out, rows, MEAN=red == "mean", BLOCK=1024, num_warps=4)
    return (out, rs.view(want_t)) if row_sum else out
