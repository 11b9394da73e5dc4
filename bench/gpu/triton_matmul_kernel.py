"""Hand-written Triton GEMM kernel.py for KernelBench level1 1_Square_matrix_multiplication_ (C = A @ B,
fp32, N = 4096), used by session_harness.sh for the compute-bound harness-vs-do_bench comparison
while the workbench has no GEMM generator (its kernel.py for GEMM is an UNIMPLEMENTED skeleton).
Not a workbench product: written by hand after Triton's matmul tutorial (tl.dot with fp32
accumulation; TF32 is allowed by tl.dot's default input precision on fp32 inputs)."""
import torch
import torch.nn as nn
import triton
import triton.language as tl

BM, BN, BK, GROUP_M = 128, 128, 32, 8


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = GROUP_M * num_n
    first_m = (pid // group) * GROUP_M
    size_m = min(num_m - first_m, GROUP_M)
    pm = first_m + (pid % group) % size_m
    pn = (pid % group) // size_m
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * sam + kk[None, :] * sak,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * sbk + rn[None, :] * sbn,
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :] * scn, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.last_grid_blocks = 0

    def forward(self, A, B):
        M, K = A.shape
        K2, N = B.shape
        assert K == K2
        C = torch.empty((M, N), dtype=A.dtype, device=A.device)
        self.last_grid_blocks = triton.cdiv(M, BM) * triton.cdiv(N, BN)
        matmul_kernel[(self.last_grid_blocks,)](A, B, C, M, N, K, A.stride(0), A.stride(1),
                                                B.stride(0), B.stride(1), C.stride(0), C.stride(1),
                                                BM=BM, BN=BN, BK=BK, GROUP_M=GROUP_M, num_warps=8,
                                                num_stages=3)
        return C
