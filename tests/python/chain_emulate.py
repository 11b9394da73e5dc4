"""Runs a generated kernel.py (ModelNew) against its KernelBench problem (Model) on the CPU through the
Triton emulation (tests/data/codegen/fake_triton), at sizes shrunk from the problem's own: the module's
integer globals are scaled down by name (batch -> 2, spatial dims -> a few, channels and features -> 32).
Numbers only: nothing here says anything about speed or about the real Triton compiler.

usage: chain_emulate.py KERNEL.py PROBLEM.py [--dtype float32|bfloat16|float16] [--strided] [--train]
Prints one line "OK max_rel_err=..." or "FAIL ..." and exits 0 / 1.
"""
import argparse
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_triton"))

import torch  # noqa: E402

# Only the dims of forward()'s inputs shrink: ModelNew declares the model's parameters at the problem's own
# sizes (the harness resizes inputs, never the constructor's arguments).
SMALL = [("batch", 2), ("depth", 6), ("height", 10), ("width", 9), ("length", 11), ("seq", 8)]


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def shrink(mod):
    for key, value in list(vars(mod).items()):
        if key.startswith(("_", "max")) or isinstance(value, bool) or not isinstance(value, int) or value <= 16:
            continue
        low = key.lower()
        for part, small in SMALL:
            if part in low:
                setattr(mod, key, min(value, small))
                break


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel")
    ap.add_argument("problem")
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--strided", action="store_true")
    ap.add_argument("--train", action="store_true", help="both models in training mode (batch norm's batch statistics)")
    a = ap.parse_args()
    torch.manual_seed(0)
    ref = load(a.problem, "problem")
    shrink(ref)
    ker = load(a.kernel, "kernel")
    init = ref.get_init_inputs()
    model = ref.Model(*init).train(a.train)
    # batch norms at random statistics and affine parameters: at their init (mean 0, var 1, weight 1, bias 0) a
    # norm in eval mode is nearly the identity, and a wrong per-channel read would go unseen
    gen = torch.Generator().manual_seed(2)
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, torch.nn.modules.batchnorm._BatchNorm) and m.running_mean is not None:
                c = m.running_mean.numel()
                m.running_mean.copy_(torch.randn(c, generator=gen) * 0.5)
                m.running_var.copy_(torch.rand(c, generator=gen) * 1.5 + 0.25)
                if m.weight is not None:
                    m.weight.copy_(torch.randn(c, generator=gen) * 0.5 + 1.0)
                    m.bias.copy_(torch.randn(c, generator=gen) * 0.5)
    new = ker.ModelNew(*init).train(a.train)
    sd = model.state_dict()
    if sd:
        new.load_state_dict(sd)
    dtype = getattr(torch, a.dtype)
    inputs = [x.to(dtype) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in ref.get_inputs()]
    if a.strided:
        inputs = [x.transpose(-1, -2).contiguous().transpose(-1, -2) if isinstance(x, torch.Tensor) and x.dim() >= 2
                  else x for x in inputs]
    # Like the harness (test_kernel.py seed_forward): the generator is seeded the same way right before each
    # forward, so a random draw the reference makes in forward() (35_LSTM's torch.randn initial state) and the
    # kernel repeats gives both the same numbers.
    with torch.no_grad():
        try:
            torch.manual_seed(1)
            want = model.double()(*[x.double() if isinstance(x, torch.Tensor) and x.is_floating_point() else x
                                    for x in inputs])
        except RuntimeError as e:
            # a forward that makes its own float32 tensors (a torch.randn state) cannot run in float64
            print("note: reference in float32 (%s)" % (str(e).splitlines() or [""])[0][:120])
            torch.manual_seed(1)
            want = model.float()(*[x.float() if isinstance(x, torch.Tensor) and x.is_floating_point() else x
                                   for x in inputs]).double()
        if dtype != torch.float32:
            new = new.to(dtype)
        torch.manual_seed(1)
        got = new(*inputs)
    if got.shape != want.shape:
        print("FAIL shape", tuple(got.shape), "want", tuple(want.shape))
        return 1
    if not want.is_floating_point():
        # indices (argmax/argmin): exact, a tie broken another way would count as a mismatch
        bad = int((got.long() != want.long()).sum())
        print(("OK" if bad == 0 else "FAIL") + " rel_err=%.3g mismatches=%d shape=%s"
              % (bad / max(want.numel(), 1), bad, tuple(got.shape)))
        return 0 if bad == 0 else 1
    num = (got.double() - want).norm()
    den = want.norm()
    rel = float(num / den) if den > 0 else float(num)
    tol = 1e-2 if dtype == torch.float32 else 3e-2
    # NaN where the reference has none (or the reverse) fails even when the norms happen to agree
    ok = rel < tol and bool(torch.isnan(got).any()) == bool(torch.isnan(want).any())
    line = ("OK" if ok else "FAIL") + " rel_err=%.3g shape=%s" % (rel, tuple(got.shape))
    print(line)
    if os.environ.get("KWB_EMULATE_LOG"):  # a caller that keeps stdout to itself (tst_chains): the line for a table
        with open(os.environ["KWB_EMULATE_LOG"], "a") as f:
            f.write("%s %s\n" % (os.path.basename(a.problem), line))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
