# Chain-planner test problem (not KernelBench): member 2 of "a scale before the operand's views": K divided by a
# constant before its transpose, 4-D heads in fp16, a causal mask from constants; the division is the attention
# launch's scale (issue 14, session 39).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        t = q.shape[-2]
        s = torch.matmul(q, (k / 8.0).transpose(-2, -1))
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool, device=q.device).triu(1), float("-inf"))
        return torch.matmul(torch.softmax(s.float(), dim=-1).to(q.dtype), v)


def get_inputs():
    return [torch.randn(2, 4, 48, 32, dtype=torch.float16) for _ in range(3)]


def get_init_inputs():
    return []
