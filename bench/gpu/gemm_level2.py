"""GEMM tile choice by class, old vs new, in one process (issues 14 / 15): the chain stage library's kwb_gemm
(resources/templates/kernels/triton_stages.py) on 68_, 66_ (M = 128, N = K = 16384: split-K or narrower tiles
against 64 CTAs on 132 SMs), 76_, 94_ (an EPI that loads tensors: column quarters instead of the pointer
fallback after OutOfResources), 12_ (the same shape without EPI tensors: must not move), and the level-1 GEMM
template (triton_gemm.py.tmpl) on 2_ and 1_ with the fp32 row-major B staged K-major (as generated) or left
MN-major for Triton's own handling (b_mn: Triton 3.6 transposes it through registers into a K-major smem tile),
and a bench-only kernel computing C^T = B^T A^T with B^T as wgmma's register operand (swap_ab, no staging copy).

Usage (GPU machine, repository root): timeout 90 python3 bench/gpu/gemm_level2.py [--budget 50] [--full]
Kernels: .gpu/gemmtile/<problem>.py, generated on the CPU by `kwb analyze <problem> --kernel-out ... --framework
triton` (main's kwb; where missing, /tmp/kernel-workbench/bin/kwb writes them); their pasted stage library is
replaced at load time by this checkout's triton_stages.py, so "old" and "new" are the same file with module
switches: old = kwb_gemm_fill "off", kwb_gemm_epi_quarters False, _kwb_gemm_retry_stages False (the
128 x 256 x 3-stage plan and the pointer kernel after a compile failure, as main ran it); new = the defaults
(split_k); block_n = kwb_gemm_fill "block_n".
Problems: $KWB_PROBLEMS, .gpu/problems, /tmp/kernel-workbench/.gpu/problems or /work/shared/data/kernelbench.
Times: triton.testing.do_bench medians (warmup 10 ms, rep 40 ms) of the whole forward. cuBLAS: the problem's
GEMM alone (F.linear / torch.mm, TF32 allowed, the same precision as tl.dot on fp32); compile: torch.compile
of the whole Model (default mode, TF32 allowed) after all kernel rows, by priority (68_, 76_, 94_ first),
skipped once the budget is near (kernel variants other than "new" stop at budget - 20 s, compiles start
before budget - 10 s; "new" always runs). rel_err: ||got - ref|| /
||ref|| against the eager Model in full fp32 (TF32 off). Prints one table; exits 0.
"""
import argparse
import importlib.util
import os
import sys
import time
import warnings

import torch
import torch.nn.functional as F
import triton
import triton.language as tl
from triton.testing import do_bench

T0 = time.time()
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LIB = os.path.join(ROOT, "resources", "templates", "kernels", "triton_stages.py")
KDIR = os.path.join(ROOT, ".gpu", "gemmtile")
PROBLEM_ROOTS = [os.environ.get("KWB_PROBLEMS", ""), os.path.join(ROOT, ".gpu", "problems"),
                 "/tmp/kernel-workbench/.gpu/problems", "/work/shared/data/kernelbench"]
OLD = dict(kwb_gemm_fill="off", kwb_gemm_epi_quarters=False, _kwb_gemm_retry_stages=False)
NEW = dict(kwb_gemm_fill="split_k", kwb_gemm_epi_quarters=True, _kwb_gemm_retry_stages=True)
BLOCK_N = dict(NEW, kwb_gemm_fill="block_n")
CASES = [  # level, problem, variants (name, switches), compile priority (lower first)
    ("level2", "68_Matmul_Min_Subtract", [("old", OLD), ("new", NEW), ("block_n", BLOCK_N)], 0),
    ("level2", "76_Gemm_Add_ReLU", [("old", OLD), ("new", NEW)], 1),
    ("level2", "94_Gemm_BiasAdd_Hardtanh_Mish_GroupNorm", [("old", OLD), ("new", NEW)], 2),
    ("level2", "66_Matmul_Dropout_Softmax", [("old", OLD), ("new", NEW), ("block_n", BLOCK_N)], 3),
    ("level2", "12_Gemm_Multiply_LeakyReLU", [("old", OLD), ("new", NEW)], 4),
    ("level1", "2_Standard_matrix_multiplication_", [("old", {}), ("b_mn", {"b_mn": True})], 5),
    ("level1", "1_Square_matrix_multiplication_", [("old", {}), ("b_mn", {"b_mn": True})], 6),
]
KWB = "/tmp/kernel-workbench/bin/kwb"
LIB_HEAD = "# ---- Kernel Workbench stage library"
LIB_END = "# ---- epilogues and the elementwise launch"


