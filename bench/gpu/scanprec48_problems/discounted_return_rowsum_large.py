# Session 48 (scanprec48): scan47_discounted_return_rowsum at a size where bytes, not launch latency, decide
# ([4096, 1024] fp32: 16.8 MB a tensor). The two plans KWB_SCAN_EPILOGUE_YIELD picks between move 5 (the row sum's
# stored source: the scan writes disc, the sum reads it and the rewards and writes the weighted value) and 4 (the
# scan's epilogue: the scan reads the rewards and writes the weighted value, the sum reads it back) full-size values.
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
    return [torch.randn(4096, 1024), (torch.rand(4096, 1024) < 0.01).float()]


def get_init_inputs():
    return [0.97]
