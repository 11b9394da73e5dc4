import torch
import torch.nn as nn


class Model(nn.Module):
    """Conv1d, sigmoid, a REVERSE cumulative product over time (flip, cumprod, flip: a survival / discount
    product), times the conv output, sum over channels."""

    def __init__(self, c_in, c_out, k):
        super().__init__()
        self.conv = nn.Conv1d(c_in, c_out, k, padding=k // 2)

    def forward(self, x):
        y = self.conv(x)
        g = torch.flip(torch.cumprod(torch.flip(torch.sigmoid(y), dims=[2]), dim=2), dims=[2])
        return (g * y).sum(dim=1)


batch = 32
c_in = 64
c_out = 128
length = 512


def get_inputs():
    return [torch.randn(batch, c_in, length)]


def get_init_inputs():
    return [c_in, c_out, 5]
