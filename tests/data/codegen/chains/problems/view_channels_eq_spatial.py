import torch
import torch.nn as nn

channels = 32
height = 32
width = 32


class Model(nn.Module):
    """31_VisionAttention's class (session 34): C == H == W at the spec, C bound by the weights (a LayerNorm and a
    Linear over channels), H and W free: the views to [B, C, H * W] and back to [B, C, H, W] must take each size from
    its own dim when the harness resizes H and W apart; the packed projection's view(B, H * W, 3, C) (torch 2.11's
    MultiheadAttention traces one) takes C from the channels dim, not a kwb_size over C / H / W."""

    def __init__(self, c):
        super().__init__()
        self.norm = nn.LayerNorm(c)
        self.qkv = nn.Linear(c, 3 * c)

    def forward(self, x):
        B, C, H, W = x.shape
        y = x.view(B, C, H * W).transpose(1, 2)
        q, k, v = self.qkv(self.norm(y)).view(B, H * W, 3, C).unbind(2)
        y = y + q * torch.sigmoid(k) + v
        return y.transpose(1, 2).reshape(B, C, H, W)


def get_inputs():
    return [torch.rand(2, channels, height, width)]


def get_init_inputs():
    return [channels]
