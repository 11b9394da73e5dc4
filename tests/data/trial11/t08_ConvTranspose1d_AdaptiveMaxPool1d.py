import torch
import torch.nn as nn

class Model(nn.Module):
    """Transposed Conv1d (stride 2, groups 2, output_padding 1) followed by AdaptiveMaxPool1d to a size that does
    not divide the length (overlapping, uneven windows)."""
    def __init__(self, in_channels, out_channels):
        super(Model, self).__init__()
        self.deconv = nn.ConvTranspose1d(in_channels, out_channels, 4, stride=2, padding=1, output_padding=1,
                                         groups=2)
        self.pool = nn.AdaptiveMaxPool1d(37)
    def forward(self, x):
        return self.pool(self.deconv(x))

batch_size = 16
in_channels = 32
out_channels = 64
length = 301

def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]

def get_init_inputs():
    return [in_channels, out_channels]
