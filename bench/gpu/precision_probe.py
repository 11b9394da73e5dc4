"""Where a deep plan's error comes from: the reference's precision or the kernel's. One device call.

    python3 bench/gpu/precision_probe.py PROBLEM.py KERNEL.py [--compile] [--variants tf32,tf32x3,ieee]

Builds Model(*get_init_inputs()) as the harness does (seed 42, the mode Model is built in: training for a fresh
nn.Module) and its inputs, then prints rel_err against a float64 forward of the same model on the GPU for:
eager at PyTorch's defaults (cuDNN convolutions may use TF32: torch.backends.cudnn.allow_tf32), eager with TF32
off, torch.compile at TF32 (--compile), and ModelNew from KERNEL.py with its tl.dot calls at each input precision
of --variants (the generated text patched: `tl.dot(a, b.to(a.dtype), acc)` gets `input_precision=`), each with its
do_bench median (ms). Written for 20_MobileNetV2 in training mode (session 14: rel_err 0.074 at TF32 against
eager fp32, torch.compile 0.018; the CPU emulation 3.9e-5). Nothing here decides a gate.
"""
import argparse
import copy
import importlib.util
import os
import sys
import tempfile

import torch
import triton

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("problem")
ap.add_argument("kernel")
ap.add_argument("--compile", action="store_true")
ap.add_argument("--variants", default="tf32,tf32x3,ieee")
args = ap.parse_args()


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def rel(a, b):
    return float(torch.linalg.vector_norm(a.double() - b.double()) / torch.linalg.vector_norm(b.double()))


def flags(tf32):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    torch.backends.cudnn.allow_tf32 = tf32


dev = torch.device("cuda")
ref = load(args.problem, "kwb_ref")
init = list(ref.get_init_inputs())
torch.manual_seed(42)
model = ref.Model(*init).to(dev)
torch.manual_seed(43)
inputs = [t.to(dev) if torch.is_tensor(t) else t for t in ref.get_inputs()]
default_flags = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
print("[precision] %s, torch %s, triton %s, training=%s, default allow_tf32 (matmul, cudnn) = %s" % (
    torch.cuda.get_device_name(), torch.__version__, triton.__version__, model.training, default_flags), flush=True)
with torch.no_grad():
    m64 = copy.deepcopy(model).double()
    ref64 = m64(*[t.double() if torch.is_tensor(t) and t.is_floating_point() else t for t in inputs])
    del m64
    rows = []
    flags(default_flags[0]); torch.backends.cudnn.allow_tf32 = default_flags[1]
    e = copy.deepcopy(model)
    rows.append(("eager, PyTorch defaults", rel(e(*inputs), ref64), triton.testing.do_bench(lambda: e(*inputs))))
    flags(False)
    rows.append(("eager, TF32 off", rel(e(*inputs), ref64), triton.testing.do_bench(lambda: e(*inputs))))
    if args.compile:
        flags(True)
        c = torch.compile(copy.deepcopy(model))
        out = c(*inputs)
        rows.append(("torch.compile, TF32", rel(out, ref64), triton.testing.do_bench(lambda: c(*inputs))))
        flags(False)
        c2 = torch.compile(copy.deepcopy(model))
        out = c2(*inputs)
        rows.append(("torch.compile, TF32 off", rel(out, ref64), triton.testing.do_bench(lambda: c2(*inputs))))
    flags(default_flags[0]); torch.backends.cudnn.allow_tf32 = default_flags[1]
    text = open(args.kernel).read()
    for v in [s for s in args.variants.split(",") if s]:
        patched = text.replace("tl.dot(a, b.to(a.dtype), acc)", "tl.dot(a, b.to(a.dtype), acc, input_precision=%r)" % v)
        path = os.path.join(tempfile.mkdtemp(prefix="kwb_prec_"), "kernel_%s.py" % v)
        open(path, "w").write(patched)
        try:
            k = load(path, "kwb_kernel_" + v)
            torch.manual_seed(42)
            new = k.ModelNew(*init)
            new.load_state_dict(model.state_dict(), strict=False)
            new = new.to(dev).train(model.training)
            out = new(*inputs)
            torch.cuda.synchronize()
            rows.append(("kernel.py, tl.dot %s" % v, rel(out, ref64), triton.testing.do_bench(lambda: new(*inputs))))
        except Exception as ex:  # noqa: BLE001 - a variant Triton refuses is a finding
            rows.append(("kernel.py, tl.dot %s: %s: %s" % (v, type(ex).__name__, str(ex).splitlines()[0][:120]),
                         float("nan"), float("nan")))
        print("  %-40s rel_err vs float64 %.3g  %.3f ms" % rows[-1], flush=True)
print("[precision] %s" % os.path.basename(args.problem))
for r in rows:
    print("  %-40s rel_err vs float64 %.3g  %.3f ms" % r)
