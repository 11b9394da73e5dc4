import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear, BatchNorm1d (running statistics set to non-trivial values), Swish written out, Dropout.
    Graded in eval mode: the BatchNorm uses its running stats and the dropout is the identity."""

    def __init__(self, in_features, out_features, p):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.bn = nn.BatchNorm1d(out_features, eps=1e-3, momentum=0.2)
        with torch.no_grad():
            self.bn.running_mean.uniform_(-0.5, 0.5)
            self.bn.running_var.uniform_(0.5, 2.0)
            self.bn.weight.uniform_(0.5, 1.5)
            self.bn.bias.uniform_(-0.2, 0.2)
        self.drop = nn.Dropout(p)

    def forward(self, x):
        y = self.fc(x)
        y = self.bn(y)
        y = y * torch.sigmoid(y)
        return self.drop(y)


batch = 128
in_features = 1000
out_features = 768


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, out_features, 0.25]
