"""kwb_cat of more than four parts (resources/templates/kernels/triton_epilogue.py; session 45, cat45): KWB_CAT_GROUP
parts a launch (_kwb_cat_group_kernel) with the epilogue fused in each, run on the CPU through
tests/data/codegen/fake_triton against torch.cat: 5 to 17 parts (a partial last group), every dim of rank 1 to 5,
strided / transposed / broadcast (stride 0) / empty parts, fp32 / bf16 / fp16, an epilogue that reads the output's
coordinates (a tensor broadcast along the cat's dim), and the launch count against the off path (kwb_cat_groups
False: one copy a part, then the epilogue). Numbers and launch counts only: nothing about speed.
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

EPI = '''

@triton.jit
def _cat_epi(v, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
             s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    w = tl.load(e0 + (i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04), mask=mask)
    return v * f0 + w
'''


def library():
    src = ""
    for name in ("triton_stages.py", "chain_host.py", "triton_epilogue.py"):
        with open(os.path.join(KERNELS, name), encoding="utf-8") as f:
            src += f.read() + "\n\n"
    g = {"__name__": "kwb_cat_groups_test", "triton": triton, "tl": tl, "torch": torch}
    exec(compile(src + EPI, "kwb_cat_groups_test", "exec"), g)  # noqa: S102 - the stage library under test
    return g


K = library()


class Launches:
    """Counts the fake Triton's launches by kernel name (a context manager)."""

    def __enter__(self):
        self.names = []
        self._call = triton._Launcher.__call__
        rec = self

        def call(launcher, *args, **kwargs):
            rec.names.append(launcher.fn.__name__)
            return rec._call(launcher, *args, **kwargs)

        triton._Launcher.__call__ = call
        return self

    def __exit__(self, *exc):
        triton._Launcher.__call__ = self._call


class CatGroups(unittest.TestCase):
    def setUp(self):
        K["kwb_cat_groups"] = True

    def tearDown(self):
        K["kwb_cat_groups"] = True

    def check(self, parts, dim, dtype=torch.float32, epi=False, groups=True):
        K["kwb_cat_groups"] = groups
        ref = torch.cat(parts, dim)
        args = {}
        if epi:
            shape = [1] * ref.dim()
            shape[dim] = ref.shape[dim]
            w = torch.randn(shape)
            args = {"epi": K["_cat_epi"], "epi_tensors": (w,), "epi_scalars": (0.5,)}
            ref = (ref.float() * 0.5 + w).to(dtype)
        with Launches() as rec:
            got = K["kwb_cat"](parts, dim, **args)
        self.assertEqual(got.dtype, ref.dtype)
        self.assertEqual(tuple(got.shape), tuple(ref.shape))
        tol = 0 if dtype == torch.float32 and not epi else 1e-2
        torch.testing.assert_close(got.float(), ref.float(), rtol=tol, atol=tol)
        return rec.names

    def test_counts(self):
        for n in (5, 8, 9, 16, 17):
            parts = [torch.randn(6, 1, 5) for _ in range(n)]
            names = self.check(parts, 1)
            self.assertEqual(names, ["_kwb_cat_group_kernel"] * ((n + 7) // 8))
            names = self.check(parts, 1, epi=True)
            self.assertEqual(names, ["_kwb_cat_group_kernel"] * ((n + 7) // 8))
            off = self.check(parts, 1, epi=True, groups=False)
            self.assertEqual(len(off), n + 1)

    def test_every_dim_and_rank(self):
        torch.manual_seed(1)
        for rank in range(1, 6):
            for dim in range(rank):
                parts = []
                for k in range(11):
                    shape = [3] * rank
                    shape[dim] = k % 3 + 1
                    parts.append(torch.randn(shape))
                self.check(parts, dim)
                self.check(parts, dim, epi=True)

    def test_strided_empty_broadcast(self):
        torch.manual_seed(2)
        parts = [torch.randn(7, 4).t()[:, :5] if k % 3 == 0 else torch.randn(4, 3 + k) for k in range(10)]
        parts[4] = torch.empty(4, 0)
        parts[6] = torch.randn(4, 1).expand(4, 6)
        parts[8] = torch.randn(4, 20)[:, ::4]
        self.check(parts, 1)
        self.check(parts, 1, epi=True)
        self.check([p.t() for p in parts], 0, epi=True)

    def test_half_dtypes(self):
        torch.manual_seed(3)
        for dtype in (torch.bfloat16, torch.float16):
            parts = [torch.randn(5, 2, 3).to(dtype) for _ in range(13)]
            self.check(parts, 2, dtype)
            self.check(parts, 0, dtype, epi=True)


if __name__ == "__main__":
    unittest.main()
