# Session 28 bench problem (not KernelBench): attention scores scaled, a causal mask from a registered buffer
# (masked_fill through a broadcast view), softmax over the keys: the prologue reads a tensor at every element.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("mask", torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1))

    def forward(self, scores):
        s = (scores * 0.125).masked_fill(self.mask[None, None], float("-inf"))
        return torch.softmax(s, dim=-1)


def get_inputs():
    return [torch.randn(8, 16, 512, 512)]


def get_init_inputs():
    return [512]
