import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """LM loss as PaLM / T5X write it: cross entropy with label_smoothing=0.1 and ignore_index=-100 (padding
    targets), plus the z-loss 1e-4 * mean(logsumexp(logits)^2) over the non-ignored tokens.
    Returns (ce, z_loss)."""

    def __init__(self):
        super().__init__()

    def forward(self, logits, targets):
        ce = F.cross_entropy(logits, targets, ignore_index=-100, label_smoothing=0.1)
        valid = (targets != -100).float()
        lse = torch.logsumexp(logits, dim=-1)
        z = 1e-4 * ((lse ** 2) * valid).sum() / valid.sum()
        return ce, z


tokens = 4096
vocab = 32000


def get_inputs():
    t = torch.randint(0, vocab, (tokens,))
    t[::7] = -100
    return [torch.randn(tokens, vocab), t]


def get_init_inputs():
    return []
