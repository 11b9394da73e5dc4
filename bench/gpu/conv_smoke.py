"""Smoke check and timing of the Triton convolution template on the KernelBench level-1 conv problems.

    python3 bench/gpu/conv_smoke.py [--quick] [--problems DIR] [--only 55_,67_] [--dtype fp32|bf16|fp16]
                                    [--no-compile] [--limit 240] [--budget 500] [--variants [nhwc|all]] [--sweep]
    python3 bench/gpu/conv_smoke.py --cpu-emulated --quick   # no GPU: tests/data/codegen/fake_triton, no timing

For each problem file (*conv*.py in DIR, by default the first that exists of .gpu/problems/level1,
../shared/data/kernelbench/level1, shared/data/kernelbench/level1, /work/shared/data/kernelbench/level1):
Model(*get_init_inputs()); every nn.Conv*/nn.ConvTranspose* submodule is rendered from
resources/templates/kernels/triton_conv.py.tmpl with that module's attributes (what the C++ renderer
fills); a Model with one conv is replaced by the rendered ModelNew loaded from Model's state_dict
(as the harness does), a Model with several (86_: depthwise then pointwise) gets each conv swapped for
its rendered ModelNew. Inputs: get_inputs() at the problem's own shapes (created on the GPU), or with
--quick at reduced batch and spatial sizes.

One line per problem: path(s), rel_err = ||ours - ref|| / ||ref|| against an fp32 reference computed
with TF32 off (eager_err: the same for eager PyTorch at TF32, the yardstick for our TF32 error),
latency of ours, eager and torch.compile (default mode) via triton.testing.do_bench (median, µs), both
references with torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True, the
ratios eager/ours and compile/ours (> 1: ours is faster), and the CTAs of our last call. Each problem
runs in its own try/except under a wall-clock limit (SIGALRM; a CUDA call in flight finishes first);
after --budget seconds no new problem is started. --variants also times the template's launcher switches
for the fp32 GEMM path: FP32_CHANNELS_LAST forced on (copy: x copied to channels-last) and off (nocopy: x
read NCDHW by [K, M] tiles), the default choosing by arithmetic intensity; with --variants all also
WEIGHT_REORG off. The closing line gives the geometric means of eager/ours and compile/ours.
"""
import argparse
import copy
import glob
import importlib.util
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
TEMPLATE = os.path.join(ROOT, "resources", "templates", "kernels", "triton_conv.py.tmpl")

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--problems", default=None)
ap.add_argument("--only", default="", help="comma-separated name prefixes or substrings")
ap.add_argument("--quick", action="store_true", help="reduced batch and spatial sizes")
ap.add_argument("--dtype", default="fp32", choices=["fp32", "bf16", "fp16"])
ap.add_argument("--no-compile", action="store_true", help="skip torch.compile")
ap.add_argument("--limit", type=float, default=240.0, help="wall-clock seconds per problem")
ap.add_argument("--budget", type=float, default=500.0,
                help="start no new problem after this many seconds (the device tool allows 600 s a command)")
ap.add_argument("--variants", nargs="?", const="nhwc", default="none", choices=["none", "nhwc", "all"],
                help="also time the fp32 GEMM path with and without the channels-last copy of x (nhwc), and "
                     "without the weight regroup (all)")
ap.add_argument("--sweep", action="store_true",
                help="also time the GEMM path's performance variants (SWEEP: persistent tiles, tap rows, BLOCK_K 64, "
                     "stages, tiles, warps, the channels-last copy, TMA loads of x); a variant whose launch "
                     "configuration equals the default's is not timed")
ap.add_argument("--sweep-rep", type=float, default=40.0,
                help="do_bench rep (ms) for each sweep variant (the default configuration keeps 100)")
ap.add_argument("--cpu-emulated", action="store_true", help="run on the CPU through fake_triton (no timing)")
args = ap.parse_args()

if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import triton  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
DTYPE = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}[args.dtype]
TMP = tempfile.mkdtemp(prefix="kwb_conv_smoke_")
CONV_TYPES = (nn.Conv1d, nn.Conv2d, nn.Conv3d, nn.ConvTranspose1d, nn.ConvTranspose2d, nn.ConvTranspose3d)
_count = [0]


