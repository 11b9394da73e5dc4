# Chain-planner test problem (not KernelBench): an additive band mask, two -inf half planes summed (keys after the
# query and keys more than `window` before it), added to the scores: kwb_attention's band predicate, nothing built.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window

    def forward(self, q, k, v):
        L = q.shape[1]
        future = torch.full((L, L), float("-inf"), device=q.device).triu(1)
        past = torch.full((L, L), float("-inf"), device=q.device).tril(-self.window)
        s = torch.bmm(q, k.transpose(1, 2)) * 0.2 + (future + past)
        return torch.bmm(torch.softmax(s, dim=-1), v)


def get_inputs():
    return [torch.randn(3, 45, 16), torch.randn(3, 45, 16), torch.randn(3, 45, 8)]


def get_init_inputs():
    return [6]
