import torch
import torch.nn as nn


class Model(nn.Module):
    """Hash embeddings (fastText / Bloom style): two bucket ids per token from int64 index math with multipliers
    beyond int32 ((ids * 2654435761 + 97) % buckets and (ids * 40503 // 3) % buckets), two Embedding lookups
    summed, mean over the sequence."""

    def __init__(self, buckets, dim):
        super().__init__()
        self.buckets = buckets
        self.e1 = nn.Embedding(buckets, dim)
        self.e2 = nn.Embedding(buckets, dim)

    def forward(self, ids):
        h1 = (ids * 2654435761 + 97) % self.buckets
        h2 = torch.div(ids * 40503, 3, rounding_mode="floor") % self.buckets
        return (self.e1(h1) + self.e2(h2)).mean(dim=1)


batch = 128
seq_len = 256
buckets = 50021
dim = 256


def get_inputs():
    return [torch.randint(0, 2 ** 40, (batch, seq_len))]


def get_init_inputs():
    return [buckets, dim]
