import torch
import torch.nn as nn


class Model(nn.Module):
    """probe25 c02 at test sizes: overlapping windows by as_strided (sizes and strides from x.shape), a weighted
    moving average, minus its mean over the windows."""

    def __init__(self, k):
        super().__init__()
        self.k = k
        self.w = nn.Parameter(torch.softmax(torch.randn(k), 0))

    def forward(self, x):  # [batch, length] contiguous
        B, L = x.shape
        ma = (x.as_strided((B, L - self.k + 1, self.k), (L, 1, 1)) * self.w).sum(-1)
        return ma - ma.mean(dim=1, keepdim=True)


batch = 4
length = 40


def get_inputs():
    return [torch.randn(batch, length)]


def get_init_inputs():
    return [5]
