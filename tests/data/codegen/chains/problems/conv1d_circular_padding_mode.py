import torch
import torch.nn as nn


class Model(nn.Module):
    """Conv1d(padding_mode="circular") (a periodic signal) then SiLU: torch pads circularly by F.pad, then convolves
    without padding; the 1-D member of the circular padding class."""

    def __init__(self, c_in, c_out, k):
        super().__init__()
        self.conv = nn.Conv1d(c_in, c_out, k, padding=2, padding_mode="circular")

    def forward(self, x):
        return nn.functional.silu(self.conv(x))


batch_size = 4
c_in = 6
c_out = 10
length = 67
k = 5


def get_inputs():
    return [torch.randn(batch_size, c_in, length)]


def get_init_inputs():
    return [c_in, c_out, k]
