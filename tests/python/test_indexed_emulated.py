"""Indexed writes and integer scans (resources/templates/kernels/triton_indexed.py): kwb_scatter_reduce,
kwb_cumsum_int, kwb_masked_scatter, pasted after the stage library and triton_epilogue.py as a chain's kernel.py
holds them, and run on the CPU through tests/data/codegen/fake_triton against PyTorch: every reduce mode with
include_self both ways, dims 0 / 1 / -1, an index smaller than src, an expanded index, tails, size-1 dims, bf16 /
fp16, strided inputs; integer results compared exactly. Numbers only: nothing here says anything about speed or
about what the real Triton compiler accepts (tl.atomic_cas's loop in particular runs only here).

usage: /usr/bin/python3 tests/python/test_indexed_emulated.py [-k NAME]
       KWB_STAGES_DEVICE=cuda python3 tests/python/test_indexed_emulated.py   (on a GPU: the real Triton, torch 2.x)
"""
import atexit
import importlib.util
import os
import shutil
import sys
import tempfile
import unittest

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "..", "resources", "templates", "kernels")
DEVICE = os.environ.get("KWB_STAGES_DEVICE", "cpu")  # cuda: the same tests on the real Triton (tensors on the GPU)
if DEVICE == "cpu":
    sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_triton"))
else:
    torch.set_default_device(DEVICE)
_TMP = tempfile.mkdtemp(prefix="kwb_indexed_")
atexit.register(shutil.rmtree, _TMP, True)
PREAMBLE = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"


