# Chain-planner test problem (not KernelBench): token plus position embeddings (GPT-2's wte(ids) + wpe(arange(T)))
# at a small size (session 34, cute34): two F.embedding gathers, one of a torch.arange of the sequence length, and
# the pointwise sum; the CuTe DSL's gather and fill stages. ids are int64 and may repeat.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, vocab, max_pos, dim):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.wpe = nn.Embedding(max_pos, dim)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        return self.wte(ids) + self.wpe(pos)


batch = 3
seq = 9
vocab = 40
max_pos = 16
dim = 20


def get_inputs():
    return [torch.randint(0, vocab, (batch, seq))]


def get_init_inputs():
    return [vocab, max_pos, dim]
