# Chain-planner test problem (not KernelBench): a bf16 batched-GEMM chain, bmm(relu(bmm(x, y) * 0.5), z) on three
# bf16 inputs: the second bmm's A is the first's fused result, held in bf16 (issue 14, session 24).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, z):
        return torch.bmm(torch.relu(torch.bmm(x, y) * 0.5), z)


batch = 3
m = 20
k = 36
n = 28
p = 24


def get_inputs():
    return [torch.randn(batch, m, k, dtype=torch.bfloat16), torch.randn(batch, k, n, dtype=torch.bfloat16),
            torch.randn(batch, n, p, dtype=torch.bfloat16)]


def get_init_inputs():
    return []
