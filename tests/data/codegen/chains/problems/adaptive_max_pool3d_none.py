import torch
import torch.nn as nn

# AdaptiveMaxPool3d((3, None, 5)): uneven windows along D and W, H kept (None follows the input's H), then a scale.
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AdaptiveMaxPool3d((3, None, 5))

    def forward(self, x):
        return self.pool(x) * 2.0


batch_size = 2
channels = 5
depth = 10
height = 7
width = 13


def get_inputs():
    return [torch.randn(batch_size, channels, depth, height, width)]


def get_init_inputs():
    return []
