import torch
import torch.nn as nn


class Model(nn.Module):
    """Squeeze-and-excitation block with a residual: 3x3 conv, global average pool, FC-ReLU-FC-sigmoid
    channel gate, scale, add the input, ReLU."""

    def __init__(self, ch, r):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.fc1 = nn.Linear(ch, ch // r)
        self.fc2 = nn.Linear(ch // r, ch)

    def forward(self, x):
        y = self.conv(x)
        s = y.mean(dim=(2, 3))
        g = torch.sigmoid(self.fc2(torch.relu(self.fc1(s))))
        return torch.relu(x + y * g[:, :, None, None])


batch = 16
ch = 256
r = 16
size = 28


def get_inputs():
    return [torch.randn(batch, ch, size, size)]


def get_init_inputs():
    return [ch, r]
