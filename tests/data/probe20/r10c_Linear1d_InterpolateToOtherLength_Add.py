import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Variant of r10's class: 1-D linear interpolation (align_corners=False) of a feature sequence to another
    input's length (a frame-rate change), added to it, then tanh."""

    def __init__(self):
        super().__init__()

    def forward(self, feats, target):
        up = F.interpolate(feats, size=target.shape[-1], mode="linear", align_corners=False)
        return torch.tanh(up + target)


batch_size = 8
channels = 80
length = 300


def get_inputs():
    return [torch.randn(batch_size, channels, length), torch.randn(batch_size, channels, 7 * length // 3)]


def get_init_inputs():
    return []
