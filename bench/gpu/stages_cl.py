"""A/B of the stage library's pooling, softmax and layer norm on the layouts the chain plans hand them (issue 15,
session 15): old (the working tree's library with session 15's switches off -- kwb_pool_channels_last,
kwb_softmax_split, kwb_layer_norm_in_place -- and the pointwise run as its own launch, as session 14's plans had
it; or with --old REV the library at that git revision, where the checkout is a git repository) against new,
both loaded in this process, timed with triton.testing.do_bench at the problems' shapes, each checked against
torch (rel_err), and the achieved bandwidth set against a measured copy of the same bytes (torch's copy_ of a
tensor of the kernel's minimum traffic: read the input once, write the output once).

  python3 bench/gpu/stages_cl.py [--old REV] [--only 82_,38_] [--dtype float32]

Cases (shapes from the KernelBench problems; the conv output channels-last, as the conv template writes it):
  82_  max pool 4x4 over channels-last [128, 64, 254, 254]
  46_  avg pool 2x2 over channels-last [128, 128, 126, 126]
  38_  softmax over dim 2 of a channels-last [32, 64, 32, 64, 64] viewed [32, 64, 131072], then * scale [1, 64, 1]
       (new: the multiply fused as the epilogue; old: a kwb_pointwise launch after, as the plan had it)
  34_  layer norm over W = 64 of channels-last [32, 64, 32, 64, 64], then gelu * 1.0 (new: fused; old: after)
  38p  avg pool 2x2x2 over contiguous [32, 32, 32, 64, 64] (38_'s first stage, the NCDHW plane kernel both sides)
  l1_23 / l1_24  softmax / log_softmax over dim 1 of contiguous [128, 393216]
Prints one line per case: old us, new us, speedup, rel_err old / new, GB/s new, % of the copy's GB/s.
Nothing here has been run by the session that wrote it (no GPU there).
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile

import torch
import torch.nn.functional as F
import triton
import triton.language as tl  # noqa: F401  (the loaded library's namespace)
from triton.testing import do_bench

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STAGES = "resources/templates/kernels/triton_stages.py"
EPILOGUE = "resources/templates/kernels/triton_epilogue.py"
PREAMBLE = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"
# the epilogues the plans generate for 38_ (mul by a [1, C, 1] tensor) and 34_ (gelu, then * 1.0)
EPIS = '''

@triton.jit
def bench_mul(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
              s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    e0_v = tl.load(e0 + (i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04), mask=mask, other=0.0).to(tl.float32)
    return acc * e0_v


@triton.jit
def bench_gelu_scale(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                     s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    return 0.5 * acc * (1.0 + tl.math.erf(acc * 0.7071067811865476)) * f0
'''


def load(text, epilogue, name):
    path = os.path.join(tempfile.mkdtemp(prefix="kwb_stages_cl_"), name + ".py")
    with open(path, "w") as f:
        f.write(PREAMBLE + text + "\n\n" + epilogue + EPIS)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def git_show(rev, path):
    return subprocess.run(["git", "-C", ROOT, "show", "%s:%s" % (rev, path)], check=True, capture_output=True,
                          text=True).stdout


def rel_err(got, want):
    got, want = got.double(), want.double()
    if not torch.equal(torch.isnan(got), torch.isnan(want)):
        return float("inf")
    fin = torch.isfinite(want)
    return float((got[fin] - want[fin]).norm() / want[fin].norm().clamp_min(1e-30))


def cl(shape, dtype):
    x = torch.randn(shape, device="cuda", dtype=dtype)
    return x.to(memory_format=torch.channels_last if len(shape) == 4 else torch.channels_last_3d)


def cases(dtype):
    """name -> (make inputs, old(K, *inputs), new(K, *inputs), torch reference, bytes read + written)."""
    es = torch.tensor([], dtype=dtype).element_size()
    out = {}
    x82 = lambda: (cl((128, 64, 254, 254), dtype),)  # noqa: E731
    out["82_"] = (x82, lambda K, x: K.kwb_pool(x, "max", (4, 4), (4, 4), (0, 0), (1, 1), False),
                  lambda K, x: K.kwb_pool(x, "max", (4, 4), (4, 4), (0, 0), (1, 1), False),
                  lambda x: F.max_pool2d(x, 4), 128 * 64 * (254 * 254 + 63 * 63) * es)
    x46 = lambda: (cl((128, 128, 126, 126), dtype),)  # noqa: E731
    out["46_"] = (x46, lambda K, x: K.kwb_pool(x, "avg", (2, 2), (2, 2), (0, 0), (1, 1), False),
                  lambda K, x: K.kwb_pool(x, "avg", (2, 2), (2, 2), (0, 0), (1, 1), False),
                  lambda x: F.avg_pool2d(x, 2), 128 * 128 * (126 * 126 + 63 * 63) * es)
    x38 = lambda: (cl((32, 64, 32, 64, 64), dtype).view(32, 64, -1),  # noqa: E731
                   torch.rand(1, 64, 1, device="cuda", dtype=dtype))
    out["38_"] = (x38, lambda K, x, s: K.kwb_pointwise(K.kwb_softmax(x, 2), K.bench_mul, (s,)),
                  lambda K, x, s: K.kwb_softmax(x, 2, False, False, K.bench_mul, (s,)),
                  lambda x, s: torch.softmax(x, 2) * s, 2 * 32 * 64 * 131072 * es)
    x34 = lambda: (cl((32, 64, 32, 64, 64), dtype), torch.randn(64, device="cuda", dtype=dtype),  # noqa: E731
                   torch.randn(64, device="cuda", dtype=dtype))
    out["34_"] = (x34, lambda K, x, w, b: K.kwb_pointwise(K.kwb_layer_norm(x, (64,), w, b, 1e-5), K.bench_gelu_scale,
                                                          (), (1.0,)),
                  lambda K, x, w, b: K.kwb_layer_norm(x, (64,), w, b, 1e-5, None, (), (), K.bench_gelu_scale, (),
                                                      (1.0,)),
                  lambda x, w, b: F.gelu(F.layer_norm(x, (64,), w, b, 1e-5)) * 1.0, 2 * 32 * 64 * 32 * 64 * 64 * es)
    x38p = lambda: (torch.randn(32, 32, 32, 64, 64, device="cuda", dtype=dtype),)  # noqa: E731
    out["38p"] = (x38p, lambda K, x: K.kwb_pool(x, "avg", (2, 2, 2), (2, 2, 2), (0, 0, 0), (1, 1, 1), False),
                  lambda K, x: K.kwb_pool(x, "avg", (2, 2, 2), (2, 2, 2), (0, 0, 0), (1, 1, 1), False),
                  lambda x: F.avg_pool3d(x, 2), 32 * 32 * 32 * 64 * 64 * es * 9 // 8)
    x23 = lambda: (torch.randn(128, 393216, device="cuda", dtype=dtype),)  # noqa: E731
    out["l1_23"] = (x23, lambda K, x: K.kwb_softmax(x, 1), lambda K, x: K.kwb_softmax(x, 1),
                    lambda x: torch.softmax(x, 1), 2 * 128 * 393216 * es)
    out["l1_24"] = (x23, lambda K, x: K.kwb_softmax(x, 1, True), lambda K, x: K.kwb_softmax(x, 1, True),
                    lambda x: torch.log_softmax(x, 1), 2 * 128 * 393216 * es)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", default="", help="git revision of the old library (default: switches off)")
    ap.add_argument("--only", default="", help="comma-separated case names")
    ap.add_argument("--dtype", default="float32")
    a = ap.parse_args()
    dtype = getattr(torch, a.dtype)
    epilogue = open(os.path.join(ROOT, EPILOGUE)).read()
    new = load(open(os.path.join(ROOT, STAGES)).read(), epilogue, "stages_new")
    if a.old:
        old = load(git_show(a.old, STAGES), git_show(a.old, EPILOGUE), "stages_old")
    else:
        old = load(open(os.path.join(ROOT, STAGES)).read(), epilogue, "stages_switches_off")
        old.kwb_pool_channels_last = old.kwb_softmax_split = old.kwb_layer_norm_in_place = False
    print("device: %s, torch %s, triton %s, dtype %s, old = %s" % (torch.cuda.get_device_name(), torch.__version__,
                                                                  triton.__version__, a.dtype, a.old or "switches off"))
    print("%-6s %10s %10s %7s %10s %10s %8s %7s" % ("case", "old us", "new us", "speedup", "err old", "err new",
                                                    "new GB/s", "% copy"))
    only = [s for s in a.only.split(",") if s]
    for name, (make, f_old, f_new, ref, nbytes) in cases(dtype).items():
        if only and name not in only:
            continue
        inputs = make()
        want = ref(*[t.double() if t.is_floating_point() else t for t in inputs]) if dtype == torch.float32 else \
            ref(*[t.float() for t in inputs])
        e_old = rel_err(f_old(old, *inputs), want)
        e_new = rel_err(f_new(new, *inputs), want)
        t_old = do_bench(lambda: f_old(old, *inputs)) * 1e3
        t_new = do_bench(lambda: f_new(new, *inputs)) * 1e3
        src = torch.empty(nbytes // 2, dtype=torch.uint8, device="cuda")
        dst = torch.empty_like(src)
        t_copy = do_bench(lambda: dst.copy_(src)) * 1e3
        gbs = nbytes / (t_new * 1e-6) / 1e9
        print("%-6s %10.1f %10.1f %6.2fx %10.2e %10.2e %8.0f %6.0f%%" % (name, t_old, t_new, t_old / t_new, e_old,
                                                                         e_new, gbs, 100.0 * t_copy / t_new))
        del inputs, want, src, dst
        torch.cuda.empty_cache()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
