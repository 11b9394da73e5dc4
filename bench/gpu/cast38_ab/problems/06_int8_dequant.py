import torch
import torch.nn as nn

# int8 weight dequant: per-output-channel scale and zero point -> fp16
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, w_q, scale, zero):
        return ((w_q.to(torch.float16) - zero[:, None]) * scale[:, None])

def get_inputs():
    w = torch.randint(-128, 128, (4096, 4096), dtype=torch.int8)
    scale = torch.rand(4096, dtype=torch.float16) * 0.01
    zero = torch.randint(-4, 4, (4096,)).to(torch.float16)
    return [w, scale, zero]

def get_init_inputs():
    return []