def load(path, name, text=None):
    if text is not None:
        path = os.path.join(KDIR, "_spliced_" + os.path.basename(path))
        with open(path, "w") as f:
            f.write(text)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def kernel_module(level, problem):
    """The prepared kernel.py, its stage library (a chain's) replaced by this checkout's."""
    path = os.path.join(KDIR, problem + ".py")
    if not os.path.exists(path) and os.path.exists(KWB):  # not prepared here: the bundle's kwb writes it
        import subprocess
        os.makedirs(KDIR, exist_ok=True)
        subprocess.run([KWB, "analyze", problem_path(level, problem), "--kernel-out", path, "--framework", "triton"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60, check=False)
    with open(path) as f:
        text = f.read()
    if LIB_HEAD in text:
        i, j = text.index(LIB_HEAD), text.index(LIB_END)
        with open(LIB) as f:
            lib = f.read()
        text = text[:i] + lib + "\n\n" + text[j:]
        return load(path, "k_" + problem, text)
    return load(path, "k_" + problem)


def problem_path(level, problem):
    for r in PROBLEM_ROOTS:
        p = os.path.join(r, level, problem + ".py") if r else ""
        if p and os.path.exists(p):
            return p
    raise FileNotFoundError(problem)


def problem_module(level, problem):
    return load(problem_path(level, problem), "p_" + problem)


@triton.jit
def swap_ab_kernel(a_desc, b_desc, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                   GROUP: tl.constexpr):
    # C = A @ B with fp32 A [M, K] (K contiguous) and B [K, N] (N contiguous, not staged): computes the tile
    # C^T[n, m] = B^T @ A^T. B^T is wgmma's A operand, kept in registers (the "+ 0.0" makes it not come straight
    # from a load, so Triton's AccelerateMatmul converts it to a register dot operand instead of forcing a K-major
    # shared tile, which Triton 3.6 does by transposing through registers with that operand's pipelining off);
    # A^T is the B operand, K-major in shared memory as TMA lands it. Then C's tile stored transposed.
    pid = tl.program_id(0)
    num_n = tl.cdiv(N, BN)
    num_m = tl.cdiv(M, BM)
    group = GROUP * num_m
    first = (pid // group) * GROUP
    gsz = min(num_n - first, GROUP)
    off_n = (first + (pid % group) % gsz) * BN
    off_m = ((pid % group) // gsz) * BM
    acc = tl.zeros((BN, BM), dtype=tl.float32)
    for kb in range(tl.cdiv(K, BK)):
        off_k = kb * BK
        bt = tl.trans(b_desc.load([off_k, off_n])) + 0.0  # [BN, BK]
        at = a_desc.load([off_m, off_k])  # [BM, BK]
        acc = tl.dot(bt, tl.trans(at), acc)
    offs_m = off_m + tl.arange(0, BM)
    offs_n = off_n + tl.arange(0, BN)
    c = tl.trans(acc)
    tl.store(c_ptr + offs_m[:, None].to(tl.int64) * N + offs_n[None, :], c,
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


SWAP_CONFIGS = [(128, 128, 32, 4, 8), (256, 128, 32, 3, 8)]  # BM (C rows), BN (C cols), BK, stages, warps


def swap_ab(a, b, cfg):
    """C = a @ b (fp32, both row-major) by swap_ab_kernel; no staging copy of b."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    bm, bn, bk, stages, warps = cfg
    m, k = a.shape
    n = b.shape[1]
    c = torch.empty((m, n), dtype=torch.float32, device=a.device)
    a_desc = TensorDescriptor(a, [m, k], [a.stride(0), 1], [bm, bk])
    b_desc = TensorDescriptor(b, [k, n], [b.stride(0), 1], [bk, bn])
    grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
    swap_ab_kernel[grid](a_desc, b_desc, c, m, n, k, BM=bm, BN=bn, BK=bk, GROUP=8, num_warps=warps,
                         num_stages=stages)
    return c


def rel_err(got, want):
    got, want = got.double(), want.double()
    return float((got - want).norm() / want.norm().clamp_min(1e-30))


def set_switches(K, sw, orig):
    """Module switches of one variant; b_mn: fp32 B left MN-major in the level-1 template (kmajor skips it)."""
    for k, v in sw.items():
        if k != "b_mn":
            setattr(K, k, v)
    if hasattr(K, "kmajor"):
        if sw.get("b_mn"):
            K.kmajor = lambda x, kdim, force=False: x if (kdim == 1 and not force) else orig(x, kdim, force)
        else:
            K.kmajor = orig


def what_ran(K, model):
    if hasattr(K, "kwb_gemm_last"):
        last = K.kwb_gemm_last
        p = last.get("plan")
        plan = ("%dx%d s%d k%d e%d" % (p["BLOCK_M"], p["BLOCK_N"], p["num_stages"], p["SPLIT_K"], p["EPI_SPLIT"])
                if p else "")
        return "%s %s %s" % (last["impl"], plan, ("(" + last["fallback"][:60] + ")") if last["fallback"] else "")
    return "%s grid %s %s" % (getattr(model, "last_impl", ""), getattr(model, "last_grid_blocks", ""),
                              ("(" + model.last_fallback[:60] + ")") if getattr(model, "last_fallback", "") else "")


def cublas_fn(level, ref, inputs):
    if level == "level1":
        a, b = inputs
        return lambda: torch.matmul(a, b)
    lin = next(m for m in ref.modules() if isinstance(m, torch.nn.Linear))
    x = inputs[0]
    return lambda: F.linear(x, lin.weight, lin.bias)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=50.0, help="seconds; later variants / compiles skipped")
    ap.add_argument("--full", action="store_true", help="ignore the budget")
    ap.add_argument("--device", default="cuda", help="cpu: a smoke run of the flow under the fake Triton")
    args = ap.parse_args()
    budget = 1e9 if args.full else args.budget
    warnings.simplefilter("ignore")
    dev = torch.device(args.device)
    sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)
    free = torch.cuda.empty_cache if dev.type == "cuda" else (lambda: None)
    rows = []  # problem, variant, us, cuBLAS us, compile us, rel_err, what ran
    for level, problem, variants, _prio in CASES:
        try:
            P = problem_module(level, problem)
            K = kernel_module(level, problem)
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(dev).eval()  # eval: 66_'s dropout (p = 0.2) off on both sides
            inputs = [x.to(dev) if torch.is_tensor(x) else x for x in P.get_inputs()]
            torch.backends.cuda.matmul.allow_tf32 = False
            torch.backends.cudnn.allow_tf32 = False
            with torch.no_grad():
                want = ref(*inputs)
            torch.backends.cuda.matmul.allow_tf32 = True
            torch.backends.cudnn.allow_tf32 = True
            model = K.ModelNew(*P.get_init_inputs()).to(dev).eval()
            model.load_state_dict(ref.state_dict(), strict=False)
            with torch.no_grad():
                cub = do_bench(cublas_fn(level, ref, inputs), warmup=10, rep=40) * 1e3
            orig = getattr(K, "kmajor", None)
            for name, sw in variants:
                if time.time() - T0 > budget - 20 and name != "new":
                    rows.append((problem, name, None, cub, None, None, "skipped (budget)"))
                    continue
                set_switches(K, sw, orig)
                try:
                    with torch.no_grad():
                        got = model(*inputs)
                        sync()
                        ran = what_ran(K, model)
                        us = do_bench(lambda: model(*inputs), warmup=10, rep=40) * 1e3
                    rows.append((problem, name, us, cub, None, rel_err(got, want), ran))
                except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
                    rows.append((problem, name, None, cub, None, None, "error: %s" % str(e)[:80]))
            if level == "level1":  # the C^T = B^T A^T experiment: B^T from registers, no staging copy
                for cfg in SWAP_CONFIGS:
                    name = "swap_ab %dx%d s%d" % (cfg[0], cfg[1], cfg[3])
                    if time.time() - T0 > budget - 20:
                        rows.append((problem, name, None, cub, None, None, "skipped (budget)"))
                        continue
                    try:
                        got = swap_ab(inputs[0], inputs[1], cfg)
                        us = do_bench(lambda: swap_ab(inputs[0], inputs[1], cfg), warmup=10, rep=40) * 1e3
                        rows.append((problem, name, us, cub, None, rel_err(got, want), "bench-only kernel"))
                    except Exception as e:  # noqa: BLE001
                        msg = str(e).strip().splitlines()
                        rows.append((problem, name, None, cub, None, None, "error: %s" % (msg[-1][:80] if msg else e)))
            del ref, model, inputs, want, K
            free()
        except Exception as e:  # noqa: BLE001
            rows.append((problem, "-", None, None, None, None, "error: %s: %s" % (type(e).__name__, str(e)[:80])))
    # torch.compile of the whole Model after every kernel row (its first call is the slowest), by priority
    try:
        import torch._inductor.config as inductor_config
        inductor_config.compile_threads = 1  # no worker pool to start inside the budget
    except ImportError:  # torch < 2 (the CPU smoke run): the compile rows say so
        pass
    comp_us = {}
    for level, problem, _variants, _prio in sorted(CASES, key=lambda c: c[3]):
        cub = next((r[3] for r in rows if r[0] == problem and r[3] is not None), None)
        if time.time() - T0 > budget - 10:
            rows.append((problem, "torch.compile", None, cub, None, None, "skipped (budget)"))
            continue
        try:
            P = problem_module(level, problem)
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(dev).eval()
            inputs = [x.to(dev) if torch.is_tensor(x) else x for x in P.get_inputs()]
            torch.backends.cuda.matmul.allow_tf32 = False
            with torch.no_grad():
                want = ref(*inputs)
            torch.backends.cuda.matmul.allow_tf32 = True
            c = torch.compile(ref)
            with torch.no_grad():
                cgot = c(*inputs)
                comp_us[problem] = do_bench(lambda: c(*inputs), warmup=10, rep=40) * 1e3
            rows.append((problem, "torch.compile", comp_us[problem], cub, None, rel_err(cgot, want), ""))
            del ref, inputs, want, c, cgot
            free()
        except Exception as e:  # noqa: BLE001
            rows.append((problem, "torch.compile", None, cub, None, None, "error: %s" % str(e)[:80]))
    order = {c[1]: k for k, c in enumerate(CASES)}
    rows = sorted((r[:4] + (comp_us.get(r[0]),) + r[5:] for r in rows), key=lambda r: order.get(r[0], 99))
    print("gemm_level2: %s, triton %s, torch %s, %.1f s" % (
        torch.cuda.get_device_name() if dev.type == "cuda" else "cpu", getattr(triton, "__version__", "?"),
        torch.__version__, time.time() - T0))
    print("| problem | variant | us | cuBLAS GEMM us | x cuBLAS | compile us | x compile | rel_err | ran |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    for p, v, us, cub, comp, err, ran in rows:
        def f(x, fmt="%.1f"):
            return fmt % x if x is not None else "-"
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            p[:28], v, f(us), f(cub), f(cub / us if us and cub else None, "%.2f"), f(comp),
            f(comp / us if us and comp else None, "%.2f"), f(err, "%.2e"), " ".join(ran.split()).replace("|", "/")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
