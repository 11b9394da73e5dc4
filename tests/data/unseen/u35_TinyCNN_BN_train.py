import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Tiny CNN: conv-BN-ReLU-maxpool twice, then a linear head (BN in training mode)."""
    def __init__(self, num_classes):
        super(Model, self).__init__()
        self.c1 = nn.Conv2d(3, 8, 3, padding=1)
        self.b1 = nn.BatchNorm2d(8)
        self.c2 = nn.Conv2d(8, 16, 3, padding=1)
        self.b2 = nn.BatchNorm2d(16)
        self.fc = nn.Linear(16 * 4 * 4, num_classes)
    def forward(self, x):
        x = F.max_pool2d(F.relu(self.b1(self.c1(x))), 2)
        x = F.max_pool2d(F.relu(self.b2(self.c2(x))), 2)
        x = torch.flatten(x, 1)
        return self.fc(x)

batch_size = 4
num_classes = 10

def get_inputs():
    return [torch.randn(batch_size, 3, 16, 16)]

def get_init_inputs():
    return [num_classes]
