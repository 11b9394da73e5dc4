"""A plain reference function with example inputs (no class Model, no get_inputs)."""
import torch

M = 256
K = 512
N = 128


def reference(x, w):
    return torch.relu(x @ w)


EXAMPLE_INPUTS = [torch.randn(M, K), torch.randn(K, N)]
