import torch
import torch.nn as nn


class Model(nn.Module):
    """ConvTranspose1d (stride 2, output_padding 1) -> GELU (tanh approximation) -> LayerNorm over the length dim."""

    def __init__(self, in_channels, out_channels, length_out):
        super().__init__()
        self.deconv = nn.ConvTranspose1d(in_channels, out_channels, kernel_size=4, stride=2, padding=1,
                                         output_padding=1)
        self.norm = nn.LayerNorm(length_out)

    def forward(self, x):
        x = self.deconv(x)
        x = nn.functional.gelu(x, approximate="tanh")
        return self.norm(x)


batch_size = 32
in_channels = 64
out_channels = 32
length = 250
length_out = (length - 1) * 2 - 2 * 1 + (4 - 1) + 1 + 1  # 501


def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels, length_out]
