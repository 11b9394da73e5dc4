#!/usr/bin/env python3
"""Framework conformance gate of Kernel Workbench: does kernel.py compute through its framework?

    python3 conformance_check.py KERNEL.py --framework triton|cutedsl|flydsl

Static (Python's ast, standard library only; kernel.py is never imported). kernel.py conforms when
  1. it imports the chosen framework and defines at least one kernel of it (@triton.jit,
     @cute.kernel, @flyc.kernel);
  2. ModelNew.forward, and every helper it calls inside kernel.py (module-level functions, methods of
     ModelNew, followed transitively), launches at least one of those kernels
     (triton: kernel[grid](...); CuTe DSL: a @cute.jit host function called directly or through
     cute.compile; FlyDSL: a @flyc.jit host function);
  3. that compute path, and the body of every framework kernel and host function, holds no PyTorch compute
     and no third-party kernel library:
       torch.<op>(...) other than allocation / views / queries, torch.nn.functional (F.*),
       torch.ops / torch._C, tensor compute methods (.relu() .sum() .matmul() .to() ...),
       the @ operator, arithmetic or comparisons on tensor values, calls of nn.Module attributes
       (self.linear(x)), numpy; and kernel.py imports none of cupy, numba, jax, tensorflow, ... ;
  4. no PyTorch compute function is used as a value anywhere in kernel.py (kept in a memo, a cache, an
     attribute set in __init__, a variable, passed or returned: a later call through it is not followed), nor
     a tensor's compute method on the path (op = x.relu). A launch plan may be cached (grids, argument lists,
     constexpr dicts); the launch itself stays kernel[grid](...) of a kernel named in the call.
  0. nothing its top level runs on import reads a name before anything binds it (a NameError on import:
     import_time_names; session 33, a CuTe DSL kernel that read Triton's `tl` passed every other gate).
Allowed: allocation (torch.empty/empty_like/empty_strided/zeros/zeros_like/full/full_like,
.new_empty/.new_zeros, .zero_()/.fill_() on fresh outputs), views (view, reshape, permute,
transpose, t, T, mT, contiguous, expand, unsqueeze, squeeze, flatten, narrow, select, movedim,
as_strided), queries (shape, stride, size, dim, numel, dtype, device, is_contiguous, data_ptr,
element_size), and launch plumbing (grid arithmetic on ints, triton.cdiv, from_dlpack, caching).

Prints one JSON document {ok, kernel, framework, imports, kernels, hosts, launches, followed,
violations[{line, col, code, message, source}]}. Exit 0: conforms; 1: violations; 2: the file cannot
be read or parsed (then {ok: false, error}).
"""

import argparse
import ast
import json
import sys

FRAMEWORKS = {
    # import roots, kernel decorators, host (launcher) decorators: dotted names after alias resolution
    "triton": {"roots": {"triton"}, "kernel": {"triton.jit"}, "host": set(), "label": "Triton"},
    "cutedsl": {"roots": {"cutlass"}, "kernel": {"cutlass.cute.kernel"}, "host": {"cutlass.cute.jit"},
                "label": "CuTe DSL"},
    "flydsl": {"roots": {"flydsl"}, "kernel": {"flydsl.compiler.kernel"}, "host": {"flydsl.compiler.jit"},
               "label": "FlyDSL"},
}

# Third-party kernel / array libraries whose import alone fails the gate (a kernel.py must compute
# through its own framework). The other frameworks are added per check.
THIRD_PARTY = {"cupy", "numba", "jax", "jaxlib", "tensorflow", "pycuda", "cupyx", "apex",
               "flash_attn", "xformers", "transformer_engine", "bitsandbytes", "deepspeed", "liger_kernel",
               "tilelang", "tvm", "taichi", "warp", "mlx", "torch_tensorrt", "tensorrt", "cublas",
               "nvmath", "cutlass_library", "vllm", "sgl_kernel", "flashinfer", "thunderkittens"}

TORCH_ALLOWED = {
    # allocation of outputs / workspaces
    "empty", "empty_like", "empty_strided", "zeros", "zeros_like", "full", "full_like",
    # a small tensor of host Python values (launch metadata: the conv template's stride-phase table)
    "tensor",
    # views (no data computed)
    "reshape", "permute", "transpose", "t", "flatten", "unflatten", "squeeze", "unsqueeze", "narrow",
    "select", "movedim", "as_strided", "broadcast_to", "view_as_real", "view_as_complex", "diagonal",
    # queries, dtypes, devices, streams
    "is_tensor", "is_floating_point", "numel", "device", "dtype", "Size", "finfo", "iinfo",
    "promote_types", "result_type", "get_default_dtype", "broadcast_shapes", "no_grad",
    "inference_mode", "Generator",
    "cuda.current_stream", "cuda.current_device", "cuda.device", "cuda.get_device_properties",
    "cuda.get_device_capability", "cuda.is_available", "cuda.device_count", "cuda.stream",
    "cuda.Stream", "cuda.synchronize", "cuda.set_device", "is_grad_enabled", "cuda.is_current_stream_capturing",
    # a CUDA graph records the launches made while it captures and replays them (the launch path of a plan of
    # many launches, triton_graph.py); what runs inside the capture is followed like any other call
    "cuda.CUDAGraph", "cuda.graph",
    "version.cuda", "version.hip",
}

