import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A causal 1-D convolution written with Tensor.unfold (left pad k-1, windows of k at stride 1) and
    einsum against a [out, in, k] weight, + bias, GELU; as audio / TCN code does to avoid Conv1d."""

    def __init__(self, cin, cout, k):
        super().__init__()
        self.k = k
        self.weight = nn.Parameter(torch.randn(cout, cin, k) / (cin * k) ** 0.5)
        self.bias = nn.Parameter(torch.randn(cout) * 0.1)

    def forward(self, x):  # [batch, cin, length]
        xp = F.pad(x, (self.k - 1, 0))
        win = xp.unfold(2, self.k, 1)                         # [batch, cin, length, k]
        y = torch.einsum("bclk,ock->bol", win, self.weight)
        return F.gelu(y + self.bias.view(1, -1, 1))


batch = 8
cin = 48
cout = 96
length = 500


def get_inputs():
    return [torch.randn(batch, cin, length)]


def get_init_inputs():
    return [cin, cout, 5]
