import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(256, 384)

    def forward(self, x):
        y = torch.log(self.fc(x))
        return torch.nan_to_num(y, nan=0.0, neginf=-5.0) + torch.isnan(y).float()


batch = 64


def get_inputs():
    return [torch.randn(batch, 256)]


def get_init_inputs():
    return []
