#!/usr/bin/env python3
"""Issue 14 (session 22): the problems session 21 measured under 0.5x torch.compile, old kernel vs new, one process.

Times, in one process and on the same inputs, each problem's kernel.py as main's kwb writes it ("old") and as the
perf branch's kwb writes it ("new"), beside PyTorch eager and torch.compile (mode default):
  t10_GLU_bf16 (0.31x): old widened the bf16 input to fp32 first (kwb_to_fp32: 247 MB moved); new reads the halves
    in bf16 in the one pointwise launch (67.6 MB, the problem's minimum).
  w01_Softplus_beta_fp16_permuted (0.32x): old made the permuted view contiguous (a transposing copy) then ran a
    flat kernel (46 MB, 2 launches); new walks the storage in order with the input's strides (23 MB, 1 launch).
  the class's second members (tests/data/codegen/chains/problems): permuted_pair_tanh_mul, channels_last_hardswish;
    geglu_narrow.
  t06_MaskedMeanPool_where (0.46x), w06_Conv2d_InstanceNorm_... (0.27x): unchanged plans (old == new; DECISIONS
    session 22 states why); their rows measure the reason's figures (eager / compile / ours in one process).

    # CPU machine: the kernels of both kwb builds and the problem copies (old: main's build, new: this branch's)
    python3 bench/gpu/perf_ab.py --generate .gpu/perf --old-kwb /work/main/build/dev/app/kwb
    python3 bench/gpu/perf_ab.py --kernels .gpu/perf --cpu-emulated --only w01     # fake_triton: the flow
    # GPU machine
    python3 bench/gpu/perf_ab.py --kernels .gpu/perf --budget 300

Rows (one line each, flushed): problem, variant (eager, compile, old, new), latency_us (do_bench median of the whole
forward), rel_err (||ours - eager|| / ||eager||; eager fp32 with TF32 off), x_old (old's time / this one's),
x_compile (compile's time / this one's: the issue's 0.5x line), launch sites (kwb launch calls in forward()).
What decides: new >= old on every row (x_old >= 0.97, noise); new's x_compile on t10 and w01 above 0.5 closes
their issue-14 entry; below it, the row's number goes into DECISIONS with the bytes each moves.
Nothing here ran on a GPU when it was written.
"""
import argparse
import os
import re
import shutil
import sys

import abharness as ab

ROOT, KB = ab.ROOT, ab.KB
EXTRA = [os.path.join(ROOT, "tests", "data", "trial11", n + ".py") for n in (
    "t10_GLU_bf16", "t06_MaskedMeanPool_where")] + [os.path.join(ROOT, "tests", "data", "trial12", n + ".py") for n in (
        "w01_Softplus_beta_fp16_permuted", "w06_Conv2d_InstanceNorm_LeakyReLU_ChannelMean_Sigmoid")] + [
    os.path.join(ROOT, "tests", "data", "codegen", "chains", "problems", n + ".py") for n in (
        "permuted_pair_tanh_mul", "channels_last_hardswish", "geglu_narrow")]

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ab.add_generate_args(ap, "perf", old_new=True)
ap.add_argument("--list", default="", help="more problem paths under --kb (one a line)")
ap.add_argument("--kb", default=KB, help="the KernelBench root the list's paths are under")
ab.add_run_args(ap, 300.0, rep=40.0, compile_flag=True, cpu_help="fake_triton on the CPU at the problems' own sizes")
args = ap.parse_args()


def listed():
    paths = []
    if args.list and os.path.exists(args.list):
        with open(args.list) as f:
            for line in f:
                line = line.split("#")[0].strip()
                if line:
                    paths.append(os.path.join(args.kb, line))
    return paths + EXTRA


if args.generate:
    out_dir = os.path.abspath(args.generate)
    for sub in ("problems", "old", "new"):
        os.makedirs(os.path.join(out_dir, sub), exist_ok=True)
    for src in listed():
        name = os.path.basename(src)[:-3]
        if not os.path.exists(src):
            print("%-50s absent (%s)" % (name, src))
            continue
        shutil.copy(src, os.path.join(out_dir, "problems", name + ".py"))
        status = ["%s %s" % (which, ab.analyze(kwb, src, os.path.join(out_dir, which, name + ".py"), tail=160)[1])
                  for which, kwb in (("old", args.old_kwb), ("new", args.new_kwb))]
        print("%-50s %s" % (name, "; ".join(status)), flush=True)
    sys.exit(0)

if args.cpu_emulated:
    ab.use_cpu_emulation()
import torch  # noqa: E402
import triton  # noqa: E402

DEV = "cpu" if args.cpu_emulated else "cuda"
CLOCK = ab.Budget(args.budget)
BAD = []
load = ab.load


