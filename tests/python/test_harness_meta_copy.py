"""The harness's meta-tensor copy of the reference (test_kernel.py.in MetaChecker): it is built without cloning the
weights (deepcopy's memo stands meta tensors in for parameters and buffers), and must be the model that
copy.deepcopy(model).to("meta") gave before: same names, shapes, strides, dtypes, requires_grad, tying, and the same
verdicts on good and bad shapes; the original model keeps its device and values.

    cd tests/python && /usr/bin/python3 -m unittest test_harness_meta_copy
"""
import copy
import os
import sys
import unittest

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness_support as h  # noqa: E402


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(16, 16, bias=False)
        self.b = nn.Linear(16, 16, bias=False)
        self.b.weight = self.a.weight  # one parameter, two names
        self.register_buffer("scale", torch.full((16,), 2.0))
        self.register_buffer("steps", torch.zeros((), dtype=torch.long))
        self.plain = torch.ones(3)  # a tensor attribute that is neither: deepcopy copies it as before

    def forward(self, x):
        return self.b(self.a(x)) * self.scale


class GroupedConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(32, 64, 3, groups=4)
        self.bn = nn.BatchNorm1d(64)

    def forward(self, x):
        return self.bn(self.conv(x))


def describe(model):
    """Everything the meta checks can see of a model's tensors, by name (a tied parameter under each of its names)."""
    out = {}
    for mname, m in model.named_modules():
        for kind, table in (("param", m._parameters), ("buffer", m._buffers)):
            for name, t in table.items():
                if t is not None:
                    out[(mname + "." + name).lstrip(".")] = (kind, tuple(t.shape), tuple(t.stride()), t.dtype,
                                                             t.device.type, t.requires_grad, type(t).__name__)
    return out


class MetaCopyTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_meta")
        cls.mod.torch = torch  # main() sets the module's torch

    def check_same_as_plain_deepcopy(self, model):
        before = {k: v.detach().clone() for k, v in model.state_dict().items()}
        mc = self.mod.MetaChecker(model)
        meta = mc.models[None]
        plain = copy.deepcopy(model).to("meta")
        self.assertEqual(describe(meta), describe(plain))
        for name, t in meta.state_dict().items():
            self.assertEqual(t.device.type, "meta", name)
        # the original is untouched: same device, same values, and none of its tensors is shared with the copy
        for k, v in model.state_dict().items():
            self.assertEqual(v.device.type, "cpu", k)
            self.assertTrue(torch.equal(v, before[k]), k)
        ids = {id(t) for t in list(model.parameters()) + list(model.buffers())}
        self.assertFalse(ids & {id(t) for t in list(meta.parameters()) + list(meta.buffers())})
        return mc

    def test_tied_weights_and_buffers(self):
        model = Tied()
        mc = self.check_same_as_plain_deepcopy(model)
        meta = mc.models[None]
        # (whether a.weight and b.weight stay one tensor on meta differs by torch version and is no shape's concern)
        self.assertEqual(meta.steps.dtype, torch.long)
        self.assertEqual(meta.plain.device.type, "cpu")  # neither parameter nor buffer: as .to("meta") left it

    def test_verdicts_on_shapes(self):
        model = GroupedConv()
        self.check_same_as_plain_deepcopy(model)
        spec = h.spec_for("gconv", [{"name": "x", "shape": [8, 32, 100], "stride": [3200, 100, 1]}])
        mod = self.mod
        plan = mod.DimPlan(spec, 256, {int(d) for t in model.parameters() for d in t.shape})
        mc = mod.MetaChecker(model)
        ok, why = mc.check(spec, plan, mod.Case("problem_shape", 0))
        self.assertIs(ok, True, why)
        # 32 input channels are tied to the conv (its weight holds 32/4 = 8): resizing them alone is rejected
        bad, why = mc.check(spec, plan, mod.Case("bad", 1, {32: 12}))
        self.assertIs(bad, False, why)
        self.assertIn("RuntimeError", why)
        half, why = mc.check(spec, plan, mod.Case("half", 2, {}, "float16"))
        self.assertIs(half, True, why)
        self.assertEqual(mc.models["float16"].conv.weight.dtype, torch.float16)
        self.assertEqual(model.conv.weight.dtype, torch.float32)

    def test_not_a_module(self):
        def fn(x):
            return x + 1
        mc = self.mod.MetaChecker(fn)  # a plain callable has no .to: no meta model, as before (no validation)
        self.assertIsNone(mc.models[None])
        plan = self.mod.DimPlan(h.RELU_SPEC, 256)
        self.assertIsNone(mc.check(h.RELU_SPEC, plan, self.mod.Case("problem_shape", 0))[0])


if __name__ == "__main__":
    unittest.main()
