"""Kernel Workbench probe helper: the resize check (which traced sizes and constants follow the input sizes).

The trace records every size and constant as a value at get_inputs()'s shapes. A value equal to an input dim is
not evidence that it follows that dim: a GQA repeat factor of 4 is not the batch of 4 (new-user trial 10, #1).
The harness resizes exactly the input dims that are not tied to the model (DimPlan in test_kernel.py: the
values of input dims > 1 that are no parameter or buffer dim and no init argument, unless position_free() showed
that the model takes that value resized: a batch of 16 beside a 16x16 conv kernel), so this helper traces
forward() a second time on meta inputs where each such value v is multiplied by its own prime (3, 5, 7, ...),
and reports per op the output shapes and the non-tensor arguments at those sizes. A traced size s then
 - did not change: a constant of the model (keep the literal);
 - became s * p_v with v == s: it follows the input dims of size v (bind it to them);
 - changed otherwise: it depends on the sizes in a way the planner must derive (a product) or check.
Multiplying keeps every divisibility the model relies on; distinct primes keep v * p_v of one size apart from
another size's image. Nothing is allocated (meta tensors).
"""
import os
import re

import torch

from probe_analysis import _flat, schema_args
from probe_trace import FactoryMode, OpRecorder, Tracer, plain

PRIMES = (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73)


class _Limit(Exception):
    pass


class _BoundedTracer(Tracer):
    """A tracer that stops once it has recorded more ops than the first trace (a loop over a resized size)."""

    def __init__(self, logic_path, limit):
        super().__init__(logic_path)
        self.limit = limit

    def record(self, func, args, kwargs, out, line):
        if len(self.ops) >= self.limit:
            raise _Limit()
        super().record(func, args, kwargs, out, line)


def _model_sizes(model, init_args):
    """The values tied to the model by value: every parameter/buffer dim and every int init argument."""
    fixed = set()
    for t in list(model.parameters()) + list(model.buffers()):
        fixed.update(int(d) for d in t.shape)
    for v in _flat([plain(init_args)]):
        if isinstance(v, int) and not isinstance(v, bool):
            fixed.add(v)
    return fixed


def _input_sizes(tensors):
    """The input dims > 1 as values, in order of first appearance."""
    order = []
    for x in tensors:
        for d in x.shape:
            d = int(d)
            if d > 1 and d not in order:
                order.append(d)
    return order


def free_sizes(model, init_args, tensors, by_position=()):
    """The input sizes the harness resizes, in order of first appearance (DimPlan's rule): a value equal to no
    model size, or one that position_free() showed the model takes resized (@p by_position)."""
    fixed = _model_sizes(model, init_args) - set(int(v) for v in by_position)
    return [d for d in _input_sizes(tensors) if d not in fixed]


def _resized(x, mapping):
    """A meta tensor like x (dtype, dim order) with each size v replaced by mapping[v]."""
    shape = [mapping.get(int(d), int(d)) for d in x.shape]
    order = sorted(range(x.dim()), key=lambda i: -x.stride(i)) if x.dim() else []
    base = torch.empty([shape[i] for i in order], dtype=x.dtype, device="meta")
    inverse = [order.index(i) for i in range(len(order))]
    return base.permute(inverse) if order != list(range(len(order))) else base


MAX_POSITION_CHECKS = 4  # at most this many extra meta traces (each one forward() on meta tensors)
MAX_SLOT_CHECKS = 6  # and at most this many for single input dims (free_slots)


def _trace_at(logic_path, model, args, limit, user_line):
    """forward() traced on @p args (meta tensors) with a tracer that stops past @p limit ops. Returns the tracer
    and forward()'s return value; raises _Limit or what forward() raised."""
    tr = _BoundedTracer(logic_path, limit)
    tr.phase = "forward"
    from probe_rnn import patch_rnn_modules
    undo = patch_rnn_modules(tr, model, user_line)
    try:
        with FactoryMode(tr), OpRecorder(tr), torch.no_grad():
            out = model(*args)
    finally:
        undo()
    return tr, out


