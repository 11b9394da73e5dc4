"""What the A/B bench scripts of bench/gpu share: finding the problems, writing their kernels with kwb, loading a
kernel.py or problem by path, the budget, timing, rel_err and the device-to-device copy a memory-bound row is
measured against. Each script keeps what is its own: its problems, variants, row format and verdicts.

A script next to this file imports it as `import abharness` (Python puts the script's folder first on sys.path);
from elsewhere: sys.path.insert(0, "bench/gpu"). Nothing here imports torch or triton at import time, so a script's
--generate and --help paths run where neither is installed.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
DATA = os.path.join(ROOT, "tests", "data")
KWB = os.path.join(ROOT, "build", "dev", "app", "kwb")  # this checkout's build
MAIN_KWB = "/work/main/build/dev/app/kwb"  # main's build: the "old" kernels of an old / new A/B
# KernelBench's problems (level1..3): $KWB_KERNELBENCH, else the shared data folder beside the checkout
KB = os.environ.get("KWB_KERNELBENCH") or next(
    (d for d in ("/work/shared/data/kernelbench", os.path.join(ROOT, "..", "shared", "data", "kernelbench"))
     if os.path.isdir(d)), "/work/shared/data/kernelbench")


# ---- the command line ----

def add_generate_args(ap, kernels, old_new=False):
    """--generate DIR and --kernels DIR (default .gpu/KERNELS); with old_new, --old-kwb / --new-kwb too."""
    ap.add_argument("--generate", metavar="DIR", help="write %s and problem copies into DIR, then exit"
                    % ("old/ and new/ kernels" if old_new else "the kernels"))
    if old_new:
        ap.add_argument("--old-kwb", default=MAIN_KWB, help="main's kwb binary (the old kernels)")
        ap.add_argument("--new-kwb", default=KWB, help="this branch's kwb")
    ap.add_argument("--kernels", default=os.path.join(ROOT, ".gpu", kernels), help="the --generate folder")


def add_run_args(ap, budget, rep=None, compile_flag=False, cpu_help="fake_triton on the CPU: numbers only, no timing"):
    """--budget S, --only PREFIXES, and where given --rep MS, --no-compile, --cpu-emulated (cpu_help None: none)."""
    ap.add_argument("--budget", type=float, default=budget, help="seconds for the whole run (rows past it are skipped)")
    if rep is not None:
        ap.add_argument("--rep", type=float, default=rep, help="do_bench rep (ms)")
    ap.add_argument("--only", default="", help="comma-separated name prefixes")
    if compile_flag:
        ap.add_argument("--no-compile", action="store_true")
    if cpu_help is not None:
        ap.add_argument("--cpu-emulated", action="store_true", help=cpu_help)


def chosen(names, only):
    """names (or (name, ...) tuples) whose name starts with one of only's comma-separated prefixes; all when empty."""
    prefixes = [p for p in (only or "").split(",") if p]
    key = (lambda n: n[0] if isinstance(n, tuple) else n)
    return [n for n in names if not prefixes or any(key(n).startswith(p) for p in prefixes)]


