"""probe23 (session 35): a float16 output whose exact values lie in float16's subnormal range.

compare() already compared a reference value beyond a narrow output dtype's largest as that dtype holds it (inf). The
other end was missing: float16 holds values below its smallest normal (6.1e-5) only in steps of 6e-8, so the exact
result merely rounded to float16 missed the 0.01 threshold and the dtype_fp16 case FAILed every correct kernel
(probe23 c01: softmax(x * s + 1) ** p at ~1e-6, rel_err 0.012). Such reference values are now compared as float16
holds them, with a warning. Members: c01's squared softmax and a Gaussian tail exp(-14 - |x|); not changed: a
normal-range float16 output (the same rel_err as before) and a kernel returning zeros or a wrong scale (still FAIL).

A CPU dry run never imported kernel.py (no Triton on the CPU), so a kernel.py that does not even parse read DRY_RUN
(probe23 a09: the chain repeated `out_dtype=`). The dry run now compiles it (no import) and stops with the
SyntaxError. Members: a repeated keyword argument, a broken indentation; a kernel that parses still runs.

    cd tests/python && /usr/bin/python3 -m unittest test_harness_probe23
"""
import os
import shutil
import sys
import unittest

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness_support as h  # noqa: E402


class SubnormalOutputTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_p23")
        cls.mod.torch = torch

    def cmp(self, out, ref):
        return self.mod.compare(out, ref, torch.float16, torch.device("cpu"), 0.01, "output")

    def members(self):
        g = torch.Generator().manual_seed(0)
        x = torch.randn(128, 1000, generator=g)
        yield "squared softmax (c01)", torch.softmax(x * 0.35 + 1.0, dim=-1).pow(2)
        yield "Gaussian tail", torch.exp(-14.0 - x.abs())

    def test_correctly_rounded_output_passes(self):
        for name, ref in self.members():
            with self.subTest(name):
                floor = float((ref.half().float() - ref).norm() / ref.norm())
                self.assertGreater(floor, 0.01)  # the rounding alone misses the threshold (FAIL before)
                r = self.cmp(ref.half(), ref)
                self.assertTrue(r["ok"], r)
                self.assertLess(r["rel_err"], 1e-6)
                self.assertTrue(any("smallest normal" in w for w in r["warnings"]), r["warnings"])

    def test_wrong_outputs_still_fail(self):
        for name, ref in self.members():
            with self.subTest(name):
                self.assertFalse(self.cmp(torch.zeros_like(ref).half(), ref)["ok"])
                self.assertFalse(self.cmp((ref * 1.05).half(), ref)["ok"])

    def test_normal_range_unchanged(self):
        r0 = torch.randn(64, 300, generator=torch.Generator().manual_seed(1))
        ref = r0 + r0.sign() * 0.01  # away from zero: no value below the smallest normal
        out = (ref * 1.003).half()
        r = self.cmp(out, ref)
        self.assertAlmostEqual(r["rel_err"], float((out.float() - ref).norm() / ref.norm()), places=6)
        self.assertFalse(any("smallest normal" in w for w in r["warnings"]), r["warnings"])


class DryRunParsesKernelTest(unittest.TestCase):
    def dry_run(self, kernel_text):
        root, ws = h.make_workspace("relu.py", kernel="triton_relu.py")
        self.addCleanup(shutil.rmtree, root)
        if kernel_text is not None:
            with open(os.path.join(ws, "kernel.py"), "w", encoding="utf-8") as f:
                f.write(kernel_text)
        return h.run_harness(ws, "--cpu-dry-run", "--no-memory", "--cases", "problem_shape")

    def test_repeated_keyword(self):
        r = self.dry_run("import torch\n\n\ndef f(x, **k):\n    return x\n\n\n"
                         "y = f(1, out_dtype=torch.int64, out_dtype=torch.float32)\n")
        self.assertNotEqual(r.rc, 0, r)
        self.assertIn("kernel.py does not compile: SyntaxError: keyword argument repeated", r.stdout + r.stderr)

    def test_broken_indentation(self):
        r = self.dry_run("import torch\n\n\nclass ModelNew:\n    def forward(self, x):\n  return x\n")
        self.assertNotEqual(r.rc, 0, r)
        self.assertIn("kernel.py does not compile: IndentationError", r.stdout + r.stderr)

    def test_a_kernel_that_parses_still_runs(self):
        r = self.dry_run(None)
        self.assertEqual(r.rc, 0, r)


if __name__ == "__main__":
    unittest.main()
