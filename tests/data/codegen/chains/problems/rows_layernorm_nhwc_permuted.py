# Chain-planner test problem (not KernelBench): statistics over the channels of a channels-last input (issue 14,
# session 47, normcf47): the one-pass column tile's class where the reduced dim is the contiguous one after all.
import torch
import torch.nn as nn


class Model(nn.Module):
    """A channels-first layer norm (ConvNeXt's, written out) of an NHWC tensor permuted to NCHW: the mean over C, the
    mean of the centred squares, the apply and a per-channel affine. In memory C is innermost (stride 1) and H, W
    one run of stride C; the output is NCHW."""

    def __init__(self, channels, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels) + 0.1 * torch.randn(channels))
        self.bias = nn.Parameter(0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x):
        x = x.permute(0, 3, 1, 2)
        u = x.mean(1, keepdim=True)
        s = (x - u).pow(2).mean(1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.eps)
        return self.weight[:, None, None] * x + self.bias[:, None, None]


batch = 2
height = 7
width = 9
channels = 32


def get_inputs():
    return [torch.randn(batch, height, width, channels)]


def get_init_inputs():
    return [channels]