# torch.<name> that are dtypes although a tensor method of that name casts (x.float()): a value, not compute.
TORCH_DTYPES = {"float", "double", "half", "bfloat16", "int", "long", "short", "bool"}

# Random draws a kernel.py may repeat when the reference makes them (an initial state drawn in forward()):
# the harness seeds the generator identically before each competitor's forward, so the same call gives the
# same numbers. Only the dynamic dispatch check can compare with the reference: it accepts at most as many
# draws of each kind as Model.forward makes (test_kernel.py record_dispatch).
RANDOM_DRAWS = {"rand", "randn"}

# Tensor methods that are PyTorch computation (or a host round trip that hides it).
TENSOR_COMPUTE = {
    "abs", "absolute", "acos", "add", "addbmm", "addcdiv", "addcmul", "addmm", "addmv", "addr", "all",
    "amax", "amin", "aminmax", "any", "argmax", "argmin", "argsort", "asin", "atan", "atan2", "baddbmm",
    "bmm", "ceil", "clamp", "clamp_max", "clamp_min", "clip", "cos", "cosh", "count_nonzero", "cross",
    "cummax", "cummin", "cumprod", "cumsum", "diag", "diff", "div", "divide", "dot", "einsum", "eq",
    "erf", "erfinv", "exp", "exp2", "expm1", "floor", "fmod", "frac", "gather", "ge", "gelu", "gt",
    "hardtanh", "index_add", "index_select", "inner", "isnan", "kron", "le", "lerp", "log", "log10",
    "log1p", "log2", "log_softmax", "logaddexp", "logcumsumexp", "logical_and", "logical_not",
    "logical_or", "logsumexp", "lt", "masked_fill", "masked_scatter", "masked_select", "matmul",
    "max", "maximum", "mean", "median", "min", "minimum", "mm", "mul", "multiply", "mv", "nan_to_num",
    "nanmean", "nansum", "ne", "neg", "negative", "nonzero", "norm", "outer", "pow", "prod",
    "reciprocal", "relu", "remainder", "repeat", "repeat_interleave", "roll", "round", "rsqrt",
    "scatter", "scatter_add", "scatter_reduce", "sigmoid", "sign", "silu", "sin", "sinh", "softmax",
    "sort", "sqrt", "square", "std", "sub", "subtract", "sum", "tan", "tanh", "tensordot", "tile",
    "topk", "tril", "triu", "true_divide", "trunc", "var", "where", "xlogy", "flip", "fliplr",
    "flipud", "cat", "stack", "renorm", "dist", "cdist", "softplus", "mish", "hardsigmoid",
    "hardswish", "elu", "selu", "celu", "leaky_relu", "threshold",
    # casts and copies done by PyTorch kernels, host round trips
    "to", "type", "type_as", "float", "double", "half", "bfloat16", "int", "long", "short", "bool",
    "clone", "copy_", "cpu", "numpy", "tolist",
}
# Operator methods called by name (x.__mul__(2), x.__rmatmul__(w), x.__iadd__(y)): the operators' own kernels.
OPERATOR_METHODS = {"add", "sub", "mul", "matmul", "truediv", "floordiv", "div", "mod", "pow", "neg", "pos", "abs",
                    "and", "or", "xor", "lshift", "rshift", "invert", "lt", "le", "gt", "ge", "eq", "ne"}


def is_operator_method(name):
    """`__mul__`, `__rmul__`, `__imul__`, ... (not `__getitem__`, `__init__`, `__call__`)."""
    if not (name.startswith("__") and name.endswith("__")) or len(name) <= 4:
        return False
    core = name[2:-2]
    return core in OPERATOR_METHODS or (core[:1] in ("r", "i") and core[1:] in OPERATOR_METHODS)


# in-place variants: relu_, add_, mul_, ... (except initialisation of fresh outputs)
TENSOR_INIT_INPLACE = {"zero_", "fill_"}

VIEW_METHODS = {"view", "reshape", "permute", "transpose", "t", "contiguous", "expand", "expand_as",
                "unsqueeze", "squeeze", "flatten", "unflatten", "narrow", "select", "movedim",
                "as_strided", "view_as", "detach", "__getitem__", "diagonal"}
VIEW_ATTRS = {"T", "mT", "H", "mH", "data"}
TENSOR_ONLY_ATTRS = {"shape", "stride", "is_contiguous", "data_ptr", "element_size", "numel", "dim",
                     "device", "dtype", "contiguous", "storage_offset", "is_cuda", "ndim",
                     "new_empty", "new_zeros"}
PY_SAFE_MODULES = {"math", "os", "sys", "functools", "itertools", "operator", "typing", "warnings",
                   "collections", "dataclasses", "builtins"}
