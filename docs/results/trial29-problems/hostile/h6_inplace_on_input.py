# forward writes into its input and returns it: a harness that reuses inputs across reference / kernel / timing
# calls sees different values each call.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x, y):
        x.mul_(0.5).add_(y)
        y.relu_()
        return x


def get_inputs():
    return [torch.randn(256, 256), torch.randn(256, 256)]


def get_init_inputs():
    return []