def use_cpu_emulation(with_tests=False):
    """Puts the project's CPU emulation of Triton (tests/data/codegen/fake_triton) first on sys.path, and with_tests
    tests/python (chain_emulate's shrink) too. Call it before torch / triton are imported."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "data", "codegen", "fake_triton"))
    if with_tests:
        sys.path.insert(0, os.path.join(ROOT, "tests", "python"))


# ---- --generate ----

def analyze(kwb, src, dst, tail=200, strip=True, env=None):
    """`kwb analyze SRC --kernel-out DST --framework triton` (env: variables added to kwb's environment, e.g. a
    planner switch): (ok, "written" or "FAILED <kwb's last words>")."""
    r = subprocess.run([kwb, "analyze", src, "--kernel-out", dst, "--framework", "triton"], capture_output=True,
                       text=True, env=dict(os.environ, **(env or {})))
    ok = r.returncode == 0 and os.path.exists(dst)
    said = r.stderr or r.stdout
    return ok, "written" if ok else "FAILED " + (said.strip() if strip else said)[-tail:]


def generate_old_new(out, problems, old_kwb, new_kwb, width, tail=200):
    """For each (name, source path): DIR/problems/NAME.py (a copy), DIR/old/NAME.py and DIR/new/NAME.py (the kernels
    of the two kwb builds); one line a kernel: name, side, written or why not."""
    out = os.path.abspath(out)
    for sub in ("old", "new", "problems"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    for name, src in problems:
        shutil.copy(src, os.path.join(out, "problems", name + ".py"))
        for side, kwb in (("old", old_kwb), ("new", new_kwb)):
            _, said = analyze(kwb, src, os.path.join(out, side, name + ".py"), tail=tail, strip=False)
            print("%-*s %-4s %s" % (width, name, side, said))


# ---- the run ----

def load(path, name):
    """The module at path, imported under name (a fresh module each call: switches set on it stay on it)."""
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Budget:
    """The run's clock: left() seconds of budget (from when it was made), elapsed() since then."""

    def __init__(self, seconds, t0=None):
        self.seconds = seconds
        self.t0 = time.time() if t0 is None else t0

    def left(self):
        return self.seconds - (time.time() - self.t0)

    def elapsed(self):
        return time.time() - self.t0


def device_name(dev, emulated="cpu (fake_triton)"):
    import torch
    return torch.cuda.get_device_name() if dev == "cuda" else emulated


def inputs_on(prob, dev):
    """prob.get_inputs() made on dev (allocated there on a GPU: no host copy of large inputs)."""
    import torch
    if dev == "cuda":
        with torch.device(dev):
            return prob.get_inputs()
    return prob.get_inputs()


def bench(fn, dev, warmup, rep):
    """triton.testing.do_bench's median of fn in us; NaN off the GPU (emulated: the row's checked call was the run)."""
    if dev != "cuda":
        return float("nan")
    from triton.testing import do_bench
    return do_bench(fn, warmup=warmup, rep=rep, return_mode="median") * 1e3


def bench_graph(fn, dev):
    """(do_bench median us, do_bench_cudagraph median us) of fn: the second replays fn from a CUDA graph (GPU time,
    the host hidden); None for one that cannot be captured. (None, None) off the GPU."""
    if dev != "cuda":
        return None, None
    from triton.testing import do_bench, do_bench_cudagraph
    us = do_bench(fn, warmup=10, rep=30, return_mode="median") * 1e3
    try:
        try:
            gus = do_bench_cudagraph(fn, rep=20, return_mode="median") * 1e3
        except TypeError:  # a Triton whose do_bench_cudagraph has no return_mode
            gus = do_bench_cudagraph(fn, rep=20) * 1e3
    except Exception:  # noqa: BLE001 -- a forward that cannot be captured: its eager time stands
        gus = None
    return us, gus


def profile_kernels(fn, iters=20):
    """[(GPU us per call, launches per call, kernel name)] of fn's CUDA kernels from torch.profiler over iters calls
    (after one unprofiled call), largest first. The GPU only."""
    import torch
    from torch.profiler import ProfilerActivity, profile
    fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as p:
        for _ in range(iters):
            fn()
        torch.cuda.synchronize()
    rows = []
    for e in p.key_averages():
        t = getattr(e, "device_time_total", None)
        t = e.cuda_time_total if t is None else t
        if t > 0:
            rows.append((t / iters, e.count / iters, e.key))
    return sorted(rows, reverse=True)


