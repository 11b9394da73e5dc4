# Chain-planner test problem (not KernelBench): a focal loss written by hand: log_softmax, the target's entry of
# each row by logp.gather(1, target[:, None]), (1 - p)^gamma weighting and a mean.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, gamma):
        super().__init__()
        self.gamma = gamma

    def forward(self, logits, target):
        logp = torch.log_softmax(logits, dim=1)
        logp_t = logp.gather(1, target.unsqueeze(1)).squeeze(1)
        return (-(1.0 - logp_t.exp()) ** self.gamma * logp_t).mean()


def get_inputs():
    return [torch.randn(70, 19), torch.randint(0, 19, (70,))]


def get_init_inputs():
    return [2.0]
