import torch
import torch.nn as nn


class Model(nn.Module):
    """probe21 s06's class (tied weights: one tensor under two state_dict keys), a second member: two Linears of a
    ModuleList sharing one weight (own biases), and one LayerNorm module registered under two names."""

    def __init__(self, dim):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim), nn.Linear(dim, dim)])
        self.layers[1].weight = self.layers[0].weight
        self.shared = nn.LayerNorm(dim)
        with torch.no_grad():
            self.shared.weight.uniform_(0.5, 1.5)
            self.shared.bias.uniform_(-0.5, 0.5)
        self.norm_again = self.shared

    def forward(self, x):
        h = torch.tanh(self.layers[0](x))
        h = self.layers[1](self.shared(h))
        return self.norm_again(h + x)


batch = 32
seq = 24
dim = 192


def get_inputs():
    return [torch.randn(batch, seq, dim)]


def get_init_inputs():
    return [dim]
