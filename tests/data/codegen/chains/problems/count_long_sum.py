import torch
import torch.nn as nn

# A masked mean over the sequence with a bool mask input: (x * mask).sum(1) / count, the count the mask cast to int64, summed, clamped and cast back.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):
        m = mask
        s = (x * m.unsqueeze(-1)).sum(dim=1)
        n = m.long().sum(dim=1).clamp(min=1).to(x.dtype)
        return s / n.unsqueeze(-1).clamp(min=1)


batch_size = 16
seq_len = 200
dim = 96


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim), torch.rand(batch_size, seq_len) > 0.3]


def get_init_inputs():
    return []
