# attn16 bench problem: a per-sample additive bias [B, 1, L, L] (a forward() input) on the scaled scores, then a
# causal mask from a triu of ones, fp16 (tests/data/codegen/chains/problems/attn16_batch_bias_causal.py at H200 sizes)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, bias):
        L = q.shape[2]
        s = q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5 + bias
        causal = torch.triu(torch.ones(L, L, dtype=torch.bool, device=q.device), diagonal=1)
        s = s.masked_fill(causal, float("-inf"))
        return torch.softmax(s, dim=-1) @ v


def sdpa(model, q, k, v, bias):
    """The same with F.scaled_dot_product_attention (the mask folded into the float attn_mask)."""
    L = q.shape[2]
    causal = torch.triu(torch.ones(L, L, dtype=torch.bool, device=q.device), diagonal=1)
    return F.scaled_dot_product_attention(q, k, v, attn_mask=bias.masked_fill(causal, float("-inf")))


def get_inputs():
    return [torch.randn(4, 16, 1024, 64, dtype=torch.float16) for _ in range(3)] + [
        torch.randn(4, 1, 1024, 1024, dtype=torch.float16)]


def get_init_inputs():
    return []
