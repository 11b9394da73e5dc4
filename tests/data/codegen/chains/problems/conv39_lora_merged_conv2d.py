import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A LoRA update merged into a Conv2d's weight in forward(): W + (B @ A).view_as(W) * (alpha / r), bias, then
    GELU (the merged weight is a GEMM's result plus the frozen weight)."""

    def __init__(self, cin, cout, rank):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(cout, cin, 3, 3) * 0.1)
        self.bias = nn.Parameter(torch.randn(cout) * 0.1)
        self.lora_a = nn.Parameter(torch.randn(rank, cin * 9) * 0.1)
        self.lora_b = nn.Parameter(torch.randn(cout, rank) * 0.1)
        self.scale = 16.0 / rank

    def forward(self, x):
        w = self.weight + (self.lora_b @ self.lora_a).view_as(self.weight) * self.scale
        return F.gelu(F.conv2d(x, w, self.bias, padding=1))


batch = 2
cin = 16
cout = 32
rank = 4
height = 14
width = 13


def get_inputs():
    return [torch.randn(batch, cin, height, width)]


def get_init_inputs():
    return [cin, cout, rank]
