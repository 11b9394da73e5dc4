"""GEMM-anchored and small problems, old vs new of the same generated kernel in one process (issues 14 / 15,
session 17, branch gemmsmall), beside cuBLAS (the GEMM alone, TF32 allowed), torch.compile (TF32 allowed: the
precision of tl.dot on fp32) and eager.

    # CPU machine (needs build/dev/app/kwb): the generated kernels and copies of the problems
    python3 bench/gpu/gemmsmall.py --generate .gpu/gemmsmall
    python3 bench/gpu/gemmsmall.py --kernels .gpu/gemmsmall --cpu-emulated   # fake_triton, small shapes
    # GPU machine (repository root): the verdict rows first
    python3 bench/gpu/gemmsmall.py --kernels .gpu/gemmsmall --budget 60

Variants are module switches of one kernel.py (a fresh ModelNew per variant: a graph-replayed chain keeps its
CUDA graphs per model):
- small GEMMs (u22, u23, u30, u21, u24): old = SMALL_GEMM_FLOPS = 0 (triton_gemm.py.tmpl) / kwb_gemm_small_flops
  = 0 (a chain's kwb_gemm): the K-major staging copy of an fp32 MN-major operand plus the persistent TMA kernel of
  128 x 256 tiles; new = the defaults (one pointer-kernel launch on the operands as given, tiles down to 32 x 32).
- small pools (u13, u47): old = D_SLIDE_MIN_ELEMS = 0 (the sliding kernel at every size), new = the default.
- level-1 2_ / 1_ (fp32 row-major B, staged K-major each forward: TF32 wgmma reads only K-major shared tiles):
  staged = the default (the copy + the TMA kernel); b_mn = B left MN-major (Triton transposes each tile through
  registers); swap_ab = a bench-only persistent TMA kernel computing C^T = B^T A^T with B^T as wgmma's register
  operand, no copy. Confirms why the copy stays (an ad-hoc probe of the same kernels on the H200, 2026-12-02:
  2_ staged 396 us (copy 72 + GEMM 337), b_mn 1778, swap_ab 484 at its best tile, cuBLAS 321, compile 328).
- 94_ (GEMM, bias + hardtanh + mish, group norm): old = the kernel main's kwb writes (<name>.old.py: the run in
  the GEMM's epilogue), new = this branch's (the run as the group norm's prologue).
- the other level-2 GEMM chains (68_, 66_, 84_, 30_, 98_): the default only, beside cuBLAS and torch.compile.
Columns: us = triton.testing.do_bench median of the whole forward (warmup 10 ms, rep 30 ms; host time shows when
the host is slower than the GPU); gpu_us = do_bench_cudagraph (the forward replayed from a CUDA graph: GPU time
with the host hidden, as the harness's spin kernel hides it; "-" where capture fails); rel_err = ||got - ref|| /
||ref|| against the eager Model in fp32 with TF32 off. Cases run in the order below (verdict rows first); once
--budget - 12 s has passed the remaining cases print "skipped (budget)", torch.compile rows need 12 s more.
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import time
import warnings

T0 = time.time()
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
UNSEEN = os.path.join(ROOT, "tests", "data", "unseen")
KB = os.environ.get("KWB_KERNELBENCH") or "/work/shared/data/kernelbench"
SMALL_GEMM_OLD = dict(SMALL_GEMM_FLOPS=0, kwb_gemm_small_flops=0)
PLAN_OLD = dict(file="old")  # the kernel main's kwb generates (<name>.old.py): the planner change's old side
POOL_OLD = dict(D_SLIDE_MIN_ELEMS=0)
B_MN = dict(b_mn=True)  # bench-only: the template's kmajor() leaves an fp32 MN-major B unstaged
SWAP = dict(swap_ab=True)  # bench-only: C^T = B^T A^T, B^T as wgmma's register operand (no copy)
# (group, problem file relative to its level folder, variants); a variant is (name, module switches)
CASES = [
    ("unseen", "u22_Batched_matmul_broadcast", [("old", SMALL_GEMM_OLD), ("new", {})]),
    ("unseen", "u30_Matmul_Divide_ParamScalar", [("old", SMALL_GEMM_OLD), ("new", {})]),
    ("unseen", "u13_AvgPool2d_pad_exclude", [("old", POOL_OLD), ("new", {})]),
    ("level2", "94_Gemm_BiasAdd_Hardtanh_Mish_GroupNorm", [("old", PLAN_OLD), ("new", {})]),
    ("level1", "2_Standard_matrix_multiplication_", [("staged", {}), ("b_mn", B_MN), ("swap_ab", SWAP)]),
    ("unseen", "u23_Einsum_bij_bjk", [("old", SMALL_GEMM_OLD), ("new", {})]),
    ("unseen", "u47_AvgPool2d_ceil_stride2", [("old", POOL_OLD), ("new", {})]),
    ("level2", "68_Matmul_Min_Subtract", [("new", {})]),
    ("level2", "66_Matmul_Dropout_Softmax", [("new", {})]),
    ("level2", "84_Gemm_BatchNorm_Scaling_Softmax", [("new", {})]),
    ("level2", "30_Gemm_GroupNorm_Hardtanh", [("new", {})]),
    ("level2", "98_Matmul_AvgPool_GELU_Scale_Max", [("new", {})]),
    ("unseen", "u21_Matmul_transposed_both", [("old", SMALL_GEMM_OLD), ("new", {})]),
    ("unseen", "u24_Bmm_transposed_B", [("old", SMALL_GEMM_OLD), ("new", {})]),
    ("level1", "1_Square_matrix_multiplication_", [("staged", {}), ("swap_ab", SWAP)]),
]
# --cpu-emulated: integer globals of the problem scaled down to these (by name), so the fake Triton runs quickly
EMU_SIZES = {"M": 72, "K": 96, "N": 80, "batch_size": 4, "in_features": 96, "out_features": 256, "num_groups": 16}


def problem_path(root, group, name):
    if group == "unseen":
        return os.path.join(root, "unseen", name + ".py") if root != KB else os.path.join(UNSEEN, name + ".py")
    return os.path.join(root, group, name + ".py")


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def generate(out):
    """This checkout's kwb writes <name>.py; main's (KWB_OLD, default /work/main/build/dev/app/kwb) writes
    <name>.old.py for the cases whose old side is a planner choice (PLAN_OLD)."""
    kwb = os.path.join(ROOT, "build", "dev", "app", "kwb")
    old_kwb = os.environ.get("KWB_OLD", "/work/main/build/dev/app/kwb")
    os.makedirs(os.path.join(out, "problems", "unseen"), exist_ok=True)
    for group, name, variants in CASES:
        src = problem_path(KB, group, name)
        dst = problem_path(os.path.join(out, "problems"), group, name)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy(src, dst)
        r = subprocess.run([kwb, "analyze", src, "--kernel-out", os.path.join(out, name + ".py"), "--framework",
                            "triton"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=120)
        print("%-45s %s" % (name, "ok" if r.returncode == 0 else "kwb failed: " + r.stderr.strip()[-200:]))
        if any(sw.get("file") == "old" for _, sw in variants):
            r = subprocess.run([old_kwb, "analyze", src, "--kernel-out", os.path.join(out, name + ".old.py"),
                                "--framework", "triton"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True, timeout=120)
            print("%-45s %s" % (name + " (old)", "ok" if r.returncode == 0 else "kwb failed: " + r.stderr[-200:]))


def set_switches(K, sw, defaults):
    """Apply a variant's switches that the module has (the rest are another template's); defaults restores.
    b_mn: the template's kmajor() returns an fp32 B as given (TMA then reads it MN-major)."""
    for k, v in defaults.items():
        setattr(K, k, v)
    for k, v in sw.items():
        if hasattr(K, k):
            setattr(K, k, v)
    if hasattr(K, "kmajor"):
        orig = K.__dict__.setdefault("_bench_kmajor", K.kmajor)
        K.kmajor = (lambda x, kdim, force=False: x if (kdim == 1 and not force) else orig(x, kdim, force)) \
            if sw.get("b_mn") else orig


