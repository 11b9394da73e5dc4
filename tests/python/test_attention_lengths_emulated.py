"""kwb_attention and kwb_masked_softmax under the CPU emulation of Triton (session 38, operand38): a mask computed
from an index predicate on a per-entry tensor (the padding mask arange(S) >= lengths[:, None], trial 26 #5) given as
mask=lengths viewed [B, 1, 1, 1] with mask_cmp: the kernels read lengths[b] per key tile and compare the key index,
never building the [B, S] mask. Every comparison, causal or not, flash and materialised, tails, a size-1 head dim,
fp16 / bf16, a strided Q, int32 / int64 / float lengths, lengths of 0 (every row NaN, as torch) and past S.

Run: /usr/bin/python3 tests/python/test_attention_lengths_emulated.py [-k name]."""
import operator
import os
import sys
import unittest

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_stages_emulated as st  # noqa: E402 -- the library loaded on fake Triton (K)
from test_attention_masks_emulated import close, ref  # noqa: E402

K = st.K
CMPS = {"lt": operator.lt, "le": operator.le, "gt": operator.gt, "ge": operator.ge, "eq": operator.eq,
        "ne": operator.ne}


def filled(lengths, s, cmp):
    """The mask a model builds: torch.arange(s)[None, :] CMP lengths[:, None], [B, S] bool (True: filled)."""
    return CMPS[cmp](torch.arange(s)[None, :], lengths[:, None])


class AttentionLengthsMask(unittest.TestCase):
    def setUp(self):
        K.kwb_attn_flash = True

    def tearDown(self):
        K.kwb_attn_flash = True

    def run_cmps(self, b, h, s, d, dtype, tol, lengths, strided=False):
        torch.manual_seed(b * 100 + s + d)
        q, k, v = (torch.randn(b, h, s, d).to(dtype) for _ in range(3))
        if strided:  # Q read through the strides of a transposed buffer
            q = torch.randn(b, s, h, d).to(dtype).transpose(1, 2)
        kt = k.transpose(-2, -1)
        scale = d ** -0.5
        for flash in (True, False):
            K.kwb_attn_flash = flash
            for cmp in CMPS:
                for causal in (False, True):
                    m = filled(lengths, s, cmp)[:, None, None, :]
                    pred = dict(diag=0) if causal else dict()
                    with self.subTest(cmp=cmp, causal=causal, flash=flash, dtype=dtype, shape=(b, h, s, d)):
                        want = ref(q, k, v, scale, causal, ~m)
                        got = K.kwb_attention(q, kt, v, scale, mask=lengths.view(-1, 1, 1, 1), mask_keep=False,
                                              mask_cmp=cmp, **pred)
                        self.assertEqual(K.kwb_attn_last["path"], "flash" if flash else "materialised")
                        close(self, got, want, tol)
                        # the keep form (where(arange < lengths, s, -inf)): the same compare, kept where true
                        got = K.kwb_attention(q, kt, v, scale, mask=lengths.view(-1, 1, 1, 1), mask_keep=True,
                                              mask_cmp=cmp, **pred)
                        close(self, got, ref(q, k, v, scale, causal, m), tol)

    def test_every_compare_fp32_tails(self):
        # 37 keys: tail tiles on both axes; a length of 0 (every row NaN) and one past S; h = 1: a size-1 head dim
        self.run_cmps(3, 2, 37, 16, torch.float32, 2e-5, torch.tensor([0, 20, 40]))
        self.run_cmps(2, 1, 20, 8, torch.float32, 2e-5, torch.tensor([7, 20], dtype=torch.int32))

    def test_16bit_and_strided(self):
        for dtype in (torch.float16, torch.bfloat16):
            self.run_cmps(2, 2, 24, 16, dtype, 3e-2, torch.tensor([5, 24]), strided=True)

    def test_float_lengths(self):
        self.run_cmps(2, 2, 17, 8, torch.float32, 2e-5, torch.tensor([3.0, 16.5]))

    def test_masked_softmax_alone(self):
        torch.manual_seed(3)
        x = torch.randn(3, 2, 9, 37)
        lengths = torch.tensor([1, 30, 37])
        for cmp in ("ge", "lt"):
            m = filled(lengths, 37, cmp)[:, None, None, :]
            want = torch.softmax(x.double().masked_fill(m, float("-inf")), -1)
            got = K.kwb_masked_softmax(x, 1.0, mask=lengths.view(-1, 1, 1, 1), mask_keep=False, mask_cmp=cmp)
            close(self, got, want, 2e-6)

    def test_small_grid_tiles(self):
        """kwb_small_grid / kwb_attn_mask_vec (session 39, on by default): the flash tile cut to the sequence and
        halved to fill the SMs, a broadcast mask loaded as the vector or number it is; the same numbers either way,
        the CTAs as the rule says (132 SMs off the GPU: kwb_target_sms)."""
        torch.manual_seed(5)
        lengths = torch.tensor([256, 130])
        q, k, v = (torch.randn(2, 8, 256, 16) for _ in range(3))
        m = filled(lengths, 256, "ge")[:, None, None, :]
        want = ref(q, k, v, 0.25, True, ~m)
        blocks = {}
        saved = K.kwb_small_grid, K.kwb_attn_mask_vec
        try:
            for on in (False, True):
                K.kwb_small_grid = K.kwb_attn_mask_vec = on
                got = K.kwb_attention(q, k.transpose(-2, -1), v, 0.25, diag=0, mask=lengths.view(-1, 1, 1, 1),
                                      mask_keep=False, mask_cmp="ge")
                close(self, got, want, 2e-6)
                blocks[on] = K.kwb_attn_last["blocks"]
                x = torch.randn(2, 3, 21, 29)
                short = torch.tensor([29, 11])
                sm = filled(short, 29, "ge")[:, None, None, :]
                close(self, K.kwb_masked_softmax(x, 0.5, mask=short.view(-1, 1, 1, 1), mask_cmp="ge"),
                      torch.softmax((0.5 * x.double()).masked_fill(sm, float("-inf")), -1), 2e-6)
            # every compare, causal or not, flash and materialised, with both on: the per-entry value loaded once
            self.run_cmps(3, 2, 37, 16, torch.float32, 2e-5, torch.tensor([0, 20, 40]))
        finally:
            K.kwb_small_grid, K.kwb_attn_mask_vec = saved
        self.assertEqual(blocks, {False: 2 * 16, True: 4 * 16})  # BLOCK_M 128 -> 64: 32 -> 64 CTAs

    def test_bad_compare(self):
        q = torch.randn(1, 1, 4, 8)
        with self.assertRaises(ValueError):
            K.kwb_attention(q, q.transpose(-2, -1), q, 1.0, mask=torch.tensor([2]).view(1, 1, 1, 1),
                            mask_cmp="lte")
        with self.assertRaises(ValueError):
            K.kwb_attention(q, q.transpose(-2, -1), q, 1.0, mask_cmp="lt")


if __name__ == "__main__":
    unittest.main()
