import torch
import torch.nn as nn


class Model(nn.Module):
    """Top-p (nucleus) filtering as in HF's TopPLogitsWarper: logits / temperature, sort ascending, softmax,
    cumsum; tokens whose cumulative mass <= 1 - top_p are removed (the last one always kept), scattered back to
    vocabulary order, masked_fill -inf, and the renormalised probabilities returned."""

    def __init__(self, top_p, temperature):
        super().__init__()
        self.top_p = top_p
        self.temperature = temperature

    def forward(self, logits):
        scores = logits / self.temperature
        sorted_logits, sorted_idx = torch.sort(scores, descending=False, dim=-1)
        cum = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        remove_sorted = cum <= (1 - self.top_p)
        remove_sorted[..., -1:] = False
        remove = remove_sorted.scatter(1, sorted_idx, remove_sorted)
        return torch.softmax(scores.masked_fill(remove, float("-inf")), dim=-1)


batch = 16
vocab = 4000


def get_inputs():
    return [torch.randn(batch, vocab) * 3]


def get_init_inputs():
    return [0.9, 0.7]
