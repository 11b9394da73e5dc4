"""Issue 14's GEMM target, session 37 (helper gemm37): two switches of triton_gemm.py.tmpl against main's kernel,
cuBLAS and torch.compile at TF32, one process, one timing method for every row.

- B_MN = "overlap" (fp32 A @ B with B row-major: 1_, 2_, 13_, 14_, ...): the K-major copy of B in
  OVERLAP_CHUNKS runs of N columns, the copy of run j + 1 on another stream beside run j's GEMM, with the host
  work of "chunked" cut (descriptors once, one launch per chunk, events made once); OVERLAP_PRIORITY puts the
  GEMMs on a high-priority stream; OVERLAP_EPI_SPLIT / OVERLAP_SMS_LEFT leave shared memory / SMs to the copy.
- STORE_K_IMPL = "pointer" (small K, bound by C's store: 7_, 11_): the non-persistent pointer kernel with
  STORE_K_TILE (BLOCK_M, BLOCK_N, BLOCK_K, warps, stages) instead of the persistent TMA kernel.

A folder (made on the CPU by --make DIR): ab.py (this file), problems/<case>.py (KernelBench's level-1 files),
main/<case>.py (main's generated kernels) and new/<case>.py (this branch's). No repository code at run time.

    python3 gemm37/ab.py --budget 140                   # GPU (from the folder's parent)
    python3 bench/gpu/gemm37_ab.py --make /work/notes/gpu37/gemm37 --kwb-main /work/main/build/dev/app/kwb
    python3 /work/notes/gpu37/gemm37/ab.py --cpu-emulated --fake-triton tests/data/codegen/fake_triton

Columns: us = triton.testing.do_bench median of the whole forward launched from the host (warmup 10 ms, rep 30 ms;
do_bench clears L2 before each call, so host work not hidden behind the GPU shows); gpu_us = do_bench_cudagraph
(the forward replayed from a CUDA graph: the host hidden, as the harness's spin kernel hides it); host_us = the
host's time per forward (20 back-to-back calls, no sync, divided); x_cublas = cuBLAS us / row us (each column
against its own); rel_err = ||got - ref|| / ||ref|| in fp32 against the Model with TF32 off (TF32: ~1e-3;
a row over 5e-3 is marked BAD); ran = the kernel's LAST_PLAN, last_impl / last_fallback and the MMA instructions
in the PTX of each kwb kernel compiled. Rows past --budget - 10 s print "skipped (budget)"; torch.compile rows
come last, each started only before --budget - 35 s.
"""
import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
import warnings

T0 = time.time()
HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.environ.get("KWB_KERNELBENCH") or "/work/shared/data/kernelbench"
TOL = 5e-3

OV = "B_MN=overlap"


def ov(chunks, prio=False, epi=0, left=0):
    name = "%s c%d%s%s%s" % (OV, chunks, " prio" if prio else "", " epi%d" % epi if epi else "",
                            " left%d" % left if left else "")
    return (name, dict(B_MN="overlap", OVERLAP_CHUNKS=chunks, OVERLAP_PRIORITY=prio, OVERLAP_EPI_SPLIT=epi,
                       OVERLAP_SMS_LEFT=left))


def pt(tile):
    return ("STORE_K=pointer %dx%dx%d w%d s%d" % tile, dict(STORE_K_IMPL="pointer", STORE_K_TILE=tile))


STAGE = ("B_MN=stage (default)", {})
MAIN = ("main (default)", None)  # main's kernel.py
GEMM_ONLY = ("GEMM only (B given K-major)", "kmajor")
CHUNKED = ("B_MN=chunked (session 18)", dict(B_MN="chunked"))
OVERLAPS = [ov(2), ov(4), ov(2, True), ov(4, True), ov(4, True, 4), ov(4, True, 4, 8)]
OV_SHORT = [ov(2), ov(4, True), ov(4, True, 4)]
STORE_CLASS = ("TMA_CLASS_TABLE (store class: C by pointers)", dict(TMA_CLASS_TABLE=True))
POINTERS = [pt((128, 128, 32, 4, 3)), pt((128, 256, 32, 8, 3)), pt((64, 256, 32, 4, 3)), pt((128, 128, 64, 8, 2)),
            pt((256, 128, 32, 8, 3))]
