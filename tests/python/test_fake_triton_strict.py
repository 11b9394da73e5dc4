"""fake_triton rejects what Triton's code generator rejects (tests/data/codegen/fake_triton/triton/__init__.py):
a run-time argument used as a constexpr, a tensor for a constexpr parameter, an unknown launch keyword, tl.dot
of mixed dtypes or under 16, and Python the code generator does not accept. CPU only.

    /usr/bin/python3 -m unittest tests/python/test_fake_triton_strict.py
"""
import os
import sys
import unittest

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "data", "codegen", "fake_triton"))
import triton  # noqa: E402
import triton.language as tl  # noqa: E402


@triton.jit
def copy_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


@triton.jit
def runtime_block_kernel(x_ptr, out_ptr, n, BLOCK):  # BLOCK not constexpr: Triton rejects tl.arange(0, BLOCK)
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs))


@triton.jit
def helper(x, BLOCK: tl.constexpr):
    return x + tl.arange(0, BLOCK)


@triton.jit
def helper_caller_kernel(out_ptr, n, BLOCK: tl.constexpr):
    tl.store(out_ptr + tl.arange(0, BLOCK), helper(0, n))  # n is a run-time int: not a constexpr argument


@triton.jit
def chained_kernel(out_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    if A and B and C:
        tl.store(out_ptr, 1.0)


@triton.jit
def chained_assign_kernel(out_ptr):  # Triton: "simultaneous multiple assignment is not supported"
    a = b = tl.arange(0, 4)
    tl.store(out_ptr + a, b.to(tl.float32))


@triton.jit
def dot_kernel(a_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, CAST: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :])
    b = tl.load(b_ptr + tl.arange(0, K)[:, None] * N + tl.arange(0, N)[None, :])
    if CAST:
        b = b.to(a.dtype)
    c = tl.dot(a, b)
    tl.store(out_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], c)


@triton.jit
def scale_kernel(out_ptr, n, BLOCK: tl.constexpr):  # n.to: fails where Triton specialises n == 1 into a constexpr
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs.to(tl.float32) / n.to(tl.float32), mask=offs < BLOCK)


@triton.jit
def scale_cast_kernel(out_ptr, n, BLOCK: tl.constexpr):  # tl.cast: a tensor or the constexpr 1 alike
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs.to(tl.float32) / tl.cast(n, tl.float32), mask=offs < BLOCK)


def _scale_dns(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs.to(tl.float32) / n.to(tl.float32), mask=offs < BLOCK)


scale_dns_kernel = triton.jit(_scale_dns, do_not_specialize=["n"])


class FakeTritonStrict(unittest.TestCase):
    def test_int_one_is_a_constexpr(self):
        # Triton 3.6 passes an int argument equal to 1 as the constexpr 1 (its launcher's ("constexpr", 1)):
        # GridSample's size.to(tl.float32) failed on an H100 in session 34 with exactly this AttributeError
        out = torch.zeros(4)
        scale_kernel[(1,)](out, 2, BLOCK=4)
        self.assertTrue(torch.equal(out, torch.arange(4.0) / 2))
        with self.assertRaisesRegex(AttributeError, "'int' object has no attribute 'to'"):
            scale_kernel[(1,)](out, 1, BLOCK=4)
        for n in (1, 2):  # the idiom: tl.cast
            scale_cast_kernel[(1,)](out, n, BLOCK=4)
            self.assertTrue(torch.equal(out, torch.arange(4.0) / n))
        scale_dns_kernel[(1,)](out, 1, BLOCK=4)  # do_not_specialize: a run-time i32 even when 1
        self.assertTrue(torch.equal(out, torch.arange(4.0)))

    def test_launch_limits(self):
        x, out = torch.arange(16.0), torch.zeros(16)
        with self.assertRaisesRegex(ValueError, "grid dim 1 is 65536, over CUDA's limit"):
            copy_kernel[(1, 65536)](x, out, 16, BLOCK=16)
        with self.assertRaisesRegex(ValueError, "grid dim 2 is 70000"):
            copy_kernel[(1, 1, 70000)](x, out, 16, BLOCK=16)
        with self.assertRaisesRegex(ValueError, "num_warps=64"):
            copy_kernel[(1,)](x, out, 16, BLOCK=16, num_warps=64)

    def test_tma_descriptor_limits(self):
        from triton.tools.tensor_descriptor import TensorDescriptor
        t = torch.zeros(4, 64)
        TensorDescriptor(t, [4, 64], [64, 1], [4, 64])
        with self.assertRaisesRegex(ValueError, "block dim 1 is 512"):
            TensorDescriptor(t, [4, 64], [64, 1], [4, 512])
        with self.assertRaisesRegex(ValueError, "dim 0 is 0"):
            TensorDescriptor(t, [0, 64], [64, 1], [4, 64])
        with self.assertRaisesRegex(ValueError, "last dim is 8 bytes"):
            TensorDescriptor(t, [4, 64], [64, 1], [4, 2])


    def test_plain_kernel_runs(self):
        x, out = torch.arange(40.0), torch.zeros(40)
        copy_kernel[(3,)](x, out, 40, BLOCK=16)
        self.assertTrue(torch.equal(x, out))

    def test_runtime_int_as_block_size(self):
        x, out = torch.arange(16.0), torch.zeros(16)
        with self.assertRaisesRegex(TypeError, "constexpr"):
            runtime_block_kernel[(1,)](x, out, 16, 16)

    def test_tensor_for_constexpr(self):
        x, out = torch.arange(16.0), torch.zeros(16)
        with self.assertRaisesRegex(TypeError, "constexpr parameter BLOCK"):
            copy_kernel[(1,)](x, out, 16, BLOCK=torch.tensor(16))

    def test_runtime_int_to_helper_constexpr(self):
        with self.assertRaisesRegex(TypeError, "constexpr parameter BLOCK"):
            helper_caller_kernel[(1,)](torch.zeros(16), 16, BLOCK=16)

    def test_unknown_launch_keyword(self):
        x, out = torch.arange(16.0), torch.zeros(16)
        with self.assertRaisesRegex(KeyError, "BLOK"):
            copy_kernel[(1,)](x, out, 16, BLOCK=16, BLOK=16)
        copy_kernel[(1,)](x, out, 16, BLOCK=16, num_warps=4, num_stages=2, maxnreg=128)  # compiler options

    def test_chained_bool_op(self):
        with self.assertRaisesRegex(SyntaxError, "chained boolean"):
            chained_kernel[(1,)](torch.zeros(1), True, True, True)

    def test_chained_assignment(self):
        with self.assertRaisesRegex(SyntaxError, "chained assignment"):
            chained_assign_kernel[(1,)](torch.zeros(4))

    def test_dot_rules(self):
        a, b = torch.randn(16, 16), torch.randn(16, 16)
        out = torch.zeros(16, 16)
        dot_kernel[(1,)](a, b, out, 16, 16, 16, False)
        self.assertLess(float((out - a @ b).abs().max()), 1e-4)
        with self.assertRaisesRegex(TypeError, "same dtype"):
            dot_kernel[(1,)](a, b.to(torch.bfloat16), out, 16, 16, 16, False)
        dot_kernel[(1,)](a, b.to(torch.bfloat16), out, 16, 16, 16, True)
        with self.assertRaisesRegex(ValueError, "at least 16"):
            dot_kernel[(1,)](torch.randn(8, 16), torch.randn(16, 8), torch.zeros(8, 8), 8, 8, 16, False)


