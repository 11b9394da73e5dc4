# Perceiver cross-attention: a small latent array attends to a long input byte array (multi-head, bf16).
import torch, torch.nn as nn, torch.nn.functional as F
B, NL, NI, D, H = 4, 256, 8192, 512, 8
class Model(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.q = nn.Linear(d, d, bias=False)
        self.kv = nn.Linear(d, 2 * d, bias=False)
        self.o = nn.Linear(d, d)
        self.to(torch.bfloat16)
    def forward(self, latents, inputs):
        b, nl, d = latents.shape
        q = self.q(latents).view(b, nl, self.h, d // self.h).transpose(1, 2)
        k, v = self.kv(inputs).chunk(2, dim=-1)
        k = k.reshape(b, -1, self.h, d // self.h).transpose(1, 2)
        v = v.reshape(b, -1, self.h, d // self.h).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v)
        return self.o(a.transpose(1, 2).reshape(b, nl, d)) + latents
def get_inputs():
    return [torch.randn(B, NL, D, dtype=torch.bfloat16), torch.randn(B, NI, D, dtype=torch.bfloat16)]
def get_init_inputs():
    return [D, H]
