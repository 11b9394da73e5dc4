import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """WaveNet residual block: left (causal) pad by dilation*(k-1), dilated conv1d to 2C channels, gate
    tanh(a) * sigmoid(b) on its two halves, 1x1 convs to the residual (added to x) and to the skip output."""

    def __init__(self, channels, skip_channels, kernel_size, dilation):
        super().__init__()
        self.pad = dilation * (kernel_size - 1)
        self.conv = nn.Conv1d(channels, 2 * channels, kernel_size, dilation=dilation)
        self.res = nn.Conv1d(channels, channels, 1)
        self.skip = nn.Conv1d(channels, skip_channels, 1)

    def forward(self, x):
        h = self.conv(F.pad(x, (self.pad, 0)))
        a, b = h.chunk(2, dim=1)
        z = torch.tanh(a) * torch.sigmoid(b)
        return torch.cat([x + self.res(z), self.skip(z)], dim=1)


batch_size = 8
channels = 64
length = 4000


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels, 128, 3, 4]
