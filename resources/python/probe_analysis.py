"""Analysis half of the probe: names every dim, counts FLOPs and bytes, classifies the pattern and
builds the pointwise graph from the ops recorded by probe_trace.

A dim's name is a tuple of size-constant names whose product is the dim (() = unnamed, the value is
used literally), so `view(B*S, D)` keeps `batch_size*seq` instead of a bare number. A name may also hold
literal int factors (`3 * dim` is (dim, 3)) and pieces of a named size that a view split ("~dim~<split>~<value>":
dim 384 viewed as heads 6 x head_dim 64); pieces of one split that meet again, in one dim or one FLOP term, are
that size again (the attention GEMM's (batch, heads piece) x head_dim piece is batch*dim; new-user trial 17, #1).
"""
import torch

from probe_ops import (POINTWISE, VIEW, COPIES, FACTORY, OPERAND_ARGS, PRIORITY, base_name, category,
                       dtype_name, elem_size, jsonable, tensor_desc)

# Ops that regroup dims: their names follow the atoms of the source (never the broadcast rule).
# Ops whose outputs are pieces of their input along one dim.
SPLITS = ("split", "split_with_sizes", "chunk", "unsafe_split", "unsafe_split_with_sizes", "unsafe_chunk")
RESHAPES = ("view", "_unsafe_view", "_reshape_alias", "reshape", "flatten", "squeeze", "unsqueeze")
SOFTMAX_FLOPS = 5      # max, sub, exp, sum, div per element
NORM_FLOPS = 5         # mean 1 + variance 2 + normalise 2 per element (+2 with an affine weight/bias)
# Ops (of no pattern category) that carry attention probabilities from the softmax to the ·V GEMM: views and
# copies, and dropout (native_dropout; F.dropout's bernoulli mask, multiplied in by a pointwise mul).
ATTENTION_CARRY = VIEW | COPIES | {"native_dropout", "dropout", "bernoulli", "feature_dropout", "alpha_dropout"}
PIECE = "~"            # marks a piece of a named size in a dim name: "~dim~<split id>~<value>" (never a size name)


def _piece(name, split, value):
    return "%s%s%s%d%s%d" % (PIECE, name, PIECE, split, PIECE, value)


def _piece_parts(token):
    """(size name, split id, value) of a piece token."""
    _, name, split, value = token.rsplit(PIECE, 3)
    return name, int(split), int(value)


class Expr:
    """A polynomial over size names: {sorted tuple of names: integer coefficient}."""

    def __init__(self):
        self.terms = {}

    def add(self, coef, names):
        if coef == 0:
            return
        key = tuple(sorted(names))
        self.terms[key] = self.terms.get(key, 0) + int(coef)

    def extend(self, other):
        for k, c in other.terms.items():
            self.add(c, k)

    def value(self, sizes):
        total = 0
        for names, c in self.terms.items():
            v = c
            for n in names:
                v *= sizes[n]
            total += v
        return total


def fmt_term(coef, names):
    parts = [str(coef)] if coef != 1 or not names else []
    seen = []
    for n in names:
        if n not in seen:
            seen.append(n)
    for n in seen:
        k = names.count(n)
        parts.append(n if k == 1 else "%s^%d" % (n, k))
    return "*".join(parts)


def fmt_expr(expr):
    if not expr.terms:
        return "0"
    items = sorted(expr.terms.items(), key=lambda kv: (-len(kv[0]), kv[0]))
    return " + ".join(fmt_term(c, n) for n, c in items)


