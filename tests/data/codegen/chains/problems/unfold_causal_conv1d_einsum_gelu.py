import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """probe25 a07 at test sizes: a causal 1-D convolution written with Tensor.unfold (windows of k at step 1,
    overlapping) and einsum, + bias, GELU."""

    def __init__(self, cin, cout, k):
        super().__init__()
        self.k = k
        self.weight = nn.Parameter(torch.randn(cout, cin, k) / (cin * k) ** 0.5)
        self.bias = nn.Parameter(torch.randn(cout) * 0.1)

    def forward(self, x):
        win = F.pad(x, (self.k - 1, 0)).unfold(2, self.k, 1)
        return F.gelu(torch.einsum("bclk,ock->bol", win, self.weight) + self.bias.view(1, -1, 1))


batch = 2
cin = 6
cout = 10
length = 37


def get_inputs():
    return [torch.randn(batch, cin, length)]


def get_init_inputs():
    return [cin, cout, 3]
