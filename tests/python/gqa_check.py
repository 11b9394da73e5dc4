"""A generated grouped-query / multi-query attention kernel under the CPU emulation of Triton (fake_triton): K and V
read in place per KV head, and its old path (the repeat copied first) giving the same result.

    python3 tests/python/gqa_check.py KERNEL.py PROBLEM.py --rep N [--dtype float16]

The problem's sizes shrink as in chain_emulate.py. Checks, against the PyTorch model in float64:
  - the kernel's result (rel_err < 1e-4 fp32, 5e-3 fp16);
  - the flash kernel took K and V un-repeated with factor N (the stage library's kwb_attn_last k_rep / v_rep, or
    the attention template's ModelNew.last_kv_rep);
  - with the module switch off (kwb_attn_kv_index / KV_INDEX = False: the repeat copied first) the result is the
    same to 1e-6 and the factors are 1.
Prints one line "OK rel_err=... old_vs_new=... rep=(k, v)" or "FAIL ..." (exit 1)."""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from chain_emulate import load, shrink  # noqa: E402 (fake_triton first on the path, the SDPA stand-in installed)
import torch  # noqa: E402


def rel(a, b):
    return float((a.double() - b.double()).norm() / b.double().norm().clamp_min(1e-30))


def reps(ker, new):
    if hasattr(new, "last_kv_rep"):  # the attention template
        return tuple(new.last_kv_rep)
    last = getattr(ker, "kwb_attn_last", {})
    return last.get("k_rep"), last.get("v_rep")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel")
    ap.add_argument("problem")
    ap.add_argument("--rep", type=int, required=True, help="the expected K / V repeat factor at the shrunk sizes")
    ap.add_argument("--dtype", default="float32")
    a = ap.parse_args()
    torch.manual_seed(0)
    ref = load(a.problem, "problem")
    shrink(ref)
    ker = load(a.kernel, "kernel")
    init = ref.get_init_inputs()
    model = ref.Model(*init).eval()
    dtype = getattr(torch, a.dtype)
    inputs = [x.to(dtype) for x in ref.get_inputs()]
    with torch.no_grad():
        want = model.double()(*[x.double() for x in inputs])
        new = ker.ModelNew(*init).eval()
        got = new(*inputs)
        rep = reps(ker, new)
        switch = "KV_INDEX" if hasattr(ker, "KV_INDEX") else "kwb_attn_kv_index"
        setattr(ker, switch, False)
        old = new(*inputs)
        rep_old = reps(ker, new)
        setattr(ker, switch, True)
    err, drift = rel(got, want), rel(old, got)
    bound = 1e-4 if dtype == torch.float32 else 5e-3
    problems = []
    if not err < bound:
        problems.append("rel_err %.2e >= %.0e" % (err, bound))
    if rep != (a.rep, a.rep):
        problems.append("K / V read with factors %s, not (%d, %d)" % (rep, a.rep, a.rep))
    if rep_old != (1, 1):
        problems.append("with %s off the factors are %s, not (1, 1) (the copy)" % (switch, rep_old))
    if not drift < 1e-6:
        problems.append("old vs new differ by %.2e" % drift)
    print("%s rel_err=%.2e old_vs_new=%.2e rep=%s shape=%s%s" % ("FAIL" if problems else "OK", err, drift, rep,
                                                               tuple(got.shape), "; " + "; ".join(problems)
                                                               if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
