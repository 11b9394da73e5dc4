"""New-user trial 25, #1: a matrix product or convolution whose floating operands differ in dtype (an fp16 input into
a Linear left in fp32). Meta tensors of torch 1.13 accept it, PyTorch on a CPU or GPU raises, and the harness (which
casts Model to one dtype) hid it: the probe now flags it as an ambiguity ("mixed_dtypes") that `kwb analyze` and
phase 1 print. The class: every op of SAME_DTYPE_OPS (mm through F.linear, a convolution, bmm); not an op that
promotes (a mul of fp16 by fp32), nor a model whose dtypes agree."""
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

import harness_support as h

PROBE = os.path.join(h.SOURCE, "resources", "python", "probe.py")

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
TAIL = "\ndef get_init_inputs():\n    return []\n"

PROBLEMS = {
    # the trial's problem: fp16 tokens into nn.Linear layers left in fp32 (mm through F.linear)
    "linear_fp16_input": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 32, bias=False)
    def forward(self, x):
        return F.silu(self.fc(x))
def get_inputs():
    return [torch.randn(16, 64, dtype=torch.float16)]
""",
    # the second member: a bf16 image into a Conv2d left in fp32 (without a bias: with one, meta checks it, below)
    "conv_bf16_input": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, bias=False)
    def forward(self, x):
        return self.conv(x)
def get_inputs():
    return [torch.randn(2, 3, 16, 16, dtype=torch.bfloat16)]
""",
    # a third: torch.bmm of an fp16 and an fp32 input
    "bmm_inputs": """
class Model(nn.Module):
    def forward(self, a, b):
        return torch.bmm(a, b)
def get_inputs():
    return [torch.randn(2, 8, 4, dtype=torch.float16), torch.randn(2, 4, 8)]
""",
    # with a bias the meta convolution raises itself: a user error, never sent to a newer torch (#2)
    "conv_bias_bf16_input": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
    def forward(self, x):
        return self.conv(x)
def get_inputs():
    return [torch.randn(2, 3, 16, 16, dtype=torch.bfloat16)]
""",
    # new-user trial 26: a bf16 (batch, seq, d) input into a Linear with a bias left in fp32 (addmm on the meta
    # device raises "mat1 and mat2 must have the same dtype"): a user error too
    "linear_bias_bf16_3d_input": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 32)
    def forward(self, x):
        return F.gelu(self.fc(x), approximate="tanh")
def get_inputs():
    return [torch.randn(2, 8, 64, dtype=torch.bfloat16)]
""",
    # its second member: torch.addmm of an fp16 and an fp32 matrix
    "addmm_fp16_fp32": """
class Model(nn.Module):
    def forward(self, bias, a, b):
        return torch.addmm(bias, a, b)
def get_inputs():
    return [torch.randn(16), torch.randn(4, 8, dtype=torch.float16), torch.randn(8, 16)]
""",
    # not flagged: mul promotes fp16 * fp32 to fp32 on every device
    "mul_promotes": """
class Model(nn.Module):
    def forward(self, a, b):
        return a * b
def get_inputs():
    return [torch.randn(8, 8, dtype=torch.float16), torch.randn(8, 8)]
""",
    # an fp32 parameter beside fp16 activations in an op that promotes: Model runs as written, reading it in fp32
    "scale_fp32_param": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.randn(64))
    def forward(self, x):
        return x * self.scale
def get_inputs():
    return [torch.randn(16, 64, dtype=torch.float16)]
""",
    # not flagged: the model is cast with its input
    "linear_all_fp16": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 32).half()
    def forward(self, x):
        return self.fc(x)
def get_inputs():
    return [torch.randn(16, 64, dtype=torch.float16)]
""",
}


