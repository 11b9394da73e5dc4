import torch
import torch.nn as nn

# new-user trial 27: an all-pointwise forward reading a model parameter broadcast over the last dim; the CuTe DSL
# elementwise template refuses parameters, the chain's kwb_pointwise launch reads them (was a CuTe DSL skeleton)
class Model(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(size))

    def forward(self, x):
        return torch.tanh(x * self.weight) + 1.0

size = 96
batch = 40

def get_inputs():
    return [torch.randn(batch, size)]

def get_init_inputs():
    return [size]
