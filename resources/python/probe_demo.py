"""Kernel demo reading for the probe: framework, entry points and what the kernel computes.

Static (ast only): a demo's framework (triton, CuTe DSL, FlyDSL, CUDA) is usually not installed
where the probe runs, and importing it could touch a GPU. Recognised by imports and decorators:
  triton   import triton / triton.language; @triton.jit, @triton.autotune
  cutedsl  import cutlass / cutlass.cute; @cute.kernel, @cute.jit
  flydsl   import flydsl (flydsl.compiler as flyc, flydsl.expr as fx); @flyc.kernel, @flyc.jit
  cuda     torch.utils.cpp_extension.load_inline / load, cupy.RawKernel, numba.cuda.jit, or a
           `__global__` function in a string literal
"""
import ast
import re

FRAMEWORK_IMPORTS = {"triton": "triton", "cutlass": "cutedsl", "flydsl": "flydsl", "cupy": "cuda",
                     "numba": "cuda", "pycuda": "cuda"}
KERNEL_DECORATORS = {  # dotted decorator (alias-resolved) -> (framework, role)
    "triton.jit": ("triton", "kernel"), "triton.autotune": ("triton", "kernel"),
    "triton.heuristics": ("triton", "kernel"),
    "cutlass.cute.kernel": ("cutedsl", "kernel"), "cutlass.cute.jit": ("cutedsl", "host"),
    "flydsl.compiler.kernel": ("flydsl", "kernel"), "flydsl.compiler.jit": ("flydsl", "host"),
    "numba.cuda.jit": ("cuda", "kernel"),
}
# Calls inside a kernel body that say what it computes (framework-neutral names after the last dot).
COMPUTE_WORDS = {"dot": "matrix product (dot)", "gemm": "matrix product (gemm)", "mma": "matrix product (mma)",
                 "sum": "sum reduction", "max": "max", "min": "min", "exp": "exp", "exp2": "exp2",
                 "log": "log", "sqrt": "sqrt", "rsqrt": "rsqrt", "sigmoid": "sigmoid", "maximum": "maximum",
                 "minimum": "minimum", "where": "select (where)", "cumsum": "scan (cumsum)",
                 "softmax": "softmax", "atomic_add": "atomic add", "tanh": "tanh", "erf": "erf",
                 "argmax": "argmax", "argmin": "argmin", "fma": "fma"}


