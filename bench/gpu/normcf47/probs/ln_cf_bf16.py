# normcf47's A/B member: trial 27's 06_ in bf16 (input, parameters and output; both kwb plans widen the input to fp32
# in a launch of its own first -- kwb_to_fp32 -- and narrow the result back).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, c, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter((torch.ones(c) + 0.1 * torch.randn(c)).to(torch.bfloat16))
        self.bias = nn.Parameter((0.1 * torch.randn(c)).to(torch.bfloat16))
        self.eps = eps

    def forward(self, x):
        u = x.mean(1, keepdim=True)
        s = (x - u).pow(2).mean(1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.eps)
        return self.weight[:, None, None] * x + self.bias[:, None, None]


N, C, H, W = 16, 96, 56, 56


def get_inputs():
    return [torch.randn(N, C, H, W).to(torch.bfloat16)]


def get_init_inputs():
    return [C]
