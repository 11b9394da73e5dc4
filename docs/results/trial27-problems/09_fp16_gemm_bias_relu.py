import torch
import torch.nn as nn

# fp16 GEMM with a bias + ReLU epilogue (an inference Linear layer).
class Model(nn.Module):
    def __init__(self, k, n):
        super().__init__()
        self.fc = nn.Linear(k, n)
        self.half()

    def forward(self, x):
        return torch.relu(self.fc(x))

M, K, N = 2048, 1024, 4096

def get_inputs():
    return [torch.randn(M, K, dtype=torch.float16)]

def get_init_inputs():
    return [K, N]
