"""normcf47's probe (session 47): the stage alone, no kwb. Loads the stage library as kernel.py holds it (imports,
library, host helpers, epilogue section) on the GPU and times kwb_rows on channels-first layer / RMS norms (the
prologue and apply functions written as chain.cpp writes them) with the stage's knobs set per variant -- lane (the
per-lane decode), cols41 (norm41's column tile), onepass (session 47's rule) and onepass with other tiles -- beside
a hand-written one-pass kernel holding its statistics in registers (`ideal`: the floor of this tile shape, which
kwb_rows cannot reach while its statistics go through memory) and torch.compile. GPU time per call: L2 flushed,
a spin hides the host path, CUDA events, median of --reps. Each line: variant us (max rel error against fp32 torch).
usage: python3 bench/gpu/normcf47/probe.py [--lib PATH] [--reps N] [--quick]"""
import argparse
import importlib.util
import os
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
CPU = "--cpu" in sys.argv  # the CPU emulation of Triton at small sizes: the variants load and agree, no timing
if CPU:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

DEV = "cpu" if CPU else "cuda"
KDIR = os.path.join(ROOT, "resources", "templates", "kernels")
PREAMBLE = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"
HEAD = ("\n\n@triton.jit\ndef %s(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, "
        "s12, s13, s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):\n")
LD = ("    e%d_v = tl.load(e%d + i0 * s%d0 + i1 * s%d1 + i2 * s%d2 + i3 * s%d3 + i4 * s%d4, mask=mask, other=0.0)"
      ".to(tl.float32)\n")
EPI = (HEAD % "t_sq" + "    return acc * acc\n" +
       HEAD % "t_centred" + LD % ((0,) * 7) + "    d = acc - e0_v\n    return d * d\n" +
       HEAD % "t_ln_apply" + "".join(LD % ((k,) * 7) for k in range(4)) +
       "    return e2_v * ((acc - e0_v) / tl.sqrt(e1_v + 1e-06)) + e3_v\n" +
       HEAD % "t_rms_apply" + "".join(LD % ((k,) * 7) for k in range(2)) +
       "    return (acc * tl.rsqrt(e0_v + 1e-06)) * e1_v\n")


def load(lib, tag):
    text = open(lib).read()
    d = tempfile.mkdtemp()
    path = os.path.join(d, "k_%s.py" % tag)
    with open(path, "w") as f:
        f.write(PREAMBLE + text + "\n\n" + open(os.path.join(KDIR, "chain_host.py")).read() + "\n\n" +
                open(os.path.join(KDIR, "triton_epilogue.py")).read() + EPI)
    spec = importlib.util.spec_from_file_location("k_" + tag, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["k_" + tag] = mod
    spec.loader.exec_module(mod)
    return mod


@triton.jit
def ideal_kernel(X, Wt, Bt, Y, C, S, sxn, sxc, eps, RMS: tl.constexpr, BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr):
    # a [BLOCK_C, BLOCK_S] tile: the whole reduced dim C by BLOCK_S consecutive positions of the contiguous run S
    n = tl.program_id(1)
    s = tl.program_id(0) * BLOCK_S + tl.arange(0, BLOCK_S)
    c = tl.arange(0, BLOCK_C)
    m = (c[:, None] < C) & (s[None, :] < S)
    off = n.to(tl.int64) * sxn + c[:, None] * sxc + s[None, :]
    x = tl.load(X + off, mask=m, other=0.0).to(tl.float32)
    w = tl.load(Wt + c, mask=c < C, other=0.0).to(tl.float32)
    if RMS:
        r = tl.rsqrt(tl.sum(x * x, 0) / C + eps)
        y = x * r[None, :] * w[:, None]
    else:
        b = tl.load(Bt + c, mask=c < C, other=0.0).to(tl.float32)
        u = tl.sum(x, 0) / C
        d = tl.where(m, x - u[None, :], 0.0)
        v = tl.sum(d * d, 0) / C
        y = d / tl.sqrt(v[None, :] + eps) * w[:, None] + b[:, None]
    tl.store(Y + off, y.to(Y.dtype.element_ty), mask=m)


def ideal(x, w, b, rms, block_s, warps):
    n, c = x.shape[0], x.shape[1]
    s = x[0, 0].numel()
    y = torch.empty_like(x)
    ideal_kernel[(triton.cdiv(s, block_s), n)](x, w, b, y, c, s, x.stride(0), x.stride(1), 1e-6, RMS=rms,
                                                BLOCK_C=triton.next_power_of_2(c), BLOCK_S=block_s, num_warps=warps)
    return y


class Timer:
    def __init__(self):
        self.flush = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.float32, device=DEV) if not CPU else None

    def median(self, fn, reps):
        if CPU:
            return float("nan")
        for _ in range(3):
            fn()
        us = []
        for _ in range(reps):
            self.flush.zero_()
            torch.cuda.synchronize()
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            torch.cuda._sleep(2_000_000)
            s.record()
            fn()
            e.record()
            torch.cuda.synchronize()
            us.append(s.elapsed_time(e) * 1000.0)
        return statistics.median(us)