def _channels_agree(ops):
    """Whether every convolution of @p ops has as many input channels as its weight takes. torch 1.13's meta
    transposed convolution does not check it (a ConvTranspose3d(16, ...) runs on 48 channels), so a batch of 16
    beside 16 input channels would pass the trace (level2/74) without this."""
    for func, args, kwargs, _out, _line in ops:
        if "convolution" not in str(func):
            continue
        names = ("input", "weight", "bias", "stride", "padding", "dilation", "transposed", "output_padding", "groups")
        a = dict(zip(names, args))
        a.update(kwargs or {})
        x, w = a.get("input"), a.get("weight")
        if not isinstance(x, torch.Tensor) or not isinstance(w, torch.Tensor) or x.dim() < 2 or w.dim() < 2:
            continue
        groups = int(a.get("groups") or 1)
        want = int(w.shape[0]) if a.get("transposed") else int(w.shape[1]) * groups
        if int(x.shape[1]) != want:
            return False
    return True


def position_free(logic_path, model, init_args, inputs, first_ops, result, user_line):
    """The input sizes equal to a model size (a parameter dim, an init argument) that are nonetheless free: the
    value tells nothing about where a dim goes (y01, new-user trial 14 #6: batch 16 is not the conv's 16x16
    kernel). Each such value v is tried alone: every input dim of size v becomes 3v (the others keep theirs) and
    forward() is traced again on meta tensors. v is free when forward() runs the same number of ops of the same
    kinds and the output follows: some output dim changed and each one that did went from v to 3v. A dim that
    flows into a parameter-shaped computation (a linear's in_features, a conv's channels) makes forward() fail
    instead (a convolution's channels are checked here: meta's transposed convolution does not). Where the trace cannot decide (it fails, loops, the outputs keep their shapes or change otherwise)
    v stays tied, by value, as before.
    @p result is forward()'s return value at the problem's own sizes. At most MAX_POSITION_CHECKS values are
    tried. Returns the free values in order of first appearance."""
    tensors = [x for x in inputs if isinstance(x, torch.Tensor)]
    model_sizes = _model_sizes(model, init_args)
    collided = [d for d in _input_sizes(tensors) if d in model_sizes][:MAX_POSITION_CHECKS]
    if not collided or not first_ops:
        return []
    own = [list(int(d) for d in o.shape) for o in _flat([result]) if isinstance(o, torch.Tensor)]
    free = []
    for v in collided:
        try:  # the resized copies too: an input near 2^63 bytes overflows torch's storage size at 3x
            args = [_resized(x, {v: 3 * v}) if isinstance(x, torch.Tensor) else x for x in inputs]
            tr, out = _trace_at(logic_path, model, args, len(first_ops), user_line)
        except Exception:  # _Limit (a loop over the size) or the model rejects it: tied, as before
            continue
        if _follows(first_ops, tr, out, own, v):
            free.append(v)
    return free


def _follows(first_ops, tr, out, own, v):
    """Whether a trace at resized sizes ran the same ops as the first (@p first_ops) and its outputs follow the
    resize of size @p v to 3v: some output dim changed and each one that did went from v to 3v (a view that
    hard-codes v, x.view(v, -1), moves the change to another dim and fails this)."""
    if len(tr.ops) != len(first_ops) or any(str(a[0]) != str(b[0]) for a, b in zip(first_ops, tr.ops)):
        return False
    if not _channels_agree(tr.ops):
        return False
    shapes = [list(int(d) for d in o.shape) for o in _flat([out]) if isinstance(o, torch.Tensor)]
    if len(shapes) != len(own) or shapes == own or any(len(a) != len(b) for a, b in zip(shapes, own)):
        return False
    return all(a == b or (b == v and a == 3 * v) for s2, s1 in zip(shapes, own) for a, b in zip(s2, s1))


def _resized_slot(x, dim, size):
    """A meta tensor like x (dtype, dim order) with dim @p dim of size @p size, the others kept."""
    shape = [int(d) for d in x.shape]
    shape[dim] = size
    order = sorted(range(x.dim()), key=lambda i: -x.stride(i)) if x.dim() else []
    base = torch.empty([shape[i] for i in order], dtype=x.dtype, device="meta")
    inverse = [order.index(i) for i in range(len(order))]
    return base.permute(inverse) if order != list(range(len(order))) else base


