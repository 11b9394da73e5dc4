"""Norm apply at bandwidth (issue 15, session 16): times the stage library's norms as this branch writes them against
the library of main before it (b77e49f), on the shapes of 92_, 84_, 52_, 60_ and u42, in one process, next to
PyTorch eager (and torch.compile for 92_); then the conv template's CONV_STATS on / off with the two-level finish
(STATS_FINISH_CHUNKS=128) against the one-level one (=1) on the generated 52_ and level3 8_ResNetBasicBlock.

    # on the CPU machine (needs build/dev/app/kwb): the old library, the new one and the generated kernels
    python3 bench/gpu/norm_apply.py --prepare            # writes .gpu/normapply/
    # on the GPU machine (<= 60 s)
    python3 bench/gpu/norm_apply.py [--rep 25] [--no-compile]
    python3 bench/gpu/norm_apply.py --cpu-emulated       # fake_triton, small shapes: the script's own check

Rows: variant, do_bench median (us), rel_err against PyTorch eager fp32 (TF32 off); 'x' = the replaced variant's
time / this one's. Variants: old = main's library (92_: the channels-last input copied, 255-register apply);
copy = this library with kwb_group_norm_in_place off; in-place = the [positions x channels] statistics tiles and
the apply reading the conv's channels-last output; +lse = the logsumexp over the channels in the apply's tiles
(reduce=). Nothing here ran on a GPU when it was written: every speed is unmeasured.
"""
import argparse
import copy
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
DIR = os.path.join(ROOT, ".gpu", "normapply")
KB = os.environ.get("KWB_KERNELBENCH") or next(
    (d for d in ("/work/shared/data/kernelbench", os.path.join(ROOT, ".gpu", "problems")) if os.path.isdir(d)),
    "/work/shared/data/kernelbench")
OLD_COMMIT = "b77e49f"
LIB = "resources/templates/kernels/"
MODELS = ["level2/52_Conv2d_Activation_BatchNorm", "level3/8_ResNetBasicBlock"]
ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--prepare", action="store_true")
ap.add_argument("--rep", type=float, default=25.0, help="do_bench rep (ms)")
ap.add_argument("--no-compile", action="store_true")
ap.add_argument("--cpu-emulated", action="store_true")
args = ap.parse_args()

if args.prepare:
    os.makedirs(DIR, exist_ok=True)
    for name in ("triton_epilogue.py", "triton_stages.py"):
        old = subprocess.run(["git", "-C", ROOT, "show", "%s:%s%s" % (OLD_COMMIT, LIB, name)], capture_output=True,
                             text=True, check=True).stdout
        with open(os.path.join(DIR, "old_" + name), "w") as f:
            f.write(old)
        with open(os.path.join(ROOT, LIB, name)) as f, open(os.path.join(DIR, "new_" + name), "w") as g:
            g.write(f.read())
    kwb = os.path.join(ROOT, "build", "dev", "app", "kwb")
    for p in MODELS if os.path.exists(kwb) else []:
        out = os.path.join(DIR, os.path.basename(p) + ".py")
        r = subprocess.run([kwb, "analyze", os.path.join(KB, p + ".py"), "--kernel-out", out, "--framework",
                            "triton"], capture_output=True, text=True)
        print("%-50s %s" % (os.path.basename(p), "written" if r.returncode == 0 and os.path.exists(out) else
                            "FAILED " + (r.stderr or r.stdout).strip()[-200:]))
    sys.exit(0)

if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
T0 = time.time()
PREAMBLE = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"
# the chain planner's post epilogues of these problems, written as it writes them
EPIS = """

@triton.jit
def kwb_post92(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
               s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    res = tl.load(e0 + (i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04), mask=mask, other=0.0).to(tl.float32)
    t = 2.0 * tl.sigmoid(2.0 * acc) - 1.0
    h = tl.minimum(tl.maximum(t + 3.0, 0.0), 6.0)
    return res + t * h / 6.0


@triton.jit
def kwb_scale(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
              s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    return acc * f0


@triton.jit
def kwb_hswish(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
               s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    return acc * tl.minimum(tl.maximum(acc + 3.0, 0.0), 6.0) / 6.0
"""


