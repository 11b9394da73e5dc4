import torch
import torch.nn as nn


class Model(nn.Module):
    """Conv2d on a channels_last input, times a 0-d tensor input, ReLU."""

    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x, s):
        return torch.relu(self.conv(x) * s)


batch = 4
cin = 16
cout = 32
height = 24
width = 20


def get_inputs():
    return [torch.randn(batch, cin, height, width).to(memory_format=torch.channels_last), torch.tensor(-1.5)]


def get_init_inputs():
    return [cin, cout]
