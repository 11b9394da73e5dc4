"""Kernel Workbench probe helper: which random ops eval mode turns off (new-user trial 21, #1).

The probe traces forward() with Model as built (training mode for a fresh nn.Module), so dropout records its random
ops (bernoulli_ and its scaling) whichever way it was written. The harness can make dropout the identity by running
both models in eval mode, but only where eval mode does turn it off: `nn.Dropout` and `F.dropout(x, p,
self.training)` draw nothing in eval mode, while `F.dropout(x, p, training=True)` (or `torch.bernoulli`) draws in
every mode and has no deterministic reference at all. One trace cannot tell these apart (the functional call sees
`training=True` either way), so this helper traces forward() again on meta tensors with the model in eval mode and
marks each dropout-mask draw of the spec (bernoulli_, native_dropout: MASK_OPS) with `"random_in_eval"`: true when the
eval-mode trace draws at the same source line with the same op, false when it does not. Nothing is allocated; the
model's mode is restored afterwards.
"""
import torch

from probe_trace import RANDOM_OPS, FactoryMode, OpRecorder, Tracer


# The draws of a dropout mask: what the code generators take as dropout (chain.cpp's dropout masks). Other draws
# (torch.randn of an initial state, 35_LSTM) are not dropout: the chain planner draws them again from the harness's
# seed, in either mode, so they are not marked.
MASK_OPS = {"aten::bernoulli", "aten::bernoulli_", "aten::native_dropout"}


def _random_ops(ops):
    """(index, aten name, line) of each dropout-mask draw in a trace's op list."""
    out = []
    for i, (func, args, _kwargs, _out, line) in enumerate(ops):
        name = func._schema.name
        if name in MASK_OPS and name in RANDOM_OPS and not (name == "aten::native_dropout" and len(args) > 2 and
                                                            args[2] is False):
            out.append((i, name, line))
    return out


def eval_randomness(logic_path, model, inputs, first_ops, ops_json, user_line):
    """Sets "random_in_eval" on each dropout-mask draw of @p ops_json (the spec's ops; ids "t<index into first_ops>").
    Returns None when forward() drew nothing, else {"train": n, "eval": m} or {"why": text} when the eval-mode trace
    failed (no op is marked then: the harness keeps its module-based rule)."""
    drawn = _random_ops(first_ops)
    if not drawn:
        return None
    by_id = {o.get("id"): o for o in ops_json}
    if not getattr(model, "training", False) or not hasattr(model, "train"):
        for i, _name, _line in drawn:  # the trace already ran in eval mode: every draw stays
            if "t%d" % i in by_id:
                by_id["t%d" % i]["random_in_eval"] = True
        return {"train": len(drawn), "eval": len(drawn)}
    modes = {m: m.training for m in model.modules()}
    from probe_rnn import patch_rnn_modules
    tr = Tracer(logic_path)
    tr.phase = "forward"
    try:
        model.train(False)
        undo = patch_rnn_modules(tr, model, user_line)
        try:
            with FactoryMode(tr), OpRecorder(tr), torch.no_grad():
                model(*inputs)
        finally:
            undo()
    except Exception as e:  # noqa: BLE001 - eval mode failing (a module that forbids it): no verdict
        return {"why": "forward() in eval mode failed (%s: %s)" % (type(e).__name__,
                                                                  (str(e).splitlines() or [""])[0][:160])}
    finally:
        for m, training in modes.items():
            m.training = training
    in_eval = {(name, line) for _i, name, line in _random_ops(tr.ops)}
    for i, name, line in drawn:
        rec = by_id.get("t%d" % i)
        if rec is not None:
            rec["random_in_eval"] = (name, line) in in_eval
    return {"train": len(drawn), "eval": len(in_eval)}
