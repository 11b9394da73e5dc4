import torch
import torch.nn as nn

# A gated convolution: Conv1d to 2 x out channels, nn.GLU(dim=1) (aten::glu after an anchor).
class Model(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv1d(cin, 2 * cout, 3, padding=1)
        self.glu = nn.GLU(dim=1)

    def forward(self, x):
        return self.glu(self.conv(x))


batch_size = 8
cin = 32
cout = 48
length = 301


def get_inputs():
    return [torch.randn(batch_size, cin, length)]


def get_init_inputs():
    return [cin, cout]
