import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A diffusion-UNet step: ResBlock (GroupNorm(8) + SiLU + conv 3x3, + time-embedding projection broadcast
    over H, W, GroupNorm + SiLU + conv 3x3, residual), stride-2 conv down, nearest x2 up, concatenate with the
    ResBlock output, 1x1 conv."""

    def __init__(self, channels, temb_dim):
        super().__init__()
        self.norm1 = nn.GroupNorm(8, channels)
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
        self.temb = nn.Linear(temb_dim, channels)
        self.norm2 = nn.GroupNorm(8, channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1)
        self.down = nn.Conv2d(channels, channels, 3, stride=2, padding=1)
        self.merge = nn.Conv2d(2 * channels, channels, 1)

    def forward(self, x, t):
        h = self.conv1(F.silu(self.norm1(x)))
        h = h + self.temb(F.silu(t))[:, :, None, None]
        h = self.conv2(F.silu(self.norm2(h)))
        r = x + h
        d = self.down(r)
        u = F.interpolate(d, scale_factor=2.0, mode="nearest")
        return self.merge(torch.cat([r, u], dim=1))


batch = 4
channels = 64
temb_dim = 128
height = 32
width = 32


def get_inputs():
    return [torch.randn(batch, channels, height, width), torch.randn(batch, temb_dim)]


def get_init_inputs():
    return [channels, temb_dim]
