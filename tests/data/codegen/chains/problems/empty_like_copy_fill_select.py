import torch
import torch.nn as nn


class Model(nn.Module):
    """Buffers from torch.empty_like / torch.empty, each fully written before it is read: copy_ of a whole value, a
    broadcast fill_, and a shift by one written as a select plus a slice (a roll by hand)."""

    def forward(self, x):
        e = torch.empty_like(x).copy_(torch.sigmoid(x))
        f = torch.empty(x.shape[0], x.shape[1], 1, device=x.device).fill_(0.25)
        g = torch.empty_like(x)
        g[:, :, 0] = x[:, :, -1]
        g[:, :, 1:] = x[:, :, :-1]
        return e * f + g


batch_size = 3
channels = 5
length = 17


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return []
