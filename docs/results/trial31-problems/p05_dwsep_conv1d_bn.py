# Depthwise-separable 1-D conv block (QuartzNet/Conformer style) with BatchNorm in eval and ReLU, fp16.
import torch, torch.nn as nn
B, C, L, K, CO = 16, 256, 2048, 33, 256
class Model(nn.Module):
    def __init__(self, c, co, k):
        super().__init__()
        self.dw = nn.Conv1d(c, c, k, padding=k // 2, groups=c, bias=False)
        self.pw = nn.Conv1d(c, co, 1, bias=False)
        self.bn = nn.BatchNorm1d(co)
        self.eval()
    def forward(self, x):
        return torch.relu(self.bn(self.pw(self.dw(x))))
def get_inputs():
    return [torch.randn(B, C, L, dtype=torch.float16)]
def get_init_inputs():
    return [C, CO, K]
