import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A TCN temporal block (Bai et al.): two dilated causal conv1d (padding (k-1)*d on both sides, the
    right `pad` steps chomped off by slicing), ReLU after each, a 1x1 downsample on the residual, ReLU."""

    def __init__(self, c_in, c_out, k, dilation):
        super().__init__()
        self.pad = (k - 1) * dilation
        self.conv1 = nn.Conv1d(c_in, c_out, k, padding=self.pad, dilation=dilation)
        self.conv2 = nn.Conv1d(c_out, c_out, k, padding=self.pad, dilation=dilation)
        self.downsample = nn.Conv1d(c_in, c_out, 1)

    def forward(self, x):
        y = F.relu(self.conv1(x)[:, :, :-self.pad].contiguous())
        y = F.relu(self.conv2(y)[:, :, :-self.pad].contiguous())
        return F.relu(y + self.downsample(x))


batch = 16
c_in = 32
c_out = 64
length = 500
k = 3
dilation = 4


def get_inputs():
    return [torch.randn(batch, c_in, length)]


def get_init_inputs():
    return [c_in, c_out, k, dilation]
