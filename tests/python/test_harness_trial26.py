"""trial26 (session 37): a CPU dry run's strided case of a low-precision problem whose op the CPU lacks.

torch 1.13's CPU has no float16 addmm / softmax. A dry run computes such a case in float32 and casts (the stand-in
is Model itself, never kernel.py), but in the strided case the stand-in's RuntimeError was read as Model rejecting
the strided layout: it ran again on contiguous copies, in float16, raised the same missing-op error, and the case
was an ERROR that failed the gate of a dry run (trial 26's causal attention with a padding mask: `"addmm_impl_cpu_"
not implemented for 'Half'`). A missing low-precision op is now taken as the CPU's gap whatever the layout.
Members: an fp16 q @ k^T (addmm/bmm), an fp16 softmax over the last dim. The layout fallback itself keeps its own
tests (test_harness_probe22: a view of a sliced input).

    cd tests/python && /usr/bin/python3 -m unittest test_harness_trial26
"""
import os
import shutil
import sys
import unittest

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness_support as h  # noqa: E402

SCORES = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k):
        return torch.matmul(q, k.transpose(-2, -1)) * 0.125


def get_inputs():
    return [torch.randn(2, 4, 32, 16, dtype=torch.float16), torch.randn(2, 4, 32, 16, dtype=torch.float16)]


def get_init_inputs():
    return []
"""

SOFTMAX = """import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.softmax(x, dim=-1)


def get_inputs():
    return [torch.randn(16, 96, dtype=torch.float16)]


def get_init_inputs():
    return []
"""


def cpu_lacks_half(fn):
    try:
        fn()
        return False
    except RuntimeError as e:
        return "not implemented for" in str(e)


class DryRunStridedMissingHalfOpTest(unittest.TestCase):
    def run_strided(self, source, inputs):
        spec = h.spec_for("half_model", inputs, dtype="float16")
        root, ws = h.make_workspace("relu.py", spec=spec)
        self.addCleanup(shutil.rmtree, root)
        with open(os.path.join(ws, "reference.py"), "w", encoding="utf-8") as f:
            f.write(source)
        r = h.run_harness(ws, "--cpu-dry-run", "--no-memory", "--cases", "strided")
        c = r.results["strided"]
        self.assertEqual(c["status"], "PASS", r)
        self.assertEqual(r.rc, 0, r)
        self.assertIn("dry run: float16 op missing on the CPU; computed in float32 and cast", c.get("warnings", []))
        # not mistaken for a layout the stand-in rejected
        self.assertNotIn("rejected the", r.stdout)

    @unittest.skipUnless(cpu_lacks_half(lambda: torch.ones(2, 2, dtype=torch.float16) @ torch.ones(
        2, 2, dtype=torch.float16)), "this CPU's torch has float16 matmul")
    def test_fp16_attention_scores(self):
        shape, stride = [2, 4, 32, 16], [2048, 512, 16, 1]
        self.run_strided(SCORES, [{"name": "q", "shape": shape, "stride": stride},
                                  {"name": "k", "shape": shape, "stride": stride}])

    @unittest.skipUnless(cpu_lacks_half(lambda: torch.softmax(torch.ones(2, 2, dtype=torch.float16), -1)),
                         "this CPU's torch has float16 softmax")
    def test_fp16_softmax(self):
        self.run_strided(SOFTMAX, [{"name": "x", "shape": [16, 96], "stride": [96, 1]}])


if __name__ == "__main__":
    unittest.main()