# (problem, variants, CPU-emulation sizes). Phase 1: the switch's own cases; phase 2: the others it would apply to.
CASES = [
    ("2_Standard_matrix_multiplication_", [MAIN, STAGE, GEMM_ONLY, CHUNKED] + OVERLAPS, dict(M=300, K=300, N=1100)),
    ("7_Matmul_with_small_K_dimension_", [MAIN, STAGE, STORE_CLASS] + POINTERS + ["fill"], dict(M=300, K=64, N=600)),
    ("1_Square_matrix_multiplication_", [MAIN, STAGE, GEMM_ONLY, CHUNKED] + OVERLAPS, dict(N=600)),
    ("11_4D_tensor_matrix_multiplication", [MAIN, STAGE, STORE_CLASS] + POINTERS + ["fill"],
     dict(b=2, i=4, j=30, l=256, k=300)),
    ("13_Matmul_for_symmetric_matrices", [MAIN, STAGE] + OV_SHORT, dict(N=600)),
    ("14_Matmul_for_upper_triangular_matrices", [MAIN, STAGE] + OV_SHORT, dict(N=600)),
    ("8_Matmul_with_irregular_shapes_", [MAIN, STAGE] + OV_SHORT, dict(M=300, K=300, N=1100)),
    ("10_3D_tensor_matrix_multiplication", [MAIN, STAGE] + OV_SHORT, dict(N=2, M=40, K=300, L=1100)),
]
COMPILE_FOR = ("2_Standard_matrix_multiplication_", "1_Square_matrix_multiplication_",
               "13_Matmul_for_symmetric_matrices", "7_Matmul_with_small_K_dimension_",
               "11_4D_tensor_matrix_multiplication")


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def make(out, kwb_new, kwb_main):
    """CPU: copies this file, the problems and both checkouts' generated kernels into out."""
    for sub in ("problems", "main", "new"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    shutil.copy(os.path.abspath(__file__), os.path.join(out, "ab.py"))
    for name, _, _ in CASES:
        src = os.path.join(out, "problems", name + ".py")
        shutil.copy(os.path.join(KB, "level1", name + ".py"), src)
        for sub, kwb in (("main", kwb_main), ("new", kwb_new)):
            r = subprocess.run([kwb, "analyze", src, "--kernel-out", os.path.join(out, sub, name + ".py"),
                                "--framework", "triton"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True, timeout=300)
            print("%-45s %-4s %s" % (name, sub, "ok" if r.returncode == 0 else "kwb failed: " + r.stderr[-300:]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--make", metavar="DIR")
    ap.add_argument("--kwb-new", default=os.path.join(HERE, "..", "..", "build", "dev", "app", "kwb"))
    ap.add_argument("--kwb-main", default="/work/main/build/dev/app/kwb")
    ap.add_argument("--budget", type=float, default=140.0, help="seconds")
    ap.add_argument("--cpu-emulated", action="store_true", help="fake_triton on the CPU at reduced sizes")
    ap.add_argument("--fake-triton", default="", help="the fake_triton folder (with --cpu-emulated)")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--only", default="", help="comma-separated case-name prefixes")
    args = ap.parse_args()
    if args.make:
        make(args.make, args.kwb_new, args.kwb_main)
        return 0
    emu = args.cpu_emulated
    if emu:
        sys.path.insert(0, args.fake_triton)
    import torch
    import triton
    warnings.simplefilter("ignore")
    dev = "cpu" if emu else "cuda"
    if not emu:
        from triton.testing import do_bench, do_bench_cudagraph
        props = torch.cuda.get_device_properties(0)
        print("gemm37 ab: %s (%d SMs, %.0f GiB), triton %s, torch %s, CUDA %s" % (
            props.name, props.multi_processor_count, props.total_memory / 2**30, triton.__version__,
            torch.__version__, torch.version.cuda))
    else:
        print("gemm37 ab: cpu (fake_triton), reduced sizes; no timing is meaningful")
    print("| case | variant | us | gpu_us | host_us | x_cublas (us / gpu) | rel_err | ran |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    sys.stdout.flush()
    results = {}

    def f(x, fmt="%.1f"):
        return fmt % x if x is not None else "-"

    def row(case, variant, t, xc=None, err=None, ran=""):
        us, gus, hus = t if t else (None, None, None)
        bad = " BAD" if err is not None and not err < TOL else ""
        print("| %s | %s | %s | %s | %s | %s | %s%s | %s |" % (
            case[:40], variant, f(us), f(gus), f(hus), xc or "-", f(err, "%.2e"), bad,
            " ".join(str(ran).split())[:150]))
        sys.stdout.flush()

    def timed(fn):
        if emu:
            t = time.perf_counter()
            fn()
            return (time.perf_counter() - t) * 1e6, None, None
        us = do_bench(fn, warmup=10, rep=30) * 1e3
        try:
            gus = do_bench_cudagraph(fn, rep=20) * 1e3
        except Exception:  # noqa: BLE001 -- a forward that cannot be captured: its eager time stands
            gus = None
        torch.cuda.synchronize()
        t = time.perf_counter()
        for _ in range(20):
            fn()
        hus = (time.perf_counter() - t) / 20 * 1e6
        torch.cuda.synchronize()
        return us, gus, hus

    def rel(got, want):
        got = got.reshape(want.shape).float()
        return float((got - want).norm() / want.norm().clamp_min(1e-30))

    def ptx_mma(K):
        if emu:
            return ""
        out = []
        for n, v in vars(K).items():
            if not hasattr(v, "device_caches") or not n.startswith("kwb"):
                continue
            try:
                for dc in v.device_caches.values():
                    cache = dc[0] if isinstance(dc, tuple) else dc
                    for ck in cache.values():
                        ptx = ck.asm.get("ptx", "")
                        got = [m for m in ("wgmma", "mma.sync") if m in ptx]
                        if got:
                            out.append("%s:%s" % (n.split("_")[-1], "+".join(got)))
            except Exception:  # noqa: BLE001 -- a column, not a verdict
                pass
        return " mma " + ",".join(sorted(set(out))) if out else ""

    compiles = []
    only = [o for o in args.only.split(",") if o]
    for name, variants, emu_sizes in CASES:
        if only and not any(name.startswith(o) for o in only):
            continue
        if time.time() - T0 > args.budget - 10:
            row(name, "-", None, ran="skipped (budget)")
            continue
        try:
            P = load(os.path.join(HERE, "problems", name + ".py"), "p_" + re.sub(r"\W", "_", name))
            if emu:
                for k, v in emu_sizes.items():
                    setattr(P, k, v)
            Kn = load(os.path.join(HERE, "new", name + ".py"), "kn_" + re.sub(r"\W", "_", name))
            Km = load(os.path.join(HERE, "main", name + ".py"), "km_" + re.sub(r"\W", "_", name))
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(dev).eval()
            inputs = [x.to(dev) if torch.is_tensor(x) else x for x in P.get_inputs()]
            if not emu:
                torch.backends.cuda.matmul.allow_tf32 = False
            with torch.no_grad():
                want = ref(*inputs).float()
            if not emu:
                torch.backends.cuda.matmul.allow_tf32 = True
            cub = None
            if not emu:
                with torch.no_grad():
                    cub = timed(lambda: ref(*inputs))
                row(name, "cuBLAS (eager Model, TF32)", cub, "1.00 / 1.00", None, "allow_tf32 = True")
            defaults = {k: getattr(Kn, k) for v in variants if isinstance(v, tuple) and isinstance(v[1], dict)
                        for k in v[1]}
            for v in variants:
                if time.time() - T0 > args.budget - 10:
                    row(name, v if isinstance(v, str) else v[0], None, ran="skipped (budget)")
                    continue
                if v == "fill":  # C's bytes written once: the floor of a store-bound GEMM
                    c = torch.empty_like(want)
                    t = timed(lambda: c.fill_(1.0))
                    row(name, "floor: C.fill_ (write only)", t, None, None, "%.2f GB" % (c.numel() * 4 / 1e9))
                    c2 = torch.empty_like(want)
                    t = timed(lambda: c2.copy_(c))
                    row(name, "floor: C.copy_ (read + write)", t, None, None, "")
                    del c, c2
                    continue
                vname, sw = v
                try:
                    K = Km if sw is None else Kn
                    for k, val in defaults.items():
                        setattr(Kn, k, val)
                    if emu:
                        K.SMALL_GEMM_FLOPS = 0  # reduced shapes: the TMA path only with the small rule off
                    if isinstance(sw, dict):
                        for k, val in sw.items():
                            setattr(K, k, val)
                    args_in = list(inputs)
                    if sw == "kmajor":  # B as a K-major view (the copy made here, outside the timing)
                        args_in[1] = inputs[1].transpose(-1, -2).contiguous().transpose(-1, -2)
                    K.LAST_PLAN.clear()
                    model = K.ModelNew(*P.get_init_inputs()).to(dev).eval()
                    with torch.no_grad():
                        got = model(*args_in)
                        if not emu:
                            torch.cuda.synchronize()
                        err = rel(got, want)
                        del got
                        lp = K.LAST_PLAN.get("plan") or {}
                        ran = "%s %s %s" % (
                            ("tile %dx%dx%d st%d w%d split%d %s ch%d" % (
                                lp["BLOCK_M"], lp["BLOCK_N"], lp["BLOCK_K"], lp["num_stages"], lp["num_warps"],
                                lp["EPI_SPLIT"], K.LAST_PLAN.get("b_mn"), K.LAST_PLAN.get("chunks", 0))) if lp else "",
                            getattr(model, "last_impl", ""), getattr(model, "last_fallback", ""))
                        t = timed(lambda: model(*args_in))
                    ran += ptx_mma(K)
                    results[(name, vname)] = t
                    xc = None
                    if cub:
                        xc = "%s / %s" % (f(cub[0] / t[0], "%.2f"), f(cub[1] / t[1] if cub[1] and t[1] else None, "%.2f"))
                    row(name, vname, t, xc, err, ran)
                except Exception as e:  # noqa: BLE001 -- this variant failed (e.g. OutOfResources): the next runs
                    row(name, vname, None, ran="error: %s: %s" % (type(e).__name__, " ".join(str(e).split())[-200:]))
                    if not emu:
                        torch.cuda.synchronize()

            for k, val in defaults.items():
                setattr(Kn, k, val)
            if name in COMPILE_FOR:
                compiles.append((name, ref, inputs, want, cub))
            else:
                del ref, inputs, want
        except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
            row(name, "-", None, ran="error: %s: %s" % (type(e).__name__, str(e)[:200]))
        if not emu:
            torch.cuda.empty_cache()
    if not (emu or args.no_compile):
        try:
            import torch._inductor.config as inductor_config
            inductor_config.compile_threads = 1
        except ImportError:
            pass
        for name, ref, inputs, want, cub in compiles:
            if time.time() - T0 > args.budget - 35:  # a cold Inductor compile takes ~10-30 s
                row(name, "torch.compile", None, ran="skipped (budget)")
                continue
            try:
                c = torch.compile(ref)
                with torch.no_grad():
                    err = rel(c(*inputs), want)
                    t = timed(lambda: c(*inputs))
                xc = "%s / %s" % (f(cub[0] / t[0], "%.2f"), f(cub[1] / t[1] if cub[1] and t[1] else None, "%.2f"))
                row(name, "torch.compile (TF32)", t, xc, err, "default mode")
            except Exception as e:  # noqa: BLE001
                row(name, "torch.compile (TF32)", None, ran="error: %s" % str(e)[:150])
    verdict(results)
    print("done in %.1f s" % (time.time() - T0))
    return 0


def verdict(results):
    """Each switch value against B_MN=stage (this branch's default) on every case both ran: us and gpu_us ratios."""
    print("\nverdict (new / stage per case, us | gpu_us; < 1 = new faster):")
    names = sorted({v for _, v in results if v.startswith(OV) or v.startswith("STORE_K") or v.startswith("TMA_CL")})
    for v in names:
        pairs = [(c, results[(c, STAGE[0])], results[(c, v)]) for c, vv in results if vv == v and (c, STAGE[0]) in
                 results]
        cells = []
        for c, o, n in pairs:
            g = "%.3f" % (n[1] / o[1]) if n[1] and o[1] else "-"
            cells.append("%s %.3f|%s" % (c.split("_")[0], n[0] / o[0], g))
        print("- %s: %s" % (v, ", ".join(cells)))
    pairs = [(c, results[(c, MAIN[0])], results[(c, STAGE[0])]) for c, v in results if v == MAIN[0] and
             (c, STAGE[0]) in results]
    print("- this branch's stage vs main: %s" % ", ".join("%s %.3f" % (c.split("_")[0], n[0] / o[0])
                                                          for c, o, n in pairs))


if __name__ == "__main__":
    sys.exit(main())