def load():
    """kernel.py's layout in small: the imports, the stage library, the host helpers, the epilogue section, then
    triton_indexed.py (the order renderChainKernel pastes them in)."""
    parts = []
    for name in ("triton_stages.py", "chain_host.py", "triton_epilogue.py", "triton_indexed.py"):
        with open(os.path.join(KERNELS, name)) as f:
            parts.append(f.read())
    path = os.path.join(_TMP, "kernel_indexed.py")
    with open(path, "w") as f:
        f.write(PREAMBLE + "\n\n".join(parts))
    spec = importlib.util.spec_from_file_location("kernel_indexed", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


K = load()


def rel_err(got, want):
    got, want = got.double(), want.double()
    return float((got - want).norm() / want.norm().clamp_min(1e-30))


class Launches:
    """Counts the launches of the named kernels of the library for a block."""

    def __init__(self, *names, mod=None):
        self.names, self.count, self.mod = names, 0, mod or K

    def __enter__(self):
        self.kernels = {n: getattr(self.mod, n) for n in self.names}
        outer = self

        class Counting:
            def __init__(self, kernel):
                self.kernel = kernel

            def __getitem__(self, grid):
                outer.count += 1
                return self.kernel[grid]

        for n, k in self.kernels.items():
            setattr(self.mod, n, Counting(k))
        return self

    def __exit__(self, *exc):
        for n, k in self.kernels.items():
            setattr(self.mod, n, k)


ALL = ("_kwb_copy_kernel", "_kwb_scatter_kernel", "_kwb_scatter_reduce_kernel", "_kwb_scatter_finish_kernel")


class ScatterReduce(unittest.TestCase):
    def check(self, x, dim, index, src, reduce, include_self, tol):
        before = x.clone()
        got = K.kwb_scatter_reduce(x, dim, index, src, reduce, include_self)
        self.assertTrue(torch.equal(x, before), "x written")
        want = x.double().scatter_reduce(dim, index, src.double(), reduce, include_self=include_self)
        self.assertEqual(got.dtype, x.dtype)
        self.assertEqual(got.shape, x.shape)
        what = (reduce, include_self, dim, tuple(index.shape), x.dtype)
        if reduce in ("amax", "amin") and x.dtype == torch.float32:
            self.assertTrue(torch.equal(got, want.float()), what)  # a max is exact whatever the order
        else:
            self.assertLess(rel_err(got, want), tol, what)
        return got

    def test_every_mode_both_ways_dims(self):
        torch.manual_seed(10)
        x = torch.randn(6, 5)
        src = torch.randn(9, 5).t().contiguous().t()  # strided
        seg = torch.randint(0, 6, (9,))
        cases = ((0, seg.unsqueeze(1).expand(-1, 5), src),           # a10's expanded index (stride 0)
                 (0, torch.randint(0, 6, (4, 3)), src),               # an index smaller than src
                 (1, torch.randint(0, 5, (5, 2)), torch.randn(6, 7)),
                 (-1, torch.randint(0, 5, (6, 5)), torch.randn(6, 7)))
        for reduce in ("sum", "prod", "mean", "amax", "amin"):
            for include_self in (True, False):
                for dim, index, s in cases:
                    self.check(x, dim, index, s, reduce, include_self, 1e-6)

    def test_launches(self):
        x, src = torch.randn(5, 3), torch.randn(8, 3)
        idx = torch.randint(0, 5, (8, 3))
        for reduce, include_self, n in (("amax", True, 2), ("amax", False, 3), ("mean", False, 4),
                                        ("sum", True, 2)):
            with Launches(*ALL) as c:
                K.kwb_scatter_reduce(x, 0, idx, src, reduce, include_self)
            self.assertEqual(c.count, n, (reduce, include_self))

    def test_tails_size1_rank3_16bit(self):
        torch.manual_seed(11)
        # a 3-D x with a size-1 dim, more index elements than one block (a tail), along the middle dim
        x = torch.randn(3, 1, 37)
        src = torch.randn(3, 50, 37)
        idx = torch.randint(0, 1, (3, 50, 37))
        for reduce in ("sum", "mean", "amax", "amin", "prod"):
            self.check(x, 1, idx, src * (0.2 if reduce == "prod" else 1.0) + (1.0 if reduce == "prod" else 0.0),
                       reduce, False, 1e-5)
        x = torch.randn(40, 33)
        src = torch.randn(70, 33)
        idx = torch.randint(0, 40, (70, 33))
        for dt in (torch.bfloat16, torch.float16):
            for reduce in ("sum", "mean", "amax", "amin", "prod"):
                for include_self in (True, False):
                    got = self.check(x.to(dt), 0, idx, src.to(dt), reduce, include_self, 1e-2)
                    if reduce in ("amax", "amin"):  # a max of 16-bit values is one of them: exact
                        want = x.to(dt).scatter_reduce(0, idx, src.to(dt), reduce, include_self=include_self)
                        self.assertTrue(torch.equal(got, want), (reduce, include_self, dt))

    def test_prod_repeats_into_one_place(self):
        # every source into one position: the compare-and-swap loop's losers retry until each factor is in
        x = torch.full((2,), 1.5)
        src = torch.tensor([1.25, -2.0, 0.5, 3.0, 1.0, -1.0, 2.0])
        idx = torch.zeros(7, dtype=torch.int64)
        for include_self in (True, False):
            got = K.kwb_scatter_reduce(x, 0, idx, src, "prod", include_self)
            want = x.scatter_reduce(0, idx, src, "prod", include_self=include_self)
            self.assertTrue(torch.equal(got, want), include_self)  # powers of two and small integers: exact

    def test_refusals(self):
        with self.assertRaises(KeyError):
            K.kwb_scatter_reduce(torch.randn(3), 0, torch.zeros(2, dtype=torch.int64), torch.randn(2), "max")
        with self.assertRaises(ValueError):
            K.kwb_scatter_reduce(torch.randn(3, 2), 0, torch.zeros(2, dtype=torch.int64), torch.randn(2), "sum")


class CumsumInt(unittest.TestCase):
    def test_dtypes_dims_exact(self):
        torch.manual_seed(12)
        cases = [torch.randint(-5, 9, (4, 7, 3)), torch.randint(0, 2, (5, 6), dtype=torch.int32),
                 torch.rand(3, 1, 9) < 0.4, torch.randint(0, 255, (2, 33), dtype=torch.uint8),
                 torch.randint(-100, 100, (6, 8)).t(),  # strided
                 (torch.arange(10) >= 3).long()]
        for x in cases:
            for d in range(-1, x.dim()):
                for excl in (False, True):
                    got = K.kwb_cumsum_int(x, d, exclusive=excl)
                    want = torch.cumsum(x, d)
                    if excl:
                        want = want - x.long()
                    self.assertEqual(got.dtype, torch.int64)
                    self.assertTrue(torch.equal(got, want), (x.dtype, tuple(x.shape), d, excl))

    def test_rows_longer_than_a_chunk(self):
        # the carry between chunks: rows of 3 chunks and a tail (the chunk made small for the test)
        x = torch.randint(-3, 4, (3, 70))
        old = K.kwb_iscan_block
        K.kwb_iscan_block = 16
        try:
            with Launches("_kwb_iscan_kernel") as c:
                got = K.kwb_cumsum_int(x, 1)
            self.assertEqual(c.count, 1)
            self.assertTrue(torch.equal(got, x.cumsum(1)))
            self.assertTrue(torch.equal(K.kwb_cumsum_int(x.t(), 0), x.t().cumsum(0)))
        finally:
            K.kwb_iscan_block = old

    def test_large_values_exact(self):
        # sums past 2^24 (where fp32 stops being exact) and past 2^31
        x = torch.full((2, 600), 2 ** 22 + 1, dtype=torch.int64)
        x[1] = 2 ** 33 + 7
        self.assertTrue(torch.equal(K.kwb_cumsum_int(x, 1), x.cumsum(1)))

    def test_float_holding_integers_and_rank0(self):
        # a chain's fp32 intermediate of a comparison (0 / 1) or a count: read as its integers
        m = (torch.randn(3, 9) > 0)
        self.assertTrue(torch.equal(K.kwb_cumsum_int(m.float(), 1), m.cumsum(1)))
        with self.assertRaises(ValueError):
            K.kwb_cumsum_int(torch.zeros(1, 1, 1, 1, 1, 2, dtype=torch.int64), 0)
        self.assertTrue(torch.equal(K.kwb_cumsum_int(torch.tensor(5), 0), torch.tensor(5)))


# Integer scans' prologue and epilogue (session 47), as the C++ generator writes them for kwb_cumsum_int: a
# prologue fed x in fp32 (kwb_pointwise's acc) that re-reads exact integers through its tensors, an epilogue fed
# the int64 sums (exact) and reading the same tensors.
ISCAN_EPI = """

@triton.jit
def kwb_test_ne_pre(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                    s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    # ids != pad (f0): fairseq's make_positions mask, ids read exactly from e0
    ids = tl.load(e0 + i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04, mask=mask, other=0)
    return tl.where(ids != f0.to(tl.int64), 1.0, 0.0)


@triton.jit
def kwb_test_pos_epi(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                     s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    # cumsum * (ids != pad) + pad: int64 throughout (f0 the pad, an integer)
    ids = tl.load(e0 + i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04, mask=mask, other=0)
    pad = f0.to(tl.int64)
    return acc * (ids != pad).to(tl.int64) + pad


@triton.jit
def kwb_test_clamp_epi(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13,
                       s14, s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    # (cumsum - 1).clamp(0, f1) + f0 (an offset past 2^24 stays exact: int64)
    return tl.minimum(tl.maximum(acc - 1, 0), f1.to(tl.int64)) + 16777217 * f0.to(tl.int64)
"""


def load_epi():
    path = os.path.join(_TMP, "kernel_indexed_epi.py")
    with open(os.path.join(_TMP, "kernel_indexed.py")) as f, open(path, "w") as g:
        g.write(f.read() + ISCAN_EPI)
    spec = importlib.util.spec_from_file_location("kernel_indexed_epi", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class CumsumIntFused(unittest.TestCase):
    """kwb_cumsum_int's pre= / epi= (session 47): one launch, exactly torch's values; kwb_iscan_fuse off: the same
    values from the unfused launches."""

    @classmethod
    def setUpClass(cls):
        cls.E = load_epi()

    def positions(self, ids, pad, d):
        m = ids.ne(pad).int()
        return (torch.cumsum(m, dim=d).type_as(m) * m).long() + pad

    def test_make_positions_shapes(self):
        E = self.E
        torch.manual_seed(3)
        pad = 1
        cases = [(torch.randint(0, 4, (4, 37)), 1), (torch.randint(0, 4, (1, 1)), 1),
                 (torch.randint(0, 4, (3, 1, 9)), 2), (torch.randint(0, 4, (5, 6, 2)), 1),
                 (torch.randint(0, 4, (9, 6)).t(), 1), (torch.randint(0, 4, (9, 6)).t(), 0),
                 (torch.randint(0, 4, (2, 3, 70)), -1)]
        for ids, d in cases:
            want = self.positions(ids, pad, d)
            for fuse in (True, False):
                E.kwb_iscan_fuse = fuse
                try:
                    with Launches("_kwb_iscan_kernel", "_kwb_pointwise_kernel", "_kwb_pointwise_rows_kernel",
                                  mod=E) as c:
                        got = E.kwb_cumsum_int(ids, d, epi=E.kwb_test_pos_epi, epi_tensors=(ids,),
                                               epi_scalars=(float(pad),), pre=E.kwb_test_ne_pre, pre_tensors=(ids,),
                                               pre_scalars=(float(pad),), pre_dtype=torch.int32)
                finally:
                    E.kwb_iscan_fuse = True
                self.assertEqual(got.dtype, torch.int64)
                self.assertTrue(torch.equal(got, want), (tuple(ids.shape), ids.stride(), d, fuse))
                self.assertEqual(c.count, 1 if fuse else 3, (tuple(ids.shape), fuse))

    def test_epilogue_exact_past_2_24_and_chunks(self):
        # the sums past 2^24 and the epilogue's int64 arithmetic, rows of several chunks (the carry)
        E = self.E
        x = torch.randint(0, 2 ** 20, (3, 70))
        old = E.kwb_iscan_block
        E.kwb_iscan_block = 16
        try:
            for excl in (False, True):
                want = x.cumsum(1) - (x if excl else 0)
                want = (want - 1).clamp(0, 2 ** 26) + 16777217 * 5
                got = E.kwb_cumsum_int(x, 1, exclusive=excl, epi=E.kwb_test_clamp_epi,
                                       epi_scalars=(5.0, float(2 ** 26)))
                self.assertTrue(torch.equal(got, want), excl)
        finally:
            E.kwb_iscan_block = old

    def test_bool_prologue_out_dtype_and_rank0(self):
        E = self.E
        ids = torch.tensor([[1, 0, 1, 2, 1, 3], [2, 2, 1, 1, 0, 0]])
        # a bool prologue (pre_dtype=torch.bool) into an int32 result (out_dtype)
        got = E.kwb_cumsum_int(ids, 1, pre=E.kwb_test_ne_pre, pre_tensors=(ids,), pre_scalars=(1.0,),
                               pre_dtype=torch.bool, out_dtype=torch.int32)
        self.assertEqual(got.dtype, torch.int32)
        self.assertTrue(torch.equal(got, ids.ne(1).cumsum(1).int()))
        r0 = torch.tensor(3)
        got = E.kwb_cumsum_int(r0, 0, epi=E.kwb_test_pos_epi, epi_tensors=(r0,), epi_scalars=(1.0,))
        self.assertTrue(torch.equal(got, torch.tensor(3 * 1 + 1)))


class MaskedScatter(unittest.TestCase):
    def check(self, x, mask, src):
        got = K.kwb_masked_scatter(x, mask, src)
        want = x.masked_scatter(mask, src)
        self.assertEqual(got.dtype, want.dtype)
        self.assertTrue(torch.equal(got, want), (x.dtype, tuple(x.shape), tuple(mask.shape)))

    def test_shapes_dtypes_broadcast(self):
        torch.manual_seed(13)
        x = torch.randn(7, 5)
        self.check(x, torch.rand(7, 5) < 0.3, torch.randn(7, 5))     # b02's form: src of x's shape
        self.check(x, torch.rand(5) < 0.5, torch.randn(40))          # a broadcast mask, a longer 1-D source
        self.check(x.t(), torch.rand(5, 7) < 0.5, torch.randn(7, 5).t())  # strided x and source
        self.check(torch.randn(2, 1, 3, 33), torch.rand(2, 1, 1, 33) < 0.5, torch.randn(300))
        for dt in (torch.bfloat16, torch.float16, torch.int64):
            xs = torch.randn(9, 4).mul(10).to(dt)
            self.check(xs, torch.rand(9, 4) < 0.5, torch.randn(36).mul(10).to(dt))
        self.check(x, torch.zeros(7, 5, dtype=torch.bool), torch.randn(1))
        self.check(x, torch.ones(7, 5, dtype=torch.bool), torch.randn(35))
        self.check(torch.tensor(2.0), torch.tensor(True), torch.tensor([3.0]))

    def test_launches_and_refusal(self):
        with Launches("_kwb_iscan_kernel", "_kwb_masked_scatter_kernel") as c:
            K.kwb_masked_scatter(torch.randn(4, 6), torch.rand(4, 6) < 0.5, torch.randn(24))
        self.assertEqual(c.count, 3)
        with self.assertRaises(ValueError):
            K.kwb_masked_scatter(torch.zeros(1, 1, 1, 1, 1, 2), torch.ones(2, dtype=torch.bool), torch.randn(2))
        # a source of another dtype (the chain's fp32 intermediate beside a bf16 x): converted to x's
        x, src, m = torch.randn(3, 8).bfloat16(), torch.randn(24), torch.rand(3, 8) < 0.5
        self.assertTrue(torch.equal(K.kwb_masked_scatter(x, m, src), x.masked_scatter(m, src.bfloat16())))


if __name__ == "__main__":
    unittest.main()
