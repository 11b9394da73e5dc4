import torch
import torch.nn as nn


class Model(nn.Module):
    """One message-passing step: messages x[src] * edge_weight, summed into destination nodes with
    scatter_add_ (index expanded over features), then a Linear and ReLU."""

    def __init__(self, dim):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, src, dst, edge_weight):
        msg = x.index_select(0, src) * edge_weight.unsqueeze(-1)
        agg = torch.zeros_like(x).scatter_add_(0, dst.unsqueeze(-1).expand(-1, x.size(1)), msg)
        return torch.relu(self.lin(agg))


nodes = 2003
edges = 16384
dim = 128


def get_inputs():
    return [torch.randn(nodes, dim), torch.randint(0, nodes, (edges,)), torch.randint(0, nodes, (edges,)),
            torch.rand(edges)]


def get_init_inputs():
    return [dim]
