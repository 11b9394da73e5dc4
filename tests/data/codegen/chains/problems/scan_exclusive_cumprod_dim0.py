import torch
import torch.nn as nn


# probe19 (probe18's latent note): an exclusive cumprod in KernelBench 92_'s form, along dim 0 of a 3-D input: the scan
# template loads x shifted by one (inclusive minus x[k] was right for a sum only).
class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        c = torch.cumprod(x.narrow(dim=self.dim, start=0, length=x.size(self.dim) - 1), dim=self.dim)
        return torch.cat((torch.ones_like(x.select(self.dim, 0).unsqueeze(self.dim)), c), dim=self.dim)


def get_inputs():
    return [1.0 + 0.1 * torch.randn(40, 24, 33)]


def get_init_inputs():
    return [0]
