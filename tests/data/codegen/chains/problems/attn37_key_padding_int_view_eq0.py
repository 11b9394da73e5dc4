# Chain-planner test problem (not KernelBench): a Hugging Face style attention_mask [B, S] of int64 ones and zeros,
# viewed [B, 1, 1, S] and compared with 0 (masked_fill(mask == 0, -inf)), no causal mask: one kwb_attention launch,
# the mask read per key tile with its sense folded (mask_keep=True) (session 37, attn37).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, attention_mask):
        b, s = attention_mask.shape
        scores = q @ k.transpose(-2, -1) * 0.25
        scores = scores.masked_fill(attention_mask.view(b, 1, 1, s) == 0, float("-inf"))
        return torch.softmax(scores, dim=-1) @ v


def get_inputs():
    m = torch.ones(3, 29, dtype=torch.int64)
    m[0, 20:] = 0
    m[-1, 9:] = 0
    return [torch.randn(3, 4, 29, 16), torch.randn(3, 4, 29, 16), torch.randn(3, 4, 29, 8), m]


def get_init_inputs():
    return []
