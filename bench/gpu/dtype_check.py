"""The generated row-norm kernels in fp16 and bf16 at the problem's own size (issue 6: the one-pass path's
16-byte-aligned chunks are 8 elements a vector in these dtypes, and until session 6 they had run only at the
harness's small dtype cases).

Usage (GPU machine): python3 dtype_check.py WORKSPACE... > out.jsonl
Per workspace and dtype, one JSON line: the kernel's output against the reference Model run in fp32 on the
same (rounded) inputs -- max abs error over max |reference| ("scaled_err") and the fraction of elements off
by more than the dtype's tolerance (atol = rtol = 1e-2 fp16, 5e-2 bf16) -- and do_bench median µs of the
kernel and of a device copy of the input in that dtype (warmup 100 ms, rep 400 ms).
"""
import importlib.util
import json
import os
import sys

import torch
import triton

TOL = {torch.float16: 1e-2, torch.bfloat16: 5e-2}


def load(ws, name):
    spec = importlib.util.spec_from_file_location("%s_%s" % (name, os.path.basename(ws)), os.path.join(ws, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bench(fn):
    return triton.testing.do_bench(fn, warmup=100, rep=400, return_mode="median") * 1e3


for ws in sys.argv[1:]:
    ws = os.path.normpath(ws)
    ref, ker = load(ws, "reference"), load(ws, "kernel")
    torch.manual_seed(0)
    for dt in (torch.float16, torch.bfloat16):
        row = {"ws": os.path.basename(ws), "dtype": str(dt)}
        try:
            inputs = [a.cuda().to(dt) if isinstance(a, torch.Tensor) and a.is_floating_point() else a for a in ref.get_inputs()]
            model = ref.Model(*ref.get_init_inputs()).cuda()
            new = ker.ModelNew(*ref.get_init_inputs()).cuda()
            if hasattr(new, "load_state_dict"):
                new.load_state_dict(model.state_dict(), strict=False)
            with torch.no_grad():
                want = model(*[a.float() if isinstance(a, torch.Tensor) and a.is_floating_point() else a for a in inputs])
                got = new(*inputs)
                torch.cuda.synchronize()
                tol = TOL[dt]
                diff = (got.float() - want).abs()
                row["out_dtype"] = str(got.dtype)
                row["scaled_err"] = float(diff.max() / want.abs().max().clamp_min(1e-30))
                row["frac_off"] = float((diff > tol + tol * want.abs()).float().mean())
                row["nan"] = bool(torch.isnan(got).any())
                del got, diff, want
                row["us"] = bench(lambda: new(*inputs))
            big = max((a for a in inputs if isinstance(a, torch.Tensor)), key=lambda a: a.numel())
            dst = torch.empty_like(big)
            row["copy_us"] = bench(lambda: dst.copy_(big))
            row["pct_of_copy"] = 100.0 * row["copy_us"] / row["us"]
            row["grid_blocks"] = getattr(new, "last_grid_blocks", None)
        except Exception as e:  # noqa: BLE001 -- one case failing must not hide the others
            row["error"] = "%s: %s" % (type(e).__name__, str(e)[:300])
        print(json.dumps(row), flush=True)
        torch.cuda.empty_cache()
