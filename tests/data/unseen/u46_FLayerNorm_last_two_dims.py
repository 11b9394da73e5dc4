import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """F.layer_norm over the last two dims with a 2-D weight, eps 1e-6."""
    def __init__(self, d1, d2):
        super(Model, self).__init__()
        self.weight = nn.Parameter(torch.rand(d1, d2) + 0.5)
    def forward(self, x):
        return F.layer_norm(x, self.weight.shape, self.weight, None, 1e-6)

batch_size = 8
seq_len = 40
d1, d2 = 6, 12

def get_inputs():
    return [torch.randn(batch_size, seq_len, d1, d2)]

def get_init_inputs():
    return [d1, d2]
