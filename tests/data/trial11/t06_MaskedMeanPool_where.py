import torch
import torch.nn as nn

class Model(nn.Module):
    """Masked mean pooling over the sequence with a boolean mask INPUT: where(mask, x, 0).sum(1) / mask.sum(1)."""
    def __init__(self):
        super(Model, self).__init__()
    def forward(self, x, mask):
        m = mask.unsqueeze(-1)
        s = torch.where(m, x, torch.zeros_like(x)).sum(dim=1)
        n = mask.sum(dim=1, keepdim=True).clamp(min=1).to(x.dtype)
        return s / n

batch_size = 32
seq = 512
dim = 384

def get_inputs():
    x = torch.randn(batch_size, seq, dim)
    mask = torch.rand(batch_size, seq) > 0.3
    return [x, mask]

def get_init_inputs():
    return []
