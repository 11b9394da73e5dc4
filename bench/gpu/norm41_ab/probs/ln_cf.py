import torch
import torch.nn as nn

# ConvNeXt's channels-first LayerNorm: normalise over C of an NCHW tensor (not the last dim).
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

N, C, H, W = 16, 96, 56, 56

def get_inputs():
    return [torch.randn(N, C, H, W)]

def get_init_inputs():
    return [C]
