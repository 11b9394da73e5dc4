"""Compile every knob combination of the convolution template on small shapes, first thing in a GPU session.

    python3 bench/gpu/conv_compile_check.py [--budget 240] [--only default,pgrid] [--quick]
    python3 bench/gpu/conv_compile_check.py --cpu-emulated   # no GPU: fake_triton (checks this script)

Why: the template's paths are checked on a CPU emulation of tl.* (tests/data/codegen/fake_triton), not by the
Triton compiler, and kernel.py falls back (X_TMA -> plain tile loop -> GEMM on a channels-last copy -> direct
kernel) when a variant does not compile. A fallback passes every numeric check and is only slower, so a compile
error in the default path would silently slow every convolution (docs/results/2026-12-02-conv-template-review.md).
Here a fallback is a FAIL: each (case, knob set) runs one forward on a tiny input (compiles dominate: seconds
each), and the line says the path taken, the fallback's error if any (kernel.py also prints it whole to stderr),
rel_err against torch.nn.functional (TF32 off for the reference; 2e-2 allowed for TF32 / 16-bit operands) and the
compiled kernels' registers/spills/shared memory. Exit status 1 if any combination fell back, failed or erred.
Cases: one per path class (TAP_UNIFORM with X_TMA, the general K loop, 1-D, 3-D, transposed stride 2 with and
without tapless phases, grouped, depthwise -> direct, bf16, M-major fp32 in place, a chain-like epilogue).
"""
import argparse
import os
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--budget", type=float, default=240.0, help="seconds for the whole run (cases not reached: listed)")
ap.add_argument("--only", default="", help="comma-separated knob-set names or case-name prefixes")
ap.add_argument("--quick", action="store_true", help="the default knob set and each knob alone only (no combos)")
ap.add_argument("--cpu-emulated", action="store_true", help="fake_triton on the CPU (no compiler: checks the script)")
args = ap.parse_args()
if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from conv_render import render_conv  # noqa: E402 (bench/gpu)

DEV = "cpu" if args.cpu_emulated else "cuda"
TMP = tempfile.mkdtemp(prefix="kwb_conv_compile_")


