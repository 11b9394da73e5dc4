"""The Triton pooling and attention templates (resources/templates/kernels/triton_{pool,attention}.py.tmpl),
rendered here with a small Python substitution of their placeholders and run on the CPU through
tests/data/codegen/fake_triton (an emulation of the tl.* subset), against PyTorch at reduced shapes.
Numbers only: nothing here says anything about speed or about what the real Triton compiler accepts.
"""
import atexit
import importlib.util
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
TEMPLATES = os.path.join(ROOT, "resources", "templates", "kernels")
sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_triton"))
_TMP = tempfile.mkdtemp(prefix="kwb_poolattn_")
atexit.register(shutil.rmtree, _TMP, True)
_COUNT = [0]


def render(template, **values):
    """The C++ renderer's job in small: every {{NAME}} replaced; a placeholder left over is an error."""
    shared = {"PROBLEM": "test_problem", "SPEC_SHA": "", "DESCRIPTION": "a test rendering",
              "POLICY_NOTE": "a test", "CONFIG_SUMMARY": "#   (test)", "INIT_PARAMS": "",
              "INIT_STORE": "        pass", "KERNEL": "kwb_test"}
    shared.update(values)
    with open(os.path.join(TEMPLATES, template)) as f:
        text = f.read()
    text = re.sub(r"\{\{(\w+)\}\}", lambda m: str(shared[m.group(1)]), text)
    _COUNT[0] += 1
    path = os.path.join(_TMP, "kernel_%d.py" % _COUNT[0])
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("kernel_%d" % _COUNT[0], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def tup(v, n):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,) * n


def pool_module(kind, spatial, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                count_include_pad=True, divisor_override=None):
    return render("triton_pool.py.tmpl", FORWARD_PARAMS=", x", X="x", POOL_KIND=kind, SPATIAL=spatial,
                  KERNEL_SIZE=tup(kernel_size, spatial), STRIDE=tup(stride if stride is not None else kernel_size, spatial),
                  PADDING=tup(padding, spatial), DILATION=tup(dilation, spatial), CEIL_MODE=ceil_mode,
                  COUNT_INCLUDE_PAD=count_include_pad, DIVISOR_OVERRIDE=divisor_override)


def rel_err(got, want):
    """The harness's measure: ||got - want|| / ||want|| (fp64); NaNs must sit at the same places."""
    got, want = got.double(), want.double()
    same_nan = torch.equal(torch.isnan(got), torch.isnan(want))
    if not same_nan:
        return float("inf")
    g, w = torch.nan_to_num(got, nan=0.0), torch.nan_to_num(want, nan=0.0)
    return float((g - w).norm() / w.norm().clamp_min(1e-30))


