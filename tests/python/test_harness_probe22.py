"""probe22 (session 34): two harness classes where a case failed on the REFERENCE, never on kernel.py.

1. A CPU dry run's stand-in is Model itself; a Model that `.view`s an input rejects the strided case's sliced view
   ("view size is not compatible with input tensor's size and stride"), although the reference side already falls
   back to contiguous copies and a GPU run gives kernel.py the strided views. The stand-in now does the same, with a
   warning. Members: AdaIN's `feat.view(n, c, -1)` (probe22 a07) and a classifier head's `x.view(x.size(0), -1)`.
2. torch 1.13's meta convolution returns a 0-size spatial dim where a real device raises "Kernel size can't be greater
   than actual input size", so MetaChecker accepted a derived case whose reference then ERRORed (probe22 a04, an
   unpadded UNet block at boundary_tail's 2x2). An output that is empty at a case's shapes, while the inputs and the
   problem's own output are not, is now a rejection (the case is skipped with the reason). Members: two valid 2-D
   convs, a valid 1-D conv; not rejected: a problem whose own output is empty (a zero-size input).

    cd tests/python && /usr/bin/python3 -m unittest test_harness_probe22
"""
import os
import shutil
import sys
import unittest

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness_support as h  # noqa: E402

ADAIN = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, content, style):
        n, c = content.shape[:2]
        cm = content.view(n, c, -1).mean(dim=2).view(n, c, 1, 1)
        cs = (content.view(n, c, -1).var(dim=2) + 1e-5).sqrt().view(n, c, 1, 1)
        sm = style.view(n, c, -1).mean(dim=2).view(n, c, 1, 1)
        ss = (style.view(n, c, -1).var(dim=2) + 1e-5).sqrt().view(n, c, 1, 1)
        return (content - cm) / cs * ss + sm


def get_inputs():
    return [torch.randn(2, 8, 12, 12), torch.randn(2, 8, 10, 10)]


def get_init_inputs():
    return []
"""

HEAD = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16 * 5 * 5, 10)

    def forward(self, x):
        return self.fc(x.view(x.size(0), -1))


def get_inputs():
    return [torch.randn(6, 16, 5, 5)]


def get_init_inputs():
    return []
"""


class DryRunStandInLayoutTest(unittest.TestCase):
    def run_strided(self, source, inputs):
        spec = h.spec_for("view_model", inputs)
        root, ws = h.make_workspace("relu.py", spec=spec)
        self.addCleanup(shutil.rmtree, root)
        with open(os.path.join(ws, "reference.py"), "w", encoding="utf-8") as f:
            f.write(source)
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory", "--cases", "strided")
        self.assertEqual(r.rc, 0, r)
        c = r.results["strided"]
        self.assertEqual(c["status"], "PASS", c)
        self.assertIn("dry run: the stand-in (Model itself) rejected the padded layout (view size is not compatible",
                      r.stdout)
        self.assertIn("a GPU run gives kernel.py the strided views", r.stdout)

    def test_adain_view_of_a_sliced_input(self):
        self.run_strided(ADAIN, [{"name": "content", "shape": [2, 8, 12, 12], "stride": [1152, 144, 12, 1]},
                                 {"name": "style", "shape": [2, 8, 10, 10], "stride": [800, 100, 10, 1]}])

    def test_classifier_head_flatten_view(self):
        self.run_strided(HEAD, [{"name": "x", "shape": [6, 16, 5, 5], "stride": [400, 25, 5, 1]}])


class ValidConv2d(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(4, 4, 3)
        self.c2 = nn.Conv2d(4, 4, 3)

    def forward(self, x):
        return torch.relu(self.c2(torch.relu(self.c1(x))))


class ValidConv1dScale(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(3, 5, 7)

    def forward(self, x, s):
        return self.conv(x) * s.mean()


class EmptyBatch(nn.Module):
    def forward(self, x):
        return x.sum(dim=1)


class EmptyOutputVerdictTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_p22")
        cls.mod.torch = torch

    def verdicts(self, model, inputs, cases):
        spec = h.spec_for("m", inputs)
        plan = self.mod.DimPlan(spec, 256, {int(d) for t in model.parameters() for d in t.shape})
        mc = self.mod.MetaChecker(model)
        own = mc.check(spec, plan, self.mod.Case("problem_shape", 0))
        return own, [mc.check(spec, plan, self.mod.Case("c", i + 1, m)) for i, m in enumerate(cases)]

    def test_two_valid_convs_at_4x4_are_rejected(self):
        own, (small, ok) = self.verdicts(ValidConv2d(), [{"name": "x", "shape": [2, 4, 28, 28],
                                                          "stride": [3136, 784, 28, 1]}], [{28: 4}, {28: 5}])
        self.assertIs(own[0], True, own)
        self.assertIs(small[0], False, small)  # 4 -> 2 -> 0: meta gives [2, 4, 0, 0]; a real device raises
        self.assertIn("output 0 is empty at these shapes", small[1])
        self.assertIs(ok[0], True, ok)  # 5 -> 3 -> 1

    def test_valid_conv1d_at_its_kernel_size_minus_one(self):
        own, (small, ok) = self.verdicts(ValidConv1dScale(), [
            {"name": "x", "shape": [2, 3, 100], "stride": [300, 100, 1]},
            {"name": "s", "shape": [9], "stride": [1]}], [{100: 6}, {100: 7}])
        self.assertIs(own[0], True, own)
        self.assertIs(small[0], False, small)  # 6 - 7 + 1 = 0
        self.assertIs(ok[0], True, ok)

    def test_a_derived_case_asked_first(self):
        # chain_emulate asks a fresh checker about one case: the problem's own output is traced first
        model = ValidConv2d()
        spec = h.spec_for("m", [{"name": "x", "shape": [2, 4, 28, 28], "stride": [3136, 784, 28, 1]}])
        plan = self.mod.DimPlan(spec, 256, {int(d) for t in model.parameters() for d in t.shape})
        ok, why = self.mod.MetaChecker(model).check(spec, plan, self.mod.Case("c", 1, {28: 4}))
        self.assertIs(ok, False, why)

    def test_an_empty_problem_stays_accepted(self):
        # the problem's own input and output are empty (probe21 h05's class): nothing here is a derived case's fault
        own, (case,) = self.verdicts(EmptyBatch(), [{"name": "x", "shape": [0, 12], "stride": [12, 1]}], [{12: 5}])
        self.assertIs(own[0], True, own)
        self.assertIs(case[0], True, case)


if __name__ == "__main__":
    unittest.main()
