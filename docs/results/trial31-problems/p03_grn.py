# ConvNeXt V2 Global Response Normalization (channels-last), fp32.
import torch, torch.nn as nn
N, Hh, W, C = 32, 28, 28, 384
class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.randn(1, 1, 1, dim) * 0.1)
        self.beta = nn.Parameter(torch.randn(1, 1, 1, dim) * 0.1)
    def forward(self, x):
        gx = torch.norm(x, p=2, dim=(1, 2), keepdim=True)
        nx = gx / (gx.mean(dim=-1, keepdim=True) + 1e-6)
        return self.gamma * (x * nx) + self.beta + x
def get_inputs():
    return [torch.randn(N, Hh, W, C)]
def get_init_inputs():
    return [C]
