import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A model cast to fp16 as a whole (self.half() in __init__): LayerNorm, Linear, GELU(tanh), Linear,
    on fp16 inputs with a size-1 sequence dim."""

    def __init__(self, dim, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.half()

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(self.norm(x)), approximate="tanh"))


batch = 32
dim = 768
hidden = 3072


def get_inputs():
    return [torch.randn(batch, 1, dim, dtype=torch.float16)]


def get_init_inputs():
    return [dim, hidden]