SWAP_CFG = (256, 128, 32, 3, 8, 2)  # C rows, C cols, BLOCK_K, stages, warps, C store slices: the probe's best


def swap_ab_fn(a, b):
    """C = a @ b (fp32 [M, K] and [K, N], both row-major) by the bench-only swap kernel; returns a closure."""
    import torch
    import triton
    import triton.language as tl
    from triton.tools.tensor_descriptor import TensorDescriptor

    global _swap_kernel
    if "_swap_kernel" not in globals():
        @triton.jit
        def _swap_kernel(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                         NUM_SMS: tl.constexpr, EPI_SPLIT: tl.constexpr):
            # persistent, grouped tile order; acc = C^T tile [BN, BM] = B^T [BN, BK] (registers: the "+ 0.0" keeps
            # it off the shared-memory operand path) @ A^T [BK, BM] (K-major as TMA lands A's rows)
            num_pid_m = tl.cdiv(M, BM)
            num_pid_n = tl.cdiv(N, BN)
            group = 8 * num_pid_n
            for tile in tl.range(tl.program_id(0), num_pid_m * num_pid_n, NUM_SMS, flatten=True):
                first = (tile // group) * 8
                gsz = min(num_pid_m - first, 8)
                off_m = (first + (tile % group) % gsz) * BM
                off_n = ((tile % group) // gsz) * BN
                acc = tl.zeros((BN, BM), dtype=tl.float32)
                for kb in range(tl.cdiv(K, BK)):
                    at = a_desc.load([off_m, kb * BK])
                    bt = b_desc.load([kb * BK, off_n])
                    acc = tl.dot(tl.trans(bt) + 0.0, tl.trans(at), acc)
                c = tl.trans(acc)
                if EPI_SPLIT == 1:
                    c_desc.store([off_m, off_n], c)
                else:
                    h0, h1 = tl.split(tl.permute(tl.reshape(c, (BM, 2, BN // 2)), (0, 2, 1)))
                    c_desc.store([off_m, off_n], h0)
                    c_desc.store([off_m, off_n + BN // 2], h1)
        globals()["_swap_kernel"] = _swap_kernel
    bm, bn, bk, stages, warps, split = SWAP_CFG
    m, k = a.shape
    n = b.shape[1]
    c = torch.empty((m, n), dtype=torch.float32, device=a.device)
    sms = torch.cuda.get_device_properties(a.device).multi_processor_count
    ad = TensorDescriptor(a, [m, k], [a.stride(0), 1], [bm, bk])
    bd = TensorDescriptor(b, [k, n], [b.stride(0), 1], [bk, bn])
    cd = TensorDescriptor(c, [m, n], [c.stride(0), 1], [bm, bn // split])
    grid = (min(sms, triton.cdiv(m, bm) * triton.cdiv(n, bn)),)

    def run():
        _swap_kernel[grid](ad, bd, cd, m, n, k, BM=bm, BN=bn, BK=bk, NUM_SMS=sms, EPI_SPLIT=split, num_warps=warps,
                           num_stages=stages)
        return c
    return run


def rel_err(got, want):
    got, want = got.double(), want.double()
    return float((got - want).norm() / want.norm().clamp_min(1e-30))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--generate", metavar="DIR", help="CPU: write the kernels and problem copies into DIR")
    ap.add_argument("--kernels", default=os.path.join(ROOT, ".gpu", "gemmsmall"))
    ap.add_argument("--budget", type=float, default=60.0, help="seconds")
    ap.add_argument("--cpu-emulated", action="store_true", help="fake_triton on the CPU at reduced sizes")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--only", default="", help="comma-separated problem-name prefixes (default: every case)")
    args = ap.parse_args()
    if args.generate:
        generate(args.generate)
        return 0
    emu = args.cpu_emulated
    if emu:
        sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
    import torch
    import triton
    dev = "cpu" if emu else "cuda"
    warnings.simplefilter("ignore")
    if not emu:
        from triton.testing import do_bench, do_bench_cudagraph
    budget = args.budget
    print("gemmsmall: %s, triton %s, torch %s" % (torch.cuda.get_device_name() if not emu else "cpu (fake_triton)",
                                                   getattr(triton, "__version__", "?"), torch.__version__))
    print("| problem | variant | us | gpu_us | rel_err | ran |")
    print("|---|---|---:|---:|---:|---|")
    sys.stdout.flush()

    def row(problem, variant, us, gus, err, ran=""):
        f = (lambda x, fmt="%.1f": fmt % x if x is not None else "-")
        print("| %s | %s | %s | %s | %s | %s |" % (problem[:34], variant, f(us), f(gus, "%.2f"), f(err, "%.2e"),
                                                    " ".join(str(ran).split()).replace("|", "/")[:110]))
        sys.stdout.flush()

    def timed(fn):
        if emu:
            t = time.perf_counter()
            fn()
            return (time.perf_counter() - t) * 1e6, None
        us = do_bench(fn, warmup=10, rep=30) * 1e3
        try:
            gus = do_bench_cudagraph(fn, rep=20) * 1e3
        except Exception:  # noqa: BLE001 -- a forward that cannot be captured: its eager time stands
            gus = None
        return us, gus

    compiles = []
    only = [o for o in args.only.split(",") if o]
    for group, name, variants in CASES:
        if only and not any(name.startswith(o) for o in only):
            continue
        if time.time() - T0 > budget - 12:
            row(name, "-", None, None, None, "skipped (budget)")
            continue
        try:
            P = load(problem_path(os.path.join(args.kernels, "problems"), group, name), "p_" + name)
            if emu:  # a level-2 kernel declares its weights at the problem's sizes: only its batch shrinks
                for k, v in (EMU_SIZES if group != "level2" else {"batch_size": 2}).items():
                    if isinstance(getattr(P, k, None), int) and getattr(P, k) > v:
                        setattr(P, k, v)
            K = load(os.path.join(args.kernels, name + ".py"), "k_" + name)
            defaults = {k: getattr(K, k) for _, sw in variants for k in sw if hasattr(K, k)}
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(dev).eval()  # eval: 66_'s dropout off on both sides
            inputs = [x.to(dev) if torch.is_tensor(x) else x for x in P.get_inputs()]
            if not emu:
                torch.backends.cuda.matmul.allow_tf32 = False
                torch.backends.cudnn.allow_tf32 = False
            with torch.no_grad():
                want = ref(*inputs)
            if not emu:
                torch.backends.cuda.matmul.allow_tf32 = True
                torch.backends.cudnn.allow_tf32 = True
            for vname, sw in variants:
                if sw.get("swap_ab"):
                    if emu:
                        row(name, vname, None, None, None, "skipped: TMA kernel with a register operand, GPU only")
                        continue
                    fn = swap_ab_fn(inputs[0], inputs[1])
                    got = fn()
                    torch.cuda.synchronize()
                    us, gus = timed(fn)
                    row(name, vname, us, gus, rel_err(got, want), "bench-only kernel %s" % (SWAP_CFG,))
                    continue
                set_switches(K, sw, defaults)
                KV = load(os.path.join(args.kernels, name + ".old.py"), "kold_" + name) if sw.get("file") else K
                model = KV.ModelNew(*P.get_init_inputs()).to(dev).eval()
                model.load_state_dict(ref.state_dict(), strict=False)
                with torch.no_grad():
                    got = model(*inputs)
                    if not emu:
                        torch.cuda.synchronize()
                    ran = getattr(KV, "kwb_gemm_last", None) or {}
                    ran = ("%s %s" % (ran.get("impl", ""), ran.get("fallback", ""))) if ran else (
                        "%s %s %s" % (getattr(model, "last_impl", getattr(model, "last_path", "")),
                                      getattr(model, "last_grid_blocks", ""), getattr(model, "last_fallback", "")))
                    us, gus = timed(lambda: model(*inputs))
                row(name, vname, us, gus, rel_err(got, want), ran)
                del model
            set_switches(K, {}, defaults)
            if not emu and group in ("level1", "level2"):
                lin = next((m for m in ref.modules() if isinstance(m, torch.nn.Linear)), None)
                x = inputs[0]
                if lin is not None:
                    fn = (lambda: torch.nn.functional.linear(x, lin.weight, lin.bias))
                else:
                    fn = (lambda: torch.matmul(inputs[0], inputs[1]))
                with torch.no_grad():
                    us, gus = timed(fn)
                row(name, "cuBLAS GEMM", us, gus, None, "the GEMM alone, TF32")
            with torch.no_grad():
                us, gus = timed(lambda: ref(*inputs))
            row(name, "eager", us, gus, None, "TF32 allowed")
            compiles.append((group, name, ref, inputs, want))
        except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
            row(name, "-", None, None, None, "error: %s: %s" % (type(e).__name__, str(e)[:90]))
    if emu or args.no_compile:
        return 0
    try:
        import torch._inductor.config as inductor_config
        inductor_config.compile_threads = 1  # no worker pool to start inside the budget
    except ImportError:
        pass
    for group, name, ref, inputs, want in compiles:
        if time.time() - T0 > budget - 12:
            row(name, "torch.compile", None, None, None, "skipped (budget)")
            continue
        try:
            c = torch.compile(ref)
            with torch.no_grad():
                cgot = c(*inputs)
                us, gus = timed(lambda: c(*inputs))
            row(name, "torch.compile", us, gus, rel_err(cgot, want), "default mode, TF32 allowed")
        except Exception as e:  # noqa: BLE001
            row(name, "torch.compile", None, None, None, "error: %s" % str(e)[:90])
    print("done in %.1f s" % (time.time() - T0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
