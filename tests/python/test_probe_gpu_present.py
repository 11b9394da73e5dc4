"""probe.gpu_present: whether a local run could use a GPU, asked without torch.cuda (kwb hides the GPU from the
probe with CUDA_VISIBLE_DEVICES=""). Session 14's first H200 call stopped every problem in phase 1 because the
probe asked torch.cuda.is_available() behind that hidden GPU."""
import os
import sys
import types
import unittest
from unittest import mock

import harness_support as h

sys.path.insert(0, os.path.join(h.SOURCE, "resources", "python"))
import probe  # noqa: E402


def fake_torch(cuda="12.1", hip=None):
    return types.SimpleNamespace(version=types.SimpleNamespace(cuda=cuda, hip=hip))


class GpuPresentTest(unittest.TestCase):
    def test_driver_nodes_decide_for_a_cuda_build(self):
        with mock.patch.dict(os.environ, {}, clear=False):
            os.environ.pop("KWB_CALLER_CUDA_VISIBLE_DEVICES", None)
            with mock.patch("glob.glob", side_effect=lambda p: ["/dev/nvidia0"] if "dev" in p else []):
                self.assertTrue(probe.gpu_present(fake_torch()))
            with mock.patch("glob.glob", return_value=[]):
                self.assertFalse(probe.gpu_present(fake_torch()))

    def test_cpu_build_has_no_gpu(self):
        with mock.patch("glob.glob", return_value=["/dev/nvidia0"]):
            self.assertFalse(probe.gpu_present(fake_torch(cuda=None)))

    def test_caller_hiding_every_device(self):
        for hidden in ("", "-1"):
            with mock.patch.dict(os.environ, {"KWB_CALLER_CUDA_VISIBLE_DEVICES": hidden}):
                with mock.patch("glob.glob", return_value=["/dev/nvidia0"]):
                    self.assertFalse(probe.gpu_present(fake_torch()))
        with mock.patch.dict(os.environ, {"KWB_CALLER_CUDA_VISIBLE_DEVICES": "0"}):
            with mock.patch("glob.glob", return_value=["/dev/nvidia0"]):
                self.assertTrue(probe.gpu_present(fake_torch()))

    def test_rocm_build_reads_kfd(self):
        with mock.patch("os.path.exists", return_value=True):
            self.assertTrue(probe.gpu_present(fake_torch(cuda=None, hip="6.0")))
        with mock.patch("os.path.exists", return_value=False):
            self.assertFalse(probe.gpu_present(fake_torch(cuda=None, hip="6.0")))


if __name__ == "__main__":
    unittest.main()
