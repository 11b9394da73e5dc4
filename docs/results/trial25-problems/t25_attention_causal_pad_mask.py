import math
import torch
import torch.nn as nn

class Model(nn.Module):
    """Attention with a causal mask AND a key-padding mask given as a bool input [B, S] (True = keep)."""
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, key_keep):
        d = q.shape[-1]
        s = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d)
        S = q.shape[-2]
        causal = torch.triu(torch.ones(S, S, dtype=torch.bool, device=q.device), diagonal=1)
        s = s.masked_fill(causal, float('-inf'))
        s = s.masked_fill(~key_keep[:, None, None, :], float('-inf'))
        p = torch.softmax(s, dim=-1)
        return torch.matmul(p, v)

B, H, S, D = 4, 8, 256, 64

def get_inputs():
    q = torch.randn(B, H, S, D)
    k = torch.randn(B, H, S, D)
    v = torch.randn(B, H, S, D)
    keep = torch.ones(B, S, dtype=torch.bool)
    keep[:, -17:] = False
    return [q, k, v, keep]

def get_init_inputs():
    return []
