import torch
import torch.nn as nn


class Model(nn.Module):
    """Last-token pooling plus an embedding of each row's length: the length table has seq + 1 rows from
    get_init_inputs(), while get_inputs() draws lengths up to the (resized) seq. At a derived seq above the table's
    size, a draw is valid only when every drawn length stays within the table (some seeds do, some do not)."""

    def __init__(self, max_len, dim):
        super().__init__()
        self.len_emb = nn.Embedding(max_len, dim)

    def forward(self, h, lengths):  # h [batch, seq, dim], lengths int64 [batch] in 1..seq
        last = h[torch.arange(h.shape[0]), lengths - 1]
        return last + self.len_emb(lengths)


batch = 8
seq = 64
dim = 32


def get_inputs():
    return [torch.randn(batch, seq, dim), torch.randint(1, seq + 1, (batch,))]


def get_init_inputs():
    return [seq + 1, dim]
