#!/usr/bin/env python3
"""GPU smoke test of the generated Triton goldens (run by hand on a CUDA machine; not part of ctest).

    python gpu_triton_smoke.py DIR [--out results.json] [--sweep]

Imports every DIR/*.triton.golden.py, runs ModelNew against a PyTorch reference on boundary shapes
(0, 1, tile-1, tile, tile+1 elements, a 2-D odd shape, a transposed non-contiguous input),
fp32/bf16/fp16, one case past 2**31 elements (int64 offsets), and with --sweep times relu at the
KernelBench size for several BLOCK_SIZE/num_warps pairs. Prints and writes JSON.
"""
import argparse
import glob
import importlib.util
import json
import os
import sys

import torch
import torch.nn.functional as F


def many_ops_ref(x, y, b, e):
    t0 = F.hardsigmoid(x)
    t1 = F.hardtanh(t0, -0.5, 0.5)
    t2 = F.softplus(y, 2.0, 10.0)
    t3 = F.elu(t2, 1.5)
    t4 = F.selu(x)
    t5 = torch.pow(x, 3)
    t6 = torch.pow(y, e)
    t8 = torch.where(x > 0.0, t5, t6)
    t9 = torch.minimum(t8, b)
    t10 = F.gelu(t9, approximate="tanh")
    t12 = torch.sub(torch.tanh(t10), t4, alpha=2.0)
    t13 = torch.clamp(t12, min=-3.0)
    return F.silu(1.0 / t13 + t1 + t3)


REFS = {
    "relu": (lambda x: torch.relu(x), 1),
    "leaky_relu": (lambda x: F.leaky_relu(x, 0.01), 1),
    "swish": (lambda x: x * torch.sigmoid(x), 1),
    "gelu": (lambda x: F.gelu(x), 1),
    "scalar_mul": (lambda a, s: a * s, "scalar"),
    "many_ops": (many_ops_ref, "many"),
}


def load(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path).replace(".", "_"), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rel_err(out, ref):
    out, ref = out.double(), ref.double()
    fin = torch.isfinite(ref)
    if not bool(torch.equal(torch.isfinite(out), fin)):
        return float("inf")
    d = (out[fin] - ref[fin]).norm()
    n = ref[fin].norm()
    return float(d / n) if float(n) > 0 else float(d)


def inputs_for(kind, shape, dtype, transposed=False):
    g = torch.Generator(device="cuda").manual_seed(0)
    def t():
        if transposed:
            return (torch.randn(shape[::-1], device="cuda", dtype=torch.float32, generator=g) * 3).to(dtype).t()
        return (torch.randn(shape, device="cuda", dtype=torch.float32, generator=g) * 3).to(dtype)
    if kind == 1:
        return [t()]
    if kind == "scalar":
        return [t(), 3.14]
    return [t(), t().abs() + 0.1, torch.tensor([0.75], device="cuda", dtype=dtype), 2.0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--out", default=None)
    ap.add_argument("--sweep", action="store_true")
    ns = ap.parse_args()
    import triton
    res = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__, "triton": triton.__version__,
           "cases": [], "sweep": []}
    failures = 0
    for path in sorted(glob.glob(os.path.join(ns.dir, "*.triton.golden.py"))):
        name = os.path.basename(path).split(".")[0]
        ref_fn, kind = REFS[name]
        mod = load(path)
        model = mod.ModelNew()
        tile = mod.BLOCK_SIZE
        shapes = [(0,), (1,), (tile - 1,), (tile,), (tile + 1,), (3, 1000), (513, 259)]
        for dtype in (torch.float32, torch.bfloat16, torch.float16):
            for shape in shapes:
                for transposed in ((False, True) if len(shape) == 2 else (False,)):
                    args = inputs_for(kind, shape, dtype, transposed)
                    try:
                        out = model(*args)
                        torch.cuda.synchronize()
                        up = [a.float() if torch.is_tensor(a) else a for a in args]
                        ref = ref_fn(*up)
                        err = rel_err(out, ref) if out.numel() else 0.0
                        ok = out.dtype == dtype and out.shape == ref.shape and err < (1e-5 if dtype == torch.float32 else 1e-2)
                        expect_grid = triton.cdiv(out.numel(), tile)
                        ok = ok and model.last_grid_blocks == expect_grid
                        row = {"kernel": name, "dtype": str(dtype), "shape": list(shape), "transposed": transposed,
                               "rel_err": err, "grid": model.last_grid_blocks, "ok": bool(ok)}
                    except Exception as e:  # report, keep going
                        row = {"kernel": name, "dtype": str(dtype), "shape": list(shape), "transposed": transposed,
                               "ok": False, "error": "%s: %s" % (type(e).__name__, str(e)[:300])}
                    failures += 0 if row["ok"] else 1
                    res["cases"].append(row)
    # int64 offsets: 2**31 + 4099 bf16 elements through relu
    try:
        mod = load(os.path.join(ns.dir, "relu.triton.golden.py"))
        x = torch.randn(2**31 + 4099, device="cuda", dtype=torch.bfloat16)
        out = mod.ModelNew()(x)
        ok = bool(torch.equal(out, torch.relu(x)))
        res["cases"].append({"kernel": "relu", "dtype": "bfloat16", "shape": [x.numel()], "int64": True, "ok": ok})
        failures += 0 if ok else 1
        del x, out
    except Exception as e:
        res["cases"].append({"kernel": "relu", "int64": True, "ok": False, "error": str(e)[:300]})
        failures += 1
    torch.cuda.empty_cache()
    if ns.sweep:
        mod = load(os.path.join(ns.dir, "relu.triton.golden.py"))
        x = torch.randn(4096, 393216, device="cuda")
        model = mod.ModelNew()
        nbytes = 2 * x.numel() * 4
        def timeit(fn, iters=20):
            fn()
            torch.cuda.synchronize()
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            for _ in range(iters):
                fn()
            e.record()
            torch.cuda.synchronize()
            return s.elapsed_time(e) / iters * 1000.0  # us
        t = timeit(lambda: torch.relu(x))
        res["sweep"].append({"config": "torch.relu", "latency_us": t, "GBps": nbytes / t / 1e3})
        for bs, nw in ((1024, 4), (1024, 8), (2048, 4), (2048, 8), (4096, 8), (4096, 16), (8192, 16)):
            mod.BLOCK_SIZE, mod.NUM_WARPS = bs, nw
            t = timeit(lambda: model(x))
            res["sweep"].append({"config": "BLOCK_SIZE=%d num_warps=%d" % (bs, nw), "latency_us": t, "GBps": nbytes / t / 1e3})
    res["failures"] = failures
    text = json.dumps(res, indent=1)
    print(text)
    if ns.out:
        with open(ns.out, "w") as f:
            f.write(text)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
