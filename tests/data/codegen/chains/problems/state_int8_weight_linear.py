# Trial 29 07_int8_dynamic_quant_linear (docs/results/trial29-problems), smaller: the int8 weight widened per call (#6).
# W8A8 linear as an inference engine runs it: dynamic per-token absmax quantisation of the activations
# to int8, int8 weights with a per-output-channel scale (a buffer), integer-valued product in fp32, dequant, bias.
import torch
import torch.nn as nn

M, Kd, Nd = 64, 128, 256  # trial 29 07 at 1024, 2048, 4096; small for the CPU emulation


class Model(nn.Module):
    def __init__(self, k, n):
        super().__init__()
        w = torch.randn(n, k)
        ws = w.abs().amax(dim=1) / 127.0
        self.register_buffer('wq', torch.round(w / ws[:, None]).clamp(-127, 127).to(torch.int8))  # [N, K]
        self.register_buffer('w_scale', ws)                                                   # [N]
        self.bias = nn.Parameter(torch.randn(n) * 0.01)

    def forward(self, x):                                   # x [M, K] fp32
        xs = x.abs().amax(dim=-1, keepdim=True).clamp(min=1e-5) / 127.0
        xq = torch.round(x / xs).clamp(-128, 127).to(torch.int8)
        acc = xq.float() @ self.wq.float().t()              # integer-valued; exact while each sum stays below 2^24
        return acc * xs * self.w_scale + self.bias


def get_inputs():
    return [torch.randn(M, Kd)]


def get_init_inputs():
    return [Kd, Nd]
