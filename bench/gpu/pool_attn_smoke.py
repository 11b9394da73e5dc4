#!/usr/bin/env python3
"""GPU smoke test of the pooling and attention Triton templates (resources/templates/kernels/
triton_{pool,attention}.py.tmpl), rendered here, without the C++ renderer, for the KernelBench level-1
problems 41, 43, 44, 46 (pooling) and 97 (scaled dot-product attention), plus a few extra cases that take
paths those five do not (flash attention at head dims 64/128/256, causal, 16-bit; 2-D pooling in bf16).

Usage (on the GPU machine, from the repository root):
    python3 bench/gpu/pool_attn_smoke.py [--quick] [--limit S] [--problems DIR] [--only a,b] [--no-extra]
                                         [--no-compile] [--no-variants]
--quick: batch dims cut to 2 (the problems' other dims as written); --limit: seconds per problem
(default 180, SIGALRM); --problems: the folder with the level-1 .py files (default: the first of
.gpu/problems/level1, shared/data/kernelbench/level1, ../shared/data/kernelbench/level1,
/work/shared/data/kernelbench/level1 that exists).

One process; per problem one line: the template's path, rel_err = ||out - ref|| / ||ref|| against the
eager Model computed in strict fp32 (TF32 off), then our latency, eager and torch.compile latency
(triton.testing.do_bench medians, TF32 on for all three: torch.backends.cuda.matmul.allow_tf32 =
torch.backends.cudnn.allow_tf32 = True), and for pooling the bytes one read of x and one write of the
output move over our time as a fraction of a device-to-device copy of x. Then one indented line per
variant of the kernel module's settings (POOL_VARIANTS, GEMM_VARIANTS, FLASH_VARIANTS): its rel_err and
latency against the default's; the variants run after every problem's main line (a full run takes
about 8 minutes on an H200 by estimate; --no-variants or --only shorten it). The extra cases skip torch.compile. Each problem runs in try/except: a
failure prints its error and the next problem runs. Lines are flushed as they come, the five problems
first, so a run cut short keeps what it measured.
"""
import argparse
import atexit
import importlib.util
import inspect
import math
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback

import torch
import torch.nn as nn

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TEMPLATES = os.path.join(ROOT, "resources", "templates", "kernels")
PROBLEMS = ["41_Max_Pooling_1D", "43_Max_Pooling_3D", "44_Average_Pooling_1D", "46_Average_Pooling_3D",
            "97_ScaledDotProductAttention"]
POOLS = {nn.MaxPool1d: ("max", 1), nn.MaxPool2d: ("max", 2), nn.MaxPool3d: ("max", 3),
         nn.AvgPool1d: ("avg", 1), nn.AvgPool2d: ("avg", 2), nn.AvgPool3d: ("avg", 3)}
T_START = time.time()
DEFERRED = []  # (label, fn): each problem's variants, run after every main line
TMP = tempfile.mkdtemp(prefix="kwb_pool_attn_smoke_")
atexit.register(shutil.rmtree, TMP, True)
_N = [0]


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout("per-problem time limit reached")


