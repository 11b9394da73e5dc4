# ==== stage: common
# The CuTe DSL stage set (docs/DECISIONS.md "The CuTe DSL renders chains of several launches from a stage set"):
# launchers with the names and signatures of the Triton stage library's (triton_stages.py) for the launch kinds
# covered here, so that the chain planner's forward() body runs unchanged on either. Launchers do launch plumbing
# only (views, allocation, a contiguous copy of a strided input where a kernel needs rows, stride reads); every
# kernel converts to fp32 on load, computes in fp32 and stores the output's dtype. Epilogue and prologue tensors
# are read by index through their broadcast strides from 1-D spans: no stride-0 tensor crosses DLPack. Every size,
# stride and flat index is Int64 (cutlass.Int64 arguments, the block index widened before it is scaled): a tensor may
# hold 2**31 elements or more, as level 1's 46_ input does. NEVER RUN: checked statically against cute_api.json and
# on a CPU emulation of its cute.* names (tests/data/codegen/fake_cutlass) only.
NEG_BIG = -3.0e38  # finite stand-in for -inf in the online max (keeps exp() of two -inf at 0)
ROW_WARPS = 4  # row stages: one 32-lane warp per row, 4 rows per CTA
PW_THREADS = 256  # kwb_pointwise: one element per thread
EPI_TENSORS = 4  # the epilogue calling convention: up to 4 tensors and 4 scalars (as the Triton chain's)
_kwb_compiled = {}  # (stage, shapes, strides, dtypes, epilogue) -> cute.compile result
kwb_last_grid_blocks = [0]  # CTAs of the largest launch since forward() reset it (utilization, wave count)
# The Triton chain's index-map reads (a pad or a sliced buffer read through its map by the one pointwise launch that
# reads it) need index loads in the epilogue, which the CuTe DSL dialect has not: off, so forward() takes the plan's
# other branch (the pad or piece launches, then the launch reading its result).
kwb_pad_prologue = False
kwb_piecewise_reads = False


