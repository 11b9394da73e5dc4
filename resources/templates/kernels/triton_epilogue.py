# Epilogues (docs/CODEGEN.md "Chains"): a run of pointwise ops lowers into one @triton.jit function
#   acc = EPI(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, ..., s34, f0, f1, f2, f3)
# called on an fp32 tile right before its store: i0..i4 are the output coordinates in five index slots
# (NCDHW for a convolution, (batch, row, col, 0, 0) for a GEMM, the left-padded shape for an elementwise
# launch), e0..e3 up to four more tensors read through strides sJ0..sJ4 per slot (stride 0 along broadcast
# dims), f0..f3 up to four float scalars. The same function fuses into a GEMM or convolution
# (kwb_gemm, conv_forward) or runs alone through kwb_pointwise.


try:  # the memo of launch plans lives in the stage library (triton_stages.py), pasted before this file
    _kwb_memo
except NameError:  # pasted alone (tests)
    kwb_memo_plans, _kwb_memo = True, {}


def kwb_epi_args(tensors, shape, slots, dummy):
    """Kernel arguments for up to four epilogue tensors, each broadcast to `shape` (a view: stride 0
    along broadcast dims). slots: for each of the five index slots, the dim of `shape` it walks, or None.
    Returns (e0..e3, s00..s34); unused tensors are `dummy` with zero strides."""
    ptrs, strides = [], []
    for t in tensors:
        if isinstance(t, KwbAt):  # read at indices its epilogue maps (a pad's source): its own strides, not broadcast
            ptrs.append(t.t)
            strides += [t.t.stride(d) if d is not None else 0 for d in slots]
            continue
        if isinstance(t, KwbCols):  # columns of one tensor: column 0 broadcast, the column stride in slot 0
            if slots[0] is not None:
                raise ValueError("kwb_cols: the launch walks all five index slots (slot 0 holds the column stride)")
            e = t.t.expand(shape)
            ptrs.append(e)
            strides += [t.cs] + [e.stride(d) if d is not None else 0 for d in slots[1:]]
            continue
        e = t.expand(shape)
        ptrs.append(e)
        strides += [e.stride(d) if d is not None else 0 for d in slots]
    if len(ptrs) > 4:
        raise ValueError("an epilogue takes at most four tensors, got %d" % len(ptrs))
    while len(ptrs) < 4:
        ptrs.append(dummy)
        strides += [0] * 5
    return ptrs + strides


class KwbAt:
    """An epilogue tensor that its epilogue reads at indices it maps itself (the source of a pad: out[i] = t[f(i)],
    padMapLoad in core/codegen/indexmap.cpp), not at the output's: kwb_epi_args passes t's own strides per slot (t has
    the output's rank), where any other tensor is broadcast to the output's shape first."""
    __slots__ = ("t",)

    def __init__(self, t):
        self.t = t

    @property
    def shape(self):
        return self.t.shape

    def stride(self):
        return self.t.stride()


def kwb_at(t):
    """t as an epilogue tensor read at mapped indices (KwbAt)."""
    return KwbAt(t)


class KwbCols:
    """Several fixed columns of one tensor read through one epilogue slot (session 43, slot43: a box tensor's x1, y1,
    x2, y2 in one [N, M] launch): t is column 0 (the select at index 0 along the column dim, then the readers'
    unsqueezes), broadcast to the output as any tensor; cs the column dim's stride in elements, passed in slot 0's
    stride (the launch's output has rank <= 4, so i0 == 0 there). The epilogue reads column k at t + k * cs. Only
    kwb_pointwise launches (the planner's `kwb_pointwise(..., epi_tensors=(kwb_cols(...), ...))`) take it."""
    __slots__ = ("t", "cs")

    def __init__(self, t, cs):
        self.t, self.cs = t, cs

    @property
    def shape(self):
        return self.t.shape

    def stride(self):
        return tuple(self.t.stride()) + (self.cs,)  # the memo key: another column stride is another plan

    def expand(self, shape):
        raise ValueError("kwb_cols: columns read through one slot are a kwb_pointwise launch's operand only")


def kwb_cols(src, dim, unsqueezes=()):
    """The columns of src along dim (a fixed-width dim: a box's 4 coordinates) as one epilogue operand (KwbCols):
    column 0 viewed through the readers' unsqueezes (dims in order), and src's stride along dim. No copy."""
    t = src.select(dim, 0)
    for d in unsqueezes:
        t = t.unsqueeze(d)
    return KwbCols(t, src.stride(dim))


def kwb_dim_scalar(t, d):
    """t.shape[d] as an epilogue scalar (an index map's bound): a float, exact below 2**24; a ValueError above."""
    n = t.shape[d]
    if n >= 2 ** 24:
        raise ValueError("kwb_dim_scalar: dim %d of size %d does not fit an fp32 epilogue scalar exactly" % (d, n))
    return float(n)


def _kwb_unview_key(shape, view):
    """The memo key of kwb_epi_unview's plan: the output's shape, the view's code and what it closes over (a tensor by
    its shape and strides, anything else by its value; None where a value cannot be a key: no memo)."""
    cells = []
    for c in view.__closure__ or ():
        v = c.cell_contents
        if isinstance(v, torch.Tensor):
            cells.append((tuple(v.shape), v.stride()))
        elif isinstance(v, (int, float, bool, str, type(None))) or (
                isinstance(v, tuple) and all(isinstance(e, int) for e in v)):
            cells.append(v)
        else:
            return None
    return ("unview", tuple(shape), view.__code__, view.__defaults__, tuple(cells))


def _kwb_unview_plan(shape, view):
    """(the view's shape, the order of its dims that walks the output's row-major elements) from shapes alone."""
    o = torch.empty(shape, device="meta")  # the output's logical row-major indices; no memory
    v = view(o)
    order = sorted(range(v.dim()), key=lambda d: -v.stride(d))
    step = 1
    for d in reversed(order):  # the view must walk o's elements densely (reshapes of o come before any permute)
        if v.shape[d] != 1 and v.stride(d) != step:
            raise ValueError("kwb_epi_unview: the view %s (strides %s) of the output %s is not a permutation of "
                             "its elements" % (tuple(v.shape), v.stride(), tuple(shape)))
        step *= v.shape[d]
    return tuple(v.shape), order


kwb_unview_memo = True  # kwb_epi_unview's plan memoised per key (_kwb_unview_key); False: planned on every call


def kwb_epi_unview(t, shape, view):
    """Epilogue tensor t, given at the indices of a view of the anchor's output, re-indexed at the output's own.
    shape: the output's (logical) shape; view: a function of the output made of reshapes (before any permute),
    permutes, transposes, squeezes and unsqueezes (the chain's views between a GEMM or convolution and the pointwise
    run fused into its epilogue: epi_view=); t broadcasts to view(output).shape. Returns a tensor of `shape` whose
    element [i] is t's element where the view puts output[i]: t expanded, its dims put in the order the view walks
    the output's row-major elements, reshaped to `shape` -- a view of t where its strides allow (broadcast dims keep
    stride 0), else torch's reshape copies it. The view's shape and order are planned once per key (the output's
    shape, the view's code and the shapes it closes over: kwb_unview_memo), not on every call."""
    key = _kwb_unview_key(shape, view) if kwb_unview_memo else None
    plan = _kwb_memo.get(key) if key is not None else None
    if plan is None:
        plan = _kwb_unview_plan(shape, view)
        if key is not None:
            if len(_kwb_memo) >= 4096:
                _kwb_memo.clear()
            _kwb_memo[key] = plan
    vshape, order = plan
    return t.expand(vshape).permute(order).reshape(shape)


def kwb_epi_scalars(scalars):
    """f0..f3: up to four floats, padded with 0.0."""
    if len(scalars) > 4:
        raise ValueError("an epilogue takes at most four scalars, got %d" % len(scalars))
    return [float(f) for f in scalars] + [0.0] * (4 - len(scalars))


kwb_fastdiv = False  # True: kwb_pointwise decodes coordinates by multiply-high, not division (measured in fastdiv_ab)
# True: a contiguous x is read at the flat offset (vector loads), not at its coordinates. On since session 31 with
# kwb_pointwise_rows: both on took p28 / p28 / p29's chains to x1.02 / x1.52 / x0.97 of both off (H200, CUDA-graph
# replay, bench/gpu/ab31.py); kwb_fastdiv stays off (x0.90 on p29's same-shape chain)
kwb_pointwise_contig = True


def _kwb_magic(d):
    """(M, L) with n // d == (umulhi(n, M) + n) >> L for every 0 <= n < 2**31, d >= 1 (Granlund and Montgomery,
    "Division by invariant integers using multiplication", PLDI 1994: L = ceil(log2 d), M < 2**32). M is returned
    as the int32 of its bit pattern (a kernel argument of 32 bits; tl.umulhi reads it unsigned)."""
    lg = (d - 1).bit_length()
    m = (2 ** 32 * (2 ** lg - d)) // d + 1
    return (m - 2 ** 32 if m >= 2 ** 31 else m), lg


@triton.jit
def _kwb_divmod(n, d, M, L):
    # n // d, n % d for 0 <= n < 2**31 from _kwb_magic(d): one 32-bit multiply-high, a 64-bit add and a shift in place
    # of the division's ~20 instructions (the add in 64 bits: umulhi(n, M) + n may pass 2**31)
    hi = tl.umulhi(n, M)
    q = ((hi.to(tl.int64) + n.to(tl.int64)) >> L).to(n.dtype)
    return q, n - q * d


@triton.jit
def _kwb_coords5_fast(off, S1, S2, S3, S4, M1, M2, M3, M4, L1, L2, L3, L4):
    # _kwb_coords5 of a 32-bit offset by _kwb_divmod
    t, i4 = _kwb_divmod(off, S4, M4, L4)
    t, i3 = _kwb_divmod(t, S3, M3, L3)
    t, i2 = _kwb_divmod(t, S2, M2, L2)
    i0, i1 = _kwb_divmod(t, S1, M1, L1)
    return i0, i1, i2, i3, i4


@triton.jit
def _kwb_pointwise_kernel(x_ptr, out_ptr, n, S1, S2, S3, S4, sx0, sx1, sx2, sx3, sx4,
                          e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                          s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                          M1, M2, M3, M4, L1, L2, L3, L4,
                          EPI: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr, FASTDIV: tl.constexpr = False,
                          X_CONTIG: tl.constexpr = False):
    # One elementwise launch: out (contiguous, x's shape) = EPI(x) over the flattened output; the five
    # coordinates are decoded once per element for the strided and broadcast reads (FASTDIV: by multiply-high,
    # 32-bit offsets only; a decode by division costs more than the element's loads on a 4-D broadcast).
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if FASTDIV:
        i0, i1, i2, i3, i4 = _kwb_coords5_fast(offs, S1, S2, S3, S4, M1, M2, M3, M4, L1, L2, L3, L4)
    else:
        i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    if X_CONTIG:  # x contiguous: its offset is the flat one, which the compiler can vectorise
        acc = tl.load(x_ptr + offs, mask=mask, other=0.0)
    else:
        acc = tl.load(x_ptr + (i0 * sx0 + i1 * sx1 + i2 * sx2 + i3 * sx3 + i4 * sx4), mask=mask, other=0.0)
    acc = EPI(acc.to(tl.float32), i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04,
              s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out_ptr + offs, acc.to(out_ptr.dtype.element_ty), mask=mask)


KWB_POINTWISE_BLOCK = 1024
KWB_POINTWISE_WARPS = 4
kwb_pointwise_rows = True  # rows of the last dim per program, coordinates decoded per row (on: see kwb_pointwise_contig)
_kwb_pointwise_rows_min = 16  # the shortest last dim the row launch takes (shorter: the flat one)


@triton.jit
def _kwb_pointwise_rows_kernel(x_ptr, out_ptr, M, L, S1, S2, S3, sx0, sx1, sx2, sx3, sx4,
                               e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                               s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                               EPI: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_L: tl.constexpr):
    # kwb_pointwise over M rows of the last dim (L, slot 4): BLOCK_M rows x BLOCK_L columns a program, the four
    # outer coordinates decoded once per row (BLOCK_M decodes, not one per element), the last one the column. A 1-D
    # grid (row tile, column tile) = divmod(pid, n_l): a coalesced contiguous tensor has one row of 2^29 columns,
    # whose 2^19 column tiles are past grid y's 65535 (97_ScaledDotProductAttention, "invalid argument")
    n_l = tl.cdiv(L, BLOCK_L)
    pid = tl.program_id(0)
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


import inspect as _kwb_inspect  # noqa: E402 -- the fragment is pasted into kernel.py after its imports
import re as _kwb_re  # noqa: E402

kwb_pointwise_coalesce = True  # merge dims every read walks alike before the launch, where the epilogue allows it
_kwb_coords_free_memo = {}
_kwb_coord_re = _kwb_re.compile(r"\bi[0-4]\b")


def _kwb_epi_coords_free(epi):
    """Whether the epilogue @p epi uses the coordinates i0..i4 only in its tensors' addresses (`iD * sED`, the
    loads the code generator writes), not as values (tril's row and column, an index map, an iota): then the
    coordinates of any shape with the same flat order and matching strides serve it, and kwb_pointwise may merge
    dims. Read from its source once per function; False where the source cannot be read."""
    key = id(epi)
    if key not in _kwb_coords_free_memo:
        try:
            src = _kwb_inspect.getsource(epi.fn)  # a @triton.jit function keeps the Python function as .fn
        except (AttributeError, OSError, TypeError):
            src = ""
        # the body: what follows the signature "def NAME(acc, i0, ..., f3):"; the address terms `iD * sED` removed
        rest = src.split("def ", 1)[1] if "def " in src else ""
        rest = rest.split("):", 1)[1] if "):" in rest else ""
        for d in range(5):
            for e in range(4):
                rest = rest.replace("i%d * s%d%d" % (d, e, d), "")
        _kwb_coords_free_memo[key] = (epi, bool(rest) and _kwb_coord_re.search(rest) is None)  # epi kept: its id
    return _kwb_coords_free_memo[key][1]


def _kwb_coalesce(sizes, stride_sets):
    """TensorIterator's coalescing on 5 slots: adjacent slots whose strides in every set (x's, each epilogue
    tensor's; the output is contiguous) continue each other (outer == inner * inner size; broadcast 0 == 0) become
    one, size-1 slots drop. Returns (sizes, stride_sets) left-padded to 5 slots with size 1 / stride 0: the same
    elements in the same flat order, fewer run-time divisions in the decode (a slot of size 1 is specialised away)."""
    dims = []  # (size, [stride per set]) from the innermost slot out
    for k in range(4, -1, -1):
        if sizes[k] == 1:
            continue
        st = [ss[k] for ss in stride_sets]
        if dims and all(st[t] == dims[-1][1][t] * dims[-1][0] for t in range(len(st))):
            dims[-1] = (dims[-1][0] * sizes[k], dims[-1][1])
        else:
            dims.append((sizes[k], st))
    dims += [(1, [0] * len(stride_sets))] * (5 - len(dims))
    dims.reverse()
    return tuple(d[0] for d in dims), [tuple(d[1][t] for d in dims) for t in range(len(stride_sets))]


def _kwb_pointwise_plan(x, epi_tensors, coalesce=False):
    """kwb_pointwise's launch plan from shapes and strides alone: (grid, sizes, x strides, epilogue strides,
    number of epilogue tensors, IDX64). An expanded view keeps its tensor's data pointer, so a launch passes
    the tensors themselves with the broadcast (stride 0) strides planned here. @p coalesce: merge slots
    (_kwb_coalesce; the caller checked that the epilogue reads coordinates only as addresses)."""
    n = x.numel()
    lead = 5 - x.dim()
    sizes = (1,) * lead + tuple(x.shape)
    slots = [None] * lead + list(range(x.dim()))
    sx = [0] * lead + list(x.stride())
    es = kwb_epi_args(epi_tensors, x.shape, slots, x)[4:]
    idx64 = n + KWB_POINTWISE_BLOCK >= 2 ** 31 or max(
        [0] + [(s - 1) * abs(st) for s, st in zip(x.shape, x.stride())]) >= 2 ** 31
    if coalesce and not any(isinstance(t, (KwbAt, KwbCols)) for t in epi_tensors):
        sets = [tuple(sx)] + [tuple(es[5 * e:5 * e + 5]) for e in range(4)]
        sizes, sets = _kwb_coalesce(sizes, sets)
        sx, es = list(sets[0]), [v for ss in sets[1:] for v in ss]
    magic = [_kwb_magic(d) for d in sizes[1:]]
    return ((triton.cdiv(n, KWB_POINTWISE_BLOCK),), sizes[1:], tuple(sx), tuple(es), len(epi_tensors), idx64,
            tuple(m for m, _ in magic) + tuple(lg for _, lg in magic))


