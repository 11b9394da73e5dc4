import torch
import torch.nn as nn


class Model(nn.Module):
    """Reverse cumulative sum along the sequence (discounted-returns style) under a float mask, then normalise."""

    def __init__(self):
        super().__init__()

    def forward(self, r, mask):
        rev = torch.flip(torch.cumsum(torch.flip(r * mask, dims=[1]), dim=1), dims=[1])
        return (rev - rev.mean(dim=1, keepdim=True)) / (rev.std(dim=1, keepdim=True) + 1e-8)


def get_inputs():
    r = torch.randn(48, 300)
    mask = (torch.rand(48, 300) > 0.1).float()
    return [r, mask]


def get_init_inputs():
    return []
