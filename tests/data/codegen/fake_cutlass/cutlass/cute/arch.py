"""cute.arch for the CPU emulation: the current thread's indices, set by the launch loop."""
_now = ((0, 0, 0), (0, 0, 0))


def thread_idx():
    return _now[0]


def block_idx():
    return _now[1]