def load_file(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # the variants find the kernel module of a ModelNew through it
    spec.loader.exec_module(mod)
    return mod


def render(template, values):
    """The C++ renderer's substitution, in small: every {{NAME}} replaced (a missing one is an error)."""
    with open(os.path.join(TEMPLATES, template)) as f:
        text = f.read()
    text = re.sub(r"\{\{(\w+)\}\}", lambda m: str(values[m.group(1)]), text)
    _N[0] += 1
    path = os.path.join(TMP, "kernel_%d.py" % _N[0])
    with open(path, "w") as f:
        f.write(text)
    return load_file(path, "kwb_kernel_%d" % _N[0])


def signature_parts(cls):
    """INIT_PARAMS, INIT_STORE, FORWARD_PARAMS and the forward's argument names, from Model's signatures."""
    init = [p for p in inspect.signature(cls.__init__).parameters.values() if p.name != "self"]
    params = "".join(", %s" % p.name if p.default is inspect.Parameter.empty else ", %s=%r" % (p.name, p.default)
                     for p in init)
    store = "\n".join("        self._arg_%s = %s" % (p.name, p.name) for p in init) or "        pass"
    fwd = [p.name for p in inspect.signature(cls.forward).parameters.values() if p.name != "self"]
    return params, store, ", " + ", ".join(fwd), fwd


def tup(v, n):
    return tuple(int(e) for e in v) if isinstance(v, (tuple, list)) else (int(v),) * n


def render_problem(ref_mod, name):
    """The template for this problem by class: a pooling submodule, or scaled_dot_product_attention."""
    model = ref_mod.Model(*ref_mod.get_init_inputs())
    params, store, fwd_params, fwd = signature_parts(ref_mod.Model)
    shared = {"PROBLEM": name, "SPEC_SHA": "", "DESCRIPTION": "rendered by bench/gpu/pool_attn_smoke.py",
              "POLICY_NOTE": "rendered for a smoke test", "CONFIG_SUMMARY": "#   (smoke test rendering)",
              "INIT_PARAMS": params, "INIT_STORE": store, "FORWARD_PARAMS": fwd_params}
    for sub in model.modules():
        if type(sub) in POOLS:
            kind, n = POOLS[type(sub)]
            if getattr(sub, "return_indices", False):
                raise ValueError("return_indices=True: the template writes one output")
            stride = sub.stride if sub.stride is not None else sub.kernel_size
            vals = dict(shared, KERNEL="kwb_pool", X=fwd[0], POOL_KIND=kind, SPATIAL=n,
                        KERNEL_SIZE=tup(sub.kernel_size, n), STRIDE=tup(stride, n), PADDING=tup(sub.padding, n),
                        DILATION=tup(getattr(sub, "dilation", 1), n), CEIL_MODE=bool(sub.ceil_mode),
                        COUNT_INCLUDE_PAD=bool(getattr(sub, "count_include_pad", True)),
                        DIVISOR_OVERRIDE=getattr(sub, "divisor_override", None))
            return "pool", render("triton_pool.py.tmpl", vals)
    src = inspect.getsource(ref_mod.Model.forward)
    if "scaled_dot_product_attention" in src:
        causal = re.search(r"is_causal\s*=\s*True", src) is not None
        m = re.search(r"scale\s*=\s*([0-9.eE+-]+)", src)
        vals = dict(shared, KERNEL="kwb_attention", Q=fwd[0], K=fwd[1], V=fwd[2],
                    SCALE=repr(float(m.group(1))) if m else "None", CAUSAL=causal, K_REPEAT=False, V_REPEAT=False)
        return "attention", render("triton_attention.py.tmpl", vals)
    raise ValueError("neither a pooling module nor scaled_dot_product_attention")


def rel_err(got, want):
    got, want = got.float(), want.float()
    if got.shape != want.shape:
        return float("inf")
    return float((got - want).norm() / want.norm().clamp_min(1e-30))


def bench(fn):
    import triton
    return triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median") * 1e3


def tf32(on):
    torch.backends.cuda.matmul.allow_tf32 = on
    torch.backends.cudnn.allow_tf32 = on


POOL_VARIANTS = [  # module settings of the pooling kernel timed next to its defaults (one line each)
    {"W_TAP_AXIS": True}, {"W_TAP_AXIS": False}, {"FAST_INTERIOR": False}, {"NUM_WARPS": 8}, {"TILE": 2048, "LOAD_ELEMS": 8192, "NUM_WARPS": 8},
    {"TILE": 512, "LOAD_ELEMS": 2048}, {"BLOCK_W_MAX": 32}, {"D_SLIDE": False}, {"D_SLIDE_PLANES": 16},
]
GEMM_VARIANTS = [  # the materialised path: separate softmax, fused tiles, GEMM tiles, chunk budget
    {"STAGE_V": False}, {"FUSED_SOFTMAX": False}, {"FUSED_P_FP16": True}, {"FUSED_CONFIGS": [(32, 4, 2), (16, 4, 1)]}, {"FUSED_CONFIGS": [(128, 8, 2), (64, 8, 2)]},
    {"GEMM_CONFIGS": [(128, 256, 8, 3), (64, 64, 4, 2)]}, {"GEMM_CONFIGS": [(64, 128, 4, 4), (64, 64, 4, 2)]},
    {"S_BUDGET_BYTES": 256 << 20},
    # chunks whose P stays in L2 between the scores and the P.V kernels (H200: 50 MB of L2), more launches
    {"S_BUDGET_BYTES": 32 << 20}, {"S_BUDGET_BYTES": 16 << 20}, {"S_BUDGET_BYTES": 16 << 20, "FUSED_P_FP16": True},
]
FLASH_VARIANTS = [{"STAGE_V": False}] + [  # flash tiles (BLOCK_M, BLOCK_N, warps, stages) in place of the table's
    {"FLASH_CONFIGS": {}, "FLASH_FALLBACK": [cfg]} for cfg in ((128, 128, 8, 3), (128, 64, 8, 2), (64, 64, 4, 3))
]


def run_case(label, kind, ours, ref_model, inputs, do_compile, variants=True):
    """Check ours against ref_model (strict fp32) and time ours, eager and torch.compile (TF32 on); print
    one line, then one line per variant of the kernel module's settings."""
    fields = [label]
    t0 = time.time()
    with torch.no_grad():
        tf32(False)
        want = ref_model(*inputs)
        tf32(True)
        got = ours(*inputs)
        torch.cuda.synchronize()
        fields.append("path=%s" % getattr(ours, "last_path", "?"))
        if kind == "pool":
            fields.append("w_taps=%s" % getattr(ours, "last_w_taps", "?"))
        fields.append("grid=%s" % getattr(ours, "last_grid_blocks", "?"))
        if getattr(ours, "last_path", "") == "flash":
            fields.append("staged_v=%s" % ours.last_staged_v)
        if getattr(ours, "last_path", "") == "materialised":
            fields.append("fused_softmax=%s staged_v=%s" % (ours.last_fused_softmax, ours.last_staged_v))
            if ours.last_fallback:
                fields.append("FALLBACK(%s)" % ours.last_fallback.replace(" ", "_")[:200])
        fields.append("rel_err=%.3e" % rel_err(got, want))
        nbytes = sum(t.numel() * t.element_size() for t in inputs if torch.is_tensor(t)) + want.numel() * want.element_size()
        out_shape = list(want.shape)
        del got
        us = bench(lambda: ours(*inputs))
        fields.append("ours_us=%.1f" % us)
        eager = bench(lambda: ref_model(*inputs))
        fields.append("eager_us=%.1f" % eager)
        if do_compile:
            try:
                comp = torch.compile(ref_model)
                comp(*inputs)
                fields.append("compile_us=%.1f" % bench(lambda: comp(*inputs)))
            except Timeout:
                raise
            except Exception as e:  # noqa: BLE001 -- torch.compile's own failure is reported, not fatal
                fields.append("compile=error(%s)" % str(e).splitlines()[0][:120])
        fields.append("speedup_vs_eager=%.2fx" % (eager / us))
        copy_tbps = None
        if kind == "pool":
            x = max((t for t in inputs if torch.is_tensor(t)), key=lambda t: t.numel())
            dst = torch.empty_like(x)
            copy_us = bench(lambda: dst.copy_(x))
            copy_tbps = 2 * x.numel() * x.element_size() / copy_us / 1e6
            del dst
            fields.append("TBps=%.2f copy_TBps=%.2f pct_of_copy=%.0f%%" % (nbytes / us / 1e6, copy_tbps,
                                                                      100.0 * nbytes / us / 1e6 / copy_tbps))
        else:
            q, k, v = inputs[:3]
            flops = 2.0 * (q.numel() / q.shape[-1]) * k.shape[-2] * (q.shape[-1] + v.shape[-1])  # causal: half is skipped
            fields.append("TFLOPs=%.1f MBytes=%.0f out=%s" % (flops / us / 1e6, nbytes / 1e6, out_shape))
        print("%s %.0fs" % (" ".join(fields), time.time() - t0), flush=True)
    if not variants:
        return None
    return lambda: run_variants(label, kind, ours, inputs, want, us, nbytes, copy_tbps)


def run_variants(label, kind, ours, inputs, want, us, nbytes, copy_tbps):
    """One line per variant of the kernel module's settings: rel_err and latency against the default's."""
    with torch.no_grad():
        tf32(True)
        mod = sys.modules[type(ours).__module__]
        if kind == "pool":
            todo = POOL_VARIANTS
        elif getattr(ours, "last_path", "") == "materialised":
            todo = GEMM_VARIANTS
        else:
            todo = FLASH_VARIANTS
        for settings in todo:
            old = {k: getattr(mod, k) for k in settings}
            line = ["  %s variant %s" % (label, ",".join("%s=%s" % kv for kv in settings.items()).replace(" ", ""))]
            try:
                for k, v in settings.items():
                    setattr(mod, k, v)
                if hasattr(mod, "_CHOSEN"):
                    mod._CHOSEN.clear()
                got = ours(*inputs)
                torch.cuda.synchronize()
                line.append("path=%s" % getattr(ours, "last_path", "?"))
                if getattr(ours, "last_path", "") == "materialised":
                    line.append("fused_softmax=%s staged_v=%s" % (ours.last_fused_softmax, ours.last_staged_v))
                if kind == "pool":
                    line.append("w_taps=%s" % getattr(ours, "last_w_taps", "?"))
                line.append("rel_err=%.3e" % rel_err(got, want))
                del got
                vus = bench(lambda: ours(*inputs))
                line.append("ours_us=%.1f vs_default=%.2fx" % (vus, us / vus))
                if copy_tbps:
                    line.append("pct_of_copy=%.0f%%" % (100.0 * nbytes / vus / 1e6 / copy_tbps))
            except Timeout:
                raise
            except Exception as e:  # noqa: BLE001 -- a variant's failure is reported, not fatal
                line.append("ERROR %s: %s" % (type(e).__name__, str(e).splitlines()[0][:200] if str(e) else ""))
            finally:
                for k, v in old.items():
                    setattr(mod, k, v)
                for cache in ("_CHOSEN", "_FUSED_FAILED"):  # a variant's choices and failures are its own
                    if hasattr(mod, cache):
                        getattr(mod, cache).clear()
            print(" ".join(line), flush=True)


def problem_dir(arg):
    cands = [arg] if arg else [os.path.join(ROOT, ".gpu", "problems", "level1"),
                               os.path.join(ROOT, "shared", "data", "kernelbench", "level1"),
                               os.path.join(ROOT, "..", "shared", "data", "kernelbench", "level1"),
                               "/work/shared/data/kernelbench/level1"]
    for c in cands:
        if c and os.path.isdir(c):
            return c
    return None


class SDPA(nn.Module):
    def __init__(self, causal, scale=None):
        super().__init__()
        self.causal, self.scale = causal, scale

    def forward(self, q, k, v):
        if self.scale is None:
            return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=self.causal)
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=self.causal, scale=self.scale)


