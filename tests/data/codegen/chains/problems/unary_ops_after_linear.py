# Chain-planner test problem (not KernelBench): unary ops written with the lowering's primitives (new-user trial 13,
# x12's class: LPPool2d traces sign; also ceil / trunc / frac / log1p / expm1 / log2 / log10 / exp2 / tan), in a
# Linear's epilogue.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        y = self.fc(x) * 3.0
        a = torch.sign(y) * torch.log1p(y.abs()) + torch.frac(y) - 0.25 * torch.trunc(y) + 0.5 * torch.ceil(y)
        b = torch.expm1(-y.abs()) + torch.log2(y.abs() + 1.0) - torch.log10(y.abs() + 2.0) + torch.exp2(-y.abs())
        return a + b + 0.1 * torch.tan(0.3 * torch.tanh(y))


batch_size = 16
in_features = 24
out_features = 40


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
