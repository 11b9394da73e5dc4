# Chain-planner test problem (not KernelBench): grouped-query attention (K / V expanded + reshaped to the query
# heads), an ALiBi bias buffer [H, L, L] (3-D: broadcast over the batch) and a causal mask from two aranges, fp16:
# one kwb_attention launch, K / V read per KV head, the bias per tile, q, k, v in fp16 (issue 14, attn16).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, heads, seq):
        super().__init__()
        slopes = torch.tensor([2.0 ** (-8.0 * (h + 1) / heads) for h in range(heads)])
        pos = torch.arange(seq)
        self.register_buffer("alibi", slopes[:, None, None] * (pos[None, :] - pos[:, None]).float()[None])

    def forward(self, q, k, v):
        b, hkv, L, d = k.shape
        rep = q.shape[1] // hkv
        k = k[:, :, None].expand(b, hkv, rep, L, d).reshape(b, hkv * rep, L, d)
        v = v[:, :, None].expand(b, hkv, rep, L, d).reshape(b, hkv * rep, L, d)
        s = (q @ k.transpose(-2, -1)).float() * d ** -0.5 + self.alibi
        i = torch.arange(L, device=q.device)
        s = s.masked_fill(i[None, :] > i[:, None], float("-inf"))
        return torch.softmax(s, dim=-1).to(q.dtype) @ v


def get_inputs():
    return [torch.randn(2, 6, 29, 16, dtype=torch.float16), torch.randn(2, 2, 29, 16, dtype=torch.float16),
            torch.randn(2, 2, 29, 16, dtype=torch.float16)]


def get_init_inputs():
    return [6, 29]