NN_CONTAINERS = {"Module", "Parameter", "ParameterList", "ParameterDict", "ModuleList", "ModuleDict",
                 "Identity", "Buffer"}


# The workspace's PyTorch logic: a kernel that imports it can hand the work to the very model it is
# measured against (Model()(x)), which no compute-op rule would see.
REFERENCE_MODULES = {"reference"}
# Builtins that look names up or evaluate code at run time: getattr(torch, "relu")(x), eval("x @ w").
DYNAMIC_BUILTINS = {"getattr", "eval", "exec", "__import__", "globals", "locals", "vars", "compile"}


def dotted(node):
    """a.b.c for Name/Attribute chains, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def is_torch_compute(name):
    """Whether a resolved dotted name is a PyTorch function that computes (not allocation, a view, a dtype,
    a query or a module container)."""
    if not name.startswith("torch."):
        return False
    rest = name[6:]
    if rest.startswith(("nn.functional.", "ops.", "_C.", "special.", "linalg.", "fft.")):
        return True
    return rest in TENSOR_COMPUTE or rest.startswith("Tensor.") and rest.split(".")[-1] in TENSOR_COMPUTE


class Module:
    """What kernel.py defines: import aliases, functions, ModelNew, framework kernels and hosts."""

    def __init__(self, tree, framework):
        self.tree = tree
        self.fw = FRAMEWORKS[framework]
        self.aliases = {}          # local name -> dotted module/object path
        self.imports = []          # (line, dotted module)
        self.functions = {}        # module-level def name -> FunctionDef
        self.kernels = {}          # framework kernels: name -> line
        self.hosts = {}            # framework host functions: name -> line
        self.model = None          # ClassDef ModelNew
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    self.imports.append((node.lineno, a.name))
                    if a.asname:
                        self.aliases[a.asname] = a.name
                    else:
                        root = a.name.split(".")[0]
                        self.aliases[root] = root
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                self.imports.append((node.lineno, node.module))
                for a in node.names:
                    self.aliases[a.asname or a.name] = node.module + "." + a.name
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions[node.name] = node
                for d in node.decorator_list:
                    target = d.func if isinstance(d, ast.Call) else d
                    name = self.resolve(dotted(target))
                    if name in self.fw["kernel"]:
                        self.kernels[node.name] = node.lineno
                    elif name in self.fw["host"]:
                        self.hosts[node.name] = node.lineno
            elif isinstance(node, ast.ClassDef) and node.name == "ModelNew":
                self.model = node
        # Module-level names bound to other callables: `sm = torch.softmax` is an alias (its calls resolve
        # to torch.softmax), `sm = lambda t: ...` a function that calls follow, and a table of PyTorch
        # functions (`OPS = {"sm": F.softmax}`) is reported where it is built: calling through any of
        # them hides what computes.
        self.tables = []           # (line, table name, PyTorch function stored in it)
        for node in tree.body:
            if not (isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets)):
                continue
            for t in node.targets:
                value = node.value
                if isinstance(value, (ast.Attribute, ast.Name)) and dotted(value):
                    self.aliases[t.id] = self.resolve(dotted(value))
                elif isinstance(value, ast.Lambda):
                    fn = ast.FunctionDef(name=t.id, args=value.args, body=[ast.Return(value=value.body)],
                                         decorator_list=[], returns=None, type_comment=None)
                    ast.copy_location(fn, node)
                    ast.fix_missing_locations(fn)
                    self.functions[t.id] = fn
                elif isinstance(value, (ast.Dict, ast.List, ast.Tuple, ast.Set)):
                    for sub in ast.walk(value):
                        name = self.resolve(dotted(sub)) if isinstance(sub, (ast.Attribute, ast.Name)) else None
                        if name and is_torch_compute(name):
                            self.tables.append((node.lineno, t.id, name))

    def resolve(self, name):
        """Dotted name with its first part replaced by what it was imported as."""
        if not name:
            return name
        head, _, rest = name.partition(".")
        base = self.aliases.get(head)
        if base is None:
            return name
        return base + ("." + rest if rest else "")

    def method(self, name):
        if self.model is None:
            return None
        for n in self.model.body:
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name:
                return n
        return None

    def nn_module_attrs(self):
        """self.<attr> bound in ModelNew.__init__ to an nn.<Layer>(...) (a PyTorch module)."""
        out = {}
        init = self.method("__init__")
        if init is None:
            return out
        for node in ast.walk(init):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                callee = self.resolve(dotted(node.value.func)) or ""
                if (callee.startswith("torch.nn.") and callee.split(".")[-1] not in NN_CONTAINERS) \
                        or callee.split(".")[0] in REFERENCE_MODULES:
                    for t in node.targets:
                        d = dotted(t)
                        if d and d.startswith("self.") and d.count(".") == 1:
                            out[d[5:]] = callee
        return out

    def parameter_attrs(self):
        """self.<attr> (and self.<a>.<b>) bound in __init__ to nn.Parameter / register_buffer."""
        out = set()
        init = self.method("__init__")
        if init is None:
            return out
        for node in ast.walk(init):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                callee = self.resolve(dotted(node.value.func)) or ""
                if callee.endswith("nn.Parameter") or callee.endswith("nn.parameter.Parameter"):
                    for t in node.targets:
                        d = dotted(t)
                        if d:
                            out.add(d)
        return out


class PathChecker(ast.NodeVisitor):
    """Walks forward and the helpers it calls; records launches and violations."""

    def __init__(self, mod, lines, framework):
        self.mod = mod
        self.lines = lines
        self.framework = framework
        self.violations = []
        self.launches = []
        self.followed = []
        self.queue = []
        self.seen = set()
        self.nn_attrs = mod.nn_module_attrs()
        self.param_attrs = mod.parameter_attrs()
        self.tensors = set()       # names known to hold tensors in the current function
        self.where = ""
        self.random_draws = []     # torch.rand/randn calls on the path: [{line, fn}]
        self.callees = set()       # id() of the nodes called directly (node.func): not a reference

    # ---- bookkeeping
    def add(self, node, code, message):
        line = getattr(node, "lineno", 0)
        src = self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""
        key = (line, getattr(node, "col_offset", 0), code)
        if any((v["line"], v["col"], v["code"]) == key for v in self.violations):
            return
        self.violations.append({"line": line, "col": getattr(node, "col_offset", 0) + 1, "code": code,
                                "message": message + (" (in %s)" % self.where if self.where else ""),
                                "source": src})

    def follow(self, label, fn, tensor_params):
        if label in self.seen:
            return
        self.seen.add(label)
        self.queue.append((label, fn, tensor_params))

    def run(self, forward):
        self.follow("ModelNew.forward", forward, None)
        while self.queue:
            label, fn, tensor_params = self.queue.pop(0)
            self.followed.append(label)
            self.where = label
            self.tensors = set()
            args = [a.arg for a in fn.args.args + fn.args.kwonlyargs if a.arg != "self"]
            if fn.args.vararg:
                args.append(fn.args.vararg.arg)
            # parameters of forward/helpers are tensors when the body treats them as tensors
            self.tensors.update(a for a in args if self.used_as_tensor(fn, a))
            for stmt in fn.body:
                self.visit(stmt)

    @staticmethod
    def used_as_tensor(fn, name):
        for node in ast.walk(fn):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name:
                if node.attr in TENSOR_ONLY_ATTRS:
                    return True
        return False

    # ---- tensor-ness of expressions
    def is_tensor(self, node):
        if isinstance(node, ast.Name):
            return node.id in self.tensors
        if isinstance(node, ast.Attribute):
            d = dotted(node)
            if d and d in self.param_attrs:
                return True
            if node.attr in VIEW_ATTRS:
                return self.is_tensor(node.value)
            return False
        if isinstance(node, ast.Subscript):
            return self.is_tensor(node.value)
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr in VIEW_METHODS | {"new_empty", "new_zeros"}:
                return self.is_tensor(f.value)
            callee = self.mod.resolve(dotted(f)) or ""
            if callee.startswith("torch.") and callee[6:] in TORCH_ALLOWED:
                return callee[6:] in {"empty", "empty_like", "empty_strided", "zeros", "zeros_like", "full",
                                      "full_like", "reshape", "permute", "transpose", "t", "flatten",
                                      "squeeze", "unsqueeze", "narrow", "select", "movedim", "as_strided",
                                      "broadcast_to", "diagonal"}
        if isinstance(node, ast.IfExp):
            return self.is_tensor(node.body) or self.is_tensor(node.orelse)
        return False

    def bind(self, target, value):
        tensor = self.is_tensor(value)
        targets = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
        for t in targets:
            if isinstance(t, ast.Name):
                if tensor:
                    self.tensors.add(t.id)
                else:
                    self.tensors.discard(t.id)

    # ---- statements
    def visit_Assign(self, node):
        self.visit(node.value)
        for t in node.targets:
            self.visit(t)
            self.bind(t, node.value)

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.visit(node.value)
            self.bind(node.target, node.value)

    def visit_AugAssign(self, node):
        self.visit(node.value)
        if isinstance(node.op, ast.MatMult):
            self.add(node, "matmul-operator", "`@=` is a PyTorch matrix multiply")
        elif self.is_tensor(node.target) or self.is_tensor(node.value):
            self.add(node, "tensor-arithmetic", "in-place arithmetic on a tensor is a PyTorch kernel")

    def visit_For(self, node):
        self.visit(node.iter)
        for s in node.body + node.orelse:
            self.visit(s)

    def visit_FunctionDef(self, node):
        pass  # nested definitions run only when called; calls of them are not followed

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        self.visit(node.body)

    # ---- expressions
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.MatMult):
            self.add(node, "matmul-operator", "the `@` operator is a PyTorch matrix multiply")
        elif self.is_tensor(node.left) or self.is_tensor(node.right):
            self.add(node, "tensor-arithmetic", "arithmetic on a tensor is a PyTorch elementwise kernel")

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, (ast.USub, ast.Invert)) and self.is_tensor(node.operand):
            self.add(node, "tensor-arithmetic", "negation of a tensor is a PyTorch elementwise kernel")

    def visit_Compare(self, node):
        self.generic_visit(node)
        ops = [node.left] + list(node.comparators)
        if any(self.is_tensor(o) for o in ops) and not any(isinstance(o, (ast.Is, ast.IsNot)) for o in node.ops):
            self.add(node, "tensor-arithmetic", "a comparison of tensors is a PyTorch elementwise kernel")

    def visit_Subscript(self, node):
        self.generic_visit(node)
        # launch syntax kernel[grid](...) is handled in visit_Call; x[mask] style gathers are compute
        if self.is_tensor(node.value) and self.is_tensor(node.slice):
            self.add(node, "tensor-indexing", "indexing a tensor by a tensor is a PyTorch gather kernel")

    def visit_Name(self, node):
        self.check_reference(node)

    def visit_Attribute(self, node):
        self.check_reference(node)
        self.generic_visit(node)

    def check_reference(self, node):
        """A tensor's compute method used as a value on the path (`op = x.relu`; stored in a memo, passed or
        returned) instead of called: a later call through that value would hide what computes. PyTorch functions
        used as values are reported anywhere in kernel.py (torch_references)."""
        if id(node) in self.callees or not isinstance(node.ctx, ast.Load):
            return
        # a ModelNew method handed on as a value (forward's kwb_graph_call(self, self._kwb_forward, args) calls it
        # through a parameter): followed as if called here
        name = dotted(node) if isinstance(node, ast.Attribute) else None
        if name and name.startswith("self.") and name.count(".") == 1 and self.mod.method(name[5:]) is not None:
            self.follow("ModelNew." + name[5:], self.mod.method(name[5:]), None)
        if isinstance(node, ast.Attribute) and node.attr in TENSOR_COMPUTE and self.is_tensor(node.value):
            self.add(node, "tensor-method", "the tensor method `.%s` used as a value, not called: calling it later "
                     "through a memo or a variable hides PyTorch compute" % node.attr)

    def visit_Call(self, node):
        f = node.func
        self.callees.add(id(f))
        # Triton launch: kernel[grid](...)
        if isinstance(f, ast.Subscript) and isinstance(f.value, ast.Name) and f.value.id in self.mod.kernels:
            self.launches.append({"line": node.lineno, "kernel": f.value.id, "how": "kernel[grid](...)"})
            self.generic_visit(node)
            return
        name = dotted(f)
        callee = self.mod.resolve(name) if name else None
        if name and name in self.mod.hosts:
            self.launches.append({"line": node.lineno, "kernel": name, "how": "host function call"})
        elif name and name in self.mod.kernels and self.framework != "triton":
            self.launches.append({"line": node.lineno, "kernel": name, "how": "kernel call"})
        elif callee in ("cutlass.cute.compile", "flydsl.compiler.compile") and node.args:
            target = dotted(node.args[0])
            if target in self.mod.hosts or target in self.mod.kernels:
                self.launches.append({"line": node.lineno, "kernel": target, "how": "compiled host function"})
        elif name and name in self.mod.functions and name not in self.mod.kernels:
            self.follow(name, self.mod.functions[name], None)
        elif name and name.startswith("self.") and name.count(".") == 1:
            attr = name[5:]
            if attr in self.nn_attrs:
                self.add(node, "nn-module", "calls the PyTorch module %s (self.%s)" % (self.nn_attrs[attr], attr))
            elif self.mod.method(attr) is not None:
                self.follow("ModelNew." + attr, self.mod.method(attr), None)
        elif name and name.startswith("self.") and name.count(".") == 2 and name.split(".")[1] in self.nn_attrs \
                and name.endswith(".forward"):
            self.add(node, "nn-module", "calls the PyTorch module %s" % self.nn_attrs[name.split(".")[1]])
        self.check_call(node, name, callee)
        self.generic_visit(node)

    def check_call(self, node, name, callee):
        if isinstance(node.func, ast.Name) and node.func.id in DYNAMIC_BUILTINS and node.func.id not in self.mod.aliases \
                and node.func.id not in self.mod.functions:
            self.add(node, "dynamic-call", "`%s(...)` looks up or evaluates code at run time, which hides what "
                     "computes; call the %s kernel directly" % (node.func.id, FRAMEWORKS[self.framework]["label"]))
            return
        if callee:
            root = callee.split(".")[0]
            if root in REFERENCE_MODULES:
                self.add(node, "reference-call", "`%s` runs the PyTorch reference, the code the kernel is "
                         "measured against" % name)
                return
            if root in ("operator", "importlib"):
                if root == "importlib" or any(self.is_tensor(a) for a in node.args):
                    self.add(node, "torch-compute", "`%s` on tensors is PyTorch compute through Python's %s module"
                             % (name, root))
                return
            if callee.startswith("torch."):
                rest = callee[6:]
                if rest.startswith(("nn.functional.", "ops.", "_C.", "_", "special.", "linalg.", "fft.",
                                    "sparse.", "backends.")):
                    self.add(node, "torch-compute", "`%s` is PyTorch compute, not a %s kernel"
                             % (name, FRAMEWORKS[self.framework]["label"]))
                elif rest.startswith("nn.") and rest.split(".")[-1] not in NN_CONTAINERS:
                    self.add(node, "nn-module", "`%s` builds or runs a PyTorch module" % name)
                elif rest.startswith("Tensor."):
                    if rest.split(".")[-1] not in VIEW_METHODS | TENSOR_ONLY_ATTRS:
                        self.add(node, "torch-compute", "`%s` is PyTorch compute" % name)
                elif rest in RANDOM_DRAWS:
                    # the reference's own random draw made again (35_LSTM's torch.randn initial state): not
                    # compute; listed, and the harness's dispatch check matches it against the reference's draws
                    self.random_draws.append({"line": getattr(node, "lineno", 0), "fn": name})
                elif rest not in TORCH_ALLOWED and not rest.startswith("nn."):
                    self.add(node, "torch-compute", "`%s` is PyTorch compute, not a %s kernel"
                             % (name, FRAMEWORKS[self.framework]["label"]))
                return
            if root in ("numpy", "scipy"):
                self.add(node, "third-party", "`%s` computes with %s, not the chosen framework" % (name, root))
                return
            if root in THIRD_PARTY or (root in ALL_FRAMEWORK_ROOTS - FRAMEWORKS[self.framework]["roots"]):
                self.add(node, "third-party", "`%s` calls %s, not the chosen framework" % (name, root))
                return
        f = node.func
        if isinstance(f, ast.Attribute):
            m = f.attr
            receiver_root = dotted(f.value)
            resolved = self.mod.resolve(receiver_root) if receiver_root else None
            if resolved and resolved.split(".")[0] in ALL_MODULE_ROOTS:
                return  # a module function (framework, math, ...), judged above
            if m in TENSOR_COMPUTE:
                self.add(node, "tensor-method", "tensor method `.%s()` is PyTorch compute" % m)
            elif is_operator_method(m):
                self.add(node, "tensor-arithmetic", "the operator method `.%s()` on a tensor is a PyTorch elementwise "
                                                    "kernel, as the operator itself is" % m)
            elif m.endswith("_") and not m.startswith("_") and m not in TENSOR_INIT_INPLACE \
                    and m[:-1] in TENSOR_COMPUTE:
                self.add(node, "tensor-method", "in-place tensor method `.%s()` is PyTorch compute" % m)


def torch_references(mod):
    """(node, name) of every PyTorch compute function used as a value anywhere in kernel.py -- stored in a memo, a
    cache, an attribute (`self._op = torch.relu` in __init__), a local, passed or returned -- instead of called:
    calling it later through that value hides what computes from the path check, which follows calls by name.
    Module-level `name = torch.fn` aliases and tables are judged where they are used or built (Module)."""
    called = {id(n.func) for n in ast.walk(mod.tree) if isinstance(n, ast.Call)}
    out = []
    for stmt in mod.tree.body:
        if isinstance(stmt, ast.Assign) and all(isinstance(t, ast.Name) for t in stmt.targets):
            continue
        for node in ast.walk(stmt):
            if not isinstance(node, (ast.Name, ast.Attribute)) or id(node) in called \
                    or not isinstance(node.ctx, ast.Load):
                continue
            name = dotted(node)
            callee = mod.resolve(name) if name else None
            if callee and is_torch_compute(callee) and callee[6:] not in TORCH_DTYPES:
                out.append((node, name))
    return out


ALL_FRAMEWORK_ROOTS = set().union(*(f["roots"] for f in FRAMEWORKS.values()))
ALL_MODULE_ROOTS = ALL_FRAMEWORK_ROOTS | PY_SAFE_MODULES | {"torch", "numpy", "scipy"} | THIRD_PARTY


_MODULE_NAMES = {"__name__", "__file__", "__doc__", "__builtins__", "__spec__", "__loader__", "__package__",
                 "__annotations__", "__path__", "__cached__"}


def import_time_names(tree):
    """The names kernel.py's top level reads before anything binds them: a NameError when the module is imported,
    which no run reaches past (session 33: a CuTe DSL kernel read Triton's `tl` at its top level and passed every
    static gate). What runs on import is walked in order: statements, decorators, default values, annotations
    (unless `from __future__ import annotations`), class bodies, comprehensions; function and lambda bodies are not
    (they run later). Conservative: a name bound anywhere earlier, in any branch, counts as bound. Nothing is
    reported when the top level can bind names the walk cannot see (`from m import *`, exec, globals()).
    Returns [(node, name)] in file order."""
    import builtins
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            return []
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and \
                    sub.func.id in ("exec", "globals", "vars", "setattr", "__import__"):
                # only a call that runs on import matters; a function body's is walked out below
                if _runs_on_import(tree, sub):
                    return []
    lazy = any(isinstance(n, ast.ImportFrom) and n.module == "__future__" and
               any(a.name == "annotations" for a in n.names) for n in tree.body)
    bound = set(dir(builtins)) | _MODULE_NAMES
    found = []

    def reads(node, local=frozenset()):
        """Name loads of an expression (or statement part) that run now, skipping lambda bodies."""
        if node is None:
            return
        if isinstance(node, ast.Lambda):
            for d in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
                reads(d, local)
            return
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            inner = set(local)
            for g in node.generators:
                reads(g.iter, frozenset(inner))
                inner |= {n.id for n in ast.walk(g.target) if isinstance(n, ast.Name)}
                for c in g.ifs:
                    reads(c, frozenset(inner))
            for part in ((node.key, node.value) if isinstance(node, ast.DictComp) else (node.elt,)):
                reads(part, frozenset(inner))
            return
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load) and node.id not in bound and node.id not in local:
                found.append((node, node.id))
            return
        if isinstance(node, ast.NamedExpr):
            reads(node.value, local)
            bound.add(node.target.id)
            return
        for child in ast.iter_child_nodes(node):
            reads(child, local)

    def signature(fn):
        for d in fn.decorator_list:
            reads(d)
        a = fn.args
        for d in a.defaults + [d for d in a.kw_defaults if d is not None]:
            reads(d)
        if not lazy and not isinstance(fn, ast.Lambda):
            for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
                if arg is not None:
                    reads(arg.annotation)
            reads(fn.returns)

    def block(stmts):
        for st in stmts:
            stmt(st)

    def stores(node):
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
                bound.add(n.id)

    def stmt(st):
        if isinstance(st, (ast.Import, ast.ImportFrom)):
            for a in st.names:
                bound.add(a.asname or a.name.split(".")[0])
        elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            signature(st)
            bound.add(st.name)
        elif isinstance(st, ast.ClassDef):
            for part in st.decorator_list + st.bases + [k.value for k in st.keywords]:
                reads(part)
            outer = set(bound)
            bound.update(("__module__", "__qualname__"))  # a class body's own
            block(st.body)  # the class body runs now; its names are its own (methods do not see them)
            bound.intersection_update(outer)
            bound.add(st.name)
        elif isinstance(st, (ast.If, ast.While)):
            reads(st.test)
            block(st.body)
            block(st.orelse)
        elif isinstance(st, (ast.For, ast.AsyncFor)):
            reads(st.iter)
            stores(st.target)
            block(st.body)
            block(st.orelse)
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            for item in st.items:
                reads(item.context_expr)
                if item.optional_vars is not None:
                    stores(item.optional_vars)
            block(st.body)
        elif isinstance(st, ast.Try) or type(st).__name__ == "TryStar":
            block(st.body)
            for h in st.handlers:
                reads(h.type)
                if h.name:
                    bound.add(h.name)
                block(h.body)
            block(st.orelse)
            block(st.finalbody)
        elif isinstance(st, ast.Global):
            bound.update(st.names)
        elif isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            reads(st.value)
            if isinstance(st, ast.AnnAssign) and not lazy:
                reads(st.annotation)
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            for t in targets:
                for n in ast.walk(t):  # x[i] = / x.a = read x; a plain name is stored
                    if isinstance(n, (ast.Subscript, ast.Attribute)):
                        reads(n.value)
                        if isinstance(n, ast.Subscript):
                            reads(n.slice)
                if isinstance(st, ast.AugAssign) and isinstance(t, ast.Name):
                    reads(ast.Name(id=t.id, ctx=ast.Load(), lineno=st.lineno, col_offset=st.col_offset))
                stores(t)
        elif type(st).__name__ == "Match":  # bindings by pattern: counted, not checked
            reads(st.subject)
            for c in st.cases:
                for n in ast.walk(c.pattern):
                    if isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
                        bound.add(n.name)
                    if isinstance(n, ast.MatchMapping) and n.rest:
                        bound.add(n.rest)
                block(c.body)
        else:  # Expr, Return (none at top level), Raise, Assert, Delete, Pass, ...
            if isinstance(st, ast.Delete):
                return  # a deleted name stays "bound": conservative
            reads(st)

    block(tree.body)
    return found


def _runs_on_import(tree, call):
    """Whether @p call sits in code the module's top level runs (not inside a def or lambda body)."""
    def inside(node, in_fn):
        if node is call:
            return not in_fn
        for child in ast.iter_child_nodes(node):
            fn = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and \
                child not in getattr(node, "decorator_list", []) and child is not getattr(node, "returns", None) \
                and not isinstance(child, ast.arguments)
            r = inside(child, in_fn or fn)
            if r is not None:
                return r
        return None
    return bool(inside(tree, False))


