#!/usr/bin/env bash
# Quick start, step 1: install the dependencies, build, and run the main job on the bundled example
# (examples/19_ReLU.py). With a display: the GUI opens on it. Without one: `kwb baseline` headless —
# on a machine with an NVIDIA GPU and Triton, a real V0 run; otherwise a CPU dry run (the PyTorch
# reference on the CPU at reduced shapes, never presented as a kernel measurement).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
bash scripts/deps-debian.sh
cmake --preset release >/dev/null
cmake --build --preset release --target kwb kernel-workbench
kwb="$here/build/release/app/kwb"
# The knowledge tools read the workplace's shared data (gpu-wiki store, CuTe DSL API tables) when present.
if [ -z "${KWB_SHARED_DIR:-}" ] && [ -d "$here/../shared/data" ]; then export KWB_SHARED_DIR="$here/../shared"; fi
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -z "${CI:-}" ]; then
  exec "$here/build/release/app/kernel-workbench" examples/19_ReLU.py
fi
ws="${KWB_QUICKSTART_WORKSPACE:-$here/build/kernel_opt_19_ReLU}"
# A second run regenerates the example workspace; files you edited in it are kept (--force keeps edits).
force=""
if [ -d "$ws/.kwb" ]; then force="--force"; fi
if command -v nvidia-smi >/dev/null 2>&1 && python3 -c 'import triton, torch; assert torch.cuda.is_available()' 2>/dev/null; then
  "$kwb" baseline examples/19_ReLU.py --gpu "${KWB_GPU:-H200}" --framework triton --workspace "$ws" $force
else
  echo "No CUDA GPU with Triton here: running the CPU dry run (the reference on the CPU, reduced shapes)."
  "$kwb" baseline examples/19_ReLU.py --gpu "${KWB_GPU:-H200}" --framework triton --workspace "$ws" --cpu-dry-run $force
fi
echo "Workspace: $ws (baseline_report.md, memory/v0.json, git log)"
echo "Programs: $here/build/release/app/kwb (headless) and $here/build/release/app/kernel-workbench (GUI)"
