"""Session 33 (helper cute33b): the CuTe DSL stage set's batch norm with keep_layout= and its kwb_rnn, on the CPU
emulation of its cute.* names (tests/data/codegen/fake_cutlass), against PyTorch. NOT the CuTe DSL: the emulation
checks index arithmetic, plumbing and the gate arithmetic, never what the DSL compiles or how fast it runs.
"""
import os
import sys
import unittest

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from test_cute_stages_emulated import S, rel  # noqa: E402  (the stage set on the emulation)
import cutlass.cute as cute  # noqa: E402


@cute.jit
def _epi_add_relu(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return cute.where(acc + e0_v > 0.0, acc + e0_v, cute.full_like(acc, 0.0))


def _channels_inner(t):
    return t.stride(1) == 1


class CuteBatchNormLayout(unittest.TestCase):
    """kwb_batch_norm(..., keep_layout=True): a channels-last x gives a channels-last result of the same values."""

    def setUp(self):
        torch.manual_seed(0)

    def check(self, x, training, keep, w=True, b=True, epi=None, tol=1e-6):
        c = x.shape[1]
        rm, rv = torch.randn(c), torch.rand(c) + 0.5
        rm2, rv2 = rm.clone(), rv.clone()
        ww = torch.randn(c) if w else None
        bb = torch.randn(c) if b else None
        e = torch.randn(x.shape).contiguous() if epi else None
        got = S["kwb_batch_norm"](x, ww, bb, rm, rv, training, 0.1, 1e-5, epi=_epi_add_relu if epi else None,
                                  epi_tensors=(e,) if epi else (), keep_layout=keep)
        want = torch.nn.functional.batch_norm(x.float(), rm2, rv2, ww, bb, training, 0.1, 1e-5)
        if epi:
            want = torch.relu(want + e)
        self.assertEqual(tuple(got.shape), tuple(x.shape))
        self.assertLess(rel(got, want), tol)
        self.assertLess(rel(rm, rm2), 1e-6)
        self.assertLess(rel(rv, rv2), 1e-6)
        return got

    def test_channels_last_kept(self):
        x = torch.randn(2, 5, 3, 4).to(memory_format=torch.channels_last)
        for training in (True, False):
            got = self.check(x, training, True)
            self.assertTrue(got.is_contiguous(memory_format=torch.channels_last))
            self.assertFalse(got.is_contiguous())
        got = self.check(x, True, False)  # keep_layout off: contiguous, as before
        self.assertTrue(got.is_contiguous())

    def test_channels_last_epilogue_and_3d(self):
        x = torch.randn(2, 3, 2, 3, 2).to(memory_format=torch.channels_last_3d)
        got = self.check(x, True, True, b=False, epi=True)
        self.assertTrue(got.is_contiguous(memory_format=torch.channels_last_3d))
        x = torch.randn(3, 4, 5).transpose(1, 2).contiguous().transpose(1, 2)  # [N, C, L] with channels innermost
        self.assertTrue(_channels_inner(x))
        got = self.check(x, False, True, w=False, epi=True)
        self.assertEqual(got.stride(1), 1)

    def test_strided_and_boundary(self):
        # spatial dims that do not merge (a sliced view: the statistics read a copy), a contiguous x with
        # keep_layout (unchanged), one position per channel, one channel, bf16
        x = torch.randn(2, 4, 6, 5)[:, :, ::2, 1:]
        got = self.check(x, True, True)
        self.assertTrue(got.is_contiguous())
        self.assertTrue(self.check(torch.randn(3, 4, 2, 2), True, True).is_contiguous())
        self.check(torch.randn(4, 3, 1, 1).to(memory_format=torch.channels_last), True, True)
        self.check(torch.randn(3, 1, 2, 3).to(memory_format=torch.channels_last), True, True)
        xb = torch.randn(2, 6, 3, 3).to(torch.bfloat16).to(memory_format=torch.channels_last)
        got = self.check(xb, True, True, tol=1e-2)
        self.assertEqual(got.dtype, torch.bfloat16)
        self.assertTrue(got.is_contiguous(memory_format=torch.channels_last))


class CuteRnn(unittest.TestCase):
    """kwb_rnn: the input projection a kwb_gemm launch, the recurrence one launch per layer and direction (one CTA per
    batch row, the time loop inside, CTA barriers between steps), against torch.nn.RNN / GRU / LSTM in float64."""

    def setUp(self):
        torch.manual_seed(0)

    def run_module(self, cls, i, h, layers, bias=True, batch_first=False, bidirectional=False, t=4, b=2,
                   state=True, dtype=torch.float32, nonlinearity=None, strided=False, tol=1e-5):
        kw = {"nonlinearity": nonlinearity} if nonlinearity else {}
        m = cls(i, h, layers, bias=bias, batch_first=batch_first, bidirectional=bidirectional, **kw)
        nd = 2 if bidirectional else 1
        x = torch.randn((b, t, i) if batch_first else (t, b, i))
        if strided:
            x = x.transpose(-1, -2).contiguous().transpose(-1, -2)
        h0 = torch.randn(layers * nd, b, h) if state else None
        c0 = torch.randn(layers * nd, b, h) if state and cls is torch.nn.LSTM else None
        mode = {torch.nn.GRU: "GRU", torch.nn.LSTM: "LSTM"}.get(cls) or (
            "RNN_RELU" if nonlinearity == "relu" else "RNN_TANH")
        low = m.to(dtype)
        weights = [p for p in low._flat_weights]
        got, hn, cn = S["kwb_rnn"](x.to(dtype), None if h0 is None else h0.to(dtype),
                                   None if c0 is None else c0.to(dtype), weights, mode, layers, bias, batch_first,
                                   bidirectional)
        ref = m.double()
        xs = x.to(dtype).double()
        with torch.no_grad():
            if cls is torch.nn.LSTM:
                st = None if h0 is None else (h0.to(dtype).double(), c0.to(dtype).double())
                want, (whn, wcn) = ref(xs, st)
            else:
                want, whn = ref(xs, None if h0 is None else h0.to(dtype).double())
                wcn = None
        self.assertEqual(tuple(got.shape), tuple(want.shape))
        self.assertEqual(got.dtype, torch.float32)
        self.assertLess(rel(got, want), tol)
        self.assertLess(rel(hn, whn), tol)
        if wcn is not None:
            self.assertLess(rel(cn, wcn), tol)
        else:
            self.assertIsNone(cn)

    def test_lstm_two_layers(self):
        self.run_module(torch.nn.LSTM, 5, 6, 2, batch_first=True)  # 35_'s form: batch_first, a given state

    def test_gru_no_bias_no_state(self):
        self.run_module(torch.nn.GRU, 4, 5, 2, bias=False, state=False)

    def test_bidirectional(self):
        self.run_module(torch.nn.LSTM, 3, 4, 2, bidirectional=True, state=False, t=3)
        self.run_module(torch.nn.GRU, 3, 4, 1, bidirectional=True, batch_first=True, strided=True, t=3)

    def test_elman(self):
        self.run_module(torch.nn.RNN, 3, 5, 1, nonlinearity="tanh")
        self.run_module(torch.nn.RNN, 3, 5, 2, nonlinearity="relu", batch_first=True)

    def test_boundary_units_beyond_threads_and_bf16(self):
        # more units than threads (each thread strides two), one timestep, one batch row, and bf16 operands
        old = S["RNN_THREADS"]
        S["RNN_THREADS"] = 32
        try:
            self.run_module(torch.nn.GRU, 3, 37, 1, t=2, b=1)
        finally:
            S["RNN_THREADS"] = old
        self.run_module(torch.nn.LSTM, 2, 3, 1, t=1, b=1)
        self.run_module(torch.nn.LSTM, 4, 6, 1, dtype=torch.bfloat16, tol=1e-5)

    def test_dropout_training_raises(self):
        m = torch.nn.GRU(2, 3, 2)
        with self.assertRaises(NotImplementedError):
            S["kwb_rnn"](torch.randn(2, 1, 2), None, None, list(m._flat_weights), "GRU", 2, True, False, False,
                         0.5, True)


class CuteGroupNormReduce(unittest.TestCase):
    """kwb_group_norm(..., reduce=, keepdim=): the group norm (its epilogue reading a residual), then the reduction
    over the channels (level 2's 92_: a logsumexp), its result in out_dtype."""

    def test_ops_keepdim_dtype(self):
        torch.manual_seed(0)
        F = torch.nn.functional
        x = torch.randn(2, 6, 3, 4)
        w, b = torch.randn(6), torch.randn(6)
        e = torch.randn(2, 6, 3, 4)
        y = torch.relu(F.group_norm(x, 3, w, b, 1e-5) + e)
        for op, keep in (("logsumexp", True), ("sum", False), ("mean", True), ("amax", False), ("amin", True)):
            got = S["kwb_group_norm"](x, 3, w, b, 1e-5, epi=_epi_add_relu, epi_tensors=(e,), reduce=op, keepdim=keep)
            want = {"logsumexp": torch.logsumexp, "sum": torch.sum, "mean": torch.mean, "amax": torch.amax,
                    "amin": torch.amin}[op](y, 1, keepdim=keep)
            self.assertEqual(tuple(got.shape), tuple(want.shape), op)
            self.assertEqual(got.dtype, torch.float32)
            self.assertLess(rel(got, want), 1e-6, op)
        xb = x.to(torch.bfloat16)
        got = S["kwb_group_norm"](xb, 2, None, None, 1e-5, reduce="logsumexp", keepdim=True, out_dtype=torch.bfloat16)
        self.assertEqual(got.dtype, torch.bfloat16)
        self.assertLess(rel(got, torch.logsumexp(F.group_norm(xb.float(), 2, None, None, 1e-5), 1, True)), 1e-2)


if __name__ == "__main__":
    unittest.main()
