# Hostile: forward() starts a child process that outlives it (a detached `sleep 600`), then returns normally.
# Expect: the probe still ends; the child is not left running after the probe (process group killed) or at least reported.
import subprocess
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        subprocess.Popen(["sleep", "600"])
        return torch.relu(x)


def get_inputs():
    return [torch.randn(64, 64)]


def get_init_inputs():
    return []
