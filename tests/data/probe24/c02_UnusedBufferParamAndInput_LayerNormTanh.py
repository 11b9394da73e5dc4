import torch
import torch.nn as nn


class Model(nn.Module):
    """A module with a registered buffer it never reads, a Parameter it never reads, and a forward() input it
    ignores; the work is LayerNorm then tanh of the first input."""

    def __init__(self, dim):
        super().__init__()
        self.register_buffer("running_stat", torch.full((dim,), 3.0))
        self.unused = nn.Parameter(torch.randn(dim, dim))
        self.ln = nn.LayerNorm(dim)

    def forward(self, x, ignored):
        return torch.tanh(self.ln(x))


batch = 2048
dim = 768


def get_inputs():
    return [torch.randn(batch, dim), torch.randn(batch, 17)]


def get_init_inputs():
    return [dim]
