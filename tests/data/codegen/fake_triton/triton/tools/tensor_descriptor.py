"""triton.tools.tensor_descriptor on torch CPU tensors (see triton/__init__.py: a test fixture, not Triton).

A host TMA descriptor: the real one's checks (16-byte base and strides, contiguous last dim, rank <= 5,
power-of-two blocks) and cuTensorMapEncodeTiled's limits (dims, strides, box) raise here too, so a kernel's alignment rules are exercised; load zero-fills the
part of a block outside `shape` and store drops it, as TMA does.
"""
import torch


def _blocks_ok(block_shape):
    return all(b > 0 and (b & (b - 1)) == 0 for b in block_shape)


# cuTensorMapEncodeTiled's limits (CUDA driver API; past them it answers CUDA_ERROR_INVALID_VALUE, which Triton's
# launcher reports as "Triton Error [CUDA]: invalid argument"): every dim 1 .. 2^32, every stride (bytes) under 2^40,
# every box dim 1 .. 256, the box's inner row a multiple of 16 bytes.
DIM_MAX = 2 ** 32
STRIDE_BYTES_MAX = 2 ** 40
BOX_MAX = 256


def _check_encode(shape, strides, block_shape, es):
    for i, n in enumerate(shape):
        if not 1 <= int(n) <= DIM_MAX:
            raise ValueError("fake Triton: TMA descriptor dim %d is %d (1 .. 2^32: cuTensorMapEncodeTiled refuses "
                             "it, 'invalid argument')" % (i, int(n)))
    for i, st in enumerate(strides[:-1]):
        if int(st) * es >= STRIDE_BYTES_MAX:
            raise ValueError("fake Triton: TMA descriptor stride %d is %d bytes (under 2^40)" % (i, int(st) * es))
    for i, b in enumerate(block_shape):
        if not 1 <= int(b) <= BOX_MAX:
            raise ValueError("fake Triton: TMA block dim %d is %d (1 .. 256)" % (i, int(b)))
    if (int(block_shape[-1]) * es) % 16:
        raise ValueError("fake Triton: a TMA block's last dim is %d bytes (a multiple of 16)" % (int(block_shape[-1]) * es))


class TensorDescriptor:
    def __init__(self, base, shape, strides, block_shape, padding="zero"):
        rank = len(shape)
        assert len(strides) == rank and len(block_shape) == rank and 0 < rank <= 5, "rank mismatch"
        assert base.data_ptr() % 16 == 0, "base must be 16-byte aligned"
        assert _blocks_ok(block_shape), "block shape must be powers of two: %s" % (block_shape,)
        es = base.element_size()
        for s in strides[:-1]:
            assert (s * es) % 16 == 0, "strides must be 16-byte aligned"
        assert strides[-1] == 1, "Last dimension must be contiguous"
        assert padding == "zero", "only zero padding is emulated"
        _check_encode(shape, strides, block_shape, es)
        self.shape = [int(v) for v in shape]
        self.strides = [int(v) for v in strides]
        self.block_shape = [int(v) for v in block_shape]
        self.dtype = base.dtype
        # the described elements, as a strided view of base's storage (shape may exceed base's own)
        self.view = torch.as_strided(base, self.shape, self.strides, base.storage_offset())

    @staticmethod
    def from_tensor(tensor, block_shape, padding="zero"):
        return TensorDescriptor(tensor, list(tensor.shape), list(tensor.stride()), block_shape, padding)

    # --- device side (desc.load / desc.store inside a kernel) ---
    def _region(self, offsets):
        """The in-bounds part of the block at offsets (which may be negative or past the end, as TMA
        coordinates may: the rest is zero-filled on load and dropped on store): (tensor slices, block slices)."""
        offs = [int(o) for o in offsets]
        assert len(offs) == len(self.shape), "descriptor rank %d, %d offsets" % (len(self.shape), len(offs))
        src, dst = [], []
        for o, b, n in zip(offs, self.block_shape, self.shape):
            lo, hi = max(o, 0), max(min(o + b, n), max(o, 0))
            src.append(slice(lo, hi))
            dst.append(slice(lo - o, hi - o))
        return tuple(src), tuple(dst)

    def load(self, offsets):
        out = torch.zeros(self.block_shape, dtype=self.dtype)
        src, dst = self._region(offsets)
        if all(s.stop > s.start for s in src):
            out[dst] = self.view[src]
        return out

    def store(self, offsets, value):
        value = torch.as_tensor(value)
        assert list(value.shape) == self.block_shape, "store of %s into a %s block" % (
            list(value.shape), self.block_shape)
        src, dst = self._region(offsets)
        if all(s.stop > s.start for s in src):
            self.view[src] = value[dst].to(self.dtype)
