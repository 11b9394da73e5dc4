import torch
import torch.nn as nn


class Model(nn.Module):
    """Conformer convolution module: LayerNorm, transpose to [B, C, T], pointwise conv to 2C, GLU over channels,
    depthwise conv1d k=31 'same', BatchNorm1d (eval), SiLU, pointwise conv, dropout (eval), residual."""

    def __init__(self, dim, kernel_size):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.pw1 = nn.Conv1d(dim, 2 * dim, 1)
        self.glu = nn.GLU(dim=1)
        self.dw = nn.Conv1d(dim, dim, kernel_size, padding=(kernel_size - 1) // 2, groups=dim)
        self.bn = nn.BatchNorm1d(dim)
        self.act = nn.SiLU()
        self.pw2 = nn.Conv1d(dim, dim, 1)
        self.drop = nn.Dropout(0.1)
        self.eval()

    def forward(self, x):
        y = self.norm(x).transpose(1, 2)
        y = self.glu(self.pw1(y))
        y = self.act(self.bn(self.dw(y)))
        y = self.drop(self.pw2(y))
        return x + y.transpose(1, 2)


batch = 8
time = 500
dim = 256


def get_inputs():
    return [torch.randn(batch, time, dim)]


def get_init_inputs():
    return [dim, 31]
