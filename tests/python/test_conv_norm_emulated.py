"""Conv -> norm (issue 15): the stage library's batch / group / instance norms reading their input through its
strides (the conv template's channels-last output, strided views: no .contiguous() copy) and applying the chain's
pointwise run after the norm (epi=) in the apply pass. Run on the CPU through tests/data/codegen/fake_triton
against torch in fp64 at reduced shapes: channels-last and strided inputs, C tails, mean-shifted inputs (E[x^2] -
E[x]^2 cancellation), training batch norm's running statistics. Numbers and paths only: nothing here says
anything about speed or about what the real Triton compiler accepts.

    /usr/bin/python3 -m unittest tests/python/test_conv_norm_emulated.py
"""
import atexit
import importlib.util
import os
import shutil
import sys
import tempfile
import unittest

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "..", "resources", "templates", "kernels")
sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_triton"))
_TMP = tempfile.mkdtemp(prefix="kwb_convnorm_")
atexit.register(shutil.rmtree, _TMP, True)
PREAMBLE = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"
# A post epilogue as the chain planner writes one (92_'s tanh, hardswish, + residual): e0 the residual, f0 a scale.
POST_EPI = """

@triton.jit
def kwb_test_post(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                  s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    res = tl.load(e0 + (i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04), mask=mask, other=0.0).to(tl.float32)
    t = 2.0 * tl.sigmoid(2.0 * acc) - 1.0
    h = tl.where(t + 3.0 > 6.0, 6.0, t + 3.0)
    return res + f0 * t * tl.where(h < 0.0, 0.0, h) / 6.0
"""


def post_ref(y, res, f0):
    t = torch.tanh(y)
    return res + f0 * F.hardswish(t)


