import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A VAE step as written in a tutorial: encoder MLP -> (mu, logvar), reparameterised sample with the noise
    passed in (so the result is deterministic), decoder MLP with a sigmoid, and the KL term averaged over the
    batch. Returns a tuple (reconstruction, kl)."""

    def __init__(self, in_dim, hidden, latent):
        super().__init__()
        self.enc = nn.Linear(in_dim, hidden)
        self.mu = nn.Linear(hidden, latent)
        self.logvar = nn.Linear(hidden, latent)
        self.dec1 = nn.Linear(latent, hidden)
        self.dec2 = nn.Linear(hidden, in_dim)

    def forward(self, x, eps):
        h = F.relu(self.enc(x))
        mu = self.mu(h)
        logvar = self.logvar(h)
        std = torch.exp(0.5 * logvar)
        z = mu + eps * std
        recon = torch.sigmoid(self.dec2(F.relu(self.dec1(z))))
        kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=1)
        return recon, kl.mean()


batch = 512
in_dim = 784
hidden = 400
latent = 20


def get_inputs():
    return [torch.rand(batch, in_dim), torch.randn(batch, latent)]


def get_init_inputs():
    return [in_dim, hidden, latent]
