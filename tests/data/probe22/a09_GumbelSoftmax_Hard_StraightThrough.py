import torch
import torch.nn as nn


class Model(nn.Module):
    """Straight-through Gumbel-softmax over a code book, with the uniform noise passed in: g = -log(-log(u)),
    y_soft = softmax((logits + g) / tau), y_hard = one-hot of its argmax (scatter_ into zeros_like), result
    y_hard - y_soft.detach() + y_soft, then mixed into code vectors."""

    def __init__(self, codes, dim, tau):
        super().__init__()
        self.tau = tau
        self.codebook = nn.Parameter(torch.randn(codes, dim))

    def forward(self, logits, u):
        g = -torch.log(-torch.log(u.clamp(1e-10, 1.0 - 1e-7)))
        y_soft = ((logits + g) / self.tau).softmax(dim=-1)
        index = y_soft.max(dim=-1, keepdim=True)[1]
        y_hard = torch.zeros_like(logits).scatter_(-1, index, 1.0)
        y = y_hard - y_soft.detach() + y_soft
        return y @ self.codebook


def get_inputs():
    return [torch.randn(4096, 1024), torch.rand(4096, 1024)]


def get_init_inputs():
    return [1024, 256, 0.5]
