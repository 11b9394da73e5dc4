import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return x.sigmoid()


def get_inputs():
    raise RuntimeError("dataset not found: /data/private/shard0.pt")


def get_init_inputs():
    return []
