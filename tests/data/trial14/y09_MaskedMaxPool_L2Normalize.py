import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Sentence embedding: max over the valid tokens (padding masked to -inf), then L2-normalise."""

    def __init__(self):
        super().__init__()

    def forward(self, h, mask):
        h = h.masked_fill(~mask.unsqueeze(-1), float("-inf"))
        return F.normalize(h.amax(dim=1), p=2.0, dim=-1)


batch = 64
seq = 512
dim = 768


def get_inputs():
    lengths = torch.randint(1, seq + 1, (batch,))
    mask = torch.arange(seq)[None, :] < lengths[:, None]
    return [torch.randn(batch, seq, dim), mask]


def get_init_inputs():
    return []
