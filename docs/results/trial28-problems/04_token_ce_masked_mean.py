# Per-token language-model loss: cross entropy with reduction='none', reshaped back to [B, T],
# then a masked mean over the real (non-padding) tokens.
import torch
import torch.nn as nn
import torch.nn.functional as F

B, T, V = 8, 256, 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits, targets, mask):
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), reduction="none")
        loss = loss.view(targets.shape)
        m = mask.to(loss.dtype)
        return (loss * m).sum() / m.sum().clamp(min=1.0)


def get_inputs():
    logits = torch.randn(B, T, V)
    targets = torch.randint(0, V, (B, T), dtype=torch.int64)
    lengths = torch.randint(T // 4, T + 1, (B,))
    mask = torch.arange(T)[None, :] < lengths[:, None]
    return [logits, targets, mask]


def get_init_inputs():
    return []
