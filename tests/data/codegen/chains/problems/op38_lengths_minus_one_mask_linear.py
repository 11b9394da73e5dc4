# Chain-planner test problem (not KernelBench): trial 26 #6's class: a CuTe DSL reason about an integer input of a
# pointwise run (lengths - 1, integer arithmetic the dialect computes in fp32 only) names the user's input, lengths,
# not the chain's internal a0 (session 38, operand38).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x, lengths):
        T = x.shape[1]
        keep = torch.arange(T, device=x.device)[None, :] < (lengths[:, None] - 1)
        return self.proj(x) * keep[:, :, None]


def get_inputs():
    return [torch.randn(3, 11, 16), torch.tensor([11, 4, 1])]


def get_init_inputs():
    return []
