# Chain-planner test problem (not KernelBench): sibling reductions over the same rows (kwb_rows).
import torch
import torch.nn as nn


class Model(nn.Module):
    """A standard deviation over the channels of [B, C, L] written out: the mean, then the mean of the centred squares
    (one pointwise run that only that mean reads: its prologue) -- one kwb_rows launch for both -- then sqrt(v + eps)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        mu = x.mean(dim=1, keepdim=True)
        v = ((x - mu) * (x - mu)).mean(dim=1, keepdim=True)
        return torch.sqrt(v + 1e-5).squeeze(1)


batch = 16
channels = 300
length = 64


def get_inputs():
    return [torch.randn(batch, channels, length)]


def get_init_inputs():
    return []
