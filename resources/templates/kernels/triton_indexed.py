# Indexed writes and integer scans (session 38, helper ops38; docs/CODEGEN.md "Indexed writes and integer scans"):
# torch.scatter_reduce in every reduce mode, torch.cumsum of integers and bools (int64, exact), masked_scatter.
# Pasted into a chain's kernel.py after triton_epilogue.py (chain.cpp renderChainKernel); it uses that file's
# kwb_copy_into, _kwb_scatter_kernel, _kwb_coords_at and KWB_POINTWISE_* and triton_stages.py's _kwb_coords5.

# kwb_scatter_reduce's reduce -> (the OP constexpr, the identity a position include_self=False starts from)
_kwb_scatter_reduce_ops = {"sum": (0, 0.0), "mean": (0, 0.0), "amax": (1, float("-inf")), "amin": (2, float("inf")),
                           "prod": (3, 1.0)}


@triton.jit
def _kwb_atomic_mul_f32(p, v, mask):
    # out[p] *= v for the lanes of mask, p: int32 pointers to an fp32 accumulator's bits (no atomic multiply exists:
    # a compare-and-swap loop; a lane that loses the race retries with the value it found). A lane off the mask or
    # done swaps a value for itself, which never changes memory, so it needs no mask (tl.atomic_cas has none).
    old = tl.load(p, mask=mask, other=0)
    todo = mask
    while tl.max(todo.to(tl.int32), axis=0) > 0:
        new = tl.cast(tl.cast(old, tl.float32, bitcast=True) * v, tl.int32, bitcast=True)
        new = tl.where(todo, new, old)
        prev = tl.atomic_cas(p, old, new)
        todo = todo & (prev != old)
        old = prev