if __name__ == "__main__":
    unittest.main()


@triton.jit
def block_atomics_kernel(x_ptr, idx_ptr, sum_ptr, max_ptr, min_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ok = offs < n
    v = tl.load(x_ptr + offs, mask=ok)
    i = tl.load(idx_ptr + offs, mask=ok)
    tl.atomic_add(sum_ptr + i, v, mask=ok)
    tl.atomic_max(max_ptr + i, v, mask=ok)
    tl.atomic_min(min_ptr + i, v, mask=ok)


class BlockAtomics(unittest.TestCase):
    """tl.atomic_add / atomic_max / atomic_min on a block of pointers (the conv template's CONV_REDUCE): every
    unmasked element applies, also where elements of one block share an address; masked ones do nothing."""

    def test_block_atomics_with_shared_addresses_and_a_mask(self):
        torch.manual_seed(0)
        n = 37  # a tail: the last program's block is partly masked
        x = torch.randn(n)
        idx = torch.randint(0, 5, (n,))
        s, mx, mn = torch.zeros(5), torch.full((5,), float("-inf")), torch.full((5,), float("inf"))
        block_atomics_kernel[(triton.cdiv(n, 16),)](x, idx, s, mx, mn, n, BLOCK=16)
        for j in range(5):
            sel = x[idx == j]
            self.assertAlmostEqual(float(s[j]), float(sel.sum()), places=5)
            self.assertEqual(float(mx[j]), float(sel.max()) if len(sel) else float("-inf"))
            self.assertEqual(float(mn[j]), float(sel.min()) if len(sel) else float("inf"))

    def test_returns_the_old_values(self):
        buf = torch.tensor([1.0, 2.0])
        p = tl._as_arg(buf)
        old = tl.atomic_max(p + torch.tensor([0, 1]), torch.tensor([5.0, -1.0]))
        self.assertEqual(old.tolist(), [1.0, 2.0])
        self.assertEqual(buf.tolist(), [5.0, 2.0])


class CastSortLiterals(unittest.TestCase):
    """tl.cast(bitcast=True) (same widths only), tl.sort (values along the last dim or dim=, a power-of-two extent) and
    integer literals past int32 typed 64-bit, as Triton types them (kwb_topk's keys, session 27)."""

    def test_bitcast(self):
        x = torch.tensor([1.0, -0.0, float("inf")])
        self.assertEqual(tl.cast(x, tl.int32, bitcast=True).tolist(), [0x3F800000, -2 ** 31, 0x7F800000])
        self.assertEqual(tl.cast(x, tl.int32).tolist()[:2], [1, 0])
        with self.assertRaises(ValueError):
            tl.cast(x, tl.int64, bitcast=True)

    def test_sort(self):
        x = torch.tensor([[3, 1, 2, 0], [0, 5, -1, 7]], dtype=torch.int64)
        self.assertEqual(tl.sort(x).tolist(), [[0, 1, 2, 3], [-1, 0, 5, 7]])
        self.assertEqual(tl.sort(x, 0, descending=True).tolist(), [[3, 5, 2, 7], [0, 1, -1, 0]])
        with self.assertRaises(AssertionError):
            tl.sort(torch.zeros(3))

    def test_literals(self):
        self.assertEqual(tl.where(torch.tensor([True, False]), 9223372036854775807, 0).dtype, torch.int64)
        self.assertEqual(tl.where(torch.tensor([True, False]), -2147483648, 0).dtype, torch.int32)