class Pool(nn.Module):
    def __init__(self, fn, **kw):
        super().__init__()
        self.fn, self.kw = fn, kw

    def forward(self, x):
        return self.fn(x, **self.kw)


def extra_cases(quick):
    """Paths the five problems do not take: (label, kind, template values, reference module, inputs)."""
    b = 2 if quick else 16
    cases = []
    for d, dtype, causal, lq, lk in ((64, torch.float32, False, 1024, 1024), (128, torch.bfloat16, True, 2048, 2048),
                                     (256, torch.float32, True, 512, 700), (128, torch.float16, False, 1000, 3000)):
        vals = {"KERNEL": "kwb_attention", "Q": "Q", "K": "K", "V": "V", "SCALE": "None", "CAUSAL": causal,
                "K_REPEAT": False, "V_REPEAT": False, "FORWARD_PARAMS": ", Q, K, V"}
        ins = [torch.randn(b, 8, lq, d, dtype=dtype), torch.randn(b, 8, lk, d, dtype=dtype),
               torch.randn(b, 8, lk, d, dtype=dtype)]
        cases.append(("extra_flash_d%d_%s_%s_Lq%d_Lk%d" % (d, str(dtype)[6:], "causal" if causal else "full", lq, lk),
                      "attention", "triton_attention.py.tmpl", vals, SDPA(causal), ins))
    x = torch.randn(b * 4, 64, 112, 112, dtype=torch.bfloat16)
    vals = {"KERNEL": "kwb_pool", "X": "x", "POOL_KIND": "max", "SPATIAL": 2, "KERNEL_SIZE": (3, 3), "STRIDE": (2, 2),
            "PADDING": (1, 1), "DILATION": (1, 1), "CEIL_MODE": False, "COUNT_INCLUDE_PAD": True,
            "DIVISOR_OVERRIDE": None, "FORWARD_PARAMS": ", x"}
    cases.append(("extra_maxpool2d_bf16_resnet_stem", "pool", "triton_pool.py.tmpl", vals,
                  Pool(torch.nn.functional.max_pool2d, kernel_size=3, stride=2, padding=1), [x]))
    vals = dict(vals, POOL_KIND="avg", CEIL_MODE=True, COUNT_INCLUDE_PAD=False)
    cases.append(("extra_avgpool2d_bf16_ceil_nopad", "pool", "triton_pool.py.tmpl", vals,
                  Pool(torch.nn.functional.avg_pool2d, kernel_size=3, stride=2, padding=1, ceil_mode=True,
                       count_include_pad=False), [x]))
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--limit", type=int, default=180)
    ap.add_argument("--problems")
    ap.add_argument("--only", default="")
    ap.add_argument("--no-extra", action="store_true")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--no-variants", action="store_true")
    args = ap.parse_args()
    import triton
    print("pool_attn_smoke: gpu=%s torch=%s triton=%s quick=%s" % (
        torch.cuda.get_device_name() if torch.cuda.is_available() else "none", torch.__version__,
        triton.__version__, args.quick), flush=True)
    if not torch.cuda.is_available():
        print("pool_attn_smoke: no CUDA device; nothing to do")
        return 2
    signal.signal(signal.SIGALRM, _alarm)
    only = [s for s in args.only.split(",") if s]
    pdir = problem_dir(args.problems)
    if pdir is None:
        print("pool_attn_smoke: no KernelBench level1 folder found (give --problems DIR)", flush=True)
    failures = 0
    todo = []
    for name in PROBLEMS:
        todo.append(("problem", name))
    if not args.no_extra:
        todo.append(("extra", None))
    for what, name in todo:
        if what == "extra":
            for label, kind, template, vals, ref_model, ins in extra_cases(args.quick):
                if only and not any(o in label for o in only):
                    continue
                failures += run_guarded(label, args, lambda: extra_setup(label, kind, template, vals, ref_model, ins))
            continue
        if only and not any(o in name for o in only):
            continue
        if pdir is None:
            print("%s ERROR no problem folder" % name, flush=True)
            failures += 1
            continue
        failures += run_guarded(name, args, lambda: problem_setup(pdir, name, args.quick))
    # the variants after every problem's main line, so that a run cut short has all of those
    while DEFERRED:
        label, fn = DEFERRED.pop(0)
        failures += run_guarded(label + "_variants", args, None, fn)
    print("pool_attn_smoke: done, %d failed, %.0f s" % (failures, time.time() - T_START), flush=True)
    return 1 if failures else 0


