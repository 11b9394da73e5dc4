import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Mamba-2 structured state-space duality (SSD) over chunks: segment sums (cumsum, tril mask, exp), einsums."""

    def __init__(self, batch_size, seq_length, n_heads, d_head, d_state, block_len):
        super(Model, self).__init__()
        assert seq_length % block_len == 0
        self.batch_size = batch_size
        self.seq_length = seq_length
        self.n_heads = n_heads
        self.d_head = d_head
        self.d_state = d_state
        self.block_len = block_len
        self.A = nn.Parameter(torch.randn(batch_size, seq_length, n_heads) * 0.1)
        self.B = nn.Parameter(torch.randn(batch_size, seq_length, n_heads, d_state))
        self.C = nn.Parameter(torch.randn(batch_size, seq_length, n_heads, d_state))

    def segsum(self, x):
        T = x.size(-1)
        x_cumsum = torch.cumsum(x, dim=-1)
        x_segsum = x_cumsum[..., :, None] - x_cumsum[..., None, :]
        mask = torch.tril(torch.ones(T, T, device=x.device, dtype=torch.bool), diagonal=0)
        x_segsum = x_segsum.masked_fill(~mask, -torch.inf)
        return x_segsum

    def forward(self, X):
        b, l, h, p = X.shape
        c = l // self.block_len
        X = X.reshape(b, c, self.block_len, h, p)
        A = self.A.reshape(b, c, self.block_len, h).permute(0, 3, 1, 2)   # b h c l
        B = self.B.reshape(b, c, self.block_len, h, self.d_state)
        C = self.C.reshape(b, c, self.block_len, h, self.d_state)
        A_cumsum = torch.cumsum(A, dim=-1)
        # 1. diagonal blocks
        L = torch.exp(self.segsum(A))
        Y_diag = torch.einsum("bclhn,bcshn,bhcls,bcshp->bclhp", C, B, L, X)
        # 2. intra-chunk states
        decay_states = torch.exp(A_cumsum[:, :, :, -1:] - A_cumsum)
        states = torch.einsum("bclhn,bhcl,bclhp->bchpn", B, decay_states, X)
        # 3. inter-chunk recurrence
        initial_states = torch.zeros_like(states[:, :1])
        states = torch.cat([initial_states, states], dim=1)
        decay_chunk = torch.exp(self.segsum(F.pad(A_cumsum[:, :, :, -1], (1, 0))))
        new_states = torch.einsum("bhzc,bchpn->bzhpn", decay_chunk, states)
        states = new_states[:, :-1]
        # 4. state -> output
        state_decay_out = torch.exp(A_cumsum)
        Y_off = torch.einsum("bclhn,bchpn,bhcl->bclhp", C, states, state_decay_out)
        Y = (Y_diag + Y_off).reshape(b, l, h, p)
        return Y


batch_size = 2
seq_length = 32
n_heads = 4
d_head = 8
d_state = 8
block_len = 8


def get_inputs():
    return [torch.randn(batch_size, seq_length, n_heads, d_head)]


def get_init_inputs():
    return [batch_size, seq_length, n_heads, d_head, d_state, block_len]
