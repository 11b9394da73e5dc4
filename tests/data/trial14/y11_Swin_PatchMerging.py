import torch
import torch.nn as nn


class Model(nn.Module):
    """Swin patch merging: gather the 2x2 neighbours of a [B, H, W, C] map (strided slices),
    concatenate to 4C, LayerNorm, reduce to 2C with a linear layer."""

    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim)
        self.red = nn.Linear(4 * dim, 2 * dim, bias=False)

    def forward(self, x):
        x0 = x[:, 0::2, 0::2, :]
        x1 = x[:, 1::2, 0::2, :]
        x2 = x[:, 0::2, 1::2, :]
        x3 = x[:, 1::2, 1::2, :]
        x = torch.cat([x0, x1, x2, x3], dim=-1)
        return self.red(self.norm(x))


batch = 32
res = 56
dim = 128


def get_inputs():
    return [torch.randn(batch, res, res, dim)]


def get_init_inputs():
    return [dim]
