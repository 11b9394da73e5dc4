import threading
import torch
import torch.nn as nn

# A forward that never returns but burns no CPU (waits on an event nobody sets): only a wall-time limit stops it.
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ev = threading.Event()

    def forward(self, x):
        self.ev.wait()
        return x

def get_inputs():
    return [torch.randn(16, 16)]

def get_init_inputs():
    return []