def _dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def analyse(source, path="<demo>"):
    """Returns {"framework", "frameworks", "entry_points", "kernels", "evidence", "computes"}.
    framework is "triton" | "cutedsl" | "flydsl" | "cuda" | "unknown"; a SyntaxError propagates."""
    tree = ast.parse(source, path)
    alias = {}          # local name -> dotted module ("tl" -> "triton.language")
    evidence, found, cuda_sources = [], [], []

    def hit(fw, why, line):
        if fw not in found:
            found.append(fw)
        evidence.append({"framework": fw, "line": line, "why": why})

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                alias[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
                root = a.name.split(".")[0]
                if root in FRAMEWORK_IMPORTS:
                    hit(FRAMEWORK_IMPORTS[root], "import %s" % a.name, node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                alias[a.asname or a.name] = "%s.%s" % (node.module, a.name)
            root = node.module.split(".")[0]
            if root in FRAMEWORK_IMPORTS:
                hit(FRAMEWORK_IMPORTS[root], "from %s import ..." % node.module, node.lineno)
            if node.module.startswith("torch.utils.cpp_extension"):
                hit("cuda", "from %s import ..." % node.module, node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search(r"__global__\s+void", node.value):
            hit("cuda", "CUDA C source with a __global__ function in a string", node.lineno)
            cuda_sources.append((node.lineno, node.value))
        elif isinstance(node, ast.Call):
            d = _dotted(node.func) or ""
            if d.endswith("load_inline") or d.endswith("RawKernel"):
                hit("cuda", "%s(...)" % d, node.lineno)

    def resolve(d):
        head, _, rest = d.partition(".")
        full = alias.get(head, head)
        return full + ("." + rest if rest else "")

    kernels, entry = [], []
    for fn in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        for dec in fn.decorator_list:
            d = _dotted(dec.func if isinstance(dec, ast.Call) else dec)
            if not d:
                continue
            full = resolve(d)
            role = KERNEL_DECORATORS.get(full)
            if role is None:   # "from triton import jit", "cute.kernel" with cute = cutlass.cute
                role = next((v for k, v in KERNEL_DECORATORS.items() if full.endswith(k.split(".", 1)[-1]) and
                             full.split(".")[0] == k.split(".")[0]), None)
            if role:
                hit(role[0], "@%s on %s" % (d, fn.name), fn.lineno)
                item = {"name": fn.name, "line": fn.lineno, "framework": role[0], "role": role[1],
                        "params": [a.arg for a in fn.args.args], "computes": _computes(fn)}
                (kernels if role[1] == "kernel" else entry).append(item)
                break
    for line, text in cuda_sources:   # CUDA C in a string: kernel names, parameters, the math used
        for m in re.finditer(r"__global__\s+void\s+(\w+)\s*\(([^)]*)\)\s*\{", text):
            body = text[m.end():m.end() + 4000]
            words = [w for w in ("expf", "exp", "logf", "sqrtf", "rsqrtf", "fmaxf", "fminf", "tanhf", "atomicAdd",
                                 "__shfl_down_sync", "__syncthreads", "wmma", "mma") if re.search(r"\b%s\b" % w, body)]
            words += [op for op, sym in (("mul", "*"), ("add", "+"), ("div", "/")) if re.search(
                r"\]\s*\%s|\%s\s*\w+\[" % (sym, sym), body)]
            kernels.append({"name": m.group(1), "line": line, "framework": "cuda", "role": "kernel",
                            "params": [p.strip().split()[-1].lstrip("*") for p in m.group(2).split(",") if p.strip()],
                            "computes": words})
    # Host functions that launch a kernel (triton: kernel[grid](...); others: kernel(...).launch()).
    names = {k["name"] for k in kernels}
    for fn in [n for n in tree.body if isinstance(n, ast.FunctionDef)] + [
            m for c in tree.body if isinstance(c, ast.ClassDef) for m in c.body if isinstance(m, ast.FunctionDef)]:
        if fn.name in names or any(e["name"] == fn.name for e in entry):
            continue
        for node in ast.walk(fn):
            target = node.func if isinstance(node, ast.Call) else None
            if isinstance(target, ast.Subscript):
                target = target.value
            elif isinstance(target, ast.Attribute) and target.attr == "launch" and isinstance(target.value, ast.Call):
                target = target.value.func
            if isinstance(node, ast.Call) and (_dotted(node.func) or "").endswith("load_inline"):
                entry.append({"name": fn.name, "line": fn.lineno, "role": "launcher", "launches": "load_inline",
                              "params": [a.arg for a in fn.args.args]})
                break
            if isinstance(target, ast.Name) and target.id in names:
                entry.append({"name": fn.name, "line": fn.lineno, "role": "launcher", "launches": target.id,
                              "params": [a.arg for a in fn.args.args]})
                break
    computes = []
    for k in kernels:
        for c in k["computes"]:
            if c not in computes:
                computes.append(c)
    return {"framework": found[0] if len(found) == 1 else ("unknown" if not found else found[0]),
            "frameworks": found, "kernels": kernels, "entry_points": entry or kernels[:1],
            "computes": computes, "evidence": evidence[:20]}


def _computes(fn):
    loads = stores = 0
    words = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            d = _dotted(node.func) or ""
            last = d.rsplit(".", 1)[-1]
            if last == "load":
                loads += 1
            elif last == "store":
                stores += 1
            elif last in COMPUTE_WORDS and COMPUTE_WORDS[last] not in words:
                words.append(COMPUTE_WORDS[last])
        elif isinstance(node, ast.BinOp):
            op = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div", ast.MatMult: "matrix product (@)"}.get(type(node.op))
            if op and op not in words and not _is_index_math(node):
                words.append(op)
    out = []
    if loads or stores:
        out.append("%d load(s), %d store(s)" % (loads, stores))
    return out + words


def _is_index_math(node):
    """Offsets such as pid * BLOCK + tl.arange(0, BLOCK) are addressing, not the computation."""
    names = {n.id.lower() for n in ast.walk(node) if isinstance(n, ast.Name)}
    names |= {n.attr.lower() for n in ast.walk(node) if isinstance(n, ast.Attribute)}
    calls = {(_dotted(n.func) or "").rsplit(".", 1)[-1] for n in ast.walk(node) if isinstance(n, ast.Call)}
    return bool(calls & {"arange", "program_id", "cdiv"}) or any(
        w in n for n in names for w in ("pid", "block", "offs", "stride", "idx", "ptr", "thread", "lane", "warp"))
