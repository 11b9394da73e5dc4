# Chain-planner test problem (not KernelBench): ALiBi-style slopes 2 ** (-8 i / H) (a Python number raised to a
# tensor) times the key distance, subtracted from the scores, softmax (new-user trial 13, x09's class: number **
# tensor, a rotary embedding's 10000 ** (arange / d)).
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        H, L = x.shape[1], x.shape[2]
        slopes = 2.0 ** (-8.0 * torch.arange(1, H + 1, dtype=torch.float32, device=x.device) / H)
        dist = torch.arange(L, dtype=torch.float32, device=x.device)
        return torch.softmax(x - slopes.view(1, H, 1) * dist.view(1, 1, L), dim=-1)


batch_size = 3
heads = 6
length = 40


def get_inputs():
    return [torch.randn(batch_size, heads, length)]


def get_init_inputs():
    return []
