import torch
import torch.nn as nn

# session 40 (dtype40), a bool result of an all-pointwise graph: a bool input masked by a comparison; torch returns
# bool (the CuTe DSL stage set stored it as fp32).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):
        return mask & (x > 0.0)


batch = 8
seq = 40


def get_inputs():
    return [torch.randn(batch, seq), torch.rand(batch, seq) > 0.5]


def get_init_inputs():
    return []
