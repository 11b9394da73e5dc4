import torch
import torch.nn as nn


class Model(nn.Module):
    """Conv2d(padding_mode="circular", padding=(1, 2)) then ReLU: torch's circular convolution is F.pad(mode=
    "circular") then a convolution without padding."""

    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, (3, 5), padding=(1, 2), padding_mode="circular")

    def forward(self, x):
        return torch.relu(self.conv(x))


batch_size = 2
c_in = 4
c_out = 8
height = 12
width = 10


def get_inputs():
    return [torch.randn(batch_size, c_in, height, width)]


def get_init_inputs():
    return [c_in, c_out]
