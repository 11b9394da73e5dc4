#!/usr/bin/env python3
"""Issue 14 (session 23): the conv template's TAP_PADDED (and FEW_TILES) switches against cuDNN, one process.

The class: Cin/groups >= 8 and no multiple of 16, where SMALL_K's rows do not apply (a stride above 1, or a w-tap
row over 32 fp32 elements). Today those convs take the general K loop (per-element (tap, channel) decode): w06's
conv measured 171-175 us against cuDNN's 18.7 us, v02's four convs 123 us against 28.8 us (launch_profile.py).
TAP_PADDED pads one tap's channels to a multiple of BLOCK_K (masked) so the TAP_UNIFORM loop runs; FEW_TILES halves
BLOCK_M where the tiles are far fewer than the SMs (v02: M = 512, 4 CTAs). Each conv is the template rendered for
that nn.Conv (bench/gpu/conv_render.py), conv_forward timed on the same input as the conv itself:
  cudnn     torch's conv (TF32 on; channels-last x as the problem gives it)
  off       TAP_PADDED False (the general loop: today's plan)
  padded    TAP_PADDED True (as shipped)
  few       TAP_PADDED True, FEW_TILES True
  smallk    (82_, 8_ only: Cin 8 at stride 1, SMALL_K's rows as shipped) and padded there = SMALL_K off
Rows: conv, variant, us (do_bench median), rel_err (against cuDNN with TF32 off), x_cudnn (cuDNN's time / this
one's), x_off (off's time / this one's), the plan (block_m/n/k, tap_padded, x_copy, CTAs) and the kernel's registers
and shared memory where Triton reports them.

    # CPU machine: the rendered kernels (text), then the flow on fake_triton at reduced shapes (no timing)
    python3 bench/gpu/conv_padded.py --generate .gpu/conv_padded
    /usr/bin/python3 bench/gpu/conv_padded.py --kernels .gpu/conv_padded --cpu-emulated
    # GPU machine (the working tree carried; --generate there too if .gpu/ is not carried)
    python3 bench/gpu/conv_padded.py --generate .gpu/conv_padded && \\
        python3 bench/gpu/conv_padded.py --kernels .gpu/conv_padded --budget 300

What decides TAP_PADDED: w06 (stride 2, the class's headline) and v02_c24 / v02_c40 (stride 1, no row fits):
padded faster than off on each (x_off > 1.03); a padded row slower than off on any row says which part of the class
keeps the general loop. v02_c16 / v02_c32 (multiples of 16) are controls: off == padded (the same plan). 82_ / 8_
(Cin 8, stride 1): smallk against padded says whether SMALL_K should yield to the padded blocks (shipped: it does
not). FEW_TILES: the v02 rows' few against padded (x > 1.03 turns it on); w06 / 82_ have many tiles (unchanged).
Nothing here ran on a GPU when it was written.
"""
import argparse
import copy
import os
import sys

import abharness as ab

ROOT = ab.ROOT
# (name, conv constructor args, input shape, channels-last x, dtype, the variants beyond cudnn)
PADDED = ("off", "padded", "few")
CASES = [
    ("w06", ("2d", 24, 48, 3, 2, 1, True), (16, 24, 96, 96), True, "float32", PADDED),
    ("w06_bf16", ("2d", 24, 48, 3, 2, 1, True), (16, 24, 96, 96), True, "bfloat16", PADDED),
    ("v02_c16", ("2d", 16, 8, 3, 1, 1, False), (2, 16, 16, 16), False, "float32", PADDED),
    ("v02_c24", ("2d", 24, 8, 3, 1, 1, False), (2, 24, 16, 16), False, "float32", PADDED),
    ("v02_c32", ("2d", 32, 8, 3, 1, 1, False), (2, 32, 16, 16), False, "float32", PADDED),
    ("v02_c40", ("2d", 40, 8, 3, 1, 1, False), (2, 40, 16, 16), False, "float32", PADDED),
    ("l2_82", ("2d", 8, 64, 3, 1, 0, True), (128, 8, 256, 256), False, "float32", ("off", "smallk", "padded")),
    ("l2_8", ("3d", 8, 16, 3, 1, 0, True), (128, 8, 16, 64, 64), False, "float32", ("off", "smallk", "padded")),
]
SETTINGS = {"off": {"TAP_PADDED": False}, "padded": {"TAP_PADDED": True}, "few": {"TAP_PADDED": True, "FEW_TILES": True},
            "smallk": {}}
SMALL_K_ROWS = ("l2_82", "l2_8")  # their padded / off rows turn SMALL_K off (it takes Cin 8 at stride 1)

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "conv_padded")
ab.add_run_args(ap, 300.0, rep=40.0, cpu_help="fake_triton on the CPU at reduced shapes: numbers only")
args = ap.parse_args()

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
from conv_render import render_conv  # noqa: E402 (bench/gpu)

DEV = "cpu" if args.cpu_emulated else "cuda"


def make_conv(spec):
    kind, cin, cout, k, stride, pad, bias = spec
    cls = nn.Conv2d if kind == "2d" else nn.Conv3d
    return cls(cin, cout, k, stride=stride, padding=pad, bias=bias)


