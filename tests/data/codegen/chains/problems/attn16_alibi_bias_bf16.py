# Chain-planner test problem (not KernelBench): new-user trial 14's y06 at reduced sizes: bf16 attention with an
# additive ALiBi bias buffer [1, H, L, L] (slope_h * (j - i)) on the float scores, non-causal, P cast back to bf16.
# One kwb_attention launch reading the bias per tile (bias=), q, k, v in bf16 (issue 14, attn16).
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, heads, seq):
        super().__init__()
        slopes = torch.tensor([2.0 ** (-8.0 * (h + 1) / heads) for h in range(heads)])
        pos = torch.arange(seq)
        rel = (pos[None, :] - pos[:, None]).float()
        self.register_buffer("bias", (slopes[:, None, None] * rel[None]).unsqueeze(0))

    def forward(self, q, k, v):
        scale = 1.0 / math.sqrt(q.shape[-1])
        s = torch.matmul(q, k.transpose(-2, -1)).float() * scale + self.bias
        p = torch.softmax(s, dim=-1).to(q.dtype)
        return torch.matmul(p, v)


def get_inputs():
    return [torch.randn(2, 4, 40, 16, dtype=torch.bfloat16) for _ in range(3)]


def get_init_inputs():
    return [4, 40]  # literals: the buffer is built at this seq (chain_emulate shrinks named sizes)
