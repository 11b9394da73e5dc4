#!/usr/bin/python3
"""Host (Python) time per ModelNew.forward of Kernel Workbench's generated Triton kernels, on the CPU.

For each problem: `kwb analyze PROBLEM --kernel-out` writes the generated kernel (nothing runs on a GPU), the
kernel is imported with the CPU fake Triton (tests/data/codegen/fake_triton) whose launches are replaced by
no-ops that only evaluate the grid and count, torch CPU tensors stand in for CUDA tensors, and forward is
timed: median of --calls calls after --warmup calls. What this measures is the launch plumbing the
generated Python does per forward (parameter look-ups, weight re-layouts, allocations, shape logic, grid
dicts) -- NOT GPU latency and not Triton's own per-launch binding cost (about 20-40 us per launch on a real
GPU, outside the generated code). Tensor copies the plumbing makes (aten::copy_) cost real CPU memcpy time
here; on a GPU each is an extra kernel launch (direct_copy_kernel_cuda): --ops counts them.

Usage (from the repository root; /usr/bin/python3 has torch 1.13 CPU):
  /usr/bin/python3 bench/host/host_overhead.py                    # the default problem list
  /usr/bin/python3 bench/host/host_overhead.py level3/11_VGG16.py --profile --ops
  /usr/bin/python3 bench/host/host_overhead.py --conv       # + time per conv_forward call
Problems are paths, or paths relative to --root (the KernelBench data folder).
"""
import argparse
import cProfile
import collections
import importlib.util
import io
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_ROOT = "/work/shared/data/kernelbench"
DEFAULT_PROBLEMS = [
    "level3/11_VGG16.py", "level3/20_MobileNetV2.py", "level3/8_ResNetBasicBlock.py", "level3/4_LeNet5.py",
    "level3/1_MLP.py", "level2/16_ConvTranspose2d_Mish_Add_Hardtanh_Scaling.py",
    "level2/52_Conv2d_Activation_BatchNorm.py",
    "level2/92_Conv2d_GroupNorm_Tanh_HardSwish_ResidualAdd_LogSumExp.py", "level2/14_Gemm_Divide_Sum_Scaling.py",
]

sys.path.insert(0, os.path.join(REPO, "tests", "data", "codegen", "fake_triton"))
import triton  # noqa: E402  (the CPU fake)

LAUNCHES = [0]
CONV_TIME = [0.0, 0]  # --conv: seconds inside conv_forward, calls (of the timed forwards)
CONV_PER_FORWARD = []  # --conv: seconds inside conv_forward per timed forward


class _NoLaunch:
    """Stands in for a kernel launch: evaluates the grid (real Triton does, on the host) and counts."""

    def __init__(self, grid):
        self.grid = grid

    def __call__(self, *args, **kwargs):
        if callable(self.grid):
            self.grid(kwargs)
        LAUNCHES[0] += 1


triton.JITFunction.__getitem__ = lambda self, grid: _NoLaunch(grid)

# Data-moving tensor methods become allocation-only (launches are no-ops, so no value is ever read): a copy the
# plumbing makes is counted (on a GPU each is one more launch, direct_copy_kernel_cuda) but costs no CPU memcpy,
# which would otherwise swamp the Python time being measured (a VGG16 activation is 12 MB).
COPIES = [0]
_contiguous, _clone = torch.Tensor.contiguous, torch.Tensor.clone


def _fake_contiguous(self, memory_format=torch.contiguous_format):
    if self.is_contiguous(memory_format=memory_format):
        return self
    COPIES[0] += 1
    return torch.empty(self.shape, dtype=self.dtype, device=self.device, memory_format=memory_format)


def _fake_clone(self, memory_format=torch.preserve_format):
    COPIES[0] += 1
    return torch.empty_like(self, memory_format=memory_format)


def _fake_inplace(self, *args, **kwargs):
    COPIES[0] += 1
    return self


