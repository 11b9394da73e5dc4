# Hostile: module-level os._exit(0): the interpreter ends (status 0) while the file is imported, no exception.
import os
import torch
import torch.nn as nn

os._exit(0)


class Model(nn.Module):
    def forward(self, x):
        return x


def get_inputs():
    return [torch.randn(8)]


def get_init_inputs():
    return []
