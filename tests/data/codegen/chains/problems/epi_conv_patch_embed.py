import torch
import torch.nn as nn


class Model(nn.Module):
    """A ViT patch embedding: a strided convolution, flatten(2).transpose(1, 2) to tokens, plus a position embedding
    (a parameter over tokens and channels), minus a per-token input: the run after the convolution reads its output
    through a reshape and a transpose, and tensors given at the token layout."""

    def __init__(self, channels, dim, patch, tokens):
        super().__init__()
        self.proj = nn.Conv2d(channels, dim, patch, stride=patch)
        self.pos = nn.Parameter(torch.randn(1, tokens, dim) * 0.1)

    def forward(self, x, shift):
        t = self.proj(x).flatten(2).transpose(1, 2)
        return (t + self.pos) - shift


batch_size = 2
channels = 3
dim = 32
patch = 4
height = 16
width = 16


def get_inputs():
    return [torch.randn(batch_size, channels, height, width), torch.randn(batch_size, 16, 1)]


def get_init_inputs():
    return [channels, dim, patch, 16]
