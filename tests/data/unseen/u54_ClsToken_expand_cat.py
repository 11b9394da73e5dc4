import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """ViT-style class token: a parameter expanded over the batch, concatenated before the sequence, plus a
    position embedding."""
    def __init__(self, seq, dim):
        super(Model, self).__init__()
        self.cls = nn.Parameter(torch.randn(1, 1, dim))
        self.pos = nn.Parameter(torch.randn(1, seq + 1, dim) * 0.1)
    def forward(self, x):
        cls = self.cls.expand(x.size(0), -1, -1)
        return torch.cat([cls, x], dim=1) + self.pos

batch_size = 24
seq, dim = 16, 64

def get_inputs():
    return [torch.randn(batch_size, seq, dim)]

def get_init_inputs():
    return [seq, dim]