def problem_setup(pdir, name, quick):
    ref_mod = load_file(os.path.join(pdir, name + ".py"), "ref_" + name)
    kind, mod = render_problem(ref_mod, name)
    torch.manual_seed(0)
    if hasattr(torch.device("cpu"), "__enter__"):  # torch >= 2.0: draw the inputs on the GPU (GBs at these shapes)
        with torch.device("cuda"):
            inputs = ref_mod.get_inputs()
    else:
        inputs = ref_mod.get_inputs()
    if quick:
        inputs = [t.narrow(0, 0, min(2, t.shape[0])).contiguous() if torch.is_tensor(t) and t.dim() > 0 else t
                  for t in inputs]
    inputs = [t.cuda() if torch.is_tensor(t) else t for t in inputs]
    init = ref_mod.get_init_inputs()
    return kind, mod.ModelNew(*init).cuda(), ref_mod.Model(*init).cuda().eval(), inputs


def extra_setup(label, kind, template, vals, ref_model, ins):
    values = {"PROBLEM": label, "SPEC_SHA": "", "DESCRIPTION": "smoke test extra case", "POLICY_NOTE": "a smoke test",
              "CONFIG_SUMMARY": "#   (smoke test rendering)", "INIT_PARAMS": "", "INIT_STORE": "        pass"}
    values.update(vals)
    mod = render(template, values)
    return kind, mod.ModelNew().cuda(), ref_model.cuda(), [t.cuda() for t in ins]


