"""One device call (~300 s) that sweeps the convolution template's class knobs on representative shapes.

    python3 bench/gpu/conv_classes.py [--budget 300] [--limit 75] [--only small,transposed,l1] [--no-compile]
                                      [--full] [--batch-div 2]
    python3 bench/gpu/conv_classes.py --cpu-emulated   # no GPU: fake_triton, shapes shrunk, no timing

Classes (conv shapes of the suite's worst problems; the level-2 ones with a chain-like epilogue, a per-channel
tensor broadcast over the output as kwb's pointwise lowering passes it):
  small       Cin/groups no multiple of 16: 82_ (Cin 8, 3x3), 90_ (Cin 8, 3x3x3), 59_ (Cin 3, 3x3x1),
              VGG16's and MobileNetV2's first layers (Cin 3)  -> SMALL_K and its sub-knobs, TAP_ROW
  transposed  2-D stride 2: 44_ (64 -> 128), 2_ (64 -> 64)    -> PHASE_GRID, PHASE_SPECIALIZE, stages, tiles
  (both)      OUT_CHANNELS_LAST (ocl), EPI_CHANNEL_VECTORS (epi_vec)
  l1          level 1 below 0.5x cuDNN: 73_, 77_, 79_, 76_     -> the union of both knob lists where they apply
Per case: rel_err against fp32 (TF32 off), do_bench median (us) of ours (default), eager, torch.compile (TF32
on, one process, one timer), then each knob variant: its us, x = default/variant (> 1: the variant is faster),
its first call's wall (compile) in s, and the compiled kernels' registers/spills/shared memory where this
Triton returns them. A variant whose launch equals the default's prints "=". Closing lines: one verdict per
knob (geomean speedup over the cases it changed, whether every rel_err held, and the geomean of its first
call's wall over the default's: the compile cost, e.g. phase_shared's one compile for all stride phases; Triton's cache
is a fresh directory per run unless TRITON_CACHE_DIR is set). Each case and each variant in its own try/except;
the run ends within --budget s (a case is cut at what is left; SIGTERM stops it too), verdicts printed either way
and the cases not run listed as an --only to resume. --full adds the secondary
variants (maxnreg 128, 256-byte rows, N 32, TAP_ROW, stages 2, N 64, M 64): a second call's worth.
"""
import argparse
import math
import os
import signal
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--budget", type=float, default=300.0,
                help="seconds for the whole run: a case gets at most what is left (SIGTERM also stops it)")
ap.add_argument("--limit", type=float, default=75.0, help="wall-clock seconds per case (SIGALRM)")
ap.add_argument("--only", default="", help="comma-separated classes or case-name prefixes")
ap.add_argument("--no-compile", action="store_true", help="skip torch.compile")
ap.add_argument("--rep", type=float, default=30.0, help="do_bench rep (ms) per variant")
ap.add_argument("--full", action="store_true", help="also the secondary knob variants (a second call's worth)")
ap.add_argument("--batch-div", type=int, default=1, help="divide every case's batch (fewer waves, same tiles)")
ap.add_argument("--cpu-emulated", action="store_true", help="fake_triton on the CPU, shrunk shapes, no timing")
args = ap.parse_args()
if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(prefix="kwb_conv_classes_cache_"))  # compiles timed
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from conv_render import render_conv  # noqa: E402 (bench/gpu)

DEV = "cpu" if args.cpu_emulated else "cuda"
TMP = tempfile.mkdtemp(prefix="kwb_conv_classes_")


