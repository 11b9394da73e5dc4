# Masked mean pooling with an int64 0/1 attention mask (as Hugging Face tokenizers return it).
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, keep):
        return (x * keep.unsqueeze(-1).to(x.dtype)).sum(dim=1) / keep.sum(dim=1, keepdim=True).clamp_min(1)

def get_inputs():
    return [torch.randn(8, 77, 48), torch.randint(0, 2, (8, 77), dtype=torch.int64)]

def get_init_inputs():
    return []
