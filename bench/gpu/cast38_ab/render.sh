#!/bin/sh
# Renders the A/B's old and new kernel.py (old: KWB_LOAD_CASTS=0, main's plans; new: the default) beside ab.py.
# usage: bench/gpu/cast38_ab/render.sh [KWB]   (from the repo root; then: cd bench/gpu && python3 cast38_ab/ab.py)
set -e
KWB=${1:-build/dev/app/kwb}
D=$(dirname "$0")
mkdir -p "$D/old" "$D/new"
for p in "$D"/problems/*.py; do
  n=$(basename "$p" .py)
  KWB_LOAD_CASTS=0 "$KWB" analyze "$p" --gpu H200 --kernel-out "$D/old/$n.py" --framework triton >/dev/null
  "$KWB" analyze "$p" --gpu H200 --kernel-out "$D/new/$n.py" --framework triton >/dev/null
done
