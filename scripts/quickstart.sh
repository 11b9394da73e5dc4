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
cmake --build --preset release
kwb="$here/build/release/app/kwb"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -z "${CI:-}" ]; then
  exec "$here/build/release/app/kernel-workbench" examples/19_ReLU.py
fi
ws="${KWB_QUICKSTART_WORKSPACE:-$here/build/kernel_opt_19_ReLU}"
rm -rf "$ws"
if command -v nvidia-smi >/dev/null 2>&1 && python3 -c 'import triton, torch; assert torch.cuda.is_available()' 2>/dev/null; then
  "$kwb" baseline examples/19_ReLU.py --gpu "${KWB_GPU:-H200}" --framework triton --workspace "$ws"
else
  echo "No CUDA GPU with Triton here: running the CPU dry run (the reference on the CPU, reduced shapes)."
  "$kwb" baseline examples/19_ReLU.py --gpu "${KWB_GPU:-H200}" --framework triton --workspace "$ws" --cpu-dry-run
fi
echo "Workspace: $ws (baseline_report.md, memory/v0.json, git log)"
