#!/usr/bin/env python3
"""cast38 (session 38, issue 14 "a dtype conversion is a load or store conversion"): old (main) vs new (branch
cast38) generated kernel.py of four problems, against torch eager and torch.compile, in one process.

  a05    probe23 a05: fp16 x + residual, RMSNorm in fp32; returns (y fp16, x + residual fp16). Old: both outputs
         stored fp32, then two kwb_as_dtype copies at the return (4 launches); new: each launch stores fp16 (2).
  gelu   tuple_bf16_bias_gelu_preact: bf16 h = x + b; returns (gelu(h.float()).to(bf16), h). Old 4, new 2.
  deq    trial26 06_int8_dequant: (w_q.to(fp16) - zero[:, None]) * scale[:, None]. Old: the int8 -> fp32 copy
         launch, a kwb_to_fp32(scale) copy and the dequant (3); new: one launch reading int8.
  u8n    uint8_image_normalize: (img.float() - mean.view(1,-1,1,1)) / std.view(...). Old 3, new 1.
t20_bf16_rmsnorm_gate and t22_l1_rmsnorm_manual_fp16 render byte-identical kernels on both (not run here).

Each row: correctness first (every output: dtype equal to eager's, max|y - ref| / max|ref| <= 1e-2), then
triton.testing.do_bench (median ms) of eager, torch.compile, old, new; CUDA kernels per forward counted with
torch.profiler. Needs only torch + triton. usage: python3 cast38/ab.py [--budget 80] [--no-compile]
"""
import argparse
import importlib.util
import os
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
T0 = time.time()
ROWS = [("a05", "a05_FusedAddRMSNorm_fp16_ResidualTuple"), ("gelu", "tuple_bf16_bias_gelu_preact"),
        ("deq", "06_int8_dequant"), ("u8n", "uint8_image_normalize")]


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def outs(y):
    return list(y) if isinstance(y, (tuple, list)) else [y]


def rel(y, r):
    y, r = y.float(), r.float()
    return ((y - r).abs().max() / r.abs().max().clamp_min(1e-30)).item()


def bench(fn, rep):
    from triton.testing import do_bench
    try:
        return do_bench(fn, warmup=max(5, rep // 4), rep=rep, return_mode="median")
    except TypeError:
        return do_bench(fn, warmup=max(5, rep // 4), rep=rep)


def kernels(fn):
    from torch.profiler import ProfilerActivity, profile
    fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    n = 0
    for e in prof.events():
        dev = getattr(e, "device_type", None)
        if dev is not None and "CUDA" in str(dev):
            n += 1
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=80.0)
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--rep", type=int, default=100)
    ap.add_argument("--only", default="")
    ap.add_argument("--cpu", action="store_true", help="fake Triton on PYTHONPATH: load, shrink, check numbers only")
    a = ap.parse_args()
    dev = torch.device("cpu" if a.cpu else "cuda")
    print("device:", "cpu (emulated, nothing timed)" if a.cpu else torch.cuda.get_device_name(0), "torch",
          torch.__version__, flush=True)
    table = []
    for tag, name in ROWS:
        if a.only and tag not in a.only.split(","):
            continue
        left = a.budget - (time.time() - T0)
        if left < 8:
            print(f"{tag}: skipped, budget spent", flush=True)
            continue
        torch.manual_seed(0)
        prob = load(os.path.join(HERE, "problems", name + ".py"), "p_" + tag)
        if a.cpu:  # small sizes for the emulation (the dequant's are literal: loaded, not run)
            for g, v in (("tokens", 8), ("seq_len", 8), ("batch", 2), ("height", 5), ("width", 7)):
                if hasattr(prob, g):
                    setattr(prob, g, v)
        model = prob.Model(*prob.get_init_inputs()).to(dev).eval()
        inputs = [x.to(dev) if torch.is_tensor(x) else x for x in prob.get_inputs()]
        cands = {}
        for which in ("old", "new"):
            k = load(os.path.join(HERE, which, name + ".py"), f"k_{which}_{tag}")
            m = k.ModelNew(*prob.get_init_inputs()).to(dev).eval()
            m.load_state_dict(model.state_dict(), strict=False)
            cands[which] = m
        row = {"tag": tag}
        if a.cpu and tag == "deq":
            print(f"{tag}: loaded (not run on the CPU: literal 4096 x 4096)", flush=True)
            continue
        with torch.no_grad():
            ref = outs(model(*inputs))
            ok = True
            for which, m in cands.items():
                got = outs(m(*inputs))
                errs = [rel(g, r) if g.dtype == r.dtype and g.shape == r.shape else float("inf")
                        for g, r in zip(got, ref)]
                dts = [str(g.dtype).replace("torch.", "") for g in got]
                good = len(got) == len(ref) and all(e <= 1e-2 for e in errs)
                ok = ok and good
                row[which + "_err"] = max(errs)
                print(f"{tag} {which}: {'PASS' if good else 'FAIL'} rel_err per output "
                      f"{['%.2e' % e for e in errs]} dtypes {dts} (eager {[str(r.dtype).replace('torch.', '') for r in ref]})",
                      flush=True)
            if a.cpu:
                continue
            row["eager"] = bench(lambda: model(*inputs), a.rep)
            row["k_eager"] = kernels(lambda: model(*inputs))
            row["compile"] = float("nan")
            row["k_compile"] = -1
            if not a.no_compile and a.budget - (time.time() - T0) > 25:
                try:
                    cm = torch.compile(model)
                    cref = outs(cm(*inputs))
                    cerr = max(rel(c, r) for c, r in zip(cref, ref))
                    row["compile"] = bench(lambda: cm(*inputs), a.rep)
                    row["k_compile"] = kernels(lambda: cm(*inputs))
                    print(f"{tag} compile: rel_err {cerr:.2e}", flush=True)
                except Exception as e:  # noqa: BLE001 -- a compile failure is a row note, not the end of the run
                    print(f"{tag} compile: failed {type(e).__name__}: {str(e)[:200]}", flush=True)
            for which, m in cands.items():
                if not ok:
                    row[which] = float("nan")
                    row["k_" + which] = -1
                    continue
                row[which] = bench(lambda: m(*inputs), a.rep)
                row["k_" + which] = kernels(lambda: m(*inputs))
        table.append(row)
        print(f"{tag}: done at {time.time() - T0:.1f} s", flush=True)
    print()
    print("| problem | eager ms (kernels) | compile ms (kernels) | old ms (kernels) | new ms (kernels) | new/old | "
          "compile/new (>1: new faster) |")
    print("|---|---|---|---|---|---|---|")
    for r in table:
        def c(k):
            return f"{r[k]:.4f} ({r['k_' + k]})"
        print(f"| {r['tag']} | {c('eager')} | {c('compile')} | {c('old')} | {c('new')} | "
              f"{r['new'] / r['old']:.3f} | {r['compile'] / r['new']:.3f} |")
    print(f"total {time.time() - T0:.1f} s")


if __name__ == "__main__":
    main()
