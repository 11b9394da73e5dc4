import torch
import torch.nn as nn


class ClampGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(-1, 1) * 2

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * (x.abs() <= 1).to(g.dtype) * 2


class Model(nn.Module):
    def forward(self, x):
        return ClampGrad.apply(x) + x


def get_inputs():
    return [torch.randn(4096, 512)]


def get_init_inputs():
    return []
