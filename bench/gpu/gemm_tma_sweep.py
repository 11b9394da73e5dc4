"""cuBLAS vs the generated Triton GEMM's pointer kernel vs its Hopper TMA + persistent variant
(resources/templates/kernels/triton_gemm.py.tmpl, GEMM_IMPL = "pointer" | "tma_persistent"), one process.

Usage (GPU machine, repository root): timeout 200 python3 bench/gpu/gemm_tma_sweep.py [--out FILE.jsonl]
One JSON line per (shape, dtype, implementation, config) on stdout (and FILE): do_bench median (warmup 25 ms,
rep 100 ms) of the whole ModelNew forward (fp32: including the K-major staging copy of a row-major B, as the
harness measures it), TFLOPS = 2MNK / time, rel_err = max|C - C64| / max|C64| against an fp64 product of the
same operands, first-call seconds (compile), the CTA count and which kernel really ran (a TMA config that fails
to compile falls back inside the template: that row carries "error" and no time). cuBLAS = torch.matmul with
allow_tf32 on (the same precision as tl.dot on fp32). fp32 with a row-major B: also us_b_prestaged, the
forward on a B already copied K-major (the GEMM kernel alone). Warp-specialized configs run last (a pass of their own)
so that a hang there loses nothing else. The Linear-like shape also runs the chain stage library's
kwb_gemm(x, W, bias) (resources/templates/kernels/triton_stages.py, kwb_gemm_impl pointer / tma_persistent)
against F.linear. Rows past a 185 s budget are written as skipped.
"""
import json
import os
import sys
import tempfile
import time
import importlib.util

import torch
import triton

T0 = time.time()
BUDGET_S = 185.0
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
TEMPLATE = os.path.join(ROOT, "resources", "templates", "kernels", "triton_gemm.py.tmpl")
STAGES = os.path.join(ROOT, "resources", "templates", "kernels", "triton_stages.py")
OPERANDS = """        a = A if A.dim() == 3 else A.unsqueeze(0)
        b = B if B.dim() == 3 else B.unsqueeze(0)
        out = torch.empty((a.shape[1], b.shape[2]), dtype=A.dtype, device=A.device)
        c = out.unsqueeze(0)"""

SHAPES = [  # name, M, N, K, B layout ("kn": row-major [K, N]; "nk": a weight W [N, K] passed as W.t())
    ("1_Square", 4096, 4096, 4096, "kn"),
    ("2_Standard", 2048, 4096, 8192, "kn"),
    ("8_irregular", 8205, 5921, 2949, "kn"),
    ("7_small_K", 32768, 32768, 64, "kn"),
    ("L2_Linear_1024x8192x8192", 1024, 8192, 8192, "nk"),
]
DTYPES = [torch.float32, torch.bfloat16]
# TMA configs per dtype: BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages, warp_specialize, C split (the C tile
# stored in that many column slices, TMA_EPI_SPLIT), C by TMA (False: masked pointer stores, TMA_C_STORE).
# A C whose rows TMA cannot describe (8_irregular: N = 5921) takes pointer stores whatever the last field.
TMA_CONFIGS = {
    torch.float32: [(128, 256, 32, 8, 3, False, 2, True), (128, 256, 32, 8, 3, False, 4, True),
                    (128, 256, 32, 8, 4, False, 4, True), (128, 256, 32, 8, 3, False, 2, False),
                    (128, 128, 32, 8, 4, False, 1, True), (128, 128, 64, 8, 3, False, 4, True),
                    (128, 256, 32, 8, 3, True, 2, True), (128, 256, 32, 8, 4, True, 4, True),
                    (128, 128, 32, 8, 4, True, 1, True)],
    torch.bfloat16: [(128, 256, 64, 8, 3, False, 1, True), (128, 256, 64, 8, 3, False, 2, True),
                     (128, 256, 64, 8, 4, False, 4, True), (128, 256, 64, 8, 3, False, 1, False),
                     (128, 128, 64, 8, 4, False, 1, True), (128, 128, 64, 8, 5, False, 1, True),
                     (128, 256, 64, 8, 3, True, 1, True), (128, 256, 64, 8, 4, True, 4, True),
                     (128, 128, 64, 8, 4, True, 1, True)],
}


