"""Kernel Workbench probe helper: does the FLOP / byte formula hold at other sizes (new-user trial 17, #1)?

The probe writes the FLOPs and bytes as a polynomial over the file's size constants. A dim is named only by where it
came from (a factory argument, a view of named dims); any other dim enters a coefficient as its value. Where that
value is itself a product of sizes (3*dim from `nn.Linear(dim, 3 * dim)`, B*N from `x.shape` through a reshape,
heads*head_dim), the polynomial is right at the problem's sizes and wrong at any other: `2423888*dim` for a
projection whose true count is 2*batch*tokens*dim^2 + batch*tokens*dim.

So the formula is checked the way a reader would use it: the logic file is run again (on meta tensors) with every
module-level size literal tripled, its FLOPs and bytes counted, and the formula evaluated at the tripled sizes. Where
the two agree, the formula holds; where they differ, or the file cannot run at other sizes, the formula is specific
to these sizes: the spec then shows the value alone (`expr` is that number) and keeps the polynomial, labelled, in
`formula`. The value at the problem's own sizes (what the roofline uses) is never changed by this check. Literal sizes
inside get_inputs()'s factory calls (`torch.randint(0, M, (513,))`) are varied afterwards (input_literals_check).
"""
import ast

import torch

# every module-level size literal is multiplied by this: keeps divisibility (dim // heads) and parity (an odd kernel
# stays odd: padding k // 2 keeps a "same" conv the same; x2 made it gain a row and a right formula read as wrong)
FACTOR = 3
OP_LIMIT = 4        # the varied trace stops past this many times the first trace's ops (a loop over a size)
MAX_ALONE = 12      # where the joint run fails, at most this many literals are tried one at a time


# torch factories whose int literal arguments in get_inputs() are sizes (or value bounds, which change no count)
FACTORIES = {"randn", "rand", "randint", "zeros", "ones", "empty", "full", "arange", "randperm", "eye", "linspace",
             "normal", "empty_strided"}
MAX_INPUT_VALUES = 4  # at most this many distinct literal sizes of get_inputs() are varied one value at a time


def vary_source(source, factor=FACTOR, only=None, input_values=()):
    """@p source with every module-level int literal > 1 (alone, or in a tuple/list of int literals) assigned to a
    name multiplied by @p factor (only the names in @p only, when given), and every int literal of
    @p input_values inside a torch factory call of get_inputs() multiplied too. Returns
    (ast.Module, {name: (old, new)}); derived constants (hidden = 4 * dim) follow when the module runs, so they are
    not rewritten."""
    tree = ast.parse(source)
    varied = {}
    if input_values:
        for call in _input_factory_calls(tree):
            for node in ast.walk(call):
                if isinstance(node, ast.Constant) and type(node.value) is int and node.value in input_values:
                    node.value *= factor

    def scale(name, value):
        if only is not None and name not in only:
            return value
        v = literal_int(value)
        if v is not None and v > 1:
            varied[name] = (v, v * factor)
            return ast.copy_location(ast.Constant(v * factor), value)
        if isinstance(value, (ast.Tuple, ast.List)) and value.elts:
            vs = [literal_int(e) for e in value.elts]
            if None in vs or all(x <= 1 for x in vs):
                return value
            elts = [ast.copy_location(ast.Constant(x * factor if x > 1 else x), e) for x, e in zip(vs, value.elts)]
            varied[name] = (vs, [e.value for e in elts])
            return ast.copy_location(type(value)(elts=elts, ctx=value.ctx), value)
        return value

    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for t in targets:
            if isinstance(t, ast.Name):
                value = scale(t.id, value)
            elif isinstance(t, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)) and \
                    len(t.elts) == len(value.elts):       # B, N = 16, 197
                value.elts = [scale(n.id, v) if isinstance(n, ast.Name) else v for n, v in zip(t.elts, value.elts)]
        node.value = value
    return ast.fix_missing_locations(tree), varied


