"""triton.tools.tensor_descriptor on torch CPU tensors (a test fixture, not Triton): a host-side TMA
descriptor whose load reads one block_shape box at element offsets, zero outside the tensor (as TMA fills)."""
import torch


class TensorDescriptor:
    def __init__(self, base, shape, strides, block_shape):
        self.base = torch.as_strided(base, tuple(shape), tuple(strides))
        self.shape, self.strides, self.block_shape = list(shape), list(strides), list(block_shape)

    @staticmethod
    def from_tensor(tensor, block_shape):
        return TensorDescriptor(tensor, tensor.shape, tensor.stride(), block_shape)

    def load(self, offsets):
        out = torch.zeros(self.block_shape, dtype=self.base.dtype)
        src, dst = [], []
        for o, b, n in zip((int(v) for v in offsets), self.block_shape, self.shape):
            lo, hi = max(o, 0), min(o + b, n)
            if hi <= lo:
                return out
            src.append(slice(lo, hi))
            dst.append(slice(lo - o, hi - o))
        out[tuple(dst)] = self.base[tuple(src)]
        return out
