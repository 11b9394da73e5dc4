import torch
import torch.nn as nn


class Model(nn.Module):
    """cat45 (issue 14): a cat of many parts, the class of a11_PPO_GAE's stack of 16 steps. A reversed Python loop
    (generalised advantage estimate) whose 12 states are stacked along dim 1 (read again by three launches: ret, the
    mean, the std), and a cat of 6 input slices (views, no producer) scaled by a per-column weight (the cat's fused
    epilogue)."""

    def __init__(self, gamma, lam):
        super().__init__()
        self.gamma, self.lam = gamma, lam
        self.w = nn.Parameter(torch.linspace(0.5, 1.5, 12))

    def forward(self, rewards, values, dones):
        T = rewards.shape[1]
        adv = []
        last = torch.zeros_like(rewards[:, 0])
        for t in reversed(range(T)):
            nonterminal = 1.0 - dones[:, t]
            delta = rewards[:, t] + self.gamma * values[:, t + 1] * nonterminal - values[:, t]
            last = delta + self.gamma * self.lam * nonterminal * last
            adv.append(last)
        adv = torch.stack(adv[::-1], dim=1)
        ret = adv + values[:, :-1]
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        pairs = torch.cat([rewards[:, 2 * k:2 * k + 2] for k in range(6)], dim=1) * self.w
        return adv, ret, pairs


envs = 96
steps = 12


def get_inputs():
    return [torch.randn(envs, steps), torch.randn(envs, steps + 1), (torch.rand(envs, steps) < 0.1).float()]


def get_init_inputs():
    return [0.99, 0.95]
