import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """wav2vec-style feature encoder front: a strided Conv1d on raw audio -> per-channel GroupNorm -> GELU, then a
    ConvS2S-style gated conv: Conv1d to 2*C channels -> GLU over the channel dim."""

    def __init__(self, channels, kernel_size, stride):
        super().__init__()
        self.conv0 = nn.Conv1d(1, channels, kernel_size, stride=stride, bias=False)
        self.norm0 = nn.GroupNorm(channels, channels, affine=True)
        self.conv1 = nn.Conv1d(channels, 2 * channels, 3, padding=1)

    def forward(self, wav):
        x = F.gelu(self.norm0(self.conv0(wav)))
        return F.glu(self.conv1(x), dim=1)


batch_size = 8
samples = 16000
channels = 256
kernel_size = 10
stride = 5


def get_inputs():
    return [torch.randn(batch_size, 1, samples)]


def get_init_inputs():
    return [channels, kernel_size, stride]
