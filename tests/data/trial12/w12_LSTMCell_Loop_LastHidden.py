import torch
import torch.nn as nn


class Model(nn.Module):
    """An nn.LSTMCell stepped over the sequence in a Python loop (batch-first input), then a Linear head on the
    last hidden state."""

    def __init__(self, input_size, hidden_size, n_out):
        super().__init__()
        self.hidden_size = hidden_size
        self.cell = nn.LSTMCell(input_size, hidden_size)
        self.head = nn.Linear(hidden_size, n_out)

    def forward(self, x):
        B, T, _ = x.shape
        h = x.new_zeros(B, self.hidden_size)
        c = x.new_zeros(B, self.hidden_size)
        for t in range(T):
            h, c = self.cell(x[:, t, :], (h, c))
        return self.head(h)


batch_size = 32
seq_len = 48
input_size = 128
hidden_size = 256
n_out = 10


def get_inputs():
    return [torch.randn(batch_size, seq_len, input_size)]


def get_init_inputs():
    return [input_size, hidden_size, n_out]
