# Chain-planner test problem (not KernelBench): a 1-layer Elman RNN with ReLU and an initial state.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.rnn = nn.RNN(input_size, hidden_size, 1, nonlinearity="relu")

    def forward(self, x, h0):
        return self.rnn(x, h0)[0]


seq_len = 18
batch_size = 4
input_size = 20
hidden_size = 36


def get_inputs():
    return [torch.rand(seq_len, batch_size, input_size), torch.rand(1, batch_size, hidden_size) * 0.1]


def get_init_inputs():
    return [input_size, hidden_size]