@triton.jit
def epi_bias_leaky(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                   s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    # a level-2 chain's tail as kwb lowers it (as bench/gpu/conv_classes.py): a [C, 1, 1] tensor, one pointwise op
    b = tl.load(e0 + (n * s00 + c * s01 + d * s02 + h * s03 + w * s04), mask=mask, other=0.0)
    return tl.where(acc > 0, acc, acc * f0) + b.to(tl.float32)


# (name, module factory, input shape, dtype, epilogue?): small shapes, one per path class of the template
CASES = [
    ("2d_cin16_tma", lambda: nn.Conv2d(16, 32, 3, padding=1), (2, 16, 10, 140), torch.float32, False),
    ("2d_cin3_general", lambda: nn.Conv2d(3, 32, 3, padding=1), (2, 3, 12, 12), torch.float32, False),
    ("2d_cin8_epi", lambda: nn.Conv2d(8, 64, 3), (2, 8, 12, 12), torch.float32, True),
    ("1d_s3_d4", lambda: nn.Conv1d(64, 128, 3, stride=3, dilation=4), (2, 64, 200), torch.float32, False),
    ("3d_cin16", lambda: nn.Conv3d(16, 32, 3, padding=1), (1, 16, 4, 6, 6), torch.float32, False),
    ("2d_cin3_3x3x1_3d", lambda: nn.Conv3d(3, 64, (3, 3, 1)), (1, 3, 8, 8, 4), torch.float32, False),
    ("convT2d_s2_epi", lambda: nn.ConvTranspose2d(64, 128, 3, 2, 1, 1), (1, 64, 8, 8), torch.float32, True),
    ("convT3d_s2_d2", lambda: nn.ConvTranspose3d(32, 64, 3, 2, 1, dilation=2), (1, 32, 4, 4, 4), torch.float32,
     False),
    ("convT1d_s2_d2", lambda: nn.ConvTranspose1d(32, 64, 3, 2, 1, dilation=2), (2, 32, 64), torch.float32, False),
    ("convT3d_s2_g4", lambda: nn.ConvTranspose3d(32, 32, 3, 2, 1, groups=4), (1, 32, 4, 4, 4), torch.float32,
     False),
    ("2d_groups2", lambda: nn.Conv2d(32, 64, 3, padding=1, groups=2), (2, 32, 8, 8), torch.float32, False),
    ("2d_depthwise_direct", lambda: nn.Conv2d(32, 32, 3, padding=1, groups=32), (2, 32, 8, 8), torch.float32,
     False),
    ("2d_bf16", lambda: nn.Conv2d(32, 64, 3, padding=1), (2, 32, 8, 8), torch.bfloat16, False),
    ("convT2d_bf16", lambda: nn.ConvTranspose2d(32, 32, 4, 2, 1), (1, 32, 8, 8), torch.bfloat16, False),
]

# knob sets: the default, each knob alone, and the combinations the sweeps (conv_classes.py, conv_smoke.py) use
ALONE = [
    ("default", {}),
    ("no_tma", {"X_TMA": False}),
    ("copy", {"FP32_CHANNELS_LAST": True}),
    ("nocopy", {"FP32_CHANNELS_LAST": False}),
    ("sk", {"SMALL_K": True}),
    ("row", {"TAP_ROW": True}),
    ("persist1", {"PERSISTENT": 1}),
    ("persist2", {"PERSISTENT": 2}),
    ("pgrid", {"PHASE_GRID": True}),
    ("phase_shared", {"PHASE_SPECIALIZE": False}),
    ("ocl", {"OUT_CHANNELS_LAST": True}),
    ("epi_vec", {"EPI_CHANNEL_VECTORS": True}),
    ("sk_reg128", {"SMALL_K": True, "SMALL_K_MAXNREG": 128}),
]
COMBOS = [
    ("sk_ocl", {"SMALL_K": True, "OUT_CHANNELS_LAST": True}),
    ("sk_nocopy", {"SMALL_K": True, "SMALL_K_COPY": False}),
    ("sk_m64", {"SMALL_K": True, "SMALL_K_BLOCK_M": 64}),
    ("pgrid_ocl", {"PHASE_GRID": True, "OUT_CHANNELS_LAST": True}),
    ("pgrid_epi_vec", {"PHASE_GRID": True, "EPI_CHANNEL_VECTORS": True}),
    ("phase_shared_row", {"PHASE_SPECIALIZE": False, "TAP_ROW": True}),
    ("phase_shared_sk", {"PHASE_SPECIALIZE": False, "SMALL_K": True}),
    ("persist2_notma", {"PERSISTENT": 2, "X_TMA": False}),
    ("all_new", {"SMALL_K": True, "PHASE_GRID": True, "OUT_CHANNELS_LAST": True, "EPI_CHANNEL_VECTORS": True}),
]
KNOB_SETS = ALONE + ([] if args.quick else COMBOS)


def render(conv, idx):
    """The template filled for one conv module (bench/gpu/conv_render.py)."""
    return render_conv(conv, "conv_k%d" % idx, TMP, "conv_compile_check")


def resources(mod):
    out = []
    for k in mod._LAST_COMPILED:
        try:
            r = "%dr/%ds/%dB" % (k.n_regs, k.n_spills, k.metadata.shared)
        except Exception:  # noqa: BLE001 -- None on the emulation
            continue
        if r not in out:
            out.append(r)
    return ",".join(out)


def run_one(idx, case, knob_name, knobs):
    name, make, shape, dtype, with_epi = case
    torch.manual_seed(0)
    conv = make().to(DEV)
    mod = render(conv, idx)
    for k, v in knobs.items():
        setattr(mod, k, v)
    holder = nn.Module()
    holder.last_fallback = ""
    x = torch.randn(shape, device=DEV).to(dtype)
    w = conv.weight.detach().to(dtype)
    b = None if conv.bias is None else conv.bias.detach().to(dtype)
    epi_t = (torch.randn(w.shape[1] * conv.groups if conv.transposed else w.shape[0], 1, *([1] * (x.dim() - 3)),
                         device=DEV).to(dtype),) if with_epi else ()
    t0 = time.time()
    with torch.no_grad():
        got = mod.conv_forward(holder, x, w, b, mod.CONV0, epi=epi_bias_leaky if with_epi else None,
                               epi_tensors=epi_t, epi_scalars=(0.1,) if with_epi else ())
        if DEV == "cuda":
            torch.cuda.synchronize()
    wall = time.time() - t0
    fn = {(1, False): F.conv1d, (2, False): F.conv2d, (3, False): F.conv3d, (1, True): F.conv_transpose1d,
          (2, True): F.conv_transpose2d, (3, True): F.conv_transpose3d}[(x.dim() - 2, conv.transposed)]
    kw = dict(stride=conv.stride, padding=conv.padding, dilation=conv.dilation, groups=conv.groups)
    if conv.transposed:
        kw["output_padding"] = conv.output_padding
    ref = fn(x.double(), w.double(), None if b is None else b.double(), **kw)
    if with_epi:
        ref = torch.where(ref > 0, ref, ref * 0.1) + epi_t[0].double()
    err = float((got.double() - ref).norm() / ref.norm().clamp_min(1e-30))
    fb = holder.last_config.get("fallback", "")
    tol = 2e-2 if dtype != torch.float32 or DEV == "cuda" else 1e-4
    ok = not fb and err <= tol
    return ok, "%-20s %-16s %-5s %-13s err %.1e %5.1fs %s%s" % (
        name, knob_name, "ok" if ok else "FAIL", holder.last_path, err, wall, resources(mod),
        ("\n    FALLBACK: " + fb) if fb else "")


def main():
    if DEV == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        print("torch %s triton %s %s" % (torch.__version__, triton.__version__, torch.cuda.get_device_name()))
    only = [s for s in args.only.split(",") if s]
    start, idx, bad, skipped = time.time(), 0, [], []
    for knob_name, knobs in KNOB_SETS:
        for case in CASES:
            if only and not any(knob_name == o or case[0].startswith(o) for o in only):
                continue
            if time.time() - start > args.budget:
                skipped.append("%s/%s" % (knob_name, case[0]))
                continue
            idx += 1
            try:
                ok, line = run_one(idx, case, knob_name, knobs)
            except Exception as e:  # noqa: BLE001 -- the last fallback (direct) failed too, or a bench bug
                ok, line = False, "%-20s %-16s ERROR %s: %s\n%s" % (case[0], knob_name, type(e).__name__, e,
                                                                    traceback.format_exc(limit=3))
            print(line, flush=True)
            if not ok:
                bad.append("%s/%s" % (knob_name, case[0]))
    print("conv_compile_check: %d combinations, %d failed or fell back%s; %.0f s" % (
        idx, len(bad), (": " + " ".join(bad)) if bad else "", time.time() - start))
    if skipped:
        print("not reached (budget): %d, e.g. --only %s" % (len(skipped), ",".join(sorted({s.split("/")[0]
                                                                                          for s in skipped}))))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
