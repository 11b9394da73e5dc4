# Kernel Workbench test problem (session 32, cute32): new-user trial 20's #5 at a small size. A bf16 Llama-style RMS
# norm computed in fp32, rounded to bf16 before the bf16 weight (the .to(torch.bfloat16) inside the pointwise run),
# gated by sigmoid of a second bf16 input. Its CuTe DSL kernel was a skeleton: the CuTe dialect had no cast to bf16.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim).to(torch.bfloat16))

    def forward(self, x, g):
        xf = x.float()
        y = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)
        y = y.to(torch.bfloat16) * self.weight
        return y * torch.sigmoid(g)


def get_inputs():
    return [torch.randn(3, 5, 40, dtype=torch.bfloat16), torch.randn(3, 5, 40, dtype=torch.bfloat16)]


def get_init_inputs():
    return [40]