# --sweep: module constants of the template, set per variant (label, settings); see the template's comments.
# A variant that does not apply to a problem (a tap row where Cin/groups is a multiple of 16, BLOCK_K 64 where
# it does not divide Cin/groups, the copy where x is already copied) launches the default's configuration:
# it is run once (checked) and printed as "=default" (or "=<the earlier variant>" it repeats), not timed.
SWEEP = [
    ("p1", {"PERSISTENT": 1}),                                   # persistent tile loop, 2 CTAs per SM
    ("p2", {"PERSISTENT": 2}),                                   # the same, tile loop flattened with the K loop
    ("k64", {"BLOCK_K_CHOICES_32": (64, 32, 16)}),               # fp32 BLOCK_K 64 (half the K steps)
    ("s2", {"NUM_STAGES": 2}),
    ("m64", {"BLOCK_M": 64}),
    ("m256", {"BLOCK_M": 256}),
    ("w4", {"NUM_WARPS": 4}),
    ("cl", {"FP32_CHANNELS_LAST": True}),                        # always copy x to channels-last
    ("nocl", {"FP32_CHANNELS_LAST": False}),                     # never copy
    ("row", {"TAP_ROW": True}),                                  # tap-row K blocks (Cin/groups not % 16)
    ("rowcl", {"TAP_ROW": True, "FP32_CHANNELS_LAST": True}),    # tap rows on a channels-last copy
    ("tma", {"X_TMA": True, "X_TMA_MAX_M_WASTE": 1.0, "FP32_CHANNELS_LAST": True}),       # TMA boxes of channels-last x (w step 1)
    ("tmap2", {"X_TMA": True, "X_TMA_MAX_M_WASTE": 1.0, "FP32_CHANNELS_LAST": True, "PERSISTENT": 2}),
    ("p2k64", {"PERSISTENT": 2, "BLOCK_K_CHOICES_32": (64, 32, 16)}),
    ("p2m64", {"PERSISTENT": 2, "BLOCK_M": 64, "PERSIST_CTAS_PER_SM": 4}),
    ("sk", {"SMALL_K": True}),                                   # small-Cin configuration (conv_classes.py)
    ("pgrid", {"PHASE_GRID": True}),                             # stride phases in one launch
]


T0 = [0.0]   # start of the current problem
DONE = []    # the current problem's line, once printed


class Timeout(BaseException):
    """A BaseException: kernel.py's compile-failure fallback (except Exception) must not swallow it."""



def _alarm(signum, frame):
    raise Timeout("over the per-problem limit of %.0f s" % args.limit)


def tup(v):
    v = tuple(int(e) for e in v)
    return "(" + ", ".join(str(e) for e in v) + ("," if len(v) == 1 else "") + ")"


