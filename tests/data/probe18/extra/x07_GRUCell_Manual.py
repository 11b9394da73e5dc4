import torch
import torch.nn as nn


class Model(nn.Module):
    """One GRU cell step written out: r, z from sigmoid, n = tanh(W_in x + b_in + r * (W_hn h + b_hn)),
    h' = (1 - z) * n + z * h."""

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.ih = nn.Linear(input_size, 3 * hidden_size)
        self.hh = nn.Linear(hidden_size, 3 * hidden_size)

    def forward(self, x, h):
        gi = self.ih(x)
        gh = self.hh(h)
        i_r, i_z, i_n = gi.chunk(3, dim=1)
        h_r, h_z, h_n = gh.chunk(3, dim=1)
        r = torch.sigmoid(i_r + h_r)
        z = torch.sigmoid(i_z + h_z)
        n = torch.tanh(i_n + r * h_n)
        return (1 - z) * n + z * h


batch = 64
input_size = 300
hidden_size = 200


def get_inputs():
    return [torch.randn(batch, input_size), torch.randn(batch, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size]
