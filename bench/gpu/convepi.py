"""Heavy conv epilogues (issue 15, session 17): times the generated kernel.py of level-2 conv chains whose fused
epilogue is heavy (the conv template's _epi_cost >= EPI_HEAVY_COST: 4_Conv2d_Mish_Mish first) under the template's
EPI_HEAVY_* launch rule and with the old (session 16) against the new mish lowering, in ONE process, beside
torch.compile (TF32 allowed, the precision of our TF32 tl.dot) and eager, with rel_err against the problem's Model
in fp32 (TF32 off). KWB_CUDA_GRAPH=0 (each launch as it runs).

    # on the CPU machine: DIR/<name>.py from build/dev/app/kwb (this branch: the one-exp mish) and DIR/<name>.old.py
    # from --old-kwb (main's build: exp + log + tanh per mish), for the old_epi rows
    python3 bench/gpu/convepi.py --generate .gpu/convepi [--old-kwb /work/main/build/dev/app/kwb]
    # on the GPU machine (--budget seconds: work past it is skipped and said so; the measurement in flight at the
    # deadline finishes, so allow ~10 s more)
    python3 bench/gpu/convepi.py --kernels .gpu/convepi --budget 60
    python3 bench/gpu/convepi.py --kernels .gpu/convepi --cpu-emulated   # fake_triton, reduced sizes: a check

Rows (most important first, so a short budget still gives the verdict): problem, variant, latency_us, rel_err, then
the kernels' registers/spills/shared memory and the tile. Variants of the SAME kernel.py (module knobs):
  base      the kernel as generated (new mish lowering; EPI_HEAVY_* at their shipped values: no change to the tile)
  old_epi   base with the old lowering's epilogue functions swapped in (= main's kernel): base vs old_epi decides
            the mish lowering (pointwise.cpp), which ships on
  split2 / split4 / nreg128 / split2_nreg128 / bn64 / bn64_nreg: EPI_HEAVY_SPLIT, EPI_HEAVY_MAXNREG,
            EPI_HEAVY_BLOCK_N on (the rule is off by default): the fastest of them against base decides which
            (if any) becomes the default; old_split2_nreg128: the old epilogue under that rule
  compile / eager: torch.compile and eager PyTorch of the whole problem (TF32 allowed)
Nothing here had run on a GPU when this was written.
"""
import argparse
import contextlib
import copy
import importlib.util
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
# 4_ first (the heavy epilogue that doubled its conv: every row); 52_ (mish spelled out, training-mode batch norm) and
# 16_ (mish in a transposed conv's epilogue): base against old_epi (their new epilogues are not heavy: the rule's
# variants are skipped, old_split2_nreg128 runs on the old one)
PROBLEMS = ["level2/4_Conv2d_Mish_Mish", "level2/52_Conv2d_Activation_BatchNorm",
            "level2/16_ConvTranspose2d_Mish_Add_Hardtanh_Scaling"]
# in priority order after base / old_epi (compile runs after the first two of these)
VARIANTS = [("base", {}, False), ("old_epi", {}, True),
            ("nreg128", {"EPI_HEAVY_MAXNREG": 128}, False),
            ("split2_nreg128", {"EPI_HEAVY_SPLIT": 2, "EPI_HEAVY_MAXNREG": 128}, False),
            ("split2", {"EPI_HEAVY_SPLIT": 2}, False),
            ("bn64", {"EPI_HEAVY_BLOCK_N": 64}, False),
            ("split4", {"EPI_HEAVY_SPLIT": 4}, False),
            ("bn64_nreg", {"EPI_HEAVY_BLOCK_N": 64, "EPI_HEAVY_MAXNREG": 168}, False),
            ("old_split2_nreg128", {"EPI_HEAVY_SPLIT": 2, "EPI_HEAVY_MAXNREG": 128}, True)]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--generate", help="write DIR/<name>.py (this build) and DIR/<name>.old.py (--old-kwb), and exit")
ap.add_argument("--old-kwb", default="/work/main/build/dev/app/kwb", help="kwb of main (the old mish lowering)")
ap.add_argument("--kernels", help="the folder --generate wrote")
ap.add_argument("--problems", default=KB, help="KernelBench root (level1/, level2/)")
ap.add_argument("--rep", type=float, default=30.0, help="do_bench rep (ms)")
ap.add_argument("--budget", type=float, default=60.0, help="seconds from start after which work is skipped")
ap.add_argument("--no-compile", action="store_true")
ap.add_argument("--only", default="", help="comma-separated name prefixes")
ap.add_argument("--cpu-emulated", action="store_true")
args = ap.parse_args()


