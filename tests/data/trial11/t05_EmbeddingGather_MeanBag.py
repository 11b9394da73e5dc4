import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Gather: embedding lookup of int64 token ids (an input), then mean over the bag (sequence) dim."""
    def __init__(self, num_embeddings, dim):
        super(Model, self).__init__()
        self.emb = nn.Embedding(num_embeddings, dim)
    def forward(self, ids):
        e = self.emb(ids)          # (B, L, D)
        return e.mean(dim=1)       # (B, D)

batch_size = 64
bag = 50
num_embeddings = 30000
dim = 256

def get_inputs():
    return [torch.randint(0, num_embeddings, (batch_size, bag), dtype=torch.int64)]

def get_init_inputs():
    return [num_embeddings, dim]
