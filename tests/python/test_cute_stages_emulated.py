"""The CuTe DSL stage set (resources/templates/kernels/cutedsl_stages.py) on the CPU emulation of its cute.* names
(tests/data/codegen/fake_cutlass), stage by stage against PyTorch, at the shapes the chain tests do not reach: a
reduction over non-adjacent dims (the permuted copy), all dims, a strided input; softmax along a middle dim; broadcast
epilogue tensors with size-1 dims dropped; group norm with and without its affine; batch norm's running-statistics
update. NOT the CuTe DSL: the emulation checks index arithmetic and plumbing, never what the DSL compiles.
"""
import os
import sys
import unittest

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_cutlass"))

import cutlass  # noqa: E402  (the emulation)
import cutlass.cute as cute  # noqa: E402
from cutlass.cute.runtime import from_dlpack  # noqa: E402


def _load():
    with open(os.path.join(ROOT, "resources", "templates", "kernels", "cutedsl_stages.py"), encoding="utf-8") as f:
        src = f.read()
    ns = {"torch": torch, "nn": torch.nn, "cutlass": cutlass, "cute": cute, "from_dlpack": from_dlpack}
    exec(compile(src, "cutedsl_stages.py", "exec"), ns)  # noqa: S102 - the stage set, as a kernel.py pastes it
    # the shared host helpers (kwb_size, the attention stages' operand helpers), which cutechain.cpp pastes with it
    with open(os.path.join(ROOT, "resources", "templates", "kernels", "chain_host.py"), encoding="utf-8") as f:
        exec(compile(f.read(), "chain_host.py", "exec"), ns)  # noqa: S102
    return ns


S = _load()


