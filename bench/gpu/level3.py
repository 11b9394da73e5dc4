"""Level-3 whole-model plans (issue 15, session 17): old vs new of the same generated kernel.py in one process, beside
torch.compile (TF32 allowed, the precision of our TF32 tl.dot) and eager, each variant's rel_err against the
problem's Model in fp32 (TF32 off). A variant is a module switch of the kernel (the old plan stays in the new
kernel.py behind it), so the rows compare the same plan with one mechanism on and off.

    # on the CPU machine (needs build/dev/app/kwb): the kernels and copies of the problems, under DIR
    python3 bench/gpu/level3.py --generate .gpu/level3
    # on the GPU machine (--budget seconds, default 60: work past it is skipped and said so; the measurement in
    # flight at the deadline finishes, so allow ~10 s more)
    python3 bench/gpu/level3.py --kernels .gpu/level3 --budget 60
    python3 bench/gpu/level3.py --kernels .gpu/level3 --cpu-emulated   # fake_triton, reduced sizes: the script's check

Rows (one per line, most important first): problem, variant, latency_us, rel_err, note. Variants: "new" = the
kernel as generated; "old" = the same kernel.py with this session's mechanisms that its plan uses turned off:
  CONV_CAT_SLICES (17_SqueezeNetFireModule: each expand conv writes its channel slice of the cat's buffer, no cat
      launch; off: each conv its own output, then kwb_cat) -- docs/DECISIONS.md "A cat of convolution outputs is no
      launch";
  kwb_keep_layout (8_ResNetBasicBlock's bn1 -> conv2, VGG16's pools -> conv, where the plan has keep_layout=True:
      the norm / pool writes channels-last and the conv reads it without its x copy; off: contiguous + the copy) --
      "A norm or pool feeding a GEMM-path convolution keeps a channels-last layout".
  "skinny" (a candidate, off as generated): the new kernel with kwb_gemm_fill = "skinny" -- a GEMM whose narrowed
      tiles fill under half a wave splits K for ~two waves (VGG16's classifier, M 10 x K 25088: 985 us, 30 % of the
      model in session 17's suite). Faster than "new" on VGG16 and no slower elsewhere: make it the default.
A "new" slower than "old" beyond noise turns that switch's default off. The models without an "old" row (44_, 35_,
1_) are fresh figures beside torch.compile: 35_LSTM's graph-replayed plan was never timed in a suite.
Nothing here had run on a GPU when this was written.
"""
import argparse
import contextlib
import copy
import importlib.util
import os
import shutil
import subprocess
import sys
import time

T0 = time.time()
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
KB = os.environ.get("KWB_KERNELBENCH") or "/work/shared/data/kernelbench"
# the level-3 models, most important first; each is timed as generated ("new") and, where its plan uses a mechanism of
# this session (the marker in its kernel.py), with that mechanism's switch off ("old": the old plan, same kernel.py)
PROBLEMS = ["level3/17_SqueezeNetFireModule", "level3/8_ResNetBasicBlock", "level3/11_VGG16",
            "level3/20_MobileNetV2", "level3/44_MiniGPTBlock", "level3/35_LSTM", "level3/1_MLP"]
# marker in kernel.py -> the module setting that turns its mechanism off
SWITCHES = [("conv_cat_buffer(", "CONV_CAT_SLICES", False), ("keep_layout=True", "kwb_keep_layout", False)]
# marker -> a candidate default that is off in the kernel as generated ("skinny": the new kernel with it on)
CANDIDATES = [("kwb_gemm(", "skinny", {"kwb_gemm_fill": "skinny"})]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--generate", help="write DIR/<name>.py with build/dev/app/kwb and DIR/problems/, and exit")
ap.add_argument("--kernels", help="the folder --generate wrote")
ap.add_argument("--rep", type=float, default=30.0, help="do_bench rep (ms)")
ap.add_argument("--budget", type=float, default=60.0, help="seconds from start after which work is skipped")
ap.add_argument("--no-compile", action="store_true")
ap.add_argument("--only", default="", help="comma-separated name prefixes (17_,8_)")
ap.add_argument("--cpu-emulated", action="store_true")
args = ap.parse_args()


def name_of(p):
    return os.path.basename(p)


if args.generate:
    os.makedirs(os.path.join(args.generate, "problems", "level3"), exist_ok=True)
    kwb = os.path.join(ROOT, "build", "dev", "app", "kwb")
    for p in PROBLEMS:
        src = os.path.join(KB, p + ".py")
        shutil.copy(src, os.path.join(args.generate, "problems", p + ".py"))
        out = os.path.join(args.generate, name_of(p) + ".py")
        r = subprocess.run([kwb, "analyze", src, "--kernel-out", out, "--framework", "triton"], capture_output=True,
                           text=True)
        print("%-40s %s" % (name_of(p), "written" if r.returncode == 0 and os.path.exists(out) else
                            "FAILED " + (r.stderr or r.stdout).strip()[-200:]))
    sys.exit(0)

if not args.kernels:
    ap.error("--kernels DIR (or --generate DIR)")
if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
    sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
import torch  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
PROBS = os.path.join(args.kernels, "problems") if os.path.isdir(os.path.join(args.kernels, "problems")) else KB


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
    return do_bench(fn, warmup=3, rep=args.rep, return_mode="median") * 1e3


