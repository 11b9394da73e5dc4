import torch
import torch.nn as nn


class Model(nn.Module):
    """uint8 NCHW images to normalised fp32: (img.float() - mean[c]) / std[c], per-channel statistics."""

    def __init__(self):
        super().__init__()

    def forward(self, img, mean, std):
        x = img.to(torch.float32)
        return (x - mean.view(1, -1, 1, 1)) / std.view(1, -1, 1, 1)


batch = 64
channels = 3
height = 512
width = 512


def get_inputs():
    img = torch.randint(0, 256, (batch, channels, height, width), dtype=torch.uint8)
    mean = torch.tensor([123.7, 116.3, 103.5])
    std = torch.tensor([58.4, 57.1, 57.4])
    return [img, mean, std]


def get_init_inputs():
    return []
