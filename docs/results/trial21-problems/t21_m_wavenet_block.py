import torch
import torch.nn as nn
import torch.nn.functional as F

# Small real model: two WaveNet residual blocks. Causal dilated conv (left pad only), tanh * sigmoid gate,
# 1x1 residual and skip projections; the skips are summed.
class Block(nn.Module):
    def __init__(self, c, skip, dilation):
        super().__init__()
        self.dilation = dilation
        self.filt = nn.Conv1d(c, c, 2, dilation=dilation)
        self.gate = nn.Conv1d(c, c, 2, dilation=dilation)
        self.res = nn.Conv1d(c, c, 1)
        self.skip = nn.Conv1d(c, skip, 1)

    def forward(self, x):
        xp = F.pad(x, (self.dilation, 0))
        z = torch.tanh(self.filt(xp)) * torch.sigmoid(self.gate(xp))
        return x + self.res(z), self.skip(z)

class Model(nn.Module):
    def __init__(self, c, skip):
        super().__init__()
        self.b1 = Block(c, skip, 1)
        self.b2 = Block(c, skip, 4)

    def forward(self, x):
        x, s1 = self.b1(x)
        x, s2 = self.b2(x)
        return F.relu(s1 + s2)

def get_inputs():
    return [torch.randn(3, 16, 1000)]

def get_init_inputs():
    return [16, 24]
