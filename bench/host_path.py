#!/usr/bin/env python3
"""host44 (session 44, issue 14): the host path of one generated kernel.py forward, on the CPU, launches no-ops.

    /usr/bin/python3 bench/host_path.py KERNEL.py PROBLEM.py [--calls 2000] [--rounds 7] [--top 25] [--shrink]
        [--pool-empty] [--lines FUNC]... [--set NAME=VALUE]... [--dtype float32|bfloat16] [--no-replay] [--no-profile]
    (--pool-empty for the figures to quote: CPU malloc of MB-sized tensors is no model of CUDA's caching allocator)

The generated kernel runs on the Triton emulation (tests/data/codegen/fake_triton) with `kernel[grid]` replaced by
a launcher that only evaluates a callable grid and counts the launch and its arguments (no emulation, no check),
so what is timed is the forward's own Python and torch host work: views, torch.empty, shape / stride keys, plan
memo lookups, argument tuples. Printed:
  - launches and launch arguments per forward, aten ops per forward (TorchDispatchMode: every view, empty, copy
    the forward makes outside the launches; on a GPU host each costs ~1-10 us in torch 2.x, more than on this CPU);
  - host us per forward (timeit: min and median over --rounds of --calls calls, gc off) and per launch;
  - `floor`: the same launches replayed from the first call's recorded (grid, args) with one torch.empty per
    recorded output -- the most a per-shape launch-plan cache in the generated forward could leave on the host
    (its saving = forward - floor), the no-op launcher included;
  - `proto`: a per-shape launch-plan cache prototype (PlanCacheProto), built from a recorded forward, checked
    against a second forward on fresh inputs (the pointer check), timed like the forward: a measured saving;
  - `stub`: the no-op launcher alone for the recorded launches (subtract it: the real one is Triton's, below);
  - with --lines FUNC: per-line time of a kernel.py function (sys.settrace; inflated by the tracer, ranks only);
  - cProfile's top entries by own time, and own time summed by class (kernel.py plumbing, torch C calls,
    builtins / dict / tuple work, the stub).
What this cannot show: Triton's own launcher (JITFunction.run: binder, specialization key, cache lookup, globals
check, launch metadata, the C launcher) and CUDA's (allocator, cuLaunchKernel): a GPU figure, ~9-18 us a launch in
Triton 3.x by the public measurements cited in docs/results/2026-12-07-host44.md (bench/gpu/host44_gpu.py measures
it). CPU torch.empty / views are cheaper than CUDA ones, so the figures here are a floor of the Python and torch part.
"""
import argparse
import cProfile
import gc
import importlib.util
import io
import os
import pstats
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
sys.path.insert(0, os.path.join(ROOT, "tests", "python"))

import torch  # noqa: E402
import triton  # noqa: E402

torch.set_num_threads(1)
REAL_EMPTY = torch.empty

COUNT = {"launches": 0, "args": 0}
RECORD = None  # a list while the first forward records its launches


class _NoOpLaunch:
    """`kernel[grid]`: evaluates a callable grid (Triton does, on every launch) and counts; runs nothing."""
    __slots__ = ("jit", "grid")

    def __init__(self, jit, grid):
        self.jit, self.grid = jit, grid

    def __call__(self, *args, **kwargs):
        grid = self.grid(kwargs) if callable(self.grid) else self.grid
        COUNT["launches"] += 1
        COUNT["args"] += len(args) + len(kwargs)
        if RECORD is not None:
            RECORD.append((self.jit, grid, args, kwargs))
        return _NOOP_COMPILED


class _NoOpCompiled:
    """What `kernel[grid](...)` returns in Triton 3.3+, a CompiledKernel (host46: kwb_plan_call's replay calls its
    `run` launcher directly): run(grid0, grid1, grid2, stream, function, packed_metadata, launch_metadata,
    enter_hook, exit_hook, *bound_args) counts like the no-op launch and runs nothing."""
    function = packed_metadata = None

    def run(self, g0, g1, g2, stream, function, packed, md, enter, exit_, *args):
        COUNT["launches"] += 1
        COUNT["args"] += len(args)


_NOOP_COMPILED = _NoOpCompiled()


