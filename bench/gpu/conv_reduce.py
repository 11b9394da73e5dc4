"""Times CONV_REDUCE (a reduction over every spatial dim fused into the convolution's tiles) against the unfused
plan (the conv output written, then kwb_reduce) on the level-2 shapes whose chains it changes. One device call.

    python3 bench/gpu/conv_reduce.py [--rep 50] [--no-compile] [--only 42_,44_]
    python3 bench/gpu/conv_reduce.py --cpu-emulated   # no GPU: fake_triton, shapes shrunk, numbers only

Cases (the conv and the reduction of each problem's chain as kwb plans it, at the problem's shapes):
  42_  ConvTranspose2d(64, 128, 3), x [16, 64, 512, 512], mean over (2, 3)        (42_'s plan fuses this)
  44_  ConvTranspose2d(64, 128, 3, 2, 1, 1) x [16, 64, 128, 128], * 0.5, mean      (44_'s plan fuses this)
  8_   Conv3d(8, 16, 3), x [128, 8, 16, 64, 64], / 2, mean over (2, 3, 4)          (the class at 8_'s conv shape:
       8_'s own plan has a max pool between the conv and its global average pool, which this does not fuse)
  36_  ConvTranspose2d(64, 128, 3, 2, 1, 1) x [16, 64, 128, 128], min over dim 1    (over the channels, in the tile)
  32_  Conv2d(64, 128, 3) x [64, 64, 256, 256], * 2, min over dim 1                 (over the channels, in the tile)
Per case: rel_err of fused and unfused against fp32 eager (TF32 off), do_bench median (us) of fused, unfused,
eager and torch.compile of the same conv + reduction (TF32 on), x = unfused / fused (> 1: fused is faster), and
model.last_config["reduce"] of each (it says "fused: mean" or "unfused: mean"). Nothing here has run on a GPU
when this was written: the speed of the fused reduction is unmeasured.
"""
import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--rep", type=float, default=50.0, help="do_bench rep (ms)")
ap.add_argument("--no-compile", action="store_true", help="skip torch.compile")
ap.add_argument("--only", default="", help="comma-separated case-name prefixes")
ap.add_argument("--cpu-emulated", action="store_true", help="fake_triton on the CPU, shrunk shapes, no timing")
args = ap.parse_args()
if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from conv_render import render_conv  # noqa: E402 (bench/gpu)

DEV = "cpu" if args.cpu_emulated else "cuda"
TMP = tempfile.mkdtemp(prefix="kwb_conv_reduce_")


@triton.jit
def epi_scale(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
              s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    return acc * f0  # 44_'s x * multiplier, 8_'s x / divisor, as kwb lowers a scalar pointwise op


# (name, conv factory, input shape, epilogue scalar or None, reduce op, over)
CASES = [
    ("42_convT2d_mean", lambda: nn.ConvTranspose2d(64, 128, 3), (16, 64, 512, 512), None, "mean", "spatial"),
    ("44_convT2d_s2_mul_mean", lambda: nn.ConvTranspose2d(64, 128, 3, 2, 1, 1), (16, 64, 128, 128), 0.5, "mean",
     "spatial"),
    ("8_conv3d_div_mean", lambda: nn.Conv3d(8, 16, 3), (128, 8, 16, 64, 64), 0.5, "mean", "spatial"),
    ("36_convT2d_s2_min_c", lambda: nn.ConvTranspose2d(64, 128, 3, 2, 1, 1), (16, 64, 128, 128), None, "amin",
     "channel"),
    ("32_conv2d_mul_min_c", lambda: nn.Conv2d(64, 128, 3), (64, 64, 256, 256), 2.0, "amin", "channel"),
]


def rel_err(got, want):
    return float((got.double() - want.double()).norm() / want.double().norm().clamp_min(1e-30))


def bench(fn):
    from triton.testing import do_bench
    return do_bench(fn, warmup=10, rep=args.rep, return_mode="median") * 1e3


def set_tf32(on):
    torch.backends.cuda.matmul.allow_tf32 = on
    torch.backends.cudnn.allow_tf32 = on


def main():
    keys = [k for k in args.only.split(",") if k]
    print("[conv_reduce] %s, torch %s, triton %s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)", torch.__version__,
        getattr(triton, "__version__", "?")), flush=True)
    bad = 0
    for idx, (name, make, shape, scale, op, over) in enumerate(CASES):
        if keys and not any(name.startswith(k) for k in keys):
            continue
        try:
            torch.manual_seed(idx)
            conv = make().to(DEV).eval()
            if args.cpu_emulated:  # batch 2, spatial dims <= 9: tiles still straddle images
                shape = (2, shape[1]) + tuple(min(s, 9) for s in shape[2:])
            x = torch.rand(shape, device=DEV)
            mod = render_conv(conv, "conv_r%d" % idx, TMP, "conv_reduce", stage_library=True)
            holder = nn.Module()
            w, b = conv.weight.detach(), conv.bias.detach()
            dims = list(range(2, x.dim())) if over == "spatial" else [1]
            kw = dict(epi=epi_scale, epi_tensors=(), epi_scalars=(scale,)) if scale is not None else {}

            def ours():
                return mod.conv_forward(holder, x, w, b, mod.CONV0, reduce=op, keepdim=True, over=over, **kw)

            def eager():
                y = conv(x)
                y = y * scale if scale is not None else y
                return getattr(y, op)(dim=dims, keepdim=True)

            line = "%-24s" % name
            with torch.no_grad():
                set_tf32(False)
                ref = eager()
                set_tf32(True)
                times = {}
                for label, on in (("fused", True), ("unfused", False)):
                    mod.CONV_REDUCE = on
                    got = ours()
                    err = rel_err(got, ref)
                    ok = err < 1e-2 and holder.last_config.get("reduce", "").startswith(label)
                    bad += not ok
                    line += " | %s err %.1e [%s]%s" % (label, err, holder.last_config.get("reduce"),
                                                      "" if ok else " BAD")
                    if DEV == "cuda":
                        times[label] = bench(ours)
                        line += " %.0f us" % times[label]
                mod.CONV_REDUCE = True
                if DEV == "cuda":
                    line += " | x%.2f | eager %.0f us" % (times["unfused"] / times["fused"], bench(eager))
                    if not args.no_compile:
                        try:
                            comp = torch.compile(eager)
                            comp()
                            line += " compile %.0f us" % bench(comp)
                        except Exception as e:  # noqa: BLE001 -- one failing compile does not lose the line
                            line += " compile ERR %s" % type(e).__name__
            print(line, flush=True)
        except Exception as e:  # noqa: BLE001 -- one case's failure does not stop the rest
            bad += 1
            print("%-24s ERROR %s: %s" % (name, type(e).__name__, str(e).strip().splitlines()[-1][:200]
                                          if str(e).strip() else ""), flush=True)
        finally:
            if DEV == "cuda":
                torch.cuda.empty_cache()
    print("[conv_reduce] %s" % ("all correct" if bad == 0 else "%d BAD" % bad), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
