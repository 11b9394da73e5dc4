# Chain-planner test problem (not KernelBench): session 38's second member of probe25 c03's class (a write through
# a bool index into an intermediate): Hugging Face's TopKLogitsWarper form, the k-th value as a slice
# (topk(s, k)[0][..., -1, None], not nanoGPT's v[:, [-1]] literal), s[s < kth] = -inf and a clip s[s > 4] = 4
# before it, then log_softmax: each write a masked where.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, logits, bias):  # logits [batch, vocab], bias [vocab]
        s = logits * 1.25 + bias
        s[s > 4.0] = 4.0
        kth = torch.topk(s, self.k)[0][..., -1, None]
        s[s < kth] = float("-inf")
        return torch.log_softmax(s, dim=-1)


batch = 6
vocab = 300


def get_inputs():
    return [torch.randn(batch, vocab) * 2, torch.randn(vocab)]


def get_init_inputs():
    return [20]