triton.JITFunction.__getitem__ = lambda self, grid: _NoOpLaunch(self, grid)


class _Ptr:
    """What a cached launch passes for a tensor argument: Triton reads data_ptr() (and dtype) only."""
    __slots__ = ("ptr", "dtype")

    def __init__(self, ptr, dtype):
        self.ptr, self.dtype = ptr, dtype

    def data_ptr(self):
        return self.ptr


def _storage_ptr(t):
    return t.untyped_storage().data_ptr() if hasattr(t, "untyped_storage") else t.storage().data_ptr()


def _extent_bytes(t):
    """Bytes from t's data_ptr to one past its last element."""
    if t.numel() == 0:
        return 0
    return (sum((n - 1) * st for n, st in zip(t.shape, t.stride())) + 1) * t.element_size()


class PlanCacheProto:
    """A prototype of a per-shape launch-plan cache for a whole forward, built from one recorded eager forward:
    every tensor argument of every launch is mapped to (an input, byte offset), (a forward-local buffer, byte
    offset) or a constant (a parameter, a kept buffer, a scalar); a replay checks the key (inputs' shapes,
    strides, dtypes), allocates one buffer per forward-local storage, builds each launch's argument tuple with
    _Ptr objects and launches; the result is an as_strided view of its buffer. What generated code would do
    without recording; here it measures the host cost of that replay (the launches are the bench's no-ops)."""

    def __init__(self, rec, inputs, result):
        self.key = self.key_of(inputs)
        in_ptrs = {}
        for i, x in enumerate(inputs):
            if isinstance(x, torch.Tensor):
                in_ptrs.setdefault(_storage_ptr(x), (i, x.data_ptr()))
        bufs = {}  # storage ptr -> [slot, base ptr (lowest data_ptr seen), end ptr]

        def note(t):
            sp = _storage_ptr(t)
            if sp in in_ptrs:
                return
            b = bufs.setdefault(sp, [len(bufs), t.data_ptr(), t.data_ptr(), t.dtype])
            b[1] = min(b[1], t.data_ptr())
            b[2] = max(b[2], t.data_ptr() + _extent_bytes(t))

        results = result if isinstance(result, (tuple, list)) else (result,)
        for _, _, args, kw in rec:
            for v in list(args) + list(kw.values()):
                if isinstance(v, torch.Tensor) and v.requires_grad is False and not isinstance(v, torch.nn.Parameter):
                    note(v)
        for r in results:
            note(r)

        def slot(v):
            if not isinstance(v, torch.Tensor):
                return ("const", v)
            sp = _storage_ptr(v)
            if sp in in_ptrs:
                i, base = in_ptrs[sp]
                return ("in", i, v.data_ptr() - base, v.dtype)
            if sp in bufs and not isinstance(v, torch.nn.Parameter):
                b = bufs[sp]
                return ("buf", b[0], v.data_ptr() - b[1], v.dtype)
            return ("const", v)

        self.nbytes = [0] * len(bufs)
        for b in bufs.values():
            self.nbytes[b[0]] = b[2] - b[1]
        self.in_dtypes = [x.dtype if isinstance(x, torch.Tensor) else None for x in inputs]
        self.buf_dtypes = [torch.uint8] * len(bufs)
        for b in bufs.values():
            if (b[2] - b[1]) % torch.empty((), dtype=b[3]).element_size() == 0:
                self.buf_dtypes[b[0]] = b[3]
        self.buf_numel = [n // torch.empty((), dtype=dt).element_size() for n, dt in zip(self.nbytes, self.buf_dtypes)]
        self.launches = []
        for jit, grid, args, kw in rec:
            self.launches.append((_NoOpLaunch(jit, grid), [slot(v) for v in args],
                                  [(k, slot(v)) for k, v in kw.items()]))
        self.results = []
        for r in results:
            sl = slot(r)
            self.results.append((sl, tuple(r.shape), r.stride(), r.element_size()))
        self.single = not isinstance(result, (tuple, list))
        self.compile()

    @staticmethod
    def key_of(inputs):
        return tuple((tuple(x.shape), x.stride(), x.dtype) if isinstance(x, torch.Tensor) else x for x in inputs)

    def compile(self):
        """One straight-line builder per launch (what generated code would hold): `lambda I, B: (args, kwargs)`
        with constants bound by name, inputs' and buffers' pointers read once per call."""
        self.builders = []
        for launch, slots, kwslots in self.launches:
            env = {"_Ptr": _Ptr}

            def expr(sl):
                if sl[0] == "const":
                    name = "c%d" % len(env)
                    env[name] = sl[1]
                    return name
                name = "d%d" % len(env)
                env[name] = sl[3]
                src = "I[%d]" % sl[1] if sl[0] == "in" else "B[%d]" % sl[1]
                own = self.in_dtypes[sl[1]] if sl[0] == "in" else self.buf_dtypes[sl[1]]
                if sl[2] == 0 and own == sl[3]:
                    return src  # the tensor itself: what the generated code passes in the common case
                return "_Ptr(%s.data_ptr() + %d, %s)" % (src, sl[2], name)

            args = ", ".join(expr(sl) for sl in slots)
            kw = ", ".join("%r: %s" % (k, expr(sl)) for k, sl in kwslots)
            self.builders.append((launch, eval("lambda I, B: ((%s,), {%s})" % (args, kw), env)))

    def __call__(self, inputs, check=None):
        if self.key_of(inputs) != self.key:
            raise KeyError("another shape: a real cache would plan it (eager forward) and keep it")
        bufs = [torch.empty(n, dtype=dt) for n, dt in zip(self.buf_numel, self.buf_dtypes)]
        for launch, build in self.builders:
            args, kw = build(inputs, bufs)
            if check is not None:
                check.append(args)
            launch(*args, **kw)
        outs = []
        for sl, shape, stride, esz in self.results:
            if sl[0] == "buf":
                b = bufs[sl[1]]
                outs.append((b if b.dtype == sl[3] else b.view(torch.uint8).view(sl[3])).as_strided(
                    shape, stride, sl[2] // esz))
            else:
                outs.append(inputs[sl[1]] if sl[0] == "in" else sl[1])
        return outs[0] if self.single else tuple(outs)


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def build(a):
    """(ModelNew, inputs) as tests/python/chain_emulate.py builds them (weights copied from Model)."""
    torch.manual_seed(0)
    ref = load(a.problem, "host_problem")
    if a.shrink:
        from chain_emulate import shrink
        shrink(ref)
    ker = load(a.kernel, "host_kernel")
    for setting in a.set:
        name, _, value = setting.partition("=")
        setattr(ker, name, eval(value))  # a module switch (kwb_memo_plans=False ...), the bench's own input
    init = ref.get_init_inputs()
    model = ref.Model(*init).eval()
    new = ker.ModelNew(*init).eval()
    sd = model.state_dict()
    if sd:
        new.load_state_dict(sd, strict=False)
    dtype = getattr(torch, a.dtype)
    inputs = [x.to(dtype) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in ref.get_inputs()]
    return ker, new, inputs


def count_aten(fn):
    """({aten op: calls}, [(shape, dtype) of each allocation]) of one fn() (TorchDispatchMode: what reaches the
    dispatcher, views included)."""
    from torch.utils._python_dispatch import TorchDispatchMode
    ops, allocs = {}, []

    class Count(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            name = str(func.overloadpacket.__name__)
            ops[name] = ops.get(name, 0) + 1
            out = func(*args, **(kwargs or {}))
            if name in ("empty", "empty_strided", "new_empty", "empty_like") and isinstance(out, torch.Tensor):
                allocs.append((tuple(out.shape), out.dtype))
            return out

    with Count():
        fn()
    return ops, allocs


def timed(fn, calls, rounds):
    """(min, median) us per call of fn over rounds of calls, gc off."""
    per = []
    gc.disable()
    try:
        for _ in range(rounds):
            t0 = time.perf_counter()
            for _ in range(calls):
                fn()
            per.append((time.perf_counter() - t0) / calls * 1e6)
    finally:
        gc.enable()
    return min(per), statistics.median(per)


def _dummy_lines():
    x = 0
    x += 1
    x += 1
    x += 1
    x += 1
    x += 1
    x += 1
    x += 1
    return x


def line_profile(fwd, func, kernel_file, n):
    """Per-line wall time of every frame of kernel.py's `func` over n forwards (sys.settrace 'line' events: a
    line is charged until the next line of that frame starts, callees included); the tracer's own cost per line
    event, measured on a function of trivial lines, is printed so that it can be read off."""
    times, hits, clock = {}, {}, time.perf_counter
    target = [func]

    def tracer(frame, event, arg):
        code = frame.f_code
        if event != "call" or code.co_name != target[0] or code.co_filename not in (kernel_file, __file__):
            return None
        state = [frame.f_lineno, clock()]

        def local(frame, event, arg):
            now = clock()
            if event in ("line", "return"):
                ln = state[0]
                times[ln] = times.get(ln, 0.0) + now - state[1]
                hits[ln] = hits.get(ln, 0) + 1
                state[0] = frame.f_lineno
                state[1] = clock()
            return local
        return local

    # calibration: the tracer on a function of 8 trivial lines (this file's _dummy_lines)
    target[0] = "_dummy_lines"
    sys.settrace(tracer)
    for _ in range(20000):
        _dummy_lines()
    sys.settrace(None)
    per_line = sum(times.values()) / max(sum(hits.values()), 1) * 1e6
    times.clear()
    hits.clear()
    target[0] = func
    sys.settrace(tracer)
    try:
        for _ in range(n):
            fwd()
    finally:
        sys.settrace(None)
    if not times:
        print("\n--lines %s: no frame of that function ran" % func)
        return
    src = open(kernel_file).read().splitlines()
    total = sum(times.values()) / n * 1e6
    print("\nlines of %s (us per forward incl. callees, hits per forward; the tracer adds ~%.2f us a line hit): "
          "total %.2f us" % (func, per_line, total))
    for ln in sorted(times, key=lambda k: -times[k])[:20]:
        print("  %8.2f us  %5.1f  %5d  %s" % (times[ln] / n * 1e6, hits[ln] / n, ln, src[ln - 1].strip()[:110]))


def classify(func_key, kernel_file):
    fname, _, name = func_key
    if fname == kernel_file:
        return "kernel.py plumbing (Python)"
    if fname == os.path.abspath(__file__):
        return "torch.empty pool (bench, --pool-empty)" if name == "pooled" else "no-op launcher (bench)"
    if fname.endswith(("fake_triton/triton/__init__.py", "fake_triton/triton/language.py")):
        return "fake triton (cdiv, next_power_of_2 ...)"
    if fname == "~":
        if "torch" in name or "Tensor" in name or "_TensorBase" in name:
            return "torch C calls (empty, views, stride, shape)"
        return "builtins (isinstance, len, tuple, dict)"
    if "torch" in fname:
        return "torch Python (Tensor wrappers, dispatch)"
    return "other Python"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kernel")
    ap.add_argument("problem")
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--shrink", action="store_true", help="shrink the problem's sizes as chain_emulate.py does")
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a kernel module switch")
    ap.add_argument("--pool-empty", action="store_true",
                    help="torch.empty served from a pool per (shape, dtype) while timing: stands in for CUDA's "
                         "caching allocator where CPU malloc of MB-sized tensors (mmap, trim) dominates")
    ap.add_argument("--lines", metavar="FUNC", action="append", default=[],
                    help="per-line time of a kernel.py function (inclusive of its callees), e.g. kwb_pointwise")
    ap.add_argument("--no-replay", action="store_true")
    ap.add_argument("--plan-cache", action="store_true", help="host46: also time the forward with the kernel's "
                    "launch-plan cache on (kwb_plan_cache; its replay through the no-op compiled launcher), rounds "
                    "interleaved with the cache off so that both see the same load; checks the replay ran")
    ap.add_argument("--no-profile", action="store_true")
    a = ap.parse_args()
    global RECORD

    ker, new, inputs = build(a)
    kernel_file = os.path.abspath(a.kernel)

    def fwd():
        with torch.no_grad():
            return new(*inputs)

    for _ in range(3):  # warm: plan memos, kept constants
        fwd()
    COUNT.update(launches=0, args=0)
    RECORD = []
    fwd()
    rec, RECORD = RECORD, None
    launches, nargs = COUNT["launches"], COUNT["args"]
    ops, allocs = count_aten(fwd)
    names = {}
    for jit, _, _, _ in rec:
        names[jit.__name__] = names.get(jit.__name__, 0) + 1
    print("kernel  %s" % a.kernel)
    print("problem %s  (%s%s)" % (a.problem, a.dtype, ", shrunk" if a.shrink else ", own sizes"))
    print("launches/forward %d  launch args/forward %d  kernels %s" % (
        launches, nargs, ", ".join("%s x%d" % kv for kv in sorted(names.items()))))
    print("aten ops/forward %d: %s" % (sum(ops.values()), ", ".join(
        "%s %d" % kv for kv in sorted(ops.items(), key=lambda kv: -kv[1]))))

    if a.pool_empty:  # launches are no-ops, so handing the same buffer out again changes no result that is read
        real_empty, pool = REAL_EMPTY, {}

        def pooled(*size, dtype=None, device=None, **kw):
            shape = tuple(size[0]) if len(size) == 1 and not isinstance(size[0], int) else tuple(size)
            key = (shape, dtype, device, tuple(sorted(kw.items())))
            t = pool.get(key)
            if t is None:
                t = pool[key] = real_empty(*size, dtype=dtype, device=device, **kw)
            return t

        real_empty_strided, spool = torch.empty_strided, {}

        def pooled_strided(size, stride, dtype=None, device=None, **kw):  # the plan cache's allocations
            key = (tuple(size), tuple(stride), dtype, device, tuple(sorted(kw.items())))
            t = spool.get(key)
            if t is None:
                t = spool[key] = real_empty_strided(size, stride, dtype=dtype, device=device, **kw)
            return t

        torch.empty = pooled
        torch.empty_strided = pooled_strided
        print("torch.empty / empty_strided pooled per (shape, dtype) while timing (--pool-empty)")
    fmin, fmed = timed(fwd, a.calls, a.rounds)
    per = max(launches, 1)
    print("forward  host us: min %.2f  median %.2f   per launch: min %.2f  median %.2f" % (
        fmin, fmed, fmin / per, fmed / per))
    if a.plan_cache:
        if not hasattr(ker, "kwb_plan_call"):
            print("plan     the kernel has no kwb_plan_call (generated without the plan cache)")
        else:
            off, on = [], []
            for _ in range(a.rounds):  # interleaved: both sides see the same machine load
                ker.kwb_plan_cache = False
                off.append(timed(fwd, a.calls, 1)[0])
                ker.kwb_plan_cache = True
                for _ in range(3):  # a key's eager call, its recorded call, a replay
                    fwd()
                path = new.__dict__.get("last_plan")
                on.append(timed(fwd, a.calls, 1)[0])
            ker.kwb_plan_cache = False
            print("plan     host us: off min %.2f median %.2f  on min %.2f median %.2f  (%.0f%% of off by min; "
                  "on ran %r)" % (min(off), statistics.median(off), min(on), statistics.median(on),
                                  100.0 * min(on) / min(off), path))

    if not a.no_replay and rec:
        # floor: what a per-shape launch-plan cache could leave: one torch.empty per output-like allocation the
        # forward makes (empty / empty_strided counted above) and the launches with their recorded arguments
        empties = allocs
        calls = [(_NoOpLaunch(j, g), args, kw) for j, g, args, kw in rec]

        def floor():
            for shape, dt in empties:
                torch.empty(shape, dtype=dt)
            for launch, args, kw in calls:
                launch(*args, **kw)

        def stub():
            for launch, args, kw in calls:
                launch(*args, **kw)

        def alloc():
            for shape, dt in empties:
                torch.empty(shape, dtype=dt)

        pmin, pmed = timed(floor, a.calls, a.rounds)
        amin, amed = timed(alloc, a.calls, a.rounds)
        smin, smed = timed(stub, a.calls, a.rounds)
        print("floor    host us: min %.2f  median %.2f   (%d torch.empty + the %d recorded launches)" % (
            pmin, pmed, len(empties), launches))
        print("stub     host us: min %.2f  median %.2f   (the no-op launcher alone: in every figure above)" % (
            smin, smed))
        print("alloc    host us: min %.2f  median %.2f   (the %d torch.empty alone: CPU malloc, not CUDA's caching "
              "allocator; large ones cost page mapping here)" % (amin, amed, len(empties)))
        print("plumbing host us: %.2f per forward, %.2f per launch (forward min - stub min - alloc min); a plan "
              "cache could save up to %.2f (forward min - floor min)" % (
                  fmin - smin - amin, (fmin - smin - amin) / per, fmin - pmin))

    if not a.no_replay and rec:
        # the plan-cache prototype: built from a recorded eager forward (the body, where the forward replays a graph)
        body = getattr(new, "_kwb_forward", None)
        pooled_empty, torch.empty = torch.empty, REAL_EMPTY  # built on real allocations: one storage per buffer
        RECORD = []
        with torch.no_grad():
            result = body(*inputs) if body is not None else new(*inputs)
        rec2, RECORD = RECORD, None
        proto = PlanCacheProto(rec2, inputs, result)
        # pointer check: fresh inputs (other addresses, same shapes); every argument the eager forward passes that
        # comes from an input or is a constant must be what the prototype passes; forward-local ones must be local
        fresh = [x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]
        RECORD = []
        with torch.no_grad():
            body(*fresh) if body is not None else new(*fresh)
        rec3, RECORD = RECORD, None
        got = []
        proto(fresh, check=got)
        agree = total = 0
        for (_, _, want, _), have, (_, sl, _) in zip(rec3, got, proto.launches):
            for w, h, s_ in zip(want, have, sl):
                if isinstance(w, torch.Tensor):
                    total += 1
                    if s_[0] == "buf":
                        agree += 1  # a forward-local buffer: a different allocation each call by design
                    elif s_[0] == "in":
                        agree += int(w.data_ptr() == h.data_ptr())
                    else:  # a constant: a parameter, a kept buffer or a view of one (a new view object each call)
                        agree += int(w.data_ptr() == h.data_ptr())
        print("proto    pointer check: %d of %d tensor arguments as the eager forward passes them (fresh inputs); "
              "%d forward-local buffers" % (agree, total, len(proto.nbytes)))
        torch.empty = pooled_empty
        qmin, qmed = timed(lambda: proto(inputs), a.calls, a.rounds)
        print("proto    host us: min %.2f  median %.2f   (plan-cache prototype: key check, %d buffers, one compiled "
              "argument builder a launch, the launches; saving against forward min %.2f = %.0f%%)" % (
                  qmin, qmed, len(proto.nbytes), fmin - qmin, 100 * (fmin - qmin) / fmin))

    for func in a.lines:
        line_profile(fwd, func, kernel_file, max(200, a.calls // 4))

    if not a.no_profile:
        n = max(200, a.calls // 4)
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(n):
            fwd()
        prof.disable()
        st = pstats.Stats(prof)
        total = sum(v[2] for v in st.stats.values())
        by = {}
        for key, v in st.stats.items():
            c = classify(key, kernel_file)
            by[c] = by.get(c, 0.0) + v[2]
        print("\nprofile: %d forwards, own time by class (cProfile's own overhead inflates Python calls):" % n)
        for c, t in sorted(by.items(), key=lambda kv: -kv[1]):
            print("  %5.1f%%  %8.2f us/forward  %s" % (100 * t / total, t / n * 1e6, c))
        print("\ntop %d by own time (us per forward, calls per forward):" % a.top)
        rows = sorted(st.stats.items(), key=lambda kv: -kv[1][2])[:a.top]
        for (fname, line, name), v in rows:
            where = "~" if fname == "~" else "%s:%d" % (os.path.basename(fname), line)
            print("  %8.2f us  %6.1f calls  cum %8.2f us  %s %s" % (
                v[2] / n * 1e6, v[1] / n, v[3] / n * 1e6, name, where))
        s = io.StringIO()
        st2 = pstats.Stats(prof, stream=s)
        st2.sort_stats("cumulative").print_stats(r"host_kernel|%s" % os.path.basename(a.kernel).replace(".", r"\."), 15)
        print("\ncumulative, kernel.py functions:")
        for ln in s.getvalue().splitlines():
            if kernel_file in ln or os.path.basename(a.kernel) in ln:
                print("  " + ln.strip())


if __name__ == "__main__":
    main()
