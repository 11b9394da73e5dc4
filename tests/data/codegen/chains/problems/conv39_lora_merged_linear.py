import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A LoRA update merged into a Linear's weight in forward(): F.linear(x, W + (B @ A) * (alpha / r), b), then
    tanh (the Linear member of the computed-weight class)."""

    def __init__(self, fin, fout, rank):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(fout, fin) * 0.05)
        self.bias = nn.Parameter(torch.randn(fout) * 0.1)
        self.lora_a = nn.Parameter(torch.randn(rank, fin) * 0.1)
        self.lora_b = nn.Parameter(torch.randn(fout, rank) * 0.1)
        self.scale = 2.0

    def forward(self, x):
        return torch.tanh(F.linear(x, self.weight + (self.lora_b @ self.lora_a) * self.scale, self.bias))


batch = 24
fin = 96
fout = 80
rank = 8


def get_inputs():
    return [torch.randn(batch, fin)]


def get_init_inputs():
    return [fin, fout, rank]
