import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """UNet decoder stage: bilinear upsample x2 with align_corners=True, concatenate the encoder skip along the
    channels, two 3x3 conv + BN (eval) + ReLU."""

    def __init__(self, in_channels, skip_channels, out_channels):
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels + skip_channels, out_channels, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.eval()

    def forward(self, x, skip):
        x = F.interpolate(x, size=skip.shape[-2:], mode="bilinear", align_corners=True)
        x = torch.cat([x, skip], dim=1)
        x = F.relu(self.bn1(self.conv1(x)))
        return F.relu(self.bn2(self.conv2(x)))


batch_size = 4
height = 32
width = 48


def get_inputs():
    return [torch.randn(batch_size, 128, height, width), torch.randn(batch_size, 64, 2 * height, 2 * width)]


def get_init_inputs():
    return [128, 64, 64]