def launch_sites(path):
    """kwb launch calls in ModelNew.forward's text (the plan's launch sites; views and plumbing excluded)."""
    with open(path) as f:
        text = f.read()
    body = text[text.find("def _kwb_forward(") if "def _kwb_forward(" in text else text.find("    def forward("):]
    # kwb_to_fp32 counts: it is a widening launch for a 16-bit input (t10's old plan); an elementwise template's
    # kernel counts by its launch `name_kernel[grid](`
    calls = re.findall(r"\b(kwb_\w+|conv_forward)\(", body) + re.findall(r"\b(kwb_\w+_kernel)\[", body)
    plumbing = {"kwb_as_dtype", "kwb_size", "kwb_dim_scalar", "kwb_at_spec", "kwb_row1_fits", "kwb_graph_call",
                "kwb_epi_unview", "kwb_row1_stat"}
    return sum(1 for c in calls if c not in plumbing)


def row(name, variant, fn, want, old_us=None, note="", comp_us=None):
    if CLOCK.left() < 2.0:
        print("%-46s %-8s skipped (budget)" % (name, variant), flush=True)
        return float("nan")
    try:
        with torch.no_grad():
            got = fn()
            err = ab.rel_err(got, want)
            us = ab.bench(fn, DEV, 10, args.rep)
        bad = err > (1e-2 if DEV == "cuda" else 1e-4)
        if bad:
            BAD.append((name, variant))
        x, xc = ab.times(old_us, us), ab.times(comp_us, us)
        print("%-46s %-8s %10.1f %10.2e %6s %9s %s%s" % (name, variant, us, err, x, xc, note, "  BAD" if bad else ""),
              flush=True)
        return us
    except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
        BAD.append((name, variant))
        print("%-46s %-8s error: %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-160:]), flush=True)
        return float("nan")


def model_new(K, P, ref):
    m = K.ModelNew(*P.get_init_inputs()).to(DEV).eval()
    missing, unexpected = m.load_state_dict(ref.state_dict(), strict=False)
    if unexpected:
        raise RuntimeError("state_dict keys ModelNew lacks: %s" % unexpected[:4])
    return m


def main():
    print("[perf_ab] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        ab.device_name(DEV), torch.__version__,
        getattr(triton, "__version__", "?"), args.budget, args.kernels), flush=True)
    print("%-46s %-8s %10s %10s %6s %9s %s" % ("problem", "variant", "us", "rel_err", "x_old", "x_compile",
                                                "launch sites"))
    names = sorted(f[:-3] for f in os.listdir(os.path.join(args.kernels, "problems")) if f.endswith(".py"))
    for name in ab.chosen(names, args.only):
        old_path, new_path = (os.path.join(args.kernels, w, name + ".py") for w in ("old", "new"))
        try:
            P = load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
            KO, KN = load(old_path, "old_" + name), load(new_path, "new_" + name)
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(DEV).eval()
            inputs = [t.to(DEV) if isinstance(t, torch.Tensor) else t for t in P.get_inputs()]
            old, new = model_new(KO, P, ref), model_new(KN, P, ref)
        except Exception as e:  # noqa: BLE001
            print("%-46s error loading: %s: %s" % (name, type(e).__name__, str(e)[-160:]), flush=True)
            BAD.append((name, "load"))
            continue
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = False
            torch.backends.cudnn.allow_tf32 = False
        with torch.no_grad():
            try:
                want = ref(*inputs)
            except RuntimeError:  # the CPU's torch lacks an fp16 kernel (softplus): eager in fp32, cast back
                if DEV == "cuda":
                    raise
                want = ref(*[t.float() if isinstance(t, torch.Tensor) and t.is_floating_point() else t
                             for t in inputs]).to(inputs[0].dtype)
        if DEV == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = True
            torch.backends.cudnn.allow_tf32 = True
        row(name, "eager", lambda: ref(*inputs), want)
        t_comp = None
        if not args.no_compile and DEV == "cuda" and CLOCK.left() > 30:
            try:
                comp = torch.compile(ref)
                with torch.no_grad():
                    comp(*inputs)  # compiled outside the timing
                t_comp = row(name, "compile", lambda: comp(*inputs), want)
            except Exception as e:  # noqa: BLE001
                print("%-46s compile  error: %s: %s" % (name, type(e).__name__, str(e).strip()[-160:]), flush=True)
        same = open(old_path).read() == open(new_path).read()
        t_old = row(name, "old", lambda: old(*inputs), want, note="%d" % launch_sites(old_path), comp_us=t_comp)
        if same:
            print("%-46s new      (kernel.py identical to old: the plan is unchanged)" % name, flush=True)
        else:
            row(name, "new", lambda: new(*inputs), want, old_us=t_old, note="%d" % launch_sites(new_path),
                comp_us=t_comp)
        ref = old = new = inputs = want = KO = KN = comp = None  # freed before the next problem
        if DEV == "cuda":
            torch._dynamo.reset()
        if DEV == "cuda":
            torch.cuda.empty_cache()
    print("[perf_ab] %.1f s; %s" % (CLOCK.elapsed(), "BAD rows: %s" % BAD if BAD else "every row checked"),
          flush=True)
    return 1 if BAD else 0


if __name__ == "__main__":
    sys.exit(main())
