"""Kernel Workbench probe helper: the resize check (which traced sizes and constants follow the input sizes).

The trace records every size and constant as a value at get_inputs()'s shapes. A value equal to an input dim is
not evidence that it follows that dim: a GQA repeat factor of 4 is not the batch of 4 (new-user trial 10, #1).
The harness resizes exactly the input dims that are not tied to the model (DimPlan in test_kernel.py: the
values of input dims > 1 that are no parameter or buffer dim and no init argument), so this helper traces
forward() a second time on meta inputs where each such value v is multiplied by its own prime (3, 5, 7, ...),
and reports per op the output shapes and the non-tensor arguments at those sizes. A traced size s then
 - did not change: a constant of the model (keep the literal);
 - became s * p_v with v == s: it follows the input dims of size v (bind it to them);
 - changed otherwise: it depends on the sizes in a way the planner must derive (a product) or check.
Multiplying keeps every divisibility the model relies on; distinct primes keep v * p_v of one size apart from
another size's image. Nothing is allocated (meta tensors).
"""
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


def free_sizes(model, init_args, tensors):
    """The input sizes the harness resizes, in order of first appearance (DimPlan's rule)."""
    fixed = set()
    for t in list(model.parameters()) + list(model.buffers()):
        fixed.update(int(d) for d in t.shape)
    for v in _flat([plain(init_args)]):
        if isinstance(v, int) and not isinstance(v, bool):
            fixed.add(v)
    free = []
    for x in tensors:
        for d in x.shape:
            d = int(d)
            if d > 1 and d not in fixed and d not in free:
                free.append(d)
    return free


def _resized(x, mapping):
    """A meta tensor like x (dtype, dim order) with each size v replaced by mapping[v]."""
    shape = [mapping.get(int(d), int(d)) for d in x.shape]
    order = sorted(range(x.dim()), key=lambda i: -x.stride(i)) if x.dim() else []
    base = torch.empty([shape[i] for i in order], dtype=x.dtype, device="meta")
    inverse = [order.index(i) for i in range(len(order))]
    return base.permute(inverse) if order != list(range(len(order))) else base


def resize_check(logic_path, model, init_args, inputs, first_ops, ops_json, user_line):
    """Traces forward() again at resized input sizes. Returns (summary, input shapes at those sizes); on success
    adds "resized_outputs" (output shapes) to every op of @p ops_json and "args_resized" (the non-tensor
    arguments that differ) where some differ. summary: {"ok": bool, "map": {size: resized}, "why": text}."""
    tensors = [x for x in inputs if isinstance(x, torch.Tensor)]
    free = free_sizes(model, init_args, tensors)
    if not free:
        return {"ok": False, "why": "no input size is resizable (each is tied to the model)", "map": {}}, None
    if len(free) > len(PRIMES):
        return {"ok": False, "why": "%d resizable sizes (more than %d)" % (len(free), len(PRIMES)), "map": {}}, None
    mapping = {v: v * p for v, p in zip(free, PRIMES)}
    summary = {"ok": False, "map": {str(k): v for k, v in mapping.items()}}
    args2 = [_resized(x, mapping) if isinstance(x, torch.Tensor) else x for x in inputs]
    tr = _BoundedTracer(logic_path, len(first_ops))
    tr.phase = "forward"
    from probe_rnn import patch_rnn_modules
    undo = patch_rnn_modules(tr, model, user_line)
    try:
        with FactoryMode(tr), OpRecorder(tr), torch.no_grad():
            model(*args2)
    except _Limit:
        summary["why"] = "forward() at the resized sizes ran more ops than the trace (a loop over a size)"
        return summary, None
    except Exception as e:  # the model rejects other sizes: the binding stays by value, as before
        summary["why"] = "forward() failed at the resized sizes (%s: %s)" % (type(e).__name__,
                                                                           (str(e).splitlines() or [""])[0][:160])
        return summary, None
    finally:
        undo()
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
    return summary, [list(x.shape) if isinstance(x, torch.Tensor) else None for x in args2]
