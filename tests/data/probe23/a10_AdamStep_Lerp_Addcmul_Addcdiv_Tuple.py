import torch
import torch.nn as nn


class Model(nn.Module):
    """One Adam update written with torch.lerp / addcmul / addcdiv (bias-corrected, step given):
    m' = lerp(m, g, 1 - b1), v' = b2 v + (1 - b2) g*g (addcmul), p' = addcdiv(p, m'/bc1, sqrt(v'/bc2) + eps, -lr).
    Returns (p', m', v')."""

    def __init__(self, lr, beta1, beta2, eps, step):
        super().__init__()
        self.lr, self.b1, self.b2, self.eps = lr, beta1, beta2, eps
        self.bc1 = 1 - beta1 ** step
        self.bc2 = 1 - beta2 ** step

    def forward(self, p, g, m, v):
        m2 = torch.lerp(m, g, 1 - self.b1)
        v2 = torch.addcmul(v * self.b2, g, g, value=1 - self.b2)
        denom = (v2 / self.bc2).sqrt() + self.eps
        p2 = torch.addcdiv(p, m2 / self.bc1, denom, value=-self.lr)
        return p2, m2, v2


numel_rows = 1024
numel_cols = 1000


def get_inputs():
    return [torch.randn(numel_rows, numel_cols), torch.randn(numel_rows, numel_cols) * 0.1,
            torch.randn(numel_rows, numel_cols) * 0.01, torch.rand(numel_rows, numel_cols) * 1e-3]


def get_init_inputs():
    return [1e-3, 0.9, 0.999, 1e-8, 10]
