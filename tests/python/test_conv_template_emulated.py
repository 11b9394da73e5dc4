"""The Triton convolution template (resources/templates/kernels/triton_conv.py.tmpl), rendered here with a
small Python substitution of its placeholders and run on the CPU through tests/data/codegen/fake_triton
against torch.nn.functional.conv{1,2,3}d / conv_transpose{1,2,3}d at reduced shapes: every class of
aten::convolution the template claims (1/2/3-D, standard/transposed, stride, padding, dilation,
output_padding, groups incl. depthwise, bias on/off, size-1 and ragged spatial dims, a non-contiguous
input, bf16). Numbers and paths only: nothing here says anything about speed or about the real Triton
compiler (fake_triton computes tl.dot in fp32, so fp32 results are near-exact; TF32 is not emulated).

    /usr/bin/python3 -m unittest tests/python/test_conv_template_emulated.py
"""
import contextlib
import importlib.util
import io
import os
import shutil
import sys
import tempfile
import types
import unittest

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
TEMPLATE = os.path.join(ROOT, "resources", "templates", "kernels", "triton_conv.py.tmpl")
sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))

_TMP = tempfile.mkdtemp(prefix="kwb_conv_test_")
_COUNT = [0]


def render(spatial, transposed, weight_shape, has_bias, stride, padding, dilation, output_padding, groups, stages=""):
    """The template with its placeholders filled as the C++ renderer would for a Model holding one
    nn.Conv*/ConvTranspose* named `conv` (state_dict names conv.weight / conv.bias)."""
    tup = lambda v: "(" + ", ".join(str(int(e)) for e in v) + ("," if len(v) == 1 else "") + ")"
    store = ["        self.conv = nn.Module()  # holds conv.* like Model's submodule",
             "        self.conv.weight = nn.Parameter(torch.ones(%s))" % tup(weight_shape)]
    if has_bias:
        store.append("        self.conv.bias = nn.Parameter(torch.zeros((%d,)))"
                     % (weight_shape[1] * groups if transposed else weight_shape[0]))
    values = {
        "PROBLEM": "test_conv", "SPEC_SHA": "", "DESCRIPTION": "emulated test", "POLICY_NOTE": "a test",
        "CONFIG_SUMMARY": "#   (test)", "INIT_PARAMS": "", "INIT_STORE": "\n".join(store),
        "FORWARD_PARAMS": ", x", "KERNEL": "kwb_conv", "X": "x", "WEIGHT": "self.conv.weight",
        "BIAS": "self.conv.bias" if has_bias else "None", "SPATIAL": str(spatial), "STRIDE": tup(stride),
        "PADDING": tup(padding), "DILATION": tup(dilation), "OUTPUT_PADDING": tup(output_padding),
        "GROUPS": str(groups), "TRANSPOSED": str(bool(transposed)), "MORE_CONVS": "", "STAGES": stages,
        "FORWARD_BODY": "        return conv_forward(self, x, self.conv.weight, %s)" % (
            "self.conv.bias" if has_bias else "None"),
    }
    with open(TEMPLATE) as f:
        text = f.read()
    for k, v in values.items():
        text = text.replace("{{%s}}" % k, v)
    assert "{{" not in text, "unfilled placeholder"
    _COUNT[0] += 1
    path = os.path.join(_TMP, "conv_%d.py" % _COUNT[0])
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("conv_%d" % _COUNT[0], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rel_err(got, want):
    d = (got.double() - want.double()).norm()
    return float(d / want.double().norm().clamp_min(1e-30))


# The knobs the template ships on (measured on the H200: docs/results/2026-12-02-h200-suite-s13.md) turned
# off and their class limits lifted: a test of one mechanism names it in its settings and gets it wherever it
# applies
PLAIN = {"SMALL_K": False, "TAP_PADDED": False, "PHASE_GRID": False, "OUT_CHANNELS_LAST": False, "EPI_CHANNEL_VECTORS": False,
         "DIRECT_CL": False, "SMALL_K_MAX_STRIDE": 1 << 30, "PHASE_GRID_MIN_DIMS": 1, "PHASE_GRID_GROUPED": True}


def run_case(tc, spatial, cin, cout, k, in_size, batch=2, stride=1, padding=0, dilation=1, output_padding=0,
             groups=1, bias=True, transposed=False, dtype=torch.float32, noncontig=False, path=None, seed=0,
             channels_last=False, config=None, settings=None, shipped=False):
    rep = lambda v: tuple(v) if isinstance(v, (tuple, list)) else (v,) * spatial
    k, stride, padding, dilation, output_padding, in_size = map(rep, (k, stride, padding, dilation, output_padding,
                                                                        in_size))
    g = torch.Generator().manual_seed(seed)
    wshape = (cin, cout // groups) + k if transposed else (cout, cin // groups) + k
    w = torch.randn(wshape, generator=g) * 0.2
    b = torch.randn(cout, generator=g) if bias else None
    if noncontig:  # every other element of a wider input along the last dim, and channels permuted in memory
        big = torch.randn((batch, cin) + in_size[:-1] + (in_size[-1] * 2,), generator=g)
        x = big[..., ::2]
        assert not x.is_contiguous()
    else:
        x = torch.randn((batch, cin) + in_size, generator=g)
    x, w = x.to(dtype), w.to(dtype)
    if channels_last:  # the same values, channels innermost in memory
        x = x.movedim(1, -1).contiguous().movedim(-1, 1)
    b = b.to(dtype) if b is not None else None
    mod = render(spatial, transposed, wshape, bias, stride, padding, dilation, output_padding, groups)
    # a mechanism's test starts from the plain tile loop and turns on what it names; shipped=True keeps the
    # template's class rules as generated (ShippedDefaults)
    for key, v in dict({} if shipped else PLAIN, **(settings or {})).items():
        setattr(mod, key, v)
    model = mod.ModelNew()
    with torch.no_grad():
        model.conv.weight.data = w.clone()
        if bias:
            model.conv.bias.data = b.clone()
        got = model(x)
        xf, wf, bf = x.float(), w.float(), (b.float() if b is not None else None)
        if transposed:
            fn = (F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d)[spatial - 1]
            want = fn(xf, wf, bf, stride=stride, padding=padding, output_padding=output_padding, groups=groups,
                      dilation=dilation)
        else:
            fn = (F.conv1d, F.conv2d, F.conv3d)[spatial - 1]
            want = fn(xf, wf, bf, stride=stride, padding=padding, dilation=dilation, groups=groups)
    label = dict(spatial=spatial, cin=cin, cout=cout, k=k, in_size=in_size, stride=stride, padding=padding,
                 dilation=dilation, output_padding=output_padding, groups=groups, bias=bias,
                 transposed=transposed, dtype=dtype, noncontig=noncontig)
    tc.assertEqual(tuple(got.shape), tuple(want.shape), label)
    tc.assertEqual(got.dtype, dtype, label)
    # fp32: the emulation's dot is fp32, so only summation order differs; bf16: the output is rounded to
    # bf16 (2**-8 relative) after an fp32 accumulation of the same bf16 operands
    bound = 1e-5 if dtype == torch.float32 else 8e-3
    err = rel_err(got, want)
    tc.assertLess(err, bound, label)
    if path is not None:
        tc.assertEqual(model.last_path, path, label)
    tc.assertGreater(model.last_grid_blocks, 0, label)
    for key, v in (config or {}).items():
        tc.assertEqual(model.last_config.get(key), v, (key, label))
    return model


class ConvStandard(unittest.TestCase):
    def test_1d_gemm_bias_ragged(self):
        run_case(self, 1, cin=8, cout=24, k=3, in_size=37, path="implicit_gemm")

    def test_1d_strided_dilated_no_bias(self):
        run_case(self, 1, cin=16, cout=32, k=3, in_size=50, stride=3, dilation=4, bias=False, path="implicit_gemm")

    def test_2d_small_cin_large_kernel_strided_padded(self):
        # 50_'s class: Cin = 3, an 11 x 11 kernel, stride 4, padding 2 (K = 363, not a multiple of BLOCK_K)
        run_case(self, 2, cin=3, cout=20, k=11, in_size=(27, 31), stride=4, padding=2, path="implicit_gemm")

    def test_2d_asymmetric_kernel_dilated_padded(self):
        run_case(self, 2, cin=6, cout=16, k=(5, 3), in_size=(13, 17), padding=(2, 4), dilation=(2, 3),
                 path="implicit_gemm")

    def test_2d_grouped(self):
        run_case(self, 2, cin=12, cout=36, k=3, in_size=(9, 11), groups=3, stride=(2, 1), padding=1,
                 path="implicit_gemm")

    def test_2d_size1_spatial_dims_and_batch1(self):
        run_case(self, 2, cin=6, cout=18, k=(1, 3), in_size=(1, 7), batch=1, path="implicit_gemm")
        run_case(self, 2, cin=4, cout=17, k=3, in_size=(1, 1), padding=1, path="implicit_gemm")

    def test_3d_asymmetric_kernel(self):
        # 59_'s class: a (3, 3, 1) kernel over a short depth
        run_case(self, 3, cin=3, cout=16, k=(3, 3, 1), in_size=(5, 7, 4), path="implicit_gemm")

    def test_3d_grouped_strided_padded(self):
        run_case(self, 3, cin=8, cout=32, k=3, in_size=(4, 6, 5), stride=2, padding=1, groups=2, bias=False,
                 path="implicit_gemm")

    def test_depthwise_direct(self):
        run_case(self, 2, cin=6, cout=6, k=3, in_size=(11, 13), groups=6, path="direct")
        run_case(self, 2, cin=5, cout=5, k=(3, 1), in_size=(9, 8), groups=5, bias=False, stride=(2, 1),
                 padding=(1, 0), path="direct")
        run_case(self, 2, cin=4, cout=4, k=(3, 7), in_size=(6, 12), groups=4, dilation=(2, 1), padding=(2, 3),
                 path="direct")

    def test_depthwise_multiplier_and_1d_3d_direct(self):
        run_case(self, 1, cin=3, cout=6, k=5, in_size=21, groups=3, padding=2, path="direct")
        run_case(self, 3, cin=2, cout=2, k=3, in_size=(4, 5, 6), groups=2, stride=(1, 2, 1), path="direct")

    def test_dense_direct_output_channel_fastest(self):
        # 17_SqueezeNetFireModule's expand 1x1 (K = Cin = 6 <= DIRECT_MAX_K): groups 1, DIRECT_CO_FAST's 1-D grid
        # (output channel fastest), position-block tails, a transposed dense direct conv, and the old grid
        run_case(self, 2, cin=6, cout=20, k=1, in_size=(7, 9), path="direct")
        run_case(self, 1, cin=3, cout=5, k=3, in_size=33, padding=1, stride=2, path="direct")
        run_case(self, 2, cin=2, cout=3, k=2, in_size=(5, 4), stride=2, transposed=True, path="direct")
        run_case(self, 2, cin=6, cout=20, k=1, in_size=(7, 9), path="direct", settings={"DIRECT_CO_FAST": False})

    def test_pointwise_1x1(self):
        # 86_'s second conv
        run_case(self, 2, cin=16, cout=32, k=1, in_size=(7, 9), bias=False, path="implicit_gemm")

    def test_noncontiguous_input(self):
        run_case(self, 2, cin=8, cout=16, k=3, in_size=(7, 9), noncontig=True, padding=1, path="implicit_gemm")
        run_case(self, 2, cin=4, cout=4, k=3, in_size=(7, 9), groups=4, noncontig=True, path="direct")

    def test_bf16(self):
        run_case(self, 2, cin=8, cout=24, k=3, in_size=(9, 10), dtype=torch.bfloat16, path="implicit_gemm")
        run_case(self, 2, cin=8, cout=24, k=3, in_size=(9, 10), dtype=torch.bfloat16, noncontig=True,
                 path="implicit_gemm")
        run_case(self, 2, cin=4, cout=4, k=3, in_size=(9, 10), groups=4, dtype=torch.bfloat16, path="direct")
        run_case(self, 3, cin=8, cout=16, k=2, in_size=(3, 4, 5), stride=2, transposed=True,
                 dtype=torch.bfloat16, path="implicit_gemm")

    def test_fp16(self):
        run_case(self, 1, cin=8, cout=16, k=3, in_size=20, dtype=torch.float16, path="implicit_gemm")

    def test_fp32_m_major_and_no_weight_regroup(self):
        # the launcher's layout switches off: x read NCDHW by [K, M] tiles, the weight in PyTorch's layout
        for settings in ({"FP32_CHANNELS_LAST": False}, {"WEIGHT_REORG": False},
                         {"FP32_CHANNELS_LAST": False, "WEIGHT_REORG": False}):
            for transposed in (False, True):
                mod = render(2, transposed, (8, 16, 3, 3), True, (2, 2), (1, 1), (1, 1), (1, 1) if transposed
                             else (0, 0), 1)
                for k, v in settings.items():
                    setattr(mod, k, v)
                model = mod.ModelNew()
                torch.manual_seed(1)
                w = torch.randn(8, 16, 3, 3) * 0.2
                b = torch.randn(16 if transposed else 8)
                x = torch.randn(2, 8 if transposed else 16, 7, 6)
                model.conv.weight.data, model.conv.bias.data = w, b
                with torch.no_grad():
                    got = model(x)
                    if transposed:
                        want = F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1)
                    else:
                        want = F.conv2d(x, w, b, stride=2, padding=1)
                self.assertLess(rel_err(got, want), 1e-5, (settings, transposed))


class ConvTapUniform(unittest.TestCase):
    # Cin/groups a multiple of BLOCK_K: one tap per K block (per-position mask, aligned channel vectors)
    def test_fp32_several_channel_blocks_and_taps(self):
        run_case(self, 2, cin=64, cout=16, k=3, in_size=(5, 6), stride=2, padding=1, path="implicit_gemm",
                 settings={"FP32_CHANNELS_LAST": True},
                 config={"tap_uniform": True, "block_k": 32, "a_mmajor": False, "x_align": 16, "w_align": 16,
                         "x_copy": True})
        run_case(self, 2, cin=64, cout=16, k=3, in_size=(5, 6), stride=2, padding=1, path="implicit_gemm",
                 settings={"FP32_CHANNELS_LAST": False},
                 config={"tap_uniform": True, "block_k": 32, "a_mmajor": True, "x_align": 1, "x_copy": False})
        run_case(self, 1, cin=32, cout=24, k=3, in_size=30, dilation=2, padding=3, bias=False,
                 config={"tap_uniform": True, "block_k": 32})

    def test_fp32_grouped_block16(self):
        run_case(self, 2, cin=48, cout=48, k=(2, 3), in_size=(5, 7), groups=3, padding=(1, 0),
                 settings={"FP32_CHANNELS_LAST": True}, config={"tap_uniform": True, "block_k": 16, "x_align": 16})

    def test_transposed_3d(self):
        run_case(self, 3, cin=16, cout=16, k=3, in_size=(3, 3, 4), stride=2, padding=1, output_padding=1,
                 transposed=True, config={"tap_uniform": True, "block_k": 16, "phases": 8})

    def test_16bit_ncdhw_reads_m_major(self):
        run_case(self, 2, cin=32, cout=16, k=3, in_size=(6, 5), padding=1, dtype=torch.bfloat16,
                 config={"tap_uniform": True, "block_k": 32, "a_mmajor": True, "x_align": 1})
        run_case(self, 1, cin=64, cout=16, k=3, in_size=9, stride=2, dtype=torch.float16,
                 config={"tap_uniform": True, "block_k": 64, "a_mmajor": True})

    def test_channels_last_input(self):
        run_case(self, 2, cin=32, cout=16, k=3, in_size=(6, 5), padding=1, dtype=torch.bfloat16,
                 channels_last=True, config={"tap_uniform": True, "a_mmajor": False, "x_align": 16})
        run_case(self, 2, cin=16, cout=16, k=3, in_size=(6, 5), padding=1, channels_last=True,
                 config={"tap_uniform": True, "a_mmajor": False, "x_align": 16, "x_copy": False})

    def test_alignment_follows_the_channel_count(self):
        # Cin/groups = 16 in 3 groups of a channels-last bf16 x: group bases 16 elements apart (x_align 16)
        run_case(self, 2, cin=48, cout=48, k=3, in_size=(4, 5), groups=3, dtype=torch.bfloat16,
                 channels_last=True, config={"tap_uniform": True, "block_k": 16, "x_align": 16})
        run_case(self, 1, cin=16, cout=16, k=3, in_size=7, dtype=torch.bfloat16, channels_last=True,
                 config={"tap_uniform": True, "a_mmajor": False, "x_align": 16})

    def test_channel_slice_of_a_wider_channels_last_tensor(self):
        # 16 of 24 channels, channels-last: positions 24 elements apart, so only 8-element alignment holds
        mod = render(2, False, (16, 16, 3, 3), False, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        model = mod.ModelNew()
        w = torch.randn(16, 16, 3, 3) * 0.2
        model.conv.weight.data = w
        wide = torch.randn(2, 24, 5, 6).to(torch.bfloat16).movedim(1, -1).contiguous().movedim(-1, 1)
        x = wide[:, :16]
        with torch.no_grad():
            got = model(x)
            want = F.conv2d(x.float(), w.to(torch.bfloat16).float(), padding=1)
        self.assertLess(rel_err(got, want), 8e-3)
        self.assertEqual(model.last_config["x_align"], 8)
        self.assertEqual(mod._pow2_divisor([48, 16, 0]), 16)
        self.assertEqual(mod._pow2_divisor([3, 16]), 1)


    def test_fp32_copy_by_intensity(self):
        # 2*MACs per byte of x + out: 1x1, 16 -> 16 channels: 2*16*16 / ((16 + 16)*4) = 4 FLOP/B (no copy);
        # 5x5, 64 -> 64, 12 x 12 -> 8 x 8: 2*64*64*64*25 / ((64*144 + 64*64)*4) = 246 FLOP/B (copy)
        run_case(self, 2, cin=16, cout=16, k=1, in_size=(6, 5), config={"x_copy": False, "a_mmajor": True})
        run_case(self, 2, cin=64, cout=64, k=5, in_size=(12, 12), config={"x_copy": True, "a_mmajor": False})
        run_case(self, 1, cin=32, cout=32, k=3, in_size=40, transposed=True, stride=2,
                 config={"x_copy": False})  # 2*32*3*32*40 / ((32*40 + 32*81)*4) = 15 FLOP/B


class ConvTransposed(unittest.TestCase):
    def test_1d_stride1(self):
        run_case(self, 1, cin=8, cout=16, k=3, in_size=19, transposed=True, path="implicit_gemm")

    def test_1d_dilated(self):
        # 74_'s class: stride 1, dilation 3
        run_case(self, 1, cin=8, cout=16, k=5, in_size=23, dilation=3, transposed=True, bias=False,
                 path="implicit_gemm")

    def test_1d_strided_padded_dilated(self):
        # 79_'s class: stride 2, padding 1, dilation 2 (gcd(s, dil) = 2: half the phases get no tap)
        run_case(self, 1, cin=8, cout=16, k=3, in_size=21, stride=2, padding=1, dilation=2, transposed=True,
                 path="implicit_gemm")

    def test_1d_stride3_dilation2_output_padding(self):
        run_case(self, 1, cin=6, cout=16, k=4, in_size=11, stride=3, padding=2, dilation=2, output_padding=1,
                 transposed=True, path="implicit_gemm")

    def test_2d_asymmetric_kernel(self):
        run_case(self, 2, cin=8, cout=16, k=(3, 7), in_size=(6, 9), transposed=True, path="implicit_gemm")

    def test_2d_strided_output_padding_stride_gt_kernel(self):
        # stride 3 > kernel 2: some phases are reached by no tap (bias only)
        run_case(self, 2, cin=4, cout=16, k=2, in_size=(4, 5), stride=3, output_padding=(2, 1), transposed=True,
                 path="implicit_gemm")
        run_case(self, 2, cin=4, cout=16, k=2, in_size=(4, 5), stride=3, output_padding=(2, 1), transposed=True,
                 bias=False, path="implicit_gemm")

    def test_3d_square_and_asymmetric(self):
        run_case(self, 3, cin=6, cout=16, k=3, in_size=(3, 4, 5), transposed=True, path="implicit_gemm")
        run_case(self, 3, cin=8, cout=16, k=(3, 5, 2), in_size=(3, 3, 4), transposed=True, bias=False,
                 path="implicit_gemm")

    def test_3d_strided_padded_grouped(self):
        # 73_'s class: stride 2, padding 1, groups 4
        run_case(self, 3, cin=16, cout=32, k=3, in_size=(3, 4, 5), stride=2, padding=1, groups=4,
                 transposed=True, path="implicit_gemm")

    def test_3d_padded_dilated_strided(self):
        # 77_'s class
        run_case(self, 3, cin=8, cout=16, k=3, in_size=(3, 4, 4), stride=2, padding=1, dilation=2,
                 transposed=True, bias=False, path="implicit_gemm")

    def test_depthwise_transposed_direct(self):
        run_case(self, 2, cin=4, cout=4, k=3, in_size=(5, 6), stride=2, padding=1, output_padding=1, groups=4,
                 transposed=True, path="direct")
        run_case(self, 1, cin=3, cout=6, k=4, in_size=9, stride=3, dilation=2, groups=3, transposed=True,
                 path="direct")

    def test_size1_and_noncontiguous(self):
        run_case(self, 2, cin=8, cout=16, k=3, in_size=(1, 1), stride=2, transposed=True, path="implicit_gemm")
        run_case(self, 2, cin=8, cout=16, k=3, in_size=(5, 4), stride=2, padding=1, transposed=True,
                 noncontig=True, path="implicit_gemm")


# The performance variants that bench/gpu/conv_smoke.py --sweep times (module constants of the template).
VARIANTS = {
    "row": {"TAP_ROW": True},
    "row128": {"TAP_ROW": True, "TAP_ROW_MAX_K": 128},
    "persistent": {"PERSISTENT": 1},
    "flatten": {"PERSISTENT": 2, "PERSIST_CTAS_PER_SM": 1},
    "k64": {"BLOCK_K_CHOICES_32": (64, 32, 16)},
    "row_persistent_cl": {"TAP_ROW": True, "PERSISTENT": 1, "FP32_CHANNELS_LAST": True},
    "m64_s2": {"BLOCK_M": 64, "MAX_BLOCK_N": 32, "NUM_STAGES": 2, "PERSISTENT": 1},
    "tma": {"X_TMA": True, "X_TMA_MAX_M_WASTE": 1.0, "FP32_CHANNELS_LAST": True},
    "tma_flatten_m64": {"X_TMA": True, "X_TMA_MAX_M_WASTE": 1.0, "FP32_CHANNELS_LAST": True, "PERSISTENT": 2,
                        "BLOCK_M": 64},
    "small_k": {"SMALL_K": True},
    "small_k_inplace_maxnreg": {"SMALL_K": True, "SMALL_K_COPY": False, "SMALL_K_MAXNREG": 128},
    "small_k_rows128_persistent": {"SMALL_K": True, "SMALL_K_MAX_ROW_BYTES": 512, "PERSISTENT": 1},
    "phase_specialized": {"PHASE_SPECIALIZE": True},
    "phase_grid": {"PHASE_GRID": True},
    "out_channels_last": {"OUT_CHANNELS_LAST": True},
    "small_k_out_channels_last_phase_grid": {"SMALL_K": True, "OUT_CHANNELS_LAST": True, "PHASE_GRID": True},
    "phase_grid_small_k_m64": {"PHASE_GRID": True, "SMALL_K": True, "SMALL_K_BLOCK_M": 64, "SMALL_K_STAGES": 3},
    "tap_padded": {"TAP_PADDED": True},
    "tap_padded_persistent_phase_grid": {"TAP_PADDED": True, "PERSISTENT": 1, "PHASE_GRID": True},
    "few_tiles_tap_padded": {"FEW_TILES": True, "TAP_PADDED": True},
}

# (spatial, kwargs of run_case): tails (ragged M, N, K), size-1 dims, 16-bit, strided input, transposed with
# stride / dilation / output_padding, groups, 3-D, small Cin (the TAP_ROW cases) and a Cin of 64 (k64)
VARIANT_CASES = [
    (2, dict(cin=3, cout=20, k=11, in_size=(27, 31), stride=4, padding=2)),          # 50_'s class
    (3, dict(cin=3, cout=16, k=(3, 3, 1), in_size=(5, 7, 4))),                       # 59_'s class
    (3, dict(cin=3, cout=17, k=(2, 3, 2), in_size=(4, 5, 6), padding=1, dilation=(1, 2, 1))),
    (1, dict(cin=6, cout=24, k=3, in_size=37, stride=3, dilation=4, bias=False)),  # 76_'s class, Cin 6
    (3, dict(cin=3, cout=16, k=3, in_size=(4, 5, 6), stride=(1, 2, 1), padding=1)),  # a row of (h, w) taps
    (3, dict(cin=8, cout=16, k=3, in_size=(4, 5, 6), padding=(1, 0, 2), dilation=(2, 1, 1))),  # a row of w taps
    (2, dict(cin=6, cout=18, k=(1, 3), in_size=(1, 7), batch=1)),                    # size-1 dims
    (2, dict(cin=4, cout=17, k=3, in_size=(1, 1), padding=1)),
    (2, dict(cin=12, cout=36, k=3, in_size=(9, 11), groups=3, stride=(2, 1), padding=1)),
    (2, dict(cin=6, cout=16, k=3, in_size=(7, 9), padding=1, noncontig=True)),
    (2, dict(cin=6, cout=16, k=3, in_size=(7, 9), padding=1, channels_last=True)),
    (2, dict(cin=6, cout=24, k=3, in_size=(9, 10), dtype=torch.bfloat16)),
    (1, dict(cin=6, cout=16, k=3, in_size=20, dtype=torch.float16, noncontig=True)),
    (1, dict(cin=6, cout=16, k=4, in_size=11, stride=3, padding=2, dilation=2, output_padding=1,
             transposed=True)),
    (1, dict(cin=8, cout=16, k=3, in_size=21, stride=2, padding=1, dilation=2, transposed=True)),  # 79_
    (2, dict(cin=4, cout=16, k=2, in_size=(4, 5), stride=3, output_padding=(2, 1), transposed=True)),
    (3, dict(cin=12, cout=32, k=3, in_size=(3, 4, 5), stride=2, padding=1, groups=4, transposed=True)),  # 73_
    (1, dict(cin=64, cout=24, k=3, in_size=30, padding=1)),                         # 67_'s class (k64)
    (2, dict(cin=64, cout=16, k=3, in_size=(5, 6), stride=2, padding=1, channels_last=True)),
    (1, dict(cin=128, cout=16, k=3, in_size=9, stride=2, transposed=True)),        # 64_'s class
]


class ConvOutOfMemory(unittest.TestCase):
    def test_oom_is_not_a_failed_variant(self):
        # A CUDA out-of-memory from a neighbour's allocation is not a compile failure: it propagates, and the
        # GEMM path is not memoised as failed (the H200 suite once fell back to the direct kernel that way, 46x slower)
        mod = render(2, False, (16, 32, 3, 3), True, (1, 1), (0, 0), (1, 1), (0, 0), 1)
        model = mod.ModelNew()
        real = mod._launch

        def oom(*args, **kwargs):
            raise torch.cuda.OutOfMemoryError("CUDA out of memory. Tried to allocate 256.00 MiB")
        mod._launch = oom
        with self.assertRaises(torch.cuda.OutOfMemoryError):
            model(torch.randn(1, 32, 8, 8))
        self.assertEqual(mod._FAILED, {})
        mod._launch = real
        model(torch.randn(1, 32, 8, 8))
        self.assertEqual(model.last_path, "implicit_gemm")


class ConvVariants(unittest.TestCase):
    def test_every_variant_on_every_case(self):
        for name, settings in VARIANTS.items():
            for spatial, kw in VARIANT_CASES:
                with self.subTest(variant=name, spatial=spatial, **{k: str(v) for k, v in kw.items()}):
                    model = run_case(self, spatial, path="implicit_gemm", settings=settings, **kw)
                    cfg = model.last_config
                    self.assertNotIn("fallback", cfg)
                    self.assertEqual(cfg["persistent"], settings.get("PERSISTENT", 0))
                    if cfg["row_dims"]:
                        self.assertTrue(settings.get("TAP_ROW") or settings.get("SMALL_K"))
                        self.assertFalse(cfg["tap_uniform"])
                    self.assertEqual(cfg["small_k"], bool(settings.get("SMALL_K")) and not cfg["tap_uniform"]
                                     and cfg["row_dims"] > 0)

    def test_tap_row_choice(self):
        # 50_: Cin 3, 11 x 11: a row of 11 taps (33 -> 64); 59_: Cin 3, (3, 3, 1): all 27 (K, one block of 32)
        m = run_case(self, 2, cin=3, cout=20, k=11, in_size=(27, 31), stride=4, padding=2,
                     settings={"TAP_ROW": True}, config={"row_dims": 1, "block_k": 64, "tap_uniform": False})
        m = run_case(self, 3, cin=3, cout=16, k=(3, 3, 1), in_size=(5, 7, 4), settings={"TAP_ROW": True},
                     config={"row_dims": 3, "block_k": 32})
        # a row of 5 x 7 taps x 3 channels = 105 -> 128 fits only TAP_ROW_MAX_K = 128 (and then the size-1 depth
        # of a 2-D problem too: 3 dims); at 64 a 7-tap row (21 -> 32)
        run_case(self, 2, cin=3, cout=16, k=(5, 7), in_size=(9, 11), settings={"TAP_ROW": True,
                 "TAP_ROW_MAX_K": 128}, config={"row_dims": 3, "block_k": 128})
        run_case(self, 2, cin=3, cout=16, k=(5, 7), in_size=(9, 11), settings={"TAP_ROW": True},
                 config={"row_dims": 1, "block_k": 32})
        run_case(self, 3, cin=3, cout=16, k=3, in_size=(4, 5, 6), padding=1, settings={"TAP_ROW": True},
                 config={"row_dims": 2, "block_k": 32})
        run_case(self, 3, cin=8, cout=16, k=3, in_size=(4, 5, 6), padding=1, settings={"TAP_ROW": True},
                 config={"row_dims": 1, "block_k": 32})
        # a multiple of 16 channels keeps the one-tap K blocks; off by default
        run_case(self, 2, cin=16, cout=16, k=3, in_size=(5, 6), settings={"TAP_ROW": True},
                 config={"row_dims": 0, "tap_uniform": True})
        run_case(self, 2, cin=3, cout=16, k=3, in_size=(5, 6), config={"row_dims": 0, "block_k": 32})
        # transposed phases have different tap counts (k 4, stride 3: 2, 1, 1): the row fits the longest
        mod = render(1, True, (6, 16, 4), True, (3,), (2,), (2,), (1,), 1)
        self.assertEqual(mod._row_dims(6, (1, 1, 2), 64), (3, 16))
        self.assertEqual(mod._row_dims(30, (1, 3, 3), 64), (0, 0))
        self.assertEqual(mod._row_len(6, (1, 1, 2), 1), 16)

    def test_small_k_choice(self):
        # SMALL_K: rows by the least padded K work (rows x (row + 16)); 82_'s class (Cin 8, 3 x 3): 3 rows of
        # 24 -> 32 (a 72 -> 128 row is over 64 fp32 elements); Cin 3, 3 x 3: the whole K (27 -> 32) in one block,
        # one stage; N tiles of at most 64, 4 warps, fp32 x copied channels-last (K-major A)
        on = {"SMALL_K": True}
        run_case(self, 2, cin=8, cout=128, k=3, in_size=(9, 10), settings=on,
                 config={"small_k": True, "row_dims": 1, "block_k": 32, "block_n": 64, "num_warps": 4,
                         "num_stages": 2, "x_copy": True, "a_mmajor": False})
        run_case(self, 2, cin=3, cout=16, k=3, in_size=(9, 10), padding=1, settings=on,
                 config={"small_k": True, "row_dims": 3, "block_k": 32, "num_stages": 1, "block_n": 16})
        # 90_'s class (Cin 8, 3 x 3 x 3): 9 rows of 24 -> 32; with 128-element rows allowed, 3 rows of 72 -> 128
        # cost 3 x 144, the same as 9 x 48: a tie goes to the fewer K steps, the (h, w) rows
        run_case(self, 3, cin=8, cout=24, k=3, in_size=(4, 5, 6), settings=on,
                 config={"small_k": True, "row_dims": 1, "block_k": 32, "num_stages": 2})
        run_case(self, 3, cin=8, cout=24, k=3, in_size=(4, 5, 6), settings=dict(on, SMALL_K_MAX_ROW_BYTES=512),
                 config={"small_k": True, "row_dims": 2, "block_k": 128})
        # 16-bit, read in place: rows of 24 -> 32 (64 B); with 256-byte rows, Cin 8 x 9 taps = 72 -> 128, one block
        run_case(self, 2, cin=8, cout=24, k=3, in_size=(9, 10), dtype=torch.bfloat16, settings=on,
                 config={"small_k": True, "row_dims": 1, "block_k": 32, "num_stages": 2, "a_mmajor": True,
                         "x_copy": False})
        run_case(self, 2, cin=8, cout=24, k=3, in_size=(9, 10), dtype=torch.bfloat16,
                 settings=dict(on, SMALL_K_MAX_ROW_BYTES=256),
                 config={"small_k": True, "row_dims": 3, "block_k": 128, "num_stages": 1, "a_mmajor": True})
        # the copy off: x read M-major; a multiple of 16 channels keeps one tap per K block (SMALL_K not taken)
        run_case(self, 2, cin=8, cout=24, k=3, in_size=(9, 10), settings=dict(on, SMALL_K_COPY=False),
                 config={"small_k": True, "a_mmajor": True, "x_copy": False})
        run_case(self, 2, cin=16, cout=16, k=3, in_size=(5, 6), settings=on,
                 config={"small_k": False, "tap_uniform": True, "row_dims": 0})
        # no row fits 32 fp32 elements: the general K loop (Cin 9, 11 taps a row = 99)
        run_case(self, 1, cin=9, cout=16, k=11, in_size=30, settings=on,
                 config={"small_k": False, "row_dims": 0, "block_k": 32})
        # transposed stride 2 (phases of 2 x 2, 2 x 1, 1 x 2, 1 x 1 taps), groups, strided standard, size-1 dims
        run_case(self, 2, cin=6, cout=16, k=3, in_size=(5, 6), stride=2, padding=1, output_padding=1,
                 transposed=True, settings=on, config={"small_k": True, "phases": 4})
        run_case(self, 2, cin=12, cout=24, k=3, in_size=(7, 9), groups=3, stride=2, padding=1, settings=on,
                 config={"small_k": True, "row_dims": 1, "block_k": 16})   # Cin/g 4: rows of 12 -> 16
        run_case(self, 2, cin=12, cout=24, k=3, in_size=(7, 9), groups=3, stride=2, padding=1,
                 settings=dict(on, SMALL_K_MAX_ROW_BYTES=256), config={"small_k": True, "row_dims": 3, "block_k": 64})
        run_case(self, 2, cin=5, cout=17, k=3, in_size=(1, 1), padding=1, batch=1, settings=on,
                 config={"small_k": True})
        run_case(self, 1, cin=3, cout=16, k=7, in_size=40, stride=3, dilation=4, dtype=torch.float16,
                 noncontig=True, settings=on, config={"small_k": True, "row_dims": 3, "block_k": 32})

    def test_phase_grid(self):
        # PHASE_GRID: every stride phase in one launch, phase fastest, each phase's ints from a table; tiles of the
        # largest phase for all (CTAs past a smaller phase's tiles store nothing). Phases of different sizes
        # (odd output sizes), phases reached by no tap (stride 3 > kernel 2; dilation 2 with stride 2), groups,
        # TMA rows, tap rows, bf16, a 1-D and a 3-D case
        on = {"PHASE_GRID": True}
        for spatial, kw in (
                (2, dict(cin=16, cout=16, k=3, in_size=(5, 7), stride=2, padding=1, output_padding=1)),
                (2, dict(cin=4, cout=16, k=2, in_size=(4, 5), stride=3, output_padding=(2, 1), bias=False)),
                (1, dict(cin=8, cout=16, k=3, in_size=21, stride=2, padding=1, dilation=2)),
                (3, dict(cin=16, cout=32, k=3, in_size=(3, 4, 5), stride=2, padding=1, groups=4)),
                (2, dict(cin=32, cout=16, k=(3, 7), in_size=(6, 9), stride=2, channels_last=True,
                         settings=dict(on, X_TMA_MAX_M_WASTE=1.0), config={"x_tma": True})),
                (2, dict(cin=6, cout=24, k=3, in_size=(5, 6), stride=2, padding=1, dtype=torch.bfloat16,
                         settings=dict(on, SMALL_K=True), config={"small_k": True})),
                (2, dict(cin=8, cout=16, k=3, in_size=(1, 1), stride=2, batch=1))):
            with self.subTest(spatial=spatial, **{k: str(v) for k, v in kw.items()}):
                settings = kw.pop("settings", on)
                config = dict(kw.pop("config", {}), phase_grid=True, phases_kernel=False)
                model = run_case(self, spatial, transposed=True, settings=settings, config=config,
                                 path="implicit_gemm", **kw)
                mod = types.SimpleNamespace(**type(model).forward.__globals__)
                self.assertEqual(len(mod._LAST_COMPILED), 1)  # one launch
        # one phase (standard, or transposed of stride 1): per-phase launches as before, no table
        model = run_case(self, 2, cin=16, cout=16, k=3, in_size=(5, 6), transposed=True, settings=on)
        self.assertNotIn("phase_grid", model.last_config)
        # persistent tiles keep one launch per phase
        model = run_case(self, 2, cin=16, cout=16, k=3, in_size=(5, 6), stride=2, transposed=True,
                         settings=dict(on, PERSISTENT=1))
        self.assertNotIn("phase_grid", model.last_config)
        self.assertEqual(len(types.SimpleNamespace(**type(model).forward.__globals__)._LAST_COMPILED), 4)
        # the grid: 4 phases x the largest phase's tiles (2 x 3 x 4 = 24 positions: one M tile, one N tile)
        model = run_case(self, 2, cin=8, cout=16, k=3, in_size=(3, 4), stride=2, padding=1, batch=2,
                         transposed=True, settings=on)
        self.assertEqual(model.last_grid_blocks, 4)

    def test_out_channels_last(self):
        # OUT_CHANNELS_LAST: the GEMM path's output channels innermost in memory, same shape and values; the direct
        # path keeps NCDHW; 1-D, 2-D, 3-D, transposed phases, groups, bf16, size-1 dims
        on = {"OUT_CHANNELS_LAST": True}
        for spatial, kw in ((1, dict(cin=16, cout=24, k=3, in_size=20, padding=1)),
                            (2, dict(cin=8, cout=64, k=3, in_size=(9, 10), settings=dict(on, SMALL_K=True))),
                            (2, dict(cin=16, cout=16, k=3, in_size=(5, 6), stride=2, padding=1, output_padding=1,
                                     transposed=True)),
                            (3, dict(cin=16, cout=32, k=3, in_size=(3, 4, 5), stride=2, padding=1, groups=4,
                                     transposed=True, dtype=torch.bfloat16)),
                            (2, dict(cin=8, cout=16, k=3, in_size=(1, 1), padding=1, batch=1))):
            with self.subTest(spatial=spatial, **{k: str(v) for k, v in kw.items()}):
                settings = kw.pop("settings", on)
                run_case(self, spatial, settings=settings, path="implicit_gemm", config={"out_cl": True}, **kw)
        # the layout of the result: channel stride 1
        mod = render(2, False, (32, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        mod.OUT_CHANNELS_LAST = True
        model = mod.ModelNew()
        x, w, b = torch.randn(2, 16, 5, 6), torch.randn(32, 16, 3, 3) * 0.2, torch.randn(32)
        model.conv.weight.data, model.conv.bias.data = w, b
        with torch.no_grad():
            got = model(x)
        self.assertEqual(got.stride(1), 1)
        self.assertEqual(tuple(got.shape), (2, 32, 5, 6))
        self.assertLess(rel_err(got, F.conv2d(x, w, b, padding=1)), 1e-5)
        # depthwise (the direct path): NCDHW as before
        run_case(self, 2, cin=4, cout=4, k=3, in_size=(5, 6), groups=4, settings=on, path="direct",
                 config={"out_cl": False})

    def test_small_k_rows_function(self):
        mod = render(2, False, (16, 8, 3, 3), True, (1, 1), (0, 0), (1, 1), (0, 0), 1)
        self.assertEqual(mod._small_k_rows(8, [(1, 3, 3)], 4, 256, 16), (1, 32, 3))
        self.assertEqual(mod._small_k_rows(8, [(1, 3, 3)], 2, 256, 16), (3, 128, 1))
        # Cin 3, 3 x 3 x 3: all 81 -> 128 is over 256 B; 3 rows of 27 -> 32 (144) beat 9 rows of 9 -> 16 (288)
        self.assertEqual(mod._small_k_rows(3, [(3, 3, 3)], 4, 256, 16), (2, 32, 3))
        self.assertIsNone(mod._small_k_rows(9, [(1, 1, 11)], 4, 256, 16))
        # transposed phases, one reached by no tap (no rows); the row fits the longest phase: w rows of 12 -> 16,
        # 4 rows in all (128), beat (h, w) rows of 24 -> 32, 3 rows (144)
        self.assertEqual(mod._small_k_rows(6, [(1, 2, 2), (1, 0, 1), (1, 1, 2), (1, 1, 1)], 4, 256, 16), (1, 16, 2))

    def test_phases_share_one_compile(self):
        # PHASE_SPECIALIZE False (off until measured): several stride phases launch kwb_conv_phases, which leaves the ints
        # the phases differ in unspecialized, so the phases are one compile (fake_triton models Triton's key: == 1,
        # % 16, constexprs); True: kwb_conv, one compile per phase. 73_'s class: 8 phases
        for ps, want in ((True, 8), (False, 1)):
            model = run_case(self, 3, cin=16, cout=32, k=3, in_size=(3, 4, 5), stride=2, padding=1, groups=4,
                             transposed=True, settings={"PHASE_SPECIALIZE": ps},
                             config={"phases": 8, "phases_kernel": not ps})
            mod = types.SimpleNamespace(**type(model).forward.__globals__)
            self.assertEqual(len(mod.kwb_conv.spec_keys | mod.kwb_conv_phases.spec_keys), want, ps)
        # 77_'s and 79_'s classes (dilation 2, stride 2: half the phases reached by no tap), tap rows included
        for spatial, kw in ((3, dict(cin=8, cout=16, k=3, in_size=(3, 4, 4), stride=2, padding=1, dilation=2,
                                     settings={"PHASE_SPECIALIZE": False})),
                            (1, dict(cin=6, cout=16, k=3, in_size=21, stride=2, padding=1, dilation=2,
                                     settings={"SMALL_K": True, "PHASE_SPECIALIZE": False},
                                     config={"small_k": True}))):
            model = run_case(self, spatial, transposed=True, **kw)
            mod = types.SimpleNamespace(**type(model).forward.__globals__)
            self.assertEqual(len(mod.kwb_conv.spec_keys | mod.kwb_conv_phases.spec_keys), 1, kw)
        # one phase (standard conv): kwb_conv as before
        run_case(self, 2, cin=16, cout=32, k=3, in_size=(5, 6), config={"phases_kernel": False})
        # the direct kernel keeps its per-phase launches (depthwise transposed, stride 2)
        run_case(self, 2, cin=4, cout=4, k=3, in_size=(5, 6), stride=2, padding=1, output_padding=1, groups=4,
                 transposed=True, path="direct", config={"phases_kernel": False})

    def test_tma_rows(self):
        # X_TMA: M tiles are rows of BLOCK_M w positions; padding comes from the descriptor's zero fill
        tma = {"X_TMA": True, "X_TMA_MAX_M_WASTE": 1.0, "FP32_CHANNELS_LAST": True}
        on = {"x_tma": True, "tap_uniform": True, "a_mmajor": False}
        for kw in (dict(spatial=1, cin=64, cout=24, k=3, in_size=30, padding=1),             # 67_, ragged w
                   dict(spatial=1, cin=32, cout=16, k=5, in_size=23, dilation=3, transposed=True),   # 74_
                   dict(spatial=1, cin=32, cout=16, k=3, in_size=21, stride=2, padding=1, dilation=2,
                        transposed=True),                                                        # 79_: 2 phases
                   dict(spatial=2, cin=16, cout=32, k=3, in_size=(5, 7), padding=1, batch=3),     # 55_
                   dict(spatial=2, cin=32, cout=16, k=(3, 7), in_size=(6, 9), transposed=True, dtype=torch.bfloat16,
                        channels_last=True),                                                     # 65_, bf16
                   dict(spatial=3, cin=32, cout=32, k=3, in_size=(3, 4, 5), stride=2, padding=1, groups=2,
                        transposed=True),                                                        # 73_, groups
                   dict(spatial=2, cin=16, cout=16, k=3, in_size=(1, 1), padding=1)):            # size-1 dims
            spatial = kw.pop("spatial")
            with self.subTest(**{k: str(v) for k, v in kw.items()}):
                m = run_case(self, spatial, settings=tma, config=on, path="implicit_gemm", **kw)
                self.assertNotIn("fallback", m.last_config)
        # rows of 64 w positions: 2 x 5 rows x cdiv(7, 64) = 10 M tiles, one N tile
        m = run_case(self, 2, cin=16, cout=32, k=3, in_size=(5, 7), padding=1, settings=dict(tma, BLOCK_M=64),
                     config=on)
        self.assertEqual(m.last_grid_blocks, 10)
        # not applicable: a strided standard conv (w step 2), a small Cin (no one-tap K blocks), M-major x
        run_case(self, 1, cin=32, cout=16, k=3, in_size=20, stride=2, settings=tma, config={"x_tma": False})
        run_case(self, 2, cin=3, cout=16, k=3, in_size=(6, 7), settings=tma, config={"x_tma": False})
        run_case(self, 1, cin=32, cout=16, k=3, in_size=20,
                 settings={"X_TMA": True, "X_TMA_MAX_M_WASTE": 1.0, "FP32_CHANNELS_LAST": False},
                 config={"x_tma": False, "a_mmajor": True})

    def test_tma_nchw_reads_x_in_place(self):
        # X_TMA_NCHW: TMA rows over NCDHW x (box [1, BLOCK_K, 1, 1, BLOCK_M], used transposed), no copy
        nchw = {"X_TMA": True, "X_TMA_NCHW": True, "X_TMA_MAX_M_WASTE": 1.0}
        on = {"x_tma": True, "tap_uniform": True, "a_mmajor": True, "x_copy": False}
        for spatial, kw in ((1, dict(cin=32, cout=24, k=3, in_size=36, padding=1)),
                            (2, dict(cin=16, cout=32, k=3, in_size=(5, 8), padding=1, batch=3)),
                            (2, dict(cin=64, cout=64, k=5, in_size=(12, 12))),  # the copy rule's class: not copied
                            (2, dict(cin=48, cout=48, k=3, in_size=(5, 8), groups=3, bias=False)),
                            (3, dict(cin=32, cout=32, k=3, in_size=(3, 4, 8), stride=2, padding=1, groups=2,
                                     transposed=True)),
                            (2, dict(cin=32, cout=16, k=(3, 7), in_size=(6, 8), transposed=True,
                                     dtype=torch.bfloat16)),
                            (2, dict(cin=16, cout=16, k=3, in_size=(6, 8), padding=1, dtype=torch.float16))):
            with self.subTest(spatial=spatial, **{k: str(v) for k, v in kw.items()}):
                m = run_case(self, spatial, settings=nchw, config=on, path="implicit_gemm", **kw)
                self.assertNotIn("fallback", m.last_config)
                m = run_case(self, spatial, settings=dict(nchw, PERSISTENT=1, BLOCK_M=64), config=on, **kw)
        # the copy rule copies again where the descriptor's rules fail: w stride 2 (non-contiguous x); W = 30
        # (a row of 120 bytes: C and H strides not 16-byte multiples); a strided standard conv (w step 2)
        big = dict(cin=64, cout=64, k=5)
        run_case(self, 2, in_size=(12, 12), noncontig=True, settings=nchw, config={"x_copy": True, "x_tma": True,
                                                                                   "a_mmajor": False}, **big)
        run_case(self, 2, in_size=(12, 30), settings=nchw, config={"x_copy": True, "a_mmajor": False}, **big)
        run_case(self, 2, in_size=(12, 16), stride=2, settings=nchw, config={"x_copy": True, "x_tma": False}, **big)
        # FP32_CHANNELS_LAST True: copied whatever X_TMA_NCHW says; the knob off: the copy rule as before
        run_case(self, 2, in_size=(12, 12), settings=dict(nchw, FP32_CHANNELS_LAST=True),
                 config={"x_copy": True, "a_mmajor": False}, **big)
        run_case(self, 2, in_size=(12, 12), settings=dict(nchw, X_TMA_NCHW=False),
                 config={"x_copy": True, "a_mmajor": False}, **big)
        mod = render(2, False, (16, 8, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        self.assertFalse(mod.X_TMA_NCHW or mod._DEFAULTS["X_TMA_NCHW"])

    def test_tma_default_only_where_rows_fill_the_tiles(self):
        # The shipped settings (X_TMA on, at most 25 % padding in the M tiles of w rows): a channels-last 1-D conv
        # of 130 outputs fills 2 rows of 128 with 49 % padding (not used), of 512 + 2 inputs exactly 4 (used)
        run_case(self, 1, cin=32, cout=16, k=3, in_size=132, channels_last=True, batch=1,
                 config={"x_tma": False}, path="implicit_gemm")
        run_case(self, 1, cin=32, cout=16, k=3, in_size=514, channels_last=True, batch=1,
                 config={"x_tma": True}, path="implicit_gemm")

    def test_persistent_grid(self):
        # 2 x 9 x 8 = 144 positions in M tiles of 64 (3) x N tiles of 16 (3) x 2 groups = 18 tiles; 4 emulated
        # SMs x 2 CTAs = 8 persistent CTAs, each looping over 2-3 tiles
        model = run_case(self, 2, cin=32, cout=80, k=3, in_size=(9, 8), padding=1, groups=2,
                         settings={"MAX_BLOCK_N": 16, "BLOCK_M": 64, "PERSISTENT": 1},
                         config={"persistent": 1, "block_m": 64})
        self.assertEqual(model.last_grid_blocks, 8)
        model = run_case(self, 2, cin=32, cout=80, k=3, in_size=(9, 8), padding=1, groups=2,
                         settings={"MAX_BLOCK_N": 16, "BLOCK_M": 64, "PERSISTENT": 2, "NUM_SMS": 100})
        self.assertEqual(model.last_grid_blocks, 18)  # fewer tiles than CTAs: one CTA per tile

    def test_chain_epilogue_under_the_variants(self):
        # a level-2 chain's pointwise tail fused into the conv (leaky_relu(conv) + residual): the epilogue sees the
        # same (n, c, d, h, w) slots in the persistent loop and with TMA rows as in the one-tile-per-CTA kernel
        import triton
        import triton.language as tl

        @triton.jit
        def epi(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
            res = tl.load(e0 + (n * s00 + c * s01 + d * s02 + h * s03 + w * s04), mask=mask, other=0.0)
            return tl.where(acc > 0, acc, acc * f0) + res.to(tl.float32)

        with open(os.path.join(ROOT, "resources", "templates", "kernels", "triton_epilogue.py")) as f:
            stages = f.read()
        for name in ("default", "flatten", "tma", "tma_flatten_m64"):
            settings = VARIANTS.get(name, {})
            for transposed in (False, True):
                with self.subTest(variant=name, transposed=transposed):
                    wshape = (32, 16, 3, 3) if transposed else (16, 32, 3, 3)
                    mod = render(2, transposed, wshape, True, (1, 1), (1, 1), (1, 1), (0, 0), 1, stages=stages)
                    for k, v in settings.items():
                        setattr(mod, k, v)
                    torch.manual_seed(3)
                    w, b, x = torch.randn(wshape) * 0.2, torch.randn(16), torch.randn(2, 32, 5, 7)
                    res = torch.randn(2, 16, 5, 7)
                    model = mod.ModelNew()
                    with torch.no_grad():
                        got = mod.conv_forward(model, x, w, b, mod.CONV0, epi=epi, epi_tensors=(res,),
                                               epi_scalars=(0.2,))
                        conv = (F.conv_transpose2d(x, w, b, padding=1) if transposed else
                                F.conv2d(x, w, b, padding=1))
                        want = F.leaky_relu(conv, 0.2) + res
                    self.assertLess(rel_err(got, want), 1e-5)
                    self.assertNotIn("fallback", model.last_config)
                    self.assertEqual(model.last_config["x_tma"], "tma" in name)

    def test_per_channel_epilogue_loads_vectors(self):
        # EPI_CHANNEL_VECTORS: an epilogue whose tensors vary along channels only (82_'s [C, 1, 1] bias) is called
        # with the n, d, h, w slots 0 and the column mask; a full-shape operand keeps the [M, N] call
        import triton
        import triton.language as tl

        @triton.jit
        def epi(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
            b = tl.load(e0 + (n * s00 + c * s01 + d * s02 + h * s03 + w * s04), mask=mask, other=0.0)
            r = tl.load(e1 + (n * s10 + c * s11 + d * s12 + h * s13 + w * s14), mask=mask, other=0.0)
            return (2.0 * tl.sigmoid(2.0 * acc) - 1.0) * f0 + b.to(tl.float32) * r.to(tl.float32)

        with open(os.path.join(ROOT, "resources", "templates", "kernels", "triton_epilogue.py")) as f:
            stages = f.read()
        cases = [("default", 2, False, {}), ("transposed_s2", 2, True, {}),
                 ("phase_grid", 2, True, VARIANTS["phase_grid"]),
                 ("flatten", 2, False, VARIANTS["flatten"]), ("tma", 2, False, VARIANTS["tma"]),
                 ("small_k", 2, False, VARIANTS["small_k"]), ("off", 2, False, {"EPI_CHANNEL_VECTORS": False}),
                 ("3d", 3, False, {}), ("1d_bf16", 1, False, {})]
        for name, spatial, transposed, settings in cases:
            for full in (False, True):
                with self.subTest(case=name, full_operand=full):
                    cin = 6 if name == "small_k" else 16
                    k = (3,) * spatial
                    wshape = (cin, 16) + k if transposed else (16, cin) + k
                    size = {1: (9,), 2: (5, 7), 3: (3, 4, 5)}[spatial]
                    stride = (2,) * spatial if transposed else (1,) * spatial
                    mod = render(spatial, transposed, wshape, True, stride, (1,) * spatial, (1,) * spatial,
                                 tuple(st - 1 for st in stride), 1, stages=stages)
                    # the knob under test, on (its default is off until measured on a GPU)
                    for key, v in dict({"EPI_CHANNEL_VECTORS": True}, **settings).items():
                        setattr(mod, key, v)
                    torch.manual_seed(5)
                    dt = torch.bfloat16 if "bf16" in name else torch.float32
                    w, b, x = torch.randn(wshape) * 0.2, torch.randn(16), torch.randn((2, cin) + size)
                    conv_fn = {1: (F.conv1d, F.conv_transpose1d), 2: (F.conv2d, F.conv_transpose2d),
                               3: (F.conv3d, F.conv_transpose3d)}[spatial][int(transposed)]
                    kw = dict(stride=stride, padding=1, output_padding=stride[0] - 1) if transposed else dict(padding=1)
                    conv = conv_fn(x.to(dt).float(), w.to(dt).float(), b.to(dt).float(), **kw)
                    bias = torch.randn((16,) + (1,) * spatial)
                    res = torch.randn(conv.shape) if full else torch.randn((16,) + (1,) * spatial)
                    model = mod.ModelNew()
                    with torch.no_grad():
                        got = mod.conv_forward(model, x.to(dt), w.to(dt), b.to(dt), mod.CONV0, epi=epi,
                                               epi_tensors=(bias, res), epi_scalars=(2.0,))
                    want = torch.tanh(conv) * 2.0 + bias * res
                    self.assertLess(rel_err(got, want), 1e-5 if dt == torch.float32 else 1e-2)
                    self.assertNotIn("fallback", model.last_config)
                    self.assertEqual(model.last_config["epi_channel"], not full and name != "off")
        # batch 1: PyTorch gives the expanded size-1 batch dim a nonzero stride; its index is 0 all the same
        mod = render(2, False, (16, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1, stages=stages)
        mod.EPI_CHANNEL_VECTORS = True
        model = mod.ModelNew()
        x, w = torch.randn(1, 16, 5, 6), torch.randn(16, 16, 3, 3) * 0.2
        b, bias = torch.randn(16), torch.randn(16, 1, 1)
        with torch.no_grad():
            got = mod.conv_forward(model, x, w, b, mod.CONV0, epi=epi, epi_tensors=(bias, bias), epi_scalars=(1.0,))
        want = torch.tanh(F.conv2d(x, w, b, padding=1)) + bias * bias
        self.assertLess(rel_err(got, want), 1e-5)
        self.assertTrue(model.last_config["epi_channel"])

    def test_failing_variant_falls_back_to_the_shipped_tuning(self):
        import warnings

        mod = render(2, False, (16, 3, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        mod.TAP_ROW = True
        mod.PERSISTENT = 2
        real = mod.kwb_conv

        class Rejecting:
            def __getitem__(self, grid):
                launch = real[grid]

                def call(*args, **kwargs):
                    if kwargs["FLATTEN"]:
                        raise RuntimeError("flatten not supported (test)")
                    return launch(*args, **kwargs)
                return call

        mod.kwb_conv = Rejecting()
        model = mod.ModelNew()
        w, b = torch.randn(16, 3, 3, 3) * 0.2, torch.randn(16)
        model.conv.weight.data, model.conv.bias.data = w, b
        x = torch.randn(2, 3, 6, 7)
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            with torch.no_grad():
                got = model(x)
        self.assertLess(rel_err(got, F.conv2d(x, w, b, padding=1)), 1e-5)
        self.assertEqual(model.last_path, "implicit_gemm")
        self.assertEqual((model.last_config["persistent"], model.last_config["row_dims"]), (0, 0))
        self.assertIn("tuned", model.last_config["fallback"])


class ConvHeavyEpilogue(unittest.TestCase):
    """EPI_HEAVY_*: an epilogue whose cost (_epi_cost: its transcendental calls and divisions) reaches EPI_HEAVY_COST
    gets the heavy launch rule -- the epilogue and store in column slices (EPI_HEAVY_SPLIT), a register cap, a
    narrower N tile, another warp count -- and every setting gives the unsplit tile's numbers."""

    @staticmethod
    def epilogues():
        import triton
        import triton.language as tl

        @triton.jit
        def mish2(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                  s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
            # mish twice (the lowering's one-exp form) after a per-channel bias or a full-shape operand
            b = tl.load(e0 + (n * s00 + c * s01 + d * s02 + h * s03 + w * s04), mask=mask, other=0.0)
            v = acc + b.to(tl.float32)
            t = tl.exp(v)
            t = t * (t + 2.0)
            v = tl.where(v > 20.0, v, v * t / (t + 2.0))
            t = tl.exp(v)
            t = t * (t + 2.0)
            return tl.where(v > 20.0, v, v * t / (t + 2.0))

        @triton.jit
        def light(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                  s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
            b = tl.load(e0 + (n * s00 + c * s01 + d * s02 + h * s03 + w * s04), mask=mask, other=0.0)
            return tl.maximum(acc * f0 + b.to(tl.float32), 0.0)

        return mish2, light

    def test_cost_counts_the_epilogue_ops(self):
        mod = render(2, False, (16, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        mish2, light = self.epilogues()
        self.assertEqual(mod._epi_cost(mish2), 4)  # two exps, two divisions
        self.assertEqual(mod._epi_cost(light), 0)
        self.assertEqual(mod._epi_cost(None), 0)
        import triton
        import triton.language as tl

        @triton.jit
        def old_mish2(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                      s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
            # session 16's lowering: exp, log and a sigmoid (an exp and a division) per mish
            v = acc * (2.0 * tl.sigmoid(2.0 * tl.where(acc > 20.0, acc, tl.log(tl.exp(acc) + 1.0))) - 1.0)
            return v * (2.0 * tl.sigmoid(2.0 * tl.where(v > 20.0, v, tl.log(tl.exp(v) + 1.0))) - 1.0)

        self.assertEqual(mod._epi_cost(old_mish2), 8)

        @triton.jit
        def dead_softplus(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                          s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
            # 52_'s lowering: tanh(softplus(x)) in one exp leaves softplus's own value unused (not counted)
            v_t1 = tl.where((acc > 20.0), acc, tl.log((tl.exp(acc) + 1.0)))
            v_t2_e = tl.exp(acc)
            v_t2_n = (v_t2_e * (v_t2_e + 2.0))
            v_t2 = tl.where((acc > 20.0), 1.0, (v_t2_n / (v_t2_n + 2.0)))
            return v_t2 * acc

        self.assertEqual(mod._epi_cost(dead_softplus), 2)

    def test_heavy_settings_give_the_same_numbers(self):
        with open(os.path.join(ROOT, "resources", "templates", "kernels", "triton_epilogue.py")) as f:
            stages = f.read()
        mish2, light = self.epilogues()
        heavy = [("split2", {"EPI_HEAVY_SPLIT": 2}, {"split": 2}),
                 ("split4", {"EPI_HEAVY_SPLIT": 4}, {"split": 4}),
                 ("split8_narrow", {"EPI_HEAVY_SPLIT": 8, "MAX_BLOCK_N": 32}, {"split": 2}),  # slices of >= 16
                 ("bn16_maxnreg_w8", {"EPI_HEAVY_BLOCK_N": 16, "EPI_HEAVY_MAXNREG": 128, "EPI_HEAVY_WARPS": 8},
                  {"block_n": 16, "maxnreg": 128, "num_warps": 8}),
                 ("off", {}, {})]
        classes = [("default", 2, False, {}), ("transposed_phase_grid", 2, True, VARIANTS["phase_grid"]),
                   ("flatten", 2, False, VARIANTS["flatten"]), ("persistent", 2, False, VARIANTS["persistent"]),
                   ("tma", 2, False, VARIANTS["tma"]), ("small_k", 2, False, VARIANTS["small_k"]),
                   ("out_cl_3d", 3, False, {"OUT_CHANNELS_LAST": True}), ("1d_bf16", 1, False, {})]
        for cname, spatial, transposed, settings in classes:
            for hname, hset, want_cfg in heavy:
                for full in (False, True):
                    with self.subTest(cls=cname, heavy=hname, full_operand=full):
                        cin = 6 if cname == "small_k" else 16
                        cout = 64 if hname.startswith("split4") else 32
                        k = (3,) * spatial
                        wshape = (cin, cout) + k if transposed else (cout, cin) + k
                        size = {1: (9,), 2: (5, 7), 3: (3, 4, 5)}[spatial]
                        stride = (2,) * spatial if transposed else (1,) * spatial
                        mod = render(spatial, transposed, wshape, True, stride, (1,) * spatial, (1,) * spatial,
                                     tuple(st - 1 for st in stride), 1, stages=stages)
                        for key, v in dict(PLAIN, EPI_CHANNEL_VECTORS=True, **dict(settings, **hset)).items():
                            setattr(mod, key, v)
                        torch.manual_seed(7)
                        dt = torch.bfloat16 if "bf16" in cname else torch.float32
                        w, b, x = torch.randn(wshape) * 0.2, torch.randn(cout), torch.randn((2, cin) + size)
                        conv_fn = {1: (F.conv1d, F.conv_transpose1d), 2: (F.conv2d, F.conv_transpose2d),
                                   3: (F.conv3d, F.conv_transpose3d)}[spatial][int(transposed)]
                        kw = dict(stride=stride, padding=1, output_padding=stride[0] - 1) if transposed else \
                            dict(padding=1)
                        conv = conv_fn(x.to(dt).float(), w.to(dt).float(), b.to(dt).float(), **kw)
                        bias = torch.randn(conv.shape) if full else torch.randn((cout,) + (1,) * spatial)
                        model = mod.ModelNew()
                        with torch.no_grad():
                            got = mod.conv_forward(model, x.to(dt), w.to(dt), b.to(dt), mod.CONV0, epi=mish2,
                                                   epi_tensors=(bias,), epi_scalars=())
                        want = F.mish(F.mish(conv + bias))
                        self.assertLess(rel_err(got, want), 1e-5 if dt == torch.float32 else 1e-2)
                        self.assertNotIn("fallback", model.last_config)
                        self.assertEqual(model.last_config["epi_cost"], 4)
                        self.assertEqual(model.last_config["epi_heavy"], want_cfg)
                        self.assertEqual(model.last_config["epi_channel"], not full)
                        for key in ("block_n", "num_warps", "maxnreg"):
                            if key in want_cfg:
                                self.assertEqual(model.last_config[key], want_cfg[key])

    def test_light_epilogue_and_fused_reductions_are_not_split(self):
        with open(os.path.join(ROOT, "resources", "templates", "kernels", "triton_stages.py")) as f:
            stages = f.read()
        with open(os.path.join(ROOT, "resources", "templates", "kernels", "triton_epilogue.py")) as f:
            stages += "\n\n" + f.read()
        mish2, light = self.epilogues()
        mod = render(2, False, (32, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1, stages=stages)
        mod.EPI_HEAVY_SPLIT, mod.EPI_HEAVY_MAXNREG = 4, 128
        torch.manual_seed(9)
        w, b, x = torch.randn(32, 16, 3, 3) * 0.2, torch.randn(32), torch.randn(2, 16, 6, 7)
        bias = torch.randn(32, 1, 1)
        model = mod.ModelNew()
        with torch.no_grad():
            got = mod.conv_forward(model, x, w, b, mod.CONV0, epi=light, epi_tensors=(bias,), epi_scalars=(0.5,))
        self.assertLess(rel_err(got, torch.relu(F.conv2d(x, w, b, padding=1) * 0.5 + bias)), 1e-5)
        self.assertNotIn("epi_heavy", model.last_config)  # cost 0 < EPI_HEAVY_COST
        self.assertNotIn("maxnreg", model.last_config)
        # a heavy epilogue before a reduction fused into the tiles (CONV_REDUCE): the tile is reduced whole
        for over, op in (("spatial", "mean"), ("channel", "amax")):
            with self.subTest(over=over):
                model = mod.ModelNew()
                with torch.no_grad():
                    got = mod.conv_forward(model, x, w, b, mod.CONV0, epi=mish2, epi_tensors=(bias,), epi_scalars=(),
                                           reduce=op, over=over)
                full = F.mish(F.mish(F.conv2d(x, w, b, padding=1) + bias))
                want = full.mean(dim=(2, 3), keepdim=True) if over == "spatial" else full.amax(dim=1, keepdim=True)
                self.assertLess(rel_err(got, want), 1e-5)
                self.assertTrue(model.last_config.get("reduce_in_tiles"))
                self.assertNotIn("epi_heavy", model.last_config)

    def test_shipped_rule_changes_nothing(self):
        # off until bench/gpu/convepi.py has timed it: the shipped knobs leave a heavy epilogue's tile as it was
        mod = render(2, False, (16, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        self.assertEqual((mod.EPI_HEAVY_SPLIT, mod.EPI_HEAVY_MAXNREG, mod.EPI_HEAVY_BLOCK_N, mod.EPI_HEAVY_WARPS),
                         (1, None, None, None))


class ConvLauncher(unittest.TestCase):
    def test_int64_offsets(self):
        # the 64-bit offset variant (taken from 2**31 elements) forced at a small shape, both paths
        for groups, cout, transposed in ((1, 16, False), (4, 4, False), (1, 16, True)):
            mod = render(2, transposed, (4, 4 * 4 // groups if transposed else 4 // groups, 3, 3) if transposed
                         else (cout, 4 // groups, 3, 3), True, (2, 1), (1, 1), (1, 1), (0, 0), groups)
            mod.INDEX64_MIN = 0
            model = mod.ModelNew()
            w = torch.randn(model.conv.weight.shape)
            b = torch.randn(model.conv.bias.shape)
            model.conv.weight.data, model.conv.bias.data = w, b
            x = torch.randn(2, 4, 5, 6)
            with torch.no_grad():
                got = model(x)
                if transposed:
                    want = F.conv_transpose2d(x, w, b, stride=(2, 1), padding=1, groups=groups)
                else:
                    want = F.conv2d(x, w, b, stride=(2, 1), padding=1, groups=groups)
            self.assertLess(rel_err(got, want), 1e-5, (groups, transposed))

    def test_empty_batch_and_wrong_rank(self):
        mod = render(2, False, (8, 4, 3, 3), False, (1, 1), (0, 0), (1, 1), (0, 0), 1)
        model = mod.ModelNew()
        out = model(torch.randn(0, 4, 5, 5))
        self.assertEqual(tuple(out.shape), (0, 8, 3, 3))
        self.assertEqual(model.last_path, "empty")
        with self.assertRaises(ValueError):
            model(torch.randn(2, 4, 5))

    def test_several_n_tiles_and_other_tiles(self):
        # Cout/groups = 40 in N tiles of 16 (3, the last ragged) and M tiles of 64; and BLOCK_M = 256
        for groups in (1, 2):
            model = run_case(self, 2, cin=16 * groups, cout=40 * groups, k=3, in_size=(9, 8), padding=1,
                             groups=groups, settings={"MAX_BLOCK_N": 16, "BLOCK_M": 64},
                             config={"block_n": 16, "block_m": 64, "tap_uniform": True})
            self.assertEqual(model.last_grid_blocks, 3 * 3 * groups)  # cdiv(2*9*8, 64) = 3 M tiles x 3 N tiles
        run_case(self, 2, cin=8, cout=40, k=3, in_size=(9, 8), transposed=True, stride=2,
                 settings={"MAX_BLOCK_N": 16, "BLOCK_M": 256, "NUM_STAGES": 2}, config={"block_m": 256})

    def test_compile_failure_falls_back(self):
        # a variant the Triton compiler rejects (a Python exception at the first launch) is replaced by the next:
        # GEMM in place -> GEMM on a channels-last copy -> direct; the failure is remembered per process
        import warnings

        class Rejecting:
            def __init__(self, real, when):
                self.real, self.when = real, when

            def __getitem__(self, grid):
                launch = self.real[grid]

                def call(*args, **kwargs):
                    if self.when(kwargs):
                        raise RuntimeError("PassManager::run failed (test)")
                    return launch(*args, **kwargs)
                return call

        for when, path, copy in ((lambda kw: kw["A_MMAJOR"], "implicit_gemm", True),
                                 (lambda kw: True, "direct", False)):
            mod = render(2, False, (16, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
            mod.FP32_CHANNELS_LAST = False
            mod.kwb_conv = Rejecting(mod.kwb_conv, when)
            model = mod.ModelNew()
            w, b = torch.randn(16, 16, 3, 3) * 0.2, torch.randn(16)
            model.conv.weight.data, model.conv.bias.data = w, b
            x = torch.randn(2, 16, 6, 7)
            for call in range(2):  # the second call skips the failed variant without trying it
                err = io.StringIO()
                with warnings.catch_warnings(record=True), contextlib.redirect_stderr(err):
                    warnings.simplefilter("always")
                    with torch.no_grad():
                        got = model(x)
                self.assertLess(rel_err(got, F.conv2d(x, w, b, padding=1)), 1e-5)
                self.assertEqual((model.last_path, model.last_config["x_copy"]), (path, copy))
                self.assertIn("PassManager::run failed (test)", model.last_config["fallback"])
                # loud: the whole error on stderr once per variant and process; recorded on the model for the harness
                printed = err.getvalue().count("kernel.py: FALLBACK:")
                self.assertEqual(printed, (1 if path == "implicit_gemm" else 4) if call == 0 else 0, err.getvalue())
                if call == 0:
                    self.assertIn("RuntimeError:\nPassManager::run failed (test)", err.getvalue())
                self.assertIn("PassManager::run failed (test)", model.last_fallback)
                self.assertEqual(mod.ModelNew().last_fallback, "")

    def test_last_compiled(self):
        # what Triton's launch returns (a CompiledKernel) is kept per launch in the module, off the model
        import copy
        mod = render(2, False, (16, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        real = mod.kwb_conv
        marker = types.SimpleNamespace(n_regs=128, n_spills=0, metadata=types.SimpleNamespace(shared=49152))

        class Reporting:
            def __getitem__(self, grid):
                launch = real[grid]

                def call(*args, **kwargs):
                    launch(*args, **kwargs)
                    return marker
                return call
        mod.kwb_conv = Reporting()
        model = mod.ModelNew()
        with torch.no_grad():
            model(torch.randn(1, 16, 5, 6))
        self.assertEqual(mod._LAST_COMPILED, [marker])
        copy.deepcopy(model)

    def test_grid_blocks_count_phases(self):
        # a 2-D stride-2 transposed conv: 4 phases, each one M tile and one N tile here
        model = run_case(self, 2, cin=8, cout=16, k=3, in_size=(3, 3), stride=2, batch=1, transposed=True)
        self.assertEqual(model.last_grid_blocks, 4)

    def test_phase_table(self):
        mod = render(1, True, (4, 4, 3), False, (2,), (1,), (2,), (0,), 1)
        # out = (L-1)*2 - 2 + 2*2 + 1: phase 0 reached by k = 0..2 (r + p - 2k even), phase 1 by none
        phases = mod._dim_phases(9, 3, 2, 1, 2)
        self.assertEqual([p[0] for p in phases], [0, 1])
        self.assertEqual(phases[0][8], 0)          # r = 0: 0 + 1 - 2k is odd: no tap
        self.assertEqual(phases[1][6:9], (0, 1, 3))  # r = 1: every tap, KB 0, KS 1


class ConvPlanMemo(unittest.TestCase):
    """The plan memo (_PLANS): a call whose key was seen reuses everything but the tensors. A hit must give the
    miss's result and last_*; a changed knob, input stride or dtype must plan again."""

    @staticmethod
    def snapshot(model):
        return model.last_path, dict(model.last_config), model.last_grid_blocks, model.last_fallback

    def test_hit_matches_miss(self):
        # (transposed, weight, bias, stride, padding, output_padding, groups, x shape, channels-last x, reference)
        cases = [
            (False, (32, 32, 3, 3), True, (1, 1), (1, 1), (0, 0), 1, (2, 32, 6, 7), True, "x_tma"),
            (False, (16, 32, 3, 3), True, (2, 1), (1, 1), (0, 0), 1, (2, 32, 7, 6), False, "a_mmajor"),
            (False, (16, 3, 3, 3), False, (1, 1), (1, 1), (0, 0), 1, (2, 3, 6, 7), False, "tap_uniform"),
            (True, (8, 16, 3, 3), True, (2, 2), (1, 1), (1, 1), 1, (2, 8, 4, 5), False, "phases"),
            (False, (8, 1, 3, 3), False, (1, 1), (1, 1), (0, 0), 8, (2, 8, 5, 6), False, "phases"),  # direct
        ]
        for tr, wshape, has_bias, st, pd, op, g, xshape, cl, field in cases:
            label = (tr, wshape, st, g, cl)
            mod = render(2, tr, wshape, has_bias, st, pd, (1, 1), op, g)
            model = mod.ModelNew()
            gen = torch.Generator().manual_seed(5)
            x = torch.randn(xshape, generator=gen)
            if cl:
                x = x.contiguous(memory_format=torch.channels_last)
            with torch.no_grad():
                model.conv.weight.copy_(torch.randn(wshape, generator=gen) * 0.2)
                if has_bias:
                    model.conv.bias.copy_(torch.randn(model.conv.bias.shape, generator=gen))
            bias = model.conv.bias.detach() if has_bias else None

            def want():
                w = model.conv.weight.detach()
                if tr:
                    return F.conv_transpose2d(x, w, bias, stride=st, padding=pd, output_padding=op, groups=g)
                return F.conv2d(x, w, bias, stride=st, padding=pd, groups=g)
            with torch.no_grad():
                miss = model(x)
                seen = self.snapshot(model)
                entries = len(mod._PLANS)
                hit = model(x)
                self.assertEqual(len(mod._PLANS), entries, label)  # no new plan
                self.assertTrue(torch.equal(miss, hit), label)
                self.assertEqual(hit.stride(), miss.stride(), label)
                self.assertEqual(self.snapshot(model), seen, label)
                self.assertIn(field, seen[1], label)
                self.assertLess(rel_err(hit, want()), 1e-5, label)
                mod._PLANS.clear()  # a miss again: the same
                self.assertTrue(torch.equal(model(x), miss), label)
                self.assertEqual(self.snapshot(model), seen, label)
                # the tensors are each call's: a new weight, bias and input on a hit
                model.conv.weight.mul_(-2.0)
                if has_bias:
                    model.conv.bias.add_(1.0)
                x = torch.randn(xshape, generator=gen).contiguous(
                    memory_format=torch.channels_last if cl else torch.contiguous_format)
                got = model(x)
                self.assertEqual(len(mod._PLANS), 1, label)
                self.assertLess(rel_err(got, want()), 1e-5, label)
                self.assertEqual(self.snapshot(model), seen, label)

    def test_key_changes_plan_again(self):
        mod = render(2, False, (16, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        model = mod.ModelNew()
        gen = torch.Generator().manual_seed(6)
        with torch.no_grad():
            model.conv.weight.copy_(torch.randn(16, 16, 3, 3, generator=gen) * 0.2)
        x = torch.randn(2, 16, 6, 7, generator=gen)

        def run(xin, entries, **config):
            with torch.no_grad():
                got = model(xin)
            want = F.conv2d(xin, model.conv.weight.detach(), model.conv.bias.detach(), padding=1)
            self.assertLess(rel_err(got, want), 1e-5, config)  # fp64: the direct kernel sums in fp32
            self.assertEqual(len(mod._PLANS), entries, config)
            for k, v in config.items():
                self.assertEqual(model.last_config.get(k), v, k)
        run(x, 1, block_m=128, a_mmajor=True, x_copy=False)
        run(x, 1, block_m=128)  # a hit
        mod.BLOCK_M = 64  # a knob a sweep sets at run time
        run(x, 2, block_m=64)
        mod.BLOCK_M = 128  # back: the first plan again
        run(x, 2, block_m=128)
        mod.FP32_CHANNELS_LAST = True  # a knob conv_forward reads (not in _knobs())
        run(x, 3, x_copy=True, a_mmajor=False)
        mod.FP32_CHANNELS_LAST = None
        run(x.contiguous(memory_format=torch.channels_last), 4, a_mmajor=False, x_copy=False)  # x's strides
        run(torch.randn(2, 16, 6, 14, generator=gen)[..., ::2], 5, a_mmajor=True)  # another non-contiguous x
        mod.WEIGHT_REORG = False
        run(x, 6, w_align=1)  # the weight read in place: K (Cin) is not its contiguous dim
        mod.WEIGHT_REORG = True
        model.double()  # dtype (the input's and the weight's)
        run(x.double(), 7)
        self.assertEqual(model.last_path, "direct")
        run(x.double(), 7)
        self.assertEqual(model.last_path, "direct")

    def test_weight_changes_on_a_hit(self):
        # the plan keys on the weight's shape, strides, dtype and device, never its pointer; WEIGHT_REORG's copy
        # (per data pointer and version, _reorg_weight) must follow every change of the weight behind a hit
        mod = render(2, False, (24, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        model = mod.ModelNew()
        gen = torch.Generator().manual_seed(8)
        x = torch.randn(2, 16, 7, 6, generator=gen)

        def run(entries):
            with torch.no_grad():
                got = model(x)
            want = F.conv2d(x, model.conv.weight.detach(), model.conv.bias.detach(), padding=1)
            self.assertLess(rel_err(got, want), 1e-5)
            self.assertEqual(model.last_path, "implicit_gemm")
            self.assertEqual(len(mod._PLANS), entries)
        with torch.no_grad():
            model.conv.weight.copy_(torch.randn(24, 16, 3, 3, generator=gen))
        run(1)
        with torch.no_grad():
            model.conv.weight.add_(1.0)  # in place: same pointer, the version counter moves
        run(1)
        model.conv.weight.data = torch.randn(24, 16, 3, 3, generator=gen)  # a new pointer, same strides
        run(1)
        model.conv.weight.data = torch.randn(24, 16, 3, 3, generator=gen).contiguous(
            memory_format=torch.channels_last)  # other strides: another plan
        run(2)
        with torch.no_grad():
            model.conv.weight[:, :8].mul_(-1.0)  # through a view of the channels-last weight
        run(2)

    def test_computed_weight_is_never_cached(self):
        # issue 14 (session 39): a weight computed in forward() (weight norm, standardisation, a merged LoRA update)
        # is a fresh tensor per call: conv_forward(..., weight_computed=True) regroups it every call and keeps no
        # entry on the model (_reorg_weight's entry per tensor object would never hit and would keep a dead call's
        # weight and copy alive); the numbers follow each call's weight, and every call shares one plan
        for transposed, wshape in ((False, (24, 16, 3, 3)), (True, (16, 24, 3, 3))):
            mod = render(2, transposed, wshape, True, (2, 2), (1, 1), (1, 1), (1, 1) if transposed else (0, 0), 1)
            model = mod.ModelNew()
            gen = torch.Generator().manual_seed(9)
            x = torch.randn(2, 16, 7, 6, generator=gen)
            b = torch.randn(24, generator=gen)
            buf = torch.empty(wshape)  # one storage for every call's weight: the worst case of pointer reuse
            plans = None
            for k in range(3):
                buf.copy_(torch.randn(wshape, generator=gen) * (k + 1))
                w = buf.view(wshape)  # a new tensor object over the same pointer, written in place
                with torch.no_grad():
                    got = mod.conv_forward(model, x, w, b, weight_computed=True)
                fn = F.conv_transpose2d if transposed else F.conv2d
                kw = dict(stride=2, padding=1, output_padding=1) if transposed else dict(stride=2, padding=1)
                self.assertLess(rel_err(got, fn(x, buf, b, **kw)), 1e-5, (transposed, k))
                self.assertEqual(model.last_path, "implicit_gemm")
                self.assertFalse(model.__dict__.get(mod._WREORG), "a computed weight left a cached copy")
                plans = len(mod._PLANS) if plans is None else plans
                self.assertEqual(len(mod._PLANS), plans)  # one plan for every call

    def test_rendered_template_passes_the_conformance_gate(self):
        # The memo must leave each launch as `kernel[grid](...)` of a named @triton.jit kernel inside a helper that
        # forward reaches: a launch through a kernel held in a variable or the plan is invisible to the static gate
        # (resources/python/conformance_check.py), which then fails every convolution (the first memo was reverted
        # for that, e5251e5).
        sys.path.insert(0, os.path.join(ROOT, "resources", "python"))
        try:
            import conformance_check
        finally:
            sys.path.pop(0)
        for tr, wshape, g in ((False, (16, 16, 3, 3), 1), (True, (8, 16, 3, 3), 1), (False, (8, 1, 3, 3), 8)):
            mod = render(2, tr, wshape, True, (2, 2), (1, 1), (1, 1), (1, 1) if tr else (0, 0), g)
            res = conformance_check.check(mod.__file__, "triton")
            self.assertTrue(res["ok"], res["violations"])
            # the statistics finish launched twice: its chunk level and its final combine (STATS_FINISH_CHUNKS)
            self.assertEqual(sorted(l["kernel"] for l in res["launches"]),
                             ["kwb_conv", "kwb_conv_direct", "kwb_conv_direct_cl", "kwb_conv_phases",
                              "kwb_conv_stats_finish",
                              "kwb_conv_stats_finish", "kwb_conv_to_cl"])  # X_COPY_TRITON's copy, via _launch
            self.assertIn("_launch", res["followed"])
            self.assertIn("_x_channels_last", res["followed"])


class ConvReduce(unittest.TestCase):
    """CONV_REDUCE: conv_forward(..., reduce=op) reduces the (epilogue's) output over every spatial dim in the
    tiles (an fp32 [N, C] buffer combined by atomics), against torch's reduction of the reference convolution.
    Tiles that straddle images (a few positions per image, several images per M tile), C_out tails, stride
    phases (per launch and PHASE_GRID), the persistent loop and TMA rows; the knob off and _DEFAULTS unfused."""

    OPS = {"sum": lambda t, k: t.sum(dim=list(range(2, t.dim())), keepdim=k),
           "mean": lambda t, k: t.mean(dim=list(range(2, t.dim())), keepdim=k),
           "amax": lambda t, k: t.amax(dim=list(range(2, t.dim())), keepdim=k),
           "amin": lambda t, k: t.amin(dim=list(range(2, t.dim())), keepdim=k)}
    CHANNEL_OPS = {"sum": lambda t, k: t.sum(dim=1, keepdim=k), "mean": lambda t, k: t.mean(dim=1, keepdim=k),
                   "amax": lambda t, k: t.amax(dim=1, keepdim=k), "amin": lambda t, k: t.amin(dim=1, keepdim=k),
                   "logsumexp": lambda t, k: torch.logsumexp(t, dim=1, keepdim=k)}

    @classmethod
    def setUpClass(cls):
        import triton
        import triton.language as tl
        with open(os.path.join(ROOT, "resources", "templates", "kernels", "triton_stages.py")) as f:
            cls.stages = f.read()
        with open(os.path.join(ROOT, "resources", "templates", "kernels", "triton_epilogue.py")) as f:
            cls.stages += "\n\n" + f.read()

        @triton.jit
        def scale_relu(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                       s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
            return tl.maximum(acc * f0, -1.0)
        cls.epi = scale_relu

    def check(self, spatial, transposed, cin, cout, k, in_size, batch, op, keepdim=True, stride=1, padding=0,
              output_padding=0, groups=1, settings=None, epi=False, fused=True, over="spatial"):
        rep = lambda v: tuple(v) if isinstance(v, (tuple, list)) else (v,) * spatial
        k, stride, padding, output_padding, in_size = map(rep, (k, stride, padding, output_padding, in_size))
        wshape = (cin, cout // groups) + k if transposed else (cout, cin // groups) + k
        mod = render(spatial, transposed, wshape, True, stride, padding, (1,) * spatial, output_padding, groups,
                     stages=self.stages)
        for key, v in dict(PLAIN, **(settings or {})).items():
            setattr(mod, key, v)
        g = torch.Generator().manual_seed(7)
        w, b = torch.randn(wshape, generator=g) * 0.2, torch.randn(cout, generator=g)
        x = torch.randn((batch, cin) + in_size, generator=g)
        model = mod.ModelNew()
        kw = dict(epi=self.epi, epi_tensors=(), epi_scalars=(0.5,)) if epi else {}
        with torch.no_grad():
            got = mod.conv_forward(model, x, w, b, mod.CONV0, reduce=op, keepdim=keepdim, over=over, **kw)
            if transposed:
                ref = (F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d)[spatial - 1](
                    x, w, b, stride=stride, padding=padding, output_padding=output_padding, groups=groups)
            else:
                ref = (F.conv1d, F.conv2d, F.conv3d)[spatial - 1](x, w, b, stride=stride, padding=padding,
                                                                  groups=groups)
            if epi:
                ref = torch.clamp_min(ref * 0.5, -1.0)
            want = (self.OPS if over == "spatial" else self.CHANNEL_OPS)[op](ref, keepdim)
        label = dict(spatial=spatial, transposed=transposed, op=op, keepdim=keepdim, settings=settings, epi=epi,
                     over=over)
        self.assertEqual(tuple(got.shape), tuple(want.shape), label)
        self.assertLess(rel_err(got, want), 1e-5, label)
        self.assertEqual(model.last_config.get("reduce"), ("fused: " if fused else "unfused: ") + op, label)
        self.assertNotIn("fallback", model.last_config, label)
        return model

    def test_ops_on_tiles_that_straddle_images(self):
        # 5 x 7 = 35 positions per image: a 128-row M tile holds the ends and starts of up to five images; C_out
        # 20 (an N tail of a 32 tile), bias, an epilogue, every op, both keepdims
        for op in ("sum", "mean", "amax", "amin"):
            for keepdim in (True, False):
                with self.subTest(op=op, keepdim=keepdim):
                    self.check(2, False, 16, 20, 3, (7, 9), 9, op, keepdim=keepdim, padding=0, epi=True)

    def test_transposed_phases_per_launch_and_in_one_grid(self):
        # 42_/44_'s class: stride-2 transposed conv (4 phases) with output_padding; one launch per phase, then the
        # phase table (PHASE_GRID), whose CTAs past a smaller phase's tiles must add nothing
        for settings in ({}, {"PHASE_GRID": True}, {"PHASE_GRID": True, "OUT_CHANNELS_LAST": True}):
            for op in ("mean", "amax"):
                with self.subTest(settings=settings, op=op):
                    self.check(2, True, 16, 24, 3, (6, 5), 3, op, stride=2, padding=1, output_padding=1,
                               settings=settings, epi=True)

    def test_variants_1d_3d_grouped(self):
        cases = [
            (1, False, dict(cin=16, cout=40, k=3, in_size=50, batch=4), {}),
            (3, True, dict(cin=16, cout=16, k=3, in_size=(3, 4, 3), batch=3, stride=2, padding=1), {}),
            (3, False, dict(cin=8, cout=16, k=3, in_size=(5, 6, 6), batch=3), {"SMALL_K": True}),  # 8_'s class
            (2, False, dict(cin=32, cout=32, k=3, in_size=(9, 9), batch=3, groups=2), {}),
            (2, False, dict(cin=32, cout=16, k=3, in_size=(12, 40), batch=2, padding=1), VARIANTS["persistent"]),
            (2, False, dict(cin=32, cout=16, k=3, in_size=(12, 40), batch=2, padding=1), VARIANTS["tma"]),
            (2, False, dict(cin=32, cout=16, k=3, in_size=(12, 40), batch=2, padding=1),
             VARIANTS["tma_flatten_m64"]),
        ]
        for spatial, transposed, kw, settings in cases:
            for op in ("sum", "amin"):
                with self.subTest(spatial=spatial, transposed=transposed, settings=settings, op=op):
                    self.check(spatial, transposed, op=op, settings=settings, **kw)

    def test_knob_off_default_tuning_and_direct_path_write_the_output(self):
        # CONV_REDUCE False, the _DEFAULTS tuning (the fallback of a tuning that fails: the reduction unfused
        # there) and the direct path (depthwise) write the output and reduce it with kwb_reduce
        self.check(2, False, 16, 20, 3, (7, 9), 3, "mean", settings={"CONV_REDUCE": False}, fused=False)
        self.check(2, False, 8, 8, 3, (7, 9), 3, "sum", groups=8, fused=False)
        mod = render(2, False, (8, 16, 3, 3), True, (1, 1), (0, 0), (1, 1), (0, 0), 1, stages=self.stages)
        self.assertIs(mod._DEFAULTS["CONV_REDUCE"], False)
        self.assertIs(mod.CONV_REDUCE, True)

    def test_over_channels_with_c_out_tails(self):
        # (B): one N tile holds every channel (C_out 20 -> BLOCK_N 32: a tail of 12 masked columns; 128 exactly; 3 ->
        # the 16-wide minimum), every op incl. logsumexp, both keepdims, an epilogue before the reduction
        for cout in (20, 128, 3 + 3):
            for op in ("sum", "mean", "amax", "amin", "logsumexp"):
                for keepdim in (True, False):
                    with self.subTest(cout=cout, op=op, keepdim=keepdim):
                        self.check(2, False, 16, cout, 3, (6, 7), 3, op, keepdim=keepdim, epi=True, over="channel",
                                   fused=cout > 4)  # C_out/groups <= 4: the direct path, unfused

    def test_over_channels_classes(self):
        # 36_'s stride-2 transposed phases (per launch, PHASE_GRID), 58_'s 3-D transposed logsumexp, SMALL_K's own
        # N tile (64) widened to hold 96 channels, persistent and TMA loops
        cases = [
            (2, True, dict(cin=16, cout=24, k=3, in_size=(5, 6), batch=2, stride=2, padding=1, output_padding=1),
             {}, "amin"),
            (2, True, dict(cin=16, cout=24, k=3, in_size=(5, 6), batch=2, stride=2, padding=1, output_padding=1),
             {"PHASE_GRID": True, "OUT_CHANNELS_LAST": True}, "amin"),
            (3, True, dict(cin=3, cout=16, k=3, in_size=(3, 4, 4), batch=2, stride=2, padding=1),
             {"SMALL_K": True}, "logsumexp"),
            (2, False, dict(cin=8, cout=96, k=3, in_size=(6, 9), batch=2), {"SMALL_K": True}, "amax"),
            (2, False, dict(cin=32, cout=40, k=3, in_size=(12, 40), batch=2, padding=1), VARIANTS["persistent"],
             "sum"),
            (2, False, dict(cin=32, cout=40, k=3, in_size=(12, 40), batch=2, padding=1), VARIANTS["tma"], "mean"),
        ]
        for spatial, transposed, kw, settings, op in cases:
            with self.subTest(spatial=spatial, transposed=transposed, settings=settings, op=op):
                m = self.check(spatial, transposed, op=op, settings=settings, over="channel", **kw)
                self.assertGreaterEqual(m.last_config["block_n"], kw["cout"])

    def test_over_channels_unfused_beyond_the_limit_and_grouped(self):
        self.check(2, False, 16, 40, 3, (6, 7), 2, "amin", over="channel", settings={"CONV_REDUCE_MAX_N": 32},
                   fused=False)
        self.check(2, False, 32, 32, 3, (6, 7), 2, "sum", over="channel", groups=2, fused=False)
        self.check(2, False, 16, 20, 3, (6, 7), 2, "amin", over="channel", settings={"CONV_REDUCE": False},
                   fused=False)

    def test_fused_call_writes_no_output(self):
        # the fused launch's out_ptr is the [N, C] buffer: no tensor of the output's size is allocated
        mod = render(2, False, (16, 8, 3, 3), True, (1, 1), (0, 0), (1, 1), (0, 0), 1, stages=self.stages)
        for key, v in PLAIN.items():
            setattr(mod, key, v)
        model = mod.ModelNew()
        x, w, b = torch.randn(2, 8, 10, 10), torch.randn(16, 8, 3, 3), torch.randn(16)
        real_empty, sizes = torch.empty, []

        def spy(*a, **k):
            t = real_empty(*a, **k)
            sizes.append(t.numel())
            return t
        mod.torch.empty = spy
        try:
            got = mod.conv_forward(model, x, w, b, mod.CONV0, reduce="mean")
        finally:
            mod.torch.empty = real_empty
        self.assertLess(rel_err(got, F.conv2d(x, w, b).mean(dim=(2, 3), keepdim=True)), 1e-5)
        self.assertTrue(sizes and max(sizes) < 2 * 8 * 8 * 16, sizes)


def tearDownModule():
    shutil.rmtree(_TMP, ignore_errors=True)


class ConvWeightCache(unittest.TestCase):
    """WEIGHT_REORG's copy is cached on the model per weight version (_reorg_weight): every way a weight
    changes -- an in-place write, a new tensor, load_state_dict -- must give the new weight's result."""

    def check(self, model, x):
        want = F.conv2d(x, model.conv.weight.detach(), model.conv.bias.detach(), padding=1)
        with torch.no_grad():
            got = model(x)
        self.assertEqual(model.last_path, "implicit_gemm")
        self.assertLess(rel_err(got, want), 1e-5)

    def test_changed_weight_is_honoured(self):
        mod = render(2, False, (24, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        model = mod.ModelNew()
        g = torch.Generator().manual_seed(3)
        x = torch.randn(2, 16, 9, 11, generator=g)
        with torch.no_grad():
            model.conv.weight.copy_(torch.randn(24, 16, 3, 3, generator=g))
            model.conv.bias.copy_(torch.randn(24, generator=g))
        self.check(model, x)
        cache = model.__dict__[mod._WREORG]
        first = next(iter(cache.values()))[2]
        self.check(model, x)  # unchanged weight: the cached copy is reused, not made again
        self.assertIs(next(iter(cache.values()))[2], first)
        with torch.no_grad():  # in place (as an optimizer step or nn.init): the version counter moves
            model.conv.weight.mul_(-0.5)
        self.check(model, x)
        self.assertIsNot(next(iter(cache.values()))[2], first)
        with torch.no_grad():  # in place through a view of the parameter
            model.conv.weight[0].zero_()
        self.check(model, x)
        model.conv.weight.data = torch.randn(24, 16, 3, 3, generator=g)  # a new tensor under the same parameter
        self.check(model, x)
        model.load_state_dict({"conv.weight": torch.randn(24, 16, 3, 3, generator=g),
                               "conv.bias": torch.randn(24, generator=g)})
        self.check(model, x)
        model.conv.weight = torch.nn.Parameter(torch.randn(24, 16, 3, 3, generator=g))  # a new parameter
        self.check(model, x)
        self.assertLessEqual(len(cache), 2)  # one entry per parameter object seen


class ConvTapPadded(unittest.TestCase):
    """TAP_PADDED: Cin/groups >= 8 and no multiple of 16, where SMALL_K's rows do not apply -- one tap's channels
    padded to a multiple of BLOCK_K, the padding masked on x and the weight (the TAP_UNIFORM loop); off: the
    general per-element K loop (block_k 32)."""
    ON = {"TAP_PADDED": True}

    def test_block_k_choice(self):
        mod = render(2, False, (16, 24, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        fp32, b16 = mod.BLOCK_K_CHOICES_32, mod.BLOCK_K_CHOICES_16
        # least padded channels per tap, ties to the larger block: 24 -> 32 (one block), 40 -> 48 (three of 16)
        self.assertEqual(mod._tap_padded_block_k(24, fp32), 32)
        self.assertEqual(mod._tap_padded_block_k(40, fp32), 16)
        self.assertEqual(mod._tap_padded_block_k(12, fp32), 16)
        self.assertEqual(mod._tap_padded_block_k(24, b16), 32)
        self.assertEqual(mod._tap_padded_block_k(40, b16), 16)
        self.assertEqual(mod._tap_padded_block_k(100, b16), 16)  # 112 channels a tap, against 128 (32 or 64)
        self.assertIsNone(mod._tap_padded_block_k(3, fp32))   # below TAP_PADDED_MIN_CIG: the general loop
        self.assertIsNone(mod._tap_padded_block_k(48, fp32))  # a multiple of 16: TAP_UNIFORM unpadded
        self.assertTrue(mod.TAP_PADDED)

    def test_strided_channels_last_fp32_and_the_switch_off(self):
        # w06's class: Cin 24 -> 48, 3 x 3, stride 2, padding 1, channels-last fp32 x (read in place)
        on = run_case(self, 2, cin=24, cout=48, k=3, in_size=(9, 10), stride=2, padding=1, channels_last=True,
                      path="implicit_gemm", settings=self.ON,
                      config={"tap_padded": True, "tap_uniform": False, "row_dims": 0, "block_k": 32,
                              "a_mmajor": False, "x_align": 8, "x_tma": False})
        off = run_case(self, 2, cin=24, cout=48, k=3, in_size=(9, 10), stride=2, padding=1, channels_last=True,
                       path="implicit_gemm", settings={"TAP_PADDED": False},
                       config={"tap_padded": False, "tap_uniform": False, "row_dims": 0, "block_k": 32})
        self.assertEqual(on.last_grid_blocks, off.last_grid_blocks)

    def test_several_blocks_a_tap_and_small_k_first(self):
        # DenseNet's Cin 40 (three blocks of 16 a tap, the last one half padding), NCHW x read M-major; SMALL_K
        # on: no w-tap row fits (40 x 3 = 120 channels), so the padded blocks run
        run_case(self, 2, cin=40, cout=8, k=3, in_size=(6, 5), padding=1, bias=False, path="implicit_gemm",
                 settings=dict(self.ON, SMALL_K=True, FP32_CHANNELS_LAST=False),
                 config={"tap_padded": True, "small_k": False, "block_k": 16, "a_mmajor": True})
        # Cin 8 at stride 1 (82_'s class): the padded blocks take it before SMALL_K's rows (faster on the H200);
        # Cin 4, below TAP_PADDED_MIN_CIG: SMALL_K's rows
        run_case(self, 2, cin=8, cout=16, k=3, in_size=(6, 5), padding=1, settings=dict(self.ON, SMALL_K=True),
                 config={"tap_padded": True, "small_k": False})
        run_case(self, 2, cin=4, cout=16, k=3, in_size=(6, 5), padding=1, settings=dict(self.ON, SMALL_K=True),
                 config={"tap_padded": False, "small_k": True})
        # 3-D, Cin 10 at stride 2 (blocks of 16, TAP_UNIFORM 2), copied channels-last
        run_case(self, 3, cin=10, cout=16, k=3, in_size=(4, 5, 6), stride=2, padding=1,
                 settings=dict(self.ON, FP32_CHANNELS_LAST=True),
                 config={"tap_padded": True, "block_k": 16, "a_mmajor": False, "x_copy": True})

    def test_grouped_and_16bit(self):
        # groups 2 of Cin/groups 12: a block of 16 reads 4 channels of the next group -- masked (the weight too)
        run_case(self, 2, cin=24, cout=32, k=3, in_size=(7, 6), groups=2, stride=2, padding=1, path="implicit_gemm",
                 settings=self.ON, config={"tap_padded": True, "block_k": 16})
        run_case(self, 2, cin=24, cout=32, k=3, in_size=(7, 6), groups=2, padding=1, channels_last=True,
                 settings=dict(self.ON, SMALL_K=True), config={"tap_padded": True, "block_k": 16, "x_align": 4})
        run_case(self, 2, cin=24, cout=16, k=3, in_size=(7, 6), stride=2, padding=1, dtype=torch.bfloat16,
                 settings=self.ON, config={"tap_padded": True, "block_k": 32, "a_mmajor": True})
        run_case(self, 1, cin=40, cout=16, k=3, in_size=13, padding=1, dtype=torch.bfloat16, channels_last=True,
                 settings=self.ON, config={"tap_padded": True, "block_k": 16, "a_mmajor": False})

    def test_transposed_phases_share_the_loop(self):
        # stride 2: phases of 2 and 1 taps a dim; a phase's K = its taps x 24, padded to 32 a tap
        run_case(self, 2, cin=24, cout=16, k=3, in_size=(5, 4), stride=2, padding=1, output_padding=1,
                 transposed=True, settings=self.ON, config={"tap_padded": True, "block_k": 32, "phases": 4})
        run_case(self, 2, cin=24, cout=16, k=3, in_size=(5, 4), stride=2, padding=1, output_padding=1,
                 transposed=True, settings=dict(self.ON, PHASE_GRID=True, SMALL_K=True),
                 config={"tap_padded": True, "phase_grid": True, "small_k": False})

    def test_copy_rule_counts_the_padded_work(self):
        # fp32 NCHW, Cin 24 -> 48, stride 2: 36 FLOP per byte of x + out, 48 with the padded channels (24 -> 32):
        # over FP32_COPY_MIN_INTENSITY (40) only as the padded blocks count it
        run_case(self, 2, cin=24, cout=48, k=3, in_size=(16, 16), stride=2, padding=1, settings=self.ON,
                 config={"tap_padded": True, "x_copy": True, "a_mmajor": False})
        run_case(self, 2, cin=24, cout=48, k=3, in_size=(16, 16), stride=2, padding=1,
                 settings={"TAP_PADDED": False}, config={"tap_padded": False, "x_copy": False, "a_mmajor": True})

    def test_few_tiles_block_m(self):
        # FEW_TILES (off as shipped): 2 x 8 x 8 = 128 positions, one 128-position tile on 4 SMs (the emulation's
        # count) -> two tiles of 64; 2 x 16 x 16 = 512 positions: 4 tiles, 8 of 64 would not fit one wave
        run_case(self, 2, cin=24, cout=8, k=3, in_size=(8, 8), padding=1, settings=dict(self.ON, FEW_TILES=True),
                 config={"few_tiles": True, "block_m": 64, "tap_padded": True})
        run_case(self, 2, cin=24, cout=8, k=3, in_size=(16, 16), padding=1, settings=dict(self.ON, FEW_TILES=True),
                 config={"few_tiles": None, "block_m": 128})
        run_case(self, 2, cin=24, cout=8, k=3, in_size=(8, 8), padding=1, shipped=True,
                 config={"few_tiles": None, "block_m": 128, "tap_padded": True})


class ShippedDefaults(unittest.TestCase):
    """The template's class rules as generated (no settings): which convs get SMALL_K, the phase table and the
    channels-last output, each checked against PyTorch."""

    def test_small_k_only_at_unit_read_stride(self):
        # SMALL_K below TAP_PADDED_MIN_CIG (Cin 4); Cin 8 takes the padded blocks (see TAP_PADDED_MIN_CIG)
        run_case(self, 2, cin=4, cout=16, k=3, in_size=(9, 10), padding=1, shipped=True,
                 config={"small_k": True, "out_cl": True, "x_copy": True})
        run_case(self, 2, cin=8, cout=16, k=3, in_size=(9, 10), padding=1, shipped=True,
                 config={"small_k": False, "tap_padded": True, "out_cl": True})
        run_case(self, 2, cin=3, cout=16, k=3, in_size=(9, 10), stride=2, padding=1, shipped=True,
                 config={"small_k": False, "out_cl": True})
        run_case(self, 2, cin=4, cout=16, k=3, in_size=(5, 6), stride=2, padding=1, transposed=True, shipped=True,
                 config={"small_k": True})

    def test_phase_grid_by_class(self):
        run_case(self, 2, cin=16, cout=32, k=3, in_size=(5, 6), stride=2, padding=1, transposed=True, shipped=True,
                 config={"phase_grid": True, "out_cl": True})
        run_case(self, 3, cin=16, cout=32, k=3, in_size=(3, 4, 5), stride=2, padding=1, transposed=True,
                 shipped=True, config={"phase_grid": True})
        run_case(self, 1, cin=16, cout=32, k=3, in_size=21, stride=2, padding=1, dilation=2, transposed=True,
                 shipped=True, config={"phase_grid": None})
        run_case(self, 3, cin=16, cout=32, k=3, in_size=(3, 4, 5), stride=2, padding=1, groups=4, transposed=True,
                 shipped=True, config={"phase_grid": None})

    def test_channel_vector_epilogue_by_default(self):
        # run_case has no epilogue: the chain tests (tst_chains, test_chain_emulated) run the [C, 1, 1] epilogues
        mod = render(2, False, (16, 8, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1)
        self.assertTrue(mod.EPI_CHANNEL_VECTORS)
        self.assertFalse(mod._DEFAULTS["SMALL_K"] or mod._DEFAULTS["PHASE_GRID"] or mod._DEFAULTS["X_TMA"])


class ConvXCopy(unittest.TestCase):
    # X_COPY_TRITON: the channels-last copy of x by the template's tiled transposing kernel (_x_channels_last)
    def copy_check(self, mod, x5, by="triton"):
        got, who = mod._x_channels_last(x5)
        want = x5.permute(0, 2, 3, 4, 1).contiguous().permute(0, 4, 1, 2, 3)
        self.assertEqual(who, by)
        self.assertEqual(tuple(got.shape), tuple(x5.shape))
        self.assertEqual(got.stride(), want.stride())  # channels-last and dense
        self.assertEqual(got.dtype, x5.dtype)
        self.assertTrue(torch.equal(got, x5))  # a copy: bit for bit

    def test_copy_kernel_tails_layouts_and_dtypes(self):
        mod = render(2, False, (16, 16, 3, 3), True, (1, 1), (0, 0), (1, 1), (0, 0), 1)
        mod.X_COPY_TRITON = True
        mod.X_COPY_BLOCK_C, mod.X_COPY_BLOCK_S = 16, 16  # several tiles per image at test sizes
        g = torch.Generator().manual_seed(3)
        big = torch.randn(3, 40, 5, 6, 14, generator=g)
        cases = {
            "tails": torch.randn(2, 19, 3, 5, 7, generator=g),             # 19 channels, 105 positions: both ragged
            "1-D": torch.randn(2, 24, 1, 1, 37, generator=g),
            "2-D": torch.randn(3, 32, 1, 9, 11, generator=g),
            "3-D": torch.randn(2, 8, 4, 5, 6, generator=g),
            "Cin 3": torch.randn(2, 3, 1, 7, 9, generator=g),                # SMALL_K_COPY's class: 4-wide tiles
            "strided w": big[:, :, :, :, ::2],
            "channel slice": big[:, 5:29],                                   # a group's or a split's channels
            "permuted": torch.randn(2, 6, 5, 4, 16, generator=g).permute(0, 4, 1, 2, 3),  # C not the outer dim
            "bf16": torch.randn(2, 17, 1, 6, 7, generator=g).to(torch.bfloat16),
            "fp16": torch.randn(1, 33, 2, 3, 5, generator=g).to(torch.float16),
        }
        for label, x5 in cases.items():
            with self.subTest(label):
                self.copy_check(mod, x5)
        mod.X_COPY_BLOCK_C, mod.X_COPY_BLOCK_S = 64, 64  # the shipped tiles
        self.copy_check(mod, cases["tails"])
        mod.X_COPY_TRITON = False
        self.copy_check(mod, cases["tails"], by="aten")

    def test_conv_through_the_copy_kernel(self):
        # the copy rule's conv classes with the Triton copy: 1-D/2-D/3-D, groups, transposed, a non-contiguous x,
        # SMALL_K's small-Cin rows (Cin 3), TMA rows over the copy
        on = {"X_COPY_TRITON": True, "X_COPY_BLOCK_C": 16, "X_COPY_BLOCK_S": 16, "FP32_CHANNELS_LAST": True}
        used = {"x_copy": True, "x_copy_by": "triton", "a_mmajor": False}
        for spatial, kw in ((1, dict(cin=32, cout=24, k=3, in_size=30, padding=1)),
                            (2, dict(cin=48, cout=48, k=3, in_size=(5, 7), groups=3, padding=1)),
                            (2, dict(cin=16, cout=32, k=3, in_size=(7, 9), noncontig=True, padding=1)),
                            (3, dict(cin=16, cout=16, k=3, in_size=(3, 4, 5), stride=2, padding=1, output_padding=1,
                                     transposed=True)),
                            (2, dict(cin=16, cout=32, k=3, in_size=(5, 7), padding=1,
                                     settings_extra={"X_TMA": True, "X_TMA_MAX_M_WASTE": 1.0}))):
            extra = kw.pop("settings_extra", {})
            with self.subTest(spatial=spatial, **{k: str(v) for k, v in kw.items()}):
                m = run_case(self, spatial, settings=dict(on, **extra), config=used, path="implicit_gemm", **kw)
                self.assertNotIn("fallback", m.last_config)
        # SMALL_K's copy (Cin 3, stride 1): its own copy rule, the same kernel
        run_case(self, 2, cin=3, cout=16, k=3, in_size=(8, 9), shipped=True,
                 settings={"X_COPY_TRITON": True, "OUT_CHANNELS_LAST": True}, config=used)
        # no copy where x is channels-last already
        run_case(self, 2, cin=16, cout=16, k=3, in_size=(6, 5), padding=1, channels_last=True, settings=on,
                 config={"x_copy_by": None, "a_mmajor": False})

    def test_copy_kernel_that_fails_falls_back_to_aten(self):
        mod = render(2, False, (16, 16, 3, 3), True, (1, 1), (0, 0), (1, 1), (0, 0), 1)
        mod.X_COPY_TRITON = True

        class Rejecting:
            def __getitem__(self, grid):
                def launch(*a, **k):
                    raise RuntimeError("copy kernel rejected by this Triton")
                return launch
        mod.kwb_conv_to_cl = Rejecting()
        x5 = torch.randn(2, 16, 1, 5, 6)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            self.copy_check(mod, x5, by="aten")
            self.copy_check(mod, x5, by="aten")  # once per process: the kernel is not tried again
        self.assertEqual(err.getvalue().count("FALLBACK"), 1)
        self.assertIn("x_copy_triton", mod._FAILED)


class ConvCatSlices(unittest.TestCase):
    """CONV_CAT_SLICES: a cat along the channels of convolution outputs, each convolution storing into its channel
    slice of the buffer conv_cat_buffer allocates (conv_forward(..., out=)), against torch.cat of F.conv*."""

    @classmethod
    def setUpClass(cls):
        import triton
        import triton.language as tl

        @triton.jit
        def relu(acc, n, c, d, h, w, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                 s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
            return tl.maximum(acc, 0.0)
        cls.relu = relu
        cls.stages = ""
        for name in ("triton_stages.py", "triton_epilogue.py"):  # as a chain's kernel.py holds them (kwb_cat)
            with open(os.path.join(ROOT, "resources", "templates", "kernels", name)) as f:
                cls.stages += f.read() + "\n\n"

    def fire(self, spatial, parts, cin=6, size=None, dtype=torch.float32, transposed=(), on=True):
        """cat([relu(conv_k(x)) for k], 1) through conv_cat_buffer / conv_forward(out=) / conv_cat_join; parts:
        (cout, kernel size, padding) per part; transposed: the indices of transposed parts (stride 1). Returns
        (buffer result, the parts' paths)."""
        size = size or {1: (13,), 2: (7, 9), 3: (3, 4, 5)}[spatial]
        mod = render(spatial, False, (4, cin) + (1,) * spatial, True, (1,) * spatial, (0,) * spatial,
                     (1,) * spatial, (0,) * spatial, 1, stages=self.stages)
        mod.CONV_CAT_SLICES = on
        torch.manual_seed(11)
        x = torch.randn((2, cin) + size).to(dtype)
        specs, ws, bs, want = [], [], [], []
        for i, (cout, k, pad) in enumerate(parts):
            tr = i in transposed
            pad_t = (pad,) * spatial
            spec = mod.ConvSpec(spatial, (1,) * spatial, pad_t, (1,) * spatial, (0,) * spatial, 1, tr)
            w = (torch.randn(((cin, cout) if tr else (cout, cin)) + (k,) * spatial) * 0.3).to(dtype)
            b = torch.randn(cout).to(dtype)
            fn = [(F.conv1d, F.conv2d, F.conv3d), (F.conv_transpose1d, F.conv_transpose2d,
                                                   F.conv_transpose3d)][int(tr)][spatial - 1]
            want.append(F.relu(fn(x.float(), w.float(), b.float(), padding=pad_t)))
            specs.append(spec)
            ws.append(w)
            bs.append(b)
        model = mod.ModelNew()
        paths = []
        with torch.no_grad():
            buf, slots = mod.conv_cat_buffer(x, ws[0], specs[0], list(zip(ws, specs)))
            outs = []
            for i in range(len(parts)):
                outs.append(mod.conv_forward(model, x, ws[i], bs[i], specs[i], epi=self.relu, out=slots[i]))
                paths.append(model.last_path)
                self.assertNotIn("fallback", model.last_config)
            got = mod.conv_cat_join(buf, outs)
        want = torch.cat(want, 1)
        self.assertEqual(tuple(got.shape), tuple(want.shape))
        self.assertEqual(got.dtype, dtype)
        self.assertLess(rel_err(got, want), 1e-5 if dtype == torch.float32 else 8e-3)
        if on:
            self.assertIs(got, buf)
            for o, sl in zip(outs, slots):
                self.assertIs(o, sl)
        return got, paths, mod

    def test_fire_module_mixed_paths_contiguous_buffer(self):
        # SqueezeNet's expand layers: a 1x1 conv of 6 channels (K 6: the direct path) and a 3x3 one (the GEMM,
        # SMALL_K): one path stores along positions only, so the buffer is contiguous
        got, paths, _ = self.fire(2, [(16, 1, 0), (20, 3, 1)])
        self.assertEqual(paths, ["direct", "implicit_gemm"])
        self.assertTrue(got.is_contiguous())

    def test_gemm_parts_channels_last_buffer(self):
        # Inception's branches: every part on the GEMM path (OUT_CHANNELS_LAST): the buffer is channels-last, and
        # a part's slice starts at its channel offset
        got, paths, _ = self.fire(2, [(16, 1, 0), (24, 3, 1), (16, 5, 2)], cin=16)
        self.assertEqual(paths, ["implicit_gemm"] * 3)
        self.assertEqual(got.stride(1), 1)
        _, _, mod = self.fire(2, [(16, 1, 0), (24, 3, 1)], cin=16)
        mod.OUT_CHANNELS_LAST = False  # the GEMM's own layout off: the buffer follows it
        w = torch.randn(16, 16, 1, 1)
        buf, _ = mod.conv_cat_buffer(torch.randn(2, 16, 5, 6), w, mod.CONV0, [(w, mod.CONV0), (w, mod.CONV0)])
        self.assertTrue(buf.is_contiguous())
        self.assertEqual(tuple(buf.shape), (2, 32, 5, 6))

    def test_1d_3d_transposed_bf16(self):
        self.fire(1, [(8, 1, 0), (16, 3, 1)])
        self.fire(3, [(16, 3, 1), (8, 1, 0)], cin=16)
        self.fire(2, [(16, 3, 1), (16, 3, 1)], cin=16, transposed=(1,))
        self.fire(2, [(16, 1, 0), (20, 3, 1)], dtype=torch.bfloat16)

    def test_growing_cats_tensor_part_and_prefix_views(self):
        # a DenseNet block (session 21): the input is a part copied into its slice by conv_cat_buffer, each layer's
        # convolution reads the previous cat -- a view of the buffer's leading channels -- and writes its slice; the
        # earlier cats are those views, the last the buffer. Channels-last buffer (GEMM parts) and contiguous (a
        # direct part: cout 2), and the switch off (every cat a kwb_cat of the parts)
        for growth, cl in ((16, True), (2, False)):
            for on in (True, False):
                mod = render(2, False, (growth, 16, 3, 3), False, (1, 1), (1, 1), (1, 1), (0, 0), 1,
                             stages=self.stages)
                mod.CONV_CAT_SLICES = on
                torch.manual_seed(12)
                x = torch.randn(2, 16, 5, 6)
                ws = [torch.randn(growth, 16 + i * growth, 3, 3) * 0.2 for i in range(3)]
                spec = mod.CONV0
                model = mod.ModelNew()
                with torch.no_grad():
                    buf, slots = mod.conv_cat_buffer(x, ws[0], spec, [x] + [(w, spec) for w in ws])
                    parts, cats, feats = [x], [], x
                    for i, w in enumerate(ws):
                        parts.append(mod.conv_forward(model, feats, w, None, spec, out=slots[i + 1]))
                        feats = mod.conv_cat_join(buf, list(parts))
                        cats.append(feats)
                want, f = [], x
                for w in ws:
                    f = torch.cat([f, F.conv2d(f, w, padding=1)], 1)
                    want.append(f)
                for got, ref in zip(cats, want):
                    self.assertEqual(tuple(got.shape), tuple(ref.shape))
                    self.assertLess(rel_err(got, ref), 1e-5, (growth, on))
                if on:
                    self.assertIs(cats[-1], buf)
                    self.assertEqual(buf.stride(1) == 1, cl, growth)
                    for c in cats[:-1]:  # views of the buffer, no copy
                        self.assertEqual(c.data_ptr(), buf.data_ptr())
                else:
                    self.assertIsNone(buf)

    def test_switch_off_copies_through_kwb_cat(self):
        got, _, mod = self.fire(2, [(16, 1, 0), (20, 3, 1)], on=False)
        self.assertIsNone(mod.conv_cat_buffer(torch.randn(2, 6, 3, 3), torch.randn(4, 6, 1, 1), mod.CONV0, [])[0])

    def test_out_of_another_shape_or_dtype_is_refused(self):
        mod = render(2, False, (16, 6, 3, 3), True, (1, 1), (1, 1), (1, 1), (0, 0), 1, stages=self.stages)
        model = mod.ModelNew()
        x, w, b = torch.randn(2, 6, 5, 5), torch.randn(16, 6, 3, 3), torch.randn(16)
        for out in (torch.empty(2, 15, 5, 5), torch.empty(2, 16, 5, 5, dtype=torch.float64)):
            with self.assertRaises(ValueError):
                mod.conv_forward(model, x, w, b, mod.CONV0, out=out)
        # the same call without out= after one with a strided out: the plan memo keys the output's strides
        wide = torch.zeros(2, 40, 5, 5)
        mod.conv_forward(model, x, w, b, mod.CONV0, out=wide.narrow(1, 8, 16))
        plain = mod.conv_forward(model, x, w, b, mod.CONV0)
        want = F.conv2d(x, w, b, padding=1)
        self.assertLess(rel_err(wide[:, 8:24], want), 1e-5)
        self.assertLess(rel_err(plain, want), 1e-5)
        self.assertEqual(float(wide[:, :8].abs().sum() + wide[:, 24:].abs().sum()), 0.0)  # nothing outside its slice


ON = {"DIRECT_CL": True}  # DIRECT_CL's tests set it (on by default since session 44's GPU A/B)


class ConvDirectChannelsLast(unittest.TestCase):
    """DIRECT_CL (on by default since session 44's H100 A/B): a depthwise convolution of channels-last x takes
    [positions x channels] tiles and writes a channels-last output (the same values); the per-channel kernel stays its
    fallback and the switch's off state."""

    def test_1d_sequence_depthwise(self):
        # trial 28's 06_conv1d_seq_padmask class: conv1d(x.transpose(1, 2)) over [B, T, C], 'same' padding; C past
        # one channel block (70 = 64 + a 6-channel tail), positions past one block, a bias and none
        for c, t, bias in ((70, 37, True), (8, 9, False), (1 + 1, 1, True)):
            m = run_case(self, 1, cin=c, cout=c, k=5, in_size=t, groups=c, padding=2, bias=bias, channels_last=True,
                         path="direct", config={"direct_cl": True}, settings=ON)
        self.assertEqual(m.last_config["block_c"], 2)

    def test_strided_dilated_2d_3d_transposed(self):
        kw = dict(channels_last=True, path="direct", config={"direct_cl": True}, settings=ON)
        run_case(self, 1, cin=12, cout=12, k=3, in_size=20, groups=12, stride=2, dilation=3, padding=1, **kw)
        run_case(self, 2, cin=6, cout=6, k=3, in_size=(7, 9), groups=6, padding=(1, 0), **kw)
        run_case(self, 3, cin=4, cout=4, k=(2, 3, 1), in_size=(3, 5, 4), groups=4, stride=(1, 2, 1), **kw)
        run_case(self, 1, cin=6, cout=6, k=4, in_size=9, groups=6, stride=2, padding=1, transposed=True, **kw)

    def test_bf16_fp16(self):
        for dt in (torch.bfloat16, torch.float16):
            run_case(self, 1, cin=20, cout=20, k=7, in_size=15, groups=20, padding=3, dtype=dt, channels_last=True,
                     path="direct", config={"direct_cl": True}, settings=ON)

    def test_out_layout_and_class_limits(self):
        m = run_case(self, 1, cin=16, cout=16, k=3, in_size=11, groups=16, padding=1, channels_last=True, settings=ON)
        x = torch.randn(2, 11, 16).transpose(1, 2)
        self.assertEqual(m(x).stride(1), 1)  # channels-last output: its transpose back is contiguous
        # the old kernel: the switch off; x not channels-last; a depthwise multiplier (Cout/g = 2); one channel
        for kw, settings in ((dict(cin=16, cout=16, groups=16, channels_last=True), {"DIRECT_CL": False}),
                             (dict(cin=16, cout=16, groups=16), ON),
                             (dict(cin=4, cout=8, groups=4, channels_last=True), ON),
                             (dict(cin=1, cout=1, groups=1, channels_last=True), ON)):
            m = run_case(self, 1, k=3, in_size=11, padding=1, path="direct", settings=settings, **kw)
            self.assertNotIn("direct_cl", m.last_config, kw)
            self.assertEqual(m(torch.randn(2, kw["cin"], 11)).is_contiguous(), True)


class ConvPadHi(unittest.TestCase):
    """ConvSpec(..., pad_hi=): a zero pad before a standard convolution folded into it by the chain planner (padding
    the low side, pad_hi the high one, per dim): the same numbers as F.pad then the convolution, on every path."""

    def check(self, spatial, cin, cout, k, in_size, groups, lo, hi, stride=1, dilation=1, channels_last=False,
              dtype=torch.float32, settings=None):
        rep = lambda v: tuple(v) if isinstance(v, (tuple, list)) else (v,) * spatial
        k, lo, hi, stride, dilation, in_size = map(rep, (k, lo, hi, stride, dilation, in_size))
        g = torch.Generator().manual_seed(1)
        w = (torch.randn((cout, cin // groups) + k, generator=g) * 0.2).to(dtype)
        b = torch.randn(cout, generator=g).to(dtype)
        x = torch.randn((2, cin) + in_size, generator=g).to(dtype)
        if channels_last:
            x = x.movedim(1, -1).contiguous().movedim(-1, 1)
        mod = render(spatial, False, tuple(w.shape), True, stride, (0,) * spatial, dilation, (0,) * spatial, groups)
        for key, v in dict(PLAIN, **(settings or {})).items():
            setattr(mod, key, v)
        model = mod.ModelNew()
        conv = mod.CONV0._replace(padding=lo, pad_hi=hi)
        got = mod.conv_forward(model, x, w, b, conv)
        flat = []
        for i in reversed(range(spatial)):
            flat += [lo[i], hi[i]]
        fn = (F.conv1d, F.conv2d, F.conv3d)[spatial - 1]
        want = fn(F.pad(x.float(), flat), w.float(), b.float(), stride=stride, dilation=dilation, groups=groups)
        label = dict(spatial=spatial, cin=cin, cout=cout, k=k, lo=lo, hi=hi, stride=stride, groups=groups)
        self.assertEqual(tuple(got.shape), tuple(want.shape), label)
        self.assertLess(rel_err(got, want), 1e-5 if dtype == torch.float32 else 8e-3, label)
        return model

    def test_causal_left_pad_1d(self):
        # trial 29 #8: F.pad(x, (k - 1, 0)) before a padding-0 conv: grouped GEMM (dilated), depthwise channels-last
        # (DIRECT_CL), depthwise contiguous (the per-channel kernel)
        self.assertEqual(self.check(1, 16, 32, 5, 23, 4, lo=8, hi=0, dilation=2).last_path, "implicit_gemm")
        m = self.check(1, 12, 12, 4, 19, 12, lo=3, hi=0, channels_last=True, settings=ON)
        self.assertTrue(m.last_config.get("direct_cl"))
        self.assertEqual(self.check(1, 6, 6, 3, 9, 6, lo=2, hi=0).last_path, "direct")

    def test_asymmetric_2d_3d_strided(self):
        self.check(2, 16, 32, 4, (13, 10), 1, lo=(3, 1), hi=(2, 2), stride=2)
        self.check(2, 8, 8, 3, (7, 9), 8, lo=(0, 2), hi=(1, 0), channels_last=True)
        self.check(3, 4, 8, 2, (3, 4, 5), 1, lo=(1, 0, 1), hi=(0, 1, 2), stride=(1, 2, 1))
        self.check(1, 16, 32, 3, 11, 1, lo=2, hi=1, dtype=torch.bfloat16)


if __name__ == "__main__":
    unittest.main()
