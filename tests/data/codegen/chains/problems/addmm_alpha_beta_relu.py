import torch
import torch.nn as nn


class Model(nn.Module):
    """torch.addmm with beta and alpha other than 1, then a ReLU (new-user trial 12, #4): alpha scales the product and
    beta the bias in the GEMM's epilogue."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) * 0.05)
        self.bias = nn.Parameter(torch.randn(out_features))

    def forward(self, x):
        return torch.relu(torch.addmm(self.bias, x, self.weight.t(), beta=0.5, alpha=2.0))


batch_size = 37
in_features = 61
out_features = 45


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
