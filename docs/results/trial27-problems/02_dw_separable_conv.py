import torch
import torch.nn as nn

# MobileNet-style depthwise-separable block: dw 3x3 -> BN -> ReLU6 -> pw 1x1 -> BN -> ReLU6 (eval-mode BN).
class Model(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.dw = nn.Conv2d(cin, cin, 3, padding=1, groups=cin, bias=False)
        self.bn1 = nn.BatchNorm2d(cin)
        self.pw = nn.Conv2d(cin, cout, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.act = nn.ReLU6(inplace=True)
        self.eval()

    def forward(self, x):
        x = self.act(self.bn1(self.dw(x)))
        return self.act(self.bn2(self.pw(x)))

N, C, H, W, COUT = 8, 32, 56, 56, 64

def get_inputs():
    return [torch.randn(N, C, H, W)]

def get_init_inputs():
    return [C, COUT]
