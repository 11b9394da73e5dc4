import torch
import torch.nn as nn

class Model(nn.Module):
    """Linear projection to seq_len scores, causal mask via masked_fill, softmax over the last dim."""
    def __init__(self, hidden, seq_len):
        super().__init__()
        self.proj = nn.Linear(hidden, seq_len)
        self.register_buffer("mask", torch.tril(torch.ones(seq_len, seq_len)).bool())

    def forward(self, x):
        # x: [batch, seq_len, hidden]
        s = self.proj(x)
        s = s.masked_fill(~self.mask, float("-inf"))
        return torch.softmax(s, dim=-1)

batch_size = 8
seq_len = 128
hidden = 256

def get_inputs():
    return [torch.randn(batch_size, seq_len, hidden)]

def get_init_inputs():
    return [hidden, seq_len]
