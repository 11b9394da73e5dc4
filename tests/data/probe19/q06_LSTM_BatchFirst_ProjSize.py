import torch
import torch.nn as nn


class Model(nn.Module):
    """nn.LSTM with proj_size (LSTMP, as in speech models): h_t = W_hr (o * tanh(c)); batch_first, one
    layer; returns the whole output sequence."""

    def __init__(self, input_size, hidden_size, proj_size):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size, batch_first=True, proj_size=proj_size)

    def forward(self, x):
        out, _ = self.lstm(x)
        return out


batch = 6
seq = 40
input_size = 80
hidden_size = 128
proj_size = 48


def get_inputs():
    return [torch.randn(batch, seq, input_size)]


def get_init_inputs():
    return [input_size, hidden_size, proj_size]
