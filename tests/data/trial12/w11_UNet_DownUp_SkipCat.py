import torch
import torch.nn as nn


class DoubleConv(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
            nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

    def forward(self, x):
        return self.body(x)


class Model(nn.Module):
    """One UNet level: DoubleConv -> MaxPool2d(2) -> DoubleConv (bottleneck) -> ConvTranspose2d(2, stride 2)
    upsample -> concatenate with the skip along channels -> DoubleConv -> 1x1 Conv2d head."""

    def __init__(self, in_channels, base, n_classes):
        super().__init__()
        self.enc = DoubleConv(in_channels, base)
        self.pool = nn.MaxPool2d(2)
        self.mid = DoubleConv(base, 2 * base)
        self.up = nn.ConvTranspose2d(2 * base, base, kernel_size=2, stride=2)
        self.dec = DoubleConv(2 * base, base)
        self.head = nn.Conv2d(base, n_classes, 1)

    def forward(self, x):
        s = self.enc(x)
        y = self.mid(self.pool(s))
        y = self.up(y)
        y = torch.cat([s, y], dim=1)
        return self.head(self.dec(y))


batch_size = 4
in_channels = 3
base = 32
n_classes = 5
height = width = 128


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, base, n_classes]