@triton.jit
def _kwb_scatter_reduce_kernel(src, idx, out, outi, cnt, n, S1, S2, S3, S4, ss0, ss1, ss2, ss3, ss4, is0, is1, is2, is3,
                               is4, os0, os1, os2, os3, os4, DIM: tl.constexpr, OP: tl.constexpr,
                               COUNT: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # over the index's coordinates (5-D sizes S0..S4): out[.., idx[i], ..] (fp32) combined with src[i] at slot DIM by
    # OP (0 add, 1 max, 2 min, 3 multiply; outi: out's bits as int32), and cnt[same] += 1 when COUNT (a mean's divisor)
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    j = tl.load(idx + (i0 * is0 + i1 * is1 + i2 * is2 + i3 * is3 + i4 * is4), mask=mask, other=0).to(tl.int64)
    v = tl.load(src + (i0 * ss0 + i1 * ss1 + i2 * ss2 + i3 * ss3 + i4 * ss4), mask=mask, other=0.0).to(tl.float32)
    c0, c1, c2, c3, c4 = _kwb_coords_at(j, i0, i1, i2, i3, i4, DIM)
    o = c0 * os0 + c1 * os1 + c2 * os2 + c3 * os3 + c4 * os4
    if OP == 0:
        tl.atomic_add(out + o, v, mask=mask)
    elif OP == 1:
        tl.atomic_max(out + o, v, mask=mask)
    elif OP == 2:
        tl.atomic_min(out + o, v, mask=mask)
    else:
        _kwb_atomic_mul_f32(outi + tl.where(mask, o, 0), v, mask)
    if COUNT:
        tl.atomic_add(cnt + o, tl.full([BLOCK], 1, tl.int32), mask=mask)


@triton.jit
def _kwb_scatter_finish_kernel(acc, cnt, out, n, INC: tl.constexpr, MEAN: tl.constexpr, BLOCK: tl.constexpr):
    # acc (fp32, contiguous) -> out in its dtype; a mean divides each position reached by its count (+1 with self)
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(acc + offs, mask=mask, other=0.0)
    if MEAN:
        c = tl.load(cnt + offs, mask=mask, other=0)
        a = tl.where(c > 0, a / (c + INC).to(tl.float32), a)
    tl.store(out + offs, a.to(out.dtype.element_ty), mask=mask)


def kwb_scatter_reduce(x, dim, index, src, reduce, include_self=True):
    """torch.scatter_reduce(x, dim, index, src, reduce, include_self=include_self) for a floating x (index of src's
    rank, each dim at most src's): out[.., index[i], ..] combines src[i] along dim by reduce -- "sum", "prod",
    "mean", "amax", "amin" -- with x's value there too where include_self, else only the sources (a position no index
    reaches keeps x's value). A new tensor of x's shape and dtype; x is never written. The combine runs in fp32 by
    atomics over the index (amax / amin: atomic max / min, exact and the same every run; sum / mean: atomic adds,
    prod: a compare-and-swap loop, each in an order that may change the last bits from run to run); a mean divides
    by the count of sources (+1 with self) in a last launch, which also narrows to x's dtype (else only where x is
    not fp32). Launches: a copy of x, include_self=False's reset of every reached position to the identity, the
    combine, the finish where needed. Rank 1 to 5, any strides. Indices are not checked on the host (a sync).
    KeyError: another reduce; ValueError: ranks that differ or above 5."""
    op, ident = _kwb_scatter_reduce_ops[reduce]
    if x.dim() > 5 or not x.dim() or src.dim() != x.dim() or index.dim() != x.dim():
        raise ValueError("kwb_scatter_reduce: x %s, index %s and src %s (one rank, 1 to 5)" % (
            tuple(x.shape), tuple(index.shape), tuple(src.shape)))
    d = dim % x.dim()
    n = index.numel()
    # fp32 accumulator (x's copy); with no index, the copy in x's own dtype is the result (no tensor method: the
    # conformance check reads .to() as PyTorch compute, and session 38's H100 run FAILed a10 on it)
    acc = torch.empty(x.shape, dtype=torch.float32 if n else x.dtype, device=x.device)
    kwb_copy_into(acc, x)
    mean = reduce == "mean"
    if n == 0:
        return acc
    lead = 5 - x.dim()
    sizes = (1,) * lead + tuple(index.shape)
    reach = max([n] + [(s - 1) * abs(st) for t in (src, acc) for s, st in zip(t.shape, t.stride())])
    big = reach + KWB_POINTWISE_BLOCK >= 2 ** 31
    grid = (triton.cdiv(n, KWB_POINTWISE_BLOCK),)
    ss, iss, os_ = (0,) * lead + tuple(src.stride()), (0,) * lead + tuple(index.stride()), (0,) * lead + tuple(
        acc.stride())
    if not include_self:  # every reached position starts from the identity (the scatter of a value)
        _kwb_scatter_kernel[grid](acc, index, acc, n, ident, *sizes[1:], *((0,) * 5), *iss, *os_, DIM=lead + d,
                                  HAS_SRC=False, IDX64=big, BLOCK=KWB_POINTWISE_BLOCK,
                                  num_warps=KWB_POINTWISE_WARPS)
    cnt = torch.zeros(x.shape, dtype=torch.int32, device=x.device) if mean else acc
    _kwb_scatter_reduce_kernel[grid](src, index, acc, acc.view(torch.int32), cnt, n, *sizes[1:], *ss, *iss, *os_,
                                     DIM=lead + d, OP=op, COUNT=mean, IDX64=big, BLOCK=KWB_POINTWISE_BLOCK,
                                     num_warps=KWB_POINTWISE_WARPS)
    if not mean and x.dtype == acc.dtype:  # the accumulator is the result (fp32 x)
        return acc
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    m = acc.numel()
    _kwb_scatter_finish_kernel[(triton.cdiv(m, KWB_POINTWISE_BLOCK),)](
        acc, cnt, out, m, INC=1 if include_self else 0, MEAN=mean, BLOCK=KWB_POINTWISE_BLOCK,
        num_warps=KWB_POINTWISE_WARPS)
    return out


kwb_iscan_block = 1024  # the chunk of a row one step of kwb_cumsum_int's loop scans (a power of two)
# small problems (session 39): rows a program cut until one program per SM runs, down to 512 elements a program (as
# kwb_row1 and kwb_small_grid). False (session 39's A/B: 1.12x on masked_scatter_image_tokens_merge, 0.96x on
# cumsum_bool_rank_dim1_scale, 1.01x on b02): up to 2048 elements a program at every size
kwb_iscan_small_grid = False


@triton.jit
def _kwb_iscan_kernel(x, y, tot, M, L, K1, K2, K3, K4, sx0, sx1, sx2, sx3, sx4, sxl, so0, so1, so2, so3, so4, sol,
                      EXCL: tl.constexpr, TOT: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_L: tl.constexpr,
                      RD: tl.constexpr = 0, e0=None, e1=None, e2=None, e3=None, s00=0, s01=0, s02=0, s03=0, s04=0,
                      s10=0, s11=0, s12=0, s13=0, s14=0, s20=0, s21=0, s22=0, s23=0, s24=0, s30=0, s31=0, s32=0,
                      s33=0, s34=0, f0=0.0, f1=0.0, f2=0.0, f3=0.0, pf0=0.0, pf1=0.0, pf2=0.0, pf3=0.0,
                      PRE: tl.constexpr = None, HAS_PRE: tl.constexpr = False, PRE_BOOL: tl.constexpr = False,
                      POST: tl.constexpr = None, HAS_POST: tl.constexpr = False, COPY: tl.constexpr = False):
    # BLOCK_M rows (a row: every index but the scanned one fixed; 5-D row coordinates k0..k4 of sizes K1..K4, the
    # scanned slot RD of size 1 there) per program, walked in chunks of BLOCK_L with an int64 carry: the inclusive (or
    # exclusive) prefix sum, exact; TOT: each row's total stored at tot[row] (rows in the row-major order of the
    # other dims). PRE (kwb_cumsum_int's pre=, session 47): the pointwise run before the scan at x's coordinates, fed
    # x in fp32 as kwb_pointwise feeds it, its value stored as that run stored it (PRE_BOOL: != 0, else truncated to
    # an integer) before it is summed; POST (epi=): the run after the scan, fed the int64 sums themselves (exact), its
    # value stored in y's dtype. Both read the tensors e0..e3 (one set) at the element's 5-D coordinates. COPY: no
    # scan (c = x as int64): POST alone over x, kwb_cumsum_int's unfused epilogue fed the exact sums as the fused one
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rm = rows < M
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
    orow = k0.to(tl.int64) * so0 + k1.to(tl.int64) * so1 + k2.to(tl.int64) * so2 + k3.to(tl.int64) * so3 + \
        k4.to(tl.int64) * so4
    carry = tl.zeros([BLOCK_M], dtype=tl.int64)
    for start in range(0, L, BLOCK_L):
        cols = start + tl.arange(0, BLOCK_L)
        m = rm[:, None] & (cols < L)[None, :]
        if HAS_PRE or HAS_POST:  # the element's 5-D coordinates: the row's, the column at slot RD
            z = tl.zeros((BLOCK_M, BLOCK_L), dtype=tl.int32)
            cc = cols[None, :] + z
            i0 = cc if RD == 0 else k0[:, None] + z
            i1 = cc if RD == 1 else k1[:, None] + z
            i2 = cc if RD == 2 else k2[:, None] + z
            i3 = cc if RD == 3 else k3[:, None] + z
            i4 = cc if RD == 4 else k4[:, None] + z
        if HAS_PRE:
            v = tl.load(x + xrow[:, None] + cols.to(tl.int64)[None, :] * sxl, mask=m, other=0).to(tl.float32)
            v = PRE(v, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20,
                    s21, s22, s23, s24, s30, s31, s32, s33, s34, pf0, pf1, pf2, pf3)
            if PRE_BOOL:
                v = (v != 0).to(tl.int64)
            else:
                v = v.to(tl.int64)
            v = tl.where(m, v, 0)
        else:
            v = tl.load(x + xrow[:, None] + cols.to(tl.int64)[None, :] * sxl, mask=m, other=0).to(tl.int64)
        if COPY:
            c = v
        else:
            c = tl.cumsum(v, axis=1) + carry[:, None]
        if EXCL:
            c = c - v
        if HAS_POST:
            c = POST(c, i0, i1, i2, i3, i4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20,
                     s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        tl.store(y + orow[:, None] + cols.to(tl.int64)[None, :] * sol, c.to(y.dtype.element_ty), mask=m)
        carry = carry + tl.sum(v, axis=1)
    if TOT:
        tl.store(tot + rows, carry, mask=rm)


def _kwb_iscan(x, d, out, exclusive=False, tot=None, fused=None):
    # the launch of _kwb_iscan_kernel over x (rank 1 to 5) along dim d into out (x's shape, any strides; int64 unless
    # an epilogue stores another dtype); tot: an int64 tensor of x.numel() // x.shape[d] elements (contiguous) for
    # each row's total; fused: the kernel's PRE / POST keywords and epilogue arguments (kwb_cumsum_int's pre / epi)
    r = x.dim()
    L = int(x.shape[d])
    lead = 5 - r
    rd = lead + d
    ks = [1] * lead + [int(s) for s in x.shape]  # x's shape in 5 slots, the scanned slot 1: the row coordinates
    ks[rd] = 1
    sx = [0] * lead + [int(s) for s in x.stride()]
    sx[rd] = 0
    so = [0] * lead + [int(s) for s in out.stride()]
    so[rd] = 0
    M = x.numel() // L if L else 0
    if M == 0 or L == 0:
        return out
    block_l = min(kwb_iscan_block, triton.next_power_of_2(L))
    block_m = max(1, min(64, 2048 // block_l))
    warps = 4
    if kwb_iscan_small_grid:  # small problems: one program per SM at least, down to 512 elements (kwb_row1's rule)
        block_m = min(block_m, triton.next_power_of_2(M))
        while block_m > 1 and block_m * block_l > 512 and triton.cdiv(M, block_m) < _kwb_sms(x):
            block_m //= 2
        warps = max(1, min(4, block_m * block_l // 256))
    _kwb_iscan_kernel[(triton.cdiv(M, block_m),)](x, out, out if tot is None else tot, M, L, *ks[1:], *sx,
                                                  int(x.stride(d)), *so, int(out.stride(d)), EXCL=exclusive,
                                                  TOT=tot is not None, BLOCK_M=block_m, BLOCK_L=block_l,
                                                  num_warps=warps, RD=rd, **(fused or {}))
    return out


kwb_iscan_fuse = True  # pre= / epi= applied in kwb_cumsum_int's own launch (False: kwb_pointwise launches around it)


def kwb_cumsum_int(x, dim, exclusive=False, epi=None, epi_tensors=(), epi_scalars=(), pre=None, pre_tensors=(),
                   pre_scalars=(), pre_dtype=None, out_dtype=None, _copy=False):
    """torch.cumsum(x, dim) of an integer or bool x (rank 0 to 5, any strides): int64 as torch returns it, exact
    (the running sums in int64; wrapping past 2^63 as torch's does), one launch (a program walks BLOCK_M whole rows
    in chunks of kwb_iscan_block with a carry). exclusive=True: the sum of the elements before each (cumsum - x).
    A floating x is read as the integers it holds, truncated (a chain's fp32 intermediate of an integer value, such
    as a comparison's 0 / 1: exact below 2^24).
    pre (with pre_tensors, broadcast to x's shape, and pre_scalars; session 47): the pointwise run before the scan,
    fed x in fp32 as kwb_pointwise feeds it (an integer program re-reads its exact integers through its tensors), its
    value taken as that run stored it in pre_dtype (torch.bool: != 0; else an integer, truncated) -- the run's
    launch and its full-size value gone. epi (with epi_tensors and epi_scalars): the pointwise run after the scan,
    fed the int64 running sums (exact), stored in out_dtype (default int64). pre and epi read one set of tensors: where
    both read different ones, or with kwb_iscan_fuse off, the prologue is a kwb_pointwise launch first and the
    epilogue one after (fed the same exact sums). _copy: epi over x itself, no scan (that unfused epilogue's launch).
    ValueError: a rank above 5."""
    if x.dim() > 5:
        raise ValueError("kwb_cumsum_int: a tensor of rank 0 to 5, got %s %s" % (x.dtype, tuple(x.shape)))
    if x.dim() == 0:
        return kwb_cumsum_int(x.reshape(1), 0, exclusive, epi, epi_tensors, epi_scalars, pre, pre_tensors,
                              pre_scalars, pre_dtype, out_dtype).reshape(())
    d = dim % x.dim()
    shared = len(pre_tensors) == len(epi_tensors) and all(a is b for a, b in zip(pre_tensors, epi_tensors))
    if pre is not None and (not kwb_iscan_fuse or (pre_tensors and epi is not None and epi_tensors and not shared)):
        x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, pre_dtype or torch.int64)
        pre, pre_tensors, pre_scalars = None, (), ()
    if epi is not None and not kwb_iscan_fuse and not _copy:
        # the epilogue a launch of its own, fed the exact sums (the kernel's COPY mode: kwb_pointwise feeds fp32)
        y = kwb_cumsum_int(x, d, exclusive, pre=pre, pre_tensors=pre_tensors, pre_scalars=pre_scalars,
                           pre_dtype=pre_dtype)
        return kwb_cumsum_int(y, d, epi=epi, epi_tensors=epi_tensors, epi_scalars=epi_scalars, out_dtype=out_dtype,
                              _copy=True)
    out = torch.empty(x.shape, dtype=out_dtype or torch.int64, device=x.device)
    if pre is None and epi is None:
        return _kwb_iscan(x, d, out, exclusive)
    packed = _kwb_epi_pack(out, tuple(pre_tensors) or tuple(epi_tensors), epi_scalars)
    pf = _kwb_epi_pack(out, (), pre_scalars)[24:] if pre is not None else [0.0] * 4
    fused = dict(zip(("e0", "e1", "e2", "e3", *("s%d%d" % (e, k) for e in range(4) for k in range(5)),
                      "f0", "f1", "f2", "f3"), packed))
    fused.update(pf0=pf[0], pf1=pf[1], pf2=pf[2], pf3=pf[3], PRE=pre or _kwb_epi_identity, HAS_PRE=pre is not None,
                 PRE_BOOL=pre_dtype == torch.bool, POST=epi or _kwb_epi_identity, HAS_POST=epi is not None,
                 COPY=_copy)
    return _kwb_iscan(x, d, out, exclusive, fused=fused)


@triton.jit
def _kwb_masked_scatter_kernel(x, msk, pre, base, src, out, n, S1, S2, S3, S4, xs0, xs1, xs2, xs3, xs4, ms0, ms1,
                               ms2, ms3, ms4, BLOCK: tl.constexpr):
    # over out's contiguous offsets (5-D sizes S0..S4; rows along slot 4): out = mask ? src[base[row] + pre] : x, pre
    # the row's exclusive count of the mask (int64, out's layout), base the count of every row before
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    m = tl.load(msk + (i0 * ms0 + i1 * ms1 + i2 * ms2 + i3 * ms3 + i4 * ms4), mask=mask, other=0) != 0
    xv = tl.load(x + (i0 * xs0 + i1 * xs1 + i2 * xs2 + i3 * xs3 + i4 * xs4), mask=mask)
    row = offs // S4
    k = tl.load(base + row, mask=mask & m, other=0) + tl.load(pre + offs, mask=mask & m, other=0)
    sv = tl.load(src + k, mask=mask & m)
    tl.store(out + offs, tl.where(m, sv.to(out.dtype.element_ty), xv), mask=mask)


def kwb_masked_scatter(x, mask, source):
    """x.masked_scatter(mask, source): a new tensor of x's shape and dtype (contiguous) holding source's first
    mask.sum() elements, in order, where the mask (broadcast to x's shape) is true and x's values elsewhere; x is
    never written. Three launches: each last-dim row's exclusive count of the mask (kwb_cumsum_int's kernel), the
    exclusive count of the rows before (the same kernel on the row totals), then the select. Values are copied, never
    computed: exact in every dtype. Rank 0 to 5, any strides (source read in its row-major order). A source of
    another dtype (a chain's fp32 intermediate beside a 16-bit x; torch would hold both in x's dtype) is converted
    to x's as it is read. ValueError: a rank above 5."""
    if x.dim() > 5:
        raise ValueError("kwb_masked_scatter: x %s %s (rank 0 to 5)" % (x.dtype, tuple(x.shape)))
    if x.dim() == 0:
        return kwb_masked_scatter(x.reshape(1), mask.reshape(1), source).reshape(())
    mb = mask.expand(x.shape)
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    n = out.numel()
    if n == 0:
        return out
    C = int(x.shape[-1])
    tot = torch.empty((n // C,), dtype=torch.int64, device=x.device)
    pre = _kwb_iscan(mb, x.dim() - 1, torch.empty(x.shape, dtype=torch.int64, device=x.device), True, tot)
    base = _kwb_iscan(tot, 0, torch.empty(tot.shape, dtype=torch.int64, device=x.device), exclusive=True)
    src = source.reshape(-1) if source.is_contiguous() else kwb_reshape(source, (-1,))
    lead = 5 - x.dim()
    sizes = (1,) * lead + tuple(x.shape)
    _kwb_masked_scatter_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        x, mb, pre, base, src, out, n, *sizes[1:], *((0,) * lead + tuple(x.stride())),
        *((0,) * lead + tuple(mb.stride())), BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
    return out



def kwb_pw_args(x, epi, epi_tensors=(), epi_scalars=(), out_dtype=None):
    """kwb_pointwise's arguments as one tuple (x, epi, epi_tensors, epi_scalars, out_dtype), for kwb_pointwise_multi:
    the same signature, so a planned line keeps its arguments as written. Sibling launches (session 49, rope49;
    docs/DECISIONS.md "Session 49 (rope49)"): two launches the planner found independent and sharing an operand run
    as one (kwb_index_multi, kwb_pointwise_multi), the same loads and stores."""
    return x, epi, tuple(epi_tensors), tuple(epi_scalars), out_dtype


@triton.jit
def _kwb_pointwise_rows2_kernel(T0, x_ptr, out_ptr, M, L, S1, S2, S3, sx0, sx1, sx2, sx3, sx4,
                                e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                                s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                                y_ptr, out2_ptr, M2, L2, R1, R2, R3, sy0, sy1, sy2, sy3, sy4,
                                g0, g1, g2, g3, t00, t01, t02, t03, t04, t10, t11, t12, t13, t14,
                                t20, t21, t22, t23, t24, t30, t31, t32, t33, t34, h0, h1, h2, h3,
                                EPI: tl.constexpr, EPI2: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_L: tl.constexpr):
    # Two _kwb_pointwise_rows_kernel launches in one grid: programs [0, T0) tile the first (x -> out by EPI), the
    # rest the second (y -> out2 by EPI2), each exactly as its own launch would (rows of the last dim, the outer
    # coordinates decoded once per row). One body per branch: a program runs one of them.
    pid = tl.program_id(0)
    if pid < T0:
        n_l = tl.cdiv(L, BLOCK_L)
        rows = (pid // n_l).to(tl.int64) * BLOCK_M + tl.arange(0, BLOCK_M)
        cols = (pid % n_l) * BLOCK_L + tl.arange(0, BLOCK_L)
        mask = (rows < M)[:, None] & (cols < L)[None, :]
        r3 = rows % S3
        t = rows // S3
        r2 = t % S2
        t = t // S2
        z = (cols * 0)[None, :].to(tl.int64)
        i0, i1, i2, i3 = (t // S1)[:, None] + z, (t % S1)[:, None] + z, r2[:, None] + z, r3[:, None] + z
        i4 = cols[None, :].to(tl.int64) + (rows * 0)[:, None]
        acc = tl.load(x_ptr + (i0 * sx0 + i1 * sx1 + i2 * sx2 + i3 * sx3 + i4 * sx4), mask=mask, other=0.0)
        acc = EPI(acc.to(tl.float32), i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                  s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        tl.store(out_ptr + rows[:, None] * L + cols[None, :], acc.to(out_ptr.dtype.element_ty), mask=mask)
    else:
        q = pid - T0
        n_l2 = tl.cdiv(L2, BLOCK_L)
        rows2 = (q // n_l2).to(tl.int64) * BLOCK_M + tl.arange(0, BLOCK_M)
        cols2 = (q % n_l2) * BLOCK_L + tl.arange(0, BLOCK_L)
        mask2 = (rows2 < M2)[:, None] & (cols2 < L2)[None, :]
        u3 = rows2 % R3
        w = rows2 // R3
        u2 = w % R2
        w = w // R2
        z2 = (cols2 * 0)[None, :].to(tl.int64)
        j0, j1, j2, j3 = (w // R1)[:, None] + z2, (w % R1)[:, None] + z2, u2[:, None] + z2, u3[:, None] + z2
        j4 = cols2[None, :].to(tl.int64) + (rows2 * 0)[:, None]
        acc2 = tl.load(y_ptr + (j0 * sy0 + j1 * sy1 + j2 * sy2 + j3 * sy3 + j4 * sy4), mask=mask2, other=0.0)
        acc2 = EPI2(acc2.to(tl.float32), j0, j1, j2, j3, j4, mask2, g0, g1, g2, g3, t00, t01, t02, t03, t04,
                    t10, t11, t12, t13, t14, t20, t21, t22, t23, t24, t30, t31, t32, t33, t34, h0, h1, h2, h3)
        tl.store(out2_ptr + rows2[:, None] * L2 + cols2[None, :], acc2.to(out2_ptr.dtype.element_ty), mask=mask2)


def _kwb_pointwise_rows_args(x, epi, epi_tensors, epi_scalars, out_dtype):
    """kwb_pointwise's row launch for one call, planned as kwb_pointwise plans it (the same memoised plan): (out,
    block_l, tiles, the kernel's arguments from x to f3), or None where kwb_pointwise would not take its row launch
    (rank above 5 or below 2, a short last dim, an empty output, the row launch switched off)."""
    if not kwb_pointwise_rows or x.dim() < 2 or x.dim() > 5 or x.numel() == 0:
        return None
    flat = kwb_pointwise_coalesce and _kwb_epi_coords_free(epi)
    key = ("pointwise", x.shape, x.stride(), x.dtype, x.device, flat) + tuple(
        (t.shape, t.stride(), isinstance(t, KwbAt), isinstance(t, KwbCols)) for t in epi_tensors)
    plan = _kwb_memo.get(key) if kwb_memo_plans else None
    if plan is None:
        if len(_kwb_memo) >= 4096:
            _kwb_memo.clear()
        plan = _kwb_memo[key] = _kwb_pointwise_plan(x, epi_tensors, flat)
    grid, sizes, sx, es, ne, idx64, magic = plan
    L = sizes[3]
    if L < _kwb_pointwise_rows_min:
        return None
    out = torch.empty(x.shape, dtype=out_dtype or x.dtype, device=x.device)
    ptrs = tuple(t.t if isinstance(t, (KwbAt, KwbCols)) else t for t in epi_tensors) + (x,) * (4 - ne)
    block_l = min(_kwb_np2(L), KWB_POINTWISE_BLOCK)
    block_m = max(1, KWB_POINTWISE_BLOCK // block_l)
    rows = out.numel() // L
    tiles = triton.cdiv(rows, block_m) * triton.cdiv(L, block_l)
    args = (x, out, rows, L, sizes[0], sizes[1], sizes[2], *sx, *ptrs, *es, *kwb_epi_scalars(epi_scalars))
    return out, block_l, tiles, args


def kwb_pointwise_multi(*calls):
    """(kwb_pointwise(*c) for c in calls), each c a kwb_pw_args tuple: two calls whose row launches take the same
    block run as one launch (_kwb_pointwise_rows2_kernel; the same elements, loads and stores), anything else each
    call as kwb_pointwise runs it. Returns the outputs in order."""
    if len(calls) == 2:
        a = _kwb_pointwise_rows_args(*calls[0])
        b = _kwb_pointwise_rows_args(*calls[1]) if a is not None else None
        if a is not None and b is not None and a[1] == b[1]:
            block_m = max(1, KWB_POINTWISE_BLOCK // a[1])
            _kwb_pointwise_rows2_kernel[(a[2] + b[2],)](
                a[2], *a[3], *b[3], EPI=calls[0][1], EPI2=calls[1][1], BLOCK_M=block_m, BLOCK_L=a[1],
                num_warps=KWB_POINTWISE_WARPS)
            return a[0], b[0]
    return tuple(kwb_pointwise(*c) for c in calls)


@triton.jit
def _kwb_embedding2_kernel(wa, wb, idx, outa, outb, n, D, NA, NB, wsa0, wsa1, wsb0, wsb1, IDX64: tl.constexpr,
                           BLOCK: tl.constexpr):
    # _kwb_embedding_kernel for two tables gathered by one index: each index loaded once, both rows stored
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    row = offs // D
    col = offs % D
    i = tl.load(idx + row, mask=mask, other=0).to(tl.int64)
    ia = tl.where(i < 0, i + NA, i)
    ib = tl.where(i < 0, i + NB, i)
    va = tl.load(wa + (ia * wsa0 + col * wsa1), mask=mask, other=0.0)
    vb = tl.load(wb + (ib * wsb0 + col * wsb1), mask=mask, other=0.0)
    tl.store(outa + offs, va.to(outa.dtype.element_ty), mask=mask)
    tl.store(outb + offs, vb.to(outb.dtype.element_ty), mask=mask)


def kwb_index_multi(tables, indices, dim):
    """(kwb_index(x, indices, dim) for x in tables): two tables whose rows along dim have the same size and dtype
    (HF Llama's cos / sin caches by position_ids) are gathered in one launch that loads each index once; anything
    else each as kwb_index gathers it. Returns the results in order, each kwb_index's (a view of its contiguous
    output with the index dims at dim)."""
    if len(tables) == 2:
        a, b = tables
        d = dim % max(a.dim(), 1)
        if (a.dim() == b.dim() and a.dim() >= 1 and a.dtype == b.dtype and a.device == b.device and
                a.shape[:d] + a.shape[d + 1:] == b.shape[:d] + b.shape[d + 1:]):
            am, bm = a.movedim(d, 0), b.movedim(d, 0)
            rest = tuple(am.shape[1:])
            wa, wb = am.reshape(am.shape[0], -1), bm.reshape(bm.shape[0], -1)
            D = wa.shape[1]
            flat = indices.reshape(-1).contiguous()
            outs = [torch.empty((flat.numel(), D), dtype=a.dtype, device=a.device) for _ in range(2)]
            n = flat.numel() * D
            if n:
                reach = max((w.shape[0] - 1) * abs(w.stride(0)) + (D - 1) * abs(w.stride(1)) for w in (wa, wb))
                _kwb_embedding2_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
                    wa, wb, flat, outs[0], outs[1], n, D, wa.shape[0], wb.shape[0], wa.stride(0), wa.stride(1),
                    wb.stride(0), wb.stride(1), IDX64=n + KWB_POINTWISE_BLOCK >= 2 ** 31 or reach >= 2 ** 31,
                    BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
            k = indices.dim()
            res = [o.view(tuple(indices.shape) + rest) for o in outs]
            return tuple(r.movedim(tuple(range(k)), tuple(range(d, d + k))) if d and k else r for r in res)
    return tuple(kwb_index(x, indices, dim) for x in tables)