def shape_of(name, shape):
    """The case's input shape; on the CPU emulation batch 1..2 and spatial sizes of at most 12."""
    if not args.cpu_emulated:
        return shape
    return (min(shape[0], 2), shape[1]) + tuple(min(s, 12) for s in shape[2:])


if args.generate:
    out = os.path.abspath(args.generate)
    os.makedirs(out, exist_ok=True)
    for name, spec, _, _, _, _ in CASES:
        print("%-10s %s" % (name, render_conv(make_conv(spec), name, out, "conv_padded", load=False)))
    sys.exit(0)

CLOCK = ab.Budget(args.budget)
BAD = []


def plan_tag(holder):
    c = holder.last_config
    return "m%s n%s k%s pad=%d copy=%d mmaj=%d few=%d ctas=%d" % (
        c.get("block_m"), c.get("block_n"), c.get("block_k"), bool(c.get("tap_padded")), bool(c.get("x_copy")),
        bool(c.get("a_mmajor")), bool(c.get("few_tiles")), holder.last_grid_blocks)


def resources(mod):
    ks = [k for k in getattr(mod, "_LAST_COMPILED", []) if k is not None]
    if not ks:
        return ""
    k = ks[-1]
    return " regs=%s spills=%s smem=%s" % (getattr(k, "n_regs", "?"), getattr(k, "n_spills", "?"),
                                           getattr(getattr(k, "metadata", None), "shared", "?"))


def row(name, variant, fn, want, base=None, off=None, tag=""):
    if CLOCK.left() < 2.0:
        print("%-10s %-7s skipped (budget)" % (name, variant), flush=True)
        return float("nan")
    try:
        with torch.no_grad():
            got = fn()
            err = ab.rel_err(got.float(), want.float())
            us = ab.bench(fn, DEV, 10, args.rep)
        bound = (2e-2 if got.dtype != torch.float32 else 1e-2) if DEV == "cuda" else 1e-4
        bad = err > bound
        if bad:
            BAD.append((name, variant))
        print("%-10s %-7s %9.1f %9.2e %7s %7s %s%s" % (name, variant, us, err, ab.times(base, us), ab.times(off, us),
                                                        tag, "  BAD" if bad else ""), flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
        BAD.append((name, variant))
        print("%-10s %-7s error: %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-200:]), flush=True)
        return float("nan")


def run_case(name, spec, shape, channels_last, dtype_name, variants):
    torch.manual_seed(0)
    dtype = getattr(torch, dtype_name)
    conv = make_conv(spec).to(DEV, dtype).eval()
    x = torch.randn(shape_of(name, shape), device=DEV, dtype=dtype)
    if channels_last:
        x = x.to(memory_format=torch.channels_last if x.dim() == 4 else torch.channels_last_3d)
    w, b = conv.weight.detach(), conv.bias.detach() if conv.bias is not None else None
    if DEV == "cuda":
        torch.backends.cudnn.allow_tf32 = False
    with torch.no_grad():  # the reference: fp32 (a 16-bit row's operands widened), TF32 off
        want = copy.deepcopy(conv).float()(x.float())
    if DEV == "cuda":
        torch.backends.cudnn.allow_tf32 = True
    base = row(name, "cudnn", lambda: conv(x), want)
    t_off = None
    path = os.path.join(args.kernels, name + ".py")
    for variant in variants:
        mod = ab.load(path, "cp_%s_%s" % (name, variant))  # a fresh module: its switches and _FAILED its own
        settings = dict(SETTINGS[variant])
        if name in SMALL_K_ROWS and variant != "smallk":
            settings["SMALL_K"] = False
        ab.apply_settings(mod, settings)
        holder = nn.Module()

        def ours(mod=mod, holder=holder):
            return mod.conv_forward(holder, x, w, b, mod.CONV0)

        try:
            with torch.no_grad():
                ours()  # compiled, planned: the tag is this call's plan
            tag = plan_tag(holder) + resources(mod)
        except Exception:  # noqa: BLE001 -- row() reports it
            tag = ""
        us = row(name, variant, ours, want, base=base, off=t_off, tag=tag)
        if variant == "off":
            t_off = us


def main():
    import triton
    print("[conv_padded] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        ab.device_name(DEV), torch.__version__, getattr(triton, "__version__", "?"), args.budget, args.kernels),
        flush=True)
    print("%-10s %-7s %9s %9s %7s %7s %s" % ("conv", "variant", "us", "rel_err", "x_cudnn", "x_off", "plan"))
    for name, spec, shape, cl, dt, variants in ab.chosen(CASES, args.only):
        if not os.path.exists(os.path.join(args.kernels, name + ".py")):
            print("%-10s missing: run --generate %s first" % (name, args.kernels), flush=True)
            BAD.append((name, "missing"))
            continue
        if args.cpu_emulated and dt != "float32":
            print("%-10s %s: skipped on the CPU emulation (fp32 rows only)" % (name, dt), flush=True)
            continue
        run_case(name, spec, shape, cl, dt, variants)
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("[conv_padded] %.1f s; %s" % (CLOCK.elapsed(), "BAD rows: %s" % BAD if BAD else "every row checked"),
          flush=True)
    return 1 if BAD else 0


if __name__ == "__main__":
    sys.exit(main())