def load():
    text = PREAMBLE
    for name in ("triton_epilogue.py", "triton_stages.py"):
        with open(os.path.join(KERNELS, name)) as f:
            text += f.read() + "\n\n"
    path = os.path.join(_TMP, "kernel_convnorm.py")
    with open(path, "w") as f:
        f.write(text + POST_EPI)
    spec = importlib.util.spec_from_file_location("kernel_convnorm", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


K = load()


def rel_err(got, want):
    got, want = got.double(), want.double()
    return float((got - want).norm() / want.norm().clamp_min(1e-30))


class Forced:
    """Module constants set for a block, restored after."""

    def __init__(self, **kw):
        self.kw, self.old = kw, {}

    def __enter__(self):
        for k, v in self.kw.items():
            self.old[k] = getattr(K, k)
            setattr(K, k, v)

    def __exit__(self, *exc):
        for k, v in self.old.items():
            setattr(K, k, v)


class NoCopy:
    """Fails the block if a norm launcher copies its input: Tensor.contiguous of a non-contiguous tensor."""

    def __enter__(self):
        self.orig = torch.Tensor.contiguous
        orig = self.orig

        def contiguous(t, *a, **kw):
            if not t.is_contiguous():
                raise AssertionError("a .contiguous() copy of %s strides %s" % (tuple(t.shape), t.stride()))
            return orig(t, *a, **kw)

        torch.Tensor.contiguous = contiguous
        return self

    def __exit__(self, *exc):
        torch.Tensor.contiguous = self.orig


def layouts(shape, shift):
    """The same values in the layouts a norm meets: contiguous, channels-last (the conv's output), a strided
    slice (spatial dims that do not merge: the one case still copied)."""
    x = torch.randn(shape) + shift
    cl = x.permute(0, *range(2, x.dim()), 1).contiguous().permute(0, x.dim() - 1, *range(1, x.dim() - 1))
    return {"contiguous": x, "channels_last": cl}


class StridedNorms(unittest.TestCase):
    def close(self, got, want, what, tol=1e-4):
        self.assertEqual(tuple(got.shape), tuple(want.shape), what)
        self.assertTrue(got.is_contiguous(), what)
        err = rel_err(got, want)
        self.assertLess(err, tol, (what, err))

    def test_group_norm_any_layout(self):
        # a channels-last group norm reads its input in place ([positions x channels] statistics tiles), or with
        # kwb_group_norm_in_place off copies it once; the values are checked on every layout and both paths
        torch.manual_seed(1)
        for shape, g in (((2, 12, 5, 7), 4), ((3, 6, 4, 3, 5), 3), ((2, 10, 9), 5), ((3, 7, 6, 5), 7)):
            for shift in (0.0, 1000.0):  # mean_shift: E[x^2] - E[x]^2 would cancel
                for name, x in layouts(shape, shift).items():
                    w, b = torch.randn(shape[1]), torch.randn(shape[1])
                    want = F.group_norm(x.double(), g, w.double(), b.double(), 1e-5)
                    for row1_max in (8192, 16):  # one pass (contiguous input only), two passes (strided)
                        for in_place in (True, False):
                            with Forced(kwb_row1_max=row1_max, kwb_group_norm_in_place=in_place):
                                if in_place:
                                    with NoCopy():
                                        got = K.kwb_group_norm(x, g, w, b, 1e-5)
                                else:
                                    got = K.kwb_group_norm(x, g, w, b, 1e-5)
                            self.close(got, want, ("gn", shape, g, shift, name, row1_max, in_place))

    def test_group_norm_channels_last_chunks(self):
        # the in-place statistics over many position chunks (tail chunk, finish looping over chunk blocks), groups
        # of a non-power-of-two channel count, a residual post epilogue read channels-last, 3-D to 5-D inputs
        torch.manual_seed(11)
        cases = (((2, 24, 37, 29), 6), ((2, 24, 37, 29), 8), ((3, 12, 5, 7, 9), 4), ((2, 9, 301), 3))
        for shape, g in cases:
            x = layouts(shape, 500.0)["channels_last"]
            w, b = torch.randn(shape[1]), torch.randn(shape[1])
            want = post_ref(F.group_norm(x.double(), g, w.double(), b.double(), 1e-5), x.double(), 0.5)
            with Forced(_kwb_gn_cl_tile=64, _kwb_gn_cl_fold=4), NoCopy():
                got = K.kwb_group_norm(x, g, w, b, 1e-5, epi=K.kwb_test_post, epi_tensors=(x,), epi_scalars=(0.5,))
            self.close(got, want, ("gn cl chunks", shape, g))

    def test_group_norm_channels_last_half(self):
        torch.manual_seed(12)
        for dt in (torch.float16, torch.bfloat16):
            x = layouts((2, 16, 9, 11), 3.0)["channels_last"].to(dt)
            w, b = torch.randn(16).to(dt), torch.randn(16).to(dt)
            want = F.group_norm(x.double(), 4, w.double(), b.double(), 1e-5)
            with NoCopy():
                got = K.kwb_group_norm(x, 4, w, b, 1e-5)
            self.assertEqual(got.dtype, dt)
            self.close(got, want, ("gn cl", dt), tol=1e-2)

    def test_norm_then_channel_reduction(self):
        # 92_'s logsumexp over dim 1 after the norm and its post epilogue: in the apply's tiles on the channels-last
        # in-place path (C <= _kwb_norm_red_max, a channel tail: 40 in a tile of 64), else the norm then kwb_reduce
        torch.manual_seed(14)
        ref = {"sum": lambda t, k: t.sum(1, keepdim=k), "mean": lambda t, k: t.mean(1, keepdim=k),
               "amax": lambda t, k: t.amax(1, keepdim=k), "amin": lambda t, k: t.amin(1, keepdim=k),
               "logsumexp": lambda t, k: t.logsumexp(1, keepdim=k)}
        for shape, g in (((2, 40, 6, 7), 5), ((2, 16, 3, 4, 5), 4)):
            for name, x in layouts(shape, 30.0).items():
                w, b = torch.randn(shape[1]), torch.randn(shape[1])
                y = post_ref(F.group_norm(x.double(), g, w.double(), b.double(), 1e-5), x.double(), 0.5)
                yb = post_ref(F.batch_norm(x.double(), None, None, w.double(), b.double(), True), x.double(), 0.5)
                for kind, fn in ref.items():
                    for keep in (True, False):
                        pk = dict(epi=K.kwb_test_post, epi_tensors=(x,), epi_scalars=(0.5,), reduce=kind,
                                  keepdim=keep)
                        got = K.kwb_group_norm(x, g, w, b, 1e-5, **pk)
                        self.close(got, fn(y, keep), ("gn", kind, keep, shape, name))
                        got = K.kwb_batch_norm(x, w, b, None, None, True, 0.1, 1e-5, **pk)
                        self.close(got, fn(yb, keep), ("bn", kind, keep, shape, name))
        with Forced(_kwb_norm_red_max=32):  # 40 channels: not one tile, the unfused path
            x = layouts((2, 40, 6, 7), 0.0)["channels_last"]
            got = K.kwb_group_norm(x, 5, None, None, 1e-5, reduce="logsumexp", keepdim=True)
            self.close(got, F.group_norm(x.double(), 5, eps=1e-5).logsumexp(1, keepdim=True), "gn lse unfused")

    def test_batch_norm_rows_of_channels(self):
        # [N, C] (a GEMM's output): N rows of C positions, statistics per position; contiguous, a transposed view,
        # mean-shifted, training with running stats, eval, and a post epilogue
        torch.manual_seed(13)
        for x in (torch.randn(37, 70) + 300.0, (torch.randn(70, 37) - 20.0).t(), torch.randn(5, 33, 1, 1)):
            c = x.shape[1]
            w, b = torch.randn(c), torch.randn(c)
            rm, rv = torch.randn(c), torch.rand(c) + 0.5
            rm2, rv2 = rm.double().clone(), rv.double().clone()
            res = torch.randn(x.shape)
            want = post_ref(F.batch_norm(x.double(), rm2, rv2, w.double(), b.double(), True, 0.1, 1e-5),
                            res.double(), 1.25)
            got = K.kwb_batch_norm(x, w, b, rm, rv, True, 0.1, 1e-5, epi=K.kwb_test_post, epi_tensors=(res,),
                                   epi_scalars=(1.25,))
            self.close(got, want, ("bn rows", tuple(x.shape), x.stride()))
            self.assertLess(rel_err(rm, rm2), 1e-5)
            self.assertLess(rel_err(rv, rv2), 1e-4)
            want = F.batch_norm(x.double(), rm.double(), rv.double(), w.double(), None, False, 0.1, 1e-5)
            self.close(K.kwb_batch_norm(x, w, None, rm, rv, False, 0.1, 1e-5), want, ("bn rows eval", x.stride()))

    def test_group_norm_post(self):
        torch.manual_seed(2)
        for name, x in layouts((2, 16, 6, 5), 3.0).items():
            w, b = torch.randn(16), torch.randn(16)
            res = x * 0.5  # the residual in x's own layout (92_'s x_conv: channels-last)
            want = post_ref(F.group_norm(x.double(), 4, w.double(), b.double(), 1e-5), res.double(), 0.75)
            for row1_max in (8192, 16):
                with Forced(kwb_row1_max=row1_max):
                    got = K.kwb_group_norm(x, 4, w, b, 1e-5, epi=K.kwb_test_post, epi_tensors=(res,),
                                           epi_scalars=(0.75,))
                self.close(got, want, ("gn post", name, row1_max))

    def test_batch_norm_channels_last_train_and_eval(self):
        torch.manual_seed(3)
        for shape in ((4, 5, 3, 7), (2, 3, 4, 3, 5), (6, 9, 11)):
            for shift in (0.0, 1000.0):
                for name, x in layouts(shape, shift).items():
                    c = shape[1]
                    w, b = torch.randn(c), torch.randn(c)
                    rm, rv = torch.randn(c), torch.rand(c) + 0.5
                    rm2, rv2 = rm.double().clone(), rv.double().clone()
                    want = F.batch_norm(x.double(), rm2, rv2, w.double(), b.double(), True, 0.1, 1e-5)
                    with NoCopy():
                        got = K.kwb_batch_norm(x, w, b, rm, rv, True, 0.1, 1e-5)
                    self.close(got, want, ("bn train", shape, shift, name))
                    self.assertLess(rel_err(rm, rm2), 1e-5, ("running mean", shape, shift, name))
                    self.assertLess(rel_err(rv, rv2), 1e-4, ("running var", shape, shift, name))
                    want = F.batch_norm(x.double(), rm.double(), rv.double(), w.double(), b.double(), False, 0.1,
                                        1e-5)
                    with NoCopy():
                        self.close(K.kwb_batch_norm(x, w, b, rm, rv, False, 0.1, 1e-5), want, ("bn eval", name))

    def test_batch_norm_post_and_split(self):
        torch.manual_seed(4)
        for name, x in layouts((5, 6, 7, 9), -40.0).items():
            res = torch.randn(6, 1, 1)  # a broadcast epilogue tensor
            want = post_ref(F.batch_norm(x.double(), None, None, training=True), res.double(), -1.5)
            with Forced(_kwb_split_elems=64, _kwb_tile=64):  # split statistics (the finish kernel)
                got = K.kwb_batch_norm(x, None, None, None, None, True, 0.1, 1e-5, epi=K.kwb_test_post,
                                       epi_tensors=(res,), epi_scalars=(-1.5,))
            self.close(got, want, ("bn post split", name))

    def test_instance_norm_expanded_affine_channels_last(self):
        # instance norm as the decomposition sends it: [1, N*C, H, W] (a channels-last [N, C, H, W] keeps its
        # strides under that view when it is one: N*C channels of stride 1 only if N == 1; else the view is a
        # reshape the planner writes), weight / bias [C] expanded per sample
        torch.manual_seed(5)
        x = layouts((1, 6, 5, 4), 200.0)["channels_last"]
        w, b = torch.randn(6), torch.randn(6)
        with NoCopy():
            got = K.kwb_batch_norm(x, w.expand(1, -1), b.expand(1, -1), None, None, True, 0.1, 1e-5)
        self.close(got, F.instance_norm(x.double(), weight=w.double(), bias=b.double(), eps=1e-5), "in cl")

    def test_instance_norm_short_rows_one_launch(self):
        # instance norm's [1, N*C, L] view with rows <= kwb_row1_max: one _kwb_norm_row1 launch (statistics and
        # apply from registers), weight / bias [C] expanded per sample, a row length no power of two, a shifted
        # mean (deviations, not shifted sums), fp16 x; a contiguous plain [C'] weight too; off: the moments path
        torch.manual_seed(7)
        n, c, l = 3, 5, 120
        x = torch.randn(n, c, l) * 3 + 500.0
        w, b = torch.randn(c), torch.randn(c)
        launches = []
        orig = K._kwb_norm_one_pass

        def spy(*a, **kw):
            launches.append(a[1:3])
            return orig(*a, **kw)

        K._kwb_norm_one_pass = spy
        try:
            for dt in (torch.float32, torch.float16):
                xv = x.to(dt).reshape(1, n * c, l)
                got = K.kwb_batch_norm(xv, w.expand(n, -1), b.expand(n, -1), None, None, True, 0.1, 1e-5)
                want = F.instance_norm(x.to(dt).double(), weight=w.double(), bias=b.double(), eps=1e-5)
                self.assertEqual(got.dtype, dt)
                self.close(got.reshape(n, c, l), want, "rows %s" % dt, tol=1e-4 if dt == torch.float32 else 2e-3)
            wc, bc = torch.randn(n * c), torch.randn(n * c)
            got = K.kwb_batch_norm(x.reshape(1, n * c, l), wc, None, None, None, True, 0.1, 1e-5)
            want = F.batch_norm(x.reshape(1, n * c, l).double(), None, None, wc.double(), None, True, 0.1, 1e-5)
            self.close(got, want, "rows plain weight")
            self.assertEqual(launches, [(n * c, l)] * 3)
            with Forced(kwb_bn_rows=False):
                got = K.kwb_batch_norm(x.reshape(1, n * c, l), wc, None, None, None, True, 0.1, 1e-5)
            self.assertEqual(len(launches), 3)
            self.close(got, want, "moments path")
            # running statistics to update, or rows longer than one tile: the moments path
            rm, rv = torch.zeros(n * c), torch.ones(n * c)
            K.kwb_batch_norm(x.reshape(1, n * c, l), wc, None, rm, rv, True, 0.1, 1e-5)
            self.assertEqual(len(launches), 3)
            self.assertTrue(torch.allclose(rm.double(), 0.1 * x.reshape(n * c, l).double().mean(1), rtol=1e-4))
        finally:
            K._kwb_norm_one_pass = orig

    def test_channels_last_channel_blocks_with_a_tail(self):
        # 40 channels x 64 positions: tiles of 32 channels x 64 positions, a channel tail in each image's second
        # block; group norm's groups (8 channels) straddle the blocks, post reads a channels-last residual
        torch.manual_seed(7)
        x = layouts((3, 40, 8, 8), 25.0)["channels_last"]
        w, b = torch.randn(40), torch.randn(40)
        with Forced(kwb_row1_max=0), NoCopy():  # group norm reads a channels-last input in place too
            got = K.kwb_group_norm(x, 5, w, b, 1e-5, epi=K.kwb_test_post, epi_tensors=(x,), epi_scalars=(2.0,))
        self.close(got, post_ref(F.group_norm(x.double(), 5, w.double(), b.double(), 1e-5), x.double(), 2.0), "gn")
        with NoCopy():
            got = K.kwb_batch_norm(x, w, b, None, None, True, 0.1, 1e-5)
        self.close(got, F.batch_norm(x.double(), None, None, w.double(), b.double(), True), "bn")

    def test_strided_spatial_copies(self):
        # spatial dims that do not merge into one stride: copied once, still right
        torch.manual_seed(6)
        x = torch.randn(3, 8, 10, 12)[:, :, ::2, 1::3] + 7
        self.close(K.kwb_group_norm(x, 2, None, None, 1e-5), F.group_norm(x.double(), 2, eps=1e-5), "gn slice")
        self.close(K.kwb_batch_norm(x, None, None, None, None, True, 0.1, 1e-5),
                   F.batch_norm(x.double(), None, None, training=True), "bn slice")


class ConvStats(unittest.TestCase):
    """CONV_STATS: conv_forward(..., stats=True) returns the output and its per-channel (mean, biased variance)
    from the tiles' (count, mean, M2) partials combined by Chan's formula (test_conv_template_emulated's renderer)."""

    @classmethod
    def setUpClass(cls):
        sys.path.insert(0, HERE)
        import test_conv_template_emulated as ct  # noqa: E402 -- its renderer (not its tests: not an attribute here)
        cls.ct = ct

    def case(self, cin, cout, size, batch, shift=0.0, settings=None, transposed=False, stride=1, expect=True,
             groups=1, seed=0):
        ct = self.ct
        k = (3, 3)
        wshape = (cin, cout // groups) + k if transposed else (cout, cin // groups) + k
        mod = ct.render(2, transposed, wshape, True, (stride, stride), (1, 1), (1, 1), (0, 0), groups)
        # CONV_STATS is off by default (slower on the H200, session 16): these tests turn the mode on
        for key, v in dict(ct.PLAIN, **dict({"CONV_STATS": True}, **(settings or {}))).items():
            setattr(mod, key, v)
        g = torch.Generator().manual_seed(seed)
        model = mod.ModelNew()
        w = torch.randn(wshape, generator=g) * 0.2
        b = torch.randn(cout, generator=g) + shift  # mean_shift: every channel far from 0
        x = torch.randn((batch, cin) + size, generator=g)
        with torch.no_grad():
            model.conv.weight.data, model.conv.bias.data = w.clone(), b.clone()
            out, st = mod.conv_forward(model, x, model.conv.weight, model.conv.bias, stats=True)
        fn = F.conv_transpose2d if transposed else F.conv2d
        want = fn(x.double(), w.double(), b.double(), stride=stride, padding=1, groups=groups)
        self.assertLess(rel_err(out, want), 1e-5)
        if not expect:
            self.assertIsNone(st)
            self.assertFalse(model.last_config.get("stats_in_tiles", False))
            return model
        self.assertTrue(model.last_config.get("stats_in_tiles"), model.last_config)
        mean, var = st
        wm, wv = want.mean((0, 2, 3)), want.var((0, 2, 3), unbiased=False)
        self.assertLess(rel_err(mean, wm), 1e-6, (mean, wm))
        self.assertLess(rel_err(var, wv), 1e-5, (var, wv))
        return model

    def test_tiles_straddle_images_and_channel_tails(self):
        # 5x7 = 35 positions an image, BLOCK_M 16: tiles hold the end of one image and the start of the next; 20
        # channels in N tiles of 16: a tail
        self.case(8, 20, (5, 7), 3, settings={"BLOCK_M": 16, "MAX_BLOCK_N": 16})

    def test_mean_shift(self):
        # outputs ~1000 + O(1): sum / sum-of-squares would cancel in fp32; Chan's combine does not
        self.case(8, 12, (6, 6), 2, shift=1000.0, settings={"BLOCK_M": 16})

    def test_finish_in_two_levels(self):
        # 48 M tiles: chunks of 32 combined first (STATS_FINISH_CHUNKS=2, one chunk short), then the chunks;
        # one level (STATS_FINISH_CHUNKS=1) on the same tiles
        for chunks in (2, 1):
            self.case(8, 20, (16, 16), 3, shift=1000.0, settings={"BLOCK_M": 16, "STATS_FINISH_CHUNKS": chunks})

    def test_channels_last_out_persistent_and_groups(self):
        self.case(8, 24, (7, 5), 2, settings={"BLOCK_M": 32, "OUT_CHANNELS_LAST": True, "PERSISTENT": 1})
        self.case(16, 32, (6, 5), 3, groups=2, settings={"BLOCK_M": 16, "OUT_CHANNELS_LAST": True})

    def test_off_where_it_does_not_apply(self):
        self.case(8, 16, (5, 5), 2, settings={"CONV_STATS": False}, expect=False)
        # a transposed stride-2 conv has several stride phases: no statistics in the tiles
        self.case(8, 16, (4, 5), 2, transposed=True, stride=2, expect=False)
        # the fallback tuning turns it off
        self.assertFalse(self.ct.render(2, False, (16, 8, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0),
                                        1)._DEFAULTS["CONV_STATS"])

    def test_batch_norm_from_conv_stats(self):
        # the chain's use: kwb_batch_norm(out, ..., stats=st) in training, running stats updated from them
        model = self.case(8, 20, (5, 7), 3, shift=50.0, settings={"BLOCK_M": 16, "OUT_CHANNELS_LAST": True})
        del model
        ct = self.ct
        mod = ct.render(2, False, (20, 8, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        for key, v in dict(ct.PLAIN, BLOCK_M=16, OUT_CHANNELS_LAST=True, CONV_STATS=True).items():
            setattr(mod, key, v)
        m = mod.ModelNew()
        x = torch.randn(3, 8, 5, 7)
        with torch.no_grad():
            m.conv.weight.data = torch.randn(20, 8, 3, 3) * 0.2
            m.conv.bias.data = torch.randn(20) + 50
            out, st = mod.conv_forward(m, x, m.conv.weight, m.conv.bias, stats=True)
            ref = F.conv2d(x.double(), m.conv.weight.double(), m.conv.bias.double(), padding=1)
        self.assertIsNotNone(st)
        w, b = torch.randn(20), torch.randn(20)
        rm, rv = torch.randn(20), torch.rand(20) + 0.5
        rm2, rv2 = rm.double().clone(), rv.double().clone()
        want = F.batch_norm(ref, rm2, rv2, w.double(), b.double(), True, 0.1, 1e-5)
        with NoCopy():
            with Forced(_kwb_moments=None):  # the moments pass must not run
                got = K.kwb_batch_norm(out, w, b, rm, rv, True, 0.1, 1e-5, stats=st)
        self.assertLess(rel_err(got, want), 1e-5)
        self.assertLess(rel_err(rm, rm2), 1e-6)
        self.assertLess(rel_err(rv, rv2), 1e-5)


if __name__ == "__main__":
    unittest.main()
