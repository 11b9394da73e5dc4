import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A feature map assembled in place along the channels: torch.empty_like, then three channel slices written by a
    sigmoid, a scaled tanh and a fill, each element once; then GELU plus the input."""

    def forward(self, x):
        c = x.shape[1] // 4
        y = torch.empty_like(x)
        y[:, :c] = torch.sigmoid(x[:, :c])
        y[:, c : 3 * c] = torch.tanh(x[:, c : 3 * c]) * 0.5
        y[:, 3 * c :].fill_(-1.0)
        return F.gelu(y) + x


batch_size = 2
channels = 8
height = 5
width = 7


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