def line(name, variant, us, err, note=""):
    print("%-26s %-14s %10.1f %10.2e  %s" % (name[:26], variant, us, err, note), flush=True)


class Case:
    """One problem: its Model, the generated kernel module and ModelNew, inputs, the fp32 (TF32 off) answer."""

    def __init__(self, idx, p):
        self.name = name_of(p)
        prob = load(os.path.join(PROBS, p + ".py"), "prob_%d" % idx)
        if args.cpu_emulated:
            from chain_emulate import shrink
            shrink(prob)
        path = os.path.join(args.kernels, self.name + ".py")
        self.kern = load(path, "kern_%d" % idx)
        with open(path) as f:
            text = f.read()
        text = text[text.find("class ModelNew"):]  # the plan's own lines (the stage library names every launcher)
        old = {k: v for marker, k, v in SWITCHES if marker in text and hasattr(self.kern, k)}
        self.variants = [("new", {})] + ([("old", old)] if old else []) + [
            (label, st) for marker, label, st in CANDIDATES if marker in text and all(hasattr(self.kern, k) for k in st)]
        torch.manual_seed(idx)
        on_dev = torch.device(DEV) if hasattr(torch.device, "__enter__") else contextlib.nullcontext()
        with on_dev:
            self.ref = prob.Model(*prob.get_init_inputs()).to(DEV)
            self.ours = self.kern.ModelNew(*prob.get_init_inputs()).to(DEV)
            self.inputs = [t.to(DEV) if torch.is_tensor(t) else t for t in prob.get_inputs()]
        self.ours.load_state_dict(self.ref.state_dict())
        self.ours.train(self.ref.training)
        with torch.no_grad():
            torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
            torch.manual_seed(0)
            self.want = copy.deepcopy(self.ref)(*self.inputs)
            torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True

    def run(self, label, settings):
        saved = {k: getattr(self.kern, k) for k in settings}
        for k, v in settings.items():
            setattr(self.kern, k, v)
        try:
            m = copy.deepcopy(self.ours)  # a fresh model: its graph replay (if any) captures under these settings
            with torch.no_grad():
                torch.manual_seed(0)  # random draws in forward() (35_LSTM's state): the reference's numbers
                got = m(*self.inputs)
                err = rel_err(got, self.want)
                us = bench(lambda: m(*self.inputs))
            note = "graph" if getattr(m, "last_graph", None) else ""
            if getattr(m, "last_fallback", ""):
                note += " FALLBACK " + m.last_fallback[:100]
            line(self.name, label, us, err, note)
            del m, got
        except Exception as e:  # noqa: BLE001 -- one variant's failure does not stop the table
            line(self.name, label, float("nan"), float("nan"), "ERROR %s: %s" % (
                type(e).__name__, str(e).strip().splitlines()[-1][:160] if str(e).strip() else ""))
        finally:
            for k, v in saved.items():
                setattr(self.kern, k, v)
            if DEV == "cuda":
                torch.cuda.synchronize()
                torch.cuda.empty_cache()

    def compiled(self):
        try:
            comp = torch.compile(self.ref)
            with torch.no_grad():
                torch.manual_seed(0)
                got = comp(*self.inputs)
                err = rel_err(got, self.want)
                us = bench(lambda: comp(*self.inputs))
            line(self.name, "torch.compile", us, err, "TF32 allowed")
        except Exception as e:  # noqa: BLE001
            line(self.name, "torch.compile", float("nan"), float("nan"), "ERROR %s" % type(e).__name__)

    def eager(self):
        with torch.no_grad():
            m = copy.deepcopy(self.ref)
            torch.manual_seed(0)
            err = rel_err(m(*self.inputs), self.want)
            us = bench(lambda: m(*self.inputs))
        line(self.name, "eager", us, err, "TF32 allowed")

    def free(self):
        self.ref = self.ours = self.inputs = self.want = None
        if DEV == "cuda":
            torch.cuda.empty_cache()


def main():
    keys = [k for k in args.only.split(",") if k]
    print("[level3] %s, torch %s, budget %.0f s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)", torch.__version__, args.budget),
        flush=True)
    print("%-26s %-14s %10s %10s  %s" % ("problem", "variant", "latency_us", "rel_err", "note"), flush=True)
    skipped = []
    # one problem at a time (17_'s 4.3 GB output, VGG16's weights): its variants, then compile, then eager
    for idx, p in enumerate(PROBLEMS):
        if keys and not any(name_of(p).startswith(k) for k in keys):
            continue
        if left() <= 0:
            skipped.append(name_of(p))
            continue
        try:
            c = Case(idx, p)
        except Exception as e:  # noqa: BLE001
            line(name_of(p), "setup", float("nan"), float("nan"), "ERROR %s: %s" % (type(e).__name__, str(e)[:160]))
            continue
        for label, settings in c.variants:
            if left() > 0:
                c.run(label, settings)
            else:
                skipped.append("%s %s" % (c.name, label))
        if not args.no_compile and DEV == "cuda":
            if left() > 0:
                c.compiled()
            else:
                skipped.append("%s torch.compile" % c.name)
        if left() > 0:
            c.eager()
        c.free()
    print("[level3] done in %.0f s%s" % (time.time() - T0, ", skipped past the budget: %s" % ", ".join(skipped)
                                          if skipped else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
