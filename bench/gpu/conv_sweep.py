"""Conv knob sweep (issue 15: level 2's conv problems at 0.98x torch.compile): times the generated kernel.py of each
problem under a handful of the conv template's module knobs in one process -- the x copy switches (X_COPY_TRITON: the
channels-last copy by the template's tiled Triton kernel instead of aten's; X_TMA_NCHW: no copy, TMA boxes of NCDHW
x), BLOCK_M 256, MAX_BLOCK_N 64, NUM_STAGES 2/4, NUM_WARPS 4, PERSISTENT 1 -- against the problem's own conv layer
under cuDNN with TF32 allowed (the same precision as our TF32 tl.dot) and the whole problem under torch.compile, with
rel_err of each variant against the problem's Model in fp32 (TF32 off). One device call, KWB_CUDA_GRAPH=0 (each
launch as it runs, no graph replay).

    # on the CPU machine (needs build/dev/app/kwb): the kernels and this morning's suite figures, under DIR
    python3 bench/gpu/conv_sweep.py --generate .gpu/conv_sweep
    # on the GPU machine (--budget seconds, default 50: work past it is skipped and said so; the measurement in flight
    # at the deadline finishes, so allow ~10 s more)
    python3 bench/gpu/conv_sweep.py --kernels .gpu/conv_sweep
    python3 bench/gpu/conv_sweep.py --kernels .gpu/conv_sweep --cpu-emulated   # fake_triton, reduced sizes

Work is done in priority order across problems, so a short budget still gives the copy A/B of every problem: the
shipped tuning, cuDNN, the two copy switches, torch.compile, then the tuning variants. "ours" is the ModelNew forward
(the conv with its fused chain and any later stages): a variant changes only the conv. "suite" columns are this
morning's H200 suite (/work/.device/3/suite.json, copied by --generate), for reference beside the in-process figures.
Nothing here had run on a GPU when this was written.
"""
import argparse
import contextlib
import copy
import importlib.util
import json
import os
import subprocess
import sys
import time

