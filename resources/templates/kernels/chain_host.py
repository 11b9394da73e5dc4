# ---- host helpers of a chain's forward() (resources/templates/kernels/chain_host.py) ----
# Plain Python that the chain planner's forward() body calls around its launches, pasted by both chain renderers
# (Triton: after triton_stages.py; CuTe DSL: after the stage set's common section), so one definition serves both.
def kwb_size(name, *sizes):
    """A run-time size that the spec's sizes could not tie to one input dim (two input dims had that size):
    the value of those dims when they agree, else a ValueError naming them (never a silently wrong size)."""
    if any(int(s) != int(sizes[0]) for s in sizes):
        raise ValueError("%s: the spec's size matched several input dims, which now differ (%s); regenerate the "
                         "kernel from a spec where they differ" % (name, ", ".join(str(int(s)) for s in sizes)))
    return int(sizes[0])


def kwb_pool_len(length, kernel, stride, padding, dilation, ceil_mode):
    """A max / avg pool's output length along one dim at run time (PyTorch's pooling_output_shape): floor or ceil of
    (length + 2 padding - dilation (kernel - 1) - 1) / stride, plus 1; in ceil mode one less when the last window
    would start past the input and its left padding. A slice to another pool's length follows the sizes with it."""
    length = int(length)
    num = length + 2 * padding - dilation * (kernel - 1) - 1 + (stride - 1 if ceil_mode else 0)
    out = num // stride + 1
    if ceil_mode and (out - 1) * stride >= length + padding:
        out -= 1
    return out


def kwb_at_spec(name, value, *pairs):
    """A constant of the traced graph that follows the input sizes in a way the code generator did not derive
    (the probe's resize check saw it change): its value at the spec's sizes while every (run-time size, size at
    the spec) pair agrees, else a ValueError naming it and every size that changed (never a silently wrong
    constant). The generator does not know which of the sizes the value depends on, so the error blames none: it
    lists them all."""
    changed = ["%d (%d at the spec)" % (int(now), int(spec)) for now, spec in pairs if int(now) != int(spec)]
    if changed:
        kept = ", ".join(str(int(spec)) for now, spec in pairs if int(now) == int(spec))
        raise ValueError("%s: kernel.py holds its value at the spec's input sizes, and the input size%s now %s%s; "
                         "the generator did not derive how the value follows the sizes, so it may depend on any "
                         "of these; regenerate the kernel for these sizes"
                         % (name, "s are" if len(changed) > 1 else " is", ", ".join(changed),
                            " (unchanged: %s)" % kept if kept else ""))
    return value


# ==== host: kwb_attention kwb_attn_rep kwb_masked_softmax
# The attention stages' operand helpers (the mask's and bias's broadcast views, the K / V head repeat, the kept band
# of the index predicate): plain torch, so forward() reads the same operands on either framework. The CuTe DSL
# renderer pastes this section only when forward() calls one of the stages its header names; the Triton kernel
# slimmer drops it where unused.
def _kwb_attn_out(q, kt, v, pv_ieee=False):
    """kwb_attention's sizes and its empty output: q [..., Lq, D], kt [..., D, Lk], v [..., Lk, E] -> (Lq, D, Lk, E,
    out [..., Lq, E] in q's dtype on q's device; fp32 with pv_ieee, the planner's flag for an output that cancels
    against a tensor of V's size: rounded to 16 bits it would carry 2^-9 of O into O - V, ~20 % of the result in
    probe23 c02's bf16 case). ValueError: inner dims that do not match."""
    lq, d = q.shape[-2], q.shape[-1]
    lk, e = kt.shape[-1], v.shape[-1]
    if kt.shape[-2] != d or v.shape[-2] != lk:
        raise ValueError("kwb_attention: q %s, kt %s, v %s do not match" % (list(q.shape), list(kt.shape),
                                                                           list(v.shape)))
    dtype = torch.float32 if pv_ieee and q.dtype in (torch.float16, torch.bfloat16) else q.dtype
    return lq, d, lk, e, torch.empty(list(q.shape[:-2]) + [lq, e], dtype=dtype, device=q.device)


def _kwb_attn_maskb(mask, nb, lq, lk, who):
    """A mask tensor over the scores of nb entries [nb, lq, lk], broadcast as a bias (_kwb_attn_bias: a key-padding
    mask [B, 1, 1, lk] over [B, H] entries, [lq, lk] over all, [B, 1, lq, lk]), bool read as uint8: (tensor, (mn1,
    mn2), (sm0, sm1, sm2, smm, smn)); None -> (None, (1, 1), zeros). ValueError as _kwb_attn_bias."""
    if mask is None:
        return None, (1, 1), (0, 0, 0, 0, 0)
    return _kwb_attn_bias(mask.view(torch.uint8) if mask.dtype == torch.bool else mask, nb, lq, lk, who)


_kwb_attn_cmp_codes = {"lt": 1, "le": 2, "gt": 3, "ge": 4, "eq": 5, "ne": 6}


def _kwb_attn_cmp_code(mask_cmp, m3, who):
    """The kernels' MASK_CMP code of mask_cmp (None: 0, the mask tensor is the mask). ValueError: an unknown name, or
    a comparison without a mask tensor."""
    if mask_cmp is None:
        return 0
    if mask_cmp not in _kwb_attn_cmp_codes or m3 is None:
        raise ValueError("%s: mask_cmp %r needs a mask tensor and one of %s" % (who, mask_cmp,
                                                                              sorted(_kwb_attn_cmp_codes)))
    return _kwb_attn_cmp_codes[mask_cmp]


