import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The original (unpadded) UNet expansive step: ConvTranspose2d k2 s2 halves the channels and doubles the size,
    the larger skip map is centre-cropped to match, concatenated on channels, then two valid 3x3 convs + ReLU."""

    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.up = nn.ConvTranspose2d(in_ch, out_ch, kernel_size=2, stride=2)
        self.conv1 = nn.Conv2d(in_ch, out_ch, 3)
        self.conv2 = nn.Conv2d(out_ch, out_ch, 3)

    def forward(self, x, skip):
        x = self.up(x)
        dh = (skip.shape[2] - x.shape[2]) // 2
        dw = (skip.shape[3] - x.shape[3]) // 2
        skip = skip[:, :, dh : dh + x.shape[2], dw : dw + x.shape[3]]
        x = torch.cat([skip, x], dim=1)
        x = F.relu(self.conv1(x))
        return F.relu(self.conv2(x))


batch = 4
in_ch = 256
out_ch = 128


def get_inputs():
    return [torch.randn(batch, in_ch, 28, 28), torch.randn(batch, out_ch, 64, 64)]


def get_init_inputs():
    return [in_ch, out_ch]
