"""A FlyDSL kernel demo (read statically; flydsl is not imported)."""
import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def relu_kernel(x: fx.Tensor, out: fx.Tensor, n: fx.Int32):
    i = fx.block_idx.x * 256 + fx.thread_idx.x
    out[i] = fx.maximum(x[i], 0.0)


@flyc.jit
def relu(x: fx.Tensor, out: fx.Tensor, n: fx.Int32):
    relu_kernel(x, out, n).launch(grid=(n // 256, 1, 1), block=(256, 1, 1))
