import math
import torch
import torch.nn as nn


class Model(nn.Module):
    """Token embedding (int64 ids, padding_idx 0) * sqrt(d) + learned position embedding, LayerNorm."""

    def __init__(self, vocab, d, max_len):
        super().__init__()
        self.tok = nn.Embedding(vocab, d, padding_idx=0)
        self.pos = nn.Parameter(0.02 * torch.randn(max_len, d))
        self.norm = nn.LayerNorm(d)
        self.scale = math.sqrt(d)

    def forward(self, ids):
        s = ids.shape[1]
        return self.norm(self.tok(ids) * self.scale + self.pos[:s])


batch = 16
seq = 128
vocab = 5000
d = 256
max_len = 512


def get_inputs():
    return [torch.randint(0, vocab, (batch, seq), dtype=torch.int64)]


def get_init_inputs():
    return [vocab, d, max_len]