class Analyzer:
    def __init__(self, tracer, sizes, refs, scalar_inputs, param_refs=()):
        """refs: id(tensor) -> name of inputs/parameters/buffers; scalar_inputs: name -> value;
        param_refs: the names in refs that are parameters or buffers."""
        self.tr = tracer
        self.param_refs = set(param_refs)
        self.sizes = sizes
        self.refs = dict(refs)
        self.leaf_refs = set(refs.values())
        self.scalar_inputs = scalar_inputs
        self.producer = {}          # ref -> op index
        self.notes = []
        self.cats, self.writes, self.total_flops = [], [], Expr()   # run() fills them; a forward with no op never calls it
        by_value = {}
        for n, v in sizes.items():
            by_value.setdefault(v, []).append(n)
        self.unique_value = {v: ns[0] for v, ns in by_value.items() if len(ns) == 1 and v > 1}
        self.shared_values = {v: ns for v, ns in by_value.items() if len(ns) > 1 and v > 1}
        self.dimnames = {}          # id(tensor) -> [tuple(names) per dim]
        self.op_outputs = set()     # ids of tensors produced by forward's ops
        self.splits = 0             # split ids of the pieces views made of named sizes
        self.split_named = {}       # split id -> the size names a view gave some of its pieces (heads)
        for tid, names in tracer.dim_names.items():
            self.dimnames[tid] = [self._combine(tuple(n))[1] if n else () for n in names]

    def _entry_value(self, x):
        """The value of one entry of a dim name: a literal, a piece or a size name (0 when unknown)."""
        if isinstance(x, int):
            return x
        if x.startswith(PIECE):
            return _piece_parts(x)[2]
        return self.sizes.get(x, 0)

    def _combine(self, entries):
        """(literal factor, names) of a product of dim-name entries: literals multiplied out, the pieces of one
        split that make up their whole size merged back into its name, other pieces kept (a dim's name) or
        (@p literal_pieces) taken as their values. names is () when no size name or piece remains."""
        lit, names, groups = 1, [], {}
        for x in entries:
            if isinstance(x, int):
                lit *= x
            elif x.startswith(PIECE):
                groups.setdefault(_piece_parts(x)[:2], []).append(x)
            else:
                names.append(x)
        for (name, split), toks in groups.items():
            prod = 1
            for t in toks:
                prod *= _piece_parts(t)[2]
            given = self.split_named.get(split, [])
            part = 1
            for g in given:
                part *= self.sizes.get(g, 0)
            if prod == self.sizes.get(name):
                names.append(name)
            elif given and prod * part == self.sizes.get(name) and all(names.count(g) >= given.count(g)
                                                                       for g in set(given)):
                for g in given:         # (batch, heads) x the head_dim piece of dim: batch*dim
                    names.remove(g)
                names.append(name)
            else:
                names.extend(toks)
        if not names:
            return lit, ()
        return 1, tuple(names) + ((lit,) if lit > 1 else ())

    # ---- naming ---------------------------------------------------------------------------------
    def names(self, t):
        got = self.dimnames.get(id(t))
        if got is None or len(got) != t.dim():
            got = [()] * t.dim()
        # Names come only from where a dim was created (factory arguments, propagation through ops),
        # never from its value: D*stride == in_channels == 32 in level2/26 named the wrong size.
        return list(got)

    def dims(self, t):
        return list(zip(self.names(t), [int(s) for s in t.shape]))

    def mono(self, dims, coef=1):
        """(coefficient, size names) of the product of @p dims [(name, value)]: an unnamed dim and a literal
        factor are coefficients, pieces of one split that all occur are their size, a lone piece its value."""
        entries = []
        for n, v in dims:
            if n:
                entries.extend(n)
            else:
                coef *= v
        names = []
        lit, combined = self._combine(entries)
        coef *= lit
        for x in combined:
            if isinstance(x, int) or x.startswith(PIECE):
                coef *= self._entry_value(x)
            else:
                names.append(x)
        return coef, names

    def numel_expr(self, t, coef=1):
        e = Expr()
        e.add(*self.mono(self.dims(t), coef))
        return e

    def ref(self, t):
        return self.refs.get(id(t))

    def _propagate(self, func, args, out, idx):
        tensors_in = [a for a in _flat(args) if isinstance(a, torch.Tensor)]
        outs = [o for o in _flat([out]) if isinstance(o, torch.Tensor)]
        b = base_name(func)
        for j, o in enumerate(outs):
            self.tr.keep(o)
            self.op_outputs.add(id(o))
            if id(o) not in self.refs:
                self.refs[id(o)] = "t%d" % idx if j == 0 else "t%d_%d" % (idx, j)
                self.producer[self.refs[id(o)]] = idx
            if not tensors_in:
                continue
            src = tensors_in[0]
            sn = self.names(src)
            names = None
            if b == "t" and src.dim() == 2:
                names = [sn[1], sn[0]]
            elif b == "transpose" and len(args) >= 3:
                names = list(sn)
                d0, d1 = args[1] % max(src.dim(), 1), args[2] % max(src.dim(), 1)
                names[d0], names[d1] = names[d1], names[d0]
            elif b == "permute":
                names = [sn[d % src.dim()] for d in args[1]]
            elif b in ("mm", "addmm", "bmm", "baddbmm", "mv", "addmv") and o is outs[0]:
                mats = tensors_in[1:] if b in ("addmm", "baddbmm", "addmv") else tensors_in
                if len(mats) >= 2:
                    a, bm = self.names(mats[0]), self.names(mats[1])
                    names = a[:-1] + (bm[-1:] if mats[1].dim() >= 2 and b not in ("mv", "addmv") else [])
            elif b in RESHAPES:
                names = self._view_names(list(zip(sn, src.shape)), list(o.shape),
                                         self.tr.view_arg_names.get(id(o)) if j == 0 else None)
            elif category(func, args) == "Convolution" and j == 0 and len(tensors_in) >= 2:
                w, wn = tensors_in[1], self.names(tensors_in[1])
                transposed = bool(args[6]) if len(args) > 6 else False
                groups = int(args[8]) if len(args) > 8 else 1
                cout = (wn[1] if groups == 1 else ()) if transposed else wn[0]
                names = [sn[0], cout] + [sn[i] if i < src.dim() and src.shape[i] == o.shape[i] else ()
                                         for i in range(2, o.dim())]
            elif category(func, args) == "Reduction":
                names = _reduced_names(func, args, src, sn, o)
            elif b in SPLITS and src.dim() == o.dim():
                names = self._split_names(sn, src, o)
            if (names is None or len(names) != o.dim()) and b in RESHAPES:
                names = [()] * o.dim()      # a view that does not line up: no guessing by position
            elif names is None or len(names) != o.dim():
                names = self._aligned_names(o, tensors_in)
            self.dimnames[id(o)] = names

    def _view_names(self, src, out_shape, arg_names=None):
        """Names of a view's dims: the source dims are split into atoms (one per size name, or one
        unnamed atom), which the output dims consume in order; merges concatenate names, splits of a
        merged dim recover them. None when the view does not line up. @p arg_names: per output dim the
        names of the view's NamedInt argument (x.reshape(B, N, self.heads, hd)), or None: a dim that is one
        piece of a split size takes that name, and the split remembers it (its other pieces are size/heads)."""
        atoms = []
        for n, v in src:
            v = int(v)
            prod = 1
            for x in n:
                prod *= self._entry_value(x)
            if n and prod == v:
                # a literal factor first: 3 * dim viewed as (3, heads, head_dim) splits the 3 off first (qkv)
                atoms.extend((None, x) for x in n if isinstance(x, int) and x > 1)
                atoms.extend((x, self._entry_value(x)) for x in n if not isinstance(x, int))
            elif v != 1:
                atoms.append((None, v))
        names, i = [], 0
        for w in out_shape:
            w = int(w)
            if w == 1:
                names.append(())
                continue
            prod, acc = 1, []
            while i < len(atoms) and prod < w:
                if w % prod:
                    return None
                need = w // prod
                n, v = atoms[i]
                if v <= need:
                    prod *= v
                    acc.append(v if n is None else n)
                    i += 1
                elif v % need == 0:
                    if n is None:       # split an unnamed atom: view(b, c, -1) and back
                        atoms[i] = (None, v // need)
                        acc.append(need)
                    else:               # split a named one into pieces: dim as (heads, head_dim)
                        if n.startswith(PIECE):
                            base, split, _v = _piece_parts(n)
                        else:
                            base, split = n, self.splits
                            self.splits += 1
                        atoms[i] = (_piece(base, split, v // need), v // need)
                        acc.append(_piece(base, split, need))
                    prod *= need
                else:
                    return None
            if prod != w:
                return None
            given = arg_names[len(names)] if arg_names and len(arg_names) == len(out_shape) else None
            if given and len(given) == 1 and isinstance(given[0], str) and self.sizes.get(given[0]) == w and \
                    len(acc) == 1 and isinstance(acc[0], str) and acc[0].startswith(PIECE):
                _base, split, _v = _piece_parts(acc[0])
                self.split_named.setdefault(split, []).append(given[0])
                acc = [given[0]]
            names.append(self._combine(tuple(acc))[1])
        return names

    def _split_names(self, sn, src, o):
        """Names of one piece of split/chunk: a dim of the source's size keeps its name; the split dim, k times
        smaller, keeps it too with k divided out of its literal factor (kv(x).chunk(2, -1) of a (dim, 2) dim is
        dim), else it is unnamed. Without this, 2*head_dim folded into the FLOP formula as 128*...*heads
        (new-user trial 31, #10)."""
        names = []
        for n, w, v in zip(sn, [int(x) for x in o.shape], [int(x) for x in src.shape]):
            if w == v:
                names.append(n)
                continue
            named = ()
            if n and w > 0 and v % w == 0:
                k = v // w
                lits = [x for x in n if isinstance(x, int)]
                lit = 1
                for x in lits:
                    lit *= x
                if lit % k == 0:
                    rest = tuple(x for x in n if not isinstance(x, int))
                    named = rest + ((lit // k,) if lit // k > 1 else ()) if rest else ()
            names.append(named)
        return names

    def _aligned_names(self, o, tensors_in):
        """Broadcast rule: output dim i (from the right) takes the name of an input dim at the same
        right-aligned position with the same size."""
        names = []
        for i in range(o.dim()):
            r = o.dim() - i
            n = ()
            for t in tensors_in:
                if t.dim() >= r and t.shape[t.dim() - r] == o.shape[i]:
                    n = self.names(t)[t.dim() - r]
                    if n:
                        break
            names.append(n)
        return names

    # ---- FLOPs -----------------------------------------------------------------------------------
    def op_flops(self, func, args, out, cat):
        b = base_name(func)
        e = Expr()
        outs = [o for o in _flat([out]) if isinstance(o, torch.Tensor)]
        ins = [a for a in _flat(args) if isinstance(a, torch.Tensor)]
        o0 = outs[0] if outs else None
        if cat == "Elementwise" and o0 is not None:
            return self.numel_expr(o0)          # 1 FLOP per output element per pointwise op
        if cat == "GEMM" and o0 is not None:
            mats = ins[1:] if b in ("addmm", "baddbmm", "addmv", "addbmm") else ins
            if len(mats) >= 2:
                k = self.dims(mats[0])[-1]
                coef, names = self.mono(self.dims(o0) + [k], 2)
                e.add(coef, names)
                if mats is not ins:            # the bias / C add of addmm-like ops
                    e.extend(self.numel_expr(o0))
            return e
        if cat == "Convolution" and o0 is not None and len(ins) >= 2:
            x, w = ins[0], ins[1]
            transposed = bool(args[6]) if len(args) > 6 else False
            wd = self.dims(w)
            kern = wd[2:]
            if transposed:   # weight [Cin, Cout/groups, k...]: every input element scatters to Cout/g*k
                coef, names = self.mono(self.dims(x) + [wd[1]] + kern, 2)
            else:            # weight [Cout, Cin/groups, k...]: every output element gathers Cin/g*k
                coef, names = self.mono(self.dims(o0) + [wd[1]] + kern, 2)
            e.add(coef, names)
            if len(ins) >= 3:
                e.extend(self.numel_expr(o0))
            return e
        if cat == "Pooling" and o0 is not None:
            if b.startswith("adaptive") or b.startswith("_adaptive"):
                return self.numel_expr(ins[0])
            ks = args[1] if len(args) > 1 else []
            ks = [ks] if isinstance(ks, int) else list(ks)
            vol = 1
            for k in ks:
                vol *= int(k)
            return self.numel_expr(o0, vol)
        if cat == "Softmax" and ins:
            return self.numel_expr(ins[0], SOFTMAX_FLOPS)
        if cat == "Norm" and ins:
            affine = len(ins) >= 2
            return self.numel_expr(ins[0], NORM_FLOPS + (2 if affine else 0))
        if cat in ("Reduction", "Scan") and ins:
            return self.numel_expr(ins[0])
        if cat == "Loss" and ins:
            return self.numel_expr(ins[0], 3)    # e.g. sub, square/abs, accumulate per element
        if cat == "Recurrent" and o0 is not None:
            return _rnn_flops(args, o0)
        if cat == "Attention" and len(ins) >= 3:
            q, k = self.dims(ins[0]), self.dims(ins[1])
            coef, names = self.mono(q + [k[-2]], 4)        # QK^T and PV: 2 * 2*B*H*Lq*Lk*D
            e.add(coef, names)
            coef, names = self.mono(q[:-1] + [k[-2]], SOFTMAX_FLOPS)
            e.add(coef, names)
            return e
        return e

    # ---- main walk -------------------------------------------------------------------------------
    def run(self):
        ops_json = []
        self.writes = []            # in-place writes: {op, id, line, target, target_kind}
        self.cats = []
        total = Expr()
        for idx, (func, args, kwargs, out, line) in enumerate(self.tr.ops):
            in_tensors = [a for a in _flat(list(args) + list(kwargs.values())) if isinstance(a, torch.Tensor)]
            in_refs = [self._const_or_ref(t) for t in in_tensors]
            if isinstance(out, torch.Tensor) or isinstance(out, (tuple, list)):
                self._propagate(func, args, out, idx)
            cat = category(func, args)
            self.cats.append(cat)
            fl = self.op_flops(func, args, out, cat) if cat else Expr()
            total.extend(fl)
            outs = [o for o in _flat([out]) if isinstance(o, torch.Tensor)]
            rec = {"op": func._schema.name, "overload": func._overloadname, "id": "t%d" % idx,
                   "inputs": [tensor_desc(t) for t in in_tensors],
                   "outputs": [tensor_desc(o) for o in outs],
                   "args": schema_args(func, args, kwargs),
                   "input_refs": in_refs, "line": line, "category": cat,
                   "function": self.tr.op_functions[idx] if idx < len(self.tr.op_functions) else None,
                   "flops": {"expr": fmt_expr(fl), "value": fl.value(self.sizes)}}
            named = {}
            for i, a in enumerate(func._schema.arguments):
                present, v = _arg_value(a, i, args, kwargs)
                if present and isinstance(v, torch.Tensor):
                    named[a.name] = self._const_or_ref(v)
            rec["operands"] = named  # tensor operands by schema name (an optional one absent: None was passed)
            if cat == "Elementwise" and isinstance(out, torch.Tensor):
                # The node's positional form (CONTRACTS.md section 1, pointwise_graph nodes): what a chain
                # planner lowers through the one pointwise lowering when the program is not all pointwise.
                rec["pw"] = self._pw_form(func, args, kwargs, self._operand)
            mutated = _mutated_args(func, args, kwargs)
            if mutated:
                rec["mutates"] = [self.ref(t) for t in mutated]
                for t in mutated:
                    leaf = self._from_leaf(t)
                    self.writes.append({"op": func._schema.name, "id": rec["id"], "line": line,
                                        "target": leaf or self.ref(t),
                                        "target_kind": ("parameter/buffer" if leaf in self.param_refs else
                                                        "input" if leaf in self.leaf_refs else "temporary")})
            ops_json.append(rec)
            self._semantic_notes(func, in_tensors, outs, rec)
        self.total_flops = total
        return ops_json

    def _operand(self, v):
        """A pointwise operand as the chain planner reads it: a ref, {"const": v} or {"scalar_input": name}."""
        if isinstance(v, torch.Tensor):
            return self._const_or_ref(v)
        for name, sv in self.scalar_inputs.items():
            if type(sv) is type(v) and sv == v and not isinstance(v, bool):
                return {"scalar_input": name}
        return {"const": jsonable(v)}

    def _const_or_ref(self, t):
        r = self.ref(t)
        if r is not None:
            return r
        if t.device.type != "meta" and t.dim() == 0:
            return {"const": jsonable(t.item())}
        if id(t) in self.tr.scalar_values:  # torch.tensor(c) made in forward(): on meta, its value kept by the trace
            return {"const": jsonable(self.tr.scalar_values[id(t)])}
        return None

    def _semantic_notes(self, func, ins, outs, rec):
        b = base_name(func)
        if category(func, ()) == "Elementwise" and outs and len(ins) >= 2:
            shapes = [list(t.shape) for t in ins]
            if any(s != list(outs[0].shape) for s in shapes):
                self.notes.append("broadcast in %s: operands %s -> %s" % (
                    func._schema.name, shapes, list(outs[0].shape)))
        if b in ("where", "masked_fill", "tril", "triu"):
            self.notes.append("mask in %s (line %d)" % (func._schema.name, rec["line"]))
        if category(func, ()) in ("Reduction", "Softmax", "Scan") and rec["args"]:
            self.notes.append("%s over %s" % (func._schema.name, {k: v for k, v in rec["args"].items()
                                                                 if k in ("dim", "keepdim", "p", "dtype")}))

    # ---- pattern ---------------------------------------------------------------------------------
    def pattern(self, outputs, tensor_inputs):
        compute = [(i, c) for i, c in enumerate(self.cats) if c]
        if not compute:
            # "copy/view only" only where it is true: topk, sort, glu, grid_sample have no compute category
            # either, and new-user trial 26 read "copy/view only" on a per-row top-k (with FLOPs 0)
            others = []
            for func, *_ in self.tr.ops:
                b = base_name(func)
                if b not in VIEW and b not in FACTORY and b not in COPIES and b not in others:
                    others.append(b)
            if others:
                return {"primary": "Elementwise", "epilogue": [],
                        "detail": "%s — no compute category: its FLOPs are not counted" % ", ".join(others[:4])}
            return {"primary": "Elementwise", "detail": "copy/view only", "epilogue": []}
        cats = {c for _, c in compute}
        primary_cat = next(c for c in PRIORITY if c in cats)
        detail = None
        if primary_cat in ("GEMM", "Softmax") and self._is_attention():
            primary_cat, detail = "Attention", "softmax(Q·Kᵀ)·V as GEMM→softmax→GEMM"
        only_simple = cats <= {"Elementwise", "Reduction"}
        scalar_out = len(outputs) == 1 and outputs[0].dim() == 0
        if only_simple and scalar_out and len(tensor_inputs) >= 2 and "Reduction" in cats:
            primary_cat, detail = "Loss", "elementwise + reduction to a scalar"
            fns = [f for f in self.tr.op_functions if f and f.lstrip("_") in LOSS_NAMES]
            if fns:
                detail = "%s (%s)" % (fns[0].lstrip("_"), detail)
        elif only_simple and "Reduction" in cats and self._normalize_by_reduction():
            primary_cat = "Norm"
            detail = "x / %s(x)" % self._normalize_by_reduction()
        # The op the pattern is anchored on: itself, or for the heuristic Loss/Norm the reduction, or for
        # attention found as a GEMM→softmax→GEMM chain its first GEMM (Q·Kᵀ). Torch 2.x's math SDPA
        # scales q and k by sqrt(scale) before that GEMM, so the first compute op is a mul there.
        anchor = (primary_cat if primary_cat in cats else
                  "GEMM" if primary_cat == "Attention" and "GEMM" in cats else "Reduction")
        pidx = next((i for i, c in compute if c == anchor), compute[0][0])
        if primary_cat == "Attention" and "Attention" not in cats:
            # the chain's own Q·Kᵀ, not the first GEMM of the model (a projection: 2-D, no head dims)
            pidx = self._attention_qk()
        func = self.tr.ops[pidx][0]
        if detail is None:
            detail = self._detail(primary_cat, pidx)
        names = [(i, base_name(self.tr.ops[i][0])) for i, c in compute]
        pat = {"primary": primary_cat, "detail": detail,
               "epilogue": [n for i, n in names if i > pidx],
               "prologue": [n for i, n in names if i < pidx],
               "primary_op": func._schema.name}
        if primary_cat == "GEMM":
            pat["gemm"] = self._gemm_info(pidx)
        if primary_cat == "Convolution":
            args = self.tr.ops[pidx][1]
            keys = ["stride", "padding", "dilation", "transposed", "output_padding", "groups"]
            pat["conv"] = {k: jsonable(args[3 + j]) for j, k in enumerate(keys) if len(args) > 3 + j}
        if primary_cat == "Attention":
            pat["attention"] = self._attention_info(pidx)
            pat["detail"] = "%s: %s" % (pat["attention"]["kind"], detail)
        # Every reducing/windowed op with its dims or window (level-2 epilogues included), in order.
        pat["reductions"], pat["pools"] = [], []
        for i, c in compute:
            func, args, kwargs = self.tr.ops[i][:3]
            sa = schema_args(func, args, kwargs)
            if c in ("Reduction", "Softmax", "Scan", "Norm", "Loss"):
                keep = {k: v for k, v in sa.items() if k in ("dim", "keepdim", "p", "eps", "reduction",
                                                              "ignore_index", "label_smoothing", "group",
                                                              "normalized_shape", "momentum", "training")}
                pat["reductions"].append(dict(op=base_name(func), id="t%d" % i, **keep))
            elif c == "Pooling":
                pat["pools"].append(dict(op=base_name(func), id="t%d" % i, function=self.tr.op_functions[i], **sa))
        return pat

    def _attention_info(self, idx):
        """Decode (one query row per head) or prefill, with Lq/Lk/D, for a fused SDPA op or the
        GEMM→softmax→GEMM chain whose first GEMM is at idx (Q·Kᵀ)."""
        func, args, kwargs, out, line = self.tr.ops[idx]
        ins = [a for a in _flat(args) if isinstance(a, torch.Tensor)]
        if len(ins) < 2 or ins[0].dim() < 2 or ins[1].dim() < 2:
            return {"kind": "unknown", "Lq": None, "Lk": None, "head_dim": None, "masked": None}
        q = ins[0]
        if category(func, args) == "Attention":
            lq, lk, d = int(q.shape[-2]), int(ins[1].shape[-2]), int(q.shape[-1])
        else:
            lq, d, lk = int(q.shape[-2]), int(q.shape[-1]), int(ins[1].shape[-1])
        masked = any(base_name(self.tr.ops[i][0]) in ("masked_fill", "where", "tril", "triu")
                     for i in range(len(self.tr.ops)))
        return {"kind": "decode" if lq == 1 else "prefill", "Lq": lq, "Lk": lk, "head_dim": d,
                "masked": masked}

    def _producers(self, idx):
        """Indices of the ops that produced idx's tensor inputs."""
        func, args, kwargs, out, line = self.tr.ops[idx]
        found = []
        for t in _flat(list(args) + list(kwargs.values())):
            if isinstance(t, torch.Tensor):
                p = self.producer.get(self.refs.get(id(t)))
                if p is not None and p not in found:
                    found.append(p)
        return found

    def _ancestors(self, idx, seen=None):
        # Iterative: an RNN unrolled over 512 steps chains thousands of ops (recursion overflowed on LSTM).
        seen = set() if seen is None else seen
        stack = [idx]
        while stack:
            for p in self._producers(stack.pop()):
                if p not in seen:
                    seen.add(p)
                    stack.append(p)
        return seen

    def _attention_qk(self):
        """Index of the Q·Kᵀ GEMM of a GEMM→softmax→GEMM chain, else None. One pass in execution order
        (producers come first): per op, the nearest GEMM upstream and the Q·Kᵀ GEMM of a softmax upstream.
        Asking every GEMM for its ancestors was quadratic: minutes on a 6-layer GRU over 512 steps."""
        near_gemm, qk = {}, {}
        for i, c in enumerate(self.cats):
            prods = self._producers(i)
            up_gemm = max((near_gemm[p] for p in prods if near_gemm.get(p) is not None), default=None)
            up_qk = max((qk[p] for p in prods if qk.get(p) is not None), default=None)
            if c == "GEMM" and up_qk is not None:
                return up_qk
            near_gemm[i] = i if c == "GEMM" else up_gemm
            # the softmax's probabilities reach the second GEMM as its operand: through pointwise ops (scale,
            # mask, cast), views and dropout only. A top-k, scatter or reduction between them is a router (a
            # dense MoE layer: softmax → topk → scatter → GEMM, new-user trial 21, #6), not attention.
            through = c == "Elementwise" or (c is None and base_name(self.tr.ops[i][0]) in ATTENTION_CARRY)
            qk[i] = up_gemm if (c == "Softmax" and up_gemm is not None) else (up_qk if through else None)
        return None

    def _is_attention(self):
        return self._attention_qk() is not None

    def _normalize_by_reduction(self):
        """Name of the reduction r when some div/mul computes f(x) / r(g(x)) (L1/L2/Frobenius norms)."""
        for i, (func, args, kwargs, out, line) in enumerate(self.tr.ops):
            if base_name(func) not in ("div", "mul") or len(args) < 2:
                continue
            a, b = args[0], args[1]
            if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)):
                continue
            pb = self.producer.get(self.refs.get(id(b)))
            if pb is None:
                continue
            chain = {pb} | self._ancestors(pb)
            reds = [j for j in chain if self.cats[j] == "Reduction"]
            if not reds:
                continue
            ra = self.refs.get(id(a))
            red_inputs = set()
            for j in reds:
                red_inputs |= {self.refs.get(id(t)) for t in _flat(self.tr.ops[j][1]) if isinstance(t, torch.Tensor)}
                red_inputs |= {self.refs.get(id(t)) for k in self._ancestors(j)
                               for t in _flat(self.tr.ops[k][1]) if isinstance(t, torch.Tensor)}
            if ra in red_inputs:
                return base_name(self.tr.ops[reds[-1]][0])
        return None

    def _detail(self, cat, idx):
        func, args, kwargs, out, line = self.tr.ops[idx]
        b = base_name(func)
        if cat == "Elementwise":
            seen = []
            for i, c in enumerate(self.cats):
                n = base_name(self.tr.ops[i][0])
                if c == "Elementwise" and n not in seen:
                    seen.append(n)
            return "+".join(seen)
        if cat == "GEMM":
            return self._gemm_info(idx)["kind"]
        if cat == "Attention":
            return self._attention_info(idx)["kind"]
        if cat == "Scan":
            names = [base_name(op[0]) for op in self.tr.ops]
            variants = []
            if names.count("flip") >= 2:
                variants.append("reverse (flip, scan, flip)")
            if "cat" in names or "constant_pad_nd" in names:
                variants.append("exclusive (shifted by one: cat/pad + slice)")
            return b + (", " + ", ".join(variants) if variants else "")
        if cat != "Convolution":
            fn = self.tr.op_functions[idx] if idx < len(self.tr.op_functions) else None
            if fn and not fn.startswith("__") and fn.lstrip("_") != b.lstrip("_") and fn.lstrip("_") in USER_NAMES:
                return "%s (aten %s)" % (fn.lstrip("_"), b)
            return b
        if cat == "Convolution":
            w = args[1]
            transposed = bool(args[6]) if len(args) > 6 else False
            groups = int(args[8]) if len(args) > 8 else 1
            d = w.dim() - 2
            kind = "conv_transpose%dd" % d if transposed else "conv%dd" % d
            cin = args[0].shape[1]
            if groups > 1 and groups == cin:
                kind += " depthwise"
            elif groups > 1:
                kind += " grouped(%d)" % groups
            return kind
        return b

    def _gemm_info(self, idx):
        func, args, kwargs, out, line = self.tr.ops[idx]
        b = base_name(func)
        ins = [a for a in _flat(args) if isinstance(a, torch.Tensor)]
        mats = ins[1:] if b in ("addmm", "baddbmm", "addmv", "addbmm") else ins
        a, bm = mats[0], mats[1]
        an, bn = self.dims(a), self.dims(bm)
        fmt = lambda d: fmt_term(*self.mono([d]))
        info = {"op": func._schema.name, "bias": mats is not ins}
        if b in ("mv", "addmv", "dot", "vdot"):
            info.update(kind="matvec", M=fmt(an[0]) if a.dim() == 2 else "1", N="1", K=fmt(an[-1]), batch="1")
            return info
        batched = a.dim() == 3 and int(a.shape[0]) > 1     # einsum lowers to bmm with a batch of 1
        info["batch"] = fmt(an[0]) if batched else "1"
        info["M"], info["K"], info["N"] = fmt(an[-2]), fmt(an[-1]), fmt(bn[-1])
        ta, tb = _is_transposed(a), _is_transposed(bm)
        info["trans_a"], info["trans_b"] = ta, tb
        from_param_b = self._from_leaf(bm) in self.param_refs
        info["linear"] = bool(from_param_b and tb)
        m, n = int(a.shape[-2]), int(bm.shape[-1])
        if m == 1 or n == 1:
            info["kind"] = "matvec"
        elif batched:
            info["kind"] = "batched"
        elif (ta or tb) and not info["linear"]:
            info["kind"] = "transposed"
        else:
            info["kind"] = "plain"
        return info

    def _from_leaf(self, t):
        """The input/parameter a tensor is a view of (through view ops), or None. A copy (clone, copy) is a
        new tensor: `y = x.clone(); y.mul_(s)` does not write x (trial 8, finding 8)."""
        r = self.refs.get(id(t))
        while r in self.producer:
            func, args, kwargs, out, line = self.tr.ops[self.producer[r]]
            if (base_name(func) not in VIEW or base_name(func) in COPIES or not args
                    or not isinstance(args[0], torch.Tensor)):
                return None
            r = self.refs.get(id(args[0]))
        return r

    # ---- pointwise graph -------------------------------------------------------------------------
    def _pw_form(self, func, args, kwargs, arg_ref):
        """A pointwise op as {"args": [operand...], "kwargs": {...}}: operands (OPERAND_ARGS) in schema order,
        each a ref (input, parameter or op id), {"const": v} or {"scalar_input": name}; arg_ref maps a value."""
        b = base_name(func)
        pos, kw = [], {}
        for i, a in enumerate(func._schema.arguments):
            present, v = _arg_value(a, i, args, kwargs)
            if not present:
                continue
            if v is None or (b in ("add", "sub", "rsub") and a.name == "alpha" and v == 1):
                continue
            if b == "_to_copy" and a.name != "self" and a.name != "dtype":
                continue
            if a.name in OPERAND_ARGS or isinstance(v, torch.Tensor):
                (pos.append(arg_ref(v)) if a.name in OPERAND_ARGS else kw.__setitem__(a.name, arg_ref(v)))
            else:
                kw[a.name] = jsonable(v)
        if b == "gelu" and "approximate" not in kw:
            kw["approximate"] = "none"
        return {"args": pos, "kwargs": kw}

    def pointwise_graph(self, out_tensor, input_names):
        """The graph of a program whose every op is pointwise (or a view the launcher can apply to an input:
        VIEW_NODES), as CONTRACTS.md section 1 describes; None otherwise."""
        if not self.tr.ops or out_tensor is None:
            return None
        alias = {}
        nodes = []
        used_inputs = []
        matched = set()
        input_views = set()  # ids of view nodes over a forward() input (A.unsqueeze(1), x.t(), ...)

        def arg_ref(v):
            if isinstance(v, torch.Tensor):
                r = self.refs.get(id(v))
                r = alias.get(r, r)
                if r is None and v.device.type != "meta" and v.dim() == 0:
                    return {"const": jsonable(v.item())}
                if r is None and id(v) in self.tr.scalar_values:
                    return {"const": jsonable(self.tr.scalar_values[id(v)])}
                if r in self.leaf_refs and r not in used_inputs:
                    used_inputs.append(r)
                return r
            for name, sv in self.scalar_inputs.items():
                if type(sv) is type(v) and sv == v and not isinstance(v, bool):
                    matched.add(name)
                    return {"scalar_input": name}
            return {"const": jsonable(v)}

        for idx, (func, args, kwargs, out, line) in enumerate(self.tr.ops):
            b = base_name(func)
            if self.cats[idx] != "Elementwise":
                if b in ("alias", "detach", "clone", "lift_fresh", "contiguous") and args:
                    alias[self.refs.get(id(out))] = arg_ref(args[0])
                    continue
                if b in ("view", "_unsafe_view", "_reshape_alias", "reshape") and list(out.shape) == list(args[0].shape):
                    alias[self.refs.get(id(out))] = arg_ref(args[0])
                    continue
                # A view of a forward() input that does not depend on its sizes (unsqueeze, squeeze(dim),
                # permute, transpose) is a node the kernel's launcher applies as a view; the elementwise
                # kernel then reads it through its strides, broadcast or not.
                if b in VIEW_NODES and args and isinstance(args[0], torch.Tensor) and isinstance(out, torch.Tensor):
                    src = arg_ref(args[0])
                    if isinstance(src, str) and (src in self.leaf_refs or src in input_views) and \
                            (b != "squeeze" or len(args) > 1 or "dim" in kwargs):
                        kw = {}
                        for i, a in enumerate(func._schema.arguments[1:], start=1):
                            present, v = _arg_value(a, i, args, kwargs)
                            if present and not isinstance(v, torch.Tensor):
                                kw[a.name] = jsonable(v)
                        ref = self.refs.get(id(out))
                        nodes.append({"id": ref, "op": b, "args": [src], "kwargs": kw})
                        input_views.add(ref)
                        continue
                return None
            if not isinstance(out, torch.Tensor):
                return None
            node = self._pw_form(func, args, kwargs, arg_ref)
            nodes.append({"id": self.refs[id(out)], "op": b, "args": node["args"], "kwargs": node["kwargs"]})
        out_ref = self.refs.get(id(out_tensor))
        out_ref = alias.get(out_ref, out_ref)
        if not nodes or not isinstance(out_ref, str):
            return None
        for m in sorted(matched):
            self.notes.append("pointwise_graph: a scalar operand equal to input '%s' was taken to be it "
                              "(matched by value)" % m)
        ordered = [n for n in input_names if n in used_inputs or n in matched]
        ordered += [r for r in used_inputs if r not in ordered]
        return {"inputs": ordered, "nodes": nodes, "output": out_ref}


# Views of a forward() input that the elementwise launcher re-applies at run time: none depends on the
# input's sizes, so the harness's resized shapes stay right.
VIEW_NODES = {"unsqueeze", "squeeze", "permute", "transpose", "t", "diagonal"}

# User-level torch function names worth showing next to the aten op they lower to.
USER_NAMES = set("""instance_norm batch_norm group_norm layer_norm rms_norm normalize softmax log_softmax
max_pool1d max_pool2d max_pool3d avg_pool1d avg_pool2d avg_pool3d adaptive_avg_pool1d adaptive_avg_pool2d
adaptive_max_pool1d adaptive_max_pool2d max_pool1d_with_indices cross_entropy mse_loss kl_div
smooth_l1_loss huber_loss l1_loss nll_loss cumsum cumprod norm mean sum amax amin argmax argmin
logsumexp""".split())


LOSS_NAMES = set("""cross_entropy mse_loss kl_div smooth_l1_loss huber_loss l1_loss nll_loss
binary_cross_entropy binary_cross_entropy_with_logits hinge_embedding_loss margin_ranking_loss
cosine_embedding_loss triplet_margin_loss soft_margin_loss""".split())


def _mutated_args(func, args, kwargs):
    """Tensors the op writes in place (schema arguments marked Tensor(a!)), e.g. add_, the running
    stats of batch_norm in training mode."""
    out = []
    for i, a in enumerate(func._schema.arguments):
        info = a.alias_info
        if info is None or not info.is_write:
            continue
        present, v = _arg_value(a, i, args, kwargs)
        if present and isinstance(v, torch.Tensor):
            out.append(v)
    return out


def _is_transposed(t):
    return t.dim() >= 2 and t.stride(-2) == 1 and t.stride(-1) >= t.shape[-2] and t.shape[-2] > 1


def _reduced_names(func, args, src, sn, out):
    """Reduction output names: reduced dims dropped (or kept as unnamed 1s with keepdim)."""
    sch = [a.name for a in func._schema.arguments]
    dims = args[sch.index("dim")] if "dim" in sch and sch.index("dim") < len(args) else None
    if dims is None:
        return [] if out.dim() == 0 else None
    dims = [dims] if isinstance(dims, int) else list(dims)
    dims = {d % max(src.dim(), 1) for d in dims} if dims else set(range(src.dim()))
    keep = out.dim() == src.dim()
    return [(() if i in dims else sn[i]) for i in range(src.dim()) if keep or i not in dims]


def _rnn_flops(args, out):
    """kwb::rnn: per layer and direction, the gate GEMMs 2*T*B*G*H*(I_l + H) (G gates: RNN 1, GRU 3, LSTM
    4; I_l the layer's input width) plus ~G*T*B*H pointwise; an unnamed total (sizes are the op's attrs)."""
    mode, inp, hid, layers, bidir, batch_first = args[4], args[5], args[6], args[7], args[10], args[9]
    g = {"LSTM": 4, "GRU": 3}.get(mode, 1)
    d = 2 if bidir else 1
    t, b = (out.shape[1], out.shape[0]) if batch_first else (out.shape[0], out.shape[1])
    total = 0
    for layer in range(layers):
        width = inp if layer == 0 else d * hid
        total += d * (2 * t * b * g * hid * (width + hid) + g * t * b * hid)
    e = Expr()
    e.add(int(total), ())
    return e


def _flat(x):
    for v in x:
        if isinstance(v, (list, tuple)):
            yield from _flat(v)
        else:
            yield v


def _arg_value(a, i, args, kwargs):
    """(present, value) of schema argument a: passed, else its schema default (the dispatcher drops
    trailing defaults, e.g. leaky_relu's negative_slope=0.01)."""
    if i < len(args) and not a.kwarg_only:
        return True, args[i]
    if a.name in kwargs:
        return True, kwargs[a.name]
    if a.has_default_value():
        return True, a.default_value
    return False, None


def schema_args(func, args, kwargs):
    """Non-tensor arguments by schema name (tensors are listed in "inputs")."""
    out = {}
    for i, a in enumerate(func._schema.arguments):
        present, v = _arg_value(a, i, args, kwargs)
        if not present:
            continue
        if isinstance(v, torch.Tensor) or v is None:
            continue
        if isinstance(v, (list, tuple)) and any(isinstance(x, torch.Tensor) for x in v):
            continue
        out[a.name] = jsonable(v)
    return out


__all__ = ["Analyzer", "Expr", "fmt_expr", "fmt_term", "POINTWISE", "VIEW", "FACTORY", "elem_size",
           "dtype_name"]
