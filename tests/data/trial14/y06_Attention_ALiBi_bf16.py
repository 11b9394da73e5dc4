import math
import torch
import torch.nn as nn


class Model(nn.Module):
    """bf16 attention with an additive ALiBi bias (slope_h * (j - i)), non-causal, softmax in fp32."""

    def __init__(self, heads, seq):
        super().__init__()
        slopes = torch.tensor([2.0 ** (-8.0 * (h + 1) / heads) for h in range(heads)])
        pos = torch.arange(seq)
        rel = (pos[None, :] - pos[:, None]).float()
        self.register_buffer("bias", (slopes[:, None, None] * rel[None]).unsqueeze(0))

    def forward(self, q, k, v):
        scale = 1.0 / math.sqrt(q.shape[-1])
        s = torch.matmul(q, k.transpose(-2, -1)).float() * scale + self.bias
        p = torch.softmax(s, dim=-1).to(q.dtype)
        return torch.matmul(p, v)


batch = 4
heads = 16
seq = 1024
hd = 64


def get_inputs():
    return [torch.randn(batch, heads, seq, hd, dtype=torch.bfloat16) for _ in range(3)]


def get_init_inputs():
    return [heads, seq]
