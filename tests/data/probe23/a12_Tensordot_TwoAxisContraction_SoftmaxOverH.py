import torch
import torch.nn as nn


class Model(nn.Module):
    """torch.tensordot over two non-adjacent axes: x [B, C, H, W] with w [C, W, K] on (C, W) -> [B, H, K];
    then a softmax over H (dim 1) and a mean over K."""

    def __init__(self, c, w, k):
        super().__init__()
        self.w = nn.Parameter(torch.randn(c, w, k) / (c * w) ** 0.5)

    def forward(self, x):
        y = torch.tensordot(x, self.w, dims=([1, 3], [0, 1]))
        return torch.softmax(y, dim=1).mean(-1)


batch = 8
channels = 24
height = 40
width = 20
k = 48


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return [channels, width, k]
