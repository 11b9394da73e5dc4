import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """LLaMA-style SwiGLU MLP, no biases, a prime hidden size: down(silu(gate(x)) * up(x)); x arrives
    sequence-first and is read batch-first through a transpose view (not contiguous)."""

    def __init__(self, dim, hidden):
        super().__init__()
        self.gate = nn.Linear(dim, hidden, bias=False)
        self.up = nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        x = x.transpose(0, 1)
        return self.down(F.silu(self.gate(x)) * self.up(x))


seq = 128
batch = 3
dim = 512
hidden = 1381


def get_inputs():
    return [torch.randn(seq, batch, dim)]


def get_init_inputs():
    return [dim, hidden]
