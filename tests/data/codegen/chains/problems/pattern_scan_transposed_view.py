import torch
import torch.nn as nn


# probe19 (a WRONG kernel before): a scan of a transposed view of the input. The pattern planner followed every view
# back to the input and scanned x itself along dim 1 (rel_err 1.5); a view that moves elements now goes to the chain.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.cumsum(x.t(), dim=1)


def get_inputs():
    return [torch.randn(300, 257)]


def get_init_inputs():
    return []
