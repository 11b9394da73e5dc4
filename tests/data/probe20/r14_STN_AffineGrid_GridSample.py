import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Spatial transformer sampling: affine_grid from per-sample 2x3 matrices, grid_sample bilinear with zeros
    padding and align_corners=False."""

    def __init__(self):
        super().__init__()

    def forward(self, x, theta):
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)


batch_size = 16
channels = 32
height = 64
width = 64


def get_inputs():
    theta = torch.tensor([[0.9, 0.1, 0.05], [-0.1, 0.9, -0.05]]).repeat(batch_size, 1, 1)
    theta = theta + 0.05 * torch.randn(batch_size, 2, 3)
    return [torch.randn(batch_size, channels, height, width), theta]


def get_init_inputs():
    return []