def probe(name):
    """(exit code, the probe's JSON document) for problem @p name of PROBLEMS."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, name + ".py")
        with open(path, "w") as f:
            f.write(HEAD + textwrap.dedent(PROBLEMS[name]) + TAIL)
        p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=180, cwd=d)
        return p.returncode, json.loads(p.stdout)


def ambiguities(name):
    rc, doc = probe(name)
    if rc != 0:
        raise AssertionError("probe failed on %s: %s" % (name, json.dumps(doc)[-2000:]))
    return [a for a in doc["ambiguities"] if a["kind"] == "mixed_dtypes"]


class ProbeFlagsMixedDtypesTest(unittest.TestCase):
    def test_linear_with_fp16_input_and_fp32_weight(self):
        found = ambiguities("linear_fp16_input")
        self.assertEqual(len(found), 1, found)
        self.assertIn("aten::mm gets float16 and float32 operands", found[0]["why"])
        self.assertIn("PyTorch raises on a CPU or GPU", found[0]["why"])
        self.assertGreater(found[0]["line"], 0)

    def test_convolution_with_bf16_input_and_fp32_weight(self):
        found = ambiguities("conv_bf16_input")
        self.assertEqual(len(found), 1, found)
        self.assertIn("bfloat16 and float32 operands", found[0]["why"])
        self.assertIn("convolution", found[0]["why"])

    def test_bmm_of_two_inputs(self):
        found = ambiguities("bmm_inputs")
        self.assertEqual(len(found), 1, found)
        self.assertIn("aten::bmm gets float16 and float32", found[0]["why"])

    def test_convolution_whose_bias_type_differs_is_a_user_error(self):
        rc, doc = probe("conv_bias_bf16_input")
        self.assertNotEqual(rc, 0)
        self.assertIn("should be the same", doc["error"]["message"])
        self.assertNotIn("older than the tested", doc["error"]["message"])

    def test_addmm_of_two_dtypes_is_a_user_error(self):
        for name in ("linear_bias_bf16_3d_input", "addmm_fp16_fp32"):
            rc, doc = probe(name)
            self.assertNotEqual(rc, 0, name)
            self.assertIn("must have the same dtype", doc["error"]["message"])
            self.assertNotIn("older than the tested", doc["error"]["message"])

    def test_promoting_op_and_one_dtype_are_not_flagged(self):
        self.assertEqual(ambiguities("mul_promotes"), [])
        self.assertEqual(ambiguities("linear_all_fp16"), [])


class ProbeCountsWeightsAtTheirRunDtypeTest(unittest.TestCase):
    """New-user trial 31, #7: an fp16 MoE's fp32 experts were counted at 4 bytes, while Model as written does not run
    (an fp16 x fp32 matmul raises) and the form that runs, Model(...).half() as the ambiguity says, reads 2 bytes: the
    roofline bytes and bandwidth utilization read ~2x low. The class: a floating parameter or buffer whose dtype is
    not the input's. It counts at the input's dtype where a mixed_dtypes op makes the cast necessary, and at its own
    where Model runs as written (a promoting op); the Bytes line says which (spec bytes.weights_dtype)."""

    def bytes_of(self, name):
        rc, doc = probe(name)
        self.assertEqual(rc, 0, json.dumps(doc)[-2000:])
        return doc["bytes"]

    def test_mixed_dtype_matmul_counts_the_weight_at_the_inputs_dtype(self):
        b = self.bytes_of("linear_fp16_input")
        # x [16, 64], W [32, 64], out [16, 32], all at 2 bytes
        self.assertEqual(b["value"], 2 * (16 * 64 + 32 * 64 + 16 * 32))
        self.assertEqual(b["weights_dtype"]["dtype"], "float16")
        self.assertIn("declared float32", b["weights_dtype"]["note"])

    def test_promoting_op_keeps_the_declared_dtype_and_says_so(self):
        b = self.bytes_of("scale_fp32_param")
        # x [16, 64] fp16, scale [64] fp32, out [16, 64] fp32 (promoted)
        self.assertEqual(b["value"], 2 * 16 * 64 + 4 * 64 + 4 * 16 * 64)
        self.assertEqual(b["weights_dtype"]["dtype"], "declared")
        self.assertIn("declared float32", b["weights_dtype"]["note"])

    def test_one_dtype_has_no_note(self):
        b = self.bytes_of("linear_all_fp16")
        self.assertEqual(b["value"], 2 * (16 * 64 + 32 * 64 + 32 + 16 * 32))  # its Linear has a bias
        self.assertNotIn("weights_dtype", b)


if __name__ == "__main__":
    unittest.main()
