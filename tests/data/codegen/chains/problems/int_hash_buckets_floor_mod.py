import torch
import torch.nn as nn


class Model(nn.Module):
    """Hashed token buckets (issue 14, r05's class: integer arithmetic in the pointwise program): signed int64 ids
    hashed by a product far above 2^24 (exact in int64 only), torch's floor division and remainder of negatives
    (a negative divisor included), a parity test, a clamp and a where on int64, then an embedding gather scaled by the
    bucket as a float and added to x."""

    def __init__(self, num_buckets, dim):
        super().__init__()
        self.num_buckets = num_buckets
        self.table = nn.Embedding(num_buckets, dim)

    def forward(self, ids, x):
        h = torch.remainder(ids * 1000003 + 12345, self.num_buckets)
        q = torch.div(ids, 7, rounding_mode="floor") - ids // -3
        idx = torch.where(q % 2 == 0, h, torch.clamp(self.num_buckets - 1 - h, min=0))
        scale = (idx.float() / self.num_buckets).unsqueeze(-1)
        return x + self.table(idx) * scale


batch_size = 8
seq_len = 96
num_buckets = 61
dim = 40


def get_inputs():
    ids = torch.randint(-(10 ** 6), 10 ** 6, (batch_size, seq_len))
    return [ids, torch.randn(batch_size, seq_len, dim)]


def get_init_inputs():
    return [num_buckets, dim]