T0 = time.time()
os.environ["KWB_CUDA_GRAPH"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
KB = os.environ.get("KWB_KERNELBENCH") or next(
    (d for d in ("/work/shared/data/kernelbench", os.path.join(ROOT, ".gpu", "problems")) if os.path.isdir(d)),
    "/work/shared/data/kernelbench")
SUITE = "/work/.device/3/suite.json"
PROBLEMS = ["level2/4_Conv2d_Mish_Mish", "level2/32_Conv2d_Scaling_Min",
            "level2/42_ConvTranspose2d_GlobalAvgPool_BiasAdd_LogSumExp_Sum_Multiply",
            "level2/8_Conv3d_Divide_Max_GlobalAvgPool_BiasAdd_Sum", "level2/24_Conv3d_Min_Softmax",
            "level2/54_Conv2d_Multiply_LeakyReLU_GELU", "level1/50_conv_standard_2D__square_input__square_kernel"]
# the knob sets; "base" is the kernel as generated. The copy switches first: the subject of this sweep.
# X_COPY_TRITON is on since session 16 (measured here): the A/B row is now aten's copy. X_TMA_NCHW ended the
# process with a CUDA illegal instruction on its first problem (session 16): run it alone, last, if at all.
COPY = [("copy_aten", {"X_COPY_TRITON": False})]
TUNE = [("bm256", {"BLOCK_M": 256}), ("bn64", {"MAX_BLOCK_N": 64}), ("st2", {"NUM_STAGES": 2}),
        ("st4", {"NUM_STAGES": 4}), ("w4", {"NUM_WARPS": 4}), ("persist", {"PERSISTENT": 1})]
# SMALL_K's class (Cin 8 / 3, stride 1: 8_, 24_) has its own launch knobs; 50_ (Cin 3, stride 4) the general K loop
TUNE_SMALL_K = [("sk_bm64", {"SMALL_K_BLOCK_M": 64}), ("sk_st3", {"SMALL_K_STAGES": 3}),
                ("sk_w8", {"SMALL_K_WARPS": 8}), ("persist", {"PERSISTENT": 1})]
TUNE_GENERAL = [("tap_row", {"TAP_ROW": True}), ("bn64", {"MAX_BLOCK_N": 64}), ("st2", {"NUM_STAGES": 2}),
                ("w4", {"NUM_WARPS": 4}), ("persist", {"PERSISTENT": 1})]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--generate", help="write DIR/<name>.py with build/dev/app/kwb and DIR/suite_ref.json, and exit")
ap.add_argument("--kernels", help="the folder --generate wrote")
ap.add_argument("--problems", default=KB, help="KernelBench root (level1/, level2/)")
ap.add_argument("--rep", type=float, default=40.0, help="do_bench rep (ms)")
ap.add_argument("--budget", type=float, default=50.0, help="seconds from start after which work is skipped")
ap.add_argument("--no-compile", action="store_true")
ap.add_argument("--only", default="", help="comma-separated name prefixes")
ap.add_argument("--cpu-emulated", action="store_true")
args = ap.parse_args()


def name_of(p):
    return os.path.basename(p)


if args.generate:
    os.makedirs(args.generate, exist_ok=True)
    kwb = os.path.join(ROOT, "build", "dev", "app", "kwb")
    for p in PROBLEMS:
        out = os.path.join(args.generate, name_of(p) + ".py")
        r = subprocess.run([kwb, "analyze", os.path.join(args.problems, p + ".py"), "--kernel-out", out,
                            "--framework", "triton"], capture_output=True, text=True)
        print("%-70s %s" % (name_of(p), "written" if r.returncode == 0 and os.path.exists(out) else
                            "FAILED " + (r.stderr or r.stdout).strip()[-200:]))
    ref = {}
    if os.path.exists(SUITE):
        with open(SUITE) as f:
            for row in json.load(f).get("problems", []):
                if any(row.get("name") == name_of(p) for p in PROBLEMS):
                    ref[row["name"]] = {k: row.get(k) for k in ("latency_us", "compile_latency_us", "ref_latency_us")}
    with open(os.path.join(args.generate, "suite_ref.json"), "w") as f:
        json.dump(ref, f, indent=1, sort_keys=True)
    print("suite_ref.json: %d problems from %s" % (len(ref), SUITE))
    sys.exit(0)

if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
    sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"


def left():
    return args.budget - (time.time() - T0)


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
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


class Case:
    """One problem: its Model (reference), the generated kernel module and ModelNew, inputs, the fp32 answer."""

    def __init__(self, idx, p):
        self.name = name_of(p)
        prob = load(os.path.join(args.problems, p + ".py"), "prob_%d" % idx)
        if args.cpu_emulated:
            from chain_emulate import shrink
            shrink(prob)
        self.kern = load(os.path.join(args.kernels, self.name + ".py"), "kern_%d" % idx)
        torch.manual_seed(idx)
        # made on the device where this torch can (torch >= 2: a device context): a 1 GB torch.randn on the CPU
        # costs seconds of the budget
        on_dev = torch.device(DEV) if hasattr(torch.device, "__enter__") else contextlib.nullcontext()
        with on_dev:
            self.ref = prob.Model(*prob.get_init_inputs()).to(DEV)
            self.ours = self.kern.ModelNew(*prob.get_init_inputs()).to(DEV)
            self.inputs = [t.to(DEV) if torch.is_tensor(t) else t for t in prob.get_inputs()]
        self.ours.load_state_dict(self.ref.state_dict())
        with torch.no_grad():
            torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
            self.want = copy.deepcopy(self.ref)(*self.inputs)
            torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
        self.conv = next((m for m in self.ref.modules() if isinstance(m, nn.modules.conv._ConvNd)), None)
        self.knobs0 = {}
        self.rows = {}  # variant -> (us, rel_err, note)
        small_k = self.kern.SMALL_K and self.conv is not None and self.conv.in_channels // self.conv.groups % 16 \
            and max(self.conv.stride) <= self.kern.SMALL_K_MAX_STRIDE
        general = self.conv is not None and self.conv.in_channels // self.conv.groups % 16 and not small_k
        # X_TMA_NCHW needs one-tap K blocks (Cin/groups a multiple of 16): not SMALL_K's nor the general loop's class
        self.copy_variants = [] if general else COPY[:1] if small_k else COPY
        self.base_cfg = None  # the shipped tuning's last_config: a tuning variant that plans the same is not timed
        self.tune_variants = TUNE_SMALL_K if small_k else TUNE_GENERAL if general else TUNE

    def run(self, label, settings):
        saved = {k: getattr(self.kern, k) for k in settings}
        for k, v in settings.items():
            setattr(self.kern, k, v)
        try:
            m = copy.deepcopy(self.ours)
            with torch.no_grad():
                got = m(*self.inputs)
                err = rel_err(got, self.want)
                cfg = getattr(m, "last_config", {})
                if label == "base":
                    self.base_cfg = dict(cfg)
                elif settings and dict(cfg) == self.base_cfg and not any(k.startswith("X_") for k in settings):
                    self.rows[label] = (self.rows["base"][0], err, "= base (the same plan: not timed again)")
                    print("  %-24s %-12s the same plan as base" % (self.name[:24], label), flush=True)
                    return
                note = ",".join(k for k in ("x_copy", "x_tma", "a_mmajor", "persistent") if cfg.get(k)) + \
                    (" copy_by=%s" % cfg["x_copy_by"] if cfg.get("x_copy_by") else "") + \
                    (" bm%s bn%s bk%s w%s st%s" % (cfg.get("block_m"), cfg.get("block_n"), cfg.get("block_k"),
                                                    cfg.get("num_warps"), cfg.get("num_stages"))) + \
                    (" FALLBACK" if getattr(m, "last_fallback", "") else "")
                us = bench(lambda: m(*self.inputs))
            self.rows[label] = (us, err, note)
        except Exception as e:  # noqa: BLE001 -- one variant's failure does not stop the sweep
            self.rows[label] = (float("nan"), float("nan"), "ERROR %s: %s" % (
                type(e).__name__, str(e).strip().splitlines()[-1][:120] if str(e).strip() else ""))
        finally:
            for k, v in saved.items():
                setattr(self.kern, k, v)
            if DEV == "cuda":
                torch.cuda.synchronize()
        us, err, note = self.rows[label]
        print("  %-24s %-12s %9.1f us  rel_err %.1e  %s" % (self.name[:24], label, us, err, note), flush=True)

    def cudnn(self):
        if self.conv is None:
            return
        with torch.no_grad():
            x = self.inputs[0]
            us = bench(lambda: self.conv(x))
        self.rows["cudnn_conv"] = (us, float("nan"), "%s alone, TF32" % type(self.conv).__name__)
        print("  %-24s %-12s %9.1f us  (the conv layer alone, cuDNN TF32)" % (self.name[:24], "cudnn_conv", us),
              flush=True)

    def compiled(self):
        try:
            comp = torch.compile(self.ref)
            with torch.no_grad():
                got = comp(*self.inputs)
                err = rel_err(got, self.want)
                us = bench(lambda: comp(*self.inputs))
            self.rows["compile"] = (us, err, "whole problem, TF32 allowed")
        except Exception as e:  # noqa: BLE001
            self.rows["compile"] = (float("nan"), float("nan"), "ERROR %s" % type(e).__name__)
        print("  %-24s %-12s %9.1f us  %s" % (self.name[:24], "compile", *self.rows["compile"][::2]), flush=True)


def main():
    keys = [k for k in args.only.split(",") if k]
    ref = {}
    if args.kernels and os.path.exists(os.path.join(args.kernels, "suite_ref.json")):
        with open(os.path.join(args.kernels, "suite_ref.json")) as f:
            ref = json.load(f)
    print("[conv_sweep] %s, torch %s, budget %.0f s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)", torch.__version__, args.budget),
        flush=True)
    cases = []
    for idx, p in enumerate(PROBLEMS):
        if keys and not any(name_of(p).startswith(k) for k in keys):
            continue
        try:
            cases.append(Case(idx, p))
        except Exception as e:  # noqa: BLE001
            print("  %-24s ERROR setting up: %s: %s" % (name_of(p)[:24], type(e).__name__, str(e)[:200]), flush=True)
    # priority passes: every problem's shipped tuning and copy A/B, cuDNN, torch.compile, then the tuning variants
    passes = [lambda c: c.run("base", {}), lambda c: c.cudnn()]
    passes += [(lambda lab, st: lambda c: c.run(lab, st) if (lab, st) in c.copy_variants else None)(lab, st)
               for lab, st in COPY]
    if not args.no_compile and DEV == "cuda":
        passes += [lambda c: c.compiled()]
    for i in range(max(len(TUNE), len(TUNE_SMALL_K), len(TUNE_GENERAL))):
        passes.append((lambda i: lambda c: c.run(*c.tune_variants[i]) if i < len(c.tune_variants) else None)(i))
    skipped = 0
    for fn in passes:
        for c in cases:
            if left() <= 0:
                skipped += 1
                continue
            fn(c)
    # the table: a row per problem, base first; x = base / variant (> 1: faster than shipped)
    print("\n[conv_sweep] table (us; x = base/variant; err = rel_err vs fp32 Model)", flush=True)
    for c in cases:
        base = c.rows.get("base", (float("nan"),))[0]
        s = ref.get(c.name, {})
        print("%s  suite: ours %s us, compile %s us" % (c.name, "%.0f" % s["latency_us"] if s.get("latency_us")
                                                         else "-", "%.0f" % s["compile_latency_us"]
                                                         if s.get("compile_latency_us") else "-"))
        best = None
        for label, (us, err, note) in c.rows.items():
            x = base / us if us == us and us > 0 and base == base else float("nan")
            print("   %-12s %9.1f us  x%5.2f  err %.1e  %s" % (label, us, x, err, note))
            if label not in ("cudnn_conv", "compile") and us == us and err == err and err < 1e-2 \
                    and "ERROR" not in note and (best is None or us < best[1]):
                best = (label, us)
        comp = c.rows.get("compile", (float("nan"),))[0]
        if best:
            print("   best: %s %.1f us (x%.2f vs base%s)" % (best[0], best[1], base / best[1] if base == base else
                                                            float("nan"), ", %.2fx compile" % (comp / best[1])
                                                            if comp == comp else ""))
    print("[conv_sweep] done in %.0f s%s" % (time.time() - T0, ", %d measurements skipped past the budget" % skipped
                                             if skipped else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
