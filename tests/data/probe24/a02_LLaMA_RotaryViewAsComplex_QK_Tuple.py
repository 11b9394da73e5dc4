import torch
import torch.nn as nn


class Model(nn.Module):
    """Original LLaMA apply_rotary_emb: q / k viewed as complex pairs (view_as_complex), multiplied by a complex
    freqs_cis buffer (torch.complex(cos, sin) at init; the polar form, which torch 1.13 cannot trace on meta, is
    extra/e01), back with view_as_real + flatten, cast to the input dtype.
    Returns (q_rot, k_rot)."""

    def __init__(self, head_dim, max_seq, theta):
        super().__init__()
        freqs = 1.0 / (theta ** (torch.arange(0, head_dim, 2).float() / head_dim))
        t = torch.arange(max_seq).float()
        freqs = torch.outer(t, freqs)
        self.register_buffer("freqs_cis", torch.complex(torch.cos(freqs), torch.sin(freqs)))

    def forward(self, q, k):
        seq = q.shape[1]
        qc = torch.view_as_complex(q.float().reshape(*q.shape[:-1], -1, 2))
        kc = torch.view_as_complex(k.float().reshape(*k.shape[:-1], -1, 2))
        f = self.freqs_cis[:seq].view(1, seq, 1, -1)
        qo = torch.view_as_real(qc * f).flatten(3)
        ko = torch.view_as_real(kc * f).flatten(3)
        return qo.type_as(q), ko.type_as(k)


batch = 4
seq_len = 512
heads = 16
head_dim = 128


def get_inputs():
    return [torch.randn(batch, seq_len, heads, head_dim), torch.randn(batch, seq_len, heads, head_dim)]


def get_init_inputs():
    return [head_dim, 2048, 10000.0]
