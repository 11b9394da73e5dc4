import torch
import torch.nn as nn
import kwb_no_such_module  # noqa: F401


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    return [torch.rand(16, 1024)]


def get_init_inputs():
    return []
