import torch
import torch.nn as nn


class Model(nn.Module):
    """A pointwise prologue on a Linear's input that reads a per-feature tensor (tanh(x) * w), then ReLU: the
    prologue applied to each A tile of a small GEMM as it is loaded, the ReLU its epilogue."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.w = nn.Parameter(torch.rand(in_features) + 0.5)
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.relu(self.fc(torch.tanh(x) * self.w))


batch_size = 33
in_features = 70
out_features = 40


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
