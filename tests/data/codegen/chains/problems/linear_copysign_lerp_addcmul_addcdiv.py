import torch
import torch.nn as nn


class Model(nn.Module):
    """probe23: copysign, lerp, addcmul, addcdiv in the pointwise lowering, after a Linear: the sign from a parameter
    (one entry -0.0, one +0.0), lerp toward an input by a per-feature weight on both sides of 0.5 (and 1.0), then
    addcmul / addcdiv with value=."""

    def __init__(self, fin, fout):
        super().__init__()
        self.fc = nn.Linear(fin, fout)
        sgn = torch.randn(fout)
        sgn[0], sgn[1] = -0.0, 0.0
        self.sgn = nn.Parameter(sgn)
        w = torch.rand(fout)
        w[2] = 1.0
        self.w = nn.Parameter(w)

    def forward(self, x, z):
        y = self.fc(x)
        s = torch.copysign(y, self.sgn)
        l = torch.lerp(s, z, self.w)
        o = torch.addcmul(l, z, y, value=-0.3)
        return torch.addcdiv(o, z, y.abs() + 1.0, value=0.5)


batch = 20
fin = 48
fout = 40


def get_inputs():
    return [torch.randn(batch, fin), torch.randn(batch, fout)]


def get_init_inputs():
    return [fin, fout]