def name_of(p):
    return os.path.basename(p)


if args.generate:
    os.makedirs(args.generate, exist_ok=True)
    for p in PROBLEMS:
        for kwb, suffix in ((os.path.join(ROOT, "build", "dev", "app", "kwb"), ".py"), (args.old_kwb, ".old.py")):
            out = os.path.join(args.generate, name_of(p) + suffix)
            r = subprocess.run([kwb, "analyze", os.path.join(args.problems, p + ".py"), "--kernel-out", out,
                                "--framework", "triton"], capture_output=True, text=True) if os.path.exists(kwb) \
                else None
            print("%-50s %-8s %s" % (name_of(p), suffix, "written" if r is not None and r.returncode == 0 and
                                     os.path.exists(out) else "FAILED " + ("no %s" % kwb if r is None else
                                                                          (r.stderr or r.stdout).strip()[-200:])))
    sys.exit(0)

if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
    sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
import torch  # noqa: E402

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


def resources(mod):
    """regs/spills/smem of the distinct compiled kernels of the last conv call (kernel.py's _LAST_COMPILED)."""
    out = []
    for k in getattr(mod, "_LAST_COMPILED", []):
        try:
            r = "%dr/%ds/%dB" % (k.n_regs, k.n_spills, k.metadata.shared)
        except Exception:  # noqa: BLE001 -- None on the emulation
            continue
        if r not in out:
            out.append(r)
    return ",".join(out) or "-"


def epi_names(mod):
    return sorted(k for k in vars(mod) if k.startswith("_kwb_epi"))


class Case:
    """One problem: its Model, the generated kernel module (and the old epilogues), inputs, the fp32 answer."""

    def __init__(self, idx, p):
        self.name = name_of(p)
        prob = load(os.path.join(args.problems, p + ".py"), "prob_%d" % idx)
        if args.cpu_emulated:
            from chain_emulate import shrink
            shrink(prob)
        self.kern = load(os.path.join(args.kernels, self.name + ".py"), "kern_%d" % idx)
        old = os.path.join(args.kernels, self.name + ".old.py")
        self.old = load(old, "kern_old_%d" % idx) if os.path.exists(old) else None
        self.new_epis = {k: getattr(self.kern, k) for k in epi_names(self.kern)}
        self.old_epis = {k: getattr(self.old, k) for k in epi_names(self.old) if k in self.new_epis} \
            if self.old is not None else {}
        self.costs = {k: self.kern._epi_cost(f) for k, f in self.new_epis.items()}
        torch.manual_seed(idx)
        on_dev = torch.device(DEV) if hasattr(torch.device, "__enter__") else contextlib.nullcontext()
        with on_dev:
            self.ref = prob.Model(*prob.get_init_inputs()).to(DEV)
            self.ours = self.kern.ModelNew(*prob.get_init_inputs()).to(DEV)
            self.inputs = [t.to(DEV) if torch.is_tensor(t) else t for t in prob.get_inputs()]
        self.ours.load_state_dict(self.ref.state_dict())
        with torch.no_grad():
            self.set_tf32(False)
            self.want = copy.deepcopy(self.ref)(*self.inputs)
            self.set_tf32(True)
        self.rows = {}
        print("  %-24s epilogues %s (cost; EPI_HEAVY_COST %s); old epilogues: %s" % (
            self.name[:24], self.costs, self.kern.EPI_HEAVY_COST,
            {k: self.kern._epi_cost(f) for k, f in self.old_epis.items()} or "none"), flush=True)

    @staticmethod
    def set_tf32(on):
        torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = on

    def run(self, label, settings, old_epi):
        if old_epi and not self.old_epis:
            print("  %-24s %-18s skipped: no old kernel (--old-kwb)" % (self.name[:24], label), flush=True)
            return
        epis = self.old_epis if old_epi else self.new_epis
        if settings and max([self.kern._epi_cost(f) for f in epis.values()] or [0]) < self.kern.EPI_HEAVY_COST:
            print("%-28s %-18s skipped: no heavy epilogue (the same plan as %s)" % (
                self.name[:28], label, "old_epi" if old_epi else "base"), flush=True)
            return
        saved = {k: getattr(self.kern, k) for k in settings}
        for k, v in settings.items():
            setattr(self.kern, k, v)
        if old_epi:
            for k, f in self.old_epis.items():
                setattr(self.kern, k, f)
        try:
            m = copy.deepcopy(self.ours)
            with torch.no_grad():
                got = m(*self.inputs)
                err = rel_err(got, self.want)
                cfg = getattr(m, "last_config", {})
                res = resources(self.kern)
                note = "%s bm%s bn%s w%s st%s heavy=%s cost=%s%s" % (
                    res, cfg.get("block_m"), cfg.get("block_n"), cfg.get("num_warps"), cfg.get("num_stages"),
                    cfg.get("epi_heavy", "-"), cfg.get("epi_cost", "-"),
                    " FALLBACK" if getattr(m, "last_fallback", "") else "")
                us = bench(lambda: m(*self.inputs))
            self.rows[label] = (us, err, note)
        except Exception as e:  # noqa: BLE001 -- one variant's failure does not stop the A/B
            self.rows[label] = (float("nan"), float("nan"), "ERROR %s: %s" % (
                type(e).__name__, str(e).strip().splitlines()[-1][:160] if str(e).strip() else ""))
        finally:
            for k, v in saved.items():
                setattr(self.kern, k, v)
            for k, f in self.new_epis.items():
                setattr(self.kern, k, f)
            if DEV == "cuda":
                torch.cuda.synchronize()
        us, err, note = self.rows[label]
        print("%-28s %-18s %10.1f us  rel_err %.1e  %s" % (self.name[:28], label, us, err, note), flush=True)

    def torch_rows(self, compiled):
        label = "compile" if compiled else "eager"
        try:
            fn = torch.compile(self.ref) if compiled else self.ref
            with torch.no_grad():
                got = fn(*self.inputs)
                err = rel_err(got, self.want)
                us = bench(lambda: fn(*self.inputs))
            self.rows[label] = (us, err, "whole problem, TF32 allowed")
        except Exception as e:  # noqa: BLE001
            self.rows[label] = (float("nan"), float("nan"), "ERROR %s" % type(e).__name__)
        us, err, note = self.rows[label]
        print("%-28s %-18s %10.1f us  rel_err %.1e  %s" % (self.name[:28], label, us, err, note), flush=True)


