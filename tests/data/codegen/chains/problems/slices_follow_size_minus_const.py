# Chain-planner test problem (not KernelBench): slice ends that follow an input dim minus a constant (probe16: z04's
# trimmed mean s[:, trim : n - trim] and torch.diff's n - 1 were held at their spec values, so the harness's resized
# cases raised): both derive as x.shape[1] - c.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, trim):
        super().__init__()
        self.trim = trim

    def forward(self, x):
        d = torch.diff(x, dim=1)
        s, _ = torch.sort(x, dim=1)
        return d.abs().mean(dim=1, keepdim=True) + s[:, self.trim : x.shape[1] - self.trim].mean(dim=1, keepdim=True)


batch = 24
length = 61


def get_inputs():
    return [torch.randn(batch, length)]


def get_init_inputs():
    return [3]
