# Grouped-query attention decode step (Llama-3 style): 1 new token, KV cache read up to position `pos`.
import torch, torch.nn as nn
B, HQ, HKV, D, SMAX = 8, 32, 8, 128, 4096
class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, q, k_cache, v_cache, pos):
        # q: [B, HQ, 1, D]; caches: [B, HKV, SMAX, D]; pos: [B] int64 (valid length per sequence)
        g = q.shape[1] // k_cache.shape[1]; smax = k_cache.shape[2]; d = q.shape[-1]
        k = k_cache.repeat_interleave(g, dim=1)
        v = v_cache.repeat_interleave(g, dim=1)
        s = torch.matmul(q, k.transpose(-1, -2)) * (d ** -0.5)          # [B,HQ,1,SMAX]
        idx = torch.arange(smax, device=q.device)
        mask = idx[None, :] >= pos[:, None]                                 # [B,SMAX]
        s = s.masked_fill(mask[:, None, None, :], float('-inf'))
        p = torch.softmax(s.float(), dim=-1).to(q.dtype)
        return torch.matmul(p, v)
def get_inputs():
    q = torch.randn(B, HQ, 1, D, dtype=torch.bfloat16)
    kc = torch.randn(B, HKV, SMAX, D, dtype=torch.bfloat16)
    vc = torch.randn(B, HKV, SMAX, D, dtype=torch.bfloat16)
    pos = torch.full((B,), SMAX, dtype=torch.int64)
    return [q, kc, vc, pos]
def get_init_inputs():
    return []
