import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Grouped Conv1d with padding='same' (string padding) followed by Softsign."""
    def __init__(self, in_channels, out_channels, kernel_size, groups):
        super(Model, self).__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, padding='same', groups=groups, bias=True)
    def forward(self, x):
        return F.softsign(self.conv(x))

batch_size = 8
in_channels = 48
out_channels = 96
kernel_size = 7
groups = 6
length = 1000

def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]

def get_init_inputs():
    return [in_channels, out_channels, kernel_size, groups]
