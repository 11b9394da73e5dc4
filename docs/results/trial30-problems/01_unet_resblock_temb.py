# Diffusion UNet ResBlock (DDPM / Stable Diffusion style): GroupNorm(32) -> SiLU -> conv3x3, plus the timestep
# embedding projected by SiLU -> Linear and broadcast-added per channel, GroupNorm -> SiLU -> conv3x3, then a 1x1
# skip conv (channel change) added. Eval mode (no dropout).
import torch
import torch.nn as nn
import torch.nn.functional as F

B, CIN, COUT, H, W, TEMB = 4, 64, 128, 32, 32, 256


class Model(nn.Module):
    def __init__(self, cin, cout, temb):
        super().__init__()
        self.norm1 = nn.GroupNorm(32, cin, eps=1e-6)
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.temb_proj = nn.Linear(temb, cout)
        self.norm2 = nn.GroupNorm(32, cout, eps=1e-6)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1)

    def forward(self, x, temb):
        h = self.conv1(F.silu(self.norm1(x)))
        h = h + self.temb_proj(F.silu(temb))[:, :, None, None]
        h = self.conv2(F.silu(self.norm2(h)))
        return self.skip(x) + h


def get_inputs():
    return [torch.randn(B, CIN, H, W), torch.randn(B, TEMB)]


def get_init_inputs():
    return [CIN, COUT, TEMB]
