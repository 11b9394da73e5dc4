import torch
import torch.nn as nn

class MlpBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(torch.nn.functional.gelu(self.fc1(x)))

class Model(nn.Module):
    """One MLP-Mixer block: token mixing over the patch axis, channel mixing over the feature axis."""
    def __init__(self, tokens, channels):
        super().__init__()
        self.norm1 = nn.LayerNorm(channels)
        self.tok = MlpBlock(tokens, tokens * 2)
        self.norm2 = nn.LayerNorm(channels)
        self.ch = MlpBlock(channels, channels * 4)

    def forward(self, x):                       # x: [B, tokens, channels]
        y = self.norm1(x).transpose(1, 2)       # [B, channels, tokens]
        x = x + self.tok(y).transpose(1, 2)
        return x + self.ch(self.norm2(x))

B, tokens, channels = 16, 196, 256

def get_inputs():
    return [torch.randn(B, tokens, channels)]

def get_init_inputs():
    return [tokens, channels]
