# Chain-planner test problem (not KernelBench): a 2-layer batch_first GRU without biases, whose result reads
# both the output sequence and h_n.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers):
        super().__init__()
        self.gru = nn.GRU(input_size, hidden_size, num_layers, bias=False, batch_first=True)

    def forward(self, x, h0):
        out, h_n = self.gru(x, h0)
        return out[:, -1, :] + h_n[0]


batch_size = 6
seq_len = 24
input_size = 40
hidden_size = 48
num_layers = 2


def get_inputs():
    return [torch.rand(batch_size, seq_len, input_size), torch.rand(num_layers, batch_size, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size, num_layers]
