import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """sentence-transformers pooling: an attention mask built from int64 lengths (arange < lengths), masked mean
    over the padded tokens (sum / clamp(count, 1e-9)), a dense projection with tanh, then L2 normalisation."""

    def __init__(self, hidden, out_dim):
        super().__init__()
        self.dense = nn.Linear(hidden, out_dim)

    def forward(self, token_embeddings, lengths):
        L = token_embeddings.shape[1]
        mask = (torch.arange(L, device=lengths.device)[None, :] < lengths[:, None]).unsqueeze(-1)
        mask = mask.to(token_embeddings.dtype)
        summed = (token_embeddings * mask).sum(dim=1)
        counts = mask.sum(dim=1).clamp(min=1e-9)
        pooled = torch.tanh(self.dense(summed / counts))
        return F.normalize(pooled, p=2, dim=1)


batch = 64
seq_len = 384
hidden = 768
out_dim = 512


def get_inputs():
    return [torch.randn(batch, seq_len, hidden), torch.randint(1, seq_len + 1, (batch,))]


def get_init_inputs():
    return [hidden, out_dim]
