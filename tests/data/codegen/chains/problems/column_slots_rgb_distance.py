# Per-pixel weighted colour distance between two RGB images, written with channel selects: the [B, H, W] expression
# reads three channels of each image (six column reads, more than one pointwise launch's five tensor slots). Session
# 43 (slot43): the channels of one image are read through one slot (kwb_cols: the image passed once, each channel at
# its index times the channel stride), so the run is one launch instead of being cut.
import torch
import torch.nn as nn

B, H, W = 2, 24, 40


class Model(nn.Module):
    def forward(self, x, y):
        dr = x[:, 0] - y[:, 0]
        dg = x[:, 1] - y[:, 1]
        db = x[:, 2] - y[:, 2]
        return torch.sqrt(0.299 * dr * dr + 0.587 * dg * dg + 0.114 * db * db + 1e-6)


def get_inputs():
    return [torch.rand(B, 3, H, W), torch.rand(B, 3, H, W)]


def get_init_inputs():
    return []
