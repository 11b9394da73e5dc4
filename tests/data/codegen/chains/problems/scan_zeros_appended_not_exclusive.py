import torch
import torch.nn as nn


# probe19: zeros_like + cat + cumsum that is no exclusive scan (the zeros come after the scan of the first n - 1):
# the planner's exclusive form checked only the op names and planned it as one; now the chain computes it.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        c = torch.cumsum(x.narrow(1, 0, x.size(1) - 1), dim=1)
        return torch.cat((c, torch.zeros_like(x.select(1, 0).unsqueeze(1))), dim=1)


def get_inputs():
    return [torch.randn(64, 300)]


def get_init_inputs():
    return []
