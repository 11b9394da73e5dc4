"""Kernel Workbench probe helper: size branches (Python control flow on sizes in forward()) and the plans they need.

The trace follows the branch forward() takes at get_inputs()'s sizes; the harness's derived cases (boundary_tail,
boundary_size1, the small shapes of the dtype / strided cases) run other sizes, where `if x.shape[-1] % 64 == 0:`
may take the other branch (new-user trial 28's 07, probe21's h01). Where every size test of forward() is an
expression over forward()'s own arguments (evaluable at entry, like a dynamo guard), this helper
 - evaluates those tests at the input sizes the harness's case derivation can produce (its DimPlan rules for the
   tiles kernels use: test_kernel.py.in boundary() / shrink(), mirrored here without the reference's minimums), and
 - returns one representative set of input shapes per distinct outcome vector other than the traced one,
so probe.py traces forward() again at each and the code generator emits one plan per outcome vector and a
run-time dispatch on the tests (core/codegen/sizedispatch.cpp). An outcome vector no trace covered raises a clear
error in kernel.py, never a silent wrong answer. Nothing is allocated (meta tensors).
"""
import ast
import builtins

import torch

SIZE_ATTRS = {"shape", "ndim"}
SIZE_CALLS = {"size", "dim", "numel", "nelement", "ndimension"}
# names a dispatch test may use besides forward()'s arguments: the plain builtins a size test calls
SAFE_BUILTINS = ("len", "min", "max", "abs", "int", "bool", "all", "any", "sum", "tuple", "list", "range")
# the tiles the harness's boundary_tail sizes come from (tile + tile // 2 + 1; 1537 for a tile of 1), and its budgets
TILES = (1, 64, 128, 256, 512, 1024)
BUDGETS = (1 << 20, 1 << 18)  # SMALL_BUDGET (GPU), CPU_SMALL_BUDGET
SMALLS = [7, 5, 3, 9, 11, 13, 15, 17]
MAX_VARIANTS = 3  # at most this many extra traces (each one a whole probe of forward())


def reads_size(test):
    for n in ast.walk(test):
        if isinstance(n, ast.Attribute) and n.attr in SIZE_ATTRS:
            return True
        if isinstance(n, ast.Call) and (
                (isinstance(n.func, ast.Attribute) and n.func.attr in SIZE_CALLS)
                or (isinstance(n.func, ast.Name) and n.func.id == "len")):
            return True
    return False


