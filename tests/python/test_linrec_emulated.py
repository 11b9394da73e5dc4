"""kwb_linrec (resources/templates/kernels/triton_epilogue.py; session 38, recur38): a linear recurrence written as a
Python loop in one launch, run on the CPU through tests/data/codegen/fake_triton against the loop in PyTorch: forward
and reverse, a stored initial state or not, a gate that moves with the step, a fixed slice, a broadcast parameter,
tails (lanes not a multiple of the block), size-1 dims, bf16 / fp16 leaves, strided leaves, a fused epilogue, and the
refusal of a length the step count does not follow. Numbers only: nothing about speed or the real Triton compiler.
"""
import os
import sys
import unittest

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "..", "resources", "templates", "kernels")
sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_triton"))
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

STEPS = '''

@triton.jit
def _lr_ema(v0, v1, v2, v3, v4, v5):
    return tl.sigmoid(v0), ((1.0 - tl.sigmoid(v0)) * v1)


@triton.jit
def _lr_ema_init(v0, v1, v2, v3, v4, v5):
    return v2


@triton.jit
def _lr_gae(v0, v1, v2, v3, v4, v5):
    return ((1.0 - v2) * 0.9405), ((v0 + ((v1 * 0.99) * (1.0 - v2))) - v3)


@triton.jit
def _lr_zero_init(v0, v1, v2, v3, v4, v5):
    return 0.0


@triton.jit
def _lr_gate(v0, v1, v2, v3, v4, v5):
    return tl.sigmoid(v0 * v1), ((1.0 - tl.sigmoid(v0 * v1)) * v2)


@triton.jit
def _lr_h0_init(v0, v1, v2, v3, v4, v5):
    return v3


@triton.jit
def _epi_sub(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
             s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    x = tl.load(e0 + i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04, mask=mask, other=0.0)
    return acc - x.to(tl.float32)
'''


def library():
    src = ""
    for name in ("triton_stages.py", "chain_host.py", "triton_epilogue.py"):
        with open(os.path.join(KERNELS, name), encoding="utf-8") as f:
            src += f.read() + "\n\n"
    g = {"__name__": "kwb_linrec_test", "triton": triton, "tl": tl, "torch": torch}
    exec(compile(src + STEPS, "kwb_linrec_test", "exec"), g)  # noqa: S102 - the stage library under test
    return g


K = library()


def strided(t):
    return t.transpose(-1, -2).contiguous().transpose(-1, -2) if t.dim() >= 2 else t


class LinRec(unittest.TestCase):
    def check(self, got, want, dtype):
        tol = 1e-6 if dtype == torch.float32 else 1e-5  # the leaves are rounded before either side reads them
        self.assertEqual(tuple(got.shape), tuple(want.shape))
        err = ((got.double() - want.double()).norm() / want.double().norm().clamp_min(1e-30)).item()
        self.assertLess(err, tol, "rel_err %g" % err)

    def test_ema_forward_initial_state_stored_epilogue(self):
        # probe25 a01: s_0 = x[:, 0] stored, s_t = a s_(t-1) + (1 - a) x[:, t], then the stack minus x (fused)
        for b, t, c in ((3, 12, 20), (1, 12, 1), (2, 5, 257)):
            for dtype in (torch.float32, torch.bfloat16, torch.float16):
                for layout in (lambda v: v, strided):
                    torch.manual_seed(0)
                    x = layout(torch.randn(b, t, c).to(dtype))
                    p = torch.linspace(-2.0, 3.0, c)
                    out = K["kwb_linrec"]([(p, None, 0, 0), (x, 1, 1, 1), (x, 1, 0, 0)], 2, K["_lr_ema_init"],
                                          K["_lr_ema"], t - 1, [(x, 1, t)], 1, [None, None], t, 1, 1, 0,
                                          epi=K["_epi_sub"], epi_tensors=(x,))
                    a, xf = torch.sigmoid(p), x.float()
                    s, ref = xf[:, 0], [xf[:, 0]]
                    for k in range(1, t):
                        s = a * s + (1 - a) * xf[:, k]
                        ref.append(s)
                    self.check(out, torch.stack(ref, 1) - xf, dtype)

    def test_gae_reverse_zero_initial_state(self):
        # probe24 a11: A_t = delta_t + c (1 - done_t) A_(t+1) from A_T = 0, stacked in time order
        for envs, t in ((2048, 16), (7, 16), (1, 16), (5, 3)):
            torch.manual_seed(1)
            r, v, d = torch.randn(envs, t), strided(torch.randn(envs, t + 1)), (torch.rand(envs, t) < 0.2).float()
            out = K["kwb_linrec"]([(r, 1, t - 1, -1), (v, 1, t, -1), (d, 1, t - 1, -1), (v, 1, t - 1, -1)], 4,
                                  K["_lr_zero_init"], K["_lr_gae"], t, [(r, 1, t), (v, 1, t + 1), (d, 1, t)], 1,
                                  [None], t, t - 1, -1, None)
            last, adv = torch.zeros(envs), []
            for k in reversed(range(t)):
                nt = 1.0 - d[:, k]
                last = r[:, k] + 0.99 * v[:, k + 1] * nt - v[:, k] + 0.9405 * nt * last
                adv.append(last)
            self.check(out, torch.stack(adv[::-1], 1), torch.float32)

    def test_gated_iir_from_input_state_middle_dim(self):
        # a gate that moves with the step (z_t), a broadcast parameter (w), an initial state from forward() (h0)
        for b, t, c, dim in ((4, 9, 40, 1), (1, 2, 1, 1), (3, 6, 130, 0), (3, 6, 5, 2)):
            for dtype in (torch.float32, torch.bfloat16):
                torch.manual_seed(2)
                x, z = torch.randn(b, t, c).to(dtype), strided(torch.randn(b, t, c).to(dtype))
                w, h0 = torch.linspace(-1.5, 2.0, c), torch.randn(b, c).to(dtype)
                lane = [None, None]
                out = K["kwb_linrec"]([(z, 1, 0, 1), (w, None, 0, 0), (x, 1, 0, 1), (h0, None, 0, 0)], 3,
                                      K["_lr_h0_init"], K["_lr_gate"], t, [(z, 1, t), (x, 1, t)], dim, lane, t, 0, 1,
                                      None)
                h, ref = h0.float(), []
                for k in range(t):
                    g = torch.sigmoid(z[:, k].float() * w)
                    h = g * h + (1 - g) * x[:, k].float()
                    ref.append(h)
                self.check(out, torch.stack(ref, dim), dtype)

    def test_constant_initial_state_sets_its_own_size(self):
        # a state no leaf spans at a dim (zeros of the traced size, a parameter leaf broadcast): lane_spec's size
        w = torch.randn(1, 6)
        out = K["kwb_linrec"]([(w, None, 0, 0)], 1, K["_lr_zero_init"], K["_lr_ema"], 3, [], 1, [5, None], 3, 0, 1,
                              None)
        self.assertEqual(tuple(out.shape), (5, 3, 6))

    def test_other_length_refused(self):
        x = torch.randn(2, 7, 3)
        with self.assertRaisesRegex(ValueError, "holds its step count"):
            K["kwb_linrec"]([(x, 1, 1, 1)], 1, K["_lr_zero_init"], K["_lr_ema"], 11, [(x, 1, 12)], 1, [None, None],
                            12, 1, 1, 0)


if __name__ == "__main__":
    unittest.main()