def _input_factory_calls(tree):
    """The torch factory calls (torch.randn(...), torch.randint(...)) in the module's get_inputs()."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "get_inputs":
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in FACTORIES:
                    yield call


def input_literals(source):
    """The distinct int literals > 1 in get_inputs()'s torch factory calls, in order of appearance: sizes the
    formula cannot name (`torch.randint(0, M, (513,))`), so they enter its coefficients as values."""
    seen = []
    for call in _input_factory_calls(ast.parse(source)):
        for node in ast.walk(call):
            if isinstance(node, ast.Constant) and type(node.value) is int and node.value > 1 and node.value not in seen:
                seen.append(node.value)
    return seen


_ARITH = (ast.Expression, ast.Constant, ast.BinOp, ast.UnaryOp, ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Pow,
          ast.USub, ast.UAdd)


def literal_int(node):
    """The int an expression of int literals only evaluates to (`2048 * 2`, `16 * 1024`), else None."""
    expr = ast.Expression(node)
    if not all(isinstance(n, _ARITH) for n in ast.walk(expr)):
        return None
    if any(isinstance(n, ast.Constant) and type(n.value) is not int for n in ast.walk(expr)):
        return None
    if any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Pow) and not (
            isinstance(n.right, ast.Constant) and 0 <= n.right.value <= 64) for n in ast.walk(expr)):
        return None     # 2 ** 20 is a size; 10 ** 10 ** 10 is not evaluated here
    try:
        v = eval(compile(ast.fix_missing_locations(expr), "<size>", "eval"), {"__builtins__": {}})  # noqa: S307
    except (ArithmeticError, ValueError):
        return None
    return v if type(v) is int else None


def terms_value(terms, sizes):
    """The polynomial {names tuple: coefficient} at @p sizes; None when it names a size @p sizes lacks."""
    total = 0
    for names, c in terms.items():
        v = c
        for n in names:
            if n not in sizes:
                return None
            v *= sizes[n]
        total += v
    return total


def check(loader, source, first_ops, counts, sizes):
    """Whether each formula of @p counts holds at tripled sizes.

    @p loader(tree, limit) runs the logic file compiled from @p tree and traces forward() (meta tensors, at most
    `limit` ops); it returns (sizes, flops, bytes) of that run, the counts as integers. @p counts: {"flops": terms,
    "bytes": terms} at the problem's sizes (@p sizes), terms as in probe_analysis.Expr. Returns {key: formula
    record}: status "holds" (the formula gives the varied run's count), "size_specific" (it does not: a size is
    folded into a coefficient) or "unchecked" (no size literal to vary, or the file does not run at other sizes),
    with `why`; where the joint run fails, one_at_a_time() decides."""
    tree, varied = vary_source(source)
    names = sorted({n for terms in counts.values() for key in terms for n in key})

    def every(status, why, **extra):
        return {k: dict(status=status, why=why, **extra) for k in counts}

    if not names:
        return every("unchecked", "the count names no size (every dim is a literal)")
    if not varied:
        return every("unchecked", "the file assigns no module-level size literal to vary")
    limit = max(OP_LIMIT * first_ops, 64)
    try:
        sizes2, flops2, bytes2 = loader(tree, limit)
    except Exception as e:  # noqa: B902 - the file rejects other sizes (a hard-coded shape, a loop): one at a time
        return input_literals_check(loader, source, limit, counts,
                                    one_at_a_time(loader, source, limit, counts, sizes, varied, _error_text(e)))
    at = dict(sizes2)   # the sizes of the varied run, as the formula names them (input_shape_0, derived ones)
    got = {"flops": flops2, "bytes": bytes2}
    out = {}
    for key, terms in counts.items():
        want = terms_value(terms, sizes2)
        rec = {"checked_at": at, "count_there": got[key], "formula_there": want}
        if want == got[key]:
            out[key] = dict(status="holds", why="the formula gives the count with every size literal tripled", **rec)
        else:
            out[key] = dict(status="size_specific",
                            why="with every size literal tripled the formula gives %s, the count is %d: a size "
                                "is folded into a coefficient (a product of sizes such as a reshape's B*N, or a "
                                "literal computed from them)" % ("nothing" if want is None else want, got[key]),
                            **rec)
    return input_literals_check(loader, source, limit, counts, out)


def input_literals_check(loader, source, limit, counts, out):
    """Flags, in @p out, a holding formula that a literal size of get_inputs() is folded into (new-user trial 18,
    #6: `torch.randint(0, M, (513,))` gave FLOPs `1026*N`, labelled as holding, while the harness's own cases give
    idx another length). The module-level sizes stay as they are; the literals are tripled together, and where
    that run fails (a literal tied to the model, such as an input's channel count), one value at a time. A run the
    file rejects says nothing (that literal is fixed by the file); a run whose count the formula misses makes the
    formula size-specific. Returns @p out."""
    values = input_literals(source)[:MAX_INPUT_VALUES]
    holding = [k for k, rec in out.items() if rec["status"] == "holds"]
    if not values or not holding:
        return out
    tries = [values] + ([[v] for v in values] if len(values) > 1 else [])
    for i, vals in enumerate(tries):
        tree, _ = vary_source(source, only=set(), input_values=set(vals))
        try:
            sizes2, flops2, bytes2 = loader(tree, limit)
        except Exception:  # noqa: B902 - the file rejects these literals at other values: tied to the model
            continue
        got = {"flops": flops2, "bytes": bytes2}
        for key in holding:
            want = terms_value(counts[key], sizes2)
            if want != got[key] and out[key]["status"] == "holds":
                out[key] = dict(out[key], status="size_specific", literals=vals,
                                why="with the literal size%s %s in get_inputs() tripled the formula gives %s, the "
                                    "count is %d: a literal input size is folded into a coefficient (assign it to "
                                    "a module-level name to get a formula in it)" % (
                                        "s" if len(vals) > 1 else "", ", ".join(map(str, vals)),
                                        "nothing" if want is None else want, got[key]))
        if i == 0:
            break   # the joint run went: it varied every literal at once
    return out


def _error_text(e):
    return "%s: %s" % (type(e).__name__, (str(e).strip().splitlines() or [""])[0][:160])


def one_at_a_time(loader, source, limit, counts, sizes, varied, joint_error):
    """The check with each size literal tripled alone, where tripling them together failed (@p joint_error): a
    `dim = 2` reduction axis, or sizes tied by an equation. A literal the file rejects alone is fixed for this file;
    a formula holds where every run that went gives its count and every size it names was varied; it is
    size-specific where some run's count differs; else unchecked."""
    ran, rejected, wrong = {}, {}, {k: [] for k in counts}
    for name in list(varied)[:MAX_ALONE]:
        tree, _ = vary_source(source, only={name})
        try:
            sizes2, flops2, bytes2 = loader(tree, limit)
        except Exception as e:  # noqa: B902 - this literal is fixed for the file
            rejected[name] = _error_text(e)
            continue
        ran[name] = sizes2
        for key, got in (("flops", flops2), ("bytes", bytes2)):
            if key in counts:
                want = terms_value(counts[key], sizes2)
                if want != got:
                    wrong[key].append((name, want, got))
    out = {}
    for key, terms in counts.items():
        named = {n for k in terms for n in k}
        # a size the formula names, varied in no run (a derived constant that follows a varied one still counts)
        unvaried = sorted(n for n in named if all(s.get(n) == sizes.get(n) for s in ran.values()))
        base = {"checked_alone": sorted(ran), "rejected": rejected, "joint_error": joint_error}
        if wrong[key]:
            name, want, got = wrong[key][0]
            out[key] = dict(status="size_specific", why="with %s tripled the formula gives %s, the count is %d: a "
                            "size is folded into a coefficient" % (name, "nothing" if want is None else want, got),
                            **base)
        elif not ran or unvaried:
            out[key] = dict(status="unchecked", why="the file does not run with its size literals tripled (%s)%s" % (
                joint_error, "; %s could not be varied alone" % ", ".join(unvaried) if ran else ""), **base)
        else:
            out[key] = dict(status="holds", why="the formula gives the count with each size literal tripled alone "
                            "(%d runs; the file rejects %s)" % (len(ran), ", ".join(sorted(rejected)) or "none"),
                            **base)
    return out


def count_run(logic_path, load_module, make_model, build, tracer_cls, limit, user_line, elem_size):
    """The counts of one run of the logic file: returns (sizes, flops, bytes) as integers.

    @p load_module(tracer) execs the (varied) module and returns (module, sizes, inputs_fn); @p make_model(module,
    tracer) its Model class; @p build(module, Model, tracer, inputs_fn) -> (init, model, inputs) as probe.build."""
    from probe_analysis import Analyzer, _flat
    from probe_rnn import patch_rnn_modules
    from probe_trace import FactoryMode, OpRecorder, patch_parameter_names
    tr = tracer_cls(logic_path, limit)
    module, sizes, inputs_fn = load_module(tr)
    Model = make_model(module, tr)
    tr.phase = "init"
    undo = patch_parameter_names(tr)
    try:
        _init, model, inputs = build(module, Model, tr, inputs_fn)
    finally:
        undo()
    if inputs is None:
        raise ValueError("no get_inputs()")
    tr.phase = "forward"
    undo = patch_rnn_modules(tr, model, user_line)
    try:
        with FactoryMode(tr), OpRecorder(tr), torch.no_grad():
            result = model(*inputs)
    finally:
        undo()
    an = Analyzer(tr, sizes, {}, {}, ())
    if tr.ops:
        an.run()
    outs = [o for o in _flat([result]) if isinstance(o, torch.Tensor)]
    from probe_trace import weight_count_dtype
    tensor_inputs = [x for x in inputs if isinstance(x, torch.Tensor)]
    weights = list(model.parameters()) + list(model.buffers())
    wdtype, _note = weight_count_dtype(tr.ambiguities, tensor_inputs, weights)  # as the spec's count (probe.py)
    cast = {id(w) for w in weights if w.is_floating_point()} if wdtype is not None else set()
    nbytes = sum(an.numel_expr(t, elem_size(wdtype if id(t) in cast else t.dtype)).value(sizes)
                 for t in tensor_inputs + weights + outs)
    return sizes, an.total_flops.value(sizes), nbytes