def fake_copies(on):
    """Switches the allocation-only copies on or off (off: torch's own methods)."""
    torch.Tensor.contiguous = _fake_contiguous if on else _contiguous
    torch.Tensor.clone = _fake_clone if on else _clone
    for name in ("copy_", "zero_", "fill_"):
        setattr(torch.Tensor, name, _fake_inplace if on else getattr(torch._C._TensorBase, name))


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def generate(kwb, problem, out_dir):
    """Writes problem's generated Triton kernel under out_dir (kwb analyze --kernel-out); returns its path."""
    out = os.path.join(out_dir, os.path.basename(problem).replace(".py", "_kernel.py"))
    r = subprocess.run([kwb, "analyze", problem, "--framework", "triton", "--kernel-out", out],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0 or not os.path.exists(out):
        raise RuntimeError("kwb analyze failed for %s:\n%s" % (problem, r.stdout[-2000:]))
    return out


def _inputs(ref, batch):
    xs = ref.get_inputs()
    if batch > 0:  # smaller activations: the host cost of plumbing does not depend on the batch
        xs = [t[:batch].contiguous() if torch.is_tensor(t) and t.dim() > 0 else t for t in xs]
    return xs


def measure(kernel_path, problem, args):
    """(median host us per forward, launches per forward, model, inputs) for one problem."""
    ref = _load(problem, "kwb_ref")
    mod = _load(kernel_path, "kwb_kernel")
    torch.manual_seed(0)
    model = mod.ModelNew(*ref.get_init_inputs()).eval()
    xs = _inputs(ref, args.batch)
    conv = CONV_TIME
    conv[:] = [0.0, 0]
    CONV_PER_FORWARD[:] = []
    if args.conv and hasattr(mod, "conv_forward"):  # thread CPU time inside the conv template's conv_forward
        real = mod.conv_forward

        def timed(*a, **kw):
            t0 = time.thread_time()
            try:
                return real(*a, **kw)
            finally:
                conv[0] += time.thread_time() - t0
                conv[1] += 1
        mod.conv_forward = timed
    times = []
    fake_copies(not args.real_copies)
    with torch.no_grad():
        for _ in range(args.warmup):
            model(*xs)
        LAUNCHES[0] = COPIES[0] = 0
        conv[:] = [0.0, 0]
        for _ in range(args.calls):
            # CPU time of this thread (torch runs one thread here): other processes on a shared machine do not
            # count
            t0, c0 = time.thread_time(), conv[0]
            model(*xs)
            times.append(time.thread_time() - t0)
            CONV_PER_FORWARD.append(conv[0] - c0)
    fake_copies(False)
    return statistics.median(times) * 1e6, LAUNCHES[0] // args.calls, COPIES[0] // args.calls, model, xs


def profile(model, xs, calls, top):
    pr = cProfile.Profile()
    with torch.no_grad():
        pr.enable()
        for _ in range(calls):
            model(*xs)
        pr.disable()
    s = io.StringIO()
    pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(top)
    return s.getvalue()


def op_counts(model, xs):
    """The data-moving / allocating aten ops of one forward, with torch's real copies (on a GPU each copy or
    fill is a kernel launch, direct_copy_kernel_cuda)."""
    from torch.autograd import profiler
    with torch.no_grad(), profiler.profile() as prof:
        model(*xs)
    keep = ("aten::copy_", "aten::fill_", "aten::zero_", "aten::contiguous", "aten::clone", "aten::item",
            "aten::_local_scalar_dense", "aten::empty", "aten::empty_strided", "aten::to")
    c = collections.Counter(e.name for e in prof.function_events if e.name in keep)
    return ", ".join("%s %d" % (k.replace("aten::", ""), c[k]) for k in keep if c[k])


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("problems", nargs="*", default=DEFAULT_PROBLEMS)
    p.add_argument("--root", default=DEFAULT_ROOT, help="folder the problem paths are relative to")
    p.add_argument("--kwb", default=os.path.join(REPO, "build", "dev", "app", "kwb"))
    p.add_argument("--calls", type=int, default=20, help="timed calls (median reported)")
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--batch", type=int, default=1, help="slice the inputs to this batch (0: as given)")
    p.add_argument("--profile", action="store_true", help="print the top cProfile entries (by own time)")
    p.add_argument("--top", type=int, default=15)
    p.add_argument("--ops", action="store_true", help="also print the data-moving aten ops of one forward")
    p.add_argument("--conv", action="store_true",
                   help="also print the thread CPU time per conv_forward call (the conv template's plumbing; "
                        "the timing wrapper adds ~1 us a call, and to host_us)")
    p.add_argument("--real-copies", action="store_true", help="time torch's real copies (CPU memcpy) too")
    p.add_argument("--keep", help="write the generated kernels here (default: a temporary folder)")
    p.add_argument("--kernels", help="use the kernels already in this folder (NAME_kernel.py), generate none")
    args = p.parse_args()
    torch.set_num_threads(1)
    out_dir = args.keep or tempfile.mkdtemp(prefix="kwb_host_")
    os.makedirs(out_dir, exist_ok=True)
    print("# host us per ModelNew.forward, fake Triton (no-op launches), torch %s CPU, batch %s, median of %d"
          % (torch.__version__, args.batch or "as given", args.calls))
    print("# host_us: median thread CPU time of one forward (%s); launches: Triton launches; copies: tensor\n"
          "# copies / fills of the plumbing (each one more launch on a GPU)"
          % ("real copies" if args.real_copies else "copies allocation-only"))
    print("%-58s %10s %8s %7s" % ("problem", "host_us", "launches", "copies"))
    for prob in args.problems:
        path = prob if os.path.isabs(prob) or os.path.exists(prob) else os.path.join(args.root, prob)
        try:
            kpath = (os.path.join(args.kernels, os.path.basename(path).replace(".py", "_kernel.py"))
                     if args.kernels else generate(args.kwb, path, out_dir))
            us, n, copies, model, xs = measure(kpath, path, args)
        except Exception as e:  # noqa: BLE001 -- one failing problem must not hide the others
            print("%-58s FAILED: %s" % (prob, str(e).splitlines()[0] if str(e) else type(e).__name__))
            continue
        print("%-58s %10.1f %8d %7d" % (prob, us, n, copies))
        if args.conv and CONV_TIME[1]:
            per = CONV_TIME[1] // args.calls
            print("    conv_forward: %d calls per forward, %.1f us per call (median over forwards of their conv "
                  "time / calls)" % (per, statistics.median(CONV_PER_FORWARD) / per * 1e6))
        if args.ops:
            print("    aten ops per forward (real copies): " + op_counts(model, xs))
        if args.profile:
            fake_copies(not args.real_copies)
            print(profile(model, xs, args.calls, args.top))
            fake_copies(False)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
