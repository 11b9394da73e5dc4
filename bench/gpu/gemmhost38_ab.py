"""Issue 14, session 38 (helper gemmhost38): the level-1 Triton GEMM's per-call host work, main's generated
kernel.py against this branch's (MEMO_PLANS: the forward's launches planned once per shapes / strides / dtypes /
alignment / settings key, descriptors copied from a prototype), cuBLAS at TF32 beside them, one process.

A folder (made on the CPU by --make DIR): ab.py (this file), problems/<case>.py (KernelBench's level-1 files),
main/<case>.py (main's generated kernels) and new/<case>.py (this branch's). No repository code at run time.

    python3 gemmhost38/ab.py --budget 120                 # GPU (from the folder's parent)
    python3 gemmhost38/ab.py --cpu-host --fake-triton tests/data/codegen/fake_triton   # CPU: Python host work only

Columns (GPU): us = triton.testing.do_bench median of the forward launched from the host (warmup 10 ms, rep 30 ms;
L2 cleared before each call, so host work the GPU does not hide shows); gpu_us = do_bench_cudagraph (the forward
replayed from a CUDA graph: no host work); host_us = the host's time per forward: 50 back-to-back calls without a
sync, divided, the best of 3 (synchronized between); x_cublas = cuBLAS us / row us; rel_err = ||got - ref|| /
||ref|| against the Model in fp32 with TF32 off (a row over 5e-3 is marked BAD); ran = LAST_PLAN and last_impl.
Then a cProfile of 200 forwards (main and new) of two cases: where the host time goes, Triton's launch included.

--cpu-host: the same kernels on tests/data/codegen/fake_triton with every kernel launch a no-op (the inputs
torch.empty of the problems' shapes, the kernels' torch.empty served from a pool as CUDA's caching allocator
would): what is timed is the forward's own Python (plans, views, descriptors of the fake), not Triton's launch
path and not the GPU. The variants' blocks are interleaved, the best of 10 kept. The SM count is set to 132 (an
H100's) so that the tile plans are the GPU's.
"""
import argparse
import cProfile
import importlib.util
import io
import os
import pstats
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
CASES = ["2_Standard_matrix_multiplication_", "1_Square_matrix_multiplication_", "10_3D_tensor_matrix_multiplication",
         "13_Matmul_for_symmetric_matrices", "14_Matmul_for_upper_triangular_matrices",
         "8_Matmul_with_irregular_shapes_", "17_Matmul_with_transposed_B", "16_Matmul_with_transposed_A",
         "7_Matmul_with_small_K_dimension_", "11_4D_tensor_matrix_multiplication", "4_Matrix_vector_multiplication_"]
# (row name, kernel folder, module settings)
VARIANTS = [("main", "main", {}), ("new (MEMO_PLANS, FAST_DESC)", "new", {}),
            ("new FAST_DESC=False", "new", dict(FAST_DESC=False)),
            ("new MEMO_PLANS=False (session 37's path)", "new", dict(MEMO_PLANS=False))]
