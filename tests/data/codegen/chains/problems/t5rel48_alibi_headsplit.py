# Chain-planner test problem (not KernelBench; session 48, t5rel48): multi-head self-attention over a [B, S, D] input
# with q / k / v / o Linear layers, the heads split by view + transpose(1, 2) (torch's matmul copies them: clone +
# _unsafe_view), and an ALiBi bias slope_h * (j - i) computed in forward from arange and a slopes buffer, added to
# the scaled scores. The attention reads the head-split views in place (KWB_ATTN_HEADS) and the bias per tile.
import math

import torch
import torch.nn as nn

B, S, D, H = 2, 40, 64, 4


class Model(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)
        self.register_buffer("slopes", torch.tensor([2.0 ** (-8.0 * (i + 1) / n_heads) for i in range(n_heads)]))

    def forward(self, x):
        b, s, d = x.shape
        q = self.q(x).view(b, s, self.h, -1).transpose(1, 2)
        k = self.k(x).view(b, s, self.h, -1).transpose(1, 2)
        v = self.v(x).view(b, s, self.h, -1).transpose(1, 2)
        pos = torch.arange(s, device=x.device)
        rel = (pos[None, :] - pos[:, None]).to(x.dtype)
        bias = self.slopes.to(x.dtype)[:, None, None] * rel[None]
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1]) + bias
        p = torch.softmax(scores.float(), dim=-1).to(q.dtype)
        o = (p @ v).transpose(1, 2).reshape(b, s, d)
        return self.o(o)


def get_inputs():
    return [torch.randn(B, S, D)]


def get_init_inputs():
    return [D, H]
