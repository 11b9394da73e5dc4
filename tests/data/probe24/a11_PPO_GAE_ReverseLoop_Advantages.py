import torch
import torch.nn as nn


class Model(nn.Module):
    """PPO's generalised advantage estimate as RL code writes it: a reversed Python loop over time,
    delta_t = r_t + gamma v_{t+1} (1 - done_t) - v_t, A_t = delta_t + gamma lambda (1 - done_t) A_{t+1};
    returns (advantages normalised over the whole batch, returns = A + v)."""

    def __init__(self, gamma, lam):
        super().__init__()
        self.gamma, self.lam = gamma, lam

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
        return adv, ret


envs = 2048
steps = 16


def get_inputs():
    return [torch.randn(envs, steps), torch.randn(envs, steps + 1), (torch.rand(envs, steps) < 0.05).float()]


def get_init_inputs():
    return [0.99, 0.95]
