#!/usr/bin/env bash
# Renders norm41's A/B folder (docs/results/2026-12-06-norm41.md): old/ = kwb's Triton kernels of probs/ as planned by
# default, new/ = the same under KWB_ROWS_APPLY_PLAN=1 (row statistics and their apply as one kwb_rows launch). ab.py
# toggles the stage's kwb_rows_cols (column tiles over the contiguous inner dim) inside each kernel module.
# usage: KWB=build/dev/app/kwb bash bench/gpu/norm41_ab/render.sh OUT_DIR; then python3 OUT_DIR/ab.py --budget 45
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$1"
mkdir -p "$out/old" "$out/new"
cp -r "$here/ab.py" "$here/probs" "$out/"
for n in ln_cf rms_cf seq3d gn_hand; do
  "${KWB:-kwb}" analyze "$here/probs/$n.py" --gpu H200 --kernel-out "$out/old/$n.py" --framework triton >/dev/null
  KWB_ROWS_APPLY_PLAN=1 "${KWB:-kwb}" analyze "$here/probs/$n.py" --gpu H200 --kernel-out "$out/new/$n.py" \
    --framework triton >/dev/null
done
