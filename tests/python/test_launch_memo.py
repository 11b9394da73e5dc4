"""The memoised launch plans of the stage library (kwb_memo_plans: _kwb_reduce_into, kwb_pointwise).

A plan is a pure function of shapes and strides, so a memo hit must give what planning again gives: the same
shapes with other strides (a transpose, a slice), a layout that needs the kept-dims-first copy, broadcast
epilogue tensors; each twice (the second a hit) and once more with the memo off, against PyTorch. Runs on the
fake Triton (tests/data/codegen/fake_triton), as test_stages_emulated does, on small tensors.
"""
import unittest

import torch

import test_stages_emulated as S

K = S.K


class LaunchMemo(unittest.TestCase):
    def setUp(self):
        self.old = K.kwb_memo_plans

    def tearDown(self):
        K.kwb_memo_plans = self.old

    def check(self, fn, ref, xs):
        for memo in (True, True, False):
            K.kwb_memo_plans = memo
            for x in xs:
                torch.testing.assert_close(fn(x), ref(x), rtol=1e-5, atol=1e-5)

    def test_reduce_layouts(self):
        torch.manual_seed(0)
        x = torch.randn(3, 5, 6, 4)
        xs = [x, x.transpose(1, 3), x.permute(0, 2, 1, 3), x[:, :, ::2], x.transpose(0, 2).contiguous()]
        self.check(lambda v: K.kwb_reduce(v, [1, 3], "sum"), lambda v: v.sum((1, 3)), xs)
        self.check(lambda v: K.kwb_var(v, [0, 2], 1), lambda v: v.var((0, 2)), xs)
        n_before = len(K._kwb_memo)
        K.kwb_memo_plans = True
        K.kwb_reduce(x, [1, 3], "sum")
        self.assertEqual(len(K._kwb_memo), n_before)  # a hit adds nothing

    def test_reduce_needing_the_copy(self):
        torch.manual_seed(1)
        x = torch.randn(2, 3, 2, 3, 2, 3, 2)  # four kept runs: planned as a kept-dims-first copy
        self.check(lambda v: K.kwb_reduce(v, [1, 3, 5], "amax"), lambda v: v.amax((1, 3, 5)),
                   [x, x.transpose(0, 6)])

    def test_pointwise_broadcast_epilogue(self):
        torch.manual_seed(2)
        x = torch.randn(4, 6, 8)
        col = torch.randn(8)
        res = torch.randn(4, 6, 8)

        def ref(v):
            t = v + col + 0.5 * res
            return torch.where(t >= 0, t, t * 0.1)

        self.check(lambda v: K.kwb_pointwise(v, K.kwb_test_epi, (col, res), (0.1, 0.5)), ref,
                   [x, x.transpose(0, 1).contiguous().transpose(0, 1), x[:, :, :].clone()])
        self.check(lambda v: K.kwb_pointwise(v, K._kwb_epi_identity), lambda v: v.contiguous(),
                   [x, x.transpose(1, 2), x[:, ::2]])


if __name__ == "__main__":
    unittest.main()
