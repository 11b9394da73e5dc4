# attn16 bench problem: GQA (K / V expanded + reshaped to the query heads), an ALiBi buffer [H, L, L] and a causal
# mask from two aranges, fp16 (tests/data/codegen/chains/problems/attn16_gqa_alibi_causal_fp16.py at H200 sizes)
import torch
import torch.nn as nn
import torch.nn.functional as F


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


def sdpa(model, q, k, v):
    rep = q.shape[1] // k.shape[1]
    L = q.shape[2]
    i = torch.arange(L, device=q.device)
    mask = model.alibi.masked_fill(i[None, :] > i[:, None], float("-inf")).to(q.dtype)
    return F.scaled_dot_product_attention(q, k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1), attn_mask=mask)


def get_inputs():
    return [torch.randn(4, 32, 2048, 128, dtype=torch.float16), torch.randn(4, 8, 2048, 128, dtype=torch.float16),
            torch.randn(4, 8, 2048, 128, dtype=torch.float16)]


def get_init_inputs():
    return [32, 2048]
