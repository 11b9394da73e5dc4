import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Pre-norm transformer block: x + MHA(LN(x)), then x + MLP(LN(x)) with GELU; attention by hand."""
    def __init__(self, dim, heads, hidden):
        super(Model, self).__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.ln2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
    def forward(self, x):
        b, t, c = x.shape
        h = self.heads
        q, k, v = self.qkv(self.ln1(x)).split(c, dim=2)
        q = q.view(b, t, h, c // h).transpose(1, 2)
        k = k.view(b, t, h, c // h).transpose(1, 2)
        v = v.view(b, t, h, c // h).transpose(1, 2)
        att = torch.softmax(q @ k.transpose(-2, -1) * (1.0 / (c // h) ** 0.5), dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, c)
        x = x + self.proj(y)
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))

batch_size = 4
seq_len = 24
dim, heads, hidden = 64, 4, 256

def get_inputs():
    return [torch.randn(batch_size, seq_len, dim)]

def get_init_inputs():
    return [dim, heads, hidden]
