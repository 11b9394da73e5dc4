import torch
import torch.nn as nn


class Model(nn.Module):
    """A view taken BEFORE a write through another view of the same intermediate is read after it (it must see the
    write where they overlap): v = h[:, :4] first, then h[:, 0] = 1 and h[:, 2] *= -1, then v and h read."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        h = x * 2.0
        v = h[:, :4]
        h[:, 0] = 1.0
        h[:, 2] *= -1.0
        return v.sum(dim=1, keepdim=True) + h.mean(dim=1, keepdim=True)


batch = 128
features = 64


def get_inputs():
    return [torch.randn(batch, features)]


def get_init_inputs():
    return []