@cute.jit
def _kwb_epi_identity(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return acc


@cute.jit
def _kwb_ssa(v):
    """A one-element TensorSSA holding the fp32 value v: the epilogue dialect works on TensorSSA."""
    r = cute.make_rmem_tensor((1,), cutlass.Float32)
    r[0] = v
    return r.load()


def _kwb_span(e):
    """A 1-D contiguous view of the memory e reads (from its first element), and e's strides into it: a
    broadcast tensor is read by index with stride 0 on its broadcast dims, no stride-0 DLPack."""
    span = 1 + sum((s - 1) * st for s, st in zip(e.shape, e.stride()))
    return e.as_strided((span,), (1,)), [st if s != 1 else 0 for s, st in zip(e.shape, e.stride())]


def _kwb_epi_unview(t, shape, view):
    """The Triton chain's kwb_epi_unview: t, given at the indices of view(output) (reshapes before any permute,
    permutes, transposes, squeezes, unsqueezes of the output of logical shape `shape`), at the output's own indices
    (a view of t where its strides allow, else a copy)."""
    v = view(torch.empty(shape, device="meta"))
    order = sorted(range(v.dim()), key=lambda d: -v.stride(d))
    return t.expand(v.shape).permute(order).reshape(shape)


def _kwb_epi_operands(tensors, shape, rank):
    """Epilogue tensors broadcast to `shape`, as (1-D spans, padded to EPI_TENSORS with `pad`) and their strides
    over `shape` viewed with `rank` dims (size-1 dims in front), rank strides a tensor, 0 for a broadcast dim."""
    if len(tensors) > EPI_TENSORS:
        raise ValueError("kernel.py: an epilogue takes at most %d tensors, got %d" % (EPI_TENSORS, len(tensors)))
    lead = [1] * (rank - len(shape))
    spans, strides = [], []
    for e in tensors:
        flat, st = _kwb_span(e.expand(shape).reshape(lead + list(shape)))
        spans.append(flat)
        strides += st
    return spans, strides


def _kwb_epi_scalars(scalars):
    if len(scalars) > 4:
        raise ValueError("kernel.py: an epilogue takes at most 4 scalars, got %d" % len(scalars))
    return [float(f) for f in scalars] + [0.0] * (4 - len(scalars))


def kwb_to_fp32(*tensors):
    """The chain's widening line. Every CuTe DSL stage converts to fp32 as it loads and stores its output's dtype,
    so no tensor is copied: they pass through unchanged, with the dtype the chain's result is given back in."""
    out_dtype = next((t.dtype for t in tensors if isinstance(t, torch.Tensor) and t.is_floating_point()), None)
    return list(tensors), out_dtype


def kwb_as_dtype(t, dtype):
    """The chain's result in the input's dtype (one kwb_pointwise copy when it differs)."""
    if dtype is None or t.dtype == dtype:
        return t
    return kwb_pointwise(t, _kwb_epi_identity, out_dtype=dtype)


def kwb_row1_fits(x, dim):
    """The chain's one-pass row fusion (Triton's kwb_row1: a reduction and the pointwise run that reads it in one
    launch) has no CuTe DSL stage: False, so forward() takes the plan's own other branch (the reduction, then the
    elementwise launches), which the stage set covers."""
    return False


def kwb_row1_stat(x, dim):
    raise NotImplementedError("kernel.py: kwb_row1 (the one-pass row fusion) has no CuTe DSL stage; "
                              "kwb_row1_fits is False here")


def kwb_row1(*args, **kwargs):
    raise NotImplementedError("kernel.py: kwb_row1 (the one-pass row fusion) has no CuTe DSL stage; "
                              "kwb_row1_fits is False here")


@cute.jit
def _kwb_coords5(i, d1, d2, d3, d4):
    """The coordinates (i0, i1, i2, i3, i4) of the contiguous offset i over a row-major 5-D shape whose dims 1..4
    have sizes d1..d4 (Int64): the one index decomposition of the element-per-thread kernels."""
    i4 = i % d4
    q = i // d4
    i3 = q % d3
    q = q // d3
    i2 = q % d2
    q = q // d2
    return q // d1, q % d1, i2, i3, i4


def _kwb_rows(x, dims):
    """x as [outer, r, inner] rows over `dims` (sorted, non-negative): a view of contiguous x when the dims are
    consecutive, else the reduced dims moved last by one contiguous copy; with the kept shape."""
    nd = x.dim()
    kept = [x.shape[d] for d in range(nd) if d not in dims]
    r = 1
    for d in dims:
        r *= x.shape[d]
    if dims == list(range(dims[0], dims[0] + len(dims))):
        outer, inner = 1, 1
        for d in range(dims[0]):
            outer *= x.shape[d]
        for d in range(dims[-1] + 1, nd):
            inner *= x.shape[d]
        return x.contiguous().view(-1), outer, r, inner, kept
    perm = [d for d in range(nd) if d not in dims] + list(dims)
    xp = x.permute(perm).contiguous()
    return xp.view(-1), xp.numel() // r if r else 0, r, 1, kept


# ==== stage: kwb_gemm kwb_gemv kwb_gemm_dual
@cute.kernel
def _kwb_gemm_kernel(
    m_a: cute.Tensor, m_b: cute.Tensor, m_c: cute.Tensor, m_bias: cute.Tensor,
    m_e0: cute.Tensor, m_e1: cute.Tensor, m_e2: cute.Tensor, m_e3: cute.Tensor,  # 1-D spans, read by index
    m: cutlass.Int64, n: cutlass.Int64, k: cutlass.Int64,
    a0: cutlass.Int64, a1: cutlass.Int64, a2: cutlass.Int64,  # A's (batch, row, k) strides into its span
    b0: cutlass.Int64, b1: cutlass.Int64, b2: cutlass.Int64,  # B's (batch, k, col) strides into its span
    s00: cutlass.Int64, s01: cutlass.Int64, s02: cutlass.Int64,  # epilogue tensor j's (batch, row, col) strides
    s10: cutlass.Int64, s11: cutlass.Int64, s12: cutlass.Int64,
    s20: cutlass.Int64, s21: cutlass.Int64, s22: cutlass.Int64,
    s30: cutlass.Int64, s31: cutlass.Int64, s32: cutlass.Int64,
    f0: cutlass.Float32, f1: cutlass.Float32, f2: cutlass.Float32, f3: cutlass.Float32,
    has_bias: cutlass.Constexpr, b_batched: cutlass.Constexpr, n_epi: cutlass.Constexpr, epi: cutlass.Constexpr,
):
    # a SIMT kernel: one thread per C element, 16 x 16 per CTA; A, B and C are 1-D spans read by Int64 offsets
    tx, ty, _ = cute.arch.thread_idx()
    bx, by, bz = cute.arch.block_idx()
    row = bx * 16 + ty  # M tiles on grid x (no 65535 limit), N tiles on grid y
    col = by * 16 + tx  # consecutive threads -> consecutive columns of B and C (coalesced)
    if (row < m) & (col < n):  # predication: M and N need not be multiples of 16
        bb = bz
        if cutlass.const_expr(not b_batched):
            bb = 0  # one weight shared by every batch of A
        acc = cutlass.Float32(0.0)
        for kk in range(0, k, 1):
            acc = acc + m_a[bz * a0 + row * a1 + kk * a2].to(cutlass.Float32) * \
                m_b[bb * b0 + kk * b1 + col * b2].to(cutlass.Float32)
        if cutlass.const_expr(has_bias):
            acc = acc + m_bias[col].to(cutlass.Float32)
        acc_v = _kwb_ssa(acc)
        e0_v = acc_v  # slots from n_epi on are never read by the epilogue
        e1_v = acc_v
        e2_v = acc_v
        e3_v = acc_v
        if cutlass.const_expr(n_epi > 0):
            e0_v = _kwb_ssa(m_e0[bz * s00 + row * s01 + col * s02].to(cutlass.Float32))
        if cutlass.const_expr(n_epi > 1):
            e1_v = _kwb_ssa(m_e1[bz * s10 + row * s11 + col * s12].to(cutlass.Float32))
        if cutlass.const_expr(n_epi > 2):
            e2_v = _kwb_ssa(m_e2[bz * s20 + row * s21 + col * s22].to(cutlass.Float32))
        if cutlass.const_expr(n_epi > 3):
            e3_v = _kwb_ssa(m_e3[bz * s30 + row * s31 + col * s32].to(cutlass.Float32))
        r_c = cute.make_rmem_tensor((1,), cutlass.Float32)
        r_c.store(epi(acc_v, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3).to(cutlass.Float32))
        m_c[(bz * m + row) * n + col] = r_c[0].to(m_c.element_type)


@cute.jit
def _kwb_gemm_host(
    m_a: cute.Tensor, m_b: cute.Tensor, m_c: cute.Tensor, m_bias: cute.Tensor,
    m_e0: cute.Tensor, m_e1: cute.Tensor, m_e2: cute.Tensor, m_e3: cute.Tensor,
    m: cutlass.Int64, n: cutlass.Int64, k: cutlass.Int64, batch: cutlass.Int64,
    a0: cutlass.Int64, a1: cutlass.Int64, a2: cutlass.Int64, b0: cutlass.Int64, b1: cutlass.Int64, b2: cutlass.Int64,
    s00: cutlass.Int64, s01: cutlass.Int64, s02: cutlass.Int64,
    s10: cutlass.Int64, s11: cutlass.Int64, s12: cutlass.Int64,
    s20: cutlass.Int64, s21: cutlass.Int64, s22: cutlass.Int64,
    s30: cutlass.Int64, s31: cutlass.Int64, s32: cutlass.Int64,
    f0: cutlass.Float32, f1: cutlass.Float32, f2: cutlass.Float32, f3: cutlass.Float32,
    has_bias: cutlass.Constexpr, b_batched: cutlass.Constexpr, n_epi: cutlass.Constexpr, epi: cutlass.Constexpr,
):
    _kwb_gemm_kernel(
        m_a, m_b, m_c, m_bias, m_e0, m_e1, m_e2, m_e3, m, n, k, a0, a1, a2, b0, b1, b2, s00, s01, s02, s10, s11, s12,
        s20, s21, s22, s30, s31, s32, f0, f1, f2, f3, has_bias, b_batched, n_epi, epi,
    ).launch(grid=[(m + 15) // 16, (n + 15) // 16, batch], block=[16, 16, 1])


def kwb_gemm(a, w, bias=None, epi=None, epi_tensors=(), epi_scalars=(), epi_view=None, pro=None, pro_tensors=(),
             pro_scalars=(), out_dtype=None, ieee=False):
    """a @ w.T (+ bias), then epi(...) on the fp32 value, in one CuTe DSL launch (the Triton stage's signature).
    a [M, K] or [*, M, K]; w any strided [N, K] view, or [B, N, K] with a [B, M, K] (bmm); epi_tensors broadcast
    to the output, or to epi_view(output) when given; out in out_dtype (default a's dtype). pro: a pointwise run on
    a (the epilogue calling convention at a's indices, pro_tensors broadcast to a's shape), launched first as a
    kwb_pointwise into a's dtype (fp32 where a is 16-bit and w of another dtype: the Triton stage's promotion), as
    the Triton stage does for every GEMM above kwb_gemm_small_flops: one launch and one pass over a more.
    ieee: accepted for the Triton signature; this SIMT kernel always computes in full fp32."""
    if pro is not None:
        widen = a.dtype != w.dtype and a.element_size() < 4
        a = kwb_pointwise(a, pro, pro_tensors, pro_scalars, out_dtype=torch.float32 if widen else None)
    n, k = w.shape[-2], w.shape[-1]
    a3 = a.unsqueeze(0) if a.dim() == 2 else a.reshape(-1, a.shape[-2], k)
    bt, m = a3.shape[0], a3.shape[1]
    out = torch.empty(list(a.shape[:-1]) + [n], dtype=out_dtype or a.dtype, device=a.device)
    if out.numel() == 0:
        return out
    if w.dim() == 3:  # bmm: one weight per batch, [B, K, N]
        if w.shape[0] != bt:
            raise ValueError("kwb_gemm: %d batches of a against %d of w" % (bt, w.shape[0]))
        b3 = w.transpose(1, 2)
    else:
        b3 = w.t().unsqueeze(0)  # [1, K, N], shared by every batch (b_batched False)
    if epi_view is not None:
        epi_tensors = [_kwb_epi_unview(e, out.shape, epi_view) for e in epi_tensors]
    es, ss = _kwb_epi_operands([e.expand(out.shape).reshape(bt, m, n) for e in epi_tensors], (bt, m, n), 3)
    n_epi = len(es)
    es += [out.view(-1)] * (EPI_TENSORS - n_epi)  # unused slots: never read (n_epi is a compile-time constant)
    ss += [0] * (3 * (EPI_TENSORS - n_epi))
    bias_t = out.view(-1) if bias is None else bias.contiguous()
    epi = epi if epi is not None else _kwb_epi_identity
    a_span, a_st = _kwb_span(a3)
    b_span, b_st = _kwb_span(b3)
    tensors = [from_dlpack(t) for t in (a_span, b_span, out.view(-1), bias_t, *es)]
    key = ("gemm", tuple(a3.shape), a3.stride(), tuple(b3.shape), b3.stride(), a.dtype, w.dtype, out.dtype,
           tuple((t.dtype, t.shape[0]) for t in es), bias is not None, epi, n_epi)
    scalars = [m, n, k, bt, *a_st, *b_st, *ss, *_kwb_epi_scalars(epi_scalars)]
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, shapes, strides, dtypes, epilogue)
        compiled = cute.compile(_kwb_gemm_host, *tensors, *scalars, bias is not None, w.dim() == 3, n_epi, epi)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (m + 15) // 16 * ((n + 15) // 16) * bt)
    return out


def kwb_gemv(a, v, epi=None, epi_tensors=(), epi_scalars=(), out_dtype=None):
    """torch.mv(a, v) for a [M, K] and v [K] (any strides), then epi on the [M] result (addmv's beta * input + alpha *
    product; its tensors broadcast to [M]), out contiguous of out_dtype (default a's dtype): kwb_gemm's kernel with
    one output column (session 36, cute36), fp32 accumulation. One launch; SIMT with 15 of each CTA's 16 columns
    idle (a warp per row, as kwb_reduce's, is the next step). ValueError: shapes that do not match."""
    if a.dim() != 2 or v.dim() != 1 or a.shape[1] != v.shape[0]:
        raise ValueError("kwb_gemv: a %s and v %s (a [M, K], v [K])" % (tuple(a.shape), tuple(v.shape)))
    m = a.shape[0]
    es = [e.expand(m).unsqueeze(-1) for e in epi_tensors]  # at the [M, 1] GEMM output's indices
    return kwb_gemm(a, v.unsqueeze(0), epi=epi, epi_tensors=es, epi_scalars=epi_scalars, out_dtype=out_dtype).view(m)


def kwb_gemm_dual(a, w, bias, gw, gbias, gepi=None, gepi_scalars=(), gate_dtype=None, epi=None, epi_reg=None,
                  slot=0, epi_tensors=(), epi_scalars=(), epi_view=None, out_dtype=None):
    """The Triton stage's sibling GEMMs over one A (triton_stages.py kwb_gemm_dual) as its two launches: the sibling
    g = kwb_gemm(a, gw, gbias, gepi) stored in gate_dtype (default a's), then kwb_gemm(a, w, bias, epi) reading it
    (through epi_view) as epilogue tensor `slot` (None in epi_tensors). epi_reg (the one-launch form's) is unused."""
    g = kwb_gemm(a, gw, gbias, epi=gepi, epi_tensors=(), epi_scalars=gepi_scalars, out_dtype=gate_dtype)
    ts = list(epi_tensors)
    ts[slot] = epi_view(g) if epi_view is not None else g
    return kwb_gemm(a, w, bias, epi=epi, epi_tensors=tuple(ts), epi_scalars=epi_scalars, epi_view=epi_view,
                    out_dtype=out_dtype)


# ==== stage: kwb_pointwise
_kwb_int_slots = {}  # epilogue -> its slots loaded as Int64 (integers compared exactly; the chain's epilogues fill it)
_kwb_int_results = set()  # epilogues whose result is an integer (integer arithmetic): stored from Int64, exact


@cute.jit
def _kwb_ssa_int(v):
    """A one-element Int64 TensorSSA holding v: an integer compared exactly (no fp32 rounding above 2**24)."""
    r = cute.make_rmem_tensor((1,), cutlass.Int64)
    r[0] = v
    return r.load()


@cute.kernel
def _kwb_pw_kernel(
    m_x: cute.Tensor, m_out: cute.Tensor, m_e0: cute.Tensor, m_e1: cute.Tensor, m_e2: cute.Tensor,
    m_e3: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,  # sizes of dims 1..4
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,  # x's strides
    s00: cutlass.Int64, s01: cutlass.Int64, s02: cutlass.Int64, s03: cutlass.Int64, s04: cutlass.Int64,
    s10: cutlass.Int64, s11: cutlass.Int64, s12: cutlass.Int64, s13: cutlass.Int64, s14: cutlass.Int64,
    s20: cutlass.Int64, s21: cutlass.Int64, s22: cutlass.Int64, s23: cutlass.Int64, s24: cutlass.Int64,
    s30: cutlass.Int64, s31: cutlass.Int64, s32: cutlass.Int64, s33: cutlass.Int64, s34: cutlass.Int64,
    f0: cutlass.Float32, f1: cutlass.Float32, f2: cutlass.Float32, f3: cutlass.Float32,
    n_epi: cutlass.Constexpr, epi: cutlass.Constexpr, ints: cutlass.Constexpr,  # ints: bit k, slot k is Int64;
):  # bit 4: the result is Int64
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if i < total:  # predication: the last CTA may hold fewer elements
        i0, i1, i2, i3, i4 = _kwb_coords5(i, d1, d2, d3, d4)  # the element's coordinates, row-major
        acc_v = _kwb_ssa(m_x[i0 * x0 + i1 * x1 + i2 * x2 + i3 * x3 + i4 * x4].to(cutlass.Float32))
        e0_v = acc_v  # slots from n_epi on are never read by the epilogue
        e1_v = acc_v
        e2_v = acc_v
        e3_v = acc_v
        if cutlass.const_expr(n_epi > 0):
            if cutlass.const_expr(ints & 1):
                e0_v = _kwb_ssa_int(m_e0[i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04].to(cutlass.Int64))
            else:
                e0_v = _kwb_ssa(m_e0[i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04].to(cutlass.Float32))
        if cutlass.const_expr(n_epi > 1):
            if cutlass.const_expr(ints & 2):
                e1_v = _kwb_ssa_int(m_e1[i0 * s10 + i1 * s11 + i2 * s12 + i3 * s13 + i4 * s14].to(cutlass.Int64))
            else:
                e1_v = _kwb_ssa(m_e1[i0 * s10 + i1 * s11 + i2 * s12 + i3 * s13 + i4 * s14].to(cutlass.Float32))
        if cutlass.const_expr(n_epi > 2):
            if cutlass.const_expr(ints & 4):
                e2_v = _kwb_ssa_int(m_e2[i0 * s20 + i1 * s21 + i2 * s22 + i3 * s23 + i4 * s24].to(cutlass.Int64))
            else:
                e2_v = _kwb_ssa(m_e2[i0 * s20 + i1 * s21 + i2 * s22 + i3 * s23 + i4 * s24].to(cutlass.Float32))
        if cutlass.const_expr(n_epi > 3):
            if cutlass.const_expr(ints & 8):
                e3_v = _kwb_ssa_int(m_e3[i0 * s30 + i1 * s31 + i2 * s32 + i3 * s33 + i4 * s34].to(cutlass.Int64))
            else:
                e3_v = _kwb_ssa(m_e3[i0 * s30 + i1 * s31 + i2 * s32 + i3 * s33 + i4 * s34].to(cutlass.Float32))
        if cutlass.const_expr(ints & 16):  # an integer result: no fp32 round trip (exact above 2**24)
            r_i = cute.make_rmem_tensor((1,), cutlass.Int64)
            r_i.store(epi(acc_v, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3).to(cutlass.Int64))
            m_out[i] = r_i[0].to(m_out.element_type)
        else:
            r_y = cute.make_rmem_tensor((1,), cutlass.Float32)
            r_y.store(epi(acc_v, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3).to(cutlass.Float32))
            m_out[i] = r_y[0].to(m_out.element_type)


@cute.jit
def _kwb_pw_host(
    m_x: cute.Tensor, m_out: cute.Tensor, m_e0: cute.Tensor, m_e1: cute.Tensor, m_e2: cute.Tensor,
    m_e3: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,
    s00: cutlass.Int64, s01: cutlass.Int64, s02: cutlass.Int64, s03: cutlass.Int64, s04: cutlass.Int64,
    s10: cutlass.Int64, s11: cutlass.Int64, s12: cutlass.Int64, s13: cutlass.Int64, s14: cutlass.Int64,
    s20: cutlass.Int64, s21: cutlass.Int64, s22: cutlass.Int64, s23: cutlass.Int64, s24: cutlass.Int64,
    s30: cutlass.Int64, s31: cutlass.Int64, s32: cutlass.Int64, s33: cutlass.Int64, s34: cutlass.Int64,
    f0: cutlass.Float32, f1: cutlass.Float32, f2: cutlass.Float32, f3: cutlass.Float32,
    n_epi: cutlass.Constexpr, epi: cutlass.Constexpr, ints: cutlass.Constexpr,
):
    _kwb_pw_kernel(
        m_x, m_out, m_e0, m_e1, m_e2, m_e3, total, d1, d2, d3, d4, x0, x1, x2, x3, x4, s00, s01, s02, s03, s04,
        s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, n_epi, epi, ints,
    ).launch(grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def kwb_pointwise(x, epi, epi_tensors=(), epi_scalars=(), out_dtype=None):
    """out = epi(x, *epi_tensors, *epi_scalars) elementwise, out contiguous of x's shape and of out_dtype (default
    x's dtype); x of any strides (read through them) and of rank <= 5 after its size-1 dims are dropped; every
    epilogue tensor broadcasts to x's shape and is read through its strides (0 on a broadcast dim)."""
    out = torch.empty(x.shape, dtype=out_dtype or x.dtype, device=x.device)
    if out.numel() == 0:
        return out
    keep = [d for d in range(x.dim()) if x.shape[d] != 1]
    if len(keep) > 5:
        raise ValueError("kwb_pointwise: rank %d (the CuTe DSL stage walks up to 5 dims)" % len(keep))
    shape = [x.shape[d] for d in keep]

    def squeeze(t):  # t broadcast to x's shape, without x's size-1 dims (the same elements)
        t = t.expand(x.shape)
        return t.as_strided(shape, [t.stride(d) for d in keep], t.storage_offset())

    lead = [1] * (5 - len(shape))
    x_span, x_st = _kwb_span(squeeze(x).reshape(lead + shape) if shape else x.reshape([1] * 5))
    es, ss = _kwb_epi_operands([squeeze(e) for e in epi_tensors], shape, 5)
    n_epi = len(es)
    es += [out.view(-1)] * (EPI_TENSORS - n_epi)
    ss += [0] * (5 * (EPI_TENSORS - n_epi))
    total = out.numel()
    dims = lead + shape
    tensors = [from_dlpack(t) for t in (x_span, out.view(-1), *es)]
    ints = sum(1 << k for k in _kwb_int_slots.get(epi, ()) if k < n_epi) + (16 if epi in _kwb_int_results else 0)
    key = ("pointwise", x.dtype, out.dtype, tuple((t.dtype, t.shape[0]) for t in es), epi, n_epi, ints)
    scalars = [total, *dims[1:], *x_st, *ss, *_kwb_epi_scalars(epi_scalars)]
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, shapes, strides, dtypes, epilogue)
        compiled = cute.compile(_kwb_pw_host, *tensors, *scalars, n_epi, epi, ints)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return out


# ==== stage: kwb_reduce kwb_pnorm
_KWB_RED_SUMS = ("sum", "mean", "nnz", "pnorm1", "pnorm2", "pnorm")  # ops that sum (their loads transformed)
_KWB_RED_MAXS = ("amax", "absmax")
_KWB_RED_MINS = ("amin", "absmin")


@cute.jit
def _kwb_reduce_load(v, p, op: cutlass.Constexpr):
    """A row element v (fp32) as reduction op adds it: |v| for the p-norms and the max / min norms (absmax, absmin),
    |v|**p (pnorm; pnorm2: v * v), 1 where v != 0 (nnz: the 0-norm; a NaN counts), else v."""
    w = v
    if cutlass.const_expr(op in ("absmax", "absmin", "pnorm1")):
        w = cute.arch.fmax(v, -v, nan=True)
    if cutlass.const_expr(op == "pnorm2"):
        w = v * v
    if cutlass.const_expr(op == "pnorm"):
        w = cute.math.pow(cute.arch.fmax(v, -v, nan=True), p)
    if cutlass.const_expr(op == "nnz"):
        w = cutlass.Float32(0.0)
        if v != cutlass.Float32(0.0):
            w = cutlass.Float32(1.0)
    return w


@cute.kernel
def _kwb_reduce_kernel(m_x: cute.Tensor, m_out: cute.Tensor, n_rows: cutlass.Int64, r: cutlass.Int64,
                       inner: cutlass.Int64, p: cutlass.Float32, op: cutlass.Constexpr):
    # one warp per row (o, i) of x viewed as [outer, r, inner]: lanes stride the row in fp32, a butterfly merges
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    lane = tidx % 32
    row = cutlass.Int64(bidx) * ROW_WARPS + tidx // 32  # Int64: rows x row length may pass 2**31
    if row < n_rows:  # predication: the last CTA may hold fewer rows (whole warps: the shuffles stay converged)
        base = (row // inner) * r * inner + row % inner
        a = cutlass.Float32(0.0)
        b = cutlass.Float32(0.0)
        if cutlass.const_expr(op in _KWB_RED_MAXS):
            a = cutlass.Float32(float("-inf"))
        if cutlass.const_expr(op in _KWB_RED_MINS):
            a = cutlass.Float32(float("inf"))
        if cutlass.const_expr(op == "logsumexp"):
            a = cutlass.Float32(NEG_BIG)
        if cutlass.const_expr(op == "prod"):
            a = cutlass.Float32(1.0)
        for k in range(lane, r, 32):
            v = _kwb_reduce_load(m_x[base + k * inner].to(cutlass.Float32), p, op)
            if cutlass.const_expr(op in _KWB_RED_SUMS):
                a = a + v
            if cutlass.const_expr(op == "prod"):
                a = a * v
            if cutlass.const_expr(op in _KWB_RED_MAXS):
                a = cute.arch.fmax(a, v)
            if cutlass.const_expr(op in _KWB_RED_MINS):
                a = cute.arch.fmin(a, v)
            if cutlass.const_expr(op == "logsumexp"):  # online: running max, rescaled sum of exp
                m_new = cute.arch.fmax(a, v)
                b = b * cute.math.exp(a - m_new) + cute.math.exp(v - m_new)
                a = m_new
        for s in cutlass.range_constexpr(5):  # butterfly merge of the 32 lanes
            o_a = cute.arch.shuffle_sync_bfly(a, offset=16 >> s)
            o_b = cute.arch.shuffle_sync_bfly(b, offset=16 >> s)
            if cutlass.const_expr(op in _KWB_RED_SUMS):
                a = a + o_a
            if cutlass.const_expr(op == "prod"):
                a = a * o_a
            if cutlass.const_expr(op in _KWB_RED_MAXS):
                a = cute.arch.fmax(a, o_a)
            if cutlass.const_expr(op in _KWB_RED_MINS):
                a = cute.arch.fmin(a, o_a)
            if cutlass.const_expr(op == "logsumexp"):
                m_new = cute.arch.fmax(a, o_a)
                b = b * cute.math.exp(a - m_new) + o_b * cute.math.exp(o_a - m_new)
                a = m_new
        if cutlass.const_expr(op == "mean"):
            a = a / cutlass.Float32(r)
        if cutlass.const_expr(op == "logsumexp"):
            a = a + cute.math.log(b)
        if cutlass.const_expr(op == "pnorm2"):
            a = cute.math.sqrt(a)
        if cutlass.const_expr(op == "pnorm"):
            a = cute.math.pow(a, cutlass.Float32(1.0) / p)
        if lane == 0:
            m_out[row] = a.to(m_out.element_type)


@cute.jit
def _kwb_reduce_host(m_x: cute.Tensor, m_out: cute.Tensor, n_rows: cutlass.Int64, r: cutlass.Int64,
                     inner: cutlass.Int64, p: cutlass.Float32, op: cutlass.Constexpr):
    _kwb_reduce_kernel(m_x, m_out, n_rows, r, inner, p, op).launch(
        grid=[(n_rows + ROW_WARPS - 1) // ROW_WARPS, 1, 1], block=[ROW_WARPS * 32, 1, 1])


def _kwb_reduce_rows(x, dims, op, keepdim, out_dtype, p=0.0):
    """The reduction launch of kwb_reduce and kwb_pnorm: op (a _kwb_reduce_kernel op) of floating x over dims
    (negative allowed; [] = all dims) in fp32, out of out_dtype; p: the pnorm op's exponent. NotImplementedError for
    integer or bool x and for a reduction over no elements."""
    if not x.is_floating_point():
        raise NotImplementedError("kwb_reduce: a %s of a %s tensor has no CuTe DSL stage yet" % (op, x.dtype))
    nd = x.dim()
    dims = [dims] if isinstance(dims, int) else list(dims if dims is not None else [])
    red = sorted({d % nd for d in dims}) if dims and nd else list(range(nd))
    full = [1 if d in red else s for d, s in enumerate(x.shape)]
    if not red:  # a 0-d x: the value itself, as a reduction over one element
        red, x, full = [0], x.reshape(1), [1]
    out = torch.empty(full, dtype=out_dtype, device=x.device)
    if out.numel() > 0:
        span, outer, r, inner, _ = _kwb_rows(x, red)
        if r == 0:
            raise NotImplementedError("kwb_reduce: a %s over no elements has no CuTe DSL stage yet" % op)
        n_rows = outer * inner
        tensors = [from_dlpack(span), from_dlpack(out.view(-1))]
        key = ("reduce", x.dtype, out.dtype, op)
        scalars = [n_rows, r, inner, float(p)]
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, dtypes, op)
            compiled = cute.compile(_kwb_reduce_host, *tensors, *scalars, op)
            _kwb_compiled[key] = compiled
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (n_rows + ROW_WARPS - 1) // ROW_WARPS)
    if nd == 0:
        return out.view(())
    return out if keepdim else out.view([s for d, s in enumerate(x.shape) if d not in red])


def kwb_reduce(x, dims, op, keepdim=False, pre=None, pre_tensors=(), pre_scalars=(), pre_dtype=None, epi=None,
               epi_tensors=(), epi_scalars=(), out_dtype=None, src=None, src_tensors=(), src_scalars=(),
               src_dtype=None):
    """The Triton stage's signature; epi (the pointwise run on the result, over its shape with epi_tensors broadcast
    to it) is one kwb_pointwise launch after the reduction here (not fused into its store yet, as pre is not into
    its loads), storing out_dtype (default the reduction's dtype). src (session 47): the source r = src(x, ...) is
    also an output, one kwb_pointwise launch storing it (src_dtype or x's dtype) before the reduction of r here (the
    Triton stage computes and stores it in the reduction's launch); returns (result, r) then."""
    if src is not None:
        r = kwb_pointwise(x, src, src_tensors, src_scalars, src_dtype or x.dtype)
        return kwb_reduce(r, dims, op, keepdim, pre, pre_tensors, pre_scalars, pre_dtype, epi, epi_tensors,
                          epi_scalars, out_dtype), r
    res = _kwb_reduce_plain(x, dims, op, keepdim, pre, pre_tensors, pre_scalars, pre_dtype)
    if epi is None:
        return res if out_dtype is None or res.dtype == out_dtype else kwb_pointwise(res, _kwb_epi_identity,
                                                                                    out_dtype=out_dtype)
    return kwb_pointwise(res, epi, epi_tensors, epi_scalars, out_dtype or res.dtype)


def _kwb_reduce_plain(x, dims, op, keepdim=False, pre=None, pre_tensors=(), pre_scalars=(), pre_dtype=None):
    """sum / mean / prod / amax / amin / logsumexp of floating x over dims (negative allowed; [] = all dims), in fp32,
    the result in x's dtype (pre_dtype's with a prologue). pre: the pointwise run before the reduction (over x's
    shape, reading pre_tensors and pre_scalars), one kwb_pointwise launch first (fp32 values; not fused into the
    loads yet). A sum or prod of a bool or integer x (or pre_dtype) is int64, as torch's and the Triton stage's: the
    sum of integers exact in Int64 (the rows' totals of _kwb_iscan, one thread a row; session 40); a count of a bool
    mask (or a prod), read as fp32 by a kwb_pointwise launch first and accumulated in fp32, exact up to 2**24
    elements a sum (more raises ValueError; session 38). Other ops of integer or bool x raise NotImplementedError."""
    if op not in ("sum", "mean", "prod", "amax", "amin", "logsumexp"):
        raise NotImplementedError("kwb_reduce: %s has no CuTe DSL stage yet" % op)
    out_dtype = pre_dtype or x.dtype
    if op == "sum" and not out_dtype.is_floating_point and out_dtype != torch.bool:
        # integer values (not a bool mask's count): int64 row totals of the Int64 scan (_kwb_iscan), exact at any
        # value where fp32 rounds above 2**24 (session 40: int64 ids near 2**33 summed in fp32)
        if pre is not None:  # the prologue as its own launch, in its integer dtype
            x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, out_dtype)
        if x.dim() == 0:
            x = x.unsqueeze(0)
        nd = x.dim()
        red = sorted({d % nd for d in ([dims] if isinstance(dims, int) else dims)}) if dims else list(range(nd))
        kept = [d for d in range(nd) if d not in red]
        n = 1
        for d in red:
            n *= x.shape[d]
        rows = 1
        for d in kept:
            rows *= x.shape[d]
        x2 = x.permute(kept + red).reshape(rows, n)
        tot = (torch.zeros if n == 0 else torch.empty)(x2.shape[0], dtype=torch.int64, device=x.device)
        if n:
            _kwb_iscan(x2, 1, torch.empty(x2.shape, dtype=torch.int64, device=x.device), False, tot)
        shape = [1 if d in red else x.shape[d] for d in range(nd)] if keepdim else [x.shape[d] for d in kept]
        return tot.view(shape)
    if pre is not None:
        x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, torch.float32)
    if not out_dtype.is_floating_point and op in ("sum", "prod"):  # a count: int64, fp32 accumulation
        nd = max(x.dim(), 1)
        red = sorted({d % nd for d in ([dims] if isinstance(dims, int) else dims)}) if dims else range(x.dim())
        n = 1
        for d in red:
            n *= x.shape[d] if x.dim() else 1
        if n > 2 ** 24:
            raise ValueError("kwb_reduce: an integer %s over %d elements (fp32 accumulation is exact up to 2**24)"
                             % (op, n))
        out_dtype = torch.int64
        if not x.is_floating_point():
            x = kwb_pointwise(x, _kwb_epi_identity, out_dtype=torch.float32)
    if x.dim() == 0 and x.is_floating_point():  # a 0-d x: the value itself
        return kwb_pointwise(x, _kwb_epi_identity, out_dtype=out_dtype)
    return _kwb_reduce_rows(x, dims, op, keepdim, out_dtype)


def kwb_pnorm(x, dims, p, keepdim=False, pre=None, pre_tensors=(), pre_scalars=(), pre_dtype=None, epi=None,
              epi_tensors=(), epi_scalars=(), out_dtype=None):
    """torch.norm / linalg.vector_norm of floating x over dims (session 34, cute34), the Triton stage's signature:
    (sum |x|^p)^(1/p) for a finite p > 0 (p 1 and 2 without pow), max |x| / min |x| for p = inf / -inf, the count of
    nonzeros (a NaN counts) for p = 0, one kwb_reduce launch in fp32, out in pre_dtype (with or without pre) or x's. pre:
    the pointwise run before it (a pairwise distance's x - y + eps), one kwb_pointwise launch first. epi (session 43,
    pnorm43): the pointwise run on the norm, one kwb_pointwise launch after it here (not fused into its store yet, as
    kwb_reduce's), storing out_dtype (default the norm's dtype). ValueError: a negative finite p (torch's own rule
    differs; the planner never emits one)."""
    if epi is not None or out_dtype is not None:
        res = kwb_pnorm(x, dims, p, keepdim, pre, pre_tensors, pre_scalars, pre_dtype)
        if epi is None:
            return res if res.dtype == out_dtype else kwb_pointwise(res, _kwb_epi_identity, out_dtype=out_dtype)
        return kwb_pointwise(res, epi, epi_tensors, epi_scalars, out_dtype or res.dtype)
    p = float(p)
    out_dtype = pre_dtype or x.dtype
    if pre is not None:
        x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, torch.float32)
    if p == float("inf") or p == float("-inf"):
        return _kwb_reduce_rows(x, dims, "absmax" if p > 0 else "absmin", keepdim, out_dtype)
    if p == 0:
        return _kwb_reduce_rows(x, dims, "nnz", keepdim, out_dtype)
    if p < 0:
        raise ValueError("kwb_pnorm: p = %r (a finite p > 0, 0 or +-inf)" % p)
    op = {1.0: "pnorm1", 2.0: "pnorm2"}.get(p, "pnorm")
    return _kwb_reduce_rows(x, dims, op, keepdim, out_dtype, p)


# ==== stage: kwb_rows
_kwb_rows_cute_ops = {"sum": "sum", "mean": "mean", "amax": "amax", "max": "amax", "amin": "amin", "min": "amin",
                      "logsumexp": "logsumexp", "var": "var", "std": "std"}


def kwb_rows(reds, post=None, post_src=0, post_tensors=(), post_scalars=(), post_dtype=None, apply=None, apply_src=0,
             apply_tensors=(), apply_scalars=(), apply_dtype=None):
    """The Triton stage's sibling reductions over the same rows (its signature and results): reds, up to three
    (x, dims, op, keepdim, pre, pre_tensors, pre_scalars, pre_dtype[, q]) in order, an int k among a later one's
    pre_tensors the k-th result (keepdim, read per row through its broadcast strides); op sum / mean / amax (max) /
    amin (min) / logsumexp through kwb_reduce, var / std with correction q (default 1) through kwb_var (its pre a
    kwb_pointwise launch first). post: the pointwise run on the post_src-th result (its tensors broadcast to it, an
    int k the k-th result), returned after the results, of post_dtype (default that result's). NOT fused here: one
    launch per reduction and one for post, in order (the Triton stage's own fallback path). apply: the pointwise run
    over the elements of the apply_src-th distinct x (in order of first use; its tensors broadcast to x, an int k the
    k-th result), a kwb_pointwise launch after them, its value (x's shape, apply_dtype or x's dtype) returned last (the
    Triton stage's kwb_rows_apply = False path). prod raises NotImplementedError (the plan check keeps it out)."""
    outs = []
    for r in reds:
        x, dims, op, _, pre, pre_tensors, pre_scalars, pre_dtype = r[:8]
        if op not in _kwb_rows_cute_ops:
            raise NotImplementedError("kwb_rows: a %s reduction has no CuTe DSL stage yet" % op)
        op = _kwb_rows_cute_ops[op]
        tens = tuple(outs[t] if isinstance(t, int) else t for t in pre_tensors)
        if op in ("var", "std"):
            if pre is not None:
                x = kwb_pointwise(x, pre, tens, pre_scalars, torch.float32)
            out = kwb_var(x, dims, r[8] if len(r) > 8 else 1.0, True, std=op == "std")
            outs.append(kwb_as_dtype(out, pre_dtype) if pre_dtype is not None else out)
        else:
            outs.append(kwb_reduce(x, dims, op, True, pre, tens, pre_scalars, pre_dtype))
    res = []
    for r, out in zip(reds, outs):
        rd = _kwb_var_dims(r[0], r[1])
        res.append(out if r[3] else out.view([s for d, s in enumerate(r[0].shape) if d not in rd]))
    if post is not None:
        x, keep = reds[post_src][0], reds[post_src][3]
        rd = _kwb_var_dims(x, reds[post_src][1])
        kept = [s for d, s in enumerate(x.shape) if d not in rd]
        tens = []
        for p in post_tensors:  # at the kept shape: a result as kept, an unkept tensor with the reduced dims as 1
            if isinstance(p, int):
                p = outs[p]
            elif not keep and p.dim() <= len(kept):
                p = p.expand(kept)
                for d in rd:
                    p = p.unsqueeze(d)
            tens.append(p)
        y = kwb_pointwise(outs[post_src], post, tuple(tens), post_scalars, post_dtype or outs[post_src].dtype)
        res.append(y if keep else y.view(kept))
    if apply is not None:
        srcs = []
        for r in reds:
            if not any(r[0] is s for s in srcs):
                srcs.append(r[0])
        res.append(kwb_pointwise(srcs[apply_src], apply, tuple(outs[t] if isinstance(t, int) else t
                                                               for t in apply_tensors),
                                 apply_scalars, apply_dtype or srcs[apply_src].dtype))
    return res


# ==== stage: kwb_reduce_multi
def kwb_reduce_multi(reds):
    """The Triton stage's sibling reductions (its signature and results): reds, up to three (x, dims, op, keepdim, pre,
    pre_tensors, pre_scalars, pre_dtype) as kwb_reduce takes them, every x of one shape and the same dims; op sum /
    mean / amax / amin / prod. NOT fused here: one kwb_reduce launch each, in order (the Triton stage's fallback path);
    the one-walk kernel is the Triton stage's alone for now. Returns the results, a list in order."""
    return [kwb_reduce(*r[:8]) for r in reds]


# ==== stage: kwb_var kwb_var_mean
@cute.kernel
def _kwb_var_kernel(m_x: cute.Tensor, m_out: cute.Tensor, m_mean: cute.Tensor, n_rows: cutlass.Int64,
                    r: cutlass.Int64, inner: cutlass.Int64, corr: cutlass.Float32, std: cutlass.Constexpr,
                    with_mean: cutlass.Constexpr):
    # one warp per row (o, i) of x viewed as [outer, r, inner]: the mean, then the sum of squares about it (two passes,
    # each merged by a butterfly), divided by max(r - correction, 0) as torch (0 / 0 is NaN); std: its square root
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    lane = tidx % 32
    row = cutlass.Int64(bidx) * ROW_WARPS + tidx // 32  # Int64: rows x row length may pass 2**31
    if row < n_rows:  # predication: whole warps (the shuffles stay converged)
        base = (row // inner) * r * inner + row % inner
        a = cutlass.Float32(0.0)
        for k in range(lane, r, 32):
            a = a + m_x[base + k * inner].to(cutlass.Float32)
        for s in cutlass.range_constexpr(5):
            a = a + cute.arch.shuffle_sync_bfly(a, offset=16 >> s)
        mean = a / cutlass.Float32(r)
        q = cutlass.Float32(0.0)
        for k in range(lane, r, 32):
            d = m_x[base + k * inner].to(cutlass.Float32) - mean
            q = q + d * d
        for s in cutlass.range_constexpr(5):
            q = q + cute.arch.shuffle_sync_bfly(q, offset=16 >> s)
        v = q / cute.arch.fmax(cutlass.Float32(r) - corr, cutlass.Float32(0.0))
        if cutlass.const_expr(std):
            v = cute.math.sqrt(v)
        if lane == 0:
            m_out[row] = v.to(m_out.element_type)
            if cutlass.const_expr(with_mean):
                m_mean[row] = mean.to(m_mean.element_type)


@cute.jit
def _kwb_var_host(m_x: cute.Tensor, m_out: cute.Tensor, m_mean: cute.Tensor, n_rows: cutlass.Int64,
                  r: cutlass.Int64, inner: cutlass.Int64, corr: cutlass.Float32, std: cutlass.Constexpr,
                  with_mean: cutlass.Constexpr):
    _kwb_var_kernel(m_x, m_out, m_mean, n_rows, r, inner, corr, std, with_mean).launch(
        grid=[(n_rows + ROW_WARPS - 1) // ROW_WARPS, 1, 1], block=[ROW_WARPS * 32, 1, 1])


def _kwb_var_dims(x, dims):
    """The reduced dims of x: sorted, non-negative; [] or None = every dim (aten's dim=[])."""
    nd = x.dim()
    dims = [dims] if isinstance(dims, int) else list(dims if dims is not None else [])
    return sorted({d % nd for d in dims}) if dims and nd else list(range(nd))


def _kwb_var_launch(x, dims, correction, keepdim, std, with_mean):
    """var (or std) and, with_mean, the mean of floating x over dims, each in x's dtype: keepdim's shape, or
    without the reduced dims."""
    if not x.is_floating_point():
        raise NotImplementedError("kwb_var: a variance of a %s tensor has no CuTe DSL stage" % x.dtype)
    red = _kwb_var_dims(x, dims)
    full = [1 if d in red else s for d, s in enumerate(x.shape)]
    kept = [s for d, s in enumerate(x.shape) if d not in red]
    out = torch.empty(full, dtype=x.dtype, device=x.device)
    mean = torch.empty(full, dtype=x.dtype, device=x.device) if with_mean else out
    xr = x if red else x.reshape(1)  # a 0-d x: its one element about itself
    if out.numel() > 0:
        span, outer, r, inner, _ = _kwb_rows(xr, red or [0])
        n_rows = outer * inner
        tensors = [from_dlpack(span), from_dlpack(out.view(-1)), from_dlpack(mean.view(-1))]
        key = ("var", x.dtype, bool(std), bool(with_mean))
        scalars = [n_rows, r, inner, float(correction)]
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, dtype, std, mean)
            compiled = cute.compile(_kwb_var_host, *tensors, *scalars, bool(std), bool(with_mean))
            _kwb_compiled[key] = compiled
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (n_rows + ROW_WARPS - 1) // ROW_WARPS)
    if not keepdim:
        out, mean = out.view(kept), mean.view(kept)
    return out, mean


def kwb_var(x, dims, correction, keepdim=False, std=False):
    """torch.var / torch.std of floating x over dims with Bessel's `correction` (1 = unbiased, 0 = biased), in fp32
    (two passes: the mean, then the squares about it), the result in x's dtype; the Triton stage's signature."""
    return _kwb_var_launch(x, dims, correction, keepdim, std, False)[0]


def kwb_var_mean(x, dims, correction, keepdim=False, std=False):
    """torch.var_mean / torch.std_mean of x over dims: (var or std, mean), each of kwb_var's shape; one launch."""
    return _kwb_var_launch(x, dims, correction, keepdim, std, True)


# ==== stage: kwb_softmax
@cute.kernel
def _kwb_softmax_kernel(m_x: cute.Tensor, m_out: cute.Tensor, n_rows: cutlass.Int64, r: cutlass.Int64,
                        inner: cutlass.Int64, log: cutlass.Constexpr):
    # one warp per row: online max and rescaled sum of exp per lane, a butterfly merge, a second pass writes
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    lane = tidx % 32
    row = cutlass.Int64(bidx) * ROW_WARPS + tidx // 32  # Int64: rows x row length may pass 2**31
    if row < n_rows:  # predication: whole warps (the shuffles stay converged)
        base = (row // inner) * r * inner + row % inner
        a = cutlass.Float32(NEG_BIG)
        b = cutlass.Float32(0.0)
        for k in range(lane, r, 32):
            v = m_x[base + k * inner].to(cutlass.Float32)
            m_new = cute.arch.fmax(a, v)
            b = b * cute.math.exp(a - m_new) + cute.math.exp(v - m_new)
            a = m_new
        for s in cutlass.range_constexpr(5):
            o_a = cute.arch.shuffle_sync_bfly(a, offset=16 >> s)
            o_b = cute.arch.shuffle_sync_bfly(b, offset=16 >> s)
            m_new = cute.arch.fmax(a, o_a)
            b = b * cute.math.exp(a - m_new) + o_b * cute.math.exp(o_a - m_new)
            a = m_new
        shift = a + cute.math.log(b)
        for k in range(lane, r, 32):
            v = m_x[base + k * inner].to(cutlass.Float32)
            y = v - shift
            if cutlass.const_expr(not log):
                y = cute.math.exp(y)
            m_out[base + k * inner] = y.to(m_out.element_type)


@cute.jit
def _kwb_softmax_host(m_x: cute.Tensor, m_out: cute.Tensor, n_rows: cutlass.Int64, r: cutlass.Int64,
                      inner: cutlass.Int64, log: cutlass.Constexpr):
    _kwb_softmax_kernel(m_x, m_out, n_rows, r, inner, log).launch(
        grid=[(n_rows + ROW_WARPS - 1) // ROW_WARPS, 1, 1], block=[ROW_WARPS * 32, 1, 1])


def kwb_softmax(x, dim, log=False, safe_rows=False, epi=None, epi_tensors=(), epi_scalars=(), pre=None,
                pre_scalars=(), out_dtype=None, pre_tensors=()):
    """softmax (log=True: log_softmax) of pre(x) along dim, max-subtracted, in fp32; the Triton stage's signature.
    pre / epi: the pointwise runs before / after, each one kwb_pointwise launch (not fused yet). out_dtype: the
    result's dtype (default x's). safe_rows (torch's _safe_softmax: an all -inf row gives 0) raises
    NotImplementedError (the plan check keeps it out)."""
    if safe_rows:
        raise NotImplementedError("kwb_softmax: _safe_softmax has no CuTe DSL stage yet")
    out_dtype = out_dtype or x.dtype
    if pre is not None:
        x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, torch.float32)
    shape0 = x.shape
    if x.dim() == 0:
        x = x.unsqueeze(0)
    d = dim % x.dim()
    y = torch.empty(x.shape, dtype=torch.float32 if epi is not None else out_dtype, device=x.device)
    if y.numel() > 0:
        span, outer, r, inner, _ = _kwb_rows(x, [d])
        n_rows = outer * inner
        tensors = [from_dlpack(span), from_dlpack(y.view(-1))]
        key = ("softmax", x.dtype, y.dtype, log)
        scalars = [n_rows, r, inner]
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, shapes, strides, dtypes, epilogue)
            compiled = cute.compile(_kwb_softmax_host, *tensors, *scalars, log)
            _kwb_compiled[key] = compiled
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (n_rows + ROW_WARPS - 1) // ROW_WARPS)
    if epi is not None:
        y = kwb_pointwise(y, epi, epi_tensors, epi_scalars, out_dtype)
    return y.view(shape0)


# ==== stage: kwb_group_norm kwb_layer_norm
@cute.kernel
def _kwb_group_norm_kernel(m_x: cute.Tensor, m_out: cute.Tensor, m_w: cute.Tensor, m_b: cute.Tensor,
                           n_rows: cutlass.Int64, r: cutlass.Int64, groups: cutlass.Int64, cpg: cutlass.Int64,
                           hw: cutlass.Int64, eps: cutlass.Float32, has_w: cutlass.Constexpr,
                           has_b: cutlass.Constexpr):
    # one warp per row of r contiguous elements: the mean, then the variance about it (two passes, each merged by a
    # butterfly), then a third pass normalizes with the affine's element (row % groups) * cpg + k // hw. Group norm:
    # a (sample, group) row of cpg channels x hw positions; layer norm: groups = 1, cpg = r, hw = 1 (element k)
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    lane = tidx % 32
    row = cutlass.Int64(bidx) * ROW_WARPS + tidx // 32  # Int64: rows x row length may pass 2**31
    if row < n_rows:  # predication: whole warps (the shuffles stay converged)
        base = row * r
        a = cutlass.Float32(0.0)
        for k in range(lane, r, 32):
            a = a + m_x[base + k].to(cutlass.Float32)
        for s in cutlass.range_constexpr(5):
            a = a + cute.arch.shuffle_sync_bfly(a, offset=16 >> s)
        mean = a / cutlass.Float32(r)
        q = cutlass.Float32(0.0)
        for k in range(lane, r, 32):
            d = m_x[base + k].to(cutlass.Float32) - mean
            q = q + d * d
        for s in cutlass.range_constexpr(5):
            q = q + cute.arch.shuffle_sync_bfly(q, offset=16 >> s)
        rstd = cute.math.rsqrt(q / cutlass.Float32(r) + eps)  # biased variance, as torch's group / layer norm
        for k in range(lane, r, 32):
            y = (m_x[base + k].to(cutlass.Float32) - mean) * rstd
            ch = (row % groups) * cpg + k // hw
            if cutlass.const_expr(has_w):
                y = y * m_w[ch].to(cutlass.Float32)
            if cutlass.const_expr(has_b):
                y = y + m_b[ch].to(cutlass.Float32)
            m_out[base + k] = y.to(m_out.element_type)


@cute.jit
def _kwb_group_norm_host(m_x: cute.Tensor, m_out: cute.Tensor, m_w: cute.Tensor, m_b: cute.Tensor,
                         n_rows: cutlass.Int64, r: cutlass.Int64, groups: cutlass.Int64, cpg: cutlass.Int64,
                         hw: cutlass.Int64, eps: cutlass.Float32, has_w: cutlass.Constexpr, has_b: cutlass.Constexpr):
    _kwb_group_norm_kernel(m_x, m_out, m_w, m_b, n_rows, r, groups, cpg, hw, eps, has_w, has_b).launch(
        grid=[(n_rows + ROW_WARPS - 1) // ROW_WARPS, 1, 1], block=[ROW_WARPS * 32, 1, 1])


def _kwb_row_norm(x, y, weight, bias, n_rows, r, groups, cpg, hw, eps):
    """The row-norm launch of group and layer norm: x's contiguous rows of r elements normalized into y (contiguous,
    x's shape); weight / bias flattened (or None), element (row % groups) * cpg + k // hw of a row's element k."""
    xc = x.contiguous()
    w = weight.contiguous().view(-1) if weight is not None else y.view(-1)  # never read without has_w
    b = bias.contiguous().view(-1) if bias is not None else y.view(-1)
    tensors = [from_dlpack(t) for t in (xc.view(-1), y.view(-1), w, b)]
    key = ("row_norm", x.dtype, y.dtype, w.dtype, b.dtype, weight is not None, bias is not None)
    scalars = [n_rows, r, groups, cpg, hw, float(eps)]
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes, affine)
        compiled = cute.compile(_kwb_group_norm_host, *tensors, *scalars, weight is not None, bias is not None)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (n_rows + ROW_WARPS - 1) // ROW_WARPS)


def kwb_group_norm(x, num_groups, weight, bias, eps, pre=None, pre_tensors=(), pre_scalars=(), epi=None,
                   epi_tensors=(), epi_scalars=(), out_dtype=None, reduce=None, keepdim=False, keep_layout=False):
    """epi(group_norm(pre(x))) of x [N, C, *] at any strides (a strided x is copied contiguous once); weight / bias
    per channel or None; the Triton stage's signature. keep_layout (the planner's hint where only convolutions read
    the result, which they read in place where it stays channels-last) is taken and ignored: the CuTe DSL
    convolution reads its x through its strides, so the contiguous result serves it as well. pre /
    epi: each one kwb_pointwise launch (not fused yet). The result is contiguous, of out_dtype (default x's).
    reduce (with keepdim): the reduction over dim 1 that follows (sum, mean, amax, amin, logsumexp), returned instead
    of the normalized tensor: here a kwb_reduce launch over the fp32 normalized tensor (the Triton stage fuses it into
    the apply's tiles), then the result in out_dtype."""
    if reduce is not None:  # the normalized tensor stays fp32; the reduction's result takes out_dtype
        y = kwb_group_norm(x, num_groups, weight, bias, eps, pre, pre_tensors, pre_scalars, epi, epi_tensors,
                           epi_scalars, torch.float32)
        return kwb_as_dtype(kwb_reduce(y, [1], reduce, keepdim), out_dtype or x.dtype)
    out_dtype = out_dtype or x.dtype
    if pre is not None:
        x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, torch.float32)
    n, c, g = x.shape[0], x.shape[1], int(num_groups)
    if c % g:
        raise ValueError("kwb_group_norm: %d channels in %d groups" % (c, g))
    y = torch.empty(x.shape, dtype=torch.float32 if epi is not None else out_dtype, device=x.device)
    if y.numel() > 0:
        hw = x.numel() // (n * c)
        cpg = c // g
        _kwb_row_norm(x, y, weight, bias, n * g, cpg * hw, g, cpg, hw, eps)
    if epi is not None:
        y = kwb_pointwise(y, epi, epi_tensors, epi_scalars, out_dtype)
    return y


def kwb_layer_norm(x, normalized_shape, weight, bias, eps, pre=None, pre_tensors=(), pre_scalars=(), epi=None,
                   epi_tensors=(), epi_scalars=(), out_dtype=None):
    """epi(layer_norm(pre(x))) over x's trailing len(normalized_shape) dims (the Triton stage's signature): group
    norm's row kernel with one group per row, weight / bias of normalized_shape (or None) read at the row's element.
    x at any strides (copied contiguous once when strided); pre / epi: each one kwb_pointwise launch (not fused yet).
    The result is contiguous, of out_dtype (default x's)."""
    out_dtype = out_dtype or x.dtype
    if pre is not None:
        x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, torch.float32)
    k = 1 if isinstance(normalized_shape, int) else len(normalized_shape)
    if k > x.dim():
        raise ValueError("kwb_layer_norm: %d normalized dims of a %d-d input" % (k, x.dim()))
    r = 1
    for s in x.shape[x.dim() - k:]:
        r *= s
    y = torch.empty(x.shape, dtype=torch.float32 if epi is not None else out_dtype, device=x.device)
    if y.numel() > 0:
        _kwb_row_norm(x, y, weight, bias, y.numel() // r, r, 1, r, 1, eps)
    if epi is not None:
        y = kwb_pointwise(y, epi, epi_tensors, epi_scalars, out_dtype)
    return y


# ==== stage: kwb_batch_norm
@cute.kernel
def _kwb_bn_stats_kernel(m_x: cute.Tensor, m_mean: cute.Tensor, m_var: cute.Tensor, m_rmean: cute.Tensor,
                         m_rvar: cute.Tensor, c: cutlass.Int64, hw: cutlass.Int64, count: cutlass.Int64,
                         sn: cutlass.Int64, sc: cutlass.Int64, shw: cutlass.Int64,  # x's [N, C, HW] strides
                         momentum: cutlass.Float32, unbias: cutlass.Float32, update: cutlass.Constexpr):
    # one warp per channel of x [N, C, HW] read through its strides (channels-last: sc 1, shw C): its N * HW
    # elements' mean, then the biased variance about it (two passes, each merged by a butterfly); lane 0 writes them
    # and, in training with running statistics, updates those in place (torch: the unbiased variance,
    # count / (count - 1))
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    lane = tidx % 32
    ch = cutlass.Int64(bidx) * ROW_WARPS + tidx // 32
    if ch < c:  # predication: whole warps (the shuffles stay converged)
        a = cutlass.Float32(0.0)
        for k in range(lane, count, 32):
            a = a + m_x[(k // hw) * sn + ch * sc + (k % hw) * shw].to(cutlass.Float32)
        for s in cutlass.range_constexpr(5):
            a = a + cute.arch.shuffle_sync_bfly(a, offset=16 >> s)
        mean = a / cutlass.Float32(count)
        q = cutlass.Float32(0.0)
        for k in range(lane, count, 32):
            d = m_x[(k // hw) * sn + ch * sc + (k % hw) * shw].to(cutlass.Float32) - mean
            q = q + d * d
        for s in cutlass.range_constexpr(5):
            q = q + cute.arch.shuffle_sync_bfly(q, offset=16 >> s)
        var = q / cutlass.Float32(count)
        if lane == 0:
            m_mean[ch] = mean
            m_var[ch] = var
            if cutlass.const_expr(update):
                rm = m_rmean[ch].to(cutlass.Float32)
                rv = m_rvar[ch].to(cutlass.Float32)
                m_rmean[ch] = (rm + momentum * (mean - rm)).to(m_rmean.element_type)
                m_rvar[ch] = (rv + momentum * (var * unbias - rv)).to(m_rvar.element_type)


@cute.jit
def _kwb_bn_stats_host(m_x: cute.Tensor, m_mean: cute.Tensor, m_var: cute.Tensor, m_rmean: cute.Tensor,
                       m_rvar: cute.Tensor, c: cutlass.Int64, hw: cutlass.Int64, count: cutlass.Int64,
                       sn: cutlass.Int64, sc: cutlass.Int64, shw: cutlass.Int64,
                       momentum: cutlass.Float32, unbias: cutlass.Float32, update: cutlass.Constexpr):
    _kwb_bn_stats_kernel(m_x, m_mean, m_var, m_rmean, m_rvar, c, hw, count, sn, sc, shw, momentum, unbias,
                         update).launch(
        grid=[(c + ROW_WARPS - 1) // ROW_WARPS, 1, 1], block=[ROW_WARPS * 32, 1, 1])


# the apply pass is kwb_pointwise with one of these epilogues: e0 mean, e1 var, e2 weight, e3 bias (per channel,
# broadcast by stride), f0 eps
@cute.jit
def _kwb_bn_apply_wb(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return (acc - e0_v) * cute.math.rsqrt(e1_v + f0) * e2_v + e3_v


@cute.jit
def _kwb_bn_apply_w(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return (acc - e0_v) * cute.math.rsqrt(e1_v + f0) * e2_v


@cute.jit
def _kwb_bn_apply_b(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return (acc - e0_v) * cute.math.rsqrt(e1_v + f0) + e3_v


@cute.jit
def _kwb_bn_apply(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return (acc - e0_v) * cute.math.rsqrt(e1_v + f0)


def kwb_batch_norm(x, weight, bias, running_mean, running_var, training, momentum, eps, epi=None, epi_tensors=(),
                   epi_scalars=(), stats=None, keep_layout=False):
    """epi(batch_norm(x)) of x [N, C, *] at any strides (instance norm: a [1, N*C, L] view); the Triton stage's
    signature without its fused reduce (the plan check keeps that out). stats: None only (this stage set's
    conv_forward returns None for a convolution's tile statistics; anything else raises NotImplementedError).
    training, or no running statistics: batch statistics (biased variance, one warp per channel, x read through its
    strides) and, with running statistics in training, their in-place update (unbiased variance); eval: the running
    ones. weight / bias: [C], or a [G, C/G] view (reshaped), or None. The apply pass is a kwb_pointwise launch with
    the statistics and the affine broadcast per channel; epi another one. The result is contiguous, or with
    keep_layout and a channels-last x (channels innermost: stride 1 on dim 1, more than one position), channels-last
    as the Triton stage's: both launches then run over x's [N, *spatial, C] permuted view, which is contiguous."""
    if stats is not None:  # the CuTe DSL conv_forward(..., stats=True) gives None: the statistics are computed here
        raise NotImplementedError("kwb_batch_norm: statistics from a convolution's tiles have no CuTe DSL stage")
    n, c = x.shape[0], x.shape[1]
    y_dtype = torch.float32 if epi is not None else x.dtype
    if x.numel() == 0:
        return torch.empty(x.shape, dtype=y_dtype, device=x.device)
    hw = x.numel() // (n * c)
    if training or running_mean is None:
        xv = x.reshape(n, c, hw)  # a view where x's spatial dims merge (contiguous or channels-last), else a copy
        mean = torch.empty(c, dtype=torch.float32, device=x.device)
        var = torch.empty(c, dtype=torch.float32, device=x.device)
        update = bool(training) and running_mean is not None
        rm = running_mean if update else mean
        rv = running_var if update else var
        count = n * hw
        x_span, x_st = _kwb_span(xv)
        tensors = [from_dlpack(t) for t in (x_span, mean, var, rm, rv)]
        scalars = [c, hw, count, *x_st, float(momentum if momentum is not None else 0.1),
                   count / (count - 1) if count > 1 else float("inf")]
        key = ("batch_norm", x.dtype, rm.dtype, update)
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, dtypes, update)
            compiled = cute.compile(_kwb_bn_stats_host, *tensors, *scalars, update)
            _kwb_compiled[key] = compiled
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (c + ROW_WARPS - 1) // ROW_WARPS)
    else:
        mean, var = running_mean, running_var
    # keep_layout with channels innermost: the launches walk x's [N, *spatial, C] view (contiguous for channels-last
    # x, so the pointwise stores in that order) and the result is permuted back: a channels-last [N, C, *] tensor
    cl = keep_layout and x.dim() >= 3 and hw > 1 and c > 1 and x.stride(1) == 1
    perm = [0] + list(range(2, x.dim())) + [1] if cl else list(range(x.dim()))
    back = [perm.index(d) for d in range(x.dim())]
    xp = x.permute(perm)
    per_ch = [1] * (x.dim() - 1) + [c] if cl else [1, c] + [1] * (x.dim() - 2)  # a per-channel vector (stride 0)
    w = weight.reshape(-1).view(per_ch) if weight is not None else None
    b = bias.reshape(-1).view(per_ch) if bias is not None else None
    apply = (_kwb_bn_apply_wb if w is not None and b is not None else _kwb_bn_apply_w if w is not None else
             _kwb_bn_apply_b if b is not None else _kwb_bn_apply)
    pad = mean.view(per_ch)  # an unused slot (never read by that epilogue)
    y = kwb_pointwise(xp, apply, (mean.view(per_ch), var.view(per_ch), w if w is not None else pad,
                                  b if b is not None else pad), (float(eps),), y_dtype)
    if epi is not None:
        y = kwb_pointwise(y, epi, [e.expand(x.shape).permute(perm) for e in epi_tensors], epi_scalars, x.dtype)
    return y.permute(back)


# ==== stage: kwb_rnn
# Recurrent layers (nn.RNN / nn.GRU / nn.LSTM), the Triton stage's kwb_rnn signature (session 33). Per layer and
# direction: one kwb_gemm computes x_t @ W_ih^T + b_ih for every timestep at once (fp32), then ONE launch runs the
# whole time loop: one CTA per batch row, its threads striding the hidden units; at step t each unit's gates are
# h_{t-1} @ W_hh[g]^T + b_hh[g] (a serial fp32 loop over W_hh's row, read through its strides) and the gate pointwise
# in fp32; h_t goes to the layer's fp32 output sequence, then (after a CTA barrier, once every thread has read
# h_{t-1}) to the row's h_n, where the next step reads it; a second barrier ends the step. c (LSTM) stays in c_n, each
# unit's own. No shared memory, no tensor cores: correctness first (W_hh is read from global memory every step).
RNN_THREADS = 128  # threads of a recurrence CTA at most (fewer, in whole warps, for a small hidden size)
_kwb_rnn_modes = {"RNN_TANH": (0, 1), "RNN_RELU": (1, 1), "GRU": (2, 3), "LSTM": (3, 4)}  # (mode, gates)


@cute.jit
def _kwb_rnn_sig(v):
    return cutlass.Float32(1.0) / (cutlass.Float32(1.0) + cute.math.exp(-v))


@cute.kernel
def _kwb_rnn_kernel(m_gx: cute.Tensor, m_w: cute.Tensor, m_bh: cute.Tensor, m_h0: cute.Tensor, m_c0: cute.Tensor,
                    m_out: cute.Tensor, m_hn: cute.Tensor, m_cn: cute.Tensor, t_len: cutlass.Int64, h: cutlass.Int64,
                    rev: cutlass.Int64,  # 1: the reverse direction (t from T - 1 down to 0)
                    gt: cutlass.Int64, gb: cutlass.Int64, gu: cutlass.Int64,  # x projections' (t, batch, unit) strides
                    wr: cutlass.Int64, wk: cutlass.Int64,  # W_hh's (row, k) strides
                    h0b: cutlass.Int64, h0k: cutlass.Int64, c0b: cutlass.Int64, c0k: cutlass.Int64,
                    ot: cutlass.Int64, ob: cutlass.Int64, oc: cutlass.Int64,  # out's (t, batch) strides, first column
                    mode: cutlass.Constexpr, gates: cutlass.Constexpr, has_bias: cutlass.Constexpr,
                    threads: cutlass.Constexpr):
    # gates in torch's order (GRU r, z, n; LSTM i, f, g, o); h_n / c_n: this direction's fp32 [B, H], contiguous
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    b = cutlass.Int64(bidx)
    for j in range(tidx, h, threads):  # the initial state, this thread's units
        m_hn[b * h + j] = m_h0[b * h0b + j * h0k].to(cutlass.Float32)
        if cutlass.const_expr(mode == 3):
            m_cn[b * h + j] = m_c0[b * c0b + j * c0k].to(cutlass.Float32)
    cute.arch.sync_threads()
    for s in range(0, t_len, 1):
        t = s + rev * (t_len - 1 - 2 * s)
        for j in range(tidx, h, threads):
            a0 = cutlass.Float32(0.0)
            a1 = cutlass.Float32(0.0)
            a2 = cutlass.Float32(0.0)
            a3 = cutlass.Float32(0.0)
            for k in range(0, h, 1):
                hk = m_hn[b * h + k]
                a0 = a0 + hk * m_w[j * wr + k * wk].to(cutlass.Float32)
                if cutlass.const_expr(gates > 1):
                    a1 = a1 + hk * m_w[(h + j) * wr + k * wk].to(cutlass.Float32)
                    a2 = a2 + hk * m_w[(2 * h + j) * wr + k * wk].to(cutlass.Float32)
                if cutlass.const_expr(gates > 3):
                    a3 = a3 + hk * m_w[(3 * h + j) * wr + k * wk].to(cutlass.Float32)
            if cutlass.const_expr(has_bias):
                a0 = a0 + m_bh[j].to(cutlass.Float32)
                if cutlass.const_expr(gates > 1):
                    a1 = a1 + m_bh[h + j].to(cutlass.Float32)
                    a2 = a2 + m_bh[2 * h + j].to(cutlass.Float32)
                if cutlass.const_expr(gates > 3):
                    a3 = a3 + m_bh[3 * h + j].to(cutlass.Float32)
            g0 = t * gt + b * gb + j * gu
            x0 = m_gx[g0].to(cutlass.Float32)
            hnew = x0 + a0
            if cutlass.const_expr(mode == 0):
                hnew = cute.math.tanh(x0 + a0)
            if cutlass.const_expr(mode == 1):
                hnew = cute.arch.fmax(x0 + a0, cutlass.Float32(0.0))
            if cutlass.const_expr(mode == 2):
                r = _kwb_rnn_sig(x0 + a0)
                z = _kwb_rnn_sig(m_gx[g0 + h * gu].to(cutlass.Float32) + a1)
                n = cute.math.tanh(m_gx[g0 + 2 * h * gu].to(cutlass.Float32) + r * a2)
                hnew = (cutlass.Float32(1.0) - z) * n + z * m_hn[b * h + j]
            if cutlass.const_expr(mode == 3):
                cnew = _kwb_rnn_sig(m_gx[g0 + h * gu].to(cutlass.Float32) + a1) * m_cn[b * h + j] + \
                    _kwb_rnn_sig(x0 + a0) * cute.math.tanh(m_gx[g0 + 2 * h * gu].to(cutlass.Float32) + a2)
                m_cn[b * h + j] = cnew
                hnew = _kwb_rnn_sig(m_gx[g0 + 3 * h * gu].to(cutlass.Float32) + a3) * cute.math.tanh(cnew)
            m_out[t * ot + b * ob + oc + j] = hnew
        cute.arch.sync_threads()  # every thread has read h_{t-1}: h_t may replace it
        for j in range(tidx, h, threads):
            m_hn[b * h + j] = m_out[t * ot + b * ob + oc + j]
        cute.arch.sync_threads()


@cute.jit
def _kwb_rnn_host(m_gx: cute.Tensor, m_w: cute.Tensor, m_bh: cute.Tensor, m_h0: cute.Tensor, m_c0: cute.Tensor,
                  m_out: cute.Tensor, m_hn: cute.Tensor, m_cn: cute.Tensor, t_len: cutlass.Int64, h: cutlass.Int64,
                  rev: cutlass.Int64, batch: cutlass.Int64, gt: cutlass.Int64, gb: cutlass.Int64, gu: cutlass.Int64,
                  wr: cutlass.Int64, wk: cutlass.Int64, h0b: cutlass.Int64, h0k: cutlass.Int64, c0b: cutlass.Int64,
                  c0k: cutlass.Int64, ot: cutlass.Int64, ob: cutlass.Int64, oc: cutlass.Int64,
                  mode: cutlass.Constexpr, gates: cutlass.Constexpr, has_bias: cutlass.Constexpr,
                  threads: cutlass.Constexpr):
    _kwb_rnn_kernel(m_gx, m_w, m_bh, m_h0, m_c0, m_out, m_hn, m_cn, t_len, h, rev, gt, gb, gu, wr, wk, h0b, h0k, c0b,
                    c0k, ot, ob, oc, mode, gates, has_bias, threads).launch(grid=[batch, 1, 1],
                                                                            block=[threads, 1, 1])


def kwb_rnn(x, hx, cx, weights, mode, num_layers, bias, batch_first, bidirectional, dropout=0.0, training=False):
    """torch.nn.RNN / GRU / LSTM forward, the Triton stage's signature: returns (output, h_n, c_n) (c_n None except
    for LSTM), all three fp32 (the recurrence runs in fp32; the chain's kwb_as_dtype gives the result its dtype).
    x [T, B, I] ([B, T, I] batch_first) at any strides; hx, cx [L*D, B, H] or None (zeros); weights in the module's
    _flat_weights_names order (w_ih, w_hh[, b_ih, b_hh] per layer and direction, _reverse after forward). Launches
    per layer and direction: one kwb_gemm (x's projections for every timestep), one recurrence (the time loop in the
    kernel, one CTA per batch row). dropout between layers in training mode raises NotImplementedError, as the Triton
    stage does (no deterministic reference)."""
    if training and dropout > 0 and num_layers > 1:
        raise NotImplementedError("kernel.py: dropout between recurrent layers in training mode has no deterministic "
                                  "reference; this kernel is the eval-mode model")
    mode_id, gates = _kwb_rnn_modes[mode]
    nd = 2 if bidirectional else 1
    per = 4 if bias else 2
    h = weights[1].shape[1]
    seq = x.transpose(0, 1) if batch_first else x  # [T, B, I] view
    t_len, batch = seq.shape[0], seq.shape[1]
    f32 = torch.float32
    h_n = torch.empty((num_layers * nd, batch, h), dtype=f32, device=x.device)
    c_n = torch.empty((num_layers * nd, batch, h), dtype=f32, device=x.device) if mode_id == 3 else h_n
    zeros = torch.zeros((batch, h), dtype=f32, device=x.device)
    threads = min(RNN_THREADS, 32 * ((h + 31) // 32))
    inp = x
    out = x
    for layer in range(num_layers):
        out = torch.empty((batch, t_len, nd * h) if batch_first else (t_len, batch, nd * h), dtype=f32,
                          device=x.device)
        outs = out.transpose(0, 1) if batch_first else out  # [T, B, D*H] view
        for d in range(nd):
            ws = weights[(layer * nd + d) * per:(layer * nd + d + 1) * per]
            s = layer * nd + d
            hp = hx.select(0, s) if hx is not None else zeros
            cp = (cx.select(0, s) if cx is not None else zeros) if mode_id == 3 else hp
            if out.numel() == 0:
                continue
            gx = kwb_gemm(inp, ws[0], ws[2] if bias else None, out_dtype=f32)  # every timestep at once: [.., G*H]
            gxs = gx.transpose(0, 1) if batch_first else gx  # [T, B, G*H] view
            gx_span, gx_st = _kwb_span(gxs)
            w_span, w_st = _kwb_span(ws[1])
            h0_span, h0_st = _kwb_span(hp)
            c0_span, c0_st = _kwb_span(cp)
            hn, cn = h_n.select(0, s), c_n.select(0, s)  # contiguous [B, H]
            bh = ws[3].contiguous() if bias else hn.view(-1)  # no bias: an unused slot
            tensors = [from_dlpack(t) for t in (gx_span, w_span, bh, h0_span, c0_span, out.view(-1), hn.view(-1),
                                                cn.view(-1))]
            scalars = [t_len, h, d, batch, *gx_st, *w_st, *h0_st, *c0_st, outs.stride(0), outs.stride(1), d * h]
            key = ("rnn", mode_id, bool(bias), ws[1].dtype, bh.dtype, hp.dtype, cp.dtype, threads)
            compiled = _kwb_compiled.get(key)
            if compiled is None:  # compile once per (stage, mode, bias, dtypes, threads)
                compiled = cute.compile(_kwb_rnn_host, *tensors, *scalars, mode_id, gates, bool(bias), threads)
                _kwb_compiled[key] = compiled
            compiled(*tensors, *scalars)
            kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], batch)
        inp = out
    return out, h_n, (c_n if mode_id == 3 else None)


# ==== stage: kwb_pool kwb_adaptive_pool
@cute.kernel
def _kwb_pool_kernel(m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, c: cutlass.Int64,
                     od: cutlass.Int64, oh: cutlass.Int64, ow: cutlass.Int64,  # output sizes (3-D, 1 where padded)
                     id_: cutlass.Int64, ih: cutlass.Int64, iw: cutlass.Int64,  # input sizes
                     sn: cutlass.Int64, sc: cutlass.Int64, sd: cutlass.Int64, sh: cutlass.Int64, sw: cutlass.Int64,
                     kd: cutlass.Int64, kh: cutlass.Int64, kw: cutlass.Int64,  # window
                     td: cutlass.Int64, th: cutlass.Int64, tw: cutlass.Int64,  # stride
                     pd: cutlass.Int64, ph: cutlass.Int64, pw: cutlass.Int64,  # padding
                     dd: cutlass.Int64, dh: cutlass.Int64, dw: cutlass.Int64,  # dilation (max only)
                     divisor: cutlass.Float32, is_max: cutlass.Constexpr, count_pad: cutlass.Constexpr,
                     has_div: cutlass.Constexpr, adaptive: cutlass.Constexpr):
    # one thread per output element of [N * C, OD, OH, OW]: its window's taps read through x's strides, the
    # out-of-range ones skipped; max propagates NaN as torch; avg divides by divisor_override, the window clipped to
    # input + padding (count_include_pad) or the taps inside the input; adaptive: floor(o I / O) .. ceil((o+1) I / O)
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if i < total:  # predication: the last CTA may hold fewer outputs
        o_w = i % ow
        q = i // ow
        o_h = q % oh
        q = q // oh
        o_d = q % od
        nc = q // od
        base = (nc // c) * sn + (nc % c) * sc
        d0 = o_d * td - pd  # each dim's first tap, tap count and tap step
        h0 = o_h * th - ph
        w0 = o_w * tw - pw
        nd_ = kd
        nh = kh
        nw = kw
        if cutlass.const_expr(adaptive):
            d0 = (o_d * id_) // od
            h0 = (o_h * ih) // oh
            w0 = (o_w * iw) // ow
            nd_ = ((o_d + 1) * id_ + od - 1) // od - d0
            nh = ((o_h + 1) * ih + oh - 1) // oh - h0
            nw = ((o_w + 1) * iw + ow - 1) // ow - w0
        acc = cutlass.Float32(0.0)
        if cutlass.const_expr(is_max):
            acc = cutlass.Float32(float("-inf"))
        cnt = cutlass.Float32(0.0)
        for a in range(0, nd_, 1):
            zd = d0 + a * dd
            for b in range(0, nh, 1):
                zh = h0 + b * dh
                for e in range(0, nw, 1):
                    zw = w0 + e * dw
                    if (zd >= 0) & (zd < id_) & (zh >= 0) & (zh < ih) & (zw >= 0) & (zw < iw):
                        v = m_x[base + zd * sd + zh * sh + zw * sw].to(cutlass.Float32)
                        if cutlass.const_expr(is_max):
                            acc = cute.arch.fmax(acc, v, nan=True)
                        else:
                            acc = acc + v
                        cnt = cnt + cutlass.Float32(1.0)
        if cutlass.const_expr(not is_max):
            div = cnt  # the taps inside the input (count_include_pad=False; adaptive windows lie inside)
            if cutlass.const_expr(count_pad and not adaptive and not has_div):
                # torch: the window clipped to the padded input, before clipping to the input
                div = cutlass.Float32((cutlass.min(d0 + kd, id_ + pd) - d0) * (cutlass.min(h0 + kh, ih + ph) - h0) *
                                      (cutlass.min(w0 + kw, iw + pw) - w0))
            if cutlass.const_expr(has_div):
                div = divisor
            acc = acc / div
        m_y[i] = acc.to(m_y.element_type)


@cute.jit
def _kwb_pool_host(m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, c: cutlass.Int64,
                   od: cutlass.Int64, oh: cutlass.Int64, ow: cutlass.Int64,
                   id_: cutlass.Int64, ih: cutlass.Int64, iw: cutlass.Int64,
                   sn: cutlass.Int64, sc: cutlass.Int64, sd: cutlass.Int64, sh: cutlass.Int64, sw: cutlass.Int64,
                   kd: cutlass.Int64, kh: cutlass.Int64, kw: cutlass.Int64,
                   td: cutlass.Int64, th: cutlass.Int64, tw: cutlass.Int64,
                   pd: cutlass.Int64, ph: cutlass.Int64, pw: cutlass.Int64,
                   dd: cutlass.Int64, dh: cutlass.Int64, dw: cutlass.Int64,
                   divisor: cutlass.Float32, is_max: cutlass.Constexpr, count_pad: cutlass.Constexpr,
                   has_div: cutlass.Constexpr, adaptive: cutlass.Constexpr):
    _kwb_pool_kernel(m_x, m_y, total, c, od, oh, ow, id_, ih, iw, sn, sc, sd, sh, sw, kd, kh, kw, td, th, tw, pd, ph,
                     pw, dd, dh, dw, divisor, is_max, count_pad, has_div, adaptive).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def _kwb_pool_out(i, k, s, p, d, ceil):
    """PyTorch's pooling_output_shape: with ceil_mode the last window must start inside input or left pad."""
    o = (i + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil else 0)) // s + 1
    if ceil and (o - 1) * s >= i + p:
        o -= 1
    return o


def kwb_pool(x, kind, kernel_size, stride, padding, dilation, ceil_mode, count_include_pad=True,
             divisor_override=None, keep_layout=False, output_size=None):
    """max / avg pooling, 1-D to 3-D, of x [N, C, *spatial] or unbatched [C, *spatial] at any strides (read through
    them); values only; the Triton stage's signature. The result is contiguous (keep_layout, a layout hint, is not
    taken). output_size: adaptive pooling to that size (kwb_adaptive_pool; the window arguments are then ignored)."""
    nsp = len(kernel_size) if isinstance(kernel_size, (list, tuple)) else x.dim() - 2
    if x.dim() == nsp + 1:
        return kwb_pool(x.unsqueeze(0), kind, kernel_size, stride, padding, dilation, ceil_mode,
                        count_include_pad, divisor_override, output_size=output_size).squeeze(0)
    if kind not in ("max", "avg") or not 1 <= nsp <= 3 or x.dim() != nsp + 2:
        raise ValueError("kwb_pool: %s pooling over %d dims of a %d-d input" % (kind, nsp, x.dim()))

    def tup(v):
        v = list(v) if isinstance(v, (list, tuple)) else [v]
        return [int(e) for e in (v * nsp if len(v) == 1 else v)]

    adaptive = output_size is not None
    if adaptive:
        outs = list(output_size) if isinstance(output_size, (list, tuple)) else [output_size] * nsp
        osp = [int(x.shape[2 + i]) if o is None else int(o) for i, o in enumerate(outs)]
        if len(osp) != nsp or min(osp) < 1 or min(x.shape[2:]) < 1:
            raise ValueError("kwb_adaptive_pool: output size %s of input %s" % (osp, tuple(x.shape)))
        k, s, p, d = [1] * nsp, [1] * nsp, [0] * nsp, [1] * nsp
    else:
        k = tup(kernel_size)
        s = tup(stride if stride is not None and not (isinstance(stride, (list, tuple)) and not stride)
                else kernel_size)
        p, d = tup(padding), tup(dilation if kind == "max" else 1)
        osp = [_kwb_pool_out(x.shape[2 + i], k[i], s[i], p[i], d[i], ceil_mode) for i in range(nsp)]
    y = torch.empty(list(x.shape[:2]) + osp, dtype=x.dtype, device=x.device)
    if y.numel() == 0:
        return y
    pad = 3 - nsp  # leading spatial dims of size 1: every pooling is a 3-D one
    span, st = _kwb_span(x)
    sx = [st[0], st[1]] + [0] * pad + st[2:]
    i3, o3 = [1] * pad + list(x.shape[2:]), [1] * pad + osp
    k3, s3, p3, d3 = [1] * pad + k, [1] * pad + s, [0] * pad + p, [1] * pad + d
    total = y.numel()
    tensors = [from_dlpack(span), from_dlpack(y.view(-1))]
    flags = (kind == "max", bool(count_include_pad), bool(divisor_override), adaptive)
    scalars = [total, x.shape[1], *o3, *i3, *sx, *k3, *s3, *p3, *d3, float(divisor_override or 0)]
    key = ("pool", x.dtype, flags)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtype, kind and flags)
        compiled = cute.compile(_kwb_pool_host, *tensors, *scalars, *flags)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return y


def kwb_adaptive_pool(x, kind, output_size, keep_layout=False):
    """F.adaptive_max_pool{1,2,3}d / adaptive_avg_pool{1,2,3}d (values only), x [N, C, *spatial] or unbatched
    [C, *spatial], output_size one int per spatial dim (None: that dim's input size): kwb_pool's kernel with each
    output's window from floor(o I / O) to ceil((o + 1) I / O), its tap count the avg divisor."""
    nsp = len(output_size) if isinstance(output_size, (list, tuple)) else x.dim() - 2
    return kwb_pool(x, kind, [1] * nsp, [1] * nsp, [0] * nsp, [1] * nsp, False, output_size=output_size)


# ==== stage: conv_forward
# a convolution of the plan (CONV0, CONV1, ... below the stage set): 1-D to 3-D, standard or transposed, as the Triton
# convolution template's ConvSpec names it (pad_hi: a zero pad folded in, the high side; padding is then the low one)
ConvSpec = __import__("collections").namedtuple(
    "ConvSpec", "spatial stride padding dilation output_padding groups transposed pad_hi", defaults=(None,))


@cute.kernel
def _kwb_conv_kernel(m_x: cute.Tensor, m_w: cute.Tensor, m_bias: cute.Tensor, m_y: cute.Tensor, m_e0: cute.Tensor,
                     m_e1: cute.Tensor, m_e2: cute.Tensor, m_e3: cute.Tensor, total: cutlass.Int64,
                     cout: cutlass.Int64, od: cutlass.Int64, oh: cutlass.Int64, ow: cutlass.Int64,
                     id_: cutlass.Int64, ih: cutlass.Int64, iw: cutlass.Int64,
                     xn: cutlass.Int64, xc: cutlass.Int64, xd: cutlass.Int64, xh: cutlass.Int64, xw: cutlass.Int64,
                     w0: cutlass.Int64, w1: cutlass.Int64, wd: cutlass.Int64, wh: cutlass.Int64, ww: cutlass.Int64,
                     kd: cutlass.Int64, kh: cutlass.Int64, kw: cutlass.Int64,
                     td: cutlass.Int64, th: cutlass.Int64, tw: cutlass.Int64,  # stride
                     pd: cutlass.Int64, ph: cutlass.Int64, pw: cutlass.Int64,  # padding
                     dd: cutlass.Int64, dh: cutlass.Int64, dw: cutlass.Int64,  # dilation
                     cig: cutlass.Int64, cog: cutlass.Int64,  # channels per group, in and out
                     y0: cutlass.Int64, y1: cutlass.Int64, y2: cutlass.Int64, y3: cutlass.Int64, y4: cutlass.Int64,
                     s00: cutlass.Int64, s01: cutlass.Int64, s02: cutlass.Int64, s03: cutlass.Int64, s04: cutlass.Int64,
                     s10: cutlass.Int64, s11: cutlass.Int64, s12: cutlass.Int64, s13: cutlass.Int64, s14: cutlass.Int64,
                     s20: cutlass.Int64, s21: cutlass.Int64, s22: cutlass.Int64, s23: cutlass.Int64, s24: cutlass.Int64,
                     s30: cutlass.Int64, s31: cutlass.Int64, s32: cutlass.Int64, s33: cutlass.Int64, s34: cutlass.Int64,
                     f0: cutlass.Float32, f1: cutlass.Float32, f2: cutlass.Float32, f3: cutlass.Float32,
                     has_bias: cutlass.Constexpr, transposed: cutlass.Constexpr, n_epi: cutlass.Constexpr,
                     epi: cutlass.Constexpr):
    # direct convolution, one thread per output element of [N, Cout, OD, OH, OW] (1-D and 2-D as 3-D with size-1
    # leading dims): a serial fp32 loop over its group's input channels and the kernel taps, x and the weight read
    # through their strides. Standard: input position o * stride - padding + k * dilation; transposed (weight
    # [Cin, Cout / groups, *k]): the taps where (o + padding - k * dilation) is a multiple of the stride, i = that /
    # stride. Then bias, the epilogue on the fp32 value (its tensors read through their broadcast strides), one store
    # through y's strides (a cat's channel slice).
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 outputs or more
    if i < total:  # predication: the last CTA may hold fewer outputs
        o_w = i % ow
        q = i // ow
        o_h = q % oh
        q = q // oh
        o_d = q % od
        q = q // od
        co = q % cout
        n = q // cout
        g = co // cog
        acc = cutlass.Float32(0.0)
        for ci in range(0, cig, 1):
            c_in = g * cig + ci
            xb = n * xn + c_in * xc
            wb = co * w0 + ci * w1
            if cutlass.const_expr(transposed):
                wb = c_in * w0 + (co % cog) * w1
            for a in range(0, kd, 1):
                for b in range(0, kh, 1):
                    for e in range(0, kw, 1):
                        zd = o_d * td - pd + a * dd
                        zh = o_h * th - ph + b * dh
                        zw = o_w * tw - pw + e * dw
                        ok = (zd >= 0) & (zd < id_) & (zh >= 0) & (zh < ih) & (zw >= 0) & (zw < iw)
                        if cutlass.const_expr(transposed):
                            zd = o_d + pd - a * dd
                            zh = o_h + ph - b * dh
                            zw = o_w + pw - e * dw
                            ok = ((zd >= 0) & (zd % td == 0) & (zd // td < id_) & (zh >= 0) & (zh % th == 0) &
                                  (zh // th < ih) & (zw >= 0) & (zw % tw == 0) & (zw // tw < iw))
                            zd = zd // td
                            zh = zh // th
                            zw = zw // tw
                        if ok:
                            acc = acc + m_x[xb + zd * xd + zh * xh + zw * xw].to(cutlass.Float32) * \
                                m_w[wb + a * wd + b * wh + e * ww].to(cutlass.Float32)
        if cutlass.const_expr(has_bias):
            acc = acc + m_bias[co].to(cutlass.Float32)
        acc_v = _kwb_ssa(acc)
        e0_v = acc_v  # slots from n_epi on are never read by the epilogue
        e1_v = acc_v
        e2_v = acc_v
        e3_v = acc_v
        if cutlass.const_expr(n_epi > 0):
            e0_v = _kwb_ssa(m_e0[n * s00 + co * s01 + o_d * s02 + o_h * s03 + o_w * s04].to(cutlass.Float32))
        if cutlass.const_expr(n_epi > 1):
            e1_v = _kwb_ssa(m_e1[n * s10 + co * s11 + o_d * s12 + o_h * s13 + o_w * s14].to(cutlass.Float32))
        if cutlass.const_expr(n_epi > 2):
            e2_v = _kwb_ssa(m_e2[n * s20 + co * s21 + o_d * s22 + o_h * s23 + o_w * s24].to(cutlass.Float32))
        if cutlass.const_expr(n_epi > 3):
            e3_v = _kwb_ssa(m_e3[n * s30 + co * s31 + o_d * s32 + o_h * s33 + o_w * s34].to(cutlass.Float32))
        r_y = cute.make_rmem_tensor((1,), cutlass.Float32)
        r_y.store(epi(acc_v, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3).to(cutlass.Float32))
        m_y[n * y0 + co * y1 + o_d * y2 + o_h * y3 + o_w * y4] = r_y[0].to(m_y.element_type)


@cute.jit
def _kwb_conv_host(m_x: cute.Tensor, m_w: cute.Tensor, m_bias: cute.Tensor, m_y: cute.Tensor, m_e0: cute.Tensor,
                   m_e1: cute.Tensor, m_e2: cute.Tensor, m_e3: cute.Tensor, total: cutlass.Int64,
                   cout: cutlass.Int64, od: cutlass.Int64, oh: cutlass.Int64, ow: cutlass.Int64,
                   id_: cutlass.Int64, ih: cutlass.Int64, iw: cutlass.Int64,
                   xn: cutlass.Int64, xc: cutlass.Int64, xd: cutlass.Int64, xh: cutlass.Int64, xw: cutlass.Int64,
                   w0: cutlass.Int64, w1: cutlass.Int64, wd: cutlass.Int64, wh: cutlass.Int64, ww: cutlass.Int64,
                   kd: cutlass.Int64, kh: cutlass.Int64, kw: cutlass.Int64,
                   td: cutlass.Int64, th: cutlass.Int64, tw: cutlass.Int64,
                   pd: cutlass.Int64, ph: cutlass.Int64, pw: cutlass.Int64,
                   dd: cutlass.Int64, dh: cutlass.Int64, dw: cutlass.Int64,
                   cig: cutlass.Int64, cog: cutlass.Int64,
                   y0: cutlass.Int64, y1: cutlass.Int64, y2: cutlass.Int64, y3: cutlass.Int64, y4: cutlass.Int64,
                   s00: cutlass.Int64, s01: cutlass.Int64, s02: cutlass.Int64, s03: cutlass.Int64, s04: cutlass.Int64,
                   s10: cutlass.Int64, s11: cutlass.Int64, s12: cutlass.Int64, s13: cutlass.Int64, s14: cutlass.Int64,
                   s20: cutlass.Int64, s21: cutlass.Int64, s22: cutlass.Int64, s23: cutlass.Int64, s24: cutlass.Int64,
                   s30: cutlass.Int64, s31: cutlass.Int64, s32: cutlass.Int64, s33: cutlass.Int64, s34: cutlass.Int64,
                   f0: cutlass.Float32, f1: cutlass.Float32, f2: cutlass.Float32, f3: cutlass.Float32,
                   has_bias: cutlass.Constexpr, transposed: cutlass.Constexpr, n_epi: cutlass.Constexpr,
                   epi: cutlass.Constexpr):
    _kwb_conv_kernel(m_x, m_w, m_bias, m_y, m_e0, m_e1, m_e2, m_e3, total, cout, od, oh, ow, id_, ih, iw,
                     xn, xc, xd, xh, xw, w0, w1, wd, wh, ww, kd, kh, kw, td, th, tw, pd, ph, pw, dd, dh, dw, cig, cog,
                     y0, y1, y2, y3, y4, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                     s30, s31, s32, s33, s34, f0, f1, f2, f3, has_bias, transposed, n_epi, epi).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def _kwb_conv_out_shape(x, weight, conv):
    """The output's [N, Cout, *spatial] of a batched x, as torch's convolution sizes it."""
    sp, k = conv.spatial, list(weight.shape[2:])
    if conv.transposed:
        cout = weight.shape[1] * conv.groups
        o = [(x.shape[2 + j] - 1) * conv.stride[j] - 2 * conv.padding[j] + conv.dilation[j] * (k[j] - 1) +
             conv.output_padding[j] + 1 for j in range(sp)]
    else:
        cout = weight.shape[0]
        hi = conv.padding if conv.pad_hi is None else conv.pad_hi
        o = [(x.shape[2 + j] + conv.padding[j] + hi[j] - conv.dilation[j] * (k[j] - 1) - 1) // conv.stride[j] + 1
             for j in range(sp)]
    return [x.shape[0], cout] + o


def conv_forward(model, x, weight, bias, conv=None, epi=None, epi_tensors=(), epi_scalars=(), reduce=None,
                 keepdim=True, over="spatial", stats=False, out=None, epi_view=None, weight_computed=False):
    """The Triton convolution template's conv_forward signature over one CuTe DSL direct-convolution launch: x
    [N, Cin, *spatial] (or unbatched) at any strides, weight [Cout, Cin / groups, *k] ([Cin, Cout / groups, *k]
    transposed), bias [Cout] or None; epi on the fp32 value before the store, epi_tensors broadcast to the output (or
    given at epi_view(output)'s indices); the output in x's dtype, contiguous, or written into `out` (any strides, of
    the output's shape and x's dtype: a cat's channel slice). reduce: sum / mean / amax / amin (logsumexp over the
    channel) of the output over its spatial dims (over="spatial") or dim 1 (over="channel"), a kwb_reduce launch
    after this one. stats=True returns (out, None): the statistics are not computed in the tiles here, so a batch
    norm after it computes them itself. weight_computed (a weight computed in forward()) is taken and ignored: the
    direct launch reads the weight in place every call and keeps no copy of it. Records model.last_path = "direct"
    and model.last_grid_blocks."""
    conv = conv if conv is not None else CONV0
    sp = conv.spatial
    if x.dim() == sp + 1:  # unbatched
        res = conv_forward(model, x.unsqueeze(0), weight, bias, conv, epi, epi_tensors, epi_scalars, reduce,
                           keepdim, over, stats, None if out is None else out.unsqueeze(0), epi_view)
        if stats and reduce is None:
            return res[0].squeeze(0), res[1]
        return res.squeeze(0)
    if x.dim() != sp + 2 or weight.dim() != sp + 2:
        raise ValueError("conv_forward: a %d-D convolution of a %d-d input with a %d-d weight"
                         % (sp, x.dim(), weight.dim()))
    shape = _kwb_conv_out_shape(x, weight, conv)
    if out is not None:
        if reduce is not None or list(out.shape) != shape or out.dtype != x.dtype:
            raise ValueError("conv_forward: out= takes a %s tensor of shape %s and no reduce; got %s %s, reduce=%r"
                             % (x.dtype, tuple(shape), out.dtype, tuple(out.shape), reduce))
        y = out
    else:
        y = torch.empty(shape, dtype=x.dtype, device=x.device)
    state = model.__dict__  # plain attributes, as the Triton template keeps them
    state["last_path"] = "direct"
    state["last_grid_blocks"] = 0
    if y.numel() > 0:
        if epi_view is not None:
            epi_tensors = [_kwb_epi_unview(t, y.shape, epi_view) for t in epi_tensors]
        pad = 3 - sp
        y5 = y  # y with size-1 leading spatial dims: every convolution is a 3-D one (a view: out's strides kept)
        for _ in range(pad):
            y5 = y5.unsqueeze(2)
        x_span, x_st = _kwb_span(x)
        w_span, w_st = _kwb_span(weight)
        y_span, y_st = _kwb_span(y5)
        es, ss = _kwb_epi_operands([e.expand(y.shape).reshape(y5.shape) for e in epi_tensors], y5.shape, 5)
        n_epi = len(es)
        es += [y_span] * (EPI_TENSORS - n_epi)
        ss += [0] * (5 * (EPI_TENSORS - n_epi))
        cin = x.shape[1]
        cig = cin // conv.groups
        cog = shape[1] // conv.groups
        k3 = [1] * pad + list(weight.shape[2:])
        sx = x_st[:2] + [0] * pad + x_st[2:]
        sw = w_st[:2] + [0] * pad + w_st[2:]
        total = y.numel()
        tensors = [from_dlpack(t) for t in (x_span, w_span, bias.contiguous() if bias is not None else y_span, y_span,
                                            *es)]
        scalars = [total, shape[1], *y5.shape[2:], *([1] * pad + list(x.shape[2:])), *sx, *sw, *k3,
                   *([1] * pad + list(conv.stride)), *([0] * pad + list(conv.padding)),
                   *([1] * pad + list(conv.dilation)), cig, cog, *y_st, *ss, *_kwb_epi_scalars(epi_scalars)]
        epi = epi if epi is not None else _kwb_epi_identity
        flags = (bias is not None, bool(conv.transposed), n_epi, epi)
        key = ("conv", x.dtype, weight.dtype, y.dtype, tuple((t.dtype, t.shape[0]) for t in es), flags)
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, dtypes, bias, transposed, epilogue)
            compiled = cute.compile(_kwb_conv_host, *tensors, *scalars, *flags)
            _kwb_compiled[key] = compiled
        compiled(*tensors, *scalars)
        blocks = (total + PW_THREADS - 1) // PW_THREADS
        state["last_grid_blocks"] = blocks
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], blocks)
    if reduce is not None:
        dims = [1] if over == "channel" else list(range(2, y.dim()))
        return kwb_reduce(y, dims, reduce, keepdim)
    if stats:
        return y, None
    return y


# ==== stage: kwb_attention kwb_masked_softmax
# Scaled dot-product attention (session 33, cute33a): the Triton stage's kwb_attention call, flash-style in SIMT.
# One CTA per (batch entry, ATTN_ROWS query rows, ATTN_E output columns), one thread per query row: the keys
# streamed in tiles of ATTN_KEYS, the tile's scores in registers, the running max and sum and the ATTN_E output
# accumulators in fp32, rescaled once per tile (FlashAttention's online softmax without the tensor cores: the
# Hopper path, WGMMA on Q Kᵀ and P V, is the next step). NEVER RUN under the real CuTe DSL.
ATTN_ROWS = 64  # query rows per CTA, one thread each
ATTN_KEYS = 16  # keys per tile (its scores held in registers)
ATTN_E = 32  # output columns per CTA: a thread's accumulators (a wider head dim is split over grid y)
kwb_attn_last = {}  # the last call's path and CTAs, as the Triton stage's


def _kwb_attn_cmp_int(mask_cmp, m3, who):
    """_kwb_attn_cmp_code for this stage, whose kernels compare the key index in Int64: ValueError also for a value
    tensor that is not an integer or bool one (a float lengths tensor: the Triton stage compares it)."""
    cmp = _kwb_attn_cmp_code(mask_cmp, m3, who)
    if cmp and (m3.is_floating_point() or m3.is_complex()):
        raise ValueError("%s: mask_cmp on a %s tensor: this stage compares integers (the Triton stage compares any "
                         "dtype)" % (who, str(m3.dtype)[6:]))
    return cmp


@cute.jit
def _kwb_attn_idx_hit(n, lv, cmp: cutlass.Constexpr):
    """1 where key n CMP lv (the mask computed from an index predicate on a per-entry tensor: arange(S) >=
    lengths[:, None] read as lengths[b]; codes as the Triton stage's _kwb_attn_cmp_codes), else 0; in Int64."""
    hit = cutlass.Int32(0)
    if cutlass.const_expr(cmp == 1):
        if n < lv:
            hit = cutlass.Int32(1)
    if cutlass.const_expr(cmp == 2):
        if n <= lv:
            hit = cutlass.Int32(1)
    if cutlass.const_expr(cmp == 3):
        if n > lv:
            hit = cutlass.Int32(1)
    if cutlass.const_expr(cmp == 4):
        if n >= lv:
            hit = cutlass.Int32(1)
    if cutlass.const_expr(cmp == 5):
        if n == lv:
            hit = cutlass.Int32(1)
    if cutlass.const_expr(cmp == 6):
        if n != lv:
            hit = cutlass.Int32(1)
    return hit


@cute.jit
def _kwb_attn_score(s, i, n, m_m, m_b, b_base, sbn, m_base, smn, lo, hi, fill, bias_scale, has_lo: cutlass.Constexpr,
                    has_hi: cutlass.Constexpr, has_mask: cutlass.Constexpr, mask_keep: cutlass.Constexpr,
                    has_bias: cutlass.Constexpr, mask_cmp: cutlass.Constexpr):
    """Query i's scaled score s for key n as kwb_attention and kwb_masked_softmax both define it: plus bias_scale *
    bias(i, n), then fill where the predicate drops the key (n - i outside [lo, hi]; the mask: kept where
    (mask != 0) == mask_keep; m_base: query i's row of its entry's mask, broadcast as the bias; mask_cmp: the mask is
    n CMP the integer the tensor holds there, _kwb_attn_idx_hit). The one definition,
    so the two launches cannot disagree on which keys count."""
    if cutlass.const_expr(has_bias):
        s = s + m_b[b_base + n * sbn].to(cutlass.Float32) * bias_scale
    if cutlass.const_expr(has_lo):
        if n - i < lo:
            s = fill
    if cutlass.const_expr(has_hi):
        if n - i > hi:
            s = fill
    if cutlass.const_expr(has_mask):
        mv = cutlass.Int32(0)
        if cutlass.const_expr(mask_cmp != 0):
            mv = _kwb_attn_idx_hit(n, m_m[m_base + n * smn].to(cutlass.Int64), mask_cmp)
        else:
            mv = m_m[m_base + n * smn].to(cutlass.Int32)
        if cutlass.const_expr(mask_keep):
            if mv == 0:
                s = fill
        else:
            if mv != 0:
                s = fill
    return s


@cute.kernel
def _kwb_attn_kernel(m_q: cute.Tensor, m_k: cute.Tensor, m_v: cute.Tensor, m_o: cute.Tensor, m_m: cute.Tensor,
                     m_b: cute.Tensor,  # 1-D spans, read by index through the strides below
                     lq: cutlass.Int64, lk: cutlass.Int64, d: cutlass.Int64, e: cutlass.Int64,
                     num_m: cutlass.Int64, k_rep: cutlass.Int64, v_rep: cutlass.Int64,
                     bn1: cutlass.Int64, bn2: cutlass.Int64, lo: cutlass.Int64, hi: cutlass.Int64,
                     sqb: cutlass.Int64, sqm: cutlass.Int64, sqd: cutlass.Int64,  # Q [B, Lq, D]
                     skb: cutlass.Int64, skd: cutlass.Int64, skn: cutlass.Int64,  # Kᵀ [B / k_rep, D, Lk]
                     svb: cutlass.Int64, svn: cutlass.Int64, sve: cutlass.Int64,  # V [B / v_rep, Lk, E]
                     mn1: cutlass.Int64, mn2: cutlass.Int64,  # the mask broadcast over the entries as the bias
                     sm0: cutlass.Int64, sm1: cutlass.Int64, sm2: cutlass.Int64,
                     smm: cutlass.Int64, smn: cutlass.Int64,
                     sb0: cutlass.Int64, sb1: cutlass.Int64, sb2: cutlass.Int64,  # the bias's lead dims
                     sbm: cutlass.Int64, sbn: cutlass.Int64,
                     scale: cutlass.Float32, fill: cutlass.Float32, bias_scale: cutlass.Float32,
                     has_lo: cutlass.Constexpr, has_hi: cutlass.Constexpr, skip: cutlass.Constexpr,
                     has_mask: cutlass.Constexpr, mask_keep: cutlass.Constexpr, has_bias: cutlass.Constexpr,
                     mask_cmp: cutlass.Constexpr):
    # score s(i, j) = scale * q_i . k_j (+ bias_scale * bias(i, j)), then fill where the predicate drops key j
    # (lo <= j - i <= hi; the mask: kept where (mask != 0) == mask_keep); out_i = sum_j softmax_j(s) v_j. skip: only
    # the keys inside [i + lo, i + hi] are visited (the dropped ones weigh exp(fill - max) = 0 there); else every key,
    # so a finite fill weighs as torch's (a row with nothing kept: the mean of V). The running max starts at NEG_BIG
    # (finite): a key at -inf weighs exp(-inf) = 0 and a row with every key at -inf ends 0 / 0, NaN, as torch.
    tidx, _, _ = cute.arch.thread_idx()
    bidx, bidy, _ = cute.arch.block_idx()
    blk = cutlass.Int64(bidx)  # Int64: entries x rows may pass 2**31
    b = blk // num_m
    i = (blk % num_m) * ATTN_ROWS + tidx
    c0 = cutlass.Int64(bidy) * ATTN_E  # this CTA's first output column
    if i < lq:  # predication: the last query tile may hold fewer rows
        q_base = b * sqb + i * sqm
        k_base = (b // k_rep) * skb  # grouped-query attention: K / V of kv entry b // rep, read in place
        v_base = (b // v_rep) * svb
        b_base = (b // (bn1 * bn2)) * sb0 + (b // bn2 % bn1) * sb1 + (b % bn2) * sb2 + i * sbm
        m_base = (b // (mn1 * mn2)) * sm0 + (b // mn2 % mn1) * sm1 + (b % mn2) * sm2 + i * smm
        acc = cute.make_rmem_tensor((ATTN_E,), cutlass.Float32)
        for c in cutlass.range_constexpr(ATTN_E):
            acc[c] = cutlass.Float32(0.0)
        s_t = cute.make_rmem_tensor((ATTN_KEYS,), cutlass.Float32)
        m_i = cutlass.Float32(NEG_BIG)
        l_i = cutlass.Float32(0.0)
        n_start = cutlass.Int64(0)
        n_end = lk
        if cutlass.const_expr(skip and has_hi):
            n_end = cutlass.min(lk, cutlass.max(cutlass.Int64(0), i + hi + 1))
        if cutlass.const_expr(skip and has_lo):
            n_start = cutlass.min(n_end, cutlass.max(cutlass.Int64(0), i + lo))
        for t0 in range(n_start, n_end, ATTN_KEYS):
            m_t = m_i  # the max over the keys so far and this tile's
            for j in cutlass.range_constexpr(ATTN_KEYS):
                n = t0 + j
                s = cutlass.Float32(NEG_BIG)
                if n < n_end:
                    dot = cutlass.Float32(0.0)
                    for dd in range(0, d, 1):
                        dot = dot + m_q[q_base + dd * sqd].to(cutlass.Float32) * \
                            m_k[k_base + dd * skd + n * skn].to(cutlass.Float32)
                    s = _kwb_attn_score(dot * scale, i, n, m_m, m_b, b_base, sbn, m_base, smn, lo, hi, fill,
                                        bias_scale, has_lo, has_hi, has_mask, mask_keep, has_bias, mask_cmp)
                    m_t = cute.arch.fmax(m_t, s)
                s_t[j] = s
            alpha = cute.math.exp(m_i - m_t)  # the earlier tiles' rescale (0 while nothing was seen)
            l_i = l_i * alpha
            for c in cutlass.range_constexpr(ATTN_E):
                acc[c] = acc[c] * alpha
            for j in cutlass.range_constexpr(ATTN_KEYS):
                n = t0 + j
                if n < n_end:
                    p = cute.math.exp(s_t[j] - m_t)
                    l_i = l_i + p
                    for c in cutlass.range_constexpr(ATTN_E):
                        if c0 + c < e:
                            acc[c] = acc[c] + p * m_v[v_base + n * svn + (c0 + c) * sve].to(cutlass.Float32)
            m_i = m_t
        o_base = (b * lq + i) * e
        for c in cutlass.range_constexpr(ATTN_E):
            if c0 + c < e:
                m_o[o_base + c0 + c] = (acc[c] / l_i).to(m_o.element_type)


@cute.jit
def _kwb_attn_host(m_q: cute.Tensor, m_k: cute.Tensor, m_v: cute.Tensor, m_o: cute.Tensor, m_m: cute.Tensor,
                   m_b: cute.Tensor, nb: cutlass.Int64, lq: cutlass.Int64, lk: cutlass.Int64, d: cutlass.Int64,
                   e: cutlass.Int64, num_m: cutlass.Int64, k_rep: cutlass.Int64, v_rep: cutlass.Int64,
                   bn1: cutlass.Int64, bn2: cutlass.Int64, lo: cutlass.Int64, hi: cutlass.Int64,
                   sqb: cutlass.Int64, sqm: cutlass.Int64, sqd: cutlass.Int64,
                   skb: cutlass.Int64, skd: cutlass.Int64, skn: cutlass.Int64,
                   svb: cutlass.Int64, svn: cutlass.Int64, sve: cutlass.Int64, mn1: cutlass.Int64, mn2: cutlass.Int64,
                   sm0: cutlass.Int64, sm1: cutlass.Int64, sm2: cutlass.Int64, smm: cutlass.Int64, smn: cutlass.Int64,
                   sb0: cutlass.Int64, sb1: cutlass.Int64, sb2: cutlass.Int64, sbm: cutlass.Int64, sbn: cutlass.Int64,
                   scale: cutlass.Float32, fill: cutlass.Float32, bias_scale: cutlass.Float32,
                   has_lo: cutlass.Constexpr, has_hi: cutlass.Constexpr, skip: cutlass.Constexpr,
                   has_mask: cutlass.Constexpr, mask_keep: cutlass.Constexpr, has_bias: cutlass.Constexpr,
                   mask_cmp: cutlass.Constexpr):
    _kwb_attn_kernel(
        m_q, m_k, m_v, m_o, m_m, m_b, lq, lk, d, e, num_m, k_rep, v_rep, bn1, bn2, lo, hi, sqb, sqm, sqd, skb, skd,
        skn, svb, svn, sve, mn1, mn2, sm0, sm1, sm2, smm, smn, sb0, sb1, sb2, sbm, sbn, scale, fill, bias_scale, has_lo,
        has_hi, skip,
        has_mask, mask_keep, has_bias, mask_cmp,
    ).launch(grid=[nb * num_m, (e + ATTN_E - 1) // ATTN_E, 1], block=[ATTN_ROWS, 1, 1])


def kwb_attention(q, kt, v, scale, diag=None, lower=True, fill=float("-inf"), mask=None, mask_keep=False, k_rep=1,
                  v_rep=1, band=None, bias=None, bias_scale=1.0, pv_ieee=False, mask_cmp=None):
    """softmax(where(keep, scale * q @ kt + bias_scale * bias, fill)) @ v in one CuTe DSL launch: the Triton stage's
    signature and semantics. q [..., Lq, D], kt [..., D, Lk] (Kᵀ, any strides), v [..., Lk, E], equal leading dims
    or kt's and v's flattened 1 / k_rep and 1 / v_rep of q's (grouped-query attention: entry b reads kv entry
    b // rep, in place); keep: diag None or key j of query i kept where j - i <= diag (lower) / > diag (not lower),
    band: also j - i > diag - band; and the mask's: kept where (mask != 0) == mask_keep (mask_cmp: the mask is key j
    CMP the integer the tensor holds, lengths[b]; an integer or bool tensor here). mask and bias broadcast as
    the Triton stage's (_kwb_attn_maskb, _kwb_attn_bias). Any float dtypes, each read and converted to fp32 (no P
    rounding to V's dtype; SIMT fp32 products, so pv_ieee, the Triton stage's P V precision, is what runs anyway); out [..., Lq, E] in q's dtype. A row with nothing kept:
    NaN under fill -inf, the mean of V under a finite fill, as torch. ValueError: shapes that do not match, a bad
    repeat, band or bias. With pv_ieee on 16-bit q the output is fp32 (_kwb_attn_out: it cancels against V)."""
    lq, d, lk, e, out = _kwb_attn_out(q, kt, v, pv_ieee)
    if out.numel() == 0:
        return out
    if lk == 0:
        return out.zero_()
    q3, kt3, v3 = q.reshape(-1, lq, d), kt.reshape(-1, d, lk), v.reshape(-1, lk, e)
    nb = q3.shape[0]
    k_rep, v_rep = int(k_rep), int(v_rep)
    if k_rep < 1 or v_rep < 1 or kt3.shape[0] * k_rep != nb or v3.shape[0] * v_rep != nb:
        raise ValueError("kwb_attention: q %s holds %d entries; kt %s repeated %d times and v %s repeated %d times "
                         "do not" % (list(q.shape), nb, list(kt.shape), k_rep, list(v.shape), v_rep))
    lo, hi = _kwb_attn_band(diag, lower, band, "kwb_attention")
    # the keys outside [i + lo, i + hi] are skipped where they weigh 0: fill -inf, or a fill far below (the Triton
    # flash path's rule) while every row keeps a key
    empty_rows = (hi is not None and hi < 0) or (lo is not None and lq - 1 + lo > lk - 1) or mask is not None
    skip = diag is not None and float(fill) <= -1e4 and (float(fill) == float("-inf") or not empty_rows)
    m3, msz, ms = _kwb_attn_maskb(mask, nb, lq, lk, "kwb_attention")
    b3, bsz, bs = _kwb_attn_bias(bias, nb, lq, lk, "kwb_attention")
    cmp = _kwb_attn_cmp_int(mask_cmp, m3, "kwb_attention")
    q_span, q_st = _kwb_span(q3)
    k_span, k_st = _kwb_span(kt3)
    v_span, v_st = _kwb_span(v3)
    m_span = _kwb_span(m3)[0] if m3 is not None else out.view(-1)
    b_span = _kwb_span(b3)[0] if b3 is not None else out.view(-1)
    num_m = (lq + ATTN_ROWS - 1) // ATTN_ROWS
    tensors = [from_dlpack(t) for t in (q_span, k_span, v_span, out.view(-1), m_span, b_span)]
    # a size-1 dim's stride reads 0 (_kwb_span): index 0 on it either way
    scalars = [nb, lq, lk, d, e, num_m, k_rep, v_rep, *bsz, lo or 0, hi or 0, *q_st, *k_st, *v_st, *msz, *ms, *bs,
               float(scale), float(fill), float(bias_scale)]
    flags = (lo is not None, hi is not None, skip, m3 is not None, bool(mask_keep), b3 is not None, cmp)
    key = ("attention", q.dtype, kt.dtype, v.dtype, out.dtype, m_span.dtype, b_span.dtype, flags)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes, predicate form)
        compiled = cute.compile(_kwb_attn_host, *tensors, *scalars, *flags)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    blocks = nb * num_m * ((e + ATTN_E - 1) // ATTN_E)
    kwb_attn_last.clear()
    kwb_attn_last.update(path="cute_simt", blocks=blocks, k_rep=k_rep, v_rep=v_rep)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], blocks)
    return out


@cute.kernel
def _kwb_msm_kernel(m_x: cute.Tensor, m_y: cute.Tensor, m_m: cute.Tensor, m_b: cute.Tensor, n_rows: cutlass.Int64,
                    lq: cutlass.Int64, n: cutlass.Int64, bn1: cutlass.Int64, bn2: cutlass.Int64, lo: cutlass.Int64,
                    hi: cutlass.Int64, sxb: cutlass.Int64, sxm: cutlass.Int64, sxn: cutlass.Int64,
                    mn1: cutlass.Int64, mn2: cutlass.Int64, sm0: cutlass.Int64, sm1: cutlass.Int64, sm2: cutlass.Int64,
                    smm: cutlass.Int64, smn: cutlass.Int64, sb0: cutlass.Int64, sb1: cutlass.Int64,
                    sb2: cutlass.Int64, sbm: cutlass.Int64, sbn: cutlass.Int64, scale: cutlass.Float32,
                    fill: cutlass.Float32, bias_scale: cutlass.Float32, has_lo: cutlass.Constexpr,
                    has_hi: cutlass.Constexpr, has_mask: cutlass.Constexpr, mask_keep: cutlass.Constexpr,
                    has_bias: cutlass.Constexpr, mask_cmp: cutlass.Constexpr):
    # kwb_masked_softmax: one warp per row (b, i) of x [B, Lq, N], kwb_softmax's online max and rescaled sum per lane
    # and butterfly merge, then a second pass that writes; each score is kwb_attention's: scale * x (+ bias_scale *
    # bias), fill where the predicate drops it. A row with every score at -inf: exp(-inf - -inf), NaN, as torch
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    lane = tidx % 32
    row = cutlass.Int64(bidx) * ROW_WARPS + tidx // 32
    if row < n_rows:  # predication: whole warps (the shuffles stay converged)
        b = row // lq
        i = row % lq
        x_base = b * sxb + i * sxm
        b_base = (b // (bn1 * bn2)) * sb0 + (b // bn2 % bn1) * sb1 + (b % bn2) * sb2 + i * sbm
        m_base = (b // (mn1 * mn2)) * sm0 + (b // mn2 % mn1) * sm1 + (b % mn2) * sm2 + i * smm
        y_base = row * n
        a = cutlass.Float32(NEG_BIG)
        t = cutlass.Float32(0.0)
        for p in cutlass.range_constexpr(2):  # pass 0: max and sum; pass 1: the probabilities
            shift = a + cute.math.log(t)
            for k in range(lane, n, 32):
                v = _kwb_attn_score(m_x[x_base + k * sxn].to(cutlass.Float32) * scale, i, k, m_m, m_b, b_base, sbn,
                                    m_base, smn, lo, hi, fill, bias_scale, has_lo, has_hi, has_mask, mask_keep, has_bias,
                                    mask_cmp)
                if cutlass.const_expr(p == 0):
                    m_new = cute.arch.fmax(a, v)
                    t = t * cute.math.exp(a - m_new) + cute.math.exp(v - m_new)
                    a = m_new
                else:
                    m_y[y_base + k] = cute.math.exp(v - shift).to(m_y.element_type)
            if cutlass.const_expr(p == 0):
                for s in cutlass.range_constexpr(5):
                    o_a = cute.arch.shuffle_sync_bfly(a, offset=16 >> s)
                    o_t = cute.arch.shuffle_sync_bfly(t, offset=16 >> s)
                    m_new = cute.arch.fmax(a, o_a)
                    t = t * cute.math.exp(a - m_new) + o_t * cute.math.exp(o_a - m_new)
                    a = m_new


@cute.jit
def _kwb_msm_host(m_x: cute.Tensor, m_y: cute.Tensor, m_m: cute.Tensor, m_b: cute.Tensor, n_rows: cutlass.Int64,
                  lq: cutlass.Int64, n: cutlass.Int64, bn1: cutlass.Int64, bn2: cutlass.Int64, lo: cutlass.Int64,
                  hi: cutlass.Int64, sxb: cutlass.Int64, sxm: cutlass.Int64, sxn: cutlass.Int64,
                  mn1: cutlass.Int64, mn2: cutlass.Int64, sm0: cutlass.Int64, sm1: cutlass.Int64, sm2: cutlass.Int64,
                  smm: cutlass.Int64, smn: cutlass.Int64, sb0: cutlass.Int64, sb1: cutlass.Int64,
                  sb2: cutlass.Int64, sbm: cutlass.Int64, sbn: cutlass.Int64, scale: cutlass.Float32,
                  fill: cutlass.Float32, bias_scale: cutlass.Float32, has_lo: cutlass.Constexpr,
                  has_hi: cutlass.Constexpr, has_mask: cutlass.Constexpr, mask_keep: cutlass.Constexpr,
                  has_bias: cutlass.Constexpr, mask_cmp: cutlass.Constexpr):
    _kwb_msm_kernel(
        m_x, m_y, m_m, m_b, n_rows, lq, n, bn1, bn2, lo, hi, sxb, sxm, sxn, mn1, mn2, sm0, sm1, sm2, smm, smn, sb0, sb1,
        sb2, sbm, sbn, scale,
        fill, bias_scale, has_lo, has_hi, has_mask, mask_keep, has_bias, mask_cmp,
    ).launch(grid=[(n_rows + ROW_WARPS - 1) // ROW_WARPS, 1, 1], block=[ROW_WARPS * 32, 1, 1])


def kwb_masked_softmax(x, scale=1.0, diag=None, lower=True, fill=float("-inf"), mask=None, mask_keep=False,
                       band=None, bias=None, bias_scale=1.0, out_dtype=None, mask_cmp=None):
    """softmax over the last dim of where(keep, scale * x [+ bias_scale * bias], fill), keep as kwb_attention's
    predicate (diag None: none; mask None: no mask tensor; mask_cmp as kwb_attention's), in one CuTe DSL launch: the Triton stage's signature. x
    rank >= 2, any strides; out a new contiguous tensor of x's shape in out_dtype (default x's). ValueError: rank < 2,
    a bad band, a bias that does not broadcast."""
    if x.dim() < 2:
        raise ValueError("kwb_masked_softmax: a rank >= 2 input, got %s" % (list(x.shape),))
    lo, hi = _kwb_attn_band(diag, lower, band, "kwb_masked_softmax")
    lq, n = x.shape[-2], x.shape[-1]
    y = torch.empty(x.shape, dtype=out_dtype or x.dtype, device=x.device)
    if y.numel() == 0:
        return y
    x3 = x.reshape(-1, lq, n)
    nb = x3.shape[0]
    m3, msz, ms = _kwb_attn_maskb(mask, nb, lq, n, "kwb_masked_softmax")
    b3, bsz, bs = _kwb_attn_bias(bias, nb, lq, n, "kwb_masked_softmax")
    cmp = _kwb_attn_cmp_int(mask_cmp, m3, "kwb_masked_softmax")
    x_span, x_st = _kwb_span(x3)
    m_span = _kwb_span(m3)[0] if m3 is not None else y.view(-1)
    b_span = _kwb_span(b3)[0] if b3 is not None else y.view(-1)
    n_rows = nb * lq
    tensors = [from_dlpack(t) for t in (x_span, y.view(-1), m_span, b_span)]
    scalars = [n_rows, lq, n, *bsz, lo or 0, hi or 0, *x_st, *msz, *ms, *bs, float(scale), float(fill),
               float(bias_scale)]
    flags = (lo is not None, hi is not None, m3 is not None, bool(mask_keep), b3 is not None, cmp)
    key = ("masked_softmax", x.dtype, y.dtype, m_span.dtype, b_span.dtype, flags)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes, predicate form)
        compiled = cute.compile(_kwb_msm_host, *tensors, *scalars, *flags)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (n_rows + ROW_WARPS - 1) // ROW_WARPS)
    return y


# ==== stage: kwb_scan kwb_cumsum
# Inclusive scans (session 34, cute34): torch.cumsum / cumprod / cummax / cummin's values / logcumsumexp along one
# dim, the Triton stage's kwb_scan call. One 32-lane warp per row of x viewed as [outer, r, inner] (_kwb_rows, as
# kwb_reduce's): the row in chunks of 32 consecutive elements, lane k holding element chunk + k; a Kogge-Stone scan of
# the chunk by five shuffle_sync_up steps, then the running value of the rows before (carried from lane 31 by
# shuffle_sync) combined in. fp32 throughout. NEVER RUN under the real CuTe DSL.
_kwb_scan_cute_ops = {"sum": 0, "prod": 1, "max": 2, "min": 3, "logsumexp": 4}
_kwb_scan_identity = (0.0, 1.0, float("-inf"), float("inf"), float("-inf"))  # each op's identity (past the row's end)


@cute.jit
def _kwb_scan_combine(a, b, op: cutlass.Constexpr):
    """The running value a (earlier) combined with b (later) in fp32: op 0 sum, 1 prod, 2 max, 3 min (a NaN, once
    seen, stays: torch.cummax's values), 4 logsumexp (max + log1p(exp(min - max)); an infinite max is the value)."""
    r = a + b
    if cutlass.const_expr(op == 1):
        r = a * b
    if cutlass.const_expr(op == 2):
        r = cute.arch.fmax(a, b, nan=True)
    if cutlass.const_expr(op == 3):
        r = cute.arch.fmin(a, b, nan=True)
    if cutlass.const_expr(op == 4):
        hi = cute.arch.fmax(a, b, nan=True)
        r = hi
        if (hi != cutlass.Float32(float("inf"))) & (hi != cutlass.Float32(float("-inf"))):
            r = hi + cute.math.log1p(cute.math.exp(cute.arch.fmin(a, b, nan=True) - hi))
    return r


@cute.kernel
def _kwb_scan_kernel(m_x: cute.Tensor, m_y: cute.Tensor, n_rows: cutlass.Int64, r: cutlass.Int64,
                     inner: cutlass.Int64, op: cutlass.Constexpr):
    # one warp per row (o, i) of x viewed as [outer, r, inner]; y has x's contiguous layout (the same offsets)
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    lane = tidx % 32
    row = cutlass.Int64(bidx) * ROW_WARPS + tidx // 32  # Int64: rows x row length may pass 2**31
    if row < n_rows:  # predication by whole warps: the shuffles stay converged
        base = (row // inner) * r * inner + row % inner
        carry = cutlass.Float32(_kwb_scan_identity[op])
        for start in range(0, r, 32):
            k = start + lane
            v = cutlass.Float32(_kwb_scan_identity[op])
            if k < r:
                v = m_x[base + k * inner].to(cutlass.Float32)
            for s in cutlass.range_constexpr(5):  # Kogge-Stone: lane k combines lane k - 2**s's partial
                o = cute.arch.shuffle_sync_up(v, offset=1 << s)
                if lane >= (1 << s):
                    v = _kwb_scan_combine(o, v, op)
            v = _kwb_scan_combine(carry, v, op)
            if k < r:
                m_y[base + k * inner] = v.to(m_y.element_type)
            carry = cute.arch.shuffle_sync(v, offset=31)  # the chunk's last value carries on


@cute.jit
def _kwb_scan_host(m_x: cute.Tensor, m_y: cute.Tensor, n_rows: cutlass.Int64, r: cutlass.Int64,
                   inner: cutlass.Int64, op: cutlass.Constexpr):
    _kwb_scan_kernel(m_x, m_y, n_rows, r, inner, op).launch(
        grid=[(n_rows + ROW_WARPS - 1) // ROW_WARPS, 1, 1], block=[ROW_WARPS * 32, 1, 1])


def kwb_scan(x, dim, op, epi=None, epi_tensors=(), epi_scalars=(), indices=False, pre=None, pre_tensors=(),
             pre_scalars=(), shift=None, out_dtype=None):
    """The inclusive scan of a float x along dim in fp32, the Triton stage's signature: op "sum" (torch.cumsum),
    "prod" (cumprod), "max" / "min" (cummax / cummin's values; a NaN, once seen, stays), "logsumexp"
    (logcumsumexp). Out a new contiguous tensor of x's shape and dtype. epi: the pointwise run after the scan (its
    tensors broadcast to x's shape), one kwb_pointwise launch after (the scan then stores fp32; not fused yet).
    KeyError for another op; indices=True (cummax / cummin's indices) raises NotImplementedError (the plan check
    keeps it out). pre / shift / out_dtype (session 46, the Triton stage's): not fused yet -- the prologue a
    kwb_pointwise launch first (fp32), the shift a kwb_cat of a kwb_full column before x, scanned to x's length."""
    if indices:
        raise NotImplementedError("kwb_scan: cummax / cummin's indices have no CuTe DSL stage yet")
    scan = _kwb_scan_cute_ops[op]
    if pre is not None:
        out_dtype = out_dtype or x.dtype
        x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, out_dtype=torch.float32)
    if shift is not None and x.dim() > 0:
        d = dim % x.dim()
        col = kwb_full(x.narrow(d, 0, 1).shape, float(shift), x.dtype, x.device)
        x = kwb_cat([col, x], d).narrow(d, 0, x.shape[d])
    elif shift is not None:
        return kwb_full((), float(shift), out_dtype or x.dtype, x.device)
    if out_dtype is not None and out_dtype != x.dtype:
        y = kwb_scan(x, dim, op, epi, epi_tensors, epi_scalars)
        return y if y.dtype == out_dtype else kwb_pointwise(y, _kwb_epi_identity, (), (), out_dtype=out_dtype)
    if not x.is_floating_point():
        raise NotImplementedError("kwb_scan: a scan of a %s tensor has no CuTe DSL stage yet" % x.dtype)
    if x.dim() == 0:
        return kwb_scan(x.reshape(1), 0, op, epi, epi_tensors, epi_scalars).reshape(())
    d = dim % x.dim()
    y = torch.empty(x.shape, dtype=torch.float32 if epi is not None else x.dtype, device=x.device)
    if y.numel() > 0:
        span, outer, r, inner, _ = _kwb_rows(x, [d])  # x's contiguous layout: y's offsets too
        n_rows = outer * inner
        tensors = [from_dlpack(t) for t in (span, y.view(-1))]
        scalars = [n_rows, r, inner]
        key = ("scan", x.dtype, y.dtype, scan)
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, dtypes, op)
            compiled = cute.compile(_kwb_scan_host, *tensors, *scalars, scan)
            _kwb_compiled[key] = compiled
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (n_rows + ROW_WARPS - 1) // ROW_WARPS)
    if epi is not None:
        y = kwb_pointwise(y, epi, epi_tensors, epi_scalars, out_dtype=x.dtype)
    return y


def kwb_cumsum(x, dim, epi=None, epi_tensors=(), epi_scalars=(), pre=None, pre_tensors=(), pre_scalars=(),
               shift=None, out_dtype=None):
    """torch.cumsum(x, dim) for a float x: kwb_scan(x, dim, "sum", ...)."""
    return kwb_scan(x, dim, "sum", epi, epi_tensors, epi_scalars, pre=pre, pre_tensors=pre_tensors,
                    pre_scalars=pre_scalars, shift=shift, out_dtype=out_dtype)


# ==== stage: kwb_embedding kwb_index kwb_index2 kwb_gather kwb_reduce_gathered kwb_index_multi kwb_pointwise_multi
# (kwb_pw_args: kwb_pointwise_multi's argument tuples)
# Gathers (session 34, cute34): F.embedding, tensor indexing at one dim (kwb_index) or a pair of consecutive dims
# (kwb_index2: DLRM's Z[:, li, lj]) and torch.gather, the Triton stages' calls. One kernel for all four: one thread
# per output element (PW_THREADS a CTA, as kwb_pointwise's), its 5-D coordinates decoded once (_kwb_coords5); x's
# offset is the sum of the coordinates times x's strides at the output's coordinates (0 where the index replaces
# one), plus index value times the indexed dim's stride, for one index tensor or a pair, each read at the output's
# coordinates through its own strides. A negative index counts from the end of its dim. NEVER RUN under the real
# CuTe DSL.
@cute.kernel
def _kwb_gather_kernel(
    m_x: cute.Tensor, m_i: cute.Tensor, m_j: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,  # the output's sizes of dims 1..4
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,
    i0: cutlass.Int64, i1: cutlass.Int64, i2: cutlass.Int64, i3: cutlass.Int64, i4: cutlass.Int64,
    j0: cutlass.Int64, j1: cutlass.Int64, j2: cutlass.Int64, j3: cutlass.Int64, j4: cutlass.Int64,
    xi: cutlass.Int64, ri: cutlass.Int64, xj: cutlass.Int64, rj: cutlass.Int64, pair: cutlass.Constexpr,
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if e < total:  # predication: the last CTA may hold fewer elements
        c0, c1, c2, c3, c4 = _kwb_coords5(e, d1, d2, d3, d4)
        a = m_i[c0 * i0 + c1 * i1 + c2 * i2 + c3 * i3 + c4 * i4].to(cutlass.Int64)
        if a < 0:
            a = a + ri
        off = c0 * x0 + c1 * x1 + c2 * x2 + c3 * x3 + c4 * x4 + a * xi
        if cutlass.const_expr(pair):
            b = m_j[c0 * j0 + c1 * j1 + c2 * j2 + c3 * j3 + c4 * j4].to(cutlass.Int64)
            if b < 0:
                b = b + rj
            off = off + b * xj
        m_out[e] = m_x[off].to(m_out.element_type)


@cute.jit
def _kwb_gather_host(
    m_x: cute.Tensor, m_i: cute.Tensor, m_j: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,
    i0: cutlass.Int64, i1: cutlass.Int64, i2: cutlass.Int64, i3: cutlass.Int64, i4: cutlass.Int64,
    j0: cutlass.Int64, j1: cutlass.Int64, j2: cutlass.Int64, j3: cutlass.Int64, j4: cutlass.Int64,
    xi: cutlass.Int64, ri: cutlass.Int64, xj: cutlass.Int64, rj: cutlass.Int64, pair: cutlass.Constexpr,
):
    _kwb_gather_kernel(
        m_x, m_i, m_j, m_out, total, d1, d2, d3, d4, x0, x1, x2, x3, x4, i0, i1, i2, i3, i4, j0, j1, j2, j3, j4,
        xi, ri, xj, rj, pair,
    ).launch(grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def _kwb_gather(out, x, x_st, idx, idx_st, xi, ri, pair=None):
    """out (contiguous, rank <= 5) from x in one launch: out[c] = x[sum(c * x_st) + idx[c] * xi (+ idx2[c] * xj)],
    x_st: x's strides at out's coordinates (0 on the dims an index replaces), idx_st the index's; ri the indexed
    dim's size (a negative index counts from it). pair: (idx2, idx2_st, xj, rj), a second index (kwb_index2)."""
    total = out.numel()
    if total == 0:
        return out
    lead = [0] * (5 - out.dim())
    sizes = [1] * (5 - out.dim()) + list(out.shape)
    j, j_st, xj, rj = pair if pair is not None else (idx, idx_st, 0, 1)
    tensors = [from_dlpack(t) for t in (_kwb_span(x)[0], _kwb_span(idx)[0], _kwb_span(j)[0], out.view(-1))]
    scalars = [total, *sizes[1:], *(lead + list(x_st)), *(lead + list(idx_st)), *(lead + list(j_st)), xi, ri, xj, rj]
    key = ("gather", x.dtype, idx.dtype, j.dtype, out.dtype, pair is not None)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes, one index or a pair)
        compiled = cute.compile(_kwb_gather_host, *tensors, *scalars, pair is not None)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return out


def _kwb_bcast_strides(t, shape):
    """t's strides when broadcast to `shape` (its trailing dims), 0 on a broadcast or size-1 dim."""
    t = t.expand(shape)
    return [st if s != 1 else 0 for s, st in zip(t.shape, t.stride())]


def _kwb_gather_pre_epi(gather, index, pre, pre_tensors, pre_scalars, epi, epi_tensors, epi_scalars, out_dtype=None):
    """The Triton stage's gather with an index prologue / an epilogue (session 46) as up to three launches here: the
    index's run (kwb_pointwise), the gather (gather(index)), the run after it (kwb_pointwise): the plan before, one
    launch per piece, the same math; the result in out_dtype (default the gather's)."""
    if pre is not None:
        index = kwb_pointwise(index, pre, pre_tensors, pre_scalars)
    out = gather(index)
    if epi is not None or out_dtype not in (None, out.dtype):
        return kwb_pointwise(out, epi if epi is not None else _kwb_epi_identity, epi_tensors, epi_scalars, out_dtype)
    return out


def kwb_embedding(weight, indices, wrap=False, pre=None, pre_tensors=(), pre_scalars=(), epi=None, epi_tensors=(),
                  epi_scalars=(), out_dtype=None):
    """F.embedding(indices, weight): out[..., :] = weight[indices[...], :], of shape indices.shape + (D,) and weight's
    dtype, one launch (weight and indices at any strides; a negative index counts from the end, as tensor indexing's;
    wrap: the Triton signature's, always so here). Indices are not checked on the host (a sync); the harness compares
    against the reference. pre / epi: the index's run and the run after (_kwb_gather_pre_epi: launches of their own
    here). ValueError: a weight not 2-D."""
    if pre is not None or epi is not None or out_dtype is not None:
        return _kwb_gather_pre_epi(lambda i: kwb_embedding(weight, i, wrap), indices, pre, pre_tensors, pre_scalars,
                                   epi, epi_tensors, epi_scalars, out_dtype)
    if weight.dim() != 2:
        raise ValueError("kwb_embedding: a weight of shape %s (2-D expected)" % (tuple(weight.shape),))
    n_e, D = weight.shape
    out = torch.empty(tuple(indices.shape) + (D,), dtype=weight.dtype, device=weight.device)
    flat = indices.reshape(-1, 1)  # [rows, 1]: read at the output's [rows, D] coordinates, stride 0 along D
    o2 = out.view(-1, D)
    return _kwb_gather(o2, weight, [0, weight.stride(1) if D != 1 else 0], flat,
                       _kwb_bcast_strides(flat, o2.shape), weight.stride(0), n_e).view(out.shape)


def kwb_index(x, indices, dim, pre=None, pre_tensors=(), pre_scalars=(), epi=None, epi_tensors=(), epi_scalars=(),
              out_dtype=None):
    """x[:, ..., indices] with one integer index tensor at `dim` (aten::index): shape x.shape[:dim] + indices.shape +
    x.shape[dim + 1:], negative indices from the end; the indexed dim moved first, the rest flattened, one row gather
    (kwb_embedding); the result is a view of its contiguous output with the index dims moved back to `dim`. pre /
    epi: as kwb_embedding's."""
    if pre is not None or epi is not None or out_dtype is not None:
        return _kwb_gather_pre_epi(lambda i: kwb_index(x, i, dim), indices, pre, pre_tensors, pre_scalars, epi,
                                   epi_tensors, epi_scalars, out_dtype)
    dim = dim % x.dim()
    xm = x.movedim(dim, 0)
    rest = tuple(xm.shape[1:])
    g = kwb_embedding(xm.reshape(xm.shape[0], -1), indices, wrap=True)
    k = indices.dim()
    out = g.view(tuple(indices.shape) + rest)
    return out.movedim(tuple(range(k)), tuple(range(dim, dim + k))) if dim and k else out


def kwb_index_multi(tables, indices, dim):
    """(kwb_index(x, indices, dim) for x in tables): the Triton stage set's sibling gathers in one launch
    (triton_indexed.py); here each table its own gather, the plan before (session 49, rope49)."""
    return tuple(kwb_index(x, indices, dim) for x in tables)


def kwb_pw_args(x, epi, epi_tensors=(), epi_scalars=(), out_dtype=None):
    """kwb_pointwise's arguments as one tuple (x, epi, epi_tensors, epi_scalars, out_dtype), for kwb_pointwise_multi:
    the same signature, so a planned line keeps its arguments as written."""
    return x, epi, tuple(epi_tensors), tuple(epi_scalars), out_dtype


def kwb_pointwise_multi(*calls):
    """(kwb_pointwise(*c) for c in calls), each c a kwb_pw_args tuple: the Triton stage set runs two of them in one
    launch (triton_indexed.py); here each its own launch, the plan before (session 49, rope49)."""
    return tuple(kwb_pointwise(*c) for c in calls)


def kwb_index2(x, i0, i1, dim, pre=None, pre_tensors=(), pre_scalars=(), pre_at=1, epi=None, epi_tensors=(),
               epi_scalars=(), out_dtype=None):
    """x[..., i0, i1, ...] with two integer index tensors of one shape at the consecutive dims dim, dim + 1 (aten::index
    with a pair of indices): shape x.shape[:dim] + i0.shape + x.shape[dim + 2:], negative indices from the end. The
    two dims moved first, the rest flattened (a view where the strides allow), one launch; the result is a view of
    its contiguous output with the index dims moved back. pre (on index pre_at: 0 i0, 1 i1) / epi: as
    kwb_embedding's. ValueError: index shapes that differ."""
    if pre is not None or epi is not None or out_dtype is not None:
        if pre_at == 0:
            return _kwb_gather_pre_epi(lambda i: kwb_index2(x, i, i1, dim), i0, pre, pre_tensors, pre_scalars, epi,
                                       epi_tensors, epi_scalars, out_dtype)
        return _kwb_gather_pre_epi(lambda i: kwb_index2(x, i0, i, dim), i1, pre if pre_at == 1 else None, pre_tensors,
                                   pre_scalars, epi, epi_tensors, epi_scalars, out_dtype)
    dim = dim % x.dim()
    w, out, rest = _kwb_index2_views(x, i0, i1, dim)
    D = w.shape[2]
    o2 = out.view(-1, D)
    a, b = i0.reshape(-1, 1), i1.reshape(-1, 1)
    _kwb_gather(o2, w, [0, w.stride(2) if D != 1 else 0], a, _kwb_bcast_strides(a, o2.shape), w.stride(0),
                w.shape[0], (b, _kwb_bcast_strides(b, o2.shape), w.stride(1), w.shape[1]))
    return _kwb_index2_result(out, i0, rest, dim)


def kwb_gather(x, dim, index):
    """torch.gather(x, dim, index): out[.., i, ..] = x[.., index[.., i, ..], ..] along dim, of index's shape (each dim
    at most x's, index of x's rank) and x's dtype, one launch; rank 1 to 5, any strides. Indices are not checked on
    the host (a sync). ValueError: ranks that differ or above 5."""
    if x.dim() > 5 or index.dim() != x.dim() or not x.dim():
        raise ValueError("kwb_gather: x %s and index %s (one rank, 1 to 5)" % (tuple(x.shape), tuple(index.shape)))
    d = dim % x.dim()
    out = torch.empty(index.shape, dtype=x.dtype, device=x.device)
    x_st = [0 if k == d or index.shape[k] == 1 else x.stride(k) for k in range(x.dim())]
    return _kwb_gather(out, x, x_st, index, _kwb_bcast_strides(index, index.shape), x.stride(d), x.shape[d])


def kwb_reduce_gathered(x, dim, index, shape, dims, op, keepdim=False, pre=None, pre_tensors=(), pre_scalars=(),
                      pre_dtype=None):
    """The Triton stage's gather loaded by its reduction (triton_epilogue.py kwb_reduce_gathered) as its two launches
    here: kwb_gather, then kwb_reduce of its reshape to `shape` (a tuple, or one sequence in a 1-tuple)."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list, torch.Size)):
        shape = shape[0]
    return kwb_reduce(kwb_gather(x, dim, index).reshape(shape), dims, op, keepdim, pre=pre, pre_tensors=pre_tensors,
                      pre_scalars=pre_scalars, pre_dtype=pre_dtype)


# ==== stage: kwb_topk kwb_sort kwb_kthvalue kwb_max_dim
# Selections along a dim with their indices (session 36, cute36): torch.topk, torch.sort, torch.kthvalue and max /
# min / argmax / argmin along a dim, the Triton stages' calls. One thread per element of a row (the dim moved last):
# its rank is the number of the row's elements that come before it in the order (larger first for largest, smaller
# first otherwise; equal values by the lower index first, the stable order; NaN above every number where nan_first,
# below otherwise; -0.0 equal to +0.0, as torch orders them), counted by a serial loop over the row in fp32
# (exact for fp16 / bf16 / fp32, the dtypes the planner hands it); an element of rank < k writes its value and index
# at that rank. O(N) per element, N^2 per row: the Triton stage's k rounds or its sort in registers are the next
# step. A prologue (pre=) is a kwb_pointwise launch first. NEVER RUN under the real CuTe DSL.
@cute.kernel
def _kwb_topk_kernel(m_x: cute.Tensor, m_v: cute.Tensor, m_i: cute.Tensor, total: cutlass.Int64, n: cutlass.Int64,
                     k: cutlass.Int64, xs_r: cutlass.Int64, xs_n: cutlass.Int64, largest: cutlass.Constexpr,
                     nan_first: cutlass.Constexpr):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: rows x the dim may pass 2**31
    if e < total:  # predication: the last CTA may hold fewer elements
        r = e // n
        j = e % n
        v = m_x[r * xs_r + j * xs_n].to(cutlass.Float32)
        v_nan = v != v
        rank = cutlass.Int64(0)
        for i in range(0, n, 1):
            u = m_x[r * xs_r + i * xs_n].to(cutlass.Float32)
            u_nan = u != u
            if cutlass.const_expr(largest):
                better = u > v
            else:
                better = u < v
            tie = (u == v) | (u_nan & v_nan)  # NaNs tie with each other, numbers never with a NaN
            # a comparison with a NaN is False, so `better` holds for two numbers only; v == v: v is a number
            if cutlass.const_expr(nan_first):
                better = better | (u_nan & (v == v))
            else:
                better = better | (v_nan & (u == u))
            if better | (tie & (i < j)):
                rank = rank + 1
        if rank < k:
            m_v[r * k + rank] = v.to(m_v.element_type)
            m_i[r * k + rank] = j


@cute.jit
def _kwb_topk_host(m_x: cute.Tensor, m_v: cute.Tensor, m_i: cute.Tensor, total: cutlass.Int64, n: cutlass.Int64,
                   k: cutlass.Int64, xs_r: cutlass.Int64, xs_n: cutlass.Int64, largest: cutlass.Constexpr,
                   nan_first: cutlass.Constexpr):
    _kwb_topk_kernel(m_x, m_v, m_i, total, n, k, xs_r, xs_n, largest, nan_first).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def kwb_topk(x, k, dim=-1, largest=True, sorted=True, nan_first=None, pre=None, pre_tensors=(), pre_scalars=(),
             pre_dtype=None):
    """torch.topk(x, k, dim, largest, sorted) -> (values, indices): along any dim, values in x's dtype (pre_dtype
    with pre), indices int64, each of x's shape with k at dim. Order: best first whatever `sorted`; equal values by
    their lower index first; NaN larger than every number (nan_first=None: first for largest, last for smallest;
    True: first either way, as torch.max / torch.min along a dim). pre: a pointwise run on x first (a kwb_pointwise
    launch; pre_tensors broadcast to x). One launch over the row elements (x at any strides: the dim moved last, a
    view where the strides allow, else reshape's copy). ValueError: k outside [0, the dim's size]."""
    if pre is not None:
        x = kwb_pointwise(x, pre, pre_tensors, pre_scalars, pre_dtype or x.dtype)
    d = dim % x.dim() if x.dim() else 0
    xm = x.movedim(d, -1) if x.dim() else x.reshape(1)
    n = xm.shape[-1]
    if k < 0 or k > n:
        raise ValueError("kwb_topk: k = %d out of range for a dim of size %d" % (k, n))
    lead = tuple(xm.shape[:-1])
    x2 = xm.reshape(-1, n)
    rows = x2.shape[0]
    vals = torch.empty(lead + (k,), dtype=x.dtype, device=x.device)
    idxs = torch.empty(lead + (k,), dtype=torch.int64, device=x.device)
    total = rows * n
    if total and k:
        span, _ = _kwb_span(x2)
        tensors = [from_dlpack(t) for t in (span, vals.view(-1), idxs.view(-1))]
        scalars = [total, n, k, x2.stride(0), x2.stride(1)]
        nf = bool(largest) if nan_first is None else bool(nan_first)
        key = ("topk", x.dtype, bool(largest), nf)
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, dtype, order, NaN's place)
            compiled = cute.compile(_kwb_topk_host, *tensors, *scalars, bool(largest), nf)
            _kwb_compiled[key] = compiled
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    if not x.dim():
        return vals.reshape(()), idxs.reshape(())
    return vals.movedim(-1, d), idxs.movedim(-1, d)


# ==== stage: kwb_embedding_bag
# Bags of embedding rows (session 36, cute36): F.embedding_bag / nn.EmbeddingBag with 1-D indices and offsets
# (aten::_embedding_bag), the Triton stage's call. One thread per output element (bag b, column d): bag b is
# indices[offsets[b] .. offsets[b + 1]), the first from 0 and the last to the end of indices (torch's CUDA kernel's
# bounds, as the Triton stage's), walked serially; mode 0 sum (times per_sample_weights where given), 1 mean, 2 max;
# an entry equal to padding_idx is skipped and not counted; an empty bag is 0. fp32 inside. An epilogue is a
# kwb_pointwise launch after (the Triton stage fuses it). NEVER RUN under the real CuTe DSL.
_kwb_bag_modes = {"sum": 0, "mean": 1, "max": 2, 0: 0, 1: 1, 2: 2}


@cute.kernel
def _kwb_bag_kernel(m_w: cute.Tensor, m_i: cute.Tensor, m_o: cute.Tensor, m_p: cute.Tensor, m_out: cute.Tensor,
                    total: cutlass.Int64, n_idx: cutlass.Int64, bags: cutlass.Int64, d: cutlass.Int64,
                    n_rows: cutlass.Int64, ws0: cutlass.Int64, ws1: cutlass.Int64, si: cutlass.Int64,
                    so: cutlass.Int64, sp: cutlass.Int64, pad: cutlass.Int64, no_pad: cutlass.Int64,
                    mode: cutlass.Constexpr, has_psw: cutlass.Constexpr):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: bags x columns may pass 2**31
    if e < total:  # predication: the last CTA may hold fewer elements
        b = e // d
        col = (e % d) * ws1
        start = cutlass.Int64(0)
        if b > 0:
            start = m_o[b * so].to(cutlass.Int64)
        end = n_idx
        if b + 1 < bags:
            end = m_o[(b + 1) * so].to(cutlass.Int64)
        acc = cutlass.Float32(0.0)
        if cutlass.const_expr(mode == 2):
            acc = cutlass.Float32(float("-inf"))
        cnt = cutlass.Int64(0)
        for j in range(start, end, 1):
            i = m_i[j * si].to(cutlass.Int64)
            if (i != pad) | (no_pad != 0):  # no padding_idx: every entry (-1 is then an index from the end)
                if i < 0:
                    i = i + n_rows
                v = m_w[i * ws0 + col].to(cutlass.Float32)
                if cutlass.const_expr(has_psw):
                    v = v * m_p[j * sp].to(cutlass.Float32)
                if cutlass.const_expr(mode == 2):
                    acc = cute.arch.fmax(acc, v)
                else:
                    acc = acc + v
                cnt = cnt + 1
        if cutlass.const_expr(mode == 1):
            if cnt > 0:
                acc = acc / cnt.to(cutlass.Float32)
        if cutlass.const_expr(mode == 2):
            if cnt == 0:
                acc = cutlass.Float32(0.0)
        m_out[e] = acc.to(m_out.element_type)


@cute.jit
def _kwb_bag_host(m_w: cute.Tensor, m_i: cute.Tensor, m_o: cute.Tensor, m_p: cute.Tensor, m_out: cute.Tensor,
                  total: cutlass.Int64, n_idx: cutlass.Int64, bags: cutlass.Int64, d: cutlass.Int64,
                  n_rows: cutlass.Int64, ws0: cutlass.Int64, ws1: cutlass.Int64, si: cutlass.Int64,
                  so: cutlass.Int64, sp: cutlass.Int64, pad: cutlass.Int64, no_pad: cutlass.Int64,
                  mode: cutlass.Constexpr, has_psw: cutlass.Constexpr):
    _kwb_bag_kernel(m_w, m_i, m_o, m_p, m_out, total, n_idx, bags, d, n_rows, ws0, ws1, si, so, sp, pad, no_pad,
                    mode, has_psw).launch(grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1],
                                             block=[PW_THREADS, 1, 1])


def kwb_embedding_bag(weight, indices, offsets, mode="sum", per_sample_weights=None, include_last_offset=False,
                      padding_idx=None, epi=None, epi_tensors=(), epi_scalars=()):
    """F.embedding_bag(indices, weight, offsets, mode=, per_sample_weights=, include_last_offset=, padding_idx=)
    with 1-D indices and offsets: [B, D] in weight's dtype, B = offsets' length (less one with include_last_offset);
    bag b is indices[offsets[b]:offsets[b + 1]], the last to the end of indices (the Triton stage's bounds); mode
    "sum" (times per_sample_weights where given), "mean" or "max"; padding_idx entries skipped and not counted; an
    empty bag is 0. One launch (weight, indices, offsets at any strides; a negative index counts from the end), and
    a kwb_pointwise launch for epi (its tensors broadcast to [B, D]). Offsets and indices are not checked on the
    host (a sync). ValueError: ranks other than 2-D / 1-D / 1-D, an unknown mode, per_sample_weights with another
    mode or another length than indices."""
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
    bags = max(offsets.shape[0] - (1 if include_last_offset else 0), 0)
    d = weight.shape[1]
    out = torch.empty((bags, d), dtype=torch.float32 if epi is not None else weight.dtype, device=weight.device)
    total = out.numel()
    if total:
        psw = per_sample_weights if per_sample_weights is not None else indices
        (ws, _), (iv, _), (ov, _), (pv, _) = (_kwb_span(t) for t in (weight, indices, offsets, psw))
        tensors = [from_dlpack(t) for t in (ws, iv, ov, pv, out.view(-1))]
        scalars = [total, indices.shape[0], bags, d, weight.shape[0], weight.stride(0), weight.stride(1),
                   indices.stride(0), offsets.stride(0), psw.stride(0), pad, int(pad < 0)]
        key = ("bag", weight.dtype, indices.dtype, offsets.dtype, psw.dtype, out.dtype, m,
               per_sample_weights is not None)
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, dtypes, mode, weights or not)
            compiled = cute.compile(_kwb_bag_host, *tensors, *scalars, m, per_sample_weights is not None)
            _kwb_compiled[key] = compiled
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    if epi is not None:
        out = kwb_pointwise(out, epi, epi_tensors, epi_scalars, weight.dtype)
    return out


# ==== stage: kwb_full kwb_arange kwb_tri
# Fills (session 34, cute34): torch.full / ones / zeros and torch.arange of a computed size, and torch.tril / triu
# over the last two dims, the Triton stages' calls (a causal mask's tril(ones(T, T)), a running count before a
# cumsum, T5's relative positions before their embedding). One kernel, one output element per thread: start + i *
# step in fp32 (a fill: step 0), or x's element kept or zeroed by its column minus row against the diagonal. memo (the
# planner's "once per sizes") is taken and ignored: each call launches. NEVER RUN under the real CuTe DSL.
@cute.kernel
def _kwb_fill_kernel(m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, rows: cutlass.Int64,
                     cols: cutlass.Int64, start: cutlass.Float32, step: cutlass.Float32, diag: cutlass.Int64,
                     tri: cutlass.Constexpr, upper: cutlass.Constexpr):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if i < total:  # predication: the last CTA may hold fewer elements
        if cutlass.const_expr(tri):
            d = i % cols - (i // cols) % rows  # column minus row over the last two dims
            v = m_x[i].to(cutlass.Float32)
            if cutlass.const_expr(upper):
                if d < diag:
                    v = cutlass.Float32(0.0)
            else:
                if d > diag:
                    v = cutlass.Float32(0.0)
            m_y[i] = v.to(m_y.element_type)
        else:
            m_y[i] = (start + i.to(cutlass.Float32) * step).to(m_y.element_type)


@cute.jit
def _kwb_fill_host(m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, rows: cutlass.Int64,
                   cols: cutlass.Int64, start: cutlass.Float32, step: cutlass.Float32, diag: cutlass.Int64,
                   tri: cutlass.Constexpr, upper: cutlass.Constexpr):
    _kwb_fill_kernel(m_x, m_y, total, rows, cols, start, step, diag, tri, upper).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def _kwb_fill(y, x=None, start=0.0, step=0.0, diag=0, upper=False):
    """y (contiguous) written in one launch: start + i * step at flat index i (x None), else x (contiguous, y's shape)
    with the entries past the diagonal zeroed (tril; upper: triu) over the last two dims. Returns y."""
    total = y.numel()
    if total == 0:
        return y
    tri = x is not None
    rows, cols = (y.shape[-2], y.shape[-1]) if tri else (1, 1)
    tensors = [from_dlpack(t) for t in ((x if tri else y).view(-1), y.view(-1))]
    scalars = [total, rows, cols, float(start), float(step), int(diag)]
    key = ("fill", (x if tri else y).dtype, y.dtype, tri, bool(upper))
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes, tril / triu / a fill)
        compiled = cute.compile(_kwb_fill_host, *tensors, *scalars, tri, bool(upper))
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return y


def kwb_full(size, value, dtype, device, memo=False):
    """torch.full(size, value, dtype) of a computed size (torch.ones / zeros too): one fill launch. memo: the Triton
    signature's; each call launches here."""
    return _kwb_fill(torch.empty([int(s) for s in size], dtype=dtype, device=device), start=value)


def kwb_arange(start, size, step, dtype, device, memo=False):
    """torch.arange(start, start + size * step, step) of a computed size: one launch, start + i * step in fp32, cast
    on the store (exact for integers below 2**24, as the Triton stage's). memo: taken, each call launches here."""
    return _kwb_fill(torch.empty([int(size)], dtype=dtype, device=device), start=start, step=step)


def kwb_tri(x, diagonal, upper, memo=False):
    """torch.tril (upper False) / torch.triu of x over its last two dims (rank >= 2), a new contiguous tensor, one
    launch. memo: taken, each call launches here. ValueError: rank below 2."""
    if x.dim() < 2:
        raise ValueError("kwb_tri: a rank >= 2 input, got %s" % (list(x.shape),))
    xc = x.contiguous()
    return _kwb_fill(torch.empty_like(xc), xc, diag=diagonal, upper=upper)


# ==== stage: kwb_pad kwb_pad_view kwb_flip kwb_flip_view kwb_roll kwb_cat kwb_cat_piece kwb_copy_into_piece kwb_copy_into
# Index maps (session 35, cute35): F.pad (constant, circular, replicate, reflect), torch.flip, torch.roll and
# torch.cat, the Triton stages' calls. One kernel for the first three (Triton's _kwb_shift_kernel): one thread per
# element of the contiguous output, its 5-D coordinates decoded once, each mapped back to x's by `mode` (0 shifted,
# reading `fill` outside x; 1 modulo x's size; 2 clamped; 3 reflected; 4 reversed where the flag is set). A cat is
# one strided copy launch per part into its slice of the output (_kwb_copy_kernel), then its epilogue as a
# kwb_pointwise launch. The Triton chain's index-map prologues (kwb_pad_prologue: a pad read through its map by the
# pointwise launch that reads it; kwb_piecewise_reads: a buffer written by slices read piece by piece) are off here:
# the pad, the cat and each piece launch, and forward() takes the plan's other branch.
# NEVER RUN under the real CuTe DSL.
@cute.jit
def _kwb_shift_dim(i, m, r, mode: cutlass.Constexpr):
    """One dim of the shift map: output index i -> source index (may lie outside [0, r) in mode 0)."""
    j = i - m
    if cutlass.const_expr(mode == 1):
        j = (j + r) % r
    if cutlass.const_expr(mode == 2):
        j = cutlass.min(cutlass.max(j, cutlass.Int64(0)), r - 1)
    if cutlass.const_expr(mode == 3):
        j = cutlass.max(j, -j)  # reflected at 0 without repeating the edge
        j = cutlass.min(j, 2 * (r - 1) - j)  # and at r - 1
    if cutlass.const_expr(mode == 4):
        j = i + m * (r - 1 - 2 * i)  # m is 0 or 1: r - 1 - i where the dim is flipped
    return j


@cute.kernel
def _kwb_shift_kernel(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,  # the output's sizes of dims 1..4
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,  # x's strides
    r0: cutlass.Int64, r1: cutlass.Int64, r2: cutlass.Int64, r3: cutlass.Int64, r4: cutlass.Int64,  # x's sizes
    m0: cutlass.Int64, m1: cutlass.Int64, m2: cutlass.Int64, m3: cutlass.Int64, m4: cutlass.Int64,  # shifts
    fill: cutlass.Float32, mode: cutlass.Constexpr,
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if i < total:  # predication: the last CTA may hold fewer elements
        c0, c1, c2, c3, c4 = _kwb_coords5(i, d1, d2, d3, d4)
        j0 = _kwb_shift_dim(c0, m0, r0, mode)
        j1 = _kwb_shift_dim(c1, m1, r1, mode)
        j2 = _kwb_shift_dim(c2, m2, r2, mode)
        j3 = _kwb_shift_dim(c3, m3, r3, mode)
        j4 = _kwb_shift_dim(c4, m4, r4, mode)
        v = cutlass.Float32(fill)
        if (j0 >= 0) & (j0 < r0) & (j1 >= 0) & (j1 < r1) & (j2 >= 0) & (j2 < r2) & (j3 >= 0) & (j3 < r3) & \
                (j4 >= 0) & (j4 < r4):
            v = m_x[j0 * x0 + j1 * x1 + j2 * x2 + j3 * x3 + j4 * x4].to(cutlass.Float32)
        m_y[i] = v.to(m_y.element_type)


@cute.jit
def _kwb_shift_host(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,
    r0: cutlass.Int64, r1: cutlass.Int64, r2: cutlass.Int64, r3: cutlass.Int64, r4: cutlass.Int64,
    m0: cutlass.Int64, m1: cutlass.Int64, m2: cutlass.Int64, m3: cutlass.Int64, m4: cutlass.Int64,
    fill: cutlass.Float32, mode: cutlass.Constexpr,
):
    _kwb_shift_kernel(m_x, m_y, total, d1, d2, d3, d4, x0, x1, x2, x3, x4, r0, r1, r2, r3, r4, m0, m1, m2, m3, m4,
                      fill, mode).launch(grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def _kwb_shift(x, out, before, fill, mode=0):
    """out[i] = x[i - before] per dim by one launch, x and out of rank <= 5 (x any strides, out contiguous); outside x
    by mode: 0 fill, 1 modulo x's size, 2 the nearest edge, 3 reflected at the edges; 4: out[i] = x[size - 1 - i]
    along the dims whose `before` is 1 (a flip). The element is converted through fp32 (exact for fp16 / bf16 and
    integers below 2**24)."""
    total = out.numel()
    if total == 0:
        return out
    lead = [1] * (5 - x.dim())
    span, st = _kwb_span(x)
    sizes = lead + list(out.shape)
    tensors = [from_dlpack(span), from_dlpack(out.view(-1))]
    scalars = [total, *sizes[1:], *([0] * len(lead) + st), *(lead + list(x.shape)),
               *([0] * len(lead) + [int(b) for b in before]), float(fill)]
    key = ("shift", x.dtype, out.dtype, mode)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes, mode)
        compiled = cute.compile(_kwb_shift_host, *tensors, *scalars, mode)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return out


def kwb_roll(x, shifts, dims):
    """torch.roll(x, shifts, dims) with dims given (rank 1..5, any strides): out contiguous, one launch; each rolled
    dim reads x at (i - shift) mod its size."""
    shifts = [shifts] if isinstance(shifts, int) else list(shifts)
    dims = [dims] if isinstance(dims, int) else list(dims)
    if len(shifts) != len(dims) or x.dim() > 5 or x.dim() == 0:
        raise ValueError("kwb_roll: shifts %s and dims %s of a rank-%d tensor" % (shifts, dims, x.dim()))
    before = [0] * x.dim()
    for s, d in zip(shifts, dims):
        d = d % x.dim()
        before[d] = (before[d] + s) % x.shape[d] if x.shape[d] else 0
    return _kwb_shift(x, torch.empty(x.shape, dtype=x.dtype, device=x.device), before, 0.0, mode=1)


def kwb_flip(x, dims):
    """torch.flip(x, dims) (rank 0..5, any strides): out contiguous, one launch reading x at size - 1 - i along each
    flipped dim. ValueError: a dim out of range or a rank above 5."""
    dims = [dims] if isinstance(dims, int) else list(dims)
    if x.dim() > 5 or any(not -max(x.dim(), 1) <= d < max(x.dim(), 1) for d in dims):
        raise ValueError("kwb_flip: dims %s of a rank-%d tensor" % (dims, x.dim()))
    if x.dim() == 0:
        return kwb_flip(x.reshape(1), []).reshape(())
    flip = [0] * x.dim()
    for d in dims:
        flip[d % x.dim()] = 1
    return _kwb_shift(x, torch.empty(x.shape, dtype=x.dtype, device=x.device), flip, 0.0, mode=4)


def kwb_flip_view(x, dims):
    """kwb_flip (kwb_pad_prologue is off in the CuTe DSL stage set: the flip launches)."""
    return kwb_flip(x, dims)


def _kwb_pad_shape(x, pad, mode):
    """(the padded shape, the padding before each dim) of F.pad(x, pad, mode), with torch's bounds (kwb_pad)."""
    pad = list(pad)
    if len(pad) % 2 or len(pad) // 2 > x.dim() or x.dim() > 5:
        raise ValueError("kwb_pad: pad %s of a rank-%d tensor" % (pad, x.dim()))
    shape, before = list(x.shape), [0] * x.dim()
    for k in range(len(pad) // 2):
        d = x.dim() - 1 - k
        lo, hi = pad[2 * k], pad[2 * k + 1]
        before[d] = lo
        shape[d] = x.shape[d] + lo + hi
        if mode == "reflect" and not (0 <= lo < x.shape[d] and 0 <= hi < x.shape[d]):
            raise ValueError("kwb_pad: reflect pad %s must be below the size %d of dim %d" % (pad, x.shape[d], d))
        if mode == "replicate" and (min(lo, hi) < 0 or x.shape[d] == 0):
            raise ValueError("kwb_pad: replicate pad %s of dim %d of size %d" % (pad, d, x.shape[d]))
        if mode == "circular" and not (0 <= min(lo, hi) and max(lo, hi) <= x.shape[d]):
            raise ValueError("kwb_pad: circular pad %s must be in [0, %d] (the size of dim %d)" % (pad, x.shape[d], d))
    if any(s < 0 for s in shape):
        raise ValueError("kwb_pad: pad %s leaves a negative size from %s" % (pad, tuple(x.shape)))
    return shape, before


def kwb_pad(x, pad, value=0.0, mode="constant"):
    """F.pad(x, pad, mode, value): pad holds (before, after) pairs from the last dim backwards; out contiguous, one
    launch. mode "constant" (negative entries crop), "replicate", "reflect" (each pad below its dim's size) or
    "circular" (each pad in [0, size]), with torch's bounds; ValueError outside them or above rank 5."""
    shape, before = _kwb_pad_shape(x, pad, mode)
    out = torch.empty(shape, dtype=x.dtype, device=x.device)
    if x.numel() == 0:
        return out.fill_(value)
    return _kwb_shift(x, out, before, value, mode={"constant": 0, "circular": 1, "replicate": 2, "reflect": 3}[mode])


def kwb_pad_view(x, pad, value=0.0, mode="constant"):
    """kwb_pad (kwb_pad_prologue is off in the CuTe DSL stage set: the pad launches)."""
    return kwb_pad(x, pad, value, mode)


@cute.kernel
def _kwb_copy_kernel(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,  # x's strides
    y0: cutlass.Int64, y1: cutlass.Int64, y2: cutlass.Int64, y3: cutlass.Int64, y4: cutlass.Int64,  # y's strides
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = cutlass.Int64(bidx) * PW_THREADS + tidx
    if i < total:
        c0, c1, c2, c3, c4 = _kwb_coords5(i, d1, d2, d3, d4)
        m_y[c0 * y0 + c1 * y1 + c2 * y2 + c3 * y3 + c4 * y4] = \
            m_x[c0 * x0 + c1 * x1 + c2 * x2 + c3 * x3 + c4 * x4].to(m_y.element_type)


@cute.jit
def _kwb_copy_host(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,
    y0: cutlass.Int64, y1: cutlass.Int64, y2: cutlass.Int64, y3: cutlass.Int64, y4: cutlass.Int64,
):
    _kwb_copy_kernel(m_x, m_y, total, d1, d2, d3, d4, x0, x1, x2, x3, x4, y0, y1, y2, y3, y4).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def _kwb_copy(dst, src):
    """dst[...] = src for one shape of rank <= 5 (both any strides, src cast to dst's dtype), one launch."""
    total = src.numel()
    if total == 0:
        return dst
    lead = [0] * (5 - src.dim())
    sizes = [1] * len(lead) + list(src.shape)
    (xs, xst), (ys, yst) = _kwb_span(src), _kwb_span(dst)
    tensors = [from_dlpack(xs), from_dlpack(ys)]
    scalars = [total, *sizes[1:], *(lead + xst), *(lead + yst)]
    key = ("copy", src.dtype, dst.dtype)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes)
        compiled = cute.compile(_kwb_copy_host, *tensors, *scalars)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return dst


def kwb_cat(tensors, dim, epi=None, epi_tensors=(), epi_scalars=()):
    """torch.cat(tensors, dim) of tensors of rank 1..5 and one dtype, out contiguous: each part copied into its slice
    of the output by one launch (any strides), then epi (the pointwise run after the cat) as one kwb_pointwise launch
    on the output's coordinates. ValueError: ranks that differ or above 5."""
    first = tensors[0]
    nd = first.dim()
    if not 1 <= nd <= 5 or any(t.dim() != nd for t in tensors):
        raise ValueError("kwb_cat: parts of ranks %s (one rank, 1 to 5)" % [t.dim() for t in tensors])
    dim = dim % nd
    shape = list(first.shape)
    shape[dim] = sum(t.shape[dim] for t in tensors)
    out = torch.empty(shape, dtype=first.dtype, device=first.device)
    at = 0
    for t in tensors:
        _kwb_copy(out.narrow(dim, at, t.shape[dim]), t)
        at += t.shape[dim]
    return out if epi is None else kwb_pointwise(out, epi, epi_tensors, epi_scalars)


def kwb_at(t):
    """The Triton chain's index-map read of t; forward() names it only in the branch kwb_pad_prologue /
    kwb_piecewise_reads take, which is off here: t itself."""
    return t


def kwb_dim_scalar(t, d):
    """t.shape[d] as an epilogue scalar (the Triton chain's index-map bound; off here as kwb_at)."""
    return float(t.shape[d])


def kwb_piece_view(t):
    """t itself (kwb_piecewise_reads is off in the CuTe DSL stage set: a buffer's pieces are written)."""
    return t


def kwb_pointwise_piece(x, *args, **kwargs):
    """kwb_pointwise (kwb_piecewise_reads is off in the CuTe DSL stage set: a piece launches)."""
    return kwb_pointwise(x, *args, **kwargs)


def kwb_copy_into(dst, src):
    """dst[...] = src (one shape of rank <= 5, any strides, src cast to dst's dtype) by one copy launch: a forward()
    that writes its input in place leaves the final value in the caller's tensor this way (session 39, the Triton
    stage's call). ValueError: shapes that differ or a rank above 5."""
    if tuple(dst.shape) != tuple(src.shape) or dst.dim() > 5:
        raise ValueError("kwb_copy_into: shapes %s and %s (rank <= 5, equal)" % (tuple(dst.shape), tuple(src.shape)))
    return _kwb_copy(dst, src)


def kwb_copy_into_piece(dst, src):
    """dst[...] = src() by one copy launch (kwb_piecewise_reads is off: a buffer's slice writes run); src is a function
    (the Triton chain skips calling it while pieces are read in place)."""
    return _kwb_copy(dst, src())


def kwb_piece_starts(buf, d, *views):
    """The Triton chain's piece cut points, never read here (kwb_piecewise_reads is off): zeros of its length."""
    return (0.0,) * (len(views) - 1)


def kwb_cat_piece(parts, dim, *args, **kwargs):
    """kwb_cat (kwb_piecewise_reads is off in the CuTe DSL stage set: the cat launches)."""
    return kwb_cat(parts, dim, *args, **kwargs)


# ==== stage: kwb_upsample
# Upsampling (session 35, cute35): F.interpolate / nn.Upsample, the Triton stage's call. One thread per element of
# the contiguous output [N, C, *spatial] (1 to 3 spatial dims as 3, leading ones of size 1): nearest and
# nearest-exact read one tap; linear blends 2, 4 or 8 (linear / bilinear / trilinear); bicubic (2 spatial dims) 16
# taps with torch's A = -0.75, clamped at the borders. Source indices by torch's rules in fp32 (align_corners, or the
# given scale's reciprocal). An epilogue is a kwb_pointwise launch after. NEVER RUN under the real CuTe DSL.
@cute.jit
def _kwb_resample_dim(i, r, scale, mode: cutlass.Constexpr, align: cutlass.Constexpr):
    """One spatial dim: output index i -> source indices lo, hi and hi's weight (fp32). mode 0 nearest (floor(i *
    scale)), 1 nearest-exact (floor((i + 0.5) * scale)), both clamped to r - 1; 2 linear."""
    f = i.to(cutlass.Float32)
    lo = i
    hi = i
    w = cutlass.Float32(0.0)
    if cutlass.const_expr(mode == 2):
        src = f * scale
        if cutlass.const_expr(not align):
            src = cute.arch.fmax(scale * (f + cutlass.Float32(0.5)) - cutlass.Float32(0.5), cutlass.Float32(0.0))
        lo = src.to(cutlass.Int64)  # src >= 0: truncation is floor
        hi = cutlass.min(lo + 1, r - 1)
        w = cute.arch.fmin(cute.arch.fmax(src - lo.to(cutlass.Float32), cutlass.Float32(0.0)), cutlass.Float32(1.0))
    else:
        if cutlass.const_expr(mode == 1):
            f = f + cutlass.Float32(0.5)
        lo = cutlass.min(cute.math.floor(f * scale).to(cutlass.Int64), r - 1)
        hi = lo
    return lo, hi, w


@cute.jit
def _kwb_cubic_w(t):
    """torch's get_cubic_upsample_coefficients (A = -0.75): the weights of the taps at -1, 0, 1, 2 for fraction t."""
    a = cutlass.Float32(-0.75)
    x0 = t + cutlass.Float32(1.0)
    c0 = ((a * x0 - cutlass.Float32(5.0) * a) * x0 + cutlass.Float32(8.0) * a) * x0 - cutlass.Float32(4.0) * a
    c1 = ((a + cutlass.Float32(2.0)) * t - (a + cutlass.Float32(3.0))) * t * t + cutlass.Float32(1.0)
    x2 = cutlass.Float32(1.0) - t
    c2 = ((a + cutlass.Float32(2.0)) * x2 - (a + cutlass.Float32(3.0))) * x2 * x2 + cutlass.Float32(1.0)
    x3 = x2 + cutlass.Float32(1.0)
    c3 = ((a * x3 - cutlass.Float32(5.0) * a) * x3 + cutlass.Float32(8.0) * a) * x3 - cutlass.Float32(4.0) * a
    return c0, c1, c2, c3


@cute.kernel
def _kwb_resample_kernel(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, c: cutlass.Int64,
    od: cutlass.Int64, oh: cutlass.Int64, ow: cutlass.Int64,  # output spatial sizes (1 where padded)
    id_: cutlass.Int64, ih: cutlass.Int64, iw: cutlass.Int64,  # input spatial sizes
    sn: cutlass.Int64, sc: cutlass.Int64, sd: cutlass.Int64, sh: cutlass.Int64, sw: cutlass.Int64,  # x's strides
    cd: cutlass.Float32, ch: cutlass.Float32, cw: cutlass.Float32,  # source-index scales
    mode: cutlass.Constexpr, align: cutlass.Constexpr, cubic: cutlass.Constexpr,
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if i < total:  # predication: the last CTA may hold fewer outputs
        o_w = i % ow
        q = i // ow
        o_h = q % oh
        q = q // oh
        o_d = q % od
        nc = q // od
        base = (nc // c) * sn + (nc % c) * sc
        acc = cutlass.Float32(0.0)
        if cutlass.const_expr(cubic):
            # 4 x 4 taps around the source point (not clamped at 0: torch's cubic source index), each clamped to
            # the input, blended along W within each row, then along H
            fy = ch * o_h.to(cutlass.Float32)
            fx = cw * o_w.to(cutlass.Float32)
            if cutlass.const_expr(not align):
                fy = ch * (o_h.to(cutlass.Float32) + cutlass.Float32(0.5)) - cutlass.Float32(0.5)
                fx = cw * (o_w.to(cutlass.Float32) + cutlass.Float32(0.5)) - cutlass.Float32(0.5)
            gy = cute.math.floor(fy)
            gx = cute.math.floor(fx)
            wy0, wy1, wy2, wy3 = _kwb_cubic_w(fy - gy)
            wx0, wx1, wx2, wx3 = _kwb_cubic_w(fx - gx)
            y = gy.to(cutlass.Int64)
            x = gx.to(cutlass.Int64)
            for a in cutlass.range_constexpr(4):
                ya = cutlass.min(cutlass.max(y - 1 + a, cutlass.Int64(0)), ih - 1) * sh + base
                row = (m_x[ya + cutlass.min(cutlass.max(x - 1, cutlass.Int64(0)), iw - 1) * sw].to(cutlass.Float32)
                       * wx0 +
                       m_x[ya + cutlass.min(cutlass.max(x, cutlass.Int64(0)), iw - 1) * sw].to(cutlass.Float32)
                       * wx1 +
                       m_x[ya + cutlass.min(cutlass.max(x + 1, cutlass.Int64(0)), iw - 1) * sw].to(cutlass.Float32)
                       * wx2 +
                       m_x[ya + cutlass.min(cutlass.max(x + 2, cutlass.Int64(0)), iw - 1) * sw].to(cutlass.Float32)
                       * wx3)
                wa = wy0
                if cutlass.const_expr(a == 1):
                    wa = wy1
                if cutlass.const_expr(a == 2):
                    wa = wy2
                if cutlass.const_expr(a == 3):
                    wa = wy3
                acc = acc + row * wa
        else:
            d0, d1, wd = _kwb_resample_dim(o_d, id_, cd, mode, align)
            h0, h1, wh = _kwb_resample_dim(o_h, ih, ch, mode, align)
            w0, w1, ww = _kwb_resample_dim(o_w, iw, cw, mode, align)
            if cutlass.const_expr(mode == 2):  # the 8 corners, weight 0 along a dim that is not resampled
                for a in cutlass.range_constexpr(2):
                    zd = d0 * sd
                    fd = cutlass.Float32(1.0) - wd
                    if cutlass.const_expr(a == 1):
                        zd = d1 * sd
                        fd = wd
                    for b in cutlass.range_constexpr(2):
                        zh = h0 * sh
                        fh = cutlass.Float32(1.0) - wh
                        if cutlass.const_expr(b == 1):
                            zh = h1 * sh
                            fh = wh
                        v0 = m_x[base + zd + zh + w0 * sw].to(cutlass.Float32)
                        v1 = m_x[base + zd + zh + w1 * sw].to(cutlass.Float32)
                        acc = acc + fd * fh * ((cutlass.Float32(1.0) - ww) * v0 + ww * v1)
            else:
                acc = m_x[base + d0 * sd + h0 * sh + w0 * sw].to(cutlass.Float32)
        m_y[i] = acc.to(m_y.element_type)


@cute.jit
def _kwb_resample_host(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, c: cutlass.Int64,
    od: cutlass.Int64, oh: cutlass.Int64, ow: cutlass.Int64, id_: cutlass.Int64, ih: cutlass.Int64, iw: cutlass.Int64,
    sn: cutlass.Int64, sc: cutlass.Int64, sd: cutlass.Int64, sh: cutlass.Int64, sw: cutlass.Int64,
    cd: cutlass.Float32, ch: cutlass.Float32, cw: cutlass.Float32,
    mode: cutlass.Constexpr, align: cutlass.Constexpr, cubic: cutlass.Constexpr,
):
    _kwb_resample_kernel(m_x, m_y, total, c, od, oh, ow, id_, ih, iw, sn, sc, sd, sh, sw, cd, ch, cw, mode, align,
                         cubic).launch(grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def kwb_upsample(x, mode, size=None, scales=None, align_corners=None, epi=None, epi_tensors=(), epi_scalars=()):
    """F.interpolate(x, size or scale_factor, mode) of x [N, C, *spatial], 1 to 3 spatial dims, any strides: mode
    "nearest", "nearest-exact", "linear" (linear / bilinear / trilinear by the spatial rank) or "bicubic" (2 spatial
    dims); align_corners for linear and bicubic. size: the output's spatial sizes, or None for floor(in * scale);
    scales (None or per dim) set the source index rule's 1 / scale, else in / out, as torch's. One launch, fp32 math,
    out contiguous in x's dtype; epi: the pointwise run after it, a kwb_pointwise launch on the result. ValueError:
    another rank or mode."""
    ins, size, cs, align, out = _kwb_upsample_plan(x, mode, size, scales, align_corners)
    sp = x.dim() - 2
    total = out.numel()
    if total == 0:
        return out
    pad = 3 - sp
    span, st = _kwb_span(x)
    o3, i3 = [1] * pad + size, [1] * pad + ins
    s3 = st[:2] + [0] * pad + st[2:]
    c3 = [0.0] * pad + [float(v) for v in cs]
    flags = ({"nearest": 0, "nearest-exact": 1, "linear": 2, "bicubic": 2}[mode], align, mode == "bicubic")
    tensors = [from_dlpack(span), from_dlpack(out.view(-1))]
    scalars = [total, x.shape[1], *o3, *i3, *s3, *c3]
    key = ("resample", x.dtype, flags)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtype, mode)
        compiled = cute.compile(_kwb_resample_host, *tensors, *scalars, *flags)
        _kwb_compiled[key] = compiled
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return out if epi is None else kwb_pointwise(out, epi, epi_tensors, epi_scalars)


# ==== stage: kwb_nll
# Losses that gather by an integer target (session 35, cute35): F.nll_loss and F.cross_entropy (log_softmax=True),
# the Triton stage's call. One thread per row (n, s) of x viewed [N, C, S]: the target t read, x[n, t, s] and, for
# cross entropy, the row's logsumexp over the C classes (online max and rescaled sum, fp32, a serial loop over C
# through x's strides) so that log_softmax is never written; the loss -w[t] * logp and the weight w[t] (0 where
# t == ignore_index) stored per row. "sum" / "mean": kwb_reduce launches over the rows (mean: sum(loss) /
# sum(weights) by a kwb_pointwise launch). NEVER RUN under the real CuTe DSL.
@cute.kernel
def _kwb_nll_kernel(m_x: cute.Tensor, m_t: cute.Tensor, m_w: cute.Tensor, m_loss: cute.Tensor, m_wt: cute.Tensor,
                    m_rs: cute.Tensor, rows: cutlass.Int64, s_len: cutlass.Int64, c: cutlass.Int64,
                    ignore: cutlass.Int64, sxn: cutlass.Int64, sxc: cutlass.Int64, sxs: cutlass.Int64,
                    stn: cutlass.Int64, sts: cutlass.Int64, log_softmax: cutlass.Constexpr, has_w: cutlass.Constexpr,
                    row_sum: cutlass.Constexpr):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    r = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: rows x classes may pass 2**31
    if r < rows:  # predication: the last CTA may hold fewer rows
        xb = (r // s_len) * sxn + (r % s_len) * sxs
        t = m_t[(r // s_len) * stn + (r % s_len) * sts].to(cutlass.Int64)
        loss = cutlass.Float32(0.0)
        w = cutlass.Float32(0.0)
        lse = cutlass.Float32(0.0)
        if cutlass.const_expr(row_sum):  # every row's logsumexp and sum(logp) = sum(x) - C * lse in one walk
            a = cutlass.Float32(NEG_BIG)
            b = cutlass.Float32(0.0)
            sx = cutlass.Float32(0.0)
            for k in range(0, c, 1):
                v = m_x[xb + k * sxc].to(cutlass.Float32)
                m_new = cute.arch.fmax(a, v)
                b = b * cute.math.exp(a - m_new) + cute.math.exp(v - m_new)
                a = m_new
                sx = sx + v
            lse = a + cute.math.log(b)
            m_rs[r] = (sx - c.to(cutlass.Float32) * lse).to(m_rs.element_type)
        if t != ignore:
            xt = m_x[xb + t * sxc].to(cutlass.Float32)
            if cutlass.const_expr(row_sum):
                xt = xt - lse
            elif cutlass.const_expr(log_softmax):
                a = cutlass.Float32(NEG_BIG)  # running max (finite: exp of two -inf stays 0) and rescaled sum
                b = cutlass.Float32(0.0)
                for k in range(0, c, 1):
                    v = m_x[xb + k * sxc].to(cutlass.Float32)
                    m_new = cute.arch.fmax(a, v)
                    b = b * cute.math.exp(a - m_new) + cute.math.exp(v - m_new)
                    a = m_new
                xt = xt - (a + cute.math.log(b))
            w = cutlass.Float32(1.0)
            if cutlass.const_expr(has_w):
                w = m_w[t].to(cutlass.Float32)
            loss = -w * xt
        m_loss[r] = loss.to(m_loss.element_type)
        m_wt[r] = w


@cute.jit
def _kwb_nll_host(m_x: cute.Tensor, m_t: cute.Tensor, m_w: cute.Tensor, m_loss: cute.Tensor, m_wt: cute.Tensor,
                  m_rs: cute.Tensor, rows: cutlass.Int64, s_len: cutlass.Int64, c: cutlass.Int64,
                  ignore: cutlass.Int64, sxn: cutlass.Int64, sxc: cutlass.Int64, sxs: cutlass.Int64,
                  stn: cutlass.Int64, sts: cutlass.Int64, log_softmax: cutlass.Constexpr, has_w: cutlass.Constexpr,
                  row_sum: cutlass.Constexpr):
    _kwb_nll_kernel(m_x, m_t, m_w, m_loss, m_wt, m_rs, rows, s_len, c, ignore, sxn, sxc, sxs, stn, sts, log_softmax,
                    has_w, row_sum).launch(grid=[(rows + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


@cute.jit
def _kwb_epi_div(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return acc / e0_v




def kwb_nll(x, target, weight=None, ignore_index=-100, reduction="mean", log_softmax=False, row_sum=False,
            out_dtype=None):
    """F.nll_loss(x, target, weight, ignore_index=, reduction=): x [C], [N, C] or [N, C, d1, ...] (any strides),
    target the integer class of each row ([], [N] or [N, d1, ...]), weight None or [C]; log_softmax True: x are
    logits (F.cross_entropy), log_softmax computed in the same pass and never written. reduction "none" (0): [N, d1,
    ...] of -w[t] * logp[t], 0 where t == ignore_index; "sum" (2) their sum; "mean" (1) the sum over the kept rows'
    weights (NaN when every row is ignored), 0-d; in x's dtype, fp32 inside. One launch, plus a kwb_reduce for
    "sum" and two reduces and a kwb_pointwise for "mean". A target outside [0, C) is not checked (a sync).
    row_sum True (needs log_softmax; session 41, ce41): returns (loss, rs), rs [N, d1, ...] in x's dtype every
    row's sum over the classes of logp (sum(x) - C * lse) from the same walk (label smoothing's
    `log_softmax(x, 1).sum(1)`). out_dtype: the results' dtype (None: x's). ValueError: shapes that do not match, an
    unknown reduction, row_sum without log_softmax."""
    if row_sum and not log_softmax:
        raise ValueError("kwb_nll: row_sum=True needs log_softmax=True")
    red, x3, t2, want_t, loss, wt = _kwb_nll_views(x, target, weight, reduction)
    rows, s, c = t2.numel(), t2.shape[1], x3.shape[1]
    dt = out_dtype or x.dtype
    if red == "none" and loss.dtype != dt:
        loss = torch.empty(rows, dtype=dt, device=x.device)
    rs = torch.empty(rows, dtype=dt, device=x.device) if row_sum else None
    if rows:
        (xs, xst), (ts, tst) = _kwb_span(x3), _kwb_span(t2)
        w = weight.contiguous() if weight is not None else wt
        tensors = [from_dlpack(v) for v in (xs, ts, w, loss, wt, rs if row_sum else wt)]
        scalars = [rows, s, c, int(ignore_index), x3.stride(0), x3.stride(1), x3.stride(2), t2.stride(0),
                   t2.stride(1)]
        key = ("nll", x.dtype, target.dtype, w.dtype, loss.dtype, bool(log_softmax), weight is not None,
               bool(row_sum), dt)
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, dtypes, cross entropy or not, weight or not, row sums)
            compiled = cute.compile(_kwb_nll_host, *tensors, *scalars, bool(log_softmax), weight is not None,
                                    bool(row_sum))
            _kwb_compiled[key] = compiled
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (rows + PW_THREADS - 1) // PW_THREADS)
    if red == "none":
        total = loss.view(want_t)
    elif not rows:  # torch: the sum of nothing 0, its mean 0 / 0
        total = kwb_full([], 0.0 if red == "sum" else float("nan"), dt, x.device)
    elif red == "sum":
        total = _kwb_reduce_rows(loss, [0], "sum", False, dt)
    else:
        total = kwb_pointwise(_kwb_reduce_rows(loss, [0], "sum", False, torch.float32), _kwb_epi_div,
                              (_kwb_reduce_rows(wt, [0], "sum", False, torch.float32),), out_dtype=dt)
    return (total, rs.view(want_t)) if row_sum else total


# ==== stage: kwb_im2col kwb_col2im
# F.unfold / F.fold (session 37, cute37): the Triton stages' calls, the convolution-by-hand class (an unfold read by a
# Linear as its A, an overlap-add). im2col: one thread per patch element in [N, C * kh * kw, L] order, x read through
# its strides (0 outside x), written through the output's strides (kmajor: a transposed view of [N, L, C * kh * kw],
# contiguous along K for the GEMM that reads it). col2im: one thread per output element gathers the patch values
# covering it in ki-then-kj order (the Triton stage's order: no atomics, the same fp32 sum every run); a negative
# numerator is tested before its quotient is taken (C and Python round it differently). An epilogue is a
# kwb_pointwise launch after. NEVER RUN under the real CuTe DSL.
@cute.kernel
def _kwb_im2col_kernel(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, h: cutlass.Int64, w: cutlass.Int64,
    ow: cutlass.Int64, l: cutlass.Int64, ck: cutlass.Int64, kh: cutlass.Int64, kw: cutlass.Int64,
    sxn: cutlass.Int64, sxc: cutlass.Int64, sxh: cutlass.Int64, sxw: cutlass.Int64,  # x's strides
    syn: cutlass.Int64, syr: cutlass.Int64, syl: cutlass.Int64,  # the output's strides over [N, CK, L]
    sh: cutlass.Int64, sw: cutlass.Int64, ph: cutlass.Int64, pw: cutlass.Int64, dh: cutlass.Int64, dw: cutlass.Int64,
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    i = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if i < total:  # predication: the last CTA may hold fewer elements
        li = i % l
        t = i // l
        r = t % ck
        b = t // ck
        kj = r % kw
        q = r // kw
        ki = q % kh
        ci = q // kh
        hi = (li // ow) * sh - ph + ki * dh
        wi = (li % ow) * sw - pw + kj * dw
        v = cutlass.Float32(0.0)
        if hi >= 0:
            if hi < h:
                if wi >= 0:
                    if wi < w:
                        v = m_x[b * sxn + ci * sxc + hi * sxh + wi * sxw].to(cutlass.Float32)
        m_y[b * syn + r * syr + li * syl] = v.to(m_y.element_type)


@cute.jit
def _kwb_im2col_host(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, h: cutlass.Int64, w: cutlass.Int64,
    ow: cutlass.Int64, l: cutlass.Int64, ck: cutlass.Int64, kh: cutlass.Int64, kw: cutlass.Int64,
    sxn: cutlass.Int64, sxc: cutlass.Int64, sxh: cutlass.Int64, sxw: cutlass.Int64,
    syn: cutlass.Int64, syr: cutlass.Int64, syl: cutlass.Int64,
    sh: cutlass.Int64, sw: cutlass.Int64, ph: cutlass.Int64, pw: cutlass.Int64, dh: cutlass.Int64, dw: cutlass.Int64,
):
    _kwb_im2col_kernel(m_x, m_y, total, h, w, ow, l, ck, kh, kw, sxn, sxc, sxh, sxw, syn, syr, syl, sh, sw, ph, pw,
                       dh, dw).launch(grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


@cute.kernel
def _kwb_col2im_kernel(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, c: cutlass.Int64, h: cutlass.Int64, w: cutlass.Int64,
    oh: cutlass.Int64, ow: cutlass.Int64, kh: cutlass.Int64, kw: cutlass.Int64,
    sxn: cutlass.Int64, sxc: cutlass.Int64, sxl: cutlass.Int64,  # x's strides over [N, C * kh * kw, L]
    sh: cutlass.Int64, sw: cutlass.Int64, ph: cutlass.Int64, pw: cutlass.Int64, dh: cutlass.Int64, dw: cutlass.Int64,
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if e < total:  # predication: the last CTA may hold fewer elements
        wi = e % w
        t = e // w
        hi = t % h
        t = t // h
        ci = t % c
        b = t // c
        acc = cutlass.Float32(0.0)
        for ki in range(0, kh, 1):
            hh = hi + ph - ki * dh
            if hh >= 0:  # tested before the quotient: floor and C's truncation differ below 0
                hq = hh // sh
                if hh - hq * sh == 0:
                    if hq < oh:
                        for kj in range(0, kw, 1):
                            ww = wi + pw - kj * dw
                            if ww >= 0:
                                wq = ww // sw
                                if ww - wq * sw == 0:
                                    if wq < ow:
                                        acc = acc + m_x[b * sxn + ((ci * kh + ki) * kw + kj) * sxc +
                                                        (hq * ow + wq) * sxl].to(cutlass.Float32)
        m_y[e] = acc.to(m_y.element_type)


@cute.jit
def _kwb_col2im_host(
    m_x: cute.Tensor, m_y: cute.Tensor, total: cutlass.Int64, c: cutlass.Int64, h: cutlass.Int64, w: cutlass.Int64,
    oh: cutlass.Int64, ow: cutlass.Int64, kh: cutlass.Int64, kw: cutlass.Int64,
    sxn: cutlass.Int64, sxc: cutlass.Int64, sxl: cutlass.Int64,
    sh: cutlass.Int64, sw: cutlass.Int64, ph: cutlass.Int64, pw: cutlass.Int64, dh: cutlass.Int64, dw: cutlass.Int64,
):
    _kwb_col2im_kernel(m_x, m_y, total, c, h, w, oh, ow, kh, kw, sxn, sxc, sxl, sh, sw, ph, pw, dh, dw).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def kwb_im2col(x, kernel_size, dilation, padding, stride, epi=None, epi_tensors=(), epi_scalars=(), kmajor=False):
    """F.unfold(x, kernel_size, dilation, padding, stride) of x [N, C, H, W] or [C, H, W], any strides: [N, C * kh *
    kw, L] (or [C * kh * kw, L]), L = OH * OW by torch's output sizes, in x's dtype, one launch. kmajor: the transpose
    view of a contiguous [N, L, C * kh * kw] (a GEMM reading the patches as its A), the same values. epi: the
    pointwise run after it, a kwb_pointwise launch on the result (contiguous then). ValueError for sizes torch
    refuses (no output positions, a kernel, stride or dilation below 1, a negative padding)."""
    x4, (kh, kw), (dh, dw), (ph, pw), (sh, sw), OH, OW = _kwb_im2col_plan(x, kernel_size, dilation, padding, stride)
    N, C, H, W = x4.shape
    L, CK = OH * OW, C * kh * kw
    if kmajor:
        out = torch.empty((N, L, CK), dtype=x.dtype, device=x.device).transpose(1, 2)
    else:
        out = torch.empty((N, CK, L), dtype=x.dtype, device=x.device)
    total = out.numel()
    if total:
        span, st = _kwb_span(x4)
        tensors = [from_dlpack(span), from_dlpack(_kwb_span(out)[0])]
        scalars = [total, H, W, OW, L, CK, kh, kw, *st, *out.stride(), sh, sw, ph, pw, dh, dw]
        compiled = _kwb_compiled.get(("im2col", x.dtype))
        if compiled is None:  # compile once per (stage, dtype)
            compiled = _kwb_compiled[("im2col", x.dtype)] = cute.compile(_kwb_im2col_host, *tensors, *scalars)
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    if x.dim() == 3:
        out = out[0]
    return out if epi is None else kwb_pointwise(out, epi, epi_tensors, epi_scalars)


def kwb_col2im(x, output_size, kernel_size, dilation, padding, stride, epi=None, epi_tensors=(), epi_scalars=()):
    """F.fold(x, output_size, kernel_size, dilation, padding, stride) of x [N, C * kh * kw, L] or [C * kh * kw, L],
    any strides: [N, C, H, W] (or [C, H, W]) in x's dtype, one launch, each output the fp32 sum of the patch values
    covering it (deterministic). epi: a kwb_pointwise launch after. ValueError where torch refuses: C * kh * kw not
    dividing x's dim -2, or L not the number of blocks the sizes give."""
    x3, C, (H, W), (kh, kw), (dh, dw), (ph, pw), (sh, sw), OH, OW = _kwb_col2im_plan(
        x, output_size, kernel_size, dilation, padding, stride)
    N = x3.shape[0]
    out = torch.empty((N, C, H, W), dtype=x.dtype, device=x.device)
    total = out.numel()
    if total:
        span, st = _kwb_span(x3)
        tensors = [from_dlpack(span), from_dlpack(out.view(-1))]
        scalars = [total, C, H, W, OH, OW, kh, kw, *st, sh, sw, ph, pw, dh, dw]
        compiled = _kwb_compiled.get(("col2im", x.dtype))
        if compiled is None:  # compile once per (stage, dtype)
            compiled = _kwb_compiled[("col2im", x.dtype)] = cute.compile(_kwb_col2im_host, *tensors, *scalars)
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    if x.dim() == 2:
        out = out[0]
    return out if epi is None else kwb_pointwise(out, epi, epi_tensors, epi_scalars)


# ==== stage: kwb_reshape kwb_scatter kwb_scatter_add
# Relayouts and scatters (session 37, cute37), the Triton stages' calls. kwb_reshape: a view where torch can view x
# so; else (pixel_shuffle, a window partition, einops' rearrange: a reshape torch copies) x's dims merged where their
# strides allow and copied in row-major order into a contiguous output by _kwb_copy (the index-map section's kernel,
# one launch; one per leading index where more than 5 dims stay), its epilogue a kwb_pointwise launch after (the
# Triton stage applies it in the relayout's launch). kwb_scatter: x copied into a new tensor, then one thread per
# index element writes src (or value) at its target, the index replacing the coordinate along dim (no atomics: two
# writes to one place leave one of them, as torch leaves it unspecified). kwb_scatter_add (session 38): the same
# walk, each thread adding its fp32 value by cute.arch.atomic_add at its target's element pointer (the Triton
# stage's tl.atomic_add). NEVER RUN under the real CuTe DSL.
def _kwb_merge_dims(x):
    """x's (size, stride) pairs with size-1 dims dropped and neighbours merged where one stride steps over the next
    dim: the fewest dims that walk x in row-major order."""
    dims = []
    for s, st in zip(x.shape, x.stride()):
        if s == 1:
            continue
        if dims and dims[-1][1] == st * s:
            dims[-1] = [dims[-1][0] * s, st]
        else:
            dims.append([s, st])
    return dims or [[1, 1]]


def _kwb_relayout(dst, x, dims, offset):
    """dst (contiguous, x's element count) = x's elements in row-major order, x given by its merged dims from
    storage offset `offset`; launches per leading index while more than 5 dims remain."""
    if len(dims) > 5:
        s0, st0 = dims[0]
        step = dst.numel() // s0
        for k in range(s0):
            _kwb_relayout(dst[k * step:(k + 1) * step], x, dims[1:], offset + k * st0)
        return
    sizes = [s for s, _ in dims]
    _kwb_copy(dst.view(sizes), x.as_strided(sizes, [st for _, st in dims], offset))


def kwb_reshape(x, shape, epi=None, epi_tensors=(), epi_scalars=()):
    """x.reshape(shape) (a -1 resolved as torch does): a view where torch can view x so, else one contiguous copy
    launch (more where x keeps over 5 dims after merging); epi: the pointwise run after the reshape, a kwb_pointwise
    launch on the result (its tensors broadcast to the result's shape, rank <= 5 without size-1 dims). torch's
    RuntimeError for a shape of another element count."""
    shape = list(torch.empty(x.shape, device="meta").reshape(shape).shape)  # torch's -1 and size checks
    try:
        y = x.view(shape)
    except RuntimeError:  # torch's reshape would copy here
        y = torch.empty(shape, dtype=x.dtype, device=x.device)
        if y.numel():
            _kwb_relayout(y.view(-1), x, _kwb_merge_dims(x), x.storage_offset())
    return y if epi is None else kwb_pointwise(y, epi, epi_tensors, epi_scalars)


@cute.kernel
def _kwb_scatter_kernel(
    m_src: cute.Tensor, m_i: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64, value: cutlass.Float32,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,  # the index's sizes of dims 1..4
    s0: cutlass.Int64, s1: cutlass.Int64, s2: cutlass.Int64, s3: cutlass.Int64, s4: cutlass.Int64,  # src's strides
    i0: cutlass.Int64, i1: cutlass.Int64, i2: cutlass.Int64, i3: cutlass.Int64, i4: cutlass.Int64,  # the index's
    o0: cutlass.Int64, o1: cutlass.Int64, o2: cutlass.Int64, o3: cutlass.Int64, o4: cutlass.Int64,  # 0 along dim
    od: cutlass.Int64, has_src: cutlass.Constexpr,  # od: out's stride along dim
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if e < total:  # predication: the last CTA may hold fewer elements
        c0, c1, c2, c3, c4 = _kwb_coords5(e, d1, d2, d3, d4)
        j = m_i[c0 * i0 + c1 * i1 + c2 * i2 + c3 * i3 + c4 * i4].to(cutlass.Int64)
        off = c0 * o0 + c1 * o1 + c2 * o2 + c3 * o3 + c4 * o4 + j * od
        if cutlass.const_expr(has_src):
            m_out[off] = m_src[c0 * s0 + c1 * s1 + c2 * s2 + c3 * s3 + c4 * s4].to(m_out.element_type)
        else:
            m_out[off] = cutlass.Float32(value).to(m_out.element_type)


@cute.jit
def _kwb_scatter_host(
    m_src: cute.Tensor, m_i: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64, value: cutlass.Float32,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,
    s0: cutlass.Int64, s1: cutlass.Int64, s2: cutlass.Int64, s3: cutlass.Int64, s4: cutlass.Int64,
    i0: cutlass.Int64, i1: cutlass.Int64, i2: cutlass.Int64, i3: cutlass.Int64, i4: cutlass.Int64,
    o0: cutlass.Int64, o1: cutlass.Int64, o2: cutlass.Int64, o3: cutlass.Int64, o4: cutlass.Int64,
    od: cutlass.Int64, has_src: cutlass.Constexpr,
):
    _kwb_scatter_kernel(m_src, m_i, m_out, total, value, d1, d2, d3, d4, s0, s1, s2, s3, s4, i0, i1, i2, i3, i4,
                        o0, o1, o2, o3, o4, od, has_src).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def kwb_scatter(x, dim, index, src=None, value=None):
    """torch.scatter(x, dim, index, src) / torch.scatter(x, dim, index, value) (no reduce=): a new contiguous tensor
    of x's shape and dtype, x copied in (one launch), then out[.., index[i], ..] = src[i] along dim over index's
    coordinates (each dim at most src's), one launch; x is never written. Rank 1 to 5, any strides. An index that
    repeats along dim leaves one of its writes (torch leaves it unspecified). Indices are not checked on the host.
    ValueError: ranks that differ or above 5."""
    if x.dim() > 5 or not x.dim() or index.dim() != x.dim() or (src is not None and src.dim() != x.dim()):
        raise ValueError("kwb_scatter: x %s, index %s and src %s (one rank, 1 to 5)" % (
            tuple(x.shape), tuple(index.shape), None if src is None else tuple(src.shape)))
    d = dim % x.dim()
    out = _kwb_copy(torch.empty(x.shape, dtype=x.dtype, device=x.device), x)
    total = index.numel()
    if total == 0:
        return out
    lead = [0] * (5 - x.dim())
    sizes = [1] * len(lead) + list(index.shape)
    s = src if src is not None else out
    s_span, s_st = _kwb_span(s)
    i_span, i_st = _kwb_span(index)
    o_st = [0 if k == d else out.stride(k) for k in range(x.dim())]
    tensors = [from_dlpack(t) for t in (s_span, i_span, out.view(-1))]
    scalars = [total, float(0.0 if value is None else value), *sizes[1:],
               *(lead + (s_st if src is not None else [0] * x.dim())), *(lead + i_st), *(lead + o_st), out.stride(d)]
    key = ("scatter", s.dtype, index.dtype, out.dtype, src is not None)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes, src or value)
        compiled = _kwb_compiled[key] = cute.compile(_kwb_scatter_host, *tensors, *scalars, src is not None)
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return out


@cute.kernel
def _kwb_scatter_add_kernel(
    m_src: cute.Tensor, m_i: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64, alpha: cutlass.Float32,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,  # the index's sizes of dims 1..4
    s0: cutlass.Int64, s1: cutlass.Int64, s2: cutlass.Int64, s3: cutlass.Int64, s4: cutlass.Int64,  # src's strides
    i0: cutlass.Int64, i1: cutlass.Int64, i2: cutlass.Int64, i3: cutlass.Int64, i4: cutlass.Int64,  # the index's
    o0: cutlass.Int64, o1: cutlass.Int64, o2: cutlass.Int64, o3: cutlass.Int64, o4: cutlass.Int64,  # 0 along dim
    od: cutlass.Int64,  # out's stride along dim
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if e < total:  # predication: the last CTA may hold fewer elements
        c0, c1, c2, c3, c4 = _kwb_coords5(e, d1, d2, d3, d4)
        j = m_i[c0 * i0 + c1 * i1 + c2 * i2 + c3 * i3 + c4 * i4].to(cutlass.Int64)
        off = c0 * o0 + c1 * o1 + c2 * o2 + c3 * o3 + c4 * o4 + j * od
        v = m_src[c0 * s0 + c1 * s1 + c2 * s2 + c3 * s3 + c4 * s4].to(cutlass.Float32) * alpha
        cute.arch.atomic_add(m_out.iterator + off, v)  # fp32 atomic add at the target: the adds' order varies


@cute.jit
def _kwb_scatter_add_host(
    m_src: cute.Tensor, m_i: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64, alpha: cutlass.Float32,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,
    s0: cutlass.Int64, s1: cutlass.Int64, s2: cutlass.Int64, s3: cutlass.Int64, s4: cutlass.Int64,
    i0: cutlass.Int64, i1: cutlass.Int64, i2: cutlass.Int64, i3: cutlass.Int64, i4: cutlass.Int64,
    o0: cutlass.Int64, o1: cutlass.Int64, o2: cutlass.Int64, o3: cutlass.Int64, o4: cutlass.Int64,
    od: cutlass.Int64,
):
    _kwb_scatter_add_kernel(m_src, m_i, m_out, total, alpha, d1, d2, d3, d4, s0, s1, s2, s3, s4, i0, i1, i2, i3, i4,
                            o0, o1, o2, o3, o4, od).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def kwb_scatter_add(x, dim, index, src, index_add=False, alpha=1.0):
    """torch.scatter_add(x, dim, index, src) (index of src's rank, each dim at most src's) or, with index_add,
    torch.index_add(x, dim, index, src, alpha=alpha) (a 1-D index along dim): a new float32 tensor of x's shape, x
    copied in (one launch), then one thread per index element adds alpha * src[i] (fp32) at out[.., index[i], ..]
    by an atomic add (one launch; the order of the adds, so the last bits, may vary between runs, as the Triton
    stage's). x is never written. Rank 1 to 5, any strides; indices not checked on the host. ValueError: ranks."""
    if x.dim() > 5 or src.dim() != x.dim() or not x.dim():
        raise ValueError("kwb_scatter_add: x %s and src %s (one rank, 1 to 5)" % (tuple(x.shape), tuple(src.shape)))
    d = dim % x.dim()
    out = _kwb_copy(torch.empty(x.shape, dtype=torch.float32, device=x.device), x)
    if index_add:  # the 1-D index read at src's coordinate along dim, broadcast over the others
        index = index.view([-1 if k == d else 1 for k in range(src.dim())]).expand(src.shape)
    total = index.numel()
    if total == 0:
        return out
    lead = [0] * (5 - x.dim())
    sizes = [1] * len(lead) + list(index.shape)
    s_span, s_st = _kwb_span(src)
    i_span, i_st = _kwb_span(index)
    o_st = [0 if k == d else out.stride(k) for k in range(x.dim())]
    tensors = [from_dlpack(t) for t in (s_span, i_span, out.view(-1))]
    scalars = [total, float(alpha), *sizes[1:], *(lead + s_st), *(lead + i_st), *(lead + o_st), out.stride(d)]
    key = ("scatter_add", src.dtype, index.dtype)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes)
        compiled = _kwb_compiled[key] = cute.compile(_kwb_scatter_add_host, *tensors, *scalars)
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return out


# ==== stage: kwb_scatter_reduce kwb_cumsum_int kwb_masked_scatter
# Scatter with a reduce mode, integer scans and masked_scatter (session 39, cute39): the Triton stages' calls
# (triton_indexed.py, session 38). kwb_scatter_reduce: x copied into an fp32 accumulator (_kwb_copy), where
# include_self=False every reached position reset to the identity (_kwb_scatter_kernel writing a value), then one
# thread per index element combines its source value at its target by an fp32 atomic (cute.arch.atomic_add /
# atomic_fmax / atomic_fmin; a mean also counts by an Int32 atomic_add), then a finish launch divides a mean by its
# count and narrows to x's dtype. prod has no stage here (an atomic multiply is a compare-and-swap loop on the
# accumulator's bits; the plan check keeps it out). kwb_cumsum_int: one thread per row walks the row with an Int64
# carry (exact; a serial walk, no shuffles). kwb_masked_scatter: that scan twice (each last-dim row's exclusive
# count of the broadcast mask and the row totals, then the rows' exclusive count), then one select. Every x, index,
# mask and source is read through its strides from a 1-D span (_kwb_span). NEVER RUN under the real CuTe DSL.
_kwb_scatter_reduce_cute_ops = {"sum": (0, 0.0), "mean": (0, 0.0), "amax": (1, float("-inf")),
                                "amin": (2, float("inf"))}  # reduce -> (the combine's op, include_self=False's start)


@cute.kernel
def _kwb_scatter_reduce_kernel(
    m_src: cute.Tensor, m_i: cute.Tensor, m_acc: cute.Tensor, m_cnt: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,  # the index's sizes of dims 1..4
    s0: cutlass.Int64, s1: cutlass.Int64, s2: cutlass.Int64, s3: cutlass.Int64, s4: cutlass.Int64,  # src's strides
    i0: cutlass.Int64, i1: cutlass.Int64, i2: cutlass.Int64, i3: cutlass.Int64, i4: cutlass.Int64,  # the index's
    o0: cutlass.Int64, o1: cutlass.Int64, o2: cutlass.Int64, o3: cutlass.Int64, o4: cutlass.Int64,  # 0 along dim
    od: cutlass.Int64, op: cutlass.Constexpr, count: cutlass.Constexpr,  # od: the accumulator's stride along dim
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if e < total:  # predication: the last CTA may hold fewer elements
        c0, c1, c2, c3, c4 = _kwb_coords5(e, d1, d2, d3, d4)
        j = m_i[c0 * i0 + c1 * i1 + c2 * i2 + c3 * i3 + c4 * i4].to(cutlass.Int64)
        off = c0 * o0 + c1 * o1 + c2 * o2 + c3 * o3 + c4 * o4 + j * od
        v = m_src[c0 * s0 + c1 * s1 + c2 * s2 + c3 * s3 + c4 * s4].to(cutlass.Float32)
        if cutlass.const_expr(op == 0):
            cute.arch.atomic_add(m_acc.iterator + off, v)  # the adds' order varies: the last bits may
        if cutlass.const_expr(op == 1):
            cute.arch.atomic_fmax(m_acc.iterator + off, v)  # exact, the same every run
        if cutlass.const_expr(op == 2):
            cute.arch.atomic_fmin(m_acc.iterator + off, v)
        if cutlass.const_expr(count):
            cute.arch.atomic_add(m_cnt.iterator + off, cutlass.Int32(1))  # a mean's divisor


@cute.jit
def _kwb_scatter_reduce_host(
    m_src: cute.Tensor, m_i: cute.Tensor, m_acc: cute.Tensor, m_cnt: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,
    s0: cutlass.Int64, s1: cutlass.Int64, s2: cutlass.Int64, s3: cutlass.Int64, s4: cutlass.Int64,
    i0: cutlass.Int64, i1: cutlass.Int64, i2: cutlass.Int64, i3: cutlass.Int64, i4: cutlass.Int64,
    o0: cutlass.Int64, o1: cutlass.Int64, o2: cutlass.Int64, o3: cutlass.Int64, o4: cutlass.Int64,
    od: cutlass.Int64, op: cutlass.Constexpr, count: cutlass.Constexpr,
):
    _kwb_scatter_reduce_kernel(m_src, m_i, m_acc, m_cnt, total, d1, d2, d3, d4, s0, s1, s2, s3, s4, i0, i1, i2, i3,
                               i4, o0, o1, o2, o3, o4, od, op, count).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


@cute.kernel
def _kwb_scatter_finish_kernel(m_acc: cute.Tensor, m_cnt: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64,
                               inc: cutlass.Int64, mean: cutlass.Constexpr):
    # acc (fp32, contiguous) -> out in its dtype; a mean divides each position reached by its count (+1 with self)
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx
    if e < total:
        a = m_acc[e].to(cutlass.Float32)
        if cutlass.const_expr(mean):
            c = m_cnt[e].to(cutlass.Int64)
            if c > 0:
                a = a / (c + inc).to(cutlass.Float32)
        m_out[e] = a.to(m_out.element_type)


@cute.jit
def _kwb_scatter_finish_host(m_acc: cute.Tensor, m_cnt: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64,
                             inc: cutlass.Int64, mean: cutlass.Constexpr):
    _kwb_scatter_finish_kernel(m_acc, m_cnt, m_out, total, inc, mean).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def kwb_scatter_reduce(x, dim, index, src, reduce, include_self=True):
    """torch.scatter_reduce(x, dim, index, src, reduce, include_self=include_self) for a floating x (index of src's
    rank, each dim at most src's), reduce "sum", "mean", "amax" or "amin": a new tensor of x's shape and dtype; x is
    never written. Launches: x copied into an fp32 accumulator, include_self=False's reset of every reached position
    to the identity, the atomic combine over the index, and a finish (a mean's division, the narrowing to x's dtype)
    where x is not fp32 or the mode is a mean. amax / amin are exact; sum / mean's adds meet in an order that may
    change the last bits from run to run. Rank 1 to 5, any strides; indices not checked on the host.
    NotImplementedError: "prod" (no CuTe DSL stage: the plan check keeps it out); KeyError: another reduce;
    ValueError: ranks that differ or above 5."""
    if reduce == "prod":
        raise NotImplementedError("kwb_scatter_reduce: reduce=\"prod\" has no CuTe DSL stage yet")
    op, ident = _kwb_scatter_reduce_cute_ops[reduce]
    if x.dim() > 5 or not x.dim() or src.dim() != x.dim() or index.dim() != x.dim():
        raise ValueError("kwb_scatter_reduce: x %s, index %s and src %s (one rank, 1 to 5)" % (
            tuple(x.shape), tuple(index.shape), tuple(src.shape)))
    d = dim % x.dim()
    n = index.numel()
    acc = _kwb_copy(torch.empty(x.shape, dtype=torch.float32 if n else x.dtype, device=x.device), x)
    if n == 0:
        return acc
    mean = reduce == "mean"
    lead = [0] * (5 - x.dim())
    sizes = [1] * len(lead) + list(index.shape)
    i_span, i_st = _kwb_span(index)
    o_st = [0 if k == d else acc.stride(k) for k in range(x.dim())]
    flat = acc.view(-1)
    if not include_self:  # every reached position starts from the identity (_kwb_scatter_kernel writing a value)
        tensors = [from_dlpack(t) for t in (flat, i_span, flat)]
        scalars = [n, float(ident), *sizes[1:], *(lead + [0] * x.dim()), *(lead + i_st), *(lead + o_st),
                   acc.stride(d)]
        key = ("scatter", acc.dtype, index.dtype, acc.dtype, False)
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # the kwb_scatter stage's kernel, compiled once per dtypes
            compiled = _kwb_compiled[key] = cute.compile(_kwb_scatter_host, *tensors, *scalars, False)
        compiled(*tensors, *scalars)
    cnt = torch.zeros(x.shape, dtype=torch.int32, device=x.device) if mean else flat
    s_span, s_st = _kwb_span(src)
    tensors = [from_dlpack(t) for t in (s_span, i_span, flat, cnt.view(-1))]
    scalars = [n, *sizes[1:], *(lead + s_st), *(lead + i_st), *(lead + o_st), acc.stride(d)]
    key = ("scatter_reduce", src.dtype, index.dtype, op, mean)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes, op, count)
        compiled = _kwb_compiled[key] = cute.compile(_kwb_scatter_reduce_host, *tensors, *scalars, op, mean)
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (n + PW_THREADS - 1) // PW_THREADS)
    if not mean and x.dtype == acc.dtype:  # the accumulator is the result (fp32 x)
        return acc
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    m = acc.numel()
    tensors = [from_dlpack(t) for t in (flat, cnt.view(-1), out.view(-1))]
    key = ("scatter_finish", out.dtype, mean)
    compiled = _kwb_compiled.get(key)
    if compiled is None:
        compiled = _kwb_compiled[key] = cute.compile(_kwb_scatter_finish_host, *tensors, m,
                                                     1 if include_self else 0, mean)
    compiled(*tensors, m, 1 if include_self else 0)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (m + PW_THREADS - 1) // PW_THREADS)
    return out


@cute.kernel
def _kwb_iscan_kernel(
    m_x: cute.Tensor, m_y: cute.Tensor, m_tot: cute.Tensor, n_rows: cutlass.Int64, length: cutlass.Int64,
    k1: cutlass.Int64, k2: cutlass.Int64, k3: cutlass.Int64, k4: cutlass.Int64,  # the rows' 5-D sizes of dims 1..4
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,  # x's row strides
    xl: cutlass.Int64,  # x's stride along the scanned dim
    y0: cutlass.Int64, y1: cutlass.Int64, y2: cutlass.Int64, y3: cutlass.Int64, y4: cutlass.Int64, yl: cutlass.Int64,
    excl: cutlass.Constexpr, tot: cutlass.Constexpr,
):
    # one thread per row (every index but the scanned one fixed): the inclusive (or exclusive) prefix sum with an
    # Int64 carry, exact; tot: the row's total stored at m_tot[row] (rows in the row-major order of the other dims)
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    row = cutlass.Int64(bidx) * PW_THREADS + tidx
    if row < n_rows:
        c0, c1, c2, c3, c4 = _kwb_coords5(row, k1, k2, k3, k4)
        xb = c0 * x0 + c1 * x1 + c2 * x2 + c3 * x3 + c4 * x4
        yb = c0 * y0 + c1 * y1 + c2 * y2 + c3 * y3 + c4 * y4
        carry = cutlass.Int64(0)
        for k in range(length):
            v = m_x[xb + k * xl].to(cutlass.Int64)  # a float x: the integer it holds, truncated
            if cutlass.const_expr(excl):
                m_y[yb + k * yl] = carry
            carry = carry + v
            if cutlass.const_expr(not excl):
                m_y[yb + k * yl] = carry
        if cutlass.const_expr(tot):
            m_tot[row] = carry


@cute.jit
def _kwb_iscan_host(
    m_x: cute.Tensor, m_y: cute.Tensor, m_tot: cute.Tensor, n_rows: cutlass.Int64, length: cutlass.Int64,
    k1: cutlass.Int64, k2: cutlass.Int64, k3: cutlass.Int64, k4: cutlass.Int64,
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64, xl: cutlass.Int64,
    y0: cutlass.Int64, y1: cutlass.Int64, y2: cutlass.Int64, y3: cutlass.Int64, y4: cutlass.Int64, yl: cutlass.Int64,
    excl: cutlass.Constexpr, tot: cutlass.Constexpr,
):
    _kwb_iscan_kernel(m_x, m_y, m_tot, n_rows, length, k1, k2, k3, k4, x0, x1, x2, x3, x4, xl, y0, y1, y2, y3, y4,
                      yl, excl, tot).launch(
        grid=[(n_rows + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def _kwb_iscan(x, d, out, exclusive=False, tot=None):
    """The launch of _kwb_iscan_kernel over x (rank 1 to 5, any strides, a broadcast view included) along dim d into
    out (int64, x's shape, any strides); tot: an int64 tensor of x.numel() // x.shape[d] elements (contiguous) for
    each row's total."""
    length = int(x.shape[d])
    rest = [k for k in range(x.dim()) if k != d]
    n_rows = x.numel() // length if length else 0
    if n_rows == 0 or length == 0:
        return out
    lead = [1] * (5 - len(rest))
    ks = lead + [int(x.shape[k]) for k in rest]
    x_span, x_st = _kwb_span(x)
    y_span, y_st = _kwb_span(out)
    xs = [0] * len(lead) + [x_st[k] for k in rest]
    ys = [0] * len(lead) + [y_st[k] for k in rest]
    t = out.view(-1)[:1] if tot is None else tot
    tensors = [from_dlpack(v) for v in (x_span, y_span, t)]
    scalars = [n_rows, length, *ks[1:], *xs, x_st[d], *ys, y_st[d]]
    key = ("iscan", x.dtype, exclusive, tot is not None)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtype, exclusive, totals)
        compiled = _kwb_compiled[key] = cute.compile(_kwb_iscan_host, *tensors, *scalars, exclusive, tot is not None)
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (n_rows + PW_THREADS - 1) // PW_THREADS)
    return out


def kwb_cumsum_int(x, dim, exclusive=False):
    """torch.cumsum(x, dim) of an integer or bool x (rank 0 to 5, any strides): int64 as torch returns it, exact
    (Int64 running sums, wrapping past 2**63 as torch's do), one launch (a thread per row walks it).
    exclusive=True: the sum of the elements before each (cumsum - x). A floating x is read as the integers it holds,
    truncated (a chain's fp32 intermediate of an integer value such as a comparison's 0 / 1: exact below 2**24).
    ValueError: a rank above 5."""
    if x.dim() > 5:
        raise ValueError("kwb_cumsum_int: a tensor of rank 0 to 5, got %s %s" % (x.dtype, tuple(x.shape)))
    if x.dim() == 0:
        return kwb_cumsum_int(x.unsqueeze(0), 0, exclusive).squeeze(0)
    out = torch.empty(x.shape, dtype=torch.int64, device=x.device)
    return _kwb_iscan(x, dim % x.dim(), out, exclusive)


@cute.kernel
def _kwb_masked_scatter_kernel(
    m_x: cute.Tensor, m_m: cute.Tensor, m_pre: cute.Tensor, m_base: cute.Tensor, m_src: cute.Tensor,
    m_out: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,  # out's sizes of dims 1..4
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,  # x's strides
    b0: cutlass.Int64, b1: cutlass.Int64, b2: cutlass.Int64, b3: cutlass.Int64, b4: cutlass.Int64,  # the mask's
):
    # over out's contiguous offsets (rows along dim 4): out = mask ? src[base[row] + pre] : x, pre the row's
    # exclusive count of the mask (int64, out's layout), base the count of every row before
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx
    if e < total:
        c0, c1, c2, c3, c4 = _kwb_coords5(e, d1, d2, d3, d4)
        v = m_x[c0 * x0 + c1 * x1 + c2 * x2 + c3 * x3 + c4 * x4].to(m_out.element_type)
        if m_m[c0 * b0 + c1 * b1 + c2 * b2 + c3 * b3 + c4 * b4].to(cutlass.Int64) != 0:
            v = m_src[m_base[e // d4] + m_pre[e]].to(m_out.element_type)
        m_out[e] = v


@cute.jit
def _kwb_masked_scatter_host(
    m_x: cute.Tensor, m_m: cute.Tensor, m_pre: cute.Tensor, m_base: cute.Tensor, m_src: cute.Tensor,
    m_out: cute.Tensor, total: cutlass.Int64,
    d1: cutlass.Int64, d2: cutlass.Int64, d3: cutlass.Int64, d4: cutlass.Int64,
    x0: cutlass.Int64, x1: cutlass.Int64, x2: cutlass.Int64, x3: cutlass.Int64, x4: cutlass.Int64,
    b0: cutlass.Int64, b1: cutlass.Int64, b2: cutlass.Int64, b3: cutlass.Int64, b4: cutlass.Int64,
):
    _kwb_masked_scatter_kernel(m_x, m_m, m_pre, m_base, m_src, m_out, total, d1, d2, d3, d4, x0, x1, x2, x3, x4, b0,
                               b1, b2, b3, b4).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def kwb_masked_scatter(x, mask, source):
    """x.masked_scatter(mask, source): a new contiguous tensor of x's shape and dtype holding source's first
    mask.sum() elements, in order, where the mask (broadcast to x's shape) is true and x's values elsewhere; x is
    never written. Three launches: each last-dim row's exclusive count of the mask and the row totals
    (_kwb_iscan), the exclusive count of the rows before (the same kernel on the totals), then the select. Values
    are copied, never computed: exact in every dtype (a source of another dtype converted to x's as it is read).
    Rank 0 to 5, any strides (source read in its row-major order; a strided one copied first by kwb_reshape).
    ValueError: a rank above 5."""
    if x.dim() > 5:
        raise ValueError("kwb_masked_scatter: x %s %s (rank 0 to 5)" % (x.dtype, tuple(x.shape)))
    if x.dim() == 0:
        return kwb_masked_scatter(x.reshape(1), mask.reshape(1), source).reshape(())
    mb = mask.expand(x.shape)
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    n = out.numel()
    if n == 0:
        return out
    c = int(x.shape[-1])
    tot = torch.empty((n // c,), dtype=torch.int64, device=x.device)
    pre = _kwb_iscan(mb, x.dim() - 1, torch.empty(x.shape, dtype=torch.int64, device=x.device), True, tot)
    base = _kwb_iscan(tot, 0, torch.empty(tot.shape, dtype=torch.int64, device=x.device), exclusive=True)
    src = source.reshape(-1) if source.is_contiguous() else kwb_reshape(source, (-1,))
    lead = [0] * (5 - x.dim())
    sizes = [1] * len(lead) + list(x.shape)
    x_span, x_st = _kwb_span(x)
    m_span, m_st = _kwb_span(mb)
    src = src if src.numel() else base  # no element is taken from an empty source (an all-false mask)
    tensors = [from_dlpack(t) for t in (x_span, m_span, pre.view(-1), base, src, out.view(-1))]
    scalars = [n, *sizes[1:], *(lead + x_st), *(lead + m_st)]
    key = ("masked_scatter", x.dtype, mb.dtype, src.dtype)
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtypes)
        compiled = _kwb_compiled[key] = cute.compile(_kwb_masked_scatter_host, *tensors, *scalars)
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (n + PW_THREADS - 1) // PW_THREADS)
    return out


# ==== stage: kwb_affine_grid kwb_grid_sample
# Spatial transformers (session 39, cute39): F.affine_grid and F.grid_sample (2-D), the Triton stages' calls
# (triton_epilogue.py). affine_grid: one thread per grid point (b, h, w) writes theta[b] @ (x_w, y_h, 1), x_w / y_h
# torch's linspace(-1, 1, size) computed from both ends as torch does, times (size - 1) / size without
# align_corners. grid_sample: one thread per output element (b, c, i, j) reads its grid point, unnormalises it by
# torch's grid_sampler_compute_source_index (zeros, border or reflection padding), then bilinear blends the four
# neighbours (each outside x adding nothing) or nearest reads one (round half to even); fp32 math, x and grid read
# through their strides. An epilogue is a kwb_pointwise launch after. NEVER RUN under the real CuTe DSL.
@cute.kernel
def _kwb_affine_grid_kernel(m_t: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64, h: cutlass.Int64,
                            w: cutlass.Int64, t0: cutlass.Int64, t1: cutlass.Int64, t2: cutlass.Int64,
                            sx: cutlass.Float32, sy: cutlass.Float32, align: cutlass.Constexpr):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if e < total:
        wi = e % w
        q = e // w
        hi = q % h
        b = q // h
        x = cutlass.Float32(-1.0) + sx * wi.to(cutlass.Float32)
        if wi >= w // 2:
            x = cutlass.Float32(1.0) - sx * (w - 1 - wi).to(cutlass.Float32)
        y = cutlass.Float32(-1.0) + sy * hi.to(cutlass.Float32)
        if hi >= h // 2:
            y = cutlass.Float32(1.0) - sy * (h - 1 - hi).to(cutlass.Float32)
        if cutlass.const_expr(not align):  # torch: range * (num_steps - 1) / num_steps, two fp32 operations
            x = x * (w - 1).to(cutlass.Float32) / w.to(cutlass.Float32)
            y = y * (h - 1).to(cutlass.Float32) / h.to(cutlass.Float32)
        if w == 1:
            x = cutlass.Float32(0.0)
        if h == 1:
            y = cutlass.Float32(0.0)
        tb = b * t0
        gx = x * m_t[tb].to(cutlass.Float32) + y * m_t[tb + t2].to(cutlass.Float32) + m_t[tb + 2 * t2].to(
            cutlass.Float32)
        gy = x * m_t[tb + t1].to(cutlass.Float32) + y * m_t[tb + t1 + t2].to(cutlass.Float32) + m_t[
            tb + t1 + 2 * t2].to(cutlass.Float32)
        m_out[e * 2] = gx.to(m_out.element_type)
        m_out[e * 2 + 1] = gy.to(m_out.element_type)


@cute.jit
def _kwb_affine_grid_host(m_t: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64, h: cutlass.Int64,
                          w: cutlass.Int64, t0: cutlass.Int64, t1: cutlass.Int64, t2: cutlass.Int64,
                          sx: cutlass.Float32, sy: cutlass.Float32, align: cutlass.Constexpr):
    _kwb_affine_grid_kernel(m_t, m_out, total, h, w, t0, t1, t2, sx, sy, align).launch(
        grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1], block=[PW_THREADS, 1, 1])


def kwb_affine_grid(theta, size, align_corners):
    """F.affine_grid(theta, size, align_corners) for 2-D sizes (N, C, H, W): theta [N, 2, 3] at any strides, the
    grid [N, H, W, 2] in theta's dtype, one launch. ValueError where torch raises (theta not [N, 2, 3] with N the
    size's batch, a size that is not 4-D)."""
    size = [int(v) for v in size]
    if len(size) != 4:
        raise ValueError("kwb_affine_grid: a 4-D size (N, C, H, W) expected, got %s (5-D grids have no stage yet)"
                         % (size,))
    n_, _, h, w = size
    if theta.dim() != 3 or tuple(theta.shape) != (n_, 2, 3):
        raise ValueError("kwb_affine_grid: theta of shape %s for size %s (it needs [%d, 2, 3])"
                         % (tuple(theta.shape), size, n_))
    out = torch.empty((n_, h, w, 2), dtype=theta.dtype, device=theta.device)
    total = n_ * h * w
    if total == 0:
        return out
    span, st = _kwb_span(theta)
    tensors = [from_dlpack(span), from_dlpack(out.view(-1))]
    scalars = [total, h, w, *st, 2.0 / (w - 1) if w > 1 else 0.0, 2.0 / (h - 1) if h > 1 else 0.0]
    key = ("affine_grid", theta.dtype, bool(align_corners))
    compiled = _kwb_compiled.get(key)
    if compiled is None:  # compile once per (stage, dtype, align_corners)
        compiled = _kwb_compiled[key] = cute.compile(_kwb_affine_grid_host, *tensors, *scalars, bool(align_corners))
    compiled(*tensors, *scalars)
    kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return out


@cute.jit
def _kwb_grid_source(coord, size, pad: cutlass.Constexpr, align: cutlass.Constexpr):
    """torch's grid_sampler_compute_source_index in fp32: unnormalise, then border (clip) or reflection (reflect,
    clip); pad 0 zeros, 1 border, 2 reflection."""
    sf = size.to(cutlass.Float32)
    one = cutlass.Float32(1.0)
    two = cutlass.Float32(2.0)
    ix = ((coord + one) * sf - one) / two
    if cutlass.const_expr(align):
        ix = (coord + one) / two * (sf - one)
    if cutlass.const_expr(pad == 2):
        lo = cutlass.Float32(-0.5)
        span = sf
        if cutlass.const_expr(align):
            lo = cutlass.Float32(0.0)
            span = sf - one
        a = cute.arch.fmax(ix - lo, lo - ix)
        safe = one
        if span > cutlass.Float32(0.0):
            safe = span
        flips = cute.math.floor(a / safe)
        extra = a - flips * safe
        ix = extra + lo
        if flips - two * cute.math.floor(flips / two) != cutlass.Float32(0.0):  # an odd number of flips
            ix = safe - extra + lo
        if span <= cutlass.Float32(0.0):
            ix = cutlass.Float32(0.0)
    if cutlass.const_expr(pad >= 1):
        ix = cute.arch.fmin(cute.arch.fmax(ix, cutlass.Float32(0.0)), sf - one)
    return ix


@cute.jit
def _kwb_grid_tap(m_x, xb, yi, xi, h, w, sh, sw, ok):
    """x[.., yi, xi] in fp32, 0 outside x or where ok is false (a NaN coordinate)."""
    v = cutlass.Float32(0.0)
    if ok & (yi >= 0) & (yi < h) & (xi >= 0) & (xi < w):
        v = m_x[xb + yi * sh + xi * sw].to(cutlass.Float32)
    return v


@cute.kernel
def _kwb_grid_sample_kernel(
    m_x: cute.Tensor, m_g: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64, c: cutlass.Int64,
    h: cutlass.Int64, w: cutlass.Int64, ho: cutlass.Int64, wo: cutlass.Int64,
    sn: cutlass.Int64, sc: cutlass.Int64, sh: cutlass.Int64, sw: cutlass.Int64,  # x's strides
    gn: cutlass.Int64, gh: cutlass.Int64, gw: cutlass.Int64, gc: cutlass.Int64,  # the grid's strides
    mode: cutlass.Constexpr, pad: cutlass.Constexpr, align: cutlass.Constexpr,
):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    e = cutlass.Int64(bidx) * PW_THREADS + tidx  # Int64: a launch may hold 2**31 elements or more
    if e < total:
        j = e % wo
        q = e // wo
        i = q % ho
        q = q // ho
        ch = q % c
        b = q // c
        gb = b * gn + i * gh + j * gw
        ix = _kwb_grid_source(m_g[gb].to(cutlass.Float32), w, pad, align)
        iy = _kwb_grid_source(m_g[gb + gc].to(cutlass.Float32), h, pad, align)
        xb = b * sn + ch * sc
        ok = (ix == ix) & (iy == iy)  # a NaN coordinate reads nothing
        # a far coordinate's integer is clamped for the address and dropped by the bounds test
        fx = cute.arch.fmin(cute.arch.fmax(cute.math.floor(ix), cutlass.Float32(-2.0)),
                            w.to(cutlass.Float32) + cutlass.Float32(1.0))
        fy = cute.arch.fmin(cute.arch.fmax(cute.math.floor(iy), cutlass.Float32(-2.0)),
                            h.to(cutlass.Float32) + cutlass.Float32(1.0))
        acc = cutlass.Float32(0.0)
        if cutlass.const_expr(mode == 0):  # bilinear: the four neighbours, weighted
            x0 = fx.to(cutlass.Int64)
            y0 = fy.to(cutlass.Int64)
            wx1 = ix - cute.math.floor(ix)  # torch's weights: the distances to the far neighbours
            wx0 = (cute.math.floor(ix) + cutlass.Float32(1.0)) - ix
            wy1 = iy - cute.math.floor(iy)
            wy0 = (cute.math.floor(iy) + cutlass.Float32(1.0)) - iy
            acc = (_kwb_grid_tap(m_x, xb, y0, x0, h, w, sh, sw, ok) * (wx0 * wy0) +
                   _kwb_grid_tap(m_x, xb, y0, x0 + 1, h, w, sh, sw, ok) * (wx1 * wy0) +
                   _kwb_grid_tap(m_x, xb, y0 + 1, x0, h, w, sh, sw, ok) * (wx0 * wy1) +
                   _kwb_grid_tap(m_x, xb, y0 + 1, x0 + 1, h, w, sh, sw, ok) * (wx1 * wy1))
        else:  # nearest: round half to even (nearbyint)
            dx = ix - cute.math.floor(ix)
            rx = fx
            if (dx > cutlass.Float32(0.5)) | ((dx == cutlass.Float32(0.5)) &
                                              (fx - cutlass.Float32(2.0) * cute.math.floor(fx / cutlass.Float32(2.0))
                                               != cutlass.Float32(0.0))):
                rx = fx + cutlass.Float32(1.0)
            dy = iy - cute.math.floor(iy)
            ry = fy
            if (dy > cutlass.Float32(0.5)) | ((dy == cutlass.Float32(0.5)) &
                                              (fy - cutlass.Float32(2.0) * cute.math.floor(fy / cutlass.Float32(2.0))
                                               != cutlass.Float32(0.0))):
                ry = fy + cutlass.Float32(1.0)
            acc = _kwb_grid_tap(m_x, xb, ry.to(cutlass.Int64), rx.to(cutlass.Int64), h, w, sh, sw, ok)
        m_out[e] = acc.to(m_out.element_type)


@cute.jit
def _kwb_grid_sample_host(
    m_x: cute.Tensor, m_g: cute.Tensor, m_out: cute.Tensor, total: cutlass.Int64, c: cutlass.Int64,
    h: cutlass.Int64, w: cutlass.Int64, ho: cutlass.Int64, wo: cutlass.Int64,
    sn: cutlass.Int64, sc: cutlass.Int64, sh: cutlass.Int64, sw: cutlass.Int64,
    gn: cutlass.Int64, gh: cutlass.Int64, gw: cutlass.Int64, gc: cutlass.Int64,
    mode: cutlass.Constexpr, pad: cutlass.Constexpr, align: cutlass.Constexpr,
):
    _kwb_grid_sample_kernel(m_x, m_g, m_out, total, c, h, w, ho, wo, sn, sc, sh, sw, gn, gh, gw, gc, mode, pad,
                            align).launch(grid=[(total + PW_THREADS - 1) // PW_THREADS, 1, 1],
                                          block=[PW_THREADS, 1, 1])


def kwb_grid_sample(x, grid, mode, padding_mode, align_corners, epi=None, epi_tensors=(), epi_scalars=()):
    """F.grid_sample(x, grid, mode, padding_mode, align_corners) for 4-D x [N, C, H, W] and grid [N, HO, WO, 2], any
    strides: [N, C, HO, WO] in x's dtype, one launch. mode 0 / "bilinear" or 1 / "nearest"; padding_mode 0 /
    "zeros", 1 / "border", 2 / "reflection" (aten::grid_sampler_2d's integer codes or F.grid_sample's names). epi:
    the pointwise run after it, a kwb_pointwise launch on the result. ValueError for bicubic, 5-D inputs or
    mismatched shapes."""
    modes, pads = {"bilinear": 0, "nearest": 1, "bicubic": 2}, {"zeros": 0, "border": 1, "reflection": 2}
    mode = modes.get(mode, mode)
    padding_mode = pads.get(padding_mode, padding_mode)
    if mode not in (0, 1) or padding_mode not in (0, 1, 2):
        raise ValueError("kwb_grid_sample: mode %r / padding_mode %r (bilinear or nearest; zeros, border or "
                         "reflection have a stage)" % (mode, padding_mode))
    if x.dim() != 4 or grid.dim() != 4 or grid.shape[3] != 2 or grid.shape[0] != x.shape[0]:
        raise ValueError("kwb_grid_sample: x %s and grid %s (4-D x [N, C, H, W], grid [N, HO, WO, 2])"
                         % (tuple(x.shape), tuple(grid.shape)))
    n_, c, h, w = x.shape
    ho, wo = grid.shape[1], grid.shape[2]
    out = torch.empty((n_, c, ho, wo), dtype=x.dtype, device=x.device)
    total = out.numel()
    if total:
        x_span, x_st = _kwb_span(x)
        g_span, g_st = _kwb_span(grid)
        tensors = [from_dlpack(t) for t in (x_span, g_span, out.view(-1))]
        scalars = [total, c, h, w, ho, wo, *x_st, *g_st]
        flags = (int(mode), int(padding_mode), bool(align_corners))
        key = ("grid_sample", x.dtype, grid.dtype, flags)
        compiled = _kwb_compiled.get(key)
        if compiled is None:  # compile once per (stage, dtypes, mode, padding, align_corners)
            compiled = _kwb_compiled[key] = cute.compile(_kwb_grid_sample_host, *tensors, *scalars, *flags)
        compiled(*tensors, *scalars)
        kwb_last_grid_blocks[0] = max(kwb_last_grid_blocks[0], (total + PW_THREADS - 1) // PW_THREADS)
    return out if epi is None else kwb_pointwise(out, epi, epi_tensors, epi_scalars)
