import torch
import torch.nn as nn


class Model(nn.Module):
    """AvgPool1d kernel 4, stride 3, padding 2, ceil_mode=True, count_include_pad=True."""

    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool1d(4, stride=3, padding=2, ceil_mode=True, count_include_pad=True)

    def forward(self, x):
        return self.pool(x)


batch = 16
channels = 32
length = 1000


def get_inputs():
    return [torch.randn(batch, channels, length)]


def get_init_inputs():
    return []
