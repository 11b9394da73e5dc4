"""The FLOP and byte formulas of the spec hold at other sizes, or say they do not (new-user trial 17, #1).

`kwb analyze` wrote `8465*batch*dim*tokens + ... + 2423888*dim` for a ViT block: right at the file's sizes, wrong at
any other (B*N, heads*head_dim and 3*dim folded into coefficients). The invariant tested here, over several problems:
each problem is copied with its module-level size constants changed (one at a time and together, by factors the
probe's own check does not use), and for each count of the original spec either
 - its formula holds: spec[key].formula.status is "holds" and spec[key].expr, evaluated at the changed sizes, is
   the count the probe finds for the changed file; or
 - it is flagged: the status is "size_specific" or "unchecked" and spec[key].expr is the count alone.
The count at the file's own sizes (what the roofline uses) is pinned where the old probe's value is known.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

import harness_support as h

PROBE = os.path.join(h.SOURCE, "resources", "python", "probe.py")
KB = os.path.join(os.path.dirname(h.SOURCE.rstrip("/")), "shared", "data", "kernelbench")
W13 = os.path.join(h.SOURCE, "tests", "data", "probe17", "w13_ViT_PreNorm_Block_ManualAttention.py")

# a padded conv keeps H and W named: its formula holds (the KernelBench conv below, unpadded, has H-2: flagged)
PADDED_CONV = ("import torch\nimport torch.nn as nn\n"
               "class Model(nn.Module):\n"
               "    def __init__(self, cin, cout, k):\n        super().__init__()\n"
               "        self.c = nn.Conv2d(cin, cout, k, padding=k // 2)\n"
               "    def forward(self, x):\n        return torch.relu(self.c(x))\n"
               "batch = 4\nchannels = 8\nfilters = 16\nkernel = 3\nheight = 20\nwidth = 12\n"
               "def get_inputs():\n    return [torch.randn(batch, channels, height, width)]\n"
               "def get_init_inputs():\n    return [channels, filters, kernel]\n")


# new-user trial 18, #6: the gather's length is a literal of get_inputs(), so it enters the coefficients
GATHER_LITERAL = ("import torch\nimport torch.nn as nn\n"
                  "class Model(nn.Module):\n"
                  "    def forward(self, x, idx):\n        return x.t()[idx] * 2.0\n"
                  "N = 384\nM = 777\n"
                  "def get_inputs():\n    return [torch.randn(M, N), torch.randint(0, N, (513,))]\n"
                  "def get_init_inputs():\n    return []\n")
# the input's channel count is a literal tied to the model's conv: tripling it alone fails, so it says nothing
TIED_LITERAL = ("import torch\nimport torch.nn as nn\n"
                "class Model(nn.Module):\n"
                "    def __init__(self):\n        super().__init__()\n"
                "        self.c = nn.Conv2d(3, 8, 3, padding=1)\n"
                "    def forward(self, x):\n        return torch.relu(self.c(x))\n"
                "batch = 4\nsize = 20\n"
                "def get_inputs():\n    return [torch.randn(batch, 3, size, size)]\n"
                "def get_init_inputs():\n    return []\n")

# new-user trial 31, #10 (p04_perceiver_xattn, smaller): kv(x).chunk(2, -1) lost the name of kv's (D, 2) dim, so
# the heads' split of it had no size left and 2*head_dim folded into the formula (128*B*D*H*NL for 2*B*NL*D^2)
CHUNKED_KV = ("import torch, torch.nn as nn, torch.nn.functional as F\n"
              "B = 2\nNL = 16\nNI = 48\nD = 64\nH = 4\n"
              "class Model(nn.Module):\n"
              "    def __init__(self, d, h):\n        super().__init__()\n        self.h = h\n"
              "        self.q = nn.Linear(d, d, bias=False)\n        self.kv = nn.Linear(d, 2 * d, bias=False)\n"
              "        self.o = nn.Linear(d, d)\n"
              "    def forward(self, latents, inputs):\n        b, nl, d = latents.shape\n"
              "        q = self.q(latents).view(b, nl, self.h, d // self.h).transpose(1, 2)\n"
              "        k, v = self.kv(inputs).chunk(2, dim=-1)\n"
              "        k = k.reshape(b, -1, self.h, d // self.h).transpose(1, 2)\n"
              "        v = v.reshape(b, -1, self.h, d // self.h).transpose(1, 2)\n"
              "        a = F.scaled_dot_product_attention(q, k, v)\n"
              "        return self.o(a.transpose(1, 2).reshape(b, nl, d)) + latents\n"
              "def get_inputs():\n    return [torch.randn(B, NL, D), torch.randn(B, NI, D)]\n"
              "def get_init_inputs():\n    return [D, H]\n")


def write_tmp(name, text):
    path = os.path.join(tempfile.mkdtemp(prefix="kwb_formula_"), name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def probe(path):
    p = subprocess.run([sys.executable, PROBE, path], capture_output=True, text=True, timeout=300,
                       cwd=os.path.dirname(path))
    doc = json.loads(p.stdout) if p.stdout.strip() else {}
    if p.returncode != 0 or "error" in doc:
        raise AssertionError("probe failed on %s: %s %s" % (path, p.stdout[-1500:], p.stderr[-1500:]))
    return doc


def evaluate(expr, sizes):
    """A probe formula (sums of products of names, integers and ^) at @p sizes, exactly (Python ints)."""
    if not re.fullmatch(r"[A-Za-z_0-9*^+ ]+", expr):
        raise AssertionError("not a plain polynomial: %r" % expr)
    return eval(expr.replace("^", "**"), {"__builtins__": {}}, dict(sizes))  # noqa: S307 - checked above


def with_sizes(source, changes):
    """@p source with each module-level `name = ...` of @p changes assigned the new value."""
    for name, value in changes.items():
        source, n = re.subn(r"(?m)^%s\s*=.*$" % re.escape(name), "%s = %d" % (name, value), source)
        if n != 1:
            raise AssertionError("no single module-level assignment of %s" % name)
    return source


class FormulaHoldsOrIsFlagged(unittest.TestCase):
    def check(self, path, variants, expect=None, values=None):
        """Probes @p path and each size variant of it; asserts the invariant for flops and bytes. @p expect:
        {key: status} to pin; @p values: {key: count at the file's own sizes} to pin."""
        with open(path, encoding="utf-8") as f:
            source = f.read()
        spec = probe(path)
        for key, want in (expect or {}).items():
            self.assertEqual(spec[key]["formula"]["status"], want, (key, spec[key]["formula"]))
        for key, want in (values or {}).items():
            self.assertEqual(spec[key]["value"], want, key)
        tmp = tempfile.mkdtemp(prefix="kwb_formula_")
        for i, changes in enumerate(variants):
            vpath = os.path.join(tmp, "v%d_%s" % (i, os.path.basename(path)))
            with open(vpath, "w", encoding="utf-8") as f:
                f.write(with_sizes(source, changes))
            other = probe(vpath)
            for name, value in changes.items():
                self.assertEqual(other["sizes"].get(name), value, "the variant did not change %s" % name)
            for key in ("flops", "bytes"):
                count, formula = spec[key], spec[key]["formula"]
                if formula["status"] == "holds":
                    self.assertEqual(evaluate(count["expr"], other["sizes"]), other[key]["value"],
                                     "%s %s: %s at %s" % (os.path.basename(path), key, count["expr"], changes))
                else:
                    self.assertIn(formula["status"], ("size_specific", "unchecked"))
                    self.assertEqual(count["expr"], str(count["value"]), "a flagged formula shows the count alone")
                    self.assertTrue(formula["why"])
                    self.assertTrue(formula["expr"])  # the size-specific polynomial stays readable, labelled
        return spec

    def test_vit_block_holds(self):
        # Trial 17's problem: qkv's 3*dim keeps dim with a literal 3; the reshape to (B, N, 3, heads, hd) splits
        # dim into the pieces heads (named by the view's self.heads) and dim/heads; the attention GEMMs meet both
        # (batch*dim*tokens^2), the reshape back to (B, N, C) makes dim again, and B*N stays batch*tokens.
        # The counts are the ones trial 17 saw (12.16 GFLOP), unchanged by the check.
        spec = self.check(W13, [{"batch": 8}, {"dim": 192}, {"tokens": 50, "batch": 3}, {"heads": 3}],
                          expect={"flops": "holds", "bytes": "holds"},
                          values={"flops": 12162345024, "bytes": 16776192})
        self.assertEqual(spec["flops"]["formula"]["expr"], "24*batch*dim^2*tokens + 4*batch*dim*tokens^2 + "
                                                           "6*batch*heads*tokens^2 + 26*batch*dim*tokens")

    def test_kernelbench_level2_gemm_epilogue_holds(self):
        self.check(os.path.join(KB, "level2", "12_Gemm_Multiply_LeakyReLU.py"),
                   [{"batch_size": 96}, {"in_features": 640, "out_features": 384}],
                   expect={"flops": "holds", "bytes": "holds"},
                   values={"flops": 2 * 1024 * 8192 * 8192 + 3 * 1024 * 8192})

    def test_kernelbench_level3_gpt_block(self):
        self.check(os.path.join(KB, "level3", "44_MiniGPTBlock.py"),
                   [{"batch_size": 2, "seq_len": 64, "max_seqlen": 128}, {"n_embd": 256, "n_head": 4}])

    def test_plain_gemm_holds(self):
        # N = 2048 * 2: a size given as an expression of literals is varied too
        self.check(os.path.join(KB, "level1", "1_Square_matrix_multiplication_.py"), [{"N": 96}],
                   expect={"flops": "holds", "bytes": "holds"}, values={"flops": 2 * 4096 ** 3})

    def test_unpadded_conv_is_flagged(self):
        # out H = height - 2 is no product of sizes: the formula would be wrong at another height
        self.check(os.path.join(KB, "level1", "55_conv_standard_2D__asymmetric_input__square_kernel.py"),
                   [{"height": 40, "width": 24, "batch_size": 2}, {"in_channels": 4, "out_channels": 6}],
                   expect={"flops": "size_specific"})

    def test_padded_conv_holds(self):
        path = os.path.join(tempfile.mkdtemp(prefix="kwb_formula_"), "padded_conv.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(PADDED_CONV)
        self.check(path, [{"height": 14, "width": 30}, {"channels": 3, "filters": 5, "batch": 7}],
                   expect={"flops": "holds", "bytes": "holds"})


    def test_chunked_kv_keeps_head_dim_symbolic(self):
        # H alone changed: head_dim = D/H changes too, which a formula with 2*head_dim folded in gets wrong
        spec = self.check(write_tmp("chunked_kv.py", CHUNKED_KV), [{"H": 8}, {"D": 96, "H": 2}, {"NI": 20}],
                          expect={"flops": "holds", "bytes": "holds"})
        self.assertEqual(spec["flops"]["expr"], "4*B*D^2*NI + 4*B*D^2*NL + 4*B*D*NI*NL + 6*B*H*NI*NL + 2*B*D*NL")

    def test_literal_input_size_is_flagged(self):
        spec = self.check(write_tmp("gather.py", GATHER_LITERAL), [{"N": 96}, {"M": 50}],
                          expect={"flops": "size_specific"})
        self.assertIn("513 in get_inputs()", spec["flops"]["formula"]["why"])
        self.assertEqual(spec["flops"]["value"], 513 * 777)   # one multiply per gathered element, unchanged

    def test_literal_tied_to_the_model_holds(self):
        self.check(write_tmp("tied.py", TIED_LITERAL), [{"batch": 7}, {"size": 9}],
                   expect={"flops": "holds", "bytes": "holds"})

    def test_kernelbench_literal_spatial_size_is_flagged(self):
        # 50_conv's input is randn(batch_size, 3, 224, 224): 3 is the conv's in_channels (tied), 224 is free and
        # the FLOPs grow with it, so a formula in batch_size alone is right at 224x224 only
        spec = self.check(os.path.join(KB, "level1", "50_conv_standard_2D__square_input__square_kernel.py"),
                          [{"batch_size": 3}], expect={"flops": "size_specific"})
        self.assertIn("224", spec["flops"]["formula"]["why"])


if __name__ == "__main__":
    unittest.main()
