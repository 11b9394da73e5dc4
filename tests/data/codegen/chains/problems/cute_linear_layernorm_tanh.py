# Kernel Workbench test problem (session 31, cute31): a Linear, a LayerNorm over the last two dims of a 3-D view, a
# tanh and a residual: the CuTe DSL kwb_layer_norm stage (group norm's row kernel, one group per row) in fp32.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_features, rows, cols):
        super().__init__()
        self.linear = nn.Linear(in_features, rows * cols)
        self.norm = nn.LayerNorm([rows, cols])
        self.rows, self.cols = rows, cols

    def forward(self, x):
        y = self.linear(x).view(x.shape[0], self.rows, self.cols)
        return torch.tanh(self.norm(y)) + y


batch_size = 5
in_features = 12
rows = 3
cols = 14


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, rows, cols]