def load_lib(prefix):
    # new: the repository's library (the bundle carries it), else the copy --prepare wrote; old: that copy only
    paths = [os.path.join(DIR, prefix + n) for n in ("triton_epilogue.py", "triton_stages.py")]
    here = [os.path.join(ROOT, LIB, n) for n in ("triton_epilogue.py", "triton_stages.py")]
    if prefix == "new_" and all(os.path.exists(p) for p in here):
        paths = here
    if not all(os.path.exists(p) for p in paths):
        return None
    text = PREAMBLE + "".join(open(p).read() + "\n\n" for p in paths) + EPIS
    path = os.path.join(tempfile.gettempdir(), "kwb_norm_apply_%s%d.py" % (prefix, os.getpid()))
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("lib_" + prefix.strip("_"), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rel_err(got, want):
    return float((got.double() - want.double()).norm() / want.double().norm().clamp_min(1e-30))


def bench(fn):
    if DEV != "cuda":
        fn()
        return float("nan")
    from triton.testing import do_bench
    return do_bench(fn, warmup=5, rep=args.rep, return_mode="median") * 1e3


BAD = []


def row(case, variant, fn, want, base=None, tol=1e-3):
    """One table row: fn's time and rel_err (BAD above tol); base: the time of the variant it replaces (for x)."""
    try:
        got = fn()
        err = rel_err(got, want) if want is not None else float("nan")
        us = bench(fn)
        ok = not (err >= tol)
        if not ok:
            BAD.append((case, variant))
        x = "" if base is None or base != base or us != us else "x%.2f" % (base / us)
        print("%-6s %-26s %10.1f %10.2e %7s%s" % (case, variant, us, err, x, "" if ok else "  BAD"), flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- one failing variant does not lose the table
        BAD.append((case, variant))
        print("%-6s %-26s ERROR %s: %s" % (case, variant, type(e).__name__, str(e).strip()[-160:]), flush=True)
        return float("nan")


def cl(t):
    return t.contiguous(memory_format=torch.channels_last if t.dim() == 4 else torch.channels_last_3d)


def main():
    torch.manual_seed(0)
    old, new = load_lib("old_"), load_lib("new_")
    print("[norm_apply] %s, torch %s, old library %s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)", torch.__version__,
        "main " + OLD_COMMIT if old is not None else "absent (run --prepare on the CPU machine)"), flush=True)
    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
    small = args.cpu_emulated
    print("%-6s %-26s %10s %10s %7s" % ("case", "variant", "us", "rel_err", "x"), flush=True)

    # 92_: group norm (16 groups) of the conv's channels-last output + tanh, hardswish, + residual, logsumexp(dim 1)
    x = cl(torch.randn((2, 64, 9, 11) if small else (128, 64, 126, 126), device=DEV))
    w, b = torch.randn(64, device=DEV), torch.randn(64, device=DEV)

    def ref92(x):
        y = F.group_norm(x, 16, w, b, 1e-5)
        return (x + F.hardswish(torch.tanh(y))).logsumexp(1, keepdim=True)

    want = ref92(x)
    pk = dict(epi=None, epi_tensors=(x,), epi_scalars=())
    row("92_", "eager", lambda: ref92(x), want)
    if not args.no_compile and not small:
        comp = torch.compile(ref92)
        row("92_", "torch.compile", lambda: comp(x), want)
    base = float("nan")
    if old is not None:
        pk["epi"] = old.kwb_post92
        base = row("92_", "old (copy, apply) + lse", lambda: old.kwb_reduce(
            old.kwb_group_norm(x, 16, w, b, 1e-5, **pk), [1], "logsumexp", True), want)
    pk["epi"] = new.kwb_post92
    new.kwb_group_norm_in_place = False
    row("92_", "copy + lse", lambda: new.kwb_reduce(new.kwb_group_norm(x, 16, w, b, 1e-5, **pk), [1], "logsumexp",
                                                     True), want, base)
    new.kwb_group_norm_in_place = True
    row("92_", "in-place + lse", lambda: new.kwb_reduce(new.kwb_group_norm(x, 16, w, b, 1e-5, **pk), [1],
                                                         "logsumexp", True), want, base)
    row("92_", "in-place +lse fused", lambda: new.kwb_group_norm(x, 16, w, b, 1e-5, reduce="logsumexp",
                                                                  keepdim=True, **pk), want, base)
    st = new._kwb_norm_strides(x, 16)
    row("92_", "in-place stats only", lambda: new._kwb_gn_cl_moments(x, 16, st)[0], None)
    del x, want

    # 84_: batch norm (training) of the GEMM's [1024, 8192] output, then * scale
    x = torch.randn((16, 300) if small else (1024, 8192), device=DEV) + 3.0
    c = x.shape[1]
    w, b = torch.randn(c, device=DEV), torch.randn(c, device=DEV)
    rm, rv = torch.zeros(c, device=DEV), torch.ones(c, device=DEV)
    want = F.batch_norm(x, rm.clone(), rv.clone(), w, b, True, 0.1, 1e-5) * 0.5
    row("84_", "eager", lambda: F.batch_norm(x, rm, rv, w, b, True, 0.1, 1e-5) * 0.5, want)
    base = float("nan")
    if old is not None:
        base = row("84_", "old (a row per element)", lambda: old.kwb_batch_norm(
            x, w, b, rm, rv, True, 0.1, 1e-5, epi=old.kwb_scale, epi_tensors=(), epi_scalars=(0.5,)), want)
    row("84_", "rows of C", lambda: new.kwb_batch_norm(x, w, b, rm, rv, True, 0.1, 1e-5, epi=new.kwb_scale,
                                                       epi_tensors=(), epi_scalars=(0.5,)), want, base)
    del x, want

    # 52_: batch norm (training) of the conv's channels-last [64, 128, 126, 126] output
    x = cl(torch.randn((2, 128, 7, 9) if small else (64, 128, 126, 126), device=DEV))
    w, b = torch.randn(128, device=DEV), torch.randn(128, device=DEV)
    rm, rv = torch.zeros(128, device=DEV), torch.ones(128, device=DEV)
    want = F.batch_norm(x, rm.clone(), rv.clone(), w, b, True, 0.1, 1e-5)
    row("52_", "eager", lambda: F.batch_norm(x, rm, rv, w, b, True, 0.1, 1e-5), want)
    base = float("nan")
    if old is not None:
        base = row("52_", "old", lambda: old.kwb_batch_norm(x, w, b, rm, rv, True, 0.1, 1e-5), want)
    row("52_", "new", lambda: new.kwb_batch_norm(x, w, b, rm, rv, True, 0.1, 1e-5), want, base)
    del x, want

    # 60_ (group norm of 4 groups of [128, 16, 31, 63, 63] + hardswish) and u42 ([2, 16, 12, 12, 12], 4 groups)
    for case, shape in (("60_", (2, 16, 5, 7, 9) if small else (128, 16, 31, 63, 63)), ("u42", (2, 16, 12, 12, 12))):
        x = cl(torch.randn(shape, device=DEV))
        w, b = torch.randn(16, device=DEV), torch.randn(16, device=DEV)
        want = F.hardswish(F.group_norm(x, 4, w, b, 1e-5))
        row(case, "eager", lambda: F.hardswish(F.group_norm(x, 4, w, b, 1e-5)), want)
        base = float("nan")
        if old is not None:
            base = row(case, "old (copy)", lambda: old.kwb_group_norm(x, 4, w, b, 1e-5, epi=old.kwb_hswish), want)
        new.kwb_group_norm_in_place = False
        row(case, "copy", lambda: new.kwb_group_norm(x, 4, w, b, 1e-5, epi=new.kwb_hswish), want, base)
        new.kwb_group_norm_in_place = True
        row(case, "in-place", lambda: new.kwb_group_norm(x, 4, w, b, 1e-5, epi=new.kwb_hswish), want, base)
        del x, want
    if DEV == "cuda":
        torch.cuda.empty_cache()

    # CONV_STATS on the generated kernels: off, on with the one-level finish, on with the two-level one
    sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
    for idx, p in enumerate(MODELS[:1] if small else MODELS):  # emulated: the ResNet block takes minutes
        nm = os.path.basename(p)
        path = os.path.join(DIR, nm + ".py")
        if not os.path.exists(path) or time.time() - T0 > 50:
            print("%-6s %-26s skipped (%s)" % (nm[:6], "CONV_STATS", "no kernel" if not os.path.exists(path)
                                                else "time"), flush=True)
            continue
        try:
            spec = importlib.util.spec_from_file_location("prob%d" % idx, os.path.join(KB, p + ".py"))
            prob = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(prob)
            if small:
                from chain_emulate import shrink
                shrink(prob)
            spec = importlib.util.spec_from_file_location("kern%d" % idx, path)
            kern = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(kern)
            ref = prob.Model(*prob.get_init_inputs()).to(DEV)
            ours = kern.ModelNew(*prob.get_init_inputs()).to(DEV)
            ours.load_state_dict(ref.state_dict())
            inputs = [t.to(DEV) if torch.is_tensor(t) else t for t in prob.get_inputs()]
            with torch.no_grad():
                want = copy.deepcopy(ref)(*inputs)
                row(nm[:6], "eager", lambda: ref(*inputs), None)
                torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
                base = float("nan")
                for label, on, chunks in (("CONV_STATS off", False, 128), ("on, 1-level finish", True, 1),
                                          ("on, 2-level finish", True, 128)):
                    kern.CONV_STATS, kern.STATS_FINISH_CHUNKS = on, chunks
                    m = copy.deepcopy(ours)
                    us = row(nm[:6], label, lambda: m(*inputs), want, None if not on else base, tol=1e-2)
                    base = us if not on else base
                torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
                kern.CONV_STATS = False
        except Exception as e:  # noqa: BLE001
            BAD.append((nm, "CONV_STATS"))
            print("%-6s CONV_STATS ERROR %s: %s" % (nm[:6], type(e).__name__, str(e).strip()[-160:]), flush=True)
    print("[norm_apply] %.0f s, %s" % (time.time() - T0, "all correct" if not BAD else "BAD: %s" % BAD), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
