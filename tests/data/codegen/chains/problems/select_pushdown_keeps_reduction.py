# A select of a reduction's result is no pointwise value: the select stays a view of it (the pass looks through
# pointwise ops, stacks, cats and views only). The select of the pointwise prologue before the reduction is pushed
# onto x's column: (x * s)[:, 0] reads x[:, 0] * s[0] without writing x * s. Session 43 (bcast43).
import torch
import torch.nn as nn

B, D = 32, 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = nn.Parameter(torch.rand(D) + 0.5)

    def forward(self, x):
        y = x * self.s
        m = y.sum(dim=0)
        return y[:, 0] + m[1] + torch.tanh(y[:, 3])


def get_inputs():
    return [torch.randn(B, D)]


def get_init_inputs():
    return []