class PoolEmulated(unittest.TestCase):
    def check(self, kind, spatial, x, tol=1e-6, path=None, w_taps=None, **kw):
        """Both W-tap modes: the launcher's own choice, then the other one forced (W_TAP_AXIS), that one
        with bounds masks on every tile (FAST_INTERIOR off) and without the sliding kernel (D_SLIDE off)."""
        mod = pool_module(kind, spatial, **kw)
        ref_kw = dict(kw)
        ref_kw.setdefault("stride", None)
        if kind == "max":
            ref_kw.pop("count_include_pad", None)
            ref_kw.pop("divisor_override", None)
            fn = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}[spatial]
        else:
            ref_kw.pop("dilation", None)
            if spatial == 1:
                ref_kw.pop("divisor_override", None)
            fn = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}[spatial]
        want = fn(x.float(), **ref_kw).to(x.dtype)
        mod.W_TAP_AXIS = None  # the launcher's own rule (the template's default turns the tap axis off: measured)
        model = mod.ModelNew()
        got = model(x)
        chosen = model.last_w_taps
        if path:
            self.assertEqual(model.last_path, path)
        if w_taps:
            self.assertEqual(chosen, w_taps)
        forced = mod.ModelNew()
        mod.W_TAP_AXIS, mod.FAST_INTERIOR, mod.D_SLIDE = chosen == 1, False, False
        try:
            other = forced(x)
        finally:
            mod.W_TAP_AXIS, mod.FAST_INTERIOR, mod.D_SLIDE = None, True, True
        if tup(kw["kernel_size"], spatial)[-1] > 1:
            self.assertNotEqual(forced.last_w_taps, chosen, kw)
        for mode, out in ((chosen, got), (forced.last_w_taps, other)):
            self.assertEqual(out.shape, want.shape, kw)
            self.assertEqual(out.dtype, x.dtype)
            err = rel_err(out, want)
            self.assertLess(err, tol, (kind, spatial, list(x.shape), kw, "w_taps", mode, err))
        return model

    def test_max_1d_like_41(self):
        torch.manual_seed(0)
        x = torch.rand(2, 3, 37)
        for ceil in (False, True):
            self.check("max", 1, x, kernel_size=8, stride=1, padding=4, dilation=3, ceil_mode=ceil, w_taps=8)
            self.check("max", 1, x, kernel_size=4, stride=3, padding=2, dilation=2, ceil_mode=ceil)
        # several tiles along the output row (TILE = 1024), the last ragged; an unbatched (C, L) input
        m = self.check("max", 1, torch.randn(2, 2, 2600), kernel_size=3, stride=1, padding=1, w_taps=4)
        self.assertEqual(m.last_grid_blocks, 2 * 2 * 3)  # LOAD_ELEMS 4096 / 4 taps: tiles of 1024
        self.check("max", 1, torch.randn(3, 50), kernel_size=5, stride=2, padding=2, ceil_mode=True, w_taps=1)
        # a window wider than WT_MAX = 16 along W: two loads of 16 taps, the second masked past tap 20
        self.check("max", 1, torch.randn(2, 3, 60), kernel_size=20, stride=1, padding=10, w_taps=16)
        self.check("avg", 1, torch.randn(2, 3, 60), kernel_size=20, stride=1, padding=10, count_include_pad=False)

    def test_max_2d_and_nan(self):
        torch.manual_seed(1)
        x = torch.randn(2, 3, 17, 19)
        for ceil in (False, True):
            self.check("max", 2, x, kernel_size=(3, 2), stride=(2, 1), padding=(1, 1), dilation=(2, 1), ceil_mode=ceil)
            self.check("max", 2, x, kernel_size=3, stride=2, padding=1, ceil_mode=ceil)
        x[0, 1, 4, 5] = float("nan")
        x[1, 2, 0, 0] = float("nan")
        x[1, 0, 16, 18] = float("nan")
        self.check("max", 2, x, kernel_size=3, stride=2, padding=1, ceil_mode=True)
        self.check("max", 2, x, kernel_size=2, stride=1, dilation=2)

    def test_max_3d_like_43(self):
        torch.manual_seed(2)
        x = torch.rand(2, 2, 9, 10, 11)
        for ceil in (False, True):
            self.check("max", 3, x, kernel_size=3, stride=2, padding=1, dilation=3, ceil_mode=ceil, path="unrolled")
        # 5 x 5 x 5 = 125 tap loads > UNROLL_MAX: the looped nest (W stride 3: one W tap per load)
        self.check("max", 3, x, kernel_size=5, stride=(1, 2, 3), padding=2, path="looped", w_taps=1)
        # 9 x 9 loads of 4 W taps (3 of them live): looped
        self.check("max", 3, torch.randn(1, 2, 10, 11, 12), kernel_size=(9, 9, 3), stride=1, padding=(4, 4, 1),
                   path="looped", w_taps=4)

    def test_avg_1d_like_44(self):
        torch.manual_seed(3)
        x = torch.rand(2, 3, 37)
        for ceil in (False, True):
            for cip in (True, False):
                self.check("avg", 1, x, kernel_size=8, stride=1, padding=4, ceil_mode=ceil, count_include_pad=cip)
                self.check("avg", 1, x, kernel_size=4, stride=3, padding=2, ceil_mode=ceil, count_include_pad=cip)

    def test_avg_2d_divisor_override(self):
        torch.manual_seed(4)
        x = torch.randn(2, 3, 13, 14)
        for ceil in (False, True):
            for cip in (True, False):
                self.check("avg", 2, x, kernel_size=3, stride=2, padding=1, ceil_mode=ceil, count_include_pad=cip)
            self.check("avg", 2, x, kernel_size=(3, 2), stride=(2, 3), padding=(1, 1), ceil_mode=ceil,
                       divisor_override=5)

    def test_avg_3d_like_46(self):
        torch.manual_seed(5)
        x = torch.rand(2, 2, 9, 10, 12)
        for ceil in (False, True):
            for cip in (True, False):
                self.check("avg", 3, x, kernel_size=3, stride=2, padding=1, ceil_mode=ceil, count_include_pad=cip)
        self.check("avg", 3, x, kernel_size=(2, 3, 4), stride=(1, 2, 3), padding=(1, 1, 2), divisor_override=7)
        self.check("avg", 3, x, kernel_size=5, stride=2, padding=2, count_include_pad=False, path="looped")
        self.check("avg", 3, torch.randn(1, 2, 10, 11, 12), kernel_size=(9, 9, 3), stride=1, padding=(4, 4, 1),
                   count_include_pad=False, path="looped", w_taps=4)

    def test_sliding_planes(self):
        # KD = SD + 1 (3 / 2, 2 / 1) with dilation 1 in D: CTAs walk D_SLIDE_PLANES output planes and reuse the
        # shared input plane; 3 planes a CTA here, so OD = 5 or 6 ends in a partial chunk
        torch.manual_seed(9)

        def sliding_module(*a, **kw):  # these inputs are small: the size rule off, so that they slide
            mod = pool_module(*a, **kw)
            mod.D_SLIDE_MIN_ELEMS = 0
            return mod

        x = torch.randn(2, 2, 11, 9, 14)
        for kind in ("max", "avg"):
            for ceil in (False, True):
                for settings in ({}, {"D_SLIDE_PLANES": 3}, {"D_SLIDE_PLANES": 3, "FAST_INTERIOR": False}):
                    kw = dict(kernel_size=3, stride=2, padding=1, ceil_mode=ceil)
                    if kind == "avg":
                        kw["count_include_pad"] = not ceil
                    mod = sliding_module(kind, 3, **kw)
                    for k, v in settings.items():
                        setattr(mod, k, v)
                    model = mod.ModelNew()
                    fn = F.max_pool3d if kind == "max" else F.avg_pool3d
                    self.assertLess(rel_err(model(x), fn(x, **kw)), 1e-6, (kind, ceil, settings))
                    self.assertEqual(model.last_path, "sliding")
        mod = sliding_module("avg", 3, kernel_size=(2, 3, 3), stride=(1, 2, 1), padding=(1, 1, 1), divisor_override=4)
        mod.D_SLIDE_PLANES = 4
        xt = torch.randn(2, 3, 10, 9, 8).transpose(2, 4)  # strided: D is the innermost dim in memory
        model = mod.ModelNew()
        want = F.avg_pool3d(xt, (2, 3, 3), (1, 2, 1), (1, 1, 1), divisor_override=4)
        self.assertLess(rel_err(model(xt), want), 1e-6)
        self.assertEqual(model.last_path, "sliding")
        # 2-D windows of KH = SH + 1 rows slide along H (resnet's 3 x 3 / 2 max pool; 2 x 2 / 1 average)
        x2 = torch.randn(2, 3, 23, 17)
        x2[1, 2, 6, 5] = float("nan")  # row 6 is shared by output rows 2 and 3 of the 3 / 2 window
        for kind, kw in (("max", dict(kernel_size=3, stride=2, padding=1)),
                         ("max", dict(kernel_size=(3, 2), stride=(2, 2), padding=(1, 0), ceil_mode=True)),
                         ("avg", dict(kernel_size=2, stride=1, padding=1, count_include_pad=False)),
                         ("avg", dict(kernel_size=(3, 3), stride=(2, 1), padding=1, divisor_override=5))):
            for planes in (8, 3):
                mod = sliding_module(kind, 2, **kw)
                mod.D_SLIDE_PLANES = planes
                model = mod.ModelNew()
                fn = F.max_pool2d if kind == "max" else F.avg_pool2d
                self.assertLess(rel_err(model(x2), fn(x2, **kw)), 1e-6, (kind, kw, planes))
                self.assertEqual(model.last_path, "sliding")
        xn = torch.rand(1, 2, 9, 8, 8)
        xn[0, 1, 4, 3, 3] = float("nan")  # plane 4 is shared by output planes 1 and 2
        mod = sliding_module("max", 3, kernel_size=3, stride=2, padding=1)
        mod.D_SLIDE_PLANES = 2
        self.assertLess(rel_err(mod.ModelNew()(xn), F.max_pool3d(xn, 3, 2, 1)), 1e-6)

    def test_small_inputs_do_not_slide(self):
        # D_SLIDE_MIN_ELEMS: the sliding kernel only from that many input elements (its serial walk is latency a
        # small pool waits on); u13's window (3 / 2, pad 1, count_include_pad off) on its own shape
        x = torch.randn(4, 16, 31, 28)
        kw = dict(kernel_size=3, stride=2, padding=1, count_include_pad=False)
        for limit, path in ((None, "unrolled"), (x.numel(), "sliding"), (x.numel() + 1, "unrolled")):
            mod = pool_module("avg", 2, **kw)
            if limit is not None:
                mod.D_SLIDE_MIN_ELEMS = limit
            model = mod.ModelNew()
            self.assertLess(rel_err(model(x), F.avg_pool2d(x, **kw)), 1e-6, limit)
            self.assertEqual(model.last_path, path, limit)

    def test_size1_and_ragged_dims(self):
        torch.manual_seed(6)
        self.check("max", 2, torch.randn(1, 1, 1, 5), kernel_size=(1, 3), stride=(1, 2))
        self.check("avg", 2, torch.randn(1, 1, 1, 5), kernel_size=(1, 3), stride=(1, 2), padding=(0, 1),
                   count_include_pad=False)
        self.check("max", 3, torch.randn(1, 3, 1, 1, 7), kernel_size=(1, 1, 2))
        self.check("avg", 1, torch.randn(1, 1, 1), kernel_size=1)
        # outputs over several tile rows (OW = 40: BLOCK_W 64, BLOCK_H 16; OH = 35: 3 tile rows)
        self.check("max", 2, torch.randn(1, 2, 35, 40), kernel_size=3, stride=1, padding=1)
        # narrow tiles (BLOCK_W_MAX 8): interior tiles clear of the padding on every side, and edge tiles
        mod = pool_module("avg", 2, kernel_size=3, stride=2, padding=1)
        mod.BLOCK_W_MAX = 8
        x = torch.randn(1, 2, 70, 60)
        self.assertLess(rel_err(mod.ModelNew()(x), F.avg_pool2d(x, 3, 2, 1)), 1e-6)

    def test_non_contiguous_inputs(self):
        torch.manual_seed(7)
        base = torch.randn(2, 3, 9, 10, 24)
        x = base[..., ::2]  # a strided last dim (NaN-free here)
        self.assertFalse(x.is_contiguous())
        # read in place through the strides (the configuration text said "made contiguous first": it is not)
        self.assertEqual(self.check("max", 3, x, kernel_size=3, stride=2, padding=1, dilation=2).last_input, "strided")
        self.check("avg", 3, x, kernel_size=3, stride=2, padding=1)
        cl = torch.randn(2, 5, 11, 12).to(memory_format=torch.channels_last)
        self.assertEqual(self.check("avg", 2, cl, kernel_size=2, stride=2, ceil_mode=True).last_input, "strided")
        t = torch.randn(40, 3, 2).permute(2, 1, 0)  # [2, 3, 40], the pooled dim not innermost
        self.assertEqual(self.check("max", 1, t, kernel_size=4, stride=2, padding=1).last_input, "strided")
        self.assertEqual(self.check("max", 1, t.contiguous(), kernel_size=4, stride=2).last_input, "contiguous")
        # more than (N, C) in front (torch's pooling refuses it; the launcher takes it): one leading dim, a view
        # where the strides allow one, else reshape's copy
        mod = pool_module("max", 2, kernel_size=2, stride=1)
        lead = torch.randn(3, 2, 4, 9, 10)[:, :, :, :, ::2]  # [3, 2, 4, 9, 5]: the leading dims still merge
        swapped = torch.randn(2, 3, 4, 9, 10).transpose(0, 1)  # [3, 2, 4, 9, 10]: dims 0, 1 do not merge
        for xin, how in ((lead, "strided"), (swapped, "copied")):
            model = mod.ModelNew()
            got = model(xin)
            want = F.max_pool2d(xin.reshape(-1, *xin.shape[2:]), 2, 1).reshape(*xin.shape[:3], *got.shape[3:])
            self.assertEqual(model.last_input, how)
            self.assertLess(rel_err(got, want), 1e-6, how)
        strided = torch.full((2, 3, 60), float("nan"))[:, :, 1::2]  # the harness's strided case: NaN in the gaps
        strided.copy_(torch.randn(2, 3, 30))
        self.check("max", 1, strided, kernel_size=3, stride=1, padding=1)
        self.check("avg", 1, strided, kernel_size=3, stride=1, padding=1)

    def test_low_precision(self):
        torch.manual_seed(8)
        for dtype in (torch.bfloat16, torch.float16):
            x = torch.randn(2, 3, 15, 17).to(dtype)
            self.check("max", 2, x, tol=1e-6, kernel_size=3, stride=2, padding=1)  # max is exact
            self.check("avg", 2, x, tol=8e-3, kernel_size=3, stride=2, padding=1, count_include_pad=False)
            self.check("avg", 3, torch.rand(1, 2, 6, 7, 9).to(dtype), tol=8e-3, kernel_size=3, stride=2, padding=1)

    def test_random_windows_against_torch(self):
        # seeded random windows: 1/2/3-D, max/avg, kernel, stride, padding, dilation, ceil_mode,
        # count_include_pad, divisor_override, ragged and size-1 dims, NaNs, transposed inputs; both W-tap modes
        rng = random.Random(7)
        tested = 0
        while tested < 60:
            sp, kind = rng.choice([1, 2, 3]), rng.choice(["max", "avg"])
            ks = [rng.randint(1, 5) for _ in range(sp)]
            kw = {"kernel_size": tuple(ks), "stride": tuple(rng.randint(1, 4) for _ in range(sp)),
                  "padding": tuple(rng.randint(0, k // 2) for k in ks), "ceil_mode": rng.random() < 0.5}
            if kind == "max":
                kw["dilation"] = tuple(rng.randint(1, 3) for _ in range(sp))
            else:
                kw["count_include_pad"] = rng.random() < 0.5
                if sp > 1 and rng.random() < 0.3:
                    kw["divisor_override"] = 3
            dl = kw.get("dilation", (1,) * sp)
            size = [rng.randint(1, 3), rng.randint(1, 3)] + [
                rng.randint(max(1, (k - 1) * d + 1 - 2 * p), 16 if sp == 3 else 30)
                for k, d, p in zip(ks, dl, kw["padding"])]
            x = torch.randn(*size, generator=torch.Generator().manual_seed(tested))
            if rng.random() < 0.3:
                x[tuple(rng.randrange(n) for n in size)] = float("nan")
            if rng.random() < 0.3:
                x = x.transpose(-1, -2) if sp > 1 else x.transpose(0, 1)
            fn = getattr(F, "%s_pool%dd" % (kind, sp))
            try:
                fn(x, **kw)
            except RuntimeError:  # a window torch refuses (output size < 1)
                continue
            tested += 1
            self.check(kind, sp, x, **kw)

    def test_issue14_paths_against_torch(self):
        # issue 14's paths, each also with its switch off: W phase loads (W stride 2 / 4 with DW < SW: one
        # contiguous group of SW inputs a load, split into phases), the dilated sliding walk (M > 1: 43_'s 3 / 2
        # at dilation 3 walks output planes 0, 3, 6, ...), W-only masks on tiles inside along D and H, and the
        # one-instruction NaN max; NaNs placed on shared planes, rows and columns, transposed inputs, fp16
        torch.manual_seed(14)
        off = {"W_PHASE": (), "SLIDE_DILATED": False, "EDGE_MASKS": False, "NAN_MAX": False}
        cases = [
            ("max", 3, (2, 2, 13, 10, 11), dict(kernel_size=3, stride=2, padding=1, dilation=3), "sliding", 0),
            ("max", 3, (1, 2, 13, 10, 11), dict(kernel_size=3, stride=2, padding=1, dilation=3, ceil_mode=True),
             "sliding", 0),
            ("max", 2, (2, 3, 23, 17), dict(kernel_size=3, stride=2, padding=1, dilation=3), "sliding", 0),
            ("max", 2, (2, 3, 20, 17), dict(kernel_size=2, stride=1, dilation=2), "sliding", 0),
            ("avg", 3, (2, 2, 9, 10, 12), dict(kernel_size=3, stride=2, padding=1), "sliding", 2),
            ("avg", 3, (2, 2, 9, 10, 13), dict(kernel_size=3, stride=2, padding=1, ceil_mode=True,
                                               count_include_pad=False), "sliding", 2),
            ("max", 2, (2, 3, 15, 19), dict(kernel_size=3, stride=2, padding=1), "sliding", 2),
            ("avg", 2, (2, 3, 16, 24), dict(kernel_size=4, stride=4), "unrolled", 4),
            ("max", 2, (2, 3, 17, 23), dict(kernel_size=(2, 5), stride=(2, 4), padding=(1, 2), ceil_mode=True),
             "unrolled", 4),
            ("avg", 2, (2, 3, 14, 21), dict(kernel_size=2, stride=2, ceil_mode=True), "unrolled", 2),
            ("max", 1, (2, 3, 41), dict(kernel_size=5, stride=2, padding=2, ceil_mode=True), "unrolled", 2),
            ("avg", 1, (2, 3, 41), dict(kernel_size=3, stride=2, padding=0, count_include_pad=False), "unrolled", 2),
            ("max", 1, (2, 3, 41), dict(kernel_size=2, stride=2, padding=1), "unrolled", 0),  # 2 groups, 2 taps
            ("max", 1, (2, 3, 41), dict(kernel_size=3, stride=2, dilation=2), "unrolled", 0),  # DW = SW
        ]
        for i, (kind, sp, shape, kw, path, wph) in enumerate(cases):
            x = torch.randn(*shape)
            if kind == "max":
                x.view(-1)[(7 * i + 5) % x.numel()] = float("nan")
                x.view(-1)[(13 * i + 29) % x.numel()] = float("nan")
            fn = getattr(F, "%s_pool%dd" % (kind, sp))
            for xin in (x, x.transpose(0, 1), x.half()):
                want = fn(xin.float(), **kw).to(xin.dtype)
                for settings in ({}, {"FAST_INTERIOR": False}, {"D_SLIDE_PLANES": 2}, off):
                    mod = pool_module(kind, sp, **kw)
                    mod.D_SLIDE_MIN_ELEMS = 0
                    for k, v in settings.items():
                        setattr(mod, k, v)
                    model = mod.ModelNew()
                    got = model(xin)
                    self.assertEqual(got.shape, want.shape)
                    err = rel_err(got, want)
                    self.assertLess(err, 1e-6 if xin.dtype == torch.float32 else 8e-3,
                                    (kind, sp, shape, kw, settings, xin.dtype, err))
                    if settings is off:
                        self.assertEqual(model.last_w_phase, 0)
                        if kw.get("dilation", 1) > 1:
                            self.assertNotEqual(model.last_path, "sliding", kw)
                    else:
                        self.assertEqual((model.last_path, model.last_w_phase), (path, wph), (kw, settings))

    def test_h_walk_against_torch(self):
        # SLIDE_H (session 20): the sliding kernel's lanes each walk J output rows along H and carry the W-reduced
        # row consecutive windows share (43_'s dilation 3: rows oh, oh + 3, .., lanes interleaved by 3); every J the
        # plan allows, with and without bounds masks, the D walk unrolled (SLIDE_UNROLL), short chunks, ragged
        # lanes past OH, NaNs on rows that two windows share, a transposed input and fp16; SLIDE_H 0 is the old tile
        torch.manual_seed(20)
        cases = [
            ("max", (2, 2, 11, 26, 13), dict(kernel_size=3, stride=2, padding=1, dilation=3), "4x1"),
            ("max", (1, 2, 13, 23, 11), dict(kernel_size=3, stride=2, padding=1, dilation=3, ceil_mode=True), "4x1"),
            ("avg", (2, 2, 9, 21, 12), dict(kernel_size=3, stride=2, padding=1), "3x4"),
            ("avg", (1, 3, 9, 17, 13), dict(kernel_size=3, stride=2, padding=1, ceil_mode=True,
                                            count_include_pad=False), "3x4"),
            ("max", (1, 2, 7, 19, 9), dict(kernel_size=2, stride=1), "3x8"),
            ("avg", (1, 2, 8, 15, 10), dict(kernel_size=(3, 2, 3), stride=(2, 1, 2), padding=(1, 1, 0),
                                            divisor_override=5), "4x4"),
        ]
        for i, (kind, shape, kw, walk) in enumerate(cases):
            x = torch.randn(*shape)
            if kind == "max":
                x[0, -1, 4, 5, 3] = float("nan")  # row 5 of plane 4: in two windows along H and along D
                x.view(-1)[(11 * i + 3) % x.numel()] = float("nan")
            fn = getattr(F, "%s_pool3d" % kind)
            inputs = (x, x.transpose(0, 1)) if i % 2 == 0 else (x, x.half())
            for xin in inputs:
                want = fn(xin.float(), **kw).to(xin.dtype)
                ks = kw["kernel_size"]
                kh = ks if isinstance(ks, int) else ks[1]
                for settings in ({}, {"SLIDE_H": 1}, {"SLIDE_H": 2}, {"FAST_INTERIOR": False},
                                 {"SLIDE_UNROLL": True, "D_SLIDE_PLANES": 2}, {"SLIDE_H": 0}, {"SLIDE_H_MIN_KH": 3}):
                    mod = pool_module(kind, 3, **kw)
                    mod.D_SLIDE_MIN_ELEMS = 0
                    mod.SLIDE_H_MIN_KH = 0  # every window walks H here; the default (3) is the last settings row
                    for k, v in settings.items():
                        setattr(mod, k, v)
                    model = mod.ModelNew()
                    got = model(xin)
                    err = rel_err(got, want)
                    self.assertLess(err, 1e-6 if xin.dtype == torch.float32 else 8e-3,
                                    (kind, shape, kw, settings, xin.dtype, err))
                    self.assertEqual(model.last_path, "sliding", (kw, settings))
                    if settings.get("SLIDE_H") == 0 or (settings.get("SLIDE_H_MIN_KH") == 3 and kh < 3):
                        self.assertEqual(model.last_h_walk, "")
                    elif settings.get("SLIDE_H_MIN_KH") == 3:
                        self.assertEqual(model.last_h_walk, walk, kw)
                    elif not settings:
                        self.assertEqual(model.last_h_walk, walk, kw)
                    else:
                        self.assertLessEqual(int(model.last_h_walk.split("x")[0]), settings.get("SLIDE_H", 4))

    def test_bad_window_is_refused(self):
        mod = pool_module("max", 1, kernel_size=2, stride=1, padding=2)
        with self.assertRaises(RuntimeError):
            mod.ModelNew()(torch.randn(1, 1, 10))


def triton_next_pow2(n):
    p = 1
    while p < n:
        p *= 2
    return p


def attention_module(scale=None, causal=False, kv_repeat=False):
    return render("triton_attention.py.tmpl", FORWARD_PARAMS=", Q, K, V", Q="Q", K="K", V="V",
                  SCALE=repr(scale), CAUSAL=causal, K_REPEAT=kv_repeat, V_REPEAT=kv_repeat)


def attention_ref(q, k, v, scale=None, causal=False):
    q, k, v = q.double(), k.double(), v.double()
    s = (q @ k.transpose(-2, -1)) * (scale if scale is not None else 1.0 / math.sqrt(q.shape[-1]))
    if causal:
        lq, lk = q.shape[-2], k.shape[-2]
        keep = torch.ones(lq, lk, dtype=torch.bool).tril(diagonal=0)  # torch's is_causal: top-left aligned
        s = s.masked_fill(~keep, float("-inf"))
    return torch.softmax(s, dim=-1) @ v


class AttentionEmulated(unittest.TestCase):
    def run_with(self, mod, settings, model, *args):
        old = {k: getattr(mod, k) for k in settings}
        for k, v in settings.items():
            setattr(mod, k, v)
        try:
            return model(*args)
        finally:
            for k, v in old.items():
                setattr(mod, k, v)

    def check(self, q, k, v, scale=None, causal=False, path="flash", tol=1e-5, settings=None):
        mod = attention_module(scale, causal)
        model = mod.ModelNew()
        got = self.run_with(mod, settings or {}, model, q, k, v)
        want = attention_ref(q, k, v, scale, causal)
        self.assertEqual(got.shape, want.shape)
        self.assertEqual(got.dtype, q.dtype)
        self.assertEqual(model.last_path, path)
        err = rel_err(got, want)
        self.assertLess(err, tol, (list(q.shape), list(k.shape), list(v.shape), scale, causal, path, err))
        return model

    def test_kv_heads_read_in_place(self):
        # grouped-query / multi-query attention (K_REPEAT / V_REPEAT: K and V are the un-repeated inputs): entry b
        # of Q reads b // rep; flash in place, KV_INDEX off and the materialised path (head_dim > 256) copy first
        torch.manual_seed(12)
        for b, hq, hkv, l, d, causal, path in ((2, 6, 3, 23, 24, True, "flash"), (1, 4, 1, 17, 40, False, "flash"),
                                               (2, 4, 2, 9, 260, False, "materialised")):
            rep = hq // hkv
            q, k, v = torch.randn(b, hq, l, d), torch.randn(b, hkv, l, d), torch.randn(b, hkv, l, d)
            want = attention_ref(q, k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1), None, causal)
            mod = attention_module(None, causal, kv_repeat=True)
            for index in (True, False):
                model = mod.ModelNew()
                got = self.run_with(mod, {"KV_INDEX": index}, model, q, k, v)
                self.assertEqual(model.last_path, path)
                self.assertLess(rel_err(got, want), 1e-5)
                in_place = rep if index and path == "flash" else 1
                self.assertEqual(model.last_kv_rep, (in_place, in_place))

    def test_flash_lq_ne_lk_causal_scale(self):
        torch.manual_seed(10)
        q, k, v = torch.randn(2, 3, 37, 40), torch.randn(2, 3, 53, 40), torch.randn(2, 3, 53, 24)
        for causal in (False, True):
            for scale in (None, 0.3):
                self.assertTrue(self.check(q, k, v, scale, causal).last_staged_v)  # fp32 V copied key-major
            self.assertFalse(self.check(q, k, v, None, causal, settings={"STAGE_V": False}).last_staged_v)
        # more queries than keys (causal rows past Lk see every key), several query blocks, no leading dims
        q2, k2, v2 = torch.randn(300, 16), torch.randn(70, 16), torch.randn(70, 16)
        m = self.check(q2, k2, v2, causal=True)
        self.assertEqual(m.last_grid_blocks, 3)  # BLOCK_M 128
        self.check(q2, k2, v2, causal=False)

    def test_flash_head_dims_and_broadcast(self):
        torch.manual_seed(11)
        for d in (64, 100, 256):
            q, k, v = torch.randn(1, 2, 33, d), torch.randn(1, 2, 65, d), torch.randn(1, 2, 65, d)
            self.check(q, k, v, causal=(d == 100))
        q, k, v = torch.randn(2, 3, 9, 32), torch.randn(1, 3, 11, 32), torch.randn(1, 3, 11, 32)  # K, V broadcast
        self.check(q, k, v)
        self.check(torch.randn(1, 1, 16), torch.randn(1, 1, 16), torch.randn(1, 1, 16))  # Lq = Lk = 1
        qt = torch.randn(2, 20, 3, 32).transpose(1, 2)  # [2, 3, 20, 32] non-contiguous (heads-second layout)
        self.check(qt, torch.randn(2, 3, 25, 32), torch.randn(2, 3, 25, 32), causal=True)

    def test_flash_low_precision(self):
        torch.manual_seed(12)
        for dtype in (torch.bfloat16, torch.float16):
            q, k, v = (torch.randn(2, 2, 45, 64).to(dtype) for _ in range(3))
            self.assertFalse(self.check(q, k, v, causal=True, tol=2e-2).last_staged_v)  # 16-bit wgmma takes either major

    def test_materialised_chunks(self):
        torch.manual_seed(13)
        q, k, v = torch.randn(3, 37, 300), torch.randn(3, 45, 300), torch.randn(3, 45, 260)
        for fused in (True, False):  # scores and softmax in one kernel (rows of 45 keys fit a tile), or not
            base = {"FUSED_SOFTMAX": fused}
            for causal in (False, True):
                m = self.check(q, k, v, causal=causal, path="materialised", settings=base)
                self.assertEqual(m.last_fused_softmax, fused)
                self.assertTrue(m.last_staged_v)  # fp32 V copied key-major (with every budget below too)
                m = self.check(q, k, v, causal=causal, path="materialised", settings=dict(base, STAGE_V=False))
                self.assertFalse(m.last_staged_v)
                # one batch entry per chunk (3 chunks), then 5 query rows per chunk (8 chunks per entry)
                for budget in (37 * 45 * 4 + 100, 45 * 4 * 5 + 3):
                    self.check(q, k, v, causal=causal, path="materialised", settings=dict(base, S_BUDGET_BYTES=budget))
            self.check(q, k, v, scale=0.05, path="materialised", settings=base)
        # rows longer than the softmax tile: the online max/sum sweep, then a second sweep writes P
        self.check(q, k, v, causal=True, path="materialised", settings={"SOFTMAX_TILE": 16, "FUSED_SOFTMAX": False})
        self.check(q, k, v, causal=False, path="materialised",
                   settings={"SOFTMAX_TILE": 16, "S_BUDGET_BYTES": 1000, "FUSED_SOFTMAX": False})
        # key rows over FUSED_MAX_LK take the separate softmax by themselves
        k2, v2 = torch.randn(3, 45, 300), torch.randn(3, 45, 260)
        m = self.check(q, k2, v2, causal=True, path="materialised", settings={"FUSED_MAX_LK": 32})
        self.assertFalse(m.last_fused_softmax)

    def test_materialised_fused_failure_falls_back(self):
        mod = attention_module(causal=True)
        model = mod.ModelNew()
        q, k, v = torch.randn(2, 9, 272), torch.randn(2, 11, 272), torch.randn(2, 11, 272)
        old = mod.FUSED_CONFIGS
        mod.FUSED_CONFIGS = []  # no setting launches: the fused kernel "fails"
        mod.FUSED_SOFTMAX = True  # an option (off by default since the H200 measured it slower)
        try:
            with self.assertWarns(UserWarning):
                got = model(q, k, v)
        finally:
            mod.FUSED_CONFIGS = old
        self.assertFalse(model.last_fused_softmax)
        self.assertIn("no attention tile setting launched", model.last_fallback)
        self.assertLess(rel_err(got, attention_ref(q, k, v, causal=True)), 1e-5)
        model(q, k, v)  # remembered for the process: no second attempt
        self.assertFalse(model.last_fused_softmax)
        mod._FUSED_FAILED.clear()
        model(q, k, v)
        self.assertTrue(model.last_fused_softmax)

    def test_materialised_lq_gt_lk_and_bf16(self):
        torch.manual_seed(14)
        q, k, v = torch.randn(2, 1, 50, 520), torch.randn(2, 1, 20, 520), torch.randn(2, 1, 20, 520)
        self.check(q, k, v, causal=True, path="materialised")
        self.check(q, k, v, causal=True, path="materialised", settings={"FUSED_SOFTMAX": False})
        # fp32 inputs with P stored as fp16: within TF32's rounding of P
        self.check(q, k, v, causal=True, path="materialised", tol=2e-3, settings={"FUSED_P_FP16": True})
        qb, kb, vb = (torch.randn(2, 2, 33, 272).to(torch.bfloat16) for _ in range(3))
        for fused in (True, False):  # fused: P stored in bf16
            self.check(qb, kb, vb, causal=False, path="materialised", tol=2e-2, settings={"FUSED_SOFTMAX": fused})

    def test_random_shapes_against_math(self):
        # seeded random shapes over both paths: head dims 1..300 (V's may differ), Lq != Lk, no / one / two
        # leading dims, causal, scale, small score budgets, the separate softmax, the two-sweep softmax
        rng = random.Random(11)
        for it in range(24):
            d = rng.choice([1, 8, 33, 64, 130, 256, 257, 300])
            e = rng.choice([d, 5, 200, 270])
            lq, lk = rng.randint(1, 140), rng.randint(1, 140)
            lead = rng.choice([[], [2], [2, 3]])
            gen = torch.Generator().manual_seed(it)
            q, k, v = (torch.randn(*lead, n, c, generator=gen) for n, c in ((lq, d), (lk, d), (lk, e)))
            settings = {}
            if rng.random() < 0.3:
                settings["S_BUDGET_BYTES"] = rng.randint(100, 20000)
            if rng.random() < 0.3:
                settings["FUSED_SOFTMAX"] = False
            if rng.random() < 0.3:
                settings["SOFTMAX_TILE"] = 32
            path = "flash" if max(16, triton_next_pow2(d), triton_next_pow2(e)) <= 256 else "materialised"
            self.check(q, k, v, scale=rng.choice([None, 0.1, 1.3]), causal=rng.random() < 0.5, path=path,
                       settings=settings)

    def test_empty_keys_give_zeros(self):
        model = attention_module().ModelNew()
        out = model(torch.randn(2, 5, 16), torch.randn(2, 0, 16), torch.randn(2, 0, 8))
        self.assertEqual(out.shape, (2, 5, 8))
        self.assertEqual(float(out.abs().sum()), 0.0)


class ConformanceEmulated(unittest.TestCase):
    def test_rendered_templates_pass_the_conformance_gate(self):
        # forward does only allocation, views, queries and launches (resources/python/conformance_check.py)
        gate = os.path.join(ROOT, "resources", "python", "conformance_check.py")
        for mod in (pool_module("avg", 3, 3, 2, 1), pool_module("max", 1, 8, 1, 4, 3),
                    attention_module(0.5, True)):
            p = subprocess.run([sys.executable, gate, mod.__file__, "--framework", "triton"],
                               capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stdout[-2000:])
            self.assertTrue(json.loads(p.stdout)["ok"])


KERNELBENCH = os.environ.get("KWB_KERNELBENCH_LEVEL1",
                             os.path.join(ROOT, "..", "shared", "data", "kernelbench", "level1"))


@unittest.skipUnless(os.path.isdir(KERNELBENCH), "no KernelBench level1 folder (KWB_KERNELBENCH_LEVEL1)")
class SmokeRendererEmulated(unittest.TestCase):
    def test_smoke_script_renders_the_five_problems(self):
        # bench/gpu/pool_attn_smoke.py's renderer (constructor arguments and module attributes of Model)
        # gives kernels that match Model at small inputs of the problems' ranks
        sys.path.insert(0, os.path.join(ROOT, "bench", "gpu"))
        import pool_attn_smoke as smoke
        small = {"41_Max_Pooling_1D": (2, 3, 40), "43_Max_Pooling_3D": (2, 2, 9, 10, 11),
                 "44_Average_Pooling_1D": (2, 3, 40), "46_Average_Pooling_3D": (2, 2, 9, 10, 12)}
        torch.manual_seed(20)
        for name in smoke.PROBLEMS:
            ref = smoke.load_file(os.path.join(KERNELBENCH, name + ".py"), "ref_" + name)
            kind, mod = smoke.render_problem(ref, name)
            init = ref.get_init_inputs()
            ours = mod.ModelNew(*init)
            if kind == "pool":
                x = torch.rand(*small[name])
                want = ref.Model(*init)(x)
                got = ours(x)
            else:
                q, k, v = (torch.rand(2, 2, 20, 300) for _ in range(3))
                want = attention_ref(q, k, v)  # torch 1.13 has no scaled_dot_product_attention
                got = ours(q, k, v)
                self.assertEqual(ours.last_path, "materialised")
            self.assertLess(rel_err(got, want), 1e-5, name)


if __name__ == "__main__":
    unittest.main()
