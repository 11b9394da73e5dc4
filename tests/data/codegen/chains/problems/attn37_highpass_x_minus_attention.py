# Chain-planner test problem (not KernelBench): x - softmax(x xᵀ / sqrt(d)) x, attention as a smoothing whose
# residual is kept (a high-pass): the output is V minus a convex combination of V's rows, so it cancels and P V runs
# in full fp32 (pv_ieee=True), probe23 c02's class (session 37, attn37).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        att = torch.softmax(x @ x.transpose(-1, -2) / x.shape[-1] ** 0.5, dim=-1)
        return x - att @ x


def get_inputs():
    return [torch.randn(4, 5, 64) + 0.5]


def get_init_inputs():
    return []
