import torch
import torch.nn as nn


class Model(nn.Module):
    """linrec38 (issue 14): a discounted return over dim 1 of [B, T] written as a reversed Python loop, G_t = r_t +
    gamma * G_(t+1) * (1 - done_t), from a bootstrap value G_T = v_last, stacked in time order from a reversed list;
    then the returns' mean over time subtracted."""

    def __init__(self, gamma):
        super().__init__()
        self.gamma = gamma

    def forward(self, rewards, dones, v_last):  # rewards, dones [batch, steps]; v_last [batch]
        g = v_last
        out = []
        for t in reversed(range(rewards.shape[1])):
            g = rewards[:, t] + self.gamma * g * (1.0 - dones[:, t])
            out.insert(0, g)
        ret = torch.stack(out, dim=1)
        return ret - ret.mean(dim=1, keepdim=True)


batch = 96
steps = 11


def get_inputs():
    return [torch.randn(batch, steps), (torch.rand(batch, steps) < 0.1).float(), torch.randn(batch)]


def get_init_inputs():
    return [0.97]
