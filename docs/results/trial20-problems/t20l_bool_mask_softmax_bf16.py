import torch
import torch.nn as nn


class Model(nn.Module):
    """bf16 scores with a bool padding mask input: masked softmax, rows fully masked give zeros (nan_to_num)."""

    def __init__(self):
        super().__init__()

    def forward(self, scores, keep):
        s = scores.float().masked_fill(~keep, float("-inf"))
        p = torch.softmax(s, dim=-1)
        return torch.nan_to_num(p, nan=0.0).to(scores.dtype)


def get_inputs():
    scores = torch.randn(4, 6, 70, 130, dtype=torch.bfloat16)
    keep = torch.rand(4, 1, 1, 130) > 0.3
    keep[0, :, :, :] = False
    return [scores, keep]


def get_init_inputs():
    return []
