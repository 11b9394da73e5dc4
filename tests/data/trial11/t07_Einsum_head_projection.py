import torch
import torch.nn as nn

class Model(nn.Module):
    """Einsum with a parameter: per-head projection 'bnd,hde->bhne' (an implicit broadcast GEMM over heads)."""
    def __init__(self, dim, heads, head_dim):
        super(Model, self).__init__()
        self.w = nn.Parameter(torch.randn(heads, dim, head_dim) / dim ** 0.5)
    def forward(self, x):
        return torch.einsum('bnd,hde->bhne', x, self.w)

batch_size = 4
seq = 256
dim = 512
heads = 8
head_dim = 64

def get_inputs():
    return [torch.randn(batch_size, seq, dim)]

def get_init_inputs():
    return [dim, heads, head_dim]
