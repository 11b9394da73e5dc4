"""inplace35 (session 35): a CPU dry run whose shrunk problem_shape the reference rejects (probe22 a04, finding 5).

The CPU shrink halves each free input size on its own; a relation between two inputs that is no whole multiple (an
unpadded UNet's skip at 2x + 8 of the upsampled input) breaks, the reference rejects problem_shape, and a dry run
ended "no case selected". Now `cpu_fallback_map` tries every free size divided by one factor (the smallest shapes
first), then the problem's own shapes when they are small, and says why when nothing fits. Members: a 1-D unpadded
UNet step (accepted at 1/16), a literal reshape no shrink keeps (own shapes when small; refused with the reason when
large).

    cd tests/python && /usr/bin/python3 -m unittest test_harness_inplace35
"""
import os
import sys
import unittest

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness_support as h  # noqa: E402


class UNet1dUp(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.ConvTranspose1d(8, 4, kernel_size=2, stride=2)
        self.conv = nn.Conv1d(8, 4, 3)

    def forward(self, x, skip):
        x = self.up(x)
        d = (skip.shape[2] - x.shape[2]) // 2
        return F.relu(self.conv(torch.cat([skip[:, :, d:d + x.shape[2]], x], dim=1)))


class LiteralReshape(nn.Module):
    def __init__(self, rows):
        super().__init__()
        self.rows = rows

    def forward(self, x):
        return x.reshape(x.shape[0], self.rows, 100).sum(-1)


class CpuFallbackTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_ip35")
        cls.mod.torch = torch

    def fallback(self, model, inputs, rejected):
        spec = h.spec_for("m", inputs)
        plan = self.mod.DimPlan(spec, 256, {int(d) for t in model.parameters() for d in t.shape})
        mc = self.mod.MetaChecker(model)
        self.assertIs(mc.check(spec, plan, self.mod.Case("problem_shape", 0))[0], True)
        self.assertIs(mc.check(spec, plan, self.mod.Case("problem_shape", 0, rejected))[0], False)
        return plan, mc, self.mod.cpu_fallback_map(spec, plan, mc, rejected)

    def test_unet_skip_relation_kept_by_one_factor(self):
        # 216 = 2 * 100 + 16: halving 216 alone (108 < 200) breaks the crop; 1/16 of both (14 >= 14) keeps it
        plan, mc, (m, text) = self.fallback(UNet1dUp(), [
            {"name": "x", "shape": [5, 8, 100], "stride": [800, 100, 1]},
            {"name": "skip", "shape": [5, 4, 216], "stride": [864, 216, 1]}], {216: 108, 100: 100})
        self.assertEqual((m[100], m[216]), (7, 14), m)
        self.assertIn("divided by 16", text)

    def test_own_shapes_when_no_shrink_fits_and_they_are_small(self):
        _, _, (m, text) = self.fallback(LiteralReshape(30), [
            {"name": "x", "shape": [2, 3000], "stride": [3000, 1]}], {3000: 1500})
        self.assertIsNone(m)
        self.assertIn("own shapes", text)

    def test_refused_with_the_reason_when_own_shapes_are_large(self):
        _, _, (m, text) = self.fallback(LiteralReshape(30000), [
            {"name": "x", "shape": [2, 3000000], "stride": [3000000, 1]}], {3000000: 1500000})
        self.assertIs(m, False)
        self.assertIn("no shrink the reference accepts", text)
        self.assertIn("the GPU runs this case at the problem's own shapes", text)


if __name__ == "__main__":
    unittest.main()
