# Log-mel front end: power spectrogram x mel filterbank, log, per-utterance mean/var normalisation (fp32).
import torch, torch.nn as nn
B, F_, T, M = 16, 201, 3000, 80
class Model(nn.Module):
    def __init__(self, nfreq, nmel):
        super().__init__()
        self.register_buffer('fb', torch.rand(nfreq, nmel) / nfreq)
    def forward(self, spec):          # spec: [B, T, F] power
        mel = torch.matmul(spec, self.fb)
        logmel = torch.log(mel + 1e-6)
        mu = logmel.mean(dim=1, keepdim=True)
        sd = logmel.std(dim=1, keepdim=True)
        return (logmel - mu) / (sd + 1e-5)
def get_inputs():
    return [torch.rand(B, T, F_)]
def get_init_inputs():
    return [F_, M]
