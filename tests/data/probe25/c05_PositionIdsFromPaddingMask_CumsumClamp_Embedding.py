import torch
import torch.nn as nn


class Model(nn.Module):
    """Position ids from a left-padded attention mask as Hugging Face models compute them:
    (mask.long().cumsum(-1) - 1).clamp(min=0) (padding positions get 0, masked_fill 1 as in OPT),
    a learned position embedding looked up with them, added to token embeddings, zeroed at padding."""

    def __init__(self, max_pos, dim):
        super().__init__()
        self.pos = nn.Embedding(max_pos, dim)

    def forward(self, h, mask):  # h [batch, seq, dim], mask int64 [batch, seq] (0 = pad)
        pid = (mask.long().cumsum(-1) - 1).clamp(min=0)
        pid = pid.masked_fill(mask == 0, 1)
        return (h + self.pos(pid)) * mask.unsqueeze(-1).to(h.dtype)


batch = 16
seq = 128
dim = 96


def get_inputs():
    lengths = torch.randint(1, seq + 1, (batch,))
    mask = (torch.arange(seq).view(1, -1) >= (seq - lengths).view(-1, 1)).long()
    return [torch.randn(batch, seq, dim), mask]


def get_init_inputs():
    return [seq + 2, dim]
