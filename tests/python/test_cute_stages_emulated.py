"""The CuTe DSL stage set (resources/templates/kernels/cutedsl_stages.py) on the CPU emulation of its cute.* names
(tests/data/codegen/fake_cutlass), stage by stage against PyTorch, at the shapes the chain tests do not reach: a
reduction over non-adjacent dims (the permuted copy), all dims, a strided input; softmax along a middle dim; broadcast
epilogue tensors with size-1 dims dropped; group norm with and without its affine; batch norm's running-statistics
update. NOT the CuTe DSL: the emulation checks index arithmetic and plumbing, never what the DSL compiles.
"""
import os
import sys
import unittest

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_cutlass"))

import cutlass  # noqa: E402  (the emulation)
import cutlass.cute as cute  # noqa: E402
from cutlass.cute.runtime import from_dlpack  # noqa: E402


def _load():
    with open(os.path.join(ROOT, "resources", "templates", "kernels", "cutedsl_stages.py"), encoding="utf-8") as f:
        src = f.read()
    ns = {"torch": torch, "nn": torch.nn, "cutlass": cutlass, "cute": cute, "from_dlpack": from_dlpack}
    exec(compile(src, "cutedsl_stages.py", "exec"), ns)  # noqa: S102 - the stage set, as a kernel.py pastes it
    return ns


S = _load()


@cute.jit
def _epi_add_mul(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return (acc + e0_v) * e1_v + f0


def rel(a, b):
    return float((a.float() - b.float()).norm() / b.float().norm().clamp_min(1e-30))


class CuteStages(unittest.TestCase):
    def setUp(self):
        torch.manual_seed(0)

    def test_reduce_ops_dims(self):
        x = torch.randn(3, 5, 4)
        cases = [([0, 2], False), ([1], True), ([], False), ([-1, -2], True)]
        for dims, keep in cases:
            for op in ("sum", "mean", "amax", "amin", "logsumexp"):
                got = S["kwb_reduce"](x, dims, op, keep)
                d = dims if dims else list(range(x.dim()))
                want = {"sum": torch.sum, "mean": torch.mean, "amax": torch.amax, "amin": torch.amin,
                        "logsumexp": torch.logsumexp}[op](x, d, keepdim=keep)
                self.assertEqual(tuple(got.shape), tuple(want.shape), (dims, op))
                self.assertLess(rel(got, want), 1e-6, (dims, op))

    def test_reduce_strided_and_prologue(self):
        x = torch.randn(6, 40).t()  # [40, 6] at strides (1, 40)
        e0, e1 = torch.randn(1, 6), torch.randn(40, 1)
        got = S["kwb_reduce"](x, [1], "sum", False, pre=_epi_add_mul, pre_tensors=(e0, e1), pre_scalars=(0.5,))
        self.assertEqual(tuple(got.shape), (40,))
        self.assertLess(rel(got, ((x + e0) * e1 + 0.5).sum(1)), 1e-6)
        with self.assertRaises(NotImplementedError):
            S["kwb_reduce"](x, [1], "prod", False)

    def test_softmax_middle_dim_bf16(self):
        x = torch.randn(2, 37, 3)
        for log in (False, True):
            got = S["kwb_softmax"](x, 1, log=log)
            want = torch.log_softmax(x, 1) if log else torch.softmax(x, 1)
            self.assertLess(rel(got, want), 1e-6)
        xb = x.to(torch.bfloat16)
        got = S["kwb_softmax"](xb, -1, out_dtype=torch.float32)
        self.assertEqual(got.dtype, torch.float32)
        self.assertLess(rel(got, torch.softmax(xb.float(), -1)), 1e-6)

    def test_pointwise_broadcast(self):
        x = torch.randn(3, 1, 4, 1, 5, 1, 2)  # rank 7 with size-1 dims: 4 dims walked
        e0, e1 = torch.randn(4, 1, 1, 1, 1), torch.randn(3, 1, 1, 1, 1, 1, 1)
        got = S["kwb_pointwise"](x, _epi_add_mul, (e0, e1), (2.0,), torch.bfloat16)
        self.assertEqual(got.dtype, torch.bfloat16)
        self.assertLess(rel(got, (x + e0) * e1 + 2.0), 1e-2)

    def test_group_norm(self):
        x = torch.randn(2, 6, 5)
        w, b = torch.randn(6), torch.randn(6)
        for ww, bb in ((w, b), (None, None), (w, None)):
            got = S["kwb_group_norm"](x, 3, ww, bb, 1e-5)
            self.assertLess(rel(got, torch.nn.functional.group_norm(x, 3, ww, bb, 1e-5)), 1e-6)

    def test_batch_norm_running_update(self):
        x = torch.randn(3, 4, 5)
        rm, rv = torch.randn(4), torch.rand(4) + 0.5
        rm2, rv2 = rm.clone(), rv.clone()
        w, b = torch.randn(4), torch.randn(4)
        got = S["kwb_batch_norm"](x, w, b, rm, rv, True, 0.1, 1e-5)
        want = torch.nn.functional.batch_norm(x, rm2, rv2, w, b, True, 0.1, 1e-5)
        self.assertLess(rel(got, want), 1e-6)
        self.assertLess(rel(rm, rm2), 1e-6)
        self.assertLess(rel(rv, rv2), 1e-6)
        got = S["kwb_batch_norm"](x, None, b, rm, rv, False, 0.1, 1e-5)  # eval: the running statistics
        want = torch.nn.functional.batch_norm(x, rm2, rv2, None, b, False, 0.1, 1e-5)
        self.assertLess(rel(got, want), 1e-6)


if __name__ == "__main__":
    unittest.main()
