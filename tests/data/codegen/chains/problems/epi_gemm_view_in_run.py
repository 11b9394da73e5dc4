import torch
import torch.nn as nn


class Model(nn.Module):
    """Level-2 style Gemm -> Multiply -> Subtract(a parameter viewed inside the expression) -> GELU: the view of
    the parameter is traced between the multiply and the subtract, inside the pointwise run after the GEMM."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.sub = nn.Parameter(torch.randn(out_features))

    def forward(self, x):
        x = self.gemm(x) * 2.0
        x = x - self.sub.view(1, -1)
        return torch.nn.functional.gelu(x)


batch_size = 48
in_features = 64
out_features = 80


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
