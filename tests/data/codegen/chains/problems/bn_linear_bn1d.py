# Chain-planner test problem (not KernelBench): Linear, BatchNorm1d, ReLU -- in eval mode the norm fuses into
# the GEMM's epilogue with the ReLU (per output feature).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.bn = nn.BatchNorm1d(out_features)

    def forward(self, x):
        return torch.relu(self.bn(self.fc(x)))


batch_size = 24
in_features = 40
out_features = 56


def get_inputs():
    return [torch.rand(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
