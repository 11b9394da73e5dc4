import torch
import torch.nn as nn


class Model(nn.Module):
    """New-user trial 20 #4's class: a band mask whose first integer use is an exact comparison (j <= i) and whose
    second is integer arithmetic (i - j): the skeleton's reason names the subtraction, the op with no lowering."""

    def __init__(self, w):
        super().__init__()
        self.w = w

    def forward(self, x):
        t = x.shape[-1]
        i = torch.arange(t, device=x.device)[:, None]
        j = torch.arange(t, device=x.device)[None, :]
        keep = (j <= i) & (i - j < self.w)
        return torch.softmax(x.masked_fill(~keep, float("-inf")), dim=-1)


def get_inputs():
    return [torch.randn(4, 40, 40)]


def get_init_inputs():
    return [7]
