import torch
import torch.nn as nn


class Model(nn.Module):
    """Top-k sampling filter as nanoGPT's generate() writes it: v = topk(logits / T, k); logits[logits <
    v[:, [-1]]] = -inf (a boolean-index assignment on an intermediate); softmax."""

    def __init__(self, k, temperature):
        super().__init__()
        self.k, self.t = k, temperature

    def forward(self, logits):  # [batch, vocab]
        logits = logits / self.t
        v, _ = torch.topk(logits, self.k)
        logits[logits < v[:, [-1]]] = -float("Inf")
        return torch.softmax(logits, dim=-1)


batch = 32
vocab = 5000


def get_inputs():
    return [torch.randn(batch, vocab)]


def get_init_inputs():
    return [50, 0.8]
