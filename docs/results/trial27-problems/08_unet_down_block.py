import torch
import torch.nn as nn
import torch.nn.functional as F

# A diffusion-UNet down block: (conv3x3 -> GroupNorm(8) -> SiLU) x2 with a 1x1 skip, then 2x2 max pool.
class Model(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.c1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.n1 = nn.GroupNorm(8, cout)
        self.c2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.n2 = nn.GroupNorm(8, cout)
        self.skip = nn.Conv2d(cin, cout, 1)

    def forward(self, x):
        h = F.silu(self.n1(self.c1(x)))
        h = F.silu(self.n2(self.c2(h)))
        return F.max_pool2d(h + self.skip(x), 2)

N, CIN, COUT, H, W = 4, 32, 64, 64, 64

def get_inputs():
    return [torch.randn(N, CIN, H, W)]

def get_init_inputs():
    return [CIN, COUT]
