# normcf47's A/B member: 06_'s layer norm over C of an NHWC input permuted to NCHW (C contiguous: not a column tile;
# H and W one run of stride C). A control of the class: the switch must not slow it.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, c, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(c) + 0.1 * torch.randn(c))
        self.bias = nn.Parameter(0.1 * torch.randn(c))
        self.eps = eps

    def forward(self, x):
        x = x.permute(0, 3, 1, 2)
        u = x.mean(1, keepdim=True)
        s = (x - u).pow(2).mean(1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.eps)
        return self.weight[:, None, None] * x + self.bias[:, None, None]


N, H, W, C = 16, 56, 56, 96


def get_inputs():
    return [torch.randn(N, H, W, C)]


def get_init_inputs():
    return [C]
