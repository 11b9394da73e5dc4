"""Conv -> norm (issue 15): times the generated kernel.py of each problem with CONV_STATS on and off in the same
process (the conv's tiles computing the batch norm's per-channel statistics, against the norm's own moments pass)
and reports rel_err against the problem's Model (fp32 eager, TF32 off) for both. One device call.

    # on the CPU machine (needs build/dev/app/kwb): the kernels, written under DIR
    python3 bench/gpu/conv_norm.py --generate DIR
    # on the GPU machine
    python3 bench/gpu/conv_norm.py --kernels DIR [--rep 50] [--no-compile] [--only 52_,92_]
    python3 bench/gpu/conv_norm.py --kernels DIR --cpu-emulated   # fake_triton, tests/python/chain_emulate sizes

Problems: level2 52_ (training BN), 92_ (group norm + post epilogue; CONV_STATS does not apply: both rows are the
same plan, a control), 60_ (group norm), 72_ (BN), level3 8_ResNetBasicBlock (training BN). The models run as the
harness builds them (nn.Module's default: training mode), the same inputs for both. Per problem: rel_err of each
setting, do_bench median (us) of each, x = off / on (> 1: statistics in the tiles are faster), eager and
torch.compile of Model. Nothing here has run on a GPU when this was written: every speed is unmeasured.
"""
import argparse
import copy
import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
# the problems: /work/shared on the CPU machine, the carried copy (.gpu/problems) on the device machine, where
# session 15's first run found no /work/shared
KB = os.environ.get("KWB_KERNELBENCH") or next(
    (d for d in ("/work/shared/data/kernelbench", os.path.join(ROOT, ".gpu", "problems")) if os.path.isdir(d)),
    "/work/shared/data/kernelbench")
PROBLEMS = ["level2/52_Conv2d_Activation_BatchNorm",
            "level2/92_Conv2d_GroupNorm_Tanh_HardSwish_ResidualAdd_LogSumExp",
            "level2/60_ConvTranspose3d_Swish_GroupNorm_HardSwish",
            "level2/72_ConvTranspose3d_BatchNorm_AvgPool_AvgPool",
            "level3/8_ResNetBasicBlock"]
ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--generate", help="write DIR/<name>.py with build/dev/app/kwb (CPU machine) and exit")
ap.add_argument("--kernels", help="the folder --generate wrote")
ap.add_argument("--problems", default=KB, help="KernelBench root (level2/, level3/)")
ap.add_argument("--rep", type=float, default=50.0, help="do_bench rep (ms)")
ap.add_argument("--no-compile", action="store_true")
ap.add_argument("--only", default="")
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
    sys.exit(0)

if args.cpu_emulated:
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
    sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
import torch  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rel_err(got, want):
    return float((got.double() - want.double()).norm() / want.double().norm().clamp_min(1e-30))


def bench(fn):
    from triton.testing import do_bench
    return do_bench(fn, warmup=10, rep=args.rep, return_mode="median") * 1e3


def main():
    keys = [k for k in args.only.split(",") if k]
    print("[conv_norm] %s, torch %s" % (torch.cuda.get_device_name() if DEV == "cuda" else "cpu (fake_triton)",
                                        torch.__version__), flush=True)
    bad = 0
    for idx, p in enumerate(PROBLEMS):
        nm = name_of(p)
        if keys and not any(nm.startswith(k) for k in keys):
            continue
        try:
            prob = load(os.path.join(args.problems, p + ".py"), "prob_%d" % idx)
            if args.cpu_emulated:
                from chain_emulate import shrink
                shrink(prob)
            kern = load(os.path.join(args.kernels, nm + ".py"), "kern_%d" % idx)
            torch.manual_seed(idx)
            ref = prob.Model(*prob.get_init_inputs()).to(DEV)
            ours = kern.ModelNew(*prob.get_init_inputs()).to(DEV)
            ours.load_state_dict(ref.state_dict())
            inputs = [t.to(DEV) if torch.is_tensor(t) else t for t in prob.get_inputs()]
            line = "%-28s" % nm[:28]
            times = {}
            with torch.no_grad():
                torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
                want = copy.deepcopy(ref)(*inputs)  # one training-mode forward from the initial running stats
                torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
                for label, on in (("on", True), ("off", False)):
                    kern.CONV_STATS = on
                    m = copy.deepcopy(ours)
                    got = m(*inputs)
                    err = rel_err(got, want)
                    stats = getattr(m, "last_config", {}).get("stats_in_tiles", False)
                    ok = err < 1e-2
                    bad += not ok
                    line += " | %s err %.1e tiles=%s%s" % (label, err, stats, "" if ok else " BAD")
                    if DEV == "cuda":
                        times[label] = bench(lambda: m(*inputs))
                        line += " %.0f us" % times[label]
                kern.CONV_STATS = True
                if DEV == "cuda":
                    line += " | x%.2f | eager %.0f us" % (times["off"] / times["on"], bench(lambda: ref(*inputs)))
                    if not args.no_compile:
                        try:
                            comp = torch.compile(ref)
                            comp(*inputs)
                            line += " compile %.0f us" % bench(lambda: comp(*inputs))
                        except Exception as e:  # noqa: BLE001 -- one failing compile does not lose the line
                            line += " compile ERR %s" % type(e).__name__
            print(line, flush=True)
        except Exception as e:  # noqa: BLE001 -- one problem's failure does not stop the rest
            bad += 1
            print("%-28s ERROR %s: %s" % (nm[:28], type(e).__name__, str(e).strip().splitlines()[-1][:200]
                                          if str(e).strip() else ""), flush=True)
        finally:
            if DEV == "cuda":
                torch.cuda.empty_cache()
    print("[conv_norm] %s" % ("all correct" if bad == 0 else "%d BAD" % bad), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
