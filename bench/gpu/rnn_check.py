"""GPU correctness check of the recurrent stage (no timing): a generated kernel.py (ModelNew) against its
KernelBench problem (Model) at the problem's own sizes on the GPU with the real Triton, the generator seeded
the same way before each forward (as the harness does), fp32 and bf16.

usage: kwb analyze PROBLEM.py --kernel-out KERNEL.py --framework triton
       python3 bench/gpu/rnn_check.py KERNEL.py PROBLEM.py   (e.g. level3/39_GRU.py, 35_LSTM.py)
"""
import importlib.util
import sys

import torch


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main(kernel, problem):
    ref = load(problem, "problem")
    ker = load(kernel, "kernel")
    init = ref.get_init_inputs()
    torch.manual_seed(0)
    model = ref.Model(*init).cuda().eval()
    new = ker.ModelNew(*init).cuda().eval()
    new.load_state_dict(model.state_dict())
    ok = True
    for dtype in (torch.float32, torch.bfloat16):
        torch.manual_seed(1)
        inputs = [x.cuda().to(dtype) if x.is_floating_point() else x.cuda() for x in ref.get_inputs()]
        with torch.no_grad():
            torch.manual_seed(2)
            want = model.float()(*[x.float() for x in inputs]).float()
            torch.manual_seed(2)
            got = new.to(dtype)(*inputs).float()
            new.float()
        rel = float((got - want).norm() / want.norm())
        good = rel < 1e-2 and got.shape == want.shape
        ok &= good
        print("%s %s rel_err=%.3g shape=%s" % ("OK" if good else "FAIL", dtype, rel, tuple(got.shape)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