def free_slots(logic_path, model, init_args, inputs, first_ops, result, user_line, by_position=()):
    """The input dims free of a model size that stays tied by value (probe17 w07: a batch of 1024 beside a
    Linear's in_features of 1024 in one input x [1024, 1024]: resizing the value 1024 resizes both dims and the
    Linear rejects it, so the value is tied, yet the batch dim alone is free; w12: the batch dim of x, h and c of an
    LSTM cell, equal to its hidden size). For each input size v equal to a model size and not in @p by_position,
    the tensor inputs' dims of size v are tried at 3v, the others kept: first together by dim index (dim d of every
    input where it is v: a batch across inputs), then each alone; a set is free by position_free's rule (the same
    ops, the outputs follow). Returns [{"size": v, "dims": [[i, d], ...]}, ...] with i counted among the tensor
    inputs: each entry a set of dims the harness resizes together, on its own key (DimPlan). At most
    MAX_SLOT_CHECKS traces; where the trace cannot decide, the dims stay tied."""
    tensors = [x for x in inputs if isinstance(x, torch.Tensor)]
    model_sizes = _model_sizes(model, init_args)
    tied = [d for d in _input_sizes(tensors) if d in model_sizes and d not in set(int(v) for v in by_position)]
    if not tied or not first_ops:
        return []
    own = [list(int(d) for d in o.shape) for o in _flat([result]) if isinstance(o, torch.Tensor)]
    found, tries = [], [0]

    def free(v, dims):
        if tries[0] >= MAX_SLOT_CHECKS:
            return False
        tries[0] += 1
        k, args = -1, []
        try:  # the resized copies too (an overflow of torch's storage size: tied)
            for x in inputs:
                if isinstance(x, torch.Tensor):
                    k += 1
                    y = _resized(x, {})
                    for i, d in dims:
                        if i == k:
                            y = _resized_slot(y, d, 3 * v)
                    args.append(y)
                else:
                    args.append(x)
            tr, out = _trace_at(logic_path, model, args, len(first_ops), user_line)
        except Exception:  # _Limit, or the model rejects it: tied
            return False
        return _follows(first_ops, tr, out, own, v)

    for v in tied:
        cand = [(i, d) for i, x in enumerate(tensors) for d in range(x.dim()) if int(x.shape[d]) == v]
        if len(cand) < 2:
            continue  # one dim of that size: position_free tried it (resizing the value resizes it alone)
        taken = set()
        groups = [[c for c in cand if c[1] == d] for d in sorted({d for _, d in cand})]
        for g in [g for g in groups if 1 < len(g) < len(cand)] + [[c] for c in cand]:
            if taken & set(g) or not free(v, g):
                continue
            taken |= set(g)
            found.append({"size": v, "dims": [list(c) for c in g]})
    return found


UNPACKED = re.compile(r"(?:too many|not enough) values to unpack \(expected (\d+)")
MAX_RATIO_CHECKS = 6  # at most this many extra meta traces to find which sizes keep their ratio (kept_ratios)


