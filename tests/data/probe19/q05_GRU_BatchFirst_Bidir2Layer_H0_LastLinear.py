import torch
import torch.nn as nn


class Model(nn.Module):
    """Two-layer bidirectional nn.GRU (batch_first) with an initial state input; the last timestep's
    features (both directions) go through a Linear classifier."""

    def __init__(self, input_size, hidden_size, num_classes):
        super().__init__()
        self.gru = nn.GRU(input_size, hidden_size, num_layers=2, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(2 * hidden_size, num_classes)

    def forward(self, x, h0):
        out, _ = self.gru(x, h0)
        return self.fc(out[:, -1, :])


batch = 8
seq = 48
input_size = 40
hidden_size = 96
num_classes = 11


def get_inputs():
    return [torch.randn(batch, seq, input_size), torch.randn(4, batch, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size, num_classes]