@triton.jit
def epi_bias_leaky(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                   s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    # a level-2 chain's tail as kwb lowers it: a [Cout, 1, 1] parameter broadcast by strides, one pointwise op
    b = tl.load(e0 + (n * s00 + c * s01 + d * s02 + h * s03 + w * s04), mask=mask, other=0.0)
    return tl.where(acc > 0, acc, acc * f0) + b.to(tl.float32)


# (class, name, module factory, input shape, epilogue?): the suite's shapes
CASES = [
    ("small", "82_conv2d_cin8_k3", lambda: nn.Conv2d(8, 64, 3), (128, 8, 256, 256), True),
    ("small", "90_conv3d_cin8_k3", lambda: nn.Conv3d(8, 64, 3), (128, 8, 16, 64, 64), True),
    ("small", "VGG16_conv1_cin3", lambda: nn.Conv2d(3, 64, 3, padding=1), (10, 3, 224, 224), False),
    ("small", "MobileNetV2_conv1_cin3_s2", lambda: nn.Conv2d(3, 32, 3, stride=2, padding=1, bias=False),
     (10, 3, 224, 224), False),
    ("small", "59_conv3d_cin3_k331", lambda: nn.Conv3d(3, 64, (3, 3, 1)), (16, 3, 256, 256, 10), False),
    ("transposed", "44_convT2d_64_128_s2", lambda: nn.ConvTranspose2d(64, 128, 3, 2, 1, 1), (16, 64, 128, 128), True),
    ("transposed", "2_convT2d_64_64_s2", lambda: nn.ConvTranspose2d(64, 64, 3, 2, 1, 1), (128, 64, 128, 128), True),
    ("l1", "73_convT3d_s2_g4", lambda: nn.ConvTranspose3d(32, 32, 3, 2, 1, groups=4), (4, 32, 32, 64, 128), False),
    ("l1", "77_convT3d_s2_d2", lambda: nn.ConvTranspose3d(32, 64, 3, 2, 1, dilation=2), (16, 32, 16, 32, 32), False),
    ("l1", "79_convT1d_s2_d2", lambda: nn.ConvTranspose1d(32, 64, 3, 2, 1, dilation=2), (16, 32, 131072), False),
    ("l1", "76_conv1d_s3_d4", lambda: nn.Conv1d(64, 128, 3, stride=3, dilation=4), (64, 64, 524280), False),
]

# knob variants (module constants of the rendered template) per class; "core" ones always, the rest with --full
SMALL = [
    ("sk", {"SMALL_K": True}),
    ("sk_nocopy", {"SMALL_K": True, "SMALL_K_COPY": False}),
    ("sk_m64", {"SMALL_K": True, "SMALL_K_BLOCK_M": 64}),
    ("sk_ocl", {"SMALL_K": True, "OUT_CHANNELS_LAST": True}),
]
SMALL_FULL = [
    ("sk_reg128", {"SMALL_K": True, "SMALL_K_MAXNREG": 128}),
    ("sk_rows256", {"SMALL_K": True, "SMALL_K_MAX_ROW_BYTES": 256}),
    ("sk_n32", {"SMALL_K": True, "SMALL_K_MAX_BLOCK_N": 32}),
    ("row", {"TAP_ROW": True}),
]
TRANSPOSED = [
    ("pgrid", {"PHASE_GRID": True}),              # every phase in one launch, the phase fastest
    ("pgrid_ocl", {"PHASE_GRID": True, "OUT_CHANNELS_LAST": True}),
    ("phase_shared", {"PHASE_SPECIALIZE": False}),  # one compile for all phases (default: one per phase)
]
TRANSPOSED_FULL = [
    ("pgrid_s2", {"PHASE_GRID": True, "NUM_STAGES": 2}),
    ("s2", {"NUM_STAGES": 2}),
    ("n64", {"MAX_BLOCK_N": 64}),
    ("m64", {"BLOCK_M": 64}),
]
BOTH = [
    ("ocl", {"OUT_CHANNELS_LAST": True}),         # channels-last output: whole-sector vector stores
    ("epi_vec", {"EPI_CHANNEL_VECTORS": True}),  # [1, N] vectors instead of the [M, N] gather (cases with an epilogue)
]
KNOBS = {"small": SMALL + BOTH, "transposed": TRANSPOSED + BOTH, "l1": SMALL[:1] + TRANSPOSED + BOTH}
if args.full:
    KNOBS = {"small": SMALL + SMALL_FULL + BOTH, "transposed": TRANSPOSED + TRANSPOSED_FULL + BOTH,
             "l1": SMALL + SMALL_FULL + TRANSPOSED + TRANSPOSED_FULL + BOTH}


class Timeout(BaseException):
    """A BaseException: kernel.py's compile-failure fallback (except Exception) must not swallow it."""


class Stop(BaseException):
    """SIGTERM (a caller's timeout): stop, print the verdicts gathered so far."""


def _term(signum, frame):
    raise Stop("SIGTERM")


def _alarm(signum, frame):
    raise Timeout("over the per-case limit of %.0f s" % args.limit)


def render(conv, idx):
    """The template filled for one conv module (bench/gpu/conv_render.py)."""
    return render_conv(conv, "conv_c%d" % idx, TMP, "conv_classes")


def rel_err(got, want):
    return float((got.double() - want.double()).norm() / want.double().norm().clamp_min(1e-30))


def bench(fn, rep):
    from triton.testing import do_bench
    return do_bench(fn, warmup=10, rep=rep, return_mode="median") * 1e3


def set_tf32(on):
    torch.backends.cuda.matmul.allow_tf32 = on
    torch.backends.cudnn.allow_tf32 = on


def resources(mod):
    """regs/spills/smem of the distinct compiled kernels of the last call (kernel.py's _LAST_COMPILED), or ''."""
    out = []
    for k in getattr(mod, "_LAST_COMPILED", []):
        try:
            r = "%dr/%ds/%dB" % (k.n_regs, k.n_spills, k.metadata.shared)
        except Exception:  # noqa: BLE001 -- None on the emulation; other fields in other Tritons
            continue
        if r not in out:
            out.append(r)
    return ",".join(out)


def cfg_tag(c):
    return "bk%s%s%s%s/n%s/w%s/s%s%s" % (c.get("block_k"), "u" if c.get("tap_uniform") else "r%d" % c.get(
        "row_dims", 0), "M" if c.get("a_mmajor") else "", "C" if c.get("x_copy") else "", c.get("block_n"),
        c.get("num_warps"), c.get("num_stages"), "/sk" if c.get("small_k") else "")


def shrink(shape):
    """--cpu-emulated: batch 1, spatial dims <= 12 (1-D: <= 40)."""
    sp = shape[2:]
    cap = 40 if len(sp) == 1 else 12
    return (1, shape[1]) + tuple(min(s, cap) for s in sp)


def run_case(idx, cls, name, make, shape, with_epi, verdicts):
    torch.manual_seed(idx)
    conv = make().to(DEV).eval()
    if args.cpu_emulated:
        shape = shrink(shape)
    shape = (max(1, shape[0] // args.batch_div),) + tuple(shape[1:])
    x = torch.rand(shape, device=DEV)
    mod = render(conv, idx)
    holder = nn.Module()
    epi, epi_t, epi_s = None, (), ()
    cout = conv.out_channels
    if with_epi:  # a [Cout, 1, ...] tensor broadcast over the output, and a leaky_relu slope
        epi, epi_t, epi_s = epi_bias_leaky, (torch.randn((cout,) + (1,) * (x.dim() - 2), device=DEV),), (0.1,)
    bias = conv.bias.detach() if conv.bias is not None else None
    w = conv.weight.detach()

    def ours():
        return mod.conv_forward(holder, x, w, bias, mod.CONV0, epi=epi, epi_tensors=epi_t, epi_scalars=epi_s)

    def eager():
        y = conv(x)
        return F.leaky_relu(y, 0.1) + epi_t[0] if with_epi else y

    with torch.no_grad():
        set_tf32(False)
        ref = eager().float() if DEV == "cpu" else eager()
        set_tf32(True)
        t0 = time.time()
        got = ours()
        if DEV == "cuda":
            torch.cuda.synchronize()
        first = base_first = time.time() - t0
        err = rel_err(got, ref)
        del got
        default_launch = repr((holder.last_config, holder.last_grid_blocks))
        line = "%-28s %-10s err %.1e first %.1fs %s %s" % (name, holder.last_path, err, first,
                                                          cfg_tag(holder.last_config), resources(mod))
        base = None
        if DEV == "cuda":
            base = bench(ours, args.rep)
            e_us = bench(eager, args.rep)
            line += " | ours %.0f eager %.0f" % (base, e_us)
            if not args.no_compile:
                try:
                    comp = torch.compile(eager)
                    comp()
                    line += " compile %.0f" % bench(comp, args.rep)
                except Exception as e:  # noqa: BLE001 -- one failing compile does not lose the line
                    line += " compile ERR %s" % type(e).__name__
        print(line, flush=True)
        out = []
        try:  # the variants measured so far are printed even when the case's time runs out
            run_variants(cls, mod, ours, ref, err, base, base_first, default_launch, holder, out, verdicts)
        finally:
            print("    " + "  ".join(out), flush=True)


def run_variants(cls, mod, ours, ref, err, base, base_first, default_launch, holder, out, verdicts):
    """Each knob variant of the class: checked against ref, timed where its launch differs from the default's."""
    with torch.no_grad():
        for label, settings in KNOBS[cls]:
            saved = {k: getattr(mod, k) for k in settings}
            try:
                for k, v in settings.items():
                    setattr(mod, k, v)
                mod._FAILED.clear()
                t0 = time.time()
                got = ours()
                if DEV == "cuda":
                    torch.cuda.synchronize()
                first = time.time() - t0
                v_err = rel_err(got, ref)
                del got
                fb = holder.last_config.get("fallback")
                launch = repr((holder.last_config, holder.last_grid_blocks))
                if launch == default_launch:
                    out.append("%s=" % label)
                    continue
                ok = v_err <= max(2 * err, 1e-3) and not fb
                us = bench(ours, args.rep) if DEV == "cuda" and not fb else None
                speed = base / us if us and base else None
                verdicts.setdefault(label, []).append((speed, ok, first / max(base_first, 1e-3)))
                out.append("%s=%s%s(%.0e,%.1fs%s)%s" % (label, "%.0f" % us if us else "-",
                                                       "/x%.2f" % speed if speed else "", v_err, first,
                                                       "" if not fb else ",FALLBACK", resources(mod)))
                if fb:
                    out.append("    [%s fallback: %s]" % (label, fb[:200]))
            except Exception as e:  # noqa: BLE001 -- one variant's failure is printed, the rest go on
                out.append("%s=ERROR[%s: %s]" % (label, type(e).__name__, str(e).strip().splitlines()[-1][:150]
                                                  if str(e).strip() else ""))
                verdicts.setdefault(label, []).append((None, False, 1.0))
            finally:
                for k, v in saved.items():
                    setattr(mod, k, v)


ORDER = ["82_", "44_", "90_", "2_", "VGG16", "73_", "79_", "MobileNetV2", "77_", "59_", "76_"]


def main():
    keys = [k for k in args.only.split(",") if k]
    cases = sorted(CASES, key=lambda c: next(i for i, o in enumerate(ORDER) if c[1].startswith(o)))
    cases = [c for c in cases if not keys or any(c[0] == k or c[1].startswith(k) for k in keys)]
    print("[conv_classes] %s, torch %s, triton %s, %d cases; variant=us/x<default/variant>(rel_err,first call s)"
          "regs/spills/smem" % (torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)",
                                torch.__version__, getattr(triton, "__version__", "?"), len(cases)), flush=True)
    start = time.time()
    verdicts = {}
    signal.signal(signal.SIGALRM, _alarm)
    signal.signal(signal.SIGTERM, _term)
    left = []
    stopped = False
    for idx, (cls, name, make, shape, with_epi) in enumerate(cases):
        remaining = args.budget - (time.time() - start)
        if stopped or remaining < 15:  # --budget is the whole run's: a case gets at most what is left
            left.append(name.split("_")[0] + "_")
            continue
        signal.setitimer(signal.ITIMER_REAL, min(args.limit, remaining))
        try:
            run_case(idx, cls, name, make, shape, with_epi, verdicts)
        except BaseException as e:  # noqa: BLE001 -- one case's failure does not stop the rest
            if isinstance(e, KeyboardInterrupt):
                raise
            stopped = isinstance(e, Stop)
            print("%-28s ERROR %s: %s" % (name, type(e).__name__, str(e).strip().splitlines()[-1][:200]
                                          if str(e).strip() else ""), flush=True)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            if DEV == "cuda":
                try:
                    torch.cuda.empty_cache()
                except Exception:  # noqa: BLE001
                    pass
    for label, runs in verdicts.items():
        sp = [s for s, _, _ in runs if s]
        gm = math.exp(sum(math.log(s) for s in sp) / len(sp)) if sp else None
        bad = sum(1 for _, ok, _ in runs if not ok)
        first = math.exp(sum(math.log(max(f, 1e-3)) for _, _, f in runs) / len(runs))
        if gm is None:
            v = "no timing" if bad == 0 else "BROKEN"
        else:
            v = ("TURN ON" if gm > 1.05 and min(sp) > 0.95 else "mixed" if gm > 1.0 else "keep off") \
                if bad == 0 else "BROKEN"
        print("[verdict] %-11s %-9s geomean x%s over %d cases (min x%s), %d bad, first call %.2fx the default's"
              % (label, v, "%.2f" % gm if gm else "-", len(runs), "%.2f" % min(sp) if sp else "-", bad, first),
              flush=True)
    if left:
        print("[conv_classes] NOT RUN (budget): --only " + ",".join(left), flush=True)
    print("[conv_classes] %.0f s" % (time.time() - start), flush=True)
    if args.cpu_emulated and any(not ok for runs in verdicts.values() for _, ok, _ in runs):
        sys.exit(1)


if __name__ == "__main__":
    main()
