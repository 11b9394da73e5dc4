import torch
import torch.nn as nn


class Model(nn.Module):
    """A classifier head on a feature map passed in: `x.view(x.size(0), -1)`, dropout (eval), Linear. A second
    member of probe22's a07 class: Model's own .view rejects the harness's sliced (strided) input."""

    def __init__(self, channels, size, classes):
        super().__init__()
        self.drop = nn.Dropout(0.5)
        self.fc = nn.Linear(channels * size * size, classes)
        self.eval()

    def forward(self, x):
        return self.fc(self.drop(x.view(x.size(0), -1)))


def get_inputs():
    return [torch.randn(64, 64, 7, 7)]


def get_init_inputs():
    return [64, 7, 1000]
