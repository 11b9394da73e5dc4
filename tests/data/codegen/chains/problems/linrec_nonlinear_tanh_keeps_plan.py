import torch
import torch.nn as nn


class Model(nn.Module):
    """linrec38 (issue 14): a recurrence that is not linear in the state (h = tanh(a * h + x_t), an Elman cell without
    weights) next to one whose only the last state is used (s = 0.9 * s + x_t, returned alone): neither is a stack of
    affine steps, so the chain keeps its unrolled plan (one launch a step, correct numbers)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):  # x [batch, steps, channels]
        h = torch.zeros_like(x[:, 0])
        outs = []
        for t in range(x.shape[1]):
            h = torch.tanh(0.8 * h + x[:, t])
            outs.append(h)
        s = x[:, 0]
        for t in range(1, x.shape[1]):
            s = 0.9 * s + x[:, t]
        return torch.stack(outs, dim=1) + s.unsqueeze(1)


batch = 16
steps = 5
channels = 24


def get_inputs():
    return [torch.randn(batch, steps, channels)]


def get_init_inputs():
    return []
