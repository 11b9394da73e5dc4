import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Circular (wrap-around) padding of an NCHW map, asymmetric, then GELU: the 2-D member of the circular padding
    class (a periodic boundary, as on a torus-shaped grid)."""

    def forward(self, x):
        return F.gelu(F.pad(x, (2, 1, 1, 3), mode="circular"))


batch_size = 3
channels = 5
height = 13
width = 11


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
