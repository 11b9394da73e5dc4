"""The CuTe DSL kwb_attention / kwb_masked_softmax with a mask computed from an index predicate on a per-entry tensor
(session 38, operand38: mask=lengths viewed [B, 1, 1, 1], mask_cmp), on the fake cutlass emulation: every comparison,
causal or not, both keep senses, a length of 0 (NaN rows, as torch), int32 lengths, a float lengths tensor refused.

Run: /usr/bin/python3 tests/python/test_cute_attention_lengths_emulated.py [-k name]."""
import operator
import os
import sys
import unittest

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_cute_stages_emulated import S, rel  # noqa: E402 -- the CuTe DSL stage set on the emulation

CMPS = {"lt": operator.lt, "le": operator.le, "gt": operator.gt, "ge": operator.ge, "eq": operator.eq,
        "ne": operator.ne}


class CuteAttentionLengths(unittest.TestCase):
    def check(self, got, want, what):
        self.assertTrue(torch.equal(torch.isnan(got.float()), torch.isnan(want)), what)  # NaN rows as torch's
        self.assertLess(rel(torch.nan_to_num(got.float()), torch.nan_to_num(want)), 1e-5, what)

    def test_every_compare(self):
        # every comparison without the causal predicate, two of them with it (the emulation runs each thread in
        # Python: small sizes); 17 keys: a tail past one 16-key tile; h = 1: a size-1 head dim
        torch.manual_seed(1)
        att, msm = S["kwb_attention"], S["kwb_masked_softmax"]
        b, h, n, d = 3, 1, 17, 2
        q, k, v = torch.randn(b, h, n, d), torch.randn(b, h, n, d), torch.randn(b, h, n, 3)
        runs = [(c, False, torch.tensor([0, 7, 25])) for c in CMPS] + \
            [("ge", True, torch.tensor([17, 1, 9], dtype=torch.int32)), ("lt", True, torch.tensor([0, 7, 25]))]
        for cmp, causal, lengths in runs:
            filled = CMPS[cmp](torch.arange(n)[None, :], lengths[:, None])[:, None, None, :]
            s = 0.5 * q @ k.transpose(-2, -1)
            if causal:
                s = s.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float("-inf"))
            what = "%s causal=%s %s" % (cmp, causal, lengths.dtype)
            for keep in (False, True):
                sm = s.masked_fill(filled if not keep else ~filled, float("-inf"))
                got = att(q, k.transpose(-2, -1), v, 0.5, diag=0 if causal else None,
                          mask=lengths.view(-1, 1, 1, 1), mask_keep=keep, mask_cmp=cmp)
                self.check(got, torch.softmax(sm, -1) @ v, what)
            sm = s.masked_fill(filled, float("-inf"))
            self.check(msm(0.5 * q @ k.transpose(-2, -1), 1.0, diag=0 if causal else None,
                           mask=lengths.view(-1, 1, 1, 1), mask_cmp=cmp), torch.softmax(sm, -1),
                       what + " (masked softmax)")

    def test_float_lengths_refused(self):
        q = torch.randn(1, 1, 4, 8)
        with self.assertRaises(ValueError):
            S["kwb_attention"](q, q.transpose(-2, -1), q, 1.0, mask=torch.tensor([2.0]).view(1, 1, 1, 1),
                               mask_cmp="ge")


if __name__ == "__main__":
    unittest.main()
