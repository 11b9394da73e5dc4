import torch
import torch.nn as nn
from flash_attn_kernels_xyz import fused_attention  # not installed anywhere


class Model(nn.Module):
    def forward(self, q, k, v):
        return fused_attention(q, k, v)


def get_inputs():
    return [torch.randn(2, 4, 64, 32) for _ in range(3)]


def get_init_inputs():
    return []
