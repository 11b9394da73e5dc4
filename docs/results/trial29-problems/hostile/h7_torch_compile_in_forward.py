import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = torch.compile(lambda t: torch.sin(t) * torch.cos(t))

    def forward(self, x):
        return self.f(x)


def get_inputs():
    return [torch.randn(1024, 1024)]


def get_init_inputs():
    return []
