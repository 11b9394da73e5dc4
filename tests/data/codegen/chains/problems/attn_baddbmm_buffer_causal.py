import torch
import torch.nn as nn


# probe19 q02 (issue 14, the class of probe18's p14): attention written with torch.baddbmm, the additive -inf mask a
# sliced buffer as baddbmm's input, the scale its alpha: one kwb_attention launch reading the mask as its bias.
class Model(nn.Module):
    def __init__(self, max_seq, head_dim):
        super().__init__()
        self.scale = head_dim ** -0.5
        self.register_buffer("mask", torch.full((max_seq, max_seq), float("-inf")).triu(1))

    def forward(self, q, k, v):
        T = q.size(1)
        m = self.mask[:T, :T].unsqueeze(0).expand(q.size(0), T, T)
        p = torch.softmax(torch.baddbmm(m, q, k.transpose(1, 2), alpha=self.scale), dim=-1)
        return torch.bmm(p, v)


def get_inputs():
    return [torch.randn(6, 37, 32), torch.randn(6, 37, 32), torch.randn(6, 37, 32)]


def get_init_inputs():
    return [64, 32]
