# Chain-planner test problem (not KernelBench; session 48, t5rel48): causal self-attention with a learned additive
# position bias parameter [H, S, S] (broadcast over the batch) and the heads split from one [B, S, 3 * D] QKV
# projection by view + permute; unscaled scores, the causal mask built from constants in forward. The attention
# reads the head-split views in place (KWB_ATTN_HEADS), the bias per tile, the mask as an index predicate.
import torch
import torch.nn as nn

B, S, D, H = 2, 36, 48, 3


class Model(nn.Module):
    def __init__(self, d_model, n_heads, seq):
        super().__init__()
        self.h = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model, bias=False)
        self.pos_bias = nn.Parameter(torch.randn(n_heads, seq, seq) * 0.5)

    def forward(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(x).view(b, s, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) * 0.25 + self.pos_bias[:, :s, :s]
        causal = torch.ones(s, s, dtype=torch.bool, device=x.device).triu(1)
        scores = scores.masked_fill(causal, float("-inf"))
        p = torch.softmax(scores, dim=-1)
        return (p @ v).transpose(1, 2).reshape(b, s, d)


def get_inputs():
    return [torch.randn(B, S, D)]


def get_init_inputs():
    return [D, H, S]
