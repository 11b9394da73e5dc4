"""The reference's correctness forwards run with TF32 off (exact_reference), its timing at PyTorch's defaults:
PyTorch lets cuDNN convolutions use TF32 by default, so the "fp32" yardstick was not (20_MobileNetV2 on the H200:
rel_err 0.043 against float64 at the defaults, 3.3e-5 with TF32 off; session 14)."""
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


if __name__ == "__main__":
    unittest.main()
