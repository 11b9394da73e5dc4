import math
import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Causal self-attention (GPT-style) whose mask is built in forward() from torch.ones(T, T).tril() and applied
    with masked_fill(-inf) before the softmax: the form torch before scaled_dot_product_attention traces into
    ones, tril, eq, masked_fill and softmax."""
    def __init__(self, n_embd, n_head):
        super(Model, self).__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.n_head = n_head
        self.n_embd = n_embd
    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        hs = C // self.n_head
        q = q.view(B, T, self.n_head, hs).transpose(1, 2)
        k = k.view(B, T, self.n_head, hs).transpose(1, 2)
        v = v.view(B, T, self.n_head, hs).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hs))
        mask = torch.tril(torch.ones(T, T, device=x.device))
        att = att.masked_fill(mask == 0, float('-inf'))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)

batch_size = 4
seq_len = 40
n_embd = 64
n_head = 4

def get_inputs():
    return [torch.randn(batch_size, seq_len, n_embd)]

def get_init_inputs():
    return [n_embd, n_head]
