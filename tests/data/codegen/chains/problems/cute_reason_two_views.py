import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """softplus of a permuted input minus a transposed one (session 31): neither the CuTe DSL elementwise template
    (views) nor the stage set (the chain plans the second view as a gather, kwb_at) renders it; the skeleton's
    reason names x.permute(0, 2, 1) and its line, not the generator's name of it (new-user trial 12, #14)."""

    def forward(self, x, y):
        return F.softplus(x.permute(0, 2, 1), beta=2.0, threshold=10.0) - y.transpose(1, 2) * 0.25


def get_inputs():
    return [torch.randn(3, 17, 29), torch.randn(3, 17, 29)]


def get_init_inputs():
    return []
