import torch
import torch.nn as nn


class Model(nn.Module):
    """Accumulating writes: index_add_ with alpha=0.5 of per-token rows into a [vocab, dim] buffer
    (repeated indices accumulate), then masked_scatter of a Linear's output into the positions a bool
    mask selects (in order), + the gathered accumulation."""

    def __init__(self, vocab, dim):
        super().__init__()
        self.vocab = vocab
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, ids, mask):  # x [tokens, dim], ids int64 [tokens], mask bool [tokens, dim]
        acc = torch.zeros(self.vocab, x.shape[1], dtype=x.dtype, device=x.device)
        acc.index_add_(0, ids, x, alpha=0.5)
        y = x.masked_scatter(mask, self.proj(x))
        return y + acc[ids]


tokens = 1024
dim = 64
vocab = 100


def get_inputs():
    return [torch.randn(tokens, dim), torch.randint(0, vocab, (tokens,)), torch.rand(tokens, dim) < 0.3]


def get_init_inputs():
    return [vocab, dim]
