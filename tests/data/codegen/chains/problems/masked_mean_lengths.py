import torch
import torch.nn as nn

# New-user trial 19 #6 (masked_mean): the mean over the valid time steps of a padded batch. The mask compares an
# arange of the positions with an int64 length per row (a forward() input): two integer tensors compared exactly in
# the kernel's integers, the bool mask then read by the reductions.
class Model(nn.Module):
    """Mean over the valid (unpadded) time steps of a padded batch."""
    def __init__(self):
        super().__init__()

    def forward(self, x, lengths):
        T = x.shape[1]
        mask = (torch.arange(T, device=x.device)[None, :] < lengths[:, None]).to(x.dtype)
        return (x * mask.unsqueeze(-1)).sum(dim=1) / mask.sum(dim=1, keepdim=True).clamp_min(1.0)


batch = 16
T = 96
D = 64


def get_inputs():
    return [torch.randn(batch, T, D), torch.randint(1, T + 1, (batch,))]


def get_init_inputs():
    return []
