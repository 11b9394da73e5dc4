import torch
import torch.nn as nn


class Model(nn.Module):
    """In-place ops through slice views of an intermediate: the first 16 features clamped (clamp_), the last 16
    masked (masked_fill_ by a mask taken before the clamp), then a row softmax of the whole intermediate."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.lin = nn.Linear(in_features, out_features)

    def forward(self, x):
        h = torch.tanh(self.lin(x))
        m = h > 0.3
        h[:, :16].clamp_(min=0.0)
        h[:, -16:].masked_fill_(m[:, -16:], 0.5)
        return torch.softmax(h, dim=-1)


batch = 64
in_features = 128
out_features = 96


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, out_features]