def resize_check(logic_path, model, init_args, inputs, first_ops, ops_json, user_line, by_position=(), slots=()):
    """Traces forward() again at resized input sizes. Returns (summary, input shapes at those sizes); on success
    adds "resized_outputs" (output shapes) to every op of @p ops_json and "args_resized" (the non-tensor
    arguments that differ) where some differ. summary: {"ok": bool, "map": {size: resized}, "why": text}.
    slots: free_slots' entries (dims of a tied value that are free apart): each is resized in the same trace by a
    prime of its own, so a size the graph took from one of them (31_VisionAttention's view(B, C, H * W) with
    C = H = W, C bound by the weights) differs from the value's other dims there, and the code generator binds it
    to its own dim (summary "slots": [{"size", "dims", "resized"}]). Where forward() rejects that trace, the check
    is redone without them (the binding of those dims stays by value, as before).
    A size forward() unpacks into that many names (`cx, cy, w, h = b.unbind(-1)`: "too many values to unpack
    (expected 4)" at 12) is a fixed width, not a size: the check is redone with it kept (summary "fixed_width":
    [4]; the harness keeps it too, new-user trial 31 #10). Where only one factor for every size passes, summary
    "ratios" lists the sizes that must keep their ratio ([[32, 8, 4]]: 32 query heads stay 4x the 8 KV heads,
    kept_ratios), which the harness's cases keep (trial 31 #5)."""
    tensors = [x for x in inputs if isinstance(x, torch.Tensor)]
    free = free_sizes(model, init_args, tensors, by_position)
    got = _resize_sizes(logic_path, model, inputs, first_ops, ops_json, user_line, free, slots)
    unpacked = UNPACKED.search(got[0].get("why", ""))
    width = int(unpacked.group(1)) if unpacked else 0
    keep_width = os.environ.get("KWB_PROBE_FIXED_WIDTH", "1") != "0"  # 0: the check as before (trial 31 #10)
    if keep_width and not got[0]["ok"] and width in free and len(free) > 1:
        again = _resize_sizes(logic_path, model, inputs, first_ops, ops_json, user_line,
                              [v for v in free if v != width], slots)
        if again[0]["ok"]:
            again[0]["fixed_width"] = [width]
            again[0]["fixed_width_why"] = got[0]["why"]
            return again
    return got


def _resize_sizes(logic_path, model, inputs, first_ops, ops_json, user_line, free, slots):
    """resize_check at the resizable sizes @p free: each by a prime of its own (with @p slots, then without), then,
    where that breaks a divisibility, one factor for every size."""
    slots = list(slots)[:max(0, len(PRIMES) - len(free))]
    if not free and not slots:
        return {"ok": False, "why": "no input size is resizable (each is tied to the model)", "map": {}}, None
    if len(free) > len(PRIMES):
        return {"ok": False, "why": "%d resizable sizes (more than %d)" % (len(free), len(PRIMES)), "map": {}}, None
    mapping = {v: v * p for v, p in zip(free, PRIMES)}
    if slots:
        got = _resize_trace(logic_path, model, inputs, first_ops, ops_json, user_line, mapping, slots, len(free))
        if got[0]["ok"] or not free:
            return got
    got = _resize_trace(logic_path, model, inputs, first_ops, ops_json, user_line, mapping, (), len(free))
    if got[0]["ok"] or len(free) < 2 or "failed at the resized sizes" not in got[0].get("why", ""):
        return got
    # Distinct primes break a divisibility between two input sizes (a GQA's 32 query heads over 8 KV heads became
    # 96 over 40: repeat_interleave rejects it, and with no check every size-derived constant stayed a literal, the
    # softmax scale of head_dim 128 among them: new-user trial 31 #2). One factor for every size keeps all their
    # ratios: a size that follows one input dim still becomes 3x, a product of two 9x, and a ratio of two (the
    # group count) stays -- read as a constant, as it is for the sizes whose ratio the harness keeps.
    common = {v: v * PRIMES[0] for v in free}
    again = _resize_trace(logic_path, model, inputs, first_ops, ops_json, user_line, common, (), len(free))
    if not again[0]["ok"]:
        return got
    again[0]["common_factor"] = PRIMES[0]
    again[0]["why"] = "one factor for every size (%s)" % got[0]["why"]
    ratios = kept_ratios(logic_path, model, inputs, first_ops, user_line, free)
    if ratios:
        again[0]["ratios"] = ratios
    return again