SAFE_SETTINGS = {  # the newest parts of each template off: tried once when the defaults fail on a problem
    "pool": {"D_SLIDE": False, "FAST_INTERIOR": False, "W_TAP_AXIS": False},
    "attention": {"FUSED_SOFTMAX": False, "STAGE_V": False},
}


def run_guarded(label, args, setup, deferred=None):
    t0 = time.time()
    signal.alarm(args.limit)
    made = None
    try:
        if deferred is not None:
            deferred()
            return 0
        made = kind, ours, ref_model, inputs = setup()
        extra = label.startswith("extra_")
        deferred = run_case(label, kind, ours, ref_model, inputs, not args.no_compile and not extra, not args.no_variants)
        if deferred is not None:
            DEFERRED.append((label, deferred))
        return 0
    except BaseException as e:  # noqa: BLE001 -- one problem's failure must not stop the others
        if isinstance(e, KeyboardInterrupt):
            raise
        print("%s ERROR %s: %s (%.0fs)" % (label, type(e).__name__, str(e).splitlines()[0][:300] if str(e) else "",
                                            time.time() - t0), flush=True)
        traceback.print_exc(limit=4, file=sys.stdout)
        if made is not None and not isinstance(e, Timeout):
            kind, ours, ref_model, inputs = made
            safe = SAFE_SETTINGS.get(kind, {})
            mod = sys.modules.get(type(ours).__module__)
            if safe and mod is not None:
                try:
                    for k, v in safe.items():
                        setattr(mod, k, v)
                    run_case(label + "_safe(%s)" % ",".join("%s=%s" % kv for kv in safe.items()), kind, ours,
                             ref_model, inputs, False, False)
                except BaseException as e2:  # noqa: BLE001
                    if isinstance(e2, KeyboardInterrupt):
                        raise
                    print("%s_safe ERROR %s: %s" % (label, type(e2).__name__,
                                                     str(e2).splitlines()[0][:300] if str(e2) else ""), flush=True)
        return 1
    finally:
        signal.alarm(0)
        try:
            torch.cuda.synchronize()
            torch.cuda.empty_cache()
        except Exception:  # noqa: BLE001
            pass


if __name__ == "__main__":
    sys.exit(main())
