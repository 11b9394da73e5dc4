import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Linear without bias, row-wise L2 normalisation (F.normalize, eps 1e-12), multiply by a learned per-feature
    temperature, softplus with beta 2."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features, bias=False)
        self.temperature = nn.Parameter(torch.rand(out_features) * 10.0 + 1.0)

    def forward(self, x):
        y = F.normalize(self.fc(x), p=2.0, dim=1)
        y = y * self.temperature
        return F.softplus(y, beta=2.0)


batch = 2048
in_features = 512
out_features = 1000


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, out_features]
