# Chain-planner test problem (not KernelBench): session 38's second member of probe25 b02's class (masked_scatter):
# a LLaVA-style merge of projected features into the positions of an image token, the [batch, seq, 1] mask broadcast
# over the hidden dim (the source read in order), then a residual and GELU.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim, image_token):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.image_token = image_token

    def forward(self, h, ids):  # h [batch, seq, dim], ids int64 [batch, seq]
        feats = self.proj(h)
        mask = (ids == self.image_token).unsqueeze(-1)
        merged = h.masked_scatter(mask, feats)
        return torch.nn.functional.gelu(merged + h)


batch = 3
seq = 20
dim = 32


def get_inputs():
    return [torch.randn(batch, seq, dim), torch.randint(0, 4, (batch, seq))]


def get_init_inputs():
    return [dim, 3]