def rel_err(got, want, dtype=False, nan_positions=False, exact_ints=False):
    """||got - want|| / ||want|| in float64 (a forward's tuple: its first output); inf where the shapes differ, where
    dtype and the dtypes differ, where nan_positions and the NaNs are not at the same places (then compared as 0),
    and with exact_ints, 0 / inf for integer results (argmax: the indices agree or not)."""
    import torch
    got = got[0] if isinstance(got, (tuple, list)) else got
    want = want[0] if isinstance(want, (tuple, list)) else want
    if got.shape != want.shape or (dtype and got.dtype != want.dtype):
        return float("inf")
    if exact_ints and got.dtype in (torch.int64, torch.int32):
        return 0.0 if torch.equal(got, want) else float("inf")
    g, w = got.double(), want.double()
    if nan_positions:
        if not torch.equal(torch.isnan(got), torch.isnan(want)):
            return float("inf")
        g, w = torch.nan_to_num(g, nan=0.0), torch.nan_to_num(w, nan=0.0)
    return float((g - w).norm() / w.norm().clamp_min(1e-30))


def copy_us(nbytes, dev, warmup, rep):
    """The time of a device-to-device copy of nbytes read + written (nbytes / 2 copied), the bound a memory-bound
    row is a share of; NaN off the GPU."""
    if dev != "cuda":
        return float("nan")
    import torch
    src = torch.empty(nbytes // 2, dtype=torch.uint8, device=dev)
    dst = torch.empty_like(src)
    us = bench(lambda: dst.copy_(src), dev, warmup, rep)
    del src, dst
    return us


def pct_of(copy, us):
    """ " 83.3%" (the copy's time as a share of this row's), "      -" when either is unknown (NaN)."""
    return "%6.1f%%" % (100.0 * copy / us) if copy == copy and us == us else "      -"


def times(base, us):
    """ "x1.23" (base / us), "" when either is unknown (None or NaN)."""
    return "x%.2f" % (base / us) if base is not None and base == base and us is not None and us == us else ""


def apply_settings(mod, settings, side="kernel"):
    """Sets each module switch of settings on mod; one the module lacks raises (the row would time nothing new)."""
    for k, v in (settings or {}).items():
        if not hasattr(mod, k):
            raise AttributeError("%s has no switch %s" % (side, k))
        setattr(mod, k, v)
    return mod


class Launches:
    """Counts the launches of every @triton.jit kernel of a kernel.py module while active (kernel[grid] calls)."""

    def __init__(self, mod):
        self.mod, self.count, self.saved = mod, 0, {}

    def __enter__(self):
        outer = self

        class Counting:
            def __init__(self, k):
                self.k = k

            def __getitem__(self, grid):
                outer.count += 1
                return self.k[grid]

            def __call__(self, *a, **kw):  # a jit function called from another one (inlined: no launch)
                return self.k(*a, **kw)

            def __getattr__(self, name):  # .fn, .warmup, ... of the wrapped function
                return getattr(self.k, name)

        with open(self.mod.__file__) as f:  # the names launched as name[grid] (an epilogue, passed as a constexpr,
            launched = set(re.findall(r"\b(\w+)\[", f.read()))  # stays the real JIT function)
        for name in sorted(launched & set(dir(self.mod))):
            k = getattr(self.mod, name)
            if hasattr(k, "fn") and hasattr(k, "__getitem__") and not isinstance(k, (dict, type)):  # a @triton.jit
                self.saved[name] = k
                setattr(self.mod, name, Counting(k))
        return self

    def __exit__(self, *exc):
        for name, k in self.saved.items():
            setattr(self.mod, name, k)


def planner_switch(switch):
    """A planner switch of an A/B row: "KWB_X" (on by default: the off kernel is written with KWB_X=0) or "KWB_X=V"
    (off by default: the on kernel is written with KWB_X=V) -> (off env, on env); None for a module switch. Words
    before the last ("KWB_A=1 KWB_X") are set on both sides: the A/B of a switch that acts only under another."""
    if not isinstance(switch, str) or not switch.startswith("KWB_"):
        return None
    *fixed, last = switch.split()
    both = dict(w.partition("=")[::2] for w in fixed)
    name, _, value = last.partition("=")
    return (dict(both), dict(both, **{name: value})) if value else (dict(both, **{name: "0"}), dict(both))


def switch_ab(tag, problems, doc, budget=300.0, compile_rows=False, graph_rows=False):
    """The A/B of module switches of generated kernel.py files, one process: problems holds (problem path, the switch
    its rows flip: a name, None for a control row whose kernel.py lacks it, or (name, {constant: value}) where the
    on side also sets those module constants; ("", {constant: value}): the on side sets only those constants; or a
    planner switch, "KWB_X" / "KWB_X=V" (planner_switch): two kernel.py written by kwb with the switch's two values,
    NAME.off.py and NAME.py). `--generate DIR` (CPU side): DIR/problems/NAME.py (copies) and
    DIR/kernels/NAME.py (`kwb analyze`).
    `--kernels DIR --budget S` (GPU, or --cpu-emulated): per problem the rows eager, off, on (and torch.compile with
    compile_rows, unless --no-compile), each printed as problem, variant, do_bench median us, rel_err against eager,
    x_off (off's time / this one's), launches (a forward's @triton.jit launches, counted by Launches). graph_rows:
    us is the median of the forward replayed from a CUDA graph (GPU time: a forward whose host path outlasts its
    kernels hides them from do_bench) and host_us the do_bench median after it (us falls back to it where the forward
    cannot be captured). Returns the exit status: 1 where a row failed or erred."""
    import argparse

    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    add_generate_args(ap, tag)
    ap.add_argument("--kwb", default=KWB, help="the kwb that writes the kernels (this branch's)")
    add_run_args(ap, budget, rep=40.0, compile_flag=compile_rows,
                 cpu_help="fake_triton on the CPU at the problems' own sizes")
    args = ap.parse_args()
    if args.generate:
        out = os.path.abspath(args.generate)
        for sub in ("problems", "kernels"):
            os.makedirs(os.path.join(out, sub), exist_ok=True)
        for src, _ in problems:
            name = os.path.basename(src)[:-3]
            shutil.copy(src, os.path.join(out, "problems", name + ".py"))
            envs = planner_switch(_[0] if isinstance(_, tuple) else _)  # (switch, on-side settings): its switch
            sides = [("", None)] if envs is None else [(".off", envs[0]), ("", envs[1])]
            for suffix, env in sides:
                said = analyze(args.kwb, src, os.path.join(out, "kernels", name + suffix + ".py"), env=env)[1]
                print("%-40s %s" % (name + suffix, said), flush=True)
        return 0
    if args.cpu_emulated:
        use_cpu_emulation()
    import torch
    import triton

    dev = "cpu" if args.cpu_emulated else "cuda"
    clock, bad_rows = Budget(args.budget), []

    def row(name, variant, fn, want, base=None, mod=None):
        if clock.left() < 2.0:
            print("%-34s %-13s skipped (budget)" % (name, variant), flush=True)
            return float("nan")
        try:
            with torch.no_grad():
                launches = ""
                if mod is not None:
                    with Launches(mod) as n:
                        got = fn()
                    launches = str(n.count)
                else:
                    got = fn()
                err = rel_err(got, want)
                host = ""
                if graph_rows and dev == "cuda":
                    dus, gus = bench_graph(fn, dev)
                    us, host = (gus if gus is not None else dus), " %10.1f" % dus
                else:
                    us = bench(fn, dev, 10, args.rep)
            bad = err > (1e-2 if dev == "cuda" else 1e-4)
            if bad:
                bad_rows.append((name, variant))
            print("%-34s %-13s %10.1f %10.2e %6s %8s%s%s" % (name, variant, us, err, times(base, us), launches, host,
                                                              "  BAD" if bad else ""), flush=True)
            return us
        except Exception as e:  # noqa: BLE001 -- a row says what failed; the table goes on
            bad_rows.append((name, variant))
            print("%-34s %-13s error: %s: %s" % (name, variant, type(e).__name__, str(e).strip()[-160:]), flush=True)
            return float("nan")

    print("[%s_ab] %s, torch %s, triton %s, budget %.0f s, kernels %s" % (
        tag, device_name(dev), torch.__version__, getattr(triton, "__version__", "?"), args.budget, args.kernels),
        flush=True)
    print("%-34s %-13s %10s %10s %6s %8s%s" % ("problem", "variant", "us", "rel_err", "x_off", "launches",
                                               " %10s" % "host_us" if graph_rows else ""))
    for name, switch in chosen([(os.path.basename(s)[:-3], w) for s, w in problems], args.only):
        try:
            P = load(os.path.join(args.kernels, "problems", name + ".py"), "p_" + name)
            kpath = os.path.join(args.kernels, "kernels", name + ".py")
            # switch None: a control row (a kernel.py without the switch: off and on are the same module twice);
            # (switch, settings): the on side also takes those module constants (a tile to try); "a+b" flips several
            # switches together (their combined effect beside each alone)
            sw, extra = switch if isinstance(switch, tuple) else (switch, {})
            if planner_switch(sw) is not None:  # two kernel.py, one a switch value
                off = load(os.path.join(args.kernels, "kernels", name + ".off.py"), "off_" + name)
                on = apply_settings(load(kpath, "on_" + name), extra)  # a tile to try on the switch's kernel
            else:
                names = sw.split("+") if sw else []
                off = apply_settings(load(kpath, "off_" + name), {w: False for w in names})
                on = apply_settings(load(kpath, "on_" + name), dict({w: True for w in names}, **extra))
            torch.manual_seed(0)
            ref = P.Model(*P.get_init_inputs()).to(dev).eval()
            inputs = [t.to(dev) if isinstance(t, torch.Tensor) else t for t in inputs_on(P, dev)]
            models = []
            for K in (off, on):
                m = K.ModelNew(*P.get_init_inputs()).to(dev).eval()
                m.load_state_dict(ref.state_dict(), strict=False)
                # non-persistent buffers (a RoPE's cos / sin caches) are in no state_dict: copied by name, as the
                # harness's weight sync copies them (trial 30 #1), never left at ModelNew's zeros
                own = dict(m.named_buffers())
                with torch.no_grad():
                    for bname, b in ref.named_buffers():
                        if bname in own and own[bname].shape == b.shape:
                            own[bname].copy_(b)
                models.append(m)
        except Exception as e:  # noqa: BLE001
            print("%-34s error loading: %s: %s" % (name, type(e).__name__, str(e)[-160:]), flush=True)
            bad_rows.append((name, "load"))
            continue
        if dev == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = False
        with torch.no_grad():
            want = ref(*inputs)
        if dev == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = True
        print("%-34s switch %s" % (name, ("- (control: one kernel.py twice)" if not extra else "- on with %s" % extra)
                                      if not sw else sw + ("" if not extra else " on with %s" % extra)), flush=True)
        row(name, "eager", lambda: ref(*inputs), want)
        t_off = row(name, "off", lambda: models[0](*inputs), want, mod=off)
        row(name, "on", lambda: models[1](*inputs), want, base=t_off, mod=on)
        if dev == "cuda" and compile_rows and not args.no_compile:
            comp = torch.compile(ref)
            row(name, "torch.compile", lambda: comp(*inputs), want, base=t_off)
        ref = models = inputs = want = off = on = comp = None
        if dev == "cuda":
            torch.cuda.empty_cache()
    print("[%s_ab] %.1f s; %s" % (tag, clock.elapsed(), "BAD rows: %s" % bad_rows if bad_rows else "every row checked"),
          flush=True)
    return 1 if bad_rows else 0
