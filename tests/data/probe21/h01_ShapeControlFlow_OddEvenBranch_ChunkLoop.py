import torch
import torch.nn as nn


class Model(nn.Module):
    """Python control flow on shapes: the last dim even -> pairwise-average adjacent columns, odd -> drop the
    last column first; then a loop over 4 chunks of the channel dim, each scaled by its own index + 1, summed.
    A kernel traced at one size must not silently take the same branch at another."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        if x.shape[-1] % 2 == 1:
            x = x[..., :-1]
        x = 0.5 * (x[..., 0::2] + x[..., 1::2])
        out = torch.zeros_like(x[:, : x.size(1) // 4])
        for i, c in enumerate(torch.chunk(x, 4, dim=1)):
            out = out + (i + 1) * torch.tanh(c)
        return out


batch = 16
channels = 64
length = 1024


def get_inputs():
    return [torch.randn(batch, channels, length)]


def get_init_inputs():
    return []
