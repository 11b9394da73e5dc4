import torch
import torch.nn as nn


class Model(nn.Module):
    """CBAM block: channel attention from a shared MLP over the avg- and max-pooled descriptors (sigmoid of their
    sum), then spatial attention from a 7x7 conv over the channel mean and channel max (sigmoid), both multiplied
    into the features."""

    def __init__(self, channels, reduction):
        super().__init__()
        self.mlp = nn.Sequential(
            nn.Conv2d(channels, channels // reduction, 1, bias=False),
            nn.ReLU(),
            nn.Conv2d(channels // reduction, channels, 1, bias=False),
        )
        self.spatial = nn.Conv2d(2, 1, kernel_size=7, padding=3, bias=False)

    def forward(self, x):
        avg = torch.mean(x, dim=(2, 3), keepdim=True)
        mx = torch.amax(x, dim=(2, 3), keepdim=True)
        x = x * torch.sigmoid(self.mlp(avg) + self.mlp(mx))
        s = torch.cat([x.mean(dim=1, keepdim=True), x.amax(dim=1, keepdim=True)], dim=1)
        return x * torch.sigmoid(self.spatial(s))


batch = 16
channels = 128
size = 56


def get_inputs():
    return [torch.randn(batch, channels, size, size)]


def get_init_inputs():
    return [channels, 16]
