import torch
import torch.nn as nn


class Model(nn.Module):
    """probe25 a05 at test sizes: eight 4-bit weights per int32 (packed in __init__ with <<), unpacked in forward
    by (qweight.unsqueeze(-1) >> shifts) & 0xF with a tensor of shifts, dequantised per group, x @ W."""

    def __init__(self, k, n, group):
        super().__init__()
        g = torch.Generator().manual_seed(0)
        q = torch.randint(0, 16, (k, n), generator=g, dtype=torch.int32)
        packed = torch.zeros(k, n // 8, dtype=torch.int32)
        for i in range(8):
            packed |= q[:, i::8] << (4 * i)
        self.register_buffer("qweight", packed)
        self.register_buffer("scales", torch.rand(k // group, n, generator=g) * 0.02 + 0.005)
        self.group = group

    def forward(self, x):
        shifts = torch.arange(8, device=x.device, dtype=torch.int32) * 4
        q = ((self.qweight.unsqueeze(-1) >> shifts) & 0xF).reshape(self.qweight.shape[0], -1).float()
        w = (q - 8.0) * self.scales.repeat_interleave(self.group, dim=0)
        return x @ w


batch = 8
k = 64
n = 48


def get_inputs():
    return [torch.randn(batch, k)]


def get_init_inputs():
    return [k, n, 16]
