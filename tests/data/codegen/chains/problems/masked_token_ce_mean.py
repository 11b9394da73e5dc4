import torch
import torch.nn as nn
import torch.nn.functional as F

# Issue 14 (session 40): new-user trial 28's 04 (docs/results/trial28-problems/04_token_ce_masked_mean.py) at sizes the
# CPU emulation runs in its 16-bit rows: a per-token LM loss, then its masked mean; the count's clamp and the division
# are the count's sum's epilogue (one launch).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits, targets, mask):
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), reduction="none")
        loss = loss.view(targets.shape)
        m = mask.to(loss.dtype)
        return (loss * m).sum() / m.sum().clamp(min=1.0)


batch = 4
seq = 48
vocab = 160


def get_inputs():
    logits = torch.randn(batch, seq, vocab)
    targets = torch.randint(0, vocab, (batch, seq), dtype=torch.int64)
    lengths = torch.randint(seq // 4, seq + 1, (batch,))
    mask = torch.arange(seq)[None, :] < lengths[:, None]
    return [logits, targets, mask]


def get_init_inputs():
    return []
