import torch
import torch.nn as nn

class Model(nn.Module):
    """Linear -> hardtanh -> subtract the row mean -> times a learned per-feature gate (sigmoid)."""
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.gate = nn.Parameter(torch.randn(out_features))

    def forward(self, x):
        y = self.fc(x)
        y = torch.nn.functional.hardtanh(y, -0.5, 0.5)
        y = y - y.mean(dim=1, keepdim=True)
        return y * torch.sigmoid(self.gate)

batch, in_features, out_features = 384, 1000, 777

def get_inputs():
    return [torch.randn(batch, in_features)]

def get_init_inputs():
    return [in_features, out_features]
