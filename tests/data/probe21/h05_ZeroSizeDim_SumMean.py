import torch
import torch.nn as nn


class Model(nn.Module):
    """A zero-size dim: x is [B, 0, D]; the sum over dim 1 is zeros, the amax over it would be an error, so
    the model adds the sum to a Linear of y (a normal input)."""

    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, y):
        return torch.relu(self.fc(y) + x.sum(dim=1))


batch = 32
dim = 256


def get_inputs():
    return [torch.randn(batch, 0, dim), torch.randn(batch, dim)]


def get_init_inputs():
    return [dim]
