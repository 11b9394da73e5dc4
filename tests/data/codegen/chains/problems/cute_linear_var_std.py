# Kernel Workbench test problem (session 31, cute31): torch.var and torch.std in a chain (the CuTe DSL kwb_var stage):
# the unbiased variance over the features of a Linear's output, the biased std over its batch dim.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        y = self.linear(x)
        v = torch.var(y, dim=1, keepdim=True)
        s = torch.std(y, dim=0, unbiased=False, keepdim=True)
        return torch.relu(y - v) * 0.5 + s


batch_size = 6
in_features = 12
out_features = 40


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