@cute.jit
def _epi_add_mul(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return (acc + e0_v) * e1_v + f0


def rel(a, b):
    return float((a.float() - b.float()).norm() / b.float().norm().clamp_min(1e-30))


class CuteStages(unittest.TestCase):
    def setUp(self):
        torch.manual_seed(0)

    def test_reduce_ops_dims(self):
        x = torch.randn(3, 5, 4)
        cases = [([0, 2], False), ([1], True), ([], False), ([-1, -2], True)]
        for dims, keep in cases:
            for op in ("sum", "mean", "amax", "amin", "logsumexp", "prod"):
                got = S["kwb_reduce"](x, dims, op, keep)
                d = dims if dims else list(range(x.dim()))
                if op == "prod":  # torch.prod takes one dim: the dims one at a time (session 36, cute36)
                    want = x
                    for k in sorted((dd % x.dim() for dd in d), reverse=True):
                        want = want.prod(k, keepdim=keep) if keep else want.prod(k)
                else:
                    want = {"sum": torch.sum, "mean": torch.mean, "amax": torch.amax, "amin": torch.amin,
                            "logsumexp": torch.logsumexp}[op](x, d, keepdim=keep)
                self.assertEqual(tuple(got.shape), tuple(want.shape), (dims, op))
                self.assertLess(rel(got, want), 1e-6, (dims, op))

    def test_reduce_strided_and_prologue(self):
        x = torch.randn(6, 40).t()  # [40, 6] at strides (1, 40)
        e0, e1 = torch.randn(1, 6), torch.randn(40, 1)
        got = S["kwb_reduce"](x, [1], "sum", False, pre=_epi_add_mul, pre_tensors=(e0, e1), pre_scalars=(0.5,))
        self.assertEqual(tuple(got.shape), (40,))
        self.assertLess(rel(got, ((x + e0) * e1 + 0.5).sum(1)), 1e-6)
        with self.assertRaises(NotImplementedError):
            S["kwb_reduce"](x, [1], "median", False)

    def test_reduce_epilogue(self):
        # session 40 (small40): epi= on the result (a kwb_pointwise launch after it in the CuTe DSL), its tensors at the
        # result's shape (keepdim or not), out_dtype; a 0-d result of a whole-tensor sum
        x = torch.randn(3, 37, 4)
        e0, e1 = torch.randn(4), torch.randn(3, 1)
        got = S["kwb_reduce"](x, [1], "amax", False, epi=_epi_add_mul, epi_tensors=(e0, e1), epi_scalars=(0.5,))
        self.assertLess(rel(got, (x.amax(1) + e0) * e1 + 0.5), 1e-6)
        got = S["kwb_reduce"](x, [1], "mean", True, epi=_epi_add_mul, epi_tensors=(e0, e1.unsqueeze(1)),
                              epi_scalars=(0.5,), out_dtype=torch.bfloat16)
        self.assertEqual(got.dtype, torch.bfloat16)
        self.assertLess(rel(got, (x.mean(1, True) + e0) * e1.unsqueeze(1) + 0.5), 1e-2)
        s = torch.randn(())
        got = S["kwb_reduce"](x, [], "sum", False, epi=_epi_add_mul, epi_tensors=(s, s), epi_scalars=(0.0,))
        self.assertEqual(tuple(got.shape), ())
        self.assertLess(rel(got, (x.sum() + s) * s), 1e-6)

    def test_softmax_middle_dim_bf16(self):
        x = torch.randn(2, 37, 3)
        for log in (False, True):
            got = S["kwb_softmax"](x, 1, log=log)
            want = torch.log_softmax(x, 1) if log else torch.softmax(x, 1)
            self.assertLess(rel(got, want), 1e-6)
        xb = x.to(torch.bfloat16)
        got = S["kwb_softmax"](xb, -1, out_dtype=torch.float32)
        self.assertEqual(got.dtype, torch.float32)
        self.assertLess(rel(got, torch.softmax(xb.float(), -1)), 1e-6)

    def test_pointwise_broadcast(self):
        x = torch.randn(3, 1, 4, 1, 5, 1, 2)  # rank 7 with size-1 dims: 4 dims walked
        e0, e1 = torch.randn(4, 1, 1, 1, 1), torch.randn(3, 1, 1, 1, 1, 1, 1)
        got = S["kwb_pointwise"](x, _epi_add_mul, (e0, e1), (2.0,), torch.bfloat16)
        self.assertEqual(got.dtype, torch.bfloat16)
        self.assertLess(rel(got, (x + e0) * e1 + 2.0), 1e-2)

    def test_group_norm(self):
        x = torch.randn(2, 6, 5)
        w, b = torch.randn(6), torch.randn(6)
        for ww, bb in ((w, b), (None, None), (w, None)):
            got = S["kwb_group_norm"](x, 3, ww, bb, 1e-5)
            self.assertLess(rel(got, torch.nn.functional.group_norm(x, 3, ww, bb, 1e-5)), 1e-6)

    def test_batch_norm_running_update(self):
        x = torch.randn(3, 4, 5)
        rm, rv = torch.randn(4), torch.rand(4) + 0.5
        rm2, rv2 = rm.clone(), rv.clone()
        w, b = torch.randn(4), torch.randn(4)
        got = S["kwb_batch_norm"](x, w, b, rm, rv, True, 0.1, 1e-5)
        want = torch.nn.functional.batch_norm(x, rm2, rv2, w, b, True, 0.1, 1e-5)
        self.assertLess(rel(got, want), 1e-6)
        self.assertLess(rel(rm, rm2), 1e-6)
        self.assertLess(rel(rv, rv2), 1e-6)
        got = S["kwb_batch_norm"](x, None, b, rm, rv, False, 0.1, 1e-5)  # eval: the running statistics
        want = torch.nn.functional.batch_norm(x, rm2, rv2, None, b, False, 0.1, 1e-5)
        self.assertLess(rel(got, want), 1e-6)

    def test_layer_norm(self):
        # group norm's row kernel with one group per row: 1 and 2 normalized dims, a strided x, with / without affine
        F = torch.nn.functional
        x = torch.randn(3, 4, 6)
        w, b = torch.randn(4, 6), torch.randn(4, 6)
        for ww, bb in ((w, b), (None, None), (None, b)):
            got = S["kwb_layer_norm"](x, [4, 6], ww, bb, 1e-5)
            self.assertLess(rel(got, F.layer_norm(x, [4, 6], ww, bb, 1e-5)), 1e-6)
        xt = x.transpose(0, 2)  # [6, 4, 3] at strides (1, 6, 24)
        w1, b1 = torch.randn(3), torch.randn(3)
        got = S["kwb_layer_norm"](xt, [3], w1, b1, 1e-3, out_dtype=torch.bfloat16)
        self.assertEqual(got.dtype, torch.bfloat16)
        self.assertLess(rel(got, F.layer_norm(xt, [3], w1, b1, 1e-3)), 1e-2)
        got = S["kwb_layer_norm"](x, 6, None, None, 1e-5, pre=_epi_add_mul, pre_tensors=(x, torch.randn(6)),
                                  pre_scalars=(0.5,))
        self.assertEqual(tuple(got.shape), tuple(x.shape))

    def test_var_std(self):
        # torch.var / std / var_mean over dims (adjacent, non-adjacent, all, negative), corrections 0 / 1 / 2, keepdim
        x = torch.randn(3, 37, 4)
        for dims in ([1], [0, 2], [], [-1]):
            d = dims if dims else list(range(x.dim()))
            for corr in (0.0, 1.0, 2.0):
                for keep in (False, True):
                    got = S["kwb_var"](x, dims, corr, keep)
                    want = torch.var(x, d, correction=int(corr), keepdim=keep)
                    self.assertEqual(tuple(got.shape), tuple(want.shape), (dims, corr, keep))
                    self.assertLess(rel(got, want), 1e-5, (dims, corr, keep))
            got = S["kwb_var"](x, dims, 1.0, False, std=True)
            self.assertLess(rel(got, torch.std(x, d)), 1e-5, dims)
            sd, mean = S["kwb_var_mean"](x, dims, 1.0, True, std=True)
            want_sd, want_mean = torch.std_mean(x, d, keepdim=True)
            self.assertLess(rel(sd, want_sd), 1e-5, dims)
            self.assertLess(rel(mean, want_mean), 1e-5, dims)
        one = S["kwb_var"](torch.randn(4, 1), [1], 1.0)  # one element with correction 1: NaN, as torch
        self.assertTrue(bool(torch.isnan(one).all()))
        with self.assertRaises(NotImplementedError):
            S["kwb_var"](torch.ones(3, 4, dtype=torch.int32), [1], 1.0)

    def test_pool_max_avg_1d_3d(self):
        F = torch.nn.functional
        x1, x2, x3 = torch.randn(2, 3, 11), torch.randn(1, 2, 7, 9), torch.randn(1, 2, 5, 6, 7)
        x1[0, 1, 4] = float("nan")  # max pooling propagates NaN as torch
        cases = [
            (x1, dict(kernel_size=3, stride=2, padding=1, dilation=2, ceil_mode=True), F.max_pool1d),
            (x1, dict(kernel_size=4, stride=1, padding=2, ceil_mode=True, count_include_pad=False), F.avg_pool1d),
            (x2, dict(kernel_size=(3, 2), stride=(2, 1), padding=(1, 1), dilation=(1, 2)), F.max_pool2d),
            (x2, dict(kernel_size=3, stride=2, padding=1), F.avg_pool2d),
            (x2, dict(kernel_size=(2, 3), stride=(1, 2), padding=(1, 0), divisor_override=5), F.avg_pool2d),
            (x3, dict(kernel_size=2, stride=2), F.max_pool3d),
            (x3.transpose(2, 4), dict(kernel_size=3, stride=(2, 1, 2), padding=1, ceil_mode=True), F.avg_pool3d),
        ]
        for x, kw, fn in cases:
            nsp = x.dim() - 2
            k = kw["kernel_size"]
            k = list(k) if isinstance(k, tuple) else [k] * nsp
            tup = lambda v, dflt: list(v) if isinstance(v, tuple) else [v] * nsp if v is not None else dflt  # noqa
            st = tup(kw.get("stride"), k)
            got = S["kwb_pool"](x, "max" if "max" in fn.__name__ else "avg", k, st, tup(kw.get("padding", 0), None),
                                tup(kw.get("dilation", 1), None), kw.get("ceil_mode", False),
                                kw.get("count_include_pad", True), kw.get("divisor_override"))
            want = fn(x, **kw)
            self.assertEqual(tuple(got.shape), tuple(want.shape), (fn.__name__, kw))
            self.assertTrue(torch.equal(torch.isnan(got), torch.isnan(want)), (fn.__name__, kw))
            self.assertLess(rel(torch.nan_to_num(got), torch.nan_to_num(want)), 1e-6, (fn.__name__, kw))
        got = S["kwb_pool"](torch.randn(3, 8), "max", [2], [2], [0], [1], False)  # unbatched [C, L]
        self.assertEqual(tuple(got.shape), (3, 4))

    def test_adaptive_pool(self):
        F = torch.nn.functional
        x = torch.randn(2, 3, 7, 10)
        got = S["kwb_adaptive_pool"](x, "avg", [3, None])
        self.assertLess(rel(got, F.adaptive_avg_pool2d(x, (3, None))), 1e-6)
        x3 = torch.randn(1, 2, 5, 4, 9)
        got = S["kwb_adaptive_pool"](x3, "max", [2, 3, 4])
        self.assertLess(rel(got, F.adaptive_max_pool3d(x3, (2, 3, 4))), 1e-6)
        got = S["kwb_adaptive_pool"](torch.randn(4, 13), "avg", [5])  # unbatched 1-D
        self.assertEqual(tuple(got.shape), (4, 5))


class _Probe:
    """A cute.Tensor standing in for a span of n elements that are never allocated: records every flat index read or
    written, asserts it lies in [0, n), reads 1.0 (the far-end tests need the index arithmetic, not the values)."""

    def __init__(self, n, dtype):
        self.n, self.element_type, self.seen = n, cutlass._BY_TORCH[dtype], []

    def _at(self, i):
        i = int(cutlass._raw(i))
        assert 0 <= i < self.n, "flat index %d outside [0, %d)" % (i, self.n)
        self.seen.append(i)
        return i

    def __getitem__(self, i):
        self._at(i)
        return cutlass.Val(torch.tensor(1.0))

    def __setitem__(self, i, v):
        self._at(i)


class CuteStagesInt64(unittest.TestCase):
    """Extents of 2**31 elements or more (level 1's 46_ pools a [16, 32, 128, 128, 256] input): every stage's host
    passes its sizes and strides through its launch (the emulation's compile raises OverflowError where one would not
    fit an Int32 argument), and the last CTA of a launch that large indexes inside its tensors (an Int32 flat index
    would wrap negative there). Tensors are on the meta device and launches dry (recorded, not run) except one CTA."""

    def setUp(self):
        cute.dry = []

    def tearDown(self):
        cute.dry = None

    def big(self, *shape, dtype=torch.bfloat16):
        return torch.empty(shape, dtype=dtype, device="meta")

    def test_every_stage_takes_2_31_elements(self):
        x = self.big(16, 32, 128, 128, 256)  # level 1's 46_ input: 2**31 elements
        self.assertEqual(x.numel(), 2 ** 31)
        y = S["kwb_pool"](x, "avg", [3, 3, 3], [2, 2, 2], [1, 1, 1], [1, 1, 1], False)
        self.assertEqual(tuple(y.shape), (16, 32, 64, 64, 128))
        S["kwb_pool"](x, "max", [3, 3, 3], [2, 2, 2], [1, 1, 1], [1, 1, 1], False)
        S["kwb_adaptive_pool"](x, "avg", [4, 4, 4])
        w = self.big(256)
        S["kwb_pointwise"](x, _epi_add_mul, (w, self.big(128, 1), self.big(1)), (2.0,))
        S["kwb_reduce"](x, [1], "sum")
        S["kwb_reduce"](x, [], "amax")
        S["kwb_var"](x, [4], 1.0)
        S["kwb_softmax"](x, 2)
        S["kwb_group_norm"](x, 4, self.big(32), self.big(32), 1e-5)
        S["kwb_layer_norm"](x, [256], w, w, 1e-5)
        S["kwb_batch_norm"](x, self.big(32), self.big(32), self.big(32, dtype=torch.float32),
                            self.big(32, dtype=torch.float32), True, 0.1, 1e-5)
        S["kwb_gemm"](self.big(65536, 64), self.big(32769, 64))  # C of 65536 x 32769 > 2**31 elements
        grids = [g for _, g, _ in cute.dry]
        self.assertEqual(grids[0], [2 ** 28 // S["PW_THREADS"], 1, 1])  # the avg pool: one thread per output
        self.assertEqual(grids[-1], [4096, 2049, 1])

    def far_end(self, call, spans):
        """Runs the last CTA of the last launch `call` records, its tensors replaced by probes of `spans`' sizes;
        returns the probes."""
        call()
        launcher, grid, block = cute.dry[-1]
        cute.dry = None
        args = list(launcher.args)
        probes = []
        for i, a in enumerate(args):
            if isinstance(a, cute.Tensor):
                args[i] = _Probe(a.t.numel(), a.t.dtype)
                probes.append(args[i])
        launcher.args = tuple(args)
        launcher.run_block(tuple(g - 1 for g in grid), block)
        return probes

    def test_pointwise_last_cta(self):
        n = 2 ** 31 + 100  # the last CTA holds elements past 2**31
        probes = self.far_end(lambda: S["kwb_pointwise"](self.big(n), _epi_add_mul, (self.big(1), self.big(1)),
                                                         (0.0,)), None)
        x, out = probes[0], probes[1]
        self.assertEqual(max(out.seen), n - 1)
        self.assertEqual(sorted(out.seen), list(range(n // 256 * 256, n)))

    def test_pool_last_cta(self):
        x = self.big(64, 32, 128, 128, 256)  # 2**33 elements: offsets past 2**31 and 2**32
        probes = self.far_end(lambda: S["kwb_pool"](x, "avg", [3, 3, 3], [2, 2, 2], [1, 1, 1], [1, 1, 1], False),
                              None)
        xs, ys = probes[0], probes[1]
        self.assertEqual(max(ys.seen), 64 * 32 * 64 * 64 * 128 - 1)
        # the last output's window: d, h, w in {125, 126, 127} x {253, 254, 255} of the last (n, c) plane
        self.assertEqual(max(xs.seen), x.numel() - 1)
        self.assertIn(x.numel() - 1 - 2 * 256 - 2 * 128 * 256, xs.seen)

    def test_reduce_rows_last_cta(self):
        rows = 2 ** 29 + 3  # 4 elements a row: offsets past 2**31
        probes = self.far_end(lambda: S["kwb_reduce"](self.big(rows, 4), [1], "sum"), None)
        xs, out = probes[0], probes[1]
        self.assertEqual(sorted(out.seen), list(range(rows // 4 * 4, rows)))
        self.assertEqual(max(xs.seen), rows * 4 - 1)


class CuteConv(unittest.TestCase):
    """conv_forward (session 32): the direct convolution against torch's, 1-D to 3-D, standard and transposed, with
    stride, padding, dilation, output_padding, groups, no bias, a strided x, an unbatched x, bf16, a fused epilogue
    reading a per-channel tensor, out= a channel slice of a wider buffer, and reduce= after it."""

    class _M:  # conv_forward's model argument: it records last_path / last_grid_blocks in __dict__
        pass

    def setUp(self):
        torch.manual_seed(0)

    def run_case(self, spatial, transposed, cin, cout, groups, k, stride, pad, dil, opad, size, bias=True,
                 dtype=torch.float32):
        F = torch.nn.functional
        fn = [[F.conv1d, F.conv2d, F.conv3d], [F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d]][
            transposed][spatial - 1]
        x = torch.randn([2, cin] + [size] * spatial).to(dtype)
        wshape = [cin, cout // groups] if transposed else [cout, cin // groups]
        w = torch.randn(wshape + list(k)).to(dtype)
        b = torch.randn(cout).to(dtype) if bias else None
        spec = S["ConvSpec"](spatial, stride, pad, dil, opad, groups, transposed)
        m = self._M()
        got = S["conv_forward"](m, x, w, b, spec)
        kw = dict(stride=stride, padding=pad, dilation=dil, groups=groups)
        if transposed:
            kw["output_padding"] = opad
        want = fn(x.float(), w.float(), None if b is None else b.float(), **kw)
        self.assertEqual(tuple(got.shape), tuple(want.shape))
        self.assertEqual(got.dtype, dtype)
        self.assertEqual(m.last_path, "direct")
        self.assertLess(rel(got, want), 1e-2 if dtype == torch.bfloat16 else 1e-6)
        return x, w, b, spec, want

    def test_standard_1d_2d_3d(self):
        self.run_case(1, False, 4, 6, 2, (3,), (2,), (1,), (2,), (0,), 9)
        self.run_case(2, False, 3, 4, 1, (3, 2), (1, 2), (1, 0), (1, 1), (0, 0), 6, bias=False)
        self.run_case(3, False, 2, 2, 2, (2, 2, 3), (1, 1, 2), (0, 1, 1), (1, 2, 1), (0, 0, 0), 4)

    def test_transposed_1d_2d_3d(self):
        self.run_case(1, True, 4, 6, 2, (3,), (2,), (1,), (1,), (1,), 7)
        self.run_case(2, True, 3, 4, 1, (3, 3), (2, 2), (1, 1), (1, 1), (1, 1), 4)  # level 2's 2_ at a small size
        self.run_case(3, True, 2, 4, 2, (2, 3, 2), (2, 1, 2), (0, 1, 1), (1, 2, 1), (1, 0, 0), 3, bias=False)

    def test_bf16_epilogue_out_slice_reduce(self):
        x, w, b, spec, want = self.run_case(2, False, 3, 4, 1, (3, 3), (1, 1), (1, 1), (1, 1), (0, 0), 5,
                                            dtype=torch.bfloat16)
        m = self._M()
        e0 = torch.randn(4, 1, 1)  # per channel, broadcast over the output
        got = S["conv_forward"](m, x.float(), w.float(), b.float(), spec, epi=_epi_add_mul,
                                epi_tensors=(e0, e0), epi_scalars=(0.5,))
        self.assertLess(rel(got, (want + e0) * e0 + 0.5), 1e-6)
        buf = torch.zeros(2, 9, 5, 5)  # a cat's buffer: the convolution writes channels 3..6
        got = S["conv_forward"](m, x.float(), w.float(), b.float(), spec, out=buf[:, 3:7])
        self.assertEqual(got.data_ptr(), buf[:, 3:7].data_ptr())
        self.assertLess(rel(buf[:, 3:7], want), 1e-6)
        self.assertEqual(float(buf[:, :3].abs().sum() + buf[:, 7:].abs().sum()), 0.0)
        got = S["conv_forward"](m, x.float(), w.float(), b.float(), spec, reduce="mean", keepdim=False)
        self.assertLess(rel(got, want.mean([2, 3])), 1e-6)
        got, st = S["conv_forward"](m, x.float(), w.float(), b.float(), spec, stats=True)
        self.assertIsNone(st)

    def test_strided_and_unbatched(self):
        x = torch.randn(5, 5, 3, 2).permute(3, 2, 0, 1)  # [2, 3, 5, 5] channels-last-like strides
        w = torch.randn(4, 3, 3, 3)
        spec = S["ConvSpec"](2, (1, 1), (1, 1), (1, 1), (0, 0), 1, False)
        got = S["conv_forward"](self._M(), x, w, None, spec)
        self.assertLess(rel(got, torch.nn.functional.conv2d(x, w, padding=1)), 1e-6)
        got = S["conv_forward"](self._M(), x[0], w, None, spec)
        self.assertLess(rel(got, torch.nn.functional.conv2d(x[:1], w, padding=1)[0]), 1e-6)


class CuteRows(unittest.TestCase):
    """kwb_rows (session 32): the Triton stage's sibling reductions, one CuTe DSL launch each here: a later one's
    prologue reading the earlier results per row (an int among its pre_tensors), max / min aliases, var / std with a
    correction, post on a kept or unkept result, bf16 rows; prod raises."""

    def setUp(self):
        torch.manual_seed(0)

    def test_cosine_logsumexp_std_post(self):
        a, b = torch.randn(5, 3, 37), torch.randn(5, 3, 37)
        # cosine similarity along dim 2 (kept as [5, 3, 1]), the third sum reading both norms per row
        res = S["kwb_rows"]([(a, [2], "sum", True, _sq, (), (), torch.float32),
                             (b, [2], "sum", True, _sq, (), (), torch.float32),
                             (a, [-1], "sum", False, _cos, (0, 1, b), (), torch.float32)])
        want = torch.nn.functional.cosine_similarity(a, b, dim=2)
        self.assertEqual(tuple(res[2].shape), (5, 3))
        self.assertLess(rel(res[2], want), 1e-6)
        # logsumexp written out (max alias), then m + log(s) as post on the unkept sum
        res = S["kwb_rows"]([(a, [1], "max", True, None, (), (), None),
                             (a, [1], "sum", False, _exp_sub, (0,), (), torch.float32)],
                            post=_add_log, post_src=1, post_tensors=(0,), post_scalars=())
        self.assertEqual(tuple(res[2].shape), (5, 37))
        self.assertLess(rel(res[2], torch.logsumexp(a, 1)), 1e-6)
        # std with correction 0 and var with 2 over two dims, bf16 rows
        x = torch.randn(4, 6, 9).to(torch.bfloat16)
        res = S["kwb_rows"]([(x, [0, 2], "std", False, None, (), (), None, 0.0),
                             (x, [0, 2], "var", True, None, (), (), None, 2.0),
                             (x, [0, 2], "min", True, None, (), (), None)])
        self.assertEqual(res[0].dtype, torch.bfloat16)
        self.assertLess(rel(res[0], x.float().std([0, 2], unbiased=False)), 1e-2)
        self.assertLess(rel(res[1], x.float().var([0, 2], keepdim=True) * 35 / 34), 1e-2)  # 36 a row, correction 2
        self.assertEqual(float((res[2].float() - x.float().amin([0, 2], keepdim=True)).abs().max()), 0.0)
        with self.assertRaises(NotImplementedError):
            S["kwb_rows"]([(a, [1], "prod", True, None, (), (), None)])

    def test_reduce_multi_one_launch_each(self):
        # kwb_reduce_multi (session 42): the Triton stage's sibling reductions, one kwb_reduce each here: a whole-tensor
        # sum of squares (fp32 values of a bf16 x) beside its mean (bf16) and a per-row amax kept
        x = torch.randn(6, 33).to(torch.bfloat16)
        res = S["kwb_reduce_multi"]([(x, [], "sum", False, _sq, (), (), torch.float32),
                                     (x, [], "mean", False, None, (), (), None)])
        self.assertEqual([r.dtype for r in res], [torch.float32, torch.bfloat16])
        self.assertLess(rel(res[0], (x.float() ** 2).sum()), 1e-5)
        self.assertLess(rel(res[1].float(), x.float().mean()), 1e-2)
        a = torch.randn(5, 7)
        res = S["kwb_reduce_multi"]([(a, [1], "amax", True, None, (), (), None),
                                     (a, [-1], "prod", False, None, (), (), None)])
        self.assertEqual(tuple(res[0].shape), (5, 1))
        self.assertLess(rel(res[0], a.amax(1, True)), 1e-6)
        self.assertLess(rel(res[1], a.prod(1)), 1e-5)


@cute.jit
def _sq(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return acc * acc


@cute.jit
def _cos(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return acc * e2_v / (cute.math.sqrt(e0_v) * cute.math.sqrt(e1_v))


@cute.jit
def _exp_sub(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return cute.math.exp(acc - e0_v)


@cute.jit
def _add_log(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
    return e0_v + cute.math.log(acc)


class StageSetText(unittest.TestCase):
    """The stage set as cutechain.cpp pastes it: sections by their '# ==== stage:' headers, the shared host helpers
    (chain_host.py) after common; every name defined once across them and the Triton library (session 31)."""

    def test_sections_and_names_once(self):
        import ast
        import re
        kernels = os.path.join(ROOT, "resources", "templates", "kernels")
        texts = {n: open(os.path.join(kernels, n), encoding="utf-8").read()
                 for n in ("cutedsl_stages.py", "chain_host.py", "triton_stages.py")}
        cute = texts["cutedsl_stages.py"]
        defined = {}
        for name in ("cutedsl_stages.py", "chain_host.py"):
            for node in ast.parse(texts[name]).body:
                if isinstance(node, ast.FunctionDef):
                    self.assertNotIn(node.name, defined, "defined twice: " + node.name)
                    defined[node.name] = name
        host = {n for n, f in defined.items() if f == "chain_host.py"}
        self.assertEqual(host, {"kwb_size", "kwb_at_spec", "kwb_pool_len", "_kwb_attn_out", "_kwb_attn_maskb",
                                "_kwb_attn_cmp_code",
                                "_kwb_attn_bias", "kwb_attn_rep", "_kwb_attn_band", "_kwb_index2_views",
                                "_kwb_index2_result", "_kwb_upsample_plan", "_kwb_nll_views", "kwb_cat_starts",
                                "kwb_sort", "kwb_kthvalue", "kwb_max_dim", "_kwb_conv_pairs", "_kwb_im2col_plan",
                                "_kwb_col2im_plan", "kwb_int_arg",  # kwb_int_arg: dtype40, both stage sets
                                # const41: the weight-only launches' cache, one copy for both stage sets
                                "kwb_state_get", "kwb_state_put", "kwb_state_versions", "_kwb_state_key",
                                # host46: the launch-plan cache (Triton chain kernels only, one copy)
                                "kwb_plan_call", "_kwb_plan_key", "_kwb_plan_build", "_kwb_plan_record",
                                "_kwb_plan_recorder", "_kwb_plan_view", "_kwb_plan_unsafe_module",
                                "_kwb_plan_held_tensor",
                                "_kwb_storage_ptr"})
        # nor in the Triton files pasted beside chain_host.py (kwb_cat_starts was in triton_epilogue.py: cute36)
        for name in ("triton_stages.py", "triton_epilogue.py"):
            text = texts.get(name) or open(os.path.join(kernels, name), encoding="utf-8").read()
            triton = {n.name for n in ast.parse(text).body if isinstance(n, ast.FunctionDef)}
            self.assertFalse(host & triton, "a host helper is still in " + name)
        # every launcher a section header names is defined in that section
        heads = list(re.finditer(r"^# ==== stage: ([\w ]+)\n", cute, re.M))
        # chain_host.py's "# ==== host:" sections go with stage sections (pasted when forward() calls a name in
        # their header): each header names the stage set's launchers or forward()-called helpers the section
        # defines (kwb_attn_rep) (tidy33: the attention helpers' one copy, session 33)
        launchers = {n for h in heads for n in h.group(1).split()}
        hosts = list(re.finditer(r"^# ==== host: ([\w ]+)\n", texts["chain_host.py"], re.M))
        self.assertTrue(hosts)
        for i, h in enumerate(hosts):
            text = texts["chain_host.py"]
            body = text[h.end():hosts[i + 1].start() if i + 1 < len(hosts) else len(text)]
            own = {n.name for n in ast.parse(body).body if isinstance(n, ast.FunctionDef)}
            self.assertLessEqual(set(h.group(1).split()), launchers | own, h.group(1))
        self.assertIn("_kwb_attn_bias(", cute)
        self.assertEqual(heads[0].group(1), "common")
        for i, h in enumerate(heads):
            body = cute[h.end():heads[i + 1].start() if i + 1 < len(heads) else len(cute)]
            for launcher in h.group(1).split()[1 if h.group(1) == "common" else 0:]:
                # or in a chain_host.py host section of the same name (kwb_sort / kwb_kthvalue / kwb_max_dim: kwb_topk
                # calls shared with the Triton stages; the stage header names them so that kwb_topk's section goes along)
                if launcher not in host:
                    self.assertIn("\ndef %s(" % launcher, "\n" + body, launcher)


class CuteAttention(unittest.TestCase):
    """kwb_attention (session 33, cute33a): the Triton stage's call on the CuTe DSL stage set against softmax(where(
    keep, scale q kᵀ + bias, fill)) v in PyTorch: the index predicate (causal, upper, band; -inf and finite fills, a
    row with nothing kept), a mask tensor (both keep senses), an additive bias, K / V per KV head (GQA), bf16, and a
    query / key / head-dim tail past one CTA's 64 rows, one key tile and 32 output columns; kwb_masked_softmax, the
    same scores without the GEMMs."""

    def setUp(self):
        torch.manual_seed(0)

    @staticmethod
    def ref(q, kt, v, scale, lo=None, hi=None, fill=float("-inf"), mask=None, mask_keep=False, rep=1, bias=None,
            bias_scale=1.0):
        lq, lk = q.shape[-2], kt.shape[-1]
        q3 = q.float().reshape(-1, lq, q.shape[-1])
        k3 = kt.float().reshape(-1, kt.shape[-2], lk).repeat_interleave(rep, 0)
        v3 = v.float().reshape(-1, lk, v.shape[-1]).repeat_interleave(rep, 0)
        s = scale * q3 @ k3
        if bias is not None:
            s = s + bias_scale * bias.float().expand(list(q.shape[:-2]) + [lq, lk]).reshape(-1, lq, lk)
        i, j = torch.arange(lq)[:, None], torch.arange(lk)[None, :]
        keep = torch.ones(lq, lk, dtype=torch.bool)
        if lo is not None:
            keep &= j - i >= lo
        if hi is not None:
            keep &= j - i <= hi
        if mask is not None:
            keep &= (mask.reshape(lq, lk) != 0) == mask_keep
        s = torch.where(keep, s, torch.tensor(fill))
        return (torch.softmax(s, -1) @ v3).reshape(list(q.shape[:-2]) + [lq, v.shape[-1]])

    def check(self, got, want, what, tol=1e-5):
        self.assertEqual(got.dtype, torch.float32 if tol < 1e-3 else torch.bfloat16, what)
        self.assertTrue(torch.equal(torch.isnan(got.float()), torch.isnan(want)), what)  # NaN rows as torch's
        self.assertLess(rel(torch.nan_to_num(got.float()), torch.nan_to_num(want)), tol, what)

    def test_predicates_masks_bias_gqa(self):
        att = S["kwb_attention"]
        b, h, n, d = 2, 2, 5, 4
        q, k, v = torch.randn(b, h, n, d), torch.randn(b, h, n, d), torch.randn(b, h, n, 3)
        kt = k.transpose(-2, -1)  # Kᵀ at strides, as forward() passes it
        m = torch.rand(n, n) > 0.5
        bias = torch.randn(1, h, n, n)
        kg, vg = torch.randn(b, 1, n, d), torch.randn(b, 1, n, 3)
        cases = [
            ("plain", att(q, kt, v, 0.5), self.ref(q, kt, v, 0.5)),
            ("causal", att(q, kt, v, 0.5, diag=0), self.ref(q, kt, v, 0.5, hi=0)),
            ("causal finite fill", att(q, kt, v, 0.5, diag=0, fill=-1e9), self.ref(q, kt, v, 0.5, hi=0, fill=-1e9)),
            # keys above the diagonal kept: the last row keeps none (NaN under -inf, the mean of V under fill 0)
            ("upper -inf", att(q, kt, v, 0.5, diag=0, lower=False), self.ref(q, kt, v, 0.5, lo=1)),
            ("upper fill 0", att(q, kt, v, 0.5, diag=0, lower=False, fill=0.0),
             self.ref(q, kt, v, 0.5, lo=1, fill=0.0)),
            ("band", att(q, kt, v, 0.5, diag=0, band=2), self.ref(q, kt, v, 0.5, lo=-1, hi=0)),
            ("mask", att(q, kt, v, 0.5, mask=m, fill=-1e9), self.ref(q, kt, v, 0.5, mask=m, fill=-1e9)),
            ("mask keep", att(q, kt, v, 0.5, mask=m.view(1, 1, n, n), mask_keep=True),
             self.ref(q, kt, v, 0.5, mask=m, mask_keep=True)),
            ("bias", att(q, kt, v, 0.5, diag=0, bias=bias, bias_scale=0.7),
             self.ref(q, kt, v, 0.5, hi=0, bias=bias, bias_scale=0.7)),
            ("gqa", att(q, kg.transpose(-2, -1), vg, 0.5, diag=0, k_rep=2, v_rep=2),
             self.ref(q, kg.transpose(-2, -1), vg, 0.5, hi=0, rep=2)),
        ]
        for what, got, want in cases:
            self.check(got, want, what)
        self.assertEqual((S["kwb_attn_last"]["k_rep"], S["kwb_attn_last"]["v_rep"]), (2, 2))  # read in place
        qb, kb, vb = q.bfloat16(), k.bfloat16(), v.bfloat16()
        self.check(att(qb, kb.transpose(-2, -1), vb, 0.5, diag=0), self.ref(qb, kb.transpose(-2, -1), vb, 0.5, hi=0),
                   "bf16", 1e-2)
        with self.assertRaises(ValueError):
            att(q, kt, torch.randn(b, h, n + 1, 3), 0.5)

    def test_key_padding_mask_per_entry(self):
        # session 37 (attn37): a mask with batch dims, broadcast over the entries as the bias (a BERT key-padding mask
        # [B, 1, 1, S] over [B, H], beside the causal predicate; [B, 1, S, S]); entry 0 fully masked: NaN rows
        att, msm = S["kwb_attention"], S["kwb_masked_softmax"]
        b, h, n, d = 2, 2, 5, 4
        q, k, v = torch.randn(b, h, n, d), torch.randn(b, h, n, d), torch.randn(b, h, n, 3)
        keep = torch.tensor([[False] * n, [True] * (n - 2) + [False] * 2])
        full = torch.rand(b, 1, n, n) > 0.4
        for what, m, causal in (("[B, 1, 1, S] + causal", keep[:, None, None, :], True), ("[B, 1, S, S]", full, False)):
            s = 0.5 * q @ k.transpose(-2, -1)
            if causal:
                s = s.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float("-inf"))
            s = s.masked_fill(~m, float("-inf"))
            want = torch.softmax(s, -1) @ v
            got = att(q, k.transpose(-2, -1), v, 0.5, diag=0 if causal else None, mask=m, mask_keep=True, pv_ieee=True)
            self.check(got, want, what)
            self.check(msm(0.5 * q @ k.transpose(-2, -1), 1.0, diag=0 if causal else None, mask=m, mask_keep=True),
                       torch.softmax(s, -1), what + " (masked softmax)")

    def test_tails(self):
        # 70 query rows (two CTAs of 64), 37 keys (three tiles of 16), 35 output columns (two CTAs of 32)
        q, k, v = torch.randn(1, 70, 3), torch.randn(1, 37, 3), torch.randn(1, 37, 35)
        got = S["kwb_attention"](q, k.transpose(-2, -1), v, 0.3, diag=-5)
        self.check(got, self.ref(q, k.transpose(-2, -1), v, 0.3, hi=-5), "tail")
        self.assertEqual(S["kwb_attn_last"]["blocks"], 4)

    def test_masked_softmax(self):
        # kwb_masked_softmax: the same scores without the GEMMs (one warp per row: 37 columns, two lanes' worth)
        msm = S["kwb_masked_softmax"]
        x = torch.randn(2, 5, 37)
        xs = x.transpose(0, 1).contiguous().transpose(0, 1)  # the same values at other strides
        m = torch.rand(5, 37) > 0.5
        bias = torch.randn(5, 37)
        cases = [
            ("causal", msm(x, 0.5, diag=0), dict(hi=0)),
            ("upper, rows with nothing kept", msm(x, 0.5, diag=33, lower=False), dict(lo=34)),
            ("mask, finite fill", msm(x, 0.5, mask=m, fill=-5000.0), dict(mask=m, fill=-5000.0)),
            ("band, bias, strided", msm(xs, 0.5, diag=3, band=4, bias=bias, bias_scale=0.3),
             dict(lo=0, hi=3, bias=bias, bias_scale=0.3)),
        ]
        for what, got, kw in cases:
            lo, hi = kw.pop("lo", None), kw.pop("hi", None)
            want = torch.softmax(self._scores(x, 0.5, lo, hi, **kw), -1)
            self.check(got, want, what)
        got = msm(x.bfloat16(), 0.5, diag=0, out_dtype=torch.float32)
        self.check(got, torch.softmax(self._scores(x.bfloat16().float(), 0.5, None, 0), -1), "bf16 in, fp32 out")

    @staticmethod
    def _scores(x, scale, lo, hi, fill=float("-inf"), mask=None, bias=None, bias_scale=1.0):
        lq, n = x.shape[-2], x.shape[-1]
        s = scale * x.float() + (bias_scale * bias.float() if bias is not None else 0.0)
        i, j = torch.arange(lq)[:, None], torch.arange(n)[None, :]
        keep = torch.ones(lq, n, dtype=torch.bool)
        if lo is not None:
            keep &= j - i >= lo
        if hi is not None:
            keep &= j - i <= hi
        if mask is not None:
            keep &= mask == 0
        return torch.where(keep, s, torch.tensor(fill))



class CuteScan(unittest.TestCase):
    """kwb_scan / kwb_cumsum (session 34, cute34): one warp per row, chunks of 32 scanned by shuffle_sync_up with the
    running value carried from lane 31, against torch.cumsum / cumprod / cummax / cummin / logcumsumexp: a row of 37
    (two chunks, the second partial), a middle dim (rows read at a stride), a NaN and a -inf in the row, bf16, an
    epilogue with a broadcast tensor (a kwb_pointwise launch after), and cummax's indices refused."""

    def setUp(self):
        torch.manual_seed(0)

    def test_ops_dims_nan(self):
        x = torch.randn(2, 37, 2)
        x[1, 5, 0] = float("nan")
        x[0, 3, 1] = float("-inf")
        cases = [("sum", 1, torch.cumsum), ("prod", 1, torch.cumprod),
                 ("max", 1, lambda a, d: torch.cummax(a, d).values),
                 ("min", -1, lambda a, d: torch.cummin(a, d).values),
                 ("logsumexp", 1, torch.logcumsumexp)]
        for op, d, ref in cases:
            xs = x * 0.1 + 1.0 if op == "prod" else x  # cumprod of 37 values near 1: no overflow to inf
            got, want = S["kwb_scan"](xs, d, op), ref(xs, d)
            self.assertEqual((got.dtype, tuple(got.shape)), (torch.float32, tuple(x.shape)), op)
            self.assertTrue(torch.equal(torch.isnan(got), torch.isnan(want)), op)
            self.assertTrue(torch.allclose(got, want, rtol=1e-5, atol=1e-5, equal_nan=True), op)

    def test_cumsum_strided_bf16_epilogue(self):
        x = torch.randn(33, 3).t()  # a row of 33 along the last dim, at stride 3: the contiguous copy
        got = S["kwb_cumsum"](x.bfloat16(), 1)
        self.assertEqual(got.dtype, torch.bfloat16)
        self.assertLess(rel(got, torch.cumsum(x.bfloat16().float(), 1)), 1e-2)
        e0, e1 = torch.randn(1, 33), torch.randn(3, 1)  # (cumsum + e0) * e1 + 0.5, each broadcast
        got = S["kwb_cumsum"](x, 1, _epi_add_mul, (e0, e1), (0.5,))
        self.assertLess(rel(got, (torch.cumsum(x, 1) + e0) * e1 + 0.5), 1e-6)
        with self.assertRaises(NotImplementedError):
            S["kwb_scan"](x, 1, "max", indices=True)

    def test_prologue_and_shift_unfused(self):
        # session 46 (scan46): pre= a kwb_pointwise launch first (fp32), shift= a kwb_cat of a kwb_full column cut
        # back to x's length: torch's cumprod(cat([ones, pre(x)]))[:, :-1]; bf16 x with out_dtype fp32
        x = torch.rand(3, 37) + 0.5
        e0, e1 = torch.randn(1, 37), torch.randn(3, 1)
        y = (x + e0) * e1 + 0.5
        for op, ref, c in (("prod", torch.cumprod, 1.0), ("sum", torch.cumsum, 2.0)):
            got = S["kwb_scan"](x, 1, op, pre=_epi_add_mul, pre_tensors=(e0, e1), pre_scalars=(0.5,), shift=c)
            want = ref(torch.cat([torch.full_like(y[:, :1], c), y], 1), 1)[:, :-1]
            self.assertEqual(tuple(got.shape), tuple(x.shape))
            self.assertLess(rel(got, want), 1e-5, op)
        got = S["kwb_cumsum"](x.bfloat16(), 1, pre=_epi_add_mul, pre_tensors=(e0, e1), pre_scalars=(0.5,),
                              out_dtype=torch.float32)
        self.assertEqual(got.dtype, torch.float32)
        self.assertLess(rel(got, torch.cumsum((x.bfloat16().float() + e0) * e1 + 0.5, 1)), 1e-5)


class CuteGather(unittest.TestCase):
    """The gathers (session 34, cute34): kwb_embedding, kwb_index, kwb_index2 and kwb_gather on one kernel (an output
    element per thread, its index or index pair read at the output's coordinates) against PyTorch: negative indices,
    a transposed weight, a permuted x, int32 indices, bf16, and 300 elements (two CTAs)."""

    def test_embedding_index(self):
        w = torch.randn(10, 6)
        idx = torch.tensor([[1, -1, 3], [9, 0, 2]])
        self.assertTrue(torch.equal(S["kwb_embedding"](w, idx), w[idx]))
        wt = torch.randn(6, 10).t()  # weight at strides (1, 6)
        self.assertTrue(torch.equal(S["kwb_embedding"](wt, idx.int()), wt[idx]))
        wb = torch.randn(60, 5).bfloat16()  # 300 outputs: two CTAs of 256
        ib = torch.randint(0, 60, (60,))
        self.assertTrue(torch.equal(S["kwb_embedding"](wb, ib), wb[ib]))
        x = torch.randn(2, 5, 4, 3)
        i = torch.tensor([[0, -1], [2, 1]])
        got = S["kwb_index"](x, i, 1)
        self.assertEqual(tuple(got.shape), (2, 2, 2, 4, 3))
        self.assertTrue(torch.equal(got, x[:, i]))

    def test_index2_gather(self):
        x = torch.randn(2, 5, 5, 3).permute(0, 3, 1, 2)
        li, lj = torch.tril_indices(5, 5)
        self.assertTrue(torch.equal(S["kwb_index2"](x, li, lj, 2), x[:, :, li, lj]))
        self.assertTrue(torch.equal(S["kwb_index2"](x, li - 5, lj, 2), x[:, :, li, lj]))  # negative: from the end
        with self.assertRaises(ValueError):
            S["kwb_index2"](x, li, lj[:-1], 2)
        x = torch.randn(3, 4, 5).transpose(0, 2)  # [5, 4, 3] at strides
        t = torch.randint(0, 4, (5, 2, 3))
        self.assertTrue(torch.equal(S["kwb_gather"](x, 1, t), torch.gather(x, 1, t)))
        t = torch.randint(0, 5, (2, 4, 1))
        self.assertTrue(torch.equal(S["kwb_gather"](x.bfloat16(), 0, t), torch.gather(x.bfloat16(), 0, t)))
        with self.assertRaises(ValueError):
            S["kwb_gather"](x, 1, t[0])


class CuteFill(unittest.TestCase):
    """kwb_full / kwb_arange / kwb_tri (session 34, cute34): one kernel, an output element per thread, against
    torch.full / arange / tril / triu: int64 and a negative step, bool and bf16 fills, tril / triu of a transposed
    input at three diagonals, 300 elements (two CTAs)."""

    def test_full_arange_tri(self):
        self.assertTrue(torch.equal(S["kwb_arange"](2, 300, 3, torch.int64, "cpu"), torch.arange(2, 902, 3)))
        self.assertTrue(torch.equal(S["kwb_arange"](0.5, 7, -0.25, torch.float32, "cpu"),
                                    torch.arange(0.5, 0.5 - 7 * 0.25, -0.25)))
        self.assertTrue(torch.equal(S["kwb_full"]((3, 4), 1.0, torch.bool, "cpu"), torch.ones(3, 4, dtype=torch.bool)))
        self.assertTrue(torch.equal(S["kwb_full"]([3, 4], -2.5, torch.bfloat16, "cpu"),
                                    torch.full((3, 4), -2.5, dtype=torch.bfloat16)))
        x = torch.randn(2, 5, 7).transpose(1, 2)
        for d in (-1, 0, 2):
            self.assertTrue(torch.equal(S["kwb_tri"](x, d, False), torch.tril(x, d)), d)
            self.assertTrue(torch.equal(S["kwb_tri"](x, d, True), torch.triu(x, d)), d)
        with self.assertRaises(ValueError):
            S["kwb_tri"](torch.randn(4), 0, False)


class CutePnorm(unittest.TestCase):
    """kwb_pnorm (session 34, cute34): kwb_reduce's row kernel with |x|, |x|^p, x * x or x != 0 on load, against
    torch.linalg.vector_norm: p 1, 2, 3.5, 0 (a zero in the row), +-inf over one dim, two non-adjacent dims and all
    dims; a prologue (a pairwise distance's x - y + eps, one kwb_pointwise launch first); a negative p refused."""

    def setUp(self):
        torch.manual_seed(0)

    def test_orders_dims_prologue(self):
        x = torch.randn(3, 37, 4)
        x[0, 0, 0] = 0.0
        for p in (1, 2, 3.5, 0, float("inf"), float("-inf")):
            for dims, keep in (([1], False), ([0, 2], True), ([], False)):
                got = S["kwb_pnorm"](x, dims, p, keep)
                want = torch.linalg.vector_norm(x, p, dim=dims or None, keepdim=keep)
                self.assertEqual(tuple(got.shape), tuple(want.shape), (p, dims))
                self.assertLess(rel(got, want), 1e-5, (p, dims))
        y = torch.randn(3, 37, 4)

        @cute.jit
        def sub_eps(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):
            return acc - e0_v + f0

        got = S["kwb_pnorm"](x, [2], 1.5, False, pre=sub_eps, pre_tensors=(y,), pre_scalars=(1e-6,))
        self.assertLess(rel(got, torch.linalg.vector_norm(x - y + 1e-6, 1.5, dim=2)), 1e-5)
        got = S["kwb_pnorm"](x.bfloat16(), [1], 2.0, True)
        self.assertEqual(got.dtype, torch.bfloat16)
        self.assertLess(rel(got, torch.linalg.vector_norm(x.bfloat16().float(), 2.0, dim=1, keepdim=True)), 1e-2)
        with self.assertRaises(ValueError):
            S["kwb_pnorm"](x, [1], -1.0)

    def test_epilogue(self):
        # session 43 (pnorm43): epi= on the norm (F.normalize's clamp; a kwb_pointwise launch after it in the CuTe
        # DSL), its tensors at the result's shape (keepdim or not), out_dtype
        x = torch.randn(3, 37, 4)
        x[1, :, 2] = 0.0
        e0, e1 = torch.randn(4), torch.randn(3, 1)
        for p in (1, 2, 3.5, 0, float("inf")):
            got = S["kwb_pnorm"](x, [1], p, False, epi=_epi_add_mul, epi_tensors=(e0, e1), epi_scalars=(0.5,))
            self.assertLess(rel(got, (torch.linalg.vector_norm(x, p, dim=1) + e0) * e1 + 0.5), 1e-5, p)
        got = S["kwb_pnorm"](x, [1], 2.0, True, epi=_epi_add_mul, epi_tensors=(e0, e1.unsqueeze(1)),
                             epi_scalars=(0.5,), out_dtype=torch.bfloat16)
        self.assertEqual(got.dtype, torch.bfloat16)
        want = (torch.linalg.vector_norm(x, 2.0, dim=1, keepdim=True) + e0) * e1.unsqueeze(1) + 0.5
        self.assertLess(rel(got, want), 1e-2)


class CuteIndexMaps(unittest.TestCase):
    """kwb_pad / kwb_flip / kwb_roll / kwb_cat (session 35, cute35): the shift kernel's five modes on a transposed
    input (a crop among the constant pads), a cat of three strided parts with an epilogue, bf16; torch's bounds
    refused. Small shapes: every element is a Python call of the emulation."""

    def setUp(self):
        torch.manual_seed(0)

    def test_pad_modes_flip_roll(self):
        F = torch.nn.functional
        x = torch.randn(2, 3, 5, 4).transpose(2, 3)  # [2, 3, 4, 5] at strides (60, 20, 1, 4)
        for mode, pad in (("constant", (1, 2, 0, -1)), ("reflect", (2, 1, 3, 0)), ("replicate", (1, 2, 2, 1)),
                          ("circular", (1, 2, 0, 3))):
            want = F.pad(x, pad, mode=mode, value=0.5) if mode == "constant" else F.pad(x, pad, mode=mode)
            got = S["kwb_pad"](x, pad, 0.5, mode)
            self.assertTrue(torch.equal(got, want), mode)
        self.assertTrue(torch.equal(S["kwb_pad_view"](x[0], (1, 1)), F.pad(x[0], (1, 1))))
        self.assertTrue(torch.equal(S["kwb_flip"](x, [1, 3]), torch.flip(x, [1, 3])))
        self.assertTrue(torch.equal(S["kwb_roll"](x, (2, -1), (0, 3)), torch.roll(x, (2, -1), (0, 3))))
        xb = x.bfloat16()
        self.assertTrue(torch.equal(S["kwb_pad"](xb, (0, 1), -1.0, "constant"), F.pad(xb, (0, 1), value=-1.0)))
        with self.assertRaises(ValueError):
            S["kwb_pad"](x, (5, 0), 0.0, "reflect")  # a reflect pad at the dim's size: torch refuses it too

    def test_cat_strided_parts_epilogue(self):
        a, b = torch.randn(2, 3, 4), torch.randn(5, 2, 4).transpose(0, 1)
        c = torch.randn(4, 2, 1).permute(1, 2, 0)
        self.assertTrue(torch.equal(S["kwb_cat"]([a, b, c], 1), torch.cat([a, b, c], 1)))
        e0, e1 = torch.randn(1, 9, 1), torch.randn(4)
        got = S["kwb_cat_piece"]([a, b, c], -2, epi=_epi_add_mul, epi_tensors=(e0, e1), epi_scalars=(1.5,))
        self.assertLess(rel(got, (torch.cat([a, b, c], 1) + e0) * e1 + 1.5), 1e-6)
        self.assertEqual(S["kwb_cat_starts"](1, a, b, c), (3.0, 8.0))
        # a buffer written by slices (kwb_piecewise_reads off): each write one copy launch into its strided slice
        buf = torch.zeros(2, 9, 4)
        S["kwb_copy_into_piece"](buf[:, 3:8], lambda: S["kwb_pointwise_piece"](b, _epi_add_mul, (e1, e1)))
        self.assertTrue(torch.equal(buf[:, 3:8], S["kwb_pointwise"](b, _epi_add_mul, (e1, e1))))
        self.assertEqual(buf[:, :3].abs().sum().item(), 0.0)
        self.assertIs(S["kwb_piece_view"](buf), buf)


class CuteUpsample(unittest.TestCase):
    """kwb_upsample (session 35, cute35) against F.interpolate: nearest and nearest-exact by size, bilinear with
    per-dim scales and align_corners, bicubic both ways, linear 1-D and trilinear, a transposed input, an epilogue."""

    def setUp(self):
        torch.manual_seed(0)

    def test_modes(self):
        F = torch.nn.functional
        x = torch.randn(1, 2, 5, 4).transpose(2, 3)
        cases = [("nearest", dict(scale_factor=2.0), None, [2.0, 2.0]),
                 ("nearest-exact", dict(size=(7, 3)), (7, 3), None),
                 ("linear", dict(scale_factor=(1.5, 2.0), align_corners=False), None, [1.5, 2.0]),
                 ("linear", dict(size=(6, 9), align_corners=True), (6, 9), None),
                 ("bicubic", dict(size=(6, 7), align_corners=False), (6, 7), None),
                 ("bicubic", dict(scale_factor=2.0, align_corners=True), None, [2.0, 2.0])]
        for mode, kw, size, scales in cases:
            want = F.interpolate(x, mode={"linear": "bilinear"}.get(mode, mode), **kw)
            got = S["kwb_upsample"](x, mode, size, scales, kw.get("align_corners"))
            self.assertEqual(tuple(got.shape), tuple(want.shape), (mode, kw))
            self.assertLess(rel(got, want), 1e-6, (mode, kw))
        x1, x3 = torch.randn(1, 2, 5), torch.randn(1, 1, 3, 2, 2)
        self.assertLess(rel(S["kwb_upsample"](x1, "linear", None, [2.0], False),
                            F.interpolate(x1, scale_factor=2.0, mode="linear")), 1e-6)
        self.assertLess(rel(S["kwb_upsample"](x3, "linear", (4, 3, 3), None, True),
                            F.interpolate(x3, size=(4, 3, 3), mode="trilinear", align_corners=True)), 1e-6)
        e0 = torch.randn(2, 1)
        got = S["kwb_upsample"](x1, "nearest", (7,), None, None, epi=_epi_add_mul, epi_tensors=(e0, e0))
        self.assertLess(rel(got, (F.interpolate(x1, size=7) + e0) * e0), 1e-6)


class CuteNll(unittest.TestCase):
    """kwb_nll (session 35, cute35) against F.nll_loss / F.cross_entropy: the three reductions, class weights, an
    ignored row, a 2-D target over a transposed x, a custom ignore_index."""

    def setUp(self):
        torch.manual_seed(0)

    def test_reductions_weights_ignore(self):
        F = torch.nn.functional
        x = torch.randn(9, 5)
        t = torch.randint(0, 5, (9,))
        t[2] = -100
        w = torch.rand(5)
        for red in ("none", "sum", "mean"):
            self.assertLess(rel(S["kwb_nll"](x, t, None, -100, red, log_softmax=True),
                                F.cross_entropy(x, t, reduction=red)), 1e-6, red)
            lp = x.log_softmax(1)
            self.assertLess(rel(S["kwb_nll"](lp, t, w, -100, red), F.nll_loss(lp, t, w, reduction=red)), 1e-6, red)
        x4 = torch.randn(2, 4, 3, 2).transpose(2, 3)
        t4 = torch.randint(0, 4, (2, 2, 3))
        self.assertLess(rel(S["kwb_nll"](x4, t4, w[:4], 1, "mean", log_softmax=True),
                            F.cross_entropy(x4, t4, w[:4], ignore_index=1)), 1e-6)
        with self.assertRaises(ValueError):
            S["kwb_nll"](x, t[:4], None, -100, "mean")

    def test_row_sum(self):
        # session 41 (ce41): label smoothing's log_softmax(x, 1).sum(1) from the same walk, every row (ignored too)
        F = torch.nn.functional
        x4 = torch.randn(2, 4, 3, 2).transpose(2, 3)
        t4 = torch.randint(0, 4, (2, 2, 3))
        t4[0, 1, 2] = 1
        for red in ("none", "sum", "mean"):
            got, rs = S["kwb_nll"](x4, t4, None, 1, red, log_softmax=True, row_sum=True)
            self.assertLess(rel(got, F.cross_entropy(x4, t4, ignore_index=1, reduction=red)), 1e-6, red)
            self.assertLess(rel(rs, x4.log_softmax(1).sum(1)), 1e-6, red)
        with self.assertRaises(ValueError):
            S["kwb_nll"](x4, t4, None, 1, "mean", row_sum=True)


class CuteGemmPrologue(unittest.TestCase):
    """kwb_gemm's pro= (session 36, cute36): the pointwise run on A as a kwb_pointwise launch before the GEMM, at
    a's indices with tensors broadcast to a's shape, against torch: a strided 2-D a with a bias and an epilogue, a
    bmm, a prologue nonzero at a == 0, a bf16 a against an fp32 w (widened as the Triton stage does)."""

    def setUp(self):
        torch.manual_seed(0)

    def test_prologue_on_a(self):
        a = torch.randn(7, 5).t()  # [5, 7] at strides (1, 5)
        w, bias = torch.randn(3, 7), torch.randn(3)
        p0, p1 = torch.randn(1, 7), torch.randn(5, 1)
        e0 = torch.randn(3)
        got = S["kwb_gemm"](a, w, bias, epi=_epi_add_mul, epi_tensors=(e0, e0), epi_scalars=(0.25,),
                            pro=_epi_add_mul, pro_tensors=(p0, p1), pro_scalars=(1.5,))
        pa = (a + p0) * p1 + 1.5  # nonzero where a is 0
        self.assertLess(rel(got, ((pa @ w.t() + bias) + e0) * e0 + 0.25), 1e-5)
        a3, w3 = torch.randn(2, 4, 6), torch.randn(2, 3, 6)
        q = torch.randn(6)
        got = S["kwb_gemm"](a3, w3, pro=_epi_add_mul, pro_tensors=(q, q), pro_scalars=())
        self.assertLess(rel(got, torch.bmm((a3 + q) * q, w3.transpose(1, 2))), 1e-5)
        ab = torch.randn(4, 6).bfloat16()
        got = S["kwb_gemm"](ab, w3[0], pro=_epi_add_mul, pro_tensors=(q, q), out_dtype=torch.float32)
        self.assertEqual(got.dtype, torch.float32)
        self.assertLess(rel(got, ((ab.float() + q) * q) @ w3[0].t()), 1e-5)

    def test_gemv(self):
        # kwb_gemv (session 36): addmv's epilogue on a transposed matrix and a strided vector, a 0-d epilogue tensor
        a, v = torch.randn(6, 5).t(), torch.randn(12)[::2]  # a [5, 6] at strides (1, 5), v [6] at stride 2
        bias, s0 = torch.randn(5), torch.tensor(0.5)
        got = S["kwb_gemv"](a, v, epi=_epi_add_mul, epi_tensors=(bias, s0), epi_scalars=(2.0,))
        self.assertEqual(tuple(got.shape), (5,))
        self.assertLess(rel(got, (torch.mv(a, v) + bias) * s0 + 2.0), 1e-5)
        with self.assertRaises(ValueError):
            S["kwb_gemv"](a, v[:3])


class CuteEmbeddingBag(unittest.TestCase):
    """kwb_embedding_bag (session 36, cute36) against F.embedding_bag: sum / mean / max, per_sample_weights, a
    padding_idx skipped and not counted, include_last_offset, an empty bag (0), a transposed weight, an epilogue."""

    def setUp(self):
        torch.manual_seed(0)

    def test_modes_weights_padding(self):
        F = torch.nn.functional
        w = torch.randn(6, 11).t()  # [11, 6] at strides (1, 11)
        idx = torch.tensor([3, 0, 7, 7, 2, 10, 5, 1, 3])
        offs = torch.tensor([0, 2, 2, 6])  # bag 1 empty
        psw = torch.rand(9)
        for mode in ("sum", "mean", "max"):
            for pad in (None, 7):
                got = S["kwb_embedding_bag"](w, idx, offs, mode, padding_idx=pad)
                want = F.embedding_bag(idx, w, offs, mode=mode, padding_idx=pad)
                self.assertTrue(torch.allclose(got, want, atol=1e-6), (mode, pad))
        got = S["kwb_embedding_bag"](w, idx, offs, "sum", per_sample_weights=psw)
        self.assertTrue(torch.allclose(got, F.embedding_bag(idx, w, offs, mode="sum", per_sample_weights=psw),
                                       atol=1e-6))
        last = torch.tensor([0, 4, 9])  # include_last_offset: 2 bags
        got = S["kwb_embedding_bag"](w, idx, last, "mean", include_last_offset=True)
        self.assertTrue(torch.allclose(got, F.embedding_bag(idx, w, last, mode="mean", include_last_offset=True),
                                       atol=1e-6))
        e0 = torch.randn(6)
        got = S["kwb_embedding_bag"](w.bfloat16(), idx, offs, "sum", epi=_epi_add_mul, epi_tensors=(e0, e0),
                                     epi_scalars=(0.5,))
        self.assertEqual(got.dtype, torch.bfloat16)
        want = (F.embedding_bag(idx, w.bfloat16().float(), offs, mode="sum") + e0) * e0 + 0.5
        self.assertLess(rel(got, want), 1e-2)
        with self.assertRaises(ValueError):
            S["kwb_embedding_bag"](w, idx, offs, "max", per_sample_weights=psw)


class CuteTopk(unittest.TestCase):
    """kwb_topk / kwb_sort / kwb_kthvalue / kwb_max_dim (session 36, cute36) against torch: largest and smallest
    along a middle dim of a transposed input, ties by the lower index, NaN first for largest / last for smallest and
    first for max / min, -0.0 equal to +0.0, bf16 values, a prologue. Small rows: each element a Python thread."""

    def setUp(self):
        torch.manual_seed(0)

    def test_orders_ties_nan(self):
        x = torch.randn(3, 4, 7).transpose(1, 2)  # [3, 7, 4], dim 1 of stride 1
        for largest in (True, False):
            v, i = S["kwb_topk"](x, 3, 1, largest=largest)
            wv, wi = torch.topk(x, 3, 1, largest=largest)
            self.assertTrue(torch.equal(v, wv) and torch.equal(i, wi), largest)
        t = torch.tensor([[1.0, 2.0, 2.0, float("nan"), -0.0, 0.0, float("nan"), 1.0]])
        v, i = S["kwb_topk"](t, 8, -1)  # NaN first (lower index first), then 2, 2, 1, 1, -0.0 / 0.0 by index
        self.assertEqual(i.tolist(), [[3, 6, 1, 2, 0, 7, 4, 5]])
        v, i = S["kwb_sort"](t, -1)  # ascending, stable, NaN last
        self.assertEqual(i.tolist(), [[4, 5, 0, 7, 1, 2, 3, 6]])
        self.assertTrue(torch.equal(v[:, :6], torch.sort(t, dim=-1, stable=True)[0][:, :6]))
        v, i = S["kwb_max_dim"](t, 1, largest=False)  # min along a dim: a NaN wins, its first index
        self.assertEqual(i.tolist(), [3])
        self.assertTrue(torch.isnan(v).all())
        xs = torch.randn(5, 6)
        v, i = S["kwb_kthvalue"](xs, 2, 0, keepdim=True)
        wv, wi = torch.kthvalue(xs, 2, 0, keepdim=True)
        self.assertTrue(torch.equal(v, wv) and torch.equal(i, wi))
        v, i = S["kwb_max_dim"](xs, 1)
        self.assertTrue(torch.equal(i, xs.argmax(1)) and torch.equal(v, xs.amax(1)))
        xb = xs.bfloat16()
        v, i = S["kwb_topk"](xb, 2, 1, pre=_epi_add_mul, pre_tensors=(xs[0], xs[0]), pre_scalars=(1.0,))
        wv, wi = torch.topk(((xb + xs[0].bfloat16()) * xs[0].bfloat16() + 1.0).bfloat16(), 2, 1)
        self.assertEqual(v.dtype, torch.bfloat16)
        self.assertLess(rel(v, wv), 1e-2)
        with self.assertRaises(ValueError):
            S["kwb_topk"](xs, 7, 1)


class CuteUnfoldFold(unittest.TestCase):
    """kwb_im2col / kwb_col2im (session 37, cute37) against F.unfold / F.fold: a rectangular dilated, padded, strided
    kernel and a square one, a strided (channels-last) input, the K-major layout a GEMM reads, unbatched inputs,
    bf16 with an epilogue, and the sizes torch refuses."""

    def test_unfold_fold(self):
        import torch.nn.functional as F
        torch.manual_seed(0)
        x = torch.randn(2, 3, 7, 9)
        for ks, dil, pad, st in (((2, 3), (2, 1), (1, 0), (1, 2)), (3, 1, 1, 2)):
            ref = F.unfold(x, ks, dil, pad, st)
            self.assertTrue(torch.equal(S["kwb_im2col"](x, ks, dil, pad, st), ref))
            xc = x.contiguous(memory_format=torch.channels_last)
            got = S["kwb_im2col"](xc, ks, dil, pad, st, kmajor=True)
            self.assertEqual(got.stride(1), 1)  # [N, L, CK] contiguous, seen transposed
            self.assertTrue(torch.equal(got, ref))
            self.assertTrue(torch.equal(S["kwb_im2col"](x[0], ks, dil, pad, st), ref[0]))
            fold = F.fold(ref, (7, 9), ks, dil, pad, st)
            self.assertLess(rel(S["kwb_col2im"](ref, (7, 9), ks, dil, pad, st), fold), 1e-6)
            self.assertLess(rel(S["kwb_col2im"](ref[0].t().contiguous().t(), [7, 9], ks, dil, pad, st), fold[0]), 1e-6)
        xb = x.bfloat16()
        got = S["kwb_im2col"](xb, 2, 1, 0, 1, epi=_epi_add_mul, epi_tensors=(torch.ones(1), torch.full((1,), 2.0)),
                              epi_scalars=(0.5,))
        self.assertEqual(got.dtype, torch.bfloat16)
        self.assertLess(rel(got, ((F.unfold(xb.float(), 2) + 1.0) * 2.0 + 0.5)), 1e-2)
        with self.assertRaises(ValueError):
            S["kwb_im2col"](x, 9, 1, 0, 1)  # no output positions
        with self.assertRaises(ValueError):
            S["kwb_col2im"](F.unfold(x, 2), (7, 9), 3, 1, 0, 1)  # not the number of blocks


class CuteRelayoutScatter(unittest.TestCase):
    """kwb_reshape (a reshape torch copies: one copy launch, one per leading index past 5 merged dims) and kwb_scatter
    (session 37, cute37) against torch: pixel_shuffle's permuted view with an epilogue, a 7-D permute, a view kept a
    view, scatter of src along dim 0 and of a value along the last dim of a transposed x, bf16."""

    def test_reshape(self):
        a = torch.randn(2, 4, 3, 5)
        ps = a.view(2, 1, 2, 2, 3, 5).permute(0, 1, 4, 2, 5, 3)
        got = S["kwb_reshape"](ps, (2, 1, 6, -1))
        self.assertTrue(got.is_contiguous() and torch.equal(got, ps.reshape(2, 1, 6, 10)))
        got = S["kwb_reshape"](ps, [2, 6, 10], epi=_epi_add_mul, epi_tensors=(a[0, 0, 0, :1], torch.ones(10)),
                               epi_scalars=(1.0,))
        self.assertLess(rel(got, (ps.reshape(2, 6, 10) + a[0, 0, 0, :1]) + 1.0), 1e-6)
        b = torch.randn(2, 3, 2, 3, 2, 3, 2).permute(6, 5, 4, 3, 2, 1, 0)  # 7 dims, none merge: 2 * 3 launches
        self.assertTrue(torch.equal(S["kwb_reshape"](b, (-1,)), b.reshape(-1)))
        self.assertEqual(S["kwb_reshape"](a, (8, 15)).data_ptr(), a.data_ptr())  # a view: no launch
        with self.assertRaises(RuntimeError):
            S["kwb_reshape"](a, (7, -1))

    def test_scatter(self):
        torch.manual_seed(0)
        x = torch.randn(4, 6)
        idx = torch.tensor([[0, 1, 2], [3, 0, 1]])
        src = torch.randn(3, 5)
        self.assertTrue(torch.equal(S["kwb_scatter"](x, 0, idx, src), x.scatter(0, idx, src)))
        xt = x.t().contiguous().t()
        i1 = torch.randint(0, 6, (4, 1))
        self.assertTrue(torch.equal(S["kwb_scatter"](xt, 1, i1, value=1.0), x.scatter(1, i1, 1.0)))
        xb = torch.zeros(3, 5, dtype=torch.bfloat16)
        i2 = torch.randn(3, 5).argmax(1, keepdim=True)
        got = S["kwb_scatter"](xb, -1, i2, value=1.0)
        self.assertTrue(got.dtype == torch.bfloat16 and torch.equal(got, xb.scatter(-1, i2, 1.0)))
        self.assertTrue(torch.equal(S["kwb_scatter"](x, 0, idx[:0], src), x))
        with self.assertRaises(ValueError):
            S["kwb_scatter"](x, 0, idx[0], src)


class CuteIntegers(unittest.TestCase):
    """Session 38 (cute38): kwb_scatter_add (scatter_add with repeated targets along dim 0; index_add with alpha along
    dim 1 of a transposed x, bf16 src) against torch, and an integer epilogue on kwb_pointwise: slots loaded as
    Int64, the result stored from Int64 (_kwb_int_results), int64 values past 2**40 that fp32 would round."""

    def test_scatter_add(self):
        torch.manual_seed(0)
        x = torch.randn(5, 4)
        idx = torch.tensor([[0, 1, 2, 0], [0, 4, 2, 2], [3, 3, 3, 3]])  # repeats: the adds meet at one place
        src = torch.randn(3, 4)
        got = S["kwb_scatter_add"](x, 0, idx, src)
        self.assertLess(rel(got, x.scatter_add(0, idx, src)), 1e-6)
        xt = torch.randn(6, 3).t()  # [3, 6], strided
        i1 = torch.tensor([5, 0, 5, 2])
        sb = torch.randn(3, 4).to(torch.bfloat16)
        got = S["kwb_scatter_add"](xt, 1, i1, sb, index_add=True, alpha=-0.5)
        self.assertTrue(got.dtype == torch.float32)
        self.assertLess(rel(got, xt.index_add(1, i1, sb.float(), alpha=-0.5)), 1e-6)
        self.assertTrue(torch.equal(S["kwb_scatter_add"](x, 0, idx[:0], src[:0]), x))
        with self.assertRaises(ValueError):
            S["kwb_scatter_add"](x, 0, idx, src[0])

    def test_integer_epilogue(self):
        @cute.jit
        def epi(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):  # (ids * 2654435761 + 97) % 50021, as lowered
            a = (e0_v * cutlass.Int64(2654435761)) + 97
            q = a // 50021
            return a - q * 50021

        S["_kwb_int_slots"][epi] = (0,)
        S["_kwb_int_results"].add(epi)
        ids = torch.randint(0, 2 ** 40, (3, 7))
        got = S["kwb_pointwise"](ids, epi, epi_tensors=(ids,))
        self.assertTrue(got.dtype == torch.int64 and torch.equal(got, (ids * 2654435761 + 97) % 50021))


class CuteIndexed(unittest.TestCase):
    """Session 39 (cute39): kwb_scatter_reduce (sum / mean / amax / amin, with and without self, dims 0 / 1 / -1, a
    bf16 x, a strided src, an index smaller than src, an empty index), kwb_cumsum_int (bool / int32 / int64 /
    strided / exclusive / a float 0-1 x / rank 0, sums past 2**31) and kwb_masked_scatter (a broadcast mask, strided
    x and source, bf16, all-false / all-true, rank 0) against torch, on the fake cutlass emulation."""

    def test_scatter_reduce(self):
        torch.manual_seed(0)
        x = torch.randn(4, 6)
        idx = torch.tensor([[0, 1, 2, 0, 5], [3, 3, 3, 1, 0], [2, 2, 5, 5, 5]])  # repeats: combines meet
        src = torch.randn(3, 5)
        for red in ("sum", "mean", "amax", "amin"):
            for self_ in (True, False):
                got = S["kwb_scatter_reduce"](x, 1, idx, src, red, include_self=self_)
                ref = x.scatter_reduce(1, idx, src, red, include_self=self_)
                self.assertTrue(got.dtype == x.dtype)
                if red in ("amax", "amin"):
                    self.assertTrue(torch.equal(got, ref), (red, self_))
                else:
                    self.assertLess(rel(got, ref), 1e-6, (red, self_))
        xb = torch.randn(6, 3).t().to(torch.bfloat16)  # [3, 6] strided, bf16
        sp = torch.randn(5, 4).t()  # [4, 5] strided source, the index [3, 4] smaller
        i0 = torch.randint(0, 3, (3, 4))
        for red in ("mean", "amax"):
            got = S["kwb_scatter_reduce"](xb, 0, i0, sp, red, include_self=False)
            ref = xb.float().scatter_reduce(0, i0, sp[:3, :4].contiguous(), red, include_self=False).to(torch.bfloat16)
            self.assertTrue(got.dtype == torch.bfloat16)
            self.assertLess(rel(got, ref), 1e-2, red)
        got = S["kwb_scatter_reduce"](x, -1, idx, src, "amax")
        self.assertTrue(torch.equal(got, x.scatter_reduce(-1, idx, src, "amax")))
        self.assertTrue(torch.equal(S["kwb_scatter_reduce"](x, 0, idx[:0], src[:0], "sum"), x))
        with self.assertRaises(NotImplementedError):
            S["kwb_scatter_reduce"](x, 0, idx, src, "prod")
        with self.assertRaises(ValueError):
            S["kwb_scatter_reduce"](x, 0, idx[0], src, "sum")

    def test_cumsum_int(self):
        torch.manual_seed(0)
        m = torch.rand(3, 40) > 0.4
        for d in (0, 1, -1):
            self.assertTrue(torch.equal(S["kwb_cumsum_int"](m, d), torch.cumsum(m, d)))
        i32 = torch.randint(-5, 9, (2, 3, 5), dtype=torch.int32).transpose(0, 2)  # strided [5, 3, 2]
        got = S["kwb_cumsum_int"](i32, 1)
        self.assertTrue(got.dtype == torch.int64 and torch.equal(got, torch.cumsum(i32, 1)))
        big = torch.full((2, 6), 2 ** 31 - 7, dtype=torch.int64)  # sums past 2**31 and 2**33
        self.assertTrue(torch.equal(S["kwb_cumsum_int"](big, 1), torch.cumsum(big, 1)))
        self.assertTrue(torch.equal(S["kwb_cumsum_int"](big, 1, exclusive=True), torch.cumsum(big, 1) - big))
        f = (torch.randn(4, 7) > 0).float()  # a chain's fp32 0 / 1 intermediate
        self.assertTrue(torch.equal(S["kwb_cumsum_int"](f, 1), torch.cumsum(f.long(), 1)))
        z = torch.tensor(5, dtype=torch.int32)
        self.assertTrue(torch.equal(S["kwb_cumsum_int"](z, 0), torch.cumsum(z, 0)))
        with self.assertRaises(ValueError):
            S["kwb_cumsum_int"](torch.zeros(1, 1, 1, 1, 1, 2, dtype=torch.int64), 0)

    def test_masked_scatter(self):
        torch.manual_seed(0)
        x = torch.randn(2, 5, 3)
        ids = torch.randint(0, 3, (2, 5, 1))
        mask = ids == 1  # [2, 5, 1] broadcast over the last dim
        src = torch.randn(40)
        self.assertTrue(torch.equal(S["kwb_masked_scatter"](x, mask, src), x.masked_scatter(mask, src)))
        xs = torch.randn(3, 5, 2).permute(2, 1, 0)  # strided x [2, 5, 3]
        ss = torch.randn(6, 7).t()  # strided source [7, 6]
        m2 = torch.rand(2, 5, 3) > 0.5
        self.assertTrue(torch.equal(S["kwb_masked_scatter"](xs, m2, ss), xs.masked_scatter(m2, ss)))
        xb = x.to(torch.bfloat16)
        got = S["kwb_masked_scatter"](xb, mask, src)  # an fp32 source into bf16: converted as it is read
        self.assertTrue(got.dtype == torch.bfloat16 and torch.equal(got, xb.masked_scatter(mask, src.to(torch.bfloat16))))
        none = torch.zeros(2, 5, 1, dtype=torch.bool)
        self.assertTrue(torch.equal(S["kwb_masked_scatter"](x, none, src[:0]), x))
        self.assertTrue(torch.equal(S["kwb_masked_scatter"](x, ~none, src), x.masked_scatter(~none, src)))
        x0 = torch.tensor(1.5)
        self.assertTrue(torch.equal(S["kwb_masked_scatter"](x0, torch.tensor(True), src), x0.masked_scatter(torch.tensor(True), src)))


class CuteGridSample(unittest.TestCase):
    """Session 39 (cute39): kwb_affine_grid (align_corners both ways, sizes of 1, a strided theta, bf16) and
    kwb_grid_sample (bilinear / nearest x zeros / border / reflection x align_corners, coordinates outside [-1, 1],
    a NaN, strided x and grid, an epilogue) against torch.nn.functional, on the fake cutlass emulation."""

    def test_affine_grid(self):
        F = torch.nn.functional
        torch.manual_seed(0)
        theta = torch.randn(2, 3, 2).transpose(1, 2)  # [2, 2, 3], strided
        for size in ([2, 3, 5, 4], [2, 1, 1, 6], [2, 2, 3, 1]):
            for align in (False, True):
                got = S["kwb_affine_grid"](theta, size, align)
                self.assertLess(rel(got, F.affine_grid(theta, size, align_corners=align)), 1e-6, (size, align))
        tb = theta.to(torch.bfloat16)
        got = S["kwb_affine_grid"](tb, [2, 1, 3, 3], False)
        self.assertTrue(got.dtype == torch.bfloat16)
        self.assertLess(rel(got, F.affine_grid(tb.float(), [2, 1, 3, 3], align_corners=False)), 1e-2)
        with self.assertRaises(ValueError):
            S["kwb_affine_grid"](theta, [2, 1, 3], False)

    def test_grid_sample(self):
        F = torch.nn.functional
        torch.manual_seed(0)
        x = torch.randn(2, 3, 4, 5)
        grid = torch.rand(2, 3, 4, 2) * 3.0 - 1.5  # outside [-1, 1] too
        grid[0, 0, 0, 0] = float("nan")
        grid[1, 1, 1] = torch.tensor([0.25, -0.5])  # half-way points for nearest's rounding
        for mode in ("bilinear", "nearest"):
            for pad in ("zeros", "border", "reflection"):
                for align in (False, True):
                    got = S["kwb_grid_sample"](x, grid, mode, pad, align)
                    ref = F.grid_sample(x, grid, mode=mode, padding_mode=pad, align_corners=align)
                    same = (got - ref).abs() <= 1e-5 * (1 + ref.abs())
                    both_nan = got.isnan() & ref.isnan()
                    self.assertTrue(bool((same | both_nan).all()), (mode, pad, align))
        xs = torch.randn(5, 4, 3, 2).permute(3, 2, 1, 0)  # strided [2, 3, 4, 5]
        gs = torch.rand(2, 2, 4, 3).permute(0, 3, 2, 1) * 2 - 1  # strided [2, 3, 4, 2]
        e = torch.randn(2, 3, 3, 4)  # the output's shape [N, C, HO, WO]
        got = S["kwb_grid_sample"](xs, gs, 0, 2, False, epi=_epi_add_mul, epi_tensors=(e, e[:1]), epi_scalars=(0.5,))
        ref = (F.grid_sample(xs, gs, mode="bilinear", padding_mode="reflection", align_corners=False) + e) * e[:1] + 0.5
        self.assertLess(rel(got, ref), 1e-6)
        with self.assertRaises(ValueError):
            S["kwb_grid_sample"](x, grid, "bicubic", "zeros", False)


if __name__ == "__main__":
    unittest.main()