def _kwb_attn_bias(bias, nb, lq, lk, who):
    """An additive bias over the scores of nb entries [nb, lq, lk] as (tensor, (bn1, bn2), (sb0, sb1, sb2, sbm, sbn)):
    its last two dims broadcast to [lq, lk], its dims before them right-aligned with the scores' lead dims, whose
    product is nb: the size-1 dims and the missing ones before the first larger dim broadcast over the front of the
    entries (a [1, H, L, L] or [H, L, L] bias over [B, H]), one run of size-1 dims after it over the rest (a
    [B, 1, L, L] bias over [B, H]). Read in place (stride 0 where it broadcasts) when its lead dims merge to three
    at most, else copied to [nb, lq, lk]. None -> None. ValueError: sizes that do not divide nb, or two runs of
    size-1 dims after the first larger one (which of them q's entries spread over is not known here)."""
    if bias is None:
        return None, (1, 1), (0, 0, 0, 0, 0)
    b = bias.reshape([1] * max(0, 2 - bias.dim()) + list(bias.shape))  # a view: 0-d / 1-d given as [1, .., n]
    lead = list(b.shape[:-2])
    known = 1
    for d in lead:
        known *= d
    first = next((k for k, d in enumerate(lead) if d != 1), len(lead))
    ones = [k for k in range(first, len(lead)) if lead[k] == 1]
    runs = [k for k in ones if k - 1 not in ones]
    if known == 0 or nb % known or (len(runs) > 1 and nb != known):
        raise ValueError("%s: a bias %s over %d score entries of [%d, %d]: its dims before the last two do not "
                         "broadcast to them in one way" % (who, list(bias.shape), nb, lq, lk))
    full = list(lead)
    if runs and nb != known:
        full[runs[0]] = nb // known
    else:
        b, full = b.unsqueeze(0), [nb // known] + full
    b = b.expand(full + [lq, lk])
    dims = [(n, st) for n, st in zip(full, b.stride()[:-2]) if n != 1]
    merged = []
    for n, st in dims:  # adjacent dims one stride walks (stride 0 runs too) merge
        if merged and merged[-1][1] == n * st:
            merged[-1] = (merged[-1][0] * n, st)
        else:
            merged.append((n, st))
    if len(merged) > 3:  # not three strided runs: a copy in q's entry order
        b = b.reshape(nb, lq, lk)
        merged = [(nb, b.stride(0))]
    merged = [(1, 0)] * (3 - len(merged)) + merged
    return b, (merged[1][0], merged[2][0]), (merged[0][1], merged[1][1], merged[2][1], b.stride(-2), b.stride(-1))


def kwb_attn_rep(q, kv):
    """The K / V head repeat of grouped-query / multi-query attention: q's entries (dims before the last two) over
    the un-repeated K's or V's, i.e. Hq / Hkv at equal batch, whatever the spelling of the repeat (repeat_interleave,
    expand + reshape, a size-1 head dim expanded). ValueError when they do not divide."""
    nq, nk = 1, 1
    for d in q.shape[:-2]:
        nq *= d
    for d in kv.shape[:-2]:
        nk *= d
    if nk == 0 or nq % nk:
        raise ValueError("kwb_attn_rep: q %s holds %d entries, K / V %s %d: no head repeat" % (
            list(q.shape), nq, list(kv.shape), nk))
    return nq // nk


def _kwb_attn_band(diag, lower, band, who):
    """The kept interval [lo, hi] of j - i (None: unbounded on that side) of kwb_attention's predicate."""
    if diag is None:
        if band is not None:
            raise ValueError("%s: band=%r needs diag" % (who, band))
        return None, None
    diag = int(diag)
    if band is None:
        return (None, diag) if lower else (diag + 1, None)
    if not lower or int(band) < 1:
        raise ValueError("%s: band=%r takes lower=True and a width >= 1" % (who, band))
    return diag - int(band) + 1, diag


# ==== host: kwb_index2
# kwb_index2's operand views and result, one definition for both frameworks' stages (the launch differs).
def _kwb_index2_views(x, i0, i1, dim):
    """x [..., A, B, ...] and index tensors i0, i1 of one shape at dims dim, dim + 1 -> (w, out, rest): w x's view
    [A, B, D] with the two dims moved first and the rest flattened (D = their product), out the contiguous result
    [*i0.shape, D] in x's dtype on x's device, rest the flattened dims' shape. ValueError: index shapes that differ."""
    if i0.shape != i1.shape:
        raise ValueError("kwb_index2: index shapes %s and %s differ (one shape expected)"
                         % (tuple(i0.shape), tuple(i1.shape)))
    xm = x.movedim((dim, dim + 1), (0, 1))
    w = xm.reshape(xm.shape[0], xm.shape[1], -1)
    out = torch.empty(tuple(i0.shape) + (w.shape[2],), dtype=x.dtype, device=x.device)
    return w, out, tuple(xm.shape[2:])


def _kwb_index2_result(out, i0, rest, dim):
    """The gathered rows out [*i0.shape, D] as x.shape[:dim] + i0.shape + rest: a view, the index dims moved back."""
    k = i0.dim()
    out = out.view(tuple(i0.shape) + rest)
    return out.movedim(tuple(range(k)), tuple(range(dim, dim + k))) if dim and k else out


# ==== host: kwb_upsample
# kwb_upsample's sizes, source index scales and result, one definition for both frameworks' stages (the launch
# differs).
def _kwb_upsample_plan(x, mode, size, scales, align_corners):
    """x [N, C, *spatial] (1 to 3 spatial dims) -> (ins, size, cs, align, out): the input's and the output's spatial
    sizes (size given, else floor(in * scale) per dim), the source index scale per dim as torch's rule ((in - 1) /
    (out - 1) with aligned corners, else 1 / scale where a scale is given, else in / out), whether corners align
    (linear and bicubic only) and the contiguous result [N, C, *size] in x's dtype on x's device. ValueError:
    another rank or mode (bicubic: 2 spatial dims), or neither a size nor a scale for every spatial dim."""
    sp = x.dim() - 2
    if not 1 <= sp <= 3 or mode not in ("nearest", "nearest-exact", "linear", "bicubic") or (
            mode == "bicubic" and sp != 2):
        raise ValueError("kwb_upsample: mode %r of a rank-%d tensor (N, C and 1 to 3 spatial dims; bicubic: 2)"
                         % (mode, x.dim()))
    ins = list(x.shape[2:])
    scales = list(scales) if scales is not None else [None] * sp
    if size is None:
        if any(s is None for s in scales):
            raise ValueError("kwb_upsample: neither a size nor a scale for every spatial dim")
        size = [int(i * s) for i, s in zip(ins, scales)]
    size = [int(s) for s in size]
    align = bool(align_corners) and mode in ("linear", "bicubic")
    cs = []
    for i, o, s in zip(ins, size, scales):
        if align:
            cs.append((i - 1) / (o - 1) if o > 1 else 0.0)
        else:
            cs.append(1.0 / s if s is not None and s > 0 else i / o if o > 0 else 0.0)
    out = torch.empty(list(x.shape[:2]) + size, dtype=x.dtype, device=x.device)
    return ins, size, cs, align, out


# ==== host: kwb_im2col kwb_col2im
# unfold / fold's argument checks and output sizes, one definition for both frameworks' stages (the launch differs;
# session 38 moved the two copies here).
def _kwb_conv_pairs(what, **kw):
    """Each keyword's value as two ints (one int or a pair, torch's spelling), in order. ValueError otherwise."""
    out = []
    for k, v in kw.items():
        v = [int(e) for e in v] if isinstance(v, (list, tuple)) else [int(v)]
        if len(v) == 1:
            v = v * 2
        if len(v) != 2:
            raise ValueError("%s: %s %s (one or two numbers)" % (what, k, v))
        out.append(v)
    return out


def _kwb_im2col_plan(x, kernel_size, dilation, padding, stride):
    """F.unfold's arguments of x [N, C, H, W] or [C, H, W] -> (x4, (kh, kw), (dh, dw), (ph, pw), (sh, sw), OH, OW): x
    as 4-D (a view), each argument a pair, the output positions by torch's sizes. ValueError for what torch refuses
    (another rank, a kernel, stride or dilation below 1, a negative padding, no output positions)."""
    if x.dim() not in (3, 4):
        raise ValueError("kwb_im2col: an input of shape %s (3-D or 4-D expected)" % (tuple(x.shape),))
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = _kwb_conv_pairs(
        "kwb_im2col", kernel_size=kernel_size, dilation=dilation, padding=padding, stride=stride)
    if min(kh, kw, dh, dw, sh, sw) < 1 or min(ph, pw) < 0:
        raise ValueError("kwb_im2col: kernel_size, dilation and stride >= 1, padding >= 0")
    x4 = x if x.dim() == 4 else x.unsqueeze(0)
    oh = (x4.shape[2] + 2 * ph - dh * (kh - 1) - 1) // sh + 1
    ow = (x4.shape[3] + 2 * pw - dw * (kw - 1) - 1) // sw + 1
    if oh < 1 or ow < 1:
        raise ValueError("kwb_im2col: input %s gives no output positions" % (tuple(x.shape),))
    return x4, (kh, kw), (dh, dw), (ph, pw), (sh, sw), oh, ow


def _kwb_col2im_plan(x, output_size, kernel_size, dilation, padding, stride):
    """F.fold's arguments of x [N, C * kh * kw, L] or [C * kh * kw, L] -> (x3, C, (H, W), (kh, kw), (dh, dw), (ph, pw),
    (sh, sw), OH, OW): x as 3-D (a view), the output's channels and size, each argument a pair, the blocks per dim.
    ValueError where torch refuses: another rank, a kernel, stride or dilation below 1, a negative padding,
    C * kh * kw not dividing x's dim -2, or L not the number of blocks the sizes give."""
    if x.dim() not in (2, 3):
        raise ValueError("kwb_col2im: an input of shape %s (2-D or 3-D expected)" % (tuple(x.shape),))
    (h, w), (kh, kw), (dh, dw), (ph, pw), (sh, sw) = _kwb_conv_pairs(
        "kwb_col2im", output_size=output_size, kernel_size=kernel_size, dilation=dilation, padding=padding,
        stride=stride)
    if min(kh, kw, dh, dw, sh, sw) < 1 or min(ph, pw) < 0:
        raise ValueError("kwb_col2im: kernel_size, dilation and stride >= 1, padding >= 0")
    x3 = x if x.dim() == 3 else x.unsqueeze(0)
    ck, blocks = x3.shape[1], x3.shape[2]
    oh = (h + 2 * ph - dh * (kh - 1) - 1) // sh + 1
    ow = (w + 2 * pw - dw * (kw - 1) - 1) // sw + 1
    if ck % (kh * kw) != 0 or oh < 1 or ow < 1 or oh * ow != blocks:
        raise ValueError("kwb_col2im: an input of shape %s does not fold to %s with kernel %s (it needs a dim -2 "
                         "divisible by %d and %d blocks)" % (tuple(x.shape), (h, w), (kh, kw), kh * kw,
                                                            max(oh, 0) * max(ow, 0)))
    return x3, ck // (kh * kw), (h, w), (kh, kw), (dh, dw), (ph, pw), (sh, sw), oh, ow


# ==== host: kwb_nll
# kwb_nll's operand views and buffers, one definition for both frameworks' stages (the launch differs).
_kwb_nll_reductions = {0: "none", 1: "mean", 2: "sum", "none": "none", "mean": "mean", "sum": "sum"}


def _kwb_nll_views(x, target, weight, reduction):
    """x [C], [N, C] or [N, C, d1, ...], target [], [N] or [N, d1, ...], weight None or [C] -> (red, x3, t2, want_t,
    loss, wt): the reduction's name, x viewed [rows', C, S] and target [rows', S] (rows = rows' * S), the "none"
    result's shape, and two buffers of rows: the per-row loss (x's dtype for "none", else fp32) and the per-row
    weight (fp32). ValueError: shapes that do not match, an unknown reduction."""
    red = _kwb_nll_reductions.get(reduction)
    one = x.dim() == 1
    x3 = x.reshape(1, -1, 1) if one else x.reshape(x.shape[0], x.shape[1], -1)
    nn_, c, s = x3.shape
    want_t = [] if one else [x.shape[0]] + list(x.shape[2:])
    if red is None or list(target.shape) != want_t or (weight is not None and list(weight.shape) != [c]):
        raise ValueError("kwb_nll: x %s, target %s, weight %s, reduction %r do not match" % (
            list(x.shape), list(target.shape), None if weight is None else list(weight.shape), reduction))
    t2 = target.reshape(nn_, s)
    rows = nn_ * s
    loss = torch.empty(rows, dtype=x.dtype if red == "none" else torch.float32, device=x.device)
    wt = torch.empty(rows, dtype=torch.float32, device=x.device)
    return red, x3, t2, want_t, loss, wt


# ==== host: kwb_cat_starts
# The cut points of a cat read piecewise, one definition for both frameworks (the CuTe DSL stage set computes them
# only for the plan's call: its kwb_piecewise_reads is off, so the branch that reads them is not taken).
def kwb_cat_starts(dim, *parts):
    """The interior cut points along dim of torch.cat(parts, dim) (a stack's parts unsqueezed), as epilogue scalars:
    the start of every part but the first. A ValueError where a start does not fit an fp32 scalar exactly."""
    at, starts = 0, []
    for p in parts[:-1]:
        at += p.shape[dim]
        if at >= 2 ** 24:
            raise ValueError("kwb_cat_starts: a part starts at %d along dim %d (above 2**24)" % (at, dim))
        starts.append(float(at))
    return tuple(starts)


# ==== host: kwb_sort kwb_kthvalue kwb_max_dim
# sort, kthvalue and max / min along a dim as kwb_topk calls, one definition for both frameworks (each defines
# kwb_topk).
def kwb_sort(x, dim=-1, descending=False):
    """torch.sort(x, dim, descending) -> (values, indices), stable (equal values keep their order): kwb_topk with k
    the dim's size."""
    return kwb_topk(x, x.shape[dim] if x.dim() else 1, dim, largest=descending)


def kwb_kthvalue(x, k, dim=-1, keepdim=False):
    """torch.kthvalue(x, k, dim, keepdim) -> (values, indices): the k-th smallest along dim (NaN largest)."""
    v, i = kwb_topk(x, k, dim, largest=False)
    if not x.dim():
        return v, i
    v, i = v.narrow(dim, k - 1, 1), i.narrow(dim, k - 1, 1)
    return (v, i) if keepdim else (v.squeeze(dim), i.squeeze(dim))


def kwb_max_dim(x, dim, keepdim=False, largest=True):
    """torch.max(x, dim, keepdim) / torch.min (largest=False) -> (values, indices): the first index of the extreme
    value, NaN winning as torch propagates it (argmax / argmin: the indices)."""
    v, i = kwb_topk(x, 1, dim, largest=largest, nan_first=True)
    if not x.dim():
        return v, i
    return (v, i) if keepdim else (v.squeeze(dim), i.squeeze(dim))


# ==== host: kwb_int_arg
def kwb_int_arg(name, value):
    """A forward() int argument that an epilogue reads as an integer (compared with int64 ids, added to them): its
    float for the kernel's fp32 scalar slot, exact while |value| <= 2**24; past that a ValueError naming it (fp32
    would round it: ids >= 2**24 + 1 matched 2**24), never a silently wrong comparison."""
    if abs(int(value)) > 2 ** 24:
        raise ValueError("%s = %d: an int argument read as an integer by a kernel epilogue reaches it as fp32, exact "
                         "up to 2**24 only; pass it as an int64 tensor instead" % (name, int(value)))
    return float(value)


# ==== host: kwb_state_get kwb_state_put
kwb_state_memo = True  # values computed from parameters / buffers / kept constants only: kept on the model per the
#                        sources' versions (False: computed every call, the plan before; the A/B's switch)


def _kwb_state_key(srcs):
    """What a kept value's sources are now: per tensor its data pointer, version counter, shape, strides, dtype and
    device; None where one has no version counter (an inference tensor: never kept)."""
    try:
        return tuple((s.data_ptr(), s._version, s.shape, s.stride(), s.dtype, s.device) for s in srcs)
    except RuntimeError:
        return None


def kwb_state_get(model, slot, srcs):
    """The values block `slot` of forward() computed from `srcs` (parameters, buffers, kept constants) and kept on
    the model, while every source is unchanged (an in-place write bumps `_version`: an optimizer step,
    load_state_dict, `w.add_(1)` under no_grad; a new tensor has another address), else None: forward() computes
    them again. One host check per source (no launch); the entry holds its sources, so their addresses are not
    reused while it lives."""
    if not kwb_state_memo or (torch.is_grad_enabled() and any(s.requires_grad for s in srcs)):
        return None  # autograd records: the value must come from this call's sources (kwb_state_put keeps nothing)
    e = model.__dict__.get("_kwb_state", {}).get(slot)
    if e is None or e[0] is None or len(srcs) != len(e[1]):
        return None
    for s, o, k in zip(srcs, e[1], e[0]):
        if s is o:  # the same tensor object (a parameter, a buffer): its version, address (`.data =`) and shape
            if s._version != k[1] or s.data_ptr() != k[0] or s.shape != k[2]:
                return None
        elif _kwb_state_key((s,)) != (k,):  # another object (a new view of a kept constant each call): all of it
            return None
    return e[2]


def kwb_state_put(model, slot, srcs, vals):
    """Keep `vals` (a tuple) as block `slot`'s values for `srcs` as they are now; returns `vals`. Nothing is kept
    while autograd records (a kept value would carry an old call's graph) or a graph is being captured (its memory
    belongs to the capture)."""
    if not kwb_state_memo or (torch.is_grad_enabled() and any(s.requires_grad for s in srcs)):
        return vals
    if torch.cuda.is_available() and torch.cuda.is_current_stream_capturing():
        return vals
    d = model.__dict__.setdefault("_kwb_state", {})
    d[slot] = (_kwb_state_key(srcs), tuple(srcs), vals)
    return vals


def kwb_state_versions(model):
    """The kept values' sources as they are now (a CUDA graph's key: a replay runs no Python, so a changed buffer must
    select another graph)."""
    return tuple(_kwb_state_key(e[1]) for _, e in sorted(model.__dict__.get("_kwb_state", {}).items()))


# ==== host: kwb_plan_call
# A per-shape launch-plan cache of the whole forward (issue 14, session 46, host46; host44's fixes 1 and 2). The
# generated forward's host path is Python and torch view ops recomputing, every call, what one input shape decides
# (host44: 17-41 us for a 1-launch forward on the dev CPU, 49-80 % of the H100 host's forward time). Here the first
# call of a key runs the plan eagerly (compiles, fills the helpers' memos and kept values); the second runs it
# eagerly under a recorder -- every Triton launch (kernel, grid, arguments, the CompiledKernel it returned) and every
# torch op (a TorchDispatchMode) -- and builds a plan: the buffers the forward allocated (torch.empty*: re-allocated
# each call, so a returned tensor is always fresh), one prebuilt argument list per launch (the inputs and buffers by
# address and byte offset, parameters, kept values and scalars constant) and the result's views. Later calls of the
# key replay it: per launch one call of the CompiledKernel's launcher (the call JITFunction.run makes in Triton 3.3+:
# run(grid0, grid1, grid2, stream, function, packed_metadata, launch_metadata, enter_hook, exit_hook, *bound args in
# signature order, constexprs included)), its specialization fixed by the key (dtypes, 16-byte alignment; a buffer
# is allocated as recorded), checked once when the entry is built; `kernel[grid](...)` with tensor views where that
# API is missing (KWB_PLAN_FAST=0 forces it). The recording proves the plan reads no values: any torch op other than
# an allocation, a view or a metadata query (`.item()`, a copy, a fill, nonzero) leaves the key eager for good, as
# does a callable grid or a module holding a launch wrapper (triton.autotune: its launches bypass the recorder).
# The key is kwb_graph_call's: the inputs' shapes, strides, dtypes, devices and 16-byte alignment (non-tensor
# arguments by value), the mode, every parameter's address and version, every buffer's address, the kept values'
# versions, _kwb_graph_knobs() where defined, and kwb_plan_epoch (a caller that changes a module constant between
# calls bumps it). On by default since its GPU A/B (session 48, H100: the host path 76-87 % shorter on host46's six
# fixtures, every replay "replay" and exact; docs/results/2026-12-07-s48-lead.md); KWB_PLAN_CACHE=0 turns it off.
import builtins as _kwb_builtins
import os as _kwb_plan_os

kwb_plan_cache = _kwb_plan_os.environ.get("KWB_PLAN_CACHE", "1") != "0"
kwb_plan_fast = _kwb_plan_os.environ.get("KWB_PLAN_FAST", "1") != "0"  # False: replays through kernel[grid]
kwb_plan_epoch = 0  # part of the key: bump it after changing a module constant the plan reads
KWB_PLAN_MAX = 8  # plans kept per model (the oldest goes)
_kwb_plan_allocs = frozenset(("aten.empty.memory_format", "aten.empty_strided.default", "aten.empty_like.default",
                              "aten.new_empty.default", "aten.new_empty_strided.default"))
_kwb_plan_meta = frozenset(("aten.sym_size", "aten.sym_stride", "aten.sym_numel", "aten.sym_storage_offset",
                            "aten.size", "aten.stride", "aten.dim", "aten.is_contiguous", "aten.numel",
                            "aten.storage_offset"))


class _KwbPlanPtr:
    """A tensor argument the replay passes by address: Triton's launcher reads data_ptr() only (the dtype is in the
    compiled signature). base: the input or buffer; off: bytes from base.data_ptr()."""
    __slots__ = ("base", "off", "dtype")

    def __init__(self, base, off, dtype):
        self.base, self.off, self.dtype = base, off, dtype

    def data_ptr(self):
        return self.base.data_ptr() + self.off


def _kwb_storage_ptr(t):
    return t.untyped_storage().data_ptr() if hasattr(t, "untyped_storage") else t.storage().data_ptr()


def _kwb_plan_view(base, shape, stride, off):
    """The view of base (an input or a buffer) a launch argument was: shape and stride in elements, off elements
    from base's first (the kernel[grid] replay passes real tensors)."""
    return base.as_strided(shape, stride, base.storage_offset() + off)


class _KwbPlanWhy(Exception):
    """Why a key stays eager (its message)."""


def _kwb_plan_recorder():
    """A TorchDispatchMode that notes allocations and refuses any op that could read or write values."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class Rec(TorchDispatchMode):
        def __init__(self):
            super().__init__()
            self.allocs, self.bad, self.inside = [], None, 0  # inside: in a launch (the CPU emulation's own ops)

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            if self.inside:
                return out
            name = str(func)
            if name in _kwb_plan_allocs:
                self.allocs.append(out)
            elif not (name.rsplit(".", 1)[0] in _kwb_plan_meta or any(
                    r.alias_info is not None and not r.alias_info.is_write for r in func._schema.returns)):
                self.bad = self.bad or name
            return out
    return Rec()


def _kwb_plan_unsafe_module(namespace):
    """A reason the module's launches may escape the recorder (a launch wrapper such as triton.autotune), else ""."""
    jit = triton.JITFunction if hasattr(triton, "JITFunction") else None
    for name, v in list(namespace.items()):
        if jit is not None and not isinstance(v, jit) and hasattr(v, "fn") and isinstance(v.fn, jit):
            return "%s wraps a Triton kernel (%s): its launches are not recorded" % (name, type(v).__name__)
    return ""


def _kwb_plan_record(impl, args):
    """impl(*args) under the recorder -> (result, launches [(jit, grid, args, kwargs, compiled)], allocations, the
    first op it refused or None). The forward runs once, whatever the recorder saw."""
    jit_cls = triton.JITFunction if hasattr(triton, "JITFunction") else None
    if jit_cls is None:
        raise _KwbPlanWhy("no triton.JITFunction")
    launches = []
    rec = _kwb_plan_recorder()
    own = "__getitem__" in jit_cls.__dict__  # Triton's JITFunction inherits it from KernelInterface
    orig = jit_cls.__getitem__

    def getitem(self, grid):
        launch = orig(self, grid)

        def call(*a, **kw):
            rec.inside += 1
            try:
                ret = launch(*a, **kw)
            finally:
                rec.inside -= 1
            launches.append((self, grid, a, kw, ret))
            return ret
        return call
    jit_cls.__getitem__ = getitem
    try:
        with rec:
            out = impl(*args)
    finally:
        if own:
            jit_cls.__getitem__ = orig
        else:
            del jit_cls.__getitem__
    bad = rec.bad and "the forward runs %s (a value read or a torch compute op)" % rec.bad
    return out, launches, rec.allocs, bad


class _KwbPlan:
    """One key's plan: buffers to allocate, one builder per launch, the result's views."""
    __slots__ = ("bufs", "fast", "slow", "sig", "device", "hooks", "cur_device", "cur_stream", "why_slow")


def _kwb_plan_build(args, out, launches, allocs):
    """A _KwbPlan of one recorded forward (see the section's comment); raises _KwbPlanWhy where it cannot."""
    import inspect
    ins = {}
    for i, a in enumerate(args):
        if isinstance(a, torch.Tensor):
            ins.setdefault(_kwb_storage_ptr(a), i)
    bufs, used = {}, []
    for t in allocs:
        sp = _kwb_storage_ptr(t)
        if sp and sp not in ins and sp not in bufs:
            bufs[sp] = (t, None)
    env = {"_P": _KwbPlanPtr, "_as": _kwb_plan_view}

    def const(v):
        name = "c%d" % len(env)
        env[name] = v
        return name

    def base_of(v):
        sp = _kwb_storage_ptr(v)
        if not sp:
            raise _KwbPlanWhy("a tensor argument without storage (zero elements)")
        if sp in ins:
            return "I[%d]" % ins[sp], args[ins[sp]]
        if sp in bufs:
            t, slot = bufs[sp]
            if slot is None:
                slot = len(used)
                used.append(t)
                bufs[sp] = (t, slot)
            return "B[%d]" % slot, t
        return None, None

    def ptr_expr(v):
        src, b = base_of(v)
        if src is None:
            return const(v)
        off = v.data_ptr() - b.data_ptr()
        if off == 0 and v.dtype == b.dtype:
            return src
        return "_P(%s, %d, %s)" % (src, off, const(v.dtype))

    def view_expr(v):
        src, b = base_of(v)
        if src is None:
            return const(v)
        if (v.dtype == b.dtype and v.data_ptr() == b.data_ptr() and v.shape == b.shape
                and v.stride() == b.stride()):
            return src
        if v.dtype != b.dtype:
            raise _KwbPlanWhy("a view in another dtype than its base")
        off = (v.data_ptr() - b.data_ptr()) // v.element_size()
        return "_as(%s, %r, %r, %d)" % (src, tuple(v.shape), v.stride(), off)

    plan = _KwbPlan()
    plan.fast, plan.slow, plan.sig = [], [], []
    fast_ok = kwb_plan_fast
    plan.why_slow = "" if fast_ok else "kwb_plan_fast is off"  # why the replay goes through kernel[grid]
    # what a replay asks per call, looked up once: the launch hooks (a profiler's), the driver's current device and
    # stream (Triton's JITFunction.run asks the same); the device the recorded launches ran on
    knobs = triton.knobs if hasattr(triton, "knobs") else None
    plan.hooks = knobs.runtime if hasattr(knobs, "runtime") else None
    runtime = triton.runtime if hasattr(triton, "runtime") else None
    driver = runtime.driver if hasattr(runtime, "driver") else None
    active = driver.active if hasattr(driver, "active") else None
    try:
        plan.cur_device, plan.cur_stream = active.get_current_device, active.get_current_stream
        plan.device = plan.cur_device()
    except Exception as err:  # noqa: BLE001 -- no driver API: the kernel[grid] replay only
        fast_ok, plan.why_slow = False, "no driver API (%s)" % type(err).__name__
    for jit, grid, a, kw, ret in launches:
        if callable(grid) or not isinstance(jit, triton.JITFunction):
            raise _KwbPlanWhy("a launch with a callable grid" if callable(grid) else "a launch wrapper")
        g = tuple(int(x) for x in grid) + (1,) * (3 - len(grid))
        sargs = ", ".join(view_expr(v) if isinstance(v, torch.Tensor) else const(v) for v in a)
        skw = ", ".join("%r: %s" % (k, view_expr(v) if isinstance(v, torch.Tensor) else const(v))
                        for k, v in kw.items())
        plan.slow.append((const(jit), repr(g), sargs, skw))
        if fast_ok:  # the bound arguments in signature order, defaults filled, launch options left out
            try:
                params = list(inspect.signature(jit.fn).parameters.values())
                vals = list(a)
                for p in params[len(a):]:
                    if p.name in kw:
                        vals.append(kw[p.name])
                    elif p.default is not inspect.Parameter.empty:
                        vals.append(p.default)
                    else:
                        raise _KwbPlanWhy("missing argument %s" % p.name)
                lack = [n for n in ("run", "function", "packed_metadata") if not hasattr(ret, n)]
                ok = (ret is not None and not hasattr(ret, "result") and not lack
                      and not (hasattr(jit, "pre_run_hooks") and jit.pre_run_hooks))
                if not ok:
                    plan.why_slow = plan.why_slow or "%s returned %s (lacks %s)" % (
                        jit.fn.__name__, type(ret).__name__, ",".join(lack) or "-")
                gvals = jit.used_global_vals if hasattr(jit, "used_global_vals") else {}
                for (name, _), (val, gdict) in gvals.items():
                    ok = ok and gdict.get(name, _KwbPlanWhy) == val
                plan.why_slow = plan.why_slow or ("" if ok else "%s: a global it reads changed" % jit.fn.__name__)
            except (_KwbPlanWhy, TypeError, ValueError) as err:
                ok, plan.why_slow = False, plan.why_slow or "%s: %s" % (type(err).__name__, str(err)[:120])
            if ok:
                fargs = ", ".join(ptr_expr(v) if isinstance(v, torch.Tensor) else const(v) for v in vals)
                plan.fast.append("%s(%d, %d, %d, S, %s, %s, None, None, None, %s)" % (
                    const(ret.run), g[0], g[1], g[2], const(ret.function), const(ret.packed_metadata), fargs))
            else:
                fast_ok = False
    single = not isinstance(out, (tuple, list))
    outs = [out] if single else list(out)
    res = []
    for o in outs:
        if isinstance(o, torch.Tensor):
            res.append(view_expr(o))
        elif o is None or isinstance(o, (int, float, bool)):
            res.append(const(o))
        else:
            raise _KwbPlanWhy("forward() returns a %s" % type(o).__name__)
    plan.bufs = [(tuple(t.shape), t.stride(), t.dtype, t.device) for t in used]
    body = "(%s)" % res[0] if single else "(%s%s)" % (", ".join(res), "," if len(res) == 1 else "")
    if not single and isinstance(out, list):
        body = "[%s]" % ", ".join(res)
    # The replay functions are compiled from text (one straight-line call per launch: no loop, no per-argument
    # Python); they name only the entries of `env` (constants, _P, _as), never a module global, so the kernel
    # slimmer's walk by name stays exact (builtins.exec: the slimmer flags a bare exec as a dynamic lookup).
    slow_src = "".join("    %s[%s](%s, **{%s})\n" % l for l in plan.slow)
    rsrc = "def replay(I, B):\n%s    return %s\n" % (slow_src or "    pass\n", body)
    _kwb_builtins.exec(_kwb_builtins.compile(rsrc, "<kwb_plan>", "exec"), env)
    plan.slow = env.pop("replay")
    if fast_ok:
        fast_src = "".join("    %s\n" % l for l in plan.fast)
        rsrc = "def replay(I, B, S):\n%s    return %s\n" % (fast_src or "    pass\n", body)
        _kwb_builtins.exec(_kwb_builtins.compile(rsrc, "<kwb_plan>", "exec"), env)
        plan.fast = env.pop("replay")
    else:
        plan.fast = None
    return plan


def _kwb_plan_key(model, args):
    st = model.__dict__
    if model._modules:
        params = tuple((p.data_ptr(), p._version) for p in model.parameters())
        bufs = tuple(b.data_ptr() for b in model.buffers())
    else:  # a flat ModelNew: its own dicts (model.parameters() walks a generator chain)
        params = tuple((p.data_ptr(), p._version) for p in model._parameters.values() if p is not None)
        bufs = tuple(b.data_ptr() for b in model._buffers.values() if b is not None)
    ins = tuple((a.shape, a.stride(), a.dtype, a.device, a.data_ptr() & 15) if isinstance(a, torch.Tensor) else
                (type(a), a) for a in args)
    kept = kwb_state_versions(model) if "_kwb_state" in st else ()
    knobs = kwb_plan_call.__globals__.get("_kwb_graph_knobs")  # where the kernel has a graph replay
    return (ins, model.training, torch.is_grad_enabled(), params, bufs, kept, kwb_plan_epoch,
            knobs() if knobs is not None else None)


def kwb_plan_call(model, impl, args):
    """impl(*args) -- the plan's launches -- replayed from this key's launch plan once it has run eagerly twice
    (see the section's comment); impl(*args) itself while kwb_plan_cache is off, a graph is being captured, or the
    key is eager for a reason (model.last_plan says which ran: "replay", "replay (kernel[grid])", "eager: <why>").
    Returns what impl returns; raises what impl raises."""
    st = model.__dict__
    if not kwb_plan_cache:
        st["last_plan"] = "eager: kwb_plan_cache is off"
        return impl(*args)
    plans = st.get("_kwb_plans")
    if plans is None:
        plans = st["_kwb_plans"] = {}
        why = _kwb_plan_unsafe_module(kwb_plan_call.__globals__)  # this module's namespace
        if why:
            st["_kwb_plan_off"] = why
    if "_kwb_plan_off" in st:
        st["last_plan"] = "eager: " + st["_kwb_plan_off"]
        return impl(*args)
    try:
        key = _kwb_plan_key(model, args)
        e = plans.get(key)
    except (TypeError, RuntimeError) as err:  # an unhashable argument, a tensor without a version counter
        st["last_plan"] = "eager: %s" % err
        return impl(*args)
    if e.__class__ is _KwbPlan:
        B = [torch.empty_strided(s, d, dtype=t, device=v) for s, d, t, v in e.bufs]
        hooked = False  # Triton 3.5+ keeps each launch hook as a HookChain, never None: set = its calls not empty
        if e.fast is not None:
            hooks = e.hooks
            hooked = hooks is not None and any(h is not None and (h.calls if hasattr(h, "calls") else True)
                                               for h in (hooks.launch_enter_hook, hooks.launch_exit_hook))
            if not hooked:
                dev = e.cur_device()
                if dev == e.device:
                    try:
                        out = e.fast(args, B, e.cur_stream(dev))
                        st["last_plan"] = "replay"
                        return out
                    except Exception as err:  # noqa: BLE001 -- a launcher that refuses the prebuilt arguments:
                        # kernel[grid] from now on for this key (launches are idempotent into fresh buffers: the
                        # inputs are never written, so the whole plan runs again below into new ones)
                        e.fast = None
                        e.why_slow = st["last_plan_fast_off"] = "%s: %s" % (type(err).__name__, str(err)[:200])
                        B = [torch.empty_strided(s, d, dtype=t, device=v) for s, d, t, v in e.bufs]
        st["last_plan"] = "replay (kernel[grid])"
        st["last_plan_slow_why"] = e.why_slow or (
            "a launch hook is set" if hooked else "another device than the recorded one")
        return e.slow(args, B)
    if isinstance(e, str):
        st["last_plan"] = "eager: " + e
        return impl(*args)
    if torch.cuda.is_available() and torch.cuda.is_current_stream_capturing():
        st["last_plan"] = "eager: a graph is being captured"
        return impl(*args)
    if e is None:  # the key's first call: compiles, fills the memos and kept values (their versions join the key)
        if len(plans) >= KWB_PLAN_MAX:
            del plans[next(iter(plans))]
        plans[key] = 1
        st["last_plan"] = "eager: first call of this key"
        return impl(*args)
    try:
        out, launches, allocs, bad = _kwb_plan_record(impl, args)
    except _KwbPlanWhy as why:  # no JITFunction to record: nothing ran
        plans[key] = str(why)
        st["last_plan"] = "eager: %s" % why
        return impl(*args)
    try:
        if bad:
            raise _KwbPlanWhy(bad)
        plans[key] = _kwb_plan_build(args, out, launches, allocs)
        st["last_plan"] = "eager: recorded"
    except _KwbPlanWhy as why:
        plans[key] = str(why)
        st["last_plan"] = "eager: %s" % why
    return out
