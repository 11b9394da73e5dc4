import torch
import torch.nn as nn


class Model(nn.Module):
    """Bilinear form as a three-operand einsum, out[b,o] = sum_ij x[b,i] W[o,i,j] y[b,j], plus a bias, then tanh.
    y arrives transposed (non-contiguous)."""

    def __init__(self, in1, in2, out_features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in1, in2) / (in1 * in2) ** 0.5)
        self.bias = nn.Parameter(torch.zeros(out_features))

    def forward(self, x, y):
        return torch.tanh(torch.einsum("bi,oij,bj->bo", x, self.weight, y) + self.bias)


batch_size = 1024
in1 = 256
in2 = 192
out_features = 128


def get_inputs():
    return [torch.randn(batch_size, in1), torch.randn(in2, batch_size).t()]


def get_init_inputs():
    return [in1, in2, out_features]
