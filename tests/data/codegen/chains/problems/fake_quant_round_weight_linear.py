# Chain-planner test problem (not KernelBench): weight-only int8 fake quantisation (new-user trial 14, y10): a
# per-output-channel absmax scale, round (half to even), clamp to [-128, 127], dequantise, then the Linear.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        w = self.fc.weight
        scale = w.abs().amax(dim=1, keepdim=True).clamp(min=1e-8) / 127.0
        q = torch.clamp(torch.round(w / scale), -128, 127)
        return F.linear(x, q * scale, self.fc.bias)


batch_size = 16
in_features = 24
out_features = 40


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
