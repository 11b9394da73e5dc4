import torch
import torch.nn as nn


class Model(nn.Module):
    """An nn.LSTMCell stepped 3 times over a batch-first input in a Python loop, its state from x.new_zeros, then a
    Linear head on the last h and c (new-user trial 12, #3 and #4)."""

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
        return self.head(h + c)


batch_size = 24
steps = 3
input_size = 40
hidden_size = 48
n_out = 10


def get_inputs():
    return [torch.randn(batch_size, steps, input_size)]


def get_init_inputs():
    return [input_size, hidden_size, n_out]
