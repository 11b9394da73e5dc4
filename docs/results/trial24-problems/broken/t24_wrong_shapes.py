import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(128, 64)

    def forward(self, x):
        return self.fc(x)


def get_inputs():
    return [torch.randn(32, 100)]  # 100 != 128: forward raises


def get_init_inputs():
    return []
