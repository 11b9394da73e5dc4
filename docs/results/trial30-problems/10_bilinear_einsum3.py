# Bilinear pooling of two feature vectors (nn.Bilinear written as a three-operand einsum, as in VQA / relation heads):
# y[b, o] = sum_ij x1[b, i] W[o, i, j] x2[b, j] + bias[o], then tanh.
import torch
import torch.nn as nn

Bt, I, J, O = 256, 256, 192, 128


class Model(nn.Module):
    def __init__(self, i, j, o):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(o, i, j) / (i * j) ** 0.5)
        self.bias = nn.Parameter(torch.zeros(o))

    def forward(self, x1, x2):
        return torch.tanh(torch.einsum("bi,oij,bj->bo", x1, self.weight, x2) + self.bias)


def get_inputs():
    return [torch.randn(Bt, I), torch.randn(Bt, J)]


def get_init_inputs():
    return [I, J, O]
