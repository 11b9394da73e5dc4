"""The static conformance gate (resources/python/conformance_check.py) against memos: a kernel.py may cache its
launch plan (grids, argument lists, constexpr dicts), but a PyTorch function kept in a memo, an attribute or a
variable and called through it later must fail, and a launch through a kernel held in a variable is no launch.

    /usr/bin/python3 -m unittest tests/python/test_conformance_memo.py
"""
import os
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "resources", "python"))
import conformance_check  # noqa: E402

HEAD = """\
import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + i, tl.load(x_ptr + i, mask=i < n), mask=i < n)


"""


def check(body):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(HEAD + textwrap.dedent(body))
    try:
        return conformance_check.check(f.name, "triton")
    finally:
        os.unlink(f.name)


class MemoHidesTorch(unittest.TestCase):
    def assertFails(self, body, code, source):
        res = check(body)
        self.assertFalse(res["ok"])
        self.assertIn((code, source), [(v["code"], v["source"]) for v in res["violations"]], res["violations"])

    def test_function_kept_in_a_module_memo(self):
        self.assertFails("""
            _MEMO = {}
            def _run(x, out):
                op = _MEMO.get("op")
                if op is None:
                    op = _MEMO["op"] = torch.relu
                k[(1,)](x, out, x.numel(), BLOCK=1024)
                return op(out)
            class ModelNew(nn.Module):
                def forward(self, x):
                    return _run(x, torch.empty_like(x))
            """, "torch-compute", 'op = _MEMO["op"] = torch.relu')

    def test_function_kept_on_the_model_in_init(self):
        # __init__ is not on the path the gate walks: the reference is reported wherever it is
        self.assertFails("""
            class _Plan:
                pass
            class ModelNew(nn.Module):
                def __init__(self):
                    super().__init__()
                    self._plan = _Plan()
                    self._plan.act = F.gelu
                def forward(self, x):
                    out = torch.empty_like(x)
                    k[(1,)](x, out, x.numel(), BLOCK=1024)
                    return self._plan.act(out)
            """, "torch-compute", "self._plan.act = F.gelu")

    def test_function_passed_as_an_argument(self):
        self.assertFails("""
            def _apply(fn, t):
                return fn(t)
            class ModelNew(nn.Module):
                def forward(self, x):
                    out = torch.empty_like(x)
                    k[(1,)](x, out, x.numel(), BLOCK=1024)
                    return _apply(torch.sigmoid, out)
            """, "torch-compute", "return _apply(torch.sigmoid, out)")

    def test_tensor_method_kept_in_a_variable(self):
        self.assertFails("""
            class ModelNew(nn.Module):
                def forward(self, x):
                    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
                    k[(1,)](x, out, x.numel(), BLOCK=1024)
                    op = out.tanh
                    return op()
            """, "tensor-method", "op = out.tanh")

    def test_kernel_held_in_a_memo_is_no_launch(self):
        # the form the first conv plan memo had (reverted in e5251e5)
        res = check("""
            _PLANS = {}
            def _launch(x, out):
                kernel = _PLANS.setdefault("k", k)
                kernel[(1,)](x, out, x.numel(), BLOCK=1024)
            class ModelNew(nn.Module):
                def forward(self, x):
                    out = torch.empty_like(x)
                    _launch(x, out)
                    return out
            """)
        self.assertFalse(res["ok"])
        self.assertEqual([v["code"] for v in res["violations"]], ["no-launch"])


class MemoOfThePlanPasses(unittest.TestCase):
    def test_cached_grid_and_constexprs_with_a_named_launch(self):
        res = check("""
            _PLANS = {}
            def _launch(x, out):
                key = (x.shape, x.stride(), x.dtype, x.device)
                plan = _PLANS.get(key)
                if plan is None:
                    plan = _PLANS[key] = ((triton.cdiv(x.numel(), 1024),), dict(BLOCK=1024), torch.float32)
                grid, kw, acc = plan
                k[grid](x, out, x.numel(), **kw)
            class ModelNew(nn.Module):
                def forward(self, x):
                    out = torch.empty(x.shape, dtype=torch.float, device=x.device)
                    _launch(x, out)
                    return out
            """)
        self.assertTrue(res["ok"], res["violations"])
        self.assertEqual([l["kernel"] for l in res["launches"]], ["k"])


if __name__ == "__main__":
    unittest.main()
