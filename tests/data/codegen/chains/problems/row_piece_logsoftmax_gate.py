# A log-softmax written out (x - logsumexp over the last dim of a 3-D map), then a per-position gate sigmoid(t)
# unsqueezed to [L, 1] (a view of a run's value: a run of its own): the log-probabilities are a piece of the gated
# multiply's run, so the row pass takes that run's piecewise form as its post (fuseRows' pieceReader, session 44).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.t = nn.Parameter(torch.randn(50))

    def forward(self, x):
        ls = x - torch.logsumexp(x, dim=-1, keepdim=True)
        return ls * torch.sigmoid(self.t).unsqueeze(-1)


def get_inputs():
    return [torch.randn(16, 50, 120)]


def get_init_inputs():
    return []
