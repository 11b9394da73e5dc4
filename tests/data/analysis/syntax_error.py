import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x

batch_size = 16
dim = 1024


def get_inputs():
    return [torch.rand(batch_size, dim)]
