import torch
import torch.nn as nn


class Model(nn.Module):
    """probe25 a06 at test sizes: int8 activations and weights cast to int32 and multiplied (int32 accumulation),
    dequantised with per-row and per-column scales."""

    def __init__(self, k, n):
        super().__init__()
        g = torch.Generator().manual_seed(0)
        self.register_buffer("w_q", torch.randint(-127, 128, (k, n), generator=g, dtype=torch.int8))
        self.register_buffer("w_scale", torch.rand(n, generator=g) * 0.01)

    def forward(self, x_q, x_scale):
        acc = x_q.to(torch.int32) @ self.w_q.to(torch.int32)
        return acc.float() * x_scale * self.w_scale


batch = 8
k = 32
n = 24


def get_inputs():
    return [torch.randint(-127, 128, (batch, k), dtype=torch.int8), torch.rand(batch, 1)]


def get_init_inputs():
    return [k, n]
