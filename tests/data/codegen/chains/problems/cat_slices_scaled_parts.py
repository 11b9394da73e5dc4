# Issue 14 (trial 29 #4's class, cat41): a cat along dim 1 of three pointwise functions of slices of one input, each
# slice starting at its offset in the cat (read at the cat's own index); the input's channels (the cat's width and the
# last part's) resized by the harness, the first two parts' widths the model's K. One pointwise launch instead of
# three and a cat (trial 29 04's grid and anchors, operands of a part's width, are padded: state_yolo_grid_decode).
import torch
import torch.nn as nn

B, C, T, K = 3, 12, 37, 4


class Model(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x):
        k = self.k
        a = x[:, :k].sigmoid()
        b = x[:, k:2 * k].tanh() * 1.5
        c = x[:, 2 * k:] * 0.5 + 1.0
        return torch.cat([a, b, c], 1)


def get_inputs():
    return [torch.randn(B, C, T)]


def get_init_inputs():
    return [K]
