import torch
import torch.nn as nn


class Model(nn.Module):
    """EmbeddingBag (mean) followed by LayerNorm and ReLU."""

    def __init__(self, num_embeddings, dim):
        super().__init__()
        self.bag = nn.EmbeddingBag(num_embeddings, dim, mode="mean")
        self.norm = nn.LayerNorm(dim)

    def forward(self, idx, offsets):
        return torch.relu(self.norm(self.bag(idx, offsets)))


num_embeddings = 5000
dim = 96
bags = 64
per_bag = 7


def get_inputs():
    idx = torch.randint(0, num_embeddings, (bags * per_bag,))
    offsets = torch.arange(0, bags * per_bag, per_bag)
    return [idx, offsets]


def get_init_inputs():
    return [num_embeddings, dim]
