import torch
import torch.nn as nn

# session 46 (gather46): a gather followed by a pointwise run that reads only its rows and broadcast parameters
# (emb(ids) * scale + bias): the run applied in the gather's launch before the store.
class Model(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.scale = nn.Parameter(torch.randn(dim))
        self.bias = nn.Parameter(torch.randn(dim))

    def forward(self, ids):  # ids int64 [batch, seq]
        return self.emb(ids) * self.scale + self.bias


batch = 4
seq = 20
vocab = 64
dim = 40


def get_inputs():
    return [torch.randint(0, vocab, (batch, seq))]


def get_init_inputs():
    return [vocab, dim]
