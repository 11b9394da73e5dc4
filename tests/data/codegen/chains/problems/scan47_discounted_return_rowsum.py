# Session 47 (scan47): a discounted return along time, written as the exclusive cumprod torch users write --
# disc = cumprod(cat([ones, gamma * (1 - done)], -1), -1)[:, :-1] -- then weighted by the rewards (the run's primary
# is the rewards, not the scan) and summed per row: the shifted scan with its prologue and its epilogue
# (`rewards * disc`), one launch for the scan, the row sum read from it.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, gamma):
        super().__init__()
        self.gamma = gamma

    def forward(self, rewards, done):  # [B, T] each; done is 0 / 1
        keep = self.gamma * (1.0 - done)
        disc = torch.cumprod(torch.cat([torch.ones_like(keep[:, :1]), keep], dim=-1), dim=-1)[:, :-1]
        weighted = rewards * disc
        return weighted, weighted.sum(dim=-1)


def get_inputs():
    return [torch.randn(12, 77), (torch.rand(12, 77) < 0.1).float()]


def get_init_inputs():
    return [0.97]