def render(prefix, conv, problem):
    """The template filled for one conv module whose parameters are `prefix.weight` / `prefix.bias`."""
    transposed = isinstance(conv, nn.modules.conv._ConvTransposeNd)
    spatial = len(conv.kernel_size)
    if conv.padding_mode != "zeros":
        raise ValueError("padding_mode %r is not a plain convolution" % conv.padding_mode)
    padding = conv.padding
    if isinstance(padding, str):
        if padding != "valid":
            raise ValueError("padding=%r not rendered by this smoke script" % padding)
        padding = (0,) * spatial
    opad = getattr(conv, "output_padding", (0,) * spatial) if transposed else (0,) * spatial
    names = [prefix + ".weight"] + ([prefix + ".bias"] if conv.bias is not None else [])
    store, holders = [], []
    for name, p in zip(names, [conv.weight] + ([conv.bias] if conv.bias is not None else [])):
        parts = name.split(".")
        for i in range(1, len(parts)):
            h = ".".join(parts[:i])
            if h not in holders:
                holders.append(h)
                store.append("        self.%s = nn.Module()  # holds %s.* like Model's submodule" % (h, h))
        store.append("        self.%s = nn.Parameter(torch.ones(%s))" % (name, tup(p.shape)))
    values = {
        "PROBLEM": problem, "SPEC_SHA": "", "DESCRIPTION": "conv_smoke.py render of %s (%s)" % (prefix, conv),
        "POLICY_NOTE": "rendered by bench/gpu/conv_smoke.py", "CONFIG_SUMMARY": "#   conv_smoke.py render",
        "INIT_PARAMS": "", "INIT_STORE": "\n".join(store), "FORWARD_PARAMS": ", x",
        "KERNEL": "kwb_conv_%d" % (_count[0] + 1), "X": "x", "WEIGHT": "self.%s" % names[0],
        "BIAS": "self.%s" % names[1] if len(names) > 1 else "None", "SPATIAL": str(spatial),
        "STRIDE": tup(conv.stride), "PADDING": tup(padding), "DILATION": tup(conv.dilation),
        "OUTPUT_PADDING": tup(opad), "GROUPS": str(conv.groups), "TRANSPOSED": str(transposed),
        "MORE_CONVS": "", "STAGES": "",  # no chain stages: one convolution
        "FORWARD_BODY": "        return conv_forward(self, x, self.%s, %s)" % (
            names[0], "self.%s" % names[1] if len(names) > 1 else "None"),
    }
    with open(TEMPLATE) as f:
        text = f.read()
    for k, v in values.items():
        text = text.replace("{{%s}}" % k, v)
    if "{{" in text:
        raise ValueError("unfilled placeholder in the template")
    _count[0] += 1
    path = os.path.join(TMP, "conv_%d.py" % _count[0])
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("conv_smoke_%d" % _count[0], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def load_problem(path):
    spec = importlib.util.spec_from_file_location("kb_" + os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SPATIAL_NAMES = ("height", "width", "depth", "length", "height_in", "width_in", "depth_in", "dim1", "dim2")


def make_inputs(kb):
    if args.quick:  # reduced shapes through the problem's own module constants
        for name in list(vars(kb)):
            v = getattr(kb, name)
            if not isinstance(v, int) or isinstance(v, bool):
                continue
            if name == "batch_size":
                setattr(kb, name, min(v, 2))
            elif name in SPATIAL_NAMES:
                setattr(kb, name, min(v, 4096 if name == "length" else (20 if args.cpu_emulated else 64)))
        if args.cpu_emulated and hasattr(kb, "length"):
            kb.length = min(kb.length, 300)
    if DEV == "cuda":
        with torch.device("cuda"):
            return kb.get_inputs()
    return kb.get_inputs()


def rel_err(got, want):
    return float((got.double() - want.double()).norm() / want.double().norm().clamp_min(1e-30))


def bench(fn, warmup=25, rep=100):
    from triton.testing import do_bench
    return do_bench(fn, warmup=warmup, rep=rep, return_mode="median") * 1e3


def set_tf32(on):
    torch.backends.cuda.matmul.allow_tf32 = on
    torch.backends.cudnn.allow_tf32 = on


class Swapped(nn.Module):
    """One conv of a multi-conv Model: its rendered ModelNew (parameters conv.weight / conv.bias)."""

    def __init__(self, mod, conv):
        super().__init__()
        self.inner = mod.ModelNew()
        sd = {"conv.weight": conv.weight.detach()}
        if conv.bias is not None:
            sd["conv.bias"] = conv.bias.detach()
        self.inner.load_state_dict(sd)

    def forward(self, x):
        return self.inner(x)


class switched:
    """Module constants of the rendered kernels set for a with-block, then restored."""

    def __init__(self, mods, settings):
        self.mods, self.settings, self.old = mods, settings, []

    def __enter__(self):
        self.old = [{k: getattr(m, k) for k in self.settings} for m in self.mods]
        for m in self.mods:
            for k, v in self.settings.items():
                setattr(m, k, v)

    def __exit__(self, *exc):
        for m, old in zip(self.mods, self.old):
            for k, v in old.items():
                setattr(m, k, v)
        return False


def build_ours(model, name):
    convs = [(n, m) for n, m in model.named_modules() if isinstance(m, CONV_TYPES)]
    if not convs:
        raise ValueError("no nn.Conv* module in Model")
    if len(convs) == 1 and not [p for p in model.state_dict() if not p.startswith(convs[0][0] + ".")]:
        prefix, conv = convs[0]
        mod = render(prefix, conv, name)
        ours = mod.ModelNew()
        ours.load_state_dict(model.state_dict())  # strict: the rendered names are Model's
        ours = ours.to(DEV).to(DTYPE)  # as the harness moves ModelNew to the device
        return ours, [ours], [mod]
    ours = copy.deepcopy(model)
    inner, mods = [], []
    for prefix, conv in convs:
        mod = render("conv", conv, name)
        sw = Swapped(mod, conv)
        parent = ours
        *path, last = prefix.split(".")
        for p in path:
            parent = getattr(parent, p)
        setattr(parent, last, sw)
        inner.append(sw.inner)
        mods.append(mod)
    ours = ours.to(DEV).to(DTYPE)  # the swapped-in convs' parameters were made on the CPU
    return ours, inner, mods


def run_problem(path):
    name = os.path.basename(path)[:-3]
    kb = load_problem(path)
    model = kb.Model(*kb.get_init_inputs()).to(DEV).to(DTYPE).eval()
    inputs = [t.to(DEV).to(DTYPE) if isinstance(t, torch.Tensor) and t.is_floating_point() else t
              for t in make_inputs(kb)]
    ours, inner, mods = build_ours(model, name)
    with torch.no_grad():
        got = ours(*inputs)
        if DEV == "cuda":
            torch.cuda.synchronize()
        paths = "+".join(m.last_path for m in inner)
        blocks = sum(m.last_grid_blocks for m in inner)
        cfgs = ["bk%s%s%s%s" % (c.get("block_k", "-"), "u" if c.get("tap_uniform") else "",
                                "M" if c.get("a_mmajor") else "", "C" if c.get("x_copy") else "")
                + "/ph%d" % c.get("phases", 1) + ("/FALLBACK" if c.get("fallback") else "")
                for c in (m.last_config for m in inner)]
        fallbacks = [c["fallback"] for c in (m.last_config for m in inner) if c.get("fallback")]
        if DEV == "cuda":
            set_tf32(False)
        ref = copy.deepcopy(model).float()(*[t.float() if isinstance(t, torch.Tensor) else t for t in inputs])
        err = rel_err(got, ref)
        line = {"problem": name, "path": paths, "shape": tuple(inputs[0].shape), "dtype": args.dtype,
                "rel_err": err, "blocks": blocks, "cfg": "+".join(cfgs)}
        if fallbacks:  # a variant the compiler rejected: printed in full under the line
            line["fallback"] = " | ".join(fallbacks)
        if DEV == "cuda":  # the default configuration first: a variant that breaks cannot cost its line
            set_tf32(True)
            eager_out = model(*inputs)
            line["eager_err"] = rel_err(eager_out, ref)
            del eager_out
            line["ours_us"] = bench(lambda: ours(*inputs))
            line["eager_us"] = bench(lambda: model(*inputs))
            if not args.no_compile:
                try:
                    compiled = torch.compile(model)
                    compiled(*inputs)
                    line["compile_us"] = bench(lambda: compiled(*inputs))
                    del compiled
                except Exception as e:  # noqa: BLE001 -- one failing compile does not lose the line
                    line["compile_error"] = type(e).__name__ + ": " + str(e).splitlines()[0][:120]
        del got
        print(fmt(line) + "  (%.0f s)" % (time.time() - T0[0]), flush=True)  # before the variants: a limit hit
        if "fallback" in line:                                              # there keeps this line
            print("    fallback: " + line["fallback"], flush=True)
        DONE.append(line)
        variants = []
        if DTYPE == torch.float32 and "implicit_gemm" in paths:
            if args.variants != "none":
                variants += [("copy", {"FP32_CHANNELS_LAST": True}), ("nocopy", {"FP32_CHANNELS_LAST": False})]
            if args.variants == "all":
                variants.append(("wreorg_off", {"WEIGHT_REORG": False}))
        if args.sweep and "implicit_gemm" in paths:
            variants += SWEEP
        line["variants"] = {}
        # launch configurations already run (the default's first): a variant that repeats one is not timed again
        seen = {repr([(m.last_config, m.last_grid_blocks) for m in inner]): "default"}
        try:  # the variants measured so far are printed even when the per-problem limit cuts the loop
            for label, settings in variants:  # each checked against the strict reference, then timed
                v = line["variants"][label] = {}
                t_v = time.time()
                with switched(mods, settings):
                    try:
                        v["err"] = rel_err(ours(*inputs), ref)
                        if any(m.last_config.get("fallback") for m in inner):
                            v["ran"] = "+".join("%s%s%s" % (m.last_path, "C" if m.last_config.get("x_copy") else "",
                                                            "" if m.last_config.get("persistent") is None else
                                                            "/p%d/r%d" % (m.last_config["persistent"],
                                                                          m.last_config["row_dims"]))
                                                for m in inner)
                        launch = repr([(m.last_config, m.last_grid_blocks) for m in inner])
                        fb = [m.last_config["fallback"] for m in inner if m.last_config.get("fallback")]
                        if fb:  # the variant did not compile (or run): what ran instead is another configuration
                            v["fallback"] = " | ".join(fb)
                        elif launch in seen and label not in ("copy", "nocopy", "wreorg_off"):
                            v["same"] = seen[launch]  # the launch of the default or an earlier variant: not timed
                        else:
                            seen[launch] = label
                        if DEV == "cuda" and not v.get("same") and not v.get("fallback"):
                            v["us"] = bench(lambda: ours(*inputs), warmup=10, rep=args.sweep_rep)
                    except Exception as e:  # noqa: BLE001 -- a failing variant does not lose the line
                        v["error"] = type(e).__name__ + ": " + str(e).splitlines()[0][:120]
                v["s"] = time.time() - t_v  # wall of this variant: compile + check + timing
        finally:
            if variants:
                print("    variants: " + fmt_variants(line), flush=True)
        del ref
    return line


def fmt(line):
    out = "%-62s %-27s rel_err %.2e" % (line["problem"][:62], line["path"], line["rel_err"])
    if "eager_err" in line:
        out += " (eager %.1e)" % line["eager_err"]
    for k in ("ours_us", "eager_us", "compile_us"):
        if k in line:
            out += " %s %9.1f" % (k[:-3], line[k])
    if "ours_us" in line and "eager_us" in line:
        out += "  eager/ours %.2f" % (line["eager_us"] / line["ours_us"])
        if "compile_us" in line:
            out += " compile/ours %.2f" % (line["compile_us"] / line["ours_us"])
    out += "  ctas %d %s" % (line["blocks"], line["cfg"])
    if "compile_error" in line:
        out += "  compile_error=" + line["compile_error"]
    return out


def fmt_variants(line):
    out = []
    for label, v in line.get("variants", {}).items():  # label=us(rel_err)[->what ran]/wall s
        if v.get("same"):
            out.append("%s=%s" % (label, v["same"]))
            continue
        if v.get("fallback"):  # printed in full: the compiler's reason is the finding
            out.append("%s=FALLBACK[%s]" % (label, v["fallback"]))
            continue
        out.append("%s=%s(%s)%s/%.0fs" % (label, "%.1f" % v["us"] if "us" in v else "-",
                                         "%.1e" % v["err"] if "err" in v else v.get("error", "?"),
                                         "->" + v["ran"] if "ran" in v else "", v.get("s", 0.0)))
    if "ours_us" in line:
        out.append("(default %.1f)" % line["ours_us"])
    return "  ".join(out)


class _One(nn.Module):
    def __init__(self, conv):
        super().__init__()
        self.conv = conv

    def forward(self, x):
        return self.conv(x)


# --cpu-emulated --sweep: every SWEEP variant also on small convolutions where each applies (a problem
# list may hold none with a small Cin, the tap rows' case), checked against PyTorch
SELF_CHECK = [
    (lambda: nn.Conv2d(3, 20, 11, stride=4, padding=2), (2, 3, 27, 31)),            # 50_: tap rows of 11 taps
    (lambda: nn.Conv3d(3, 16, (3, 3, 1)), (2, 3, 6, 7, 4)),                          # 59_: the whole K a row
    (lambda: nn.Conv3d(5, 16, 3, padding=1), (1, 5, 4, 5, 6)),                       # rows of (h, w) taps
    (lambda: nn.ConvTranspose1d(6, 16, 4, stride=3, padding=2, dilation=2, output_padding=1), (2, 6, 11)),
    (lambda: nn.Conv1d(64, 24, 3, padding=1), (2, 64, 30)),                          # BLOCK_K 64, one tap a block
    (lambda: nn.ConvTranspose3d(16, 32, 3, stride=2, padding=1, groups=4), (1, 16, 3, 4, 5)),
]


def self_check():
    """Every SWEEP variant on SELF_CHECK's convolutions through the emulation; returns the failures."""
    bad = []
    torch.manual_seed(0)
    for make, shape in SELF_CHECK:
        conv = make().eval()
        x = torch.randn(shape)
        with torch.no_grad():
            ref = conv(x)
            ours, inner, mods = build_ours(_One(conv), "self_check")
            for label, settings in [("default", {})] + SWEEP:
                with switched(mods, settings):
                    try:
                        err = rel_err(ours(x), ref)
                        cfg = inner[0].last_config
                        if err > 1e-4 or cfg.get("fallback") or inner[0].last_path != "implicit_gemm":
                            bad.append("%s %s: rel_err %.1e path %s %s" % (conv, label, err, inner[0].last_path,
                                                                          cfg.get("fallback", "")))
                    except Exception as e:  # noqa: BLE001 -- reported below
                        bad.append("%s %s: %s: %s" % (conv, label, type(e).__name__, e))
    print("[conv_smoke] emulated sweep check: %d variants x %d convolutions, %d failures"
          % (len(SWEEP) + 1, len(SELF_CHECK), len(bad)), flush=True)
    for b in bad:
        print("    " + b, flush=True)
    return bad


def main():
    cands = [args.problems] if args.problems else [
        os.path.join(ROOT, ".gpu", "problems", "level1"), os.path.join(ROOT, "..", "shared", "data", "kernelbench", "level1"),
        os.path.join(ROOT, "shared", "data", "kernelbench", "level1"), "/work/shared/data/kernelbench/level1"]
    pdir = next((c for c in cands if c and os.path.isdir(c)), None)
    if pdir is None:
        sys.exit("no problems directory (tried %s)" % ", ".join(cands))
    files = sorted(glob.glob(os.path.join(pdir, "*conv*.py")), key=lambda p: int(os.path.basename(p).split("_")[0]))
    if args.only:  # in the order given (a --budget cut drops the last ones)
        keys = [k for k in args.only.split(",") if k]
        files = [f for k in keys for f in files if os.path.basename(f).startswith(k)] + [
            f for f in files if not any(os.path.basename(f).startswith(k) for k in keys)
            and any(k in os.path.basename(f) for k in keys)]
        files = [f for i, f in enumerate(files) if f not in files[:i]]
    info = "device %s, torch %s, triton %s, dtype %s, %s shapes, %d problems from %s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)", torch.__version__,
        getattr(triton, "__version__", "?"), args.dtype, "quick" if args.quick else "problem", len(files), pdir)
    print("[conv_smoke] " + info, flush=True)
    start = time.time()
    ok = 0
    not_run = []
    ratios = {"eager": [], "compile": []}
    signal.signal(signal.SIGALRM, _alarm)
    for path in files:
        name = os.path.basename(path)[:-3]
        if time.time() - start > args.budget:
            print("%-62s NOT RUN (budget of %.0f s spent)" % (name[:62], args.budget), flush=True)
            not_run.append(name.split("_")[0] + "_")
            continue
        t0 = T0[0] = time.time()
        del DONE[:]
        signal.setitimer(signal.ITIMER_REAL, args.limit)
        try:
            run_problem(path)
            signal.setitimer(signal.ITIMER_REAL, 0)
        except BaseException as e:  # noqa: BLE001 -- one problem's failure does not stop the rest
            signal.setitimer(signal.ITIMER_REAL, 0)
            if isinstance(e, KeyboardInterrupt):
                raise
            tb = traceback.format_exc().strip().splitlines()
            print("%-62s ERROR %s: %s  (%.0f s)%s" % (name[:62], type(e).__name__, str(e).splitlines()[0][:200]
                                                     if str(e) else "", time.time() - t0,
                                                     " (after its line above)" if DONE else ""), flush=True)
            print("    " + "\n    ".join(tb[-6:]), flush=True)
        finally:
            if DEV == "cuda":
                try:
                    torch.cuda.empty_cache()
                except Exception:  # noqa: BLE001 -- a lost context: the next problem reports it
                    pass
        for line in DONE:
            ok += 1
            for k in ratios:
                if k + "_us" in line and "ours_us" in line:
                    ratios[k].append(line[k + "_us"] / line["ours_us"])
    print("[conv_smoke] %d of %d problems ran (%.0f s); cfg: bk<BLOCK_K>[u: one tap per K block][M: x read "
          "M-major][C: x copied to channels-last]/ph<stride phases>" % (ok, len(files), time.time() - start), flush=True)
    for k, v in ratios.items():
        if v:
            gm = 1.0
            for r in v:
                gm *= r ** (1.0 / len(v))
            print("[conv_smoke] geomean %s/ours %.3f over %d problems (min %.2f, max %.2f; > 1: ours faster)"
                  % (k, gm, len(v), min(v), max(v)), flush=True)
    if not_run:
        print("[conv_smoke] the rest: --only " + ",".join(not_run), flush=True)
    bad = self_check() if args.cpu_emulated and args.sweep else []
    shutil.rmtree(TMP, ignore_errors=True)
    if bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
