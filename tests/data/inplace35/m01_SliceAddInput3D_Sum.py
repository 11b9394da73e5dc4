import torch
import torch.nn as nn


class Model(nn.Module):
    """`x[:, :, 0] += 1` on a 3-D INPUT (an in-place add through a select view; Python's += then copies the view back
    into itself), then a reduction over the middle dim scaled by a per-feature weight. The caller's x is changed."""

    def __init__(self, features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(features))

    def forward(self, x):
        x[:, :, 0] += 1.0
        return x.sum(dim=1) * self.weight


batch = 8
length = 128
features = 96


def get_inputs():
    return [torch.randn(batch, length, features)]


def get_init_inputs():
    return [features]