PROFILE = ("2_Standard_matrix_multiplication_", "10_3D_tensor_matrix_multiplication")


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def make(out, kwb_new, kwb_main):
    """CPU: copies this file, the problems and both builds' generated kernels into out."""
    for sub in ("problems", "main", "new"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    shutil.copy(os.path.abspath(__file__), os.path.join(out, "ab.py"))
    for name in CASES:
        src = os.path.join(out, "problems", name + ".py")
        shutil.copy(os.path.join(KB, "level1", name + ".py"), src)
        for sub, kwb in (("main", kwb_main), ("new", kwb_new)):
            if not kwb:
                continue
            r = subprocess.run([kwb, "analyze", src, "--kernel-out", os.path.join(out, sub, name + ".py"),
                                "--framework", "triton"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True, timeout=300)
            print("%-45s %-4s %s" % (name, sub, "ok" if r.returncode == 0 else "kwb failed: " + r.stderr[-300:]))


def profile_rows(fn, calls, sync, timer=None):
    """cProfile of `calls` calls of fn: the top entries by own time, in us per call."""
    prof = cProfile.Profile(timer) if timer else cProfile.Profile()
    prof.enable()
    for _ in range(calls):
        fn()
    prof.disable()
    sync()
    st = pstats.Stats(prof, stream=io.StringIO())
    rows = []
    for (file, line, func), (cc, nc, tt, ct, _) in st.stats.items():
        rows.append((tt * 1e6 / calls, ct * 1e6 / calls, nc / calls, "%s:%d(%s)" % (os.path.basename(file), line,
                                                                                  func)))
    rows.sort(reverse=True)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--make", metavar="DIR")
    ap.add_argument("--kwb-new", default=os.path.join(HERE, "..", "..", "build", "dev", "app", "kwb"))
    ap.add_argument("--kwb-main", default="")
    ap.add_argument("--budget", type=float, default=120.0, help="seconds")
    ap.add_argument("--cpu-host", action="store_true", help="fake_triton, launches no-ops: Python host work only")
    ap.add_argument("--fake-triton", default="", help="the fake_triton folder (with --cpu-host)")
    ap.add_argument("--calls", type=int, default=500, help="--cpu-host: forwards per timed block")
    ap.add_argument("--only", default="", help="comma-separated case-name prefixes")
    args = ap.parse_args()
    if args.make:
        make(args.make, args.kwb_new, args.kwb_main)
        return 0
    cpu = args.cpu_host
    if cpu:
        sys.path.insert(0, args.fake_triton)
    import torch
    import triton
    warnings.simplefilter("ignore")
    if cpu:
        torch.set_num_threads(1)
        triton.JITFunction.__getitem__ = lambda self, grid: (lambda *a, **k: None)
        print("gemmhost38 ab: cpu, fake_triton with no-op launches: Python host work per forward, not GPU time")
        print("| case | variant | host_us (wall, best block) | cpu_us | ran |")
        print("|---|---|---:|---:|---|")
    else:
        from triton.testing import do_bench, do_bench_cudagraph
        props = torch.cuda.get_device_properties(0)
        print("gemmhost38 ab: %s (%d SMs, %.0f GiB), triton %s, torch %s, CUDA %s" % (
            props.name, props.multi_processor_count, props.total_memory / 2**30, triton.__version__,
            torch.__version__, torch.version.cuda))
        print("| case | variant | us | gpu_us | host_us | x_cublas (us / gpu) | rel_err | ran |")
        print("|---|---|---:|---:|---:|---:|---:|---|")
    sys.stdout.flush()
    dev = "cpu" if cpu else "cuda"

    def sync():
        if not cpu:
            torch.cuda.synchronize()

    def f(x, fmt="%.1f"):
        return fmt % x if x is not None else "-"

    def timed(fn):
        us = do_bench(fn, warmup=10, rep=30) * 1e3
        try:
            gus = do_bench_cudagraph(fn, rep=20) * 1e3
        except Exception:  # noqa: BLE001 -- a forward that cannot be captured: its eager time stands
            gus = None
        hus = None
        for _ in range(3):
            torch.cuda.synchronize()
            t = time.perf_counter()
            for _ in range(50):
                fn()
            h = (time.perf_counter() - t) / 50 * 1e6
            hus = h if hus is None else min(hus, h)
        torch.cuda.synchronize()
        return us, gus, hus

    def host_cpu_rows(name, rows, inputs):
        """Blocks of args.calls // 10 forwards, the variants interleaved (a shared, loaded machine drifts), the best
        block of 10 per variant; each variant's settings applied around its own blocks."""
        best = {}
        block = max(1, args.calls // 10)
        with torch.no_grad():
            for _ in range(10):
                for vname, K, sw, model, ran in rows:
                    saved = {k: getattr(K, k) for k in sw}
                    for k, v in sw.items():
                        setattr(K, k, v)
                    for _ in range(5):
                        model(*inputs)
                    t0, c0 = time.perf_counter(), time.process_time()
                    for _ in range(block):
                        model(*inputs)
                    w, c = (time.perf_counter() - t0) * 1e6 / block, (time.process_time() - c0) * 1e6 / block
                    for k, v in saved.items():
                        setattr(K, k, v)
                    bw, bc = best.get(vname, (w, c))
                    best[vname] = (min(bw, w), min(bc, c))
        for vname, K, sw, model, ran in rows:
            print("| %s | %s | %.1f | %.1f | %s |" % (name[:40], vname, best[vname][0], best[vname][1], ran))

    def rel(got, want):
        got = got.reshape(want.shape).float()
        return float((got - want).norm() / want.norm().clamp_min(1e-30))

    def ran_of(K, model):
        lp = K.LAST_PLAN.get("plan") or {}
        tile = ("tile %dx%dx%d st%d w%d split%d %s" % (lp["BLOCK_M"], lp["BLOCK_N"], lp["BLOCK_K"], lp["num_stages"],
                                                      lp["num_warps"], lp["EPI_SPLIT"], K.LAST_PLAN.get("b_mn"))
                if lp else "")
        return " ".join(("%s %s %s" % (tile, model.last_impl, model.last_fallback)).split())[:150]

    only = [o for o in args.only.split(",") if o]
    profiles = []
    for name in CASES:
        if only and not any(name.startswith(o) for o in only):
            continue
        if not cpu and time.time() - T0 > args.budget - 12:
            print("| %s | - | skipped (budget) |" % name[:40])
            continue
        try:
            tag = re.sub(r"\W", "_", name)
            P = load(os.path.join(HERE, "problems", name + ".py"), "p_" + tag)
            mods = {sub: load(os.path.join(HERE, sub, name + ".py"), "k%s_%s" % (sub, tag))
                    for sub in ("main", "new") if os.path.exists(os.path.join(HERE, sub, name + ".py"))}
            cpu_rows = []
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(dev).eval()
            if cpu:  # values are never read (no-op launches): untouched memory of the problem's shapes
                inputs = [torch.empty(x.shape, dtype=x.dtype) if torch.is_tensor(x) else x for x in
                          (P.get_inputs() if not name.startswith(("7_", "11_", "4_")) else _shapes(P, torch))]
                for K in mods.values():
                    K._SMS[torch.device("cpu")] = 132  # an H100's SM count: the GPU's tile plans
                    K.torch = _PooledTorch(torch)
            else:
                try:  # drawn on the GPU (4_ and 11_ draw GBs: seconds on the host's CPU)
                    with torch.device(dev):
                        inputs = P.get_inputs()
                except Exception:  # noqa: BLE001 -- a torch without the device context: drawn on the CPU
                    inputs = P.get_inputs()
                inputs = [x.to(dev) if torch.is_tensor(x) else x for x in inputs]
                torch.backends.cuda.matmul.allow_tf32 = False
                with torch.no_grad():
                    want = ref(*inputs).float()
                torch.backends.cuda.matmul.allow_tf32 = True
                with torch.no_grad():
                    cub = timed(lambda: ref(*inputs))
                print("| %s | cuBLAS (eager Model, TF32) | %s | %s | %s | 1.00 / 1.00 | - | allow_tf32 = True |" % (
                    name[:40], f(cub[0]), f(cub[1]), f(cub[2])))
                sys.stdout.flush()
            for vname, sub, sw in VARIANTS:
                if sub not in mods:
                    continue
                if not cpu and time.time() - T0 > args.budget - 12:
                    print("| %s | %s | skipped (budget) |" % (name[:40], vname))
                    continue
                K = mods[sub]
                saved = {k: getattr(K, k) for k in sw if hasattr(K, k)}
                try:
                    if any(not hasattr(K, k) for k in sw):
                        continue
                    for k, v in sw.items():
                        setattr(K, k, v)
                    if hasattr(K, "_PLANS"):
                        K._PLANS.clear()
                    K.LAST_PLAN.clear()
                    model = K.ModelNew(*P.get_init_inputs()).to(dev).eval()
                    with torch.no_grad():
                        got = model(*inputs)
                        sync()
                        ran = ran_of(K, model)
                        if cpu:
                            cpu_rows.append((vname, K, dict(sw), model, ran))
                        else:
                            err = rel(got, want)
                            del got
                            t = timed(lambda: model(*inputs))
                            xc = "%s / %s" % (f(cub[0] / t[0], "%.2f"),
                                              f(cub[1] / t[1] if cub[1] and t[1] else None, "%.2f"))
                            print("| %s | %s | %s | %s | %s | %s | %.2e%s | %s |" % (
                                name[:40], vname, f(t[0]), f(t[1]), f(t[2]), xc, err,
                                " BAD" if not err < TOL else "", ran))
                        if name in PROFILE and sub == "main" or (name in PROFILE and vname.startswith("new (")):
                            profiles.append((name, vname, profile_rows(lambda: model(*inputs), 200, sync, time.process_time if cpu else None)))
                    sys.stdout.flush()
                except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
                    print("| %s | %s | error: %s: %s |" % (name[:40], vname, type(e).__name__,
                                                           " ".join(str(e).split())[-200:]))
                    sync()
                finally:
                    for k, v in saved.items():
                        setattr(K, k, v)
            if cpu:
                host_cpu_rows(name, cpu_rows, inputs)
            del ref, inputs
            if not cpu:
                del want
                torch.cuda.empty_cache()
        except Exception as e:  # noqa: BLE001
            print("| %s | - | error: %s: %s |" % (name[:40], type(e).__name__, str(e)[:200]))
    for name, vname, rows in profiles:
        print("\ncProfile, %s, %s: 200 forwards, top 12 by own time (us per forward: own, cumulative, calls)" % (
            name, vname))
        for tt, ct, nc, where in rows[:12]:
            print("  %8.2f %8.2f %5.1f  %s" % (tt, ct, nc, where))
        print("  total own time %.1f us per forward" % sum(r[0] for r in rows))
    print("done in %.1f s" % (time.time() - T0))
    return 0


def _PooledTorch(torch):
    """--cpu-host: the kernel module's `torch` with empty() served from a pool by (shape, dtype), the role CUDA's
    caching allocator plays on the GPU (a CPU torch.empty of a GB buffer is an mmap, not what the GPU pays)."""
    import types
    ns = types.SimpleNamespace(**{k: getattr(torch, k) for k in dir(torch) if not k.startswith("__")})
    pool = {}

    def empty(shape, dtype=None, device=None):
        key = (tuple(shape), dtype)
        t = pool.get(key)
        if t is None:
            t = pool[key] = torch.empty(shape, dtype=dtype, device=device)
        return t

    ns.empty = empty
    return ns


def _shapes(P, torch):
    """The problem's input shapes without drawing its values (7_, 11_ and 4_ draw GBs of random numbers)."""
    src = open(P.__file__).read()
    body = src[src.index("def get_inputs"):]
    shapes = re.findall(r"torch\.rand[n]?\(([^)]*)\)", body)
    return [torch.empty(*[eval(d.strip(), vars(P)) for d in s.split(",") if d.strip()]) for s in shapes]


if __name__ == "__main__":
    sys.exit(main())
