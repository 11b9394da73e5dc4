# forward leaves torch: numpy in the middle (a real thing people paste from notebooks).
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        a = x.detach().cpu().numpy()
        return torch.from_numpy(a * 2.0).to(x.device) + x


def get_inputs():
    return [torch.randn(128, 128)]


def get_init_inputs():
    return []
