# Chain-planner test problem (not KernelBench): new-user trial 31 p01b at reduced sizes. A grouped-query decode step
# whose sizes all come from the inputs' shapes: 8 query heads over 2 KV heads (the repeat is their ratio), a KV cache
# read up to pos[b]. The probe's resize check passes only with the head counts keeping their ratio
# (resize_check.ratios [[8, 2, 4]]), and the harness's boundary / size-1 / strided cases keep it (trial 31 #5: they
# resized 8 and 2 apart, 5 over 7 heads, and every case SKIPped).
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, q, k_cache, v_cache, pos):
        g = q.shape[1] // k_cache.shape[1]
        smax = k_cache.shape[2]
        k = k_cache.repeat_interleave(g, dim=1)
        v = v_cache.repeat_interleave(g, dim=1)
        s = torch.matmul(q, k.transpose(-1, -2)) * (q.shape[-1] ** -0.5)
        idx = torch.arange(smax, device=q.device)
        mask = idx[None, :] >= pos[:, None]
        s = s.masked_fill(mask[:, None, None, :], float("-inf"))
        p = torch.softmax(s.float(), dim=-1).to(q.dtype)
        return torch.matmul(p, v)


B, HQ, HKV, D, SMAX = 3, 8, 2, 32, 40


def get_inputs():
    q = torch.randn(B, HQ, 1, D)
    kc = torch.randn(B, HKV, SMAX, D)
    vc = torch.randn(B, HKV, SMAX, D)
    pos = torch.randint(1, SMAX + 1, (B,), dtype=torch.int64)
    return [q, kc, vc, pos]


def get_init_inputs():
    return []
