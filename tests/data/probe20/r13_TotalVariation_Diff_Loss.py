import torch
import torch.nn as nn


class Model(nn.Module):
    """Anisotropic total variation of an image batch: torch.diff along H and along W, absolute values, summed
    per image and scaled by the weight."""

    def __init__(self, weight):
        super().__init__()
        self.weight = weight

    def forward(self, img):
        dh = torch.diff(img, dim=2).abs().sum(dim=(1, 2, 3))
        dw = torch.diff(img, dim=3).abs().sum(dim=(1, 2, 3))
        return self.weight * (dh + dw)


batch_size = 16
height = 128
width = 96


def get_inputs():
    return [torch.randn(batch_size, 3, height, width)]


def get_init_inputs():
    return [0.1]
