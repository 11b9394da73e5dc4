# normcf47's A/B member: ConvNeXt's last stage, [N, 768, 7, 7]: W (7) alone is too short for a column tile, H * W
# (49) is one run; C = 768 is walked in chunks (two passes over the program's columns).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, c, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(c) + 0.1 * torch.randn(c))
        self.bias = nn.Parameter(0.1 * torch.randn(c))
        self.eps = eps

    def forward(self, x):
        u = x.mean(1, keepdim=True)
        s = (x - u).pow(2).mean(1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.eps)
        return self.weight[:, None, None] * x + self.bias[:, None, None]


N, C, H, W = 128, 768, 7, 7


def get_inputs():
    return [torch.randn(N, C, H, W)]


def get_init_inputs():
    return [C]
