# Chain-planner test problem (not KernelBench): outer broadcasts reduced over a middle dim (probe16's z01's class,
# session 28): tanh(a[:, None, :] + w[None, :, :]) averaged over the broadcast dim (stride 0 in the expanded operand),
# and a keepdim amax of a scaled outer product over the same dim; each broadcast is its reduction's prologue.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, k, c):
        super().__init__()
        self.w = nn.Parameter(torch.randn(k, c))

    def forward(self, a):
        m = torch.tanh(a.unsqueeze(1) + self.w.unsqueeze(0)).mean(dim=1)
        x = (a.unsqueeze(1) * self.w.unsqueeze(0) * 0.5).amax(dim=1, keepdim=True)
        return m + x.squeeze(1)


batch = 5
k = 9
c = 37


def get_inputs():
    return [torch.randn(batch, c)]


def get_init_inputs():
    return [k, c]