def main():
    keys = [k for k in args.only.split(",") if k]
    print("[convepi] %s, torch %s, budget %.0f s" % (
        torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)", torch.__version__, args.budget),
        flush=True)
    cases = []
    for idx, p in enumerate(PROBLEMS):
        if keys and not any(name_of(p).startswith(k) for k in keys):
            continue
        if left() <= 0:
            break
        try:
            cases.append(Case(idx, p))
        except Exception as e:  # noqa: BLE001
            print("  %-24s ERROR setting up: %s: %s" % (name_of(p)[:24], type(e).__name__, str(e)[:200]), flush=True)
    # priority: 4_'s verdict rows (base, old_epi, compile, the rule's variants), then the next problem's
    steps = []
    for c in cases:
        steps += [(c, "base"), (c, "old_epi")] + [(c, v[0]) for v in VARIANTS[2:4]]
        if not args.no_compile and DEV == "cuda":
            steps.append((c, "compile"))
        steps += [(c, v[0]) for v in VARIANTS[4:]]
        steps.append((c, "eager"))
    by_label = {v[0]: v for v in VARIANTS}
    skipped = 0
    for c, label in steps:
        if left() <= 0:
            skipped += 1
            continue
        if label in ("compile", "eager"):
            c.torch_rows(label == "compile")
        else:
            c.run(label, by_label[label][1], by_label[label][2])
    print("\n[convepi] table (us; x = base/variant, > 1: faster than base; err = rel_err vs fp32 Model)", flush=True)
    for c in cases:
        base = c.rows.get("base", (float("nan"),))[0]
        comp = c.rows.get("compile", (float("nan"),))[0]
        print(c.name)
        best = None
        for label, (us, err, note) in c.rows.items():
            x = base / us if us == us and us > 0 and base == base else float("nan")
            print("   %-18s %10.1f us  x%5.2f  err %.1e  %s" % (label, us, x, err, note))
            if label not in ("compile", "eager") and us == us and err == err and err < 1e-2 \
                    and "ERROR" not in note and (best is None or us < best[1]):
                best = (label, us)
        if best:
            print("   best: %s %.1f us (x%.2f vs base%s)" % (best[0], best[1], base / best[1] if base == base
                                                            else float("nan"),
                                                            ", %.2fx compile" % (comp / best[1]) if comp == comp
                                                            else ""))
    print("[convepi] done in %.0f s%s" % (time.time() - T0, ", %d measurements skipped past the budget" % skipped
                                          if skipped else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
