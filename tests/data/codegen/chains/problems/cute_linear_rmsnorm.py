# Kernel Workbench test problem (session 31, cute31): a Linear, then an RMS norm written as KernelBench's
# 36_RMSNorm_ writes it (x / sqrt(mean(x ** 2) + eps) over the features), then a learned scale per feature.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_features, num_features, eps=1e-5):
        super().__init__()
        self.linear = nn.Linear(in_features, num_features)
        self.weight = nn.Parameter(torch.randn(num_features))
        self.eps = eps

    def forward(self, x):
        x = self.linear(x)
        rms = torch.sqrt(torch.mean(x ** 2, dim=1, keepdim=True) + self.eps)
        return x / rms * self.weight


batch_size = 6
in_features = 12
num_features = 45


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, num_features]
