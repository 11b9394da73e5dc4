# Chain-planner test problem (not KernelBench): a 2-layer bidirectional LSTM with no initial state given
# (zeros), whose result reads the last output step, h_n and c_n.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers, bidirectional=True)

    def forward(self, x):
        out, (h_n, c_n) = self.lstm(x)
        return out[-1] + torch.cat([h_n[-1], c_n[-1]], dim=1)


seq_len = 20
batch_size = 5
input_size = 24
hidden_size = 40
num_layers = 2


def get_inputs():
    return [torch.rand(seq_len, batch_size, input_size)]


def get_init_inputs():
    return [input_size, hidden_size, num_layers]
