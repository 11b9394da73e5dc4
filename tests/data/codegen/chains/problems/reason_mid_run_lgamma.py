# Chain-planner test problem (not KernelBench): a pointwise run whose middle op has no lowering (lgamma), between a
# div and a mul after a Linear: the skeleton's reason names lgamma, not the run's last op (probe16's softshrink reason
# named aten::div).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.fc = nn.Linear(features, features)

    def forward(self, x):
        y = torch.tanh(self.fc(x)) / 2.0
        return torch.lgamma(y + 2.0) * 3.0 + 1.0


batch = 4
features = 16


def get_inputs():
    return [torch.randn(batch, features)]


def get_init_inputs():
    return [features]
