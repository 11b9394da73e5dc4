# Chain-planner test problem (not KernelBench): nn.EmbeddingBag in max mode over a 2-D input (fixed-length bags:
# torch passes flat ids and an arange of offsets), then tanh (probe 16's z06's class).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, num_embeddings, dim):
        super().__init__()
        self.bag = nn.EmbeddingBag(num_embeddings, dim, mode="max")

    def forward(self, ids):
        return torch.tanh(self.bag(ids))


batch_size = 7
bag_len = 5
num_embeddings = 60
dim = 33


def get_inputs():
    return [torch.randint(0, num_embeddings, (batch_size, bag_len))]


def get_init_inputs():
    return [num_embeddings, dim]
