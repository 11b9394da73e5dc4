"""The reference's correctness forwards run with TF32 off (exact_reference), its timing at PyTorch's defaults:
PyTorch lets cuDNN convolutions use TF32 by default, so the "fp32" yardstick was not (20_MobileNetV2 on the H200:
rel_err 0.043 against float64 at the defaults, 3.3e-5 with TF32 off; session 14)."""
import types
import unittest

import torch

import harness_support as h


class ExactReferenceTest(unittest.TestCase):
    def test_tf32_off_inside_and_restored_after(self):
        mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_precision")
        mod.torch = torch  # the harness imports torch in main()
        before = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
        torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
        try:
            with mod.exact_reference():
                self.assertFalse(torch.backends.cuda.matmul.allow_tf32)
                self.assertFalse(torch.backends.cudnn.allow_tf32)
            self.assertTrue(torch.backends.cuda.matmul.allow_tf32)
            self.assertTrue(torch.backends.cudnn.allow_tf32)
            with self.assertRaises(KeyError):  # restored on an error too
                with mod.exact_reference():
                    raise KeyError("x")
            self.assertTrue(torch.backends.cudnn.allow_tf32)
        finally:
            torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = before


class _OwnHalfLinear(torch.nn.Module):
    """probe21 h04's class, a second member: an fp16 Linear the model built itself, reached by an explicit cast of
    an fp32 input; its float32 copy (m.float()) raises "mat1 and mat2 must have the same dtype"."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(3)
        self.fc = torch.nn.Linear(16, 8).to(torch.bfloat16)

    def forward(self, x):
        return self.fc(x.to(torch.bfloat16)).float() * 2.0


class OwnDtypesTest(unittest.TestCase):
    """A model the probe could not run in float32 (dtype_check.why.float32 "forward() failed") keeps the dtypes it
    was built with in the reference (fp32_model); any other model is still widened to float32."""

    def ctx(self, why32):
        mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_own_dtypes")
        mod.torch = torch
        spec = {"dtype_check": {"why": {"float32": why32}}} if why32 is not None else {}
        return mod, types.SimpleNamespace(spec=spec, ref_model=_OwnHalfLinear(), lp_models={})

    def test_failed_float32_keeps_the_built_dtypes(self):
        mod, ctx = self.ctx("forward() failed (RuntimeError: mat1 and mat2 must have the same dtype)")
        self.assertTrue(mod.own_dtypes(ctx.spec))
        m = mod.fp32_model(ctx)
        self.assertEqual(m.fc.weight.dtype, torch.bfloat16)
        x = torch.randn(4, 16)
        with torch.no_grad():
            self.assertTrue(torch.equal(m(x), ctx.ref_model(x)))  # runs, the value of the model as built
        m16 = mod.fp32_model(ctx, "float16")  # a dtype_* case: rounded to the case's dtype, not widened
        self.assertEqual(m16.fc.weight.dtype, torch.float16)

    def test_other_models_are_widened(self):
        for why in (None, "forward() ran other ops (4, the trace 5)"):
            mod, ctx = self.ctx(why)
            self.assertFalse(mod.own_dtypes(ctx.spec))
            m = mod.fp32_model(ctx)
            self.assertEqual(m.fc.weight.dtype, torch.float32)
            with self.assertRaises(RuntimeError):  # what every case of h04 raised before
                m(torch.randn(4, 16))


if __name__ == "__main__":
    unittest.main()
