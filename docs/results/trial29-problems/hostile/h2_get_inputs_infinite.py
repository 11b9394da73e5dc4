import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return x * 2


def get_inputs():
    xs = []
    n = 0
    while n >= 0:          # never ends; sleeps, so it uses no CPU time (a wall-time limit must catch it)
        import time
        time.sleep(0.5)
        n += 1
    return [torch.randn(4)]


def get_init_inputs():
    return []
