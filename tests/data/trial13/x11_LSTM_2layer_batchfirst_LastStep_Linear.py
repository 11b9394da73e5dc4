import torch
import torch.nn as nn


class Model(nn.Module):
    """Sequence classifier: a 2-layer unidirectional nn.LSTM (batch_first, zero initial state) over the whole
    sequence, then a Linear head on the last time step's output."""

    def __init__(self, input_size, hidden_size, num_layers, n_classes):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers=num_layers, batch_first=True)
        self.head = nn.Linear(hidden_size, n_classes)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[:, -1, :])


batch_size = 32
seq_len = 64
input_size = 128
hidden_size = 256
num_layers = 2
n_classes = 20


def get_inputs():
    return [torch.randn(batch_size, seq_len, input_size)]


def get_init_inputs():
    return [input_size, hidden_size, num_layers, n_classes]
