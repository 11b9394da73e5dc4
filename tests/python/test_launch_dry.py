"""launch_dry.py: every launch of a kernel.py at the problem's full shape, checked against CUDA's launch limits on meta
tensors (no storage, nothing executed). CPU only.

    /usr/bin/python3 -m unittest tests/python/test_launch_dry.py
"""
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import launch_dry  # noqa: E402

KERNELS = os.path.join(HERE, "..", "..", "resources", "templates", "kernels")
SHARED = os.environ.get("KWB_SHARED_DIR", os.path.join(HERE, "..", "..", "..", "shared"))
P97 = os.path.join(SHARED, "data", "kernelbench", "level1", "97_ScaledDotProductAttention.py")
PREAMBLE = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"

BATCHED_KERNEL = PREAMBLE + '''
@triton.jit
def scale_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    b = tl.program_id(1).to(tl.int64)
    tl.store(x_ptr + b * n + offs, tl.load(x_ptr + b * n + offs, mask=offs < n) * 2.0, mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x):
        scale_kernel[(triton.cdiv(x.shape[1], 64), x.shape[0])](x, x.shape[1], BLOCK=64, num_warps=4)
        return x
'''

PROBLEM = '''import torch
import torch.nn as nn

ROWS = %d


class Model(nn.Module):
    def forward(self, x):
        return x * 2


def get_inputs():
    return [torch.rand(ROWS, 100)]


def get_init_inputs():
    return []
'''

ATTENTION_KERNEL = '''

class ModelNew(nn.Module):
    def forward(self, Q, K, V):
        return kwb_attention(Q, K.transpose(-2, -1), V, Q.shape[-1] ** -0.5)
'''


class LaunchDry(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="kwb_launch_dry_")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_grid_y_over_the_limit(self):
        kernel = self.write("kernel.py", BATCHED_KERNEL)
        rec = launch_dry.dry_run(kernel, self.write("ok.py", PROBLEM % 65535))
        self.assertEqual(rec.launches, [("scale_kernel", (2, 65535, 1), {"BLOCK": 64, "num_warps": 4})])
        with self.assertRaisesRegex(ValueError, "grid dim 1 is 65536, over CUDA's limit"):
            launch_dry.dry_run(kernel, self.write("big.py", PROBLEM % 65536))
        self.assertEqual(launch_dry.main([kernel, os.path.join(self.dir, "big.py")]), 1)

    def test_bmm_of_100k_matrices(self):
        # the GEMM template at batch 100000 (> 65535): the batch on grid x (batch_grid), every launch within the limits
        import test_gemm_tma_emulated as gemm
        mod = gemm.render()
        rec = launch_dry.dry_run(mod.__file__, os.path.join(HERE, "fixtures", "references", "bmm_100k_batches.py"))
        self.assertEqual(rec.launches, [("kwb_mm", (100000, 1, 1), {
            "BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 32, "GROUP_M": 8, "TRIU": False, "BATCH_X": True,
            "num_warps": 4, "num_stages": 3})])

    @unittest.skipUnless(os.path.exists(P97), "KernelBench level 1 not at " + P97)
    def test_97_attention_full_shape(self):
        # 97_ScaledDotProductAttention at its own shape ([32, 32, 512, 1024] fp32: head dim 1024, the materialised
        # path): its launches and descriptors are within CUDA's limits; session 34's "invalid argument" on the H100
        # is not a launch over one (docs/results/2026-12-05-gpufix34a.md)
        parts = []
        for name in ("triton_stages.py", "chain_host.py", "triton_epilogue.py"):
            with open(os.path.join(KERNELS, name)) as f:
                parts.append(f.read())
        kernel = self.write("kernel97.py", PREAMBLE + "\n\n".join(parts) + ATTENTION_KERNEL)
        rec = launch_dry.dry_run(kernel, P97, sms=132)
        names = [n for n, _, _ in rec.launches]
        self.assertEqual(names, ["_kwb_gemm_tma_kernel", "_kwb_masked_softmax_kernel", "_kwb_stage",
                                 "_kwb_gemm_tma_kernel"])
        self.assertEqual(rec.launches[2][1], (128, 1024, 1))  # V's K-major copy: 1024 entries on grid y
        self.assertEqual(rec.launches[1][1], (65536, 1, 1))
        self.assertEqual(len(rec.descriptors), 6)
        self.assertIn(((1024, 512, 1024), (524288, 1024, 1), (1, 128, 128), "torch.float32"), rec.descriptors)

    @unittest.skipUnless(os.path.exists(P97), "KernelBench level 1 not at " + P97)
    def test_97_as_torch2_traces_it_pointwise_rows_on_grid_x(self):
        # 97 as the H100's torch 2.x traces it (SDPA's math decomposition: Q and K^T scaled by head_dim ** -0.25 as
        # two kwb_pointwise launches, then the attention), session 36's suite kernel: Q [32, 32, 512, 1024]
        # contiguous coalesces into one row of 2^29 columns, whose 2^19 column tiles were on grid y ("invalid
        # argument"); the rows launch takes (row tile, column tile) from grid x alone now
        parts = []
        for name in ("triton_stages.py", "chain_host.py", "triton_epilogue.py"):
            with open(os.path.join(KERNELS, name)) as f:
                parts.append(f.read())
        kernel = self.write("kernel97_torch2.py", PREAMBLE + "\n\n".join(parts) + SCALED_ATTENTION_KERNEL)
        rec = launch_dry.dry_run(kernel, P97, sms=132)
        rows = [g for n, g, _ in rec.launches if n == "_kwb_pointwise_rows_kernel"]
        self.assertEqual(len(rows), 2)
        self.assertEqual(rows[0], (2 ** 29 // 1024, 1, 1))  # Q: one coalesced row, 1024-column tiles, all on x
        self.assertTrue(all(g[1] == 1 and g[2] == 1 for g in rows), rows)


SCALED_ATTENTION_KERNEL = """

@triton.jit
def _scale_epi(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
               s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    return acc * f0


class ModelNew(nn.Module):
    def forward(self, Q, K, V):
        s = float(Q.shape[3] ** -0.25)
        q = kwb_pointwise(Q, epi=_scale_epi, epi_scalars=(s,), out_dtype=torch.float32)
        kt = kwb_pointwise(K.transpose(-2, -1), epi=_scale_epi, epi_scalars=(s,), out_dtype=torch.float32)
        b, h = Q.shape[0], Q.shape[1]
        o = kwb_attention(q.reshape(b * h, q.shape[2], q.shape[3]), kt.reshape(b * h, kt.shape[2], kt.shape[3]),
                          V.reshape(b * h, V.shape[2], V.shape[3]), 1.0)
        return o.reshape(b, h, o.shape[1], o.shape[2])
"""


if __name__ == "__main__":
    unittest.main()