def _assigned_before(fn, name, line):
    """Whether forward() binds @p name (an assignment, a loop or with target, a walrus) on a line before @p line."""
    for n in ast.walk(fn):
        targets = []
        if isinstance(n, ast.Assign):
            targets = n.targets
        elif isinstance(n, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
            targets = [n.target]
        elif isinstance(n, (ast.With, ast.AsyncWith)):
            targets = [i.optional_vars for i in n.items if i.optional_vars is not None]
        for t in targets:
            if any(isinstance(m, ast.Name) and m.id == name for m in ast.walk(t)) and n.lineno < line:
                return True
    return False


def _inside_loop(fn, node):
    for n in ast.walk(fn):
        if isinstance(n, (ast.For, ast.AsyncFor, ast.While)) and n is not node:
            if any(m is node for m in ast.walk(n)):
                return True
    return False


def find(tree, source):
    """Model's size tests: [{line, kind ("if" | "ifexp" | "while"), function, expr, guard (bool), why}], where guard
    says the test is an expression over forward()'s arguments alone, evaluable at entry (else why says not)."""
    model = next((n for n in getattr(tree, "body", []) if isinstance(n, ast.ClassDef) and n.name == "Model"), None)
    if model is None:
        return []
    found = []
    for fn in model.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.name == "__init__":
            continue
        params = [a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs][1:]
        for n in ast.walk(fn):
            if not (isinstance(n, (ast.If, ast.IfExp, ast.While)) and reads_size(n.test)):
                continue
            kind = "while" if isinstance(n, ast.While) else "ifexp" if isinstance(n, ast.IfExp) else "if"
            expr = ast.get_source_segment(source, n.test) or ""
            names = sorted({m.id for m in ast.walk(n.test) if isinstance(m, ast.Name)})
            why = ""
            if fn.name != "forward":
                why = "it is in %s(), not forward()" % fn.name
            elif kind == "while":
                why = "a while loop tests it again on every pass"
            elif _inside_loop(fn, n):
                why = "it is inside a loop"
            elif not expr or "\n" in expr:
                why = "its test spans lines"
            else:
                other = [m for m in names if m not in params and m not in SAFE_BUILTINS]
                moved = [m for m in names if m in params and _assigned_before(fn, m, n.lineno)]
                if other:
                    why = "its test reads %s, not only forward()'s arguments" % ", ".join(other)
                elif moved:
                    why = "forward() rebinds %s before the test" % ", ".join(moved)
                elif any(isinstance(m, (ast.Lambda, ast.NamedExpr, ast.Await, ast.Yield)) for m in ast.walk(n.test)):
                    why = "its test is not a plain expression"
            found.append({"line": n.lineno, "kind": kind, "function": fn.name, "expr": expr, "guard": not why,
                          "why": why})
    return found


def forward_params(tree):
    """(forward()'s parameter list as source without self, the call that passes them on: "x, *, scale=1.0",
    "x, scale=scale"), what the dispatch's forward and key function take; None where it cannot be written."""
    model = next((n for n in getattr(tree, "body", []) if isinstance(n, ast.ClassDef) and n.name == "Model"), None)
    fn = next((n for n in (model.body if model else []) if isinstance(n, ast.FunctionDef) and n.name == "forward"),
              None)
    if fn is None or not (fn.args.posonlyargs + fn.args.args):
        return None
    args = ast.parse("def f(%s): pass" % ast.unparse(fn.args)).body[0].args
    (args.posonlyargs or args.args).pop(0)
    if args.vararg or args.kwarg or any(
            not isinstance(d, ast.Constant) for d in args.defaults + [d for d in args.kw_defaults if d is not None]):
        return None  # a default that names a module global is not there in kernel.py: no key function
    for a in args.posonlyargs + args.args + args.kwonlyargs:
        a.annotation = None
    call = [a.arg for a in args.posonlyargs + args.args] + ["%s=%s" % (a.arg, a.arg) for a in args.kwonlyargs]
    return ast.unparse(args), ", ".join(call)


def outcomes(branches, names, values):
    """The outcome vector (a list of bools) of the guard tests at @p values (forward()'s arguments), or None when
    one of them raises."""
    env = dict(zip(names, values))
    safe = {k: getattr(builtins, k) for k in SAFE_BUILTINS}
    out = []
    for b in branches:
        try:
            out.append(bool(eval(compile(b["expr"], "<size test>", "eval"), {"__builtins__": safe}, dict(env))))  # noqa: S307
        except Exception:  # noqa: BLE001 - a test that does not evaluate at these sizes: no outcome
            return None
    return out


def _prod(s):
    p = 1
    for d in s:
        p *= d
    return p


class _Plan:
    """The harness's DimPlan (test_kernel.py.in) reduced to what decides a case's sizes: the free input sizes, the
    innermost free one, shrink() and boundary(), without the reference's minimum sizes (a case the reference
    rejects is not run: no outcome it could need)."""

    def __init__(self, shapes, fixed, tile):
        self.shapes, self.tile = shapes, tile
        order = []
        for s in shapes:
            for d in s:
                if d > 1 and d not in order:
                    order.append(d)
        self.free = [d for d in order if d not in fixed]
        self.inner = None
        if shapes:
            big = max(range(len(shapes)), key=lambda i: _prod(shapes[i]))
            self.inner = next((d for d in reversed(shapes[big]) if d in self.free), None)
        if self.inner is None and self.free:
            self.inner = self.free[-1]

    def mapped(self, m):
        return [[m.get(d, d) for d in s] for s in self.shapes]

    def shrink(self, dim_map, budget, protect=()):
        m = dict(dim_map)
        for _ in range(400):
            if max([_prod(s) for s in self.mapped(m)] or [0]) <= budget:
                break
            cands = [d for d in self.free if d not in protect and m.get(d, d) > 2] or \
                [d for d in self.free if m.get(d, d) > 2]
            if not cands:
                break
            d = max(cands, key=lambda x: m.get(x, x))
            cur = m.get(d, d)
            new = (cur + 1) // 2
            if self.tile > 1 and cur % self.tile != 0 and new % self.tile == 0:
                new += 1
            m[d] = new if new < cur else cur - 1
        return m

    def boundary(self, size1, budget):
        t = self.tile + self.tile // 2 + 1 if self.tile > 1 else 1537
        if self.tile > 1 and t % self.tile == 0:
            t += 1
        m = {self.inner: t if (self.inner >= self.tile or self.inner % self.tile == 0) else self.inner}
        others = [d for d in self.free if d != self.inner]
        one = others[0] if size1 and others else None
        for i, d in enumerate(others):
            m[d] = 1 if d == one else min(d, SMALLS[i % len(SMALLS)])
        if size1 and not others:
            m[self.inner] = 1
        return self.shrink(m, budget, protect=(self.inner,))


def case_shapes(tensors, fixed):
    """Every set of input shapes the harness's derived cases can give these inputs (for the tiles in TILES and
    both budgets), first the problem's own: [[shape per tensor input], ...], without repeats."""
    shapes = [[int(d) for d in t.shape] for t in tensors]
    seen, out = set(), []

    def add(s):
        key = repr(s)
        if key not in seen:
            seen.add(key)
            out.append(s)
    add(shapes)
    for tile in TILES:
        plan = _Plan(shapes, fixed, tile)
        for budget in BUDGETS:
            add(plan.mapped(plan.shrink({}, budget)))
            if plan.inner is not None:
                add(plan.mapped(plan.boundary(False, budget)))
            if plan.free:
                add(plan.mapped(plan.boundary(True, budget)))
    return out


def variants(branches, names, inputs, fixed):
    """(the traced outcome vector, [(outcome vector, input shapes)] for each other vector a derived case can reach,
    at most MAX_VARIANTS, uncovered: how many more vectors there were); (None, [], 0) when the tests do not
    evaluate at the traced sizes."""
    tensors = [x for x in inputs if isinstance(x, torch.Tensor)]

    def values_at(shapes):
        it = iter(shapes)
        return [torch.empty(next(it), dtype=x.dtype, device="meta") if isinstance(x, torch.Tensor) else x
                for x in inputs]
    base = outcomes(branches, names, inputs)
    if base is None:
        return None, [], 0
    found, extra = [], 0
    for shapes in case_shapes(tensors, fixed)[1:]:
        o = outcomes(branches, names, values_at(shapes))
        if o is None or o == base or any(o == f[0] for f in found):
            continue
        if len(found) >= MAX_VARIANTS:
            extra += 1
            continue
        found.append((o, shapes))
    return base, found, extra
