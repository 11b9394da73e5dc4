import torch
import torch.nn as nn


class Model(nn.Module):
    """Bags of bags: token embeddings of [batch, sentences, words] ids, the max over each sentence's words and the
    sentences (two trailing index dims), then a scale -- a second member of the gather-then-reduce class beside
    tests/data/trial11/t05's mean over one bag dim."""

    def __init__(self, num_embeddings, dim):
        super(Model, self).__init__()
        self.emb = nn.Embedding(num_embeddings, dim)

    def forward(self, ids):
        e = self.emb(ids)
        return e.amax(dim=(1, 2)) * 0.5


batch_size = 6
sentences = 3
words = 7
num_embeddings = 500
dim = 48


def get_inputs():
    return [torch.randint(0, num_embeddings, (batch_size, sentences, words))]


def get_init_inputs():
    return [num_embeddings, dim]
