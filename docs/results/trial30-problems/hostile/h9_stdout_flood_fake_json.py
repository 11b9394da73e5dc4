# Hostile: forward() floods stdout (20 MB) and prints a line that looks like a probe result, then returns normally.
import sys
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        sys.stdout.write(("x" * 1023 + "\n") * 20000)
        print('{"ok": true, "ops": [], "outputs": []}')
        sys.stderr.write("e" * 5_000_000)
        return torch.tanh(x)


def get_inputs():
    return [torch.randn(64, 64)]


def get_init_inputs():
    return []