def check(path, framework):
    with open(path, encoding="utf-8-sig") as f:
        text = f.read()
    tree = ast.parse(text, filename=path)
    lines = text.splitlines()
    mod = Module(tree, framework)
    fw = FRAMEWORKS[framework]
    violations = []

    def add(line, code, message):
        src = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        violations.append({"line": line, "col": 1, "code": code, "message": message, "source": src})

    # a top-level NameError: the module never imports, so nothing of it runs (checked before what it computes)
    seen = set()
    for node, name in import_time_names(tree):
        if (node.lineno, name) not in seen:
            seen.add((node.lineno, name))
            add(node.lineno, "import-name", "NameError on import: `%s` is read at the module's top level (run when "
                "it is imported) before anything binds it%s" % (
                    name, "; `tl` is Triton's (import triton.language as tl), not %s's" % fw["label"]
                    if name == "tl" and framework != "triton" else ""))
    for ln, table, fn in mod.tables:
        add(ln, "torch-compute", "`%s` stores the PyTorch function `%s`: computing through a table hides what "
            "computes; call a %s kernel" % (table, fn, fw["label"]))
    for node, name in torch_references(mod):
        add(node.lineno, "torch-compute", "`%s` is a PyTorch function used as a value (stored, passed or returned), "
            "not called: calling it later through a memo, an attribute or a variable hides PyTorch compute; call a "
            "%s kernel" % (name, fw["label"]))
    fw_imports = [(ln, m) for ln, m in mod.imports if m.split(".")[0] in fw["roots"]]
    if not fw_imports:
        add(0, "no-framework-import", "kernel.py does not import %s (%s)" % (fw["label"], ", ".join(sorted(fw["roots"]))))
    for ln, m in mod.imports:
        root = m.split(".")[0]
        if root in REFERENCE_MODULES:
            add(ln, "reference-import", "imports `%s`, the PyTorch reference the kernel is measured against: "
                "the kernel may not call it" % m)
        if root in THIRD_PARTY or (root in ALL_FRAMEWORK_ROOTS and root not in fw["roots"]):
            add(ln, "third-party-import", "imports `%s`: a kernel library other than %s" % (m, fw["label"]))
    if not mod.kernels:
        add(0, "no-kernel", "kernel.py defines no %s kernel (%s)" % (fw["label"], " / ".join("@" + k for k in sorted(fw["kernel"]))))

    # Inside the framework's own functions (kernels and host functions) every call must be the framework's
    # or plain Python: torch.exp or numpy.exp in a @cute.kernel would hide a fallback in the one place the
    # path check does not walk (for CuTe DSL and FlyDSL, which are checked statically only, the last gate).
    for fname in sorted(set(mod.kernels) | set(mod.hosts)):
        fn = mod.functions.get(fname)
        where = "kernel" if fname in mod.kernels else "host function"
        for node in ast.walk(fn) if fn is not None else ():
            if not isinstance(node, ast.Call):
                continue
            name = dotted(node.func)
            callee = mod.resolve(name) if name else None
            root = callee.split(".")[0] if callee else None
            if root in ("torch", "numpy", "scipy") or root in REFERENCE_MODULES:
                add(node.lineno, "torch-compute" if root == "torch" else ("reference-call" if root in REFERENCE_MODULES
                                                                         else "third-party"),
                    "`%s` inside the %s %s `%s` computes with %s, not %s" % (name, fw["label"], where, fname,
                                                                         "PyTorch" if root == "torch" else root, fw["label"]))
            elif root in THIRD_PARTY or root in ALL_FRAMEWORK_ROOTS - fw["roots"]:
                add(node.lineno, "third-party", "`%s` inside the %s %s `%s` calls %s, not %s"
                    % (name, fw["label"], where, fname, root, fw["label"]))

    launches, followed, random_draws = [], [], []
    forward = mod.method("forward") if mod.model is not None else None
    if mod.model is None:
        add(0, "no-modelnew", "kernel.py defines no class ModelNew")
    elif forward is None:
        add(mod.model.lineno, "no-forward", "ModelNew has no forward method")
    else:
        pc = PathChecker(mod, lines, framework)
        pc.run(forward)
        violations.extend(pc.violations)
        launches, followed = pc.launches, pc.followed
        random_draws = pc.random_draws
        if mod.kernels and not launches:
            add(forward.lineno, "no-launch", "ModelNew.forward (and the helpers it calls) launches no %s kernel"
                % fw["label"])
    violations.sort(key=lambda v: (v["line"], v["col"]))
    return {
        "ok": not violations,
        "kernel": path,
        "framework": framework,
        "imports": sorted({m for _, m in fw_imports}),
        "kernels": sorted(mod.kernels),
        "hosts": sorted(mod.hosts),
        "launches": launches,
        "followed": followed,
        "random_draws": random_draws,
        "violations": violations,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kernel")
    ap.add_argument("--framework", required=True, choices=sorted(FRAMEWORKS))
    args = ap.parse_args(argv)
    try:
        res = check(args.kernel, args.framework)
    except (OSError, UnicodeDecodeError) as e:
        print(json.dumps({"ok": False, "kernel": args.kernel, "framework": args.framework,
                          "error": "cannot read %s: %s" % (args.kernel, e)}))
        return 2
    except SyntaxError as e:
        print(json.dumps({"ok": False, "kernel": args.kernel, "framework": args.framework,
                          "error": "syntax error at line %s: %s" % (e.lineno, e.msg), "line": e.lineno or 0}))
        return 2
    print(json.dumps(res, indent=1))
    return 0 if res["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
