import torch
import torch.nn as nn


class Model(nn.Module):
    """x arrives non-contiguous (a transposed [B, D, S] buffer, every second D), a bool mask [B, S]; masked mean over
    the sequence with torch.where, the valid count clamped to 1, then a Linear. Returns (pooled, count)."""

    def __init__(self, dim, out):
        super().__init__()
        self.fc = nn.Linear(dim, out)

    def forward(self, x, mask):
        m = mask.unsqueeze(-1)
        total = torch.where(m, x, torch.zeros_like(x)).sum(dim=1)
        count = mask.sum(dim=1, keepdim=True).clamp(min=1)
        return self.fc(total / count), count


batch = 64
seq = 512
dim = 384


def get_inputs():
    x = torch.randn(batch, 2 * dim, seq)[:, ::2, :].transpose(1, 2)
    mask = torch.rand(batch, seq) > 0.3
    return [x, mask]


def get_init_inputs():
    return [dim, 256]
