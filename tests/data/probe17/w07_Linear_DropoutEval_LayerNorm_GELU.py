import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Linear, dropout in inference (training=False, an identity), LayerNorm over the features, exact GELU."""

    def __init__(self, in_features, out_features, p):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.norm = nn.LayerNorm(out_features)
        self.p = p

    def forward(self, x):
        x = self.fc(x)
        x = F.dropout(x, p=self.p, training=False)
        x = self.norm(x)
        return F.gelu(x)


batch = 1024
in_features = 1024
out_features = 768


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, out_features, 0.1]
