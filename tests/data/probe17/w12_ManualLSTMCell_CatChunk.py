import torch
import torch.nn as nn


class Model(nn.Module):
    """One LSTM cell step written by hand: a single Linear over cat([x, h]), the four gates by chunk (i, f, g, o),
    sigmoid/tanh, the new cell and hidden state; returns h_new + c_new stacked on a new leading dim."""

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.gates = nn.Linear(input_size + hidden_size, 4 * hidden_size)

    def forward(self, x, h, c):
        z = self.gates(torch.cat([x, h], dim=1))
        i, f, g, o = z.chunk(4, dim=1)
        i = torch.sigmoid(i)
        f = torch.sigmoid(f)
        g = torch.tanh(g)
        o = torch.sigmoid(o)
        c_new = f * c + i * g
        h_new = o * torch.tanh(c_new)
        return torch.stack([h_new, c_new], dim=0)


batch = 512
input_size = 384
hidden_size = 512


def get_inputs():
    return [torch.randn(batch, input_size), torch.randn(batch, hidden_size), torch.randn(batch, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size]
