import torch
import torch.nn as nn

# Standardise over the sequence dim (dim -2 of [B, L, D]: the reduced dim is not the contiguous one), biased variance.
class Model(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(d) + 0.1 * torch.randn(d))
        self.eps = eps

    def forward(self, x):
        u = x.mean(-2, keepdim=True)
        v = (x - u).pow(2).mean(-2, keepdim=True)
        return (x - u) * torch.rsqrt(v + self.eps) * self.scale

batch, seq, dim = 16, 256, 768

def get_inputs():
    return [torch.randn(batch, seq, dim)]

def get_init_inputs():
    return [dim]
