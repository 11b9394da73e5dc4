import torch
import torch.nn as nn


class Model(nn.Module):
    """A 1-D dense block in the nested style: a stem convolution, then per layer x = torch.cat([x, conv(relu(bn(x)))],
    1) -- every cat's parts the previous cat and one new convolution (a second member of the growing-cat class beside
    tests/data/unseen3/v02_DenseNet_DenseBlock's flat features list; its stem output, a convolution part, is also read
    by the first layer's batch norm)."""

    def __init__(self, cin, c0, growth, layers):
        super(Model, self).__init__()
        self.stem = nn.Conv1d(cin, c0, kernel_size=3, padding=1)
        self.norms = nn.ModuleList([nn.BatchNorm1d(c0 + i * growth) for i in range(layers)])
        self.convs = nn.ModuleList([nn.Conv1d(c0 + i * growth, growth, kernel_size=3, padding=1, bias=False)
                                    for i in range(layers)])

    def forward(self, x):
        x = self.stem(x)
        for bn, conv in zip(self.norms, self.convs):
            x = torch.cat([x, conv(torch.relu(bn(x)))], 1)
        return x


batch_size = 3
cin = 5
c0 = 12
growth = 6
layers = 3
length = 40


def get_inputs():
    return [torch.randn(batch_size, cin, length)]


def get_init_inputs():
    return [cin, c0, growth, layers]