def kept_ratios(logic_path, model, inputs, first_ops, user_line, free):
    """Which divisible pair of the sizes @p free must keep its ratio for forward() to run, where distinct primes
    failed and one factor for every size passed: each pair (big, small) with big a multiple of small is tried
    alone -- every size by a prime of its own except big, which takes small's -- pairs at one dim index of two
    inputs first, then the smallest, at most MAX_RATIO_CHECKS traces. Returns [[big, small, big // small]] for the first pair that passes (the GQA's query
    heads over its KV heads; channels over groups), [] when none does alone (the harness then resizes every size
    on its own, as before). The traces are on meta tensors and record nothing in the spec."""
    shapes = [[int(d) for d in x.shape] for x in inputs if isinstance(x, torch.Tensor)]

    def same_dim(b, s):  # the two sizes at one dim index of two inputs (q's heads, k's heads): tried first
        return any(len(x) == len(y) and any(p == b and q == s for p, q in zip(x, y)) for x in shapes for y in shapes)

    pairs = sorted(((b, s) for b in free for s in free if b > s and b % s == 0),
                   key=lambda p: (not same_dim(*p), p[0], -p[1]))
    for big, small in pairs[:MAX_RATIO_CHECKS]:
        prime = dict(zip(free, PRIMES))
        mapping = {v: v * (prime[small] if v == big else prime[v]) for v in free}
        args = []
        try:
            for x in inputs:
                args.append(_resized(x, mapping) if isinstance(x, torch.Tensor) else x)
            tr, _out = _trace_at(logic_path, model, args, len(first_ops), user_line)
        except Exception:  # noqa: BLE001 - _Limit, an overflow or forward() rejects it: this pair is not the one
            continue
        if len(tr.ops) == len(first_ops) and all(str(a[0]) == str(b[0]) for a, b in zip(first_ops, tr.ops)):
            return [[big, small, big // small]]
    return []


def _resize_trace(logic_path, model, inputs, first_ops, ops_json, user_line, mapping, slots, first_prime):
    """resize_check's trace at the sizes @p mapping gives, each slot's dims at its value times PRIMES[first_prime +
    its index]."""
    summary = {"ok": False, "map": {str(k): v for k, v in mapping.items()}}
    args2, k = [], -1
    try:
        for x in inputs:
            if not isinstance(x, torch.Tensor):
                args2.append(x)
                continue
            k += 1
            y = _resized(x, mapping)
            for j, slot in enumerate(slots):
                for i, d in slot["dims"]:
                    if i == k:
                        y = _resized_slot(y, d, int(slot["size"]) * PRIMES[first_prime + j])
            args2.append(y)
    except RuntimeError as e:  # "Storage size calculation overflowed": an input near 2^63 bytes, times a prime
        first = (str(e).splitlines() or [""])[0][:160]
        summary["why"] = "the resized inputs overflow torch's storage size (%s)" % first
        return summary, None
    try:
        tr, _out = _trace_at(logic_path, model, args2, len(first_ops), user_line)
    except _Limit:
        summary["why"] = "forward() at the resized sizes ran more ops than the trace (a loop over a size)"
        return summary, None
    except Exception as e:  # the model rejects other sizes: the binding stays by value, as before
        summary["why"] = "forward() failed at the resized sizes (%s: %s)" % (type(e).__name__,
                                                                           (str(e).splitlines() or [""])[0][:160])
        return summary, None
    if len(tr.ops) != len(first_ops):
        summary["why"] = "forward() at the resized sizes ran %d ops, the trace %d" % (len(tr.ops), len(first_ops))
        return summary, None
    by_id = {o.get("id"): o for o in ops_json}
    extra = []
    for idx, ((f1, a1, k1, _o1, _l1), (f2, a2, k2, o2, _l2)) in enumerate(zip(first_ops, tr.ops)):
        if f1 is not f2 and str(f1) != str(f2):
            summary["why"] = "op %d differs at the resized sizes (%s, not %s)" % (idx, f2, f1)
            return summary, None
        rec = by_id.get("t%d" % idx)
        if rec is None:
            continue
        outs = [list(int(d) for d in o.shape) for o in _flat([o2]) if isinstance(o, torch.Tensor)]
        x1, x2 = schema_args(f1, a1, k1), schema_args(f2, a2, k2)
        changed = {k: v for k, v in x2.items() if x1.get(k) != v}
        extra.append((rec, outs, changed))
    for rec, outs, changed in extra:
        rec["resized_outputs"] = outs
        if changed:
            rec["args_resized"] = changed
    summary["ok"] = True
    if slots:
        summary["slots"] = [{"size": int(sl["size"]), "dims": sl["dims"],
                             "resized": int(sl["size"]) * PRIMES[first_prime + j]} for j, sl in enumerate(slots)]
    return summary, [list(x.shape) if isinstance(x, torch.Tensor) else None for x in args2]
