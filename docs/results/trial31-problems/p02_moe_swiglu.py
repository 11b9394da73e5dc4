# SwiGLU MoE layer (Mixtral-style, dense-evaluated experts) with top-k softmax router and weighted combine.
import torch, torch.nn as nn, torch.nn.functional as F
T, H, I, E, K = 512, 1024, 2816, 8, 2
class Model(nn.Module):
    def __init__(self, h, i, e, k):
        super().__init__()
        self.k = k
        self.router = nn.Linear(h, e, bias=False)
        self.w1 = nn.Parameter(torch.randn(e, h, i) * h ** -0.5)
        self.w3 = nn.Parameter(torch.randn(e, h, i) * h ** -0.5)
        self.w2 = nn.Parameter(torch.randn(e, i, h) * i ** -0.5)
    def forward(self, x):
        logits = self.router(x)                               # [T,E]
        w, sel = torch.topk(torch.softmax(logits, dim=-1), self.k, dim=-1)
        w = w / w.sum(-1, keepdim=True)
        gate = torch.zeros_like(logits).scatter(1, sel, w)    # [T,E] dense combine weights
        hidden = F.silu(torch.einsum('th,ehi->eti', x, self.w1)) * torch.einsum('th,ehi->eti', x, self.w3)
        out = torch.einsum('eti,eih->eth', hidden, self.w2)   # [E,T,H]
        return torch.einsum('eth,te->th', out, gate)
def get_inputs():
    return [torch.randn(T, H, dtype=torch.float16)]
def get_init_inputs():
    return [H, I, E, K]