def kwb_pointwise(x, epi, epi_tensors=(), epi_scalars=(), out_dtype=None):
    """out = epi(x, *epi_tensors, *epi_scalars) elementwise, out contiguous of x's shape and of out_dtype
    (default x's dtype); x of rank <= 5 and any strides; every epilogue tensor broadcasts to x's shape.
    The plan is memoised on the shapes and strides (kwb_memo_plans): a repeated call allocates and launches."""
    if x.dim() > 5 and sum(1 for s in x.shape if s != 1) <= 5:
        # an einsum's broadcast product (rank 7 with size-1 dims, a Mamba-2 SSD): the same elements without the
        # size-1 dims, each epilogue tensor expanded to x's shape first so that it loses the same dims
        shape = x.shape
        keep = [d for d in range(x.dim()) if shape[d] != 1]

        def drop(t):
            t = t.expand(shape)
            return t.as_strided([shape[d] for d in keep], [t.stride(d) for d in keep], t.storage_offset())

        return kwb_pointwise(drop(x), epi, tuple(drop(t) for t in epi_tensors), epi_scalars, out_dtype).view(shape)
    if x.dim() > 5:
        raise ValueError("kwb_pointwise takes tensors of rank <= 5 (or more with at most 5 dims above 1), got "
                         "shape %s" % (tuple(x.shape),))
    out = torch.empty(x.shape, dtype=out_dtype or x.dtype, device=x.device)
    if out.numel() == 0:
        return out
    flat = kwb_pointwise_coalesce and _kwb_epi_coords_free(epi)
    key = ("pointwise", x.shape, x.stride(), x.dtype, x.device, flat) + tuple(
        (t.shape, t.stride(), isinstance(t, KwbAt), isinstance(t, KwbCols)) for t in epi_tensors)
    plan = _kwb_memo.get(key) if kwb_memo_plans else None
    if plan is None:
        if len(_kwb_memo) >= 4096:
            _kwb_memo.clear()
        plan = _kwb_memo[key] = _kwb_pointwise_plan(x, epi_tensors, flat)
    grid, sizes, sx, es, ne, idx64, magic = plan
    ptrs = tuple(t.t if isinstance(t, (KwbAt, KwbCols)) else t for t in epi_tensors) + (x,) * (4 - ne)
    L = sizes[3]
    if kwb_pointwise_rows and x.dim() >= 2 and L >= _kwb_pointwise_rows_min:
        block_l = min(_kwb_np2(L), KWB_POINTWISE_BLOCK)
        block_m = max(1, KWB_POINTWISE_BLOCK // block_l)
        rows = out.numel() // L
        _kwb_pointwise_rows_kernel[(triton.cdiv(rows, block_m) * triton.cdiv(L, block_l),)](
            x, out, rows, L, sizes[0], sizes[1], sizes[2], *sx, *ptrs, *es, *kwb_epi_scalars(epi_scalars), EPI=epi,
            BLOCK_M=block_m, BLOCK_L=block_l, num_warps=KWB_POINTWISE_WARPS)
        return out
    _kwb_pointwise_kernel[grid](x, out, out.numel(), *sizes, *sx, *ptrs, *es, *kwb_epi_scalars(epi_scalars), *magic,
                                EPI=epi, IDX64=idx64, BLOCK=KWB_POINTWISE_BLOCK, FASTDIV=kwb_fastdiv and not idx64,
                                X_CONTIG=kwb_pointwise_contig and x.is_contiguous(), num_warps=KWB_POINTWISE_WARPS)
    return out


@triton.jit
def _kwb_gemv_store(acc, out, bias, rows, rmask, i3, i4, sbias, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                    s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                    EPI: tl.constexpr, HAS_BIAS: tl.constexpr):
    # the gemv's fp32 row sums + bias[i4 sbias], then EPI at slots (i3, i4), stored to out[rows]
    if HAS_BIAS:
        acc += tl.load(bias + i4 * sbias, mask=rmask, other=0.0).to(tl.float32)
    z = rows * 0
    acc = EPI(acc, z, z, z, i3, i4, rmask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
              s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out + rows, acc.to(out.dtype.element_ty), mask=rmask)


@triton.jit
def _kwb_gemv_kernel(a, v, out, part, bias, M, K, KC, R1, sab, sam, sak, sv, sbias, e0, e1, e2, e3,
                     s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34,
                     f0, f1, f2, f3, EPI: tl.constexpr, HAS_BIAS: tl.constexpr, IDX64: tl.constexpr,
                     PARTIAL: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    # out[r] = EPI(sum_k a[r // R1, r % R1, k] v[k] (+ bias[(r % R1) sbias])) for the M flat output rows r: BLOCK_M rows
    # per program, each row's products summed over K in fp32 (a row reduction: every element of a is read once; no
    # tensor-core tile, whose N of 1 would waste it). EPI sees r as (i3, i4) = (r // R1, r % R1). Program (i, s) sums
    # K's chunk [s KC, (s + 1) KC) (KC a multiple of BLOCK_K; one chunk of all K unless split); PARTIAL: its fp32 sums
    # go to part[s, r] for _kwb_gemv_sum_kernel, which adds the bias and applies EPI
    pid = tl.program_id(0)
    sid = tl.program_id(1)
    if IDX64:
        pid = pid.to(tl.int64)
        sid = sid.to(tl.int64)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    rmask = rows < M
    i3 = rows // R1
    i4 = rows % R1
    base = i3 * sab + i4 * sam
    acc = tl.zeros([BLOCK_M], dtype=tl.float32)
    for k0 in range(0, KC, BLOCK_K):
        ks = sid * KC + k0 + tl.arange(0, BLOCK_K)
        kmask = ks < K
        x = tl.load(a + (base[:, None] + ks[None, :] * sak), mask=rmask[:, None] & kmask[None, :], other=0.0)
        y = tl.load(v + ks * sv, mask=kmask, other=0.0)
        acc += tl.sum(x.to(tl.float32) * y.to(tl.float32)[None, :], axis=1)
    if PARTIAL:
        tl.store(part + sid * M + rows, acc, mask=rmask)
    else:
        _kwb_gemv_store(acc, out, bias, rows, rmask, i3, i4, sbias, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                        s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                        EPI, HAS_BIAS)


@triton.jit
def _kwb_gemv_sum_kernel(part, out, bias, M, S, R1, sbias, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                         s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                         EPI: tl.constexpr, HAS_BIAS: tl.constexpr, BLOCK: tl.constexpr):
    # split-K's second pass: out[r] = EPI(part[0, r] + ... + part[S - 1, r] (+ bias)), summed in that order
    # (deterministic: no atomics)
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rmask = rows < M
    i3 = rows // R1
    i4 = rows % R1
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for s in range(0, S):
        acc += tl.load(part + s * M + rows, mask=rmask, other=0.0)
    _kwb_gemv_store(acc, out, bias, rows, rmask, i3, i4, sbias, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                    s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                    EPI, HAS_BIAS)


KWB_GEMV_BLOCK_M = 16
KWB_GEMV_BLOCK_K = 128
KWB_GEMV_SUM_BLOCK = 1024
# Split-K (the reductions' rule, _kwb_reduce_plan): where the row blocks are fewer than 2 programs per SM, K is cut
# into chunks so that about 4 programs per SM stream A, each chunk at least _kwb_split_elems elements of A; fp32
# partial sums, then one summing launch that applies the epilogue. "auto": that rule; "off": never split; an int:
# that many chunks (at most one per BLOCK_K), for A/B runs (bench/gpu/gemv_ab.py).
kwb_gemv_split = "auto"
# A chunk spans at least this many elements of K: on the H200 (docs/results/2026-12-04-h200-s25.md, gemv_ab.py
# --splits) every split into chunks under 4096 ran slower than no split where the row blocks were 256 (4096 x 4096:
# 3 chunks of 1408 63.1 us, 2 of 2048 75.3, unsplit 37.5) and than 16 chunks of 4096 where they were 16 (256 x 65536:
# 32 chunks of 2048 169.5 us, 16 of 4096 58.3); chunks of 4096 and longer kept every gain (1024 x 65536 346.6 -> 79.7).
KWB_GEMV_MIN_KC = 4096


def kwb_gemv_plan(m, k, sms):
    """(splits, KC) for m output rows over k on a GPU of `sms` SMs under kwb_gemv_split: K is cut into `splits`
    chunks of KC elements (a multiple of KWB_GEMV_BLOCK_K; the last may be shorter); (1, k) when not split."""
    progs = triton.cdiv(m, KWB_GEMV_BLOCK_M)
    split = 1
    if isinstance(kwb_gemv_split, int):
        split = max(1, kwb_gemv_split)
    elif kwb_gemv_split == "auto" and progs < 2 * sms:
        split = max(1, min(triton.cdiv(4 * sms, progs), k * KWB_GEMV_BLOCK_M // _kwb_split_elems,
                           k // max(1, KWB_GEMV_MIN_KC)))
    elif kwb_gemv_split not in ("auto", "off"):
        raise ValueError("kwb_gemv_split: 'auto', 'off' or a number of chunks, got %r" % (kwb_gemv_split,))
    if split == 1 or k <= KWB_GEMV_BLOCK_K:
        return 1, k
    kc = triton.cdiv(triton.cdiv(k, split), KWB_GEMV_BLOCK_K) * KWB_GEMV_BLOCK_K
    return triton.cdiv(k, kc), kc


def _kwb_gemv_run(a3, v, out, bias, es, ss, fs, epi):
    """out (contiguous, M = B R1 elements) [r] = epi(sum_k a3[r // R1, r % R1, k] v[k] (+ bias[r % R1])) for a3
    [B, R1, K] and v [K] of any strides, bias None or [R1] / [1] (broadcast); es / ss / fs: the epilogue's four tensors,
    their 5 strides each (slots 3 and 4: r // R1 and r % R1) and four scalars. One launch, or two (kwb_gemv_plan)."""
    bt, r1, k = a3.shape
    m = out.numel()
    ext = sum((s - 1) * abs(st) for s, st in zip(a3.shape, a3.stride()))
    idx64 = max(m, k, ext) + KWB_GEMV_BLOCK_K >= 2 ** 31
    splits, kc = kwb_gemv_plan(m, k, _kwb_sms(a3))
    part = torch.empty((splits, m), dtype=torch.float32, device=a3.device) if splits > 1 else out
    sb = 0 if bias is None or bias.numel() == 1 else bias.stride(0)
    bias = out if bias is None else bias
    epi = epi if epi is not None else _kwb_epi_identity
    _kwb_gemv_kernel[(triton.cdiv(m, KWB_GEMV_BLOCK_M), splits)](
        a3, v, out, part, bias, m, k, kc, r1, a3.stride(0), a3.stride(1), a3.stride(2), v.stride(0), sb, *es, *ss,
        *fs, EPI=epi, HAS_BIAS=bias is not out, IDX64=idx64, PARTIAL=splits > 1, BLOCK_M=KWB_GEMV_BLOCK_M,
        BLOCK_K=KWB_GEMV_BLOCK_K, num_warps=4)
    if splits > 1:
        _kwb_gemv_sum_kernel[(triton.cdiv(m, KWB_GEMV_SUM_BLOCK),)](
            part, out, bias, m, splits, r1, sb, *es, *ss, *fs, EPI=epi, HAS_BIAS=bias is not out,
            BLOCK=KWB_GEMV_SUM_BLOCK, num_warps=4)
    return out


def kwb_gemv(a, v, epi=None, epi_tensors=(), epi_scalars=(), out_dtype=None):
    """torch.mv(a, v) for a [M, K] and v [K] (any strides), then epi (the pointwise run after it, fused: addmv's
    beta * input + alpha * product) on the [M] result: fp32 accumulation, out contiguous of out_dtype (default a's
    dtype). One launch; two where few row blocks would leave SMs idle (kwb_gemv_plan: K split into chunks, their fp32
    partial sums added in a fixed order by a second launch, which applies epi)."""
    if a.dim() != 2 or v.dim() != 1 or a.shape[1] != v.shape[0]:
        raise ValueError("kwb_gemv: a %s and v %s (a [M, K], v [K])" % (tuple(a.shape), tuple(v.shape)))
    out = torch.empty((a.shape[0],), dtype=out_dtype or a.dtype, device=a.device)
    if out.numel() == 0:
        return out
    es = kwb_epi_args(epi_tensors, out.shape, [None] * 4 + [0], out)
    return _kwb_gemv_run(a.unsqueeze(0), v, out, None, es[:4], es[4:], kwb_epi_scalars(epi_scalars), epi)


@triton.jit
def _kwb_copy_kernel(src, dst, n, S1, S2, S3, S4, ss0, ss1, ss2, ss3, ss4, ds0, ds1, ds2, ds3, ds4,
                     IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # dst[i] = src[i] for two views of one 5-D shape with any strides (data movement only; cast to dst's dtype)
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    v = tl.load(src + (i0 * ss0 + i1 * ss1 + i2 * ss2 + i3 * ss3 + i4 * ss4), mask=mask)
    tl.store(dst + (i0 * ds0 + i1 * ds1 + i2 * ds2 + i3 * ds3 + i4 * ds4), v.to(dst.dtype.element_ty), mask=mask)


def kwb_copy_into(dst, src):
    """dst[...] = src (one shape of rank <= 5, any strides, src cast to dst's dtype) by one Triton copy: a forward()
    that writes its input in place leaves the final value in the caller's tensor this way."""
    if tuple(dst.shape) != tuple(src.shape) or dst.dim() > 5:
        raise ValueError("kwb_copy_into: shapes %s and %s (rank <= 5, equal)" % (tuple(dst.shape), tuple(src.shape)))
    n = src.numel()
    if n == 0:
        return dst
    lead = 5 - src.dim()
    sizes = (1,) * lead + tuple(src.shape)
    idx64 = n + KWB_POINTWISE_BLOCK >= 2 ** 31 or max(
        [0] + [(s - 1) * abs(st) for t in (src, dst) for s, st in zip(t.shape, t.stride())]) >= 2 ** 31
    _kwb_copy_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        src, dst, n, sizes[1], sizes[2], sizes[3], sizes[4], *((0,) * lead + tuple(src.stride())),
        *((0,) * lead + tuple(dst.stride())), IDX64=idx64, BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
    return dst


kwb_piecewise_reads = True  # a buffer assembled from slice writes, read by one pointwise launch: read piecewise there


def kwb_piece_view(t):
    """The shape of t, a value that one pointwise launch reads piece by piece (the writes' sources at the index
    each output coordinate falls in: core/codegen/indexmap.h pieceLoad), expanded from one element: nothing is read.
    kwb_piecewise_reads off: t itself, written by its pieces' launches."""
    return t.new_empty(()).expand(t.shape) if kwb_piecewise_reads else t


def kwb_pointwise_piece(x, *args, **kwargs):
    """kwb_pointwise(x, ...) for a piece of a value read piecewise: while kwb_piecewise_reads is on its reader
    computes it (this is only its shape, as kwb_piece_view); off, the launch."""
    if kwb_piecewise_reads:
        return x.new_empty(()).expand(x.shape)
    return kwb_pointwise(x, *args, **kwargs)


def kwb_copy_into_piece(dst, src):
    """kwb_copy_into(dst, src()) for a write of a buffer read piecewise: while kwb_piecewise_reads is on its reader
    reads the source where dst lies, and nothing is copied (src, a function, is not called: a fill's kept constant is
    not made); off, the copy."""
    return dst if kwb_piecewise_reads else kwb_copy_into(dst, src())


def kwb_piece_starts(buf, d, *views):
    """The interior cut points along dim d of buf (contiguous, as torch.empty makes it) of views that partition it
    in this order (slices and selects along d, whole along every other dim: the writes of a buffer read piecewise),
    as epilogue scalars: the start of every view but the first. A ValueError where they do not partition buf (a
    gap, an overlap, another order at these sizes) or a start does not fit an fp32 scalar exactly."""
    if not kwb_piecewise_reads:
        return (0.0,) * (len(views) - 1)
    n, step = buf.shape[d], buf.stride(d)
    at, starts = 0, []
    for v in views:
        lo = (v.storage_offset() - buf.storage_offset()) // step if step and v.numel() else at
        size = v.shape[d] if v.dim() == buf.dim() else 1  # a select along d: one index
        if v.numel() and lo != at or lo + size > n or lo >= 2 ** 24:
            raise ValueError("kwb_piece_starts: the writes of dim %d (size %d) do not partition it in order at "
                             "these sizes (a piece at %d, expected %d)" % (d, n, lo, at))
        if v is not views[0]:
            starts.append(float(lo))
        at = lo + size
    if at != n:
        raise ValueError("kwb_piece_starts: the writes of dim %d cover %d of its %d indices" % (d, at, n))
    return tuple(starts)


def kwb_cat_piece(parts, dim, *args, **kwargs):
    """kwb_cat(parts, dim, ...) for a cat read piecewise by one pointwise launch: while kwb_piecewise_reads is on,
    only its shape (parts may be shapes themselves); off, the cat."""
    if not kwb_piecewise_reads:
        return kwb_cat(parts, dim, *args, **kwargs)
    shape = list(parts[0].shape)
    shape[dim] = sum(p.shape[dim] for p in parts)
    return parts[0].new_empty(()).expand(shape)



@triton.jit
def _kwb_shift_kernel(src, dst, n, S1, S2, S3, S4, ss0, ss1, ss2, ss3, ss4, R0, R1, R2, R3, R4,
                      m0, m1, m2, m3, m4, fill, MODE: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # dst (contiguous, 5-D sizes S0..S4) from src at per-slot shifted coordinates: slot d reads j_d = i_d - m_d, then
    # by MODE: 0 as is (constant_pad_nd: m_d = the padding before; j_d outside [0, R_d) reads `fill`); 1 modulo src's
    # size R_d (torch.roll: m_d = shift mod R_d; a circular pad: m_d = the padding before, at most R_d); 2 clamped
    # into [0, R_d) (replication_pad: the edge repeats); 3 reflected at the edges without repeating them
    # (reflection_pad: -1 -> 1, R_d -> R_d - 2; each pad < R_d); 4 reversed where m_d != 0 (torch.flip: R_d - 1 - i_d)
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    j0 = i0 - m0
    j1 = i1 - m1
    j2 = i2 - m2
    j3 = i3 - m3
    j4 = i4 - m4
    if MODE == 1:
        j0 = (j0 + R0) % R0
        j1 = (j1 + R1) % R1
        j2 = (j2 + R2) % R2
        j3 = (j3 + R3) % R3
        j4 = (j4 + R4) % R4
    if MODE == 2:
        j0 = tl.minimum(tl.maximum(j0, 0), R0 - 1)
        j1 = tl.minimum(tl.maximum(j1, 0), R1 - 1)
        j2 = tl.minimum(tl.maximum(j2, 0), R2 - 1)
        j3 = tl.minimum(tl.maximum(j3, 0), R3 - 1)
        j4 = tl.minimum(tl.maximum(j4, 0), R4 - 1)
    if MODE == 3:
        j0 = tl.abs(j0)
        j1 = tl.abs(j1)
        j2 = tl.abs(j2)
        j3 = tl.abs(j3)
        j4 = tl.abs(j4)
        j0 = tl.where(j0 >= R0, 2 * (R0 - 1) - j0, j0)
        j1 = tl.where(j1 >= R1, 2 * (R1 - 1) - j1, j1)
        j2 = tl.where(j2 >= R2, 2 * (R2 - 1) - j2, j2)
        j3 = tl.where(j3 >= R3, 2 * (R3 - 1) - j3, j3)
        j4 = tl.where(j4 >= R4, 2 * (R4 - 1) - j4, j4)
    if MODE == 4:
        j0 = tl.where(m0 != 0, R0 - 1 - i0, i0)
        j1 = tl.where(m1 != 0, R1 - 1 - i1, i1)
        j2 = tl.where(m2 != 0, R2 - 1 - i2, i2)
        j3 = tl.where(m3 != 0, R3 - 1 - i3, i3)
        j4 = tl.where(m4 != 0, R4 - 1 - i4, i4)
    inside = (j0 >= 0) & (j0 < R0) & (j1 >= 0) & (j1 < R1) & (j2 >= 0) & (j2 < R2) & (j3 >= 0) & (j3 < R3) & \
        (j4 >= 0) & (j4 < R4)
    v = tl.load(src + (j0 * ss0 + j1 * ss1 + j2 * ss2 + j3 * ss3 + j4 * ss4), mask=mask & inside, other=fill)
    tl.store(dst + offs, v.to(dst.dtype.element_ty), mask=mask)


def _kwb_shift(x, out, before, fill, mode=0):
    """out[i] = x[i - before] per dim by one launch, x and out of rank <= 5; outside x by mode (_kwb_shift_kernel's
    MODE): 0 fill, 1 modulo x's size, 2 the nearest edge, 3 reflected at the edges; 4: out[i] = x[size - 1 - i] along
    the dims whose `before` is nonzero (a flip)."""
    n = out.numel()
    if n == 0:
        return out
    lead = 5 - x.dim()
    sizes = (1,) * lead + tuple(out.shape)
    rs = (1,) * lead + tuple(x.shape)
    ms = (0,) * lead + tuple(before)
    reach = max([n] + [(s - 1) * abs(st) for s, st in zip(x.shape, x.stride())])
    _kwb_shift_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        x, out, n, sizes[1], sizes[2], sizes[3], sizes[4], *((0,) * lead + tuple(x.stride())), *rs, *ms,
        float(fill), MODE=mode, IDX64=reach + KWB_POINTWISE_BLOCK >= 2 ** 31, BLOCK=KWB_POINTWISE_BLOCK,
        num_warps=KWB_POINTWISE_WARPS)
    return out


def kwb_roll(x, shifts, dims):
    """torch.roll(x, shifts, dims) with dims given (rank 1..5, any strides): out contiguous, one launch; each rolled
    dim reads the input at (i - shift) mod its size (_kwb_shift_kernel)."""
    shifts = [shifts] if isinstance(shifts, int) else list(shifts)
    dims = [dims] if isinstance(dims, int) else list(dims)
    if len(shifts) != len(dims) or x.dim() > 5 or x.dim() == 0:
        raise ValueError("kwb_roll: shifts %s and dims %s of a rank-%d tensor" % (shifts, dims, x.dim()))
    before = [0] * x.dim()
    for s, d in zip(shifts, dims):
        d = d % x.dim()
        before[d] = (before[d] + s) % x.shape[d] if x.shape[d] else 0
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    return _kwb_shift(x, out, before, 0.0, mode=1)


def _kwb_flip_dims(x, dims):
    """torch.flip's dims of x as a per-dim 0/1 list; a ValueError for a dim out of range or a rank above 5."""
    dims = [dims] if isinstance(dims, int) else list(dims)
    if x.dim() > 5 or any(not -max(x.dim(), 1) <= d < max(x.dim(), 1) for d in dims):
        raise ValueError("kwb_flip: dims %s of a rank-%d tensor" % (dims, x.dim()))
    flip = [0] * x.dim()
    for d in dims:
        flip[d % x.dim()] = 1
    return flip


def kwb_flip(x, dims):
    """torch.flip(x, dims) (rank 0..5, any strides): out contiguous, one launch; each flipped dim reads the input at
    size - 1 - i (_kwb_shift_kernel's MODE 4)."""
    flip = _kwb_flip_dims(x, dims)
    if x.dim() == 0:  # a copy, through the same kernel at rank 1 (x.clone() would be PyTorch compute: the gate)
        return kwb_flip(x.reshape(1), []).reshape(())
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    return _kwb_shift(x, out, flip, 0.0, mode=4)


def kwb_flip_view(x, dims):
    """The shape of kwb_flip(x, dims) for a pointwise launch that reads x through the flip's index map (kwb_at,
    kwb_dim_scalar), as kwb_pad_view; kwb_pad_prologue off: kwb_flip itself (one launch)."""
    _kwb_flip_dims(x, dims)
    if not kwb_pad_prologue or x.numel() == 0:
        return kwb_flip(x, dims)
    return x.new_empty(()).expand(x.shape)


def kwb_pad(x, pad, value=0.0, mode="constant"):
    """F.pad(x, pad, mode, value): pad holds (before, after) pairs from the last dim backwards; out contiguous, one
    launch (_kwb_shift_kernel). mode "constant" (aten::constant_pad_nd: negative entries crop), "replicate"
    (replication_pad1d/2d/3d: the edge element repeats), "reflect" (reflection_pad1d/2d/3d: mirrored without
    the edge; each pad below its dim's size, as torch requires) or "circular" (wrapped around: the index modulo
    the dim's size; each pad in [0, size], one wrap at most, as torch requires; cropping is not supported)."""
    shape, before = _kwb_pad_shape(x, pad, mode)
    out = torch.empty(shape, dtype=x.dtype, device=x.device)
    if x.numel() == 0:
        return out.fill_(value)
    return _kwb_shift(x, out, before, value, mode={"constant": 0, "circular": 1, "replicate": 2, "reflect": 3}[mode])


def _kwb_pad_shape(x, pad, mode):
    """(the padded shape, the padding before each dim) of F.pad(x, pad, mode), with torch's bounds (kwb_pad)."""
    pad = list(pad)
    if len(pad) % 2 or len(pad) // 2 > x.dim() or x.dim() > 5:
        raise ValueError("kwb_pad: pad %s of a rank-%d tensor" % (pad, x.dim()))
    shape, before = list(x.shape), [0] * x.dim()
    for k in range(len(pad) // 2):
        d = x.dim() - 1 - k
        before[d] = pad[2 * k]
        shape[d] = x.shape[d] + pad[2 * k] + pad[2 * k + 1]
        if mode == "reflect" and not (0 <= pad[2 * k] < x.shape[d] and 0 <= pad[2 * k + 1] < x.shape[d]):
            raise ValueError("kwb_pad: reflect pad %s must be below the size %d of dim %d" % (pad, x.shape[d], d))
        if mode == "replicate" and (min(pad[2 * k:2 * k + 2]) < 0 or x.shape[d] == 0):
            raise ValueError("kwb_pad: replicate pad %s of dim %d of size %d" % (pad, d, x.shape[d]))
        if mode == "circular" and not (0 <= min(pad[2 * k:2 * k + 2]) and max(pad[2 * k:2 * k + 2]) <= x.shape[d]):
            raise ValueError("kwb_pad: circular pad %s must be in [0, %d] (the size of dim %d)" % (pad, x.shape[d], d))
    if any(s < 0 for s in shape):
        raise ValueError("kwb_pad: pad %s leaves a negative size from %s" % (pad, tuple(x.shape)))
    return shape, before


kwb_pad_prologue = True  # a pad read by one pointwise launch alone: its source loaded through the pad's index map there


def kwb_pad_view(x, pad, value=0.0, mode="constant"):
    """The shape of kwb_pad(x, pad, value, mode) for a pointwise launch that reads x through the pad's index map (kwb_at,
    kwb_dim_scalar): x's dtype and device, expanded from one element (nothing written or read). kwb_pad_prologue off:
    kwb_pad itself (one launch), which that launch then reads as any tensor."""
    if not kwb_pad_prologue or x.numel() == 0:  # an empty source: nothing to map (the pad is all fill)
        return kwb_pad(x, pad, value, mode)
    return x.new_empty(()).expand(_kwb_pad_shape(x, pad, mode)[0])


@triton.jit
def _kwb_resample_dim(i, R, scale, MODE: tl.constexpr, ALIGN: tl.constexpr):
    # one dim of an upsample: output index i -> source indices lo, hi and hi's weight, by torch's rules in fp32.
    # MODE 0 nearest: floor(i * scale); 1 nearest-exact: floor((i + 0.5) * scale); both clamped to R - 1.
    # MODE 2 linear: src = i * scale (ALIGN: align_corners) or max(scale * (i + 0.5) - 0.5, 0), lo = floor(src),
    # hi = lo + 1 below the last index
    f = i.to(tl.float32)
    if MODE == 2:
        if ALIGN:
            src = f * scale
        else:
            src = tl.maximum(scale * (f + 0.5) - 0.5, 0.0)
        lo = src.to(tl.int32)
        hi = tl.where(lo < R - 1, lo + 1, lo)
        w = tl.minimum(tl.maximum(src - lo.to(tl.float32), 0.0), 1.0)
    else:
        if MODE == 1:
            f = f + 0.5
        lo = tl.minimum(tl.floor(f * scale).to(tl.int32), R - 1)
        hi = lo
        w = f * 0.0
    return lo, hi, w


@triton.jit
def _kwb_resample_plane(p, o3a, o3b, w3, o4a, o4b, w4, mask, LIN: tl.constexpr):
    # slots 3 and 4 of an upsample at plane pointer p: one tap (nearest) or torch's bilinear blend of four
    v00 = tl.load(p + o3a + o4a, mask=mask, other=0.0).to(tl.float32)
    if LIN:
        v01 = tl.load(p + o3a + o4b, mask=mask, other=0.0).to(tl.float32)
        v10 = tl.load(p + o3b + o4a, mask=mask, other=0.0).to(tl.float32)
        v11 = tl.load(p + o3b + o4b, mask=mask, other=0.0).to(tl.float32)
        return (1.0 - w3) * ((1.0 - w4) * v00 + w4 * v01) + w3 * ((1.0 - w4) * v10 + w4 * v11)
    return v00


@triton.jit
def _kwb_resample_kernel(x, out, n, S1, S2, S3, S4, xs0, xs1, xs2, xs3, xs4, R2, R3, R4, c2, c3, c4,
                         e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                         s30, s31, s32, s33, s34, f0, f1, f2, f3, EPI: tl.constexpr, SP: tl.constexpr,
                         MODE: tl.constexpr, ALIGN: tl.constexpr, LIN3D: tl.constexpr, IDX64: tl.constexpr,
                         BLOCK: tl.constexpr):
    # out (contiguous, sizes S0..S4: N, C, then up to 3 spatial dims, leading ones 1) from x [N, C, R2, R3, R4]:
    # each spatial slot d maps its index through _kwb_resample_dim (scale c_d); linear blends the taps (slot 2
    # only where LIN3D: trilinear), fp32, stored in out's dtype
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    a2, b2, w2 = _kwb_resample_dim(i2, R2, c2, MODE, ALIGN)
    a3, b3, w3 = _kwb_resample_dim(i3, R3, c3, MODE, ALIGN)
    a4, b4, w4 = _kwb_resample_dim(i4, R4, c4, MODE, ALIGN)
    p = x + (i0.to(tl.int64) * xs0 + i1.to(tl.int64) * xs1)
    o3a, o3b = a3.to(tl.int64) * xs3, b3.to(tl.int64) * xs3
    o4a, o4b = a4.to(tl.int64) * xs4, b4.to(tl.int64) * xs4
    v = _kwb_resample_plane(p + a2.to(tl.int64) * xs2, o3a, o3b, w3, o4a, o4b, w4, mask, MODE == 2)
    if LIN3D:
        v2 = _kwb_resample_plane(p + b2.to(tl.int64) * xs2, o3a, o3b, w3, o4a, o4b, w4, mask, True)
        v = (1.0 - w2) * v + w2 * v2
    # EPI at the output's left-padded coordinates (SP spatial dims after N, C)
    if SP == 1:
        v = EPI(v, 0, 0, i0, i1, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    elif SP == 2:
        v = EPI(v, 0, i0, i1, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    else:
        v = EPI(v, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out + offs, v.to(out.dtype.element_ty), mask=mask)


@triton.jit
def _kwb_cubic_coeffs(t):
    # torch's get_cubic_upsample_coefficients (aten/src/ATen/native/UpSample.h): Keys' cubic convolution, A = -0.75,
    # the weights of the taps at -1, 0, 1, 2 for the fraction t
    A = -0.75
    x0 = t + 1.0
    c0 = ((A * x0 - 5.0 * A) * x0 + 8.0 * A) * x0 - 4.0 * A
    c1 = ((A + 2.0) * t - (A + 3.0)) * t * t + 1.0
    x2 = 1.0 - t
    c2 = ((A + 2.0) * x2 - (A + 3.0)) * x2 * x2 + 1.0
    x3 = x2 + 1.0
    c3 = ((A * x3 - 5.0 * A) * x3 + 8.0 * A) * x3 - 4.0 * A
    return c0, c1, c2, c3


@triton.jit
def _kwb_cubic_taps(i, R, scale, ALIGN: tl.constexpr):
    # one dim of a bicubic upsample: output index i -> the source index floor(src) - 1 .. + 2, each clamped to
    # [0, R - 1] (upsample_get_value_bounded), and their weights; src = scale * i (ALIGN) or scale * (i + 0.5) - 0.5,
    # not clamped at 0 (area_pixel_compute_source_index with cubic=True)
    f = i.to(tl.float32)
    if ALIGN:
        src = scale * f
    else:
        src = scale * (f + 0.5) - 0.5
    fl = tl.floor(src)
    c0, c1, c2, c3 = _kwb_cubic_coeffs(src - fl)
    j = fl.to(tl.int32)
    j0 = tl.minimum(tl.maximum(j - 1, 0), R - 1)
    j1 = tl.minimum(tl.maximum(j, 0), R - 1)
    j2 = tl.minimum(tl.maximum(j + 1, 0), R - 1)
    j3 = tl.minimum(tl.maximum(j + 2, 0), R - 1)
    return j0, j1, j2, j3, c0, c1, c2, c3


@triton.jit
def _kwb_cubic_row(p, o0, o1, o2, o3, c0, c1, c2, c3, mask):
    # cubic_interp1d along the last dim of one source row
    v0 = tl.load(p + o0, mask=mask, other=0.0).to(tl.float32)
    v1 = tl.load(p + o1, mask=mask, other=0.0).to(tl.float32)
    v2 = tl.load(p + o2, mask=mask, other=0.0).to(tl.float32)
    v3 = tl.load(p + o3, mask=mask, other=0.0).to(tl.float32)
    return v0 * c0 + v1 * c1 + v2 * c2 + v3 * c3


@triton.jit
def _kwb_bicubic_kernel(x, out, n, C, OH, OW, H, W, xs0, xs1, xs2, xs3, ch, cw, e0, e1, e2, e3, s00, s01, s02, s03,
                        s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                        EPI: tl.constexpr, ALIGN: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # upsample_bicubic2d: out [N, C, OH, OW] (contiguous) from x [N, C, H, W] through its strides: the 4 x 4 taps
    # around each source point, clamped to the borders, blended along W within each of the 4 rows, then along H
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    ow = offs % OW
    t = offs // OW
    oh = t % OH
    t = t // OH
    bn = t // C
    c = t % C
    p = x + (bn.to(tl.int64) * xs0 + c.to(tl.int64) * xs1)
    x0, x1, x2, x3, cx0, cx1, cx2, cx3 = _kwb_cubic_taps(ow, W, cw, ALIGN)
    y0, y1, y2, y3, cy0, cy1, cy2, cy3 = _kwb_cubic_taps(oh, H, ch, ALIGN)
    o0, o1, o2, o3 = x0.to(tl.int64) * xs3, x1.to(tl.int64) * xs3, x2.to(tl.int64) * xs3, x3.to(tl.int64) * xs3
    r0 = _kwb_cubic_row(p + y0.to(tl.int64) * xs2, o0, o1, o2, o3, cx0, cx1, cx2, cx3, mask)
    r1 = _kwb_cubic_row(p + y1.to(tl.int64) * xs2, o0, o1, o2, o3, cx0, cx1, cx2, cx3, mask)
    r2 = _kwb_cubic_row(p + y2.to(tl.int64) * xs2, o0, o1, o2, o3, cx0, cx1, cx2, cx3, mask)
    r3 = _kwb_cubic_row(p + y3.to(tl.int64) * xs2, o0, o1, o2, o3, cx0, cx1, cx2, cx3, mask)
    v = r0 * cy0 + r1 * cy1 + r2 * cy2 + r3 * cy3
    v = EPI(v, 0, bn, c, oh, ow, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
            s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out + offs, v.to(out.dtype.element_ty), mask=mask)


def kwb_upsample(x, mode, size=None, scales=None, align_corners=None, epi=None, epi_tensors=(), epi_scalars=()):
    """F.interpolate(x, size or scale_factor, mode) of x [N, C, *spatial], 1 to 3 spatial dims, any strides: mode
    "nearest", "nearest-exact", "linear" (linear / bilinear / trilinear by the spatial rank) or "bicubic" (2 spatial
    dims: torch's 4 x 4 taps with A = -0.75, clamped at the borders); align_corners applies to the last two. size:
    the output's spatial sizes, or None for floor(in * scale) per dim; scales: the per-dim scale factors or None,
    which (as in torch) set the source index rule's 1 / scale, else in / out. One launch, fp32 math, out contiguous
    in x's dtype; epi: the pointwise run after it, applied in that launch on the result's coordinates (its tensors
    broadcast to the result's shape). Raises ValueError for another rank or mode."""
    ins, size, cs, align, out = _kwb_upsample_plan(x, mode, size, scales, align_corners)
    sp = x.dim() - 2
    n = out.numel()
    if n == 0:
        return out
    nd = out.dim()
    es = kwb_epi_args(epi_tensors, out.shape, [None] * (5 - nd) + list(range(nd)), x)
    fs = kwb_epi_scalars(epi_scalars)
    if mode == "bicubic":
        reach = max([n] + [(s - 1) * abs(st) for s, st in zip(x.shape, x.stride())])
        _kwb_bicubic_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
            x, out, n, x.shape[1], size[0], size[1], ins[0], ins[1], *x.stride(), cs[0], cs[1], *es, *fs,
            EPI=epi or _kwb_epi_identity, ALIGN=align, IDX64=reach + KWB_POINTWISE_BLOCK >= 2 ** 31,
            BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
        return out
    lead = 3 - sp
    sizes = (1,) * lead + tuple(out.shape[2:])
    rs = (1,) * lead + tuple(ins)
    cs = [0.0] * lead + cs
    xs = tuple(x.stride()[:2]) + (0,) * lead + tuple(x.stride()[2:])
    reach = max([n] + [(s - 1) * abs(st) for s, st in zip(x.shape, x.stride())])
    _kwb_resample_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        x, out, n, x.shape[1], *sizes, *xs, *rs, *cs, *es, *fs, EPI=epi or _kwb_epi_identity, SP=sp,
        MODE={"nearest": 0, "nearest-exact": 1, "linear": 2}[mode],
        ALIGN=align, LIN3D=mode == "linear" and sp == 3, IDX64=reach + KWB_POINTWISE_BLOCK >= 2 ** 31,
        BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
    return out


@triton.jit
def _kwb_embedding_kernel(w, idx, out, n, D, N, ws0, ws1, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # out[r, c] = w[idx[r], c] over the flattened (rows x D) output: a gather of whole rows; a negative index counts
    # from the end (tensor indexing's rule; an embedding's index is never negative)
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    row = offs // D
    col = offs % D
    i = tl.load(idx + row, mask=mask, other=0).to(tl.int64)
    i = tl.where(i < 0, i + N, i)
    v = tl.load(w + (i * ws0 + col * ws1), mask=mask, other=0.0)
    tl.store(out + offs, v.to(out.dtype.element_ty), mask=mask)


@triton.jit
def _kwb_gather_rows_kernel(w, ia, ib, out, n, D, NA, NB, wsa, wsb, wsc, IS1, IS2, IS3, IS4, OS1, OS2, OS3, OS4,
                            p0, p1, p2, p3, q00, q01, q02, q03, q04, q10, q11, q12, q13, q14,
                            q20, q21, q22, q23, q24, q30, q31, q32, q33, q34, g0, g1, g2, g3,
                            e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                            s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                            PRE: tl.constexpr, PRE_AT: tl.constexpr, EPI: tl.constexpr, HAS_EPI: tl.constexpr,
                            PAIR: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # out[r, c] = EPI(w[PRE(ia[r]), (PRE(ib[r]),) c]) over the flattened (rows x D) output (session 46, gather46): a
    # row gather whose index PRE_AT (0: ia, 1: ib, -1: none) is computed from its run's input as it is loaded (PRE at
    # the index's coordinates, sizes IS; kwb_pointwise's math: the value as fp32, then the run's integer), and the
    # pointwise run after it applied before the store (EPI at the output's coordinates, sizes OS). Negative indices
    # count from the end of their dim.
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    row = offs // D
    col = offs % D
    a = tl.load(ia + row, mask=mask, other=0)
    if PRE_AT >= 0:
        j0, j1, j2, j3, j4 = _kwb_coords5(row, IS1, IS2, IS3, IS4)
    if PRE_AT == 0:
        a = PRE(a.to(tl.float32), j0, j1, j2, j3, j4, mask, p0, p1, p2, p3, q00, q01, q02, q03, q04,
                q10, q11, q12, q13, q14, q20, q21, q22, q23, q24, q30, q31, q32, q33, q34, g0, g1, g2, g3)
    a = a.to(tl.int64)
    a = tl.where(a < 0, a + NA, a)
    off = a * wsa + col * wsc
    if PAIR:
        b = tl.load(ib + row, mask=mask, other=0)
        if PRE_AT == 1:
            b = PRE(b.to(tl.float32), j0, j1, j2, j3, j4, mask, p0, p1, p2, p3, q00, q01, q02, q03, q04,
                    q10, q11, q12, q13, q14, q20, q21, q22, q23, q24, q30, q31, q32, q33, q34, g0, g1, g2, g3)
        b = b.to(tl.int64)
        b = tl.where(b < 0, b + NB, b)
        off += b * wsb
    v = tl.load(w + off, mask=mask, other=0.0)
    if HAS_EPI:
        o0, o1, o2, o3, o4 = _kwb_coords5(offs, OS1, OS2, OS3, OS4)
        v = EPI(v.to(tl.float32), o0, o1, o2, o3, o4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out + offs, v.to(out.dtype.element_ty), mask=mask)


def _kwb_gather_rows(w3, ia, ib, out, shape, idx_shape, pre, pre_tensors, pre_scalars, pre_at, epi, epi_tensors,
                     epi_scalars):
    """One _kwb_gather_rows_kernel launch into the contiguous out [rows, D] (viewed as the result's `shape`, rank <=
    5): w3 [NA, NB, D] (NB = 1 for one index), ia / ib the indices of shape idx_shape (ib None for one), pre the
    index run (on ia at pre_at 0, ib at 1) at idx_shape's coordinates, epi the run after it at `shape`'s. Returns
    out. ValueError: a result or index of rank above 5."""
    if len(shape) > 5 or len(idx_shape) > 5:
        raise ValueError("a gather with a prologue / epilogue: result %s, index %s (rank <= 5 each)"
                         % (tuple(shape), tuple(idx_shape)))
    n = out.numel()
    if n == 0:
        return out
    D = w3.shape[2]
    ki, ko = len(idx_shape), len(shape)
    isz = ((1,) * (5 - ki) + tuple(idx_shape))[1:]
    osz = ((1,) * (5 - ko) + tuple(shape))[1:]
    ps = kwb_epi_args(pre_tensors, idx_shape, [None] * (5 - ki) + list(range(ki)), ia)
    es = kwb_epi_args(epi_tensors, shape, [None] * (5 - ko) + list(range(ko)), out)
    reach = max((w3.shape[0] - 1) * abs(w3.stride(0)) + (w3.shape[1] - 1) * abs(w3.stride(1)), 0)
    idx64 = n + KWB_POINTWISE_BLOCK >= 2 ** 31 or reach + D * abs(w3.stride(2)) >= 2 ** 31
    ia = ia.reshape(-1).contiguous()
    ib = ia if ib is None else ib.reshape(-1).contiguous()
    _kwb_gather_rows_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        w3, ia, ib, out, n, D, w3.shape[0], w3.shape[1], w3.stride(0), w3.stride(1), w3.stride(2), *isz, *osz,
        *ps, *kwb_epi_scalars(pre_scalars), *es, *kwb_epi_scalars(epi_scalars),
        PRE=pre or _kwb_epi_identity, PRE_AT=pre_at if pre is not None else -1, EPI=epi or _kwb_epi_identity,
        HAS_EPI=epi is not None, PAIR=ib is not ia, IDX64=idx64, BLOCK=KWB_POINTWISE_BLOCK,
        num_warps=KWB_POINTWISE_WARPS)
    return out


def kwb_embedding(weight, indices, wrap=False, pre=None, pre_tensors=(), pre_scalars=(), epi=None, epi_tensors=(),
                  epi_scalars=(), out_dtype=None):
    """F.embedding(indices, weight) (padding_idx only matters for the gradient): out[..., :] = weight[indices[...],
    :], of shape indices.shape + (D,) and weight's dtype, one launch. An index outside [0, num_embeddings) raises
    here (torch raises too) when the indices are on the CPU; on the GPU the check would cost a sync, so it is
    left to the harness's reference. pre: the pointwise run that computes the index from `indices` (its input; its
    tensors at the index's shape), applied as each index is loaded; epi: the pointwise run after the gather (its
    tensors broadcast to the result's shape), applied before the store, the result in out_dtype (default weight's;
    session 46)."""
    if weight.dim() != 2:
        raise ValueError("kwb_embedding: a weight of shape %s (2-D expected)" % (tuple(weight.shape),))
    if pre is not None or epi is not None or out_dtype not in (None, weight.dtype):
        out = torch.empty(tuple(indices.shape) + (weight.shape[1],), dtype=out_dtype or weight.dtype,
                          device=weight.device)
        return _kwb_gather_rows(weight.unsqueeze(1), indices, None, out, out.shape, indices.shape, pre, pre_tensors,
                                pre_scalars, 0, epi, epi_tensors, epi_scalars)
    flat = indices.reshape(-1).contiguous()
    D = weight.shape[1]
    out = torch.empty(tuple(indices.shape) + (D,), dtype=weight.dtype, device=weight.device)
    n = out.numel()
    if n == 0:
        return out
    # no host-side bounds check: flat.min() / max() would be PyTorch compute in kernel.py, which the conformance
    # gate refuses (it failed 3 of 14 problems on the H200, session 20); the harness compares against the reference
    idx64 = n + KWB_POINTWISE_BLOCK >= 2 ** 31 or (weight.shape[0] - 1) * abs(weight.stride(0)) >= 2 ** 31
    _kwb_embedding_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        weight, flat, out, n, D, weight.shape[0], weight.stride(0), weight.stride(1), IDX64=idx64,
        BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
    return out


@triton.jit
def _kwb_index2_kernel(w, i0p, i1p, out, n, D, N0, N1, ws0, ws1, ws2, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # out[r, c] = w[i0[r], i1[r], c] over the flattened (rows x D) output: a pair-indexed row gather (Z[:, li, lj]);
    # negative indices count from the end of their dim
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    row = offs // D
    col = offs % D
    a = tl.load(i0p + row, mask=mask, other=0).to(tl.int64)
    b = tl.load(i1p + row, mask=mask, other=0).to(tl.int64)
    a = tl.where(a < 0, a + N0, a)
    b = tl.where(b < 0, b + N1, b)
    v = tl.load(w + (a * ws0 + b * ws1 + col * ws2), mask=mask, other=0.0)
    tl.store(out + offs, v.to(out.dtype.element_ty), mask=mask)


def kwb_index2(x, i0, i1, dim, pre=None, pre_tensors=(), pre_scalars=(), pre_at=1, epi=None, epi_tensors=(),
               epi_scalars=(), out_dtype=None):
    """x[..., i0, i1, ...] with two integer index tensors of one shape at the consecutive dims dim, dim + 1 (aten::index
    with a pair of indices: DLRM's Z[:, li, lj] by a tril_indices buffer): shape x.shape[:dim] + i0.shape +
    x.shape[dim + 2:], negative indices from the end. The two dims moved first, the rest flattened (a view where the
    strides allow), one launch; the result is a view of its contiguous output with the index dims moved back.
    pre: the pointwise run computing index pre_at (0: i0, 1: i1) from that argument, applied as it is loaded; epi:
    the run after the gather, applied before the store (dim 0 only: the result is the output itself; session 46),
    the result in out_dtype (default x's). ValueError: epi with dim above 0."""
    dim = dim % x.dim()
    w, out, rest = _kwb_index2_views(x, i0, i1, dim)
    if pre is not None or epi is not None or out_dtype not in (None, x.dtype):
        if (epi is not None or out_dtype is not None) and dim:
            raise ValueError("kwb_index2: an epilogue at dim %d (dim 0 only)" % dim)
        if out_dtype not in (None, x.dtype):
            out = torch.empty(out.shape, dtype=out_dtype, device=x.device)
        res = tuple(i0.shape) + rest
        _kwb_gather_rows(w, i0, i1, out, res, i0.shape, pre, pre_tensors, pre_scalars, pre_at, epi, epi_tensors,
                         epi_scalars)
        return _kwb_index2_result(out, i0, rest, dim)
    D = w.shape[2]
    n = out.numel()
    if n:
        reach = max((w.shape[0] - 1) * abs(w.stride(0)) + (w.shape[1] - 1) * abs(w.stride(1)), 0)
        idx64 = n + KWB_POINTWISE_BLOCK >= 2 ** 31 or reach + D * abs(w.stride(2)) >= 2 ** 31
        _kwb_index2_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
            w, i0.reshape(-1).contiguous(), i1.reshape(-1).contiguous(), out, n, D, w.shape[0], w.shape[1],
            w.stride(0), w.stride(1), w.stride(2), IDX64=idx64, BLOCK=KWB_POINTWISE_BLOCK,
            num_warps=KWB_POINTWISE_WARPS)
    return _kwb_index2_result(out, i0, rest, dim)


def kwb_index(x, indices, dim, pre=None, pre_tensors=(), pre_scalars=(), epi=None, epi_tensors=(), epi_scalars=(),
              out_dtype=None):
    """x[:, ..., indices] with one integer index tensor at `dim` (aten::index: a Swin relative-position table read
    through a buffer of pair indices): shape x.shape[:dim] + indices.shape + x.shape[dim + 1:], negative indices
    from the end. The indexed dim moved first, the rest flattened (a view where the strides allow), one row gather
    (kwb_embedding); the result is a view of its contiguous output with the index dims moved back to `dim`. pre /
    epi / out_dtype: kwb_embedding's (epi at dim 0 only, read at the result's coordinates; session 46). ValueError:
    epi with dim above 0."""
    dim = dim % x.dim()
    xm = x.movedim(dim, 0)
    rest = tuple(xm.shape[1:])
    if pre is not None or epi is not None or out_dtype not in (None, x.dtype):
        if (epi is not None or out_dtype is not None) and dim:
            raise ValueError("kwb_index: an epilogue at dim %d (dim 0 only)" % dim)
        w2 = xm.reshape(xm.shape[0], -1)
        out = torch.empty(tuple(indices.shape) + (w2.shape[1],), dtype=out_dtype or x.dtype, device=x.device)
        _kwb_gather_rows(w2.unsqueeze(1), indices, None, out, tuple(indices.shape) + rest, indices.shape, pre,
                         pre_tensors, pre_scalars, 0, epi, epi_tensors, epi_scalars)
        k = indices.dim()
        res = out.view(tuple(indices.shape) + rest)
        return res.movedim(tuple(range(k)), tuple(range(dim, dim + k))) if dim and k else res
    g = kwb_embedding(xm.reshape(xm.shape[0], -1), indices, wrap=True)
    k = indices.dim()
    out = g.view(tuple(indices.shape) + rest)
    return out.movedim(tuple(range(k)), tuple(range(dim, dim + k))) if dim and k else out

@triton.jit
def _kwb_coords_at(j, i0, i1, i2, i3, i4, DIM: tl.constexpr):
    # the 5-D coordinates (int64) with slot DIM replaced by the index j: a gather's source, a scatter's target
    c0 = j if DIM == 0 else i0.to(tl.int64)
    c1 = j if DIM == 1 else i1.to(tl.int64)
    c2 = j if DIM == 2 else i2.to(tl.int64)
    c3 = j if DIM == 3 else i3.to(tl.int64)
    c4 = j if DIM == 4 else i4.to(tl.int64)
    return c0, c1, c2, c3, c4


@triton.jit
def _kwb_scatter_add_kernel(src, idx, out, n, S1, S2, S3, S4, ss0, ss1, ss2, ss3, ss4, is0, is1, is2, is3, is4,
                            os0, os1, os2, os3, os4, alpha, DIM: tl.constexpr, IDX64: tl.constexpr,
                            BLOCK: tl.constexpr):
    # over the index's coordinates (5-D sizes S0..S4): out[.., idx[i], ..] += alpha * src[i] at slot DIM, by fp32
    # atomics
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    j = tl.load(idx + (i0 * is0 + i1 * is1 + i2 * is2 + i3 * is3 + i4 * is4), mask=mask, other=0).to(tl.int64)
    v = tl.load(src + (i0 * ss0 + i1 * ss1 + i2 * ss2 + i3 * ss3 + i4 * ss4), mask=mask, other=0.0).to(tl.float32)
    v = v * alpha
    c0, c1, c2, c3, c4 = _kwb_coords_at(j, i0, i1, i2, i3, i4, DIM)
    tl.atomic_add(out + (c0 * os0 + c1 * os1 + c2 * os2 + c3 * os3 + c4 * os4), v, mask=mask)


def kwb_scatter_add(x, dim, index, src, index_add=False, alpha=1.0):
    """torch.scatter_add(x, dim, index, src) (index of src's rank, each dim at most src's; out[.., index[i], ..] +=
    src[i] along dim) or, with index_add, torch.index_add(x, dim, index, src, alpha=alpha) (a 1-D index along dim,
    src's other dims x's; each source element scaled by alpha in fp32 before its add). A new float32 tensor of x's shape (x copied in, then one launch of fp32 atomic adds: the order of
    the adds, so the last bits, may differ from run to run); x is never written. Rank <= 5. Indices are not
    checked on the host (a sync); the harness compares against the reference."""
    if x.dim() > 5 or src.dim() != x.dim() or not x.dim():
        raise ValueError("kwb_scatter_add: x %s and src %s (one rank, 1 to 5)" % (tuple(x.shape), tuple(src.shape)))
    d = dim % x.dim()
    out = torch.empty(x.shape, dtype=torch.float32, device=x.device)
    kwb_copy_into(out, x)
    if index_add:  # the 1-D index read at src's coordinate along dim, broadcast over the others
        index = index.view([-1 if k == d else 1 for k in range(src.dim())]).expand(src.shape)
    n = index.numel()
    if n == 0:
        return out
    lead = 5 - x.dim()
    sizes = (1,) * lead + tuple(index.shape)
    reach = max([n] + [(s - 1) * abs(st) for t in (src, out) for s, st in zip(t.shape, t.stride())])
    _kwb_scatter_add_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        src, index, out, n, *sizes[1:], *((0,) * lead + tuple(src.stride())), *((0,) * lead + tuple(index.stride())),
        *((0,) * lead + tuple(out.stride())), float(alpha), DIM=lead + d, IDX64=reach + KWB_POINTWISE_BLOCK >= 2 ** 31,
        BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
    return out


@triton.jit
def _kwb_gather_kernel(x, idx, out, n, S1, S2, S3, S4, xs0, xs1, xs2, xs3, xs4, is0, is1, is2, is3, is4,
                       DIM: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # over the index's coordinates (5-D sizes S0..S4, the output contiguous): out[i] = x[i with slot DIM idx[i]]
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    j = tl.load(idx + (i0 * is0 + i1 * is1 + i2 * is2 + i3 * is3 + i4 * is4), mask=mask, other=0).to(tl.int64)
    c0, c1, c2, c3, c4 = _kwb_coords_at(j, i0, i1, i2, i3, i4, DIM)
    v = tl.load(x + (c0 * xs0 + c1 * xs1 + c2 * xs2 + c3 * xs3 + c4 * xs4), mask=mask)
    tl.store(out + offs, v, mask=mask)


def kwb_gather(x, dim, index):
    """torch.gather(x, dim, index): out[.., i, ..] = x[.., index[.., i, ..], ..] along dim, of index's shape (each
    dim at most x's, index of x's rank) and x's dtype, one launch; rank 1 to 5, any strides. (logp.gather(1,
    target[:, None]): the log-probability of each row's target.) Indices are not checked on the host (a sync);
    the harness compares against the reference. ValueError: ranks that differ or above 5."""
    if x.dim() > 5 or index.dim() != x.dim() or not x.dim():
        raise ValueError("kwb_gather: x %s and index %s (one rank, 1 to 5)" % (tuple(x.shape), tuple(index.shape)))
    d = dim % x.dim()
    out = torch.empty(index.shape, dtype=x.dtype, device=x.device)
    n = out.numel()
    if n == 0:
        return out
    lead = 5 - x.dim()
    sizes = (1,) * lead + tuple(index.shape)
    reach = max([n] + [(s - 1) * abs(st) for s, st in zip(x.shape, x.stride())])
    _kwb_gather_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        x, index, out, n, *sizes[1:], *((0,) * lead + tuple(x.stride())), *((0,) * lead + tuple(index.stride())),
        DIM=lead + d, IDX64=reach + KWB_POINTWISE_BLOCK >= 2 ** 31, BLOCK=KWB_POINTWISE_BLOCK,
        num_warps=KWB_POINTWISE_WARPS)
    return out


# kwb_reduce_gathered: a torch.gather read only through one reshape by a sum / mean over that view's trailing dims
# (PointNet++'s three_interpolate: feats.gather(2, idx) viewed [B, C, M, K], weighted, summed over K) is the
# reduction's prologue: the reduction loads x through the index, the gathered tensor is never written (issue 14,
# session 41). False: kwb_gather, then kwb_reduce (the plan before; the A/B switch).
kwb_gather_prologue = True


@triton.jit
def _kwb_reduce_gathered_kernel(x, idx, out, R, L, S1, S2, S3, S4, V1, V2, V3, V4, xs0, xs1, xs2, xs3, xs4,
                              is0, is1, is2, is3, is4, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                              s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3,
                              DIM: tl.constexpr, MEAN: tl.constexpr, PRE: tl.constexpr, HAS_PRE: tl.constexpr,
                              IDX64: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_L: tl.constexpr):
    # rows of L elements of the gathered tensor's view (flat index f = row * L + col, the view contiguous): each
    # element's index coordinates (sizes S0..S4) address idx, its view coordinates (V0..V4) the prologue's tensors
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    rows = pid * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < R
    acc = tl.zeros([BLOCK_R], dtype=tl.float32)
    for l0 in range(0, L, BLOCK_L):
        cols = l0 + tl.arange(0, BLOCK_L)
        m = rmask[:, None] & (cols < L)[None, :]
        f = rows[:, None] * L + cols[None, :]
        i0, i1, i2, i3, i4 = _kwb_coords5(f, S1, S2, S3, S4)
        j = tl.load(idx + (i0 * is0 + i1 * is1 + i2 * is2 + i3 * is3 + i4 * is4), mask=m, other=0).to(tl.int64)
        c0, c1, c2, c3, c4 = _kwb_coords_at(j, i0, i1, i2, i3, i4, DIM)
        v = tl.load(x + (c0 * xs0 + c1 * xs1 + c2 * xs2 + c3 * xs3 + c4 * xs4), mask=m, other=0.0).to(tl.float32)
        if HAS_PRE:
            q0, q1, q2, q3, q4 = _kwb_coords5(f, V1, V2, V3, V4)
            v = PRE(v, q0, q1, q2, q3, q4, m, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                    s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        acc += tl.sum(tl.where(m, v, 0.0), axis=1)
    if MEAN:
        acc = acc / L
    tl.store(out + rows, acc.to(out.dtype.element_ty), mask=rmask)


# the gathered reduction tiled by the class's reuse (session 47, knn47; issue 14): a program takes a [BLOCK_C, BLOCK_M]
# tile of the result -- BLOCK_M consecutive positions of the innermost kept dim (the result's contiguous dim), BLOCK_C
# of the kept dim along which the index is broadcast (stride 0: three_interpolate's channels) -- and walks the reduced
# elements (L <= kwb_reduce_gathered_tile_max_l) one at a time: each index (and a prologue tensor broadcast the same
# way) is one load per BLOCK_M positions reused by the BLOCK_C rows in registers, and no lane decodes a flat offset.
# The row tiles above load the index once per gathered element (B*C*M*K int64 loads for B*M*K indices) and decode
# five coordinates per element. On since its GPU A/B (session 48, H100: 05_knn_three_interpolate 259.8 -> 177.4 us, the
# small fixtures equal; bench/gpu/knn47_ab.py); False gives the row tiles (the plan before).
kwb_reduce_gathered_tile = True
kwb_reduce_gathered_tile_max_l = 16  # the longest reduced run the tile walks element by element (longer: row tiles)
# reduced dims that are not the view's trailing ones (a channels-last gather summed over its K at dim -2): the row
# tiles cannot take them (kwb_gather then kwb_reduce, two launches, the gathered tensor written and read back), so the
# tile takes them whatever kwb_reduce_gathered_tile says -- one launch and no gathered tensor, by construction -- up
# to this many reduced elements (a program walks them one at a time: a longer run stays the two launches, where
# kwb_reduce splits it over programs)
kwb_reduce_gathered_tile_any_max_l = 256
_kwb_reduce_gathered_tile_elems = 2048  # BLOCK_C * BLOCK_M of one program's tile (4 warps: 16 per thread)


@triton.jit
def _kwb_gt_pick(ROLE: tl.constexpr, cq, mq, pa, pb, r0, r1):
    # one view slot's coordinate for the prologue, by its role: the tile's rows / columns, a kept scalar, a reduced
    # dim's coordinate, or 0 (a slot left of the view's rank)
    if ROLE == 0:
        v = cq
    elif ROLE == 1:
        v = mq
    elif ROLE == 2:
        v = pa
    elif ROLE == 3:
        v = pb
    elif ROLE == 4:
        v = r0
    elif ROLE == 5:
        v = r1
    else:
        v = pa * 0
    return v


@triton.jit
def _kwb_reduce_gathered_tile_kernel(x, idx, out, C, M, OB, L, NM, NC, R1, xsd, xc, xm, xa, xb, xl, ic, im, ia, ib, il,
                                     oc, om, oa_s, ob_s, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                                     s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, wa, wb, wm,
                                     w_x, w_out, w_stat, w_M, w_R, w_K1, w_K2, w_K3, w_K4, w_sx0, w_sx1, w_sx2, w_sx3,
                                     w_sx4, w_sxr, w_so0, w_so1, w_so2, w_so3, w_so4, w_sor, w_st0, w_st1, w_st2,
                                     w_st3, w_st4, w_q, w_pf0, w_pf1, w_pf2, w_pf3, w_mf0, w_mf1, w_mf2, w_mf3, w_e0,
                                     w_e1, w_e2, w_e3, w_s00, w_s01, w_s02, w_s03, w_s04, w_s10, w_s11, w_s12, w_s13,
                                     w_s14, w_s20, w_s21, w_s22, w_s23, w_s24, w_s30, w_s31, w_s32, w_s33, w_s34, w_f0,
                                     w_f1, w_f2, w_f3, w_RS1, w_RS2, w_RS3, w_RS4, w_sr0, w_sr1, w_sr2, w_sr3, w_sr4,
                                     w_or0, w_or1, w_or2, w_or3, w_or4, w_src_out, w_g0, w_g1, w_g2, w_g3, w_u00,
                                     w_u01, w_u02, w_u03, w_u04, w_u10, w_u11, w_u12, w_u13, w_u14, w_u20, w_u21,
                                     w_u22, w_u23, w_u24, w_u30, w_u31, w_u32, w_u33, w_u34, w_h0, w_h1, w_h2, w_h3,
                                     W_PRE: tl.constexpr, W_MID: tl.constexpr, W_POST: tl.constexpr,
                                     W_SRC: tl.constexpr, W_HAS_SRC: tl.constexpr, W_OP: tl.constexpr,
                                     W_RD: tl.constexpr, W_MULTI: tl.constexpr, W_BLOCK_R: tl.constexpr,
                                     HAS_ROW: tl.constexpr, ROW_ON_C: tl.constexpr,
                                     MEAN: tl.constexpr, PRE: tl.constexpr, HAS_PRE: tl.constexpr,
                                     Q0: tl.constexpr, Q1: tl.constexpr, Q2: tl.constexpr, Q3: tl.constexpr,
                                     Q4: tl.constexpr, IDX_BC: tl.constexpr, IDX64: tl.constexpr,
                                     BLOCK_C: tl.constexpr, BLOCK_M: tl.constexpr):
    # roles, not slots: c (the tile's rows), m (its columns, the result's innermost kept dim), a and b (the other kept
    # dims, one scalar each per program), l (the reduced run); x's and the index's strides per role (x's base strides
    # are its own at the index's coordinates with the gathered dim's at 0: xsd times the index's value adds it). The
    # prologue gets the view's own coordinates in its five slots (Q0..Q4: each slot's role, _kwb_gt_pick; the run's
    # l decoded into at most two reduced dims, r1 of size R1 the faster) and its tensors' strides per view slot, as
    # the row tiles give it: an epilogue that reads coordinates (tril, a shifted load) sees the same ones.
    pid = tl.program_id(0)
    pm = pid % NM
    t = pid // NM
    pc = t % NC
    t = t // NC
    pb = t % OB
    pa = t // OB
    cc = pc * BLOCK_C + tl.arange(0, BLOCK_C)
    mm = pm * BLOCK_M + tl.arange(0, BLOCK_M)
    if IDX64:
        cc = cc.to(tl.int64)
        mm = mm.to(tl.int64)
        pa = pa.to(tl.int64)
        pb = pb.to(tl.int64)
    cmask = cc < C
    mmask = mm < M
    m2 = cmask[:, None] & mmask[None, :]
    xrow = pa * xa + pb * xb + cc[:, None] * xc + mm[None, :] * xm
    irow = pa * ia + pb * ib + mm * im
    irow2 = irow[None, :] + cc[:, None] * ic
    ccol = cc[:, None]
    mrow = mm[None, :]
    if HAS_ROW:  # a deferred kwb_row1 (its output the prologue's tensor): the rows this tile's columns read (each
        # column's row starts at offset pa * wa + pb * wb + m * wm of the row output, a row of w_R elements walked by
        # the reduced run), computed and stored by this program, read back by the prologue after the barrier; the
        # programs of other row blocks store the same values
        if ROW_ON_C:  # the row varies along the tile's rows (wm: its stride there), one per tile row
            _kwb_row1_rows((pa * wa + pb * wb + cc * wm) // w_R, cmask, w_x, w_out, w_stat, w_M, w_R, w_K1, w_K2, w_K3,
                           w_K4, w_sx0, w_sx1, w_sx2, w_sx3, w_sx4, w_sxr, w_so0, w_so1, w_so2, w_so3, w_so4, w_sor,
                           w_st0, w_st1, w_st2, w_st3, w_st4, w_q, w_pf0, w_pf1, w_pf2, w_pf3, w_mf0, w_mf1, w_mf2,
                           w_mf3, w_e0, w_e1, w_e2, w_e3, w_s00, w_s01, w_s02, w_s03, w_s04, w_s10, w_s11, w_s12,
                           w_s13, w_s14, w_s20, w_s21, w_s22, w_s23, w_s24, w_s30, w_s31, w_s32, w_s33, w_s34, w_f0,
                           w_f1, w_f2, w_f3, w_RS1, w_RS2, w_RS3, w_RS4, w_sr0, w_sr1, w_sr2, w_sr3, w_sr4, w_or0,
                           w_or1, w_or2, w_or3, w_or4, w_src_out, w_g0, w_g1, w_g2, w_g3, w_u00, w_u01, w_u02, w_u03,
                           w_u04, w_u10, w_u11, w_u12, w_u13, w_u14, w_u20, w_u21, w_u22, w_u23, w_u24, w_u30, w_u31,
                           w_u32, w_u33, w_u34, w_h0, w_h1, w_h2, w_h3, W_PRE, W_MID, W_POST, W_SRC, W_HAS_SRC, W_OP,
                           W_RD, W_MULTI, BLOCK_C, W_BLOCK_R)
        else:
            _kwb_row1_rows((pa * wa + pb * wb + mm * wm) // w_R, mmask, w_x, w_out, w_stat, w_M, w_R, w_K1, w_K2, w_K3,
                           w_K4, w_sx0, w_sx1, w_sx2, w_sx3, w_sx4, w_sxr, w_so0, w_so1, w_so2, w_so3, w_so4, w_sor,
                           w_st0, w_st1, w_st2, w_st3, w_st4, w_q, w_pf0, w_pf1, w_pf2, w_pf3, w_mf0, w_mf1, w_mf2,
                           w_mf3, w_e0, w_e1, w_e2, w_e3, w_s00, w_s01, w_s02, w_s03, w_s04, w_s10, w_s11, w_s12,
                           w_s13, w_s14, w_s20, w_s21, w_s22, w_s23, w_s24, w_s30, w_s31, w_s32, w_s33, w_s34, w_f0,
                           w_f1, w_f2, w_f3, w_RS1, w_RS2, w_RS3, w_RS4, w_sr0, w_sr1, w_sr2, w_sr3, w_sr4, w_or0,
                           w_or1, w_or2, w_or3, w_or4, w_src_out, w_g0, w_g1, w_g2, w_g3, w_u00, w_u01, w_u02, w_u03,
                           w_u04, w_u10, w_u11, w_u12, w_u13, w_u14, w_u20, w_u21, w_u22, w_u23, w_u24, w_u30, w_u31,
                           w_u32, w_u33, w_u34, w_h0, w_h1, w_h2, w_h3, W_PRE, W_MID, W_POST, W_SRC, W_HAS_SRC, W_OP,
                           W_RD, W_MULTI, BLOCK_M, W_BLOCK_R)
        tl.debug_barrier()
    acc = tl.zeros([BLOCK_C, BLOCK_M], dtype=tl.float32)
    for l in range(0, L):
        if IDX_BC:  # one index per column, reused by the tile's rows
            j = tl.load(idx + (irow + l * il), mask=mmask, other=0).to(tl.int64)[None, :]
        else:
            j = tl.load(idx + (irow2 + l * il), mask=m2, other=0).to(tl.int64)
        v = tl.load(x + (xrow + l * xl + j * xsd), mask=m2, other=0.0).to(tl.float32)
        if HAS_PRE:
            r0 = l // R1
            r1 = l % R1
            v = PRE(v, _kwb_gt_pick(Q0, ccol, mrow, pa, pb, r0, r1), _kwb_gt_pick(Q1, ccol, mrow, pa, pb, r0, r1),
                    _kwb_gt_pick(Q2, ccol, mrow, pa, pb, r0, r1), _kwb_gt_pick(Q3, ccol, mrow, pa, pb, r0, r1),
                    _kwb_gt_pick(Q4, ccol, mrow, pa, pb, r0, r1), m2, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                    s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        acc += tl.where(m2, v, 0.0)
    if MEAN:
        acc = acc / L
    tl.store(out + (pa * oa_s + pb * ob_s + ccol * oc + mrow * om), acc.to(out.dtype.element_ty), mask=m2)


_KWB_ROW1_PARAMS = ("x, out, stat, M, R, K1, K2, K3, K4, sx0, sx1, sx2, sx3, sx4, sxr, so0, so1, so2, so3, so4, sor, "
                    "st0, st1, st2, st3, st4, q, pf0, pf1, pf2, pf3, mf0, mf1, mf2, mf3, e0, e1, e2, e3, s00, s01, "
                    "s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, "
                    "f2, f3, RS1, RS2, RS3, RS4, sr0, sr1, sr2, sr3, sr4, or0, or1, or2, or3, or4, src_out, g0, g1, "
                    "g2, g3, u00, u01, u02, u03, u04, u10, u11, u12, u13, u14, u20, u21, u22, u23, u24, u30, u31, "
                    "u32, u33, u34, h0, h1, h2, h3").split(", ")


def _kwb_row1_dummy(x):
    """Placeholders for _kwb_reduce_gathered_tile_kernel's row arguments where it fuses no kwb_row1 (HAS_ROW off):
    x at each pointer, 0.0 at each float, 0 at each int of _kwb_row1_kernel's signature."""
    ptrs = {"x", "out", "stat", "e0", "e1", "e2", "e3", "src_out", "g0", "g1", "g2", "g3"}
    return [x if n in ptrs else 0.0 if n == "q" or n[0] in "fh" or n[:2] in ("pf", "mf") else 0
            for n in _KWB_ROW1_PARAMS]


def _kwb_reduce_gathered_tile(x, d, index, shape, red, pts, pstr, pf, pre, out, op, trailing, rows=()):
    """The tiled launch of kwb_reduce_gathered where its views allow it, else False (the caller's row tiles, or its
    two launches, run): the reduced dims (any, sorted, at most two; `trailing`: the view's last ones) merge into
    one run of L elements (<= kwb_reduce_gathered_tile_max_l with kwb_reduce_gathered_tile on where trailing, else <=
    kwb_reduce_gathered_tile_any_max_l), and the index, x's base (x at the index's coordinates, the gathered dim's
    stride 0), viewed as `shape` with the reduced dims moved last, view as the kept dims + that run without a copy
    (torch's view rules: a stride per dim). pstr: the prologue tensors' strides per view slot (20, left-padded, as
    the row tiles take them). out: kwb_reduce_gathered's result buffer (contiguous, `shape` with 1 at the reduced
    dims). rows: _kwb_row1_take's deferred kwb_row1 calls on the prologue's tensors: one whose output the prologue
    reads a row per column or per tile row (its row dim x's last, one reduced dim walking it with stride 1) runs in
    this launch (HAS_ROW); any other is launched first (_kwb_row1_flush). A deferred call makes the tile run for a
    trailing run whatever kwb_reduce_gathered_tile says (the planner's KWB_GATHER_REDUCE_ROW asked for the one
    launch)."""
    L = _kwb_prod(shape[k] for k in red)
    keptd = [k for k in range(len(shape)) if k not in red]
    kept = [shape[k] for k in keptd]
    most = kwb_reduce_gathered_tile_max_l if trailing else kwb_reduce_gathered_tile_any_max_l
    if len(kept) > 4 or len(red) > 2 or L > most or (trailing and not kwb_reduce_gathered_tile and not rows):
        return False
    merged = kept + [L]
    try:
        xbase = x.as_strided(index.shape, [0 if k == d else x.stride(k) for k in range(x.dim())], x.storage_offset())
        views = [t.view(shape).permute(keptd + red).view(merged).stride() for t in (index, xbase)]
    except RuntimeError:  # a reshape that no strides express (a merge of dims that are not one run): the caller's
        return False
    kept4 = [1] * (4 - len(kept)) + kept
    lead = 4 - len(kept)
    st = [[0] * lead + list(v[:-1]) + [v[-1]] for v in views]  # per tensor: slots 0..3 kept, 4 the run
    ostr = [0] * lead + list(out.view(kept).stride()) if kept else [0] * 4
    # the tile's rows: the kept slot (not the innermost) where the index is broadcast, the largest; else the one
    # before the innermost
    bc = [k for k in range(3) if st[0][k] == 0 and kept4[k] > 1]
    cs = max(bc, key=lambda k: kept4[k]) if bc else 2
    a, b = [k for k in range(3) if k != cs]
    role = [cs, 3, a, b, 4]  # the kernel's argument order: c, m, a, b, l
    C, M = kept4[cs], kept4[3]
    BM = min(triton.next_power_of_2(M), 128)
    BC = max(1, min(triton.next_power_of_2(C), _kwb_reduce_gathered_tile_elems // BM, 64))
    NM, NC = triton.cdiv(M, BM), triton.cdiv(C, BC)
    iv, xv = st[0], st[1]
    # each view slot's role for the prologue's coordinates (_kwb_gt_pick): 6 left of the view's rank
    code = {cs: 0, 3: 1, a: 2, b: 3}
    roles = [6] * (5 - len(shape))
    for k in range(len(shape)):
        # a reduced dim: r1 (role 5) the last (l itself where there is one), r0 (role 4) the one before it
        roles.append(code[lead + keptd.index(k)] if k in keptd else 5 - (len(red) - 1 - red.index(k)))
    R1 = shape[red[-1]]
    pe = list(pts) + [x] * (4 - len(pts))
    # the farthest element any offset reaches (each tensor's sizes times its strides, x's gathered dim its own)
    reach = max([out.numel() * L, (x.shape[d] - 1) * abs(x.stride(d)) + sum((s - 1) * abs(v) for s, v in
                                                                            zip(kept4 + [L], xv))] +
                [sum((s - 1) * abs(v) for s, v in zip(kept4 + [L], iv))] +
                [sum((s - 1) * abs(v) for s, v in zip(t.shape, t.stride())) for t in pts])
    # a deferred kwb_row1 fused: its output's strides per role in the prologue's view (slot strides by role)
    row, wr, wconsts, on_c = None, [0, 0, 0], {}, False
    if len(rows) == 1 and len(red) == 1:
        ti, (_, kargs, consts) = rows[0]
        rs = {}
        for slot, rl in enumerate(roles):
            if rl != 6:
                rs[rl] = rs.get(rl, 0) + pstr[5 * ti + slot]
        rlen = kargs[4]  # R: the row's length
        # one row per column (broadcast along the tile's rows: three_interpolate's weights over C) or one per tile
        # row (broadcast along its columns: channels-last points, the weights over C there too)
        on_c = rs.get(1, 0) == 0 and rs.get(0, 0) != 0
        if (consts["RD"] == 4 and not consts["MULTI"] and rlen == L and rs.get(5, 0) == 1 and
                (rs.get(0, 0) == 0 or C == 1 or on_c) and pts[ti].data_ptr() == kargs[1].data_ptr()):
            row, wr = kargs, [rs.get(2, 0), rs.get(3, 0), rs.get(0, 0) if on_c else rs.get(1, 0)]
            wconsts = {"W_" + k: consts[k] for k in ("PRE", "MID", "POST", "SRC", "HAS_SRC", "OP", "RD", "MULTI")}
            wconsts["W_BLOCK_R"] = consts["BLOCK_R"]
    _kwb_row1_flush([c for c in rows if row is None or c[1][1] is not row])
    if row is None:
        ident = _kwb_epi_identity
        wconsts = dict(W_PRE=ident, W_MID=ident, W_POST=ident, W_SRC=ident, W_HAS_SRC=False, W_OP=0, W_RD=4,
                       W_MULTI=False, W_BLOCK_R=1)
    grid = NM * NC * kept4[a] * kept4[b]
    _kwb_reduce_gathered_tile_kernel[(grid,)](
        x, index, out, C, M, kept4[b], L, NM, NC, R1, x.stride(d), *[xv[r] for r in role], *[iv[r] for r in role],
        ostr[cs], ostr[3], ostr[a], ostr[b], *pe, *pstr, *pf, *wr, *(row if row is not None else _kwb_row1_dummy(x)),
        HAS_ROW=row is not None, ROW_ON_C=row is not None and on_c, **wconsts, MEAN=op == "mean",
        PRE=pre if pre is not None else _kwb_epi_identity, HAS_PRE=pre is not None, Q0=roles[0], Q1=roles[1],
        Q2=roles[2], Q3=roles[3], Q4=roles[4], IDX_BC=iv[cs] == 0,
        IDX64=reach + BC * BM >= 2 ** 31, BLOCK_C=BC, BLOCK_M=BM, num_warps=4)
    return True


def kwb_reduce_gathered(x, dim, index, shape, dims, op, keepdim=False, pre=None, pre_tensors=(), pre_scalars=(),
                      pre_dtype=None):
    """kwb_reduce(kwb_gather(x, dim, index).reshape(shape), dims, op, keepdim, pre, pre_tensors, pre_scalars,
    pre_dtype) in one launch where op is sum / mean, x is floating and the ranks are <= 5: each row's elements
    are loaded from x through the index as the reduction reads them (the prologue's tensors broadcast to `shape`,
    read through their strides), the gathered tensor of index's shape is never written. Trailing reduced dims: the
    row tiles, or the [C, M] tiles with kwb_reduce_gathered_tile (_kwb_reduce_gathered_tile); other reduced dims
    (session 47): the tiles where their views allow (kwb_reduce_gathered_tile_any_max_l). Otherwise (or
    kwb_gather_prologue False) the two launches. Result as kwb_reduce's: `shape` without
    (keepdim: with 1 at) the reduced dims, of pre_dtype (else x's dtype). Indices are not checked on the host.
    ValueError: as kwb_gather / kwb_reduce, or a shape whose size is not index's."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list, torch.Size)):  # the planner's (view args,): one sequence
        shape = shape[0]
    shape = list(torch.empty(index.shape, device="meta").view([int(s) for s in shape]).shape)  # a -1 resolved
    nd = len(shape)
    red = _kwb_red_dims(torch.empty(shape, device="meta"), dims)
    L = _kwb_prod(shape[d] for d in red)
    trailing = red == list(range(nd - len(red), nd))
    pend = _kwb_row1_take(pre_tensors) if pre is not None else []  # deferred kwb_row1 launches this call may fuse
    ok = (kwb_gather_prologue and op in ("sum", "mean") and red and 1 <= x.dim() <= 5 and index.dim() == x.dim()
          and nd <= 5 and L > 0 and x.is_floating_point() and len(pre_tensors) <= 4 and len(pre_scalars) <= 4
          and (pre is None or pre_dtype is None or pre_dtype.is_floating_point))
    if not ok:
        _kwb_row1_flush(pend)
        return kwb_reduce(kwb_gather(x, dim, index).reshape(shape), dims, op, keepdim, pre, pre_tensors, pre_scalars,
                          pre_dtype)
    kshape = [1 if d in red else s for d, s in enumerate(shape)]
    rshape = kshape if keepdim else [s for d, s in enumerate(shape) if d not in red]
    out = torch.empty(kshape, dtype=(pre_dtype or x.dtype) if pre is not None else x.dtype, device=x.device)
    R = out.numel()
    if R == 0:
        _kwb_row1_flush(pend)
        return out if keepdim else out.view(rshape)
    lead = 5 - x.dim()
    sizes = (1,) * lead + tuple(index.shape)
    vlead = 5 - nd
    vsizes = (1,) * vlead + tuple(shape)
    pts = [t.expand(shape) for t in pre_tensors] if pre is not None else []
    pstr = []
    for t in pts:
        pstr += [0] * vlead + list(t.stride())
    pstr += [0] * (20 - len(pstr))
    pe = pts + [x] * (4 - len(pts))
    pf = [float(f) for f in pre_scalars] + [0.0] * (4 - len(pre_scalars))
    if _kwb_reduce_gathered_tile(x, dim % x.dim(), index, shape, red, pts, pstr, pf, pre, out, op, trailing, pend):
        return out if keepdim else out.view(rshape)
    _kwb_row1_flush(pend)  # the tile did not run: the deferred row launches first
    if not trailing:  # the row tiles take trailing dims only: the two launches
        return kwb_reduce(kwb_gather(x, dim, index).reshape(shape), dims, op, keepdim, pre, pre_tensors, pre_scalars,
                          pre_dtype)
    reach = max([R * L] + [(s - 1) * abs(st) for t in [x, index] + pts for s, st in zip(t.shape, t.stride())])
    BL = min(triton.next_power_of_2(L), 128)
    BR = max(1, KWB_POINTWISE_BLOCK // BL)
    _kwb_reduce_gathered_kernel[(triton.cdiv(R, BR),)](
        x, index, out, R, L, *sizes[1:], *vsizes[1:], *((0,) * lead + tuple(x.stride())),
        *((0,) * lead + tuple(index.stride())), *pe, *pstr, *pf, DIM=lead + dim % x.dim(), MEAN=op == "mean",
        PRE=pre if pre is not None else _kwb_epi_identity, HAS_PRE=pre is not None,
        IDX64=reach + KWB_POINTWISE_BLOCK >= 2 ** 31, BLOCK_R=BR, BLOCK_L=BL, num_warps=KWB_POINTWISE_WARPS)
    return out if keepdim else out.view(rshape)


@triton.jit
def _kwb_scatter_kernel(src, idx, out, n, value, S1, S2, S3, S4, ss0, ss1, ss2, ss3, ss4, is0, is1, is2, is3, is4,
                        os0, os1, os2, os3, os4, DIM: tl.constexpr, HAS_SRC: tl.constexpr, IDX64: tl.constexpr,
                        BLOCK: tl.constexpr):
    # over the index's coordinates (5-D sizes S0..S4): out[.., idx[i], ..] = src[i] (or value) at slot DIM
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    j = tl.load(idx + (i0 * is0 + i1 * is1 + i2 * is2 + i3 * is3 + i4 * is4), mask=mask, other=0).to(tl.int64)
    if HAS_SRC:
        v = tl.load(src + (i0 * ss0 + i1 * ss1 + i2 * ss2 + i3 * ss3 + i4 * ss4), mask=mask, other=0.0)
    else:
        v = tl.zeros([BLOCK], dtype=tl.float32) + value
    c0, c1, c2, c3, c4 = _kwb_coords_at(j, i0, i1, i2, i3, i4, DIM)
    tl.store(out + (c0 * os0 + c1 * os1 + c2 * os2 + c3 * os3 + c4 * os4), v.to(out.dtype.element_ty), mask=mask)


def kwb_scatter(x, dim, index, src=None, value=None):
    """torch.scatter(x, dim, index, src) / torch.scatter(x, dim, index, value) (no reduce=): a new tensor of x's
    shape and dtype, x copied in, then out[.., index[i], ..] = src[i] along dim over index's coordinates (each dim at
    most src's), one launch (x is never written). Rank 1 to 5, any strides. Two writes to one place (an index that
    repeats along dim) leave one of them, as torch leaves it unspecified. Indices are not checked on the host."""
    if x.dim() > 5 or not x.dim() or index.dim() != x.dim() or (src is not None and src.dim() != x.dim()):
        raise ValueError("kwb_scatter: x %s, index %s and src %s (one rank, 1 to 5)" % (
            tuple(x.shape), tuple(index.shape), None if src is None else tuple(src.shape)))
    d = dim % x.dim()
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    kwb_copy_into(out, x)
    n = index.numel()
    if n == 0:
        return out
    lead = 5 - x.dim()
    sizes = (1,) * lead + tuple(index.shape)
    s = src if src is not None else out
    reach = max([n] + [(a - 1) * abs(st) for t in (s, out) for a, st in zip(t.shape, t.stride())])
    _kwb_scatter_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        s, index, out, n, float(0.0 if value is None else value), *sizes[1:],
        *((0,) * lead + (tuple(src.stride()) if src is not None else (0,) * x.dim())),
        *((0,) * lead + tuple(index.stride())), *((0,) * lead + tuple(out.stride())), DIM=lead + d,
        HAS_SRC=src is not None, IDX64=reach + KWB_POINTWISE_BLOCK >= 2 ** 31, BLOCK=KWB_POINTWISE_BLOCK,
        num_warps=KWB_POINTWISE_WARPS)
    return out


KWB_TOPK_MAX_N = 16384  # the longest row one program holds in registers (kwb_topk)
# kwb_topk's three ways through a row (docs/DECISIONS.md "topk: tl.sort for large k"), picked per launch by
# _kwb_topk_plan: "rounds" (k rounds, each taking every row's best remaining element: made for k small against the
# row), "sort" (tl.sort of one 64-bit key an element: the order-preserving integer of its value over its column),
# "rank" (one pass: each element's rank = the count of elements before it in the order, from a broadcast compare
# over [BLOCK_R, BLOCK_N, BLOCK_N]; rows of at most KWB_TOPK_RANK_MAX_N; slower than the sort on the H200, never
# picked by the rule). kwb_topk_mode: "auto" (the rule), or one of the three forced where the row allows it (the A/B
# switch; "rounds" with kwb_topk_fill_sms False is the plan before session 27)
kwb_topk_mode = "auto"
kwb_topk_fill_sms = True  # rows a program: as many as leave >= 2 programs a SM (False: as many as fill 2048 elements)
KWB_TOPK_RANK_MAX_N = 128  # the longest (padded) row of the rank pass: its compare is BLOCK_N^2 a row
KWB_TOPK_RANK_ELEMS = 8192  # a rank program's compare block BLOCK_R * BLOCK_N^2 at most (one row past it)
KWB_TOPK_ROUND_ELEMS = 2048  # a rounds / sort program's BLOCK_R * BLOCK_N at most (one row past it)


@triton.jit
def _kwb_topk_key(v, valid, LARGEST: tl.constexpr, NAN_FIRST: tl.constexpr):
    # the order as one int32 a element, larger first: the float's bits made monotone (negative floats' magnitude bits
    # flipped), -0.0 taken as +0.0 (torch orders them equal), ~ for smallest first (no overflow: a number's key lies in
    # [-2139095041, 2139095040]); NaN above every number where NAN_FIRST, below otherwise; padding below everything
    bits = tl.cast(tl.where(v == 0.0, 0.0, v), tl.int32, bitcast=True)
    key = bits ^ ((bits >> 31) & 0x7FFFFFFF)
    if not LARGEST:
        key = ~key
    if NAN_FIRST:
        key = tl.where(v != v, 2147483647, key)
    else:
        key = tl.where(v != v, -2147483647 - 1, key)
    return tl.where(valid, key, -2147483647 - 1)


@triton.jit
def _kwb_topk_kernel(x, vals, idxs, R, N, K, xs_r, xs_n, vs_r, vs_k, L1, L2, L3, e0, e1, e2, e3,
                     s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                     s30, s31, s32, s33, s34, f0, f1, f2, f3, PRE: tl.constexpr, HAS_PRE: tl.constexpr,
                     LARGEST: tl.constexpr, NAN_FIRST: tl.constexpr, IDX64: tl.constexpr, MODE: tl.constexpr,
                     BLOCK_R: tl.constexpr, BLOCK_N: tl.constexpr):
    # BLOCK_R rows of [R, N] held whole in registers. The order: the largest (or smallest) value first, NaN before
    # every number where NAN_FIRST (torch orders NaN above +inf) and after them otherwise, the lowest column among
    # equal values. MODE 0: K rounds, each picking every row's best remaining element, then taking it out of the row;
    # MODE 1: one pass, each element's rank counted against every other (a [BLOCK_R, BLOCK_N, BLOCK_N] compare) and
    # the element stored at its rank where that is < K; MODE 2: tl.sort of (key, column) as one int64, the first K
    # columns' elements reloaded and stored
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    rows = pid * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_N)
    rmask = rows < R
    valid = rmask[:, None] & (cols[None, :] < N)
    v = tl.load(x + (rows[:, None] * xs_r + cols[None, :] * xs_n), mask=valid, other=0.0).to(tl.float32)
    i3 = (rows % L3)[:, None]
    t = rows // L3
    i2 = (t % L2)[:, None]
    t = t // L2
    i1 = (t % L1)[:, None]
    i0 = (t // L1)[:, None]
    if HAS_PRE:  # the pointwise run before it, at x's coordinates: the row's leading dims in slots 0..3, dim in slot 4
        v = PRE(v, i0, i1, i2, i3, cols[None, :], valid, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    if MODE == 1:
        key = _kwb_topk_key(v, valid, LARGEST, NAN_FIRST)
        ki = key[:, :, None]  # the element ranked, [BLOCK_R, BLOCK_N, 1]
        kj = key[:, None, :]  # every element of its row, [BLOCK_R, 1, BLOCK_N]
        # padding (key INT32_MIN, a column past every real one) is before no element
        before = (kj > ki) | ((kj == ki) & (cols[None, None, :] < cols[None, :, None]))
        rank = tl.sum(before.to(tl.int32), axis=2)
        keep = valid & (rank < K)
        out = rows[:, None] * vs_r + rank * vs_k
        tl.store(vals + out, v.to(vals.dtype.element_ty), mask=keep)
        tl.store(idxs + out, (cols[None, :] + 0 * rank).to(tl.int64), mask=keep)
    elif MODE == 2:
        key = _kwb_topk_key(v, valid, LARGEST, NAN_FIRST)
        # ascending int64: ~key (best first) in the high word, the column (ties lowest first) in the low one
        s = ((~key).to(tl.int64) << 32) | (cols[None, :] + 0 * key).to(tl.int64)
        s = tl.where(valid, s, 9223372036854775807)
        s = tl.sort(s, 1)
        j = s & 2147483647  # the column now at each position (< 2^31)
        keep = rmask[:, None] & (cols[None, :] < K)
        w = tl.load(x + (rows[:, None] * xs_r + j * xs_n), mask=keep, other=0.0).to(tl.float32)
        if HAS_PRE:  # the same element's value again: pre at its own column
            w = PRE(w, i0, i1, i2, i3, j, keep, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                    s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        out = rows[:, None] * vs_r + cols[None, :] * vs_k
        tl.store(vals + out, w.to(vals.dtype.element_ty), mask=keep)
        tl.store(idxs + out, j, mask=keep)
    else:
        isn = v != v
        for kk in range(K):
            num = valid & (v == v)
            nan = valid & isn
            if LARGEST:
                m = tl.max(tl.where(num, v, float("-inf")), axis=1)
            else:
                m = tl.min(tl.where(num, v, float("inf")), axis=1)
            best = num & (v == m[:, None])
            if NAN_FIRST:  # a row's NaN while it has one, else its best number
                first = tl.max(nan.to(tl.int32), axis=1)[:, None] > 0
                cand = (first & nan) | (~first & best)
            else:  # its best number while it has one, else its NaN
                first = tl.max(num.to(tl.int32), axis=1)[:, None] > 0
                cand = (first & best) | (~first & nan)
            j = tl.min(tl.where(cand, cols[None, :], BLOCK_N), axis=1)
            sel = cols[None, :] == j[:, None]
            val = tl.sum(tl.where(sel, v, 0.0), axis=1)
            tl.store(vals + (rows * vs_r + kk * vs_k), val.to(vals.dtype.element_ty), mask=rmask)
            tl.store(idxs + (rows * vs_r + kk * vs_k), j.to(tl.int64), mask=rmask)
            valid = valid & ~sel


def _kwb_topk_sort_min_k(block_n):
    """The least k for which tl.sort beats k rounds on a row of block_n (padded): max(4, min(block_n / 32, 128)).
    Measured on the H200 (session 27, bench/gpu/topk_paths.py): a sort of the row costs about 6.5 rounds at 64 and
    5.5 at 128 (8192 rows), 31 at 1024 (4096 rows), 108 at 16384 (1024 rows)."""
    return max(4, min(block_n // 32, 128))


def _kwb_topk_plan(R, N, k, sms, mode=None, fill=None):
    """(MODE, BLOCK_R, BLOCK_N, num_warps) of kwb_topk's launch over R rows of N, k of each (docs/DECISIONS.md "topk:
    tl.sort for large k"). Mode "auto": sort (2) where k >= _kwb_topk_sort_min_k(BLOCK_N), else rounds (0): k = 1
    (argmax / max along a dim) and small k stay on rounds; the rank pass (1) is never picked (slower than the sort on
    every row measured) but can be forced. Rows a program: the element budget's (KWB_TOPK_RANK_ELEMS of the rank's
    compare, KWB_TOPK_ROUND_ELEMS of the row tile), then, with fill (kwb_topk_fill_sms), halved until the grid has
    >= 2 programs a SM where R allows it."""
    mode = kwb_topk_mode if mode is None else mode
    fill = kwb_topk_fill_sms if fill is None else fill
    block_n = triton.next_power_of_2(max(N, 1))
    rank_ok = block_n <= KWB_TOPK_RANK_MAX_N
    if mode == "rank":
        m = 1 if rank_ok else 0
    elif mode == "sort":
        m = 2
    elif mode == "rounds":
        m = 0
    elif mode == "auto":
        m = 2 if k >= _kwb_topk_sort_min_k(block_n) else 0
    else:
        raise ValueError("kwb_topk_mode: %r (auto, rounds, rank or sort)" % (mode,))
    if m == 1:
        cap = max(1, KWB_TOPK_RANK_ELEMS // (block_n * block_n))
    else:
        cap = max(1, KWB_TOPK_ROUND_ELEMS // block_n)
    block_r = max(1, min(triton.next_power_of_2(max(R, 1)), cap))
    if fill:
        while block_r > 1 and triton.cdiv(R, block_r) < 2 * sms:
            block_r //= 2
        elems = block_r * block_n * (block_n if m == 1 else 1)
        warps = max(1, min(16 if m == 2 else 8, elems // (2048 if m == 1 else 512)))
    else:
        warps = 4 if block_r * block_n <= 4096 else 8
    return m, block_r, block_n, warps


kwb_topk_prologue = True  # pre= applied in kwb_topk's loads (False: a kwb_pointwise launch first)


def kwb_topk(x, k, dim=-1, largest=True, sorted=True, nan_first=None, pre=None, pre_tensors=(), pre_scalars=(),
             pre_dtype=None):
    """torch.topk(x, k, dim, largest, sorted) -> (values, indices): along any dim, values in x's dtype, indices
    int64, each of x's shape with k at dim. One launch over the rows (dim moved last: a view where the strides allow,
    else reshape's copy), each row held whole in registers (at most KWB_TOPK_MAX_N elements; a longer row raises
    ValueError); _kwb_topk_plan picks how its k best are found: k rounds (k small against the row) or tl.sort of the
    row (k larger: a sort, a kthvalue, a wide topk). Order: best first
    whatever `sorted` (torch leaves sorted=False's order open); equal values by their lower index first (torch's
    CUDA topk in practice and its CPU topk); NaN counts as larger than every number, as torch's topk does
    (nan_first=None: first for largest, last for smallest; True: first either way, torch.max / torch.min along a dim).
    Also serves torch.sort along a dim (k = the dim's size), kthvalue and max / min / argmax / argmin along a dim.
    pre: the pointwise run before it (an epilogue over x's shape, pre_tensors broadcast to it, pre_scalars), applied to
    each element as it is loaded: the selection of pre(x), values of pre_dtype (default x's); rank <= 5 there, else
    (or kwb_topk_prologue off) a kwb_pointwise launch first."""
    if pre is not None and (not kwb_topk_prologue or x.dim() > 5 or x.dim() == 0):
        return kwb_topk(kwb_pointwise(x, pre, pre_tensors, pre_scalars, pre_dtype or x.dtype), k, dim, largest,
                        sorted, nan_first)
    d = dim % x.dim() if x.dim() else 0
    xm = x.movedim(d, -1) if x.dim() else x.reshape(1)
    N = xm.shape[-1]
    if k < 0 or k > N:
        raise ValueError("kwb_topk: k = %d out of range for a dim of size %d" % (k, N))
    if N > KWB_TOPK_MAX_N:
        raise ValueError("kwb_topk: a dim of size %d (one program holds at most %d)" % (N, KWB_TOPK_MAX_N))
    lead = tuple(xm.shape[:-1])
    x2 = xm.reshape(-1, N)
    R = x2.shape[0]
    vals = torch.empty(lead + (k,), dtype=(pre_dtype or x.dtype) if pre is not None else x.dtype, device=x.device)
    idxs = torch.empty(lead + (k,), dtype=torch.int64, device=x.device)
    sizes = (1,) * (5 - x.dim()) + lead  # slots 0..3: the row's leading dims (left-padded), slot 4: dim
    slots = [None] * (5 - x.dim()) + [j for j in range(x.dim()) if j != d] + [d]
    epi = kwb_epi_args(pre_tensors, x.shape, slots, x) if pre is not None else [x] * 4 + [0] * 20
    if R and k:
        mode, block_r, block_n, warps = _kwb_topk_plan(R, N, k, _kwb_sms(x))
        reach = max(R * k, (R - 1) * abs(x2.stride(0)) + (N - 1) * abs(x2.stride(1)))
        _kwb_topk_kernel[(triton.cdiv(R, block_r),)](
            x2, vals, idxs, R, N, k, x2.stride(0), x2.stride(1), k, 1, *sizes[1:4], *epi,
            *kwb_epi_scalars(pre_scalars if pre is not None else ()), PRE=pre or _kwb_epi_identity,
            HAS_PRE=pre is not None, LARGEST=bool(largest),
            NAN_FIRST=bool(largest) if nan_first is None else bool(nan_first), IDX64=reach + block_r * N >= 2 ** 31,
            MODE=mode, BLOCK_R=block_r, BLOCK_N=block_n, num_warps=warps)
    if not x.dim():
        return vals.reshape(()), idxs.reshape(())
    return vals.movedim(-1, d), idxs.movedim(-1, d)


@triton.jit
def _kwb_cat_kernel(p0, p1, p2, p3, out, n, S1, S2, S3, S4, a00, a01, a02, a03, a04, a10, a11, a12, a13, a14,
                    a20, a21, a22, a23, a24, a30, a31, a32, a33, a34, b1, b2, b3, c1, c2, c3,
                    e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                    s30, s31, s32, s33, s34, f0, f1, f2, f3, EPI: tl.constexpr, HAS_EPI: tl.constexpr,
                    DIM: tl.constexpr, PARTS: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # torch.cat of up to four parts in one launch over the (contiguous) output: element (i0..i4) comes from
    # the part whose range [c_k, c_k+1) along slot DIM holds its index, read through that part's strides a_k and
    # base shift b_k = -c_k * a_k[DIM]; then the fused epilogue, if any, on the output's coordinates
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    c = i0 if DIM == 0 else i1 if DIM == 1 else i2 if DIM == 2 else i3 if DIM == 3 else i4
    v = tl.load(p0 + (i0 * a00 + i1 * a01 + i2 * a02 + i3 * a03 + i4 * a04), mask=mask & (c < c1))
    if PARTS > 1:
        v1 = tl.load(p1 + (i0 * a10 + i1 * a11 + i2 * a12 + i3 * a13 + i4 * a14 + b1), mask=mask & (c >= c1) & (c < c2))
        v = tl.where(c >= c1, v1, v)
    if PARTS > 2:
        v2 = tl.load(p2 + (i0 * a20 + i1 * a21 + i2 * a22 + i3 * a23 + i4 * a24 + b2), mask=mask & (c >= c2) & (c < c3))
        v = tl.where(c >= c2, v2, v)
    if PARTS > 3:
        v3 = tl.load(p3 + (i0 * a30 + i1 * a31 + i2 * a32 + i3 * a33 + i4 * a34 + b3), mask=mask & (c >= c3))
        v = tl.where(c >= c3, v3, v)
    if HAS_EPI:
        v = EPI(v.to(tl.float32), i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out + offs, v.to(out.dtype.element_ty), mask=mask)


def _kwb_dense_order(tensors):
    """The dim order (outermost first) in which every tensor is dense (non-overlapping, no gaps), the first's
    strides deciding ties by dim index; None when they do not share one."""
    first = tensors[0]
    nd = first.dim()
    perm = sorted(range(nd), key=lambda i: (-first.stride(i), i))
    for t in tensors:
        if t.dim() != nd or t.numel() == 0 or not t.permute(*perm).is_contiguous():
            return None
    return perm


@triton.jit
def _kwb_cat_group_kernel(p0, p1, p2, p3, p4, p5, p6, p7, out, n, S1, S2, S3, S4, o0, o1, o2, o3, o4, G0,
                          a00, a01, a02, a03, a04, a10, a11, a12, a13, a14, a20, a21, a22, a23, a24, a30, a31, a32,
                          a33, a34, a40, a41, a42, a43, a44, a50, a51, a52, a53, a54, a60, a61, a62, a63, a64, a70,
                          a71, a72, a73, a74,
                          b1, b2, b3, b4, b5, b6, b7, c1, c2, c3, c4, c5, c6, c7,
                          e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                          s30, s31, s32, s33, s34, f0, f1, f2, f3, EPI: tl.constexpr, HAS_EPI: tl.constexpr,
                          DIM: tl.constexpr, PARTS: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # up to KWB_CAT_GROUP consecutive parts of a torch.cat in one launch over their slice of the output (sizes S0..S4,
    # strides o_d, starting G0 along slot DIM of the whole output): element (i0..i4) of the slice comes from the part
    # whose range [c_k, c_k+1) along DIM holds its index, read through that part's strides a_k and base shift
    # b_k = -c_k * a_k[DIM]; the fused epilogue, if any, sees the whole output's coordinates (DIM's shifted by G0)
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    c = i0 if DIM == 0 else i1 if DIM == 1 else i2 if DIM == 2 else i3 if DIM == 3 else i4
    v = tl.load(p0 + (i0 * a00 + i1 * a01 + i2 * a02 + i3 * a03 + i4 * a04), mask=mask & (c < c1))
    if PARTS > 1:
        v1 = tl.load(p1 + (i0 * a10 + i1 * a11 + i2 * a12 + i3 * a13 + i4 * a14 + b1),
                     mask=mask & (c >= c1) & (c < c2))
        v = tl.where(c >= c1, v1, v)
    if PARTS > 2:
        v2 = tl.load(p2 + (i0 * a20 + i1 * a21 + i2 * a22 + i3 * a23 + i4 * a24 + b2),
                     mask=mask & (c >= c2) & (c < c3))
        v = tl.where(c >= c2, v2, v)
    if PARTS > 3:
        v3 = tl.load(p3 + (i0 * a30 + i1 * a31 + i2 * a32 + i3 * a33 + i4 * a34 + b3),
                     mask=mask & (c >= c3) & (c < c4))
        v = tl.where(c >= c3, v3, v)
    if PARTS > 4:
        v4 = tl.load(p4 + (i0 * a40 + i1 * a41 + i2 * a42 + i3 * a43 + i4 * a44 + b4),
                     mask=mask & (c >= c4) & (c < c5))
        v = tl.where(c >= c4, v4, v)
    if PARTS > 5:
        v5 = tl.load(p5 + (i0 * a50 + i1 * a51 + i2 * a52 + i3 * a53 + i4 * a54 + b5),
                     mask=mask & (c >= c5) & (c < c6))
        v = tl.where(c >= c5, v5, v)
    if PARTS > 6:
        v6 = tl.load(p6 + (i0 * a60 + i1 * a61 + i2 * a62 + i3 * a63 + i4 * a64 + b6),
                     mask=mask & (c >= c6) & (c < c7))
        v = tl.where(c >= c6, v6, v)
    if PARTS > 7:
        v7 = tl.load(p7 + (i0 * a70 + i1 * a71 + i2 * a72 + i3 * a73 + i4 * a74 + b7),
                     mask=mask & (c >= c7))
        v = tl.where(c >= c7, v7, v)
    if HAS_EPI:
        j0 = i0 + G0 if DIM == 0 else i0
        j1 = i1 + G0 if DIM == 1 else i1
        j2 = i2 + G0 if DIM == 2 else i2
        j3 = i3 + G0 if DIM == 3 else i3
        j4 = i4 + G0 if DIM == 4 else i4
        v = EPI(v.to(tl.float32), j0, j1, j2, j3, j4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04,
                s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out + (i0 * o0 + i1 * o1 + i2 * o2 + i3 * o3 + i4 * o4), v.to(out.dtype.element_ty), mask=mask)


# A cat of more than four parts: KWB_CAT_GROUP parts a launch (_kwb_cat_group_kernel), its epilogue fused into each, so
# N parts take ceil(N / KWB_CAT_GROUP) launches over the bytes the one-copy-per-part path moved (each part read once,
# each output element written once) and no epilogue pass: a11_PPO_GAE's stack of 16 steps made 16 copy launches,
# linrec_gated_iir_h0_cat's cat of 9 made 9 plus its epilogue (session 45, cat45). Off (KWB_CAT_GROUPS=0 in the
# environment that imports the kernel, as in kwb's that planned it: the planner counts the launches the same way):
# one _kwb_copy_kernel launch per part, then the epilogue as one kwb_pointwise launch (the plan before).
KWB_CAT_GROUP = 8
import os as _kwb_os  # noqa: E402
kwb_cat_groups = _kwb_os.environ.get("KWB_CAT_GROUPS", "1") != "0"


def _kwb_cat_groups_run(tensors, out, dim, lead, epi, epi_tensors, epi_scalars):
    """kwb_cat's launches for more than four parts with kwb_cat_groups on: each run of KWB_CAT_GROUP consecutive parts
    (tensors) written into its slice of out (contiguous, rank nd = 5 - lead, along dim) by one _kwb_cat_group_kernel
    launch, the epilogue applied there on out's coordinates."""
    nd = out.dim()
    args = kwb_epi_args(epi_tensors, out.shape, [None] * lead + list(range(nd)), out)
    scalars = kwb_epi_scalars(epi_scalars)
    at = 0
    for g in range(0, len(tensors), KWB_CAT_GROUP):
        grp = tensors[g:g + KWB_CAT_GROUP]
        width = sum(t.shape[dim] for t in grp)
        dst = out.narrow(dim, at, width)
        n = dst.numel()
        if n:
            sizes = (1,) * lead + tuple(dst.shape)
            strides, shifts, starts = [], [], []
            c = 0
            for t in grp:
                st = (0,) * lead + tuple(t.stride() if t.numel() else (0,) * nd)  # an empty part is never read
                strides += st
                shifts.append(-c * st[lead + dim])
                starts.append(c)
                c += t.shape[dim]
            pad = KWB_CAT_GROUP - len(grp)
            full = next(t for t in grp if t.numel())  # n > 0: one part holds elements
            ptrs = [t if t.numel() else full for t in grp] + [full] * pad  # an empty part's: never read
            strides += [0] * 5 * pad
            starts = (starts + [c] * KWB_CAT_GROUP)[1:KWB_CAT_GROUP]
            shifts = (shifts + [0] * KWB_CAT_GROUP)[1:KWB_CAT_GROUP]
            reach = max([out.numel()] + [sum((s - 1) * abs(x) for s, x in zip(t.shape, t.stride())) for t in grp])
            _kwb_cat_group_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
                *ptrs, dst, n, sizes[1], sizes[2], sizes[3], sizes[4], *((0,) * lead + tuple(dst.stride())), at,
                *strides, *shifts, *starts, *args, *scalars, EPI=epi or _kwb_epi_identity, HAS_EPI=epi is not None,
                DIM=lead + dim, PARTS=len(grp), IDX64=reach + KWB_POINTWISE_BLOCK >= 2 ** 31,
                BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
        at += width
    return out


def kwb_cat(tensors, dim, epi=None, epi_tensors=(), epi_scalars=()):
    """torch.cat(tensors, dim) for tensors of rank <= 5 and one dtype, then epi (an epilogue: the pointwise run
    after the cat, fused) on the output's coordinates. Up to four parts: one launch over the output
    (_kwb_cat_kernel); more: ceil(N / KWB_CAT_GROUP) launches, each writing KWB_CAT_GROUP parts into their slice with
    epi applied (kwb_cat_groups; off: each part copied into its slice by one launch, then epi as one kwb_pointwise
    launch)."""
    first = tensors[0]
    nd = first.dim()
    dim = dim % nd
    if epi is None and nd > 1:
        perm = _kwb_dense_order(tensors)
        if perm is not None and perm != list(range(nd)):
            # every part dense in one memory order (a conv's channels-last output): the cat runs in that order
            # over permuted views and returns the same values in that layout, so reads and writes are both
            # coalesced. The flat walk over a contiguous output read channels-last parts 4 bytes per C-stride:
            # level3 17_SqueezeNetFireModule's cat took 4665 us for 4 GB moved (H200, session 16's suite).
            res = kwb_cat([t.permute(*perm) for t in tensors], perm.index(dim))
            return res.permute(*[perm.index(i) for i in range(nd)])
    shape = list(first.shape)
    shape[dim] = sum(t.shape[dim] for t in tensors)
    out = torch.empty(shape, dtype=first.dtype, device=first.device)
    n = out.numel()
    if n == 0:
        return out
    lead = 5 - nd
    if len(tensors) <= 4:
        sizes = (1,) * lead + tuple(shape)
        strides, shifts, starts = [], [], []
        at = 0
        for t in tensors:
            st = (0,) * lead + tuple(t.stride() if t.numel() else (0,) * nd)  # an empty part is never read
            strides += st
            shifts.append(-at * st[lead + dim])
            starts.append(at)
            at += t.shape[dim]
        ptrs = list(tensors) + [first] * (4 - len(tensors))
        strides += [0] * 5 * (4 - len(tensors))
        starts = (starts + [at] * 4)[1:4]
        shifts = (shifts + [0] * 4)[1:4]
        reach = max([n] + [sum((s - 1) * abs(x) for s, x in zip(t.shape, t.stride())) for t in tensors])
        args = kwb_epi_args(epi_tensors, out.shape, [None] * lead + list(range(nd)), out)
        _kwb_cat_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
            *ptrs, out, n, sizes[1], sizes[2], sizes[3], sizes[4], *strides, *shifts, *starts, *args,
            *kwb_epi_scalars(epi_scalars), EPI=epi or _kwb_epi_identity, HAS_EPI=epi is not None, DIM=lead + dim,
            PARTS=len(tensors), IDX64=reach + KWB_POINTWISE_BLOCK >= 2 ** 31, BLOCK=KWB_POINTWISE_BLOCK,
            num_warps=KWB_POINTWISE_WARPS)
        return out
    if kwb_cat_groups:
        return _kwb_cat_groups_run(tensors, out, dim, lead, epi, epi_tensors, epi_scalars)
    at = 0
    for t in tensors:
        part = out.narrow(dim, at, t.shape[dim])
        at += t.shape[dim]
        n = t.numel()
        if n == 0:
            continue
        sizes = (1,) * lead + tuple(t.shape)
        ss = (0,) * lead + tuple(t.stride())
        ds = (0,) * lead + tuple(part.stride())
        idx64 = n + KWB_POINTWISE_BLOCK >= 2 ** 31 or out.numel() >= 2 ** 31
        _kwb_copy_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
            t, part, n, sizes[1], sizes[2], sizes[3], sizes[4], *ss, *ds, IDX64=idx64, BLOCK=KWB_POINTWISE_BLOCK,
            num_warps=KWB_POINTWISE_WARPS)
    return out if epi is None else kwb_pointwise(out, epi, epi_tensors, epi_scalars)


@triton.jit
def _kwb_linrec_kernel(l0, l1, l2, l3, l4, l5, out, lanes, S1, S2, S3, S4,
                       a00, a01, a02, a03, a04, b0, d0, a10, a11, a12, a13, a14, b1, d1,
                       a20, a21, a22, a23, a24, b2, d2, a30, a31, a32, a33, a34, b3, d3,
                       a40, a41, a42, a43, a44, b4, d4, a50, a51, a52, a53, a54, b5, d5,
                       o0, o1, o2, o3, o4, K, Q0, QS, QI,
                       e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                       s30, s31, s32, s33, s34, f0, f1, f2, f3, STEP: tl.constexpr, INIT: tl.constexpr,
                       EPI: tl.constexpr, HAS_EPI: tl.constexpr, STORE_INIT: tl.constexpr, DIM: tl.constexpr,
                       NL: tl.constexpr, NS: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # A linear recurrence h_k = A_k * h_(k-1) + B_k (a Python loop over slices of one dim, unrolled by the trace), one
    # program per BLOCK independent lanes, the K steps a sequential loop: h stays in fp32 registers, every leaf element
    # is read once and every state written once (bandwidth-bound for moderate K). Lane coordinates (i0..i4) come from
    # the output's sizes with slot DIM (the stacked dim) at size 1; leaf j is read at lane offset + b_j + k * d_j (d_j:
    # its stride along the loop's dim times the step's direction, 0 for a leaf that does not move); state k is
    # stored at position Q0 + QS * k of slot DIM (QI: the initial state's, where it is stored too), the fused epilogue
    # (the pointwise run after the stack) applied first on the output's coordinates. STEP(v0..v5)
    # returns (A_k, B_k) of the values of leaves 0..NS-1 at step k, INIT(v0..v5) the initial state of every leaf's
    # value at k = 0 (leaves NS..NL-1 are the initial state's alone, read once).
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < lanes
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    zero = tl.zeros([BLOCK], dtype=tl.float32)
    p0 = l0 + (i0 * a00 + i1 * a01 + i2 * a02 + i3 * a03 + i4 * a04 + b0)
    p1 = l1 + (i0 * a10 + i1 * a11 + i2 * a12 + i3 * a13 + i4 * a14 + b1)
    p2 = l2 + (i0 * a20 + i1 * a21 + i2 * a22 + i3 * a23 + i4 * a24 + b2)
    p3 = l3 + (i0 * a30 + i1 * a31 + i2 * a32 + i3 * a33 + i4 * a34 + b3)
    p4 = l4 + (i0 * a40 + i1 * a41 + i2 * a42 + i3 * a43 + i4 * a44 + b4)
    p5 = l5 + (i0 * a50 + i1 * a51 + i2 * a52 + i3 * a53 + i4 * a54 + b5)
    v0 = zero
    v1 = zero
    v2 = zero
    v3 = zero
    v4 = zero
    v5 = zero
    if NL > 0:
        v0 = tl.load(p0, mask=mask, other=0.0).to(tl.float32)
    if NL > 1:
        v1 = tl.load(p1, mask=mask, other=0.0).to(tl.float32)
    if NL > 2:
        v2 = tl.load(p2, mask=mask, other=0.0).to(tl.float32)
    if NL > 3:
        v3 = tl.load(p3, mask=mask, other=0.0).to(tl.float32)
    if NL > 4:
        v4 = tl.load(p4, mask=mask, other=0.0).to(tl.float32)
    if NL > 5:
        v5 = tl.load(p5, mask=mask, other=0.0).to(tl.float32)
    h = INIT(v0, v1, v2, v3, v4, v5) + zero
    if STORE_INIT:
        q = QI
        j0 = i0 + q if DIM == 0 else i0
        j1 = i1 + q if DIM == 1 else i1
        j2 = i2 + q if DIM == 2 else i2
        j3 = i3 + q if DIM == 3 else i3
        j4 = i4 + q if DIM == 4 else i4
        v = h
        if HAS_EPI:
            v = EPI(h, j0, j1, j2, j3, j4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                    s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        tl.store(out + (j0 * o0 + j1 * o1 + j2 * o2 + j3 * o3 + j4 * o4), v.to(out.dtype.element_ty), mask=mask)
    for k in range(0, K):
        if NS > 0:
            v0 = tl.load(p0 + k * d0, mask=mask, other=0.0).to(tl.float32)
        if NS > 1:
            v1 = tl.load(p1 + k * d1, mask=mask, other=0.0).to(tl.float32)
        if NS > 2:
            v2 = tl.load(p2 + k * d2, mask=mask, other=0.0).to(tl.float32)
        if NS > 3:
            v3 = tl.load(p3 + k * d3, mask=mask, other=0.0).to(tl.float32)
        if NS > 4:
            v4 = tl.load(p4 + k * d4, mask=mask, other=0.0).to(tl.float32)
        if NS > 5:
            v5 = tl.load(p5 + k * d5, mask=mask, other=0.0).to(tl.float32)
        a, b = STEP(v0, v1, v2, v3, v4, v5)
        h = a * h + b
        q = Q0 + QS * k
        j0 = i0 + q if DIM == 0 else i0
        j1 = i1 + q if DIM == 1 else i1
        j2 = i2 + q if DIM == 2 else i2
        j3 = i3 + q if DIM == 3 else i3
        j4 = i4 + q if DIM == 4 else i4
        v = h
        if HAS_EPI:
            v = EPI(h, j0, j1, j2, j3, j4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                    s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
        tl.store(out + (j0 * o0 + j1 * o1 + j2 * o2 + j3 * o3 + j4 * o4), v.to(out.dtype.element_ty), mask=mask)


KWB_LINREC_BLOCK = 128  # lanes a program: one fp32 state each; small, so that B x D lanes fill the SMs
KWB_LINREC_WARPS = 4


def kwb_linrec(leaves, ns, init, step, steps, spec_len, dim, lane_spec, t_out, q0, qs, qi, epi=None,
               epi_tensors=(), epi_scalars=()):
    """A linear recurrence written as a Python loop, in one launch (_kwb_linrec_kernel): h = INIT, then for k in
    range(steps): h = A_k * h + B_k, each state stored along `dim` of a new fp32 tensor (the lanes' shape with t_out
    inserted at `dim`, rank <= 5) at q0 + qs * k, the initial one at qi (None: not stored). leaves: up to six
    (t, tdim, base, sign), the first ns read by every step: t.select(tdim, base + sign * k) at step k broadcast to
    the lanes' shape (tdim None: t itself, broadcast). The lanes' shape: the leaves' broadcast where lane_spec holds
    None (a dim some leaf spans at the spec), else lane_spec's size (a constant initial state's own). spec_len: (t, tdim, length at the spec) triples -- the loop ran `steps`
    times at those lengths; another length is a ValueError (kernel.py holds the trace's count, never a wrong one).
    epi: the pointwise run after the stack, fused, on the output's coordinates."""
    for t, tdim, n in spec_len:
        if int(t.shape[tdim]) != int(n):
            raise ValueError("a Python loop over dim %d (%d steps at length %d) unrolled by the trace: kernel.py holds "
                             "its step count, and the length is now %d; regenerate the kernel for these sizes"
                             % (tdim, steps, n, int(t.shape[tdim])))
    if len(leaves) > 6:
        raise ValueError("kwb_linrec reads at most six leaves, got %d" % len(leaves))
    views = [t if tdim is None else t.select(tdim, 0) for t, tdim, _, _ in leaves]
    lane = list(torch.broadcast_shapes(*[v.shape for v in views], (1,) * len(lane_spec)))
    if len(lane) != len(lane_spec) or any(p is not None and s not in (1, p) for s, p in zip(lane, lane_spec)):
        raise ValueError("kwb_linrec: the leaves broadcast to %s, the traced state is %s" % (lane, list(lane_spec)))
    lane = [int(s) if p is None else int(p) for s, p in zip(lane, lane_spec)]
    nd = len(lane) + 1
    lead = 5 - nd
    dim = dim % nd
    out_shape = lane[:dim] + [int(t_out)] + lane[dim:]
    device = leaves[0][0].device if leaves else torch.device("cuda")
    out = torch.empty(out_shape, dtype=torch.float32, device=device)
    lanes = 1
    for s in lane:
        lanes *= s
    if out.numel() == 0:
        return out
    sizes = [1] * lead + [1 if i == dim else s for i, s in enumerate(out_shape)]
    args, reach = [], out.numel()
    for (t, tdim, base, sign), v in zip(leaves, views):
        st = list(v.expand(lane).stride())
        st.insert(dim, 0)
        ts = 0 if tdim is None else t.stride(tdim)
        args += [0] * lead + st + [base * ts, sign * ts]
        reach = max(reach, sum((s - 1) * abs(x) for s, x in zip(t.shape, t.stride())))
    for _ in range(6 - len(leaves)):
        args += [0] * 7
    ptrs = [t for t, _, _, _ in leaves] + [out] * (6 - len(leaves))
    ostr = [0] * lead + list(out.stride())
    eargs = kwb_epi_args(epi_tensors, out.shape, [None] * lead + list(range(nd)), out)
    _kwb_linrec_kernel[(triton.cdiv(lanes, KWB_LINREC_BLOCK),)](
        *ptrs, out, lanes, sizes[1], sizes[2], sizes[3], sizes[4], *args, *ostr, steps, q0, qs,
        -1 if qi is None else qi, *eargs, *kwb_epi_scalars(epi_scalars), STEP=step, INIT=init,
        EPI=epi or _kwb_epi_identity, HAS_EPI=epi is not None, STORE_INIT=qi is not None, DIM=lead + dim,
        NL=len(leaves), NS=ns, IDX64=reach + KWB_LINREC_BLOCK >= 2 ** 31, BLOCK=KWB_LINREC_BLOCK,
        num_warps=KWB_LINREC_WARPS)
    return out


@triton.jit
def _kwb_relayout_kernel(x_ptr, out_ptr, n, obase, X1, X2, X3, X4, X5, sx0, sx1, sx2, sx3, sx4, sx5, S1, S2, S3, S4,
                         e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14, s20, s21, s22, s23, s24,
                         s30, s31, s32, s33, s34, f0, f1, f2, f3, EPI: tl.constexpr, IDX64: tl.constexpr,
                         BLOCK: tl.constexpr):
    # out = EPI(x.reshape(out.shape)) with no copy of x first: element k of the contiguous output is element k of x
    # in x's row-major order, read through x's strides (x's dims merged where its strides allow, six slots of sizes
    # X0..X5: the index map of a reshape torch cannot view). EPI sees the output's own coordinates (five slots of
    # sizes S0..S4), so its tensors are read in the output's shape. obase: the flat offset of this launch's first
    # element in the output (0, or one launch per leading index where x keeps more than six dims)
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    j5 = offs % X5
    j0, j1, j2, j3, j4 = _kwb_coords5(offs // X5, X1, X2, X3, X4)
    acc = tl.load(x_ptr + (j0 * sx0 + j1 * sx1 + j2 * sx2 + j3 * sx3 + j4 * sx4 + j5 * sx5), mask=mask, other=0.0)
    o = obase + offs
    i0, i1, i2, i3, i4 = _kwb_coords5(o, S1, S2, S3, S4)
    acc = EPI(acc.to(tl.float32), i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04,
              s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out_ptr + o, acc.to(out_ptr.dtype.element_ty), mask=mask)


def _kwb_merged_dims(shape, strides):
    """[size, stride] of x's dims without those of size 1, adjacent dims merged where x steps through them as one
    (stride[k] == stride[k + 1] * size[k + 1]): the same elements in the same row-major order, in the fewest dims."""
    dims = []
    for s, st in zip(shape, strides):
        if s == 1:
            continue
        if dims and dims[-1][1] == st * s:
            dims[-1] = [dims[-1][0] * s, st]
        else:
            dims.append([s, st])
    return dims or [[1, 0]]


def _kwb_reshape_size(shape, n):
    shape = [int(s) for s in shape]
    if shape.count(-1) > 1 or any(s < -1 for s in shape):
        raise ValueError("kwb_reshape: shape %s" % (shape,))
    if -1 in shape:
        known = 1
        for s in shape:
            known *= s if s != -1 else 1
        if known == 0 or n % known:
            raise ValueError("kwb_reshape: shape %s is invalid for %d elements" % (shape, n))
        shape[shape.index(-1)] = n // known
    return shape


def _kwb_relayout_plan(x, shape, epi_tensors):
    """kwb_reshape's launches from shapes and strides alone: (grid, [(x element offset, output offset)] per launch,
    elements per launch, X sizes, x strides, S sizes, epilogue strides, IDX64)."""
    dims = _kwb_merged_dims(x.shape, x.stride())
    lead, inner = dims[:-6], dims[-6:]
    inner = [[1, 0]] * (6 - len(inner)) + inner
    m = 1
    for s, _ in inner:
        m *= s
    step = 1
    for s, _ in lead:
        step *= s
    bases = []
    for k in range(step):  # x keeps more than six dims: one launch per index of the leading ones, row-major
        r, xo = k, 0
        for s, st in reversed(lead):
            xo += (r % s) * st
            r //= s
        bases.append((xo, k * m))
    nd = len(shape)
    pad = 5 - nd
    sizes = (1,) * pad + tuple(shape)
    es = kwb_epi_args(epi_tensors, shape, [None] * pad + list(range(nd)), x)[4:]
    reach = sum((s - 1) * abs(st) for s, st in zip(x.shape, x.stride()))
    idx64 = m * step + KWB_POINTWISE_BLOCK >= 2 ** 31 or reach >= 2 ** 31
    return ((triton.cdiv(m, KWB_POINTWISE_BLOCK),), bases, m, tuple(s for s, _ in inner[1:]),
            tuple(st for _, st in inner), sizes[1:], tuple(es), idx64)


kwb_reshape_fuse = True  # False: torch's reshape copy, then the epilogue as its own kwb_pointwise (the plan before
                         # issue 14's relayout; bench/gpu/trial11_classes.py's "old" row)


def kwb_reshape(x, shape, epi=None, epi_tensors=(), epi_scalars=()):
    """x.reshape(shape) with no PyTorch copy: a view where torch can view x so; else (a reshape torch copies: of a
    permuted view -- pixel_shuffle, a channel shuffle, einops' rearrange -- or of an expanded one) one Triton launch
    that reads x in its row-major order through its strides, an index map, and writes the result contiguous. epi:
    the pointwise run after the reshape, applied in that launch on the result's coordinates (its tensors broadcast
    to `shape`), so the reshape costs no launch of its own. The result's rank <= 5 where there is an epi (size-1
    dims beyond that are dropped while it runs)."""
    if not kwb_reshape_fuse:
        y = x.reshape(shape)
        return y if epi is None else kwb_pointwise(y, epi, epi_tensors, epi_scalars)
    shape = _kwb_reshape_size(shape, x.numel())
    n = 1
    for s in shape:
        n *= s
    if n != x.numel():
        raise ValueError("kwb_reshape: shape %s is invalid for input of size %d" % (shape, x.numel()))
    if epi is None:
        try:
            return x.view(shape)
        except RuntimeError:  # torch's reshape would copy here
            pass
    out = torch.empty(shape, dtype=x.dtype, device=x.device)
    if n == 0:
        return out
    run = shape
    if epi is None:
        run = [n]  # no coordinates needed: the output as one flat dim
    elif len(shape) > 5:
        run = [s for s in shape if s != 1]
        if len(run) > 5:
            raise ValueError("kwb_reshape takes results of rank <= 5 with an epilogue (or more with at most 5 dims "
                             "above 1), got shape %s" % (tuple(shape),))
        epi_tensors = tuple(t.expand(shape).reshape(run) for t in epi_tensors)  # a view: size-1 dims dropped
    key = ("relayout", x.shape, x.stride(), x.device, tuple(run)) + tuple((t.shape, t.stride()) for t in epi_tensors)
    plan = _kwb_memo.get(key) if kwb_memo_plans else None
    if plan is None:
        if len(_kwb_memo) >= 4096:
            _kwb_memo.clear()
        plan = _kwb_memo[key] = _kwb_relayout_plan(x, run, epi_tensors)
    grid, bases, m, xs, sx, ss, es, idx64 = plan
    ne = len(epi_tensors)
    ptrs = tuple(t.t if isinstance(t, KwbAt) else t for t in epi_tensors) + (x,) * (4 - ne)
    for xo, oo in bases:
        xp = x if xo == 0 else x.as_strided((1,), (1,), x.storage_offset() + xo)
        _kwb_relayout_kernel[grid](xp, out, m, oo, *xs, *sx, *ss, *ptrs, *es, *kwb_epi_scalars(epi_scalars),
                                   EPI=epi or _kwb_epi_identity, IDX64=idx64, BLOCK=KWB_POINTWISE_BLOCK,
                                   num_warps=KWB_POINTWISE_WARPS)
    return out


@triton.jit
def _kwb_im2col_kernel(x_ptr, out_ptr, n, C, H, W, OW, L, CK, KH, KW, sxn, sxc, sxh, sxw, SH, SW, PH, PW, DH, DW,
                       S1, S2, S3, S4, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                       s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, EPI: tl.constexpr,
                       KMAJOR: tl.constexpr, IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # F.unfold: out[b, (c * KH + ki) * KW + kj, oh * OW + ow] = x[b, c, oh * SH - PH + ki * DH, ow * SW - PW + kj * DW]
    # (0 outside x), x read through its strides. The block walks the output's memory: [N, CK, L] row-major, or where
    # KMAJOR [N, L, CK] (the transposed layout a GEMM reading the patches as its A wants; the result is its transpose
    # view). EPI sees the [N, CK, L] coordinates (five left-padded slots of sizes S0..S4) whatever the layout.
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if KMAJOR:
        r = offs % CK
        t = offs // CK
        l = t % L
        b = t // L
    else:
        l = offs % L
        t = offs // L
        r = t % CK
        b = t // CK
    kj = r % KW
    q = r // KW
    ki = q % KH
    c = q // KH
    h = (l // OW) * SH - PH + ki * DH
    w = (l % OW) * SW - PW + kj * DW
    ok = mask & (h >= 0) & (h < H) & (w >= 0) & (w < W)
    acc = tl.load(x_ptr + (b * sxn + c * sxc + h * sxh + w * sxw), mask=ok, other=0.0)
    i0, i1, i2, i3, i4 = _kwb_coords5((b * CK + r) * L + l, S1, S2, S3, S4)
    acc = EPI(acc.to(tl.float32), i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04,
              s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out_ptr + offs, acc.to(out_ptr.dtype.element_ty), mask=mask)


def kwb_im2col(x, kernel_size, dilation, padding, stride, epi=None, epi_tensors=(), epi_scalars=(), kmajor=False):
    """F.unfold(x, kernel_size, dilation, padding, stride) (aten::im2col) of x [N, C, H, W] or [C, H, W], any
    strides: [N, C * kh * kw, L] (or [C * kh * kw, L]), L = OH * OW with torch's output sizes, in x's dtype, one
    launch. epi: the pointwise run after it, applied in that launch on the result's coordinates (its tensors
    broadcast to the result's shape). kmajor: the result is the transpose view of a contiguous [N, L, C * kh * kw]
    (what a GEMM over x.unfold(...).transpose(1, 2) reads K-major), the same values. Raises ValueError for a size
    torch refuses (an output of no positions, a kernel, stride or dilation below 1, a negative padding)."""
    x4, (kh, kw), (dh, dw), (ph, pw), (sh, sw), OH, OW = _kwb_im2col_plan(x, kernel_size, dilation, padding, stride)
    N, C, H, W = x4.shape
    L, CK = OH * OW, C * kh * kw
    shape = ([N] if x.dim() == 4 else []) + [CK, L]
    if kmajor:
        out = torch.empty(shape[:-2] + [L, CK], dtype=x.dtype, device=x.device).transpose(-1, -2)
    else:
        out = torch.empty(shape, dtype=x.dtype, device=x.device)
    n = out.numel()
    if n == 0:
        return out
    nd = len(shape)
    sizes = (1,) * (5 - nd) + tuple(shape)
    es = kwb_epi_args(epi_tensors, shape, [None] * (5 - nd) + list(range(nd)), x4)
    reach = sum((s - 1) * abs(st) for s, st in zip(x4.shape, x4.stride()))
    _kwb_im2col_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        x4, out, n, C, H, W, OW, L, CK, kh, kw, *x4.stride(), sh, sw, ph, pw, dh, dw, *sizes[1:], *es,
        *kwb_epi_scalars(epi_scalars), EPI=epi or _kwb_epi_identity, KMAJOR=bool(kmajor),
        IDX64=n + KWB_POINTWISE_BLOCK >= 2 ** 31 or reach >= 2 ** 31, BLOCK=KWB_POINTWISE_BLOCK,
        num_warps=KWB_POINTWISE_WARPS)
    return out


@triton.jit
def _kwb_col2im_kernel(x_ptr, out_ptr, n, C, H, W, OH, OW, KH, KW, sxn, sxc, sxl, SH, SW, PH, PW, DH, DW,
                       S1, S2, S3, S4, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                       s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, EPI: tl.constexpr,
                       IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # F.fold (col2im): out[b, c, h, w] = sum over (ki, kj) of x[b, (c * KH + ki) * KW + kj, oh * OW + ow] where
    # h = oh * SH - PH + ki * DH and w = ow * SW - PW + kj * DW, x read through its strides. One program element per
    # output element gathers the patches covering it, in ki-then-kj order, summed in fp32: no atomics, the same sum
    # every run. A numerator below 0 is masked before its quotient is used (C and Python round it differently).
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    w = offs % W
    t = offs // W
    h = t % H
    t = t // H
    c = t % C
    b = t // C
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for ki in range(0, KH):
        hh = h + PH - ki * DH
        hq = hh // SH
        hok = (hh >= 0) & (hh - hq * SH == 0) & (hq < OH)
        for kj in range(0, KW):
            ww = w + PW - kj * DW
            wq = ww // SW
            ok = mask & hok & (ww >= 0) & (ww - wq * SW == 0) & (wq < OW)
            col = (c * KH + ki) * KW + kj
            v = tl.load(x_ptr + (b * sxn + col * sxc + (hq * OW + wq) * sxl), mask=ok, other=0.0)
            acc += v.to(tl.float32)
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    acc = EPI(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04,
              s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out_ptr + offs, acc.to(out_ptr.dtype.element_ty), mask=mask)


def kwb_col2im(x, output_size, kernel_size, dilation, padding, stride, epi=None, epi_tensors=(), epi_scalars=()):
    """F.fold(x, output_size, kernel_size, dilation, padding, stride) (aten::col2im) of x [N, C * kh * kw, L] or
    [C * kh * kw, L], any strides: [N, C, H, W] (or [C, H, W]) in x's dtype, one launch, each output element the
    fp32 sum of the patch values covering it (deterministic). epi: the pointwise run after it, applied in that launch
    on the result's coordinates. Raises ValueError where torch does: C * kh * kw not dividing x's dim -2, or L not
    the number of blocks the sizes give."""
    x3, C, (H, W), (kh, kw), (dh, dw), (ph, pw), (sh, sw), OH, OW = _kwb_col2im_plan(
        x, output_size, kernel_size, dilation, padding, stride)
    shape = ([x3.shape[0]] if x.dim() == 3 else []) + [C, H, W]
    out = torch.empty(shape, dtype=x.dtype, device=x.device)
    n = out.numel()
    if n == 0:
        return out
    nd = len(shape)
    sizes = (1,) * (5 - nd) + tuple(shape)
    es = kwb_epi_args(epi_tensors, shape, [None] * (5 - nd) + list(range(nd)), x3)
    reach = sum((s - 1) * abs(st) for s, st in zip(x3.shape, x3.stride()))
    _kwb_col2im_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        x3, out, n, C, H, W, OH, OW, kh, kw, *x3.stride(), sh, sw, ph, pw, dh, dw, *sizes[1:], *es,
        *kwb_epi_scalars(epi_scalars), EPI=epi or _kwb_epi_identity,
        IDX64=n + KWB_POINTWISE_BLOCK >= 2 ** 31 or reach >= 2 ** 31, BLOCK=KWB_POINTWISE_BLOCK,
        num_warps=KWB_POINTWISE_WARPS)
    return out


@triton.jit
def _kwb_affine_grid_kernel(t_ptr, out_ptr, n, H, W, st0, st1, st2, SX, SY, ALIGN: tl.constexpr,
                            IDX64: tl.constexpr, BLOCK: tl.constexpr):
    # F.affine_grid (2-D): out[b, h, w] = theta[b] @ (x_w, y_h, 1), x_w / y_h torch's linspace(-1, 1, W / H) (from
    # both ends, as torch computes it), times (W - 1) / W without align_corners; a size of 1 gives 0. SX / SY: the
    # linspace steps 2 / (W - 1), 2 / (H - 1) (0 for a size of 1). Each program element writes one (x, y) pair.
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    w = offs % W
    t = offs // W
    h = t % H
    b = t // H
    wf = w.to(tl.float32)
    hf = h.to(tl.float32)
    x = tl.where(w < W // 2, -1.0 + SX * wf, 1.0 - SX * ((W - 1) - w).to(tl.float32))
    y = tl.where(h < H // 2, -1.0 + SY * hf, 1.0 - SY * ((H - 1) - h).to(tl.float32))
    if not ALIGN:  # torch: range * (num_steps - 1) / num_steps, two fp32 operations
        x = x * (W - 1) / W
        y = y * (H - 1) / H
    x = tl.where(W == 1, 0.0, x)
    y = tl.where(H == 1, 0.0, y)
    tb = t_ptr + b * st0
    t00 = tl.load(tb, mask=mask, other=0.0).to(tl.float32)
    t01 = tl.load(tb + st2, mask=mask, other=0.0).to(tl.float32)
    t02 = tl.load(tb + 2 * st2, mask=mask, other=0.0).to(tl.float32)
    t10 = tl.load(tb + st1, mask=mask, other=0.0).to(tl.float32)
    t11 = tl.load(tb + st1 + st2, mask=mask, other=0.0).to(tl.float32)
    t12 = tl.load(tb + st1 + 2 * st2, mask=mask, other=0.0).to(tl.float32)
    gx = x * t00 + y * t01 + t02
    gy = x * t10 + y * t11 + t12
    tl.store(out_ptr + offs * 2, gx.to(out_ptr.dtype.element_ty), mask=mask)
    tl.store(out_ptr + offs * 2 + 1, gy.to(out_ptr.dtype.element_ty), mask=mask)


def kwb_affine_grid(theta, size, align_corners):
    """F.affine_grid(theta, size, align_corners) for 2-D sizes (N, C, H, W): theta [N, 2, 3] at any strides, the
    grid [N, H, W, 2] in theta's dtype, one launch. Raises ValueError where torch does (theta not [N, 2, 3] with N
    the size's batch, a size that is not 4-D)."""
    size = [int(v) for v in size]
    if len(size) != 4:
        raise ValueError("kwb_affine_grid: a 4-D size (N, C, H, W) expected, got %s (5-D grids have no stage yet)"
                         % (size,))
    N, _, H, W = size
    if theta.dim() != 3 or tuple(theta.shape) != (N, 2, 3):
        raise ValueError("kwb_affine_grid: theta of shape %s for size %s (it needs [%d, 2, 3])"
                         % (tuple(theta.shape), size, N))
    out = torch.empty((N, H, W, 2), dtype=theta.dtype, device=theta.device)
    n = N * H * W
    if n == 0:
        return out
    sx = 2.0 / (W - 1) if W > 1 else 0.0
    sy = 2.0 / (H - 1) if H > 1 else 0.0
    _kwb_affine_grid_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        theta, out, n, H, W, *theta.stride(), sx, sy, ALIGN=bool(align_corners),
        IDX64=2 * n + KWB_POINTWISE_BLOCK >= 2 ** 31, BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
    return out


@triton.jit
def _kwb_grid_source(coord, size, PAD: tl.constexpr, ALIGN: tl.constexpr):
    # torch's grid_sampler_compute_source_index: unnormalise, then border (clip) or reflection (reflect, clip)
    # tl.cast, not size.to: Triton passes an int argument equal to 1 as the constexpr 1 (no tensor methods)
    sf = tl.cast(size, tl.float32)
    if ALIGN:
        ix = (coord + 1.0) / 2.0 * (sf - 1.0)
    else:
        ix = ((coord + 1.0) * sf - 1.0) / 2.0
    if PAD == 2:
        if ALIGN:
            lo = 0.0
            span = sf - 1.0
        else:
            lo = -0.5
            span = sf
        a = tl.abs(ix - lo)
        safe = tl.where(span > 0.0, span, 1.0)
        flips = tl.floor(a / safe)
        extra = a - flips * safe
        odd = (flips - 2.0 * tl.floor(flips / 2.0)) != 0.0
        ix = tl.where(odd, safe - extra + lo, extra + lo)
        ix = tl.where(span > 0.0, ix, 0.0)
    if PAD >= 1:
        ix = tl.minimum(tl.maximum(ix, 0.0), sf - 1.0)
    return ix


@triton.jit
def _kwb_grid_sample_kernel(x_ptr, g_ptr, out_ptr, n, C, H, W, HO, WO, sxn, sxc, sxh, sxw, sgn, sgh, sgw, sgc,
                            S1, S2, S3, S4, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                            s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3, EPI: tl.constexpr,
                            MODE: tl.constexpr, PAD: tl.constexpr, ALIGN: tl.constexpr, IDX64: tl.constexpr,
                            BLOCK: tl.constexpr):
    # F.grid_sample (2-D): out[b, c, i, j] samples x[b, c] at grid[b, i, j] = (x, y) in [-1, 1] -- bilinear (MODE 0:
    # the four neighbours weighted, each outside x adding nothing) or nearest (MODE 1: round half to even); PAD 0
    # zeros, 1 border, 2 reflection; torch's formulas (grid_sampler_2d) in fp32. One program element per output.
    pid = tl.program_id(0)
    if IDX64:
        pid = pid.to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    j = offs % WO
    t = offs // WO
    i = t % HO
    t = t // HO
    c = t % C
    b = t // C
    gb = g_ptr + b * sgn + i * sgh + j * sgw
    gx = tl.load(gb, mask=mask, other=0.0).to(tl.float32)
    gy = tl.load(gb + sgc, mask=mask, other=0.0).to(tl.float32)
    ix = _kwb_grid_source(gx, W, PAD, ALIGN)
    iy = _kwb_grid_source(gy, H, PAD, ALIGN)
    xb = x_ptr + b * sxn + c * sxc
    if MODE == 0:
        x0f = tl.floor(ix)
        y0f = tl.floor(iy)
        wx1 = ix - x0f
        wx0 = (x0f + 1.0) - ix
        wy1 = iy - y0f
        wy0 = (y0f + 1.0) - iy
        # a NaN or far coordinate: its integer is clamped for the address and masked out by the bounds test
        x0 = tl.minimum(tl.maximum(x0f, -2.0), tl.cast(W, tl.float32) + 1.0).to(tl.int32)
        y0 = tl.minimum(tl.maximum(y0f, -2.0), tl.cast(H, tl.float32) + 1.0).to(tl.int32)
        x1 = x0 + 1
        y1 = y0 + 1
        inx0 = (x0 >= 0) & (x0 < W) & (x0f == x0f)
        inx1 = (x1 >= 0) & (x1 < W) & (x0f == x0f)
        iny0 = (y0 >= 0) & (y0 < H) & (y0f == y0f)
        iny1 = (y1 >= 0) & (y1 < H) & (y0f == y0f)
        v00 = tl.load(xb + y0 * sxh + x0 * sxw, mask=mask & iny0 & inx0, other=0.0).to(tl.float32)
        v01 = tl.load(xb + y0 * sxh + x1 * sxw, mask=mask & iny0 & inx1, other=0.0).to(tl.float32)
        v10 = tl.load(xb + y1 * sxh + x0 * sxw, mask=mask & iny1 & inx0, other=0.0).to(tl.float32)
        v11 = tl.load(xb + y1 * sxh + x1 * sxw, mask=mask & iny1 & inx1, other=0.0).to(tl.float32)
        acc = v00 * (wx0 * wy0) + v01 * (wx1 * wy0) + v10 * (wx0 * wy1) + v11 * (wx1 * wy1)
    else:
        # nearbyint: half to even
        fx = tl.floor(ix)
        dx = ix - fx
        rx = tl.where(dx > 0.5, fx + 1.0, tl.where(dx < 0.5, fx, fx + (fx - 2.0 * tl.floor(fx / 2.0))))
        fy = tl.floor(iy)
        dy = iy - fy
        ry = tl.where(dy > 0.5, fy + 1.0, tl.where(dy < 0.5, fy, fy + (fy - 2.0 * tl.floor(fy / 2.0))))
        xn = tl.minimum(tl.maximum(rx, -1.0), tl.cast(W, tl.float32)).to(tl.int32)
        yn = tl.minimum(tl.maximum(ry, -1.0), tl.cast(H, tl.float32)).to(tl.int32)
        ok = mask & (xn >= 0) & (xn < W) & (yn >= 0) & (yn < H) & (rx == rx) & (ry == ry)
        acc = tl.load(xb + yn * sxh + xn * sxw, mask=ok, other=0.0).to(tl.float32)
    i0, i1, i2, i3, i4 = _kwb_coords5(offs, S1, S2, S3, S4)
    acc = EPI(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04,
              s10, s11, s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3)
    tl.store(out_ptr + offs, acc.to(out_ptr.dtype.element_ty), mask=mask)


def kwb_grid_sample(x, grid, mode, padding_mode, align_corners, epi=None, epi_tensors=(), epi_scalars=()):
    """F.grid_sample(x, grid, mode, padding_mode, align_corners) for 4-D x [N, C, H, W] and grid [N, HO, WO, 2], any
    strides: [N, C, HO, WO] in x's dtype, one launch. mode 0 / "bilinear" or 1 / "nearest"; padding_mode 0 / "zeros",
    1 / "border", 2 / "reflection" (aten::grid_sampler_2d's integer codes or F.grid_sample's names). epi: the
    pointwise run after it, in that launch. Raises ValueError for bicubic, 5-D inputs or mismatched shapes."""
    modes, pads = {"bilinear": 0, "nearest": 1, "bicubic": 2}, {"zeros": 0, "border": 1, "reflection": 2}
    mode = modes.get(mode, mode)
    padding_mode = pads.get(padding_mode, padding_mode)
    if mode not in (0, 1) or padding_mode not in (0, 1, 2):
        raise ValueError("kwb_grid_sample: mode %r / padding_mode %r (bilinear or nearest; zeros, border or "
                         "reflection have a stage)" % (mode, padding_mode))
    if x.dim() != 4 or grid.dim() != 4 or grid.shape[3] != 2 or grid.shape[0] != x.shape[0]:
        raise ValueError("kwb_grid_sample: x %s and grid %s (4-D x [N, C, H, W], grid [N, HO, WO, 2])"
                         % (tuple(x.shape), tuple(grid.shape)))
    N, C, H, W = x.shape
    HO, WO = grid.shape[1], grid.shape[2]
    shape = [N, C, HO, WO]
    out = torch.empty(shape, dtype=x.dtype, device=x.device)
    n = out.numel()
    if n == 0:
        return out
    es = kwb_epi_args(epi_tensors, shape, [None] + list(range(4)), x)
    reach = max(sum((s - 1) * abs(st) for s, st in zip(x.shape, x.stride())),
                sum((s - 1) * abs(st) for s, st in zip(grid.shape, grid.stride())))
    _kwb_grid_sample_kernel[(triton.cdiv(n, KWB_POINTWISE_BLOCK),)](
        x, grid, out, n, C, H, W, HO, WO, *x.stride(), *grid.stride(), *shape, *es,
        *kwb_epi_scalars(epi_scalars), EPI=epi or _kwb_epi_identity, MODE=int(mode), PAD=int(padding_mode),
        ALIGN=bool(align_corners), IDX64=n + KWB_POINTWISE_BLOCK >= 2 ** 31 or reach >= 2 ** 31,
        BLOCK=KWB_POINTWISE_BLOCK, num_warps=KWB_POINTWISE_WARPS)
    return out


def kwb_to_fp32(*tensors):
    """A chain computes on fp32 intermediates: 16-bit floating tensors are widened by one Triton copy each
    (others pass through). Returns them in order, and the dtype the chain's output is given back in."""
    out_dtype = next((t.dtype for t in tensors if isinstance(t, torch.Tensor) and t.is_floating_point()), None)
    wide = [kwb_pointwise(t, _kwb_epi_identity, out_dtype=torch.float32)
            if isinstance(t, torch.Tensor) and t.dtype in (torch.float16, torch.bfloat16) else t for t in tensors]
    return wide, out_dtype


def kwb_as_dtype(t, dtype):
    """The chain's result back in the input's dtype (one Triton copy when it differs)."""
    if dtype is None or t.dtype == dtype:
        return t
    return kwb_pointwise(t, _kwb_epi_identity, out_dtype=dtype)


# ---- the launch path (KWB_FAST_LAUNCH): every kernel above, and those pasted after, launch through it ----
# `kernel[grid](*args)` runs Triton's JITFunction.run on every call: the current device and stream, the binder
# (every argument's specialization), a string key, the cache lookup, the used-globals check, launch_metadata,
# then the launcher. The fast path keeps the CompiledKernel the first launch of a specialization returns and
# calls its launcher directly on later calls with the same key, the launch JITFunction.run itself makes
# (Triton 3.4+: kernel.run(grid0, grid1, grid2, stream, function, packed_metadata, launch_metadata,
# enter_hook, exit_hook, *bound_args), bound args in signature order, constexprs included). Its key is at
# least as fine as Triton's: the device, each tensor's dtype and 16-byte alignment, each int's 32/64-bit class,
# == 1 and multiple of 16, a float / bool / None by kind, constexprs by type and value, the launch options and
# triton.knobs.runtime.debug. The grid is no part of a specialization: it is read on every call. Anything
# else (a callable grid, a warm-up, an argument kind it does not know, an older Triton without triton.knobs,
# any exception) takes Triton's own path; an exception also turns the fast path off for that kernel.
import os as _kwb_os

kwb_fast_launch = _kwb_os.environ.get("KWB_FAST_LAUNCH", "0") == "1"  # off until the H200 A/B says it pays
kwb_fast_launch_off = {}  # kernel name -> why its fast path is off (the first exception it saw)


class _kwb_Unsupported(Exception):
    pass


_kwb_i32 = (-2 ** 31, 2 ** 31)


def _kwb_arg_key(v, constexpr):
    """One argument's part of the fast path's cache key (see above); raises _kwb_Unsupported for other kinds."""
    if constexpr:
        return (v.__class__, v)  # 1, True and 1.0 compare equal but specialize apart
    t = v.__class__
    if t is int:
        return (_kwb_i32[0] <= v < _kwb_i32[1], v >= 2 ** 63, v == 1, not v & 15)
    if t is float or t is bool or v is None:
        return t
    if hasattr(v, "data_ptr") and hasattr(v, "dtype"):
        return (v.dtype, not v.data_ptr() & 15)
    if t.__name__ == "TensorDescriptor":  # a host TMA descriptor: its base, block and layout, conservatively
        return (t, v.base.dtype, not v.base.data_ptr() & 15, tuple(v.shape), tuple(v.strides),
                tuple(v.block_shape), getattr(v, "padding", None), getattr(v, "layout", None))
    raise _kwb_Unsupported("argument of type %s" % t.__name__)


class _kwb_FastRun:
    """Installed as one JITFunction's `run` (an instance attribute: `kernel[grid](...)` calls self.run), so
    the launch sites stay `kernel[grid](...)`. jit: the JITFunction; slow: its own bound run."""

    def __init__(self, jit, slow):
        import inspect
        self.jit, self.slow = jit, slow
        params = list(inspect.signature(jit.fn).parameters.values())
        self.names = [p.name for p in params]
        self.name_set = frozenset(self.names)
        self.defaults = [p.default for p in params]
        self.empty = inspect.Parameter.empty
        self.constexpr = [bool(getattr(kp, "is_constexpr", False)) for kp in jit.params]
        if len(self.constexpr) != len(self.names):
            raise _kwb_Unsupported("params and signature disagree")
        self.cache = {}  # key -> (kernel, launcher, function, packed_metadata)
        self.hits = self.misses = 0

    def bind(self, args, kwargs):
        """(bound args in signature order, launch options as a sorted tuple) like Triton's binder."""
        n = len(args)
        if n == len(self.names) and not kwargs:
            return args, ()
        vals = list(args)
        for i in range(n, len(self.names)):
            name = self.names[i]
            v = kwargs.get(name, self.defaults[i])
            if v is self.empty:
                raise _kwb_Unsupported("missing argument %s" % name)
            vals.append(v)
        opts = tuple(sorted((k, v) for k, v in kwargs.items() if k not in self.name_set))
        return vals, opts

    def key(self, vals, opts, device):
        ce = self.constexpr
        head = (device, opts, getattr(triton.knobs.runtime, "debug", None))
        return head + tuple(_kwb_arg_key(v, ce[i]) for i, v in enumerate(vals))

    def globals_changed(self):
        """Triton's check that the globals a kernel read at compile time still hold (it raises when not)."""
        missing = object()
        for (name, _), (val, gdict) in getattr(self.jit, "used_global_vals", {}).items():
            if gdict.get(name, missing) != val:
                return True
        return False

    def turn_off(self, e):
        kwb_fast_launch_off[self.jit.__name__] = "%s: %s" % (type(e).__name__, str(e)[:200])

    def __call__(self, *args, grid, warmup, **kwargs):
        if (warmup or not kwb_fast_launch or callable(grid) or self.jit.__name__ in kwb_fast_launch_off
                or getattr(self.jit, "pre_run_hooks", None)):
            return self.slow(*args, grid=grid, warmup=warmup, **kwargs)
        try:
            active = triton.runtime.driver.active
            device = active.get_current_device()
            vals, opts = self.bind(args, kwargs)
            key = self.key(vals, opts, device)
            entry = self.cache.get(key)
            if entry is not None and self.globals_changed():
                entry = None
        except Exception as e:  # noqa: BLE001 - any doubt: Triton's own path, and no fast path for this kernel
            self.turn_off(e)
            return self.slow(*args, grid=grid, warmup=warmup, **kwargs)
        if entry is None:  # first launch of this key (or globals changed): Triton compiles / checks / launches
            self.misses += 1
            kernel = self.slow(*args, grid=grid, warmup=warmup, **kwargs)
            try:
                if kernel is not None and not hasattr(kernel, "result"):  # not an async-compile future
                    self.cache[key] = (kernel, kernel.run, kernel.function, kernel.packed_metadata)
            except Exception as e:  # noqa: BLE001
                self.turn_off(e)
            return kernel
        kernel, launcher, function, packed = entry
        try:
            stream = active.get_current_stream(device)
            n = len(grid)
            hooks = triton.knobs.runtime
            enter, leave = hooks.launch_enter_hook, hooks.launch_exit_hook
            # Triton 3.5+: each an always-present HookChain; an empty one needs no launch metadata (a dict per launch)
            if hasattr(enter, "calls") and hasattr(leave, "calls") and not (enter.calls or leave.calls):
                enter = leave = None
            md = kernel.launch_metadata(grid, stream, *vals) if enter is not None else None
            launcher(grid[0], grid[1] if n > 1 else 1, grid[2] if n > 2 else 1, stream, function, packed, md,
                     enter, leave, *vals)
        except Exception as e:  # noqa: BLE001 - the launcher refused before launching: Triton's path instead
            self.turn_off(e)
            return self.slow(*args, grid=grid, warmup=warmup, **kwargs)
        self.hits += 1
        return kernel


def kwb_fast_launch_install(namespace):
    """Gives every JITFunction in namespace (a module's globals()) the fast path; idempotent. Nothing happens
    where Triton lacks what it needs (no triton.knobs: Triton < 3.4; the fake Triton of the CPU tests)."""
    knobs = getattr(triton, "knobs", None)
    if knobs is None or not hasattr(getattr(knobs, "runtime", None), "launch_enter_hook"):
        return 0
    jit_type = getattr(getattr(triton, "runtime", None), "JITFunction", None)
    done = 0
    for obj in list(namespace.values()):
        if jit_type is None or not isinstance(obj, jit_type) or isinstance(obj.__dict__.get("run"), _kwb_FastRun):
            continue
        try:
            obj.run = _kwb_FastRun(obj, obj.run)
            done += 1
        except Exception as e:  # noqa: BLE001 - this kernel keeps Triton's path
            kwb_fast_launch_off[getattr(obj, "__name__", "?")] = "install: %s: %s" % (type(e).__name__, e)
    return done


kwb_fast_launch_install(globals())
