# T5-style relative position bias: bf16 attention scores plus a learned per-head bias looked up by an
# int64 bucket matrix (an input), softmax computed in fp32, result in bf16.
import torch
import torch.nn as nn

B, H, T, NB = 4, 12, 384, 32


class Model(nn.Module):
    def __init__(self, n_heads, n_buckets):
        super().__init__()
        self.bias = nn.Embedding(n_buckets, n_heads)

    def forward(self, scores, buckets):
        # scores [B, H, T, T] bf16; buckets [T, T] int64 in [0, NB)
        bias = self.bias(buckets).permute(2, 0, 1).unsqueeze(0)  # [1, H, T, T]
        s = scores.float() + bias.float()
        return torch.softmax(s, dim=-1).to(scores.dtype)


def get_inputs():
    scores = torch.randn(B, H, T, T, dtype=torch.bfloat16)
    rel = torch.arange(T)[None, :] - torch.arange(T)[:, None]
    buckets = (rel.clamp(-NB // 2, NB // 2 - 1) + NB // 2).to(torch.int64)
    return [scores, buckets]


def get_init_inputs():
    return [H, NB]
