"""Kernel Workbench probe helper: the dtype check (which dtypes follow the input's, which a cast fixes).

The harness runs a kernel on the spec's own inputs and again with every floating input, parameter and buffer cast
to bfloat16 and to float16 (test_kernel.py's dtype_bf16 / dtype_fp16 cases: `make_inputs` casts the inputs,
`lp_model` calls `model.to(dtype)`), and the kernel must return the dtype Model returns there. One trace cannot tell
a cast to a fixed dtype from one that follows a tensor: `.to(torch.float16)` and `.to(x.dtype)` on an fp16 input
record the same `_to_copy(dtype=float16)`, and a `.half()` of an fp16 input records nothing at all. This helper
traces forward() again on meta tensors with every floating leaf (input, parameter, buffer) in each of float16,
bfloat16 and float32 and reports
 - per dtype D, forward()'s output dtypes (what the kernel must return in the case that casts to D);
 - per op that takes a `dtype` argument, whether that argument changed with D (`"dtype_arg": "follows"`, a
   `.to(x.dtype)`) or not (`"fixed"`, a `.half()` / `.to(torch.float16)` / `sum(dtype=torch.float32)`), where the
   trace at D ran the same ops as the spec's.
Nothing is allocated (meta tensors); the model's parameters and buffers get their dtypes back afterwards.
"""
import torch

from probe_analysis import schema_args
from probe_ops import dtype_name
from probe_trace import FactoryMode, OpRecorder, Tracer

CASE_DTYPES = ("float16", "bfloat16", "float32")


class _Limit(Exception):
    pass


class _BoundedTracer(Tracer):
    """A tracer that stops past a bound (a loop whose trip count depends on a value's dtype)."""

    def __init__(self, logic_path, limit):
        super().__init__(logic_path)
        self.limit = limit

    def record(self, func, args, kwargs, out, line):
        if len(self.ops) >= self.limit:
            raise _Limit()
        super().record(func, args, kwargs, out, line)


def _as(x, dt):
    """A meta tensor like x (shape, strides) in dtype dt when x is floating, else x itself."""
    if not isinstance(x, torch.Tensor) or not x.is_floating_point():
        return x
    return torch.empty_strided(tuple(x.shape), tuple(x.stride()), dtype=dt, device="meta")


def _out_dtypes(result):
    outs = list(result) if isinstance(result, (tuple, list)) else [result]
    return [dtype_name(o.dtype) if isinstance(o, torch.Tensor) else None for o in outs]


def dtype_check(logic_path, model, inputs, first_ops, ops_json, user_line):
    """Traces forward() with every floating leaf in each of CASE_DTYPES. Returns the spec's "dtype_check" entry
    ({"outputs": {D: [dtype per output]}, "same_ops": [D...], "why": {D: text}}) or None when no leaf is floating
    (the harness's dtype cases change nothing); sets "dtype_arg" on each op of @p ops_json with a dtype argument,
    from the traces that ran the same ops as the spec's."""
    leaves = [x for x in inputs if isinstance(x, torch.Tensor)] + list(model.parameters()) + list(model.buffers())
    if not any(t.is_floating_point() for t in leaves):
        return None
    state = [t for t in list(model.parameters()) + list(model.buffers()) if t.is_floating_point()]
    saved = [t.data for t in state]
    summary = {"outputs": {}, "same_ops": [], "why": {}}
    follows = {}  # op index -> whether its dtype argument changed in some trace
    from probe_rnn import patch_rnn_modules
    try:
        for name in CASE_DTYPES:
            dt = getattr(torch, name)
            for t, d in zip(state, saved):
                t.data = _as(d, dt)
            args = [_as(x, dt) for x in inputs]
            tr = _BoundedTracer(logic_path, 4 * len(first_ops) + 64)
            tr.phase = "forward"
            undo = patch_rnn_modules(tr, model, user_line)
            try:
                with FactoryMode(tr), OpRecorder(tr), torch.no_grad():
                    result = model(*args)
            except _Limit:
                summary["why"][name] = "forward() ran more than %d ops" % tr.limit
                continue
            except Exception as e:  # noqa: BLE001 - an op without that dtype (a CPU meta kernel): no verdict for D
                summary["why"][name] = "forward() failed (%s: %s)" % (type(e).__name__,
                                                                     (str(e).splitlines() or [""])[0][:160])
                continue
            finally:
                undo()
            summary["outputs"][name] = _out_dtypes(result)
            if len(tr.ops) != len(first_ops) or any(
                    f1 is not f2 and str(f1) != str(f2) for (f1, *_r1), (f2, *_r2) in zip(first_ops, tr.ops)):
                summary["why"][name] = "forward() ran other ops (%d, the trace %d): a cast that is a no-op at the " \
                                       "spec's dtype" % (len(tr.ops), len(first_ops))
                continue
            summary["same_ops"].append(name)
            for idx, ((f1, a1, k1, _o1, _l1), (f2, a2, k2, _o2, _l2)) in enumerate(zip(first_ops, tr.ops)):
                x1 = schema_args(f1, a1, k1)
                if "dtype" not in x1:
                    continue
                x2 = schema_args(f2, a2, k2)
                follows[idx] = follows.get(idx, False) or x1.get("dtype") != x2.get("dtype")
    finally:
        for t, d in zip(state, saved):
            t.data = d
    by_id = {o.get("id"): o for o in ops_json}
    for idx, f in follows.items():
        rec = by_id.get("t%d" % idx)
        if rec is not None:
            rec["dtype_arg"] = "follows" if f else "fixed"
    if not summary["why"]:
        del summary["why"]
    return summary