def render():
    with open(TEMPLATE) as f:
        text = f.read()
    subs = {"PROBLEM": "gemm_tma_sweep", "SPEC_SHA": "", "DESCRIPTION": "sweep", "POLICY_NOTE": "sweep",
            "CONFIG_SUMMARY": "#   sweep", "TRIU": "False", "TRIU_DIAGONAL": "0", "KERNEL": "kwb_mm",
            "INIT_PARAMS": "", "INIT_STORE": "        pass", "FORWARD_PARAMS": ", A, B", "OPERANDS": OPERANDS,
            "GEMM_GLUON": ""}  # KWB_GEMM_GLUON's section (bench/gpu/gemm45/check.py renders it with)
    for k, v in subs.items():
        text = text.replace("{{%s}}" % k, v)
    path = os.path.join(tempfile.mkdtemp(), "kernel_gemm_sweep.py")
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("kernel_gemm_sweep", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def load_stages():
    """The chain stage library as a chain's kernel.py holds it (pasted after the imports)."""
    with open(STAGES) as f:
        text = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n" + f.read()
    path = os.path.join(tempfile.mkdtemp(), "kernel_stages_sweep.py")
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("kernel_stages_sweep", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bench(fn):
    return triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median") * 1e3


def main():
    out_path = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else None
    sink = open(out_path, "w") if out_path else None

    def emit_row(row):
        row["t_s"] = round(time.time() - T0, 1)
        line = json.dumps(row)
        print(line, flush=True)
        if sink:
            sink.write(line + "\n")
            sink.flush()

    mod = render()
    stages = load_stages()
    torch.backends.cuda.matmul.allow_tf32 = True
    torch.backends.cudnn.allow_tf32 = True
    env = {"gpu": torch.cuda.get_device_name(), "triton": triton.__version__, "torch": torch.__version__,
           "cuda": torch.version.cuda, "sms": torch.cuda.get_device_properties(0).multi_processor_count}
    emit_row(dict(env, kind="env"))
    for ws_pass in (False, True):
        for name, m, n, k, layout in SHAPES:
            for dt in DTYPES:
                base = {"shape": name, "M": m, "N": n, "K": k, "b_layout": layout, "dtype": str(dt).split(".")[1]}
                jobs = [] if ws_pass else [("cublas", None), ("pointer", None)]
                if layout == "nk" and not ws_pass:  # a chain's nn.Linear: kwb_gemm(x, W, bias), both kernels
                    jobs += [("chain_cublas", None), ("chain_pointer", None), ("chain_tma_persistent", None)]
                jobs += [("tma_persistent", c) for c in TMA_CONFIGS[dt] if c[5] == ws_pass]
                if time.time() - T0 > BUDGET_S:
                    for impl, cfg in jobs:
                        emit_row(dict(base, impl=impl, config=cfg, error="skipped: over the %d s budget" % BUDGET_S))
                    continue
                torch.manual_seed(0)
                A = torch.randn(m, k, device="cuda").to(dt)
                B = (torch.randn(k, n, device="cuda") if layout == "kn" else torch.randn(n, k, device="cuda").t()).to(dt)
                ref = A.double() @ B.double()
                # fp32 row-major B is copied K-major by every forward (TF32 wgmma reads K-major tiles only)
                bias = torch.randn(n, device="cuda").to(dt)
                B_staged = mod.kmajor(B.unsqueeze(0), 1)[0] if dt == torch.float32 and layout == "kn" else None
                scale = float(ref.abs().max())
                flops = 2.0 * m * n * k
                for impl, cfg in jobs:
                    row = dict(base, impl=impl, config=None if cfg is None else {
                        "BLOCK_M": cfg[0], "BLOCK_N": cfg[1], "BLOCK_K": cfg[2], "num_warps": cfg[3],
                        "num_stages": cfg[4], "warp_specialize": cfg[5], "epi_split": cfg[6], "c_by_tma": cfg[7]})
                    if time.time() - T0 > BUDGET_S:
                        emit_row(dict(row, error="skipped: over the %d s budget" % BUDGET_S))
                        continue
                    try:
                        if impl == "cublas":
                            fn = lambda: torch.matmul(A, B)  # noqa: E731
                        elif impl == "chain_cublas":
                            fn = lambda: torch.nn.functional.linear(A, B.t(), bias)  # noqa: E731
                        elif impl.startswith("chain_"):
                            stages.kwb_gemm_impl = impl[len("chain_"):]
                            fn = lambda: stages.kwb_gemm(A, B.t(), bias)  # noqa: E731
                        else:
                            mod.GEMM_IMPL = impl
                            if cfg is not None:
                                mod.TMA_BLOCK_M, mod.TMA_BLOCK_N = cfg[0], cfg[1]
                                mod.TMA_BLOCK_K = {4: cfg[2], 2: cfg[2]}
                                mod.TMA_EPI_SPLIT, mod.TMA_C_STORE = {4: cfg[6], 2: cfg[6]}, cfg[7]
                                mod.TMA_NUM_WARPS, mod.TMA_NUM_STAGES, mod.TMA_WARP_SPECIALIZE = cfg[3], cfg[4], cfg[5]
                            model = mod.ModelNew()
                            fn = lambda: model(A, B)  # noqa: E731
                        t1 = time.time()
                        got = fn()
                        torch.cuda.synchronize()
                        row["first_call_s"] = round(time.time() - t1, 2)
                        if impl.startswith("chain_") and impl != "chain_cublas":
                            row["ran"] = "chain_" + stages.kwb_gemm_last["impl"]
                            if row["ran"] != impl:
                                row["error"] = stages.kwb_gemm_last["fallback"]
                                emit_row(row)
                                continue
                        elif impl != "cublas" and impl != "chain_cublas":
                            row["ran"], row["ctas"] = model.last_impl, model.last_grid_blocks
                            if model.last_impl != impl:
                                row["error"] = model.last_fallback or ("ran %s" % model.last_impl)
                                emit_row(row)
                                continue
                        want = ref + bias.double() if impl.startswith("chain_") else ref
                        row["rel_err"] = float((got.double() - want).abs().max()) / scale
                        del got
                        us = bench(fn)
                        row["us"], row["tflops"] = round(us, 2), round(flops / us * 1e-6, 1)
                        if impl in ("pointer", "tma_persistent") and B_staged is not None:  # the GEMM alone, B already K-major
                            us = bench(lambda: model(A, B_staged))
                            row["us_b_prestaged"], row["tflops_b_prestaged"] = round(us, 2), round(flops / us * 1e-6, 1)
                    except Exception as e:  # noqa: BLE001 -- one config's failure is a row, not the end
                        msg = str(e).strip()
                        row["error"] = "%s: %s" % (type(e).__name__, msg.splitlines()[-1][:300] if msg else "")
                    emit_row(row)
                del A, B, ref, B_staged, bias
                torch.cuda.empty_cache()
    emit_row({"kind": "done", "wall_s": round(time.time() - T0, 1)})


if __name__ == "__main__":
    main()
