import torch
import torch.nn as nn


class Model(nn.Module):
    """Attention-map post-processing: given pre-softmax scores (B, H, Q, K) and a key padding mask (B, K),
    masked_fill the padded keys through a broadcast (B, 1, 1, K) view, softmax over keys, then the
    head-averaged attention map (mean over dim 1)."""

    def __init__(self):
        super().__init__()

    def forward(self, scores, key_pad):
        s = scores.masked_fill(key_pad[:, None, None, :], float("-inf"))
        p = torch.softmax(s, dim=-1)
        return p.mean(dim=1)


batch = 8
heads = 12
q_len = 256
k_len = 383


def get_inputs():
    lengths = torch.randint(1, k_len + 1, (batch,))
    key_pad = torch.arange(k_len)[None, :] >= lengths[:, None]
    return [torch.randn(batch, heads, q_len, k_len), key_pad]


def get_init_inputs():
    return []