def ref_fn(x, w, b, rms):
    xf = x.float()
    if rms:
        wv = w.view(-1, *([1] * (x.dim() - 2)))
        return (xf * torch.rsqrt(xf.pow(2).mean(1, keepdim=True) + 1e-6) * wv).to(x.dtype)
    u = xf.mean(1, keepdim=True)
    v = (xf - u).pow(2).mean(1, keepdim=True)
    vw = [-1] + [1] * (x.dim() - 2)
    return ((xf - u) / torch.sqrt(v + 1e-6) * w.view(vw) + b.view(vw)).to(x.dtype)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", action="append", default=[])
    ap.add_argument("--reps", type=int, default=25)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--cpu", action="store_true")
    ap.add_argument("--no-compile", action="store_true")
    a = ap.parse_args()
    libs = a.lib or [os.path.join(KDIR, "triton_stages.py")]
    mods = [(os.path.basename(p).replace(".py", ""), load(p, "l%d" % i)) for i, p in enumerate(libs)]
    timer = Timer()
    print("device:", torch.cuda.get_device_name() if not CPU else "cpu (fake_triton)", "torch", torch.__version__,
          "triton", getattr(triton, "__version__", "?"))
    shapes = [((16, 96, 56, 56), torch.float32), ((16, 96, 56, 56), torch.bfloat16), ((8, 512, 28, 28), torch.float32),
              ((16, 256, 768), torch.float32), ((32, 768, 7, 7), torch.float32), ((4, 1024, 32, 32), torch.float32),
              ((2, 64, 16, 40, 40), torch.float32)]
    if a.quick:
        shapes = shapes[:1]
    if CPU:
        shapes = [((2, 24, 5, 7), torch.float32), ((2, 24, 5, 7), torch.bfloat16), ((2, 20, 6), torch.float32),
                  ((1, 600, 3, 7), torch.float32), ((2, 8, 3, 4, 5), torch.float32)]
    for shape, dt in shapes:
        torch.manual_seed(0)
        x = (torch.randn(shape, device=DEV) * 2 + 1).to(dt)
        C = shape[1]
        w = torch.randn(C, device=DEV) * 0.1 + 1
        b = torch.randn(C, device=DEV) * 0.1
        vw = [-1] + [1] * (x.dim() - 2)
        mb = x.numel() * x.element_size() * 2 / 1e6
        for rms in (False, True):
            want = ref_fn(x, w, b, rms)
            rows = []
            def kwb(K, xx):
                wv, bv = w.view([-1] + [1] * (xx.dim() - 2)), b.view([-1] + [1] * (xx.dim() - 2))
                if rms:
                    return K.kwb_rows([(xx, [1], "mean", True, K.t_sq, (), (), torch.float32)], apply=K.t_rms_apply,
                                      apply_tensors=(0, wv), apply_dtype=xx.dtype)[-1]
                return K.kwb_rows([(xx, [1], "mean", True, None, (), (), torch.float32),
                                   (xx, [1], "mean", True, K.t_centred, (0,), (), torch.float32)],
                                  apply=K.t_ln_apply, apply_tensors=(0, 1, wv, bv), apply_dtype=xx.dtype)[-1]
            variants = []
            for lname, K in mods:
                for tag, knobs in (("lane", dict(kwb_rows_cols=False, kwb_rows_cols_onepass=False)),
                                   ("cols41", dict(kwb_rows_cols=True, kwb_rows_cols_onepass=False)),
                                   ("onepass", dict(kwb_rows_cols=True, kwb_rows_cols_onepass=True)),
                                   ("onepass t2k", dict(kwb_rows_cols=True, kwb_rows_cols_onepass=True,
                                                        _kwb_rows_cols_tile=2048)),
                                   ("onepass t8k", dict(kwb_rows_cols=True, kwb_rows_cols_onepass=True,
                                                        _kwb_rows_cols_tile=8192)),
                                   ("onepass pt32", dict(kwb_rows_cols=True, kwb_rows_cols_onepass=True,
                                                         _kwb_rows_per_thread=32))):
                    def f(K=K, knobs=knobs):
                        for k, v in knobs.items():
                            setattr(K, k, v)
                        try:
                            return kwb(K, x)
                        finally:
                            K._kwb_rows_per_thread = 16
                            K._kwb_rows_cols_tile = 4096
                    variants.append(("%s%s" % ("" if len(mods) == 1 else lname + " ", tag), f))
            for bs, wp in ((32, 4), (64, 4), (64, 8), (128, 8), (16, 4)):
                if triton.next_power_of_2(C) * bs <= 16384:
                    variants.append(("ideal S%d w%d" % (bs, wp), lambda bs=bs, wp=wp: ideal(x, w, b, rms, bs, wp)))
            if not CPU and not a.no_compile:
                variants.append(("compile", lambda: cf(x, w, b, rms)))
            for name, f in variants:
                try:
                    with torch.no_grad():
                        got = f()
                        err = ((got.float() - want.float()).abs().max() / want.float().abs().max()).item()
                        us = timer.median(f, a.reps)
                    rows.append("%s %.1f (e %.0e)" % (name, us, err))
                except Exception as e:  # noqa: BLE001
                    rows.append("%s FAIL %s" % (name, repr(e)[:200]))
            print("%s %s %s (%.1f MB, %.1f us at 3 TB/s): " % ("rms" if rms else "ln", list(shape),
                  str(dt).replace("torch.", ""), mb, mb / 3e6 * 1e6) + " | ".join(rows), flush=True)


if not CPU:  # one compile per shape and variant, each static (dynamo's default would go dynamic at the second shape)
    import torch._dynamo
    torch._dynamo.config.cache_size_limit = 64
cf = torch.compile(ref_fn, dynamic=False) if not CPU else None

if __name__ == "__main__":
    main()
