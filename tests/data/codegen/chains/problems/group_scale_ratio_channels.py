# Chain-planner test problem (not KernelBench): another class of sizes tied by divisibility (new-user trial 31 #5):
# one scale per group of channels, the group count read from the scale's shape. 24 channels over 6 groups keep their
# ratio in every resize (resize_check.ratios [[24, 6, 4]]); resized apart (72 over 30) the view raises.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x, s):
        n, c, l = x.shape
        g = s.shape[1]
        y = x.view(n, g, c // g, l) * s.unsqueeze(2)
        return torch.relu(y.view(n, c, l))


def get_inputs():
    return [torch.randn(5, 24, 40), torch.randn(5, 6, 1)]


def get_init_inputs():
    return []
