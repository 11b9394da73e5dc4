# T5 encoder self-attention with the relative position bias computed in forward: the bucket of (j - i)
# by T5's log-spaced rule (bidirectional), an nn.Embedding of num_buckets x heads, added to unscaled scores.
import math
import torch
import torch.nn as nn

Bt, S, Dm, Hh, NB, MAXD = 4, 256, 512, 8, 32, 128


class Model(nn.Module):
    def __init__(self, d_model, n_heads, num_buckets, max_distance):
        super().__init__()
        self.h = n_heads
        self.nb = num_buckets
        self.maxd = max_distance
        self.q = nn.Linear(d_model, d_model, bias=False)
        self.k = nn.Linear(d_model, d_model, bias=False)
        self.v = nn.Linear(d_model, d_model, bias=False)
        self.o = nn.Linear(d_model, d_model, bias=False)
        self.rel = nn.Embedding(num_buckets, n_heads)

    def bucket(self, rel):
        nb = self.nb // 2
        ret = (rel > 0).long() * nb
        n = rel.abs()
        max_exact = nb // 2
        is_small = n < max_exact
        large = max_exact + (torch.log(n.float().clamp(min=1) / max_exact) / math.log(self.maxd / max_exact)
                             * (nb - max_exact)).long()
        large = torch.clamp(large, max=nb - 1)
        return ret + torch.where(is_small, n, large)

    def forward(self, x):                                   # x [B, S, D]
        b, s, d = x.shape
        q = self.q(x).view(b, s, self.h, -1).transpose(1, 2)
        k = self.k(x).view(b, s, self.h, -1).transpose(1, 2)
        v = self.v(x).view(b, s, self.h, -1).transpose(1, 2)
        pos = torch.arange(s, device=x.device)
        rel = pos[None, :] - pos[:, None]                   # [S, S] = j - i
        bias = self.rel(self.bucket(rel)).permute(2, 0, 1)  # [H, S, S]
        scores = q @ k.transpose(-1, -2) + bias.unsqueeze(0)
        p = torch.softmax(scores.float(), dim=-1).type_as(scores)
        o = (p @ v).transpose(1, 2).reshape(b, s, d)
        return self.o(o)


def get_inputs():
    return [torch.randn(Bt, S, Dm)]


def get_init_inputs():
    return [Dm, Hh, NB, MAXD]
